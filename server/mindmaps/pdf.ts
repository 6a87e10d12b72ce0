// The mind map as a one-page vector PDF (POST /api/mindmaps/pdf), drawn with the site's PDF code:
// pdf-lib, and the Chinese font the PDF tools embed (subset: only the glyphs used). Branches are
// the scene's cubic curves, boxes rounded-rectangle paths, topics real text that pdftotext and a
// reader's search find. The request is checked field by field first (zod): colours are hex,
// paths one move and one curve, numbers finite and bounded, counts within the map limits.
import { LineCapStyle, PDFDocument, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingColor, setTextRenderingMode, TextRenderingMode, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { z } from 'zod';
import { MINDMAP_LIMITS } from '../../shared/mindmap/document';
import type { MindMapPdfRequest } from '../../shared/mindmap/pdf-request';
import { embedCjkFont } from '../convert/tools/pdf-edit/cjk-font';

/** CSS pixels to points (96 to 72 dpi), the page capped at PDF's 200-inch limit. */
const POINTS_PER_PX = 0.75;
const MAX_PAGE_PT = 14_400;
/** SVG's dominant-baseline="central": the baseline sits this far (in ems) below the line's centre. */
const CENTRAL_BASELINE_EM = 0.35;
const BADGE_RADIUS = 9;
const BADGE_FONT_SIZE = 10;
/** The font has one weight: bold is its outline stroked as well, this wide (in ems). */
const BOLD_STROKE_EM = 0.04;
const BOLD_FROM = 600;

const coordinate = z.number().finite().min(-1e6).max(1e6);
const size = z.number().finite().min(0).max(1e6);
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/);
const num = String.raw`-?\d+(?:\.\d+)?`;
/** Exactly what model/scene.ts writes for a branch: M x y C x1 y1 x2 y2 x y. */
const BRANCH = new RegExp(`^M${num} ${num}C${num} ${num} ${num} ${num} ${num} ${num}$`);

export const pdfRequestSchema: z.ZodType<MindMapPdfRequest> = z.object({
  title: z.string().max(MINDMAP_LIMITS.maxTextLength),
  frame: z.object({ x: coordinate, y: coordinate, width: size.min(1), height: size.min(1) }),
  background: colour,
  edges: z.array(z.object({ d: z.string().max(200).regex(BRANCH), color: colour, width: z.number().min(0).max(20) })).max(MINDMAP_LIMITS.maxNodes),
  nodes: z
    .array(
      z.object({
        x: coordinate,
        y: coordinate,
        w: size,
        h: size,
        rx: z.number().min(0).max(100),
        fill: z.union([colour, z.literal('transparent')]),
        underline: colour.nullable(),
        textColor: colour,
        fontSize: z.number().min(1).max(200),
        fontWeight: z.number().int().min(100).max(900),
        text: z.array(z.object({ x: coordinate, y: coordinate, line: z.string().max(MINDMAP_LIMITS.maxTextLength) })).max(200),
        badge: z.object({ x: coordinate, y: coordinate, count: z.number().int().min(0).max(1e6), color: colour }).nullable(),
      }),
    )
    .min(1)
    .max(MINDMAP_LIMITS.maxNodes),
});

function colourOf(hex: string): RGB {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const value = (i: number) => parseInt(full.slice(i, i + 2), 16) / 255;
  return rgb(value(1), value(3), value(5));
}

/** A rounded rectangle as path data (cubic corners), in the scene's coordinates. */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const k = Math.min(r, w / 2, h / 2);
  const c = k * 0.4477; // 1 - 0.5523: the cubic's control point, as a distance from the corner
  return [
    `M${x + k} ${y}H${x + w - k}C${x + w - c} ${y} ${x + w} ${y + c} ${x + w} ${y + k}`,
    `V${y + h - k}C${x + w} ${y + h - c} ${x + w - c} ${y + h} ${x + w - k} ${y + h}`,
    `H${x + k}C${x + c} ${y + h} ${x} ${y + h - c} ${x} ${y + h - k}`,
    `V${y + k}C${x} ${y + c} ${x + c} ${y} ${x + k} ${y}Z`,
  ].join('');
}

