// CAD test drawings: generated ones (make-drawing.py, ezdxf) covering every entity type, the
// real-world DWGs of ../shared/fixtures/cad (read in place, never copied), and hostile files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Debian's interpreter: python3-ezdxf is installed for it (the PATH's python3 may be another). */
export const DEBIAN_PYTHON = '/usr/bin/python3';
export const CAD_FIXTURES = path.resolve(__dirname, '../../../../shared/fixtures/cad');
export const HAVE_CAD_FIXTURES = fs.existsSync(path.join(CAD_FIXTURES, '2000_entities-2d.dwg'));

/** Text the generated drawing holds (make-drawing.py). */
export const DRAWING_TEXT = ['图纸标题 Title', '门-1'];
/** Entity types of the generated drawing's model space (R2000 and later). */
export const DRAWING_TYPES = ['LINE', 'CIRCLE', 'ARC', 'POLYLINE', 'ELLIPSE', 'SPLINE', 'MTEXT', 'XLINE', 'RAY', 'TEXT', 'INSERT', 'HATCH', 'DIMENSION', 'LEADER', 'SOLID', 'TRACE', 'POINT'];

export function makeDrawing(dir: string, name = 'drawing.dxf', version = 'R2010'): string {
  const out = path.join(dir, name);
  execFileSync(DEBIAN_PYTHON, [path.join(__dirname, 'make-drawing.py'), out, version]);
  return out;
}

export function cadFixture(name: string): string {
  return path.join(CAD_FIXTURES, name);
}

/** Says once, plainly, that the real-world cases were skipped where ../shared is absent. */
export function noteMissingFixtures(): void {
  if (!HAVE_CAD_FIXTURES) console.warn(`CAD fixtures not found at ${CAD_FIXTURES}: the real-world DWG cases are skipped; generated drawings still cover every tool`);
}

/** Hostile inputs: a truncated real DWG, random bytes behind a DWG version header, an empty DXF. */
export function writeHostileDrawings(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const write = (name: string, bytes: Buffer) => {
    files[name] = path.join(dir, name);
    fs.writeFileSync(files[name], bytes);
  };
  let seed = 12345;
  const random = (n: number) => Buffer.from(Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff));
  write('random-header.dwg', Buffer.concat([Buffer.from('AC1018'), random(200_000)]));
  write('random-header-2000.dwg', Buffer.concat([Buffer.from('AC1015'), random(50_000)]));
  if (HAVE_CAD_FIXTURES) {
    const real = fs.readFileSync(cadFixture('example_2004.dwg'));
    write('truncated.dwg', real.subarray(0, Math.floor(real.length * 0.4)));
  }
  write('garbage.dxf', Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nnot-a-number\n'.repeat(3)));
  return files;
}

/** A DXF with `count` POINT entities: more than the reader takes (child.ts MAX_ENTITIES). */
export function writeHugeDxf(file: string, count: number): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '0\nSECTION\n2\nENTITIES\n');
  const chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    chunk.push(`0\nPOINT\n8\n0\n10\n${i % 1000}\n20\n${Math.floor(i / 1000)}\n30\n0\n`);
    if (chunk.length === 10_000) fs.writeSync(fd, chunk.splice(0).join(''));
  }
  fs.writeSync(fd, chunk.join('') + '0\nENDSEC\n0\nEOF\n');
  fs.closeSync(fd);
}

/** What ezdxf (recover + audit) finds in a DXF: audit errors, entities by type, text, layers. */
export interface DxfAudit {
  version: string;
  errors: string[];
  fixes: number;
  fixMessages: string[];
  /** Model-space entities by type (LWPOLYLINE counted as POLYLINE). */
  model: Record<string, number>;
  paper: Record<string, number>;
  blocks: Record<string, Record<string, number>>;
  layers: string[];
  layouts: string[];
  /** TEXT, MTEXT (plain) and ATTRIB text of model space. */
  texts: string[];
  lines: number;
  /** Per paper layout, its windows onto model space (its own viewport, the lowest id, left out). */
  viewports: Record<string, { center: number[]; width: number; height: number; viewCenter: number[]; viewHeight: number; twist: number }[]>;
}

/** Audits DXF files with ezdxf under Debian's interpreter, all in one run. */
export function auditDxf(...files: string[]): DxfAudit[] {
  const out = execFileSync(DEBIAN_PYTHON, [path.join(__dirname, 'audit-dxf.py'), ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return out.trim().split('\n').map((line) => JSON.parse(line) as DxfAudit);
}
