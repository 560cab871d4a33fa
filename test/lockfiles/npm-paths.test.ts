// Dependency paths of npm lockfiles (v2, v3) against npm's own tree: `npm ls --all --json
// --package-lock-only` reads the lockfile beside its package.json without touching the network.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyPaths } from '../../src/lockfiles/index.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey, ROOT } from '../helpers/paths.js';

interface NpmNode {
  version?: string;
  missing?: boolean;
  extraneous?: boolean;
  problems?: string[];
  dependencies?: Record<string, NpmNode>;
}

function npmTree(lockfile: string): NpmNode {
  const dir = mkdtempSync(join(tmpdir(), 'depgate-npm-paths-'));
  try {
    cpSync(join(dirname(lockfile), 'package.json'), join(dir, 'package.json'));
    cpSync(lockfile, join(dir, 'package-lock.json'));
    const run = spawnSync(
      'npm',
      ['ls', '--all', '--json', '--package-lock-only', '--offline', '--no-audit', '--no-fund'],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      },
    );
    return JSON.parse(run.stdout) as NpmNode;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** npm's edges (`name@version` to `name@version`, by installed name) and each package's least depth. */
function edgesAndDepths(root: NpmNode) {
  const edges = new Set<string>();
  const depth = new Map<string, number>();
  const queue: [NpmNode, string | undefined, number][] = [[root, undefined, 0]];
  for (let at = 0; at < queue.length; at++) {
    const [node, id, d] = queue[at]!;
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      // Extraneous entries are installed but nothing depends on them: no path leads there.
      if (child.version === undefined || child.missing === true || child.extraneous === true) continue;
      const childId = `${name}@${child.version}`;
      if (id !== undefined) edges.add(`${id} -> ${childId}`);
      if (!depth.has(childId)) depth.set(childId, d + 1);
      queue.push([child, childId, d + 1]);
    }
  }
  return { edges, depth };
}

const samples = [
  ...findLockfileSamples()
    .filter((s) => s.kind === 'npm' && s.path.endsWith('package-lock.json'))
    .map((s) => s.path),
  join(ROOT, 'examples/demo/head/package-lock.json'),
  join(ROOT, 'test/fixtures/gate/npm/head/package-lock.json'),
].filter((path) => {
  if (!existsSync(join(dirname(path), 'package.json'))) return false;
  const lock = JSON.parse(readFileSync(path, 'utf8')) as {
    lockfileVersion?: number;
    packages?: Record<string, { link?: boolean }>;
  };
  // Paths are checked on installed packages: a project with none (only links, or no dependencies) has none.
  const installed = Object.entries(lock.packages ?? {}).some(
    ([key, entry]) => key.includes('node_modules/') && entry.link !== true,
  );
  return (lock.lockfileVersion === 2 || lock.lockfileVersion === 3) && installed;
});

describe("npm dependency paths against npm's own tree", () => {
  it('has real lockfiles with their package.json to compare', () => {
    expect(samples.length).toBeGreaterThan(3);
  });

  it.each(samples.slice(-12).map((path) => [fixtureKey(path), path] as const))(
    '%s: every path is a chain of npm edges from a direct dependency, and the shortest',
    (_key, path) => {
      const result = readNpmLockfile(path, readFileSync(path, 'utf8'), { edges: true });
      expect(result.dependencies).toBeDefined();
      const tree = npmTree(path);
      // A tree npm itself calls invalid (a hand-made fixture) is no oracle.
      if ((tree.problems ?? []).length > 0) return;
      const { edges, depth } = edgesAndDepths(tree);
      const id = (i: number) => {
        const p = result.packages[i]!;
        return `${p.alias ?? p.name}@${p.version}`;
      };
      // A package version can be installed at several places: its shortest path is the least of theirs.
      const shortest = new Map<string, number[]>();
      dependencyPaths(result).forEach((chain, i) => {
        if (chain === undefined || result.packages[i]!.source !== 'registry') return;
        const known = shortest.get(id(i));
        if (known === undefined || chain.length < known.length) shortest.set(id(i), chain);
      });
      let checked = 0;
      for (const [name, want] of depth) {
        if (!result.packages.some((p, i) => p.source === 'registry' && id(i) === name)) continue;
        const chain = shortest.get(name);
        // Every package npm reaches has a path, as long as npm's shortest one.
        expect(chain, name).toBeDefined();
        // A workspace member's own dependencies are direct to us; npm ls shows them below the member.
        const viaMember = chain!.length === want - 1 && depth.get(id(chain![0]!)) === 2;
        if (!viaMember) {
          expect(chain!.length, `${name}: ${chain!.map(id).join(' > ')}`).toBe(want);
          expect(depth.get(id(chain![0]!)), `${name} starts at a direct dependency`).toBe(1);
        }
        for (let k = 1; k < chain!.length; k++) {
          const edge = `${id(chain![k - 1]!)} -> ${id(chain![k]!)}`;
          expect(edges.has(edge), edge).toBe(true);
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
  );
});
