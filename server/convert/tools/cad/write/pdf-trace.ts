// A PDF's pages as MuPDF draws them (`mutool draw -F trace`): every stroked and filled path with
// its colour, width and transform, every text span's glyphs, and how many images each page paints.
// The trace is one element per line, read as a stream so a large drawing never sits in memory whole.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { runEngine } from '../../../engines';
import { ConvertError } from '../../../errors';

export type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];

export type PathOp = { op: 'M' | 'L'; x: number; y: number } | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number } | { op: 'Z' };

export interface TracedPath {
  kind: 'stroke' | 'fill';
  /** 0xRRGGBB. */
  color: number;
  /** Stroke width in the path's own units. */
  lineWidth: number;
  transform: Matrix;
  ops: PathOp[];
}

export interface TracedGlyph {
  text: string;
  x: number;
  y: number;
  /** Advance as a share of the font size. */
  advance: number;
}

export interface TracedSpan {
  /** The PDF font's name (a subset prefix may stand before it). */
  font: string;
  color: number;
  transform: Matrix;
  /** The text rendering matrix [a b c d]: size and direction of the glyphs. */
  trm: [number, number, number, number];
  glyphs: TracedGlyph[];
}

export interface TracedPage {
  width: number;
  height: number;
  paths: TracedPath[];
  spans: TracedSpan[];
  images: number;
}

/** Paths, glyphs and images a conversion takes from one PDF; beyond it the drawing is refused. */
const MAX_ELEMENTS = 400_000;
export const PDF_TOO_COMPLEX = 'PDF中的图形过于复杂，无法转换为CAD图纸，请减少页数后再试';

const attribute = (line: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(line)?.[1];
const numbers = (value: string | undefined): number[] => (value ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);

function colorOf(line: string): number {
  const c = numbers(attribute(line, 'color')).map((v) => Math.min(1, Math.max(0, v)));
  let rgb: number[];
  if (c.length === 1) rgb = [c[0], c[0], c[0]];
  else if (c.length === 3) rgb = c;
  else if (c.length === 4) rgb = [0, 1, 2].map((i) => (1 - c[i]) * (1 - c[3]));
  else rgb = [0, 0, 0];
  return rgb.reduce((acc, v) => (acc << 8) | Math.round(v * 255), 0);
}

function matrixOf(line: string): Matrix {
  const m = numbers(attribute(line, 'transform'));
  return m.length === 6 ? (m as Matrix) : [1, 0, 0, 1, 0, 0];
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_m, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );
}

export async function tracePdf(pdfPath: string, pageNumbers: readonly number[], workDir: string, signal?: AbortSignal): Promise<TracedPage[]> {
  const out = path.join(workDir, `trace-${process.hrtime.bigint()}.xml`);
  await runEngine('mutool', ['draw', '-F', 'trace', '-o', out, pdfPath, pageNumbers.join(',')], { signal });
  const pages: TracedPage[] = [];
  let page: TracedPage | undefined;
  let pathNow: TracedPath | undefined;
  let span: TracedSpan | undefined;
  let spanColor = 0;
  let spanTransform: Matrix = [1, 0, 0, 1, 0, 0];
  let elements = 0;
  const lines = readline.createInterface({ input: createReadStream(out, 'utf8'), crlfDelay: Infinity });
  for await (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('<page ')) {
      const [x0, y0, x1, y1] = numbers(attribute(line, 'mediabox'));
      page = { width: x1 - x0, height: y1 - y0, paths: [], spans: [], images: 0 };
      pages.push(page);
    } else if (!page) continue;
    else if (line.startsWith('<stroke_path') || line.startsWith('<fill_path')) {
      pathNow = { kind: line.startsWith('<stroke') ? 'stroke' : 'fill', color: colorOf(line), lineWidth: Number(attribute(line, 'linewidth') ?? 1), transform: matrixOf(line), ops: [] };
    } else if (pathNow && line.startsWith('<moveto') ) pathNow.ops.push({ op: 'M', x: Number(attribute(line, 'x')), y: Number(attribute(line, 'y')) });
    else if (pathNow && line.startsWith('<lineto')) pathNow.ops.push({ op: 'L', x: Number(attribute(line, 'x')), y: Number(attribute(line, 'y')) });
    else if (pathNow && line.startsWith('<curveto')) {
      const [x1, y1, x2, y2, x, y] = ['x1', 'y1', 'x2', 'y2', 'x3', 'y3'].map((n) => Number(attribute(line, n)));
      pathNow.ops.push({ op: 'C', x1, y1, x2, y2, x, y });
    } else if (pathNow && line.startsWith('<closepath')) pathNow.ops.push({ op: 'Z' });
    else if (line.startsWith('</stroke_path') || line.startsWith('</fill_path')) {
      if (pathNow && pathNow.ops.length > 1) page.paths.push(pathNow);
      elements++;
      pathNow = undefined;
    } else if (line.startsWith('<fill_text') || line.startsWith('<stroke_text')) {
      spanColor = colorOf(line);
      spanTransform = matrixOf(line);
    } else if (line.startsWith('<span ')) {
      const trm = numbers(attribute(line, 'trm'));
      span = { font: attribute(line, 'font') ?? '', color: spanColor, transform: spanTransform, trm: (trm.length === 4 ? trm : [1, 0, 0, 1]) as TracedSpan['trm'], glyphs: [] };
    } else if (span && line.startsWith('<g ')) {
      span.glyphs.push({ text: unescapeXml(attribute(line, 'unicode') ?? ''), x: Number(attribute(line, 'x')), y: Number(attribute(line, 'y')), advance: Number(attribute(line, 'adv') ?? 0.5) });
      elements++;
    } else if (span && line.startsWith('</span')) {
      if (span.glyphs.length) page.spans.push(span);
      span = undefined;
    } else if (line.startsWith('<fill_image') || line.startsWith('<fill_shade')) page.images++;
    if (elements > MAX_ELEMENTS) {
      lines.close();
      throw new ConvertError(PDF_TOO_COMPLEX);
    }
  }
  return pages;
}
