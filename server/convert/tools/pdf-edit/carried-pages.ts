// What points at pages, carried into a result made of other files' pages (merge, split, delete,
// insert): page labels and the destinations of links. qpdf's page selection keeps a link
// annotation but not where it goes — an explicit destination into a copied page becomes null and
// a named one loses the catalog's name tree — and pdf-lib leaves labels counting removed pages.
// Each link is matched to its annotation in the input page the result page came from, its
// destination resolved there (explicit, named, or inside a GoTo action) and pointed at the result
// page that holds the target; a link whose target page is not in the result is taken off (it would
// lead nowhere). Labels are written again from each page's label in its input, as qpdf reads them.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ConvertContext } from '../../types';
import type { PageOrigin } from '../pdf-kept-text';
import { dictOf, isDict, isReference, readPdfObjects, readQpdfJson, resolve, writeUpdatedPdf, type PdfJsonDict, type PdfJsonObject, type PdfJsonValue, type PdfObjects } from '../pdf-render/qpdf-json';

/** Name trees deeper than this are not followed: a hostile file could nest (or loop) forever. */
const MAX_DEPTH = 32;

interface ReadPages {
  objects: PdfObjects;
  /** Page object references, in page order. */
  pages: string[];
  /** Each page's label dictionary as qpdf computes it (/St is the page's own number); null when the file has none. */
  labels: Array<PdfJsonDict | null>;
}

async function readPages(file: string, signal: AbortSignal): Promise<ReadPages> {
  const [objects, report] = await Promise.all([
    readPdfObjects(file, signal),
    readQpdfJson<{ pages: Array<{ object: string; label: PdfJsonDict | null }> }>(file, ['pages'], { signal }),
  ]);
  return { objects, pages: report.pages.map((page) => page.object), labels: report.pages.map((page) => page.label) };
}

const lookup = (read: ReadPages, value: PdfJsonValue | undefined) => resolve(read.objects.objects, value);

/** The link annotations of a page, in /Annots order: each as its reference (or the direct dictionary) and its dictionary. */
function linksOf(read: ReadPages, page: string): Array<{ at: number; dict: PdfJsonDict }> {
  const annotations = lookup(read, dictOf(read.objects.objects[`obj:${page}`])?.['/Annots']);
  if (!Array.isArray(annotations)) return [];
  return annotations.flatMap((annotation, at) => {
    const dict = lookup(read, annotation);
    return isDict(dict) && dict['/Subtype'] === '/Link' ? [{ at, dict }] : [];
  });
}

