// The script `mutool run` executes (MuPDF's own JavaScript, ES5) to dump what the layout analysis
// needs from each page in one pass: characters with boxes and fonts from the structured text,
// images (drawn into RGB PNGs so CMYK, indexed and mask images all come out; a soft mask as a grey
// PNG of its own), and the straight
// axis-aligned strokes and thin filled bars that tables use as ruling lines, and the extent of
// every other drawing (curves, slanted lines, filled shapes) so the layout can tell a vector figure
// from a table grid; both only as far as their clip paths let them show.
// Characters carry their fill colour as 0xRRGGBB (MuPDF's sRGB value). Before a page is read, its
// fonts get what unmapped-glyphs.ts can recover of their glyphs' Unicode, and the glyphs of an
// /ActualText span come out as one character holding that text (actual-text.ts). Link annotations come as
// [x0, y0, x1, y1, uri, target page (1-based; 0 when the link leaves the document)]. A character
// is [text, box x0, y0, x1, y1, font, size, baseline, colour, origin x, glyph id (only for an
// unreadable U+FFFD: unmapped-glyph-ids.ts)]; lines not running left to
// right are listed in turns as [line index, direction x, direction y]. Filled text and choice fields come
// as fields (form-fields.ts), since the structured text may not show their values. rotate is the
// page's /Rotate (0, 90, 180 or 270), by which everything above is already turned.
// Arguments: <pdf> <image dir> <page numbers…>; prints one JSON object per page.
import { ACTUAL_TEXT_SCRIPT } from './actual-text';
import { CFF_GLYPH_NAMES_SCRIPT } from './cff-glyph-names';
import { FORM_FIELDS_SCRIPT } from './form-fields';
import { GLYPH_ORIGIN_HELPERS } from './glyph-origins';
import { PDF_OBJECT_HELPERS } from './script-pdf-objects';
import { TRUETYPE_UNICODES_SCRIPT } from './truetype-unicodes';
import { UNMAPPED_GLYPH_IDS_SCRIPT } from './unmapped-glyph-ids';
import { GLYPH_RECOVERY_SCRIPT } from './unmapped-glyphs';

