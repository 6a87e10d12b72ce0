// The CAD writing tools (tools/cad/write): every real-world drawing and the generated one, read
// by the CAD reader and written as DXF of every release; ezdxf (Debian's python3-ezdxf, an
// independent reader) audits each output with no error and finds the input's entities by type.
// dwg-to-dxf of 2000_entities-2d.dwg holds every entity of its DXF twin; Chinese text survives
// every release; pdf-to-cad gives the lines, curves, fills and text of a vector PDF back; a
// scanned PDF and hostile drawings are refused in Chinese.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { CAD_UNREADABLE_MESSAGE, readCadDrawing, type CadDrawing } from '../../server/convert/engines/cad-reader';
import { cadWriteConverters } from '../../server/convert/tools/cad/write';
import { plainMtextLines } from '../../server/convert/tools/cad/write/dxf-entities';
import { DXF_VERSIONS, type DxfVersion } from '../../server/convert/tools/cad/write/dxf-versions';
import { writeDxf } from '../../server/convert/tools/cad/write/dxf-writer';
import { SCANNED_PDF_MESSAGE } from '../../server/convert/tools/cad/write/messages';
import { findConverter } from '../../server/convert/registry';
import { jobContext, refusal, scratchFolder } from '../support/convert-job';
import { auditDxf, cadFixture, DEBIAN_PYTHON, DRAWING_TEXT, HAVE_CAD_FIXTURES, makeDrawing, noteMissingFixtures, writeHostileDrawings } from '../support/cad/drawings';

const scratch = scratchFolder('cad-write-');
beforeAll(() => {
  noteMissingFixtures();
});

const ACADVER: Record<DxfVersion, string> = { R12: 'AC1009', '2000': 'AC1015', '2004': 'AC1018', '2007': 'AC1021', '2010': 'AC1024', '2013': 'AC1027', '2018': 'AC1032' };
const converter = (id: string) => cadWriteConverters.find((c) => c.toolId === id)!;

function countTypes(entities: CadDrawing['entities']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entities) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return counts;
}

/** What an R12 file holds for the model's entities: the newer types as their R12 stand-ins. */
function r12Counts(entities: CadDrawing['entities']): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (type: string, n = 1) => n > 0 && (counts[type] = (counts[type] ?? 0) + n);
  for (const e of entities) {
    if (e.type === 'ELLIPSE' || e.type === 'SPLINE' || e.type === 'LEADER') add('POLYLINE');
    else if (e.type === 'HATCH') add('POLYLINE', e.loops.length);
    else if (e.type === 'MTEXT') add('TEXT', plainMtextLines(e.text).length);
    else if (e.type === 'RAY' || e.type === 'XLINE') add('LINE');
    else add(e.type);
  }
  return counts;
}

const realDrawings = HAVE_CAD_FIXTURES ? fs.readdirSync(path.dirname(cadFixture('x'))).filter((n) => /\.(dwg|dxf)$/.test(n)) : [];

describe.each(['generated.dxf', ...realDrawings])('%s', (name) => {
  test('written in every DXF release: ezdxf audits each with no error and finds every entity by type', async () => {
    const file = name === 'generated.dxf' ? makeDrawing(scratch, name) : cadFixture(name);
    const drawing = await readCadDrawing(file, name.endsWith('.dwg') ? 'dwg' : 'dxf', scratch);
    const outputs = DXF_VERSIONS.map((version) => {
      const out = path.join(scratch, `${name}-${version}.dxf`);
      fs.writeFileSync(out, writeDxf(drawing, version));
      return out;
    });
    const audits = auditDxf(...outputs);
    for (const [i, version] of DXF_VERSIONS.entries()) {
      const audit = audits[i];
      const expected = version === 'R12' ? r12Counts(drawing.entities) : countTypes(drawing.entities);
      expect({ version, acadver: audit.version, errors: audit.errors, model: audit.model }).toEqual({ version, acadver: ACADVER[version], errors: [], model: expected });
      if (version === 'R12') continue;
      for (const block of drawing.blocks) expect({ block: block.name, entities: audit.blocks[block.name] ?? {} }).toEqual({ block: block.name, entities: countTypes(block.entities) });
      expect(audit.layouts).toContain('Model');
      for (const layer of drawing.layers) expect(audit.layers).toContain(layer.name);
    }
  }, 120_000);
});

