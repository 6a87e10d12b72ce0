// OCR tools over pictures the test draws: Chinese and Latin text rendered by sharp (librsvg with
// the installed WenQuanYi Zen Hei), a ruled table, and an image-only PDF made with pdf-lib. The
// results are read back independently: the character error rate against the drawn text, exceljs
// for XLSX, mammoth for DOCX.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { ocrConverters } from '../../server/convert/tools/ocr';
import { spaceBetween } from '../../server/convert/tools/ocr/tesseract';
import type { ConvertOutput } from '../../server/convert/types';
import { pngClaiming } from '../support/pixel-bomb';
import { scratchFolder } from '../support/convert-job';

const FONT = 'Noto Sans CJK SC';
const TEXT_LINES = [
  '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。',
  '床前明月光，疑是地上霜。举头望明月，低头思故乡。',
  '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。',
  '这份报告说明了各个地区的收入增长情况。',
];
const TABLE = [
  ['名称', '数量', '单价'],
  ['苹果', '12', '3.5'],
  ['香蕉', '8', '2.25'],
  ['橙子', '20', '4'],
];

const scratch = scratchFolder('ocr-test-');
const files: Record<string, string> = {};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function textSvg(lines: readonly string[], width: number, size: number): Buffer {
  const advance = Math.round(size * 1.8);
  const height = advance * lines.length + size * 2;
  const texts = lines.map((line, i) => `<text x="${size}" y="${size * 2 + i * advance}" font-family="${FONT}" font-size="${size}" fill="#111">${escapeXml(line)}</text>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts.join('')}</svg>`);
}

