// Reads an OFD package (GB/T 33190-2016) into the model of model.ts: OFD.xml → DocBody/DocRoot →
// Document.xml (CommonData: PageArea, PublicRes/DocumentRes, TemplatePage; Pages) → each page's
// Content.xml (Layers of TextObject, PathObject, ImageObject and nested PageBlocks), with templates
// drawn behind (or in front of) the page, DrawParam defaults, colour spaces (Gray/RGB/CMYK) and
// images from the MultiMedia resources. Only the first document of a package is read; annotations,
// signatures (seals) and embedded fonts are not drawn.
import { ConvertError } from '../../errors';
import { OFD_CORRUPT, OFD_NO_PAGES } from './messages';
import {
  compose,
  DEFAULT_PAGE_BOX,
  IDENTITY,
  translate,
  type Matrix,
  type OfdBox,
  type OfdDocument,
  type OfdGlyph,
  type OfdObject,
  type OfdPage,
  type Rgb,
} from './model';
import { OfdZip, resolvePart, type OfdZipLimits } from './package-zip';
import { parseAbbreviatedData } from './path-data';
import { attr, boolAttr, child, children, descend, localName, numberAttr, numbers, parseXml, text, type XmlElement } from './xml';

interface ColorSpace {
  type: string;
  bits: number;
}

interface DrawParam {
  relative?: string;
  lineWidth?: number;
  fill?: XmlElement;
  stroke?: XmlElement;
}

interface Resources {
  fonts: Map<string, string>;
  colorSpaces: Map<string, ColorSpace>;
  drawParams: Map<string, DrawParam>;
  /** MultiMedia ID → part name. */
  media: Map<string, string>;
}

/** The defaults an object inherits (from its layer's DrawParam). */
interface Inherited {
  lineWidth?: number;
  fill?: XmlElement;
  stroke?: XmlElement;
}

const DEFAULT_LINE_WIDTH = 0.353;
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
/** Nesting of PageBlocks we follow; deeper is treated as damage. */
const MAX_DEPTH = 32;
const MAX_PAGES = 5000;

export function parseBox(value: string | undefined): OfdBox | undefined {
  const [x, y, width, height] = numbers(value);
  if (![x, y, width, height].every(Number.isFinite) || !(width > 0) || !(height > 0)) return undefined;
  return { x, y, width, height };
}

function parseMatrix(value: string | undefined): Matrix | undefined {
  const m = numbers(value);
  return m.length === 6 && m.every(Number.isFinite) ? (m as unknown as Matrix) : undefined;
}

/** DeltaX/DeltaY: numbers, where `g N v` stands for N copies of v. */
export function parseDeltas(value: string | undefined): number[] {
  if (!value) return [];
  const tokens = value.trim().split(/[\s,]+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'g') {
      const count = Math.min(Number(tokens[i + 1]), 100_000);
      const delta = Number(tokens[i + 2]);
      if (Number.isFinite(count) && Number.isFinite(delta)) for (let k = 0; k < count; k++) out.push(delta);
      i += 2;
    } else {
      const delta = Number(tokens[i]);
      if (Number.isFinite(delta)) out.push(delta);
    }
  }
  return out;
}

export class OfdReader {
  private readonly resources: Resources = { fonts: new Map(), colorSpaces: new Map(), drawParams: new Map(), media: new Map() };
  private readonly images = new Map<string, Buffer | null>();

  constructor(private readonly zip: OfdZip) {}

  async read(): Promise<OfdDocument> {
    const entry = 'OFD.xml';
    if (!this.zip.has(entry)) throw new ConvertError(OFD_CORRUPT);
    const ofd = parseXml(await this.zip.read(entry));
    if (localName(ofd) !== 'OFD') throw new ConvertError(OFD_CORRUPT);
    const body = child(ofd, 'DocBody');
    const docRoot = body && resolvePart(entry, text(child(body, 'DocRoot')));
    if (!body || !docRoot || !this.zip.has(docRoot)) throw new ConvertError(OFD_CORRUPT);
    const title = text(descend(body, 'DocInfo', 'Title')).trim() || undefined;

    const doc = parseXml(await this.zip.read(docRoot));
    const common = child(doc, 'CommonData');
    const defaultBox = parseBox(text(common && descend(common, 'PageArea', 'PhysicalBox'))) ?? DEFAULT_PAGE_BOX;
    for (const name of ['PublicRes', 'DocumentRes']) {
      for (const res of common ? children(common, name) : []) {
        const part = resolvePart(docRoot, text(res));
        if (part && this.zip.has(part)) await this.readResources(part);
      }
    }
    const templates = new Map<string, string>();
    for (const template of common ? children(common, 'TemplatePage') : []) {
      const id = attr(template, 'ID');
      const part = resolvePart(docRoot, attr(template, 'BaseLoc') ?? '');
      if (id && part) templates.set(id, part);
    }

    const pageRefs = children(child(doc, 'Pages') ?? doc, 'Page');
    if (pageRefs.length === 0) throw new ConvertError(OFD_NO_PAGES);
    if (pageRefs.length > MAX_PAGES) throw new ConvertError(OFD_CORRUPT);
    const pages: OfdPage[] = [];
    for (const ref of pageRefs) {
      const part = resolvePart(docRoot, attr(ref, 'BaseLoc') ?? '');
      if (!part || !this.zip.has(part)) throw new ConvertError(OFD_CORRUPT);
      pages.push(await this.readPage(part, defaultBox, templates));
    }
    return { pages, title };
  }

