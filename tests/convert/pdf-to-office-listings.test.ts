/**
 * A code listing in a fixed-width font is read as one block, line by line, each line whole with
 * its spaces (issue 14: tracemonkey.pdf's Figure 4 came out as two columns — the gap between
 * mnemonics and operands read as a gutter — and Word joined its lines into a paragraph). The PDF
 * (tests/support/code-listing-pdf.ts): Helvetica prose, a Courier listing, prose with one Courier
 * word. Read back as XML (Word, PowerPoint), as markup (HTML) and with exceljs (Excel).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { pdfToHtml } from '../../server/convert/tools/ebook/from-pdf';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { codeListingPdf, INLINE_CODE, LISTING, PROSE_AFTER, PROSE_BEFORE } from '../support/code-listing-pdf';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { zipPartText } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-listings-');
const input = path.join(scratch, 'listing.pdf');
beforeAll(async () => {
  writeFileSync(input, await codeListingPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, pdfToHtml]), input, scratch)).path;
const part = zipPartText;
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const PROSE_AFTER_TEXT = `${PROSE_AFTER[0]} ${INLINE_CODE} ${PROSE_AFTER[1]}`;

describe('PDF → Word: a code listing (issue 14)', () => {
  let paragraphs: string[];
  /** A paragraph's text, its line breaks (w:br) as '\n'. */
  const textOf = (paragraph: string) =>
    unescape([...paragraph.matchAll(/<w:br\/>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => (m[0] === '<w:br/>' ? '\n' : m[1])).join(''));
  beforeAll(async () => {
    const xml = await part(await run('pdf-to-word'), 'word/document.xml');
    paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]);
  });

  it('keeps the listing one block, its lines in order, each whole with its indentation and inner spaces', () => {
    const listing = paragraphs.filter((p) => textOf(p).includes('loop:'));
    expect(listing).toHaveLength(1);
    expect(textOf(listing[0])).toBe(LISTING.join('\n'));
    // Word keeps the spaces only where told to.
    for (const [, attributes, text] of listing[0].matchAll(/<w:t( [^>]*)?>([^<]*)<\/w:t>/g)) if (/^ | $| {2}/.test(text)) expect(attributes).toContain('xml:space="preserve"');
  });

  it('sets the listing in a fixed-width face', () => {
    const listing = paragraphs.find((p) => textOf(p).includes('loop:'))!;
    const faces = new Set([...listing.matchAll(/<w:rFonts [^>]*w:ascii="([^"]*)"/g)].map((m) => m[1]));
    expect([...faces]).toEqual(['Courier New']);
  });

  it('leaves the prose around it as it was: one paragraph each, the code word inside its sentence', () => {
    const texts = paragraphs.map(textOf);
    expect(texts).toContain(PROSE_BEFORE);
    expect(texts).toContain(PROSE_AFTER_TEXT);
    const after = paragraphs[texts.indexOf(PROSE_AFTER_TEXT)];
    expect(after).not.toContain('<w:br/>');
  });
});

describe('PDF → HTML: a code listing (issue 14)', () => {
  let html: string;
  beforeAll(async () => {
    html = readFileSync(await run('pdf-to-html'), 'utf8');
  });

  it('writes the listing as one <pre> holding its lines as set', () => {
    const blocks = [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => unescape(m[1]));
    expect(blocks).toEqual([LISTING.join('\n')]);
  });

  it('keeps the prose paragraphs around it', () => {
    const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs).toContain(PROSE_BEFORE);
    expect(paragraphs).toContain(PROSE_AFTER_TEXT);
  });
});

describe('PDF → Excel and PowerPoint: a code listing (issue 14)', () => {
  it('gives each line of the listing a row of its own, in order, spaces kept', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await run('pdf-to-excel'));
    const cells: string[] = [];
    workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    const first = cells.indexOf(LISTING[0]);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(cells.slice(first, first + LISTING.length)).toEqual(LISTING);
  });

  it('puts the listing on the slide line by line, spaces kept', async () => {
    const slide = await part(await run('pdf-to-ppt'), 'ppt/slides/slide1.xml');
    const bodies = [...slide.matchAll(/<p:txBody>([\s\S]*?)<\/p:txBody>/g)].map((m) => m[1]);
    const listing = bodies.find((body) => body.includes('loop:'))!;
    const lines = [...listing.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)].map((p) => unescape([...p[1].matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('')));
    expect(lines).toEqual(LISTING);
  });
});
