// font-recognition (字体识别): the main text line found in the picture (Otsu binarisation and
// projection profiles), its text read by tesseract when it is installed, that text rendered in
// every candidate font (sharp/pango) and compared with the line: both trimmed to their ink, scaled
// to the same box, blurred a little, then a normalised ink distance plus a penalty for a different
// width-to-height ratio. Without tesseract (or when it reads nothing) fonts are ranked by glyph
// statistics (stroke thickness, its variation, density) of a fixed sample instead.
// Outputs: a JSON report (top 5 {family, confidence}) and a PNG sheet of the top 5 renderings.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runProcess } from '../../engines';
import type { ConvertContext, Converter, ConvertOutput } from '../../types';
import { IMAGE_ENGINES, imageWork, loadImage, openImage } from '../image/image-source';
import { outputName } from '../pdf-render/output-name';
import { fontCandidates, type FontCandidate } from './candidates';
import { binarise, cropInk, glyphStatistics, inkBox, textLine, type Box, type Ink } from './ink';

export const NO_TEXT = '没有在图片中找到文字，请上传文字清晰、背景简单的图片';

const fontRecognitionOptions = z.object({
  /** The text in the picture when the visitor knows it (better than OCR); empty reads it. */
  text: z.string().max(100).default(''),
});
export type FontRecognitionOptions = z.infer<typeof fontRecognitionOptions>;

/** Pictures are analysed at no more than this on the long side. */
const WORK_SIDE = 1600;
/** Size lines are compared at. */
const COMPARE_HEIGHT = 48;
const RENDER_SIZE = 64;
const TOP = 5;
const SAMPLE_CJK = '永和国字体识别中文';
const SAMPLE_LATIN = 'Handgloves 0123';
const HAN = /\p{Script=Han}/u;

export interface FontMatch {
  family: string;
  confidence: number;
}

