// Pages turned by /Rotate alone (issue 14: `qpdf --rotate=+90` on pdflatex-4-pages.pdf left 60 % of
// its text in order in Word): the shown page is landscape and every line runs down it. Such a page
// must come out as it was written, upright: paragraphs whole and in order, the page portrait, its
// figure's picture upright. Pages are generated with pdf-lib (tests/support/rotated-text-pdf.ts,
// vector-figure-pdfs.ts), joined and turned by qpdf by 90, 180 and 270 degrees with one page left
// unturned, and read back by independent readers (the packages' XML, exceljs, xmldom, sharp) against
// pdftotext of the unturned file. A page whose /Rotate only shows a sheet drawn turned, so its text
// reads upright as shown, keeps its landscape page.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { LANDSCAPE_LINES, paragraphPagesPdf, uprightLandscapePdf } from '../support/rotated-text-pdf';
import { paragraphAboveFigurePdf } from '../support/vector-figure-pdfs';
import { zipEntry } from '../support/transparent-image';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-rotated-');
/** Three pages of paragraphs and a figure page, upright. */
let upright: string;
/** The same pages turned by /Rotate: 90, none, 180, 270. */
let turned: string;
let landscape: string;
beforeAll(async () => {
  const paragraphs = path.join(scratch, 'paragraphs.pdf');
  const figure = path.join(scratch, 'figure.pdf');
  writeFileSync(paragraphs, await paragraphPagesPdf());
  writeFileSync(figure, await paragraphAboveFigurePdf());
  upright = path.join(scratch, 'upright.pdf');
  turned = path.join(scratch, 'turned.pdf');
  execFileSync('qpdf', ['--empty', '--pages', paragraphs, figure, '--', upright]);
  execFileSync('qpdf', [upright, '--rotate=+90:1', '--rotate=+180:3', '--rotate=+270:4', '--', turned]);
  landscape = path.join(scratch, 'landscape.pdf');
  writeFileSync(landscape, await uprightLandscapePdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, file: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ebookConverters]), file, scratch)).path;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** pdftotext's text of a page range, and its paragraphs (blocks between blank lines), spaces squashed. */
function pdftotext(file: string, first = 1, last = 99): { text: string; paragraphs: string[] } {
  const out = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(first), '-l', String(last), file, '-'], { encoding: 'utf8' });
  return { text: squash(out), paragraphs: out.split(/\n\s*\n/).map(squash).filter(Boolean) };
}

/** The non-empty paragraphs of a Word document, in order, spaces squashed. */
async function wordParagraphs(docx: string): Promise<string[]> {
  const xml = (await readZipParts(docx)).find((p) => p.name === 'word/document.xml')!.text;
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => squash([...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))).filter(Boolean);
}

/** Each section's page size (twentieths of a point). */
async function wordPageSizes(docx: string): Promise<{ w: number; h: number }[]> {
  const xml = (await readZipParts(docx)).find((p) => p.name === 'word/document.xml')!.text;
  return [...xml.matchAll(/<w:pgSz w:w="(\d+)" w:h="(\d+)"/g)].map((m) => ({ w: Number(m[1]), h: Number(m[2]) }));
}

/** Whether each of `wanted` is one of `paragraphs`, and they come in that order. */
function expectWholeInOrder(paragraphs: readonly string[], wanted: readonly string[]): void {
  expect(wanted.map((p) => paragraphs.indexOf(p))).toEqual(wanted.map((p) => paragraphs.indexOf(p)).sort((a, b) => a - b));
  expect(wanted.filter((p) => !paragraphs.includes(p))).toEqual([]);
}

