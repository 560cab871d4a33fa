// The bundle against the source, wherever a third-party module reaches the bundle through ncc's
// interop (the CVSS scores were lost that way, issue #34: the source passed its tests and the bundle
// broke). Each table runs the same `depgate` invocations twice: through the source, in-process
// (runCli), and through the bundle built from that source, as a child process; the answers must be the
// same. The advisory scores (ae-cvss-calculator) have theirs in check-vulnerabilities-real.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { compareVersions } from '../../src/domain/versions/index.js';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import type { Report } from '../../src/gate/index.js';
import { redisStore } from '../../src/relay/index.js';
import { runDepgate, type CliRun } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { makeRepo } from '../helpers/git-repo.js';
import { npmLockfile } from '../helpers/npm-lockfile.js';
import { fixtureKey, fixturePath, ROOT } from '../helpers/paths.js';
import { HAS_REDIS, redisCli, startRedis } from '../helpers/redis.js';
import { filesUnder } from '../helpers/reader-tests.js';

/** `depgate argv` through the source, in-process, with the environment a child process gets. */
async function fromSource(
  argv: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    cwd: options.cwd,
    stopSignal: new Promise<void>(() => {}),
  };
  const code = await runCli(argv, io);
  return { code, signal: null, stdout: out.join(''), stderr: err.join('') };
}

