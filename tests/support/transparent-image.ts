// A PDF with a soft-masked image (issue 14 item 6) and the check that an extracted copy kept its
// transparency. pdf-lib's embedPng stores a PNG's alpha as the image's /SMask and the colours as
// they are in the PNG: a red circle drawn on a transparent canvas has black under the transparent
// corners, so a copy that lost the mask shows them black.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const exec = promisify(execFile);

export const CIRCLE_SIDE = 120;

/** One A4 page: a line of text and a red circle on a transparent square, drawn 240 pt wide. */
export async function softMaskPdf(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CIRCLE_SIDE}" height="${CIRCLE_SIDE}"><circle cx="60" cy="60" r="50" fill="#ff0000"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('A red circle on a transparent background.', { x: 72, y: 760, size: 14, font });
  page.drawImage(await doc.embedPng(png), { x: 177, y: 400, width: 240, height: 240 });
  return doc.save();
}

/**
 * The picture is the circle with its transparency: an alpha channel, the corner fully transparent
 * (not black), the centre opaque red. Read by sharp as raw pixels, whatever size it was saved at.
 */
export async function expectTransparentCircle(picture: Buffer): Promise<void> {
  const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x + 1) * 4));
  expect(pixel(0, 0)[3]).toBe(0);
  expect(pixel(info.width - 1, info.height - 1)[3]).toBe(0);
  const [r, g, b, a] = pixel(Math.floor(info.width / 2), Math.floor(info.height / 2));
  expect(a).toBe(255);
  expect(r).toBeGreaterThan(240);
  expect(g + b).toBeLessThan(20);
}

/** Names of an archive's entries and one entry's bytes, by the unzip program (no code of ours). */
export async function zipEntryNames(file: string): Promise<string[]> {
  const { stdout } = await exec('unzip', ['-Z1', file]);
  return stdout.split('\n').filter(Boolean);
}

export async function zipEntry(file: string, name: string): Promise<Buffer> {
  const { stdout } = await exec('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
