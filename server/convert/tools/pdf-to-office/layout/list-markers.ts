// Leading markers that make a paragraph a list item: bullets, and numbers in the forms Latin and
// Chinese documents use (1.  1)  a.  (1)  （一）  一、).

export type ListKind = 'bullet' | 'decimal' | 'lowerLetter' | 'upperLetter' | 'chinese';

export interface ListMarker {
  kind: ListKind;
  /** The marker with the spaces after it, as it appears at the start of the text. */
  text: string;
  /** The number it stands for (1 for bullets). */
  value: number;
  /**
   * The marker's shape with its number as %1 ("%1)", "(%1)", "（%1）", "%1、"), or the bullet
   * itself: what a list numbering must print for the items to read as printed (a) stays a), not a.).
   */
  label: string;
}

const BULLET = /^([•●○◦■□▪▫◆◇►▶➢➤✓✔·\uf0a7\uf0b7\uf0d8\uf076\uf0fc]\s*|[-–—*]\s+)/;
const DECIMAL = /^(?:(\d{1,3})[.)．、](?!\d)\s*|[(（](\d{1,3})[)）]\s*)/;
const LETTER = /^([a-zA-Z])[.)]\s+/;
const CHINESE = /^(?:([一二三四五六七八九十]{1,3})、|[(（]([一二三四五六七八九十]{1,3})[)）])\s*/;
const CHINESE_DIGITS = '一二三四五六七八九';

function chineseNumber(text: string): number {
  if (text === '十') return 10;
  const [tens, ones] = text.includes('十') ? text.split('十') : ['', text];
  const digit = (d: string) => CHINESE_DIGITS.indexOf(d) + 1;
  return (text.includes('十') ? (tens === '' ? 1 : digit(tens)) * 10 : 0) + (ones === '' ? 0 : digit(ones));
}

/** Bullets a symbol font draws from private-use codes (Wingdings, Symbol) print as a plain bullet anywhere else. */
const PRIVATE_USE = /\p{Co}/u;

/** The marker with its number, `numeral`, as %1; a bullet is its own label. */
function labelOf(text: string, numeral?: string): string {
  const shape = text.trim();
  if (numeral === undefined) return PRIVATE_USE.test(shape) ? '•' : shape;
  return shape.replace(numeral, '%1');
}

function matchMarker(text: string): ListMarker | undefined {
  let match = BULLET.exec(text);
  if (match) return { kind: 'bullet', text: match[0], value: 1, label: labelOf(match[0]) };
  match = DECIMAL.exec(text);
  if (match) return { kind: 'decimal', text: match[0], value: Number(match[1] ?? match[2]), label: labelOf(match[0], match[1] ?? match[2]) };
  match = CHINESE.exec(text);
  if (match) return { kind: 'chinese', text: match[0], value: chineseNumber(match[1] ?? match[2]), label: labelOf(match[0], match[1] ?? match[2]) };
  match = LETTER.exec(text);
  if (!match) return undefined;
  const letter = match[1];
  const kind = letter === letter.toLowerCase() ? 'lowerLetter' : 'upperLetter';
  return { kind, text: match[0], value: letter.toLowerCase().charCodeAt(0) - 96, label: labelOf(match[0], letter) };
}

/** Bullets that are also operators of mathematics: composition ◦, product ·, convolution *, minus -. */
const OPERATOR_BULLET = /^[◦·*-]/;
/**
 * A term and a relation or operator after it, then the formula's next term ("z := …", "x = …",
 * "g ◦ h"): a formula goes on. Not "C++" nor "A/B testing", which a dash may list.
 */
const FORMULA_AFTER = /^[\p{L}\p{N}]{1,2}['′]?\s*(?::=|=:|[=<>≤≥≠≈≡∈∉⊂⊆⊃⊇→↦+−×·◦∗])(?=[\s\p{L}\p{N}(])/u;

/**
 * The marker a list item's text starts with; a marker with nothing after it is not an item, nor is an
 * operator that a formula goes on from (a display line "◦ z := (az+b)/(cz+d)" after a matrix).
 */
export function listMarker(text: string): ListMarker | undefined {
  const marker = matchMarker(text);
  if (!marker || text.length <= marker.text.length) return undefined;
  if (marker.kind === 'bullet' && OPERATOR_BULLET.test(marker.text) && FORMULA_AFTER.test(text.slice(marker.text.length))) return undefined;
  return marker;
}

/** The text is a marker alone (a bullet set apart from its item's text by a tab). */
export function isBareMarker(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && matchMarker(`${trimmed} `)?.text.trim() === trimmed;
}
