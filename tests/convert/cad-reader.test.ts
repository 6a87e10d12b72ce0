// The CAD reader (engines/cad-reader): real DWGs through LibreDWG and DXFs through dxf-json, each
// in its own process from the built dist/server/cad-reader.mjs, normalised to one model; a DWG and
// its DXF twin give the same entities; hostile drawings are refused in Chinese.
import fs from 'node:fs';
import path from 'node:path';
import { CAD_TOO_LARGE_MESSAGE, CAD_UNREADABLE_MESSAGE, readCadDrawing, type CadDrawing, type CadEntity } from '../../server/convert/engines/cad-reader';
import { refusal, scratchFolder } from '../support/convert-job';
import { cadFixture, DRAWING_TYPES, HAVE_CAD_FIXTURES, makeDrawing, noteMissingFixtures, writeHostileDrawings, writeHugeDxf } from '../support/cad/drawings';

const scratch = scratchFolder('cad-reader-');
beforeAll(() => {
  noteMissingFixtures();
});

const typesOf = (d: CadDrawing) => new Set(d.entities.map((e) => e.type));
const realWorld = HAVE_CAD_FIXTURES ? test : test.skip;

/** Geometry of an entity without what differs legitimately between DWG and DXF (z of 2D entities, style name case). */
function geometry(e: CadEntity): string {
  return JSON.stringify(e, (key, value) => {
    if (key === 'z' || key === 'style' || key === 'text' || key === 'measurement') return undefined;
    return typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value;
  });
}

realWorld('a DWG and its DXF twin read as the same entities, blocks and layers', async () => {
  const dwg = await readCadDrawing(cadFixture('2000_entities-2d.dwg'), 'dwg', scratch);
  const dxf = await readCadDrawing(cadFixture('2000_entities-2d.dxf'), 'dxf', scratch);
  expect(dwg.source).toEqual({ format: 'dwg', version: 'AC1015' });
  expect(dxf.source.version).toBe('AC1015');
  expect(dwg.entities.length).toBe(13 - 1); // 13 in model space: the ATTRIB sits in its INSERT, the SHAPE is skipped
  expect(dwg.entities.map((e) => e.type).sort()).toEqual(dxf.entities.map((e) => e.type).sort());
  expect(dwg.skipped).toEqual({ SHAPE: 1 });
  expect(dxf.skipped).toEqual({ SHAPE: 1 });
  for (const entity of dwg.entities) {
    const twin = dxf.entities.find((e) => e.handle === entity.handle);
    expect(twin).toBeDefined();
    expect(geometry(twin!)).toBe(geometry(entity));
  }
  expect(dwg.blocks.map((b) => [b.name, b.entities.length])).toEqual(dxf.blocks.map((b) => [b.name, b.entities.length]));
  expect(dwg.layers.map((l) => [l.name, l.color, l.plot])).toEqual(dxf.layers.map((l) => [l.name, l.color, l.plot]));
  const insert = dwg.entities.find((e) => e.type === 'INSERT' && e.attributes.length > 0);
  expect(insert?.type === 'INSERT' && insert.attributes[0]).toMatchObject({ tag: 'ATTR2', text: '4' });
});

realWorld('what LibreDWG-web drops is read back from its objects: the TRACE and the ATTDEF default values equal the DXF twin\'s', async () => {
  const dwg = await readCadDrawing(cadFixture('2000_entities-2d.dwg'), 'dwg', scratch);
  const dxf = await readCadDrawing(cadFixture('2000_entities-2d.dxf'), 'dxf', scratch);
  const flat = (d: CadDrawing) => [...d.entities, ...d.blocks.flatMap((b) => b.entities)];
  const traces = (d: CadDrawing) => d.entities.filter((e) => e.type === 'TRACE').map((e) => e.type === 'TRACE' && { handle: e.handle, layer: e.layer, corners: e.corners.map((p) => [p.x.toFixed(6), p.y.toFixed(6)]) });
  expect(traces(dwg)).toHaveLength(1);
  expect(traces(dwg)).toEqual(traces(dxf));
  const defaults = (d: CadDrawing) => flat(d).flatMap((e) => (e.type === 'ATTDEF' ? [`${e.handle} ${e.tag}=${e.text}`] : [])).sort();
  expect(defaults(dwg)).toEqual(['3B ATTR1=3', '3F ATTR2=3']);
  expect(defaults(dwg)).toEqual(defaults(dxf));
  const example = await readCadDrawing(cadFixture('example_2004.dwg'), 'dwg', scratch);
  expect(flat(example).flatMap((e) => (e.type === 'ATTDEF' ? [e.text] : []))).toEqual(expect.arrayContaining(['at', 'valoro']));
});

