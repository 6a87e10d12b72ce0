// Page images of a PDF with mutool (installed with the system engines): thumbnails for the generic
// middle step and result previews for targetYee/previewYee.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConvertError } from '../convert/errors';

const UNREADABLE_PDF = 'PDF文件已损坏或无法读取';

function mutool(args: string[], signal: AbortSignal, onStderrLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('mutool', args, { signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onStderrLine?.(line);
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve(stdout);
      else reject(new ConvertError(UNREADABLE_PDF, { cause: new Error(`mutool ${args[0]} exited ${code}: ${stderr}`) }));
    });
  });
}

export async function pageCount(pdf: string, signal: AbortSignal): Promise<number> {
  const out = await mutool(['show', pdf, 'trailer/Root/Pages/Count'], signal);
  const n = Number(out.trim());
  if (!Number.isInteger(n) || n < 1) throw new ConvertError(UNREADABLE_PDF);
  return n;
}

/** Renders pages [1..lastPage] (all when omitted) to PNGs in outDir; returns their paths in page order. */
export async function renderPages(
  pdf: string,
  outDir: string,
  options: { dpi: number; lastPage?: number; signal: AbortSignal; onPage?: (page: number) => void },
): Promise<string[]> {
  await fsp.mkdir(outDir, { recursive: true });
  const args = ['draw', '-r', String(options.dpi), '-o', path.join(outDir, 'page%d.png'), pdf];
  if (options.lastPage) args.push(`1-${options.lastPage}`);
  await mutool(args, options.signal, (line) => {
    const page = /^page .* (\d+)$/.exec(line);
    if (page) options.onPage?.(Number(page[1]));
  });
  const files = (await fsp.readdir(outDir)).filter((f) => /^page\d+\.png$/.test(f));
  files.sort((a, b) => parseInt(a.slice(4), 10) - parseInt(b.slice(4), 10));
  return files.map((f) => path.join(outDir, f));
}