export interface FontReport {
  text: string;
  method: 'ocr' | 'given-text' | 'glyph-statistics';
  region: Box;
  candidates: FontMatch[];
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `text` in `font`, white on black, as an ink map trimmed to its ink. */
async function renderInk(text: string, font: FontCandidate, size = RENDER_SIZE): Promise<Ink | undefined> {
  const { data, info } = await sharp({ text: { text: escapeMarkup(text), font: `${font.family}, ${font.bold ? 'Bold' : 'Normal'} ${size}`, dpi: 72 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const on = new Uint8Array(info.width * info.height);
  for (let i = 0; i < on.length; i++) on[i] = data[i] >= 128 ? 1 : 0;
  const ink = { width: info.width, height: info.height, on };
  const box = inkBox(ink);
  return box && cropInk(ink, box);
}

/** An ink map scaled to `width`×`height` and blurred: grey values 0…255. */
async function normalised(ink: Ink, width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(ink.on.map((v) => v * 255));
  return sharp(bytes, { raw: { width: ink.width, height: ink.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .blur(1.2)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** 0 (same) … 1 (disjoint): the summed difference of the two ink maps over their summed ink. */
function inkDistance(a: Buffer, b: Buffer): number {
  let difference = 0;
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    difference += Math.abs(a[i] - b[i]);
    total += a[i] + b[i];
  }
  return total ? difference / total : 1;
}

async function readText(line: Buffer, ctx: ConvertContext): Promise<string> {
  const file = path.join(ctx.workDir, 'line.png');
  await writeFile(file, line);
  try {
    const { exitCode, stdout } = await runProcess('tesseract', [file, 'stdout', '-l', 'chi_sim+eng', '--psm', '7'], {
      timeoutMs: 60_000,
      signal: ctx.signal,
      env: { OMP_THREAD_LIMIT: '1' },
    });
    if (exitCode !== 0) return '';
    // chi_sim puts spaces between Chinese characters.
    return stdout
      .toString('utf8')
      .trim()
      .replace(/(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu, '')
      .replace(/\s+/g, ' ');
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return ''; // tesseract not installed: rank by glyph statistics.
  }
}

function confidenceOf(similarity: number): number {
  return Math.max(0.001, Math.min(1, Math.round(similarity * 1000) / 1000));
}

async function rankByRendering(line: Ink, text: string, candidates: FontCandidate[], ctx: ConvertContext): Promise<FontMatch[]> {
  const width = Math.max(8, Math.round((COMPARE_HEIGHT * line.width) / line.height));
  const target = await normalised(line, width, COMPARE_HEIGHT);
  const matches: FontMatch[] = [];
  for (const font of candidates) {
    ctx.signal.throwIfAborted();
    const rendered = await renderInk(text, font);
    if (!rendered) continue;
    const distance = inkDistance(target, await normalised(rendered, width, COMPARE_HEIGHT));
    const ratio = Math.abs(Math.log(rendered.width / rendered.height / (line.width / line.height)));
    matches.push({ family: font.name, confidence: confidenceOf((1 - distance) * Math.exp(-1.5 * ratio)) });
  }
  return matches;
}

async function rankByStatistics(line: Ink, candidates: FontCandidate[], ctx: ConvertContext): Promise<FontMatch[]> {
  const target = glyphStatistics(line);
  const matches: FontMatch[] = [];
  for (const font of candidates) {
    ctx.signal.throwIfAborted();
    const rendered = await renderInk(font.cjk ? SAMPLE_CJK : SAMPLE_LATIN, font);
    if (!rendered) continue;
    const stats = glyphStatistics(rendered);
    const distance = stats.reduce((sum, v, i) => sum + Math.abs(v - target[i]) / Math.max(0.05, Math.abs(target[i])), 0) / stats.length;
    matches.push({ family: font.name, confidence: confidenceOf(1 / (1 + 2 * distance)) });
  }
  return matches;
}

/** The sheet: the text line from the picture, then the top fonts' renderings with name and confidence. */
async function previewSheet(lineImage: Buffer, text: string, top: FontMatch[], candidates: FontCandidate[]): Promise<Buffer> {
  const rowHeight = 64;
  const labelFont: FontCandidate = { family: 'Noto Sans CJK SC', bold: false, cjk: true, name: '' };
  const rows: Array<{ input: Buffer; height: number; width: number }> = [];
  const addRow = async (input: Buffer) => {
    const meta = await sharp(input).metadata();
    rows.push({ input, width: meta.width, height: meta.height });
  };
  await addRow(await sharp(lineImage).resize({ height: rowHeight }).flatten({ background: '#ffffff' }).png().toBuffer());
  for (const [i, match] of top.entries()) {
    const font = candidates.find((c) => c.name === match.family)!;
    const label = await sharp({ text: { text: escapeMarkup(`${i + 1}. ${match.family}  ${(match.confidence * 100).toFixed(1)}%`), font: `${labelFont.family}, Normal 16`, dpi: 72 } })
      .negate()
      .png()
      .toBuffer();
    await addRow(label);
    const sample = await sharp({ text: { text: escapeMarkup(text), font: `${font.family}, ${font.bold ? 'Bold' : 'Normal'} 40`, dpi: 72 } })
      .negate()
      .png()
      .toBuffer();
    await addRow(sample);
  }
  const margin = 16;
  const width = Math.min(2400, Math.max(...rows.map((r) => r.width)) + 2 * margin);
  let y = margin;
  const layers = [];
  for (const row of rows) {
    const input = row.width > width - 2 * margin ? await sharp(row.input).resize({ width: width - 2 * margin }).png().toBuffer() : row.input;
    const height = row.width > width - 2 * margin ? Math.round((row.height * (width - 2 * margin)) / row.width) : row.height;
    layers.push({ input, left: margin, top: y });
    y += height + 8;
  }
  return sharp({ create: { width, height: y + margin, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
}

/** `read` reads a text line picture (tesseract; tests pass a stand-in). */
export async function recogniseFont(
  file: { name: string; path: string; size: number; type: string },
  options: FontRecognitionOptions,
  ctx: ConvertContext,
  read: (line: Buffer, ctx: ConvertContext) => Promise<string> = readText,
): Promise<{ report: FontReport; sheet: Buffer }> {
  const source = await openImage(file, 0, ctx);
  const scale = Math.min(1, WORK_SIDE / Math.max(source.width, source.height));
  const workWidth = Math.max(1, Math.round(source.width * scale));
  const workHeight = Math.max(1, Math.round(source.height * scale));
  const { data: grey } = await imageWork(
    loadImage(source).resize(workWidth, workHeight, { fit: 'fill' }).flatten({ background: '#ffffff' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
  );
  const ink = binarise(grey, workWidth, workHeight);
  const region = textLine(ink);
  if (!region || region.height < 8) throw new ConvertError(NO_TEXT);
  const line = cropInk(ink, region);
  ctx.progress(15);
  // The line as the visitor's picture shows it, a little padded: for OCR and the sheet.
  const pad = Math.round(region.height * 0.15);
  const padded = {
    left: Math.max(0, region.left - pad),
    top: Math.max(0, region.top - pad),
    width: Math.min(workWidth, region.left + region.width + pad) - Math.max(0, region.left - pad),
    height: Math.min(workHeight, region.top + region.height + pad) - Math.max(0, region.top - pad),
  };
  const lineImage = await sharp(grey, { raw: { width: workWidth, height: workHeight, channels: 1 } }).extract(padded).png().toBuffer();
  const candidatesAll = await fontCandidates();
  let text = options.text.trim();
  let method: FontReport['method'] = 'given-text';
  if (!text) {
    const ocrInput = await sharp(lineImage).resize({ height: Math.max(48, Math.min(120, padded.height)) }).png().toBuffer();
    text = await read(ocrInput, ctx);
    method = 'ocr';
  }
  ctx.progress(35);
  let matches: FontMatch[];
  let candidates: FontCandidate[];
  if (text.replace(/\s/g, '').length > 0) {
    // Latin fonts have no Chinese glyphs: pango would draw them with a fallback font.
    candidates = HAN.test(text) ? candidatesAll.filter((c) => c.cjk) : candidatesAll;
    matches = await rankByRendering(line, text, candidates, ctx);
  } else {
    method = 'glyph-statistics';
    candidates = candidatesAll;
    matches = await rankByStatistics(line, candidates, ctx);
  }
  if (matches.length === 0) throw new ConvertError(NO_TEXT);
  matches.sort((a, b) => b.confidence - a.confidence);
  const top = matches.slice(0, TOP);
  ctx.progress(85);
  const sheet = await previewSheet(lineImage, method === 'glyph-statistics' ? SAMPLE_CJK : text, top, candidates);
  const toSource = (v: number) => Math.round(v / scale);
  return {
    report: {
      text: method === 'glyph-statistics' ? '' : text,
      method,
      region: { left: toSource(region.left), top: toSource(region.top), width: toSource(region.width), height: toSource(region.height) },
      candidates: top,
    },
    sheet,
  };
}

export const fontRecognition: Converter<FontRecognitionOptions> = {
  toolId: 'font-recognition',
  options: fontRecognitionOptions,
  engines: [...IMAGE_ENGINES, 'fontconfig'],
  async convert({ inputs, options }, ctx) {
    const { report, sheet } = await recogniseFont(inputs[0], options, ctx);
    const json = path.join(ctx.workDir, 'fonts.json');
    const png = path.join(ctx.workDir, 'fonts.png');
    await writeFile(json, JSON.stringify(report, null, 2));
    await writeFile(png, sheet);
    ctx.progress(100);
    const outputs: ConvertOutput[] = [
      { name: outputName(inputs[0].name, '-字体识别', 'json'), path: json },
      { name: outputName(inputs[0].name, '-字体预览', 'png'), path: png },
    ];
    return outputs;
  },
};