  private async readResources(part: string): Promise<void> {
    const res = parseXml(await this.zip.read(part));
    const baseLoc = attr(res, 'BaseLoc')?.trim().replace(/\/+$/, '') ?? '';
    for (const font of children(child(res, 'Fonts') ?? res, 'Font')) {
      const id = attr(font, 'ID');
      if (id) this.resources.fonts.set(id, attr(font, 'FontName') ?? attr(font, 'FamilyName') ?? '');
    }
    for (const space of children(child(res, 'ColorSpaces') ?? res, 'ColorSpace')) {
      const id = attr(space, 'ID');
      if (id) this.resources.colorSpaces.set(id, { type: (attr(space, 'Type') ?? 'RGB').toUpperCase(), bits: numberAttr(space, 'BitsPerComponent') ?? 8 });
    }
    for (const param of children(child(res, 'DrawParams') ?? res, 'DrawParam')) {
      const id = attr(param, 'ID');
      if (id)
        this.resources.drawParams.set(id, {
          relative: attr(param, 'Relative'),
          lineWidth: numberAttr(param, 'LineWidth'),
          fill: child(param, 'FillColor'),
          stroke: child(param, 'StrokeColor'),
        });
    }
    for (const media of children(child(res, 'MultiMedias') ?? res, 'MultiMedia')) {
      const id = attr(media, 'ID');
      const file = text(child(media, 'MediaFile')).trim();
      if (!id || !file) continue;
      const candidates = file.startsWith('/') ? [resolvePart('', file)] : [resolvePart(part, baseLoc ? `${baseLoc}/${file}` : file), resolvePart(part, file)];
      const found = candidates.find((name): name is string => !!name && this.zip.has(name));
      if (found) this.resources.media.set(id, found);
    }
  }

  private async readPage(part: string, defaultBox: OfdBox, templates: Map<string, string>): Promise<OfdPage> {
    const page = parseXml(await this.zip.read(part));
    const box = parseBox(text(descend(page, 'Area', 'PhysicalBox'))) ?? defaultBox;
    const background: OfdObject[] = [];
    const foreground: OfdObject[] = [];
    for (const template of children(page, 'Template')) {
      const templatePart = templates.get(attr(template, 'TemplateID') ?? '');
      if (!templatePart || !this.zip.has(templatePart) || templatePart === part) continue;
      const templatePage = parseXml(await this.zip.read(templatePart));
      const objects = await this.readContent(templatePage);
      (attr(template, 'ZOrder') === 'Foreground' ? foreground : background).push(...objects);
    }
    const objects = await this.readContent(page);
    return { box, objects: [...background, ...objects, ...foreground] };
  }

  private async readContent(page: XmlElement): Promise<OfdObject[]> {
    const out: OfdObject[] = [];
    for (const layer of children(child(page, 'Content') ?? page, 'Layer')) {
      await this.readBlock(layer, this.inheritedFrom(attr(layer, 'DrawParam'), {}), out, 0);
    }
    return out;
  }

  private inheritedFrom(drawParamId: string | undefined, outer: Inherited): Inherited {
    const chain: DrawParam[] = [];
    let id = drawParamId;
    while (id && chain.length < 16) {
      const param = this.resources.drawParams.get(id);
      if (!param) break;
      chain.push(param);
      id = param.relative;
    }
    const result: Inherited = { ...outer };
    for (const param of chain.reverse()) {
      if (param.lineWidth !== undefined) result.lineWidth = param.lineWidth;
      if (param.fill) result.fill = param.fill;
      if (param.stroke) result.stroke = param.stroke;
    }
    return result;
  }

