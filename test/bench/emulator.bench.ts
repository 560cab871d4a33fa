// The emulator's filtered dependencies listing over a generated 1,000,000-dependency dataset: p50/p95
// per page at pageSize 1,000 and 10,000, and exact-name package filters from the index vs a scan.
import type { WireDependencyFilter } from '../../src/core/wire.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { queryDependencies } from '../../src/emulator/state.js';
import { median, ms, percentile, printTable } from './measure.js';

const REPOSITORIES = Number(process.env.BENCH_REPOSITORIES ?? 10_000);
const PER_REPOSITORY = 100;
const MAX_PAGES = 40;

let started = performance.now();
const dataset = generateDataset({
  repositories: REPOSITORIES,
  dependenciesPerRepository: PER_REPOSITORY,
  seed: 42,
});
const generatedMs = performance.now() - started;
started = performance.now();
const emulator = createEmulator({ dataset });
const indexedMs = performance.now() - started;
console.log(
  `\n## Emulator: dependencies listing over ${dataset.dependencies.length.toLocaleString('en')} dependencies`,
);
console.log(
  `(generated in ${ms(generatedMs)}, indexed in ${ms(indexedMs)}; up to ${MAX_PAGES} pages per case, timed in-process through the Request -> Response handler)\n`,
);

const url = `http://emulator.bench/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`;
async function page(filter: WireDependencyFilter, pageSize: number, cursor?: string) {
  const body = JSON.stringify({
    pageSize,
    dependencyFilter: filter,
    ...(cursor === undefined ? {} : { cursor }),
  });
  const start = performance.now();
  const res = await emulator.handle(
    new Request(url, { method: 'POST', headers: { authorization: `Bearer ${SEED_TOKENS.api}` }, body }),
  );
  const json = (await res.json()) as { dependencies: unknown[]; cursor?: string; hasMore?: boolean };
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return { elapsed, count: json.dependencies.length, next: json.hasMore === true ? json.cursor : undefined };
}

const cases: [string, WireDependencyFilter][] = [
  ['no filter (all)', {}],
  ['ecosystem npm', { ecosystem: ['npm'] }],
  ['license GPL-3.0-only', { license: ['GPL-3.0-only'] }],
  ['name substring "pkg-1"', { name: 'pkg-1' }],
  [
    'version bounds >=3.0.0 <5.0.0',
    { packageFilters: [{ name: 'pkg-', versionLowerBound: '>=3.0.0', versionUpperBound: '<5.0.0' }] },
  ],
  [
    'exact name x3 (index)',
    { packageFilters: ['pkg-0', 'pkg-a', 'pkg-zz'].map((name) => ({ name, exactNameMatch: true })) },
  ],
];

const rows: string[][] = [];
for (const pageSize of [1000, 10_000]) {
  for (const [name, filter] of cases) {
    const times: number[] = [];
    let items = 0;
    let cursor: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const p = await page(filter, pageSize, cursor);
      times.push(p.elapsed);
      items += p.count;
      cursor = p.next;
      if (cursor === undefined) break;
    }
    rows.push([
      String(pageSize),
      name,
      String(times.length),
      String(items),
      ms(percentile(times, 50)),
      ms(percentile(times, 95)),
      `${((items / times.reduce((a, b) => a + b, 0)) * 1000).toFixed(0)}/s`,
    ]);
  }
}
printTable(['pageSize', 'filter', 'pages', 'items', 'p50/page', 'p95/page', 'items/s'], rows);

// The same exact-name filter answered from the index and by scanning every dependency.
const filter: WireDependencyFilter = { packageFilters: [{ name: 'pkg-a', exactNameMatch: true }] };
const all = emulator.state.byDeployment.get(SEED_DEPLOYMENT.id)!;
const indexed = emulator.state.byName.get(SEED_DEPLOYMENT.id)!.get('pkg-a')!;
const timesIndex: number[] = [];
const timesScan: number[] = [];
let found = 0;
for (let i = 0; i < 7; i++) {
  let t = performance.now();
  found = queryDependencies(emulator.state, indexed, filter, 0, 10_000).items.length;
  timesIndex.push(performance.now() - t);
  t = performance.now();
  const scanned = queryDependencies(emulator.state, all, filter, 0, 10_000).items.length;
  timesScan.push(performance.now() - t);
  if (scanned !== found) throw new Error('index and scan disagree');
}
console.log(
  `\nexact-name filter 'pkg-a' (${found} matches): index ${ms(median(timesIndex))} vs full scan ${ms(median(timesScan))} (scan/index = ${(median(timesScan) / median(timesIndex)).toFixed(0)}x)`,
);
