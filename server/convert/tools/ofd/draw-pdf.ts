// Draws a read OFD document into a PDF with pdf-lib. Each object is drawn in its own object space
// (millimetres, y down) under one matrix: page space → PDF points (y up) ∘ Boundary origin ∘ CTM.
// Text is drawn with WenQuanYi Zen Hei for every OFD font: embedded OFD fonts are not used (their
// subsets often lack a usable cmap), so shapes differ from the original face but positions, sizes
// and colours are kept, each character at its own TextCode/DeltaX position. Images are embedded as
// PNG or JPEG (other formats converted with sharp; undecodable ones skipped).
import { PDFDocument, PDFOperator, PDFOperatorNames, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  appendBezierCurve,
  appendQuadraticCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  drawObject,
  endPath,
  endText,
  fill,
  fillAndStroke,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  stroke,
  TextRenderingMode,
} from 'pdf-lib';
import sharp from 'sharp';
import { embedCjkFont } from '../pdf-edit/cjk-font';
import type { Matrix, OfdDocument, OfdGlyph, OfdImageObject, OfdPage, OfdPathObject, OfdTextObject } from './model';

export const PT_PER_MM = 72 / 25.4;

function pageMatrix(page: OfdPage): Matrix {
  const k = PT_PER_MM;
  return [k, 0, 0, -k, -page.box.x * k, (page.box.height + page.box.y) * k];
}

function cm(m: Matrix): PDFOperator {
  return concatTransformationMatrix(m[0], m[1], m[2], m[3], m[4], m[5]);
}

class PageDrawer {
  private fontKey: ReturnType<PDFPage['node']['newFontDictionary']> | undefined;

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly images: Map<Buffer, PDFImage | null>,
  ) {}

  async draw(ofdPage: OfdPage): Promise<void> {
    this.page.pushOperators(pushGraphicsState(), cm(pageMatrix(ofdPage)));
    for (const object of ofdPage.objects) {
      if (object.kind === 'text') this.text(object);
      else if (object.kind === 'path') this.path(object);
      else await this.image(object);
    }
    this.page.pushOperators(popGraphicsState());
  }

  private text(object: OfdTextObject): void {
    // One /Font entry per page, shared by all its text objects.
    this.fontKey ??= this.page.node.newFontDictionary(this.font.name, this.font.ref);
    const name = this.fontKey;
    const ops: PDFOperator[] = [pushGraphicsState(), cm(object.matrix), beginText(), setFontAndSize(name, 1)];
    if (object.fill) ops.push(setFillingRgbColor(object.fill.r, object.fill.g, object.fill.b));
    if (object.stroke) ops.push(setStrokingRgbColor(object.stroke.r, object.stroke.g, object.stroke.b));
    ops.push(setTextRenderingMode(object.fill && object.stroke ? TextRenderingMode.FillAndOutline : object.stroke ? TextRenderingMode.Outline : TextRenderingMode.Fill));
    for (const [i, glyph] of object.glyphs.entries()) {
      if (glyph.text.trim() === '') continue;
      const width = object.size * object.hScale;
      // y is flipped so glyphs stand upright in the object's y-down space.
      ops.push(setTextMatrix(width * this.fit(glyph, object.glyphs[i + 1], width), 0, 0, -object.size, glyph.x, glyph.y), showText(this.font.encodeText(glyph.text)));
    }
    ops.push(endText(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  /**
   * How much to widen or narrow a glyph so it fills its advance: every OFD font is drawn with one
   * face, whose Latin letters are narrower or wider than the document's own; without this a text
   * reader sees gaps between letters and reads "Alpha" as "A lpha". Kept within bounds so a wide
   * gap (a tab, a column) does not stretch the letter.
   */
  private fit(glyph: OfdGlyph, next: OfdGlyph | undefined, width: number): number {
    if (!next || next.y !== glyph.y || next.x <= glyph.x) return 1;
    const drawn = this.font.widthOfTextAtSize(glyph.text, 1) * width;
    if (drawn <= 0) return 1;
    return Math.min(1.6, Math.max(0.6, (next.x - glyph.x) / drawn));
  }

  private path(object: OfdPathObject): void {
    const ops: PDFOperator[] = [pushGraphicsState(), cm(object.matrix), setLineWidth(object.lineWidth)];
    if (object.fill) ops.push(setFillingRgbColor(object.fill.r, object.fill.g, object.fill.b));
    if (object.stroke) ops.push(setStrokingRgbColor(object.stroke.r, object.stroke.g, object.stroke.b));
    for (const c of object.commands) {
      if (c.op === 'M') ops.push(moveTo(c.x, c.y));
      else if (c.op === 'L') ops.push(lineTo(c.x, c.y));
      else if (c.op === 'Q') ops.push(appendQuadraticCurve(c.x1, c.y1, c.x, c.y));
      else if (c.op === 'C') ops.push(appendBezierCurve(c.x1, c.y1, c.x2, c.y2, c.x, c.y));
      else ops.push(closePath());
    }
    if (object.fill && object.stroke) ops.push(object.evenOdd ? PDFOperator.of(PDFOperatorNames.FillEvenOddAndStroke) : fillAndStroke());
    else if (object.fill) ops.push(object.evenOdd ? PDFOperator.of(PDFOperatorNames.FillEvenOdd) : fill());
    else if (object.stroke) ops.push(stroke());
    else ops.push(endPath());
    ops.push(popGraphicsState());
    this.page.pushOperators(...ops);
  }

  private async image(object: OfdImageObject): Promise<void> {
    const image = await this.embed(object.data);
    if (!image) return;
    const name = this.page.node.newXObject('Image', image.ref);
    // The image's unit square has its top left at (0,0) in OFD; PDF draws it with the bottom left there.
    this.page.pushOperators(pushGraphicsState(), cm(object.matrix), concatTransformationMatrix(1, 0, 0, -1, 0, 1), drawObject(name), popGraphicsState());
  }

  private async embed(data: Buffer): Promise<PDFImage | null> {
    if (this.images.has(data)) return this.images.get(data) ?? null;
    let image: PDFImage | null = null;
    try {
      if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) image = await this.doc.embedPng(data);
      else if (data[0] === 0xff && data[1] === 0xd8) image = await this.doc.embedJpg(data);
      else image = await this.doc.embedPng(await sharp(data, { limitInputPixels: 100_000_000 }).png().toBuffer());
    } catch {
      image = null;
    }
    this.images.set(data, image);
    return image;
  }
}

export async function drawOfdToPdf(ofd: OfdDocument, onProgress?: (fraction: number) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (ofd.title) doc.setTitle(ofd.title);
  doc.setProducer('pdf365 OFD reader');
  const font = await embedCjkFont(doc);
  const images = new Map<Buffer, PDFImage | null>();
  for (const [index, ofdPage] of ofd.pages.entries()) {
    const page = doc.addPage([ofdPage.box.width * PT_PER_MM, ofdPage.box.height * PT_PER_MM]);
    await new PageDrawer(doc, page, font, images).draw(ofdPage);
    onProgress?.((index + 1) / ofd.pages.length);
  }
  return doc.save();
}
