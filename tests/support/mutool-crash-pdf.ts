// A PDF this machine's MuPDF dies on while drawing one page, not with an error it reports: the
// page paints a shading whose colour function is a PostScript calculator function nested a
// million braces deep, which MuPDF's parser descends by recursion until the C stack overflows
// (mutool 1.21: SIGSEGV, exit 139). The pages before and after it draw as usual. The function
// is Flate-compressed: a few kilobytes on disk.
import { PDFDocument, PDFName, PDFOperator, rgb } from 'pdf-lib';

/** Braces deep: far past an 8 MB stack (MuPDF died from about 100 000 on). */
const DEPTH = 1_000_000;

/** Three pages: a stroke, the shading MuPDF dies on (page `CRASHING_PAGE`), a stroke. */
export const CRASHING_PAGE = 2;

export async function mutoolCrashPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let number = 1; number <= 3; number++) {
    const page = doc.addPage([200, 200]);
    if (number !== CRASHING_PAGE) {
      page.drawLine({ start: { x: 10, y: 10 }, end: { x: 190, y: 190 }, thickness: 4, color: rgb(0, 0, 0) });
      continue;
    }
    const code = `{ pop pop ${'{'.repeat(DEPTH)}0.5${'}'.repeat(DEPTH)} if }`;
    const fn = doc.context.register(doc.context.flateStream(code, { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1] }));
    const shading = doc.context.register(doc.context.obj({ ShadingType: 1, ColorSpace: 'DeviceGray', Function: fn }));
    page.node.set(PDFName.of('Resources'), doc.context.obj({ Shading: { S: shading } }));
    page.pushOperators(PDFOperator.of('sh' as never, [PDFName.of('S')]));
  }
  return doc.save();
}
