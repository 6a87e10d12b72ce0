// A document timestamp (PAdES, ISO 32000-2 §12.8.5): an invisible signature field whose value has
// /SubFilter /ETSI.RFC3161 and a /Contents hole that the TimeStampToken fills. The /ByteRange says
// which bytes the token covers: everything except that hole.
import { randomUUID } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';

/** Room for the DER token in the hole; tokens with a certificate chain run to a few KB. */
export const TOKEN_CAPACITY_BYTES = 16 * 1024;

export interface PreparedPdf {
  bytes: Buffer;
  /** Offsets of the `<…>` hole: the token goes between them. */
  holeStart: number;
  holeEnd: number;
}

function locate(bytes: Buffer, text: string): number {
  const at = bytes.lastIndexOf(text, undefined, 'latin1');
  if (at < 0) throw new Error(`placeholder ${text.slice(0, 20)}… not found in the saved PDF`);
  return at;
}

/** Who signs the timestamp, as the signature dictionary names it (/Name, /Reason): readers show these. */
export interface TimestampLabel {
  name: string;
  reason: string;
}

/** Saves `pdf` with an empty document timestamp and its /ByteRange filled in. */
export async function withTimestampPlaceholder(pdf: PDFDocument, label: TimestampLabel): Promise<PreparedPdf> {
  const context = pdf.context;
  // Wide enough for any real offset, overwritten in place once the offsets are known.
  const byteRange = context.obj([0, PDFName.of('**********'), PDFName.of('**********'), PDFName.of('**********')]);
  const contents = PDFHexString.of('0'.repeat(TOKEN_CAPACITY_BYTES * 2));
  const signatureValue = context.register(
    context.obj({
      Type: 'DocTimeStamp',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'ETSI.RFC3161',
      ByteRange: byteRange,
      Contents: contents,
      Name: PDFHexString.fromText(label.name),
      Reason: PDFHexString.fromText(label.reason),
    }),
  );
  const firstPage = pdf.getPage(0);
  const field = context.register(
    context.obj({
      FT: 'Sig',
      T: PDFString.of(`DocTimeStamp-${randomUUID().slice(0, 8)}`),
      V: signatureValue,
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [0, 0, 0, 0],
      // Print + Locked; a zero rectangle keeps it invisible.
      F: 132,
      P: firstPage.ref,
    }),
  );
  firstPage.node.addAnnot(field);
  const acroForm = pdf.catalog.getOrCreateAcroForm();
  acroForm.addField(field);
  // SignaturesExist | AppendOnly: viewers must not rewrite the file and break the timestamp.
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  // Object streams would compress the hole out of reach.
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const holeStart = locate(bytes, contents.toString());
  const holeEnd = holeStart + contents.toString().length;
  const byteRangeAt = locate(bytes, byteRange.toString());
  const filled = `[ 0 ${holeStart} ${holeEnd} ${bytes.length - holeEnd}`;
  bytes.write(filled.padEnd(byteRange.toString().length - 1, ' ') + ']', byteRangeAt, 'latin1');
  return { bytes, holeStart, holeEnd };
}

/** The bytes a timestamp covers: all but the hole. */
export function coveredBytes({ bytes, holeStart, holeEnd }: PreparedPdf): Buffer[] {
  return [bytes.subarray(0, holeStart), bytes.subarray(holeEnd)];
}

/** Writes the DER token into the hole (hex, zero padded as the hole already is). */
export function fillHole(prepared: PreparedPdf, token: Buffer): Buffer {
  if (token.length > TOKEN_CAPACITY_BYTES) throw new Error(`timestamp token of ${token.length} bytes does not fit`);
  prepared.bytes.write(token.toString('hex'), prepared.holeStart + 1, 'latin1');
  return prepared.bytes;
}
