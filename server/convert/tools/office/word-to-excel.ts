// word-to-excel: the tables of a Word document into an Excel workbook. DOCX is read directly;
// other word-processor formats are first saved as DOCX by LibreOffice.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { readDocxTables, type DocumentTable } from './docx-tables';
import { DOCUMENT_CORRUPT, NO_TABLES } from './messages';
import { OFFICE_ENGINES, officeToDocx } from './office-pdf';
import { writeTablesWorkbook } from './tables-workbook';
import { extractZipEntries } from './zip-entries';

const MB = 1024 * 1024;
/** document.xml holds the text only (images are separate parts): 200 MB of it is already absurd. */
const DOCX_LIMITS = { maxEntries: 10_000, maxTotalBytes: 200 * MB } as const;

const wordToExcelOptions = z.object({
  /** `sheets`: a sheet per table; `single`: every table on one sheet. */
  layout: z.enum(['sheets', 'single']).default('sheets'),
});

export type WordToExcelOptions = z.infer<typeof wordToExcelOptions>;

async function readTables(input: ConvertInput, index: number, ctx: ConvertContext): Promise<DocumentTable[]> {
  const docx = input.type === 'docx' ? input.path : await officeToDocx(input, index, ctx);
  const target = path.join(ctx.workDir, `document-${index}.xml`);
  const [documentXml] = await extractZipEntries(docx, {
    ...DOCX_LIMITS,
    select: (name) => name === 'word/document.xml',
    targetOf: () => target,
    signal: ctx.signal,
  }).catch((error: unknown) => {
    throw new ConvertError(DOCUMENT_CORRUPT, { cause: error });
  });
  if (!documentXml) throw new ConvertError(DOCUMENT_CORRUPT);
  return readDocxTables(await readFile(documentXml.path, 'utf8'));
}

export const wordToExcel: Converter<WordToExcelOptions> = {
  toolId: 'word-to-excel',
  options: wordToExcelOptions,
  engines: OFFICE_ENGINES,
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const tables = await readTables(input, index, ctx);
      if (tables.length === 0) throw new ConvertError(inputs.length > 1 ? `${NO_TABLES}：${input.name}` : NO_TABLES);
      const output = path.join(ctx.workDir, `tables-${randomUUID()}.xlsx`);
      await writeTablesWorkbook(tables, options.layout, output);
      outputs.push({ name: outputName(input.name, '', 'xlsx'), path: output });
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};
