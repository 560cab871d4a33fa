// @module-tag corpus
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizePypiName } from '../../src/lockfiles/pypi/python-graph.js';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';
import { corpusPath, HAS_CORPUS } from '../helpers/paths.js';
import { CORPUS_TABLE_TIMEOUT } from '../helpers/reader-tests.js';

// 126 real commits of eight public repositories (the corpus's real-history/, its README and SOURCES.md
// say where each comes from): both sides of every changed lockfile, the added and removed versions
// as an independent reader sees them, and the verdict a team expects with no policy. `depgate check`
// runs as a user runs it, the built CLI as a child process on a real git repository of the commit.
// An ordinary change (a bot bump, a package manager upgrade, a move) must pass with no warning that
// nobody can act on; the real findings (a foreign host, an integrity gone) must block.

const HISTORY = corpusPath('real-history');

interface Case {
  id: string;
  kind: string;
  expected: 'pass' | { verdict: 'block'; findings: { rule: string; package: string; version: string }[] };
  lockfiles: { path: string; base_path?: string; added: string[]; removed: string[] }[];
}
// Without the corpus there are no cases to collect (and its tests skip).
const CASES = HAS_CORPUS ? (JSON.parse(readFileSync(join(HISTORY, 'cases.json'), 'utf8')) as Case[]) : [];

/** Every file under `dir`, as the side of a repository that holds copies of them. */
function sideOf(dir: string): Files {
  const files: Files = {};
  const walk = (at: string) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return; // the side where no lockfile existed
    }
    for (const name of names) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = { copy: path };
    }
  };
  walk(dir);
  return files;
}

// Python names as the independent reading has them (PEP 503); the report keeps them as written.
const pypiKey = (entry: string): string => {
  const at = entry.lastIndexOf('@');
  return `${normalizePypiName(entry.slice(0, at))}${entry.slice(at)}`;
};

/** The versions a lockfile's report adds and removes, as the corpus's README maps them. */
function setsOf(report: Report, path: string): { added: string[]; removed: string[] } | undefined {
  const lockfile = report.lockfiles.find((l) => l.path === path);
  if (lockfile === undefined) return undefined;
  const key = lockfile.ecosystem === 'pypi' ? pypiKey : (entry: string) => entry;
  const added = new Set<string>();
  const removed = new Set<string>();
  for (const change of lockfile.changes) {
    if (change.kind === 'source-changed') continue;
    if (change.kind !== 'removed' && change.to !== undefined) added.add(key(`${change.name}@${change.to}`));
    if (change.kind !== 'added' && change.from !== undefined)
      removed.add(key(`${change.name}@${change.from}`));
  }
  return { added: [...added].sort(), removed: [...removed].sort() };
}

// The one warning every run with no policy file gives, by design (nothing can block but the sources checks).
const NO_POLICY = /^no rule is configured/;

describe('depgate check over real history: 126 real commits, no policy', () => {
  it('the corpus holds every case the README lists', () => {
    expect(CASES.length).toBe(126);
  });

  it('counts as introduced only what the deleted requirements files did not pin (pydantic moving to pdm.lock)', async () => {
    const c = CASES.find((k) => k.id === 'pydantic-75491abf58')!;
    const pinned = new Set(c.lockfiles.filter((l) => l.path !== 'pdm.lock').flatMap((l) => l.removed));
    const added = c.lockfiles.find((l) => l.path === 'pdm.lock')!.added;
    const repo = makeRepo(sideOf(join(HISTORY, c.id, 'base')), sideOf(join(HISTORY, c.id, 'head')));
    const run = await runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'],
      { cwd: repo },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(added.length).toBe(75);
    expect(report.counts.introduced).toBe(added.filter((v) => !pinned.has(v)).length);
    expect(report.counts.introduced).toBeLessThan(30);
  });

  // One test per kind of change, running its cases one after another and naming every case that failed
  // (the kinds run side by side): a test per case would make the tests a fresh clone runs look few.
  const kinds = [...new Set(CASES.map((c) => c.kind))];
  describe.concurrent.each(kinds)('%s', (kind) => {
    const cases = CASES.filter((c) => c.kind === kind);
    it(
      `each of its ${cases.length} cases passes or blocks as cases.json says, and reads the changes the independent reading has`,
      // 32 checks in a row, with the other kinds beside them: minutes on a loaded machine.
      { timeout: 3 * CORPUS_TABLE_TIMEOUT },
      async () => {
        const failures: string[] = [];
        for (const c of cases)
          try {
            await checkCase(c);
          } catch (error) {
            failures.push(`${c.id}: ${error instanceof Error ? error.message : String(error)}`);
          }
        expect(failures).toEqual([]);
      },
    );
  });
});

/**
 * One case: `depgate check` between its base and head passes or blocks as expected, and reads the
 * changes the independent reading has.
 */
async function checkCase(c: Case): Promise<void> {
  const repo = makeRepo(sideOf(join(HISTORY, c.id, 'base')), sideOf(join(HISTORY, c.id, 'head')));
  const run = await runDepgate(
    ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'],
    { cwd: repo },
  );
  expect(run.stderr).not.toMatch(/unexpected error|malformed/i);
  const report = JSON.parse(run.stdout) as Report;

  for (const lockfile of c.lockfiles) {
    const expected = {
      added: lockfile.added.map(pypiKeyFor(report, lockfile.path)).sort(),
      removed: lockfile.removed.map(pypiKeyFor(report, lockfile.path)).sort(),
    };
    const sets = setsOf(report, lockfile.path) ?? { added: [], removed: [] };
    expect(sets, lockfile.path).toEqual({
      added: [...new Set(expected.added)],
      removed: [...new Set(expected.removed)],
    });
  }

  const blocking = report.findings.filter((f) => f.blocking);
  const warnings = report.findings.filter((f) => f.level === 'warning');
  const notes = report.notes.filter((n) => n.level !== 'notice' && !NO_POLICY.test(n.message));
  expect(warnings.map((f) => `${f.rule.id} ${f.name}@${f.version}: ${f.message}`)).toEqual([]);
  expect(notes.map((n) => `${n.level}: ${n.message}`)).toEqual([]);
  if (c.expected === 'pass') {
    expect(blocking.map((f) => `${f.rule.id} ${f.name}@${f.version}: ${f.message}`)).toEqual([]);
    expect(run.code).toBe(0);
  } else {
    const found = blocking.map((f) => `${f.rule.id} ${f.name}@${f.version}`);
    for (const want of c.expected.findings)
      expect(found).toContain(`${want.rule} ${want.package}@${want.version}`);
    expect(run.code).toBe(1);
  }
}

function pypiKeyFor(report: Report, path: string): (entry: string) => string {
  const lockfile = report.lockfiles.find((l) => l.path === path);
  return lockfile?.ecosystem === 'pypi' ? pypiKey : (entry) => entry;
}
