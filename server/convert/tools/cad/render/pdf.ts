// Sheets as a vector PDF, one page each: paths as PDF path operators, text as text in embedded
// subsets of the two faces (the CJK one shared with the other PDF tools), so pdftotext and a
// reader's search find it.
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  closePath,
  endText,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  PDFDocument,
  PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { embedCjkFont } from '../../pdf-edit/cjk-font';
import { rgbOf } from './colours';
import { fontBytes, type FaceId } from './fonts';
import { paperFor, POINTS_PER_MM, type Orientation, type PaperSize } from './paper';
import { fitView, type Pt, type Sheet } from './primitives';

export interface PdfOptions {
  paper: PaperSize;
  orientation: Orientation;
  title: string;
}

/** Lineweight 0 prints as the thinnest line the device can (a hairline); on a page that is this. */
const HAIRLINE_MM = 0.05;

export async function sheetsToPdf(sheets: Sheet[], options: PdfOptions, signal?: AbortSignal): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setCreator('CAD转PDF');
  doc.registerFontkit(fontkit);
  const fonts: Record<FaceId, PDFFont> = {
    sans: await doc.embedFont(fontBytes('sans'), { subset: true }),
    cjk: await embedCjkFont(doc),
  };
  for (const sheet of sheets) {
    signal?.throwIfAborted();
    const paper = paperFor(sheet, options.paper, options.orientation);
    const page = doc.addPage([paper.widthMm * POINTS_PER_MM, paper.heightMm * POINTS_PER_MM]);
    drawSheet(page, sheet, paper.marginMm * POINTS_PER_MM, fonts);
  }
  return doc.save();
}

function drawSheet(page: PDFPage, sheet: Sheet, margin: number, fonts: Record<FaceId, PDFFont>): void {
  const { width, height } = page.getSize();
  const view = fitView(sheet.box, width, height, margin);
  // fitView maps y down; PDF's y runs up.
  const at = (p: Pt) => {
    const q = view.map(p);
    return { x: q.x, y: height - q.y };
  };
  const fontKeys = { sans: page.node.newFontDictionary(fonts.sans.name, fonts.sans.ref), cjk: page.node.newFontDictionary(fonts.cjk.name, fonts.cjk.ref) };
  const ops: PDFOperator[] = [pushGraphicsState(), setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
  const path = (points: Pt[], close: boolean) => {
    const pts = points.map(at);
    if (pts.length === 1) pts.push(pts[0]!);
    ops.push(moveTo(pts[0]!.x, pts[0]!.y));
    for (let i = 1; i < pts.length; i++) ops.push(lineTo(pts[i]!.x, pts[i]!.y));
    if (close) ops.push(closePath());
  };
  for (const p of sheet.primitives) {
    if (p.kind === 'stroke') {
      const [r, g, b] = rgbOf(p.colour, 'white');
      ops.push(setStrokingRgbColor(r, g, b), setLineWidth(Math.max(p.widthMm, HAIRLINE_MM) * POINTS_PER_MM));
      for (const points of p.paths) path(points, false);
      ops.push(stroke());
    } else if (p.kind === 'fill') {
      // A light fill is its colour mixed with the paper (no transparency group needed).
      const a = p.opacity ?? 1;
      const [r, g, b] = rgbOf(p.colour, 'white').map((c) => c * a + (1 - a)) as [number, number, number];
      ops.push(setFillingRgbColor(r, g, b));
      for (const ring of p.rings) path(ring, true);
      ops.push(PDFOperator.of('f*' as never));
    } else {
      const font = fonts[p.face];
      const origin = at({ x: p.x, y: p.y });
      const size = p.size * view.scale;
      if (!(size > 0.05)) continue;
      const [c, s] = [Math.cos(p.rotation), Math.sin(p.rotation)];
      const k = Math.tan(p.oblique);
      const [r, g, b] = rgbOf(p.colour, 'white');
      // Text matrix: rotation × (width factor, oblique skew), in unit font size.
      ops.push(
        setFillingRgbColor(r, g, b),
        beginText(),
        setFontAndSize(fontKeys[p.face], size),
        setTextMatrix(c * p.widthFactor, s * p.widthFactor, c * k - s, s * k + c, origin.x, origin.y),
        showText(font.encodeText(p.text)),
        endText(),
      );
    }
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);
}
