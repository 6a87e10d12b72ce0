// A page of vertical Chinese writing (issue 14, as in pdf.js's vertical.pdf): an upright title,
// then columns set with WenQuanYi on Identity-V, read right to left, each top to bottom. pdf-lib
// writes CID fonts on Identity-H only; the font's encoding is switched to Identity-V afterwards,
// which keeps the codes and makes every glyph advance down the page.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { embedTestFont } from './pdf-fixtures';

export const VERTICAL_TITLE = '竖排诗选';
/** Columns in reading order: the first stands rightmost. */
export const VERTICAL_COLUMNS = ['床前明月光', '疑是地上霜', '举头望明月', '低头思故乡'];

const SIZE = 20;
/** Room between two columns' centres, in font sizes. */
const COLUMN_PITCH = 1.8;

export async function verticalTextPdf(): Promise<Uint8Array> {
  const draft = await PDFDocument.create();
  // The same face twice: one font object stays upright (Identity-H), the other is turned vertical.
  const upright = await embedTestFont(draft);
  const vertical = await embedTestFont(draft);
  const page = draft.addPage([300, 300]);
  page.drawText(VERTICAL_TITLE, { x: 40, y: 260, size: SIZE, font: upright });
  // In vertical mode each glyph hangs below the pen, centred on it: a column starts at its top.
  VERTICAL_COLUMNS.forEach((column, i) => page.drawText(column, { x: 240 - i * COLUMN_PITCH * SIZE, y: 230, size: SIZE, font: vertical }));
  const doc = await PDFDocument.load(await draft.save());
  doc.context.lookup(vertical.ref, PDFDict).set(PDFName.of('Encoding'), PDFName.of('Identity-V'));
  return doc.save();
}
