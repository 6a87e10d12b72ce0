// Runs tesseract on one image and reads its TSV: words with boxes and confidences, grouped into the
// lines and paragraphs tesseract found. chi_sim puts a space between every pair of glyphs; the
// words are joined again without spaces between Chinese characters, with spaces between Latin words.
import { writeFile } from 'node:fs/promises';
import { ConvertError } from '../../errors';
import { EngineFailedError, runEngine } from '../../engines';
import { isCjk } from '../pdf-to-office/layout/scripts';
import { OCR_FAILED, OCR_LANGUAGE_MISSING } from './messages';

/** Pixels, origin at the top left. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  box: PixelBox;
  /** 0–100. */
  confidence: number;
}

export interface OcrLine {
  /** Tesseract's block and paragraph the line belongs to: `block.paragraph`. */
  paragraph: string;
  box: PixelBox;
  words: OcrWord[];
}

export interface OcrResult {
  width: number;
  height: number;
  lines: OcrLine[];
}

/** Page segmentation modes we use: 3 automatic layout, 6 one uniform block, 7 one text line, 11 sparse text. */
export type PageSegmentation = 3 | 4 | 6 | 7 | 11;

export const OCR_LANGUAGES = 'chi_sim+eng';

/** Below this confidence a lone Latin mark is noise: specks and what is left of a ruling line. */
const NOISE_CONFIDENCE = 40;
const NOISE_MARK = /^[|!'`"_~.,:;·\-—]$/;

/** One result per image tesseract read (its TSV numbers them from 1 in page_num), in order. */
function parseTsv(tsv: string): OcrResult[] {
  const pages: { width: number; height: number; lines: Map<string, OcrLine> }[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, pageNumber, block, par, line, , left, top, w, h, conf] = cols.slice(0, 11).map(Number);
    const text = cols.slice(11).join('\t').trim();
    const box = { x0: left, y0: top, x1: left + w, y1: top + h };
    const key = `${block}.${par}.${line}`;
    const page = (pages[pageNumber - 1] ??= { width: 0, height: 0, lines: new Map() });
    if (level === 1) [page.width, page.height] = [w, h];
    if (level === 4) page.lines.set(key, { paragraph: `${block}.${par}`, box, words: [] });
    if (level !== 5 || text === '' || conf < 0) continue;
    if (conf < NOISE_CONFIDENCE && NOISE_MARK.test(text)) continue;
    page.lines.get(key)?.words.push({ text, box, confidence: conf });
  }
  return Array.from(pages, (page) => {
    const kept = [...(page?.lines.values() ?? [])].filter((l) => l.words.length > 0);
    for (const line of kept) untangleWordBoxes(line.words);
    return { width: page?.width ?? 0, height: page?.height ?? 0, lines: kept };
  });
}

/**
 * The LSTM engine's word boxes are loose: a glyph's box may reach over its neighbours. Each box is
 * cut back so that words follow each other left to right without overlapping.
 */
function untangleWordBoxes(words: OcrWord[]): void {
  for (let i = 0; i < words.length; i++) {
    const box = words[i].box;
    const next = words[i + 1]?.box;
    if (next && box.x1 > next.x0) box.x1 = Math.max(box.x0 + 1, next.x0);
    const previous = words[i - 1]?.box;
    if (previous && box.x0 < previous.x1) box.x0 = Math.min(box.x1 - 1, previous.x1);
  }
}

/** Between Chinese and Latin text, a gap wider than this many line heights is a typed space. */
const MIXED_SPACE_HEIGHTS = 0.35;

/** Whether a space separates two neighbouring words of one line. */
export function spaceBetween(left: OcrWord, right: OcrWord, lineHeight: number): boolean {
  const last = left.text.at(-1) ?? '';
  const first = right.text[0] ?? '';
  if (isCjk(last) && isCjk(first)) return false;
  if (isCjk(last) || isCjk(first)) return right.box.x0 - left.box.x1 > MIXED_SPACE_HEIGHTS * lineHeight;
  return true;
}

export function lineText(line: OcrLine): string {
  const height = line.box.y1 - line.box.y0;
  return line.words.map((w, i) => (i > 0 && spaceBetween(line.words[i - 1], w, height) ? ' ' : '') + w.text).join('');
}

/** Lines as laid out, tesseract's paragraphs separated by a blank line. */
export function plainText(result: OcrResult): string {
  const out: string[] = [];
  let paragraph: string | undefined;
  for (const line of result.lines) {
    if (paragraph !== undefined && line.paragraph !== paragraph) out.push('');
    paragraph = line.paragraph;
    out.push(lineText(line));
  }
  return out.join('\n');
}

async function runTesseract(input: string, { psm, languages = OCR_LANGUAGES, signal }: RecognizeOptions): Promise<OcrResult[]> {
  try {
    const { stdout } = await runEngine('/usr/bin/env', ['OMP_THREAD_LIMIT=1', 'tesseract', input, 'stdout', '-l', languages, '--psm', String(psm), 'tsv'], { signal });
    return parseTsv(stdout.toString('utf8'));
  } catch (error) {
    if (error instanceof EngineFailedError) {
      if (/Failed loading language|Error opening data file/.test(error.result.stderr)) throw new Error(`${OCR_LANGUAGE_MISSING}: ${error.message}`, { cause: error });
      throw new ConvertError(OCR_FAILED, { cause: error });
    }
    throw error;
  }
}

export interface RecognizeOptions {
  psm: PageSegmentation;
  /** Tesseract's `-l`; OCR_LANGUAGES unless said. */
  languages?: string;
  signal?: AbortSignal;
}

const EMPTY_RESULT: OcrResult = { width: 0, height: 0, lines: [] };

export async function recognize(image: string, options: RecognizeOptions): Promise<OcrResult> {
  return (await runTesseract(image, options))[0] ?? EMPTY_RESULT;
}

/**
 * Several images in one tesseract run, through a list file (one path a line): the models load once
 * instead of once an image, which is most of the time a short line takes. One result per image.
 */
export async function recognizeEach(images: readonly string[], listFile: string, options: RecognizeOptions): Promise<OcrResult[]> {
  await writeFile(listFile, `${images.join('\n')}\n`);
  const results = await runTesseract(listFile, options);
  return images.map((_, index) => results[index] ?? EMPTY_RESULT);
}
