// What a converter test needs around a run: a scratch folder for the test file, a job context with a
// fresh work folder under it (progress and notes collected into arrays), a converter run on one file,
// and the message of a ConvertError refusal.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConvertError } from '../../server/convert/errors';
import type { ConvertContext, ConvertOutput, Converter, Tier } from '../../server/convert/types';

/** A folder under the system's temp folder, made now and removed after the test file's tests. */
export function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

let jobs = 0;

export function jobContext(scratch: string, { tier = 'vip', progress = [], notes }: { tier?: Tier; progress?: number[]; notes?: string[] } = {}): ConvertContext {
  const workDir = path.join(scratch, `job-${++jobs}`);
  mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: (p) => progress.push(p), tier, ...(notes && { note: (message: string) => void notes.push(message) }) };
}

/** The converter of `toolId` among `converters`; fails the test when there is none. */
export function converterOf(toolId: string, converters: readonly Converter<any>[]): Converter<any> {
  const converter = converters.find((c) => c.toolId === toolId);
  if (!converter) throw new Error(`no converter for ${toolId}`);
  return converter;
}

/**
 * Runs `converter` on one file (its type from its extension) in a fresh job folder under `scratch`;
 * the notes it leaves for the visitor go into `notes`, its progress into `progress`, when given.
 */
export async function convertFile(
  converter: Converter<any>,
  file: string,
  scratch: string,
  { options = {}, notes, progress }: { options?: Record<string, unknown>; notes?: string[]; progress?: number[] } = {},
): Promise<ConvertOutput> {
  const input = { name: path.basename(file), path: file, size: statSync(file).size, type: path.extname(file).slice(1).toLowerCase() };
  const [output] = await converter.convert({ inputs: [input], options: converter.options.parse(options) }, jobContext(scratch, { notes, progress }));
  return output;
}

/** The Chinese message a conversion was refused with; fails the test if it succeeded or failed otherwise. */
export async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConvertError);
  return (error as ConvertError).message;
}
