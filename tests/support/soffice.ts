// LibreOffice's command line as an independent printer and reader for tests, each call with a
// private profile so it can run beside the server's listeners and other test files.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const SOFFICE_TIMEOUT_MS = 120_000;

let calls = 0;

/** Converts `file` to `target` (an extension, optionally `ext:Filter`) in a new folder under `scratch`; answers the output's path. */
export function sofficeConvert(file: string, target: string, scratch: string): string {
  const outDir = path.join(scratch, `soffice-${++calls}`);
  execFileSync('soffice', [`-env:UserInstallation=file://${outDir}-profile`, '--headless', '--convert-to', target, '--outdir', outDir, file], {
    stdio: 'ignore',
    timeout: SOFFICE_TIMEOUT_MS,
  });
  return path.join(outDir, `${path.basename(file, path.extname(file))}.${target.split(':')[0]}`);
}

/** Writes a DOCX a test generated into `scratch` as sample.docx and prints it to PDF; answers the PDF's path. */
export function printDocx(docx: Buffer, scratch: string): string {
  const file = path.join(scratch, 'sample.docx');
  writeFileSync(file, docx);
  return sofficeConvert(file, 'pdf', scratch);
}
