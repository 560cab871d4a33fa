import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, Report } from '../../src/gate/index.js';
import { affects, mergeAdvisories, readOsvRecord, type OsvRecord } from '../../src/vulns/index.js';
import { createEmulator, createSeedDataset, startServer } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { freshCliBundle } from '../helpers/fresh-bundle.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';
import { ROOT } from '../helpers/paths.js';

// The vulnerability check on real OSV records (test/fixtures/advisories, each with its source), run as
// users run it: the CLI bundle built from the current source, as a child process, against an offline
// OSV database or a loopback OSV mirror. Nothing here reaches the internet.

const FIXTURES = join(ROOT, 'test/fixtures/advisories');
const raw = (id: string) =>
  JSON.parse(readFileSync(join(FIXTURES, `${id}.json`), 'utf8')) as Record<string, unknown>;
const record = (id: string): OsvRecord => readOsvRecord(raw(id), id);

/** A package-lock.json v3 with these packages at these install paths (`node_modules/a/node_modules/b`). */
/** The registry's tarball of a version: `…/@scope/name/-/name-1.0.0.tgz`. */
const tarball = (name: string, version: string) =>
  `https://registry.npmjs.org/${name}/-/${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`;

function npmLock(packages: Record<string, string>): string {
  const entries = Object.entries(packages).map(
    ([path, version]): [string, { version: string; resolved: string; license: string }] => [
      path,
      {
        version,
        resolved: tarball(path.split('node_modules/').at(-1)!, version),
        license: 'MIT',
      },
    ],
  );
  const direct = Object.entries(packages).filter(([path]) => path.split('node_modules/').length === 2);
  return `${JSON.stringify(
    {
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': {
          name: 'app',
          version: '1.0.0',
          dependencies: Object.fromEntries(
            direct.map(([path, v]) => [path.slice('node_modules/'.length), v]),
          ),
        },
        ...Object.fromEntries(entries),
      },
    },
    null,
    2,
  )}\n`;
}

