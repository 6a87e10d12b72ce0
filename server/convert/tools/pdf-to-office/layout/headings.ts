// Headings are decided over the whole document: text clearly larger than the body size is a
// heading, the largest sizes becoming levels 1–3; a short bold line at body size is the lowest level.
import type { Block, PageLayout, ParagraphBlock } from './blocks';
import { keepMarkerAsText } from './paragraphs';

const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_LINES = 3;
const MAX_BOLD_HEADING_CHARS = 60;

const roundHalf = (size: number) => Math.round(size * 2) / 2;
const textOf = (p: ParagraphBlock) => p.runs.map((r) => r.text).join('');

/** Paragraphs of flowing text: a code listing (its size is not the body's) is never a heading. */
function flowParagraphs(blocks: Block[]): ParagraphBlock[] {
  return blocks.filter((b): b is ParagraphBlock => b.kind === 'paragraph' && !b.preformatted);
}

function bodySize(paragraphs: ParagraphBlock[]): number {
  const weight = new Map<number, number>();
  for (const p of paragraphs) weight.set(roundHalf(p.size), (weight.get(roundHalf(p.size)) ?? 0) + textOf(p).length);
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

function isBoldLine(p: ParagraphBlock): boolean {
  const text = textOf(p).trim();
  return p.lineCount === 1 && text.length <= MAX_BOLD_HEADING_CHARS && !/[。.，,;；:：]$/.test(text) && p.runs.every((r) => r.bold || r.text.trim() === '');
}

/** A numbered line in heading size (`一、概述`) is a heading that keeps its number as text. */
function unlistLargeItems(paragraphs: ParagraphBlock[], body: number): void {
  for (const p of paragraphs) if (p.size >= body * HEADING_SIZE_RATIO) keepMarkerAsText(p);
}

export function assignHeadings(pages: PageLayout[]): void {
  const all = pages.flatMap((page) => flowParagraphs(page.blocks));
  const body = bodySize(all.filter((p) => !p.list));
  unlistLargeItems(all, body);
  // A picture's caption in a row of pictures stays in its cell, never a heading.
  const paragraphs = all.filter((p) => !p.list && !p.captionOf);
  const larger = paragraphs.filter((p) => p.lineCount <= MAX_HEADING_LINES && p.size >= body * HEADING_SIZE_RATIO);
  const sizes = [...new Set(larger.map((p) => roundHalf(p.size)))].sort((a, b) => b - a);
  const levelOf = (size: number) => Math.min(3, sizes.indexOf(roundHalf(size)) + 1) as 1 | 2 | 3;
  for (const p of larger) p.headingLevel = levelOf(p.size);
  const boldLevel = Math.min(3, sizes.length + 1) as 1 | 2 | 3;
  for (const p of paragraphs) if (!p.headingLevel && Math.abs(p.size - body) < 0.5 && isBoldLine(p)) p.headingLevel = boldLevel;
}
