import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

// Hostile pull requests that once passed: each runs the built CLI on a real git repository.

const check = (repo: string) =>
  runDepgate(['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'], {
    cwd: repo,
  });
const json = (stdout: string) => JSON.parse(stdout) as Report;
const blocking = (report: Report) =>
  report.findings.filter((f) => f.blocking).map((f) => `${f.rule.id} ${f.name}@${f.version}`);

// Real registry data: lodash 4.17.21's sha512 and 4.17.20's sha1 (its `dist.shasum`, as npm 6 wrote it).
const LODASH_21 =
  'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==';
const LODASH_20_SHA1 = 'sha1-tEqbYpe8tpjxxRo1RaKzs2jVnFI=';
const EVENT_STREAM_SHA1 = 'sha1-PdPT55Crwk17DToDT/q6vijrvAQ=';

const npmLock = (entries: Record<string, { version: string; resolved: string; integrity: string }>) =>
  `${JSON.stringify(
    {
      name: 'app',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', dependencies: Object.fromEntries(Object.keys(entries).map((n) => [n, '*'])) },
        ...Object.fromEntries(Object.entries(entries).map(([name, e]) => [`node_modules/${name}`, e])),
      },
    },
    null,
    2,
  )}\n`;
const registry = (name: string, version: string) =>
  `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz`;
const POLICY = {
  '.github/depgate.yml':
    'deny:\n  - { name: event-stream, exactNameMatch: true, reason: "compromised in 2018" }\n',
};

describe('the tarball is the version (lockfile injection through `resolved`)', () => {
  it('blocks an entry that keeps its version but points at the tarball of an older release', async () => {
    const repo = makeRepo(
      {
        ...POLICY,
        'package-lock.json': npmLock({
          lodash: { version: '4.17.21', resolved: registry('lodash', '4.17.21'), integrity: LODASH_21 },
        }),
      },
      {
        ...POLICY,
        'package-lock.json': npmLock({
          lodash: { version: '4.17.21', resolved: registry('lodash', '4.17.20'), integrity: LODASH_20_SHA1 },
        }),
      },
    );
    const run = await check(repo);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(blocking(report).sort()).toEqual([
      'sources.integrityChange lodash@4.17.21',
      'sources.tarballMismatch lodash@4.17.21',
    ]);
    expect(report.lockfiles[0]!.changes).toMatchObject([{ kind: 'source-changed', integrity: 'changed' }]);
    const mismatch = report.findings.find((f) => f.rule.id === 'sources.tarballMismatch')!;
    expect(mismatch.message).toContain('the tarball of lodash 4.17.20');
  });

  it('blocks a new package whose tarball is another package (a denied one), and names it', async () => {
    const repo = makeRepo(
      { ...POLICY, 'package-lock.json': npmLock({}) },
      {
        ...POLICY,
        'package-lock.json': npmLock({
          'totally-safe': {
            version: '3.3.6',
            resolved: registry('event-stream', '3.3.6'),
            integrity: EVENT_STREAM_SHA1,
          },
        }),
      },
    );
    const run = await check(repo);
    expect(run.code).toBe(1);
    const mismatch = json(run.stdout).findings.find((f) => f.rule.id === 'sources.tarballMismatch')!;
    expect(mismatch).toMatchObject({ name: 'totally-safe', version: '3.3.6', blocking: true });
    expect(mismatch.message).toContain('event-stream');
  });

  it('passes the same tarball on a mirror (a registry path, and a scoped name written with %2f)', async () => {
    const scoped = 'https://npm.example.com/api/npm/remote/@types%2fnode/-/node-20.1.0.tgz';
    const repo = makeRepo(
      { 'package-lock.json': npmLock({}) },
      {
        '.github/depgate.yml': 'sources:\n  allowedHosts: [npm.example.com]\n',
        'package-lock.json': npmLock({
          '@types/node': { version: '20.1.0', resolved: scoped, integrity: LODASH_21 },
        }),
      },
    );
    const run = await check(repo);
    expect(json(run.stdout).findings.filter((f) => f.rule.id === 'sources.tarballMismatch')).toEqual([]);
  });
});

describe('a lockfile beside another is its own set of dependencies', () => {
  it('judges a version added to requirements/prod.txt that requirements/test.txt already pins', async () => {
    const policy = {
      '.github/depgate.yml':
        'deny:\n  - { name: pyyaml, exactNameMatch: true, versionUpperBound: "<5.4", reason: "CVE-2020-14343" }\n',
    };
    const test = 'pyyaml==5.3.1\npytest==8.0.0\n';
    const repo = makeRepo(
      { ...policy, 'requirements/test.txt': test, 'requirements/prod.txt': 'requests==2.31.0\n' },
      {
        ...policy,
        'requirements/test.txt': test,
        'requirements/prod.txt': 'requests==2.31.0\npyyaml==5.3.1\n',
      },
    );
    const run = await check(repo);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(blocking(report)).toEqual(['deny[0] pyyaml@5.3.1']);
    expect(report.counts.introduced).toBe(1);
  });

  it('still carries over what a migration replaces: requirements files deleted for the pdm.lock beside them', async () => {
    const policy = {
      '.github/depgate.yml': 'deny:\n  - { name: pyyaml, exactNameMatch: true, versionUpperBound: "<5.4" }\n',
    };
    const pdm = `[metadata]
groups = ["default"]
strategy = ["cross_platform"]
lock_version = "4.4.1"
content_hash = "sha256:0000"

[[package]]
name = "pyyaml"
version = "5.3.1"
summary = "YAML parser and emitter for Python"

[[package]]
name = "requests"
version = "2.31.0"
summary = "Python HTTP for Humans."
`;
    const repo = makeRepo(
      { ...policy, 'requirements.txt': 'requests==2.31.0\n', 'requirements-dev.txt': 'pyyaml==5.3.1\n' },
      { ...policy, 'pdm.lock': pdm },
    );
    const run = await check(repo);
    const report = json(run.stdout);
    expect(report.counts.introduced).toBe(0);
    expect(report.findings.map((f) => [f.name, f.preExisting])).toEqual([['pyyaml', true]]);
  });
});
