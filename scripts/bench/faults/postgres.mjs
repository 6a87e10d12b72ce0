// PostgreSQL restarted under the site: while it is down, every request gets an HTTP answer (calls
// that need the database a 5xx with a Chinese message, cached pages still served, /readyz 503) and
// the process stays up; once it is back the site recovers by itself, with no restart, and a task
// submitted after finishes. A private PostgreSQL cluster on its own port is used, so the machine's
// server (and whatever else uses it) is never touched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfOf, sleep, startSite, Visitor } from './common.mjs';

const PG_BIN = fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => fs.existsSync(`${dir}/pg_ctl`));
const PORT = 5499;
const CHINESE = /[\u4e00-\u9fff]/;

function asPostgres(program, args) {
  return execFileSync('/usr/sbin/runuser', ['-u', 'postgres', '--', `${PG_BIN}/${program}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

function cluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  fs.chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  asPostgres('initdb', ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args) => asPostgres('pg_ctl', ['-D', `${dir}/data`, '-o', `-p ${PORT} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', `${dir}/log`, '-w', ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${PORT}/postgres`,
    start: () => ctl('start'),
    stop: () => ctl('stop', '-m', 'fast'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** One round of what a visitor does: a page, a database call, a submit, readiness. */
async function round(site, visitor, pdf) {
  const page = await fetch(`${site.origin}/pdf-rotate/`).then((r) => r.status, (e) => `socket: ${e.message}`);
  const query = await visitor.send('POST', '/task/taskQuery', { taskId: 'AAAAAAAAAAAAAAAAAAAAAA' }).catch((e) => ({ status: `socket: ${e.message}` }));
  const submit = await visitor.submit('pdf-rotate', 'a.pdf', pdf, { angle: 90 }).catch((e) => ({ status: `socket: ${e.message}` }));
  const ready = await fetch(`${site.origin}/readyz`).then((r) => r.status, (e) => `socket: ${e.message}`);
  return { page, query, submit, ready };
}

export async function postgresRestart() {
  const lines = [];
  let ok = true;
  const fail = (why) => {
    ok = false;
    lines.push(`FAILED: ${why}`);
  };
  const startedAt = Date.now();
  const pg = cluster();
  pg.start();
  const site = await startSite(3821, { DATABASE_URL: pg.url });
  lines.push(`PostgreSQL and the site started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  try {
    const visitor = new Visitor(site.origin);
    const pdf = await pdfOf(2);
    const before = await round(site, visitor, pdf);
    if (before.submit.status !== 200 || before.ready !== 200) fail(`before the restart: ${JSON.stringify(before)}`);
    await fetch(`${site.origin}/pdf-rotate/`); // in the page cache

    const downAt = Date.now();
    pg.stop();
    const seen = new Map();
    for (let i = 0; i < 10; i++) {
      const during = await round(site, visitor, pdf);
      for (const [what, answer] of Object.entries(during)) {
        const status = typeof answer === 'object' ? answer.status : answer;
        const msg = typeof answer === 'object' ? answer.json?.msg : undefined;
        const key = `${what} ${status}${msg ? ` 「${msg}」` : ''}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        if (String(status).startsWith('socket')) fail(`${what} got no HTTP answer while PostgreSQL was down (${status})`);
        if (typeof answer === 'object' && Number(status) >= 500 && !CHINESE.test(msg ?? '')) fail(`${what} ${status} without a Chinese message: ${answer.text?.slice(0, 200)}`);
      }
      await sleep(500);
    }
    lines.push(`PostgreSQL down ${((Date.now() - downAt) / 1000).toFixed(1)} s, 10 rounds: ${[...seen].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    if (!site.alive()) fail('the site exited while PostgreSQL was down');

    pg.start();
    const upAt = Date.now();
    let recovered;
    let after;
    // Bounded at 60 s (rounds of half a second and more): on a loaded CI machine PostgreSQL takes a while to take connections again.
    for (let i = 0; i < 120; i++) {
      after = await round(site, visitor, pdf);
      if (after.submit.status === 200 && after.ready === 200) {
        recovered = after;
        break;
      }
      await sleep(500);
    }
    if (!recovered) fail(`the site did not recover within 60 s of PostgreSQL coming back; the last round: ${JSON.stringify(after, (k, v) => (k === 'text' ? undefined : v))}`);
    else {
      const done = await visitor.settle(recovered.submit.json.data.taskId);
      lines.push(`back ${((Date.now() - upAt) / 1000).toFixed(1)} s after PostgreSQL returned (no site restart); the task submitted then: ${done.status}`);
      if (done.status !== 'done') fail(`the task after recovery ended ${done.status} ${done.msg}`);
    }
  } finally {
    // A failure says what the site logged (warnings and errors), since it ran where no one watches.
    if (!ok) lines.push(...site.log().split('\n').filter((l) => /"level":(40|50|60)/.test(l)).slice(-12));
    await site.stop();
    try {
      pg.stop();
    } catch {
      // already stopped
    }
    pg.remove();
  }
  return { name: 'PostgreSQL restarted', ok, lines };
}
