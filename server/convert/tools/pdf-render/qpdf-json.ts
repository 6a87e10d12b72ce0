// The object graph of a PDF as qpdf's JSON v2 shows it: names are "/Name", references "5 0 R",
// text strings "u:…", binary strings "b:<hex>", streams {stream: {dict}}.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../../engines';
import { corruptOnEngineFailure } from './pdf-input';

export type PdfJsonValue = null | boolean | number | string | PdfJsonValue[] | PdfJsonDict;
export interface PdfJsonDict {
  [key: string]: PdfJsonValue;
}

/** One top-level entry: a plain object, or a stream with its dictionary. */
export type PdfJsonObject = { value: PdfJsonValue } | { stream: { dict: PdfJsonDict } };

export interface PdfObjects {
  /** qpdf's header entry, handed back unchanged when updating from JSON. */
  header: Record<string, unknown>;
  /** Keyed `obj:5 0 R` and `trailer`. */
  objects: Record<string, PdfJsonObject>;
}

/** The parts `keys` (--json-key: qpdf, pages, outlines…) of qpdf's JSON report, the objects limited to `objects` (--json-object) when given. */
export async function readQpdfJson<T>(pdfPath: string, keys: readonly string[], { objects = [], signal }: { objects?: readonly string[]; signal?: AbortSignal } = {}): Promise<T> {
  const args = ['--json', ...keys.map((key) => `--json-key=${key}`), ...objects.map((object) => `--json-object=${object}`), pdfPath];
  const { stdout } = await corruptOnEngineFailure(runEngine('qpdf', args, { signal, okExitCodes: [0, 3], maxOutputBytes: 512 * 1024 * 1024 }));
  return JSON.parse(stdout.toString('utf8')) as T;
}

/** qpdf's header entry and objects (all, or the `objects` named: "trailer", "5 0 R"). */
export async function readPdfObjects(pdfPath: string, signal?: AbortSignal, objects?: readonly string[]): Promise<PdfObjects> {
  const [header, found] = (await readQpdfJson<{ qpdf: [Record<string, unknown>, Record<string, PdfJsonObject>] }>(pdfPath, ['qpdf'], { objects, signal })).qpdf;
  return { header, objects: found };
}

/**
 * Writes `source` again as `output` with the objects of `changed` (keyed `obj:5 0 R`) replaced,
 * or added under numbers above the header's maxobjectid (qpdf --update-from-json). Objects
 * nothing refers to any more are not written out.
 */
export async function writeUpdatedPdf(source: string, output: string, { header, objects: changed }: PdfObjects, workDir: string, signal?: AbortSignal): Promise<void> {
  const updateFile = path.join(workDir, `qpdf-update-${randomUUID()}.json`);
  await writeFile(updateFile, JSON.stringify({ qpdf: [header, changed] }));
  await runEngine('qpdf', [`--update-from-json=${updateFile}`, source, output], { signal, okExitCodes: [0, 3] });
}

export const isDict = (value: PdfJsonValue | undefined): value is PdfJsonDict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isReference = (value: PdfJsonValue | undefined): value is string => typeof value === 'string' && /^\d+ \d+ R$/.test(value);

/** The dictionary of a top-level object (a stream's dictionary for streams). */
export function dictOf(entry: PdfJsonObject | undefined): PdfJsonDict | undefined {
  if (!entry) return undefined;
  if ('stream' in entry) return entry.stream.dict;
  return isDict(entry.value) ? entry.value : undefined;
}

/** Follows one reference; direct values come back as they are. */
export function resolve(objects: PdfObjects['objects'], value: PdfJsonValue | undefined): PdfJsonValue | undefined {
  if (!isReference(value)) return value;
  const entry = objects[`obj:${value}`];
  if (!entry) return undefined;
  return 'stream' in entry ? entry.stream.dict : entry.value;
}

/** Readable text of a PDF string or name. */
export function textOf(value: PdfJsonValue | undefined): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return value.startsWith('/') ? value.slice(1) : value;
}

/** Calls `visit` for every dictionary, direct or nested, in every object. */
export function forEachDict(objects: PdfObjects['objects'], visit: (dict: PdfJsonDict) => void): void {
  const walk = (value: PdfJsonValue) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isDict(value)) {
      visit(value);
      Object.values(value).forEach(walk);
    }
  };
  for (const entry of Object.values(objects)) walk('stream' in entry ? entry.stream.dict : entry.value);
}
