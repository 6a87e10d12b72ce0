/**
 * Accents TeX draws as glyphs of their own over a letter (\tilde a, \tilde H, \"\i): the accent's
 * glyph first, then the letter moved back under it, or the letter then the accent. MuPDF reads
 * them as "˜a" — a stray tilde before the letter in Word (GeoTopo.pdf: γ̃, H̃, ã, 78 of them). They
 * must come out as the letter with its combining mark, composed where Unicode has one character
 * (ã), while a tilde or caret beside a character (a path "~/bin", "x^2") stays what it is. The PDF
 * is drawn here with pdf-lib; the DOCX is read as its XML and LibreOffice prints it back.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { withAccentsOnBases, withAccentsOverNextLines, withBarredArrows } from '../../server/convert/tools/pdf-to-office/extraction/accents';
import type { PdfChar, PdfLine } from '../../server/convert/tools/pdf-to-office/page-content';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { sofficeConvert, SOFFICE_TIMEOUT_MS } from '../support/soffice';
import { BARRED_ARROWS, texBarredArrowsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-accents-');

/** One line at 12 pt: "Sei ã und H̃ mit ~/bin und x^2." with both accents drawn as TeX draws them. */
async function accentsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const size = 12;
  const y = 700;
  let x = 72;
  const put = (s: string, at = x, lift = 0) => {
    page.drawText(s, { x: at, y: y + lift, size, font });
    return at + font.widthOfTextAtSize(s, size);
  };
  x = put('Sei ');
  // \tilde a: the accent, then the letter drawn back under it (centred on each other).
  const a = font.widthOfTextAtSize('a', size);
  const tilde = font.widthOfTextAtSize('\u02dc', size);
  put('\u02dc', x + (a - tilde) / 2);
  x = put('a', x);
  x = put(' und ');
  // \tilde H: the letter, then the accent raised over it.
  const h = font.widthOfTextAtSize('H', size);
  const after = put('H', x);
  put('\u02dc', x + (h - tilde) / 2, 3);
  x = put(' mit ~/bin und x^2.', after);
  return doc.save();
}

const docxText = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

it('the input shows the defect: MuPDF reads the accents as glyphs of their own', async () => {
  const file = path.join(scratch, 'accents.pdf');
  writeFileSync(file, await accentsPdf());
  const text = execFileSync('mutool', ['draw', '-q', '-F', 'txt', file], { encoding: 'utf8' });
  expect(text).toMatch(/\u02dc\s*a|a\s*\u02dc/);
});

it('pdf-to-word writes each accent as its letter\'s mark (ã, H̃), and leaves a tilde or caret beside a character alone', async () => {
  const file = path.join(scratch, 'accents.pdf');
  writeFileSync(file, await accentsPdf());
  const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch);
  const text = docxText((await readZipParts(docx.path)).find((part) => part.name === 'word/document.xml')!.text);
  expect(text).toContain('Sei \u00e3 und H\u0303 mit ~/bin und x^2.');
  expect(text).not.toContain('\u02dc');
  // LibreOffice reads the same letters back.
  const reprint = await sofficeConvert(docx.path, 'pdf', scratch);
  const printed = execFileSync('pdftotext', ['-q', reprint, '-'], { encoding: 'utf8' }).normalize('NFC');
  expect(printed).toContain('\u00e3');
  expect(printed).toContain('~/bin');
}, SOFFICE_TIMEOUT_MS);

describe('withAccentsOnBases', () => {
  const font = { name: 'CMR10', bold: false, italic: false };
  const char = (text: string, x0: number, x1: number): PdfChar => ({ text, box: { x0, y0: 90, x1, y1: 102 }, font, size: 10, baseline: 100 });

  it('puts an accent on the letter it covers most, before or after it, and one accent only on each letter', () => {
    // "n ¨ı v e": the dieresis over a dotless i (TeX's \"\i) is ï; a caron over the letter before it.
    const line = [char('n', 0, 5), char('\u00a8', 5, 10), char('ı', 5.5, 8.5), char('v', 9, 14), char('ˇ', 9.5, 13.5), char('ˇ', 9.5, 13.5)];
    expect(withAccentsOnBases(line).map((c) => c.text)).toEqual(['n', 'ï', 'v\u030c', 'ˇ']);
  });

  it('puts TeX\'s \\not, a combining slash of no width before its relation, on that relation (≠), and no other', () => {
    const not = (x: number) => ({ ...char('\u0338', x, x), font: { ...font, name: 'CMSY10' } });
    expect(withAccentsOnBases([char('a', 0, 5), char(' ', 5, 8), not(8), char('=', 8, 16), char(' ', 16, 19), char('b', 19, 24)]).map((c) => c.text)).toEqual(['a', ' ', '\u2260', ' ', 'b']);
    // A slash standing apart from what follows it stays as read.
    expect(withAccentsOnBases([not(8), char('=', 12, 20)]).map((c) => c.text)).toEqual(['\u0338', '=']);
  });

  it('keeps a cedilla\'s dotless letter, and leaves accents that lie beside their neighbours', () => {
    expect(withAccentsOnBases([char('c', 0, 5), char('\u00b8', 1, 4)]).map((c) => c.text)).toEqual(['ç']);
    expect(withAccentsOnBases([char('~', 0, 5), char('/', 5, 8), char('x', 9, 14), char('^', 14, 19), char('2', 19, 24)]).map((c) => c.text)).toEqual(['~', '/', 'x', '^', '2']);
  });
});

