// A PDF whose font has no /ToUnicode and glyph names outside the Adobe Glyph List, the way TeX's
// math fonts name their delimiters (issue 14 item 4): MuPDF alone reads those glyphs as U+FFFD.
import { PDFDocument, PDFName } from 'pdf-lib';

/** What the recovered glyphs must read as, in the order they stand on the line. */
export const RECOVERED_TEXT = ['(x)', '∑', '∫', 'م', '√'];

/**
 * Helvetica with /Differences from code 40: parenleftbig, parenrightbig, summationdisplay,
 * integraltext, uni0645 (a name MuPDF already knows), radicalbig, and one name nothing can read.
 */
export async function unmappedGlyphsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = doc.context.obj({
    Type: 'Font',
    Subtype: 'Type1',
    BaseFont: 'Helvetica',
    Encoding: {
      Type: 'Encoding',
      BaseEncoding: 'WinAnsiEncoding',
      Differences: [40, 'parenleftbig', 'parenrightbig', 'summationdisplay', 'integraltext', 'uni0645', 'radicalbig', 'nosuchglyphname'],
    },
  });
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: doc.context.register(font) } }));
  // Codes 40-46: ( ) * + , - .
  const content = doc.context.stream('BT /F1 14 Tf 20 150 Td (Sum \\(x\\) = a * + , - .) Tj ET');
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}
