// Sheets as DWFx: the XPS-based DWF Autodesk Design Review opens, an OPC (zip) package of one
// FixedDocumentSequence → FixedDocument → a FixedPage per sheet, geometry as <Path> elements and
// text as <Glyphs> runs in subsets of the two faces embedded as font parts.
import fs from 'node:fs';
import yazl from 'yazl';
import { cssColour } from './colours';
import { fontOf, type FaceId } from './fonts';
import { paperFor, type Orientation, type PaperSize } from './paper';
import { fitView, type Pt, type Sheet } from './primitives';

export interface DwfxOptions {
  paper: PaperSize;
  orientation: Orientation;
}

const XPS_NS = 'http://schemas.microsoft.com/xps/2005/06';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const FIXED_REPRESENTATION = 'http://schemas.microsoft.com/xps/2005/06/fixedrepresentation';
const REQUIRED_RESOURCE = 'http://schemas.microsoft.com/xps/2005/06/required-resource';
/** XPS lengths are 1/96 inch. */
const UNITS_PER_MM = 96 / 25.4;
const HAIRLINE_MM = 0.05;

export const DWFX_CONTENT_TYPES: Record<string, string> = {
  rels: 'application/vnd.openxmlformats-package.relationships+xml',
  fdseq: 'application/vnd.ms-package.xps-fixeddocumentsequence+xml',
  fdoc: 'application/vnd.ms-package.xps-fixeddocument+xml',
  fpage: 'application/vnd.ms-package.xps-fixedpage+xml',
  ttf: 'application/vnd.ms-opentype',
};

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const FONT_PART: Record<FaceId, string> = { sans: '/Resources/Fonts/sans.ttf', cjk: '/Resources/Fonts/cjk.ttf' };

function pathData(paths: Pt[][], map: (p: Pt) => Pt, close: boolean): string {
  const parts: string[] = [];
  for (const path of paths) {
    const pts = path.map(map);
    if (pts.length === 1) pts.push(pts[0]!);
    parts.push(`M ${num(pts[0]!.x)},${num(pts[0]!.y)} L ${pts.slice(1).map((p) => `${num(p.x)},${num(p.y)}`).join(' ')}${close ? ' Z' : ''}`);
  }
  return parts.join(' ');
}

interface FontSubset {
  includeGlyph(glyph: unknown): number;
  encodeStream(): NodeJS.EventEmitter;
}