/** Draws in the scene's coordinates (CSS pixels, y down) onto the page (points, y up). */
class Canvas {
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly origin: { x: number; y: number },
    private readonly scale: number,
  ) {}

  private px(x: number): number {
    return (x - this.origin.x) * this.scale;
  }

  private py(y: number): number {
    return this.page.getHeight() - (y - this.origin.y) * this.scale;
  }

  path(d: string, style: { fill?: RGB; stroke?: RGB; width?: number }): void {
    // drawSvgPath reads the path with y down from (x, y): the frame's corner on the page.
    this.page.drawSvgPath(d, {
      x: this.px(0),
      y: this.py(0),
      scale: this.scale,
      color: style.fill,
      borderColor: style.stroke,
      borderWidth: style.stroke ? (style.width ?? 1) * this.scale : undefined,
      borderLineCap: LineCapStyle.Round,
    });
  }

  /** One line of text centred on (x, y), as SVG's text-anchor="middle" dominant-baseline="central". */
  centredText(line: string, x: number, y: number, fontSize: number, color: RGB, bold = false): void {
    if (!line) return;
    const size = fontSize * this.scale;
    const width = this.font.widthOfTextAtSize(line, size);
    if (bold) this.page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.FillAndOutline), setStrokingColor(color), setLineWidth(size * BOLD_STROKE_EM));
    this.page.drawText(line, { x: this.px(x) - width / 2, y: this.py(y + fontSize * CENTRAL_BASELINE_EM), size, font: this.font, color });
    if (bold) this.page.pushOperators(popGraphicsState());
  }

  circle(x: number, y: number, radius: number, fill: RGB, stroke: RGB, width: number): void {
    this.page.drawCircle({ x: this.px(x), y: this.py(y), size: radius * this.scale, color: fill, borderColor: stroke, borderWidth: width * this.scale });
  }
}

export async function mindMapPdf(map: MindMapPdfRequest): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(map.title || '思维导图');
  doc.setCreator('PDF365 在线思维导图');
  doc.setProducer('PDF365');
  const font = await embedCjkFont(doc);
  const { frame } = map;
  const scale = POINTS_PER_PX * Math.min(1, MAX_PAGE_PT / (frame.width * POINTS_PER_PX), MAX_PAGE_PT / (frame.height * POINTS_PER_PX));
  const page = doc.addPage([frame.width * scale, frame.height * scale]);
  const canvas = new Canvas(page, font, frame, scale);
  // Characters the font cannot show (emoji, rare symbols) would stop pdf-lib: they are left out.
  const charset = new Set(font.getCharacterSet());
  const safe = (line: string) => [...line].filter((ch) => charset.has(ch.codePointAt(0)!)).join('');

  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: colourOf(map.background) });
  for (const edge of map.edges) canvas.path(edge.d, { stroke: colourOf(edge.color), width: edge.width });
  for (const node of map.nodes) {
    if (node.fill !== 'transparent') canvas.path(roundedRect(node.x, node.y, node.w, node.h, node.rx), { fill: colourOf(node.fill) });
    if (node.underline) canvas.path(`M${node.x} ${node.y + node.h}H${node.x + node.w}`, { stroke: colourOf(node.underline), width: 2 });
    for (const t of node.text) canvas.centredText(safe(t.line), t.x, t.y, node.fontSize, colourOf(node.textColor), node.fontWeight >= BOLD_FROM);
    if (node.badge) {
      const badgeColour = colourOf(node.badge.color);
      canvas.circle(node.badge.x, node.badge.y, BADGE_RADIUS, rgb(1, 1, 1), badgeColour, 1.5);
      canvas.centredText(node.badge.count > 99 ? '99+' : String(node.badge.count), node.badge.x, node.badge.y, BADGE_FONT_SIZE, badgeColour);
    }
  }
  return doc.save();
}
