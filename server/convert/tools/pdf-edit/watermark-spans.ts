// Finding and cutting watermark marked-content sequences — `/Artifact <</Subtype /Watermark …>>
// BDC … EMC`, as Acrobat and our watermark tool write them — out of a content stream.
import { readContentOperators, textOf, type Operand } from './content-operators';

export interface Span {
  start: number;
  end: number;
}

/** Whether a BDC property operand (an inline dict, or a name looked up in /Properties) marks a watermark. */
export type WatermarkProperties = (properties: Operand, bytes: Uint8Array) => boolean;

const WATERMARK_SUBTYPE = /\/Subtype\s*\/Watermark(?![^\s()<>[\]{}/%])/;

function dictSaysWatermark(dictText: string): boolean {
  return WATERMARK_SUBTYPE.test(dictText);
}

/** Inline property dicts only; callers that know the page's /Properties pass their own test. */
export const inlineWatermarkProperties: WatermarkProperties = (properties, bytes) =>
  properties.kind === 'dict' && dictSaysWatermark(textOf(bytes, properties));

/**
 * Outermost watermark sequences, each from its BDC's first operand to the end of its EMC.
 * Nesting is followed through BMC/BDC…EMC; a sequence left open at the end is kept, not guessed at.
 */
export function findWatermarkSpans(bytes: Uint8Array, isWatermark: WatermarkProperties = inlineWatermarkProperties): Span[] {
  const open: { start: number; watermark: boolean }[] = [];
  const spans: Span[] = [];
  for (const operator of readContentOperators(bytes)) {
    if (operator.name === 'BMC' || operator.name === 'BDC') {
      const properties = operator.name === 'BDC' ? operator.operands[1] : undefined;
      open.push({ start: operator.start, watermark: properties !== undefined && isWatermark(properties, bytes) });
    } else if (operator.name === 'EMC') {
      const closed = open.pop();
      if (closed?.watermark && !open.some((outer) => outer.watermark)) spans.push({ start: closed.start, end: operator.end });
    }
  }
  return spans;
}

/** `bytes` without `spans` (ascending, not overlapping); a space stands in for each, so neighbours stay apart. */
export function cutSpans(bytes: Uint8Array, spans: readonly Span[]): Uint8Array {
  const kept: Uint8Array[] = [];
  let from = 0;
  for (const span of spans) {
    kept.push(bytes.subarray(from, span.start), new Uint8Array([0x20]));
    from = span.end;
  }
  kept.push(bytes.subarray(from));
  return Buffer.concat(kept);
}
