// What a converter test needs around a run: a job context with a fresh work folder under the test's
// scratch folder (progress collected into an array), and the message of a ConvertError refusal.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConvertError } from '../../server/convert/errors';
import type { ConvertContext, Tier } from '../../server/convert/types';

let jobs = 0;

export function jobContext(scratch: string, { tier = 'vip', progress = [] }: { tier?: Tier; progress?: number[] } = {}): ConvertContext {
  const workDir = path.join(scratch, `job-${++jobs}`);
  mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: (p) => progress.push(p), tier };
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
