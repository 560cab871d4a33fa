import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import { readYarnLockfile } from '../../src/lockfiles/npm/read-yarn.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey, CORPUS_TEST } from '../helpers/paths.js';
import { itEachFile } from '../helpers/reader-tests.js';

const samples = findLockfileSamples();
const parseYarnLockfile = (
  createRequire(import.meta.url)('@yarnpkg/lockfile') as {
    parse: (text: string) => { type: string; object: Record<string, { version: string; resolved?: string }> };
  }
).parse;

describe('yarn classic against @yarnpkg/lockfile', () => {
  const classic = samples.filter((s) => {
    const text = readFileSync(s.path, 'utf8');
    return s.kind === 'yarn' && /^# yarn lockfile v1/m.test(text) && !/^__metadata:/m.test(text);
  });

  it('has real yarn classic files to compare', CORPUS_TEST, () => {
    expect(classic.length).toBeGreaterThan(10);
  });

  itEachFile(
    classic,
    (s) => s.path,
    (s) => [fixtureKey(s.path), s.path] as const,
    '%s: the same entries and versions',
    (_key, file) => {
      const text = readFileSync(file, 'utf8');
      const theirs = parseYarnLockfile(text);
      expect(theirs.type).toBe('success');
      // Their object repeats an entry under each of its specifiers; ours lists each entry once.
      const entries = [...new Set(Object.values(theirs.object))];
      const ours = readYarnLockfile(file, text).packages;
      expect(ours.map((p) => p.version).sort()).toEqual(entries.map((e) => e.version).sort());
      // Where we keep the resolution (non-registry sources), it is theirs to the letter.
      const resolutions = new Set(entries.map((e) => e.resolved));
      for (const p of ours) if (p.resolved !== undefined) expect(resolutions.has(p.resolved)).toBe(true);
    },
  );
});

describe("npm lockfiles against npm's own reading", () => {
  // `npm ls --package-lock-only` reads the lockfile beside its package.json without touching the network.
  const npmSamples = samples
    .filter(
      (s) =>
        s.kind === 'npm' &&
        s.path.endsWith('package-lock.json') &&
        existsSync(join(dirname(s.path), 'package.json')) &&
        // Lockfiles that install packages: an empty project has nothing to compare, and npm v1 records
        // no version for a linked folder (a limitation docs/lockfiles.md lists), which npm ls takes from it.
        readNpmLockfile(s.path, readFileSync(s.path, 'utf8')).packages.some((p) => p.source === 'registry') &&
        !/root-workspace-v1/.test(s.path),
    )
    .slice(0, 8);

  it('has real lockfiles with their package.json to compare', () => {
    expect(npmSamples.length).toBeGreaterThan(3);
  });

  itEachFile(
    npmSamples,
    (s) => s.path,
    (s) => [fixtureKey(s.path), s.path] as const,
    '%s: the same installed packages and versions',
    (_key, file) => {
      const dir = mkdtempSync(join(tmpdir(), 'depgate-npm-ls-'));
      try {
        cpSync(join(dirname(file), 'package.json'), join(dir, 'package.json'));
        cpSync(file, join(dir, 'package-lock.json'));
        const run = spawnSync(
          'npm',
          ['ls', '--all', '--json', '--package-lock-only', '--offline', '--no-audit', '--no-fund'],
          {
            cwd: dir,
            encoding: 'utf8',
            env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
          },
        );
        const tree = JSON.parse(run.stdout) as { dependencies?: Record<string, Node> };
        type Node = { version?: string; dependencies?: Record<string, Node>; missing?: boolean };
        const theirs = new Set<string>();
        const walk = (deps: Record<string, Node> | undefined) => {
          for (const [name, node] of Object.entries(deps ?? {})) {
            if (node.version !== undefined && node.missing !== true && /^\d/.test(node.version))
              theirs.add(`${name}@${node.version}`);
            walk(node.dependencies);
          }
        };
        walk(tree.dependencies);
        const ours = new Set(
          readNpmLockfile(file, readFileSync(file, 'utf8'))
            .packages.filter((p) => /^\d/.test(p.version))
            .map((p) => `${p.alias ?? p.name}@${p.version}`),
        );
        // npm ls shows what the package.json reaches; every one of those must be in our reading.
        expect([...theirs].filter((id) => !ours.has(id))).toEqual([]);
        expect(theirs.size).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
