// The CAD reader process (dist/server/cad-reader.mjs): `node cad-reader.mjs <input> <dwg|dxf> <out.json>`
// parses one drawing and writes it as a CadDrawing. One process per file because a DWG that
// LibreDWG fails on aborts its WebAssembly instance for good; the parent (index.ts) runs it
// jailed, with a CPU-time limit and a timeout. Exit 0 written, 3 refused (stderr says why).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreDropped } from './dwg-dropped';
import { decodeDxf, prepareDxfLines } from './dxf-stream';
import { normalizeDwg, normalizeDxf } from './normalize';
import type { CadDrawing } from './model';

/** More than this many entities in one drawing is refused: the tools would take minutes and gigabytes. */
const MAX_ENTITIES = 500_000;
export const REFUSED_EXIT = 3;

function refuse(message: string): never {
  process.stderr.write(`refused: ${message}\n`);
  process.exit(REFUSED_EXIT);
}

function countEntities(drawing: CadDrawing): number {
  return drawing.entities.length + [...drawing.blocks, ...drawing.paperSpaces].reduce((sum, b) => sum + b.entities.length, 0);
}

async function readDwg(bytes: Buffer): Promise<CadDrawing> {
  // The package's main file lies in dist/; its WebAssembly in wasm/ beside it.
  const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('@mlightcad/libredwg-web'))));
  const { LibreDwg, Dwg_File_Type } = await import('@mlightcad/libredwg-web');
  const libredwg = await LibreDwg.create(path.join(packageDir, 'wasm') + path.sep);
  const data = libredwg.dwg_read_data(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, Dwg_File_Type.DWG);
  if (!data) refuse('unreadable dwg');
  const db = libredwg.convert(data) as unknown as Record<string, unknown>;
  restoreDropped(libredwg, data, db);
  libredwg.dwg_free(data);
  return normalizeDwg(db, bytes.subarray(0, 6).toString('latin1'));
}

async function readDxf(bytes: Buffer): Promise<CadDrawing> {
  const { DxfParser } = await import('@mlightcad/dxf-json');
  // Binary DXF starts with this sentinel; dxf-json reads text DXF.
  if (bytes.subarray(0, 22).toString('latin1') === 'AutoCAD Binary DXF\r\n\x1a\0') refuse('binary dxf');
  const db = new DxfParser().parseSync(prepareDxfLines(decodeDxf(bytes)).join('\n'));
  if (!db || !Array.isArray(db.entities)) refuse('unreadable dxf');
  return normalizeDxf(db as unknown as Record<string, unknown>);
}

async function main(): Promise<void> {
  const [input, format, output] = process.argv.slice(2);
  if (!input || !output || (format !== 'dwg' && format !== 'dxf')) refuse('usage: <input> <dwg|dxf> <out.json>');
  const bytes = fs.readFileSync(input);
  let drawing: CadDrawing;
  try {
    drawing = format === 'dwg' ? await readDwg(bytes) : await readDxf(bytes);
  } catch (error) {
    refuse(`parse failed: ${(error as Error).message}`);
  }
  const entities = countEntities(drawing);
  // LibreDWG gives an empty database for bytes it cannot make sense of (its error 2048 goes to the
  // log only); every real drawing has at least layer 0.
  if (entities === 0 && drawing.layers.length === 0) refuse('no drawing found');
  if (entities > MAX_ENTITIES) refuse(`too many entities: ${entities}`);
  fs.writeFileSync(output, JSON.stringify(drawing));
}

// LibreDWG prints its own diagnostics on stdout ("Open dwg file with error code"): they belong on stderr.
console.log = (...args: unknown[]) => process.stderr.write(args.join(' ') + '\n');
main().then(
  () => process.exit(0),
  (error) => refuse((error as Error).message),
);