describe('withAccentsOverNextLines', () => {
  const font = { name: 'CMR10', bold: false, italic: false };
  /** A glyph on the baseline given, its box an em high over it (10 pt). */
  const char = (text: string, x0: number, x1: number, baseline = 100, size = 10): PdfChar => ({ text, box: { x0, y0: baseline - 0.8 * size, x1, y1: baseline + 0.2 * size }, font, size, baseline });
  const texts = (lines: PdfLine[]) => lines.map((line) => line.chars.map((c) => c.text).join(''));

  it("puts an accent ending a line on the next line's first glyph under it, the rest of the row run on in its line (GeoTopo's id_{X̃}.)", () => {
    // "id ˜" then "X." where the pen went back: the subscript's X 2 pt under the accent's baseline.
    const lines = [{ chars: [char('i', 0, 3), char('d', 3, 9), char(' ', 9, 11), char('˜', 11.4, 15.6, 101.6, 8)] }, { chars: [char('X', 9, 16, 103.6, 8), char('.', 17, 20)] }];
    expect(texts(withAccentsOverNextLines(lines))).toEqual(['id X\u0303.']);
  });

  it('puts a wide accent over a group on the group\'s first glyph, as it was drawn first (\\widetilde{γ ∗ δ})', () => {
    const lines = [{ chars: [char('u', 0, 6), char('n', 6, 12), char('d', 12, 18), char(' ', 18, 22), char('˜', 22, 42, 97.4)] }, { chars: [char('γ', 21.4, 27), char(' ', 27, 28), char('∗', 30, 35.5), char('δ', 38, 43)] }];
    expect(texts(withAccentsOverNextLines(lines))).toEqual(['und γ\u0303 ∗δ']);
  });

  it('leaves an accent whose next line does not stand under it: a line lower, or starting right of its middle', () => {
    const lower = [{ chars: [char('a', 0, 5), char('~', 5, 10)] }, { chars: [char('b', 4, 9, 112)] }];
    expect(texts(withAccentsOverNextLines(lower))).toEqual(['a~', 'b']);
    const right = [{ chars: [char('a', 0, 5), char('~', 5, 10)] }, { chars: [char('b', 8, 13)] }];
    expect(texts(withAccentsOverNextLines(right))).toEqual(['a~', 'b']);
  });
});

describe("TeX's \\mapsto: a bar of no width at the foot of the arrow after it", () => {
  const file = path.join(scratch, 'barred-arrows.pdf');
  beforeAll(async () => writeFileSync(file, await texBarredArrowsPdf()));

  it('the input shows the defect: MuPDF reads the bar as a character of its own before the arrow', () => {
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file], { encoding: 'utf8' });
    // The bar (no width, glyph name outside the Adobe Glyph List) and the arrow from the same origin.
    expect(stext).toMatch(/x="([\d.]+)"[^>]*c="&#xfffd;"\/>\s*<char [^>]*x="\1"[^>]*c="&#x2192;"/);
  });

  it('pdf-to-word writes \\mapsto as one ↦ and \\longmapsto as one ⟼', async () => {
    const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch);
    const text = docxText((await readZipParts(docx.path)).find((part) => part.name === 'word/document.xml')!.text);
    expect(text.replace(/\s+/g, '')).toBe(BARRED_ARROWS.text.replace(/\s+/g, ''));
  });

  it('leaves a ↦ and an arrow drawn beside it as they are', () => {
    const font = { name: 'CMSY10', bold: false, italic: false };
    const char = (text: string, x0: number, x1: number): PdfChar => ({ text, box: { x0, y0: 90, x1, y1: 102 }, font, size: 10, baseline: 100 });
    expect(withBarredArrows([char('\u21a6', 0, 0), char('\u2192', 0, 10)]).map((c) => c.text)).toEqual(['\u21a6']);
    expect(withBarredArrows([char('\u21a6', 0, 10), char('\u2192', 10, 20)]).map((c) => c.text)).toEqual(['\u21a6', '\u2192']);
    expect(withBarredArrows([char('\u21a6', 0, 0), char('\u2192', 4, 14)]).map((c) => c.text)).toEqual(['\u21a6', '\u2192']);
  });
});
