// Images → one PDF, one image per page: page size A4, Letter or the image's own, margins, and the
// image upright as its EXIF orientation says. A JPEG that needs no turning is embedded byte for
// byte; anything else is re-encoded by sharp (PNG when it has transparency, JPEG otherwise).
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import sharp from 'sharp';
import { z } from 'zod';
import type { ConvertContext, ConvertInput } from '../../types';
import { imageWork, loadImage, openImage, type ImageSource } from '../image/image-source';

export const imagePdfOptions = z.object({
  /** `fit`: each page the size of its image (at 96 dpi). */
  pageSize: z.enum(['A4', 'Letter', 'fit']).default('A4'),
  /** `auto` turns a page landscape for a landscape image. */
  orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
  /** Blank border on every side, in millimetres. */
  margin: z.coerce.number().min(0).max(50).default(10),
});

export type ImagePdfOptions = z.infer<typeof imagePdfOptions>;

/** Portrait sizes in points. */
const PAPER = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
const POINTS_PER_PIXEL = 72 / 96;
const POINTS_PER_MM = 72 / 25.4;
/** The largest page PDF viewers accept (200 inches). */
const MAX_PAGE_POINTS = 14_400;
const JPEG_QUALITY = 92;

interface PageLayout {
  pageWidth: number;
  pageHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function layoutPage(imageWidth: number, imageHeight: number, options: ImagePdfOptions): PageLayout {
  const margin = options.margin * POINTS_PER_MM;
  if (options.pageSize === 'fit') {
    const scale = Math.min(POINTS_PER_PIXEL, (MAX_PAGE_POINTS - 2 * margin) / Math.max(imageWidth, imageHeight));
    const width = imageWidth * scale;
    const height = imageHeight * scale;
    return { pageWidth: width + 2 * margin, pageHeight: height + 2 * margin, x: margin, y: margin, width, height };
  }
  const [short, long] = PAPER[options.pageSize];
  const landscape = options.orientation === 'landscape' || (options.orientation === 'auto' && imageWidth > imageHeight);
  const [pageWidth, pageHeight] = landscape ? [long, short] : [short, long];
  const scale = Math.min((pageWidth - 2 * margin) / imageWidth, (pageHeight - 2 * margin) / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { pageWidth, pageHeight, x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height };
}

async function embedImage(pdf: PDFDocument, source: ImageSource): Promise<PDFImage> {
  const header = await imageWork(sharp(source.path).metadata());
  const upright = (header.orientation ?? 1) === 1;
  if (header.format === 'jpeg' && upright && (header.space === 'srgb' || header.space === 'b-w')) {
    return pdf.embedJpg(await readFile(source.path));
  }
  const pipeline = loadImage(source).toColourspace('srgb');
  if (source.hasAlpha) return pdf.embedPng(await imageWork(pipeline.png().toBuffer()));
  return pdf.embedJpg(await imageWork(pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer()));
}

/** Writes a PDF of `images` (in order) into the work dir and returns its path. */
export async function imagesToPdf(images: readonly ConvertInput[], options: ImagePdfOptions, ctx: ConvertContext): Promise<string> {
  const pdf = await PDFDocument.create();
  for (const [index, input] of images.entries()) {
    ctx.signal.throwIfAborted();
    const source = await openImage(input, index, ctx);
    const image = await embedImage(pdf, source);
    const layout = layoutPage(source.width, source.height, options);
    pdf.addPage([layout.pageWidth, layout.pageHeight]).drawImage(image, layout);
    ctx.progress(Math.round(((index + 1) / images.length) * 90));
  }
  const output = path.join(ctx.workDir, `images-${randomUUID()}.pdf`);
  await writeFile(output, await pdf.save());
  ctx.progress(100);
  return output;
}
