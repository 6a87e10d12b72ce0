// A fraction written on one line (layout/fractions.ts linearFractions): a side is bracketed only when
// it has more than one term outside brackets, every bracket the layout reads counting as one
// (layout/brackets.ts): ⌊a + b⌋/2 as TeX's floor of a sum over two, not (⌊a + b⌋)/2.
import { linearFractions } from '../../server/convert/tools/pdf-to-office/layout/fractions';
import type { Fraction, FractionPart } from '../../server/convert/tools/pdf-to-office/page-content';

interface Item {
  text: string;
  fraction?: FractionPart;
}

/** The fraction's items, one a character, numerator then denominator. */
function fraction(numerator: string, denominator: string): Item[] {
  const of = {} as Fraction;
  return [...[...numerator].map((text) => ({ text, fraction: { of, part: 'numerator' as const } })), ...[...denominator].map((text) => ({ text, fraction: { of, part: 'denominator' as const } }))];
}

const linear = (numerator: string, denominator: string) =>
  linearFractions(fraction(numerator, denominator), (text, like) => ({ ...like, text, fraction: undefined }))
    .map((item) => item.text)
    .join('');

it.each([
  ['⌊a + b⌋', '2', '⌊a + b⌋/2'],
  ['⌈a − b⌉', 'c', '⌈a − b⌉/c'],
  ['〈u, v + w〉', '2', '〈u, v + w〉/2'],
  ['⟨u, v + w⟩', '2', '⟨u, v + w⟩/2'],
  ['(a + b)²', 'c + d', '(a + b)²/(c + d)'],
  ['〈u, v〉 + 1', '2', '(〈u, v〉 + 1)/2'],
])('writes %s over %s as %s', (numerator, denominator, expected) => {
  expect(linear(numerator, denominator)).toBe(expected);
});
