// pdf-portfolios: every uploaded file embedded in one PDF, with a cover listing them and the
// catalog's /Collection dictionary, so readers open it as a portfolio (PDF 32000 §12.3.5).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, PDFHexString, PDFName, PDFString, rgb, type PDFFont, type PDFObject } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertInput } from '../../types';
import { embedCjkFont } from './cjk-font';
import { JobProgress } from './job-progress';
import { baseName, savePdf } from './pdf-files';

const options = z.object({});

const MIME_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TITLE_SIZE = 22;
const LINE_SIZE = 11;
const LINE_HEIGHT = 20;

/** Embedded file names are keys of a name tree, so two uploads called "a.pdf" become "a.pdf" and "a (2).pdf". */
function uniqueNames(inputs: readonly ConvertInput[]): string[] {
  const used = new Set<string>();
  return inputs.map(({ name }) => {
    const { name: stem, ext } = path.parse(name);
    let candidate = name;
    for (let copy = 2; used.has(candidate); copy++) candidate = `${stem} (${copy})${ext}`;
    used.add(candidate);
    return candidate;
  });
}

function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Shortens `text` with "…" until it fits `width`. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let kept = [...text];
  while (kept.length > 1 && font.widthOfTextAtSize(`${kept.join('')}…`, size) > width) kept = kept.slice(0, -1);
  return `${kept.join('')}…`;
}

/** Cover pages listing the files, as many A4 pages as the list needs. */
function addCover(doc: PDFDocument, font: PDFFont, lines: string[]) {
  const linesPerPage = Math.floor((A4[1] - 2 * MARGIN - TITLE_SIZE * 3) / LINE_HEIGHT);
  const textWidth = A4[0] - 2 * MARGIN;
  for (let first = 0; first === 0 || first < lines.length; first += linesPerPage) {
    const page = doc.addPage(A4);
    let y = A4[1] - MARGIN - TITLE_SIZE;
    page.drawText('PDF文件包', { x: MARGIN, y, size: TITLE_SIZE, font });
    y -= TITLE_SIZE * 1.2;
    page.drawText(`共 ${lines.length} 个文件，请在阅读器的附件（文件包）面板中打开`, { x: MARGIN, y, size: LINE_SIZE, font, color: rgb(0.4, 0.4, 0.4) });
    y -= TITLE_SIZE * 1.8;
    for (const line of lines.slice(first, first + linesPerPage)) {
      page.drawText(fitted(line, font, LINE_SIZE, textWidth), { x: MARGIN, y, size: LINE_SIZE, font });
      y -= LINE_HEIGHT;
    }
  }
}

/**
 * Embeds one file (PDF 32000 §7.11.4) and returns its file specification. Not pdf-lib's attach():
 * that writes the name tree unsorted (readers that binary-search it miss files) and mangles
 * non-Latin names in /F.
 */
function embedFile(doc: PDFDocument, bytes: Uint8Array, name: string, type: string, description: string, date: Date): PDFObject {
  const { context } = doc;
  const stream = context.flateStream(bytes, {
    Type: 'EmbeddedFile',
    Subtype: MIME_TYPES[type] ?? 'application/octet-stream',
    Params: { Size: bytes.length, CreationDate: PDFString.fromDate(date), ModDate: PDFString.fromDate(date) },
  });
  const streamRef = context.register(stream);
  const fileName = PDFHexString.fromText(name);
  return context.register(
    context.obj({ Type: 'Filespec', F: fileName, UF: fileName, EF: { F: streamRef, UF: streamRef }, Desc: PDFHexString.fromText(description) }),
  );
}

/** The catalog's /Names /EmbeddedFiles tree, keys in byte order as name trees require. */
function setEmbeddedFiles(doc: PDFDocument, files: { name: string; spec: PDFObject }[]) {
  // Every key is UTF-16BE after the same BOM, so byte order is UTF-16 code unit order: JS string order.
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = sorted.flatMap(({ name, spec }) => [PDFHexString.fromText(name), spec]);
  doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: { Names: names } }));
}

/** Details view with name, size and description columns, sorted by name. */
function markAsPortfolio(doc: PDFDocument) {
  const { context, catalog } = doc;
  const field = (subtype: string, title: string, order: number) =>
    context.obj({ Type: 'CollectionField', Subtype: subtype, N: PDFHexString.fromText(title), O: order });
  const collection = context.obj({
    Type: 'Collection',
    View: 'D',
    Schema: context.obj({ Type: 'CollectionSchema', FileName: field('F', '文件名', 0), Size: field('Size', '大小', 1), Description: field('Desc', '说明', 2) }),
    Sort: context.obj({ Type: 'CollectionSort', S: 'FileName', A: true }),
  });
  catalog.set(PDFName.of('Collection'), context.register(collection));
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseAttachments'));
}

export const portfolioConverter: Converter<z.infer<typeof options>> = {
  toolId: 'pdf-portfolios',
  options,
  engines: [],
  async convert({ inputs }, ctx) {
    if (inputs.length === 0) throw new ConvertError('请上传要打包的文件');
    const progress = new JobProgress(ctx);
    const doc = await PDFDocument.create();
    const names = uniqueNames(inputs);
    const now = new Date();
    const files: { name: string; spec: PDFObject }[] = [];
    await progress.slice(0, 0.7).forEach(inputs, async (input, index) => {
      const name = names[index]!;
      files.push({ name, spec: embedFile(doc, await readFile(input.path), name, input.type, input.name, now) });
    });
    setEmbeddedFiles(doc, files);
    addCover(doc, await embedCjkFont(doc), inputs.map((input, index) => `${index + 1}. ${names[index]}（${readableSize(input.size)}）`));
    markAsPortfolio(doc);
    const output = await savePdf(doc, ctx, `${baseName(inputs[0]!)}_文件包.pdf`);
    progress.report(1);
    return [output];
  },
};
