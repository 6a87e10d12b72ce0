// Office tools on the warm LibreOffice pool and images to PDF. The documents are generated here
// (docx, exceljs, pptxgenjs, sharp, yazl) with Chinese and Latin text, tables and several pages;
// results are read back by independent programs: pdfinfo, pdftotext, pdffonts, pdfimages, exceljs,
// sharp. Documents that link to a file on the server (RTF INCLUDEPICTURE, a DOCX file:// image) must
// not pull it in: the listeners' sandbox has no such file. The pool's own behaviour (restart after a
// crash or a hang, retry, busy, timeout) is tested on a small pool of its own, watched through ps.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, VerticalMergeType } from 'docx';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { convertWithOffice, isOfficeBusyError, OfficePool, OFFICE_MESSAGES, startOfficePool, stopOfficePool } from '../../server/convert/engines/libreoffice';
import { officeConverters } from '../../server/convert/tools/office';
import { layoutPage } from '../../server/convert/tools/office/image-pdf';
import { extractZipEntries } from '../../server/convert/tools/office/zip-entries';
import { decodeChineseText } from '../../server/convert/tools/office/text-encoding';
import type { ConvertInput, ConvertOutput } from '../../server/convert/types';
import { zipBytes } from '../support/zip';
import { jobContext } from '../support/convert-job';
import { blurred, greyPixels, inkDifference, region } from '../support/pixels';

const CHINESE = '中华人民共和国成立于一九四九年';
const LATIN = 'Quarterly revenue report';

let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'office-test-'));
  await startOfficePool({ dataDir: path.join(scratch, 'data'), convertConcurrency: 2 });
}, 120_000);

afterAll(async () => {
  await stopOfficePool();
  rmSync(scratch, { recursive: true, force: true });
});

const context = () => jobContext(scratch);

function inputOf(file: string, type = path.extname(file).slice(1)): ConvertInput {
  return { name: path.basename(file), path: file, size: statSync(file).size, type };
}

async function run(toolId: string, inputs: ConvertInput[], options: Record<string, unknown> = {}): Promise<ConvertOutput[]> {
  const tool = officeConverters.find((c) => c.toolId === toolId);
  if (!tool) throw new Error(`no converter ${toolId}`);
  return tool.convert({ inputs, options: tool.options.parse(options) }, context());
}

function save(name: string, bytes: Uint8Array | string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
}

const pageCount = (pdf: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
const pdfText = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });

/** Page boxes as pdfinfo reports them: [width, height] in points, per page. */
function pageSizes(pdf: string): Array<[number, number]> {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', pdf], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Embedded images per pdfimages -list: page, width and height in pixels. */
function embeddedImages(pdf: string): Array<{ page: number; width: number; height: number }> {
  return execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[2] === 'image')
    .map((fields) => ({ page: Number(fields[0]), width: Number(fields[3]), height: Number(fields[4]) }));
}

/** Three pages: text, a table with merged cells and numbers, and a last page of Latin text. */
async function reportDocx(): Promise<string> {
  const cell = (text: string, extra: Record<string, unknown> = {}) => new TableCell({ children: [new Paragraph(text)], ...extra });
  const table = new Table({
    rows: [
      new TableRow({ children: [cell('地区'), cell('季度'), cell('收入'), cell('增长')] }),
      new TableRow({ children: [cell('华东', { verticalMerge: VerticalMergeType.RESTART }), cell('一季度'), cell('1,234.50'), cell('12%')] }),
      new TableRow({ children: [cell('', { verticalMerge: VerticalMergeType.CONTINUE }), cell('二季度'), cell('2345'), cell('8.5%')] }),
      new TableRow({ children: [cell('合计', { columnSpan: 2 }), cell('3579.5'), cell('编号007')] }),
    ],
  });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: `${CHINESE} ${LATIN}`, bold: true, size: 32 })] }),
          new Paragraph('第一页的正文内容。'),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('第二页：销售表格'),
          table,
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('Third page in Latin letters only.'),
        ],
      },
    ],
  });
  return save('报告.docx', await Packer.toBuffer(doc));
}

