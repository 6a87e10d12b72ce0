// A reader of page content streams (PDF 32000 §7.8.2) that yields each operator with the byte
// span it covers, operands included, so callers can cut operators out without re-serialising
// (and so without disturbing) anything else on the page.

export interface Operand {
  kind: 'name' | 'dict' | 'other';
  /** Byte offsets in the stream, end exclusive. */
  start: number;
  end: number;
}

export interface ContentOperator {
  name: string;
  operands: Operand[];
  /** From the first operand (or the operator, if it has none) to the end of the operator. */
  start: number;
  end: number;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const KEYWORD_OPERANDS = new Set(['true', 'false', 'null']);
const BYTE = (char: string) => char.charCodeAt(0);

/** The bytes of a span as text (content stream syntax is ASCII; latin1 keeps other bytes 1:1). */
export function textOf(bytes: Uint8Array, { start, end }: { start: number; end: number }): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}

export function* readContentOperators(bytes: Uint8Array): Generator<ContentOperator> {
  const at = (offset: number) => bytes[offset] ?? -1;
  const isRegular = (offset: number) => offset < bytes.length && !WHITESPACE.has(at(offset)) && !DELIMITERS.has(at(offset));

  const skipSpaceAndComments = (offset: number): number => {
    while (offset < bytes.length) {
      if (WHITESPACE.has(at(offset))) offset++;
      else if (at(offset) === BYTE('%')) while (offset < bytes.length && at(offset) !== 0x0a && at(offset) !== 0x0d) offset++;
      else break;
    }
    return offset;
  };
  const endOfRegular = (offset: number) => {
    while (isRegular(offset)) offset++;
    return offset;
  };
  const endOfLiteralString = (offset: number) => {
    let depth = 0;
    for (; offset < bytes.length; offset++) {
      const byte = at(offset);
      if (byte === BYTE('\\')) offset++;
      else if (byte === BYTE('(')) depth++;
      else if (byte === BYTE(')') && --depth === 0) return offset + 1;
    }
    return offset;
  };
  /** End of the object starting at `offset` (a string, name, dict, array, number or keyword). */
  const endOfObject = (offset: number): number => {
    const byte = at(offset);
    if (byte === BYTE('(')) return endOfLiteralString(offset);
    if (byte === BYTE('/')) return endOfRegular(offset + 1);
    if (byte === BYTE('<') && at(offset + 1) === BYTE('<')) return endOfComposite(offset + 2, '>>');
    if (byte === BYTE('<')) {
      const close = bytes.indexOf(BYTE('>'), offset);
      return close < 0 ? bytes.length : close + 1;
    }
    if (byte === BYTE('[')) return endOfComposite(offset + 1, ']');
    return isRegular(offset) ? endOfRegular(offset) : offset + 1;
  };
  const endOfComposite = (offset: number, close: '>>' | ']'): number => {
    for (;;) {
      offset = skipSpaceAndComments(offset);
      if (offset >= bytes.length) return offset;
      if (close === ']' && at(offset) === BYTE(']')) return offset + 1;
      if (close === '>>' && at(offset) === BYTE('>') && at(offset + 1) === BYTE('>')) return offset + 2;
      offset = endOfObject(offset);
    }
  };
  /** After `ID` and one white-space byte comes raw image data, ended by white space, `EI`, white space. */
  const endOfInlineImageData = (offset: number) => {
    for (let scan = offset + 1; scan + 1 < bytes.length; scan++) {
      if (WHITESPACE.has(at(scan - 1)) && at(scan) === BYTE('E') && at(scan + 1) === BYTE('I') && !isRegular(scan + 2)) return scan;
    }
    return bytes.length;
  };

  let operands: Operand[] = [];
  let offset = skipSpaceAndComments(0);
  while (offset < bytes.length) {
    const start = offset;
    const byte = at(offset);
    const end = endOfObject(offset);
    const isOperator = isRegular(start) && byte !== BYTE('/');
    const word = isOperator ? textOf(bytes, { start, end }) : '';
    if (isOperator && !NUMBER.test(word) && !KEYWORD_OPERANDS.has(word)) {
      yield { name: word, operands, start: operands[0]?.start ?? start, end };
      operands = [];
      offset = skipSpaceAndComments(word === 'ID' ? endOfInlineImageData(end) : end);
      continue;
    }
    const kind = byte === BYTE('/') ? 'name' : byte === BYTE('<') && at(offset + 1) === BYTE('<') ? 'dict' : 'other';
    operands.push({ kind, start, end });
    offset = skipSpaceAndComments(end);
  }
}
