// PDF → Word, Excel and PowerPoint. A DOCX with Chinese and Latin text, headings, lists, a table
// and an image is generated here with `docx`, printed to PDF by LibreOffice, converted by our tools,
// and the results are read back by independent readers: mammoth and LibreOffice for DOCX, exceljs
// for XLSX, the package's own parts for PPTX. Then every real-world fixture goes through all three.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { DOMParser } from '@xmldom/xmldom';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import type { PageLayout, ParagraphBlock, TableCellBlock } from '../../server/convert/tools/pdf-to-office/layout/blocks';
import { fullGrid } from '../../server/convert/tools/pdf-to-office/layout/table-rules';
import { pdfLayoutConverter, type LayoutWriter } from '../../server/convert/tools/pdf-to-office/office-converter';
import { safeUri } from '../../server/convert/tools/pdf-to-office/extraction/page-links';
import { writeDocx } from '../../server/convert/tools/pdf-to-office/writers/docx-writer';
import { writePptx } from '../../server/convert/tools/pdf-to-office/writers/pptx-writer';
import { writeXlsx } from '../../server/convert/tools/pdf-to-office/writers/xlsx-writer';
import type { ConvertOutput } from '../../server/convert/types';
import { printDocx, SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { missingWords, sampleWords } from '../support/pdf-fixtures';
import {
  ACTUAL_TEXT_WORDS,
  actualTextPdf,
  CID_FONT_WORDS,
  cidFontWithoutToUnicodePdf,
  EMPTY_MAPPING_WORDS,
  emptyMappingPdf,
  RECOVERED_TEXT,
  unmappedGlyphsPdf,
} from '../support/unmapped-glyph-pdfs';
import {
  arrowDiagramPdf,
  HATCHED_FIGURE,
  hatchedFigurePdf,
  diagramsInRowPdf,
  FIGURE_PAGE_PROSE,
  FIGURE_PAGE_TABLE,
  figureAndTablePdf,
  LEGEND_ENTRIES,
  legendBesideFigurePdf,
  looseFormPdf,
  PARAGRAPH_ABOVE_FIGURE,
  paragraphAboveFigurePdf,
  ARROW_DIAGRAM,
  ROW_OF_DIAGRAMS,
  stackedFiguresPdf,
  SUB_FIGURE_CAPTIONS,
  subFiguresPdf,
  TEXT_BETWEEN_FIGURES,
} from '../support/vector-figure-pdfs';
import { readZipParts } from '../support/zip';
import { expectTransparentCircle, softMaskPdf, zipEntry, zipEntryNames } from '../support/transparent-image';
import { HTTP_LINK, linkPdf, MAIL_LINK, PAGE_LINK, SCRIPT_LINK } from '../support/link-pdf';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { sheetFailingOn } from '../support/failing-sheet';

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const FIXTURE_PASSWORD = 'openpassword';

const LONG_CHINESE = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。这是一段足够长的中文段落，用来检验跨行合并时中文字符之间不会插入空格，并且与English words混排时仍然保持正确的阅读顺序。';
const LONG_LATIN =
  'The quick brown fox jumps over the lazy dog while the report explains how revenue grew in every region, and this sentence is long enough to wrap onto a second line of the page.';

const scratch = scratchFolder('pdf-to-office-test-');
beforeAll(() => {
  pptxgenjsInBrowserMode();
});

const run = (toolId: string, file: string, options: Record<string, unknown> = {}, notes: string[] = []) => convertFile(converterOf(toolId, pdfToOfficeConverters), file, scratch, { options, notes });

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function pdfPageCount(file: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
}

/** Names and contents of the parts of an OOXML package. */
async function zipEntries(file: string): Promise<Map<string, string>> {
  return new Map((await readZipParts(file)).map((part) => [part.name, part.text]));
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

async function sampleDocx(): Promise<Buffer> {
  const picture = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const cell = (text: string, columnSpan = 1) => new TableCell({ children: [new Paragraph(text)], columnSpan, width: { size: 3000, type: WidthType.DXA } });
  const doc = new Document({
    numbering: {
      config: [
        { reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] },
        { reference: 'numbers', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] },
      ],
    },
    styles: { default: { document: { run: { size: 22, font: { ascii: 'Liberation Serif', hAnsi: 'Liberation Serif', eastAsia: 'Noto Serif CJK SC' } } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: '季度报告 Quarterly Report', size: 40, bold: true })] }),
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun(LONG_CHINESE)] }),
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun('Plain start, '), new TextRun({ text: 'bold words', bold: true }), new TextRun(' and '), new TextRun({ text: 'italic words', italics: true }), new TextRun('. ' + LONG_LATIN)] }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: '要点 Highlights', size: 30, bold: true })] }),
          new Paragraph({ numbering: { reference: 'bullets', level: 0 }, text: '第一项 first bullet' }),
          new Paragraph({ numbering: { reference: 'bullets', level: 0 }, text: '第二项 second bullet' }),
          new Paragraph({ numbering: { reference: 'numbers', level: 0 }, text: 'Numbered one' }),
          new Paragraph({ numbering: { reference: 'numbers', level: 0 }, spacing: { after: 200 }, text: 'Numbered two' }),
          new Table({
            columnWidths: [3000, 3000, 3000],
            rows: [
              new TableRow({ children: [cell('地区 Region'), cell('收入 Revenue'), cell('增长 Growth')] }),
              new TableRow({ children: [cell('华东'), cell('1,234,567'), cell('12.5%')] }),
              new TableRow({ children: [cell('合计 Total（两列合并）', 2), cell('8%')] }),
            ],
          }),
          new Paragraph({ spacing: { before: 200 }, children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 160, height: 100 } })] }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ text: '第二页 Second page closing words.' }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('a generated document through PDF and back', () => {
  let samplePdf: string;
  beforeAll(async () => {
    samplePdf = printDocx(await sampleDocx(), scratch);
  }, SOFFICE_TIMEOUT_MS);

  describe('pdf-to-word', () => {
    let output: ConvertOutput;
    let html: string;
    let text: string;
    beforeAll(async () => {
      output = await run('pdf-to-word', samplePdf);
      html = (await mammoth.convertToHtml({ path: output.path })).value;
      text = squash((await mammoth.extractRawText({ path: output.path })).value);
    });

    it('names the file after the input', () => {
      expect(output.name).toBe('sample.docx');
    });

    it('keeps the text in reading order, Chinese lines joined without spaces', () => {
      expect(text).toContain(LONG_CHINESE);
      expect(text).toContain(LONG_LATIN);
      const order = ['季度报告', '春眠不觉晓', 'Plain start', '要点', '第一项', 'Numbered two', '地区', '华东', '合计', '第二页'].map((s) => text.indexOf(s));
      expect(order.every((position) => position >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    });

    it('makes headings, bold and italic runs, list items, a table with a merged cell and an image', () => {
      // The headings were bold in the PDF, and stay bold runs inside the heading style.
      expect(html).toMatch(/<h1><strong>季度报告 Quarterly Report<\/strong><\/h1>/);
      expect(html).toMatch(/<h2><strong>要点 Highlights<\/strong><\/h2>/);
      expect(html).toMatch(/<strong>bold words<\/strong>/);
      expect(html).toMatch(/<em>italic words<\/em>/);
      expect(html).toMatch(/<ul><li>第一项 first bullet<\/li><li>第二项 second bullet<\/li><\/ul>/);
      expect(html).toMatch(/<ol><li>Numbered one<\/li><li>Numbered two<\/li><\/ol>/);
      const cells = [...html.matchAll(/<td( colspan="(\d)")?>(.*?)<\/td>/g)].map((m) => [m[2] ?? '1', m[3].replace(/<[^>]+>/g, '')]);
      expect(cells).toEqual(
        expect.arrayContaining([['1', '地区 Region'], ['1', '1,234,567'], ['1', '12.5%'], ['2', '合计 Total（两列合并）'], ['1', '8%']]),
      );
      expect(html).toMatch(/<img src="data:image\/png;base64,/);
    });

    it('writes flowing paragraphs, not text boxes, with a page break between pages', async () => {
      const documentXml = (await zipEntries(output.path)).get('word/document.xml')!;
      expect(documentXml).not.toMatch(/w:txbxContent|<w:framePr|wps:txbx/);
      expect(documentXml.match(/<w:sectPr/g)).toHaveLength(2);
      expect(documentXml).toMatch(/w:eastAsia="Noto Serif CJK (SC|JP)"/);
    });

    it('opens in LibreOffice, which prints the same text on the same number of pages', () => {
      const reprinted = sofficeConvert(output.path, 'pdf', scratch);
      expect(pdfPageCount(reprinted)).toBe(2);
      const reprintedText = squash(pdfText(reprinted));
      for (const phrase of ['季度报告 Quarterly Report', '1,234,567', '第二页 Second page']) expect(reprintedText).toContain(phrase);
    }, SOFFICE_TIMEOUT_MS);
  });

  describe('pdf-to-excel', () => {
    it('gives each page a sheet with all its text, the ruled table in place: numbers as numbers, percentages kept, the merged cell merged', async () => {
      const output = await run('pdf-to-excel', samplePdf);
      expect(output.name).toBe('sample.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(output.path);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['第1页', '第2页']);
      const sheet = workbook.getWorksheet('第1页')!;
      const rows: string[] = [];
      sheet.eachRow((row, n) => (rows[n] = (row.values as ExcelJS.CellValue[]).slice(1).join(' ')));
      // The text around the table is kept, in page order: the heading and list above it, then the table.
      const heading = rows.findIndex((text) => text?.includes('季度报告 Quarterly Report'));
      const bullet = rows.findIndex((text) => text?.includes('第一项 first bullet'));
      const top = rows.findIndex((text) => text?.startsWith('地区 Region'));
      expect(heading).toBeGreaterThan(0);
      expect(bullet).toBeGreaterThan(heading);
      expect(top).toBeGreaterThan(bullet);
      expect(sheet.getCell(top, 1).value).toBe('地区 Region');
      expect(sheet.getCell(top, 2).value).toBe('收入 Revenue');
      expect(sheet.getCell(top + 1, 2).value).toBe(1234567);
      expect(sheet.getCell(top + 1, 2).numFmt).toBe('#,##0');
      expect(sheet.getCell(top + 1, 3).value).toBeCloseTo(0.125);
      expect(sheet.getCell(top + 1, 3).numFmt).toBe('0.0%');
      expect(sheet.getCell(top + 2, 1).value).toBe('合计 Total（两列合并）');
      expect(sheet.getCell(top + 2, 2).isMerged).toBe(true);
      expect(sheet.getCell(top + 2, 2).master.address).toBe(`A${top + 2}`);
      expect(sheet.getCell(top + 2, 3).value).toBeCloseTo(0.08);
      expect(workbook.getWorksheet('第2页')!.getCell('A1').text).toContain('第二页 Second page');
    });

    it('keeps the text of cells whose spans overlap (ruling found in a vector figure) instead of failing the file', async () => {
      const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
      const paragraph = (text: string): ParagraphBlock => ({
        kind: 'paragraph', box, runs: [{ text, bold: false, italic: false, size: 10, fontName: 'Helvetica' }], size: 10, lineCount: 1,
        alignment: 'left', indentLeft: 0, firstLineIndent: 0, spaceBefore: 0,
      });
      const cell = (row: number, column: number, rowSpan: number, columnSpan: number, text: string): TableCellBlock => ({ row, column, rowSpan, columnSpan, box, paragraphs: [paragraph(text)] });
      const page: PageLayout = {
        number: 1, width: 100, height: 100, sheetLines: [], rules: [],
        blocks: [{ kind: 'table', box, xs: [0, 10, 20, 30], ys: [0, 10, 20, 30], cells: [cell(0, 0, 2, 2, 'Outer frame'), cell(1, 1, 2, 2, 'Inner frame'), cell(2, 0, 1, 1, 'Corner')], rules: fullGrid(3, 3) }],
      };
      const file = path.join(scratch, 'overlap.xlsx');
      await writeXlsx([page], file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const cells: string[] = [];
      workbook.getWorksheet('第1页')!.eachRow((row) => row.eachCell((c) => void cells.push(c.text)));
      for (const word of ['Outer frame', 'Inner frame', 'Corner']) expect(cells.join('\n')).toContain(word);
    });
  });

  describe('pdf-to-ppt', () => {
    it('makes one slide per page, the slide the size of the page, with editable text and the picture', async () => {
      const output = await run('pdf-to-ppt', samplePdf);
      expect(output.name).toBe('sample.pptx');
      const parts = await zipEntries(output.path);
      const slides = [...parts.keys()].filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
      expect(slides).toHaveLength(pdfPageCount(samplePdf));
      const [, width, height] = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(parts.get('ppt/presentation.xml')!)!.map(Number);
      // A4 portrait in EMU (12700 per point).
      expect(width / 12700).toBeCloseTo(595.3, 0);
      expect(height / 12700).toBeCloseTo(841.9, 0);
      const slideText = (name: string) => [...parts.get(name)!.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
      expect(slideText('ppt/slides/slide1.xml')).toContain('季度报告 Quarterly Report');
      expect(slideText('ppt/slides/slide1.xml')).toContain('1,234,567');
      expect(parts.get('ppt/slides/slide1.xml')).toContain('<p:pic>');
      expect(slideText('ppt/slides/slide2.xml')).toContain('第二页 Second page');
    });
  });
});

describe('vector figures and loose text (issue 14 items 1–3)', () => {
  let figurePdf: string;
  let formPdf: string;
  beforeAll(async () => {
    figurePdf = path.join(scratch, 'figure-and-table.pdf');
    formPdf = path.join(scratch, 'loose-form.pdf');
    writeFileSync(figurePdf, await figureAndTablePdf());
    writeFileSync(formPdf, await looseFormPdf());
  });

  /** pdftotext's words of the input: the independent witness of what the page says. */
  const inputWords = (file: string) => pdfText(file).split(/\s+/).filter(Boolean);

  async function readSheets(file: string): Promise<ExcelJS.Workbook> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    return workbook;
  }

  /** Every cell with a value on every sheet. */
  function sheetCells(workbook: ExcelJS.Workbook): ExcelJS.Cell[] {
    const cells: ExcelJS.Cell[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell))));
    return cells;
  }

  /** Words not shown by the cells: as text, or (a number the sheet made numeric, 1,200 or 5%) as its value. */
  function wordsMissingFrom(cells: readonly ExcelJS.Cell[], words: readonly string[]): string[] {
    const all = cells.map((cell) => cell.text).join('\n');
    const numbers = cells.map((cell) => cell.value).filter((v): v is number => typeof v === 'number');
    return words.filter((word) => {
      if (all.includes(word)) return false;
      const numeric = /^([\d,]+(?:\.\d+)?)(%?)$/.exec(word);
      if (!numeric) return true;
      const value = Number(numeric[1].replace(/,/g, '')) / (numeric[2] ? 100 : 1);
      return !numbers.some((n) => Math.abs(n - value) < 1e-9);
    });
  }

  function mergedRanges(workbook: ExcelJS.Workbook): string[] {
    const ranges: string[] = [];
    workbook.eachSheet((sheet) => ranges.push(...(sheet.model.merges ?? [])));
    return ranges;
  }

  const documentXml = async (file: string) => (await zipEntries(file)).get('word/document.xml')!;
  const tablesOf = (xml: string) => [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) => m[0]);
  const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');

  it('pdf-to-excel converts the figure page: every word on the sheet, the table as an unmerged grid, the text around it as rows in page order', async () => {
    const notes: string[] = [];
    const workbook = await readSheets((await run('pdf-to-excel', figurePdf, {}, notes)).path);
    expect(notes).toEqual([]);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['第1页']);
    expect(wordsMissingFrom(sheetCells(workbook), inputWords(figurePdf))).toEqual([]);
    // The plot's grid lines, ticks and bars made no table: nothing is merged.
    expect(mergedRanges(workbook)).toEqual([]);
    const sheet = workbook.getWorksheet('第1页')!;
    const rowOf = (text: string) => {
      let found = 0;
      sheet.eachRow((row, n) => {
        if (!found && row.values && (row.values as ExcelJS.CellValue[]).some((v) => typeof v === 'string' && v.includes(text))) found = n;
      });
      return found;
    };
    const header = rowOf('Region');
    expect(header).toBeGreaterThan(rowOf('Quarterly measurements'));
    expect(header).toBeGreaterThan(rowOf('Figure 1.'));
    expect(rowOf('Closing remark')).toBeGreaterThan(header + FIGURE_PAGE_TABLE.length - 1);
    // The table in a grid of its own cells, one row per table row.
    const column = sheet.getRow(header).values as ExcelJS.CellValue[];
    const left = column.indexOf('Region');
    FIGURE_PAGE_TABLE.forEach((cells, r) =>
      cells.forEach((text, c) => {
        const cell = sheet.getCell(header + r, left + c);
        expect(cell.isMerged).toBe(false);
        expect(wordsMissingFrom([cell], [text])).toEqual([]);
        // Ruled: every cell of the table has its borders.
        expect(cell.border?.top?.style).toBe('thin');
      }),
    );
  });

  it('pdf-to-excel keeps every word of a loose form page, with no table made of its small box', async () => {
    const workbook = await readSheets((await run('pdf-to-excel', formPdf)).path);
    const words = inputWords(formPdf);
    expect(words.length).toBeGreaterThanOrEqual(18);
    expect(wordsMissingFrom(sheetCells(workbook), words)).toEqual([]);
    expect(mergedRanges(workbook)).toEqual([]);
    const rows: string[] = [];
    workbook.getWorksheet('第1页')!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).filter(Boolean).join(' ')));
    // Reading order: top to bottom, a row per line of the form.
    const at = (text: string) => rows.findIndex((row) => row.includes(text));
    expect(at('Application form')).toBeLessThan(at('Alice Walker'));
    expect(at('Alice Walker')).toBeLessThan(at('Springfield'));
    expect(at('Office use')).toBeLessThan(at('Signature and date below'));
    expect(at('Signature and date below')).toBeLessThan(at('Approved by the clerk'));
  });

  it('pdf-to-word places the figure as one picture where it stood and the table as one real table, with no empty tables', async () => {
    const notes: string[] = [];
    const output = await run('pdf-to-word', figurePdf, {}, notes);
    expect(notes).toEqual([]);
    const parts = await zipEntries(output.path);
    const media = [...parts.keys()].filter((name) => /^word\/media\/.+\.png$/.test(name));
    expect(media).toHaveLength(1);
    const xml = parts.get('word/document.xml')!;
    const tables = tablesOf(xml);
    expect(tables).toHaveLength(1);
    expect(textOf(tables[0]).split(/\s+/)).toEqual(FIGURE_PAGE_TABLE.flat());
    // The picture is the plot: wider than tall, drawn sharper than the page's 72 dpi.
    const picture = await sharp(execFileSync('unzip', ['-p', output.path, media[0]])).metadata();
    expect(picture.width!).toBeGreaterThan(700);
    expect(picture.width! / picture.height!).toBeGreaterThan(1.4);
    expect(picture.width! / picture.height!).toBeLessThan(2.2);
    // Order: prose, the picture, the caption, the table, the closing line; the plot's labels are
    // text boxes over the picture (pdf-to-office-figure-labels.test.ts), not in the flowing text.
    const body = squash((await mammoth.extractRawText({ path: output.path })).value);
    for (const word of FIGURE_PAGE_PROSE) expect(body).toContain(word);
    expect(body).not.toContain('Series measured');
    expect(body).not.toContain('Time in seconds');
    const textBoxes = textOf([...xml.matchAll(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g)].map((m) => m[0]).join(''));
    for (const label of ['Series measured', 'Time in seconds']) expect(textBoxes).toContain(label);
    const drawing = xml.indexOf('<w:drawing>');
    expect(drawing).toBeGreaterThan(xml.indexOf('the table lists the totals'));
    expect(drawing).toBeLessThan(xml.indexOf('Figure 1. Values measured'));
    expect(xml.indexOf('Figure 1. Values measured')).toBeLessThan(xml.indexOf('<w:tbl>'));
    expect(xml.indexOf('<w:tbl>')).toBeLessThan(xml.indexOf('Closing remark'));
  });

  it('pdf-to-word output lays out as one page in LibreOffice, as the input is', () => {
    return run('pdf-to-word', figurePdf).then((output) => {
      const reprinted = sofficeConvert(output.path, 'pdf', scratch);
      expect(pdfPageCount(reprinted)).toBe(pdfPageCount(figurePdf));
      for (const phrase of ['Quarterly measurements', 'Closing remark after the table.']) expect(squash(pdfText(reprinted))).toContain(phrase);
    });
  }, SOFFICE_TIMEOUT_MS);

  it('pdf-to-word keeps the loose form as text, without tables', async () => {
    const output = await run('pdf-to-word', formPdf);
    const xml = await documentXml(output.path);
    expect(tablesOf(xml)).toEqual([]);
    expect(missingWords((await mammoth.extractRawText({ path: output.path })).value, inputWords(formPdf))).toEqual([]);
  });

  /** The DOCX parts of a generated PDF's conversion, and how many pictures it holds. */
  async function wordOf(name: string, pdf: Uint8Array): Promise<{ parts: Map<string, string>; pictures: number; file: string }> {
    const file = path.join(scratch, name);
    writeFileSync(file, pdf);
    const parts = await zipEntries((await run('pdf-to-word', file)).path);
    return { parts, pictures: [...parts.keys()].filter((entry) => /^word\/media\/.+\.png$/.test(entry)).length, file };
  }

  it('pdf-to-word keeps a paragraph that ends just above a figure whole as text, the shapes one picture (alphatrans.pdf)', async () => {
    const { parts, pictures } = await wordOf('paragraph-above-figure.pdf', await paragraphAboveFigurePdf());
    expect(pictures).toBe(1);
    const text = squash(textOf(parts.get('word/document.xml')!));
    for (const line of PARAGRAPH_ABOVE_FIGURE) expect(text).toContain(line);
  });

  it('pdf-to-word keeps two figures with text between them apart, the text in the flow between them, though a clipped curve of one runs over the page (GeoTopo.pdf)', async () => {
    const { parts, pictures: drawn, file } = await wordOf('stacked-figures.pdf', await stackedFiguresPdf());
    // What a reader sees: the text between the figures, read by poppler.
    const shown = squash(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
    for (const line of TEXT_BETWEEN_FIGURES) expect(shown).toContain(line);
    expect(drawn).toBe(2);
    // The body, with the figures' labels (text boxes) left out: the text between stands there, between the pictures.
    const body = parts.get('word/document.xml')!.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '');
    const pictures = [...body.matchAll(/<pic:pic\b/g)].map((m) => m.index!);
    expect(pictures).toHaveLength(2);
    const between = squash(textOf(body.slice(pictures[0], pictures[1])));
    for (const line of TEXT_BETWEEN_FIGURES) expect(between).toContain(line);
  });

  it('pdf-to-word draws sub-figures whose captions stand between them as pictures of their own, each caption once, as text after its picture', async () => {
    const { parts, pictures } = await wordOf('sub-figures.pdf', await subFiguresPdf());
    expect(pictures).toBe(3);
    const xml = parts.get('word/document.xml')!;
    const text = squash(textOf(xml));
    for (const caption of SUB_FIGURE_CAPTIONS) expect(text.split(caption)).toHaveLength(2);
    // No caption is a label over a picture: the sub-figures' captions are no longer what joins them.
    const labels = [...xml.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)].map((m) => squash(textOf(m[1])));
    for (const caption of SUB_FIGURE_CAPTIONS) expect(labels).not.toContain(caption);
  });

  it('pdf-to-word takes a legend framed beside a figure into its picture, its entries as labels over it', async () => {
    const { parts, pictures } = await wordOf('legend-beside-figure.pdf', await legendBesideFigurePdf());
    expect(pictures).toBe(1);
    const xml = parts.get('word/document.xml')!;
    const labels = [...xml.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)].map((m) => squash(textOf(m[1])));
    expect(labels).toEqual(expect.arrayContaining(LEGEND_ENTRIES));
    const body = squash(textOf(xml.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '')));
    for (const entry of LEGEND_ENTRIES) expect(body.split(' ')).not.toContain(entry);
  });

  it('pdf-to-word draws diagrams joined by an arrow on one row as one picture, and a grid whose corner dots are Type 3 glyphs as a figure, not a table of "b"s (GeoTopo.pdf page 40)', async () => {
    const { parts, pictures, file } = await wordOf('diagrams-in-row.pdf', await diagramsInRowPdf());
    // The witness: poppler reads the dots as letters, and the input draws the arrow apart from both diagrams.
    expect(pdfText(file).match(/\bb\b/g)).toHaveLength(9);
    const xml = parts.get('word/document.xml')!;
    expect(tablesOf(xml)).toEqual([]);
    expect(pictures).toBe(2);
    // The row's picture spans from the triangle to the segment (96 to 334 pt on the page, 238 pt wide).
    const widths = [...xml.matchAll(/<wp:extent cx="(\d+)"/g)].map((m) => Number(m[1]) / 12700).sort((a, b) => b - a);
    expect(widths[0]).toBeGreaterThan(220);
    // The arrow's label is a label over the picture; no dot is read as text anywhere.
    const labels = [...xml.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)].map((m) => squash(textOf(m[1])));
    expect(labels).toContain(ROW_OF_DIAGRAMS.arrowLabel);
    expect(textOf(xml).split(/\s+/)).not.toContain('b');
    expect(squash(textOf(xml))).toContain(ROW_OF_DIAGRAMS.caption);
  });

  it('pdf-to-word keeps areas hatched with a tiling pattern as pictures of the hatching, the caption and text as text (GeoTopo.pdf page 32)', async () => {
    const file = path.join(scratch, 'hatched-figure.pdf');
    writeFileSync(file, await hatchedFigurePdf());
    const output = (await run('pdf-to-word', file)).path;
    const parts = await zipEntries(output);
    // Each area on its base line is a figure (the two alike may share one media file): the
    // pattern's cell, drawn once and repeated, had left no drawing to find.
    expect(parts.get('word/document.xml')!.match(/<pic:pic[ >]/g)).toHaveLength(2);
    const media = [...parts.keys()].filter((name) => /^word\/media\/.+\.png$/.test(name));
    for (const name of media) {
      // The hatching is drawn: strokes on white, about as wide as the 60 by 30 pt area over its line.
      const png = execFileSync('unzip', ['-p', output, name]);
      const { width, height } = await sharp(png).metadata();
      expect(width! / height!).toBeGreaterThan(1.5);
      const { channels } = await sharp(png).stats();
      expect(channels[0].mean).toBeLessThan(235);
      expect(channels[0].max).toBeGreaterThan(200);
    }
    const body = squash(textOf(parts.get('word/document.xml')!));
    for (const words of [HATCHED_FIGURE.before, HATCHED_FIGURE.caption, HATCHED_FIGURE.after]) expect(body).toContain(words);
  });

  it('pdf-to-word keeps a commutative diagram of bare strokes between short nodes as one picture with its nodes and arrow labels over it, and leaves a fill-in line and a fraction as text (GeoTopo.pdf page 14)', async () => {
    const { parts, pictures } = await wordOf('arrow-diagram.pdf', await arrowDiagramPdf());
    expect(pictures).toBe(1);
    const xml = parts.get('word/document.xml')!;
    const labels = [...xml.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)].map((m) => squash(textOf(m[1])));
    expect(labels.sort()).toEqual([...ARROW_DIAGRAM.nodes, ...ARROW_DIAGRAM.arrows].sort());
    // The picture (the widest drawing: the rest are the labels' boxes) spans the three nodes (250 to 338 pt), not the page's other rules.
    const widest = Math.max(...[...xml.matchAll(/<wp:extent cx="(\d+)"/g)].map((m) => Number(m[1]) / 12700));
    expect(widest).toBeGreaterThan(80);
    expect(widest).toBeLessThan(120);
    const body = squash(textOf(xml.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '')));
    for (const words of [ARROW_DIAGRAM.before, ...ARROW_DIAGRAM.blank, ARROW_DIAGRAM.after]) expect(body).toContain(words);
    expect(body).toMatch(/1\s*2/);
  });

  it('pdf-to-ppt places the figure as one picture with its labels as text, and keeps the table text editable', async () => {
    const parts = await zipEntries((await run('pdf-to-ppt', figurePdf)).path);
    const slide = parts.get('ppt/slides/slide1.xml')!;
    expect(slide.match(/<p:pic>/g)).toHaveLength(1);
    const text = [...slide.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' ');
    for (const word of [...FIGURE_PAGE_TABLE.flat(), ...FIGURE_PAGE_PROSE, 'Series measured']) expect(text).toContain(word);
  });

  describe('a page a writer fails on', () => {
    /** A writer that gets page 2 with a picture whose file is gone, as a failed extraction would leave it. */
    const breakingPageTwo =
      (write: LayoutWriter): LayoutWriter =>
      (pages, file, title, fallback) =>
        write(
          pages.map((page) =>
            page.number === 2 ? { ...page, blocks: [...page.blocks, { kind: 'image', box: { x0: 72, y0: 72, x1: 144, y1: 144 }, file: path.join(scratch, 'gone.png') }] } : page,
          ),
          file,
          title,
          fallback,
        );
    let twoPages: string;
    beforeAll(async () => {
      const { PDFDocument } = await import('pdf-lib');
      const doc = await PDFDocument.create();
      for (const source of [await figureAndTablePdf(), await looseFormPdf()]) {
        const [page] = await doc.copyPages(await PDFDocument.load(source), [0]);
        doc.addPage(page);
      }
      twoPages = path.join(scratch, 'two-pages.pdf');
      writeFileSync(twoPages, await doc.save());
    });

    it('Word: that page becomes a picture of itself, the others stay, and the task is told which page', async () => {
      const notes: string[] = [];
      const output = await convertFile(pdfLayoutConverter('pdf-to-word', 'docx', breakingPageTwo(writeDocx)), twoPages, scratch, { notes });
      expect(notes).toEqual(['第2页版面未能完整还原，已按原样（图片或文本行）保留']);
      const parts = await zipEntries(output.path);
      // The figure of page 1 and the picture of page 2.
      expect([...parts.keys()].filter((name) => /^word\/media\/.+\.png$/.test(name))).toHaveLength(2);
      const text = squash((await mammoth.extractRawText({ path: output.path })).value);
      expect(text).toContain('Closing remark after the table.');
      expect(text).not.toContain('Application form');
      const reprinted = sofficeConvert(output.path, 'pdf', scratch);
      expect(pdfPageCount(reprinted)).toBe(2);
    }, SOFFICE_TIMEOUT_MS);

    it('Excel: that page goes in as plain rows of all its words', async () => {
      const notes: string[] = [];
      const workbook = await readSheets((await convertFile(pdfLayoutConverter('pdf-to-excel', 'xlsx', sheetFailingOn(2)), twoPages, scratch, { notes })).path);
      expect(notes).toEqual(['第2页版面未能完整还原，已按原样（图片或文本行）保留']);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['第1页', '第2页']);
      expect(wordsMissingFrom(sheetCells(workbook), inputWords(twoPages))).toEqual([]);
    });

    it('PowerPoint: that slide shows the page as a picture; one slide per page still', async () => {
      const notes: string[] = [];
      const parts = await zipEntries((await convertFile(pdfLayoutConverter('pdf-to-ppt', 'pptx', breakingPageTwo(writePptx)), twoPages, scratch, { notes })).path);
      expect(notes).toEqual(['第2页版面未能完整还原，已按原样（图片或文本行）保留']);
      expect([...parts.keys()].filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))).toHaveLength(2);
      expect(parts.get('ppt/slides/slide2.xml')!.match(/<p:pic>/g)).toHaveLength(1);
    });
  });
});

