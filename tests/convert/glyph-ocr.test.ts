// Glyphs without Unicode read by OCR (issue 14: "a glyph without Unicode is recovered from the
// font's own tables where possible, else …"): a font whose subset has no cmap and no /ToUnicode
// (TAMReview.pdf's Cambria; here Liberation Serif and WenQuanYi Zen Hei, generated) loses its text
// to every reader of the file; pdf-to-word must carry it, read back by unzip. The voting that ties
// OCR text to glyphs, and the sampling of lines, are checked on their own.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { sampleLines, type GlyphLine, type LineGlyph } from '../../server/convert/tools/pdf-to-office/extraction/glyph-ocr/glyph-lines';
import { GlyphVotes, lineVotes } from '../../server/convert/tools/pdf-to-office/extraction/glyph-ocr/glyph-votes';
import { glyphShape } from '../../server/convert/tools/pdf-to-office/extraction/glyph-ocr/glyph-shapes';
import { settleBlankGlyphs, type PictureInk } from '../../server/convert/tools/pdf-to-office/extraction/glyph-ocr/line-pictures';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import {
  chineseLinesFound,
  fontWithoutUnicodePdf,
  justifiedWithoutUnicodePdf,
  OCR_GLYPH_CHINESE_LINES,
  OCR_GLYPH_LATIN_LINES,
  RATING_SCALE,
  RATING_SCALE_ENDS,
  ratingScalePdf,
} from '../support/unmapped-glyph-pdfs';

/** A line of glyphs: capitals are unreadable glyphs keyed by their letter, '_' a blank one, the rest known text. */
function glyphsOf(spec: string): LineGlyph[] {
  return Array.from(spec, (c, i) => {
    const place = { x0: i * 5, x1: i * 5 + 5, origin: { x: i * 5, y: 8 }, size: 10 };
    if (c === '_') return { ...place, key: 'F#space', blank: true };
    return /[A-Z]/.test(c) ? { ...place, key: `F#${c}` } : { ...place, text: c };
  });
}

const words = (...texts: string[]) => texts.map((text) => ({ text, confidence: 95 }));

describe('tying OCR text to unreadable glyphs', () => {
  it('ties the whole line when the counts agree, spaces aside, and blank glyphs vote for a space', () => {
    expect(lineVotes(glyphsOf('AB_cD'), words('xy', 'cz')).map(({ key, text }) => [key, text])).toEqual([
      ['F#space', ' '],
      ['F#A', 'x'],
      ['F#B', 'y'],
      ['F#D', 'z'],
    ]);
  });

  it('falls back to words of equal length when the line as a whole does not agree', () => {
    // "AB" read as three characters: only the second word is tied.
    expect(lineVotes(glyphsOf('AB_CD'), words('xyz', 'uv')).map(({ key, text }) => [key, text])).toEqual([
      ['F#space', ' '],
      ['F#C', 'u'],
      ['F#D', 'v'],
    ]);
  });

  it('distrusts a segment whose known characters the OCR reads otherwise (the line is misread or shifted)', () => {
    expect(lineVotes(glyphsOf('abcD'), words('xyzw'))).toEqual([]);
  });

  it('takes a glyph when two sightings agree and most do; a lone sighting only when read surely, never a lone blank', () => {
    const votes = new GlyphVotes();
    votes.add([
      { key: 'a', text: 'e', confidence: 60 },
      { key: 'a', text: 'e', confidence: 70 },
      { key: 'a', text: 'c', confidence: 70 },
      { key: 'b', text: 'l', confidence: 80 },
      { key: 'b', text: 'I', confidence: 80 },
      { key: 'c', text: 'Q', confidence: 96 },
      { key: 'd', text: 'Q', confidence: 50 },
      { key: 'e', text: ' ', confidence: 100 },
    ]);
    expect(Object.fromEntries(votes.accepted())).toEqual({ a: 'e', c: 'Q' });
  });

  it('takes a lone sighting read less surely when the rest of its line was read as the votes decided', () => {
    const votes = new GlyphVotes();
    // "arshaw" twice, then "Warshaw" once (read at 70); and X once, on a line whose last glyph is read otherwise than decided.
    votes.add(lineVotes(glyphsOf('ARSHAB'), words('arshaw')));
    votes.add(lineVotes(glyphsOf('ARSHAB'), words('arshaw')));
    votes.add(lineVotes(glyphsOf('WARSHAB'), [{ text: 'Warshaw', confidence: 70 }]));
    votes.add(lineVotes(glyphsOf('XARSHAB'), [{ text: 'Karshaq', confidence: 70 }]));
    const accepted = votes.accepted();
    expect([accepted.get('F#W'), accepted.get('F#X')]).toEqual(['W', undefined]);
  });
});

