// @module-tag npm
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, Report } from '../../src/gate/index.js';
import { OSV_SEED_RECORDS } from '../../src/emulator/index.js';
import { osvOfflineSource, queryKey, type PackageQuery } from '../../src/vulns/index.js';
import { runDepgate } from '../helpers/cli.js';
import { freshCliBundle } from '../helpers/fresh-bundle.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';
import { npmLockfile } from '../helpers/npm-lockfile.js';
import {
  bulkAdvisories,
  npmWithArborist,
  startNpmRegistry,
  type BulkAdvisory,
  type NpmRegistry,
} from '../helpers/npm-registry.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { CORPUS_TEST, ROOT, corpusPath } from '../helpers/paths.js';

// depgate's vulnerability verdicts against npm's own audit engine (issue #34): `npm audit --json` (the
// npm on the PATH, arborist's AuditReport) and `depgate check` (the CLI bundle built from the current
// source) read the same real lockfiles and the same real GitHub advisory records: npm through a
// loopback registry serving the bulk advisory endpoint and recorded packuments
// (test/helpers/npm-registry.ts, test/fixtures/npm-audit), depgate through an offline OSV database.
// Compared per (package, version, advisory): affected or not, and the severity; per affected package
// version: the fix; per direct dependency: whether npm's fix stays within the major; per change: the
// advisories it fixes. npm's verdict on a version is its own engine's (metavuln-calculator's Advisory
// over the same packument), checked against what npm audit reported. A third test takes every
// published version of the recorded packuments through depgate's offline source. Every difference must
// be one of EXPECTED below, each with its reason; the counts are those docs/vulnerabilities.md gives.

const NPM = npmWithArborist();
// The npm the counts and differences of docs/vulnerabilities.md were taken with. Another npm must
// still agree wherever no difference is explained; the exact counts are held for this one only.
const MEASURED_WITH = '11.19.1';
const PINNED =
  NPM !== undefined &&
  (JSON.parse(readFileSync(join(NPM, 'package.json'), 'utf8')) as { version: string }).version ===
    MEASURED_WITH;
const FIXTURES = join(ROOT, 'test/fixtures');
const AUDIT = join(FIXTURES, 'npm-audit');
const PACKUMENTS = join(AUDIT, 'packuments');

