// File types come from the bytes; a name's extension only picks among formats sharing one container.
import { sniffType } from '../../server/files/sniff';
import { zipBytes } from '../support/zip';

const zipOf = (entry: string) => zipBytes({ [entry]: 'x' });

const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);

test('PDF by its bytes, not by its name', async () => {
  expect(await sniffType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'scan.PDF', ['pdf'])).toBe('pdf');
  expect(await sniffType(Buffer.from('hello, not a pdf'), 'fake.pdf', ['pdf'])).toBeUndefined();
  expect(await sniffType(Buffer.from('%PDF-1.7\n'), 'doc.docx', ['docx'])).toBeUndefined();
});

test('office containers are accepted by extension only when the bytes are that container', async () => {
  const zip = await zipOf('word/document.xml');
  expect(await sniffType(zip, 'report.docx', ['doc', 'docx'])).toBe('docx');
  expect(await sniffType(zip, 'report.doc', ['doc', 'docx'])).toBeUndefined();
  expect(await sniffType(OLE, 'old.doc', ['doc', 'docx'])).toBe('doc');
  expect(await sniffType(OLE, 'old.docx', ['doc', 'docx'])).toBeUndefined();
});

test('text formats: plain text only, and SVG only with an svg element', async () => {
  expect(await sniffType(Buffer.from('a,b\n1,2\n'), 'table.csv', ['csv'])).toBe('csv');
  expect(await sniffType(Buffer.from([0x61, 0x00, 0x62]), 'table.csv', ['csv'])).toBeUndefined();
  expect(await sniffType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg', ['svg'])).toBe('svg');
  expect(await sniffType(Buffer.from('<?xml version="1.0"?><note></note>'), 'a.svg', ['svg'])).toBeUndefined();
});