describe('which unreadable glyphs are spaces', () => {
  /** A line as the pictures judged it: '_' a space seen blank, '~' the same space seen inked (a neighbour's ink in its middle). */
  const seen = (spec: string): GlyphLine => ({
    page: 1,
    top: 0,
    bottom: 10,
    size: 10,
    glyphs: glyphsOf(spec.replaceAll('~', '_')).map((glyph, i) => (glyph.key ? { ...glyph, blank: spec[i] === '_' } : glyph)),
  });
  const tied = (line: GlyphLine) => lineVotes(line.glyphs, words('ab', 'cd')).map(({ key, text }) => [key, text]);

  it('a glyph seen blank often enough is a space where it looked inked too, so its line is tied again', () => {
    const lines = [seen('AB_CD'), seen('CD_AB'), seen('AB~CD')];
    expect(tied(lines[2])).toEqual([]);
    settleBlankGlyphs(lines);
    expect(tied(lines[2])).toEqual([
      ['F#space', ' '],
      ['F#A', 'a'],
      ['F#B', 'b'],
      ['F#C', 'c'],
      ['F#D', 'd'],
    ]);
  });

  it('a glyph seen blank once, or in few of its sightings, stays as each sighting was seen', () => {
    const once = [seen('AB_CD'), seen('AB~CD')];
    settleBlankGlyphs(once);
    expect(once[1].glyphs[2].blank).toBe(false);
    const rarely = [seen('A_B'), seen('A_B'), ...Array.from({ length: 5 }, () => seen('A~B'))];
    settleBlankGlyphs(rarely);
    expect(rarely.map((line) => line.glyphs[1].blank)).toEqual([true, true, false, false, false, false, false]);
  });
});

describe('choosing lines to read', () => {
  const line = (page: number, top: number, keys: string[]): GlyphLine => ({
    page,
    top,
    bottom: top + 10,
    size: 10,
    glyphs: keys.map((key, i) => ({ key, x0: i * 5, x1: i * 5 + 5, origin: { x: i * 5, y: top + 8 }, size: 10 })),
  });

  it('stops once every glyph has been seen enough, preferring lines that show glyphs still short of sightings', () => {
    const lines = [line(1, 0, ['F#1', 'F#1']), line(1, 20, ['F#1', 'F#2']), line(2, 0, ['F#3']), line(2, 20, ['F#1'])];
    const chosen = sampleLines(lines, { lines: 10, pages: 10, linesPerFont: 10, sightings: 2 });
    expect(chosen.map((l) => [l.page, l.top])).toEqual([
      [1, 0],
      [1, 20],
      [2, 0],
    ]);
  });

  it('keeps within the page budget', () => {
    const lines = [line(1, 0, ['F#1']), line(2, 0, ['F#2']), line(3, 0, ['F#3'])];
    expect(sampleLines(lines, { lines: 10, pages: 2, linesPerFont: 10, sightings: 1 }).map((l) => l.page)).toEqual([1, 2]);
  });

  it('keeps within the lines per font', () => {
    const lines = [line(1, 0, ['A#1']), line(1, 20, ['A#2']), line(1, 40, ['B#1'])];
    expect(sampleLines(lines, { lines: 10, pages: 10, linesPerFont: 1, sightings: 1 }).map((l) => l.glyphs[0].key)).toEqual(['A#1', 'B#1']);
  });
});

describe('pdf-to-word on a font whose glyphs have no Unicode anywhere (Latin and Chinese)', () => {
  const scratch = scratchFolder('glyph-ocr-test-');
  const input = path.join(scratch, 'font-without-unicode.pdf');
  beforeAll(async () => writeFileSync(input, await fontWithoutUnicodePdf()));

  const squash = (text: string) => text.replace(/\s+/g, '');
  const latinWords = [...new Set(OCR_GLYPH_LATIN_LINES.join(' ').split(' '))];

  it('the input shows the defect: MuPDF reads U+FFFD, pdftotext control characters, neither a word', () => {
    const mupdf = execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', input], { encoding: 'utf8' });
    const poppler = execFileSync('pdftotext', ['-enc', 'UTF-8', input, '-'], { encoding: 'utf8' });
    expect(mupdf.split('\uFFFD').length - 1).toBeGreaterThan(100);
    for (const text of [mupdf, poppler]) {
      expect(latinWords.filter((word) => text.includes(word))).toEqual([]);
      expect(OCR_GLYPH_CHINESE_LINES.filter((line) => squash(text).includes(line))).toEqual([]);
    }
  });

  /** The DOCX, the task's notes and every progress value the converter gave, in order. */
  let converted: { output: string; notes: string[]; progress: number[] };
  beforeAll(async () => {
    const notes: string[] = [];
    const progress: number[] = [];
    const output = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), input, scratch, { notes, progress });
    converted = { output: output.path, notes, progress };
  }, 180_000);

  /** The DOCX's text as unzip reads it, a line a paragraph. */
  const docxText = (docx: string) =>
    execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' })
      .replace(/<\/w:p>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&');

  it('the DOCX carries the Latin words and the Chinese lines (one ideograph of a line may be misread), with no U+FFFD', () => {
    const text = docxText(converted.output);
    expect(text).not.toContain('\uFFFD');
    expect(latinWords.filter((word) => !text.includes(word))).toEqual([]);
    expect(chineseLinesFound(text)).toEqual(OCR_GLYPH_CHINESE_LINES);
    // A glyph the readings disagree on is left out and counted: a few at most.
    expect(converted.notes.join('').match(/有 (\d+) 个/g)?.map((n) => Number(/\d+/.exec(n)![0])).every((n) => n <= 2) ?? true).toBe(true);
  });

  it('reads the glyphs just as well on the page turned by /Rotate 90: the page is read, and its lines pictured, upright', async () => {
    const turned = path.join(scratch, 'turned.pdf');
    execFileSync('qpdf', [input, '--rotate=+90', '--', turned]);
    const output = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), turned, scratch);
    const text = docxText(output.path);
    expect(text).not.toContain('\uFFFD');
    expect(latinWords.filter((word) => !text.includes(word))).toEqual([]);
    expect(chineseLinesFound(text)).toEqual(OCR_GLYPH_CHINESE_LINES);
  }, 180_000);

  it('the progress bar moves while OCR reads the lines, not only when the page dump ends', () => {
    const { progress } = converted;
    // The one page is dumped in one mutool run, which reports once; every later value before the
    // end comes from the drawing of the line pictures and the tesseract runs.
    const [afterDump, ...rest] = progress;
    const duringOcr = rest.filter((percent) => percent < 100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(duringOcr.filter((percent) => percent > afterDump)).size).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(100);
  });
});

