// pdf-to-cad of our own cad-to-pdf output gives the drawing back: the original DXF and the DXF
// traced from its PDF, each drawn to PNG by cad-to-img at model extents, lay their ink on each
// other (every stroke of each within 2 px of the other's, for ≥ 90% of the ink). ezdxf audits
// the traced DXF with no error.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { cadToImg, cadToPdf } from '../../server/convert/tools/cad/render';
import { pdfToCad } from '../../server/convert/tools/cad/write/pdf-to-cad';
import { jobContext, scratchFolder } from '../support/convert-job';
import { auditDxf, cadFixture, HAVE_CAD_FIXTURES, makeDrawing } from '../support/cad/drawings';
import { inkOverlap } from '../support/cad/rendered';

const scratch = scratchFolder('cad-roundtrip-');

const input = (file: string, type = path.extname(file).slice(1)) => ({ name: path.basename(file), path: file, size: fs.statSync(file).size, type });

async function picture(dxf: string): Promise<string> {
  const [png] = await cadToImg.convert({ inputs: [input(dxf)], options: cadToImg.options.parse({ space: 'model', width: 1600 }) }, jobContext(scratch));
  const out = path.join(scratch, `${path.basename(dxf)}.png`);
  fs.copyFileSync(png!.path, out);
  return out;
}

// The R12 drawing: lines, circles, arcs, polylines, text (Chinese), blocks with attributes, a
// dimension, SOLID and TRACE fills, and no infinite lines (an XLINE's extent is the sheet's, not the drawing's).
const drawings: [string, () => string][] = [['generated R12 drawing', () => makeDrawing(scratch, 'roundtrip.dxf', 'R12')]];
if (HAVE_CAD_FIXTURES) drawings.push(['2000_entities-2d.dxf', () => cadFixture('2000_entities-2d.dxf')]);

test.each(drawings)('%s → cad-to-pdf → pdf-to-cad draws as the original (ink overlap ≥ 0.9)', async (_, make) => {
  const original = make();
  const [pdf] = await cadToPdf.convert({ inputs: [input(original)], options: cadToPdf.options.parse({ space: 'model' }) }, jobContext(scratch));
  const [traced] = await pdfToCad.convert({ inputs: [input(pdf!.path, 'pdf')], options: pdfToCad.options.parse({}) }, jobContext(scratch));
  const tracedFile = path.join(scratch, `traced-${path.basename(original)}`);
  fs.copyFileSync(traced!.path, tracedFile);
  expect(auditDxf(tracedFile)[0]!.errors).toEqual([]);
  const [before, after] = [await picture(original), await picture(tracedFile)];
  const score = await inkOverlap(before, after);
  console.log(`${path.basename(original)}: ink overlap ${score.overlap.toFixed(3)} (ink ${score.aInk} px original, ${score.bInk} px traced)`);
  expect(score.aInk).toBeGreaterThan(1000);
  expect(score.overlap).toBeGreaterThanOrEqual(0.9);
  // The measure tells drawings apart: the traced picture mirrored no longer lies on the original.
  const mirrored = path.join(scratch, `mirrored-${path.basename(original)}.png`);
  await sharp(after).flop().toFile(mirrored);
  expect((await inkOverlap(before, mirrored)).overlap).toBeLessThan(0.6);
}, 120_000);
