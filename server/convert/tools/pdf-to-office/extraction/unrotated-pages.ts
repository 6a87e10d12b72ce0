// A page whose /Rotate turns its text (qpdf --rotate on an ordinary page: the shown page is
// landscape and every line runs down it, or upside down) is upright in its own, unrotated frame.
// Read as shown, its lines run down, up or right to left, its figures are pictured on their side
// and its page comes out landscape. Such pages are therefore read from a copy of the PDF with their
// /Rotate set to 0, and that copy is the PDF the rest of the job works from (figure clips, glyph
// OCR's line pictures, glyph pictures, degraded pages), so characters, images, drawings, links,
// form fields, the page size and every picture rendered of the page share that one frame.
// The output page (Word section, slide, sheet's print page) then takes the unrotated size: the
// reader gets the text upright, as it was written; a turn made for showing the page is not kept.
// A page turned by /Rotate whose content is drawn turned so its text reads upright as shown is
// not touched: its lines already run left to right.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EngineFailedError, runEngine } from '../../../engines';
import { quarterTurnDirection } from '../page-content';
import type { RawPage } from './raw-page';

/** More than this share of a page's characters must run along its /Rotate's turn. */
const TURNED_SHARE = 0.5;

/** How closely (cosine) a line's direction must match the turn to run along it. */
const ALONG = 0.95;

/** Whether most of the page's characters run the way its /Rotate turns upright text. */
function textTurnedByRotate(raw: RawPage): boolean {
  if (!raw.rotate) return false;
  const along = quarterTurnDirection(raw.rotate);
  const directions = new Map((raw.turns ?? []).map(([line, x, y]) => [line, { x, y }]));
  let turned = 0;
  let all = 0;
  raw.lines.forEach((chars, index) => {
    const direction = directions.get(index) ?? { x: 1, y: 0 };
    const visible = chars.filter(([text]) => text.trim() !== '').length;
    all += visible;
    if (direction.x * along.x + direction.y * along.y >= ALONG) turned += visible;
  });
  return all > 0 && turned > TURNED_SHARE * all;
}

/** The numbers of the pages whose /Rotate turns their text. */
export function pagesTurnedByRotate(raws: readonly RawPage[]): number[] {
  return raws.filter(textTurnedByRotate).map((raw) => raw.number);
}

/**
 * A copy of the PDF in `workDir` with those pages' /Rotate set to 0, or undefined when qpdf cannot
 * write one (a damaged file MuPDF still reads): the pages are then read as shown.
 */
export async function unrotatedCopy(pdfPath: string, pageNumbers: readonly number[], { workDir, signal }: { workDir: string; signal?: AbortSignal }): Promise<string | undefined> {
  // Named afresh: a job of several inputs reads them all in one work dir.
  const copy = path.join(workDir, `unrotated-${randomUUID()}.pdf`);
  try {
    await runEngine('qpdf', ['--warning-exit-0', pdfPath, `--rotate=0:${pageNumbers.join(',')}`, '--', copy], { signal });
    return copy;
  } catch (error) {
    if (error instanceof EngineFailedError) return undefined;
    throw error;
  }
}