describe('an image with a soft mask (issue 14 item 6)', () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(scratch, 'circle.pdf');
    writeFileSync(file, await softMaskPdf());
  });

  /** The one picture a package holds under `folder`, unzipped by unzip. */
  async function onlyPicture(output: string, folder: string): Promise<Buffer> {
    const media = (await zipEntryNames(output)).filter((name) => name.startsWith(folder) && !name.endsWith('/'));
    expect(media).toHaveLength(1);
    return zipEntry(output, media[0]);
  }

  it('pdf-to-word keeps its transparency: a PNG with alpha, the corner transparent, not black', async () => {
    const docx = await run('pdf-to-word', file);
    await expectTransparentCircle(await onlyPicture(docx.path, 'word/media/'));
  });

  it('pdf-to-ppt keeps its transparency likewise', async () => {
    const pptx = await run('pdf-to-ppt', file);
    await expectTransparentCircle(await onlyPicture(pptx.path, 'ppt/media/'));
  });
});

describe('links (issue 14 item 9)', () => {
  let linksFile: string;
  beforeAll(async () => {
    linksFile = path.join(scratch, 'links.pdf');
    writeFileSync(linksFile, await linkPdf());
  });

  /** Relationship id → target, from a part's .rels. */
  const relationships = (rels: string) => new Map([...rels.matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));

  it('keeps only http, https and mailto addresses: script, file, data and launch targets are dropped, however spelled', () => {
    expect(safeUri('https://example.com/a b?q="x"')).toBe('https://example.com/a%20b?q=%22x%22');
    expect(safeUri(' mailto:team@example.com ')).toBe('mailto:team@example.com');
    expect(safeUri('HTTP://Example.COM')).toBe('http://example.com/');
    for (const hostile of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>', 'vbscript:x', 'smb://host/share', 'http:/', 'relative/path', '']) {
      expect(safeUri(hostile)).toBeUndefined();
    }
  });

  it('pdf-to-word: web and mail links are w:hyperlinks to their addresses, the page link goes to a bookmark on page 2, the javascript: link is plain text', async () => {
    const output = await run('pdf-to-word', linksFile);
    const parts = await zipEntries(output.path);
    const document = new DOMParser().parseFromString(parts.get('word/document.xml')!, 'text/xml');
    const rels = relationships(parts.get('word/_rels/document.xml.rels')!);
    const text = (element: Element) => Array.from(element.getElementsByTagName('w:t')).map((t) => t.textContent).join('');
    const links = Array.from(document.getElementsByTagName('w:hyperlink')).map((h) => ({
      text: text(h as unknown as Element),
      target: h.getAttribute('r:id') ? rels.get(h.getAttribute('r:id')!) : `#${h.getAttribute('w:anchor')}`,
    }));
    expect(links).toEqual([
      { text: HTTP_LINK.text, target: HTTP_LINK.uri },
      { text: MAIL_LINK.text, target: MAIL_LINK.uri },
      { text: PAGE_LINK.text, target: '#Page2' },
    ]);
    const bookmarks = Array.from(document.getElementsByTagName('w:bookmarkStart')).map((b) => b.getAttribute('w:name'));
    expect(bookmarks).toEqual(['Page2']);
    const paragraphs = Array.from(document.getElementsByTagName('w:p')).map((p) => text(p as unknown as Element));
    expect(paragraphs).toContain(`Never follow a ${SCRIPT_LINK.text} here.`);
    expect(paragraphs).toContain('Second page text.');
    expect([...parts.values()].join('')).not.toMatch(/javascript/i);

    // LibreOffice reads the same three links (its own document model, saved as ODF).
    const odt = await zipEntries(sofficeConvert(output.path, 'odt', scratch));
    const anchors = [...odt.get('content.xml')!.matchAll(/<text:a [^>]*xlink:href="([^"]+)"[^>]*>(.*?)<\/text:a>/g)].map((m) => ({
      text: m[2].replace(/<[^>]+>/g, ''),
      target: m[1].replace(/&amp;/g, '&'),
    }));
    expect(anchors).toEqual(links);
  }, SOFFICE_TIMEOUT_MS);

  it('pdf-to-ppt: the link runs carry a:hlinkClick to the addresses and to slide 2; the javascript: link is plain text', async () => {
    const output = await run('pdf-to-ppt', linksFile);
    const parts = await zipEntries(output.path);
    const slide = parts.get('ppt/slides/slide1.xml')!;
    const rels = relationships(parts.get('ppt/slides/_rels/slide1.xml.rels')!);
    const runs = [...slide.matchAll(/<a:r>(.*?)<\/a:r>/gs)].map((m) => ({
      text: /<a:t>([^<]*)<\/a:t>/.exec(m[1])?.[1],
      target: rels.get(/<a:hlinkClick r:id="([^"]+)"/.exec(m[1])?.[1] ?? ''),
    }));
    expect(runs.filter((r) => r.target)).toEqual([
      { text: HTTP_LINK.text, target: HTTP_LINK.uri },
      { text: MAIL_LINK.text, target: MAIL_LINK.uri },
      { text: PAGE_LINK.text, target: 'slide2.xml' },
    ]);
    expect(runs.map((r) => r.text)).toContain(`Never follow a ${SCRIPT_LINK.text} here.`);
    expect([...parts.values()].join('')).not.toMatch(/javascript/i);
  });
});

