// Representative inputs for the shipped tool sweep, made at run time with libraries and programs
// other than the server's own converters (pdf-lib, docx, exceljs, pptxgenjs, sharp, ffmpeg,
// calibre), each carrying text or numbers the checks look for in the results.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { zipBytes } from '../support/zip';

/** The words each generated document carries, page by page. */
export const PAGE_WORDS = ['Alpha quarterly report', 'Bravo revenue summary', 'Charlie closing notes'];
export const DOC_WORDS = 'Delta contract terms';
export const SHEET_ROWS: Array<[string, number]> = [
  ['Echo', 120],
  ['Foxtrot', 340],
  ['Golf', 560],
];
export const SLIDE_WORDS = 'Hotel launch plan';
export const OCR_WORDS = 'INVOICE PAID';
export const TXT_WORDS = '第一章 总则 Juliet line';

export async function textPdf(pages = 3): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(PAGE_WORDS[i % PAGE_WORDS.length], { x: 72, y: 760, size: 20, font });
    page.drawText(`Line two of page ${i + 1}`, { x: 72, y: 720, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

/** Small to send, slow to render: every page draws one busy translucent drawing many times over (it holds a worker). */
export async function slowPdf(pages: number): Promise<Buffer> {
  const art = await PDFDocument.create();
  const canvas = art.addPage([600, 600]);
  for (let d = 0; d < 300; d++) canvas.drawCircle({ x: (d * 7) % 600, y: (d * 13) % 600, size: 3 + (d % 40), color: rgb((d % 10) / 10, 0.2, 0.5), opacity: 0.5 });
  const doc = await PDFDocument.create();
  const [busy] = await doc.embedPdf(await art.save());
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([600, 600]);
    for (let r = 0; r < 40; r++) page.drawPage(busy, { x: r, y: r, opacity: 0.9 });
  }
  return Buffer.from(await doc.save());
}

/** A one-page PDF with a photo-like JPEG on it (for image extraction). */
export async function imagePdf(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
    .composite([{ input: Buffer.from('<svg width="640" height="480"><circle cx="320" cy="240" r="180" fill="#f4a261"/></svg>') }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(PAGE_WORDS[0], { x: 72, y: 780, size: 20, font });
  page.drawImage(await doc.embedJpg(photo), { x: 72, y: 300, width: 400, height: 300 });
  return Buffer.from(await doc.save());
}

/** A one-page PDF carrying a large lossless photo-like picture: room for a compressor to work. */
export async function heavyPdf(): Promise<Buffer> {
  const noise = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(PAGE_WORDS[0], { x: 72, y: 780, size: 20, font });
  page.drawImage(await doc.embedPng(noise), { x: 72, y: 300, width: 450, height: 338 });
  return Buffer.from(await doc.save());
}

/** A page with a ruled 3×2 table, for PDF → Excel. */
export async function tablePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const left = 72;
  const top = 700;
  const widths = [200, 120];
  for (let r = 0; r <= SHEET_ROWS.length; r++) page.drawLine({ start: { x: left, y: top - r * 30 }, end: { x: left + 320, y: top - r * 30 }, thickness: 1, color: rgb(0, 0, 0) });
  for (const x of [left, left + widths[0], left + 320]) page.drawLine({ start: { x, y: top }, end: { x, y: top - SHEET_ROWS.length * 30 }, thickness: 1, color: rgb(0, 0, 0) });
  SHEET_ROWS.forEach(([name, value], r) => {
    page.drawText(name, { x: left + 8, y: top - r * 30 - 20, size: 12, font });
    page.drawText(String(value), { x: left + widths[0] + 8, y: top - r * 30 - 20, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

export async function docx(): Promise<Buffer> {
  const document = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(DOC_WORDS)] }), new Paragraph('A second paragraph of the contract.')] }] });
  return Buffer.from(await Packer.toBuffer(document));
}

