// A two-page PDF with link annotations over words (issue 14 item 9), drawn with pdf-lib the way
// LaTeX's hyperref and office exporters write them: /Link annotations with a /URI action (an http
// link, a mailto link and a javascript: one that must never come through) and a /GoTo to page 2.
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFDict, type PDFFont, type PDFPage, type PDFRef } from 'pdf-lib';

export const HTTP_LINK = { text: 'project website', uri: 'https://example.com/docs?a=1&b=2' };
export const MAIL_LINK = { text: 'write to us', uri: 'mailto:team@example.com' };
export const SCRIPT_LINK = { text: 'dangerous click', uri: 'javascript:alert(1)' };
export const PAGE_LINK = { text: 'see page two', page: 2 };

const SIZE = 14;

/** Draws `before`, then the link text, then `after` on one line; returns the link text's rectangle. */
function lineWithLink(page: PDFPage, font: PDFFont, y: number, before: string, linked: string, after: string): [number, number, number, number] {
  const x = 72;
  page.drawText(before + linked + after, { x, y, size: SIZE, font });
  const x0 = x + font.widthOfTextAtSize(before, SIZE);
  const x1 = x0 + font.widthOfTextAtSize(linked, SIZE);
  return [x0 - 1, y - 4, x1 + 1, y + SIZE];
}

function addLink(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], action: PDFDict): void {
  const annot = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], A: action });
  const ref: PDFRef = doc.context.register(annot);
  const existing = page.node.Annots();
  if (existing) existing.push(ref);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

export async function linkPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  const second = doc.addPage([595, 842]);
  const uri = (target: string) => doc.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(target) });
  addLink(doc, first, lineWithLink(first, font, 760, 'Read the ', HTTP_LINK.text, ' for details.'), uri(HTTP_LINK.uri));
  addLink(doc, first, lineWithLink(first, font, 720, 'Questions: ', MAIL_LINK.text, ' any time.'), uri(MAIL_LINK.uri));
  addLink(doc, first, lineWithLink(first, font, 680, 'Never follow a ', SCRIPT_LINK.text, ' here.'), uri(SCRIPT_LINK.uri));
  addLink(doc, first, lineWithLink(first, font, 640, 'Also ', PAGE_LINK.text, ' for the rest.'), doc.context.obj({ S: 'GoTo', D: [second.ref, PDFName.of('Fit')] }));
  second.drawText('Second page text.', { x: 72, y: 760, size: SIZE, font });
  return doc.save();
}
