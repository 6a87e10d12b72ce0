// ICO output (PNG-in-ICO, read by Windows Vista and later and by every browser): the picture
// centred on a transparent square at each standard icon size up to its own size (at most 256).
import sharp, { type Sharp } from 'sharp';

const ICON_SIZES = [16, 32, 48, 64, 128, 256];
const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

export async function encodeIco(image: Sharp): Promise<Buffer> {
  const source = await image.png().toBuffer({ resolveWithObject: true });
  const largest = Math.max(source.info.width, source.info.height);
  const sizes = ICON_SIZES.filter((size) => size <= largest);
  if (sizes.length === 0) sizes.push(ICON_SIZES[0]);
  const pngs = await Promise.all(
    sizes.map((size) =>
      sharp(source.data)
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
    ),
  );
  const header = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES * sizes.length);
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const entry = HEADER_BYTES + ENTRY_BYTES * i;
    header[entry] = size % 256; // 0 stands for 256
    header[entry + 1] = size % 256;
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(pngs[i].length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += pngs[i].length;
  });
  return Buffer.concat([header, ...pngs]);
}