/** The entries of a name tree (PDF 32000 §7.9.6) whose key is `key`, as qpdf writes strings. */
function inNameTree(read: ReadPages, node: PdfJsonValue | undefined, key: string, depth = 0): PdfJsonValue | undefined {
  const dict = lookup(read, node);
  if (!isDict(dict) || depth > MAX_DEPTH) return undefined;
  const names = lookup(read, dict['/Names']);
  if (Array.isArray(names)) {
    for (let index = 0; index + 1 < names.length; index += 2) if (names[index] === key) return names[index + 1];
  }
  const kids = lookup(read, dict['/Kids']);
  if (!Array.isArray(kids)) return undefined;
  for (const kid of kids) {
    const found = inNameTree(read, kid, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A named destination: a string keys /Names /Dests, a name the old catalog /Dests dictionary. */
function namedDestination(read: ReadPages, name: string): PdfJsonValue | undefined {
  const catalog = dictOf(read.objects.objects[`obj:${dictOf(read.objects.objects.trailer)?.['/Root']}`]);
  if (name.startsWith('/')) {
    const dests = lookup(read, catalog?.['/Dests']);
    return isDict(dests) ? lookup(read, dests[name]) : undefined;
  }
  const names = lookup(read, catalog?.['/Names']);
  return isDict(names) ? lookup(read, inNameTree(read, names['/Dests'], name)) : undefined;
}

/** A destination made explicit: [page object, view…]; undefined when it names nothing in this file. */
function explicitDestination(read: ReadPages, destination: PdfJsonValue | undefined): PdfJsonValue[] | undefined {
  let value = lookup(read, destination);
  if (typeof value === 'string') value = namedDestination(read, value);
  if (isDict(value)) value = lookup(read, value['/D']);
  return Array.isArray(value) && isReference(value[0]) ? value : undefined;
}

/** Where a link goes inside its own file: the target page (1-based) and the view; undefined for web links and the like. */
function internalTarget(read: ReadPages, link: PdfJsonDict): { page: number; view: PdfJsonValue[] } | undefined {
  const action = lookup(read, link['/A']);
  const destination = link['/Dest'] ?? (isDict(action) && action['/S'] === '/GoTo' ? action['/D'] : undefined);
  if (destination === undefined) return undefined;
  const explicit = explicitDestination(read, destination);
  const page = explicit ? read.pages.indexOf(explicit[0] as string) + 1 : 0;
  // A destination into nothing (a broken name, a page the input does not have) still points nowhere: page 0.
  return { page, view: explicit && explicit.length > 1 ? explicit.slice(1) : ['/Fit'] };
}

/** The label entries (PDF 32000 §12.4.2) for pages labelled as `labels`: a new range wherever numbering does not simply go on. */
function labelRanges(labels: ReadonlyArray<PdfJsonDict | null>): PdfJsonValue[] {
  const nums: PdfJsonValue[] = [];
  let previous: PdfJsonDict | null | undefined;
  labels.forEach((label, index) => {
    const style = (entry: PdfJsonDict | null | undefined) => JSON.stringify([entry?.['/S'] ?? null, entry?.['/P'] ?? null]);
    const goesOn = previous !== undefined && style(previous) === style(label) && (label?.['/St'] ?? 1) === ((previous?.['/St'] as number | undefined) ?? 1) + 1;
    if (!goesOn) nums.push(index, label ?? { '/S': '/D', '/St': index + 1 });
    previous = label;
  });
  return nums;
}

/** Carries links and labels into results made of `sources`' pages; reads each source once however many results there are. */
export class LinksAndLabels {
  private readonly reads = new Map<number, Promise<ReadPages>>();

  constructor(
    private readonly sources: readonly { path: string }[],
    private readonly ctx: ConvertContext,
  ) {}

  private source(index: number): Promise<ReadPages> {
    let read = this.reads.get(index);
    if (!read) {
      read = readPages(this.sources[index]!.path, this.ctx.signal);
      this.reads.set(index, read);
    }
    return read;
  }

  /**
   * `result` (its pages come from `origins`) rewritten with its links' destinations and page
   * labels carried over; `result` itself when its pages have neither.
   */
  async carry(result: string, origins: readonly PageOrigin[]): Promise<string> {
    const { ctx } = this;
    const used = [...new Set(origins.flatMap((origin) => (origin === 'new' ? [] : [origin.source])))];
    const inputs = new Map(await Promise.all(used.map(async (source) => [source, await this.source(source)] as const)));
    const input = (source: number) => inputs.get(source)!;
    const linked = (origin: PageOrigin) => origin !== 'new' && linksOf(input(origin.source), input(origin.source).pages[origin.page - 1]!).length > 0;
    const labels = origins.map((origin) => (origin === 'new' ? null : input(origin.source).labels[origin.page - 1] ?? null));
    if (!origins.some(linked) && labels.every((label) => label === null)) return result;

    const read = await readPages(result, ctx.signal);
    if (read.pages.length !== origins.length) throw new Error(`result has ${read.pages.length} pages, expected ${origins.length}`);
    const changed: Record<string, PdfJsonObject> = {};
    const claimed = new Set<string>();
    let nextObject = Number(read.objects.header.maxobjectid) + 1;
    const resultPageOf = (source: number, page: number) => origins.findIndex((origin) => origin !== 'new' && origin.source === source && origin.page === page);

    origins.forEach((origin, index) => {
      if (origin === 'new') return;
      const from = input(origin.source);
      const inputLinks = linksOf(from, from.pages[origin.page - 1]!);
      const resultLinks = linksOf(read, read.pages[index]!);
      // The same annotations in the same order, or the page is left as qpdf/pdf-lib wrote it.
      if (inputLinks.length === 0 || inputLinks.length !== resultLinks.length) return;
      const pageRef = read.pages[index]!;
      const page = dictOf(read.objects.objects[`obj:${pageRef}`])!;
      const annotations = [...(lookup(read, page['/Annots']) as PdfJsonValue[])];
      const dropped = new Set<number>();
      let copied = false;
      inputLinks.forEach(({ dict }, position) => {
        const target = internalTarget(from, dict);
        if (!target) return;
        const { at, dict: resultLink } = resultLinks[position]!;
        const to = target.page > 0 ? resultPageOf(origin.source, target.page) : -1;
        if (to < 0) {
          dropped.add(at);
          return;
        }
        const { ['/A']: _action, ...rest } = resultLink;
        const carried: PdfJsonDict = { ...rest, '/Dest': [read.pages[to]!, ...target.view] };
        const ref = annotations[at];
        if (!isReference(ref)) annotations[at] = carried;
        else if (!claimed.has(ref)) {
          claimed.add(ref);
          changed[`obj:${ref}`] = { value: carried };
        } else {
          // qpdf shares one annotation object between two copies of the same file's page: each copy gets its own.
          const copy = `${nextObject++} 0 R`;
          changed[`obj:${copy}`] = { value: { ...carried, '/P': pageRef } };
          annotations[at] = copy;
          copied = true;
        }
      });
      const kept = annotations.filter((_, at) => !dropped.has(at));
      if (dropped.size > 0 || copied || kept.some((annotation) => isDict(annotation))) changed[`obj:${pageRef}`] = { value: { ...page, '/Annots': kept } };
    });

    if (labels.some((label) => label !== null)) {
      const rootRef = dictOf(read.objects.objects.trailer)!['/Root'] as string;
      const catalog = dictOf(read.objects.objects[`obj:${rootRef}`])!;
      changed[`obj:${rootRef}`] = { value: { ...catalog, '/PageLabels': { '/Nums': labelRanges(labels) } } };
    }
    if (Object.keys(changed).length === 0) return result;
    const output = path.join(ctx.workDir, `${randomUUID()}.pdf`);
    await writeUpdatedPdf(result, output, { header: read.objects.header, objects: changed }, ctx.workDir, ctx.signal);
    return output;
  }
}

/** One result's links and labels carried (see LinksAndLabels). */
export function carryLinksAndLabels(result: string, sources: readonly { path: string }[], origins: readonly PageOrigin[], ctx: ConvertContext): Promise<string> {
  return new LinksAndLabels(sources, ctx).carry(result, origins);
}
