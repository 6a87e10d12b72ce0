// Throughput of a mixed conversion load on the Redis queue (issue 18): the built web process and one
// built worker, then the same load with two workers, on the same machine in the same run; prints
// tasks per minute, per minute and core, and the ratio of two workers to one. The mix: page images
// (mutool), text to PDF (LibreOffice) and PDF compression (Ghostscript/qpdf), submitted at once by
// visitors from addresses of their own (the per-IP share is not what is measured).
//   npm run build && node scripts/bench/throughput.mjs      (BENCH_TASKS, default 24; WORKER_CONCURRENCY per worker, default 2)
import os from 'node:os';
import { startSite, Visitor } from './faults/common.mjs';
import { freePort, queueEnv, redisServer, slowPdf, untilSettled, worker } from './faults/workers.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 24);
const PER_WORKER = Number(process.env.WORKER_CONCURRENCY ?? 2);
const text = Buffer.from(`${'吞吐量测试 throughput bench line\n'.repeat(400)}`);

function mixed(pdf) {
  return [
    { tool: 'pdf-to-jpg', name: 'slow.pdf', data: pdf, options: { dpi: 100 } },
    { tool: 'txt-to-pdf', name: 'text.txt', data: text, options: {} },
    { tool: 'pdf-compress', name: 'slow.pdf', data: pdf, options: {} },
  ];
}

async function round(workers, pdf, label) {
  const redisPort = await freePort();
  const redis = await redisServer(redisPort);
  const env = queueEnv(redisPort, `throughput-${workers}`);
  const site = await startSite(3840 + workers, env);
  const children = [];
  try {
    for (let i = 0; i < workers; i++) children.push(await worker(site.dataDir, env, PER_WORKER));
    const jobs = mixed(pdf);
    const started = Date.now();
    const ids = [];
    for (let i = 0; i < TASKS; i++) {
      const job = jobs[i % jobs.length];
      const answer = await new Visitor(site.origin, { 'x-forwarded-for': `10.9.${((i + 1) >> 8) & 255}.${(i + 1) & 255}` }).submit(job.tool, job.name, job.data, job.options);
      if (!answer.json?.data?.taskId) throw new Error(`submit refused: ${answer.status} ${answer.text.slice(0, 200)}`);
      ids.push(answer.json.data.taskId);
    }
    const settled = await untilSettled(site.dataDir, ids);
    const minutes = (Date.now() - started) / 60000;
    const done = settled.filter((row) => row.status === 'done').length;
    const perMinute = done / minutes;
    console.log(`${label.padEnd(32)} ${done}/${TASKS} done in ${(minutes * 60).toFixed(0)} s: ${perMinute.toFixed(1)} tasks/min, ${(perMinute / os.cpus().length).toFixed(1)} per min and core`);
    return { perMinute, done };
  } finally {
    for (const child of children) child.kill();
    redis.kill();
    await site.stop();
  }
}

const pdf = await slowPdf(3);
console.log(`throughput: ${TASKS} tasks (pdf-to-jpg, txt-to-pdf, pdf-compress in turn), ${PER_WORKER} jobs per worker, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at start`);
const one = await round(1, pdf, 'one worker process');
const two = await round(2, pdf, 'two worker processes');
console.log(`ratio two/one: ${(two.perMinute / one.perMinute).toFixed(2)}`);
process.exitCode = one.done === TASKS && two.done === TASKS ? 0 : 1;
