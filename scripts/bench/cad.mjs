// CAD tools, per drawing, against a baseline measured in the same run on the same drawing:
//   dwg-to-dxf / cad-to-cad (2018) against the CAD reader alone (LibreDWG or dxf-json in its own
//   process: what the DXF writing adds), and for DXF inputs against ezdxf's own read + write of
//   the same file (Debian's python3-ezdxf, interpreter start included).
// Memory: the peak RSS of the reader's process (sampled from /proc every 20 ms) and the growth of
// this process's heap while the DXF is written. Table-driven: a tool is one row of TOOLS.
//   npm run build && node scripts/bench/cad.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.resolve(root, '../shared/fixtures/cad');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cad-'));
const RUNS = 3;

// The bundle sits beside the built reader (dist/server/cad-reader.mjs), which it finds from its own folder.
const bundle = path.join(root, 'dist/server/bench-cad.mjs');
await build({
  stdin: {
    contents: `export { readCadDrawing } from './server/convert/engines/cad-reader';
      export { cadWriteConverters } from './server/convert/tools/cad/write';`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: bundle,
  logLevel: 'error',
});
const { readCadDrawing, cadWriteConverters } = await import(bundle);
fs.rmSync(bundle);

/** Peak RSS (MB) of processes running the CAD reader while `work` runs. */
async function withReaderPeak(work) {
  let peak = 0;
  const sample = () => {
    for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cad-reader.mjs')) continue;
        const kb = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb / 1024);
      } catch {
        // gone meanwhile
      }
    }
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timed(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

let jobs = 0;
const context = () => {
  const workDir = path.join(work, `job-${++jobs}`);
  fs.mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: () => {}, tier: 'vip', note: () => {} };
};
const inputOf = (file) => ({ name: path.basename(file), path: file, size: fs.statSync(file).size, type: path.extname(file).slice(1) });
const converter = (id) => cadWriteConverters.find((c) => c.toolId === id);

const EZDXF = `import sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
doc.saveas(sys.argv[2])`;

/** Tool rows: which inputs, how the tool runs, and the baselines it is compared with. */
const TOOLS = [
  {
    tool: 'dwg-to-dxf',
    inputs: (names) => names.filter((n) => n.endsWith('.dwg')),
    run: (file) => converter('dwg-to-dxf').convert({ inputs: [inputOf(file)], options: { version: '2018' } }, context()),
    baselines: [{ name: 'reader alone', run: (file) => readCadDrawing(file, 'dwg', context().workDir) }],
  },
  {
    tool: 'cad-to-cad',
    inputs: (names) => names.filter((n) => n.endsWith('.dxf')),
    run: (file) => converter('cad-to-cad').convert({ inputs: [inputOf(file)], options: { version: '2018' } }, context()),
    baselines: [
      { name: 'reader alone', run: (file) => readCadDrawing(file, 'dxf', context().workDir) },
      { name: 'ezdxf read+write', run: (file) => execFileSync('/usr/bin/python3', ['-c', EZDXF, file, path.join(work, `ezdxf-${++jobs}.dxf`)]) },
    ],
  },
];

const names = fs.existsSync(fixtures) ? fs.readdirSync(fixtures).filter((n) => /\.(dwg|dxf)$/.test(n)).sort() : [];
if (!names.length) throw new Error(`no drawings in ${fixtures}`);
console.log(`machine: ${os.availableParallelism()} cores, ${os.cpus()[0].model.split(' ').slice(0, 2).join(' ')}; median of ${RUNS} runs`);
console.log(['tool', 'drawing', 'KB', 'tool ms', 'baseline', 'baseline ms', 'ratio', 'reader peak MB', 'writer heap MB'].join(' | '));
for (const row of TOOLS) {
  for (const name of row.inputs(names)) {
    const file = path.join(fixtures, name);
    const ms = await timed(() => row.run(file));
    const drawing = await readCadDrawing(file, name.endsWith('.dwg') ? 'dwg' : 'dxf', context().workDir);
    const heapBefore = process.memoryUsage().heapUsed;
    const { peak } = await withReaderPeak(() => row.run(file));
    const heap = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    void drawing;
    for (const baseline of row.baselines) {
      const baseMs = await timed(() => baseline.run(file));
      console.log([row.tool, name, Math.round(fs.statSync(file).size / 1024), ms.toFixed(0), baseline.name, baseMs.toFixed(0), `${(ms / baseMs).toFixed(2)}x`, peak.toFixed(0), heap.toFixed(1)].join(' | '));
    }
  }
}
fs.rmSync(work, { recursive: true, force: true });
