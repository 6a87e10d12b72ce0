// Every tool of the catalogue through the shipped server (issue 11, "What must hold"): the built
// artefact runs as `npm start` runs it, each tool the server reports available gets a
// representative input over the HTTP task API, and its result is read back by a program other than
// the one that wrote it (pdftotext, pdfinfo, qpdf, pdfimages, ffprobe, LibreOffice, exceljs,
// calibre, sharp). The cases are keyed by tool id: a tool without a case, or a case without a
// tool, fails the suite; a tool the server reports unavailable is skipped visibly with its reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { TOOLS } from '../../shared/catalogue';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { auditDxf, cadFixture, DRAWING_TEXT, makeDrawing } from '../support/cad/drawings';
import { lumaSsim, meanVolume } from '../support/ffmpeg-measures';
import { greyPixels, inkBands, meanColour, pageDifference, region } from '../support/pixels';
import { PORTRAIT } from '../support/portrait';
import { sofficeConvert } from '../support/soffice';
import { TaskClient, type TaskState, type UploadFile } from '../support/task-client';
import { checkOpc, pdfRawText } from '../support/cad/rendered';
import { readZipParts } from '../support/zip';
import * as inputs from './inputs';

const BUNDLE = process.env.SHIPPED_BUNDLE; // scripts/mutation-check.mjs points this at a broken build
let server: BuiltServer;
let scratch: string;
let unavailable: Record<string, string> = {};

// ---- independent readers -------------------------------------------------------------------
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const pdfText = (file: string, password?: string) => squash(run('pdftotext', [...(password ? ['-upw', password] : []), '-layout', file, '-']));
const pdfPages = (file: string, password?: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [...(password ? ['-upw', password] : []), file]))![1]);
/** qpdf --check exits 0 only for a clean file; 3 (warnings) throws here too. */
const qpdfClean = (file: string, password?: string) => run('qpdf', [...(password ? [`--password=${password}`] : []), '--check', file]);
const rotations = (file: string) => [...run('pdfinfo', ['-f', '1', '-l', '99', file]).matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
const imageCount = (file: string) => run('pdfimages', ['-list', file]).trim().split('\n').length - 2;
function probe(file: string): { duration: number; kinds: string[]; codecs: string[]; width?: number; height?: number } {
  const info = JSON.parse(run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file])) as {
    format: { duration?: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
  const video = info.streams.find((s) => s.codec_type === 'video');
  return { duration: Number(info.format.duration ?? 0), kinds: info.streams.map((s) => s.codec_type).sort(), codecs: info.streams.map((s) => s.codec_name), width: video?.width, height: video?.height };
}
/** An office file's text as LibreOffice reads it (printed to PDF, then pdftotext). */
const officeText = (file: string) => pdfText(sofficeConvert(file, 'pdf', scratch));
async function sheetValues(file: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const values: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => values.push(String(cell.text).trim()))));
  return values;
}
async function pixelAt(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}
/** The parts of an Office Open XML package: a file that is not one fails here, whatever LibreOffice would make of it. */
async function packageParts(file: string): Promise<string[]> {
  return (await readZipParts(file)).map((p) => p.name);
}
const sizeOf = (file: string) => fs.statSync(file).size;
/** The size of what was sent: the bytes, or the file they were read from. */
const uploadedSize = (file: UploadFile) => (typeof file.data === 'string' ? sizeOf(file.data) : file.data.length);
const expectWords = (text: string, words: readonly string[]) => {
  for (const word of words) expect(text).toContain(word);
};
const sentFiles = new WeakMap<UploadFile, string>();
let sent = 0;
/** What was sent, as a file (written out once when it was sent from memory), for the readers that take files. */
function sentFile(file: UploadFile): string {
  if (typeof file.data === 'string') return file.data;
  if (!sentFiles.has(file)) {
    const written = path.join(scratch, `sent-${++sent}-${file.name}`);
    fs.writeFileSync(written, file.data);
    sentFiles.set(file, written);
  }
  return sentFiles.get(file)!;
}
/** Each picture is its page of the uploaded PDF as poppler draws it at `dpi` (JPEG's ringing round the text: 0.2; a blank page: 1). */
async function expectPagesDrawn(images: string[], pdf: UploadFile, dpi: number): Promise<void> {
  for (const [i, image] of images.entries()) expect(await pageDifference(image, sentFile(pdf), i + 1, dpi)).toBeLessThan(0.4);
}
/** The pictures embedded in a PDF (pdfimages -list): page, width and height. */
const embeddedImages = (file: string) =>
  run('pdfimages', ['-list', file]).trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/)).filter((f) => f[2] === 'image').map((f) => f.slice(0, 1).concat(f.slice(3, 5)).map(Number));
