/**
 * Pictures side by side in one band stay one row (issue 14: GeoTopo's four knots (a)…(d) came out
 * stacked, a quarter page grown to a page and a half, their captions after all four as one line).
 * Word: a borderless one-row table, a cell per picture left to right with its caption under it,
 * laid out by LibreOffice in one band; HTML: one row of cells; PowerPoint: three pictures at three
 * places (Excel writes a page's text, not its pictures).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { pdfToHtml } from '../../server/convert/tools/ebook/from-pdf';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { BOTTOM_ALIGNED_CAPTIONS, bottomAlignedCaptionRowPdf, imageRowPdf, ROW_FIGURE_CAPTION, ROW_PARAGRAPH, ROW_PICTURES, SCRIPT_CAPTION, SCRIPT_CAPTION_PARAGRAPH, scriptCaptionRowPdf, SUB_CAPTIONS, SUB_FIGURE_CAPTION, subCaptionRowPdf } from '../support/image-row-pdf';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { zipEntry } from '../support/transparent-image';
import { zipPartText } from '../support/zip';
import { sheetRows } from '../support/sheet-rows';
import {
  CAPTION_LINE,
  DOT_SUB_FIGURE,
  dotSubFigurePdf,
  FIGURES_IN_COLUMNS,
  figuresInTwoColumnsPdf,
  SUB_FIGURE_GRID,
  SUB_FIGURE_UNDER_ROW,
  subFigureCaptionLinePdf,
  subFigureGridPdf,
  subFigureUnderRowPdf,
} from '../support/vector-figure-pdfs';

const scratch = scratchFolder('pdf-to-office-image-rows-');
let rowPdf: string;
let subCaptionPdf: string;
beforeAll(async () => {
  rowPdf = path.join(scratch, 'image-row.pdf');
  writeFileSync(rowPdf, await imageRowPdf());
  subCaptionPdf = path.join(scratch, 'sub-captions.pdf');
  writeFileSync(subCaptionPdf, await subCaptionRowPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, pdf = rowPdf) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, pdfToHtml]), pdf, scratch)).path;
const part = zipPartText;
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
/** The table rows of a DOCX's body that hold pictures (a row of pictures set as a table). */
const pictureRows = (xml: string) => [...xml.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((m) => m[0]).filter((r) => /<pic:pic[ >]/.test(r));
const cellsOf = (row: string) => [...row.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((m) => m[0]);
/** A cell's text after its picture: the caption. */
const captionOf = (cell: string) => textOf(cell.slice(cell.indexOf('</w:drawing>')));

/** The Word body of `pdf` (bytes), written as `name` and converted. */
async function wordBodyOf(name: string, pdf: Uint8Array): Promise<string> {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  return part(await run('pdf-to-word', file), 'word/document.xml');
}

/** Which of the row's colours a picture is (by its mean colour, read by sharp). */
async function colourIndex(picture: Buffer): Promise<number> {
  const [r, g, b] = (await sharp(picture).removeAlpha().stats()).channels.map((c) => c.mean);
  const distance = (c: { r: number; g: number; b: number }) => Math.abs(c.r - r) + Math.abs(c.g - g) + Math.abs(c.b - b);
  const distances = ROW_PICTURES.map((p) => distance(p.colour));
  return distances.indexOf(Math.min(...distances));
}

describe('PDF → Word: pictures side by side stay one row (issue 14)', () => {
  let docx: string;
  beforeAll(async () => {
    docx = await run('pdf-to-word');
  });

  it('puts the three pictures in one table row, left to right, each caption under its picture', async () => {
    const xml = await part(docx, 'word/document.xml');
    const rels = await part(docx, 'word/_rels/document.xml.rels');
    const row = pictureRows(xml)[0];
    expect(row).toBeDefined();
    expect(xml.match(/<pic:pic[ >]/g)).toHaveLength(3);
    const cells = cellsOf(row);
    expect(cells).toHaveLength(3);
    for (const [i, cell] of cells.entries()) {
      const embed = /r:embed="([^"]+)"/.exec(cell)![1];
      const target = new RegExp(`Id="${embed}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${embed}"`).exec(rels)![1];
      expect(await colourIndex(await zipEntry(docx, `word/${target}`))).toBe(i);
      // The caption follows the picture inside its own cell.
      expect(captionOf(cell)).toBe(ROW_PICTURES[i].caption);
    }
    // The table has no borders, and the figure caption and paragraph follow it in the flow.
    expect(xml).not.toMatch(/<w:tblBorders>[\s\S]*?w:val="single"[\s\S]*?<\/w:tblBorders>/);
    const afterTable = xml.slice(xml.lastIndexOf('</w:tbl>'));
    expect(textOf(afterTable)).toContain(ROW_FIGURE_CAPTION);
    expect(textOf(afterTable)).toContain(ROW_PARAGRAPH);
  });

  it('LibreOffice lays the three pictures out in one band, left to right, on one page', async () => {
    const reprint = sofficeConvert(docx, 'pdf', scratch);
    expect(execFileSync('pdfinfo', [reprint], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const png = path.join(scratch, 'reprint');
    execFileSync('pdftoppm', ['-r', '40', '-png', '-singlefile', reprint, png]);
    const { data, info } = await sharp(`${png}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Each colour's extent on the page drawn by poppler.
    const extents = ROW_PICTURES.map(({ colour }) => {
      const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const at = (y * info.width + x) * 3;
          if (Math.abs(data[at] - colour.r) + Math.abs(data[at + 1] - colour.g) + Math.abs(data[at + 2] - colour.b) > 30) continue;
          Object.assign(box, { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) });
        }
      }
      return box;
    });
    for (const [i, box] of extents.entries()) {
      expect(box.x1).toBeGreaterThan(box.x0);
      if (i === 0) continue;
      const before = extents[i - 1];
      expect(box.x0).toBeGreaterThan(before.x1);
      expect(Math.abs(box.y0 - before.y0)).toBeLessThanOrEqual(2);
    }
  }, SOFFICE_TIMEOUT_MS);
});

describe('PDF → Word: sub-figures whose captions wrap onto two lines (issue 14)', () => {
  // GeoTopo's page 41 read "(a) Dies wird häufig auch als (b) Planare Einbettung des Te- Multigraph
  // bezeichnet. traeders": its flat multigraph was no figure, so the captions' lines were read across.
  it('keeps the flat drawing as a picture of the row, each caption whole in its cell, (a) before (b)', async () => {
    const xml = await part(await run('pdf-to-word', subCaptionPdf), 'word/document.xml');
    const text = textOf(xml);
    const [a, b] = SUB_CAPTIONS.map(({ lines }) => text.indexOf(lines.join(' ')));
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a);
    expect(text.indexOf(SUB_FIGURE_CAPTION)).toBeGreaterThan(b);
    const row = pictureRows(xml)[0];
    expect(row).toBeDefined();
    const cells = cellsOf(row);
    expect(cells).toHaveLength(2);
    for (const [i, cell] of cells.entries()) {
      expect(cell).toMatch(/<pic:pic[ >]/);
      expect(captionOf(cell)).toBe(SUB_CAPTIONS[i].lines.join(' '));
    }
  });
});

describe('PDF → Word: a sub-caption row deepened by a subscript', () => {
  // Each next caption line is measured from the lowest line so far: from the shallower piece of the
  // row before it ("order five"), the second row stood too far under and was read after the table.
  it('keeps the row under the subscript in the picture\'s cell', async () => {
    const xml = await wordBodyOf('script-caption.pdf', await scriptCaptionRowPdf());
    const row = pictureRows(xml)[0];
    expect(row).toBeDefined();
    const cells = cellsOf(row).map(captionOf);
    expect(cells).toEqual([SCRIPT_CAPTION.rows.join(' '), SCRIPT_CAPTION.right]);
    expect(textOf(xml.slice(xml.lastIndexOf('</w:tbl>')))).toBe(SCRIPT_CAPTION_PARAGRAPH);
  });
});

describe('PDF → Word: figures in two columns of the page on one band are no row (tracemonkey\'s page 7)', () => {
  // With the sub-figures' marks "(a)", "(b)" read as captions, the right column's figure shared
  // their band: all three read as one row, the right column's caption and text as its captions.
  it('sets the left column\'s sub-figures as a row with their marks, the right column\'s figure, caption and text apart, each column\'s text whole', async () => {
    const xml = await wordBodyOf('figures-in-columns.pdf', await figuresInTwoColumnsPdf());
    const rows = pictureRows(xml);
    expect(rows).toHaveLength(1);
    expect(cellsOf(rows[0]).map(captionOf)).toEqual(['(a)', '(b)']);
    expect(xml.match(/<pic:pic[ >]/g)).toHaveLength(3);
    const outsideTables = textOf(xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, ''));
    for (const column of [FIGURES_IN_COLUMNS.left, FIGURES_IN_COLUMNS.right]) expect(outsideTables).toContain(column.slice(1).join(' '));
    expect(outsideTables).toContain(FIGURES_IN_COLUMNS.right[0]);
  });
});

describe('PDF → Word: sub-figures\' captions on one line, the space between them under a picture\'s margin (GeoTopo\'s page 79)', () => {
  // A picture is drawn 2 pt wider than its strokes: the space after "(a) …" starting within that
  // margin was no cut, and "(a) … (b) … tri-" stayed one line, in no picture's cell.
  it('cuts the line between the two pictures, each caption whole in its own cell, the wrapped one joined', async () => {
    const xml = await wordBodyOf('caption-line.pdf', await subFigureCaptionLinePdf());
    const rows = pictureRows(xml);
    expect(rows).toHaveLength(1);
    expect(cellsOf(rows[0]).map(captionOf)).toEqual(CAPTION_LINE.read);
    expect(textOf(xml.slice(xml.lastIndexOf('</w:tbl>')))).toBe(CAPTION_LINE.caption);
  });
});

describe('PDF → Word: sub-figures in two rows found as one figure', () => {
  // The second row came within a label's reach of the first row's tick labels: one figure, cut
  // only left to right into two pictures of two plots each, "(a)" and "(b)" labels over them.
  it('cuts the figure between its rows too: two rows of two pictures, each caption under its own plot, none a label', async () => {
    const xml = await wordBodyOf('sub-figure-grid.pdf', await subFigureGridPdf());
    expect(xml.match(/<pic:pic[ >]/g)).toHaveLength(4);
    // The plots' tick labels are text boxes over their pictures: the caption is the text after those.
    const withoutLabels = (cell: string) => cell.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '');
    expect(pictureRows(xml).map((row) => cellsOf(row).map((cell) => captionOf(withoutLabels(cell))))).toEqual(SUB_FIGURE_GRID.captions);
    const labels = [...xml.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)].map((m) => textOf(m[1]));
    for (const caption of SUB_FIGURE_GRID.captions.flat()) expect(labels).not.toContain(caption);
    expect(textOf(xml.slice(xml.lastIndexOf('</w:tbl>')))).toBe(SUB_FIGURE_GRID.caption);
  });
});

describe('PDF → Word: a sub-figure alone under a row of sub-figures, in a page\'s right column (tracemonkey\'s page 6)', () => {
  // Word sets the page's columns one after the other: "(c)" was a paragraph centred in the column,
  // far left of its picture, which stands where it stood.
  it('sets the lone sub-figure with its caption centred in a cell of its own, as the row above; the left column\'s text whole', async () => {
    const xml = await wordBodyOf('sub-figure-under-row.pdf', await subFigureUnderRowPdf());
    const rows = pictureRows(xml);
    expect(rows.map((row) => cellsOf(row).map(captionOf))).toEqual([SUB_FIGURE_UNDER_ROW.marks.slice(0, 2), SUB_FIGURE_UNDER_ROW.marks.slice(2)]);
    const lone = cellsOf(rows[1])[0];
    expect(lone.slice(lone.indexOf('</w:drawing>'))).toMatch(/<w:jc w:val="center"\/>/);
    const outsideTables = textOf(xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, ''));
    expect(outsideTables).toContain(SUB_FIGURE_UNDER_ROW.left.join(' '));
    expect(outsideTables).toContain(SUB_FIGURE_UNDER_ROW.caption);
    // The figure's caption keeps the room the page leaves between "(c)" and it (about 15 pt).
    const caption = [...xml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => textOf(p).startsWith(SUB_FIGURE_UNDER_ROW.caption.slice(0, 12)));
    expect(Number(/<w:spacing w:after="0" w:before="(\d+)"/.exec(caption ?? '')?.[1])).toBeGreaterThanOrEqual(200);
  });
});

describe('PDF → HTML and PowerPoint: pictures side by side', () => {
  it('HTML sets the three pictures in one flex row, each caption right after its picture', async () => {
    const html = readFileSync(await run('pdf-to-html'), 'utf8');
    expect(html).toMatch(/\.figure-row \{ display: flex;/);
    const row = /<div class="figure-row"[^>]*>([\s\S]*?)<\/div>\n/.exec(html)?.[1];
    expect(row).toBeDefined();
    const pieces = [...row!.matchAll(/<img src="data:image\/png;base64,([^"]+)"|<p[^>]*>([^<]*)<\/p>/g)];
    expect(pieces).toHaveLength(6);
    for (const [i, { caption }] of ROW_PICTURES.entries()) {
      expect(await colourIndex(Buffer.from(pieces[2 * i][1], 'base64'))).toBe(i);
      expect(pieces[2 * i + 1][2]).toBe(caption);
    }
  });

  it('PowerPoint places the three pictures at three places, left to right in one band', async () => {
    const slide = await part(await run('pdf-to-ppt'), 'ppt/slides/slide1.xml');
    const offsets = [...slide.matchAll(/<p:pic>[\s\S]*?<a:off x="(\d+)" y="(\d+)"\/>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    expect(offsets).toHaveLength(3);
    const xs = offsets.map((o) => o.x).sort((a, b) => a - b);
    expect(new Set(xs).size).toBe(3);
    expect(new Set(offsets.map((o) => o.y)).size).toBe(1);
  });
});

describe('PDF → Word: a sub-figure drawn as a single dot (GeoTopo\'s page 38, "(a) 0-Simplex")', () => {
  it('takes the dot with its centred sub-caption as a picture of its own with the caption under it, the bullet beside text not', async () => {
    const xml = await wordBodyOf('dot-sub-figure.pdf', await dotSubFigurePdf());
    expect(pictureRows(xml).map((row) => cellsOf(row).map(captionOf))).toEqual([DOT_SUB_FIGURE.marks.slice(0, 1), DOT_SUB_FIGURE.marks.slice(1)]);
    expect(xml.match(/<pic:pic[ >]/g)).toHaveLength(3);
    const outsideTables = textOf(xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, ''));
    expect(outsideTables).toContain(DOT_SUB_FIGURE.caption);
    expect(outsideTables).toContain(DOT_SUB_FIGURE.bullet);
    expect(outsideTables).toContain(DOT_SUB_FIGURE.item);
  });
});

describe('PDF → Excel: sub-figures whose captions wrap onto two lines side by side', () => {
  // The sheet read the captions' lines across the row: "(a) …, often" beside "(b) … of the", then
  // "called a multigraph." beside "tetrahedron …": each caption's text interleaved with the other's.
  it('writes each caption whole in one cell, (a) left of (b) on one row', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await run('pdf-to-excel', subCaptionPdf));
    const cells: { text: string; row: number; column: number }[] = [];
    workbook.worksheets[0].eachRow((row, r) => row.eachCell((cell, c) => void cells.push({ text: cell.text, row: r, column: c })));
    const [a, b] = SUB_CAPTIONS.map(({ lines }) => cells.find((cell) => cell.text === lines.join(' ')));
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(b!.row).toBe(a!.row);
    expect(b!.column).toBeGreaterThan(a!.column);
  });

  it('keeps the captions on one row in their pictures\' order when they do not start on one line (GeoTopo\'s page 48)', async () => {
    // Laid out by their baselines, (b), starting a line higher, came in a row of its own before (a).
    const file = path.join(scratch, 'bottom-aligned-captions.pdf');
    writeFileSync(file, await bottomAlignedCaptionRowPdf());
    const rows = (await sheetRows(await run('pdf-to-excel', file))).filter((row) => row.length > 0);
    expect(rows).toContainEqual(BOTTOM_ALIGNED_CAPTIONS.map(({ lines }) => lines.join(' ')));
  });
});
