// Where a figure label's text box goes (layout/figure-labels.ts): set at the box's start, its first
// baseline must begin where the label's did, for text left to right, reading up or down the page,
// or at any other angle (the box then turned about its centre).
import { figureLabel } from '../../server/convert/tools/pdf-to-office/layout/figure-labels';
import type { PdfChar } from '../../server/convert/tools/pdf-to-office/page-content';
import { textLine } from '../../server/convert/tools/pdf-to-office/layout/text-lines';

const SIZE = 10;
/** Where Word and LibreOffice put the first baseline below a text box's top, in font sizes. */
const ASCENT = 0.9;

/** Characters of `text` from `origin` along `direction`, each 5 pt on, with boxes as the page dump gives them. */
function line(text: string, origin: { x: number; y: number }, direction: { x: number; y: number }) {
  const chars: PdfChar[] = [...text].map((c, i) => {
    const x = origin.x + 5 * i * direction.x;
    const y = origin.y + 5 * i * direction.y;
    const ends = [x, x + 5 * direction.x + 0.8 * SIZE * direction.y];
    return {
      text: c,
      box: { x0: Math.min(...ends), x1: Math.max(...ends), y0: y - 0.8 * SIZE, y1: y + 0.2 * SIZE },
      font: { name: 'Helvetica', bold: false, italic: false },
      size: SIZE,
      baseline: y,
      originX: x,
      color: 0xd91a1a,
    };
  });
  return textLine(chars)!;
}

/** Where the text starts in a box turned `degrees` clockwise (y down) about its centre. */
function turnedStart(frame: { x0: number; y0: number; x1: number; y1: number }, degrees: number, start: { x: number; y: number }) {
  const angle = (degrees * Math.PI) / 180;
  const [cx, cy] = [(frame.x0 + frame.x1) / 2, (frame.y0 + frame.y1) / 2];
  const [dx, dy] = [start.x - cx, start.y - cy];
  return { x: cx + dx * Math.cos(angle) - dy * Math.sin(angle), y: cy + dx * Math.sin(angle) + dy * Math.cos(angle) };
}

it('a label left to right starts at its box’s top left, an ascent above its baseline, and keeps its colour', () => {
  const label = figureLabel(line('Trace 1', { x: 100, y: 200 }, { x: 1, y: 0 }))!;
  expect(label.flow).toBe('horizontal');
  expect(label.rotation).toBe(0);
  expect(label.frame.x0).toBeCloseTo(100);
  expect(label.frame.y0).toBeCloseTo(200 - ASCENT * SIZE);
  // Room for a wider substitute font: at least the text's own length.
  expect(label.frame.x1 - label.frame.x0).toBeGreaterThan(label.length);
  expect(label.runs).toEqual([{ text: 'Trace 1', bold: false, italic: false, size: SIZE, fontName: 'Helvetica', color: 0xd91a1a }]);
  expect(label.glyphs).toHaveLength(7);
});

it('a label reading upwards is an upright box with its text turned, starting at the box’s bottom', () => {
  const label = figureLabel(line('Value', { x: 50, y: 300 }, { x: 0, y: -1 }), { x: 0, y: -1 })!;
  expect(label.flow).toBe('up');
  expect(label.rotation).toBe(0);
  // The text's top faces left: the baseline lies an ascent right of the box's left edge.
  expect(label.frame.x0).toBeCloseTo(50 - ASCENT * SIZE);
  expect(label.frame.y1).toBeCloseTo(300);
  expect(label.frame.y1 - label.frame.y0).toBeGreaterThan(label.length);
});

it('a label reading downwards starts at the box’s top, its top facing right', () => {
  const label = figureLabel(line('Value', { x: 50, y: 300 }, { x: 0, y: 1 }), { x: 0, y: 1 })!;
  expect(label.flow).toBe('down');
  expect(label.frame.x1).toBeCloseTo(50 + ASCENT * SIZE);
  expect(label.frame.y0).toBeCloseTo(300);
});

it('a label at 45° is its upright box turned about its centre, starting where the text did', () => {
  const direction = { x: Math.SQRT1_2, y: -Math.SQRT1_2 };
  const label = figureLabel(line('slanted', { x: 200, y: 400 }, direction), direction)!;
  expect(label.flow).toBe('horizontal');
  expect(label.rotation).toBe(315);
  const start = turnedStart(label.frame, label.rotation, { x: label.frame.x0, y: label.frame.y0 + ASCENT * SIZE });
  expect(start.x).toBeCloseTo(200, 5);
  expect(start.y).toBeCloseTo(400, 5);
});

it('a line with a character whose origin is unknown (a form field’s value) is no label: it stays drawn in the picture', () => {
  const l = line('Alice', { x: 100, y: 200 }, { x: 1, y: 0 });
  delete l.chars[2].originX;
  expect(figureLabel(l)).toBeUndefined();
});
