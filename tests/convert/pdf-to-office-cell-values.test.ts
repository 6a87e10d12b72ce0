// A sheet cell's value from its text (writers/cell-values.ts): numbers become numbers, and text is
// the text the page shows. Text cells had their dashes and minus signs turned into hyphens (read for
// "−5" as a number) and their line breaks into spaces (issue 14: GeoTopo's formulas lost every
// "−" on the sheet, tracemonkey's "June 15–20" its en dash).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { cellValue } from '../../server/convert/tools/pdf-to-office/writers/cell-values';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { sheetRows } from '../support/sheet-rows';
import { a4Page } from '../support/vector-figure-pdfs';

const scratch = scratchFolder('pdf-to-office-cell-values-');

it('keeps a text cell\'s dashes and minus signs as they are', () => {
  expect(cellValue('June 15–20, 2009')).toEqual({ value: 'June 15–20, 2009' });
  expect(cellValue('f(x) = x − 1')).toEqual({ value: 'f(x) = x − 1' });
  expect(cellValue('1999–2009')).toEqual({ value: '1999–2009' });
});

it('still reads a number written with a minus sign or a dash as a negative number', () => {
  expect(cellValue('−5')).toEqual({ value: -5 });
  expect(cellValue('–2.50')).toEqual({ value: -2.5, numberFormat: '0.00' });
});

it('keeps a text cell\'s line breaks, each line\'s spaces closed up', () => {
  expect(cellValue('  Record \n  LIR   Trace ')).toEqual({ value: 'Record\nLIR Trace' });
  expect(cellValue('Series  measured')).toEqual({ value: 'Series measured' });
});

it('pdf-to-excel writes a line\'s en dash on the sheet', async () => {
  const { doc, text } = await a4Page(11);
  text('PLDI 09, June 15–20, 2009, Dublin, Ireland.', 72, 100);
  const file = path.join(scratch, 'dash.pdf');
  writeFileSync(file, await doc.save());
  const rows = await sheetRows((await convertFile(converterOf('pdf-to-excel', pdfToOfficeConverters), file, scratch)).path);
  expect(rows.flat().join(' ')).toContain('June 15–20, 2009');
});
