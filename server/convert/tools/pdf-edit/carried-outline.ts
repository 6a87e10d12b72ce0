// Bookmarks and document information through qpdf's page selection, which writes neither: each
// input's outline is read afterwards and written into the new file. pdf-merge joins them under one
// top-level entry per file, named after it and opening its first page; pdf-split gives each part
// the entries that point into its pages (an entry outside the part leaves its children that are
// inside to its parent). qpdf reads the outlines: it resolves every destination to a page whether
// it is explicit, named (pdfTeX's hyperref) or inside a GoTo action; a destination is kept with its
// view (/XYZ left top zoom, /Fit…) and pointed at the same page in the new file. The document
// information (title, author…) of the input (merge: the first) is carried along too.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ConvertContext, ConvertInput } from '../../types';
import { readPdfObjects, readQpdfJson, writeUpdatedPdf, type PdfJsonDict, type PdfJsonObject, type PdfJsonValue } from '../pdf-render/qpdf-json';
import type { PageRange } from '../../page-ranges';
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

/** The information dictionary entries a new document keeps (its producer is ours, its dates the input's). */
const INFO_KEYS = ['/Title', '/Author', '/Subject', '/Keywords', '/Creator', '/CreationDate', '/ModDate'];

/** The input's document information, its text entries only; undefined when it has none. */
async function documentInfo(file: string, signal: AbortSignal): Promise<PdfJsonDict | undefined> {
  const { objects } = await readPdfObjects(file, signal, ['trailer']);
  const info = (objects.trailer as { value: PdfJsonDict } | undefined)?.value['/Info'];
  const dict = typeof info === 'string' ? (await readPdfObjects(file, signal, [info])).objects[`obj:${info}`] : info && typeof info === 'object' ? { value: info } : undefined;
  const value = dict && 'value' in dict && dict.value && typeof dict.value === 'object' && !Array.isArray(dict.value) ? (dict.value as PdfJsonDict) : undefined;
  if (!value) return undefined;
  const kept = Object.fromEntries(INFO_KEYS.filter((key) => typeof value[key] === 'string').map((key) => [key, value[key]!]));
  return Object.keys(kept).length ? kept : undefined;
}

/** The page objects of a file qpdf wrote, in order. */
async function pageObjectsOf(file: string, signal: AbortSignal): Promise<string[]> {
  const { pages } = await readQpdfJson<{ pages: Array<{ object: string }> }>(file, ['pages'], { signal });
  return pages.map((page) => page.object);
}

/** `file` again with `entries` as its outline and `info` as its document information; `file` itself when there is neither. */
async function withOutlineAndInfo(file: string, entries: readonly OutlineEntry[], info: PdfJsonDict | undefined, ctx: ConvertContext): Promise<string> {
  if (entries.length === 0 && !info) return file;
  const { header, objects } = await readPdfObjects(file, ctx.signal, ['trailer']);
  const trailer = (objects.trailer as { value: PdfJsonDict }).value;
  const root = trailer['/Root'] as string;
  const catalog = (await readPdfObjects(file, ctx.signal, [root])).objects[`obj:${root}`] as { value: PdfJsonDict };
  const writer = new OutlineWriter(Number(header.maxobjectid) + 1);
  const changed: Record<string, PdfJsonObject> = {};
  if (entries.length) {
    const outlineRoot = writer.reference();
    const top = writer.children(entries, outlineRoot);
    Object.assign(changed, writer.objects, {
      [`obj:${outlineRoot}`]: { value: { '/Type': '/Outlines', '/First': top.first!, '/Last': top.last!, '/Count': top.visible } },
      [`obj:${root}`]: { value: { ...catalog.value, '/Outlines': outlineRoot } },
    });
  }
  if (info) {
    const infoRef = writer.reference();
    changed[`obj:${infoRef}`] = { value: info };
    changed.trailer = { value: { ...trailer, '/Info': infoRef } };
  }
  const output = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  await writeUpdatedPdf(file, output, { header, objects: changed }, ctx.workDir, ctx.signal);
  return output;
}

/**
 * The merged file `merged` (the `inputs`' pages in order) with their outlines joined under one
 * entry per file and the first input's document information. Answers the path of the new file.
 */
export async function joinOutlines(inputs: readonly ConvertInput[], merged: string, ctx: ConvertContext): Promise<string> {
  const [read, info] = await Promise.all([Promise.all(inputs.map((input) => outlineOf(input, ctx.signal))), documentInfo(inputs[0]!.path, ctx.signal)]);
  if (read.every(({ outlines }) => outlines.length === 0)) return withOutlineAndInfo(merged, [], info, ctx);

  const pageObjects = await pageObjectsOf(merged, ctx.signal);
  let firstPage = 0;
  const entries = read.map(({ outlines, pageCount }, index): OutlineEntry => {
    const entry = { title: baseName(inputs[index]!), dest: [pageObjects[firstPage]!, '/Fit'], open: true, kids: moved(outlines, pageObjects, firstPage) };
    firstPage += pageCount;
    return entry;
  });
  if (firstPage !== pageObjects.length) throw new Error(`merged file has ${pageObjects.length} pages, inputs ${firstPage}`);
  return withOutlineAndInfo(merged, entries, info, ctx);
}

/** The entries pointing into pages `from`–`to` (1-based) of the input, pointed at the part's pages; the others give way to their children. */
function within(outlines: readonly QpdfOutline[], pages: readonly string[], from: number, to: number, depth = 1): OutlineEntry[] {
  if (depth > MAX_DEPTH) return [];
  return outlines.flatMap((item) => {
    const kids = within(item.kids, pages, from, to, depth + 1);
    const at = item.destpageposfrom1;
    if (at === null || at < from || at > to) return kids;
    const view = item.dest && item.dest.length > 1 ? item.dest.slice(1) : ['/Fit'];
    return [{ title: item.title, dest: [pages[at - from]!, ...view], open: item.open, kids }];
  });
}

/** The parts of a split (`files[i]` holds pages `ranges[i]` of `input`), each with its share of the outline and the document information. */
export async function carryToParts(input: ConvertInput, files: readonly string[], ranges: readonly PageRange[], ctx: ConvertContext): Promise<string[]> {
  const [{ outlines }, info] = await Promise.all([outlineOf(input, ctx.signal), documentInfo(input.path, ctx.signal)]);
  if (outlines.length === 0 && !info) return [...files];
  const carried: string[] = [];
  // One part at a time: three short qpdf runs each, and a thousand parts should not start three thousand processes.
  for (const [index, file] of files.entries()) {
    const { from, to } = ranges[index]!;
    const entries = outlines.length ? within(outlines, await pageObjectsOf(file, ctx.signal), from, to) : [];
    carried.push(await withOutlineAndInfo(file, entries, info, ctx));
  }
  return carried;
}
