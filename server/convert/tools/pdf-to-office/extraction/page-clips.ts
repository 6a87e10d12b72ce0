// Draws regions of pages (a vector figure, or a whole page that could not be rebuilt) to PNG with
// one `mutool run` per batch: each clip is a pixmap covering only its region, so a figure costs
// its own pixels, not the page's.
// A figure whose text the writer places as labels over it is drawn without that text: the page
// runs through a device that passes everything on to the draw device except the glyphs whose
// origins are the labels' (other text in the region, such as glyphs no label could read, stays
// drawn). The script says which labels it found drawn: a label whose glyphs were never shown
// (invisible text, text used as a clip) is not placed. Should the text-free drawing fail, the clip
// is drawn whole, text included, and no label is placed.
// A clip may instead be asked to take in the whole ink of some glyphs (a tall TeX brace reaches
// far beyond its line): those glyphs alone are drawn first, around the box, and the box grows to
// where their ink reaches. Or a clip may show only some glyphs, nothing else of the page (a glyph's
// own ink, for glyph-ocr/glyph-shapes.ts).
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EngineFailedError, runEngine } from '../../../engines';
import type { Box } from '../page-content';
import { logger } from '../../../../log';
import { GLYPH_ORIGIN_HELPERS } from './glyph-origins';

/** 144 dpi: sharp on screen and in print preview at the figure's own size. */
const SCALE = 2;
/** Longest side of a clip in pixels; larger regions are drawn at a lower scale. */
const MAX_SIDE = 2400;
/** A drawn glyph whose origin lies this close (points) to a label glyph's is that glyph. */
const SAME_ORIGIN = 0.5;

export interface PageClip {
  /** 1-based page number. */
  page: number;
  /** Page points from the top left, as the page dump gives them. */
  box: Box;
  /** PNG to write. */
  file: string;
  /** Per label, the origins of its glyphs (page points, as the dump gives them): left out of the picture. */
  labels?: { x: number; y: number }[][];
  /** Pixels per point; SCALE unless said (still capped by MAX_SIDE). */
  scale?: number;
  /** Glyphs (their origins) whose ink the box grows to take in, up to `reach` points beyond it. */
  grow?: { glyphs: { x: number; y: number }[]; reach: number };
  /** The origins of the only glyphs drawn: neither the page's other text nor its paths and images. */
  only?: { x: number; y: number }[];
}

/** The pixels per point a clip is drawn at. */
export function clipScale({ box, scale = SCALE }: Pick<PageClip, 'box' | 'scale'>): number {
  return Math.min(scale, MAX_SIDE / Math.max(box.x1 - box.x0, box.y1 - box.y0, 1));
}

/** Where a page point lands in a clip's picture (pixels from its top left). */
export function clipPixel(clip: Pick<PageClip, 'box' | 'scale'>, x: number, y: number): { x: number; y: number } {
  const scale = clipScale(clip);
  return { x: x * scale - Math.floor(clip.box.x0 * scale), y: y * scale - Math.floor(clip.box.y0 * scale) };
}

export interface DrawnClip {
  /** The labels (indexes into PageClip.labels) found drawn and left out; undefined when drawn with its text. */
  labelsLeftOut?: number[];
  /** The box drawn, when it grew to take in PageClip.grow's glyphs. */
  box?: Box;
}

