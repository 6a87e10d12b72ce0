// Proves the shipped tool sweep (tests/shipped/tools.test.ts) can fail for every tool: builds
// scratch copies of the server in which every converter is broken on purpose, runs the sweep
// against each, and prints, per tool and mutation, whether the sweep caught it.
//   input — each result file holds the first input's bytes (right names, unchanged content)
//   empty — each result file is empty
// Usage: npm run build && node scripts/mutation-check.mjs   (about two sweeps' time)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appendToRegistry, buildServerBundle, root } from './server-bundle.mjs';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-'));
const MUTATIONS = ['input', 'empty'];

/** Every converter's results overwritten after it ran. */
const breakConverters = (mutation) =>
  appendToRegistry(`
import { copyFileSync as __copy, writeFileSync as __write } from 'node:fs';
import { resolve as __resolve } from 'node:path';
for (const converter of ALL) {
  const real = converter.convert.bind(converter);
  converter.convert = async (job, ctx) => {
    const outputs = await real(job, ctx);
    for (const output of outputs) {
      const file = __resolve(ctx.workDir, output.path);
      if (${JSON.stringify(mutation)} === 'empty') __write(file, '');
      else __copy(job.inputs[0].path, file);
    }
    return outputs;
  };
}
`);

const caught = {};
for (const mutation of MUTATIONS) {
  const bundle = await buildServerBundle({ outdir: path.join(scratch, mutation), plugins: [breakConverters(mutation)] });
  const report = path.join(scratch, `${mutation}.json`);
  spawnSync('npx', ['jest', 'tests/shipped/tools.test.ts', '--json', `--outputFile=${report}`], {
    cwd: root,
    env: { ...process.env, SHIPPED_BUNDLE: bundle },
    stdio: 'ignore',
  });
  const results = JSON.parse(fs.readFileSync(report, 'utf8')).testResults.flatMap((file) => file.assertionResults);
  for (const result of results) {
    const tool = result.ancestorTitles[0];
    if (!tool || result.status === 'pending') continue;
    caught[tool] ??= {};
    caught[tool][mutation] = result.status === 'failed';
  }
}

const tools = Object.keys(caught).sort();
const missed = tools.filter((tool) => MUTATIONS.some((m) => !caught[tool][m]));
console.log(`tool | ${MUTATIONS.join(' | ')}`);
console.log(`--- | ${MUTATIONS.map(() => '---').join(' | ')}`);
for (const tool of tools) console.log(`${tool} | ${MUTATIONS.map((m) => (caught[tool][m] ? 'caught' : '**missed**')).join(' | ')}`);
console.log(`\n${tools.length} tools run, ${tools.length - missed.length} caught under every mutation${missed.length ? `; missed: ${missed.join(', ')}` : ''}`);
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(missed.length ? 1 : 0);
