// Finding watermark marked content in raw content streams: nesting, and bytes that only look
// like operators (inside strings, dictionaries and inline images) must not confuse the reader.
import { readContentOperators } from '../../server/convert/tools/pdf-edit/content-operators';
import { cutSpans, findWatermarkSpans } from '../../server/convert/tools/pdf-edit/watermark-spans';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const withoutWatermarks = (content: string) => Buffer.from(cutSpans(bytes(content), findWatermarkSpans(bytes(content)))).toString('latin1');
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

test('operators come with their operands, whatever those contain', () => {
  const content = '/Span <</ActualText (a ) EMC \\) (b)>> BDC [(x) 2 (y)] TJ % EMC comment\nEMC 1 0 0 1 5 5 cm';
  expect([...readContentOperators(bytes(content))].map((operator) => [operator.name, operator.operands.map((operand) => operand.kind)])).toEqual([
    ['BDC', ['name', 'dict']],
    ['TJ', ['other']],
    ['EMC', []],
    ['cm', ['other', 'other', 'other', 'other', 'other', 'other']],
  ]);
});

test('inline image data is skipped, even when it holds "EMC"', () => {
  const content = 'q BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EMC\xff EI Q';
  expect([...readContentOperators(bytes(content))].map((operator) => operator.name)).toEqual(['q', 'BI', 'ID', 'EI', 'Q']);
});

test('drops outermost watermark sequences with everything nested in them', () => {
  const content = [
    'BT (body) Tj ET',
    '/Artifact <</Type /Pagination /Subtype /Watermark>> BDC q /P <</MCID 3>> BDC (inner) Tj EMC /Artifact BMC (deeper) Tj EMC Q EMC',
    '/Span <</Lang (zh)>> BDC (kept) Tj EMC',
  ].join('\n');
  expect(squeeze(withoutWatermarks(content))).toBe('BT (body) Tj ET /Span <</Lang (zh)>> BDC (kept) Tj EMC');
});

test('a watermark nested in other marked content goes, its parent stays', () => {
  const content = '/Span <<>> BDC (a) Tj /Artifact<</Subtype/Watermark>>BDC (w) Tj EMC (b) Tj EMC';
  expect(squeeze(withoutWatermarks(content))).toBe('/Span <<>> BDC (a) Tj (b) Tj EMC');
});

test('leaves other artifacts, look-alike subtypes and unclosed sequences alone', () => {
  for (const content of [
    '/Artifact <</Type /Pagination /Subtype /Footer>> BDC (1) Tj EMC',
    '/Artifact <</Subtype /WatermarkLike>> BDC (x) Tj EMC',
    '/Artifact <</Subtype /Watermark>> BDC (never closed) Tj',
    'EMC EMC (stray closers) Tj',
  ]) {
    expect(findWatermarkSpans(bytes(content))).toEqual([]);
  }
});

test('named property lists are checked by the caller’s test', () => {
  const content = '/Artifact /MC0 BDC (w) Tj EMC /Artifact /MC1 BDC (kept) Tj EMC';
  const spans = findWatermarkSpans(bytes(content), (operand, data) => data.subarray(operand.start, operand.end).toString() === '/MC0');
  expect(squeeze(Buffer.from(cutSpans(bytes(content), spans)).toString('latin1'))).toBe('/Artifact /MC1 BDC (kept) Tj EMC');
});
