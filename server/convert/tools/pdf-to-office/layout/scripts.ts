// Which characters are Chinese/Japanese/Korean: between them a line break adds no space, and
// their runs need an East Asian font.
const CJK = /[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

export function containsCjk(text: string): boolean {
  return CJK.test(text);
}

/** How two visual lines of one paragraph join: a space, nothing, or by dropping a hyphen. */
export type LineJoin = 'space' | 'none' | 'dehyphenate';

export function lineJoin(previousText: string, nextText: string): LineJoin {
  const last = previousText.at(-1) ?? '';
  const first = nextText[0] ?? '';
  if (isCjk(last) || isCjk(first)) return 'none';
  if (/[a-z]-$/i.test(previousText.slice(-2)) && /^[a-z]/.test(nextText)) return 'dehyphenate';
  return 'space';
}
