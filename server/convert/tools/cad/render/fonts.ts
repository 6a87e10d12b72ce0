// The two faces every drawing's text is set in, and how a CAD font maps to them. AutoCAD's SHX
// fonts (txt, simplex, romans…) are stroke fonts no machine here has: they become a plain sans
// (Liberation Sans, metric twin of Arial, which most TrueType styles name); SHX big fonts
// (gbcbig.shx, hztxt…) and Chinese TrueType faces become a CJK face (WenQuanYi Zen Hei: it subsets
// cleanly for PDF and DWFx, where Noto CJK's CFF outlines do not). Characters the sans lacks fall
// to the CJK face (a line with Chinese goes there whole), so every back end measures and draws the
// same runs.
import fs from 'node:fs';
import fontkit from '@pdf-lib/fontkit';

export type FaceId = 'sans' | 'cjk';

export interface Face {
  id: FaceId;
  /** fontconfig family (SVG/sharp). */
  family: string;
  file: string;
  /** PostScript name inside a collection. */
  postscriptName?: string;
}

export const FACES: Record<FaceId, Face> = {
  sans: { id: 'sans', family: 'Liberation Sans', file: '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf' },
  cjk: { id: 'cjk', family: 'WenQuanYi Zen Hei', file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', postscriptName: 'WenQuanYiZenHei' },
};

/** A CAD text height is its capital height; the font size (em) that gives it. */
export const EM_PER_HEIGHT = 1 / 0.72;

interface LoadedFont {
  unitsPerEm: number;
  hasGlyphForCodePoint(cp: number): boolean;
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  createSubset(): { includeGlyph(glyph: unknown): number; encode(): Uint8Array };
}

const loaded = new Map<FaceId, LoadedFont>();

export function fontOf(face: FaceId): LoadedFont {
  let font = loaded.get(face);
  if (!font) {
    const { file, postscriptName } = FACES[face];
    font = fontkit.create(fs.readFileSync(file), postscriptName) as unknown as LoadedFont;
    loaded.set(face, font);
  }
  return font;
}

export function fontBytes(face: FaceId): Buffer {
  return fs.readFileSync(FACES[face].file);
}

/** Which face a style's font prefers: Chinese TrueType faces start in the CJK face; SHX and big-font styles in the sans (their Chinese falls to CJK). */
export function preferredFace(font: string): FaceId {
  const name = font.toLowerCase();
  if (/(^|[\\/])(sim|song|hei|kai|fang|ms ?yahei|msyh|hz|gb|宋|黑|楷|仿)/i.test(name)) return 'cjk';
  return 'sans';
}

export interface TextRun {
  text: string;
  face: FaceId;
  /** Advance in ems. */
  width: number;
}

/** Splits a line into runs of one face each (the sans when it has the glyph, else CJK) with widths in ems. */
export function shapeLine(text: string, preferred: FaceId = 'sans'): TextRun[] {
  const runs: TextRun[] = [];
  const sans = fontOf('sans');
  const cjk = fontOf('cjk');
  // A line with Chinese is set wholly in the CJK face when it has every glyph: one text object per
  // line keeps the line whole for search and copy (a PDF reader splits runs of a rotated line).
  const codePoints = [...text].map((ch) => ch.codePointAt(0)!);
  if (preferred === 'sans' && codePoints.some((cp) => !sans.hasGlyphForCodePoint(cp)) && codePoints.every((cp) => cjk.hasGlyphForCodePoint(cp))) preferred = 'cjk';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const face: FaceId = preferred === 'sans' && sans.hasGlyphForCodePoint(cp) ? 'sans' : cjk.hasGlyphForCodePoint(cp) || !sans.hasGlyphForCodePoint(cp) ? 'cjk' : 'sans';
    const font = face === 'sans' ? sans : cjk;
    const width = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
    const last = runs[runs.length - 1];
    if (last && last.face === face) {
      last.text += ch;
      last.width += width;
    } else runs.push({ text: ch, face, width });
  }
  return runs;
}

export function lineWidth(text: string, preferred: FaceId = 'sans'): number {
  return shapeLine(text, preferred).reduce((sum, run) => sum + run.width, 0);
}
