// font-recognition on lines of text the test renders in known installed fonts: the font used
// must rank first or second, confidences in (0, 1], the text line found where it was drawn, and a
// preview sheet showing the line and each candidate's label and rendering; bad inputs refused.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { fontConverters } from '../../server/convert/tools/fonts';
import type { FontReport } from '../../server/convert/tools/fonts/font-recognition';
import type { ConvertInput } from '../../server/convert/types';
import { pngClaiming } from '../support/pixel-bomb';
import { jobContext, scratchFolder } from '../support/convert-job';
import { greyPixels, inkBands } from '../support/pixels';

jest.setTimeout(240_000);

const scratch = scratchFolder('fonts-test-');
const files: Record<string, string> = {};
/** Where each picture's text was drawn: the box of the rendered text, in pixels. */
const drawn: Record<string, { left: number; top: number; width: number; height: number }> = {};
const tool = fontConverters.find((c) => c.toolId === 'font-recognition')!;

/** Dark text in `font` on a light, slightly larger canvas, as a visitor's screenshot would be. */
async function textPicture(name: string, text: string, font: string): Promise<void> {
  const ink = await sharp({ text: { text, font, dpi: 72 } }).negate().png().toBuffer();
  const meta = await sharp(ink).metadata();
  files[name] = path.join(scratch, name);
  drawn[name] = { left: 40, top: 30, width: meta.width, height: meta.height };
  await sharp({ create: { width: meta.width + 80, height: meta.height + 60, channels: 3, background: '#f6f3ea' } })
    .composite([{ input: ink, left: 40, top: 30, blend: 'multiply' }])
    .png()
    .toFile(files[name]);
}

beforeAll(async () => {
  await textPicture('serif.png', '春眠不觉晓处处闻啼鸟', 'Noto Serif CJK SC, Normal 40');
  await textPicture('zenhei.png', '春眠不觉晓处处闻啼鸟', 'WenQuanYi Zen Hei, Normal 40');
  files['bomb.png'] = path.join(scratch, 'bomb.png');
  writeFileSync(files['bomb.png'], pngClaiming(100_000, 100_000));
  files['text.png'] = path.join(scratch, 'text.png');
  writeFileSync(files['text.png'], 'not a picture\n'.repeat(40));
  files['blank.png'] = path.join(scratch, 'blank.png');
  await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toFile(files['blank.png']);
});

const context = () => jobContext(scratch);

function input(name: string): ConvertInput {
  return { name, path: files[name], size: statSync(files[name]).size, type: 'png' };
}

async function recognise(name: string, options: Record<string, unknown> = {}): Promise<{ report: FontReport; sheet: string }> {
  const outputs = await tool.convert({ inputs: [input(name)], options: tool.options.parse(options) }, context());
  const json = outputs.find((o) => o.name.endsWith('.json'))!;
  const png = outputs.find((o) => o.name.endsWith('.png'))!;
  return { report: JSON.parse(readFileSync(json.path, 'utf8')) as FontReport, sheet: png.path };
}

describe('font-recognition', () => {
  it.each([
    ['serif.png', 'Noto Serif CJK SC'],
    ['zenhei.png', 'WenQuanYi Zen Hei'],
  ])('%s: %s ranks in the top 2, with a preview sheet', async (name, family) => {
    const { report, sheet } = await recognise(name);
    expect(report.method).toBe('ocr');
    expect(report.candidates.length).toBeGreaterThanOrEqual(2);
    expect(report.candidates.length).toBeLessThanOrEqual(5);
    expect(report.candidates.slice(0, 2).map((c) => c.family)).toContain(family);
    for (const c of report.candidates) {
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
    // The line found is the text drawn: inside its box, and nearly all of its width.
    const box = drawn[name];
    expect(report.region.left).toBeGreaterThanOrEqual(box.left - 2);
    expect(report.region.top).toBeGreaterThanOrEqual(box.top - 2);
    expect(report.region.left + report.region.width).toBeLessThanOrEqual(box.left + box.width + 2);
    expect(report.region.top + report.region.height).toBeLessThanOrEqual(box.top + box.height + 2);
    expect(report.region.width).toBeGreaterThan(0.9 * box.width);
    // The sheet: the picture's line, then a label and a rendering per candidate, each a line of ink.
    expect((await sharp(sheet).metadata()).format).toBe('png');
    const bands = inkBands(await greyPixels(sheet));
    expect(bands).toHaveLength(1 + 2 * report.candidates.length);
    // The renderings are drawn at 40 px (taller than the 16 px labels between them).
    for (let i = 2; i < bands.length; i += 2) expect(bands[i]).toBeGreaterThan(bands[i - 1]!);
  });

  it('ranks by glyph statistics when no text can be read (no tesseract)', async () => {
    const { recogniseFont } = await import('../../server/convert/tools/fonts/font-recognition');
    const { report, sheet } = await recogniseFont(input('serif.png'), tool.options.parse({}), context(), async () => '');
    expect(report.method).toBe('glyph-statistics');
    expect(report.candidates).toHaveLength(5);
    for (const c of report.candidates) {
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
    expect((await sharp(sheet).metadata()).format).toBe('png');
    // The picture's line, then a label and a sample rendering per candidate.
    expect(inkBands(await greyPixels(sheet))).toHaveLength(1 + 2 * 5);
  });

  it('uses the text the visitor gives instead of OCR', async () => {
    const { report } = await recognise('zenhei.png', { text: '春眠不觉晓处处闻啼鸟' });
    expect(report.method).toBe('given-text');
    // Zen Hei Sharp has the same outlines (with embedded bitmaps): either may come first.
    expect(report.candidates.slice(0, 2).map((c) => c.family)).toContain('WenQuanYi Zen Hei');
  });

  it('refuses a pixel bomb, a file that is no picture and a picture without text, in Chinese', async () => {
    const refusal = async (name: string) => {
      const error = await tool.convert({ inputs: [input(name)], options: tool.options.parse({}) }, context()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConvertError);
      return (error as ConvertError).message;
    };
    expect(await refusal('bomb.png')).toMatch(/图片尺寸过大/);
    expect(await refusal('text.png')).toMatch(/不是有效的图片/);
    expect(await refusal('blank.png')).toMatch(/没有在图片中找到文字/);
  });
});