function tableSvg(rows: readonly string[][], columnWidth: number, rowHeight: number, size: number): Buffer {
  const margin = 40;
  const width = margin * 2 + columnWidth * rows[0].length;
  const height = margin * 2 + rowHeight * rows.length;
  const parts: string[] = [`<rect width="100%" height="100%" fill="#fff"/>`];
  for (let r = 0; r <= rows.length; r++) parts.push(`<line x1="${margin}" y1="${margin + r * rowHeight}" x2="${width - margin}" y2="${margin + r * rowHeight}" stroke="#000" stroke-width="2"/>`);
  for (let c = 0; c <= rows[0].length; c++) parts.push(`<line x1="${margin + c * columnWidth}" y1="${margin}" x2="${margin + c * columnWidth}" y2="${height - margin}" stroke="#000" stroke-width="2"/>`);
  rows.forEach((row, r) =>
    row.forEach((text, c) =>
      parts.push(`<text x="${margin + c * columnWidth + 16}" y="${margin + r * rowHeight + rowHeight / 2 + size * 0.35}" font-family="${FONT}" font-size="${size}" fill="#000">${escapeXml(text)}</text>`),
    ),
  );
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`);
}

beforeAll(async () => {
  const file = (name: string) => (files[name] = path.join(scratch, name));
  await sharp(textSvg(TEXT_LINES, 1300, 40)).png().toFile(file('text.png'));
  await sharp(textSvg(['OCR test: invoice number 2024 总计 365 元'], 1100, 40)).jpeg({ quality: 90 }).toFile(file('mixed.jpg'));
  await sharp(tableSvg(TABLE, 240, 80, 36)).png().toFile(file('table.png'));

  // An image-only PDF: the text page drawn at 200 dpi and placed on an A4-wide page.
  const scanPng = await sharp(textSvg(TEXT_LINES, 1300, 40)).png().toBuffer();
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(scanPng);
  const { width, height } = image.scale(72 / 200);
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  writeFileSync(file('scan.pdf'), await pdf.save());
  execFileSync('qpdf', ['--encrypt', 'secret', 'secret', '256', '--', files['scan.pdf'], file('locked.pdf')]);
  writeFileSync(file('corrupt.pdf'), '%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <<>>\n%%EOF\n');

  writeFileSync(file('bomb.png'), pngClaiming(100_000, 100_000));
  writeFileSync(file('not-image.png'), 'this is only text, not a picture\n'.repeat(20));
});

let jobs = 0;
async function run(toolId: string, file: string, type: string, options: Record<string, unknown> = {}): Promise<ConvertOutput[]> {
  const tool = ocrConverters.find((c) => c.toolId === toolId)!;
  const workDir = path.join(scratch, `job-${++jobs}`);
  mkdirSync(workDir);
  const ctx = { workDir, signal: new AbortController().signal, progress: () => {}, tier: 'vip' as const };
  const input = { name: `输入.${type}`, path: file, size: statSync(file).size, type };
  return tool.convert({ inputs: [input], options: tool.options.parse(options) }, ctx);
}

function editDistance(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[y.length];
}

/** Spaces between Chinese characters do not count; runs of whitespace are one space. */
function normalise(text: string): string {
  const cjk = '[\\u3000-\\u303f\\u4e00-\\u9fff\\uff00-\\uffef]';
  return text
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`(${cjk}) (?=${cjk})`, 'g'), '$1')
    .trim();
}

function characterErrorRate(expected: string, actual: string): number {
  const [e, a] = [normalise(expected), normalise(actual)];
  return editDistance(e, a) / [...e].length;
}

async function docxText(file: string): Promise<string> {
  return (await mammoth.extractRawText({ path: file })).value;
}

describe('joining OCR words', () => {
  const word = (text: string, x0: number, x1: number) => ({ text, box: { x0, y0: 0, x1, y1: 40 }, confidence: 90 });
  test('no space between Chinese glyphs, a space between Latin words', () => {
    expect(spaceBetween(word('中', 0, 40), word('文', 42, 82), 40)).toBe(false);
    expect(spaceBetween(word('hello', 0, 90), word('world', 100, 190), 40)).toBe(true);
    expect(spaceBetween(word('包含', 0, 80), word('English', 81, 200), 40)).toBe(false);
    expect(spaceBetween(word('总计', 0, 80), word('365', 100, 160), 40)).toBe(true);
  });
});

describe('img-to-txt', () => {
  test('Chinese text comes back within 3% CER as .txt (lines kept) and .docx', async () => {
    const outputs = await run('img-to-txt', files['text.png'], 'png');
    expect(outputs.map((o) => path.extname(o.name))).toEqual(['.txt', '.docx']);
    expect(outputs[0].name).toBe('输入.txt');
    const text = readFileSync(outputs[0].path, 'utf8').replace(/^\ufeff/, '');
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(TEXT_LINES.length);
    const cer = characterErrorRate(TEXT_LINES.join('\n'), lines.join('\n'));
    expect(cer).toBeLessThanOrEqual(0.03);
    expect(text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);

    const docx = await docxText(outputs[1].path);
    expect(characterErrorRate(TEXT_LINES.join(''), docx.replace(/\s+/g, ''))).toBeLessThanOrEqual(0.03);
  });

  test('format=txt gives only the text; Latin words keep their spaces', async () => {
    const outputs = await run('img-to-txt', files['mixed.jpg'], 'jpg', { format: 'txt' });
    expect(outputs).toHaveLength(1);
    const text = readFileSync(outputs[0].path, 'utf8');
    expect(text).toMatch(/invoice number/);
    expect(characterErrorRate('OCR test: invoice number 2024 总计 365 元', text)).toBeLessThanOrEqual(0.05);
  });

  test('a pixel bomb and a file that is not a picture are refused in Chinese', async () => {
    await expect(run('img-to-txt', files['bomb.png'], 'png')).rejects.toThrow('图片尺寸过大（超过1亿像素），无法处理');
    await expect(run('img-to-txt', files['not-image.png'], 'png')).rejects.toBeInstanceOf(ConvertError);
    await expect(run('img-to-excel', files['not-image.png'], 'png')).rejects.toThrow(/图片/);
  });
});

describe('img-to-excel', () => {
  test('a ruled table becomes cells in the right rows and columns, numbers as numbers', async () => {
    const [output] = await run('img-to-excel', files['table.png'], 'png');
    expect(output.name).toBe('输入.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(output.path);
    const sheet = workbook.worksheets[0];
    const values = TABLE.map((row, r) => row.map((_, c) => sheet.getCell(r + 1, c + 1).value));
    // Numbers and the header exactly; a two-glyph Chinese word alone in a cell is sometimes read
    // as Latin by chi_sim+eng (香蕉 → "EE"), so the name column allows one miss.
    expect(values.map((row) => row.slice(1))).toEqual([
      ['数量', '单价'],
      [12, 3.5],
      [8, 2.25],
      [20, 4],
    ]);
    expect(values[0][0]).toBe('名称');
    const names = values.slice(1).map((row) => row[0]);
    expect(names.filter((name, i) => name === TABLE[i + 1][0]).length).toBeGreaterThanOrEqual(2);
  });
});

describe('scan-to-word and scan-to-excel', () => {
  test('an image-only PDF becomes a Word document with its text', async () => {
    const [output] = await run('scan-to-word', files['scan.pdf'], 'pdf', { dpi: 200 });
    expect(output.name).toBe('输入.docx');
    const text = await docxText(output.path);
    expect(characterErrorRate(TEXT_LINES.join(''), text.replace(/\s+/g, ''))).toBeLessThanOrEqual(0.03);
  });

  test('encrypted and damaged PDFs get the Chinese PDF messages', async () => {
    await expect(run('scan-to-word', files['locked.pdf'], 'pdf')).rejects.toThrow(new ConvertError('PDF已加密，请先解密'));
    await expect(run('scan-to-excel', files['corrupt.pdf'], 'pdf')).rejects.toThrow(new ConvertError('文件已损坏或不是有效的PDF'));
  });
});
