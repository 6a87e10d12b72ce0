// cad-to-img, cad-to-pdf and cad-to-dwf on every real drawing of ../shared/fixtures/cad and on
// generated ones (every entity type; two paper-space layouts), read back by other programs:
// sharp for pictures, pdftotext/pdfinfo/qpdf for PDF, Python's zipfile/ElementTree for DWFx. The
// picture of 2004_Text.dwg is compared with AutoCAD's screenshot of it. The renderer's rules
// (ByBlock, hidden layers, infinite lines, MTEXT codes) are checked on drawings built here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CadDrawing, CadEntity } from '../../server/convert/engines/cad-reader';
import { CAD_UNREADABLE_MESSAGE, readCadDrawing } from '../../server/convert/engines/cad-reader';
import { cadToDwf, cadToImg, cadToPdf } from '../../server/convert/tools/cad/render';
import { drawSheets, extents } from '../../server/convert/tools/cad/render/draw';
import { dashPolyline, nurbsPoints } from '../../server/convert/tools/cad/render/geometry';
import { mtextParagraphs, plainText } from '../../server/convert/tools/cad/render/text-codes';
import { jobContext, refusal, scratchFolder } from '../support/convert-job';
import { CAD_FIXTURES, cadFixture, DEBIAN_PYTHON, HAVE_CAD_FIXTURES, makeDrawing, noteMissingFixtures, writeHostileDrawings } from '../support/cad/drawings';
import { checkOpc, inkShare, pdfPageCount, pdfRawText, textLineMatch } from '../support/cad/rendered';

const scratch = scratchFolder('cad-render-');
let generated: string;
let layouts: string;
beforeAll(() => {
  noteMissingFixtures();
  generated = makeDrawing(scratch);
  layouts = path.join(scratch, 'layouts.dxf');
  execFileSync(DEBIAN_PYTHON, [path.join(__dirname, '../support/cad/make-layouts.py'), layouts]);
});

const input = (file: string) => ({ name: path.basename(file), path: file, size: fs.statSync(file).size, type: file.endsWith('.dxf') ? 'dxf' : 'dwg' });
const imageOptions = (o: Partial<Parameters<typeof cadToImg.convert>[0]['options']> = {}) => cadToImg.options.parse(o);
const realWorld = HAVE_CAD_FIXTURES ? test : test.skip;
const fixtures = HAVE_CAD_FIXTURES ? fs.readdirSync(CAD_FIXTURES).filter((n) => /\.(dwg|dxf)$/.test(n)) : [];

describe('every drawing through every tool', () => {
  const cases = [...fixtures.map((n) => [n]), ['generated.dxf']];
  test.each(cases)('%s', async (name) => {
    const file = name === 'generated.dxf' ? generated : cadFixture(name);
    const [png] = await cadToImg.convert({ inputs: [input(file)], options: imageOptions({ width: 1200 }) }, jobContext(scratch));
    const meta = await sharp(png!.path).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: 'png', width: 1200 });
    expect(await inkShare(png!.path)).toBeGreaterThan(0.0005);
    const [pdf] = await cadToPdf.convert({ inputs: [input(file)], options: cadToPdf.options.parse({}) }, jobContext(scratch));
    execFileSync('qpdf', ['--check', pdf!.path]);
    expect(pdfPageCount(pdf!.path)).toBe(1);
    const [dwfx] = await cadToDwf.convert({ inputs: [input(file)], options: cadToDwf.options.parse({}) }, jobContext(scratch));
    expect(dwfx!.name).toMatch(/\.dwfx$/);
    const report = checkOpc(dwfx!.path);
    expect({ uncovered: report.uncovered, unresolved: report.unresolved, unparsed: report.unparsed, pages: report.pages.length }).toEqual({ uncovered: [], unresolved: [], unparsed: [], pages: 1 });
    expect(report.pages[0]!.paths + report.pages[0]!.glyphs).toBeGreaterThan(1); // the paper and the drawing
  }, 120_000);
});