describe('pages turned by /Rotate 90, 180 and 270 beside an unturned one', () => {
  let reference: { text: string; paragraphs: string[] };
  /** The paragraphs of the three text pages, as pdftotext reads the unturned file. */
  let textParagraphs: string[];
  beforeAll(() => {
    reference = pdftotext(upright);
    textParagraphs = pdftotext(upright, 1, 3).paragraphs;
  });

  it('the reference: pdftotext reads the unturned file as nine paragraphs, and every word of the turned one', () => {
    expect(textParagraphs).toHaveLength(9);
    expect(pdftotext(turned).text.split(' ').sort()).toEqual(reference.text.split(' ').sort());
  });

  it('pdf-to-word: each paragraph whole, all text in the order of the unturned pages, every page portrait', async () => {
    const docx = await run('pdf-to-word', turned);
    const paragraphs = await wordParagraphs(docx);
    expectWholeInOrder(paragraphs, textParagraphs);
    expect(paragraphs.join(' ')).toBe(reference.text);
    // The output page takes the unrotated size: the text reads upright on it.
    const sizes = await wordPageSizes(docx);
    expect(sizes).toHaveLength(4);
    for (const { w, h } of sizes) expect(w).toBeLessThan(h);
  });

  it("pdf-to-word: the figure of the page turned 270 degrees is pictured upright, as on the unturned page", async () => {
    const docx = await run('pdf-to-word', turned);
    const parts = await readZipParts(docx);
    const media = parts.filter((p) => p.name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const { data, info } = await sharp(await zipEntry(docx, media[0].name)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The figure is wider than high: three squares from the upper left down to the right, an ellipse beside them.
    expect(info.width / info.height).toBeGreaterThan(1.3);
    const xml = parts.find((p) => p.name === 'word/document.xml')!.text;
    const [, cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml)!.map(Number);
    expect(cx / cy).toBeGreaterThan(1.3);
    // The red square (half opaque over white) lies in the picture's upper left quarter.
    let [sx, sy, n] = [0, 0, 0];
    for (let i = 0; i < info.width * info.height; i++) {
      const [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
      if (r > 230 && g > 100 && g < 160 && b > 100 && b < 160) [sx, sy, n] = [sx + (i % info.width), sy + Math.floor(i / info.width), n + 1];
    }
    expect(n).toBeGreaterThan(100);
    expect(sx / n).toBeLessThan(info.width / 2);
    expect(sy / n).toBeLessThan(info.height / 2);
  });

  it('pdf-to-excel: the cells, sheet by sheet and row by row, read as the unturned pages', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await run('pdf-to-excel', turned));
    const cells: string[] = [];
    for (const sheet of workbook.worksheets) sheet.eachRow((row) => cells.push(...(row.values as ExcelJS.CellValue[]).slice(1).filter((v) => v != null).map(String)));
    expect(squash(cells.join(' '))).toBe(reference.text);
  });

  it('pdf-to-html: each paragraph one <p>, in the order of the unturned pages', async () => {
    const html = readFileSync(await run('pdf-to-html', turned), 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const paragraphs = Array.from(doc.getElementsByTagName('p')).map((p) => squash(p.textContent ?? '')).filter(Boolean);
    expectWholeInOrder(paragraphs, textParagraphs);
    expect(paragraphs.join(' ')).toBe(reference.text);
  });

  it('pdf-to-ppt: each slide holds its page read as the unturned one, on a portrait slide', async () => {
    const parts = await readZipParts(await run('pdf-to-ppt', turned));
    for (let page = 1; page <= 4; page++) {
      const slide = parts.find((p) => p.name === `ppt/slides/slide${page}.xml`)!.text;
      expect(squash([...slide.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' '))).toBe(pdftotext(upright, page, page).text);
    }
    const [, cx, cy] = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(parts.find((p) => p.name === 'ppt/presentation.xml')!.text)!.map(Number);
    expect(cx).toBeLessThan(cy);
  });
});

describe('a page turned by /Rotate whose text is drawn turned back, upright as shown', () => {
  it('the reference: pdftotext reads its lines in order on a landscape page', () => {
    expect(pdftotext(landscape).text).toBe(LANDSCAPE_LINES.join(' '));
    expect(execFileSync('pdfinfo', [landscape], { encoding: 'utf8' })).toMatch(/Page rot:\s+90/);
  });

  it('pdf-to-word keeps it as shown: a landscape page with its lines in order', async () => {
    const docx = await run('pdf-to-word', landscape);
    expect((await wordParagraphs(docx)).join(' ')).toBe(LANDSCAPE_LINES.join(' '));
    const [size] = await wordPageSizes(docx);
    expect(size.w).toBeGreaterThan(size.h);
  });
});