export async function sheetsToDwfx(sheets: Sheet[], options: DwfxOptions, file: string, signal?: AbortSignal): Promise<void> {
  const subsets = new Map<FaceId, FontSubset>();
  const subsetOf = (face: FaceId) => {
    let subset = subsets.get(face);
    if (!subset) {
      subset = fontOf(face).createSubset() as unknown as FontSubset;
      subset.includeGlyph(0);
      subsets.set(face, subset);
    }
    return subset;
  };
  const pages: { xml: string; width: number; height: number; faces: Set<FaceId> }[] = [];
  for (const sheet of sheets) {
    signal?.throwIfAborted();
    const paper = paperFor(sheet, options.paper, options.orientation);
    const width = paper.widthMm * UNITS_PER_MM;
    const height = paper.heightMm * UNITS_PER_MM;
    const view = fitView(sheet.box, width, height, paper.marginMm * UNITS_PER_MM);
    const faces = new Set<FaceId>();
    const body: string[] = [];
    for (const p of sheet.primitives) {
      const colour = cssColour(p.colour, 'white').toUpperCase();
      if (p.kind === 'stroke') {
        body.push(`<Path Data="${pathData(p.paths, view.map, false)}" Stroke="${colour}" StrokeThickness="${num(Math.max(p.widthMm, HAIRLINE_MM) * UNITS_PER_MM)}" StrokeStartLineCap="Round" StrokeEndLineCap="Round" StrokeLineJoin="Round"/>`);
      } else if (p.kind === 'fill') {
        const opacity = p.opacity !== undefined ? ` Opacity="${p.opacity}"` : '';
        body.push(`<Path Data="F0 ${pathData(p.rings, view.map, true)}" Fill="${colour}"${opacity}/>`);
      } else {
        const size = p.size * view.scale;
        const chars = [...p.text].filter((ch) => ch.codePointAt(0)! <= 0xffff);
        if (!(size > 0.05) || chars.length === 0) continue;
        const font = fontOf(p.face);
        const subset = subsetOf(p.face);
        faces.add(p.face);
        const indices = chars.map((ch) => subset.includeGlyph(font.glyphForCodePoint(ch.codePointAt(0)!))).join(';');
        const at = view.map({ x: p.x, y: p.y });
        const [c, s, k, w] = [Math.cos(p.rotation), Math.sin(p.rotation), Math.tan(p.oblique), p.widthFactor];
        // Glyph space (y down) → page: width factor and oblique, then the rotation (counter-clockwise in the drawing).
        const transform = [w * c, -w * s, s - k * w * c, c + k * w * s, at.x, at.y].map(num).join(',');
        const text = chars.join('');
        const unicode = /^[{]/.test(text) ? `{}${text}` : text;
        body.push(`<Glyphs FontUri="${FONT_PART[p.face]}" FontRenderingEmSize="${num(size)}" OriginX="0" OriginY="0" RenderTransform="${transform}" Fill="${colour}" UnicodeString="${escapeXml(unicode)}" Indices="${indices}"/>`);
      }
    }
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<FixedPage xmlns="${XPS_NS}" xml:lang="zh-CN" Width="${num(width)}" Height="${num(height)}">\n<Path Data="M 0,0 L ${num(width)},0 ${num(width)},${num(height)} 0,${num(height)} Z" Fill="#FFFFFF"/>\n${body.join('\n')}\n</FixedPage>\n`;
    pages.push({ xml, width, height, faces });
  }

  const zip = new yazl.ZipFile();
  const add = (name: string, content: string | Buffer) => zip.addBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, name);
  add(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${Object.entries(DWFX_CONTENT_TYPES)
      .map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`)
      .join('')}</Types>\n`,
  );
  add('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${RELS_NS}"><Relationship Id="R1" Type="${FIXED_REPRESENTATION}" Target="/FixedDocumentSequence.fdseq"/></Relationships>\n`);
  add('FixedDocumentSequence.fdseq', `<?xml version="1.0" encoding="UTF-8"?>\n<FixedDocumentSequence xmlns="${XPS_NS}"><DocumentReference Source="/Documents/1/FixedDocument.fdoc"/></FixedDocumentSequence>\n`);
  add(
    'Documents/1/FixedDocument.fdoc',
    `<?xml version="1.0" encoding="UTF-8"?>\n<FixedDocument xmlns="${XPS_NS}">${pages.map((p, i) => `<PageContent Source="/Documents/1/Pages/${i + 1}.fpage" Width="${num(p.width)}" Height="${num(p.height)}"/>`).join('')}</FixedDocument>\n`,
  );
  for (const [i, page] of pages.entries()) {
    add(`Documents/1/Pages/${i + 1}.fpage`, page.xml);
    const rels = [...page.faces].map((face, j) => `<Relationship Id="F${j + 1}" Type="${REQUIRED_RESOURCE}" Target="${FONT_PART[face]}"/>`).join('');
    add(`Documents/1/Pages/_rels/${i + 1}.fpage.rels`, `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${RELS_NS}">${rels}</Relationships>\n`);
  }
  for (const [face, subset] of subsets) add(FONT_PART[face].slice(1), await encodeSubset(subset));
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    zip.outputStream.on('error', reject).pipe(out).on('finish', () => resolve()).on('error', reject);
  });
}

function encodeSubset(subset: FontSubset): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    subset
      .encodeStream()
      .on('data', (bytes: Uint8Array) => parts.push(Buffer.from(bytes)))
      .on('end', () => resolve(Buffer.concat(parts)))
      .on('error', reject);
  });
}
