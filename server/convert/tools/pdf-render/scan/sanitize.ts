// Writes a copy without active content: scripts, automatic and event actions, launch and
// form-submission actions, embedded files and XFA. Links to web addresses stay (they need a click).
import { DANGEROUS_ACTIONS } from './findings';
import { isDict, resolve, writeUpdatedPdf, type PdfJsonDict, type PdfJsonObject, type PdfJsonValue, type PdfObjects } from '../qpdf-json';

/** Keys removed wherever they appear: automatic actions, the JavaScript and attachment name trees, file data, XFA, portfolios. */
const REMOVED_KEYS = ['/OpenAction', '/AA', '/JavaScript', '/EmbeddedFiles', '/EF', '/XFA', '/Collection'];

/** Keys whose value is an action (or, for /Next, a list of them). */
const ACTION_KEYS = ['/A', '/Next'];

function isDangerousAction(objects: PdfObjects['objects'], value: PdfJsonValue | undefined): boolean {
  const action = resolve(objects, value);
  return isDict(action) && typeof action['/S'] === 'string' && DANGEROUS_ACTIONS.has(action['/S']);
}

/** Returns a cleaned copy of `value`, or undefined when nothing in it changed. */
function clean(objects: PdfObjects['objects'], value: PdfJsonValue): PdfJsonValue | undefined {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const cleaned = clean(objects, item);
      if (cleaned === undefined) return item;
      changed = true;
      return cleaned;
    });
    return changed ? items : undefined;
  }
  if (!isDict(value)) return undefined;
  let changed = false;
  const result: PdfJsonDict = {};
  for (const [key, item] of Object.entries(value)) {
    if (REMOVED_KEYS.includes(key)) {
      changed = true;
      continue;
    }
    if (ACTION_KEYS.includes(key)) {
      const actions = Array.isArray(item) ? item : [item];
      const kept = actions.filter((action) => !isDangerousAction(objects, action));
      if (kept.length !== actions.length) {
        changed = true;
        if (kept.length > 0) result[key] = Array.isArray(item) ? kept : kept[0];
        continue;
      }
    }
    const cleaned = clean(objects, item);
    if (cleaned !== undefined) changed = true;
    result[key] = cleaned ?? item;
  }
  // A file attachment annotation without its file would only confuse; drop its file reference too.
  if (result['/Subtype'] === '/FileAttachment' && '/FS' in result) {
    delete result['/FS'];
    changed = true;
  }
  return changed ? result : undefined;
}

/** The changed objects, for `qpdf --update-from-json` (stream data is left as it is). */
function sanitizingUpdate(pdf: PdfObjects): PdfObjects {
  const changed: Record<string, PdfJsonObject> = {};
  for (const [key, entry] of Object.entries(pdf.objects)) {
    if (!key.startsWith('obj:')) continue;
    if ('stream' in entry) {
      const dict = clean(pdf.objects, entry.stream.dict);
      if (isDict(dict)) changed[key] = { stream: { dict } };
    } else {
      const value = clean(pdf.objects, entry.value);
      if (value !== undefined) changed[key] = { value };
    }
  }
  return { header: pdf.header, objects: changed };
}

export async function writeSanitizedCopy(sourcePath: string, outputPath: string, pdf: PdfObjects, workDir: string, signal?: AbortSignal): Promise<void> {
  // The removed scripts and files, referred to by nothing any more, are not written out.
  await writeUpdatedPdf(sourcePath, outputPath, sanitizingUpdate(pdf), workDir, signal);
}