realWorld("2004_Text.dwg's picture matches AutoCAD's screenshot of it (2004_Text.jpg)", async () => {
  const [png] = await cadToImg.convert({ inputs: [input(cadFixture('2004_Text.dwg'))], options: imageOptions({ width: 2000 }) }, jobContext(scratch));
  const match = await textLineMatch(png!.path, cadFixture('2004_Text.jpg'));
  const mirrored = await textLineMatch(await sharp(png!.path).flop().png().toBuffer(), cadFixture('2004_Text.jpg'));
  console.log(`2004_Text: column-ink correlation ${match.correlation.toFixed(3)} (mirrored control ${mirrored.correlation.toFixed(3)}), aspect ratio ${match.aspectRatio.toFixed(3)}`);
  // The screenshot's line is 274 × 6 px of JPEG: words and gaps line up at about 0.75; the same
  // ink mirrored (every word elsewhere) scores below 0. The line's length to height within 15%
  // says the text was set at the drawing's height in a face as wide as AutoCAD's Arial.
  expect(match.correlation).toBeGreaterThan(0.6);
  expect(mirrored.correlation).toBeLessThan(0.3);
  expect(match.aspectRatio).toBeGreaterThan(0.85);
  expect(match.aspectRatio).toBeLessThan(1.15);
}, 60_000);

test("cad-to-pdf keeps the drawing's text as text, Chinese included; JPG and SVG on black too", async () => {
  const [pdf] = await cadToPdf.convert({ inputs: [input(generated)], options: cadToPdf.options.parse({ paper: 'A3', orientation: 'landscape' }) }, jobContext(scratch));
  const text = pdfRawText(pdf!.path);
  for (const words of ['图纸标题 Title', '多行文字第一行', '第二行 MText']) expect(text).toContain(words);
  // The attribute is one text object at 30°: pdftotext may break a rotated line between glyphs.
  expect(text.replace(/\s+/g, '')).toContain('门-1');
  expect(execFileSync('pdfinfo', [pdf!.path], { encoding: 'utf8' })).toMatch(/Page size:\s+1190\.55 x 841\.89/); // A3 landscape, as asked
  const [jpg] = await cadToImg.convert({ inputs: [input(generated)], options: imageOptions({ format: 'jpg', background: 'black', width: 800 }) }, jobContext(scratch));
  expect((await sharp(jpg!.path).metadata()).format).toBe('jpeg');
  const [r, g, b] = (await sharp(jpg!.path).stats()).channels.map((c) => c.mean);
  expect(Math.max(r!, g!, b!)).toBeLessThan(60); // a black screen with light ink
  expect(await inkShare(jpg!.path, 'black')).toBeGreaterThan(0.001);
  const [svg] = await cadToImg.convert({ inputs: [input(generated)], options: imageOptions({ format: 'svg', sizing: 'dpi', dpi: 72 }) }, jobContext(scratch));
  const svgText = fs.readFileSync(svg!.path, 'utf8');
  expect(svgText).toContain('图纸标题');
  expect(svgText).toContain('WenQuanYi Zen Hei');
  expect((await sharp(svg!.path).metadata()).format).toBe('svg');
}, 60_000);

test('one PDF page and one FixedPage per layout, each with its own text', async () => {
  const [pdf] = await cadToPdf.convert({ inputs: [input(layouts)], options: cadToPdf.options.parse({}) }, jobContext(scratch));
  expect(pdfPageCount(pdf!.path)).toBe(2);
  const text = pdfRawText(pdf!.path);
  expect(text.indexOf('布局一 图框')).toBeGreaterThanOrEqual(0);
  expect(text.indexOf('布局二 立面')).toBeGreaterThan(text.indexOf('布局一 图框'));
  expect(text).not.toContain('模型空间');
  expect(execFileSync('pdfinfo', [pdf!.path], { encoding: 'utf8' })).toMatch(/Page size:\s+1190\.55 x 841\.89/); // the layouts' A3 paper
  const [dwfx] = await cadToDwf.convert({ inputs: [input(layouts)], options: cadToDwf.options.parse({}) }, jobContext(scratch));
  const report = checkOpc(dwfx!.path);
  expect(report.roots).toEqual(['http://schemas.microsoft.com/xps/2005/06/fixedrepresentation']);
  expect(report.pages.map((p) => [p.root.replace(/^\{.*\}/, ''), p.text])).toEqual([
    ['FixedPage', '布局一 图框'],
    ['FixedPage', '布局二 立面'],
  ]);
  for (const page of report.pages) expect(page.glyphs).toBeGreaterThan(0);
  expect(report.parts).toContain('Resources/Fonts/cjk.ttf'); // lines with Chinese are set wholly in the CJK face
  const [model] = await cadToPdf.convert({ inputs: [input(layouts)], options: cadToPdf.options.parse({ space: 'model' }) }, jobContext(scratch));
  expect(pdfPageCount(model!.path)).toBe(1);
  expect(pdfRawText(model!.path)).toContain('模型空间');
  const images = await cadToImg.convert({ inputs: [input(layouts)], options: imageOptions({ space: 'layouts', width: 600 }) }, jobContext(scratch));
  expect(images.map((o) => o.name)).toEqual(['layouts-Layout1.png', 'layouts-立面图.png']);
}, 60_000);

