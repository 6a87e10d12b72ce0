// Drawing figures' clips survives mutool dying on one of them (extraction/page-clips.ts): a real
// crash (tests/support/mutool-crash-pdf.ts), not an error MuPDF reports. mutool's answers go to a
// pipe and die with it: the clip drawn before the crash, whose answer was lost, must not be blamed
// for it and left out.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawPageClips } from '../../server/convert/tools/pdf-to-office/extraction/page-clips';
import { EngineFailedError, runEngine } from '../../server/convert/engines/run';
import { scratchFolder } from '../support/convert-job';
import { CRASHING_PAGE, mutoolCrashPdf } from '../support/mutool-crash-pdf';

const scratch = scratchFolder('pdf-to-office-page-clips-');
let pdf: string;
beforeAll(async () => {
  pdf = path.join(scratch, 'mutool-crash.pdf');
  writeFileSync(pdf, await mutoolCrashPdf());
});

it('the test PDF makes mutool die on its second page, not report an error', async () => {
  const error = await runEngine('mutool', ['draw', '-o', path.join(scratch, 'page.png'), pdf, String(CRASHING_PAGE)]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineFailedError);
  expect((error as EngineFailedError).result.exitCode).toBeGreaterThan(128);
});

it('draws the clips before and after the one mutool dies on, and leaves that one out', async () => {
  const workDir = path.join(scratch, 'clips');
  mkdirSync(workDir, { recursive: true });
  const clips = [1, 2, 3].map((page) => ({ page, box: { x0: 0, y0: 0, x1: 100, y1: 100 }, file: path.join(workDir, `page-${page}.png`) }));
  const drawn = await drawPageClips(pdf, clips, { workDir });
  expect([...drawn.keys()].sort()).toEqual([clips[0].file, clips[2].file]);
  expect(existsSync(clips[0].file) && existsSync(clips[2].file)).toBe(true);
});
