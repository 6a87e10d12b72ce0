// Table text → spreadsheet values: numbers become numbers (thousands separators stripped,
// percentages kept as percentages, accounting negatives in brackets), everything else stays text.
// Codes with leading zeros and long digit strings (ID numbers) stay text, as Excel users expect.

export interface CellValue {
  value: string | number;
  /** Excel number format keeping the look the PDF had. */
  numberFormat?: string;
}

const NUMBER = /^([-+]?)([¥￥$€£]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%?)$/;
const MAX_SIGNIFICANT_DIGITS = 15;

export function cellValue(rawText: string): CellValue {
  const text = rawText.trim().replace(/[−–]/g, '-').replace(/\s+/g, ' ');
  const bracketed = /^\((.+)\)$/.exec(text);
  const match = NUMBER.exec(bracketed ? bracketed[1] : text);
  // Text keeps its line breaks (a table cell's paragraphs, a figure label's lines): the cell wraps there.
  if (!match) return { value: rawText.trim().split(/\s*\n\s*/).map((line) => line.replace(/\s+/g, ' ')).join('\n') };
  const [, sign, currency, integer, fraction = '', percent] = match;
  const digits = integer.replace(/,/g, '');
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length + fraction.length - 1 > MAX_SIGNIFICANT_DIGITS) return { value: text };
  const negative = sign === '-' || bracketed !== null;
  const magnitude = Number(`${digits}${fraction}`);
  const decimals = fraction.length > 1 ? `.${'0'.repeat(fraction.length - 1)}` : '';
  const grouped = integer.includes(',');
  if (percent) return { value: (negative ? -magnitude : magnitude) / 100, numberFormat: `0${decimals}%` };
  const body = `${grouped ? '#,##0' : '0'}${decimals}`;
  const withCurrency = currency ? `"${currency}"${body}` : body;
  const numberFormat = bracketed ? `${withCurrency};(${withCurrency})` : grouped || currency || decimals ? withCurrency : undefined;
  return { value: negative ? -magnitude : magnitude, numberFormat };
}
