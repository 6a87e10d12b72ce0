// The brackets that open and close what they enclose, one list for every layout rule that pairs
// them (matrices.ts), counts them (fractions.ts), or takes one for the start or end of what it
// encloses (extensible-delimiters.ts, sub-superscripts.ts).

/**
 * Each opening bracket with the one that closes it: ASCII's, the mathematical angle brackets (⟨ ⟩,
 * as TeX's are read: unmapped-glyphs.ts) and the CJK ones (〈 〉), floor and ceiling brackets.
 */
export const CLOSING_BRACKET_OF: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
  ['⟨', '⟩'],
  ['〈', '〉'],
  ['⌊', '⌋'],
  ['⌈', '⌉'],
]);
export const OPENING_BRACKETS: ReadonlySet<string> = new Set(CLOSING_BRACKET_OF.keys());
export const CLOSING_BRACKETS: ReadonlySet<string> = new Set(CLOSING_BRACKET_OF.values());
