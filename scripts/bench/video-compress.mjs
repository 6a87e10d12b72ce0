// video-compress (level medium) against plain ffmpeg run with the same settings on the same clip:
// our overhead is the probe, the duration check, reading its -progress output and the job plumbing.
// Target: time ratio <= 1.05. Prints best-of-three times and the ratio.
//   node scripts/bench/video-compress.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));

const bundle = path.join(root, 'node_modules/.cache/bench/media.mjs');
await build({ entryPoints: [path.join(root, 'server/convert/tools/media/index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { mediaConverters } = await import(bundle);
const videoCompress = mediaConverters.find((c) => c.toolId === 'video-compress');

// Moving test pattern with a tone, near-lossless so there is work to do: a short small clip, where
// our fixed cost per file (one ffprobe start) weighs most, and a longer 720p one, nearer a real upload.
function makeClip(name, size, seconds) {
  const file = path.join(work, name);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', file,
  ]);
  return file;
}

let jobs = 0;
async function ours(source) {
  const workDir = path.join(work, `job-${++jobs}`);
  fs.mkdirSync(workDir);
  const ctx = { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip' };
  const input = { name: 'source.mp4', path: source, size: fs.statSync(source).size, type: 'mp4' };
  const [output] = await videoCompress.convert({ inputs: [input], options: videoCompress.options.parse({ level: 'medium' }) }, ctx);
  return fs.statSync(output.path).size;
}

// What video-compress medium runs, typed by hand as an operator would.
function plain(source) {
  const output = path.join(work, `plain-${++jobs}.mp4`);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', source,
    '-map', '0:V:0', '-map', '0:a:0?',
    '-c:v', 'libx264', '-preset', 'medium', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-vf', "scale=-2:'min(1080,ih)',scale=trunc(iw/2)*2:trunc(ih/2)*2",
    '-c:a', 'aac', '-b:a', '96k', '-sn', '-dn', '-movflags', '+faststart', '-f', 'mp4', output,
  ]);
  return fs.statSync(output).size;
}

async function seconds(fn) {
  const start = process.hrtime.bigint();
  const size = await fn();
  return { time: Number(process.hrtime.bigint() - start) / 1e9, size };
}

console.log(`machine: ${os.availableParallelism()} cores, ${os.cpus()[0].model}`);
for (const [name, size, length] of [['short.mp4', '640x360', 10], ['long.mp4', '1280x720', 30]]) {
  const source = makeClip(name, size, length);
  // Alternate the two so that load from other work on the machine falls on both alike.
  const runs = { ours: [], plain: [] };
  for (let i = 0; i < 3; i++) {
    runs.plain.push(await seconds(() => plain(source)));
    runs.ours.push(await seconds(() => ours(source)));
  }
  const best = (list) => list.reduce((a, b) => (a.time <= b.time ? a : b));
  const [o, p] = [best(runs.ours), best(runs.plain)];
  console.log(`video-compress medium, ${length} s ${size} (${(fs.statSync(source).size / 1024).toFixed(0)} KB): ours ${o.time.toFixed(2)} s (${(o.size / 1024).toFixed(0)} KB), plain ffmpeg ${p.time.toFixed(2)} s (${(p.size / 1024).toFixed(0)} KB); time ratio ${(o.time / p.time).toFixed(3)} (target <= 1.05)`);
}
fs.rmSync(work, { recursive: true, force: true });
