// The Action as GitHub runs it: dist/index.js as a child process, against the GitHub REST server of the
// tests and the emulator, both on loopback. Three figures, each beside a reference measured in this run:
// - start: process start to the first GitHub request, against a bare `node -e 0` start to exit;
// - a monorepo PR of 30 changed package-lock.json files (60,000 packages across base and head), end to
//   end (files listed, 60 files read by SHA, gate, comment, tags), against runGate alone in-process on
//   the same lockfiles with the same platform;
// - the bundle's size, against the 1.0 MB aim.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createPlatformClient, defaultTransport } from '../../src/core/index.js';
import {
  createEmulator,
  generateDataset,
  SEED_DEPLOYMENT,
  SEED_TOKENS,
  startServer,
} from '../../src/emulator/index.js';
import { runGate, type LockfilePair } from '../../src/gate/index.js';
import { readPolicy } from '../../src/policy/index.js';
import { actionDefaults, ACTION_ENTRY, pullRequestPayload } from '../helpers/action.js';
import { startFakeGitHub, TOKENS } from '../helpers/github-server.js';
import { createRandom } from './generate-lockfiles.js';
import { median, ms, printTable } from './measure.js';

const LOCKFILES = 30;
const PACKAGES = 1000;
const RUNS = 5;
const random = createRandom(12);

function lockfile(entries: Map<string, string>): string {
  const packages: Record<string, unknown> = {
    '': { name: 'svc', version: '1.0.0', dependencies: Object.fromEntries([...entries].slice(0, 30)) },
  };
  for (const [name, version] of entries)
    packages[`node_modules/${name}`] = { version, license: random() < 0.9 ? 'MIT' : 'Apache-2.0' };
  return `${JSON.stringify({ name: 'svc', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

const POLICY = `deny:\n  - { name: pkg-1, exactNameMatch: true, versionUpperBound: "<3.0.0", reason: bench }\nlicenses:\n  deny: [GPL-3.0-only]\n  unknown: warn\nnewToOrg: warn\n`;
const baseFiles: Record<string, string> = { '.github/depgate.yml': POLICY, 'README.md': '# monorepo\n' };
const headFiles: Record<string, string> = { ...baseFiles };
const pairs: LockfilePair[] = [];
for (let f = 0; f < LOCKFILES; f++) {
  const base = new Map<string, string>();
  while (base.size < PACKAGES) {
    const name =
      random() < 0.66 ? `pkg-${Math.floor(random() * 20_000).toString(36)}` : `svc${f}-lib-${base.size}`;
    base.set(
      name,
      `${1 + Math.floor(random() * 5)}.${Math.floor(random() * 10)}.${Math.floor(random() * 10)}`,
    );
  }
  const head = new Map(base);
  let i = 0;
  for (const [name, version] of base)
    if (i++ % 33 === 0)
      head.set(
        name,
        version.replace(/\d+$/, (d) => String(Number(d) + 1)),
      );
  for (let a = 0; a < 10; a++) head.set(`new-${f}-${a}`, '1.0.0');
  const path = `services/svc-${f}/package-lock.json`;
  const pair = { path, base: lockfile(base), head: lockfile(head) };
  pairs.push(pair);
  baseFiles[path] = pair.base;
  headFiles[path] = pair.head;
  baseFiles[`services/svc-${f}/index.js`] = `module.exports = ${f};\n`;
}

const emulator = createEmulator({
  dataset: generateDataset({ repositories: 200, dependenciesPerRepository: 1000 }),
});
const platformServer = await startServer(emulator.handle);
let firstRequestAt: number | undefined;
const github = await startFakeGitHub('acme', 'web', {
  onRequest: () => {
    firstRequestAt ??= performance.now();
  },
});
const b = github.commit(baseFiles);
const h = github.commit(headFiles, b);
github.pull(1, b, h);

const dir = mkdtempSync(join(tmpdir(), 'depgate-action-bench-'));
const eventPath = join(dir, 'event.json');
writeFileSync(
  eventPath,
  JSON.stringify(pullRequestPayload(github, { number: 1, base: b, head: h, changedFiles: 60 })),
);
const inputs: Record<string, string> = {
  ...actionDefaults(),
  'github-token': TOKENS.write,
  'api-url': platformServer.url,
  'api-token': SEED_TOKENS.api,
  'project-name': 'acme/web',
};

/** One Action run; resolves with its wall time and the time to its first GitHub request. */
function runOnce(): Promise<{ total: number; toFirst: number; code: number | null }> {
  writeFileSync(join(dir, 'output'), '');
  writeFileSync(join(dir, 'summary.md'), '');
  firstRequestAt = undefined;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/web',
    GITHUB_SHA: h,
    GITHUB_RUN_ID: '1',
    GITHUB_API_URL: github.url,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [ACTION_ENTRY], { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ total: performance.now() - start, toFirst: (firstRequestAt ?? NaN) - start, code }),
    );
  });
}

function bareNode(): number {
  const start = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - start;
}

const client = createPlatformClient({
  token: SEED_TOKENS.api,
  baseUrl: platformServer.url,
  transport: defaultTransport,
});
const platform = { client, deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug };
const policy = readPolicy(POLICY, '.github/depgate.yml');
const gateAlone = async () => {
  const t = performance.now();
  await runGate({ lockfiles: pairs, policy, now: new Date(), toolVersion: 'bench', mode: 'diff', platform });
  return performance.now() - t;
};

await runOnce();
await gateAlone();
bareNode();
const starts: number[] = [];
const firsts: number[] = [];
const totals: number[] = [];
const gates: number[] = [];
let requests = 0;
let code: number | null = null;
for (let i = 0; i < RUNS; i++) {
  starts.push(bareNode());
  const before = github.log.length;
  const run = await runOnce();
  requests = github.log.length - before;
  code = run.code;
  firsts.push(run.toFirst);
  totals.push(run.total);
  globalThis.gc?.();
  gates.push(await gateAlone());
}
await platformServer.close();
await github.close();

const bundle = readFileSync(ACTION_ENTRY);
const size = statSync(ACTION_ENTRY).size;
const mbText = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
console.log(
  `action: dist/index.js on a pull_request of ${LOCKFILES} changed lockfiles (${(LOCKFILES * PACKAGES * 2).toLocaleString('en')} packages across base and head), exit code ${code}, ${requests} GitHub requests (fewest: ${3 + LOCKFILES * 2} reads + the comment's)\n`,
);
printTable(
  ['what', 'median', 'reference', 'ratio', 'aim'],
  [
    [
      'start to first GitHub request',
      ms(median(firsts)),
      `node -e 0: ${ms(median(starts))}`,
      (median(firsts) / median(starts)).toFixed(2),
      '',
    ],
    [
      '30-lockfile PR end to end',
      ms(median(totals)),
      `runGate alone: ${ms(median(gates))}`,
      (median(totals) / median(gates)).toFixed(2),
      '',
    ],
    ['bundle size', mbText(size), `aim 1.00 MB`, (size / 1e6).toFixed(2), '<= 1.0'],
    ['bundle size, gzip', mbText(gzipSync(bundle).length), '', '', ''],
  ],
);
