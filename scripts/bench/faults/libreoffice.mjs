// A LibreOffice listener that hangs (SIGSTOP) under the built server: the job on it outlives the
// engine's timeout (ENGINES.libreoffice, 120 s), the listener is killed and replaced, and the job
// runs once more on the fresh one and is done. Every soffice of the site is stopped, so whichever
// listener takes the job hangs.
import { execFileSync } from 'node:child_process';
import { startSite, Visitor } from './common.mjs';

const METRICS_TOKEN = 'f'.repeat(40);

/** The soffice.bin processes below `root` (the site's process tree), not stopped or zombie ones only. */
function soffices(root) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((row) => row.length === 4);
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(Number(ppid)) && !tree.has(Number(pid))) {
        tree.add(Number(pid));
        grew = true;
      }
    }
  }
  return rows.filter(([pid, , stat, comm]) => tree.has(Number(pid)) && !stat.startsWith('Z') && comm === 'soffice.bin').map(([pid]) => Number(pid));
}

async function restarts(origin) {
  const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^libreoffice_listener_restarts (\d+)/m.exec(text)?.[1] ?? NaN);
}

export async function libreofficeHang() {
  const lines = [];
  let ok = true;
  const site = await startSite(3822, { METRICS_TOKEN });
  try {
    const visitor = new Visitor(site.origin);
    const text = Buffer.from('挂起的 LibreOffice 进程\nhung listener\n');
    const warm = await visitor.submit('txt-to-pdf', 'warm.txt', text);
    const warmed = await visitor.settle(warm.json.data.taskId);
    const stopped = soffices(site.child.pid);
    const restartsBefore = await restarts(site.origin);
    stopped.forEach((pid) => process.kill(pid, 'SIGSTOP'));
    // As many jobs as listeners, so each hung listener gets one (an idle hung listener is found
    // only when a job lands on it: the job timeout is the detector).
    const started = Date.now();
    const submitted = await Promise.all(stopped.map((_, i) => visitor.submit('txt-to-pdf', `hung-${i}.txt`, text)));
    const ends = await Promise.all(submitted.map((s) => visitor.settle(s.json.data.taskId, 400_000)));
    const seconds = (Date.now() - started) / 1000;
    const left = soffices(site.child.pid).filter((pid) => stopped.includes(pid));
    const restartsAfter = await restarts(site.origin);
    lines.push(`warm-up ${warmed.status}; ${stopped.length} soffice stopped (SIGSTOP), ${ends.length} jobs on them: ${ends.map((e) => e.status).join(', ')} after ${seconds.toFixed(0)} s (engine timeout 120 s, then one retry on a fresh listener); stopped processes left: ${left.length}; listener restarts ${restartsBefore} → ${restartsAfter}`);
    if (warmed.status !== 'done' || ends.some((e) => e.status !== 'done') || left.length > 0 || !(restartsAfter >= restartsBefore + stopped.length)) {
      ok = false;
      lines.push(`FAILED: ${JSON.stringify(ends.map((e) => `${e.status} ${e.msg}`))}`);
      lines.push(...site.log().split('\n').filter((l) => /"level":(50|60)/.test(l)).slice(-5));
    }
  } finally {
    await site.stop();
  }
  return { name: 'LibreOffice listener hangs', ok, lines };
}
