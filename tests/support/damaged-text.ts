// The damage the text check exists to catch, made on purpose: a PDF whose pages look exactly the
// same but whose fonts lost their /ToUnicode maps, so copy/paste and search give garbage (what
// Ghostscript did to unusual font encodings in pdf-compress, issue 14 item 5).
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';

/** Rewrites `file` in place without any font's /ToUnicode. */
export async function stripToUnicode(file: string): Promise<void> {
  const doc = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) object.delete(PDFName.of('ToUnicode'));
  }
  await writeFile(file, await doc.save({ useObjectStreams: false }));
}
