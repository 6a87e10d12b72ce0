// The tables of a DOCX, read from word/document.xml onto their grid: horizontal merges from
// gridSpan, vertical merges from vMerge, rows shifted by gridBefore. A table inside a cell stays
// part of that cell's text rather than becoming a table of its own.
// xmldom's nodes carry the standard DOM types.
import { DOMParser } from '@xmldom/xmldom';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export interface TableCell {
  /** 0-based grid position of the top-left corner. */
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  /** Paragraphs joined by line breaks. */
  text: string;
}

export interface DocumentTable {
  rowCount: number;
  columnCount: number;
  cells: TableCell[];
}

/** Elements that wrap rows or cells without being one (content controls, custom XML). */
const WRAPPERS = new Set(['sdt', 'sdtContent', 'customXml', 'smartTag']);

function wordChildren(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI !== W) continue;
    if (element.localName === name) found.push(element);
    else if (WRAPPERS.has(element.localName)) found.push(...wordChildren(element, name));
  }
  return found;
}

function property(parent: Element, container: string, name: string): Element | undefined {
  const holder = wordChildren(parent, container)[0];
  return holder ? wordChildren(holder, name)[0] : undefined;
}

function numberValue(element: Element | undefined, fallback: number): number {
  const value = Number.parseInt(element?.getAttributeNS(W, 'val') ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Text of a run container in document order: w:t, tabs and breaks (deleted text is w:delText, not read). */
function runText(element: Element): string {
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const child = node as Element;
    if (child.namespaceURI !== W) continue;
    if (child.localName === 't') text += child.textContent ?? '';
    else if (child.localName === 'tab') text += '\t';
    else if (child.localName === 'br' || child.localName === 'cr') text += '\n';
    else if (child.localName === 'p') text += (text === '' ? '' : '\n') + runText(child);
    else text += runText(child);
  }
  return text;
}

function readTable(table: Element): DocumentTable {
  const cells: TableCell[] = [];
  /** Cells still open to vertical merging, by the grid column they start at. */
  const openByColumn = new Map<number, TableCell>();
  const rows = wordChildren(table, 'tr');
  let columnCount = 0;
  for (const [rowIndex, row] of rows.entries()) {
    let column = numberValue(property(row, 'trPr', 'gridBefore'), 0);
    for (const cell of wordChildren(row, 'tc')) {
      const columnSpan = numberValue(property(cell, 'tcPr', 'gridSpan'), 1);
      const vMerge = property(cell, 'tcPr', 'vMerge');
      const continues = vMerge !== undefined && vMerge.getAttributeNS(W, 'val') !== 'restart';
      const above = openByColumn.get(column);
      if (continues && above && above.row + above.rowSpan === rowIndex) {
        above.rowSpan++;
      } else {
        const placed: TableCell = { row: rowIndex, column, rowSpan: 1, columnSpan, text: runText(cell).trim() };
        cells.push(placed);
        openByColumn.set(column, placed);
      }
      column += columnSpan;
    }
    columnCount = Math.max(columnCount, column);
  }
  return { rowCount: rows.length, columnCount, cells };
}

/** Top-level tables of the body, in document order; empty tables are left out. */
export function readDocxTables(documentXml: string): DocumentTable[] {
  const document = new DOMParser().parseFromString(documentXml, 'application/xml');
  const tables = Array.from(document.getElementsByTagNameNS(W, 'tbl')).filter((table) => {
    for (let parent = table.parentNode as Element | null; parent; parent = parent.parentNode as Element | null) {
      if (parent.localName === 'tbl' && parent.namespaceURI === W) return false;
    }
    return true;
  });
  return tables.map(readTable).filter((table) => table.cells.some((cell) => cell.text !== ''));
}