test('the generated drawing keeps its Chinese text and layer names in every release, through cad-to-cad', async () => {
  const input = makeDrawing(scratch, '图纸.dxf');
  const results = [];
  for (const version of DXF_VERSIONS) {
    const [out] = await converter('cad-to-cad').convert({ inputs: [{ name: '图纸.dxf', path: input, size: fs.statSync(input).size, type: 'dxf' }], options: { version } }, jobContext(scratch));
    expect(out.name).toBe(version === '2018' ? '图纸.dxf' : `图纸-${version}.dxf`);
    results.push(out.path);
  }
  for (const [i, audit] of auditDxf(...results).entries()) {
    const joined = audit.texts.join('\n');
    for (const text of DRAWING_TEXT) expect({ version: DXF_VERSIONS[i], has: joined.includes(text) }).toEqual({ version: DXF_VERSIONS[i], has: true });
    expect(audit.layers).toContain('墙体');
  }
  // Below 2007 the file is ASCII with \U+ escapes; from 2007 on it is UTF-8.
  expect(fs.readFileSync(results[0], 'utf8')).toMatch(/\\U\+56FE\\U\+7EB8/);
  expect(fs.readFileSync(results[DXF_VERSIONS.indexOf('2007')], 'utf8')).toContain('图纸标题');
}, 120_000);

(HAVE_CAD_FIXTURES ? test : test.skip)('dwg-to-dxf of 2000_entities-2d.dwg holds every entity of its DXF twin', async () => {
  const dwg = cadFixture('2000_entities-2d.dwg');
  const [out] = await converter('dwg-to-dxf').convert({ inputs: [{ name: 'entities.dwg', path: dwg, size: fs.statSync(dwg).size, type: 'dwg' }], options: { version: '2018' } }, jobContext(scratch));
  const [result, twin] = auditDxf(out.path, cadFixture('2000_entities-2d.dxf'));
  expect(result.errors).toEqual([]);
  // The twin as ezdxf reads it, less its SHAPE (no tool carries shapes; the note says so); its
  // TRACE, which LibreDWG-web's converter drops, is read back from LibreDWG's objects.
  const { SHAPE, ...expected } = twin.model;
  expect([SHAPE, expected.TRACE]).toEqual([1, 1]);
  expect(result.model).toEqual(expected);
  expect(Object.keys(result.blocks).sort()).toEqual(expect.arrayContaining(Object.keys(twin.blocks).filter((b) => !/^\*(Model|Paper)_Space/i.test(b)).sort()));
}, 60_000);

test('R12 DXF input, made by ezdxf and by our own writer, is read whole: cad-to-cad 2018 holds every entity, block and text ezdxf finds in it, TRACE included', async () => {
  const input = (file: string) => ({ name: path.basename(file), path: file, size: fs.statSync(file).size, type: 'dxf' });
  const [ours] = await converter('cad-to-cad').convert({ inputs: [input(makeDrawing(scratch, 'r12-source.dxf'))], options: { version: 'R12' } }, jobContext(scratch));
  for (const r12 of [makeDrawing(scratch, 'ezdxf-r12.dxf', 'R12'), ours.path]) {
    const [out] = await converter('cad-to-cad').convert({ inputs: [input(r12)], options: { version: '2018' } }, jobContext(scratch));
    const [before, after] = auditDxf(r12, out.path);
    expect({ file: r12, version: before.version, trace: before.model.TRACE }).toEqual({ file: r12, version: 'AC1009', trace: 1 });
    expect({ file: r12, errors: after.errors, model: after.model }).toEqual({ file: r12, errors: [], model: before.model });
    for (const [name, counts] of Object.entries(before.blocks)) expect({ block: name, counts: after.blocks[name] }).toEqual({ block: name, counts });
    expect([...after.texts].sort()).toEqual([...before.texts].sort());
    expect(after.texts.join('\n')).toContain('门-1');
    expect(after.layers).toEqual(expect.arrayContaining(before.layers));
  }
}, 120_000);

test('layouts keep their windows onto model space: cad-to-cad 2000 and 2018 write each VIEWPORT (centre, size, view centre and height) as ezdxf reads them in the input, and note none as lost', async () => {
  const source = path.join(scratch, 'viewport.dxf');
  execFileSync(DEBIAN_PYTHON, [path.join(__dirname, '../support/cad/make-viewport.py'), source]);
  const [before] = auditDxf(source);
  expect(Object.values(before.viewports).flat()).toHaveLength(2);
  for (const version of ['2000', '2018'] as const) {
    const notes: string[] = [];
    const [out] = await converter('cad-to-cad').convert({ inputs: [{ name: 'viewport.dxf', path: source, size: fs.statSync(source).size, type: 'dxf' }], options: { version } }, { ...jobContext(scratch), note: (m: string) => notes.push(m) });
    const [after] = auditDxf(out.path);
    expect({ version, errors: after.errors, viewports: after.viewports }).toEqual({ version, errors: [], viewports: before.viewports });
    expect(notes.join('')).not.toContain('视口');
    // Our reader finds the same windows in our output (its own viewport told apart from them).
    const again = await readCadDrawing(out.path, 'dxf', scratch);
    expect(again.paperSpaces.flatMap((p) => p.viewports ?? [])).toHaveLength(2);
  }
}, 120_000);

