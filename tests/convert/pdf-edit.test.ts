// The pdf-lib editing tools, run through their converters and checked with readers that share no
// code with pdf-lib: qpdf (structure, attachments), poppler's pdfinfo / pdftotext / pdfimages.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, PDFString, PDFTextField } from 'pdf-lib';
import { ConvertError } from '../../server/convert/errors';
import { pdfEditConverters } from '../../server/convert/tools/pdf-edit';
import type { ConvertInput, ConvertOutput } from '../../server/convert/types';
import { bodyText, writeForeignWatermarkedPdf, writeInput, writeSamplePdf } from '../support/pdf-fixtures';
import { refusal } from '../support/convert-job';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';

const run = promisify(execFile);
const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const CHINESE = /[\u4e00-\u9fff]/;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pdf-edit-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Conversion {
  outputs: ConvertOutput[];
  progress: number[];
}

async function convert(toolId: string, inputs: ConvertInput[], options: Record<string, unknown> = {}, signal = new AbortController().signal): Promise<Conversion> {
  const converter = pdfEditConverters.find((candidate) => candidate.toolId === toolId);
  if (!converter) throw new Error(`no converter ${toolId}`);
  const workDir = await mkdtemp(path.join(scratch, `${toolId}-`));
  const progress: number[] = [];
  const outputs = await converter.convert(
    { inputs, options: converter.options.parse(options) },
    { workDir, signal, progress: (percent) => progress.push(percent), tier: 'vip' },
  );
  for (const output of outputs) {
    expect(path.dirname(output.path)).toBe(workDir);
    await expectValidPdf(output.path);
  }
  return { outputs, progress };
}

/** Converts and expects a ConvertError; returns its message. */
async function convertError(toolId: string, inputs: ConvertInput[], options: Record<string, unknown> = {}): Promise<string> {
  const message = await refusal(convert(toolId, inputs, options));
  expect(message).toMatch(CHINESE);
  return message;
}

async function expectValidPdf(file: string): Promise<void> {
  // Exit 0 only: qpdf exits 2 on errors and 3 on warnings.
  const { stdout } = await run('qpdf', ['--check', file]);
  expect(stdout).toContain('No syntax or stream encoding errors');
}

async function pageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)![1]);
}

/** /Rotate of each page as poppler reads it. */
async function rotations(file: string): Promise<number[]> {
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '100000', file]);
  return [...stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
}

/** The text in content-stream order (-raw keeps turned watermark text in one piece), without white space. */
async function textOf(file: string, page?: number): Promise<string> {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { stdout } = await run('pdftotext', ['-raw', ...pages, file, '-']);
  return stdout.replace(/\s+/g, '');
}

/** Every word poppler finds on `page`, with its box in the page as displayed (y grows downwards). */
async function wordBoxes(file: string, page: number) {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  const [, mediaWidth, mediaHeight] = /<page width="([\d.]+)" height="([\d.]+)"/.exec(stdout)!.map(Number);
  // poppler gives word boxes as displayed but the page size unturned.
  const sideways = (await rotations(file))[page - 1]! % 180 !== 0;
  const [width, height] = sideways ? [mediaHeight, mediaWidth] : [mediaWidth, mediaHeight];
  const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: match[5]!,
  }));
  return { width: width!, height: height!, words };
}

