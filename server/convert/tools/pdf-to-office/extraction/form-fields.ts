// Filled form fields as text. MuPDF's structured text reads a widget only through its appearance
// stream, and a form that sets /NeedAppearances (LibreOffice's do) may have none showing the value,
// so "Alice" typed into a field never reaches the page's lines. The page dump lists each text and
// choice field's shown value with its widget's rectangle, font size and alignment, and each becomes
// a line of characters placed in that rectangle, as a viewer would draw it. Check boxes and radio
// buttons stay with the drawings (their appearance is a mark, not text); password fields and
// hidden widgets are left out; a value the page's text already shows in its rectangle is not added twice.
// MuPDF gives the widget's rectangle on the page as shown; the value turns with the page's /Rotate
// (less the widget's own /MK /R), as a viewer draws it, so on a page turned by /Rotate alone it
// runs down or up the shown page like the page's own text.
import { boxAround, containsPoint, downwardSide, quarterTurnDirection, stepFrom, type Box, type PdfChar, type PdfFont, type PdfLine } from '../page-content';

/**
 * [x0, y0, x1, y1, value, font name, size (0: fit the box), colour 0xRRGGBB, quadding 0/1/2, multiline 0/1,
 * turn: degrees clockwise the text is turned on the shown page (0/90/180/270)], as the page dump prints it.
 */
export type RawField = [number, number, number, number, string, string, number, number, number, number, number?];

/** ES5 for the page dump (needs PDF_OBJECT_HELPERS' `field`, `quarterTurn` and `pageRotation`): formFields(doc, page, pageNumber, bounds) → RawField[]. */
export const FORM_FIELDS_SCRIPT = String.raw`
var FIELD_PASSWORD = 8192, FIELD_MULTILINE = 4096, ANNOT_HIDDEN = 2, ANNOT_NO_VIEW = 32;

/** A field's key, inherited from its parents (fields form a tree) or, failing that, from the AcroForm. */
function fieldKey(dict, key, acroForm) {
  for (var depth = 0; dict && depth < 20; depth++) {
    var v = field(dict, key);
    if (v) return v;
    dict = field(dict, 'Parent');
  }
  return acroForm ? field(acroForm, key) : null;
}

/** [font resource name, size, 0xRRGGBB] from a /DA string like "0.3 0.3 0.3 rg /F3 11 Tf". */
function parseAppearance(da) {
  var font = /\/([^\s\/]+)\s+([\d.]+)\s+Tf/.exec(da), rgb = /([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg/.exec(da), grey = /([\d.]+)\s+g(\s|$)/.exec(da);
  var channel = function (v) { return Math.max(0, Math.min(255, Math.round(parseFloat(v) * 255))); };
  var color = rgb ? (channel(rgb[1]) << 16) | (channel(rgb[2]) << 8) | channel(rgb[3]) : grey ? channel(grey[1]) * 0x10101 : 0;
  return [font ? font[1] : '', font ? parseFloat(font[2]) : 0, color];
}

function formFields(doc, page, pageNumber, bounds) {
  var out = [], widgets, dicts = [];
  try { widgets = page.getWidgets(); } catch (e) { return out; }
  if (!widgets || !widgets.length) return out;
  var acroForm = null;
  try { acroForm = field(doc.getTrailer().get('Root'), 'AcroForm'); } catch (e) {}
  var pageDict = doc.findPage(pageNumber - 1), pageTurn = 0;
  try { pageTurn = pageRotation(pageDict); } catch (e) {}
  // MuPDF lists a page's widgets in the order of its /Annots; their dictionaries give /DA, /Q and /F.
  try {
    var annots = field(pageDict, 'Annots');
    for (var i = 0; annots && i < annots.length; i++) {
      var annot = annots.get(i), subtype = annot && field(annot, 'Subtype');
      if (subtype && subtype.asName() === 'Widget') dicts.push(annot);
    }
  } catch (e) { dicts = []; }
  for (var w = 0; w < widgets.length; w++) {
    var widget = widgets[w], type = widget.getFieldType();
    if (type !== 'text' && type !== 'combobox' && type !== 'listbox') continue;
    var flags = widget.getFieldFlags();
    if (type === 'text' && (flags & FIELD_PASSWORD)) continue;
    var value = String(widget.getValue() || '');
    if (!/\S/.test(value)) continue;
    var dict = dicts.length === widgets.length ? dicts[w] : null;
    var annotFlags = dict && field(dict, 'F') ? dict.get('F').asNumber() : 0;
    if (annotFlags & (ANNOT_HIDDEN | ANNOT_NO_VIEW)) continue;
    var da = dict ? fieldKey(dict, 'DA', acroForm) : null, q = dict ? fieldKey(dict, 'Q', acroForm) : null;
    var look = parseAppearance(da ? da.asString() : ''), fontName = look[0];
    try {
      var base = field(field(field(acroForm, 'DR'), 'Font'), look[0]);
      if (base && field(base, 'BaseFont')) fontName = base.get('BaseFont').asName();
    } catch (e) {}
    // The widget's appearance is turned counter-clockwise by its /MK /R against the page's turn.
    var ownTurn = 0;
    try { var mk = dict && field(dict, 'MK'), r90 = mk && field(mk, 'R'); if (r90) ownTurn = r90.asNumber(); } catch (e) {}
    var r = widget.getRect ? widget.getRect() : widget.bound();
    out.push([round2(r[0] - bounds[0]), round2(r[1] - bounds[1]), round2(r[2] - bounds[0]), round2(r[3] - bounds[1]), value, fontName, look[1], look[2], q ? q.asNumber() : 0, type === 'text' && (flags & FIELD_MULTILINE) ? 1 : 0, quarterTurn(pageTurn - ownTurn)]);
  }
  return out;
}
`;