// Argument: a JSON file of [page, x0, y0, x1, y1, file, labels (each a flat [x, y, x, y…] list), scale (clipScale),
// grow glyphs (a flat [x, y…] list), grow reach, the only glyphs drawn (a flat [x, y…] list, empty for all)].
// Prints "ok <file>" for a clip drawn whole, "ok-labels <found label indexes, comma-separated> <file>"
// for one drawn without its labels' glyphs, "box <x0> <y0> <x1> <y1> <file>" before the "ok" of one
// whose box grew.
const CLIP_SCRIPT = String.raw`
${GLYPH_ORIGIN_HELPERS}
var SAME_ORIGIN = ${SAME_ORIGIN};

/** Origins of the labels' glyphs in a grid of SAME_ORIGIN cells, each holding its label. */
function originIndex(labels) {
  var cells = {};
  for (var l = 0; l < labels.length; l++)
    for (var i = 0; i + 1 < labels[l].length; i += 2) {
      var key = Math.round(labels[l][i] / SAME_ORIGIN) + ',' + Math.round(labels[l][i + 1] / SAME_ORIGIN);
      (cells[key] = cells[key] || []).push([labels[l][i], labels[l][i + 1], l]);
    }
  return cells;
}

/** The label whose glyph has its origin at (x, y), or -1. */
function labelAt(cells, x, y) {
  var cx = Math.round(x / SAME_ORIGIN), cy = Math.round(y / SAME_ORIGIN);
  for (var dx = -1; dx <= 1; dx++)
    for (var dy = -1; dy <= 1; dy++) {
      var cell = cells[(cx + dx) + ',' + (cy + dy)];
      if (!cell) continue;
      for (var i = 0; i < cell.length; i++)
        if (Math.abs(cell[i][0] - x) <= SAME_ORIGIN && Math.abs(cell[i][1] - y) <= SAME_ORIGIN) return cell[i][2];
    }
  return -1;
}

/** Of the text, the glyphs "keep" takes (given the label at the glyph's origin, or -1); "found" collects the labels met. */
function pickGlyphs(text, ctm, cells, toPage, found, keep) {
  var out = new Text();
  text.walk({
    showGlyph: function (font, trm, glyph, unicode, wmode) {
      var origin = glyphOrigin(ctm, trm);
      var p = toPage(origin[0], origin[1]);
      var label = labelAt(cells, p[0], p[1]);
      if (keep(label)) out.showGlyph(font, trm, glyph, unicode, wmode);
      if (label >= 0) found[label] = true;
    },
  });
  return out;
}

/** A device drawing onto "draw" only the glyphs at the origins of "cells", and nothing else. */
function onlyGlyphs(draw, cells, toPage) {
  var found = {};
  function kept(text, ctm) { return pickGlyphs(text, ctm, cells, toPage, found, function (label) { return label >= 0; }); }
  return {
    fillText: function (text, ctm, cs, color, alpha, params) { draw.fillText(kept(text, ctm), ctm, cs, color, alpha, params); },
    strokeText: function (text, stroke, ctm, cs, color, alpha, params) { draw.strokeText(kept(text, ctm), stroke, ctm, cs, color, alpha, params); },
  };
}

/**
 * A device drawing onto "draw" all but the labels' glyphs; "found" collects the labels met.
 * "toPage" turns a device point back into page points.
 */
function withoutLabels(draw, cells, toPage, found) {
  function kept(text, ctm) { return pickGlyphs(text, ctm, cells, toPage, found, function (label) { return label < 0; }); }
  return {
    fillText: function (text, ctm, cs, color, alpha, params) { draw.fillText(kept(text, ctm), ctm, cs, color, alpha, params); },
    strokeText: function (text, stroke, ctm, cs, color, alpha, params) { draw.strokeText(kept(text, ctm), stroke, ctm, cs, color, alpha, params); },
    clipText: function (text, ctm) { draw.clipText(text, ctm); },
    clipStrokeText: function (text, stroke, ctm) { draw.clipStrokeText(text, stroke, ctm); },
    ignoreText: function (text, ctm) { draw.ignoreText(text, ctm); },
    fillPath: function (p, evenOdd, ctm, cs, color, alpha, params) { draw.fillPath(p, evenOdd, ctm, cs, color, alpha, params); },
    strokePath: function (p, stroke, ctm, cs, color, alpha, params) { draw.strokePath(p, stroke, ctm, cs, color, alpha, params); },
    clipPath: function (p, evenOdd, ctm) { draw.clipPath(p, evenOdd, ctm); },
    clipStrokePath: function (p, stroke, ctm) { draw.clipStrokePath(p, stroke, ctm); },
    fillShade: function (shade, ctm, alpha, params) { draw.fillShade(shade, ctm, alpha, params); },
    fillImage: function (image, ctm, alpha, params) { draw.fillImage(image, ctm, alpha, params); },
    fillImageMask: function (image, ctm, cs, color, alpha, params) { draw.fillImageMask(image, ctm, cs, color, alpha, params); },
    clipImageMask: function (image, ctm) { draw.clipImageMask(image, ctm); },
    popClip: function () { draw.popClip(); },
    beginMask: function (area, luminosity, cs, color, params) { draw.beginMask(area, luminosity, cs, color, params); },
    endMask: function () { draw.endMask(); },
    beginGroup: function (area, cs, isolated, knockout, blendmode, alpha) { draw.beginGroup(area, cs, isolated, knockout, blendmode, alpha); },
    endGroup: function () { draw.endGroup(); },
    beginTile: function (area, view, xstep, ystep, ctm, id) { return draw.beginTile(area, view, xstep, ystep, ctm, id); },
    endTile: function () { draw.endTile(); },
    beginLayer: function (name) { draw.beginLayer(name); },
    endLayer: function () { draw.endLayer(); },
  };
}

/**
 * Draws the clip to its file; with labels, leaves their glyphs out and answers which labels were
 * met; with "only" origins (flat [x, y…]), draws those glyphs alone.
 */
function drawClip(doc, clip, labels, only) {
  var page = doc.loadPage(clip[0] - 1);
  var bounds = page.bound();
  var x0 = clip[1], y0 = clip[2], x1 = clip[3], y1 = clip[4];
  var scale = clip[7];
  var pixmap = new Pixmap(DeviceRGB, [Math.floor(x0 * scale), Math.floor(y0 * scale), Math.ceil(x1 * scale), Math.ceil(y1 * scale)], false);
  pixmap.clear(255);
  var draw = new DrawDevice(Identity, pixmap);
  var found = {};
  var toPage = function (x, y) { return [x / scale, y / scale]; };
  var device = labels ? withoutLabels(draw, originIndex(labels), toPage, found) : only ? onlyGlyphs(draw, originIndex([only]), toPage) : draw;
  page.run(device, [scale, 0, 0, scale, -bounds[0] * scale, -bounds[1] * scale]);
  draw.close();
  pixmap.saveAsPNG(clip[5]);
  return Object.keys(found);
}

/** A pixel lighter than this is paper, when looking for where glyphs' ink reaches. */
var PAPER = 224;

/** The box of the clip grown to the ink of the glyphs at "origins" (flat [x, y…]), looked for up to "reach" beyond it. */
function grownBox(doc, clip, origins, reach) {
  var page = doc.loadPage(clip[0] - 1);
  var bounds = page.bound();
  var x0 = clip[1] - reach, y0 = clip[2] - reach, x1 = clip[3] + reach, y1 = clip[4] + reach;
  var pixmap = new Pixmap(DeviceRGB, [Math.floor(x0), Math.floor(y0), Math.ceil(x1), Math.ceil(y1)], false);
  pixmap.clear(255);
  var draw = new DrawDevice(Identity, pixmap);
  page.run(onlyGlyphs(draw, originIndex([origins]), function (x, y) { return [x, y]; }), [1, 0, 0, 1, -bounds[0], -bounds[1]]);
  draw.close();
  var box = [clip[1], clip[2], clip[3], clip[4]];
  var left = pixmap.getX(), top = pixmap.getY(), width = pixmap.getWidth(), height = pixmap.getHeight();
  for (var y = 0; y < height; y++)
    for (var x = 0; x < width; x++) {
      if (pixmap.getSample(x, y, 0) >= PAPER && pixmap.getSample(x, y, 1) >= PAPER && pixmap.getSample(x, y, 2) >= PAPER) continue;
      box[0] = Math.min(box[0], left + x); box[1] = Math.min(box[1], top + y);
      box[2] = Math.max(box[2], left + x + 1); box[3] = Math.max(box[3], top + y + 1);
    }
  return box;
}

var doc = new Document(scriptArgs[0]);
var clips = JSON.parse(read(scriptArgs[1]));
for (var c = 0; c < clips.length; c++) {
  var clip = clips[c], labels = clip[6];
  try {
    if (clip[8].length) {
      try {
        var grown = grownBox(doc, clip, clip[8], clip[9]);
        clip[1] = grown[0]; clip[2] = grown[1]; clip[3] = grown[2]; clip[4] = grown[3];
        print('box ' + grown.join(' ') + ' ' + clip[5]);
      } catch (e) {
        // drawn at the box it was given
      }
    }
    if (labels.length) {
      try {
        print('ok-labels ' + drawClip(doc, clip, labels).join(',') + ' ' + clip[5]);
        continue;
      } catch (e) {
        // drawn whole below: the figure is never lost to its labels
      }
    }
    drawClip(doc, clip, null, clip[10].length ? clip[10] : null);
    print('ok ' + clip[5]);
  } catch (e) {
    print('failed ' + clip[5] + ' ' + e);
  }
}
`;

