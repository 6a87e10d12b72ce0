// pdf-merge's bookmarks. qpdf's page selection writes no outline, so each input's outline is read
// afterwards and written into the merged file under one top-level entry per file, named after it
// and opening its first page. qpdf reads the outlines: it resolves every destination to a page
// whether it is explicit, named (pdfTeX's hyperref) or inside a GoTo action; a destination is
// kept with its view (/XYZ left top zoom, /Fit…) and pointed at the same page in the merged file.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ConvertContext, ConvertInput } from '../../types';
import { readPdfObjects, readQpdfJson, writeUpdatedPdf, type PdfJsonDict, type PdfJsonObject, type PdfJsonValue } from '../pdf-render/qpdf-json';
import { baseName } from './pdf-files';

/** One entry of qpdf's JSON "outlines". */
interface QpdfOutline {
  title: string;
  /** The destination resolved to an explicit one: [page, view…]; null when it has none (a web link, a broken name). */
  dest: PdfJsonValue[] | null;
  destpageposfrom1: number | null;
  open: boolean;
  kids: QpdfOutline[];
}

interface OutlineEntry {
  title: string;
  /** [page reference in the merged file, view…]. */
  dest?: PdfJsonValue[];
  open: boolean;
  kids: OutlineEntry[];
}

/** Deeper entries are left out: nothing to read in a viewer, and a hostile file could nest thousands. */
const MAX_DEPTH = 64;

async function outlineOf(input: ConvertInput, signal: AbortSignal): Promise<{ outlines: QpdfOutline[]; pageCount: number }> {
  const report = await readQpdfJson<{ outlines: QpdfOutline[]; pages: unknown[] }>(input.path, ['outlines', 'pages'], { signal });
  return { outlines: report.outlines, pageCount: report.pages.length };
}

/** An input's entries pointed at the merged file's pages, from `firstPage` (0-based) on. */
function moved(outlines: readonly QpdfOutline[], pages: readonly string[], firstPage: number, depth = 1): OutlineEntry[] {
  if (depth > MAX_DEPTH) return [];
  return outlines.map((item) => {
    const page = item.destpageposfrom1 === null ? undefined : pages[firstPage + item.destpageposfrom1 - 1];
    const view = item.dest && item.dest.length > 1 ? item.dest.slice(1) : ['/Fit'];
    return { title: item.title, dest: page ? [page, ...view] : undefined, open: item.open, kids: moved(item.kids, pages, firstPage, depth + 1) };
  });
}

/** Outline item dictionaries (PDF 32000 §12.3.3) as new objects, numbered from `nextNumber` on. */
class OutlineWriter {
  readonly objects: Record<string, PdfJsonObject> = {};
  constructor(private nextNumber: number) {}

  reference(): string {
    return `${this.nextNumber++} 0 R`;
  }

  /** Writes `entries` as the children of `parent`; answers what the parent records of them. */
  children(entries: readonly OutlineEntry[], parent: string): { first?: string; last?: string; visible: number } {
    const references = entries.map(() => this.reference());
    let visible = 0;
    entries.forEach((entry, index) => {
      const item: PdfJsonDict = { '/Title': `u:${entry.title}`, '/Parent': parent };
      if (index > 0) item['/Prev'] = references[index - 1]!;
      if (index < references.length - 1) item['/Next'] = references[index + 1]!;
      if (entry.dest) item['/Dest'] = entry.dest;
      const kids = this.children(entry.kids, references[index]!);
      if (kids.first) {
        item['/First'] = kids.first;
        item['/Last'] = kids.last!;
        // Open: how many descendants show; closed: minus how many would show once opened.
        item['/Count'] = entry.open ? kids.visible : -kids.visible;
      }
      this.objects[`obj:${references[index]}`] = { value: item };
      visible += 1 + (entry.open ? kids.visible : 0);
    });
    return { first: references[0], last: references.at(-1), visible };
  }
}

/**
 * The merged file `merged` (the `inputs`' pages in order) with their outlines joined under one
 * entry per file. Answers the path of the new file, or `merged` itself when no input has an outline.
 */
export async function joinOutlines(inputs: readonly ConvertInput[], merged: string, ctx: ConvertContext): Promise<string> {
  const read = await Promise.all(inputs.map((input) => outlineOf(input, ctx.signal)));
  if (read.every(({ outlines }) => outlines.length === 0)) return merged;

  const { pages } = await readQpdfJson<{ pages: Array<{ object: string }> }>(merged, ['pages'], { signal: ctx.signal });
  const pageObjects = pages.map((page) => page.object);
  let firstPage = 0;
  const entries = read.map(({ outlines, pageCount }, index): OutlineEntry => {
    const entry = { title: baseName(inputs[index]!), dest: [pageObjects[firstPage]!, '/Fit'], open: true, kids: moved(outlines, pageObjects, firstPage) };
    firstPage += pageCount;
    return entry;
  });
  if (firstPage !== pageObjects.length) throw new Error(`merged file has ${pageObjects.length} pages, inputs ${firstPage}`);

  const { header, objects } = await readPdfObjects(merged, ctx.signal, ['trailer']);
  const root = (objects.trailer as { value: PdfJsonDict }).value['/Root'] as string;
  const catalog = (await readPdfObjects(merged, ctx.signal, [root])).objects[`obj:${root}`] as { value: PdfJsonDict };
  const writer = new OutlineWriter(Number(header.maxobjectid) + 1);
  const outlineRoot = writer.reference();
  const top = writer.children(entries, outlineRoot);
  const changed: Record<string, PdfJsonObject> = {
    ...writer.objects,
    [`obj:${outlineRoot}`]: { value: { '/Type': '/Outlines', '/First': top.first!, '/Last': top.last!, '/Count': top.visible } },
    [`obj:${root}`]: { value: { ...catalog.value, '/Outlines': outlineRoot } },
  };
  const output = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  await writeUpdatedPdf(merged, output, { header, objects: changed }, ctx.workDir, ctx.signal);
  return output;
}