test('a layout shows model space through its viewport: scaled 1:2 about the view centre, cut to the window, on the PDF page and in the picture', async () => {
  const file = path.join(scratch, 'viewport.dxf');
  execFileSync(DEBIAN_PYTHON, [path.join(__dirname, '../support/cad/make-viewport.py'), file]);
  const [pdf] = await cadToPdf.convert({ inputs: [input(file)], options: cadToPdf.options.parse({}) }, jobContext(scratch));
  expect(pdfPageCount(pdf!.path)).toBe(2);
  const text = pdfRawText(pdf!.path).split('\f')[0]!;
  expect(text).toContain('图框标题');
  expect(text).toContain('视口内文字');
  expect(text).not.toContain('视口外文字'); // model text outside the viewport's view is cut away
  // The geometry: window 110–310 × 90–210 mm on paper; model (0, 0) at its centre (210, 150), 1:2.
  const drawing = await readCadDrawing(file, 'dxf', scratch);
  expect(drawing.paperSpaces.flatMap((p) => p.viewports ?? []).sort((a, b) => a.viewHeight - b.viewHeight)).toEqual([
    { center: { x: 210, y: 150 }, width: 200, height: 120, viewCenter: { x: 0, y: 0 }, viewHeight: 240, twist: 0 },
    { center: { x: 100, y: 100 }, width: 80, height: 80, viewCenter: { x: 0, y: 0 }, viewHeight: 400, twist: 0 },
  ]);
  const [sheet, elevation] = drawSheets(drawing, 'layouts', { plotOnly: true });
  // The second layout draws the model once, through its window only (its own viewport is the sheet, not a view).
  const elevationPoints = elevation!.primitives.flatMap((p) => (p.kind === 'stroke' ? p.paths.flat() : []));
  expect(elevationPoints.length).toBeGreaterThan(10);
  expect(elevationPoints.every((p) => p.x >= 60 - 1e-6 && p.x <= 140 + 1e-6 && p.y >= 60 - 1e-6 && p.y <= 140 + 1e-6)).toBe(true);
  expect(Math.max(...elevationPoints.map((p) => p.y))).toBeCloseTo(100 + 100 / 5, 1); // the circle's top at 1:5
  const label = sheet!.primitives.find((p) => p.kind === 'text' && p.text === '视口内文字');
  expect(label && label.kind === 'text' && [label.x, label.y]).toEqual([expect.closeTo(210 - 40 / 2, 3), expect.closeTo(150 + 20 / 2, 3)]);
  const strokes = sheet!.primitives.flatMap((p) => (p.kind === 'stroke' ? p.paths.flat() : []));
  const modelPoints = strokes.filter((p) => p.y > 80 && p.y < 220 && p.x > 100 && p.x < 320);
  expect(Math.min(...modelPoints.map((p) => p.x))).toBeCloseTo(110, 3); // the ±300 model line cut at the window
  expect(Math.max(...modelPoints.map((p) => p.x))).toBeCloseTo(310, 3);
  const circleTop = Math.max(...modelPoints.filter((p) => Math.abs(p.x - 210) < 1).map((p) => p.y));
  expect(circleTop).toBeCloseTo(150 + 100 / 2, 1);
  const [png] = await cadToImg.convert({ inputs: [input(file)], options: imageOptions({ space: 'layouts', width: 800 }) }, jobContext(scratch));
  expect(await inkShare(png!.path)).toBeGreaterThan(0.005);
}, 60_000);

test('hostile drawings are refused in Chinese by each tool', async () => {
  const files = writeHostileDrawings(scratch);
  for (const [name, file] of Object.entries(files)) {
    for (const converter of [cadToImg, cadToPdf, cadToDwf]) {
      const message = await refusal(converter.convert({ inputs: [input(file)], options: converter.options.parse({}) as never }, jobContext(scratch)));
      expect({ name, tool: converter.toolId, message }).toEqual({ name, tool: converter.toolId, message: CAD_UNREADABLE_MESSAGE });
    }
  }
}, 120_000);

// ---- the renderer's rules on drawings built here --------------------------------------------