async function workbookXlsx(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('销售').addRows([
    ['产品', '数量'],
    ['笔记本电脑', 12],
  ]);
  workbook.addWorksheet('库存').addRows([
    ['仓库', '位置'],
    ['上海仓', 'Shanghai'],
  ]);
  const file = path.join(scratch, '表格.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** pptxgenjs loads node:fs through a dynamic import jest's module sandbox cannot run, so it runs in a child node. */
function slidesPptx(): string {
  const file = path.join(scratch, '幻灯片.pptx');
  const script = `
    const PptxGenJS = require('pptxgenjs');
    const pptx = new PptxGenJS();
    pptx.addSlide().addText('第一张幻灯片 Opening', { x: 1, y: 1, w: 8, h: 1, fontSize: 28 });
    pptx.addSlide().addText('第二张幻灯片 Closing', { x: 1, y: 1, w: 8, h: 1, fontSize: 28 });
    pptx.writeFile({ fileName: process.argv[1] });`;
  execFileSync(process.execPath, ['-e', script, file], { cwd: path.resolve(__dirname, '../..') });
  return file;
}

describe('office documents to PDF', () => {
  let docx: string;
  beforeAll(async () => {
    docx = await reportDocx();
  });

  it('word-to-pdf keeps the pages and the Chinese text, with a CJK font embedded', async () => {
    const [pdf] = await run('word-to-pdf', [inputOf(docx)]);
    expect(pdf.name).toBe('报告.pdf');
    expect(pageCount(pdf.path)).toBe(3);
    const text = pdfText(pdf.path);
    expect(text).toContain(CHINESE);
    expect(text).toContain(LATIN);
    expect(text).toMatch(/华东\s+一季度\s+1,234.50/);
    expect(execFileSync('pdffonts', [pdf.path], { encoding: 'utf8' })).toMatch(/CJK/);
  });

  it('excel-to-pdf prints every sheet', async () => {
    const [pdf] = await run('excel-to-pdf', [inputOf(await workbookXlsx())]);
    const text = pdfText(pdf.path);
    expect(text).toContain('笔记本电脑');
    expect(text).toContain('上海仓');
    expect(pageCount(pdf.path)).toBe(2);
  });

  it('ppt-to-pdf makes a page per slide', async () => {
    const [pdf] = await run('ppt-to-pdf', [inputOf(slidesPptx())]);
    expect(pageCount(pdf.path)).toBe(2);
    expect(pdfText(pdf.path)).toMatch(/第一张幻灯片 Opening[\s\S]*第二张幻灯片 Closing/);
  });

  it('txt-to-pdf reads GBK and UTF-8 text', async () => {
    // 中文测试 in GBK: decoded here as well, so the fixture proves itself.
    const gbkBytes = Buffer.concat([Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xb2, 0xe2, 0xca, 0xd4]), Buffer.from(' GBK line\r\n')]);
    expect(new TextDecoder('gb18030').decode(gbkBytes)).toBe('中文测试 GBK line\r\n');
    const gbk = save('gbk.txt', gbkBytes);
    const utf8 = save('utf8.txt', `${CHINESE}\nUTF-8 line\n`);
    const [fromGbk, fromUtf8] = await run('txt-to-pdf', [inputOf(gbk), inputOf(utf8)]);
    expect(pdfText(fromGbk.path)).toContain('中文测试 GBK line');
    expect(pdfText(fromUtf8.path)).toContain(CHINESE);
  });

  it('excel-to-pdf reads a GBK CSV', async () => {
    // 产品,数量 / 中文测试,12 with the Chinese in GBK.
    const gbk = (hex: string) => Buffer.from(hex.replace(/ /g, ''), 'hex');
    const csv = save('gbk.csv', Buffer.concat([gbk('b2fa c6b7'), Buffer.from(','), gbk('cafd c1bf'), Buffer.from('\r\n'), gbk('d6d0 cec4 b2e2 cad4'), Buffer.from(',12\r\n')]));
    expect(new TextDecoder('gb18030').decode(readFileSync(csv))).toBe('产品,数量\r\n中文测试,12\r\n');
    const [pdf] = await run('excel-to-pdf', [inputOf(csv)]);
    expect(pdfText(pdf.path)).toMatch(/产品\s+数量\s+中文测试\s+12/);
  });

  it('word-to-pdf takes a Kingsoft .wps holding a Word 97 document', async () => {
    const wps = path.join(scratch, '文档.wps');
    await convertWithOffice({ input: docx, output: wps, exportFilter: 'MS Word 97' });
    const [pdf] = await run('word-to-pdf', [inputOf(wps)]);
    expect(pdf.name).toBe('文档.pdf');
    expect(pdfText(pdf.path)).toContain(CHINESE);
  });

  it('refuses text that is neither UTF-8 nor GBK', () => {
    expect(() => decodeChineseText(Buffer.from([0x81, 0x20, 0xff, 0xff]))).toThrow(ConvertError);
  });

  it('refuses a damaged document with a clear message', async () => {
    const broken = save('broken.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    await expect(run('word-to-pdf', [inputOf(broken)])).rejects.toThrow(OFFICE_MESSAGES.rejected);
  });

  it('word-to-img renders a PNG per page, or one long image', async () => {
    const pages = await run('word-to-img', [inputOf(docx)], { dpi: 50 });
    expect(pages.map((p) => p.name)).toEqual(['报告_第1页.png', '报告_第2页.png', '报告_第3页.png']);
    const first = await sharp(pages[0].path).metadata();
    expect(first.format).toBe('png');
    // A4 at 50 dpi.
    expect(first.width).toBeCloseTo(413, -1);
    expect(first.height).toBeCloseTo(585, -1);
    // Each page is drawn (dark ink on white), and each is another page: the title, the table, the last line.
    const pictures = await Promise.all(pages.map((page) => greyPixels(page.path)));
    for (const picture of pictures) {
      expect([picture.width, picture.height]).toEqual([first.width, first.height]);
      expect(picture.data.filter((grey) => grey < 128).length).toBeGreaterThan(30); // one line of Latin at 50 dpi: about 60
    }
    const soft = await Promise.all(pictures.map((picture) => blurred(picture)));
    for (const [a, b] of [[0, 1], [1, 2], [0, 2]]) expect(inkDifference(soft[a]!, soft[b]!)).toBeGreaterThan(0.5);
    const [long] = await run('word-to-img', [inputOf(docx)], { mode: 'long', dpi: 50 });
    expect(long.name).toBe('报告_长图.png');
    expect((await sharp(long.path).metadata()).height).toBeCloseTo(3 * (first.height ?? 0), -1);
    // The long image is the three pages, top to bottom.
    const stacked = await greyPixels(long.path);
    for (const [i, page] of soft.entries()) expect(inkDifference(await blurred(region(stacked, 0, i * page.height, page.width, page.height)), page)).toBeLessThan(0.1);
  });
});

describe('documents that link to files on the server', () => {
  let secret: string;
  let rtf: string;
  let docx: string;

  /** A DOCX whose only picture is an external relationship to `target`. */
  async function linkedImageDocx(target: string): Promise<string> {
    const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`);
    const relationships = (items: string) => xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`);
    const picture =
      '<w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="p"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
      '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
      '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>';
    const namespaces = ['w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"', 'r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"', 'wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"', 'a="http://schemas.openxmlformats.org/drawingml/2006/main"', 'pic="http://schemas.openxmlformats.org/drawingml/2006/picture"'];
    const docx = await zipBytes({
      '[Content_Types].xml': xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': relationships('<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'),
      'word/document.xml': xml(`<w:document ${namespaces.map((n) => `xmlns:${n}`).join(' ')}><w:body><w:p><w:r><w:t>Before</w:t></w:r><w:r>${picture}</w:r><w:r><w:t>After</w:t></w:r></w:p></w:body></w:document>`),
      'word/_rels/document.xml.rels': relationships(`<Relationship Id="rIdImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file://${target}" TargetMode="External"/>`),
    });
    return save('linked-image.docx', docx);
  }

  beforeAll(async () => {
    secret = path.join(scratch, 'secret.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }).png().toFile(secret);
    rtf = save('linked.rtf', String.raw`{\rtf1\ansi Before {\field{\*\fldinst INCLUDEPICTURE "file://${secret}" \\d}{\fldrslt }} After\par}`);
    docx = await linkedImageDocx(secret);
    // The fixtures prove themselves: a plain `soffice --convert-to` with a fresh profile embeds the picture from both.
    const outdir = path.join(scratch, 'plain-soffice');
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${path.join(scratch, 'plain-profile')}`, '--convert-to', 'pdf', '--outdir', outdir, rtf, docx], { stdio: 'ignore' });
    for (const name of ['linked.pdf', 'linked-image.pdf']) expect(embeddedImages(path.join(outdir, name))).toMatchObject([{ width: 64, height: 64 }]);
  }, 60_000);

  it('does not embed the file an RTF INCLUDEPICTURE field names', async () => {
    const [pdf] = await run('word-to-pdf', [inputOf(rtf)]);
    expect(pdfText(pdf.path)).toMatch(/Before\s+After/);
    expect(embeddedImages(pdf.path)).toEqual([]);
  });

  it('does not embed the file:// image a DOCX links to', async () => {
    const [pdf] = await run('word-to-pdf', [inputOf(docx)]);
    expect(pdfText(pdf.path)).toMatch(/Before\s*After/);
    expect(embeddedImages(pdf.path)).toEqual([]);
  });
});

describe('word-to-excel', () => {
  async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    return workbook;
  }

  it('writes each table to a sheet with merges, and numbers as numbers', async () => {
    const [xlsx] = await run('word-to-excel', [inputOf(await reportDocx())]);
    expect(xlsx.name).toBe('报告.xlsx');
    const workbook = await readWorkbook(xlsx.path);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['表格1']);
    const sheet = workbook.getWorksheet('表格1')!;
    expect(sheet.getCell('A1').value).toBe('地区');
    expect(sheet.getCell('A2').value).toBe('华东');
    expect(sheet.getCell('A3').isMerged && sheet.getCell('A3').master.address).toBe('A2');
    expect(sheet.getCell('C2').value).toBe(1234.5);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D2').value).toBeCloseTo(0.12);
    expect(sheet.getCell('C3').value).toBe(2345);
    expect(sheet.getCell('A4').value).toBe('合计');
    expect(sheet.getCell('B4').master.address).toBe('A4');
    expect(sheet.getCell('C4').value).toBe(3579.5);
    expect(sheet.getCell('D4').value).toBe('编号007');
  });

  it('reads the tables of a .doc through LibreOffice, all on one sheet when asked', async () => {
    const docx = await reportDocx();
    const doc = path.join(scratch, 'report.doc');
    await convertWithOffice({ input: docx, output: doc, exportFilter: 'MS Word 97' });
    const [xlsx] = await run('word-to-excel', [inputOf(doc)], { layout: 'single' });
    const sheet = (await readWorkbook(xlsx.path)).getWorksheet('表格')!;
    expect(sheet.getCell('B3').value).toBe('二季度');
    expect(sheet.getCell('C2').value).toBe(1234.5);
  });

  it('says so when the document has no table', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph('没有表格')] }] });
    const file = save('plain.docx', await Packer.toBuffer(doc));
    await expect(run('word-to-excel', [inputOf(file)])).rejects.toThrow(new ConvertError('文档中没有找到表格'));
  });
});

describe('images to PDF', () => {
  let landscape: string;
  let turned: string;
  let transparent: string;
  beforeAll(async () => {
    const photo = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } });
    landscape = save('landscape.jpg', await photo(400, 200, '#336699').jpeg().toBuffer());
    // Stored 400×200 but EXIF orientation 6: viewers show it upright as 200×400.
    turned = save('turned.jpg', await photo(400, 200, '#993366').jpeg().withMetadata({ orientation: 6 }).toBuffer());
    transparent = save('alpha.png', await sharp({ create: { width: 120, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer());
  });

  it('jpg-to-pdf puts each image on an A4 page turned to fit it, EXIF orientation honoured', async () => {
    const [pdf] = await run('jpg-to-pdf', [inputOf(landscape), inputOf(turned), inputOf(transparent, 'png')]);
    expect(pdf.name).toBe('landscape.pdf');
    const sizes = pageSizes(pdf.path);
    expect(sizes.map(([w, h]) => [Math.round(w), Math.round(h)])).toEqual([
      [842, 595],
      [595, 842],
      [842, 595],
    ]);
    const images = embeddedImages(pdf.path).filter((image) => image.width > 0);
    expect(images.find((i) => i.page === 1)).toMatchObject({ width: 400, height: 200 });
    expect(images.find((i) => i.page === 2)).toMatchObject({ width: 200, height: 400 });
    expect(images.find((i) => i.page === 3)).toMatchObject({ width: 120, height: 90 });
  });

  it('jpg-to-pdf can size pages to their images, with margins', async () => {
    const [pdf] = await run('jpg-to-pdf', [inputOf(landscape)], { pageSize: 'fit', margin: 10 });
    const [[width, height]] = pageSizes(pdf.path);
    const margin = (10 * 72) / 25.4;
    expect(width).toBeCloseTo(400 * 0.75 + 2 * margin, 0);
    expect(height).toBeCloseTo(200 * 0.75 + 2 * margin, 0);
    expect(layoutPage(400, 200, { pageSize: 'Letter', orientation: 'portrait', margin: 0 })).toMatchObject({ pageWidth: 612, pageHeight: 792, width: 612 });
  });

  async function zipOf(entries: Array<[string, Buffer]>, name: string): Promise<string> {
    return save(name, await zipBytes(entries));
  }

  it('image_zip_to_pdf orders images by natural name sort and skips what is not a picture', async () => {
    const png = (width: number) => sharp({ create: { width, height: 50, channels: 3, background: '#888888' } }).png().toBuffer();
    const zip = await zipOf(
      [
        ['第10页.png', await png(310)],
        ['第2页.png', await png(120)],
        ['第1页.png', await png(110)],
        ['__MACOSX/._第1页.png', Buffer.from('resource fork')],
        ['说明.txt', Buffer.from('not an image')],
      ],
      '相册.zip',
    );
    const [pdf] = await run('image_zip_to_pdf', [inputOf(zip)], { pageSize: 'fit', margin: 0 });
    expect(pdf.name).toBe('相册.pdf');
    expect(embeddedImages(pdf.path).map((image) => image.width)).toEqual([110, 120, 310]);
  });

  it('refuses a zip entry whose bytes are not the image its name says', async () => {
    const zip = await zipOf([['photo.jpg', Buffer.from('plain text pretending to be a JPEG')]], 'fake.zip');
    await expect(run('image_zip_to_pdf', [inputOf(zip)])).rejects.toBeInstanceOf(ConvertError);
  });

  it('caps entries and uncompressed bytes, counting while inflating', async () => {
    const bomb = await zipOf([['zeros.png', Buffer.alloc(5_000_000)]], 'bomb.zip');
    expect(statSync(bomb).size).toBeLessThan(100_000);
    const target = (index: number) => path.join(scratch, `extracted-${index}`);
    await expect(extractZipEntries(bomb, { maxEntries: 10, maxTotalBytes: 1_000_000, select: () => true, targetOf: target })).rejects.toThrow(
      new ConvertError('压缩包解压后过大（最多 1 MB）'),
    );
    const many = await zipOf(Array.from({ length: 12 }, (_, i): [string, Buffer] => [`${i}.png`, Buffer.from('x')]), 'many.zip');
    await expect(extractZipEntries(many, { maxEntries: 10, maxTotalBytes: 1_000_000, select: () => true, targetOf: target })).rejects.toThrow(
      new ConvertError('压缩包中的文件过多（最多 10 个）'),
    );
  });
});

describe('LibreOffice pool', () => {
  let text: string;
  let outputs = 0;
  const job = () => ({ input: text, output: path.join(scratch, `pool-${++outputs}.pdf`), exportFilter: 'writer_pdf_Export', importFilter: 'Text (encoded)', importOptions: 'UTF8,LF' });

  /** Live soffice.bin processes in the process group a helper leads (oosplash may leave a zombie first instance). */
  function sofficeOf(helperPid: number): number[] {
    return execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,comm='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, pgid, stat, command]) => Number(pgid) === helperPid && !stat?.startsWith('Z') && command === 'soffice.bin')
      .map(([pid]) => Number(pid));
  }

  const poolOptions = (profileRoot: string) => ({ size: 1, profileRoot: path.join(scratch, profileRoot), maxJobsPerListener: 200, jobTimeoutMs: 3_000, maxQueued: 1, startTimeoutMs: 60_000, listenerWaitMs: 60_000 });

  /** Helpers (each the leader of its process group) of listeners whose folders are under `profileRoot`. */
  function helpersUnder(profileRoot: string): number[] {
    return execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => /^(\d+)\s+(\d+)\s+(.*)$/.exec(line.trim()))
      .filter((match) => match !== null && match[1] === match[2] && match[3].includes(`${profileRoot}/`))
      .map((match) => Number(match![1]));
  }

  /** Kills the first helper under `profileRoot` other than `known` the moment it shows, long before its soffice can be up; stops looking once `until` settles. */
  async function killNextStart(profileRoot: string, known: number, until: Promise<unknown>): Promise<number | undefined> {
    let settled = false;
    void until.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const fresh = helpersUnder(profileRoot).find((pid) => pid !== known);
      if (fresh !== undefined) {
        process.kill(-fresh, 'SIGKILL');
        return fresh;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  }

  beforeAll(() => {
    text = save('pool.txt', '池中的作业\n');
  });

  it('restarts a crashed, hung or cancelled listener and retries the job once; a full queue is busy', async () => {
    const pool = new OfficePool(poolOptions('pool-profiles'));
    try {
      await pool.start();
      const [first] = await pool.listenerPids();
      expect(sofficeOf(first)).toHaveLength(1);

      // Hung: soffice stops answering, the job times out, runs again on a fresh listener.
      sofficeOf(first).forEach((pid) => process.kill(pid, 'SIGSTOP'));
      await pool.convert(job());
      expect(pageCount(path.join(scratch, `pool-${outputs}.pdf`))).toBe(1);
      const [second] = await pool.listenerPids();
      expect(second).not.toBe(first);
      expect(sofficeOf(first)).toEqual([]);
      expect(pool.stats().listenersStarted).toBe(2);

      // Crashed while idle: the next job starts a new listener.
      sofficeOf(second).forEach((pid) => process.kill(pid, 'SIGKILL'));
      for (let waited = 0; (await pool.listenerPids()).includes(second) && waited < 50; waited++) await new Promise((r) => setTimeout(r, 100));
      await pool.convert(job());
      expect(pool.stats().listenersStarted).toBe(3);

      // Cancelled while LibreOffice hangs: the job ends with the task's reason and takes its listener down.
      const [third] = await pool.listenerPids();
      sofficeOf(third).forEach((pid) => process.kill(pid, 'SIGSTOP'));
      const controller = new AbortController();
      const cancelled = pool.convert(job(), controller.signal);
      setTimeout(() => controller.abort(new Error('task deleted')), 200);
      await expect(cancelled).rejects.toThrow('task deleted');
      for (let waited = 0; sofficeOf(third).length > 0 && waited < 50; waited++) await new Promise((r) => setTimeout(r, 100));
      expect(sofficeOf(third)).toEqual([]);

      // One running, one waiting, the third is refused as busy.
      const running = [pool.convert(job()), pool.convert(job())];
      const refused = pool.convert(job());
      const refusal: unknown = await refused.catch((error: unknown) => error);
      expect(isOfficeBusyError(refusal)).toBe(true);
      expect(refusal).toEqual(new ConvertError(OFFICE_MESSAGES.busy));
      await Promise.all(running);
      expect(pool.stats()).toMatchObject({ listenersStarted: 4, jobsDone: 4, queued: 0 });
    } finally {
      await pool.stop();
    }
  }, 120_000);

  it('fails a job that outlives its timeout twice with a clear message, leaving no process behind', async () => {
    const pool = new OfficePool({ ...poolOptions('timeout-profiles'), jobTimeoutMs: 1 });
    try {
      await pool.start();
      const [first] = await pool.listenerPids();
      await expect(pool.convert(job())).rejects.toThrow(OFFICE_MESSAGES.timedOut);
      expect(pool.stats().listenersStarted).toBe(3);
      expect(sofficeOf(first)).toEqual([]);
    } finally {
      await pool.stop();
    }
  }, 120_000);

  it('a retry whose fresh listener dies while starting waits for the next one and converts', async () => {
    const options = poolOptions('restart-profiles');
    const pool = new OfficePool(options);
    try {
      await pool.start();
      const [first] = await pool.listenerPids();
      // The job hangs on the first listener; its replacement is killed while it starts.
      sofficeOf(first).forEach((pid) => process.kill(pid, 'SIGSTOP'));
      const converting = pool.convert(job());
      const killed = await killNextStart(options.profileRoot, first, converting);
      expect(killed).toBeDefined();
      await converting;
      expect(pageCount(path.join(scratch, `pool-${outputs}.pdf`))).toBe(1);
      // The hung one, the one killed while starting, and the one the retry ran on.
      expect(pool.stats().listenersStarted).toBe(3);
      const [serving] = await pool.listenerPids();
      expect([first, killed]).not.toContain(serving);
      expect(helpersUnder(options.profileRoot)).toEqual([serving]);
    } finally {
      await pool.stop();
    }
  }, 120_000);

  it('fails a job with a clear message when no listener can be started, leaving no process behind', async () => {
    // Every start gives up before soffice could answer: the job starts another until its wait is over.
    const options = { ...poolOptions('unstartable-profiles'), startTimeoutMs: 1, listenerWaitMs: 2_000 };
    const pool = new OfficePool(options);
    const failure: unknown = await pool.convert(job()).catch((error: unknown) => error);
    await pool.stop();
    expect(failure).toBeInstanceOf(ConvertError);
    expect(failure).toEqual(new ConvertError(OFFICE_MESSAGES.unavailable));
    expect(pool.stats().listenersStarted).toBeGreaterThan(1);
    expect(helpersUnder(options.profileRoot)).toEqual([]);
  }, 60_000);

  it('leaves no soffice behind once stopped', async () => {
    const profiles = path.join(scratch, 'pool-profiles');
    expect(readdirSync(profiles).sort()).toEqual(['job-0', 'profile-0']);
    expect(readdirSync(path.join(profiles, 'job-0'))).toEqual([]);
    const leftovers = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => ['pool-profiles', 'timeout-profiles', 'restart-profiles', 'unstartable-profiles'].some((root) => line.includes(path.join(scratch, root))));
    expect(leftovers).toEqual([]);
  });
});