realWorld('every real-world DWG reads, each in its own process (one failing file poisons no other)', async () => {
  const names = fs.readdirSync(path.dirname(cadFixture('x'))).filter((n) => n.endsWith('.dwg'));
  expect(names.length).toBeGreaterThanOrEqual(9);
  const drawings = await Promise.all(names.map((n) => readCadDrawing(cadFixture(n), 'dwg', scratch)));
  for (const [i, d] of drawings.entries()) expect({ name: names[i], entities: d.entities.length > 0 }).toEqual({ name: names[i], entities: true });
  const text = await readCadDrawing(cadFixture('2004_Text.dwg'), 'dwg', scratch);
  expect(text.entities.map((e) => e.type)).toEqual(['MTEXT']);
  const example = drawings[names.indexOf('example_2004.dwg')];
  for (const type of ['LINE', 'POLYLINE', 'ARC', 'SPLINE', 'ELLIPSE', 'HATCH', 'DIMENSION', 'INSERT', 'MTEXT', 'TEXT', 'XLINE', 'RAY']) expect(typesOf(example)).toContain(type);
  expect(example.blocks.some((b) => b.name === 'bloko')).toBe(true);
});

test('a generated drawing with every entity type reads whole, Chinese text and nested blocks included', async () => {
  const drawing = await readCadDrawing(makeDrawing(scratch), 'dxf', scratch);
  expect([...typesOf(drawing)].sort()).toEqual([...DRAWING_TYPES].sort());
  const text = drawing.entities.find((e) => e.type === 'TEXT');
  expect(text?.type === 'TEXT' && text).toMatchObject({ text: '图纸标题 Title', layer: 'TEXT' });
  expect(text?.type === 'TEXT' && text.rotation).toBeCloseTo((15 * Math.PI) / 180, 9);
  const door = drawing.entities.find((e) => e.type === 'INSERT' && e.block === 'DOOR');
  expect(door?.type === 'INSERT' && door.attributes.map((a) => a.text)).toEqual(['门-1']);
  expect(drawing.blocks.find((b) => b.name === 'OUTER')?.entities.map((e) => e.type).sort()).toEqual(['CIRCLE', 'INSERT']);
  const polyline = drawing.entities.find((e) => e.type === 'POLYLINE' && e.closed);
  expect(polyline?.type === 'POLYLINE' && polyline.vertices[0].bulge).toBe(0.5);
  expect(drawing.layers.find((l) => l.name === '墙体')).toMatchObject({ color: 1, lineType: 'DASHED', lineweight: 50 });
  expect(drawing.layers.find((l) => l.name === 'HIDDEN_OFF')?.off).toBe(true);
});

test('hostile drawings are refused in Chinese and the next read still works', async () => {
  const files = writeHostileDrawings(scratch);
  for (const [name, file] of Object.entries(files)) {
    const message = await refusal(readCadDrawing(file, name.endsWith('.dxf') ? 'dxf' : 'dwg', scratch));
    expect({ name, message }).toEqual({ name, message: CAD_UNREADABLE_MESSAGE });
  }
  const after = await readCadDrawing(makeDrawing(scratch, 'after.dxf'), 'dxf', scratch);
  expect(after.entities.length).toBeGreaterThan(10);
});

test('a drawing with more entities than a conversion may take is refused as too complex', async () => {
  const file = path.join(scratch, 'huge.dxf');
  writeHugeDxf(file, 510_000);
  expect(await refusal(readCadDrawing(file, 'dxf', scratch))).toBe(CAD_TOO_LARGE_MESSAGE);
}, 120_000);