export const PAGE_DUMP_SCRIPT = String.raw`
${PDF_OBJECT_HELPERS}
${GLYPH_ORIGIN_HELPERS}
${TRUETYPE_UNICODES_SCRIPT}
${CFF_GLYPH_NAMES_SCRIPT}
${GLYPH_RECOVERY_SCRIPT}
${ACTUAL_TEXT_SCRIPT}
${UNMAPPED_GLYPH_IDS_SCRIPT}
${FORM_FIELDS_SCRIPT}
var MAX_IMAGE_SIDE = 2400;
var THIN_BAR = 2.5;
var MIN_RULE = 3;

function transform(ctm, x, y) {
  return [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]];
}

function round2(v) { return Math.round(v * 100) / 100; }

function isWhite(colorspace, color) {
  var n = String(colorspace);
  if (n.indexOf('CMYK') >= 0) return color[0] + color[1] + color[2] + color[3] < 0.02;
  for (var i = 0; i < color.length; i++) if (color[i] < 0.98) return false;
  return true;
}

/** A path's points in page space, one array per subpath (curves by their control points), and whether it curves. */
function subpaths(path, ctm) {
  var all = [], current = null, curved = false;
  path.walk({
    moveTo: function (x, y) { current = [transform(ctm, x, y)]; all.push(current); },
    lineTo: function (x, y) { if (current) current.push(transform(ctm, x, y)); },
    curveTo: function (x1, y1, x2, y2, x3, y3) {
      curved = true;
      if (current) current.push(transform(ctm, x1, y1), transform(ctm, x2, y2), transform(ctm, x3, y3));
    },
    rectTo: function (x, y, w, h) {
      current = [transform(ctm, x, y), transform(ctm, x + w, y), transform(ctm, x + w, y + h), transform(ctm, x, y + h), transform(ctm, x, y)];
      all.push(current);
    },
    closePath: function () { if (current && current.length) current.push(current[0]); },
  });
  return { parts: all, curved: curved };
}

/** Pieces neither horizontal nor vertical (a plotted series, an arrow head). */
function slantedCount(parts) {
  var n = 0;
  for (var p = 0; p < parts.length; p++)
    for (var i = 1; i < parts[p].length; i++)
      if (Math.abs(parts[p][i][0] - parts[p][i - 1][0]) >= 1 && Math.abs(parts[p][i][1] - parts[p][i - 1][1]) >= 1) n++;
  return n;
}

var DRAWN_RULES = 0, DRAWN_SLANTED = 1, DRAWN_FILL = 2;

/** [x0, y0, x1, y1] around the points of the parts. */
function partsBox(parts) {
  var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (var p = 0; p < parts.length; p++)
    for (var i = 0; i < parts[p].length; i++) {
      x0 = Math.min(x0, parts[p][i][0]); x1 = Math.max(x1, parts[p][i][0]);
      y0 = Math.min(y0, parts[p][i][1]); y1 = Math.max(y1, parts[p][i][1]);
    }
  return [x0, y0, x1, y1];
}

/** The part of box a inside box b (b null: no bound), or null when none is. */
function within(a, b) {
  if (!b) return a;
  var box = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] <= box[2] && box[1] <= box[3] ? box : null;
}

/** [x0, y0, x1, y1, kind, pieces]: what a path covers where it shows (inside its clip) and what it is made of. */
function pushDrawing(drawings, parts, kind, pieces, clip) {
  var box = within(partsBox(parts), clip);
  if (box) drawings.push([round2(box[0]), round2(box[1]), round2(box[2]), round2(box[3]), kind, pieces]);
}

function pushRule(rules, x0, y0, x1, y1, clip) {
  var shown = within([Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)], clip);
  if (!shown) return;
  x0 = shown[0]; y0 = shown[1]; x1 = shown[2]; y1 = shown[3];
  var horizontal = Math.abs(y1 - y0) < 1, vertical = Math.abs(x1 - x0) < 1;
  if (horizontal && Math.abs(x1 - x0) >= MIN_RULE) {
    var y = round2((y0 + y1) / 2);
    rules.push([round2(Math.min(x0, x1)), y, round2(Math.max(x0, x1)), y]);
  } else if (vertical && Math.abs(y1 - y0) >= MIN_RULE) {
    var x = round2((x0 + x1) / 2);
    rules.push([x, round2(Math.min(y0, y1)), x, round2(Math.max(y0, y1))]);
  }
}

/**
 * Collects rules and drawings as far as they show: a path is cut to the clips it is drawn in (a
 * plot's curve running far off its axes is clipped there, and must not reach over the page's
 * text), and what is drawn into a soft mask is no drawing of the page.
 */
function ruleCollector(rules, drawings) {
  var clips = [null], masking = 0;
  var clip = function () { return clips[clips.length - 1]; };
  var pushClip = function (box) {
    var cut = box ? within(box, clip()) : clip();
    // Nothing shows through an empty clip: a box no path can meet.
    clips.push(cut || [Infinity, Infinity, -Infinity, -Infinity]);
  };
  var imageBox = function (ctm) { return partsBox([[transform(ctm, 0, 0), transform(ctm, 1, 0), transform(ctm, 0, 1), transform(ctm, 1, 1)]]); };
  return {
    strokePath: function (path, stroke, ctm, colorspace, color) {
      if (masking || isWhite(colorspace, color)) return;
      var walked = subpaths(path, ctm), parts = walked.parts;
      var pieces = 0;
      for (var p = 0; p < parts.length; p++) pieces += Math.max(1, parts[p].length - 1);
      var slanted = walked.curved ? pieces : slantedCount(parts);
      pushDrawing(drawings, parts, slanted ? DRAWN_SLANTED : DRAWN_RULES, slanted || pieces, clip());
      // A curved path's straight pieces are part of a shape, not ruling.
      if (walked.curved) return;
      for (var p = 0; p < parts.length; p++)
        for (var i = 1; i < parts[p].length; i++) pushRule(rules, parts[p][i - 1][0], parts[p][i - 1][1], parts[p][i][0], parts[p][i][1], clip());
    },
    fillPath: function (path, evenOdd, ctm, colorspace, color) {
      if (masking || isWhite(colorspace, color)) return;
      var walked = subpaths(path, ctm), parts = walked.parts;
      for (var p = 0; p < parts.length; p++) {
        var xs = parts[p].map(function (pt) { return pt[0]; }), ys = parts[p].map(function (pt) { return pt[1]; });
        var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs), y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
        if (!walked.curved && y1 - y0 <= THIN_BAR && x1 - x0 > y1 - y0) pushRule(rules, x0, (y0 + y1) / 2, x1, (y0 + y1) / 2, clip());
        else if (!walked.curved && x1 - x0 <= THIN_BAR && y1 - y0 > x1 - x0) pushRule(rules, (x0 + x1) / 2, y0, (x0 + x1) / 2, y1, clip());
        else pushDrawing(drawings, [parts[p]], walked.curved || slantedCount([parts[p]]) ? DRAWN_SLANTED : DRAWN_FILL, 1, clip());
      }
    },
    clipPath: function (path, evenOdd, ctm) { pushClip(partsBox(subpaths(path, ctm).parts)); },
    clipStrokePath: function (path, stroke, ctm) { pushClip(partsBox(subpaths(path, ctm).parts)); },
    // Text clips are not measured: they bound nothing here.
    clipText: function () { pushClip(null); },
    clipStrokeText: function () { pushClip(null); },
    clipImageMask: function (image, ctm) { pushClip(imageBox(ctm)); },
    // A soft mask's content is no drawing of the page; the mask then clips what follows it until its
    // popClip, unmeasured (a luminosity mask's backdrop may show beyond its area).
    beginMask: function () { masking++; pushClip(null); },
    endMask: function () { masking--; },
    popClip: function () { if (clips.length > 1) clips.pop(); },
    // A tiling pattern (TikZ's hatching) fills its area as far as its clip lets it show: one drawing
    // there, of as many pieces as it repeats its cell (a texture of strokes, not a plain fill: a
    // bar or a frame). The cell drawn once to be repeated is no drawing of the page by itself.
    beginTile: function (area, view, xstep, ystep, ctm) {
      var cells = Math.max(1, Math.round(((area[2] - area[0]) / Math.abs(xstep || 1)) * ((area[3] - area[1]) / Math.abs(ystep || 1))));
      if (!masking) pushDrawing(drawings, [[transform(ctm, area[0], area[1]), transform(ctm, area[2], area[1]), transform(ctm, area[0], area[3]), transform(ctm, area[2], area[3])]], DRAWN_SLANTED, cells, clip());
      masking++;
      return 0;
    },
    endTile: function () { masking--; },
  };
}

/** The image drawn w×h into a fresh RGB pixmap: colours on white, a stencil in black. */
function drawImage(image, w, h, asStencil) {
  var pixmap = new Pixmap(DeviceRGB, [0, 0, w, h], false);
  pixmap.clear(255);
  var device = new DrawDevice(Identity, pixmap);
  if (asStencil) device.fillImageMask(image, [w, 0, 0, h, 0, 0], DeviceGray, [0], 1);
  else device.fillImage(image, [w, 0, 0, h, 0, 0], 1);
  device.close();
  return pixmap;
}

/**
 * Saves the image as PNG; its soft mask, if any, goes next to it ("-mask.png") for
 * read-pages to join as alpha: the draw device paints an image without its mask, so the
 * transparent parts would otherwise show the colour stored under them (black, mostly).
 */
function saveImage(image, file) {
  var w = image.getWidth(), h = image.getHeight();
  var scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(w, h));
  w = Math.max(1, Math.round(w * scale)); h = Math.max(1, Math.round(h * scale));
  var stencil = image.getImageMask();
  drawImage(image, w, h, stencil).saveAsPNG(file);
  var mask = stencil ? null : image.getMask();
  // An explicit /Mask stencil is left as before; only a soft mask is carried as alpha.
  if (!mask || mask.getImageMask()) return null;
  var maskFile = file.replace(/\.png$/, '-mask.png');
  // Decoded, not drawn: the draw device paints a mask image as white. Its size is at least w×h
  // (MuPDF subsamples by halves); the joining stretches it to the image's.
  mask.toPixmap(w, h).saveAsPNG(maskFile);
  return maskFile;
}

/** Link objects are plain {bounds, uri} in MuPDF 1.21 and have getters in later versions. */
function pageLinks(page, bounds) {
  var out = [], links;
  // A damaged annotation costs the page its links, never its text.
  try { links = page.getLinks(); } catch (e) { return out; }
  for (var i = 0; i < links.length; i++) {
    var link = links[i];
    var box = typeof link.getBounds === 'function' ? link.getBounds() : link.bounds;
    var uri = String((typeof link.getURI === 'function' ? link.getURI() : link.uri) || '');
    var target = 0;
    if (uri.charAt(0) === '#') {
      try { var place = doc.resolveLink(uri); target = (typeof place === 'number' ? place : place.page) + 1; } catch (e) { target = 0; }
    }
    out.push([round2(box[0] - bounds[0]), round2(box[1] - bounds[1]), round2(box[2] - bounds[0]), round2(box[3] - bounds[1]), uri, target]);
  }
  return out;
}

/**
 * Notes a line that does not run left to right (a rotated page, a turned text matrix, vertical
 * writing) in turns as [line, dx, dy], and 1 after them for vertical writing (wmode), from its
 * first glyph's quad (upper left to upper right: MuPDF 1.21's walker does not pass the line's
 * direction). Answers whether it is turned.
 */
function noteTurn(turns, lineIndex, quad, wmode) {
  var dx = quad[2] - quad[0], dy = quad[3] - quad[1], length = Math.sqrt(dx * dx + dy * dy);
  if (!(length > 0)) return false;
  dx /= length; dy /= length;
  if (Math.abs(dy) <= 0.01 && dx > 0) return false;
  var turn = [lineIndex, Math.round(dx * 1000) / 1000, Math.round(dy * 1000) / 1000];
  if (wmode) turn.push(1);
  turns.push(turn);
  return true;
}

var doc = new Document(scriptArgs[0]);
var imageDir = scriptArgs[1];
for (var a = 2; a < scriptArgs.length; a++) {
  var number = parseInt(scriptArgs[a], 10);
  if (doc.isPDF()) try { recoverFontNames(doc, doc.findPage(number - 1)); } catch (e) {}
  var actual = null, placedSpans = {};
  if (doc.isPDF()) try { actual = actualTextSpans(scriptArgs[0], doc, number - 1); } catch (e) { actual = null; }
  var page = doc.loadPage(number - 1);
  var bounds = page.bound(), rotate = 0;
  if (doc.isPDF()) try { rotate = pageRotation(doc.findPage(number - 1)); } catch (e) {}
  var fonts = [], fontIndex = {};
  var lines = [], images = [], rules = [], drawings = [], turns = [];
  var line = null, lineTurned = null, lineVertical = false, unreadable = [];
  page.toStructuredText('preserve-images').walk({
    beginLine: function (bbox, wmode) { line = []; lines.push(line); lineTurned = null; lineVertical = !!wmode; },
    onChar: function (c, origin, font, size, quad, color) {
      if (lineTurned === null) lineTurned = noteTurn(turns, lines.length - 1, quad, lineVertical);
      var key = font.getName() + '|' + font.isBold() + '|' + font.isItalic();
      if (!(key in fontIndex)) { fontIndex[key] = fonts.length; fonts.push([font.getName(), font.isBold(), font.isItalic()]); }
      var x0 = Math.min(quad[0], quad[2], quad[4], quad[6]), x1 = Math.max(quad[0], quad[2], quad[4], quad[6]);
      var y0 = Math.min(quad[1], quad[3], quad[5], quad[7]), y1 = Math.max(quad[1], quad[3], quad[5], quad[7]);
      var entry = [c, round2(x0 - bounds[0]), round2(y0 - bounds[1]), round2(x1 - bounds[0]), round2(y1 - bounds[1]), fontIndex[key], round2(size), round2(origin[1] - bounds[1]), typeof color === 'number' ? color : 0, round2(origin[0] - bounds[0])];
      if (placeSpanChar(actual, placedSpans, origin, entry, line)) return;
      line.push(entry);
      // MuPDF reads a vertical glyph from a point a font's bounding box above where it is drawn; the
      // page's drawing knows it by its foot, the quad's lower right corner (read-pages.ts verticalGlyph).
      if (c === '\uFFFD') unreadable.push([entry, lineVertical ? [quad[6], quad[7]] : origin]);
    },
    onImageBlock: function (bbox, transform, image) {
      var file = imageDir + '/p' + number + '-' + images.length + '.png';
      var mask;
      try { mask = saveImage(image, file); } catch (e) { return; }
      var entry = [round2(bbox[0] - bounds[0]), round2(bbox[1] - bounds[1]), round2(bbox[2] - bounds[0]), round2(bbox[3] - bounds[1]), file];
      if (mask) entry.push(mask);
      images.push(entry);
    },
  });
  try { noteGlyphIds(page, unreadable); } catch (e) {}
  page.run(ruleCollector(rules, drawings), [1, 0, 0, 1, -bounds[0], -bounds[1]]);
  var fields = [];
  if (doc.isPDF()) try { fields = formFields(doc, page, number, bounds); } catch (e) { fields = []; }
  print(JSON.stringify({ number: number, width: round2(bounds[2] - bounds[0]), height: round2(bounds[3] - bounds[1]), rotate: rotate, fonts: fonts, lines: lines, turns: turns, images: images, rules: rules, drawings: drawings, links: pageLinks(page, bounds), fields: fields }));
}
`;
