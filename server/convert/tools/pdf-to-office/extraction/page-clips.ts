// Draws regions of pages (a vector figure, or a whole page that could not be rebuilt) to PNG with
// one `mutool run` per batch: each clip is a pixmap covering only its region, so a figure costs
// its own pixels, not the page's. Text inside the region is drawn too: a figure's labels stay with it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../../../engines';
import type { Box } from '../page-content';
import { logger } from '../../../../log';

/** 144 dpi: sharp on screen and in print preview at the figure's own size. */
const SCALE = 2;
/** Longest side of a clip in pixels; larger regions are drawn at a lower scale. */
const MAX_SIDE = 2400;
/** White space kept around a figure (points), so strokes on its edge are not cut. */
const PADDING = 2;

export interface PageClip {
  /** 1-based page number. */
  page: number;
  /** Page points from the top left, as the page dump gives them. */
  box: Box;
  /** PNG to write. */
  file: string;
}

// Arguments: <pdf> then, per clip, page x0 y0 x1 y1 file; prints "ok <file>" per clip drawn.
const CLIP_SCRIPT = String.raw`
var doc = new Document(scriptArgs[0]);
for (var a = 1; a + 5 < scriptArgs.length; a += 6) {
  var file = scriptArgs[a + 5];
  try {
    var page = doc.loadPage(parseInt(scriptArgs[a], 10) - 1);
    var bounds = page.bound();
    var x0 = parseFloat(scriptArgs[a + 1]), y0 = parseFloat(scriptArgs[a + 2]), x1 = parseFloat(scriptArgs[a + 3]), y1 = parseFloat(scriptArgs[a + 4]);
    var scale = Math.min(${SCALE}, ${MAX_SIDE} / Math.max(x1 - x0, y1 - y0, 1));
    var pixmap = new Pixmap(DeviceRGB, [Math.floor(x0 * scale), Math.floor(y0 * scale), Math.ceil(x1 * scale), Math.ceil(y1 * scale)], false);
    pixmap.clear(255);
    var device = new DrawDevice(Identity, pixmap);
    page.run(device, [scale, 0, 0, scale, -bounds[0] * scale, -bounds[1] * scale]);
    device.close();
    pixmap.saveAsPNG(file);
    print('ok ' + file);
  } catch (e) {
    print('failed ' + file + ' ' + e);
  }
}
`;

/** Draws the clips; returns the files written (a clip mutool could not draw is left out). */
export async function drawPageClips(pdfPath: string, clips: readonly PageClip[], { workDir, signal }: { workDir: string; signal?: AbortSignal }): Promise<Set<string>> {
  if (clips.length === 0) return new Set();
  const script = path.join(workDir, 'page-clips.js');
  await writeFile(script, CLIP_SCRIPT);
  const args = clips.flatMap(({ page, box, file }) => [
    String(page),
    ...[box.x0 - PADDING, box.y0 - PADDING, box.x1 + PADDING, box.y1 + PADDING].map((v) => v.toFixed(2)),
    file,
  ]);
  try {
    const { stdout } = await runEngine('mutool', ['run', script, pdfPath, ...args], { signal });
    return new Set(
      stdout
        .toString('utf8')
        .split('\n')
        .filter((line) => line.startsWith('ok '))
        .map((line) => line.slice(3)),
    );
  } catch (error) {
    signal?.throwIfAborted();
    logger.warn({ err: error }, 'page clips failed');
    return new Set();
  }
}
