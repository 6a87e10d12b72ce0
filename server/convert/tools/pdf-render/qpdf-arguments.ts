// qpdf reads arguments from a file named `@file`: passwords go there, not on the command line
// where any local user could read them in the process list.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `args` one per line to a private file in `workDir` and returns the `@file` argument. */
export async function qpdfArgumentFile(workDir: string, args: readonly string[]): Promise<string> {
  const file = path.join(workDir, `.qpdf-args-${randomUUID()}`);
  await writeFile(file, args.join('\n') + '\n', { mode: 0o600 });
  return `@${file}`;
}