/** An offline OSV database folder holding these records, by OSV ecosystem folder. */
function osvDb(records: Record<string, Record<string, unknown>[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'depgate-osv-real-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [ecosystem, list] of Object.entries(records)) writeUnpackedExport(join(dir, ecosystem), list);
  return dir;
}

const EMPTY_LOCK = npmLock({});
const repoWith = (policy: string, base: Files, head: Files) =>
  makeRepo({ ...base, '.github/depgate.yml': policy }, { ...head, '.github/depgate.yml': policy });

const vulnerabilities = (r: Report): Finding[] => r.findings.filter((f) => f.kind === 'vulnerability');
const brief = (r: Report) =>
  vulnerabilities(r)
    .map(
      (f) =>
        `${f.blocking ? 'BLOCK' : f.level} ${f.name}@${f.version}${f.fix === undefined ? '' : ` fix ${f.fix}`}${
          f.fixAfter === undefined ? '' : ` fix after ${f.fixAfter}`
        }`,
    )
    .sort();

describe('depgate check on real advisory records, the bundle users run', () => {
  let bundle = '';
  beforeAll(async () => {
    bundle = await freshCliBundle();
  }, 900_000);

  const check = (repo: string, args: string[]) =>
    runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json', ...args],
      {
        cwd: repo,
        bundle,
        // No OSV URL is reachable: the offline database is the only source these tests use.
        env: { DEPGATE_OSV_URL: 'http://127.0.0.1:9' },
      },
    );
  const report = (stdout: string) => JSON.parse(stdout) as Report;

  describe('a CVSS score without a GitHub band (PYSEC-2024-60, idna 3.6, CVSS 3.1 7.5)', () => {
    const db = osvDb({ PyPI: [raw('PYSEC-2024-60')] });
    const base = { 'requirements.txt': 'requests==2.32.3\n' };
    const head = { 'requirements.txt': 'requests==2.32.3\nidna==3.6\n' };

    it.each([
      ['critical', 0, 'warning idna@3.6 fix 3.7'],
      ['high', 1, 'BLOCK idna@3.6 fix 3.7'],
    ] as const)('is high, not unknown: at failOn %s it exits %i', async (failOn, code, expected) => {
      const run = await check(repoWith(`vulnerabilities: { failOn: ${failOn} }\n`, base, head), [
        '--osv-db',
        db,
      ]);
      expect(run.stderr).not.toContain('Error');
      expect(run.code).toBe(code);
      const r = report(run.stdout);
      expect(brief(r)).toEqual([expected]);
      expect(vulnerabilities(r)[0]!.advisories!.map((a) => [a.id, a.severity, a.score])).toEqual([
        ['PYSEC-2024-60', 'high', 7.5],
      ]);
      expect(r.notes.filter((n) => n.level === 'warning')).toEqual([]);
    });

    it('says why a vector cannot be scored, naming the record, and still fails closed', async () => {
      const broken = {
        ...raw('PYSEC-2024-60'),
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L' }],
      };
      const run = await check(repoWith('vulnerabilities: { failOn: critical }\n', base, head), [
        '--osv-db',
        osvDb({ PyPI: [broken] }),
      ]);
      expect(run.code).toBe(1);
      const r = report(run.stdout);
      expect(brief(r)).toEqual(['BLOCK idna@3.6 fix 3.7']);
      expect(vulnerabilities(r)[0]!.advisories![0]!.severity).toBe('unknown');
      expect(r.notes).toContainEqual(
        expect.objectContaining({
          level: 'warning',
          message: expect.stringContaining(
            'PYSEC-2024-60: its CVSS vector CVSS:3.1/AV:N/AC:L cannot be scored (the base metrics PR, UI, S, C, I, A are missing)',
          ) as unknown,
        }),
      );
    });
  });

  it('reads the bound "1.0" as npm does (GHSA-r683-j2x4-v87g, node-fetch): 3.3.2 is clean, the others fix at 3.1.1', async () => {
    const head = {
      'package-lock.json': npmLock({
        'node_modules/node-fetch': '3.3.2',
        'node_modules/a/node_modules/node-fetch': '2.6.0',
        'node_modules/b/node_modules/node-fetch': '2.6.7',
        'node_modules/c/node_modules/node-fetch': '2.7.0',
        'node_modules/d/node_modules/node-fetch': '3.0.0-beta.8',
        'node_modules/e/node_modules/node-fetch': '3.1.0',
        'node_modules/a': '1.0.0',
        'node_modules/b': '1.0.0',
        'node_modules/c': '1.0.0',
        'node_modules/d': '1.0.0',
        'node_modules/e': '1.0.0',
      }),
    };
    const run = await check(repoWith('vulnerabilities: {}\n', { 'package-lock.json': EMPTY_LOCK }, head), [
      '--osv-db',
      osvDb({ npm: [raw('GHSA-r683-j2x4-v87g')] }),
    ]);
    expect(run.code).toBe(1);
    const r = report(run.stdout);
    expect(brief(r)).toEqual([
      'BLOCK node-fetch@2.6.0 fix 3.1.1',
      'BLOCK node-fetch@2.6.7 fix 3.1.1',
      'BLOCK node-fetch@2.7.0 fix 3.1.1',
      'BLOCK node-fetch@3.0.0-beta.8 fix 3.1.1',
      'BLOCK node-fetch@3.1.0 fix 3.1.1',
    ]);
    expect(r.notes.filter((n) => n.level === 'warning')).toEqual([]);
  });

  it('fixes an advisory only when no head version of the package still has it (GHSA-c2qf-rxjj-qqgw, semver)', async () => {
    const base = {
      'package-lock.json': npmLock({
        'node_modules/semver': '7.5.1',
        'node_modules/a': '1.0.0',
        'node_modules/a/node_modules/semver': '6.3.0',
      }),
    };
    const head = {
      'package-lock.json': npmLock({ 'node_modules/semver': '5.7.1', 'node_modules/a': '1.0.0' }),
    };
    const run = await check(repoWith('vulnerabilities: { failOn: moderate }\n', base, head), [
      '--osv-db',
      osvDb({ npm: [raw('GHSA-c2qf-rxjj-qqgw')] }),
    ]);
    expect(run.code).toBe(1);
    const r = report(run.stdout);
    expect(brief(r)).toEqual(['BLOCK semver@5.7.1 fix 5.7.2']);
    expect(r.vulnerabilities).toMatchObject({ fixed: 0, fixes: [] });
    expect(r.notes.map((n) => n.message).join('\n')).not.toContain('this change fixes');

    // Upgrading every version past the fix does fix it.
    const fixedHead = {
      'package-lock.json': npmLock({
        'node_modules/semver': '7.5.2',
        'node_modules/a': '1.0.0',
        'node_modules/a/node_modules/semver': '6.3.1',
      }),
    };
    const fixed = await check(repoWith('vulnerabilities: { failOn: moderate }\n', base, fixedHead), [
      '--osv-db',
      osvDb({ npm: [raw('GHSA-c2qf-rxjj-qqgw')] }),
    ]);
    expect(fixed.code).toBe(0);
    expect(report(fixed.stdout).vulnerabilities).toMatchObject({ fixed: 1 });
  });

  it('suggests a fix no known advisory of the package affects (lodash 3.6.0: 4.17.19, not 4.17.12)', async () => {
    // GHSA-jf85-cpcp-j695 is fixed in 4.17.12, which GHSA-p6mc-m468-83gw (from 3.7.0) affects.
    expect(affects(record('GHSA-p6mc-m468-83gw'), 'npm', 'lodash', '3.6.0')).toBe(false);
    const repo = repoWith(
      'vulnerabilities: {}\n',
      { 'package-lock.json': EMPTY_LOCK },
      { 'package-lock.json': npmLock({ 'node_modules/lodash': '3.6.0' }) },
    );
    const db = osvDb({ npm: [raw('GHSA-jf85-cpcp-j695'), raw('GHSA-p6mc-m468-83gw')] });
    const run = await check(repo, ['--osv-db', db]);
    expect(run.code).toBe(1);
    const r = report(run.stdout);
    expect(brief(r)).toEqual(['BLOCK lodash@3.6.0 fix 4.17.19']);
    expect(vulnerabilities(r)[0]!.message).toContain('fix: lodash 3.6.0 -> 4.17.19');
    // With the command package-lock.json's own package manager takes, shown to a person too.
    expect(vulnerabilities(r)[0]!.fixCommand).toBe('npm install lodash@4.17.19');
    const md = await runDepgate(
      [
        'check',
        '--base',
        'main',
        '--head',
        'change',
        '--platform',
        'off',
        '--format',
        'markdown',
        '--osv-db',
        db,
      ],
      { cwd: repo, bundle, env: { DEPGATE_OSV_URL: 'http://127.0.0.1:9' } },
    );
    expect(md.stdout).toContain('to fix: `npm install lodash@4.17.19`');
  });

  it('finds the same fix online, by asking OSV about the fix it would suggest (lodash 3.6.0: 4.17.19)', async () => {
    // The emulator's OSV API serving the two real records: asked about 3.6.0 it returns GHSA-jf85 alone.
    const emulator = createEmulator({
      dataset: createSeedDataset(),
      faults: [],
      sleep: async () => {},
      osv: { records: [raw('GHSA-jf85-cpcp-j695'), raw('GHSA-p6mc-m468-83gw')] },
    });
    const server = await startServer(emulator.handle);
    try {
      const run = await check(
        repoWith(
          'vulnerabilities: {}\n',
          { 'package-lock.json': EMPTY_LOCK },
          { 'package-lock.json': npmLock({ 'node_modules/lodash': '3.6.0' }) },
        ),
        ['--osv-url', server.url],
      );
      expect(run.code).toBe(1);
      const r = report(run.stdout);
      expect(brief(r)).toEqual(['BLOCK lodash@3.6.0 fix 4.17.19']);
      // The batch for 3.6.0, its record, the batch for the fix 4.17.12, GHSA-p6mc, the batch for 4.17.19.
      expect(r.vulnerabilities!.requests).toBe(5);
    } finally {
      await server.close();
    }
  });

  it('says "after" the last affected version when the advisory names no fix (GHSA-29mw-wpgm-hmr9, lodash.trimend)', async () => {
    const run = await check(
      repoWith(
        'vulnerabilities: { failOn: high }\n',
        { 'package-lock.json': EMPTY_LOCK },
        { 'package-lock.json': npmLock({ 'node_modules/lodash.trimend': '4.5.1' }) },
      ),
      ['--osv-db', osvDb({ npm: [raw('GHSA-29mw-wpgm-hmr9')] })],
    );
    expect(run.code).toBe(0);
    const r = report(run.stdout);
    expect(brief(r)).toEqual(['warning lodash.trimend@4.5.1 fix after 4.5.1']);
    const finding = vulnerabilities(r)[0]!;
    expect(finding.message).toContain('fix: lodash.trimend 4.5.1 -> a version after 4.5.1');
    expect(finding.advisories!.map((a) => [a.id, a.fixed, a.fixedAfter])).toEqual([
      ['GHSA-29mw-wpgm-hmr9', undefined, '4.5.1'],
    ]);
  });

  describe('against an OSV mirror on a loopback port', () => {
    /** A minimal OSV API: every query of `semver` is answered with `ids`; records by id; `failRecords` 404s them. */
    async function mirror(records: Record<string, unknown>[], options: { failRecords?: boolean } = {}) {
      const requests: string[] = [];
      const server = createServer((req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          requests.push(`${req.method} ${req.url}`);
          const send = (status: number, body: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          };
          if (req.method === 'POST' && req.url === '/v1/querybatch') {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              queries: { package: { name: string } }[];
            };
            return send(200, {
              results: body.queries.map((q) =>
                q.package.name === 'semver'
                  ? { vulns: records.map((r) => ({ id: r.id, modified: r.modified })) }
                  : {},
              ),
            });
          }
          const id = decodeURIComponent(/^\/v1\/vulns\/(.+)$/.exec(req.url ?? '')?.[1] ?? '');
          const found = records.find((r) => r.id === id);
          if (req.method === 'GET' && found !== undefined && options.failRecords !== true)
            return send(200, found);
          return send(404, { code: 5, message: 'Bug not found.' });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const { port } = server.address() as { port: number };
      return { url: `http://127.0.0.1:${port}`, requests };
    }
    const semverRepo = (policy: string) =>
      repoWith(
        policy,
        { 'package-lock.json': EMPTY_LOCK },
        { 'package-lock.json': npmLock({ 'node_modules/semver': '5.7.1' }) },
      );

    it('leaves out a withdrawn record the mirror still returns, with a notice', async () => {
      const withdrawn = { ...raw('GHSA-c2qf-rxjj-qqgw'), withdrawn: '2024-01-01T00:00:00Z' };
      const osv = await mirror([withdrawn]);
      const run = await check(semverRepo('vulnerabilities: { failOn: moderate }\n'), ['--osv-url', osv.url]);
      expect(run.code).toBe(0);
      const r = report(run.stdout);
      expect(brief(r)).toEqual([]);
      expect(r.notes).toContainEqual({
        level: 'notice',
        message: `osv (${osv.url}): GHSA-c2qf-rxjj-qqgw was withdrawn on 2024-01-01T00:00:00Z: left out`,
      });
      // The same record, not withdrawn, blocks: the mirror is read.
      const live = await mirror([raw('GHSA-c2qf-rxjj-qqgw')]);
      const blocked = await check(semverRepo('vulnerabilities: { failOn: moderate }\n'), [
        '--osv-url',
        live.url,
      ]);
      expect(blocked.code).toBe(1);
    });

    it('counts a source that could not answer as a warning, and the requests it made (onError: warn)', async () => {
      const osv = await mirror([raw('GHSA-c2qf-rxjj-qqgw')], { failRecords: true });
      const run = await check(semverRepo('vulnerabilities: { onError: warn }\n'), ['--osv-url', osv.url]);
      expect(run.code).toBe(0);
      const r = report(run.stdout);
      expect(r.counts).toMatchObject({ violations: 0, warnings: 1 });
      expect(osv.requests).toEqual(['POST /v1/querybatch', 'GET /v1/vulns/GHSA-c2qf-rxjj-qqgw']);
      expect(r.vulnerabilities!.sources).toEqual([
        expect.objectContaining({
          label: `osv (${osv.url})`,
          status: 'failed',
          requests: osv.requests.length,
        }),
      ]);
      expect(r.vulnerabilities!.requests).toBe(osv.requests.length);
      const text = await runDepgate(
        ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--osv-url', osv.url],
        { cwd: semverRepo('vulnerabilities: { onError: warn }\n'), bundle },
      );
      expect(text.stdout).toMatch(/0 violations, 1 warning\b/);
    });
  });

  it('gives the same severities, scores and fixes as the source on every record here (bundle parity)', async () => {
    // One lockfile with a version each record affects; failOn: none so that nothing stops the run.
    const lock: Record<string, string> = {
      'node_modules/node-fetch': '2.6.0',
      'node_modules/semver': '6.3.0',
      'node_modules/lodash': '3.6.0',
      'node_modules/lodash.trimend': '4.5.1',
      'node_modules/lodash-es': '4.17.11',
    };
    const records = [
      'GHSA-r683-j2x4-v87g',
      'GHSA-c2qf-rxjj-qqgw',
      'GHSA-jf85-cpcp-j695',
      'GHSA-p6mc-m468-83gw',
      'GHSA-29mw-wpgm-hmr9',
    ];
    const run = await check(
      repoWith(
        'vulnerabilities: { failOn: none }\n',
        { 'package-lock.json': EMPTY_LOCK, 'requirements.txt': '' },
        { 'package-lock.json': npmLock(lock), 'requirements.txt': 'idna==2.7\n' },
      ),
      ['--osv-db', osvDb({ npm: records.map(raw), PyPI: [raw('PYSEC-2024-60')] })],
    );
    expect(run.code).toBe(0);
    const bundled = vulnerabilities(report(run.stdout));
    const all = [...records, 'PYSEC-2024-60'].map(record);
    const versions: [string, 'npm' | 'pypi', string][] = [
      ...Object.entries(lock).map(([path, v]): [string, 'npm', string] => [
        path.slice('node_modules/'.length),
        'npm',
        v,
      ]),
      ['idna', 'pypi', '2.7'],
    ];
    const shape = (x: {
      advisories: { id: string; severity: string; score?: number; fixed?: string; fixedAfter?: string }[];
      fix?: string;
      fixAfter?: string;
    }) => ({
      advisories: x.advisories.map((a) => [a.id, a.severity, a.score, a.fixed, a.fixedAfter]).sort(),
      fix: x.fix,
      fixAfter: x.fixAfter,
    });
    for (const [name, ecosystem, version] of versions) {
      const affecting = all.filter((r) => affects(r, ecosystem, name, version));
      const fromSource = mergeAdvisories(affecting, ecosystem, name, version, { known: all });
      const fromBundle = bundled.find((f) => f.name === name && f.version === version);
      expect(fromBundle, `${name}@${version}`).toBeDefined();
      expect(shape({ ...fromBundle!, advisories: fromBundle!.advisories! }), `${name}@${version}`).toEqual(
        shape(fromSource!),
      );
      // Every advisory here has a band or a vector: none is unknown in either.
      expect(fromBundle!.advisories!.every((a) => a.severity !== 'unknown' && a.score !== undefined)).toBe(
        true,
      );
    }
  });
});