test('the converters are registered with a version option that defaults to 2018', () => {
  for (const id of ['dwg-to-dxf', 'cad-to-cad']) {
    expect(findConverter(id)).toBeDefined();
    expect(findConverter(id)!.options.parse({})).toEqual({ version: '2018' });
    expect(() => findConverter(id)!.options.parse({ version: 'dwg' })).toThrow();
  }
  expect(findConverter('pdf-to-cad')).toBeDefined();
});

async function vectorPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const shift of [0, 40]) {
    const page = doc.addPage([595, 842]);
    page.drawLine({ start: { x: 50, y: 50 + shift }, end: { x: 300, y: 50 + shift }, thickness: 1, color: rgb(1, 0, 0) });
    page.drawLine({ start: { x: 50, y: 80 }, end: { x: 50, y: 400 }, thickness: 0.5, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: 100, y: 100, width: 100, height: 50, color: rgb(0, 0, 1) });
    page.drawSvgPath('M 0 0 C 50 -100 150 -100 200 0', { x: 100, y: 500, borderColor: rgb(0, 0.5, 0), borderWidth: 2 });
    page.drawText('Hello CAD', { x: 100, y: 700, size: 12, font, rotate: degrees(30) });
  }
  const file = path.join(scratch, 'vector.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
}

test('pdf-to-cad gives the lines, curves, fills and text of a vector PDF back, one layer per colour, in millimetres', async () => {
  const pdf = await vectorPdf();
  const [out] = await converter('pdf-to-cad').convert({ inputs: [{ name: '图纸.pdf', path: pdf, size: fs.statSync(pdf).size, type: 'pdf' }], options: { pages: '', password: '' } }, jobContext(scratch));
  expect(out.name).toBe('图纸.dxf');
  const [audit] = auditDxf(out.path);
  expect(audit.errors).toEqual([]);
  expect(audit.model).toEqual({ LINE: 4, SPLINE: 2, HATCH: 2, TEXT: 2 });
  expect(audit.texts).toEqual(['Hello CAD', 'Hello CAD']);
  expect(audit.layers).toEqual(expect.arrayContaining(['PDF颜色-FF0000', 'PDF颜色-000000', 'PDF颜色-0000FF', 'PDF颜色-008000', 'PDF文字']));
  // The geometry, read back by ezdxf: the red line of page 1 is 250 pt = 88.2 mm long at y = 50 pt; page 2 starts right of page 1.
  const geometry = JSON.parse(
    require('node:child_process').execFileSync('/usr/bin/python3', ['-c', `
import ezdxf, json, math, sys
doc = ezdxf.readfile(sys.argv[1])
red = [e for e in doc.modelspace().query('LINE') if e.dxf.layer == 'PDF颜色-FF0000']
text = doc.modelspace().query('TEXT')[0]
print(json.dumps({'red': [[round(v, 2) for v in (e.dxf.start.x, e.dxf.start.y, e.dxf.end.x, e.dxf.end.y)] for e in red], 'rotation': round(text.dxf.rotation, 1), 'height': round(text.dxf.height, 2), 'units': doc.header['$INSUNITS']}))
`, out.path], { encoding: 'utf8' }),
  );
  const mm = (pt: number) => Math.round(pt * 25.4 / 72 * 100) / 100;
  expect(geometry.red[0]).toEqual([mm(50), mm(50), mm(300), mm(50)]);
  expect(geometry.red[1][0]).toBeGreaterThan(mm(595));
  expect(geometry).toMatchObject({ rotation: 30, units: 4 });
  expect(geometry.height).toBeCloseTo(mm(12) * 0.7, 1);
}, 60_000);

test('pdf-to-cad refuses a scanned PDF (pictures only) in Chinese', async () => {
  const doc = await PDFDocument.create();
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } }).png().toBuffer();
  const image = await doc.embedPng(png);
  doc.addPage([400, 200]).drawImage(image, { x: 0, y: 0, width: 400, height: 200 });
  const file = path.join(scratch, 'scan.pdf');
  fs.writeFileSync(file, await doc.save());
  const message = await refusal(converter('pdf-to-cad').convert({ inputs: [{ name: 'scan.pdf', path: file, size: fs.statSync(file).size, type: 'pdf' }], options: { pages: '', password: '' } }, jobContext(scratch)));
  expect(message).toBe(SCANNED_PDF_MESSAGE);
}, 60_000);

test('hostile drawings are refused in Chinese by dwg-to-dxf and cad-to-cad', async () => {
  for (const [name, file] of Object.entries(writeHostileDrawings(scratch))) {
    const type = name.endsWith('.dxf') ? 'dxf' : 'dwg';
    const tool = type === 'dwg' ? 'dwg-to-dxf' : 'cad-to-cad';
    const message = await refusal(converter(tool).convert({ inputs: [{ name, path: file, size: fs.statSync(file).size, type }], options: { version: '2018' } }, jobContext(scratch)));
    expect({ name, message }).toEqual({ name, message: CAD_UNREADABLE_MESSAGE });
  }
}, 120_000);
