// The gate on a monorepo change: 30 package-lock.json files, 60,000 packages across base and head,
// against the emulator over loopback HTTP with a generated organization of 200,000 dependencies.
// Wall time as a ratio to reading the same lockfiles alone (aim <= 3), platform requests beside the
// fewest possible (aim: equal), and peak memory. With vulnerabilities on: OSV's API as the emulator
// serves it, requests beside the fewest possible (one batch per 1,000 versions asked, one record per
// distinct advisory), and the wall time beside the gate without them.
import { createPlatformClient, defaultTransport } from '../../src/core/index.js';
import {
  createEmulator,
  generateDataset,
  SEED_DEPLOYMENT,
  SEED_TOKENS,
  startServer,
} from '../../src/emulator/index.js';
import { runGate, type LockfilePair } from '../../src/gate/index.js';
import { readLockfile } from '../../src/lockfiles/index.js';
import type { Policy } from '../../src/policy/index.js';
import { OSV_BATCH_LIMIT, osvSource } from '../../src/vulns/index.js';
import {
  NPM_POPULAR_SOURCE,
  npmRegistryConfig,
  npmRegistrySource,
  popularIndex,
} from '../../src/registries/index.js';
import popularNames from '../../src/registries/data/npm-popular.json' with { type: 'json' };
import { readFileSync } from 'node:fs';
import { createRandom } from './generate-lockfiles.js';
import { median, ms, printTable } from './measure.js';

const LOCKFILES = 30;
const PACKAGES = 1000; // per lockfile and side: 30 x 2 x 1000 = 60,000
const random = createRandom(11);

