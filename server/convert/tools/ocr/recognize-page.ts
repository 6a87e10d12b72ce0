// One raster page → OCR text and positioned text: greyscale, ruling lines found and painted out,
// tesseract on what is left, words mapped to points for the layout analysis.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ENGINES } from '../../engines';
import type { PdfPage } from '../pdf-to-office/page-content';
import { imageWork } from '../image/image-source';
import { ocrPage } from './ocr-page';
import { findRulingLines } from './ruling-lines';
import { plainText, recognize, type PageSegmentation } from './tesseract';

export interface RecognizedPage {
  /** Lines as laid out, paragraphs separated by blank lines. */
  text: string;
  page: PdfPage;
}

export interface RecognizeOptions {
  /** 1-based page number. */
  number: number;
  /** Points per pixel of the source (72 / its dpi). */
  scale: number;
  workDir: string;
  signal: AbortSignal;
  /** Page segmentation; by default 6 (one block) on pages with a ruled grid, 3 (automatic) otherwise. */
  psm?: PageSegmentation;
}

/** Longer sides are scaled down first: beyond this tesseract gains nothing but time (A4 at 400 dpi). */
const MAX_OCR_SIDE = 4700;

/** `source` is an upright sharp pipeline over the page picture. */
export async function recognizePage(source: Sharp, { number, scale, workDir, signal, psm }: RecognizeOptions): Promise<RecognizedPage> {
  const { data, info } = await imageWork(source.flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true }));
  const longSide = Math.max(info.width, info.height);
  // Pictures are not enlarged: measured on rendered text, doubling made tesseract read worse.
  const factor = longSide > MAX_OCR_SIDE ? MAX_OCR_SIDE / longSide : 1;
  let grey = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  if (factor !== 1) {
    const width = Math.max(1, Math.round(info.width * factor));
    const height = Math.max(1, Math.round(info.height * factor));
    const resized = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .resize(width, height, { kernel: 'lanczos3' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    grey = { data: new Uint8Array(resized.buffer, resized.byteOffset, resized.length), width, height };
  }
  const { rules, cleaned } = findRulingLines(grey);
  const file = path.join(workDir, `ocr-${number}-${randomUUID()}.png`);
  await sharp(cleaned.data, { raw: { width: cleaned.width, height: cleaned.height, channels: 1 } }).png({ compressionLevel: 1 }).toFile(file);
  signal.throwIfAborted();
  // A ruled table is sparse text in a grid: automatic layout (3) drops lone cells, one block (6) keeps them.
  const hasGrid = rules.some((r) => r.x0 === r.x1) && rules.some((r) => r.y0 === r.y1);
  const result = await recognize(file, { psm: psm ?? (hasGrid ? 6 : 3), signal });
  // tesseract reports the size it read; keep ours in case a TSV has no page row.
  const ocr = { ...result, width: result.width || grey.width, height: result.height || grey.height };
  return { text: plainText(ocr), page: ocrPage(ocr, rules, scale / factor, number) };
}

/** Runs `work` over the items, at most as many at once as tesseract may run, keeping their order. */
export async function sideBySide<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ENGINES.tesseract.limit, items.length) }, worker));
  return results;
}
