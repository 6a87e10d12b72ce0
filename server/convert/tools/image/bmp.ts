// BMP output, which libvips cannot write: 24-bit BI_RGB rows, bottom-up, padded to four bytes.
// Transparency has no place in such a file, so it is flattened onto white first.
import type { Sharp } from 'sharp';

const FILE_HEADER_BYTES = 14;
const INFO_HEADER_BYTES = 40;
const PIXELS_PER_METRE_AT_72_DPI = 2835;

export async function encodeBmp(image: Sharp): Promise<Buffer> {
  const { data, info } = await image.flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixelOffset = FILE_HEADER_BYTES + INFO_HEADER_BYTES;
  const bmp = Buffer.alloc(pixelOffset + rowBytes * height);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(pixelOffset, 10);
  bmp.writeUInt32LE(INFO_HEADER_BYTES, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(24, 28);
  bmp.writeUInt32LE(rowBytes * height, 34);
  bmp.writeInt32LE(PIXELS_PER_METRE_AT_72_DPI, 38);
  bmp.writeInt32LE(PIXELS_PER_METRE_AT_72_DPI, 42);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      bmp[row + x * 3] = data[from + 2];
      bmp[row + x * 3 + 1] = data[from + 1];
      bmp[row + x * 3 + 2] = data[from];
    }
  }
  return bmp;
}
