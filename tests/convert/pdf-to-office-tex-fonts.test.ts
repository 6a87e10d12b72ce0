/**
 * Text set in TeX's Computer Modern faces keeps its glyphs in Word, PowerPoint and Excel: the faces
 * are named Latin Modern (Computer Modern's Unicode faces), not CMR10/CMMI10, which on a system
 * with TeX-encoded fonts by those names (Debian's fonts-lyx, on this server) draw other glyphs for
 * the same characters. The PDF is ../shared/fixtures/pdf/pdflatex-4-pages.pdf (pdfTeX, CMR10 and
 * CMBX12 among its fonts, as pdffonts lists them); its outputs are read as their XML.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { readZipParts } from '../support/zip';

const INPUT = path.resolve(__dirname, '../../../shared/fixtures/pdf/pdflatex-4-pages.pdf');
const TEX_NAME = /^(?:[A-Z]{6}\+)?CM[A-Z]*\d+$/;
const scratch = scratchFolder('pdf-to-office-tex-fonts-');

beforeAll(() => pptxgenjsInBrowserMode());

it('the fixture is set in Computer Modern (pdffonts)', () => {
  const names = execFileSync('pdffonts', [INPUT], { encoding: 'utf8' }).split('\n').slice(2).map((line) => line.split(/\s+/)[0]).filter(Boolean);
  expect(names.filter((name) => TEX_NAME.test(name)).length).toBeGreaterThan(0);
});

// Excel sets its cells in the workbook's own face: only that it names no TeX face is checked.
it.each([
  ['pdf-to-word', true],
  ['pdf-to-ppt', true],
  ['pdf-to-excel', false],
])('%s names no TeX-encoded face', async (toolId, setsFaces) => {
  const output = await convertFile(converterOf(toolId, pdfToOfficeConverters), INPUT, scratch);
  const xml = (await readZipParts(output.path)).filter((part) => part.name.endsWith('.xml')).map((part) => part.text).join('\n');
  const faces = new Set([...xml.matchAll(/(?:w:ascii|typeface|<name val)="([^"]+)"/g)].map((m) => m[1]));
  expect([...faces].filter((face) => TEX_NAME.test(face))).toEqual([]);
  if (setsFaces) expect(faces).toContain('Latin Modern Roman');
});