/** The job file of a batch of clips, as CLIP_SCRIPT reads it. */
function clipJob(clips: readonly PageClip[]): string {
  const round = (v: number) => Math.round(v * 100) / 100;
  const flat = (glyphs: readonly { x: number; y: number }[]) => glyphs.flatMap((g) => [round(g.x), round(g.y)]);
  return JSON.stringify(
    clips.map((clip) => {
      const { page, box, file, labels = [], grow, only = [] } = clip;
      return [page, round(box.x0), round(box.y0), round(box.x1), round(box.y1), file, labels.map(flat), clipScale(clip), flat(grow?.glyphs ?? []), round(grow?.reach ?? 0), flat(only)];
    }),
  );
}

/** What CLIP_SCRIPT printed: the clips drawn and how, and every file it answered for (drawn or failed). */
function readClipAnswers(stdout: string, drawn: Map<string, DrawnClip>): Set<string> {
  const answered = new Set<string>();
  const grown = new Map<string, Box>();
  for (const line of stdout.split('\n')) {
    const box = /^box (\S+) (\S+) (\S+) (\S+) (.+)$/.exec(line);
    if (box) grown.set(box[5], { x0: Number(box[1]), y0: Number(box[2]), x1: Number(box[3]), y1: Number(box[4]) });
    if (line.startsWith('ok ')) drawn.set(line.slice(3), grown.has(line.slice(3)) ? { box: grown.get(line.slice(3)) } : {});
    const withoutLabels = /^ok-labels ([\d,]*) (.+)$/.exec(line);
    if (withoutLabels) drawn.set(withoutLabels[2], { labelsLeftOut: withoutLabels[1] ? withoutLabels[1].split(',').map(Number) : [] });
    const file = /^(?:ok|ok-labels \S*|failed) (\S+)/.exec(line)?.[1];
    if (file) answered.add(file);
  }
  for (const file of drawn.keys()) answered.add(file);
  return answered;
}