const style = (layer = '0', color = 256): Pick<CadEntity, 'layer' | 'color' | 'lineType' | 'lineweight' | 'lineTypeScale' | 'visible'> => ({ layer, color, lineType: '', lineweight: -1, lineTypeScale: 1, visible: true });
const layer = (name: string, color: number, extra: Partial<CadDrawing['layers'][number]> = {}) => ({ name, color, lineType: 'Continuous', lineweight: -3, off: false, frozen: false, locked: false, plot: true, ...extra });
const line = (x0: number, y0: number, x1: number, y1: number, s = style()): CadEntity => ({ ...s, type: 'LINE', start: { x: x0, y: y0 }, end: { x: x1, y: y1 } });

function drawing(entities: CadEntity[], extra: Partial<CadDrawing> = {}): CadDrawing {
  return { source: { format: 'dxf', version: 'AC1024' }, units: 4, layers: [layer('0', 7)], lineTypes: [], textStyles: [], blocks: [], entities, layouts: [], paperSpaces: [], skipped: {}, ...extra };
}

test('layers off or frozen are not drawn; ByLayer, ByBlock and colour 7 resolve', () => {
  const d = drawing(
    [
      line(0, 0, 10, 0, style('RED')),
      line(0, 1, 10, 1, style('OFF')),
      line(0, 2, 10, 2, style('FROZEN')),
      { ...style('RED', 5), type: 'INSERT', block: 'B', position: { x: 0, y: 5 }, scale: { x: 1, y: 1 }, rotation: 0, columns: 2, rows: 1, columnSpacing: 20, rowSpacing: 0, attributes: [] },
    ],
    {
      layers: [layer('0', 7), layer('RED', 1, { lineweight: 50 }), layer('OFF', 2, { off: true }), layer('FROZEN', 3, { frozen: true })],
      blocks: [{ name: 'B', basePoint: { x: 0, y: 0 }, entities: [line(0, 0, 1, 0, style('0', 0)), line(0, 1, 1, 1, style('0', 7))] }],
    },
  );
  const [sheet] = drawSheets(d, 'model', { plotOnly: false });
  const strokes = sheet!.primitives.filter((p) => p.kind === 'stroke');
  expect(strokes.map((s) => [s.colour, s.widthMm])).toEqual([
    [0xff0000, 0.5],
    [0x0000ff, 0.5], // ByBlock colour from the insert (5, blue); lineweight ByLayer of the insert's layer
    ['ink', 0.5],
    [0x0000ff, 0.5], // the array's second column
    ['ink', 0.5],
  ]);
  expect(strokes[3]!.kind === 'stroke' && strokes[3]!.paths[0]![0]).toEqual({ x: 20, y: 5 });
});

test('XLINE and RAY are clipped to the extents of the rest', () => {
  const d = drawing([line(0, 0, 100, 50), { ...style(), type: 'XLINE', base: { x: 50, y: 25 }, direction: { x: 1, y: 1 } }, { ...style(), type: 'RAY', base: { x: 0, y: 0 }, direction: { x: 0, y: 1 } }]);
  const [sheet] = drawSheets(d, 'model', { plotOnly: false });
  const box = extents(sheet!.primitives);
  expect(box.maxX - box.minX).toBeLessThan(110);
  expect(box.maxY - box.minY).toBeLessThan(60);
  expect(box.minY).toBeGreaterThan(-5); // the ray starts at its base and runs up only
  expect(sheet!.primitives.length).toBe(3);
});

test('line types dash, splines pass their end control points, text codes resolve', () => {
  const dashes = dashPolyline([{ x: 0, y: 0 }, { x: 10, y: 0 }], [2, -1]);
  expect(dashes.length).toBe(4);
  expect(dashes[1]).toEqual([{ x: 3, y: 0 }, { x: 5, y: 0 }]);
  const curve = nurbsPoints(3, [{ x: 0, y: 0 }, { x: 1, y: 2 }, { x: 3, y: 2 }, { x: 4, y: 0 }], [0, 0, 0, 0, 1, 1, 1, 1], undefined, 10);
  expect(curve[0]).toEqual({ x: 0, y: 0 });
  expect(curve[10]!.x).toBeCloseTo(4, 9);
  expect(plainText('%%c50 %%d %%p0.1 \\U+95E8')).toBe('Ø50 ° ±0.1 门');
  expect(mtextParagraphs('{\\fSimSun|b0|i0;标题}\\P\\H2.5x;第二行 \\S1^2; a\\~b')).toEqual(['标题', '第二行 1/2 a\u00a0b']);
});