/** The records both read: the GitHub ones kept as fixtures, and the npm ones the emulator seeds. */
const RECORDS: Record<string, unknown>[] = (() => {
  const dir = join(FIXTURES, 'advisories');
  const kept = readdirSync(dir)
    .filter((f) => f.startsWith('GHSA-') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
  const ids = new Set(kept.map((r) => r.id));
  const seeded = OSV_SEED_RECORDS.filter(
    (r) =>
      !ids.has(r.id) &&
      (r.affected as { package: { ecosystem: string } }[]).some((a) => a.package.ecosystem === 'npm'),
  );
  return [...kept, ...seeded];
})();
const ADVISORIES = bulkAdvisories(RECORDS);
const ghsaOf = (advisory: { url: string }) => advisory.url.slice(advisory.url.lastIndexOf('/') + 1);

const NO_FIXED_VERSION =
  'GHSA-29mw-wpgm-hmr9 names only the last affected version (4.5.1) of the standalone lodash.trim and ' +
  'lodash.trimend packages. npm tests every version of the packument, so 4.18.0, published later, is its ' +
  'fix; depgate reads no packument and names "a version after 4.5.1". Both leave 4.5.1 flagged.';
const PRERELEASE_INFERRED =
  "npm's Advisory does not test each prerelease of a minor version against the range: when the first " +
  "(3.0.0-beta.1) is affected, it marks every one before the minor's first release (3.0.0) affected. " +
  'GHSA-w7rc-rwvf-8q5r affects >=3.0.0-beta.1 <3.0.0-beta.9, so npm flags node-fetch 3.0.0-beta.9, ' +
  'the fix the advisory names; depgate tests the version against the range and leaves it out.';

/**
 * Differences from npm that remain, each with why. A key is what the comparison reports: `kind where
 * package@version [advisory]: depgate … npm …`, where `where` is a lockfile, or `registry` for the
 * published versions.
 */
const EXPECTED: Record<string, string> = {
  // Every published version (the third test).
  ...Object.fromEntries(
    ['3.0.0-beta.10', '3.0.0-beta.6-exportfix', '3.0.0-beta.9'].map((v) => [
      `verdict registry node-fetch@${v} GHSA-w7rc-rwvf-8q5r: depgate not affected, npm low`,
      PRERELEASE_INFERRED,
    ]),
  ),
  ...Object.fromEntries(
    [
      ...['4.0.0', '4.4.0', '4.5.0', '4.5.1'].map((v) => `lodash.trimend@${v}`),
      ...['3.0.0', '3.0.1', '3.1.1', '4.0.0', '4.2.0', '4.5.1'].map((v) => `lodash.trim@${v}`),
    ].map((p) => [`fix registry ${p}: depgate after 4.5.1, npm 4.18.0`, NO_FIXED_VERSION]),
  ),
  // The lockfiles (the first test).
  'verdict prerelease-v3 node-fetch@3.0.0-beta.9 GHSA-w7rc-rwvf-8q5r: depgate not affected, npm low':
    PRERELEASE_INFERRED,
  'fix direct-v3 lodash.trimend@4.5.1: depgate after 4.5.1, npm 4.18.0': NO_FIXED_VERSION,
  'fix nested-v3 lodash.trim@4.5.1: depgate after 4.5.1, npm 4.18.0': NO_FIXED_VERSION,
  'fix fixed-v3 lodash.trimend@4.5.1: depgate after 4.5.1, npm 4.18.0': NO_FIXED_VERSION,
};

interface NpmVia {
  source: number;
  name: string;
  url: string;
  severity: string;
  range: string;
}
interface NpmAudit {
  vulnerabilities: Record<
    string,
    {
      name: string;
      via: (string | NpmVia)[];
      nodes: string[];
      fixAvailable: boolean | { name: string; version: string; isSemVerMajor: boolean };
    }
  >;
  metadata: { vulnerabilities: Record<string, number> };
}

/** One lockfile as both read it: npm's audit, the versions npm asked the registry about, depgate's report. */
interface Reading {
  label: string;
  npm: NpmAudit;
  asked: Record<string, string[]>;
  depgate: Report;
  /** The root package.json's dependencies (the range asked, the version locked at the top), where one is beside the lockfile. */
  direct: Record<string, { spec: string; version: string }>;
}

interface Tally {
  pairs: number;
  affected: number;
  fixes: number;
  majors: number;
  fixed: number;
  /** Packages npm flags only for depending on a vulnerable version (its metavulns). */
  dependents: number;
  differences: string[];
}

describe("depgate's verdicts against npm's audit engine on the same real records", () => {
  let registry: NpmRegistry;
  let bundle = '';
  let semver: {
    satisfies(v: string, r: string, o?: object): boolean;
    gt(a: string, b: string, o?: object): boolean;
    sort(v: string[], o?: object): string[];
    prerelease(v: string): unknown;
    maxSatisfying(v: string[], r: string, o?: object): string | null;
  };
  let Advisory: new (
    name: string,
    source: BulkAdvisory,
  ) => {
    load(cached: object, packument: object): void;
    testVersion(v: string): boolean;
  };
  const scratch = mkdtempSync(join(tmpdir(), 'depgate-npm-audit-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  beforeAll(async () => {
    if (NPM === undefined) return;
    // npm's own modules: the semver its audit tests versions with, and its Advisory class.
    const npmRequire = createRequire(join(NPM, 'package.json'));
    semver = npmRequire('semver') as typeof semver;
    const calculator = dirname(npmRequire.resolve('@npmcli/metavuln-calculator'));
    Advisory = npmRequire(join(calculator, 'advisory.js')) as typeof Advisory;
    registry = await startNpmRegistry(ADVISORIES, PACKUMENTS);
    bundle = await freshCliBundle();
  }, 900_000);
  afterAll(async () => registry?.close());

  const osvDb = (() => {
    let dir: string | undefined;
    return () => {
      if (dir !== undefined) return dir;
      dir = join(scratch, 'osv');
      writeUnpackedExport(join(dir, 'npm'), RECORDS);
      return dir;
    };
  })();

  /** `npm audit --json` in a folder holding these files, against the loopback registry only. */
  async function npmAudit(
    files: Record<string, string>,
  ): Promise<{ audit: NpmAudit; asked: Record<string, string[]> }> {
    const work = mkdtempSync(join(scratch, 'npm-'));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(work, path), text);
    if (!('package.json' in files))
      writeFileSync(join(work, 'package.json'), '{"name":"app","version":"1.0.0"}\n');
    const home = mkdtempSync(join(scratch, 'home-'));
    writeFileSync(join(home, 'userrc'), '');
    writeFileSync(join(home, 'globalrc'), '');
    const before = registry.bulkBodies.length;
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [join(NPM!, 'bin/npm-cli.js'), 'audit', '--json', `--registry=${registry.url}`],
        {
          cwd: work,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            npm_config_cache: join(home, 'cache'),
            npm_config_userconfig: join(home, 'userrc'),
            npm_config_globalconfig: join(home, 'globalrc'),
            npm_config_update_notifier: 'false',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
      child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
    });
    // npm audit exits 1 when it finds anything; anything else, or a report without its metadata, failed.
    expect(code === 0 || code === 1, stderr).toBe(true);
    const audit = JSON.parse(stdout) as NpmAudit & { error?: unknown };
    expect(audit.error, stdout).toBeUndefined();
    expect(audit.metadata, stdout).toBeDefined();
    expect(registry.bulkBodies.length, 'npm asked the loopback registry once').toBe(before + 1);
    return { audit, asked: registry.bulkBodies.at(-1)! };
  }

  async function depgate(base: Files, head: Files): Promise<Report> {
    const policy = { '.github/depgate.yml': 'vulnerabilities: {}\n' };
    const repo = makeRepo({ ...base, ...policy }, { ...head, ...policy });
    const run = await runDepgate(
      [
        'check',
        '--base',
        'main',
        '--head',
        'change',
        '--platform',
        'off',
        '--format',
        'json',
        '--osv-db',
        osvDb(),
      ],
      { cwd: repo, bundle, env: { DEPGATE_OSV_URL: 'http://127.0.0.1:9' } },
    );
    expect([0, 1], run.stderr).toContain(run.code);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.vulnerabilities?.sources.map((s) => s.status)).toEqual(['answered']);
    return report;
  }

  const EMPTY = npmLockfile({});

  /** Both read `lockfile` (with `packageJson` beside it) as a change from an empty lockfile. */
  async function read(label: string, lockfile: string, packageJson?: string): Promise<Reading> {
    const files: Record<string, string> = { 'package-lock.json': lockfile };
    if (packageJson !== undefined) files['package.json'] = packageJson;
    const { audit, asked } = await npmAudit(files);
    const report = await depgate({ 'package-lock.json': EMPTY }, files);
    const direct: Reading['direct'] = {};
    const specs =
      packageJson === undefined
        ? {}
        : (JSON.parse(packageJson) as { dependencies?: Record<string, string> }).dependencies;
    const locked =
      (JSON.parse(lockfile) as { packages?: Record<string, { version?: string }> }).packages ?? {};
    for (const [name, spec] of Object.entries(specs ?? {})) {
      const version = locked[`node_modules/${name}`]?.version;
      if (version !== undefined) direct[name] = { spec, version };
    }
    return { label, npm: audit, asked, depgate: report, direct };
  }

  const packument = (name: string) =>
    JSON.parse(readFileSync(join(PACKUMENTS, `${name}.json`), 'utf8')) as {
      name: string;
      versions: Record<string, unknown>;
    };

  /**
   * npm's engine for a package: an Advisory of @npmcli/metavuln-calculator for each of its bulk
   * advisories, loaded with the packument as `npm audit` loads it (an empty one where the registry has
   * none). Its `testVersion` is npm's verdict, heuristics included: it infers the prereleases of a minor
   * version from the releases around them instead of testing each against the range.
   */
  const engines = new Map<
    string,
    { ghsa: string; severity: string; advisory: InstanceType<typeof Advisory> }[]
  >();
  function npmEngine(name: string) {
    let engine = engines.get(name);
    if (engine === undefined) {
      const paku = existsSync(join(PACKUMENTS, `${name}.json`)) ? packument(name) : { name, versions: {} };
      engine = (ADVISORIES.get(name) ?? []).map((source) => {
        const advisory = new Advisory(name, { ...source });
        advisory.load({}, paku);
        return { ghsa: ghsaOf(source), severity: source.severity, advisory };
      });
      engines.set(name, engine);
    }
    return engine;
  }

  /** npm's verdict on a version: each advisory of its name affecting it, with the severity npm gives. */
  function npmVerdict(name: string, version: string): Map<string, string> {
    const found = new Map<string, string>();
    for (const { ghsa, severity, advisory } of npmEngine(name))
      if (advisory.testVersion(version)) found.set(ghsa, severity);
    return found;
  }

  /** The advisories `npm audit` reported on a package, with their severities (its own, not its dependencies'). */
  const npmReported = (audit: NpmAudit, name: string) =>
    (audit.vulnerabilities[name]?.via ?? [])
      .filter((via): via is NpmVia => typeof via !== 'string' && via.name === name)
      .map((via) => `${ghsaOf(via)} ${via.severity}`);

  const findingsOf = (report: Report, name: string, version: string): Finding[] =>
    report.findings.filter((f) => f.kind === 'vulnerability' && f.name === name && f.version === version);

  function depgateVerdict(report: Report, name: string, version: string): Map<string, string> {
    const found = new Map<string, string>();
    for (const f of findingsOf(report, name, version))
      for (const a of f.advisories ?? []) found.set(a.id, a.severity);
    return found;
  }

  /**
   * The fix npm's engine leads to: the lowest published version after `version` (no prerelease) that
   * none of the package's advisories affects, by npm's Advisory over the recorded packument.
   */
  function npmLowestFix(name: string, version: string): string {
    const engine = npmEngine(name);
    const later = semver
      .sort(Object.keys(packument(name).versions), { loose: true })
      .filter((v) => semver.prerelease(v) === null && semver.gt(v, version, { loose: true }));
    return later.find((v) => engine.every(({ advisory }) => !advisory.testVersion(v))) ?? 'none';
  }

  /** Compares one reading, adding its counts and differences to `tally`. */
  function compare(reading: Reading, tally: Tally): void {
    const { label, npm, asked, depgate: report } = reading;
    for (const [name, vuln] of Object.entries(npm.vulnerabilities))
      if (vuln.via.every((via) => typeof via === 'string' || via.name !== name)) tally.dependents++;
    const versions = new Map<string, Set<string>>();
    for (const [name, list] of Object.entries(asked))
      if (ADVISORIES.has(name)) versions.set(name, new Set(list));
    // A package version depgate flags that npm did not audit is a difference too.
    for (const f of report.findings)
      if (f.kind === 'vulnerability' && f.version !== undefined)
        versions.set(f.name, (versions.get(f.name) ?? new Set()).add(f.version));
    for (const [name, list] of versions) {
      // The engine replayed here must give what `npm audit` itself reported for the package.
      const replayed = new Set<string>();
      for (const version of list)
        for (const [id, severity] of npmVerdict(name, version)) replayed.add(`${id} ${severity}`);
      const reported = new Set(npmReported(npm, name));
      if ([...replayed].sort().join() !== [...reported].sort().join())
        tally.differences.push(
          `engine ${label} ${name}: replayed [${[...replayed].sort().join(', ')}], npm audit [${[...reported].sort().join(', ')}]`,
        );
      for (const version of list) {
        const fromNpm = npmVerdict(name, version);
        const fromDepgate = depgateVerdict(report, name, version);
        const ids = new Set([...(ADVISORIES.get(name) ?? []).map(ghsaOf), ...fromDepgate.keys()]);
        for (const id of ids) {
          tally.pairs++;
          const n = fromNpm.get(id) ?? 'not affected';
          const d = fromDepgate.get(id) ?? 'not affected';
          if (n !== 'not affected') tally.affected++;
          if (n !== d)
            tally.differences.push(`verdict ${label} ${name}@${version} ${id}: depgate ${d}, npm ${n}`);
        }
        if (fromNpm.size === 0 && fromDepgate.size === 0) continue;
        // The fix, where either says the version is affected.
        tally.fixes++;
        const finding = findingsOf(report, name, version)[0];
        const mine = finding?.fix ?? (finding?.fixAfter === undefined ? 'none' : `after ${finding.fixAfter}`);
        const theirs = npmLowestFix(name, version);
        if (mine !== theirs)
          tally.differences.push(`fix ${label} ${name}@${version}: depgate ${mine}, npm ${theirs}`);
        // For a direct dependency: does npm's fix stay within the major, as depgate's does?
        // (npm gives one fixAvailable per package name, reached through the root's dependency on it.)
        const top = reading.direct[name];
        const available = npm.vulnerabilities[name]?.fixAvailable;
        if (top?.version !== version || available === undefined || finding?.fix === undefined) continue;
        const spec = top.spec;
        tally.majors++;
        const npmWithin = available === true || (typeof available === 'object' && !available.isSemVerMajor);
        const ours = semver.satisfies(finding.fix, spec) || semver.satisfies(finding.fix, `^${version}`);
        if (npmWithin !== ours)
          tally.differences.push(
            `major ${label} ${name}@${version}: depgate ${finding.fix} ${ours ? 'within' : 'beyond'}, npm ${JSON.stringify(available)}`,
          );
      }
    }
  }

  /** Compares what a change fixes: depgate's `fixes` against the advisories npm no longer reports. */
  async function compareFixes(
    label: string,
    base: Files,
    head: Files,
    npmBase: NpmAudit,
    npmHead: NpmAudit,
    tally: Tally,
  ) {
    const report = await depgate(base, head);
    const reported = (audit: NpmAudit) =>
      new Set(
        Object.keys(audit.vulnerabilities).flatMap((name) =>
          npmReported(audit, name).map((entry) => `${name} ${entry.split(' ')[0]}`),
        ),
      );
    const still = reported(npmHead);
    const gone = [...reported(npmBase)].filter((k) => !still.has(k)).sort();
    const fixes = [
      ...new Set(report.vulnerabilities!.fixes.flatMap((f) => f.advisories.map((id) => `${f.name} ${id}`))),
    ].sort();
    tally.fixed += gone.length;
    if (JSON.stringify(fixes) !== JSON.stringify(gone))
      tally.differences.push(`fixes ${label}: depgate [${fixes.join(', ')}], npm [${gone.join(', ')}]`);
    expect(report.vulnerabilities!.fixed).toBe(new Set(fixes.map((k) => k.split(' ')[1])).size);
  }

  const fixture = (name: string) => ({
    lock: readFileSync(join(AUDIT, name, 'package-lock.json'), 'utf8'),
    pkg: readFileSync(join(AUDIT, name, 'package.json'), 'utf8'),
  });
  const tally = (): Tally => ({
    pairs: 0,
    affected: 0,
    fixes: 0,
    majors: 0,
    fixed: 0,
    dependents: 0,
    differences: [],
  });
  const summary = (name: string, t: Tally) =>
    `${name}: ${t.pairs} (package, version, advisory) pairs, ${t.affected} affected by npm's verdict; ${t.fixes} fixes; ${t.majors} direct dependencies' fixAvailable; ${t.fixed} advisories fixed by changes; ${t.dependents} dependents npm flags; ${t.differences.length} differences`;
  const unexpected = (t: Tally) => t.differences.filter((d) => !(d in EXPECTED));

  it('agrees on lockfiles npm 11 wrote from the registry (v2, v3) and on a change that upgrades them', async () => {
    const t = tally();
    const readings: Record<string, Reading> = {};
    for (const name of ['direct-v3', 'ranges-v2', 'nested-v3', 'aliases-v3', 'prerelease-v3', 'fixed-v3']) {
      const { lock, pkg } = fixture(name);
      readings[name] = await read(name, lock, pkg);
      compare(readings[name], t);
    }
    const base = fixture('direct-v3');
    const head = fixture('fixed-v3');
    await compareFixes(
      'direct-v3 -> fixed-v3',
      { 'package-lock.json': base.lock, 'package.json': base.pkg },
      { 'package-lock.json': head.lock, 'package.json': head.pkg },
      readings['direct-v3']!.npm,
      readings['fixed-v3']!.npm,
      t,
    );
    console.log(summary('fixtures', t));
    expect(unexpected(t)).toEqual([]);
    if (PINNED)
      expect(t.differences.sort()).toEqual(
        Object.keys(EXPECTED)
          .filter((k) => !k.includes(' registry '))
          .sort(),
      );
    // The counts docs/vulnerabilities.md gives ("Compared with npm's own audit engine").
    if (PINNED)
      expect(t).toMatchObject({ pairs: 67, affected: 46, fixes: 22, majors: 15, fixed: 14, dependents: 1 });
  }, 300_000);

  it('agrees on every published version of the recorded packages, through the offline source', async () => {
    // Not the CLI but the source it runs (src/vulns/osv-offline.ts) on every version of each recorded
    // packument: the ranges, prereleases and fixes the lockfiles above do not reach.
    const names = [...ADVISORIES.keys()].filter((name) => existsSync(join(PACKUMENTS, `${name}.json`)));
    const queries: PackageQuery[] = names.flatMap((name) =>
      Object.keys(packument(name).versions).map((version) => ({ ecosystem: 'npm' as const, name, version })),
    );
    const lookup = await osvOfflineSource(osvDb()).lookup(queries);
    const t = tally();
    for (const query of queries) {
      const { name, version } = query;
      const found = lookup.found.get(queryKey(query));
      const fromDepgate = new Map((found?.advisories ?? []).map((a) => [a.id, a.severity as string]));
      const fromNpm = npmVerdict(name, version);
      for (const id of new Set([...npmEngine(name).map((e) => e.ghsa), ...fromDepgate.keys()])) {
        t.pairs++;
        const n = fromNpm.get(id) ?? 'not affected';
        const d = fromDepgate.get(id) ?? 'not affected';
        if (n !== 'not affected') t.affected++;
        if (n !== d) t.differences.push(`verdict registry ${name}@${version} ${id}: depgate ${d}, npm ${n}`);
      }
      if (fromNpm.size === 0 && fromDepgate.size === 0) continue;
      t.fixes++;
      const mine = found?.fix ?? (found?.fixAfter === undefined ? 'none' : `after ${found.fixAfter}`);
      const theirs = npmLowestFix(name, version);
      if (mine !== theirs)
        t.differences.push(`fix registry ${name}@${version}: depgate ${mine}, npm ${theirs}`);
    }
    console.log(summary('registry', t));
    expect(unexpected(t)).toEqual([]);
    if (PINNED)
      expect(t.differences.sort()).toEqual(
        Object.keys(EXPECTED)
          .filter((k) => k.includes(' registry '))
          .sort(),
      );
    if (PINNED) expect(t).toMatchObject({ pairs: 1412, affected: 1131, fixes: 389 });
  });

  const CORPUS_LOCKFILES = [
    'real-history/redux-toolkit-2f7f1e0dce/base/package-lock.json',
    'real-history/mocha-f187d6d73b/base/package-lock.json',
    'real-history/mocha-9c9fcb5fd7/head/package-lock.json',
    'real-projects/rust-analyzer/editors/code/package-lock.json',
    'snyk-nodejs-lockfile-parser/fixtures/npm-lock-v2/goof/package-lock.json',
  ];
  const CORPUS_CHANGES = ['mocha-8ce447181f', 'mocha-9c9fcb5fd7', 'mocha-f187d6d73b'];

  // Both tags: it needs the corpus and npm. With two tags vitest applies the skip of only one (the
  // corpus's, where the corpus is), so npm's is checked here too.
  it.skipIf(NPM === undefined)(
    'agrees on real lockfiles of public projects (npm v1, v2, v3) and on their real changes',
    { tags: [...CORPUS_TEST.tags, 'npm'], timeout: 600_000 },
    async () => {
      const t = tally();
      for (const path of CORPUS_LOCKFILES) {
        const file = corpusPath(...path.split('/'));
        const pkg = join(dirname(file), 'package.json');
        compare(
          await read(
            path,
            readFileSync(file, 'utf8'),
            existsSync(pkg) ? readFileSync(pkg, 'utf8') : undefined,
          ),
          t,
        );
      }
      for (const change of CORPUS_CHANGES) {
        const side = (s: string) =>
          readFileSync(corpusPath('real-history', change, s, 'package-lock.json'), 'utf8');
        const base = { 'package-lock.json': side('base') };
        const head = { 'package-lock.json': side('head') };
        const [npmBase, npmHead] = [(await npmAudit(base)).audit, (await npmAudit(head)).audit];
        await compareFixes(change, base, head, npmBase, npmHead, t);
      }
      console.log(summary('corpus', t));
      expect(unexpected(t)).toEqual([]);
      if (PINNED)
        expect(t).toMatchObject({
          pairs: 73,
          affected: 47,
          fixes: 25,
          fixed: 0,
          dependents: 139,
          differences: [],
        });
    },
  );
});