/**
 * Draws the clips; answers for each file written how (a clip mutool could not draw is left out).
 * Should mutool die in a batch (MuPDF has crashed after drawing many clips in one run: GeoTopo's
 * page 79 after 86 others, alone it draws), the clips it answered for stand and the rest are drawn
 * by a new run. Its answers go to a pipe, which holds them until it fills: a run that dies may
 * take all it drew with it, so one that answered nothing tells nothing of which clip it died on —
 * the first is then drawn alone, and left out only when a run of it alone dies too. One bad clip
 * costs itself, not every picture of the batch.
 */
export async function drawPageClips(pdfPath: string, clips: readonly PageClip[], { workDir, signal }: { workDir: string; signal?: AbortSignal }): Promise<Map<string, DrawnClip>> {
  const drawn = new Map<string, DrawnClip>();
  if (clips.length === 0) return drawn;
  const script = path.join(workDir, 'page-clips.js');
  await writeFile(script, CLIP_SCRIPT);
  let alone = false;
  for (let remaining = clips; remaining.length > 0; ) {
    const batch = alone ? remaining.slice(0, 1) : remaining;
    const job = path.join(workDir, `page-clips-${randomUUID()}.json`);
    await writeFile(job, clipJob(batch));
    let stdout: Buffer;
    try {
      stdout = (await runEngine('mutool', ['run', script, pdfPath, job], { signal })).stdout;
    } catch (error) {
      signal?.throwIfAborted();
      if (!(error instanceof EngineFailedError)) {
        logger.warn({ err: error }, 'page clips failed');
        return drawn;
      }
      // Its last answers may be lost with it: those clips are drawn again.
      const answered = readClipAnswers(error.result.stdout.toString('utf8'), drawn);
      const unanswered = batch.filter((clip) => !answered.has(clip.file));
      const died = { exitCode: error.result.exitCode, stderr: error.result.stderr.slice(-500) };
      if (unanswered.length === batch.length && batch.length > 1) {
        logger.warn({ ...died, left: batch.length }, 'page clips: mutool died answering nothing, drawing the first alone');
        alone = true;
      } else if (unanswered.length === batch.length) {
        logger.warn({ ...died, page: batch[0].page, box: batch[0].box }, 'page clip not drawn: mutool died on it');
        remaining = remaining.slice(1);
        alone = false;
      } else {
        logger.warn({ ...died, left: unanswered.length }, 'page clips: mutool died, drawing the rest anew');
        remaining = [...unanswered, ...remaining.slice(batch.length)];
        alone = false;
      }
      continue;
    }
    readClipAnswers(stdout.toString('utf8'), drawn);
    remaining = remaining.slice(batch.length);
    alone = false;
  }
  return drawn;
}