/** A picture's mean colour is `colour` (r, g, b), each channel within 40. */
async function expectColour(picture: string | Buffer, colour: number[]): Promise<void> {
  expect((await meanColour(picture)).map((v, i) => Math.abs(v - colour[i]!) <= 40)).toEqual([true, true, true]);
}
/** The scenes of inputs.video, in order: navy, yellow, gray. */
const SCENE_COLOURS = [[0, 0, 128], [255, 255, 0], [128, 128, 128]];
/** The sound of a result is the sound sent, as loud (a silent or broken track is not). */
const expectSameLoudness = (file: string, input: UploadFile) => expect(Math.abs(meanVolume(file) - meanVolume(sentFile(input)))).toBeLessThan(1.5);

// ---- the cases ------------------------------------------------------------------------------
interface Case {
  files(): Promise<UploadFile[]>;
  options?: Record<string, unknown>;
  /** Checks the downloaded results (in the order the task lists them) against what was uploaded. */
  check(results: string[], state: TaskState, uploaded: UploadFile[]): Promise<void> | void;
}

const pdfFile = async (name = 'report.pdf', pages = 3): Promise<UploadFile> => ({ name, data: await inputs.textPdf(pages) });
const ALL_WORDS = inputs.PAGE_WORDS;

async function scanPdf(image: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(image);
  doc.addPage([picture.width * 0.6, picture.height * 0.6]).drawImage(picture, { x: 0, y: 0, width: picture.width * 0.6, height: picture.height * 0.6 });
  return Buffer.from(await doc.save());
}

async function tableDocx(): Promise<Buffer> {
  const rows = inputs.SHEET_ROWS.map(([name, value]) => new TableRow({ children: [new TableCell({ children: [new Paragraph(name)] }), new TableCell({ children: [new Paragraph(String(value))] })] }));
  return Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(inputs.DOC_WORDS), new Table({ rows })] }] })));
}

/** A result of another tool of the same server, used as the input of this one (named in the case). */
async function resultOf(tool: string, files: UploadFile[], options?: Record<string, unknown>): Promise<Buffer> {
  const client = new TaskClient(server.origin);
  const state = await client.run(tool, files, options);
  if (state.status !== 'done') throw new Error(`${tool} (making an input) failed: ${state.msg}`);
  return fs.readFileSync(await client.download(state.files[0].url, scratch, `${tool}-input-${Date.now()}`));
}