function lockfile(entries: Map<string, string>): string {
  const packages: Record<string, unknown> = {
    '': {
      name: 'svc',
      version: '1.0.0',
      dependencies: Object.fromEntries([...entries].slice(0, 30).map(([n, v]) => [n, v])),
    },
  };
  for (const [name, version] of entries) {
    packages[`node_modules/${name}`] = { version, license: random() < 0.9 ? 'MIT' : 'Apache-2.0' };
  }
  return `${JSON.stringify({ name: 'svc', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

const pairs: LockfilePair[] = [];
for (let f = 0; f < LOCKFILES; f++) {
  const base = new Map<string, string>();
  while (base.size < PACKAGES) {
    // Two packages in three are ones the generated organization uses (pkg-*), the others are new to it.
    const name =
      random() < 0.66 ? `pkg-${Math.floor(random() * 20_000).toString(36)}` : `svc${f}-lib-${base.size}`;
    base.set(
      name,
      `${1 + Math.floor(random() * 5)}.${Math.floor(random() * 10)}.${Math.floor(random() * 10)}`,
    );
  }
  const head = new Map(base);
  let i = 0;
  for (const [name, version] of base) {
    if (i++ % 33 === 0)
      head.set(
        name,
        version.replace(/\d+$/, (d) => String(Number(d) + 1)),
      ); // ~3% upgraded
  }
  for (let a = 0; a < 10; a++) head.set(`new-${f}-${a}`, '1.0.0'); // 10 added per file
  for (const name of [...base.keys()].slice(100, 105)) head.delete(name); // 5 removed per file
  // Two known-vulnerable versions in the first service (real advisories the emulator's OSV serves).
  if (f === 0) head.set('lodash', '4.17.20').set('minimist', '1.2.5');
  pairs.push({ path: `services/svc-${f}/package-lock.json`, base: lockfile(base), head: lockfile(head) });
}
const bytes = pairs.reduce((n, p) => n + p.base!.length + p.head!.length, 0);

const policy: Policy = {
  source: 'bench',
  deny: [
    {
      name: 'pkg-1',
      exactNameMatch: true,
      versionUpperBound: '<3.0.0',
      reason: 'bench',
      index: 0,
      at: { line: 1, column: 1 },
    },
  ],
  exceptions: [],
  licenses: { deny: ['GPL-3.0-only'], unknown: 'warn' },
  newToOrg: 'warn',
  preExisting: 'report',
  paths: { include: ['**'], exclude: [] },
};

const emulator = createEmulator({
  dataset: generateDataset({ repositories: 200, dependenciesPerRepository: 1000 }),
});
const server = await startServer(emulator.handle);
const client = createPlatformClient({
  token: SEED_TOKENS.api,
  baseUrl: server.url,
  transport: defaultTransport,
});
const platform = { client, deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug };

const vulnPolicy: Policy = {
  ...policy,
  vulnerabilities: { failOn: 'high', sources: ['osv'], onError: 'fail' },
};

const readAlone = () => {
  for (const p of pairs) {
    readLockfile(p.path, p.base!);
    readLockfile(p.path, p.head!);
  }
};
const gate = (withPlatform: boolean) =>
  runGate({
    lockfiles: pairs,
    policy,
    now: new Date('2026-11-24T00:00:00Z'),
    toolVersion: 'bench',
    mode: 'diff',
    ...(withPlatform ? { platform } : {}),
  });

// A fresh OSV source each run, as each `depgate check` process has: a source keeps the records it
// fetched for its life, so a shared one would fetch them in the first run only and every later run
// would count its batches alone against a "fewest possible" that includes the records.
const gateVulns = () =>
  runGate({
    lockfiles: pairs,
    policy: vulnPolicy,
    now: new Date('2026-11-24T00:00:00Z'),
    toolVersion: 'bench',
    mode: 'diff',
    advisorySources: [osvSource({ url: server.url })],
  });

// supplyChain on, against the emulator's npm registry: one packument request per distinct introduced
// name (the generated names are not in its seed, so each is a 404: the request count is what is measured).
const supplyPolicy: Policy = {
  ...policy,
  supplyChain: {
    minimumReleaseAge: '3d',
    minimumReleaseAgeMinutes: 4320,
    minimumReleaseAgeExclude: [],
    installScripts: 'warn',
    allowScripts: [],
    provenance: 'warn',
    deprecated: 'warn',
    typosquat: 'warn',
    onError: 'warn',
  },
};
const gateSupply = () =>
  runGate({
    lockfiles: pairs,
    policy: supplyPolicy,
    now: new Date('2026-11-24T00:00:00Z'),
    toolVersion: 'bench',
    mode: 'diff',
    registry: npmRegistrySource({
      config: npmRegistryConfig(undefined, { npm_config_registry: `${server.url}/npm/` }),
    }),
  });

await gate(true);
await gateVulns();
await gateSupply();
readAlone();
const tRead: number[] = [];
const tLocal: number[] = [];
const tPlatform: number[] = [];
const tVulns: number[] = [];
const tSupply: number[] = [];
let lastSupply = await gateSupply();
let last = await gate(true);
let lastVulns = await gateVulns();
for (let i = 0; i < 5; i++) {
  globalThis.gc?.();
  let t = performance.now();
  readAlone();
  tRead.push(performance.now() - t);
  globalThis.gc?.();
  t = performance.now();
  await gate(false);
  tLocal.push(performance.now() - t);
  globalThis.gc?.();
  t = performance.now();
  last = await gate(true);
  tPlatform.push(performance.now() - t);
  globalThis.gc?.();
  t = performance.now();
  lastVulns = await gateVulns();
  tVulns.push(performance.now() - t);
  globalThis.gc?.();
  t = performance.now();
  lastSupply = await gateSupply();
  tSupply.push(performance.now() - t);
}
await server.close();

const read = median(tRead);
console.log(
  `gate: ${LOCKFILES} lockfiles, ${(LOCKFILES * PACKAGES * 2).toLocaleString('en')} packages across base and head (${(bytes / 1024 / 1024).toFixed(1)} MB), ${last.counts.introduced} introduced, ${last.findings.length} findings; organization of ${emulator.state.byDeployment.get(SEED_DEPLOYMENT.id)!.length.toLocaleString('en')} dependencies\n`,
);
printTable(
  ['what', 'median', 'ratio to reading alone', 'aim'],
  [
    ['read 60 lockfiles alone (reference)', ms(read), '1.00', ''],
    ['gate, platform off', ms(median(tLocal)), (median(tLocal) / read).toFixed(2), '<= 3'],
    [
      'gate, platform on (emulator, HTTP)',
      ms(median(tPlatform)),
      (median(tPlatform) / read).toFixed(2),
      '<= 3',
    ],
    [
      'gate, platform off, vulnerabilities on (OSV API, emulator)',
      ms(median(tVulns)),
      (median(tVulns) / read).toFixed(2),
      '',
    ],
    [
      'gate, platform off, supplyChain on (npm registry, emulator)',
      ms(median(tSupply)),
      (median(tSupply) / read).toFixed(2),
      '',
    ],
  ],
);
const s = lastSupply.supplyChain!;
// The popular-names list: its size on disk and the time to build its index (a copy forces a fresh build).
const listBytes = readFileSync(new URL('../../src/registries/data/npm-popular.json', import.meta.url)).length;
const tIndex: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  popularIndex([...popularNames.names]);
  tIndex.push(performance.now() - t);
}
console.log(
  `\nsupplyChain: ${s.queried.toLocaleString('en')} names asked in ${s.requests} requests (fewest possible: ${s.minimumRequests}; no cache: every check asks each name once); ${ms(median(tSupply) - median(tLocal))} beside the gate without it; popular-names list: ${NPM_POPULAR_SOURCE.count} names, ${(listBytes / 1024).toFixed(0)} KB, index built in ${ms(median(tIndex))}`,
);
const v = lastVulns.vulnerabilities!;
const advisories = new Set(lastVulns.findings.flatMap((f) => (f.advisories ?? []).map((a) => a.id)));
console.log(
  `\nvulnerabilities: ${v.queried.toLocaleString('en')} versions asked, ${v.vulnerable} vulnerable, ${advisories.size} distinct advisories; OSV requests: ${v.requests} (fewest possible: ${Math.ceil(v.queried / OSV_BATCH_LIMIT)} batches + ${advisories.size} records = ${Math.ceil(v.queried / OSV_BATCH_LIMIT) + advisories.size}); ${ms(median(tVulns) - median(tLocal))} beside the gate without them`,
);
console.log(
  `\nplatform requests: ${last.platform.requests} (fewest possible: ${last.platform.minimumRequests}); peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
