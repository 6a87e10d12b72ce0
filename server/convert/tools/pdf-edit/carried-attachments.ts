// Document attachments (the catalog's /EmbeddedFiles) through qpdf's page selection, which starts
// from an empty document and so leaves them behind. Attachments on pages (file-attachment
// annotations) travel with their pages anyway. Merge keeps every input's; each part of a split
// keeps its document's, as it keeps its document information.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { runEngine } from '../../engines/run';
import type { ConvertContext } from '../../types';
import { dictOf, isDict, isReference, readPdfObjects, readQpdfJson, resolve, writeUpdatedPdf, type PdfJsonObject, type PdfJsonValue } from '../pdf-render/qpdf-json';

/** Name trees deeper than this are not followed (a hostile file could loop). */
const MAX_DEPTH = 32;

async function attachmentsOf(file: string, signal: AbortSignal): Promise<Record<string, { filespec: string }>> {
  return (await readQpdfJson<{ attachments: Record<string, { filespec: string }> }>(file, ['attachments'], { signal })).attachments;
}

/**
 * `file`, or a copy of it whose attachment file specifications are objects of their own: qpdf
 * copies attachments only from those ("copyForeign called with direct object handle"), and
 * writers such as pypdf put them straight into the name tree (with-attachment.pdf). The copy's
 * tree is one flat node with the same keys in the same order.
 */
async function withIndirectFilespecs(file: string, ctx: ConvertContext): Promise<string> {
  const { header, objects } = await readPdfObjects(file, ctx.signal);
  const rootRef = dictOf(objects.trailer)?.['/Root'];
  const catalog = isReference(rootRef) ? dictOf(objects[`obj:${rootRef}`]) : undefined;
  const names = resolve(objects, catalog?.['/Names']);
  if (!catalog || !isDict(names)) return file;
  const entries: PdfJsonValue[] = [];
  const walk = (node: PdfJsonValue | undefined, depth: number) => {
    const dict = resolve(objects, node);
    if (!isDict(dict) || depth > MAX_DEPTH) return;
    const pairs = resolve(objects, dict['/Names']);
    if (Array.isArray(pairs)) entries.push(...pairs);
    const kids = resolve(objects, dict['/Kids']);
    if (Array.isArray(kids)) kids.forEach((kid) => walk(kid, depth + 1));
  };
  walk(names['/EmbeddedFiles'], 0);
  let next = Number(header.maxobjectid) + 1;
  const changed: Record<string, PdfJsonObject> = {};
  const flat = entries.map((entry, index) => {
    if (index % 2 === 0 || !isDict(entry)) return entry;
    const ref = `${next++} 0 R`;
    changed[`obj:${ref}`] = { value: entry };
    return ref;
  });
  if (Object.keys(changed).length === 0) return file;
  const newNames = { ...names, '/EmbeddedFiles': { '/Names': flat } };
  if (isReference(catalog['/Names'])) changed[`obj:${catalog['/Names']}`] = { value: newNames };
  else changed[`obj:${rootRef}`] = { value: { ...catalog, '/Names': newNames } };
  const output = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  await writeUpdatedPdf(file, output, { header, objects: changed }, ctx.workDir, ctx.signal);
  return output;
}

/**
 * qpdf options copying the attachments of `files` into the document it writes. Keys must differ:
 * a file whose key is taken has its keys prefixed with its position ("2-data.csv"); the name a
 * reader shows is the file's own, which the prefix leaves alone.
 */
export async function copyAttachmentsOptions(files: readonly string[], ctx: ConvertContext): Promise<string[]> {
  const found = await Promise.all(files.map((file) => attachmentsOf(file, ctx.signal)));
  const keys = found.map((attachments) => Object.keys(attachments));
  const readable = await Promise.all(
    files.map((file, index) => (Object.values(found[index]!).some(({ filespec }) => !isReference(filespec)) ? withIndirectFilespecs(file, ctx) : file)),
  );
  const taken = new Set<string>();
  return readable.flatMap((file, index) => {
    if (keys[index]!.length === 0) return [];
    const clash = keys[index]!.some((key) => taken.has(key));
    const prefix = clash ? `${index + 1}-` : '';
    keys[index]!.forEach((key) => taken.add(prefix + key));
    return ['--copy-attachments-from', file, ...(clash ? [`--prefix=${prefix}`] : []), '--'];
  });
}

/** `results` (written from `source`'s pages) each with `source`'s attachments; the same paths when it has none. */
export async function withAttachmentsOf(source: string, results: readonly string[], ctx: ConvertContext): Promise<string[]> {
  const options = await copyAttachmentsOptions([source], ctx);
  if (options.length === 0) return [...results];
  const carried: string[] = [];
  for (const result of results) {
    const output = path.join(ctx.workDir, `${randomUUID()}.pdf`);
    await runEngine('qpdf', ['--warning-exit-0', result, ...options, output], { signal: ctx.signal });
    carried.push(output);
  }
  return carried;
}