describe('reading a glyph whose ink is a simple shape, drawn alone', () => {
  /**
   * A 30 by 32 pixel picture, one pixel a point, inked in the given rectangles (x0, y0, x1, y1,
   * ends excluded), of a 20-point glyph drawn from (5, 20) with a 10-point advance.
   */
  const shapeOf = (...rects: [number, number, number, number][]) => {
    const ink: PictureInk = {
      width: 30,
      height: 32,
      scale: 1,
      isInk: (x, y) => rects.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1),
      pixel: (x, y) => ({ x, y }),
    };
    return glyphShape({ x0: 5, x1: 15, origin: { x: 5, y: 20 }, size: 20 }, ink);
  };

  it('a thin bar across the advance at or below the baseline is "_", at mid x-height a hyphen; a dot on the baseline ".", two stacked ":"', () => {
    expect(shapeOf([5, 21, 15, 23])).toBe('_');
    expect(shapeOf([6, 13, 13, 15])).toBe('-');
    expect(shapeOf([8, 17, 11, 20])).toBe('.');
    expect(shapeOf([8, 17, 11, 20], [8, 9, 11, 12])).toBe(':');
  });

  it('anything else is no shape: an i (dot over a stem), a raised dot, a bar high up, ink reaching the picture\'s edge', () => {
    expect(shapeOf([8, 5, 11, 8], [8, 9, 11, 20])).toBeNull();
    expect(shapeOf([8, 11, 11, 14])).toBeNull();
    expect(shapeOf([5, 3, 15, 5])).toBeNull();
    expect(shapeOf([0, 21, 30, 23])).toBeNull();
  });
});

describe('pdf-to-word on a rating scale of colons and underscores in a font without Unicode', () => {
  const scratch = scratchFolder('glyph-shapes-test-');

  it('reads the scale as text (OCR agrees on neither glyph): no glyph is left a picture', async () => {
    const input = path.join(scratch, 'rating-scale.pdf');
    writeFileSync(input, await ratingScalePdf());
    const notes: string[] = [];
    const output = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), input, scratch, { notes });
    const text = execFileSync('unzip', ['-p', output.path, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, '');
    expect(text.split(RATING_SCALE).length - 1).toBe(RATING_SCALE_ENDS.length);
    expect(RATING_SCALE_ENDS.flat().filter((word) => !text.includes(word))).toEqual([]);
    expect(notes.join('')).not.toContain('无法识别');
  }, 180_000);
});

describe('pdf-to-word on justified lines whose space glyph has no Unicode', () => {
  const scratch = scratchFolder('glyph-ocr-justified-test-');

  it('one space between words: the space glyph OCR reads and MuPDF\'s own space for the room after it are one', async () => {
    const input = path.join(scratch, 'justified.pdf');
    writeFileSync(input, await justifiedWithoutUnicodePdf());
    const output = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), input, scratch);
    const paragraphs = execFileSync('unzip', ['-p', output.path, 'word/document.xml'], { encoding: 'utf8' })
      .split('</w:p>')
      .map((p) => p.replace(/<[^>]+>/g, '').trim());
    expect(OCR_GLYPH_LATIN_LINES.filter((line) => !paragraphs.some((p) => p.includes(line)))).toEqual([]);
    expect(paragraphs.filter((p) => p.includes('  '))).toEqual([]);
  }, 180_000);
});
