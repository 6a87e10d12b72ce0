// Vertical Chinese writing (issue 14, as in pdf.js's vertical.pdf): a page of an upright title
// and columns set with WenQuanYi on Identity-V, read right to left, each top to bottom, and a page
// of such columns alone. pdf-lib
// writes CID fonts on Identity-H only; the font's encoding is switched to Identity-V afterwards,
// which keeps the codes and makes every glyph advance down the page. The columns' font is named
// Noto Sans CJK SC (a name PDFs of vertical writing carry): LibreOffice here sets that face
// vertically, where it stacks every glyph of its WenQuanYi Zen Hei at one point.
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { embedTestFont } from './pdf-fixtures';

export const VERTICAL_TITLE = '竖排诗选';
/** Columns of page 1 (under the title) in reading order: the first stands rightmost. */
export const VERTICAL_COLUMNS = ['床前明月光', '疑是地上霜', '举头望明月', '低头思故乡'];
/** Page 2: vertical writing alone. */
export const VERTICAL_PAGE_TWO = ['春眠不觉晓', '处处闻啼鸟'];

const SIZE = 20;
/** Points from the top of the page (300 tall) to the top of the columns. */
export const VERTICAL_COLUMN_TOP = 70;
const COLUMN_FONT = 'NotoSansCJKsc-Regular';
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
  const columns = (on: typeof page, texts: readonly string[]) => texts.forEach((text, i) => on.drawText(text, { x: 240 - i * COLUMN_PITCH * SIZE, y: 300 - VERTICAL_COLUMN_TOP, size: SIZE, font: vertical }));
  columns(page, VERTICAL_COLUMNS);
  columns(draft.addPage([300, 300]), VERTICAL_PAGE_TWO);
  const doc = await PDFDocument.load(await draft.save());
  const font = doc.context.lookup(vertical.ref, PDFDict);
  font.set(PDFName.of('Encoding'), PDFName.of('Identity-V'));
  const cidFont = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  for (const named of [font, cidFont]) named.set(PDFName.of('BaseFont'), PDFName.of(COLUMN_FONT));
  cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict).set(PDFName.of('FontName'), PDFName.of(COLUMN_FONT));
  return doc.save();
}
