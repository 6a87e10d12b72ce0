// What "the text was kept" means, page by page: the same characters, as many times each. Neither
// order nor word breaks are compared: on a turned page poppler reads a table's cells in another
// order, joins superscripts to other words and drops a lone "-" as a line-end hyphen, though
// nothing was lost. A garbled font changes the characters themselves, which this sees.

/** What a tool may do to the text of a page besides keep it. */
export type TextChange =
  /** Nothing: the same text (rotate, split, merge, compress, lock…). */
  | { kind: 'same' }
  /** Text drawn on top (watermark, page numbers): every character kept, and only these added. */
  | { kind: 'added'; text: string }
  /** Text taken off (del-watermark): nothing the page did not have. */
  | { kind: 'removed' };

/** NFKC folds ligatures and full-width forms that two writers of the same font may extract differently. */
const normalise = (text: string) => text.normalize('NFKC');

function characterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const character of normalise(text).replace(/\s+/g, '')) counts.set(character, (counts.get(character) ?? 0) + 1);
  return counts;
}

/** Counts of `whole` minus those of `part`; undefined when `part` has a character more often than `whole`. */
function remainder(whole: Map<string, number>, part: Map<string, number>): Map<string, number> | undefined {
  const left = new Map(whole);
  for (const [character, count] of part) {
    const available = left.get(character) ?? 0;
    if (available < count) return undefined;
    left.set(character, available - count);
  }
  return left;
}

/**
 * A symbol or punctuation mark may appear where the input had none: poppler draws the tick of a
 * checked box (✔ in ZapfDingbats) only when it finds the form's font, which a rewrite may make it
 * find. Letters, digits and ideographs may not.
 */
const MARK = /^[\p{S}\p{P}]$/u;

const within = (counts: Map<string, number>, allowed: Set<string>) =>
  [...counts].every(([character, count]) => count === 0 || allowed.has(character) || MARK.test(character));

/** Whether `output` keeps the text of `input` under `change`. */
export function keepsText(input: string, output: string, change: TextChange): boolean {
  switch (change.kind) {
    case 'same':
    case 'added': {
      const extra = remainder(characterCounts(output), characterCounts(input));
      const allowed = new Set(change.kind === 'added' ? characterCounts(change.text).keys() : []);
      return extra !== undefined && within(extra, allowed);
    }
    case 'removed':
      return remainder(characterCounts(input), characterCounts(output)) !== undefined;
  }
}

/** The same words in reading order as poppler lays the page out, sorted: columns and lines read as they did. */
export function sameWords(input: string, output: string): boolean {
  const words = (text: string) => normalise(text).split(/\s+/).filter(Boolean).sort().join(' ');
  return words(input) === words(output);
}
