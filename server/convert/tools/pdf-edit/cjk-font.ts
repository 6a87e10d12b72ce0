// The font for Chinese text we draw (page numbers, watermarks, the portfolio cover). WenQuanYi Zen
// Hei subsets cleanly with pdf-lib (Noto CJK's CFF outlines do not), so only the glyphs used are
// embedded. It ships as a .ttc collection, and pdf-lib asks fontkit for "the" font of the bytes,
// so we hand pdf-lib a fontkit that picks the face by its PostScript name.
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const FACE_NAME = 'WenQuanYiZenHei';

const faceOfCollection = { create: (bytes: Uint8Array) => fontkit.create(bytes, FACE_NAME) };

let fontBytes: Promise<Buffer> | undefined;

function readFontOnce(): Promise<Buffer> {
  fontBytes ??= readFile(FONT_FILE).catch((error: unknown) => {
    fontBytes = undefined;
    throw new Error(`Chinese font missing: ${FONT_FILE} (install fonts-wqy-zenhei)`, { cause: error });
  });
  return fontBytes;
}

export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(faceOfCollection);
  return doc.embedFont(await readFontOnce(), { subset: true });
}
