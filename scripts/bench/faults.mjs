// What the site survives (issue 18), on loopback, bounded in time; each scenario starts what it
// needs and says what held. Results go to RESULTS.md with this command.
//   npm run build && node scripts/bench/faults.mjs [scenario …]     (all when none is named)
import { libreofficeHang } from './faults/libreoffice.mjs';
import { postgresRestart } from './faults/postgres.mjs';
import { redisRestart, workerKilled } from './faults/workers.mjs';

const SCENARIOS = { postgres: postgresRestart, libreoffice: libreofficeHang, 'worker-killed': workerKilled, redis: redisRestart };

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SCENARIOS[name]);
if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
let failed = 0;
for (const name of wanted.length > 0 ? wanted : Object.keys(SCENARIOS)) {
  const result = await SCENARIOS[name]();
  console.log(`${result.ok ? 'held  ' : 'FAILED'} ${result.name}`);
  for (const line of result.lines) console.log(`       ${line}`);
  if (!result.ok) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
