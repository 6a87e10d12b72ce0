// Test PDFs with Chinese text, made on the fly with pdf-lib and WenQuanYi Zen Hei, so the PDF
// tests need no binary fixtures in the repo. WenQuanYi ships as a .ttc collection: fontkit opens
// one face of it only when given the face's PostScript name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFOperator, PDFOperatorNames, degrees, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ConvertInput } from '../../server/convert/types';

export const CJK_FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const CJK_FACE = 'WenQuanYiZenHei';

let fontBytes: Buffer | undefined;

export async function embedTestFont(doc: PDFDocument): Promise<PDFFont> {
  fontBytes ??= readFileSync(CJK_FONT_FILE);
  doc.registerFontkit({ create: (bytes: Uint8Array) => fontkit.create(bytes, CJK_FACE) });
  return doc.embedFont(fontBytes, { subset: true });
}

/** The body text of page `n` of a sample PDF: Chinese, unique per page and per `label`. */
export function bodyText(pageNumber: number, label = ''): string {
  return `${label}第${pageNumber}页正文春眠不觉晓`;
}

export interface SamplePdf {
  pages?: number;
  /** Sets this document's body text apart from other samples'. */
  label?: string;
  /** /Rotate per page, by 0-based index. */
  rotations?: Record<number, number>;
  /** Extra drawing on each page after the body text. */
  decorate?: (page: PDFPage, doc: PDFDocument, font: PDFFont) => void | Promise<void>;
}

/** Writes a PDF of `pages` A4 pages, each with its bodyText, and returns it as a task input. */
export async function writeSamplePdf(dir: string, name: string, { pages = 3, label, rotations = {}, decorate }: SamplePdf = {}): Promise<ConvertInput> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc);
  for (let index = 0; index < pages; index++) {
    const page = doc.addPage([595, 842]);
    page.drawText(bodyText(index + 1, label), { x: 72, y: 700, size: 18, font });
    if (rotations[index]) page.setRotation(degrees(rotations[index]!));
    await decorate?.(page, doc, font);
  }
  return writeInput(dir, name, await doc.save());
}

export async function writeInput(dir: string, name: string, bytes: Uint8Array, type = 'pdf'): Promise<ConvertInput> {
  const file = path.join(dir, `input-${name}`);
  await writeFile(file, bytes);
  return { name, path: file, size: bytes.length, type };
}

/** Wraps pdf-lib drawing calls in `tag properties BDC … EMC`, written as another program would. */
export function markedContent(page: PDFPage, tag: string, properties: string, draw: () => void): void {
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(tag), properties]));
  draw();
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}

/**
 * A PDF watermarked the way other software does it: text in a sequence whose properties are named
 * in /Properties, text marked inside a form XObject the page draws, and a /Watermark annotation.
 */
export async function writeForeignWatermarkedPdf(dir: string, name: string, watermarks: { named: string; inForm: string }): Promise<ConvertInput> {
  const formDoc = await PDFDocument.create();
  const formFont = await embedTestFont(formDoc);
  const formPage = formDoc.addPage([300, 100]);
  formPage.drawText('表单正文', { x: 10, y: 70, size: 12, font: formFont });
  markedContent(formPage, 'Artifact', '<</Type /Pagination /Subtype /Watermark>>', () =>
    formPage.drawText(watermarks.inForm, { x: 10, y: 30, size: 30, font: formFont }),
  );
  const formBytes = await formDoc.save();
  return writeSamplePdf(dir, name, {
    pages: 2,
    decorate: async (page, doc, font) => {
      const properties = doc.context.obj({ MC0: doc.context.obj({ Type: 'Pagination', Subtype: 'Watermark' }) });
      page.node.Resources()!.set(PDFName.of('Properties'), properties);
      markedContent(page, 'Artifact', '/MC0', () => page.drawText(watermarks.named, { x: 150, y: 400, size: 40, font, opacity: 0.3 }));
      const [form] = await doc.embedPdf(formBytes);
      page.drawPage(form!, { x: 150, y: 200 });
      const annotation = doc.context.obj({ Type: 'Annot', Subtype: 'Watermark', Rect: [0, 0, 100, 100], F: 4 });
      page.node.addAnnot(doc.context.register(annotation));
    },
  });
}

/**
 * Up to `count` distinct Latin words (five letters or more) of a PDF's first pages, as pdftotext
 * reads them: what every text-keeping conversion of that file must carry over. Empty for a file
 * without a text layer (scans, pictures).
 */
export function sampleWords(file: string, { count = 5, password }: { count?: number; password?: string } = {}): string[] {
  const text = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), '-l', '3', file, '-'], { encoding: 'utf8' });
  return [...new Set(text.match(/[A-Za-z]{5,}/g) ?? [])].slice(0, count);
}

/** The words of `expected` missing from `text` (so a failure names them). */
export function missingWords(text: string, expected: readonly string[]): string[] {
  return expected.filter((word) => !text.includes(word));
}
