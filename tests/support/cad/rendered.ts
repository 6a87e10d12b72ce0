// Readers of what the CAD rendering tools write, independent of the writers: pdftotext/pdfinfo for
// PDF, Python's zipfile and ElementTree for DWFx (check-opc.py), sharp for pictures; and the
// comparison of our 2004_Text.dwg picture with AutoCAD's screenshot of it (2004_Text.jpg).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { DEBIAN_PYTHON } from './drawings';

export const pdfRawText = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
export const pdfPageCount = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

export interface OpcReport {
  parts: string[];
  uncovered: string[];
  unresolved: string[];
  unparsed: string[];
  roots: string[];
  pages: { name: string; root: string; paths: number; glyphs: number; text: string; fonts: string[] }[];
}

export function checkOpc(file: string): OpcReport {
  return JSON.parse(execFileSync(DEBIAN_PYTHON, [path.join(__dirname, 'check-opc.py'), file], { encoding: 'utf8' })) as OpcReport;
}

/** Share of a picture's pixels that differ from its background (ink). */
export async function inkShare(file: string | Buffer, background: 'white' | 'black' = 'white'): Promise<number> {
  const { data } = await sharp(file).flatten({ background }).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (const v of data) if (background === 'white' ? v < 200 : v > 55) ink++;
  return ink / data.length;
}

interface InkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box around a picture's ink: bright pixels on a dark picture, or dark on a light one. */
async function inkBox(file: string | Buffer, bright: boolean, threshold: number): Promise<InkBox> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const v = data[y * info.width + x]!;
      if (bright ? v > threshold : v < 255 - threshold) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  if (maxX < 0) throw new Error('no ink');
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Ink per column of the box, the box resized to `width` × `height`, smoothed over three columns. */
async function columnInk(file: string | Buffer, box: InkBox, bright: boolean, width: number, height: number): Promise<number[]> {
  const { data } = await sharp(file).greyscale().extract(box).resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const columns = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) columns[x]! += bright ? data[y * width + x]! : 255 - data[y * width + x]!;
  return columns.map((_, i) => (columns[i - 1] ?? columns[i]!) + columns[i]! + (columns[i + 1] ?? columns[i]!));
}

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [num, da, db] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/**
 * How our picture of a one-line text drawing matches a reference screenshot (light text on
 * AutoCAD's dark screen): the aspect of the text's ink box, and the correlation of ink per column
 * along the line (words and gaps in the same places) after both boxes are brought to one size.
 */
export async function textLineMatch(ours: string | Buffer, reference: string): Promise<{ aspectRatio: number; correlation: number }> {
  // The screenshot's grid and axes stay below 150 grey; its text is near white.
  const refBox = await inkBox(reference, true, 150);
  const ourBox = await inkBox(ours, false, 128);
  const [width, height] = [refBox.width, refBox.height];
  const a = await columnInk(reference, refBox, true, width, height);
  const b = await columnInk(ours, ourBox, false, width, height);
  return { aspectRatio: ourBox.width / ourBox.height / (refBox.width / refBox.height), correlation: correlation(a, b) };
}

/** A picture's ink (pixels darker than 200 on white) as a mask, the picture brought to width × height. */
async function inkMask(file: string, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(file).flatten({ background: 'white' }).greyscale().resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return Uint8Array.from(data, (v) => (v < 200 ? 1 : 0));
}

/** The mask grown by `radius` pixels each way (a square neighbourhood). */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (mask[y * width + x]) for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++) rows[y * width + dx] = 1;
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (rows[y * width + x]) for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) out[dy * width + x] = 1;
  return out;
}

/**
 * How two pictures of one drawing agree: the share of each one's ink that has ink of the other
 * within `radius` pixels, the smaller of the two (1 when every stroke of each lies on the other).
 * The second picture is brought to the first one's size.
 */
export async function inkOverlap(a: string, b: string, radius = 2): Promise<{ overlap: number; aInk: number; bInk: number }> {
  const { width, height } = await sharp(a).metadata();
  const [ma, mb] = [await inkMask(a, width!, height!), await inkMask(b, width!, height!)];
  const [da, db] = [dilate(ma, width!, height!, radius), dilate(mb, width!, height!, radius)];
  let [aInk, bInk, aCovered, bCovered] = [0, 0, 0, 0];
  for (let i = 0; i < ma.length; i++) {
    if (ma[i]) (aInk++, db[i] && aCovered++);
    if (mb[i]) (bInk++, da[i] && bCovered++);
  }
  return { overlap: Math.min(aCovered / Math.max(aInk, 1), bCovered / Math.max(bInk, 1)), aInk, bInk };
}
