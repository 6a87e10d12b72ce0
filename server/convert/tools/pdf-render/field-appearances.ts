// Filled forms drawn as they read: a form that sets /NeedAppearances (LibreOffice's do) asks the
// viewer to draw its fields from their values, but MuPDF draws the appearance streams it finds,
// which may still show the empty form. Without a stream MuPDF draws the field itself, from its
// value and its own border colours (qpdf --generate-appearances would draw the text but drop the
// borders), so the working copy leaves the streams out of the filled text and choice fields.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readPdfObjects, readQpdfJson, textOf, writeUpdatedPdf, type PdfJsonDict, type PdfJsonObject, type PdfJsonValue } from './qpdf-json';

interface AcroFormReport {
  acroform?: {
    hasacroform?: boolean;
    needappearances?: boolean;
    fields?: Array<{ fieldtype?: string; value?: PdfJsonValue; annotation?: { object?: string } }>;
  };
}

const DRAWN_FROM_VALUE = new Set(['/Tx', '/Ch']);

function hasValue(value: PdfJsonValue | undefined): boolean {
  return Array.isArray(value) ? value.some((item) => textOf(item) !== '') : textOf(value) !== '';
}

/** The file to draw: `pdfPath` itself, or a copy in `workDir` whose filled fields MuPDF draws from their values. */
export async function withFieldAppearances(pdfPath: string, workDir: string, signal?: AbortSignal): Promise<string> {
  const { acroform } = await readQpdfJson<AcroFormReport>(pdfPath, ['acroform'], { signal });
  if (!acroform?.hasacroform || !acroform.needappearances) return pdfPath;
  const widgets = new Set(
    (acroform.fields ?? [])
      .filter((field) => DRAWN_FROM_VALUE.has(field.fieldtype ?? '') && hasValue(field.value) && field.annotation?.object)
      .map((field) => field.annotation!.object!),
  );
  if (widgets.size === 0) return pdfPath;
  const { header, objects } = await readPdfObjects(pdfPath, signal, [...widgets]);
  const changed: Record<string, PdfJsonObject> = {};
  for (const [key, entry] of Object.entries(objects)) {
    if (!('value' in entry) || !entry.value || typeof entry.value !== 'object' || Array.isArray(entry.value) || !('/AP' in entry.value)) continue;
    const { '/AP': _stale, ...rest } = entry.value as PdfJsonDict;
    changed[key] = { value: rest };
  }
  if (Object.keys(changed).length === 0) return pdfPath;
  const output = path.join(workDir, `appearances-${randomUUID()}.pdf`);
  await writeUpdatedPdf(pdfPath, output, { header, objects: changed }, workDir, signal);
  return output;
}