describe('every real-world fixture', () => {
  const fixtures = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf')) : [];
  if (fixtures.length === 0) {
    it.skip(`skipped: no fixtures at ${FIXTURES}`, () => {});
    return;
  }
  const encrypted = 'libreoffice-writer-password.pdf';
  /**
   * The fixtures whose page shows a picture (pdfimages -list, written down here): the picture-only
   * ones have no words to look for, so the picture is what each output must carry. The ImageMagick
   * files' pictures are 3.84 pt specks, not counted.
   */
  const PICTURES_BY_HAND = ['cmyk-image.pdf', 'google-doc-document.pdf', 'grayscale-image.pdf'];

  it.each(fixtures.filter((name) => name !== encrypted))('%s converts to Word, Excel and PowerPoint', async (fixture) => {
    const file = path.join(FIXTURES, fixture);
    // Each output carries the words pdftotext reads on the first pages (none for a picture-only
    // file), and the fixture's picture where it has one.
    const words = sampleWords(file);
    const picture = PICTURES_BY_HAND.includes(fixture);
    const word = await run('pdf-to-word', file);
    const docx = await mammoth.extractRawText({ path: word.path });
    expect(docx.messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(missingWords(docx.value, words)).toEqual([]);
    expect(docx.value).not.toContain('\uFFFD');
    if (picture) expect([...(await zipEntries(word.path)).keys()].filter((name) => /^word\/media\/.+\.(png|jpe?g)$/.test(name))).toHaveLength(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await run('pdf-to-excel', file)).path);
    expect(workbook.worksheets).toHaveLength(pdfPageCount(file));
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell.text))));
    expect(missingWords(cells.join(' '), words)).toEqual([]);
    expect(cells.join(' ')).not.toContain('\uFFFD');
    const parts = await zipEntries((await run('pdf-to-ppt', file)).path);
    const slides = [...parts.keys()].filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    expect(slides).toHaveLength(pdfPageCount(file));
    const slideText = slides.map((name) => parts.get(name)!.replace(/<[^>]+>/g, '')).join(' ');
    expect(missingWords(slideText, words)).toEqual([]);
    expect(slideText).not.toContain('\uFFFD');
    if (picture) expect(parts.get('ppt/slides/slide1.xml')).toContain('<p:pic>');
  });

  it('asks for the password of the encrypted fixture, and converts with it', async () => {
    const file = path.join(FIXTURES, encrypted);
    for (const toolId of ['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt']) {
      await expect(run(toolId, file)).rejects.toThrow(new ConvertError('PDF已加密，请先解密'));
    }
    const word = await run('pdf-to-word', file, { password: FIXTURE_PASSWORD });
    // The words pdftotext reads with the password, not merely some text.
    const words = sampleWords(file, { password: FIXTURE_PASSWORD });
    expect(words.length).toBeGreaterThan(0);
    expect(missingWords((await mammoth.extractRawText({ path: word.path })).value, words)).toEqual([]);
  });

  it('multicolumn.pdf keeps its two-column reading order in Word', async () => {
    const word = await run('pdf-to-word', path.join(FIXTURES, 'multicolumn.pdf'));
    const text = squash((await mammoth.extractRawText({ path: word.path })).value);
    // pdftotext in raw (content stream) order is the independent witness of where each column runs.
    const firstColumnStart = 'Lorem ipsum dolor sit amet, consectetuer adipiscing elit. Ut purus elit, vestibulum ut, placerat ac';
    const firstColumnEnd = 'Nulla malesuada porttitor diam';
    const secondColumnStart = 'pellentesque ante. Phasellus adipiscing semper elit';
    const raw = squash(execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', path.join(FIXTURES, 'multicolumn.pdf'), '-'], { encoding: 'utf8' }));
    expect(raw.indexOf(firstColumnEnd)).toBeLessThan(raw.indexOf(secondColumnStart.slice(0, 20)));
    expect(text).toContain(firstColumnStart);
    expect(text.indexOf(firstColumnEnd)).toBeGreaterThan(text.indexOf(firstColumnStart));
    expect(text.indexOf(secondColumnStart)).toBeGreaterThan(text.indexOf(firstColumnEnd));
  });
});

