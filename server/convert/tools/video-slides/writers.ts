// Frames → a PDF (one page per frame, the page the frame's size at 96 dpi) or a PowerPoint deck
// (one slide per frame, the time as a small caption). The pdf-to-office deck writer lays out PDF
// text and writes PNG pictures; video frames are JPEG pictures with a caption, so a few lines of
// pptxgenjs here fit better than bending that interface.
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';
import { formatMediaTime } from '../../../../shared/format';
import type { KeyFrame } from './keyframes';

/** CSS pixels to points. */
const POINTS_PER_PIXEL = 0.75;
const PIXELS_PER_INCH = 96;

export async function writeFramesPdf(frames: readonly KeyFrame[], file: string): Promise<void> {
  const pdf = await PDFDocument.create();
  pdf.setCreator('video-to-pdf');
  for (const frame of frames) {
    const image = await pdf.embedJpg(await readFile(frame.file));
    const width = image.width * POINTS_PER_PIXEL;
    const height = image.height * POINTS_PER_PIXEL;
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  await writeFile(file, await pdf.save());
}

/** Share of the slide height the caption strip takes. */
const CAPTION_SHARE = 0.06;

export async function writeFramesPptx(frames: readonly KeyFrame[], file: string): Promise<void> {
  const deck = new PptxGenJS();
  // One slide size per deck: the first frame's (all frames of a video share it).
  const first = frames[0] ? await sharp(frames[0].file).metadata() : { width: 1280, height: 720 };
  const w = (first.width ?? 1280) / PIXELS_PER_INCH;
  const h = (first.height ?? 720) / PIXELS_PER_INCH;
  deck.defineLayout({ name: 'VIDEO', width: w, height: h });
  deck.layout = 'VIDEO';
  for (const frame of frames) {
    const slide = deck.addSlide();
    const data = `image/jpeg;base64,${(await readFile(frame.file)).toString('base64')}`;
    slide.addImage({ data, x: 0, y: 0, w, h });
    const captionHeight = h * CAPTION_SHARE;
    slide.addText(formatMediaTime(frame.time), {
      x: w * 0.75,
      y: h - captionHeight,
      w: w * 0.25,
      h: captionHeight,
      margin: 2,
      align: 'right',
      valign: 'bottom',
      fontSize: Math.max(8, Math.round(captionHeight * 72 * 0.45)),
      color: 'FFFFFF',
      fill: { color: '000000', transparency: 50 },
    });
  }
  await writeFile(file, (await deck.write({ outputType: 'nodebuffer', compression: true })) as Buffer);
}
