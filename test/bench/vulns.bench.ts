// Vulnerability lookups of ~60,000 package versions (a 30-lockfile monorepo PR's worth) against the
// emulator's OSV API on real loopback HTTP, and against the same records as an offline all.zip export:
// requests made vs the fewest possible (ceil(distinct queries / 1,000) batch requests + one record fetch
// per distinct advisory), and wall time.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import {
  createEmulator,
  createSeedDataset,
  OSV_SEED_RECORDS,
  startServer,
} from '../../src/emulator/index.js';
import { osvOfflineSource, osvSource, type PackageQuery, type VulnLookup } from '../../src/vulns/index.js';
import { median, ms, printTable } from './measure.js';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 60_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 3);

// Real vulnerable versions of the seed, spread through otherwise clean packages of five ecosystems.
const vulnerable: PackageQuery[] = [
  { ecosystem: 'npm', name: 'lodash', version: '4.17.20' },
  { ecosystem: 'npm', name: 'lodash', version: '4.17.15' },
  { ecosystem: 'npm', name: 'minimist', version: '1.2.5' },
  { ecosystem: 'npm', name: 'event-stream', version: '3.3.6' },
  { ecosystem: 'pypi', name: 'PyYAML', version: '5.3.1' },
  { ecosystem: 'pypi', name: 'paramiko', version: '3.3.1' },
  { ecosystem: 'gomod', name: 'golang.org/x/crypto', version: 'v0.0.0-20220314234659-1baeb1ce4c0b' },
  { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
  { ecosystem: 'cargo', name: 'openssl', version: '0.10.64' },
];
const ecosystems = ['npm', 'pypi', 'gomod', 'maven', 'cargo'] as const;
const names: Record<(typeof ecosystems)[number], (i: number) => string> = {
  npm: (i) => `pkg-${i}`,
  pypi: (i) => `py-pkg-${i}`,
  gomod: (i) => `github.com/acme/mod-${i}`,
  maven: (i) => `com.acme:artifact-${i}`,
  cargo: (i) => `crate-${i}`,
};
const queries: PackageQuery[] = Array.from({ length: PACKAGES }, (_, i) => {
  const ecosystem = ecosystems[i % ecosystems.length]!;
  return { ecosystem, name: names[ecosystem](i), version: `1.${i % 7}.0` };
});
vulnerable.forEach((q, k) => (queries[Math.floor(((k + 1) * PACKAGES) / (vulnerable.length + 1))] = q));

const root = await mkdtemp(join(tmpdir(), 'depgate-osv-bench-'));
const byEcosystem = new Map<string, Record<string, Uint8Array>>();
for (const record of OSV_SEED_RECORDS)
  for (const e of new Set(
    (record.affected as { package: { ecosystem: string } }[]).map((a) => a.package.ecosystem),
  )) {
    const files = byEcosystem.get(e) ?? {};
    files[`${String(record.id)}.json`] = strToU8(JSON.stringify(record));
    byEcosystem.set(e, files);
  }
for (const [e, files] of byEcosystem) {
  await mkdir(join(root, e));
  await writeFile(join(root, e, 'all.zip'), zipSync(files));
}

const rows: string[][] = [];
let distinctAdvisoryRecords = 0;
async function measure(label: string, lookup: () => Promise<VulnLookup>) {
  let last: VulnLookup | undefined;
  const times: number[] = [];
  // The first run warms up and is not counted.
  for (let i = 0; i <= ITERATIONS; i++) {
    globalThis.gc?.();
    const start = performance.now();
    last = await lookup();
    if (i > 0) times.push(performance.now() - start);
  }
  const found = last!.found;
  const ids = new Set<string>();
  for (const { advisories } of found.values()) for (const a of advisories) ids.add(a.id);
  return {
    label,
    time: median(times),
    requests: last!.requests,
    found: found.size,
    advisories: ids.size,
  };
}

const results = [];
for (const pageSize of [2, 1000]) {
  const emulator = createEmulator({ dataset: createSeedDataset(), osv: { pageSize }, logLimit: 1_000_000 });
  const server = await startServer(emulator.handle);
  const source = osvSource({ url: server.url });
  const result = await measure(`OSV API, emulator page size ${pageSize}`, () => source.lookup(queries));
  const gets = new Set(emulator.log.filter((l) => l.method === 'GET').map((l) => l.path)).size;
  distinctAdvisoryRecords = gets;
  results.push({ ...result, records: gets });
  await server.close();
}
const offline = await measure('offline all.zip export', () => osvOfflineSource(root).lookup(queries));
results.push({ ...offline, records: distinctAdvisoryRecords });
await rm(root, { recursive: true, force: true });

const distinctQueries = new Set(
  queries.map((q) => `${q.ecosystem}\u0000${q.name.toLowerCase()}\u0000${q.version}`),
).size;
const fewest = Math.ceil(distinctQueries / 1000) + distinctAdvisoryRecords;
console.log(
  `\n## Vulnerabilities: ${PACKAGES.toLocaleString('en')} package versions (${distinctQueries.toLocaleString('en')} distinct), ${results[0]!.found} vulnerable, ${distinctAdvisoryRecords} OSV records (median of ${ITERATIONS})\n`,
);
for (const r of results)
  rows.push([
    r.label,
    ms(r.time),
    String(r.requests),
    r.label.startsWith('offline') ? 'files read' : `${String(fewest)} (${(r.requests / fewest).toFixed(2)}x)`,
    String(r.found),
    String(r.advisories),
  ]);
printTable(['source', 'median', 'requests', 'fewest possible (ratio)', 'vulnerable', 'advisories'], rows);
console.log(
  `\nfewest = ceil(${distinctQueries} / 1000) batch requests + ${distinctAdvisoryRecords} record fetches; page size 2 adds one batch request per extra page of a paged query.`,
);
