// PostgreSQL going away under the built server and coming back (issue 18): the fault scenario of
// scripts/bench/faults (one implementation for the bench and the suite) runs a private cluster on
// its own port, stops it while a visitor keeps calling, and starts it again. It fails when a call
// gets no HTTP answer, a 5xx comes without a Chinese message, the site exits, or it does not
// recover by itself and finish a task.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/built-server';

test('PostgreSQL stopped and started again: answers 503 「服务暂时不可用，请稍后再试」 meanwhile, pages from the cache, and recovers with no restart', async () => {
  // A failed scenario exits 1: its report is still what the expectations below show.
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/bench/faults.mjs'), 'postgres'], { cwd: ROOT, timeout: 240_000 }).catch((error: { stdout?: string; stderr?: string; message: string }) => ({ stdout: `${error.message}\n${error.stdout ?? ''}` }));
  expect(stdout).toMatch(/^held +PostgreSQL restarted$/m);
  expect(stdout).toMatch(/query 503 「服务暂时不可用，请稍后再试」/);
  expect(stdout).toMatch(/page 200/);
  expect(stdout).toMatch(/the task submitted then: done/);
}, 300_000);