describe('glyphs without Unicode (issue 14 item 4)', () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(scratch, 'unmapped-glyphs.pdf');
    writeFileSync(file, await unmappedGlyphsPdf());
  });

  const mupdfText = (input: string) => execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', input], { encoding: 'utf8' });
  const replacements = (text: string) => text.split('\uFFFD').length - 1;

  /** The text of each tool's output, read from its package (cells for Excel), and the notes each task got. */
  async function textPerTool(input: string): Promise<{ texts: Record<string, string>; notes: Record<string, string[]> }> {
    const texts: Record<string, string> = {};
    const notes: Record<string, string[]> = {};
    for (const toolId of ['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt']) {
      notes[toolId] = [];
      const output = await run(toolId, input, {}, notes[toolId]);
      if (toolId === 'pdf-to-excel') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(output.path);
        const cells: string[] = [];
        workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell.text))));
        texts[toolId] = cells.join(' ');
      } else {
        const parts = await zipEntries(output.path);
        texts[toolId] = [...parts].filter(([name]) => /^(word\/document|ppt\/slides\/slide\d+)\.xml$/.test(name)).map(([, xml]) => xml.replace(/<[^>]+>/g, '')).join(' ');
      }
    }
    return { texts, notes };
  }

  it('the input shows the defect: MuPDF alone reads its TeX-named glyphs as U+FFFD', () => {
    expect(replacements(mupdfText(file))).toBe(6);
  });

  // The glyph no name reads is drawn by MuPDF's stand-in Helvetica as its code's own, a period:
  // read by its shape (glyph-ocr/glyph-shapes.ts), it is no picture, and no note is due.
  it('Word, Excel and PPT read the glyph names, and the glyph no name reads by the period it draws', async () => {
    const { texts, notes } = await textPerTool(file);
    for (const [toolId, text] of Object.entries(texts)) {
      expect({ toolId, replacement: text.includes('\uFFFD') }).toEqual({ toolId, replacement: false });
      for (const recovered of [...RECOVERED_TEXT, '√ .']) expect({ toolId, text, has: text.includes(recovered) }).toMatchObject({ has: true });
      expect(notes[toolId]).toEqual([]);
    }
  });

  describe('/ActualText spans (inline, named in /Properties, inside a form) read as their text', () => {
    let input: string;
    beforeAll(async () => {
      input = path.join(scratch, 'actual-text.pdf');
      writeFileSync(input, await actualTextPdf());
    });

    it('the input shows the defect: pdftotext reads the ActualText, MuPDF alone the glyphs (U+FFFD, no "flow")', () => {
      const reference = squash(pdfText(input));
      for (const word of ACTUAL_TEXT_WORDS) expect({ word, inReference: reference.includes(word) }).toEqual({ word, inReference: true });
      const mupdf = mupdfText(input);
      expect(replacements(mupdf)).toBeGreaterThan(0);
      expect(mupdf).not.toContain('flow');
    });

    it('Word, Excel and PPT carry the words pdftotext reads, with no U+FFFD and nothing left out', async () => {
      const { texts, notes } = await textPerTool(input);
      for (const [toolId, text] of Object.entries(texts)) {
        expect({ toolId, replacements: replacements(text) }).toEqual({ toolId, replacements: 0 });
        expect({ toolId, missing: ACTUAL_TEXT_WORDS.filter((word) => !text.includes(word)) }).toEqual({ toolId, missing: [] });
        // The span's text stands once, in place of its glyphs.
        expect({ toolId, sqrt: text.split('√2').length - 1 }).toEqual({ toolId, sqrt: 1 });
        expect(notes[toolId]).toEqual([]);
      }
    });
  });

  describe('a CID font without /ToUnicode (Arabic and Latin) is read from its own cmap', () => {
    let input: string;
    beforeAll(async () => {
      input = path.join(scratch, 'cid-without-tounicode.pdf');
      writeFileSync(input, await cidFontWithoutToUnicodePdf());
    });

    it('the input shows the defect: MuPDF alone reads U+FFFD, pdftotext glyph numbers', () => {
      expect(replacements(mupdfText(input))).toBeGreaterThan(10);
      expect(pdfText(input)).not.toContain('habibi');
    });

    it('Word, Excel and PPT carry the Arabic and Latin words, with no U+FFFD and nothing left out', async () => {
      const { texts, notes } = await textPerTool(input);
      for (const [toolId, text] of Object.entries(texts)) {
        expect({ toolId, replacements: replacements(text) }).toEqual({ toolId, replacements: 0 });
        expect({ toolId, missing: CID_FONT_WORDS.filter((word) => !text.includes(word)) }).toEqual({ toolId, missing: [] });
        expect(notes[toolId]).toEqual([]);
      }
    });

    it('LibreOffice reads the same words back from the DOCX', async () => {
      const text = readFileSync(sofficeConvert((await run('pdf-to-word', input)).path, 'txt:Text (encoded):UTF8', scratch), 'utf8');
      expect(replacements(text)).toBe(0);
      expect(CID_FONT_WORDS.filter((word) => !text.includes(word))).toEqual([]);
    }, SOFFICE_TIMEOUT_MS);
  });

  describe('a /ToUnicode mapping a glyph to nothing (WeasyPrint, one line), as in the Arabic files', () => {
    let input: string;
    beforeAll(async () => {
      input = path.join(scratch, 'empty-mapping.pdf');
      writeFileSync(input, await emptyMappingPdf());
    });

    it('the input shows the defect: MuPDF alone reads the fatha\'s glyph as U+FFFD', () => {
      expect(replacements(mupdfText(input))).toBe(1);
    });

    it('Word, Excel and PPT read "habibi حَبيبي" whole, with no U+FFFD and no note of unreadable characters', async () => {
      const { texts, notes } = await textPerTool(input);
      for (const [toolId, text] of Object.entries(texts)) {
        expect({ toolId, replacements: replacements(text) }).toEqual({ toolId, replacements: 0 });
        expect({ toolId, missing: EMPTY_MAPPING_WORDS.filter((word) => !text.includes(word)) }).toEqual({ toolId, missing: [] });
        expect(notes[toolId]).toEqual([]);
      }
    });
  });

  it('a PDF whose glyphs all have Unicode gets no note', async () => {
    const notes: string[] = [];
    await run('pdf-to-word', path.join(FIXTURES, 'pdflatex-4-pages.pdf'), {}, notes);
    expect(notes).toEqual([]);
  });
});
