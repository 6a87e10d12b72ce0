// Reading visitors' PDFs into pdf-lib and writing results into the job's work dir. Every way a
// file can fail to open becomes a ConvertError the visitor understands.
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { ConvertError } from '../../errors';
import { PDF_CORRUPT, PDF_ENCRYPTED } from '../pdf-render/messages';
import type { ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { dropUnreachableObjects } from './unreachable-objects';


/**
 * Opens a visitor's PDF. `among` is every file of the task: with several, errors name the file
 * at fault, so the visitor knows which one to fix.
 */
export async function loadPdf(input: ConvertInput, among: readonly ConvertInput[] = [input]): Promise<PDFDocument> {
  const fail = (code: 'encrypted' | 'corrupt', cause?: unknown) => {
    const message = code === 'encrypted' ? PDF_ENCRYPTED : PDF_CORRUPT;
    return new ConvertError(among.length > 1 ? `「${input.name}」${message}` : message, { cause, code });
  };
  const bytes = await readFile(input.path);
  let doc: PDFDocument;
  try {
    // throwOnInvalidObject: a broken object fails the load instead of logging and saving garbage.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    throw fail(namesEncryption(bytes) ? 'encrypted' : 'corrupt', error);
  }
  // pdf-lib cannot decrypt; loading with ignoreEncryption only lets us tell this case apart.
  if (doc.isEncrypted) throw fail('encrypted');
  try {
    // Walks the page tree now, so a broken one fails here rather than halfway through a tool.
    if (doc.getPages().length === 0) throw new Error('no pages');
  } catch (error) {
    throw fail('corrupt', error);
  }
  return doc;
}

/**
 * Whether the trailer names an /Encrypt dictionary. Needed when pdf-lib cannot even parse the
 * file: with AES-256, object streams are encrypted too. The trailer (or cross-reference stream
 * dictionary) is plain text at the end, or near the start of a linearized file.
 */
function namesEncryption(bytes: Buffer): boolean {
  const TRAILER_WINDOW = 4096;
  const head = bytes.subarray(0, TRAILER_WINDOW).toString('latin1');
  const tail = bytes.subarray(-TRAILER_WINDOW).toString('latin1');
  return /\/Encrypt[\s<]/.test(head) || /\/Encrypt[\s<]/.test(tail);
}

/** "报告.PDF" → "报告": the visitor's name without its extension, for naming results. */
export function baseName(input: ConvertInput): string {
  return path.parse(input.name).name || '文档';
}

/** Saves `doc` into the work dir under a generated file name; `name` is what the visitor downloads. */
export async function savePdf(doc: PDFDocument, ctx: ConvertContext, name: string): Promise<ConvertOutput> {
  ctx.signal.throwIfAborted();
  dropUnreachableObjects(doc);
  const bytes = await doc.save();
  const file = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  return { name, path: file };
}
