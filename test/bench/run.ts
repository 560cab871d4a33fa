// `npm run bench [-- name]`: runs every benchmark (or those whose file name starts with `name`), each in
// its own process so one cannot warm up or pollute another.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [only, ...rest] = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (only === undefined || f.startsWith(only)))
  .sort();
if (benches.length === 0) {
  console.error(`no benchmark matches '${only}'`);
  process.exit(2);
}
let failed = 0;
for (const bench of benches) {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', join(here, bench), ...rest],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) {
    failed++;
    console.error(`${bench} failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
