// Glyphs without Unicode read by OCR, on the built server: the job runs in its child process,
// mutool and tesseract in their jails (the line pictures and tesseract's list of them share one
// folder the jail lets in), and the job's deadline reaches the converter. Read back with unzip.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { chineseLinesFound, fontWithoutUnicodePdf, OCR_GLYPH_CHINESE_LINES, OCR_GLYPH_LATIN_LINES } from '../support/unmapped-glyph-pdfs';

let server: BuiltServer;
let dir: string;

beforeAll(async () => {
  server = await startBuiltServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyph-ocr-shipped-'));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('pdf-to-word carries the Latin words and Chinese lines (one ideograph of a line may be misread) of a font with no Unicode anywhere', async () => {
  const client = new TaskClient(server.origin);
  const state = await client.run('pdf-to-word', [{ name: 'no-unicode.pdf', data: Buffer.from(await fontWithoutUnicodePdf()) }], {});
  expect(state.status).toBe('done');
  const docx = await client.download(state.files[0].url, dir, 'no-unicode.docx');
  const text = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, '');
  expect(text).not.toContain('\uFFFD');
  const words = [...new Set(OCR_GLYPH_LATIN_LINES.join(' ').split(' '))];
  expect(words.filter((word) => !text.includes(word))).toEqual([]);
  expect(chineseLinesFound(text)).toEqual(OCR_GLYPH_CHINESE_LINES);
}, 120_000);
