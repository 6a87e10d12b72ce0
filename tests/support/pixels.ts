// Pictures compared with what they should show: a PDF page as poppler draws it (pdftoppm, a
// renderer that shares no code with mutool or LibreOffice), read in grey by sharp, and a measure
// of how far one picture is from another that a blank page cannot pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

export interface Grey {
  width: number;
  height: number;
  /** One byte per pixel, row by row; transparency laid on white. */
  data: Buffer;
}

/** A picture (file, bytes or a sharp pipeline) in grey, transparency laid on white. */
export async function greyPixels(input: string | Buffer | Sharp): Promise<Grey> {
  const image = typeof input === 'string' || Buffer.isBuffer(input) ? sharp(input) : input;
  const { data, info } = await image.flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The mean red, green and blue of a picture (file or bytes). */
export async function meanColour(input: string | Buffer): Promise<[number, number, number]> {
  const [r, g, b] = (await sharp(input).removeAlpha().stats()).channels.map((channel) => channel.mean);
  return [r!, g!, b!];
}

const drawnDocuments = new Map<string, Promise<Grey[]>>();

/**
 * Page `page` (1-based) of a PDF as pdftoppm draws it at `dpi`, in grey. The whole document is
 * drawn by one pdftoppm run and kept for the next page asked of the same file (same size and time).
 */
export async function popplerPage(pdf: string, page: number, dpi: number, password?: string): Promise<Grey> {
  const { size, mtimeMs } = statSync(pdf);
  const key = JSON.stringify([pdf, size, mtimeMs, dpi, password]);
  if (!drawnDocuments.has(key)) drawnDocuments.set(key, popplerPages(pdf, dpi, password));
  const pages = await drawnDocuments.get(key)!;
  if (!pages[page - 1]) throw new Error(`${pdf} has no page ${page} (poppler drew ${pages.length})`);
  return pages[page - 1]!;
}

async function popplerPages(pdf: string, dpi: number, password?: string): Promise<Grey[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'poppler-pages-'));
  try {
    execFileSync('pdftoppm', [...(password ? ['-upw', password] : []), '-png', '-gray', '-r', String(dpi), pdf, path.join(dir, 'page')]);
    // page-1.png …, the number zero-padded to the page count's width: name order is page order.
    return await Promise.all(readdirSync(dir).sort().map((name) => greyPixels(path.join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The part of a grey picture `width` × `height` pixels from (`left`, `top`). */
export function region(picture: Grey, left: number, top: number, width: number, height: number): Grey {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) picture.data.copy(data, y * width, (top + y) * picture.width + left, (top + y) * picture.width + left + width);
  return { width, height, data };
}

/**
 * A grey picture blurred (Gaussian, `sigma` pixels). Two renderers draw small text with different
 * hinting and anti-aliasing: blurred by 2 px, a page drawn by mutool or LibreOffice and the same page
 * drawn by poppler are within 0.35 of each other by inkDifference, while a blank page stays at 1.
 */
export async function blurred(picture: Grey, sigma = 2): Promise<Grey> {
  return greyPixels(sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 1 } }).blur(sigma));
}

/**
 * How far `picture` is from `reference`, over the area both cover (renderers round a page's edge
 * differently), as the sum of grey differences over the reference's ink (its distance from white):
 * 0 for the same drawing, about 1 for a blank page or a drawing that is somewhere else. Infinity
 * when the reference is blank and the picture is not.
 */
export function inkDifference(picture: Grey, reference: Grey): number {
  const width = Math.min(picture.width, reference.width);
  const height = Math.min(picture.height, reference.height);
  let difference = 0;
  let ink = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const expected = reference.data[y * reference.width + x]!;
      difference += Math.abs(picture.data[y * picture.width + x]! - expected);
      ink += 255 - expected;
    }
  }
  return ink === 0 ? (difference === 0 ? 0 : Infinity) : difference / ink;
}

/**
 * How far a picture of page `page` of `pdf` at `dpi` is from poppler's drawing of that page, both
 * blurred by 2 px: 0.35 at worst for the page itself over the real-world fixtures at 50 dpi (near 0
 * for pictures and large text), 1 for a blank picture. Pages of one text set alike may be close to
 * each other: tell pages apart by what differs between them.
 */
export async function pageDifference(picture: string | Grey, pdf: string, page: number, dpi: number, password?: string): Promise<number> {
  const drawn = typeof picture === 'string' ? await greyPixels(picture) : picture;
  return inkDifference(await blurred(drawn), await blurred(await popplerPage(pdf, page, dpi, password)));
}

/** The heights of the runs of rows holding dark ink (grey below 128), top to bottom: the lines of text on a light picture. */
export function inkBands(picture: Grey): number[] {
  const bands: number[] = [];
  let run = 0;
  for (let y = 0; y <= picture.height; y++) {
    const inked = y < picture.height && picture.data.subarray(y * picture.width, (y + 1) * picture.width).some((grey) => grey < 128);
    if (inked) run++;
    else if (run > 0) {
      bands.push(run);
      run = 0;
    }
  }
  return bands;
}
