// Reads a DWG or DXF into a CadDrawing in a process of its own (child.ts, the bundle's
// cad-reader.mjs): a malformed DWG can abort LibreDWG's WebAssembly instance or run it out of
// memory, and neither may reach the job that asked.
import fs from 'node:fs';
import path from 'node:path';
import { bundledScript } from '../../../bundled-script';
import { ConvertError } from '../../errors';
import { codeFolders } from '../jail';
import { EngineFailedError, runEngine } from '../run';
import type { CadDrawing } from './model';

export type { CadDrawing } from './model';
export * from './model';

/** The reader refused the file (child.ts REFUSED_EXIT). */
const REFUSED_EXIT = 3;
/** The JS heap of one read: the drawing's JSON is built there. */
const HEAP_MB = 1536;

export const CAD_UNREADABLE_MESSAGE = '无法读取该图纸：文件已损坏、不完整或不是有效的DWG/DXF文件';
export const CAD_TOO_LARGE_MESSAGE = '图纸过于复杂（图元数量过多），请拆分或清理后再试';


export async function readCadDrawing(input: string, format: 'dwg' | 'dxf', workDir: string, signal?: AbortSignal): Promise<CadDrawing> {
  const script = bundledScript('cad-reader.mjs');
  const output = path.join(workDir, `drawing-${process.hrtime.bigint()}.json`);
  let result;
  try {
    result = await runEngine(process.execPath, [`--max-old-space-size=${HEAP_MB}`, script, input, format, output], {
      signal,
      readOnly: codeFolders(script),
      okExitCodes: [0, REFUSED_EXIT],
    });
  } catch (error) {
    // LibreDWG aborting on a malformed file ends the process with a signal or its own exit code.
    if (error instanceof EngineFailedError) throw new ConvertError(CAD_UNREADABLE_MESSAGE, { cause: error, code: 'corrupt' });
    throw error;
  }
  if (result.exitCode === REFUSED_EXIT) {
    const tooLarge = /too many entities/.test(result.stderr);
    throw new ConvertError(tooLarge ? CAD_TOO_LARGE_MESSAGE : CAD_UNREADABLE_MESSAGE, tooLarge ? {} : { code: 'corrupt' });
  }
  try {
    return JSON.parse(await fs.promises.readFile(output, 'utf8')) as CadDrawing;
  } finally {
    await fs.promises.rm(output, { force: true });
  }
}