/** The same invocation through the source and through the bundle. */
async function both(
  argv: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<{ source: CliRun; bundle: CliRun }> {
  const source = await fromSource(argv, options);
  const bundle = await runDepgate(argv, options);
  return { source, bundle };
}

const CHECK = ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'];

/** A run's output with the time of the run taken out: a JSON report's `generatedAt`. */
function timeless(text: string): string {
  return text.replace(/"generatedAt": "[^"]*"/g, '"generatedAt": "(the time of the run)"');
}

/** The first line where the bundle's output differs from the source's. */
function firstDifference(bundle: string, source: string): string {
  const b = bundle.split('\n');
  const s = source.split('\n');
  const at = b.findIndex((line, i) => line !== s[i]);
  const i = at === -1 ? b.length : at;
  return `line ${i + 1}: bundle ${JSON.stringify(b[i])}, source ${JSON.stringify(s[i])}`;
}

/** Each change's kind and versions in a report, by package name. */
function changesOf(run: CliRun): Record<string, string> {
  const report = JSON.parse(run.stdout) as Report;
  return Object.fromEntries(
    report.lockfiles.flatMap((l) => l.changes.map((c) => [c.name, `${c.kind} ${c.from} -> ${c.to}`])),
  );
}

/** What the source's ordering makes of a move from `from` to `to`, as the change diff words it. */
function kindOf(ecosystem: 'npm' | 'pypi', from: string, to: string): string {
  const order = compareVersions(ecosystem, from, to);
  return `${order === undefined ? 'changed' : order < 0 ? 'upgraded' : 'downgraded'} ${from} -> ${to}`;
}

describe('semver (npm versions, ordered by the semver package): the bundle orders as the source', () => {
  // [from, to]: pre-releases and their identifiers, build metadata, loose forms npm accepts, and a
  // version semver refuses (the diff then says only "changed").
  const MOVES: [string, string][] = [
    ['1.0.0', '1.0.1'],
    ['2.0.0', '1.9.9'],
    ['1.0.0-alpha', '1.0.0-alpha.1'],
    ['1.0.0-alpha.beta', '1.0.0-alpha.1'],
    ['1.0.0-beta.11', '1.0.0-beta.2'],
    ['1.0.0-rc.1', '1.0.0'],
    ['1.0.0', '1.0.0-rc.1'],
    ['1.0.0+build.1', '1.0.1+build.0'],
    ['v1.2.3', '1.2.4'],
    ['1.2.3beta', '1.2.3'],
    ['01.2.3', '1.2.4'],
    ['10.0.0', '9.99.99'],
    ['0.0.1', 'not-a-version'],
    ['1.0.0', '9007199254740992.0.0'],
  ];
  const names = MOVES.map((_, i) => `pkg-${String(i).padStart(2, '0')}`);
  const repo = makeRepo(
    { 'package-lock.json': npmLockfile(Object.fromEntries(names.map((n, i) => [n, MOVES[i]![0]]))) },
    { 'package-lock.json': npmLockfile(Object.fromEntries(names.map((n, i) => [n, MOVES[i]![1]]))) },
  );

  it('gives each move the kind the source gives it, and the same report', async () => {
    const { source, bundle } = await both(CHECK, { cwd: repo });
    expect(bundle.stderr).toBe(source.stderr);
    expect(bundle.code).toBe(source.code);
    const expected = Object.fromEntries(names.map((n, i) => [n, kindOf('npm', ...MOVES[i]!)]));
    expect(changesOf(source)).toEqual(expected);
    expect(changesOf(bundle)).toEqual(expected);
    expect(timeless(bundle.stdout)).toBe(timeless(source.stdout));
  });
});

describe('pep440 (Python versions, read by @renovatebot/pep440): the bundle orders as the source', () => {
  // [from, to]: epochs, pre-, post- and dev-releases, local versions, normal forms, and a legacy
  // version pip refuses.
  const MOVES: [string, string][] = [
    ['1.0', '1.0.1'],
    ['1.0a1', '1.0'],
    ['1.0.dev1', '1.0a1'],
    ['1.0rc1', '1.0b2'],
    ['1.0', '1.0.post1'],
    ['1.0.post1', '1.0.post1.dev2'],
    ['1!0.1', '2.0'],
    ['1.0+local.1', '1.0+local.2'],
    ['1.0+abc', '1.0+5'],
    ['2.0', '10.0'],
    ['1.0-alpha-1', '1.0'],
    ['1.0.0', '1.0.0.0.1'],
    ['0.7.10p1', '0.7.11'],
  ];
  const names = MOVES.map((_, i) => `pkg-${String(i).padStart(2, '0')}`);
  const requirements = (side: 0 | 1) => names.map((n, i) => `${n}==${MOVES[i]![side]}\n`).join('');
  const repo = makeRepo({ 'requirements.txt': requirements(0) }, { 'requirements.txt': requirements(1) });

  it('gives each move the kind the source gives it, and the same report', async () => {
    const { source, bundle } = await both(CHECK, { cwd: repo });
    expect(bundle.stderr).toBe(source.stderr);
    expect(bundle.code).toBe(source.code);
    const expected = Object.fromEntries(names.map((n, i) => [n, kindOf('pypi', ...MOVES[i]!)]));
    expect(changesOf(source)).toEqual(expected);
    expect(changesOf(bundle)).toEqual(expected);
    expect(timeless(bundle.stdout)).toBe(timeless(source.stdout));
  });
});

/** A change that adds one npm package, under the given policy (.github/depgate.yml, read from the base). */
const policyRepo = (policy: string) =>
  makeRepo(
    { 'package-lock.json': npmLockfile({}), '.github/depgate.yml': policy },
    { 'package-lock.json': npmLockfile({ 'left-pad': '1.3.0' }), '.github/depgate.yml': policy },
  );

// Policies through the `yaml` package (syntax, with the line and column of each problem) and the `zod`
// schema (fields, types, values), then `depgate check` on them: the same exit code and the same words.
const POLICIES: Record<'yaml' | 'zod', [string, string][]> = {
  yaml: [
    ['a valid policy with an anchor and an alias', 'deny: &d\n  - name: left-pad\nexceptions: []\n'],
    ['a tab for indentation', 'deny:\n\t- name: left-pad\n'],
    ['an unclosed flow sequence', 'deny: [\n  { name: left-pad }\n'],
    ['a key given twice', 'deny: []\ndeny: []\n'],
    ['a bad indentation', 'deny:\n  - name: left-pad\n   reason: x\n'],
    ['an unclosed quote', 'deny:\n  - name: "left-pad\n'],
    ['two documents', 'deny: []\n---\ndeny: []\n'],
    ['a bare scalar', 'just words\n'],
  ],
  zod: [
    ['an unknown top-level key', 'denny: []\n'],
    ['a list where a map belongs', 'sources: []\n'],
    ['a number where a list belongs', 'deny: 3\n'],
    ['an unknown field in a rule', 'deny:\n  - name: left-pad\n    colour: red\n'],
    ['a value outside an enum', 'vulnerabilities: { failOn: sometimes }\n'],
    ['a rule that names nothing', 'deny:\n  - {}\n'],
    ['a bad version bound', "deny:\n  - name: left-pad\n    versionLowerBound: '~1'\n"],
    [
      'an expiry that is not a date',
      'exceptions:\n  - name: left-pad\n    reason: r\n    owner: o\n    expires: soon\n',
    ],
    ['a deny rule that matches', 'deny:\n  - name: left-pad\n    reason: not here\n'],
  ],
};

describe.each(['yaml', 'zod'] as const)(
  '%s (the policy file): the bundle reads policies as the source',
  (module) => {
    const cases = POLICIES[module].map(([what, policy]) => ({ what, policy, repo: policyRepo(policy) }));

    // Two runs per policy, one after another.
    it(
      'gives each policy the same exit code, report and error, naming the file, line and field',
      { timeout: 300_000 },
      async () => {
        const differences: string[] = [];
        const codes = new Set<number | null>();
        for (const { what, repo } of cases) {
          const { source, bundle } = await both(CHECK, { cwd: repo });
          codes.add(source.code);
          for (const part of ['code', 'stdout', 'stderr'] as const) {
            const [b, s] = [timeless(String(bundle[part])), timeless(String(source[part]))];
            if (b !== s) differences.push(`${what}: ${part}: ${firstDifference(b, s)}`);
          }
          // A refused policy is named with the line and column of the mistake.
          if (source.code === 2) expect(source.stderr, what).toMatch(/\.github\/depgate\.yml:\d+:\d+: /);
        }
        expect(differences).toEqual([]);
        // The table holds policies that are read and policies that are refused.
        expect(codes.has(2)).toBe(true);
        expect([...codes].some((code) => code !== 2)).toBe(true);
      },
    );
  },
);

describe('js-yaml (pnpm and yarn berry lockfiles): the bundle reads them as the source', () => {
  // Every pnpm and berry fixture, the edge cases among them being those the line scanner leaves to
  // js-yaml (tabs, flow style, CRLF, odd documents), each read by `depgate parse` as its format's name.
  const files: [file: string, as: string][] = [
    ...filesUnder(fixturePath('pnpm'), (name) => name.endsWith('.yaml')).map((f): [string, string] => [
      f,
      'pnpm-lock.yaml',
    ]),
    ...filesUnder(fixturePath('yarn'), (name) => name === 'yarn.lock')
      .filter((f) => /^__metadata:/m.test(readFileSync(f, 'utf8')))
      .map((f): [string, string] => [f, 'yarn.lock']),
  ];

  it(
    'gives each file the same packages, warnings or error, with their lines',
    { timeout: 300_000 },
    async () => {
      expect(files.length).toBeGreaterThan(20);
      const differences: string[] = [];
      const codes = new Set<number | null>();
      for (const [file, as] of files) {
        const { source, bundle } = await both(['parse', file, '--as', as], { cwd: ROOT });
        codes.add(source.code);
        for (const part of ['code', 'stdout', 'stderr'] as const) {
          const [b, s] = [String(bundle[part]), String(source[part])];
          if (b !== s) differences.push(`${fixtureKey(file)}: ${part}: ${firstDifference(b, s)}`);
        }
      }
      expect(differences).toEqual([]);
      expect(codes.has(0)).toBe(true);
    },
  );
});

describe('redis (the relay store): the bundled client keeps the state the source does', () => {
  const redis = startRedis();
  // A seeded platform for each run: the first runs post what it holds unread, the second runs find it all
  // still unread and must leave it to the claims the first ones recorded.
  const emulators = [startTestEmulator(), startTestEmulator(), startTestEmulator(), startTestEmulator()];
  const dir = mkdtempSync(join(tmpdir(), 'depgate-parity-relay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!HAS_REDIS)(
    'records the same baseline and deliveries on a real redis-server, and each reads what the other wrote',
    { tags: ['redis'], timeout: 300_000 },
    async () => {
      const server = await redis;
      try {
        let posted = 0;
        const { createServer } = await import('node:http');
        const webhook = createServer((req, res) => {
          req.resume();
          req.on('end', () => {
            posted++;
            res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
          });
        });
        await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
        const port = (webhook.address() as { port: number }).port;
        const since = '2000-01-01T00:00:00.000Z';
        /** One relay run through `via` against its own seeded emulator, on database `db` of the server. */
        const relay = async (
          via: 'source' | 'bundle',
          db: number,
          emulatorUrl: string,
          withSince: boolean,
        ) => {
          const options = {
            cwd: dir,
            env: {
              DEPGATE_API_URL: emulatorUrl,
              DEPGATE_API_TOKEN: SEED_TOKENS.api,
              DEPGATE_SLACK_WEBHOOK_URL: `http://127.0.0.1:${port}/services/T0/B0/SECRET`,
              REDIS_URL: `${server.url}/${db}`,
              ...(withSince ? { DEPGATE_RELAY_SINCE: since } : {}),
            },
          };
          return via === 'source'
            ? fromSource(['relay', '--once'], options)
            : runDepgate(['relay', '--once'], options);
        };
        const keys = (db: number) =>
          redisCli(server.port, '-n', String(db), '--raw', 'KEYS', '*').split('\n').sort();
        const postedBy = (run: CliRun) => Number(/posted (\d+)/.exec(run.stderr)?.[1]);

        // The same seeded platform, relayed once by each into a database of its own.
        const runs: Record<'source' | 'bundle', CliRun> = {} as never;
        const counts: Record<string, number> = {};
        for (const [via, db] of [
          ['source', 1],
          ['bundle', 2],
        ] as const) {
          redisCli(server.port, '-n', String(db), 'FLUSHDB');
          posted = 0;
          runs[via] = await relay(via, db, (await emulators[db - 1]!).url, true);
          counts[via] = posted;
        }
        expect(runs.bundle.code, runs.bundle.stderr).toBe(0);
        expect(runs.bundle.code).toBe(runs.source.code);
        expect(postedBy(runs.bundle)).toBeGreaterThan(0);
        expect(postedBy(runs.bundle)).toBe(postedBy(runs.source));
        expect(counts.bundle).toBe(counts.source);
        expect(keys(2)).toEqual(keys(1));
        expect(keys(2).length).toBeGreaterThan(1);

        // The source's store reads what the bundle wrote: the run was recorded, with its baseline.
        const store = await redisStore(`${server.url}/2`);
        try {
          expect(await store.initialized()).toBe(true);
          expect(await store.recordedBaseline()).toBe(Date.parse(since));
        } finally {
          await store.close();
        }

        // And each, run again on the other's database against a platform that still has everything
        // unread, posts nothing: the claims the other recorded hold.
        for (const [via, db] of [
          ['bundle', 1],
          ['source', 2],
        ] as const) {
          posted = 0;
          const again = await relay(via, db, (await emulators[db + 1]!).url, false);
          expect(again.code, `${via}: ${again.stderr}`).toBe(0);
          expect(postedBy(again), `${via} on what the other wrote: ${again.stderr}`).toBe(0);
          expect(posted).toBe(0);
        }
        await new Promise<void>((resolve) => webhook.close(() => resolve()));
      } finally {
        await server.stop();
      }
    },
  );
});
