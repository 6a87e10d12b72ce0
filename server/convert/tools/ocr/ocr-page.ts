// OCR words → the positioned text the PDF layout analysis reads (pdf-to-office/page-content), so
// scans and pictures go through the same paragraphs, headings, lists and tables as real PDFs.
import type { PdfChar, PdfPage, RuleSegment } from '../pdf-to-office/page-content';
import { isCjk } from '../pdf-to-office/layout/scripts';
import { spaceBetween, type OcrLine, type OcrResult } from './tesseract';
import type { PixelRule } from './ruling-lines';

const CJK_FONT = { name: 'SimSun', bold: false, italic: false };
const LATIN_FONT = { name: 'Arial', bold: false, italic: false };
/** A text line's box (ascender to descender) is about this many font sizes tall. */
const LINE_BOX_EMS = 1.1;
/** Line sizes this close to the page's usual size are that size: OCR boxes jitter by a pixel or two. */
const BODY_SNAP = 0.12;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function lineSize(line: OcrLine, scale: number): number {
  // Chinese glyphs fill the em box; tall Latin words (with ascenders and descenders) the line box.
  const heights = line.words.map((w) => w.box.y1 - w.box.y0);
  return (Math.max(median(heights), 0.8 * (line.box.y1 - line.box.y0)) * scale) / LINE_BOX_EMS;
}

function charsOfLine(line: OcrLine, scale: number, size: number): PdfChar[] {
  const chars: PdfChar[] = [];
  const baseline = line.box.y1 * scale;
  const y0 = line.box.y0 * scale;
  const lineHeight = line.box.y1 - line.box.y0;
  line.words.forEach((word, index) => {
    const previous = line.words[index - 1];
    if (previous && spaceBetween(previous, word, lineHeight)) {
      const box = { x0: previous.box.x1 * scale, y0, x1: word.box.x0 * scale, y1: baseline };
      chars.push({ text: ' ', box, font: LATIN_FONT, size, baseline });
    }
    // Glyph boxes inside a word are not reported: the word's width is shared out evenly.
    const glyphs = [...word.text];
    const step = (word.box.x1 - word.box.x0) / glyphs.length;
    glyphs.forEach((text, i) => {
      const box = { x0: (word.box.x0 + i * step) * scale, y0, x1: (word.box.x0 + (i + 1) * step) * scale, y1: baseline };
      chars.push({ text, box, font: isCjk(text) ? CJK_FONT : LATIN_FONT, size, baseline });
    });
  });
  return chars;
}

/**
 * `scale` is points per pixel (72 / dpi of the scan). Rules are in pixels too; the page has no
 * images, since the picture itself is what was read.
 */
export function ocrPage(result: OcrResult, rules: readonly PixelRule[], scale: number, number: number): PdfPage {
  const rawSizes = result.lines.map((line) => lineSize(line, scale));
  const body = median(rawSizes);
  const sizes = rawSizes.map((size) => Math.round((Math.abs(size - body) <= BODY_SNAP * body ? body : size) * 2) / 2);
  const toPoints = (r: PixelRule): RuleSegment => ({ x0: r.x0 * scale, y0: r.y0 * scale, x1: r.x1 * scale, y1: r.y1 * scale });
  return {
    number,
    width: result.width * scale,
    height: result.height * scale,
    lines: result.lines.map((line, i) => ({ chars: charsOfLine(line, scale, sizes[i]) })),
    images: [],
    rules: rules.map(toPoints),
  };
}
