// A PDF → Excel writer that fails on a chosen page's sheet, for the fallback to plain rows (issue 14):
// it adds to that page a table cell left of column A holding one of the page's paragraphs, which
// exceljs refuses ("out of bounds").
import type { ParagraphBlock } from '../../server/convert/tools/pdf-to-office/layout/blocks';
import { fullGrid } from '../../server/convert/tools/pdf-to-office/layout/table-rules';
import type { LayoutWriter } from '../../server/convert/tools/pdf-to-office/office-converter';
import { writeXlsx } from '../../server/convert/tools/pdf-to-office/writers/xlsx-writer';

export function sheetFailingOn(pageNumber: number): LayoutWriter {
  return (pages, file, title, fallback) =>
    writeXlsx(
      pages.map((page) => {
        if (page.number !== pageNumber) return page;
        const box = page.sheetLines[0].lines[0].box;
        const paragraphs = page.blocks.filter((b): b is ParagraphBlock => b.kind === 'paragraph').slice(0, 1);
        return { ...page, blocks: [...page.blocks, { kind: 'table', box, xs: [box.x0, box.x1], ys: [box.y0, box.y1], cells: [{ row: 0, column: -5, rowSpan: 1, columnSpan: 1, box, paragraphs }], rules: fullGrid(1, 1) }] };
      }),
      file,
      title,
      fallback,
    );
}
