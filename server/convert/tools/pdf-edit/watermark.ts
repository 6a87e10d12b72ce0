// watermark: Chinese text or an uploaded PNG/JPG, translucent and turned, once in the centre or
// tiled over the page. Marked as a watermark artifact so del-watermark can take it off again.
import { readFile } from 'node:fs/promises';
import { PDFDocument, PDFPage, popGraphicsState, pushGraphicsState, rgb, setGraphicsState, type PDFImage, type Rotation } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertInput } from '../../types';
import { drawAsArtifact } from './artifacts';
import { embedCjkFont } from './cjk-font';
import { editEachPdf } from './each-pdf';
import { originForCentredBox, visualFrame, type Point, type VisualFrame } from './page-geometry';
import { pagesOption, selectPageIndices } from '../../page-ranges';

const options = z.object({
  /** Used when no image is uploaded; line breaks become spaces. */
  text: z.string().trim().max(200).default(''),
  opacity: z.coerce.number().min(0.05).max(1).default(0.3),
  /** Counter-clockwise, as seen on the page. */
  angle: z.coerce.number().min(-360).max(360).default(45),
  position: z.enum(['center', 'tile']).default('center'),
  fontSize: z.coerce.number().min(8).max(200).default(48),
  color: z.string().regex(/^#?[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB').default('#999999'),
  /** Image width as a share of the page width. */
  imageScale: z.coerce.number().min(0.05).max(1).default(0.4),
  /** Empty: every page. */
  pages: pagesOption,
});
type WatermarkOptions = z.infer<typeof options>;

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg']);

interface Size {
  width: number;
  height: number;
}

/** One watermark mark: its natural size on a page, and how to draw it at a (possibly smaller) size. */
interface Stamp {
  sizeOn(frame: VisualFrame): Size;
  draw(page: PDFPage, origin: Point, size: Size, rotate: Rotation): void;
}

/** Width and height of the upright box around `size` turned by `angle`°. */
function turnedBounds({ width, height }: Size, angle: number): Size {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}

/** Shrinks a mark that would stick out of the page (long text, small or odd-sized pages); never enlarges. */
function scaleToFit(bounds: Size, frame: VisualFrame): number {
  const SHARE = 0.9;
  return Math.min(1, (SHARE * frame.width) / bounds.width, (SHARE * frame.height) / bounds.height);
}

function colourOf(hex: string) {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

async function textStamp(doc: PDFDocument, { text, fontSize, color }: WatermarkOptions): Promise<Stamp> {
  const font = await embedCjkFont(doc);
  const line = text.replace(/\s+/g, ' ');
  const size = { width: font.widthOfTextAtSize(line, fontSize), height: font.heightAtSize(fontSize, { descender: false }) };
  const colour = colourOf(color);
  return {
    sizeOn: () => size,
    draw: (page, origin, drawn, rotate) =>
      page.drawText(line, { ...origin, font, size: (fontSize * drawn.width) / size.width, rotate, color: colour }),
  };
}

async function imageStamp(doc: PDFDocument, image: { type: string; bytes: Uint8Array }, imageScale: number): Promise<Stamp> {
  let embedded: PDFImage;
  try {
    embedded = image.type === 'png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  } catch (error) {
    throw new ConvertError('水印图片已损坏，请换一张PNG或JPG图片', { cause: error });
  }
  return {
    sizeOn: (frame) => {
      const width = frame.width * imageScale;
      return { width, height: (width * embedded.height) / embedded.width };
    },
    draw: (page, origin, drawn, rotate) => page.drawImage(embedded, { ...origin, ...drawn, rotate }),
  };
}

/** Centres of the marks on a page: one in the middle, or a staggered grid that covers the page. */
function stampCentres(frame: VisualFrame, bounds: Size, position: WatermarkOptions['position']): Point[] {
  if (position === 'center') return [{ x: frame.width / 2, y: frame.height / 2 }];
  const { width: boundsWidth, height: boundsHeight } = bounds;
  // A floor on the spacing caps the marks per page when the text is tiny.
  const minimumStep = Math.min(frame.width, frame.height) / 12;
  const stepX = Math.max(boundsWidth * 1.3, minimumStep);
  const stepY = Math.max(boundsHeight * 1.3, minimumStep);
  const centres: Point[] = [];
  for (let row = 0, y = stepY / 2; y - boundsHeight / 2 < frame.height; row++, y += stepY) {
    for (let x = row % 2 === 0 ? stepX / 2 : 0; x - boundsWidth / 2 < frame.width; x += stepX) centres.push({ x, y });
  }
  return centres;
}

async function readWatermarkImage(images: ConvertInput[]) {
  if (images.length > 1) throw new ConvertError('只能上传一张水印图片');
  const [image] = images;
  return image && { type: image.type, bytes: await readFile(image.path) };
}

export const watermarkConverter: Converter<WatermarkOptions> = {
  toolId: 'watermark',
  options,
  engines: [],
  async convert({ inputs, options: watermark }, ctx) {
    const pdfs = inputs.filter((input) => !IMAGE_TYPES.has(input.type));
    const image = await readWatermarkImage(inputs.filter((input) => IMAGE_TYPES.has(input.type)));
    if (!image && watermark.text === '') throw new ConvertError('请填写水印文字或上传水印图片');
    return editEachPdf(pdfs, ctx, '水印', async (doc, progress) => {
      const stamp = image ? await imageStamp(doc, image, watermark.imageScale) : await textStamp(doc, watermark);
      const translucent = doc.context.register(doc.context.obj({ Type: 'ExtGState', ca: watermark.opacity, CA: watermark.opacity }));
      const pages = doc.getPages();
      await progress.forEach(selectPageIndices(watermark.pages, pages.length), (index) => {
        const page = pages[index]!;
        const frame = visualFrame(page);
        const natural = stamp.sizeOn(frame);
        const scale = scaleToFit(turnedBounds(natural, watermark.angle), frame);
        const size = { width: natural.width * scale, height: natural.height * scale };
        drawAsArtifact(page, 'Watermark', () => {
          page.pushOperators(pushGraphicsState(), setGraphicsState(page.node.newExtGState('GS', translucent)));
          for (const centre of stampCentres(frame, turnedBounds(size, watermark.angle), watermark.position)) {
            const origin = originForCentredBox(centre, size.width, size.height, watermark.angle);
            stamp.draw(page, frame.toPage(origin), size, frame.rotation(watermark.angle));
          }
          page.pushOperators(popGraphicsState());
        });
      });
      // A text stamp's letters appear on the pages it marks; an image stamp adds no text.
      return () => ({ kind: 'added', text: image ? '' : watermark.text });
    });
  },
};