export async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sales');
  for (const row of SHEET_ROWS) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** pptxgenjs loads its Node parts with a dynamic import jest's module system refuses: it runs in a plain Node process. */
export function pptx(dir: string): Buffer {
  const file = path.join(dir, 'deck.pptx');
  const script = `const P = require('pptxgenjs'); const deck = new P();
deck.addSlide().addText(${JSON.stringify(SLIDE_WORDS)}, { x: 1, y: 1, w: 8, h: 1, fontSize: 32 });
deck.addSlide().addText('Second slide body', { x: 1, y: 1, w: 8, h: 1, fontSize: 24 });
deck.writeFile({ fileName: ${JSON.stringify(file)} }).catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '../..') });
  return fs.readFileSync(file);
}

export function png(width = 800, height = 600, background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#ffcc00"/></svg>`) }])
    .png()
    .toBuffer();
}

/** Black words on white, large enough for tesseract. */
export function textImage(words = OCR_WORDS, font = 'DejaVu Sans'): Promise<Buffer> {
  const svg = `<svg width="1200" height="300" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="white"/><text x="60" y="190" font-family="${font}" font-size="110" fill="black">${words}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A table picture: the rows of SHEET_ROWS in ruled cells. */
export function tableImage(): Promise<Buffer> {
  const rows = SHEET_ROWS.map(([name, value], r) => `<text x="40" y="${95 + r * 80}" font-family="DejaVu Sans" font-size="44">${name}</text><text x="460" y="${95 + r * 80}" font-family="DejaVu Sans" font-size="44">${value}</text>`).join('');
  const lines = [0, 1, 2, 3].map((r) => `<line x1="20" y1="${40 + r * 80}" x2="700" y2="${40 + r * 80}" stroke="black" stroke-width="3"/>`).join('') +
    [20, 420, 700].map((x) => `<line x1="${x}" y1="40" x2="${x}" y2="280" stroke="black" stroke-width="3"/>`).join('');
  return sharp(Buffer.from(`<svg width="760" height="320" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="white"/>${lines}${rows}</svg>`)).png().toBuffer();
}

export function imageZip(): Promise<Buffer> {
  return Promise.all([png(400, 300, '#cc3333'), png(300, 400, '#33cc33')]).then(([a, b]) => zipBytes({ '1.png': a, '2.png': b }));
}

/** Six seconds of video with sound: three scenes of clearly different brightness (video → slides sees three). */
export function video(dir: string): Buffer {
  const file = path.join(dir, 'input.mp4');
  const scenes = ['navy', 'yellow', 'gray'].map((c) => `color=c=${c}:s=320x240:d=2:r=10`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...scenes.flatMap((s) => ['-f', 'lavfi', '-i', s]), '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[v]', '-map', '[v]', '-map', '3:a', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', file]);
  return fs.readFileSync(file);
}

/** Ten seconds of busy, high-bitrate video: something a compressor has to make smaller. */
export function heavyVideo(dir: string): Buffer {
  const file = path.join(dir, 'heavy.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:d=10:r=25', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=10', '-c:v', 'libx264', '-b:v', '6M', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '256k', '-shortest', file]);
  return fs.readFileSync(file);
}

export function audio(dir: string): Buffer {
  const file = path.join(dir, 'input.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-ac', '2', '-ar', '44100', file]);
  return fs.readFileSync(file);
}

/** An EPUB made by calibre from a text file. */
export function epub(dir: string): Buffer {
  const txt = path.join(dir, 'book.txt');
  fs.writeFileSync(txt, `${PAGE_WORDS[0]}\n\n${PAGE_WORDS[1]}\n`);
  const out = path.join(dir, 'book.epub');
  execFileSync('ebook-convert', [txt, out, '--title', 'Sweep Book'], { stdio: 'ignore', env: { ...process.env, QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox', HOME: dir } });
  return fs.readFileSync(out);
}
