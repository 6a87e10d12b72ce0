// Learns what glyphs without Unicode read as by OCR (issue 14: a glyph the font's own tables cannot
// name is read off the page). Only when the page dump found unreadable glyphs: a sample of their
// lines is drawn, each read by tesseract as one line (psm 7), the OCR text tied to the glyphs where
// the counts agree, and a glyph's text taken when its sightings agree (glyph-votes.ts); a glyph they
// give no agreed reading may still be a simple shape, told from its ink drawn alone (glyph-shapes.ts).
// The answer is per font and glyph, so one reading serves every place the glyph stands in the
// document and every output made from the dump (Word, Excel, PPT, HTML, EPUB, OFD). Bounded by
// lines, pages and time; a failure of OCR leaves the glyphs unreadable, as before, and never fails
// the job.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../../../../../log';
import { sideBySide } from '../../../ocr/recognize-page';
import { recognizeEach } from '../../../ocr/tesseract';
import type { RawPage } from '../raw-page';
import { glyphLinesOf, readsAsIdeographs, sampleLines, type GlyphLine, type SampleLimits } from './glyph-lines';
import { readShapes } from './glyph-shapes';
import { GlyphVotes, lineVotes } from './glyph-votes';
import { drawLines, markBlankGlyphs, READINGS, settleBlankGlyphs } from './line-pictures';

const LIMITS: SampleLimits = { lines: 160, pages: 16, linesPerFont: 60, sightings: 4 };
/** Lines per tesseract run: the models load once a run, and a run stays well inside the engine's timeout. */
const LINES_PER_RUN = 20;

export interface GlyphOcrOptions {
  workDir: string;
  signal?: AbortSignal;
  /** Epoch ms after which no further tesseract run starts. */
  until: number;
  /** The share of the work done (0–1), told as the line pictures are drawn and each tesseract run ends. */
  onProgress?: (fraction: number) => void;
}

function runsOf<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/** glyph key (raw-page.ts) → text, for the unreadable glyphs OCR could read surely. */
export async function recoverGlyphsByOcr(pdfPath: string, raws: readonly RawPage[], { workDir, signal, until, onProgress }: GlyphOcrOptions): Promise<Map<string, string>> {
  const allLines = raws.flatMap(glyphLinesOf);
  const lines = sampleLines(allLines, LIMITS);
  if (lines.length === 0) return new Map();
  const votes = new GlyphVotes();
  const dir = path.join(workDir, 'glyph-ocr');
  try {
    await mkdir(dir, { recursive: true });
    // Chinese lines are read with chi_sim as well, at the sizes it reads best (line-pictures.ts).
    const planned = lines.flatMap((line) => {
      const ideographs = readsAsIdeographs(line);
      const languages = ideographs ? 'chi_sim+eng' : 'eng';
      return (ideographs ? READINGS.ideographs : READINGS.latin).map((emPixels, reading) => ({ line, languages, emPixels, first: reading === 0 }));
    });
    const pictures = await drawLines(pdfPath, planned, { workDir: dir, signal });
    const byLanguage = new Map<string, { line: GlyphLine; file: string; first: boolean }[]>();
    for (const [index, picture] of pictures.entries()) {
      if (!picture) continue;
      const { line, languages, first } = planned[index];
      if (first) await markBlankGlyphs(line, picture);
      byLanguage.set(languages, [...(byLanguage.get(languages) ?? []), { line, file: picture.ocrFile, first }]);
    }
    settleBlankGlyphs(lines);
    const runs = [...byLanguage.entries()].flatMap(([languages, group]) => runsOf(group, LINES_PER_RUN).map((run) => ({ languages, run })));
    // Drawing the pictures counts as one step, each tesseract run (or one skipped for time) as one more.
    let done = 1;
    const stepDone = () => onProgress?.(done++ / (runs.length + 1));
    stepDone();
    await sideBySide(runs, async ({ languages, run }, index) => {
      if (Date.now() > until) return stepDone();
      const results = await recognizeEach(
        run.map(({ file }) => file),
        path.join(dir, `lines-${index}.txt`),
        { psm: 7, languages, signal },
      );
      results.forEach((result, i) => {
        const read = lineVotes(run[i].line.glyphs, result.lines.flatMap((line) => line.words));
        // A blank glyph votes once, whatever the number of readings.
        votes.add(run[i].first ? read : read.filter((vote) => vote.text !== ' '));
      });
      stepDone();
    });
  } catch (error) {
    signal?.throwIfAborted();
    logger.warn({ err: error }, 'glyph OCR failed');
  }
  const learnt = votes.accepted();
  try {
    // A shape only stands in for a reading OCR did not agree on, never against one; it needs no
    // sampled line (the sample's are the same objects, their blank glyphs marked).
    for (const [key, text] of await readShapes(pdfPath, allLines, learnt, { workDir: dir, signal })) learnt.set(key, text);
  } catch (error) {
    signal?.throwIfAborted();
    logger.warn({ err: error }, 'glyph shapes failed');
  }
  return learnt;
}