/** Average advance of a glyph as a share of the size (Helvetica's is about half); ideographs fill the em. */
const LATIN_ADVANCE = 0.5;
const WIDE_ADVANCE = 1;
/** The inset viewers leave between a field's border and its text. */
const PADDING = 2;
const LINE_HEIGHT = 1.15;
const MIN_SIZE = 4;
const MAX_AUTO_SIZE = 12;

const isWide = (ch: string) => /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(ch);
const advance = (ch: string, size: number) => (isWide(ch) ? WIDE_ADVANCE : LATIN_ADVANCE) * size;
const textWidth = (text: string, size: number) => [...text].reduce((sum, ch) => sum + advance(ch, size), 0);
const squashed = (text: string) => text.replace(/\s+/g, '');

/** A field's lines as shown: its own line breaks and, in a multiline field, words wrapped to the box. */
function shownLines(value: string, multiline: boolean, width: number, size: number): string[] {
  const paragraphs = value.split(/\r\n|\r|\n/);
  if (!multiline) return [paragraphs.join(' ')];
  return paragraphs.flatMap((paragraph) => {
    const lines: string[] = [];
    let current = '';
    for (const word of paragraph.split(/(?<=\s)/)) {
      if (current && textWidth(current + word.trimEnd(), size) > width) {
        lines.push(current.trimEnd());
        current = '';
      }
      current += word;
    }
    return [...lines, current.trimEnd()];
  });
}

/** Does the page's text already show the value inside the box (a field with a fresh appearance)? */
function alreadyShown(lines: readonly PdfLine[], box: Box, value: string): boolean {
  const inside = lines.flatMap((line) => line.chars.filter((c) => containsPoint(box, (c.box.x0 + c.box.x1) / 2, (c.box.y0 + c.box.y1) / 2, 1)));
  return squashed(inside.map((c) => c.text).join('')).includes(squashed(value));
}

/**
 * A field's own frame on the shown page: text laid out at (u along its lines, v down across them)
 * from the frame's top left lands at `at(u, v)`; `width` and `height` are the frame's along and across.
 */
function fieldFrame(box: Box, turn: number) {
  const along = quarterTurnDirection(turn);
  const down = downwardSide(along);
  const upright = along.x !== 0;
  const width = upright ? box.x1 - box.x0 : box.y1 - box.y0;
  const height = upright ? box.y1 - box.y0 : box.x1 - box.x0;
  const start = { x: along.x < 0 || down.x < 0 ? box.x1 : box.x0, y: along.y < 0 || down.y < 0 ? box.y1 : box.y0 };
  const at = (u: number, v: number) => stepFrom(start, along, u, v);
  return { along, width, height, at, turned: turn !== 0 };
}

/** The lines of the fields the page's own text does not show yet, laid out in their widgets' rectangles. */
export function fieldLines(raws: readonly RawField[], pageLines: readonly PdfLine[]): PdfLine[] {
  return raws.flatMap(([x0, y0, x1, y1, value, fontName, daSize, color, quadding, multiline, turn = 0]) => {
    const box = { x0, y0, x1, y1 };
    if (!(x1 > x0 && y1 > y0) || alreadyShown(pageLines, box, value)) return [];
    const frame = fieldFrame(box, turn);
    const font: PdfFont = { name: fontName.replace(/^[A-Z]{6}\+/, '') || 'Helvetica', bold: false, italic: false };
    const inner = Math.max(1, frame.width - 2 * PADDING);
    const autoSize = multiline ? MAX_AUTO_SIZE : (frame.height - 2 * PADDING) / LINE_HEIGHT;
    let size = Math.max(MIN_SIZE, daSize > 0 ? daSize : Math.min(MAX_AUTO_SIZE, autoSize));
    let texts = shownLines(value, multiline === 1, inner, size);
    // Multiline text too big for its box shrinks until it fits (a viewer would clip it), so its
    // lines stay in the box instead of running into the fields below.
    while (multiline && size > MIN_SIZE && texts.length * LINE_HEIGHT * size > frame.height - 2 * PADDING) {
      size = Math.max(MIN_SIZE, size * 0.9);
      texts = shownLines(value, true, inner, size);
    }
    texts = texts.filter((text) => /\S/.test(text));
    // A single line sits centred in its box; multiline text runs from the top.
    const firstBaseline = multiline ? PADDING + 0.8 * size : frame.height / 2 + 0.3 * size;
    return texts.map((text, row): PdfLine => {
      // Text wider than the box scrolls in a viewer; here it is squeezed in so it stays by its box.
      const scale = Math.min(1, inner / textWidth(text, size));
      const width = textWidth(text, size) * scale;
      const start = quadding === 1 ? (frame.width - width) / 2 : quadding === 2 ? frame.width - PADDING - width : PADDING;
      const baseline = firstBaseline + row * LINE_HEIGHT * size;
      let u = start;
      const chars = [...text].map((ch): PdfChar => {
        const step = advance(ch, size) * scale;
        const charBox = boxAround([frame.at(u, baseline - 0.8 * size), frame.at(u + step, baseline + 0.2 * size)]);
        const origin = frame.at(u, baseline);
        u += step;
        return { text: ch, box: charBox, font, size, baseline: origin.y, color, originX: origin.x };
      });
      return { chars, ...(frame.turned ? { direction: frame.along } : {}) };
    });
  });
}