const CASES: Record<string, Case | { page: string }> = {
  'pdf-to-word': {
    files: async () => [await pdfFile()],
    check: async ([docx]) => {
      expect(await packageParts(docx)).toContain('word/document.xml');
      expectWords(officeText(docx), ALL_WORDS);
    },
  },
  'pdf-to-excel': {
    files: async () => [{ name: 'table.pdf', data: await inputs.tablePdf() }],
    check: async ([xlsx]) => expect(await sheetValues(xlsx)).toEqual(expect.arrayContaining(inputs.SHEET_ROWS.flat().map(String))),
  },
  'pdf-to-ppt': {
    files: async () => [await pdfFile()],
    check: async ([pptx]) => {
      expect(await packageParts(pptx)).toContain('ppt/presentation.xml');
      const pdf = sofficeConvert(pptx, 'pdf', scratch);
      expect(pdfPages(pdf)).toBe(3);
      expectWords(pdfText(pdf), ALL_WORDS);
    },
  },
  'pdf-to-jpg': {
    files: async () => [await pdfFile()],
    check: async (images, _state, [pdf]) => {
      expect(images).toHaveLength(3);
      // 150 dpi of 595×842 pt, rounded up as mutool does.
      for (const image of images) expect(probe(image)).toMatchObject({ codecs: ['mjpeg'], width: 1240, height: 1755 });
      await expectPagesDrawn(images, pdf, 150);
    },
  },
  'pdf-to-png': {
    files: async () => [await pdfFile()],
    options: { dpi: 72 },
    check: async (images, _state, [pdf]) => {
      expect(images).toHaveLength(3);
      for (const image of images) expect(probe(image)).toMatchObject({ codecs: ['png'], width: 595, height: 842 });
      await expectPagesDrawn(images, pdf, 72);
    },
  },
  'pdf-to-longpng': {
    files: async () => [await pdfFile()],
    options: { dpi: 72 },
    check: async ([image], _state, [pdf]) => {
      expect(probe(image)).toMatchObject({ codecs: ['png'], width: 595, height: 842 * 3 });
      const picture = await greyPixels(image);
      for (const page of [1, 2, 3]) expect(await pageDifference(region(picture, 0, (page - 1) * 842, 595, 842), sentFile(pdf), page, 72)).toBeLessThan(0.2);
    },
  },
  'pdf-to-html': { files: async () => [await pdfFile()], check: ([html]) => expectWords(squash(fs.readFileSync(html, 'utf8').replace(/<[^>]+>/g, ' ')), ALL_WORDS) },
  'pdf-to-epub': {
    files: async () => [await pdfFile()],
    check: async ([epub]) => {
      const parts = await readZipParts(epub);
      expect(parts[0]).toMatchObject({ name: 'mimetype', stored: true, text: 'application/epub+zip' });
      expectWords(squash(parts.map((p) => p.text.replace(/<[^>]+>/g, ' ')).join(' ')), ALL_WORDS);
    },
  },
  'pdf-to-ofd': {
    files: async () => [await pdfFile()],
    check: async ([ofd]) => {
      const parts = await readZipParts(ofd);
      expect(parts.map((p) => p.name)).toContain('OFD.xml');
      expectWords(parts.filter((p) => /Content\.xml$/.test(p.name)).map((p) => p.text.replace(/<[^>]+>/g, '')).join(' '), ALL_WORDS);
    },
  },
  'pdf-to-cad': {
    files: async () => [await pdfFile('report.pdf', 1)],
    check: ([dxf]) => {
      const [audit] = auditDxf(dxf);
      expect(audit.errors).toEqual([]);
      expectWords(audit.texts.join(' '), ALL_WORDS.slice(0, 1));
    },
  },
  'word-to-pdf': { files: async () => [{ name: 'contract.docx', data: await inputs.docx() }], check: ([pdf]) => (qpdfClean(pdf), expect(pdfText(pdf)).toContain(inputs.DOC_WORDS)) },
  'excel-to-pdf': { files: async () => [{ name: 'sales.xlsx', data: await inputs.xlsx() }], check: ([pdf]) => expectWords(pdfText(pdf), inputs.SHEET_ROWS.flat().map(String)) },
  'ppt-to-pdf': {
    files: async () => [{ name: 'deck.pptx', data: inputs.pptx(scratch) }],
    check: ([pdf]) => {
      expect(pdfPages(pdf)).toBe(2);
      expectWords(pdfText(pdf), [inputs.SLIDE_WORDS, 'Second slide body']);
    },
  },
  'jpg-to-pdf': {
    files: async () => [
      { name: 'a.png', data: await inputs.png(400, 300) },
      { name: 'b.png', data: await inputs.png(300, 400) },
    ],
    check: ([pdf]) => {
      qpdfClean(pdf);
      // Each picture on its own page, at its own size.
      expect(embeddedImages(pdf)).toEqual([
        [1, 400, 300],
        [2, 300, 400],
      ]);
    },
  },
  image_zip_to_pdf: {
    files: async () => [{ name: 'photos.zip', data: await inputs.imageZip() }],
    check: ([pdf]) =>
      expect(embeddedImages(pdf)).toEqual([
        [1, 400, 300],
        [2, 300, 400],
      ]),
  },
  'txt-to-pdf': { files: async () => [{ name: 'notes.txt', data: Buffer.from(`${inputs.TXT_WORDS}\n第二行\n`) }], check: ([pdf]) => expectWords(pdfText(pdf), ['第一章 总则', 'Juliet line', '第二行']) },
  'cad-to-pdf': {
    files: async () => [{ name: '图纸.dxf', data: makeDrawing(scratch, 'shipped-drawing.dxf') }],
    check: ([pdf]) => {
      qpdfClean(pdf);
      // Whitespace dropped: pdftotext may break the drawing's rotated lines between glyphs.
      const text = pdfRawText(pdf).replace(/\s+/g, '');
      for (const words of ['图纸标题Title', '门-1']) expect(text).toContain(words);
    },
  },
  'ofd-to-pdf': {
    files: async () => [{ name: 'report.ofd', data: await resultOf('pdf-to-ofd', [await pdfFile()]) }],
    check: ([pdf]) => {
      qpdfClean(pdf);
      expect(pdfPages(pdf)).toBe(3);
      expectWords(pdfText(pdf), ALL_WORDS);
    },
  },
  'epub-to-pdf': { files: async () => [{ name: 'book.epub', data: inputs.epub(scratch) }], check: ([pdf]) => expectWords(pdfText(pdf), ALL_WORDS.slice(0, 2)) },
  'video-to-pdf': {
    files: async () => [{ name: 'talk.mp4', data: inputs.video(scratch) }],
    check: async ([pdf]) => {
      expect([pdfPages(pdf), imageCount(pdf)]).toEqual([3, 3]);
      // A page per scene, in order, as poppler draws them.
      for (const [i, colour] of SCENE_COLOURS.entries()) await expectColour(execFileSync('pdftoppm', ['-r', '10', '-png', '-f', String(i + 1), '-l', String(i + 1), '-singlefile', pdf]), colour);
    },
  },
  'scan-to-word': { files: async () => [{ name: 'scan.pdf', data: await scanPdf(await inputs.textImage()) }], check: ([docx]) => expect(officeText(docx)).toContain(inputs.OCR_WORDS) },
  'scan-to-excel': {
    files: async () => [{ name: 'scan.pdf', data: await scanPdf(await inputs.tableImage()) }],
    check: async ([xlsx]) => expect((await sheetValues(xlsx)).join(' ')).toMatch(/Echo[\s\S]*120[\s\S]*Foxtrot[\s\S]*340[\s\S]*Golf[\s\S]*560/),
  },
  'word-to-excel': {
    files: async () => [{ name: 'table.docx', data: await tableDocx() }],
    check: async ([xlsx]) => expect(await sheetValues(xlsx)).toEqual(expect.arrayContaining(inputs.SHEET_ROWS.flat().map(String))),
  },
  'word-to-img': {
    files: async () => [{ name: 'contract.docx', data: await inputs.docx() }],
    check: async (images) => {
      expect(images).toHaveLength(1);
      const { width, height } = probe(images[0]);
      expect(height! / width!).toBeCloseTo(842 / 595, 1);
      // Ink on a white page: the words were drawn.
      const stats = await sharp(images[0]).greyscale().stats();
      expect(stats.channels[0].min).toBeLessThan(100);
      expect(stats.channels[0].max).toBeGreaterThan(240);
    },
  },
  'epub-mobi-azw3': {
    files: async () => [{ name: 'book.epub', data: inputs.epub(scratch) }],
    check: ([book]) => {
      expect(fs.readFileSync(book).subarray(60, 68).toString('latin1')).toBe('BOOKMOBI');
      expect(run('ebook-meta', [book])).toMatch(/Title\s+:\s+Sweep Book/);
      // The book's text, as calibre reads it back.
      const txt = path.join(scratch, 'azw3-text.txt');
      execFileSync('ebook-convert', [book, txt], { stdio: 'ignore', env: { ...process.env, HOME: scratch, QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox' } });
      expectWords(squash(fs.readFileSync(txt, 'utf8')), ALL_WORDS.slice(0, 2));
    },
  },
  'dwg-to-dxf': {
    files: async () => [{ name: 'sample.dwg', data: cadFixture('sample_2018.dwg') }],
    options: { version: '2013' },
    check: ([dxf]) => {
      const [audit] = auditDxf(dxf);
      expect({ version: audit.version, errors: audit.errors }).toEqual({ version: 'AC1027', errors: [] });
      expect(audit.model).toEqual({ LINE: 3, CIRCLE: 1, TEXT: 1, POLYLINE: 1 });
    },
  },
  'cad-to-cad': {
    files: async () => [{ name: '图纸.dxf', data: makeDrawing(scratch, 'cad-to-cad-input.dxf') }],
    options: { version: 'R12' },
    check: ([dxf]) => {
      const [audit] = auditDxf(dxf);
      expect({ version: audit.version, errors: audit.errors }).toEqual({ version: 'AC1009', errors: [] });
      expectWords(audit.texts.join(' '), DRAWING_TEXT);
    },
  },
  'cad-to-img': {
    files: async () => [{ name: '图纸.dxf', data: makeDrawing(scratch, 'shipped-drawing.dxf') }],
    options: { width: 800 },
    check: async ([png]) => expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 800 }),
  },
  'cad-to-dwf': {
    files: async () => [{ name: '图纸.dxf', data: makeDrawing(scratch, 'shipped-drawing.dxf') }],
    check: ([dwfx]) => {
      const report = checkOpc(dwfx);
      expect({ uncovered: report.uncovered, unresolved: report.unresolved, unparsed: report.unparsed }).toEqual({ uncovered: [], unresolved: [], unparsed: [] });
      expect(report.pages[0]!.text).toContain('图纸标题');
    },
  },
  'video-to-ppt': {
    files: async () => [{ name: 'talk.mp4', data: inputs.video(scratch) }],
    check: async ([pptx]) => {
      expect((await readZipParts(pptx)).filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p.name))).toHaveLength(3);
      // A slide per scene, in order: the picture each slide's relationships name.
      for (const [i, colour] of SCENE_COLOURS.entries()) {
        const target = /Type="[^"]*\/image" Target="\.\.\/(media\/[^"]+)"/.exec(run('unzip', ['-p', pptx, `ppt/slides/_rels/slide${i + 1}.xml.rels`]))![1];
        await expectColour(execFileSync('unzip', ['-p', pptx, `ppt/${target}`]), colour);
      }
    },
  },
  'video-to-word': { page: 'speech model' },
  'voice-to-word': { page: 'speech model' },
  'voice-translation': { page: 'speech model' },
  'video-to-audio': {
    files: async () => [{ name: 'talk.mp4', data: inputs.video(scratch) }],
    check: ([mp3], _state, [video]) => {
      expect(probe(mp3)).toMatchObject({ kinds: ['audio'], codecs: ['mp3'], duration: expect.closeTo(6, 0) });
      expectSameLoudness(mp3, video);
    },
  },
  'video-to-video': {
    files: async () => [{ name: 'talk.mp4', data: inputs.video(scratch) }],
    options: { format: 'webm' },
    check: ([webm], _state, [video]) => {
      expect(probe(webm)).toMatchObject({ kinds: ['audio', 'video'], codecs: expect.arrayContaining(['vp9', 'opus']), width: 320, height: 240, duration: expect.closeTo(6, 0) });
      expect(lumaSsim(sentFile(video), webm)).toBeGreaterThan(0.9);
      expectSameLoudness(webm, video);
    },
  },
  'audio-to-audio': {
    files: async () => [{ name: 'tone.wav', data: inputs.audio(scratch) }],
    options: { format: 'mp3' },
    check: ([mp3], _state, [wav]) => {
      expect(probe(mp3)).toMatchObject({ codecs: ['mp3'], duration: expect.closeTo(4, 0) });
      expectSameLoudness(mp3, wav);
    },
  },
  'video-compress': {
    files: async () => [{ name: 'heavy.mp4', data: inputs.heavyVideo(scratch) }],
    check: ([mp4], _state, [input]) => {
      expect(probe(mp4)).toMatchObject({ kinds: ['audio', 'video'], width: 640, height: 360, duration: expect.closeTo(10, 0) });
      expect(sizeOf(mp4)).toBeLessThan(0.7 * uploadedSize(input));
      expect(lumaSsim(sentFile(input), mp4)).toBeGreaterThan(0.85);
      expectSameLoudness(mp4, input);
    },
  },
  'audio-compress': {
    files: async () => [{ name: 'tone.wav', data: inputs.audio(scratch) }],
    check: ([out], _state, [input]) => {
      expect(probe(out)).toMatchObject({ kinds: ['audio'], duration: expect.closeTo(4, 0) });
      expect(probe(out).codecs[0]).not.toMatch(/^pcm/);
      expect(sizeOf(out)).toBeLessThan(0.5 * uploadedSize(input));
      expectSameLoudness(out, input);
    },
  },
  'cut-audio': {
    files: async () => [{ name: 'tone.wav', data: inputs.audio(scratch) }],
    options: { start: '00:00:01.0', end: '00:00:03.0' },
    check: ([out], _state, [wav]) => {
      expect(probe(out).duration).toBeCloseTo(2, 0);
      expectSameLoudness(out, wav);
    },
  },
  'img-convert': {
    files: async () => [{ name: 'picture.png', data: await inputs.png() }],
    options: { format: 'jpg' },
    check: async ([jpg]) => {
      expect(probe(jpg)).toMatchObject({ codecs: ['mjpeg'], width: 800, height: 600 });
      // The picture sent: blue around a yellow box in the middle.
      expect(await pixelAt(jpg, 400, 300)).toEqual([expect.closeTo(255, -1.5), expect.closeTo(204, -1.5), expect.closeTo(0, -1.5)]);
      expect(await pixelAt(jpg, 50, 50)).toEqual([expect.closeTo(0x33, -1.5), expect.closeTo(0x66, -1.5), expect.closeTo(0xcc, -1.5)]);
    },
  },
  'img-compress': {
    files: async () => [{ name: 'photo.jpg', data: await sharp(await inputs.png(1600, 1200)).jpeg({ quality: 100 }).toBuffer() }],
    check: async ([jpg], _state, [input]) => {
      expect(probe(jpg)).toMatchObject({ width: 1600, height: 1200 });
      expect(sizeOf(jpg)).toBeLessThan(0.8 * uploadedSize(input));
      expect(await pixelAt(jpg, 800, 600)).toEqual([expect.closeTo(255, -1.5), expect.closeTo(204, -1.5), expect.closeTo(0, -1.5)]);
    },
  },
  'img-to-txt': { files: async () => [{ name: 'scan.png', data: await inputs.textImage() }], check: ([txt]) => expect(squash(fs.readFileSync(txt, 'utf8'))).toContain(inputs.OCR_WORDS) },
  'img-to-excel': {
    files: async () => [{ name: 'table.png', data: await inputs.tableImage() }],
    check: async ([xlsx]) => expect((await sheetValues(xlsx)).join(' ')).toMatch(/Echo[\s\S]*120[\s\S]*Foxtrot[\s\S]*340[\s\S]*Golf[\s\S]*560/),
  },
  'img-cut': {
    files: async () => [{ name: 'picture.png', data: await inputs.png(800, 600) }],
    options: { x: 200, y: 150, width: 400, height: 300 },
    check: async ([png]) => {
      expect(probe(png)).toMatchObject({ width: 400, height: 300 });
      expect(await pixelAt(png, 200, 150)).toEqual([255, 204, 0]);
    },
  },
  'img-background-color': {
    files: async () => [{ name: 'portrait.jpg', data: PORTRAIT }],
    options: { color: 'blue', size: 1 },
    check: async ([jpg]) => {
      expect(probe(jpg)).toMatchObject({ width: 295, height: 413 });
      const [r, g, b] = await pixelAt(jpg, 5, 5);
      expect(b).toBeGreaterThan(150);
      expect(b - Math.max(r, g)).toBeGreaterThan(60);
    },
  },
  'font-recognition': {
    // The sans face of the sample is among the candidates (a serif sample is not yet: noted on issue 14).
    files: async () => [{ name: 'sample.png', data: await inputs.textImage('Sphinx quartz', 'DejaVu Sans') }],
    check: async ([json, preview]) => {
      const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { text: string; candidates: { family: string }[] };
      expect(report.text).toContain('Sphinx');
      expect(report.candidates.map((c) => c.family)).toContain('DejaVu Sans');
      expect(probe(preview).codecs).toEqual(['png']);
      // The preview shows the line, then a label and a rendering per candidate.
      expect(inkBands(await greyPixels(preview))).toHaveLength(1 + 2 * report.candidates.length);
    },
  },
  'pdf-merge': {
    files: async () => [await pdfFile('a.pdf', 3), await pdfFile('b.pdf', 1)],
    check: ([pdf]) => {
      qpdfClean(pdf);
      expect(pdfPages(pdf)).toBe(4);
      expect(pdfText(pdf)).toMatch(/Alpha[\s\S]*Bravo[\s\S]*Charlie[\s\S]*Alpha/);
    },
  },
  'pdf-split': {
    files: async () => [await pdfFile()],
    options: { mode: 'every', n: 1 },
    check: (parts) => {
      expect(parts).toHaveLength(3);
      parts.forEach((part, i) => {
        expect(pdfPages(part)).toBe(1);
        expect(pdfText(part)).toContain(ALL_WORDS[i]);
      });
    },
  },
  'pdf-compress': {
    files: async () => [{ name: 'photo.pdf', data: await inputs.heavyPdf() }],
    check: ([pdf], state, [input]) => {
      qpdfClean(pdf);
      expect([pdfPages(pdf), imageCount(pdf), pdfText(pdf)]).toEqual([1, 1, ALL_WORDS[0]]);
      expect(state.files[0].name).toBe('photo-已压缩.pdf');
      expect(sizeOf(pdf)).toBeLessThan(0.8 * uploadedSize(input));
    },
  },
  'pdf-rotate': {
    files: async () => [await pdfFile()],
    options: { angle: 90 },
    check: ([pdf]) => {
      qpdfClean(pdf);
      expect(rotations(pdf)).toEqual([90, 90, 90]);
      expectWords(pdfText(pdf), ALL_WORDS);
    },
  },
  'pdf-lock': {
    files: async () => [await pdfFile()],
    options: { password: 'Sweep-123' },
    check: ([pdf]) => {
      expect(() => run('qpdf', ['--requires-password', pdf])).not.toThrow();
      qpdfClean(pdf, 'Sweep-123');
      expectWords(pdfText(pdf, 'Sweep-123'), ALL_WORDS);
    },
  },
  'pdf-unlock': {
    files: async () => {
      const plain = path.join(scratch, 'plain-for-unlock.pdf');
      const locked = path.join(scratch, 'locked-for-unlock.pdf');
      fs.writeFileSync(plain, await inputs.textPdf());
      run('qpdf', ['--encrypt', 'Open-456', 'Owner-789', '256', '--', plain, locked]);
      return [{ name: 'locked.pdf', data: locked }];
    },
    options: { password: 'Open-456' },
    check: ([pdf]) => {
      expect(() => run('qpdf', ['--is-encrypted', pdf])).toThrow();
      expectWords(pdfText(pdf), ALL_WORDS);
    },
  },
  watermark: { files: async () => [await pdfFile()], options: { text: 'SWEEP MARK', angle: 0 }, check: ([pdf]) => expect(pdfText(pdf).match(/SWEEP MARK/g)).toHaveLength(3) },
  'del-watermark': {
    files: async () => [{ name: 'marked.pdf', data: await resultOf('watermark', [await pdfFile()], { text: 'SWEEP MARK', angle: 0 }) }],
    check: ([pdf]) => {
      const text = pdfText(pdf);
      expect(text).not.toContain('SWEEP MARK');
      expectWords(text, ALL_WORDS);
    },
  },
  'pdf-add-page-number': { files: async () => [await pdfFile()], check: ([pdf]) => expect(pdfText(pdf)).toMatch(/第 ?1 ?页[\s\S]*第 ?2 ?页[\s\S]*第 ?3 ?页/) },
  'pdf-insert': {
    files: async () => [await pdfFile('a.pdf', 3), await pdfFile('b.pdf', 1)],
    options: { position: 1 },
    check: ([pdf]) => {
      expect(pdfPages(pdf)).toBe(4);
      expect(pdfText(pdf)).toMatch(/Alpha[\s\S]*Alpha[\s\S]*Bravo[\s\S]*Charlie/);
    },
  },
  'pdf-delete-page': {
    files: async () => [await pdfFile()],
    options: { pages: '2' },
    check: ([pdf]) => {
      expect(pdfPages(pdf)).toBe(2);
      expect(pdfText(pdf)).not.toContain(ALL_WORDS[1]);
      expectWords(pdfText(pdf), [ALL_WORDS[0], ALL_WORDS[2]]);
    },
  },
  'pdf-getimg': {
    files: async () => [{ name: 'photo.pdf', data: await inputs.imagePdf() }],
    check: async ([image]) => {
      expect(probe(image)).toMatchObject({ codecs: ['mjpeg'], width: 640, height: 480 });
      const [r, g, b] = await pixelAt(image, 320, 240);
      expect([r, g, b].map((v, i) => Math.abs(v - [0xf4, 0xa2, 0x61][i]) < 20)).toEqual([true, true, true]);
    },
  },
  'pdf-portfolios': {
    files: async () => [await pdfFile(), { name: 'picture.png', data: await inputs.png() }],
    check: ([pdf], _state, uploaded) => {
      expect(run('qpdf', ['--list-attachments', pdf])).toMatch(/report\.pdf[\s\S]*picture\.png|picture\.png[\s\S]*report\.pdf/);
      // Each file is embedded as it was sent, byte for byte.
      for (const file of uploaded) expect(execFileSync('qpdf', [`--show-attachment=${file.name}`, pdf], { maxBuffer: 64 * 1024 * 1024 }).equals(fs.readFileSync(sentFile(file)))).toBe(true);
    },
  },
  timestamp: {
    files: async () => [await pdfFile()],
    check: ([pdf]) => {
      expect(run('pdfsig', [pdf])).toMatch(/Signature #1:[\s\S]*Signer Certificate Common Name: PDF365/);
      expect(pdfPages(pdf)).toBe(3);
      expectWords(pdfText(pdf), ALL_WORDS);
      // The file says which authority signed: the built-in one, not a trusted third party.
      const objects = JSON.stringify(JSON.parse(run('qpdf', ['--json=1', '--json-key=objects', pdf])));
      expect(objects).toContain('PDF365 内置时间戳服务');
      expect(objects).toContain('未经第三方可信时间戳机构认证');
    },
  },
  'pdf-scan': {
    files: async () => [await pdfFile()],
    check: ([report, sanitized]) => {
      // A plain text PDF: nothing to report, its three pages counted.
      expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toMatchObject({ riskLevel: '低', findings: [], pageCount: 3, encrypted: false });
      qpdfClean(sanitized);
      expectWords(pdfText(sanitized), ALL_WORDS);
    },
  },
  'online-mindmap': { page: 'an editor page: nothing is uploaded' },
};

// ---- the sweep ------------------------------------------------------------------------------
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-tools-'));
  server = await startBuiltServer({ bundle: BUNDLE });
  const home = await (await fetch(`${server.origin}/`)).text();
  unavailable = (JSON.parse(/window\.__SITE__=(\{.*?\});window\.__CHUNKS__/.exec(home)![1]) as { unavailableTools: Record<string, string> }).unavailableTools;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('every tool of the catalogue has a case, and every case a tool', () => {
  expect(Object.keys(CASES).sort()).toEqual(TOOLS.map((t) => t.id).sort());
});

test('what the server reports unavailable is only what has no engine here', () => {
  const pages = Object.entries(CASES).filter(([, c]) => 'page' in c && c.page !== 'an editor page: nothing is uploaded').map(([id]) => id);
  expect(Object.keys(unavailable).sort()).toEqual(pages.sort());
});

describe.each(TOOLS.map((t) => t.id))('%s', (toolId) => {
  const testCase = CASES[toolId];
  if (!testCase || 'page' in testCase) {
    test.skip(`not converted here: ${testCase && 'page' in testCase ? testCase.page : 'no case'}${unavailable[toolId] ? ` (${unavailable[toolId]})` : ''}`, () => undefined);
    return;
  }
  test('through the built server, read back independently', async () => {
    const client = new TaskClient(server.origin);
    const uploaded = await testCase.files();
    const state = await client.run(toolId, uploaded, testCase.options);
    expect({ status: state.status, msg: state.msg }).toEqual({ status: 'done', msg: '' });
    const dir = fs.mkdtempSync(path.join(scratch, `${toolId}-`));
    const results: string[] = [];
    for (const [i, file] of state.files.entries()) results.push(await client.download(file.url, dir, `${i}-${file.name}`));
    await testCase.check(results, state, uploaded);
  }, 180_000);
});