/** The file as qpdf writes it uncompressed, to look for dictionary keys. */
async function uncompressed(file: string): Promise<string> {
  const { stdout } = await run('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

function occurrences(text: string, word: string): number {
  return text.split(word).length - 1;
}

async function encryptedCopy(input: ConvertInput): Promise<ConvertInput> {
  const file = `${input.path}.encrypted.pdf`;
  await run('qpdf', ['--encrypt', 'user', 'owner', '256', '--', input.path, file]);
  return { ...input, name: `加密-${input.name}`, path: file };
}

/** A PNG made by an independent program (poppler renders a sample page). */
async function pngInput(name: string): Promise<ConvertInput> {
  const source = await writeSamplePdf(scratch, `${name}.pdf`, { pages: 1 });
  const stem = path.join(scratch, name);
  await run('pdftoppm', ['-png', '-r', '20', '-singlefile', source.path, stem]);
  return writeInput(scratch, name, await readFile(`${stem}.png`), 'png');
}

describe('pdf-merge', () => {
  test('joins the inputs in upload order', async () => {
    const first = await writeSamplePdf(scratch, '甲.pdf', { label: '甲' });
    const second = await writeSamplePdf(scratch, '乙.pdf', { pages: 2, label: '乙' });
    const { outputs, progress } = await convert('pdf-merge', [first, second]);
    expect(outputs.map((output) => output.name)).toEqual(['甲_合并.pdf']);
    expect(await pageCount(outputs[0]!.path)).toBe(5);
    expect(await textOf(outputs[0]!.path, 3)).toContain(bodyText(3, '甲'));
    expect(await textOf(outputs[0]!.path, 4)).toContain(bodyText(1, '乙'));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  test("joins the inputs' outlines under one entry per file, each entry still opening its page", async () => {
    const chapters = await libreOfficeOutline();
    const form = await libreOfficeForm(); // two pages, no outline
    const paper = await hyperrefOutline();
    const { outputs } = await convert('pdf-merge', [chapters, form, paper]);
    const merged = await mutoolOutline(outputs[0]!.path);
    // mutool (which shares no code with qpdf) reads each input's outline: the merged one has it one
    // level down, under the file's name, on the same pages counted from where the file now starts.
    const under = async (file: ConvertInput, firstPage: number) =>
      (await mutoolOutline(file.path)).map((line) => line.replace(/^(.)/, '$1\t').replace(/#page=(\d+)/, (_, page: string) => `#page=${Number(page) + firstPage - 1}`));
    expect(merged).toEqual([
      '-\t"章节"\t#page=1&view=Fit',
      ...(await under(chapters, 1)),
      '|\t"表单"\t#page=3&view=Fit',
      '-\t"论文"\t#page=5&view=Fit',
      ...(await under(paper, 5)),
    ]);
    // What was written into the inputs, by hand: nested headings, named destinations, a closed entry.
    expect(merged.map((line) => line.split('\t"')[0]!.length - 1 + ' ' + /"(.*)"/.exec(line)![1] + ' ' + /#page=(\d+)/.exec(line)![1])).toEqual([
      '0 章节 1', '1 第一章 开始 1', '2 1.1 小节 1', '1 第二章 继续 2', '2 2.1 细节 2',
      '0 表单 3',
      '0 论文 5', '1 Introduction 5', '1 Method 6', '2 Details 7',
    ]);
    expect(merged[8]).toMatch(/^\+/);
    expect(await pageCount(outputs[0]!.path)).toBe(7);
    // Writing the outline into the catalog kept the rest of it: the form is still there, filled.
    expect(await formOf(outputs[0]!.path)).toEqual(await formOf(form.path));
  }, SOFFICE_TIMEOUT_MS);

  test("keeps the first input's document information (title, author)", async () => {
    const titled = await PDFDocument.create();
    titled.addPage([300, 300]);
    titled.setTitle('年度报告');
    titled.setAuthor('张三');
    const first = await writeInput(scratch, 'titled.pdf', await titled.save());
    const { outputs } = await convert('pdf-merge', [first, await writeSamplePdf(scratch, 'plain-b.pdf')]);
    const info = (await run('pdfinfo', [outputs[0]!.path])).stdout;
    expect(info).toMatch(/^Title:\s+年度报告$/m);
    expect(info).toMatch(/^Author:\s+张三$/m);
  });

  test('adds no outline when no input has one', async () => {
    const { outputs } = await convert('pdf-merge', [await writeSamplePdf(scratch, 'a.pdf'), await writeSamplePdf(scratch, 'b.pdf')]);
    expect(await mutoolOutline(outputs[0]!.path)).toEqual([]);
  });

  test('names the encrypted input in a Chinese error', async () => {
    const plain = await writeSamplePdf(scratch, 'plain.pdf');
    const locked = await encryptedCopy(await writeSamplePdf(scratch, 'locked.pdf'));
    const message = await convertError('pdf-merge', [plain, locked]);
    expect(message).toContain('PDF已加密，请先解密');
    expect(message).toContain(locked.name);
  });

  test('asks for a second file', async () => {
    expect(await convertError('pdf-merge', [await writeSamplePdf(scratch, 'alone.pdf')])).toContain('两个');
  });
});

describe('pdf-split', () => {
  test('each part keeps the bookmarks into its pages (nested, named destinations) and the document information', async () => {
    const paper = await hyperrefOutline(); // Introduction p1, Method p2 (closed) › Details p3
    const { outputs } = await convert('pdf-split', [paper], { mode: 'ranges', pages: '1, 2-3' });
    // mutool reads each part's outline: the entries into its pages, on the part's own page numbers.
    expect(await mutoolOutline(outputs[0]!.path)).toEqual([expect.stringMatching(/^\|\t"Introduction"\t#page=1&zoom=nan,50,50$/)]);
    const second = await mutoolOutline(outputs[1]!.path);
    expect(second).toEqual([expect.stringMatching(/^\+\t"Method"\t#page=1&/), expect.stringMatching(/^\|\t\t"Details"\t#page=2&/)]);
    // An entry outside a part gives way to its children inside it.
    const every = await convert('pdf-split', [paper], { mode: 'every', n: 1 });
    expect(await mutoolOutline(every.outputs[2]!.path)).toEqual([expect.stringMatching(/^\|\t"Details"\t#page=1&/)]);
    for (const output of [...outputs, ...every.outputs]) expect((await run('qpdf', ['--check', output.path])).stdout).toMatch(/No syntax or stream encoding errors/);

    const titled = await PDFDocument.create();
    for (let i = 0; i < 3; i++) titled.addPage([300, 300]);
    titled.setTitle('年度报告');
    titled.setAuthor('张三');
    const parts = await convert('pdf-split', [await writeInput(scratch, 'titled.pdf', await titled.save())]);
    for (const part of parts.outputs) {
      const info = (await run('pdfinfo', [part.path])).stdout;
      expect(info).toMatch(/^Title:\s+年度报告$/m);
      expect(info).toMatch(/^Author:\s+张三$/m);
    }
  });

  test('ranges become one file each, named after the range', async () => {
    const input = await writeSamplePdf(scratch, '报告.pdf', { pages: 5 });
    const { outputs } = await convert('pdf-split', [input], { mode: 'ranges', pages: '1-3, 5' });
    expect(outputs.map((output) => output.name)).toEqual(['报告_1-3.pdf', '报告_5.pdf']);
    expect(await pageCount(outputs[0]!.path)).toBe(3);
    expect(await textOf(outputs[1]!.path)).toContain(bodyText(5));
    expect(await textOf(outputs[1]!.path)).not.toContain(bodyText(4));
  });

  test('every n pages, and page by page by default', async () => {
    const input = await writeSamplePdf(scratch, 'five.pdf', { pages: 5 });
    const everyTwo = await convert('pdf-split', [input], { mode: 'every', n: 2 });
    expect(everyTwo.outputs.map((output) => output.name)).toEqual(['five_1-2.pdf', 'five_3-4.pdf', 'five_5.pdf']);
    const single = await convert('pdf-split', [input]);
    expect(single.outputs).toHaveLength(5);
    expect(await textOf(single.outputs[3]!.path)).toContain(bodyText(4));
  });

  test('bad ranges are refused in Chinese', async () => {
    const input = await writeSamplePdf(scratch, 'three.pdf');
    expect(await convertError('pdf-split', [input], { mode: 'ranges', pages: '2-9' })).toContain('共 3 页');
    expect(await convertError('pdf-split', [input], { mode: 'ranges', pages: '一到三' })).toContain('格式');
    expect(await convertError('pdf-split', [input], { mode: 'ranges' })).toContain('页码');
  });

  test("keeps the form: each part has its pages' fields, filled as they were", async () => {
    const form = await libreOfficeForm();
    const original = await formOf(form.path);
    // What LibreOffice wrote, read by pdf-lib (qpdf wrote none of it): the reader does see the values.
    expect(original).toEqual({ needAppearances: true, fields: { name: '张三', agree: '/Yes', city: '北京' } });
    const { outputs } = await convert('pdf-split', [form]);
    expect(await Promise.all(outputs.map((output) => formOf(output.path)))).toEqual([
      { needAppearances: true, fields: { name: '张三', agree: '/Yes' } },
      { needAppearances: true, fields: { city: '北京' } },
    ]);
    const ranges = await convert('pdf-split', [form], { mode: 'ranges', pages: '2, 1-2' });
    expect(await Promise.all(ranges.outputs.map((output) => formOf(output.path)))).toEqual([
      { needAppearances: true, fields: { city: '北京' } },
      original,
    ]);
  }, SOFFICE_TIMEOUT_MS);

  const pdflatexForm = path.join(FIXTURES, 'pdflatex-forms.pdf');
  (existsSync(pdflatexForm) ? test : test.skip)("keeps pdfTeX's form (pdflatex-forms.pdf)", async () => {
    const file = pdflatexForm;
    const original = await formOf(file);
    expect(Object.keys(original.fields)).toEqual(['Name', 'Check', 'Submit']);
    const { outputs } = await convert('pdf-split', [{ name: 'pdflatex-forms.pdf', path: file, size: 0, type: 'pdf' }]);
    expect(await formOf(outputs[0]!.path)).toEqual(original);
  });

  test('stops when the job is cancelled', async () => {
    const input = await writeSamplePdf(scratch, 'cancelled.pdf');
    const controller = new AbortController();
    controller.abort();
    await expect(convert('pdf-split', [input], {}, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/** The outline as mutool reads it, a line per entry: open (-), closed (+) or leaf (|), a tab per level, "title", #page=n&view or zoom. */
async function mutoolOutline(file: string): Promise<string[]> {
  const { stdout } = await run('mutool', ['show', file, 'outline']);
  return stdout.split('\n').filter((line) => line.trim() !== '');
}

/** Two pages printed by LibreOffice from nested headings: 第一章 开始 › 1.1 小节 on page 1, 第二章 继续 › 2.1 细节 on page 2. */
async function libreOfficeOutline(): Promise<ConvertInput> {
  const fodt = path.join(scratch, '章节.fodt');
  const heading = (level: number, text: string, style = '') => `<text:h ${style}text:outline-level="${level}">${text}</text:h><text:p>正文</text:p>`;
  await writeFile(
    fodt,
    `<?xml version="1.0" encoding="UTF-8"?>
    <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
      xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
      office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
      <office:automatic-styles><style:style style:name="NewPage" style:family="paragraph" style:parent-style-name="Heading_20_1"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
      <office:body><office:text>
        ${heading(1, '第一章 开始')}${heading(2, '1.1 小节')}${heading(1, '第二章 继续', 'text:style-name="NewPage" ')}${heading(2, '2.1 细节')}
      </office:text></office:body>
    </office:document>`,
  );
  return { name: '章节.pdf', path: sofficeConvert(fodt, 'pdf', scratch), size: 0, type: 'pdf' };
}

/**
 * Three pages with an outline the way pdfTeX's hyperref writes one: entries that are GoTo actions
 * to named destinations (in the /Names /Dests tree) and a named /Dest; "Method" is closed.
 */
async function hyperrefOutline(): Promise<ConvertInput> {
  const doc = await PDFDocument.create();
  const pages = [1, 2, 3].map(() => doc.addPage([400, 600]));
  const { context } = doc;
  const named = (name: string, page: number, ...view: unknown[]) => [PDFString.of(name), context.obj([pages[page]!.ref, ...view] as never)];
  const dests = context.obj({ Names: [...named('section.1', 0, PDFName.of('XYZ'), 50, 550, null), ...named('section.2', 1, PDFName.of('XYZ'), 50, 520, null), ...named('subsection.2.1', 2, PDFName.of('FitH'), 400)] });
  doc.catalog.set(PDFName.of('Names'), context.obj({ Dests: context.register(dests) }));
  const [root, intro, method, details] = [context.nextRef(), context.nextRef(), context.nextRef(), context.nextRef()];
  context.assign(intro, context.obj({ Title: PDFString.of('Introduction'), Parent: root, Next: method, A: { S: 'GoTo', D: PDFString.of('section.1') } }));
  context.assign(method, context.obj({ Title: PDFString.of('Method'), Parent: root, Prev: intro, First: details, Last: details, Count: -1, A: { S: 'GoTo', D: PDFString.of('section.2') } }));
  context.assign(details, context.obj({ Title: PDFString.of('Details'), Parent: method, Dest: PDFString.of('subsection.2.1') }));
  context.assign(root, context.obj({ Type: 'Outlines', First: intro, Last: method, Count: 2 }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  return writeInput(scratch, '论文.pdf', await doc.save());
}

/**
 * A filled two-page form as LibreOffice prints it (an HTML form: its inputs become form fields,
 * with /NeedAppearances set): name and agree on page 1, city on page 2.
 */
async function libreOfficeForm(): Promise<ConvertInput> {
  const html = path.join(scratch, 'form.html');
  await writeFile(
    html,
    `<html><body><form>
      <p>姓名 <input type="text" name="name" value="张三"></p>
      <p><input type="checkbox" name="agree" checked> 同意</p>
      <p style="page-break-before: always">城市 <input type="text" name="city" value="北京"></p>
    </form></body></html>`,
  );
  const pdf = sofficeConvert(html, 'pdf:writer_web_pdf_Export', scratch);
  return { name: '表单.pdf', path: pdf, size: 0, type: 'pdf' };
}

/**
 * The interactive form as pdf-lib reads it: each field's value (a text field's text, else its /V
 * as written, e.g. "/Yes" for a ticked box; null when it has none) and /NeedAppearances.
 */
async function formOf(file: string): Promise<{ needAppearances: boolean; fields: Record<string, string | null> }> {
  const form = (await PDFDocument.load(await readFile(file), { updateMetadata: false })).getForm();
  const fields: Record<string, string | null> = {};
  for (const field of form.getFields()) {
    fields[field.getName()] = field instanceof PDFTextField ? (field.getText() ?? '') : (field.acroField.dict.get(PDFName.of('V'))?.toString() ?? null);
  }
  return { needAppearances: form.acroForm.dict.get(PDFName.of('NeedAppearances'))?.toString() === 'true', fields };
}

describe('pdf-rotate', () => {
  test('adds the angle to the chosen pages only', async () => {
    const input = await writeSamplePdf(scratch, 'rotate.pdf', { rotations: { 1: 90 } });
    const { outputs } = await convert('pdf-rotate', [input], { angle: 90, pages: '2-3' });
    expect(outputs[0]!.name).toBe('rotate_旋转.pdf');
    expect(await rotations(outputs[0]!.path)).toEqual([0, 180, 90]);
  });

  test('turns every page by 90° by default, and takes the angle as text', async () => {
    const input = await writeSamplePdf(scratch, 'rotate-all.pdf');
    expect(await rotations((await convert('pdf-rotate', [input])).outputs[0]!.path)).toEqual([90, 90, 90]);
    expect(await rotations((await convert('pdf-rotate', [input], { angle: '270' })).outputs[0]!.path)).toEqual([270, 270, 270]);
  });
});

describe('pdf-insert', () => {
  test('blank pages after page N, shaped like their neighbour', async () => {
    const input = await writeSamplePdf(scratch, 'insert.pdf', { pages: 2, rotations: { 0: 90 } });
    const { outputs } = await convert('pdf-insert', [input], { position: 1, count: 2 });
    const file = outputs[0]!.path;
    expect(await pageCount(file)).toBe(4);
    expect(await rotations(file)).toEqual([90, 90, 90, 0]);
    expect((await textOf(file, 2)).trim()).toBe('');
    expect(await textOf(file, 4)).toContain(bodyText(2));
  });

  test('pages of a second PDF, at the front or at the end by default', async () => {
    const target = await writeSamplePdf(scratch, 'target.pdf', { pages: 2 });
    const source = await writeSamplePdf(scratch, 'source.pdf', { pages: 3, label: '乙' });
    const front = (await convert('pdf-insert', [target, source], { position: 0, pages: '2' })).outputs[0]!.path;
    expect(await pageCount(front)).toBe(3);
    expect(await textOf(front, 1)).toContain(bodyText(2, '乙'));
    const end = (await convert('pdf-insert', [target, source])).outputs[0]!.path;
    expect(await textOf(end, 5)).toContain(bodyText(3, '乙'));
  });

  test('a position past the end is refused', async () => {
    const input = await writeSamplePdf(scratch, 'short.pdf', { pages: 2 });
    expect(await convertError('pdf-insert', [input], { position: 3 })).toContain('共 2 页');
  });
});

describe('pdf-delete-page', () => {
  test('removes the listed pages, and their content from the file', async () => {
    const input = await writeSamplePdf(scratch, 'delete.pdf', { pages: 4 });
    const { outputs } = await convert('pdf-delete-page', [input], { pages: '1,3-' });
    const file = outputs[0]!.path;
    expect(await pageCount(file)).toBe(1);
    expect(await textOf(file)).toContain(bodyText(2));
    // The deleted pages' content streams are gone too, not just unlinked.
    expect(occurrences(await uncompressed(file), '/Type /Page\n')).toBe(1);
    const streamCount = async (pdf: string) => (await uncompressed(pdf)).match(/^stream$/gm)!.length;
    expect(await streamCount(file)).toBe((await streamCount(input.path)) - 3);
  });

  test('refuses to delete every page, or nothing', async () => {
    const input = await writeSamplePdf(scratch, 'keep.pdf', { pages: 2 });
    expect(await convertError('pdf-delete-page', [input], { pages: '1-2' })).toContain('至少');
    expect(await convertError('pdf-delete-page', [input])).toContain('页码');
  });
});

describe('pdf-add-page-number', () => {
  test('numbers every page in Chinese, upright and at the bottom centre even on rotated pages', async () => {
    const input = await writeSamplePdf(scratch, 'numbers.pdf', { rotations: { 1: 90 } });
    const { outputs } = await convert('pdf-add-page-number', [input]);
    const file = outputs[0]!.path;
    for (const page of [1, 2, 3]) expect(await textOf(file, page)).toContain(`第${page}页/共3页`);
    for (const page of [1, 2]) {
      const { width, height, words } = await wordBoxes(file, page);
      const number = words.filter((word) => ['第', '页', '/', '共', String(page), '3'].includes(word.text));
      expect(number).toHaveLength(7);
      const left = Math.min(...number.map((word) => word.xMin));
      const right = Math.max(...number.map((word) => word.xMax));
      expect(Math.abs((left + right) / 2 - width / 2)).toBeLessThan(10);
      for (const word of number) expect(word.yMin).toBeGreaterThan(height - 60);
      // Upright: a run of text wider than tall.
      expect(right - left).toBeGreaterThan(number[0]!.yMax - number[0]!.yMin);
    }
  });

  test('custom template, start number and corner', async () => {
    const input = await writeSamplePdf(scratch, 'corner.pdf');
    const { outputs } = await convert('pdf-add-page-number', [input], { format: '{n}/{total}', start: 5, position: 'top-right' });
    const { width, words } = await wordBoxes(outputs[0]!.path, 1);
    const number = words.find((word) => word.text === '5/7');
    expect(number).toBeDefined();
    expect(number!.xMax).toBeGreaterThan(width - 60);
    expect(number!.yMax).toBeLessThan(60);
  });
});

describe('watermark and del-watermark', () => {
  test('a Chinese text watermark on every page, which del-watermark takes off again', async () => {
    const input = await writeSamplePdf(scratch, 'wm.pdf', { rotations: { 2: 270 } });
    const marked = (await convert('watermark', [input], { text: '内部资料', opacity: 0.2, angle: 30 })).outputs[0]!;
    expect(marked.name).toBe('wm_水印.pdf');
    for (const page of [1, 2, 3]) expect(await textOf(marked.path, page)).toContain('内部资料');
    const cleaned = (await convert('del-watermark', [{ ...input, name: marked.name, path: marked.path }])).outputs[0]!;
    const text = await textOf(cleaned.path);
    expect(text).not.toContain('内部资料');
    for (const page of [1, 2, 3]) expect(text).toContain(bodyText(page));
  });

  test('tiles the text over the page', async () => {
    const input = await writeSamplePdf(scratch, 'tile.pdf', { pages: 1 });
    const { outputs } = await convert('watermark', [input], { text: '机密', position: 'tile', fontSize: 30 });
    expect(occurrences(await textOf(outputs[0]!.path), '机密')).toBeGreaterThan(6);
  });

  test('an image watermark on the chosen pages', async () => {
    const input = await writeSamplePdf(scratch, 'image-wm.pdf');
    const { outputs } = await convert('watermark', [input, await pngInput('stamp')], { pages: '1,3' });
    const { stdout } = await run('pdfimages', ['-list', outputs[0]!.path]);
    const pagesWithImages = [...stdout.matchAll(/^\s*(\d+)\s+\d+\s+image/gm)].map((match) => Number(match[1]));
    expect(pagesWithImages).toEqual([1, 3]);
  });

  test('needs text or an image', async () => {
    expect(await convertError('watermark', [await writeSamplePdf(scratch, 'no-text.pdf')])).toContain('水印');
  });

  test("removes other programs' marked watermarks, in forms and annotations too", async () => {
    const input = await writeForeignWatermarkedPdf(scratch, 'foreign.pdf', { named: '外部水印', inForm: '表单水印' });
    expect(await textOf(input.path)).toContain('外部水印');
    expect(await textOf(input.path)).toContain('表单水印');
    const cleaned = (await convert('del-watermark', [input])).outputs[0]!.path;
    const text = await textOf(cleaned);
    expect(text).not.toContain('外部水印');
    expect(text).not.toContain('表单水印');
    expect(text).toContain(bodyText(2));
    expect(occurrences(text, '表单正文')).toBe(2);
    // The /Watermark annotation was the file's only annotation.
    expect(await uncompressed(input.path)).toMatch(/\/Type \/Annot\b/);
    expect(await uncompressed(cleaned)).not.toMatch(/\/Type \/Annot\b/);
  });

  test('says so when there is no watermark to remove', async () => {
    expect(await convertError('del-watermark', [await writeSamplePdf(scratch, 'clean.pdf')])).toContain('未发现');
  });
});

describe('pdf-portfolios', () => {
  test('embeds every file under a cover and marks the PDF as a portfolio', async () => {
    const pdf = await writeSamplePdf(scratch, '合同.pdf');
    const notes = await writeInput(scratch, 'notes.txt', Buffer.from('你好，文件包'), 'txt');
    const first = await writeInput(scratch, '说明.txt', Buffer.from('first'), 'txt');
    const sameName = await writeInput(scratch, '说明.txt', Buffer.from('second'), 'txt');
    const { outputs } = await convert('pdf-portfolios', [pdf, notes, first, sameName, await pngInput('图片.png')]);
    const file = outputs[0]!.path;
    expect(outputs[0]!.name).toBe('合同_文件包.pdf');
    const { stdout } = await run('qpdf', ['--list-attachments', file]);
    for (const name of ['合同.pdf', 'notes.txt', '说明.txt', '说明 (2).txt', '图片.png']) expect(stdout).toContain(`${name} ->`);
    expect(await uncompressed(file)).toMatch(/\/Collection \d+ 0 R/);
    const cover = await textOf(file, 1);
    expect(cover).toContain('PDF文件包');
    expect(cover).toContain('说明(2).txt');
    const { stdout: attached } = await run('qpdf', ['--show-attachment=notes.txt', file]);
    expect(attached).toBe('你好，文件包');
  });
});

// Portfolios embed any file as it is, so a broken PDF is not an error there.
const PDF_TOOLS = pdfEditConverters.map((converter) => converter.toolId).filter((toolId) => toolId !== 'pdf-portfolios');

/** Options that make each tool do real work on any document of at least one page. */
const EVERY_DOCUMENT_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = {
  'pdf-delete-page': { pages: '1' },
  'pdf-split': { mode: 'every', n: 1 },
  watermark: { text: '内部资料', position: 'tile' },
};

/** Merge needs a second file; the other tools take the file alone. */
async function inputsFor(toolId: string, input: ConvertInput): Promise<ConvertInput[]> {
  return toolId === 'pdf-merge' ? [input, await writeSamplePdf(scratch, `merge-partner-${path.basename(input.path)}`, { pages: 1 })] : [input];
}

describe('broken inputs give a Chinese ConvertError', () => {
  test.each(PDF_TOOLS)('%s', async (toolId) => {
    const sample = await readFile((await writeSamplePdf(scratch, 'whole.pdf')).path);
    const truncated = await writeInput(scratch, 'truncated.pdf', sample.subarray(0, Math.floor(sample.length / 2)));
    const notPdf = await writeInput(scratch, 'not-a-pdf.pdf', Buffer.from('这不是PDF文件，只是一段文字。'.repeat(20)));
    const empty = await writeInput(scratch, 'empty.pdf', new Uint8Array());
    for (const input of [truncated, notPdf, empty]) {
      const options = EVERY_DOCUMENT_OPTIONS[toolId] ?? {};
      expect(await convertError(toolId, await inputsFor(toolId, input), options)).toContain('文件已损坏或不是有效的PDF');
    }
  });
});

const fixtureFiles = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((file) => file.endsWith('.pdf')).sort() : [];

/**
 * Page counts of the real-world fixtures, written down from pdfinfo and ../shared/fixtures/pdf's
 * README (every page has /Rotate 0), not computed by the code under test.
 */
const FIXTURE_PAGES: Readonly<Record<string, number>> = {
  '002-trivial-libre-office-writer.pdf': 1,
  'annotated_pdf.pdf': 1,
  'cmyk-image.pdf': 1,
  'google-doc-document.pdf': 1,
  'grayscale-image.pdf': 1,
  'imagemagick-CCITTFaxDecode.pdf': 1,
  'imagemagick-lzw.pdf': 1,
  'libreoffice-writer-password.pdf': 1,
  'multicolumn.pdf': 3,
  'pdflatex-4-pages.pdf': 4,
  'pdflatex-forms.pdf': 1,
  'with-attachment.pdf': 1,
};
/** Opens with `openpassword` only: every tool that reads pages refuses it. */
const ENCRYPTED_FIXTURE = 'libreoffice-writer-password.pdf';

type Expected = { refused: string } | { check(outputs: ConvertOutput[]): Promise<void> };

const outputPages = async (outputs: ConvertOutput[]) => Promise.all(outputs.map((o) => pageCount(o.path)));
/** The fixture's text as pdftotext reads it (-raw, white space removed), pages `first` to `last`. */
async function fixtureText(file: string, first = 1, last = FIXTURE_PAGES[file]): Promise<string> {
  const { stdout } = await run('pdftotext', ['-raw', '-f', String(first), '-l', String(last), path.join(FIXTURES, file), '-']);
  return stdout.replace(/\s+/g, '');
}

/** The one outcome of each tool on each fixture. */
function expectedOutcome(toolId: string, file: string): Expected {
  const pages = FIXTURE_PAGES[file];
  if (file === ENCRYPTED_FIXTURE && toolId !== 'pdf-portfolios') return { refused: 'PDF已加密，请先解密' };
  switch (toolId) {
    case 'pdf-merge':
      // The fixture's pages, then the one-page partner's.
      return {
        check: async ([output]) => {
          expect(await pageCount(output.path)).toBe(pages + 1);
          expect(await textOf(output.path)).toBe((await fixtureText(file)) + bodyText(1));
        },
      };
    case 'pdf-insert':
      // One blank page at the front, then the fixture's pages.
      return {
        check: async ([output]) => {
          expect(await pageCount(output.path)).toBe(pages + 1);
          expect(await textOf(output.path, 1)).toBe('');
          expect(await textOf(output.path)).toBe(await fixtureText(file));
        },
      };
    case 'pdf-split':
      return {
        check: async (outputs) => {
          expect(await outputPages(outputs)).toEqual(Array(pages).fill(1));
          for (const [i, output] of outputs.entries()) expect(await textOf(output.path)).toBe(await fixtureText(file, i + 1, i + 1));
        },
      };
    case 'pdf-rotate':
      return {
        check: async ([output]) => {
          expect(await rotations(output.path)).toEqual(Array(pages).fill(90));
          expect(await textOf(output.path)).toBe(await fixtureText(file));
        },
      };
    case 'watermark':
      return {
        check: async ([output]) => {
          expect(await pageCount(output.path)).toBe(pages);
          expect(await textOf(output.path, pages)).toContain('内部资料');
          // The fixture's own text is all still there, beside the marks (tiles cut at the page's edge
          // leave pieces of the mark: its characters are taken out, the fixtures have none of them).
          expect((await textOf(output.path)).replace(/[内部资料]/g, '')).toBe(await fixtureText(file));
        },
      };
    case 'del-watermark':
      // These files carry no watermark: the specific refusal (the watermarked copies are below).
      return { refused: '未发现可去除的水印' };
    case 'pdf-add-page-number':
      // Visible on any page shape, however odd (ImageMagick's pages are 3.84 pt wide).
      return {
        check: async ([output]) => {
          expect(await textOf(output.path, pages)).toContain(`第${pages}页/共${pages}页`);
          expect((await textOf(output.path)).replace(/第\d+页\/共\d+页/g, '')).toBe(await fixtureText(file));
        },
      };
    case 'pdf-delete-page':
      return pages === 1
        ? { refused: '不能删除全部页面，至少要保留一页' }
        : {
            check: async ([output]) => {
              expect(await pageCount(output.path)).toBe(pages - 1);
              expect(await textOf(output.path)).toBe(await fixtureText(file, 2));
            },
          };
    case 'pdf-portfolios':
      return {
        check: async ([output]) => {
          const { stdout } = await run('qpdf', ['--list-attachments', output.path]);
          expect(stdout).toContain(`${file} ->`);
          // The embedded file is the fixture, byte for byte.
          const { stdout: attached } = await run('qpdf', [`--show-attachment=${file}`, output.path], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
          expect(Buffer.compare(attached, await readFile(path.join(FIXTURES, file)))).toBe(0);
        },
      };
    default:
      throw new Error(`no expected outcome written for ${toolId}`);
  }
}

const EVERY_TOOL_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = { ...EVERY_DOCUMENT_OPTIONS, 'pdf-rotate': { angle: 90 }, 'pdf-insert': { position: 0 } };

if (fixtureFiles.length === 0) {
  test.skip(`real-world PDF fixtures not found at ${FIXTURES}: the fixture sweep is skipped`, () => undefined);
} else {
  test('every fixture has its page count written down here', () => {
    expect(Object.keys(FIXTURE_PAGES).sort()).toEqual(fixtureFiles);
  });

  describe.each(pdfEditConverters.map((converter) => converter.toolId))('%s on real-world PDFs', (toolId) => {
    for (const file of fixtureFiles) {
      test(file, async () => {
        const input: ConvertInput = { name: file, path: path.join(FIXTURES, file), size: 0, type: 'pdf' };
        const expected = expectedOutcome(toolId, file);
        const inputs = await inputsFor(toolId, input);
        const options = EVERY_TOOL_OPTIONS[toolId] ?? {};
        if ('refused' in expected) expect(await convertError(toolId, inputs, options)).toContain(expected.refused);
        else await expected.check((await convert(toolId, inputs, options)).outputs);
      });
    }
  });
}

describe.each(fixtureFiles.filter((file) => file !== 'libreoffice-writer-password.pdf'))('watermark → del-watermark on %s', (file) => {
  test('gives back exactly the original text', async () => {
    const original: ConvertInput = { name: file, path: path.join(FIXTURES, file), size: 0, type: 'pdf' };
    const marked = (await convert('watermark', [original], { text: '内部资料' })).outputs[0]!;
    expect(await textOf(marked.path)).toContain('内部资料');
    const cleaned = (await convert('del-watermark', [{ ...original, path: marked.path }])).outputs[0]!;
    expect(await textOf(cleaned.path)).toBe(await textOf(original.path));
  });
});
