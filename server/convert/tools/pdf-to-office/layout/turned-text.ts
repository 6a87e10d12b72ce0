// Text that runs down or up the page — vertical CJK writing (columns read right to left, each top
// to bottom), a landscape table set turned on a portrait page — laid out in its own frame: turned
// a quarter so that it reads left to right, where its columns are lines one below the other, the
// same reading order and paragraphs as upright text come out of it. The paragraphs carry their
// page box and the way they ran (`flow`), for a writer that can set text turned.
import { AXIS, boxThrough, fromFrame, toFrame, unionBox, type Box, type PdfChar } from '../page-content';
import type { Block, Direction, ParagraphBlock } from './blocks';
import { buildParagraphs } from './paragraphs';
import { readingOrder } from './reading-order';
import { containsCjk } from './scripts';
import { splitAtGaps, type TextLine } from './text-lines';

export type TurnedFlow = NonNullable<ParagraphBlock['flow']>;

/** Whether text running along `direction` reads down or up the page (neither: undefined). */
export function quarterTurn(direction: Direction | undefined): TurnedFlow | undefined {
  if (!direction) return undefined;
  if (direction.y >= AXIS) return 'down';
  if (direction.y <= -AXIS) return 'up';
  return undefined;
}

const RUNS: Record<TurnedFlow, Direction> = { down: { x: 0, y: 1 }, up: { x: 0, y: -1 } };

/** A line's characters in its frame, cut at wide gaps like any line. */
export function turnedLines(chars: readonly PdfChar[], flow: TurnedFlow): TextLine[] {
  const u = RUNS[flow];
  return splitAtGaps(
    chars.map((c) => {
      const origin = toFrame({ x: c.originX ?? c.box.x0, y: c.baseline }, u);
      return { ...c, box: boxThrough(c.box, (p) => toFrame(p, u)), baseline: origin.y, originX: origin.x };
    }),
  );
}

/** A page's text of one flow, as one piece of its reading order: its paragraphs, in their own order. */
export interface TurnedText {
  kind: 'turned';
  box: Box;
  paragraphs: ParagraphBlock[];
}

/** Paragraphs of `lines` (in the frame of `flow`) in reading order, placed back on the page. */
export function turnedText(lines: readonly TextLine[], flow: TurnedFlow, minGutter: number): TurnedText {
  const u = RUNS[flow];
  const paragraphs = buildParagraphs(readingOrder(lines, minGutter)).map((p) => ({ ...p, box: boxThrough(p.box, (q) => fromFrame(q, u)), flow }));
  return { kind: 'turned', box: unionBox(paragraphs.map((p) => p.box)), paragraphs };
}

/** Chinese or Japanese running down the page is vertical writing (upright characters, columns right to left), not turned text. */
export function writesVertically(flow: TurnedFlow | undefined, text: string): boolean {
  return flow === 'down' && containsCjk(text);
}

export function isVerticalWriting(paragraph: ParagraphBlock): boolean {
  return writesVertically(paragraph.flow, paragraph.runs.map((r) => r.text).join(''));
}

/**
 * The vertical writing starting at `blocks[index]` — its paragraphs, which reading order keeps
 * together, and the box they fill — and the index after it; undefined when none starts there.
 */
export function verticalWritingAt(blocks: readonly Block[], index: number): { paragraphs: ParagraphBlock[]; box: Box; next: number } | undefined {
  const paragraphs: ParagraphBlock[] = [];
  for (let b = blocks[index]; b?.kind === 'paragraph' && isVerticalWriting(b); b = blocks[index + paragraphs.length]) paragraphs.push(b);
  if (paragraphs.length === 0) return undefined;
  return { paragraphs, box: unionBox(paragraphs.map((p) => p.box)), next: index + paragraphs.length };
}
