// A figure's labels on a sheet: in the order the figure drew them (layout/figure-labels.ts), as
// Word places them and as they are copied or read aloud, not by alignment, whose rows cut a
// diagram's box labelled on two lines in half and mix a plot's axes. A label's lines share a cell,
// a line each (a box's "Record" over "LIR Trace", a legend's entries); labels drawn one after the
// other along one baseline (an x axis's ticks, a row of boxes) share a row, left to right; every
// other label starts a row of its own (a y axis's ticks one under the other).
import { spanOf } from './aligned-table';
import type { TextLine } from './text-lines';

/** Labels whose first baselines lie this many font sizes apart or less stand on one baseline (as alignedTable's rows). */
const SAME_BASELINE_EMS = 0.3;

/** Whether `next`, drawn right after the row's last label, goes on in that row: on its baseline, right of it. */
function goesOn(row: readonly TextLine[][], next: readonly TextLine[]): boolean {
  const last = row.at(-1)!;
  return Math.abs(next[0].baseline - last[0].baseline) <= SAME_BASELINE_EMS * next[0].size && spanOf(next).from >= spanOf(last).to;
}

/** `labels`: each label's lines, in the order drawn. The sheet's rows of them: each a row's cells, each cell a label's lines. */
export function labelRows(labels: readonly TextLine[][]): TextLine[][][] {
  const rows: TextLine[][][] = [];
  for (const label of labels) {
    const row = rows.at(-1);
    if (row && goesOn(row, label)) row.push([...label]);
    else rows.push([[...label]]);
  }
  return rows;
}