  private async readBlock(block: XmlElement, inherited: Inherited, out: OfdObject[], depth: number): Promise<void> {
    if (depth > MAX_DEPTH) throw new ConvertError(OFD_CORRUPT);
    for (const element of children(block)) {
      if (attr(element, 'Visible')?.trim() === 'false') continue;
      const name = localName(element);
      if (name === 'PageBlock') {
        await this.readBlock(element, inherited, out, depth + 1);
        continue;
      }
      if (name !== 'TextObject' && name !== 'PathObject' && name !== 'ImageObject') continue;
      const boundary = parseBox(attr(element, 'Boundary')) ?? (name === 'ImageObject' ? undefined : { x: 0, y: 0, width: 1, height: 1 });
      if (!boundary) continue;
      const ctm = parseMatrix(attr(element, 'CTM'));
      const own = this.inheritedFrom(attr(element, 'DrawParam'), inherited);
      const lineWidth = numberAttr(element, 'LineWidth') ?? own.lineWidth ?? DEFAULT_LINE_WIDTH;
      const place = translate(boundary.x, boundary.y);
      if (name === 'ImageObject') {
        const data = await this.image(attr(element, 'ResourceID') ?? '');
        if (!data) continue;
        const matrix = compose(place, ctm ?? [boundary.width, 0, 0, boundary.height, 0, 0]);
        out.push({ kind: 'image', matrix, data });
      } else if (name === 'PathObject') {
        const commands = parseAbbreviatedData(text(child(element, 'AbbreviatedData')));
        if (commands.length === 0) continue;
        const stroke = boolAttr(element, 'Stroke', true) ? this.color(child(element, 'StrokeColor') ?? own.stroke, BLACK) : null;
        const fill = boolAttr(element, 'Fill', false) ? this.color(child(element, 'FillColor') ?? own.fill, BLACK) : null;
        if (!stroke && !fill) continue;
        out.push({ kind: 'path', matrix: compose(place, ctm ?? IDENTITY), lineWidth, stroke, fill, evenOdd: attr(element, 'Rule') === 'Even-Odd', commands });
      } else {
        const size = numberAttr(element, 'Size');
        if (!(size && size > 0)) continue;
        const glyphs = this.glyphs(element, size);
        if (glyphs.length === 0) continue;
        const fill = boolAttr(element, 'Fill', true) ? this.color(child(element, 'FillColor') ?? own.fill, BLACK) : null;
        const stroke = boolAttr(element, 'Stroke', false) ? this.color(child(element, 'StrokeColor') ?? own.stroke, BLACK) : null;
        out.push({
          kind: 'text',
          matrix: compose(place, ctm ?? IDENTITY),
          size,
          hScale: numberAttr(element, 'HScale') ?? 1,
          fill,
          stroke,
          glyphs,
          fontName: this.resources.fonts.get(attr(element, 'Font') ?? '') ?? '',
        });
      }
    }
  }

  /** Each character's origin: X/Y start a TextCode (or carry on from the last one), DeltaX/DeltaY step between characters. */
  private glyphs(element: XmlElement, size: number): OfdGlyph[] {
    const glyphs: OfdGlyph[] = [];
    let x = 0;
    let y = 0;
    for (const code of children(element, 'TextCode')) {
      x = numberAttr(code, 'X') ?? x;
      y = numberAttr(code, 'Y') ?? y;
      const dx = parseDeltas(attr(code, 'DeltaX'));
      const dy = parseDeltas(attr(code, 'DeltaY'));
      const chars = Array.from(text(code)).filter((c) => c !== '\n' && c !== '\r');
      for (const [i, c] of chars.entries()) {
        glyphs.push({ text: c, x, y });
        // Without DeltaX a character advances by the font size (full width); vertical steps only when given.
        x += dx[i] ?? (dx.length > 0 ? dx[dx.length - 1] : dy.length > 0 ? 0 : size * (c.charCodeAt(0) < 0x2e80 ? 0.5 : 1));
        y += dy[i] ?? (dy.length > 0 ? dy[dy.length - 1] : 0);
      }
    }
    return glyphs;
  }

  /** A colour element's Value in its colour space (RGB by default; Gray and CMYK too), as RGB shares. */
  private color(element: XmlElement | undefined, fallback: Rgb): Rgb {
    if (!element) return fallback;
    const value = attr(element, 'Value');
    if (!value) return fallback;
    const space = this.resources.colorSpaces.get(attr(element, 'ColorSpace') ?? '') ?? { type: 'RGB', bits: 8 };
    const max = 2 ** Math.min(Math.max(space.bits, 1), 16) - 1;
    const parts = value
      .trim()
      .split(/[\s,]+/)
      .map((token) => (token.startsWith('#') ? Number.parseInt(token.slice(1), 16) : Number(token)))
      .map((v) => (Number.isFinite(v) ? Math.min(Math.max(v / max, 0), 1) : 0));
    if (space.type === 'GRAY' || parts.length === 1) return { r: parts[0], g: parts[0], b: parts[0] };
    if (space.type === 'CMYK' && parts.length >= 4) {
      const [c, m, y, k] = parts;
      return { r: (1 - c) * (1 - k), g: (1 - m) * (1 - k), b: (1 - y) * (1 - k) };
    }
    if (parts.length < 3) return fallback;
    return { r: parts[0], g: parts[1], b: parts[2] };
  }

  private async image(id: string): Promise<Buffer | null> {
    if (this.images.has(id)) return this.images.get(id) ?? null;
    const part = this.resources.media.get(id);
    const data = part ? await this.zip.read(part) : null;
    this.images.set(id, data);
    return data;
  }
}

export async function readOfd(file: string, limits?: OfdZipLimits): Promise<OfdDocument> {
  const zip = await OfdZip.open(file, limits);
  try {
    return await new OfdReader(zip).read();
  } finally {
    zip.close();
  }
}
