// Which of a table's grid lines were drawn. A ruled grid draws them all; a table ruled across only
// (booktabs) draws a rule above, one under its header and one below, and nothing down: the writers
// give each cell the borders that were drawn along its edges and no others.

export interface TableRules {
  /** Per grid line across (top to bottom, as the table's ys), per column: a rule runs there. */
  across: boolean[][];
  /** Per grid line down (left to right, as the table's xs), per row: a rule runs there. */
  down: boolean[][];
}

export interface CellEdges {
  top: boolean;
  bottom: boolean;
  left: boolean;
  right: boolean;
}

interface Span {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** Every grid line drawn along every cell: rows × columns. */
export function fullGrid(rows: number, columns: number): TableRules {
  return {
    across: range(0, rows + 1).map(() => new Array<boolean>(columns).fill(true)),
    down: range(0, columns + 1).map(() => new Array<boolean>(rows).fill(true)),
  };
}

/** An edge of a cell is ruled when a rule runs along all of it (a spanning cell's too). */
export function cellEdges(rules: TableRules, { row, column, rowSpan, columnSpan }: Span): CellEdges {
  const alongColumns = (line: number) => range(column, columnSpan).every((c) => rules.across[line]?.[c] ?? false);
  const alongRows = (line: number) => range(row, rowSpan).every((r) => rules.down[line]?.[r] ?? false);
  return { top: alongColumns(row), bottom: alongColumns(row + rowSpan), left: alongRows(column), right: alongRows(column + columnSpan) };
}

/** Every cell is ruled on all four sides: a writer's plain grid shows it as drawn. */
export function isFullGrid(rules: TableRules, cells: readonly Span[]): boolean {
  return cells.every((cell) => Object.values(cellEdges(rules, cell)).every(Boolean));
}
