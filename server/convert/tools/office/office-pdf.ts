// Any document LibreOffice opens → PDF, on the warm listener pool. The export filter follows the
// kind of document (Writer, Calc or Impress), which the input's type tells.
import path from 'node:path';
import { convertWithOffice } from '../../engines/libreoffice';
import type { ConvertContext, ConvertInput } from '../../types';
import { prepareOfficeSource } from './office-source';

const PDF_EXPORT_OF_TYPE: Record<string, string> = {
  ...Object.fromEntries(['doc', 'docx', 'odt', 'rtf', 'wps', 'txt'].map((type) => [type, 'writer_pdf_Export'])),
  ...Object.fromEntries(['xls', 'xlsx', 'ods', 'csv'].map((type) => [type, 'calc_pdf_Export'])),
  ...Object.fromEntries(['ppt', 'pptx', 'odp'].map((type) => [type, 'impress_pdf_Export'])),
};

export const OFFICE_ENGINES = ['libreoffice', 'python-uno'] as const;

export interface OfficePdfOptions {
  /** Spreadsheets: every sheet one page wide. */
  fitSheetsToWidth?: boolean;
  /** Only these pages, e.g. `1` (a preview of the first page). */
  pageRange?: string;
}

/** LibreOffice can draw a document of this type as a PDF. */
export function hasOfficePdfExport(type: string): boolean {
  return Object.hasOwn(PDF_EXPORT_OF_TYPE, type);
}

/** Converts `input` to a PDF inside the work dir and returns its path. */
export async function officeToPdf(input: ConvertInput, index: number, ctx: Pick<ConvertContext, 'workDir' | 'signal'>, options: OfficePdfOptions = {}): Promise<string> {
  const exportFilter = PDF_EXPORT_OF_TYPE[input.type];
  if (!exportFilter) throw new Error(`no PDF export for type ${input.type}`);
  const source = await prepareOfficeSource(input, index, ctx.workDir);
  const output = path.join(ctx.workDir, `document-${index}.pdf`);
  await convertWithOffice({ ...source, output, exportFilter, fitSheetsToWidth: options.fitSheetsToWidth, pageRange: options.pageRange }, ctx.signal);
  return output;
}

/** Converts a word-processor document to DOCX (Word 2007+), the format our readers parse. */
export async function officeToDocx(input: ConvertInput, index: number, ctx: ConvertContext): Promise<string> {
  const source = await prepareOfficeSource(input, index, ctx.workDir);
  const output = path.join(ctx.workDir, `document-${index}.docx`);
  await convertWithOffice({ ...source, output, exportFilter: 'MS Word 2007 XML' }, ctx.signal);
  return output;
}
