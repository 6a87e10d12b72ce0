// What we draw on pages is marked as a pagination artifact (PDF 32000 §14.8.2.2): screen readers
// and text extraction of tagged PDFs skip it, and del-watermark can find our watermarks (and
// Acrobat's, which use the same marking) without guessing.
import { PDFName, PDFOperator, PDFOperatorNames, PDFPage } from 'pdf-lib';

export type PaginationArtifact = 'Header' | 'Footer' | 'Watermark';

/** Runs `draw` (pdf-lib drawing calls on `page`) inside `/Artifact <</Type /Pagination /Subtype …>> BDC … EMC`. */
export function drawAsArtifact(page: PDFPage, subtype: PaginationArtifact, draw: () => void): void {
  // pdf-lib writes a string operand verbatim: here, the inline property list.
  const properties = `<< /Type /Pagination /Subtype /${subtype} >>`;
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Artifact'), properties]));
  draw();
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
