// A PDF with what a page-keeping tool must carry besides pages and text (issue 14): a document
// attachment (/EmbeddedFiles), a file-attachment annotation, page labels (i, ii, then 1, 2…),
// and links — a web link, a link to a page by explicit destination and one by named destination
// (LaTeX hyperref writes these). Every page has its own text, so a page can be told from another.
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFPage } from 'pdf-lib';

export const RICH_PAGES = 5;
export const RICH_LABELS = ['i', 'ii', '1', '2', '3'];
export const ATTACHMENT = { name: 'data.csv', bytes: Buffer.from('名称,数量\n苹果,3\n') };
export const ANNOTATION_ATTACHMENT = { name: 'note.txt', bytes: Buffer.from('page note\n') };
export const WEB_LINK = 'https://example.com/report';

/** The text on page `n` (1-based): a word of its own. */
export const richPageText = (n: number) => `Chapter${'ABCDEFGHIJ'[n - 1]} page text number ${n}`;

function embeddedFile(doc: PDFDocument, name: string, bytes: Buffer) {
  const stream = doc.context.flateStream(bytes, { Type: 'EmbeddedFile', Params: { Size: bytes.length } });
  const file = doc.context.register(stream);
  return doc.context.register(doc.context.obj({ Type: 'Filespec', F: PDFString.of(name), UF: PDFHexString.fromText(name), EF: { F: file } }));
}

function annotate(page: PDFPage, annotation: ReturnType<PDFDocument['context']['register']>) {
  const existing = page.node.Annots();
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), page.doc.context.obj([annotation]));
}

/**
 * Page 1: a web link and a link to page 4 by explicit destination; page 2: a link to page 5 by the
 * named destination "appendix" and a file-attachment annotation; page 3: a link back to page 1
 * by a GoTo action with a named destination.
 */
export async function richPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = Array.from({ length: RICH_PAGES }, (_, index) => {
    const page = doc.addPage([595, 842]);
    page.drawText(richPageText(index + 1), { x: 72, y: 760, size: 16, font });
    return page;
  });
  const link = (rect: number[], entries: Record<string, unknown>) =>
    doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], ...(entries as object) } as never));
  const [first, second, third, , fifth] = pages as [PDFPage, PDFPage, PDFPage, PDFPage, PDFPage];
  annotate(first, link([72, 700, 300, 720], { A: doc.context.obj({ S: 'URI', URI: PDFString.of(WEB_LINK) }) }));
  annotate(first, link([72, 660, 300, 680], { Dest: doc.context.obj([pages[3]!.ref, PDFName.of('Fit')]) }));
  annotate(second, link([72, 700, 300, 720], { Dest: PDFString.of('appendix') }));
  annotate(third, link([72, 700, 300, 720], { A: doc.context.obj({ S: 'GoTo', D: PDFString.of('start') }) }));
  const noteFile = embeddedFile(doc, ANNOTATION_ATTACHMENT.name, ANNOTATION_ATTACHMENT.bytes);
  annotate(second, doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [400, 700, 420, 720], FS: noteFile, Name: 'PushPin' })));

  doc.catalog.set(
    PDFName.of('Names'),
    doc.context.obj({
      EmbeddedFiles: { Names: [PDFHexString.fromText(ATTACHMENT.name), embeddedFile(doc, ATTACHMENT.name, ATTACHMENT.bytes)] },
      // Name-tree keys in byte order.
      Dests: { Names: [PDFString.of('appendix'), doc.context.obj([fifth.ref, PDFName.of('XYZ'), 0, 800, 0]), PDFString.of('start'), doc.context.obj([first.ref, PDFName.of('Fit')])] },
    }),
  );
  doc.catalog.set(PDFName.of('PageLabels'), doc.context.obj({ Nums: [0, { S: 'r' }, 2, { S: 'D' }] }));
  return doc.save({ useObjectStreams: false });
}
