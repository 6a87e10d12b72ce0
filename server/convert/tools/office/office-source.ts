// Hands LibreOffice a visitor's document under a name it can trust: the sniffed type decides the
// extension (never the visitor's name), text is re-encoded to UTF-8 with the matching import filter,
// and a Kingsoft .wps is named by its container, since LibreOffice takes ".wps" for Microsoft Works.
import { open, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OfficeJob } from '../../engines/libreoffice';
import type { ConvertInput } from '../../types';
import { decodeChineseText } from './text-encoding';

export type OfficeSource = Pick<OfficeJob, 'input' | 'importFilter' | 'importOptions'>;

/** Text (encoded) filter: UTF-8, LF line ends. */
const TEXT_IMPORT = { importFilter: 'Text (encoded)', importOptions: 'UTF8,LF' };
/** Calc's CSV filter: comma, double quote, UTF-8 (76), from line 1, default column types, Chinese (2052). */
const CSV_IMPORT = { importFilter: 'Text - txt - csv (StarCalc)', importOptions: '44,34,76,1,,2052' };

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

async function wpsExtension(file: string): Promise<'docx' | 'doc'> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.equals(ZIP_MAGIC) ? 'docx' : 'doc';
  } finally {
    await handle.close();
  }
}

/** Prepares `input` inside `workDir` (`index` keeps several inputs apart). */
export async function prepareOfficeSource(input: ConvertInput, index: number, workDir: string): Promise<OfficeSource> {
  const base = path.join(workDir, `source-${index}`);
  if (input.type === 'txt' || input.type === 'csv') {
    const file = `${base}.${input.type}`;
    await writeFile(file, decodeChineseText(await readFile(input.path)));
    return { input: file, ...(input.type === 'txt' ? TEXT_IMPORT : CSV_IMPORT) };
  }
  const extension = input.type === 'wps' ? await wpsExtension(input.path) : input.type;
  const file = `${base}.${extension}`;
  await symlink(input.path, file);
  return { input: file };
}
