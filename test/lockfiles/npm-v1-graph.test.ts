// The dependency graph of npm lockfile v1: `requires` resolved over the nested `dependencies` tree
// as Node resolves modules, and the root's dependencies from the package.json beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyPaths, manifestPathOf } from '../../src/lockfiles/index.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import type { LockfileResult, ReadOptions } from '../../src/lockfiles/types.js';
import { CORPUS, CORPUS_TEST, HAS_CORPUS } from '../helpers/paths.js';

type Tree = Record<
  string,
  { version: string; dev?: boolean; requires?: Record<string, string>; dependencies?: Tree }
>;

const lockV1 = (dependencies: Tree) =>
  JSON.stringify(
    { name: 'app', version: '1.0.0', lockfileVersion: 1, requires: true, dependencies },
    null,
    2,
  );

// a@1 requires b@^2 (nested under it) and d (nested under it too); that b requires c (found at the
// root, two levels up) and d (a's, one level up). The root-level b@1 is not what a resolves to.
const NESTED = lockV1({
  a: {
    version: '1.0.0',
    requires: { b: '^2.0.0', d: '^1.0.0' },
    dependencies: {
      b: { version: '2.0.0', requires: { c: '^1.0.0', d: '^1.0.0' } },
      d: { version: '1.0.0' },
    },
  },
  b: { version: '1.0.0' },
  c: { version: '1.0.0', requires: { missing: '^1.0.0' } },
  e: { version: '1.0.0', dev: true, requires: { c: '^1.0.0' } },
});

const read = (text: string, options: ReadOptions = {}) =>
  readNpmLockfile('package-lock.json', text, { edges: true, ...options });

/** Each package's path as `install path: a > b > c`, or `-` where none. */
function pathsOf(result: LockfileResult): Record<string, string> {
  const paths = dependencyPaths(result);
  return Object.fromEntries(
    result.packages.map((p, i) => [
      p.path!,
      paths[i]?.map((at) => result.packages[at]!.path!.replace(/^.*node_modules\//, '')).join(' > ') ?? '-',
    ]),
  );
}

const directOf = (result: LockfileResult) =>
  Object.fromEntries(result.packages.map((p) => [p.path!, p.direct]));

describe('npm lockfile v1 dependency graph', () => {
  it('resolves requires to the nearest enclosing dependencies, own nested ones first', () => {
    const result = read(NESTED, {
      manifest: JSON.stringify({ dependencies: { a: '1', b: '1' }, devDependencies: { e: '1' } }),
    });
    const at = (path: string) => result.packages.findIndex((p) => p.path === path);
    const deps = (path: string) => result.dependencies![at(path)]!.map((i) => result.packages[i]!.path);
    expect(deps('node_modules/a')).toEqual([
      'node_modules/a/node_modules/b',
      'node_modules/a/node_modules/d',
    ]);
    expect(deps('node_modules/a/node_modules/b')).toEqual([
      'node_modules/c',
      'node_modules/a/node_modules/d',
    ]);
    // A requirement that resolves nowhere (an optional package left out) is no edge.
    expect(deps('node_modules/c')).toEqual([]);
    expect(pathsOf(result)).toEqual({
      'node_modules/a': 'a',
      'node_modules/a/node_modules/b': 'a > b',
      'node_modules/a/node_modules/d': 'a > d',
      'node_modules/b': 'b',
      'node_modules/c': 'e > c',
      'node_modules/e': 'e',
    });
  });

  it('takes the direct dependencies from package.json, every list of it, and keeps the dev flags', () => {
    const manifest = JSON.stringify({
      dependencies: { a: '^1.0.0' },
      optionalDependencies: { c: '^1.0.0' },
      devDependencies: { e: '^1.0.0' },
    });
    const result = read(NESTED, { manifest });
    expect(directOf(result)).toEqual({
      'node_modules/a': true,
      'node_modules/a/node_modules/b': false,
      'node_modules/a/node_modules/d': false,
      // Installed at the root but asked for by nobody the manifest names: transitive (extraneous).
      'node_modules/b': false,
      // Required by e as well: direct all the same.
      'node_modules/c': true,
      'node_modules/e': true,
    });
    expect(result.packages.find((p) => p.path === 'node_modules/e')!.dev).toBe(true);
    expect(result.warnings).toEqual([]);
    // The manifest needs no edges to be read.
    expect(directOf(readNpmLockfile('package-lock.json', NESTED, { manifest }))).toEqual(directOf(result));
  });

  it('without package.json, holds direct only the root-level entries nothing requires', () => {
    const result = read(NESTED);
    expect(directOf(result)).toEqual({
      'node_modules/a': true,
      'node_modules/a/node_modules/b': false,
      'node_modules/a/node_modules/d': false,
      // a's `b` is its nested copy: the root-level one is there for the root.
      'node_modules/b': true,
      // Required by e: it may be direct too, which only package.json could tell.
      'node_modules/c': undefined,
      'node_modules/e': true,
    });
    expect(pathsOf(result)['node_modules/c']).toBe('e > c');
    expect(result.warnings).toEqual([]);
  });

  it('falls back to the lockfile alone, with a warning, when package.json is not JSON', () => {
    const result = read(NESTED, { manifest: '{ not json' });
    expect(directOf(result)).toEqual(directOf(read(NESTED)));
    expect(result.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^package\.json beside it is not JSON/),
    ]);
  });

  it("leaves unnamed root-level entries unknown for a workspace root's package.json", () => {
    const result = read(NESTED, {
      manifest: JSON.stringify({ workspaces: ['packages/*'], dependencies: { a: '1' } }),
    });
    expect(directOf(result)['node_modules/a']).toBe(true);
    expect(directOf(result)['node_modules/b']).toBeUndefined();
    expect(directOf(result)['node_modules/a/node_modules/b']).toBe(false);
  });

  it('resolves edges the same when integer-like names put the entries out of file order', () => {
    const text = [
      '{"lockfileVersion": 1, "dependencies": {',
      '"z": {"version": "1.0.0", "requires": {"42": "1"}},',
      '"42": {"version": "1.0.0"}',
      '}}',
    ].join('\n');
    const result = read(text);
    expect(result.packages.map((p) => p.path)).toEqual(['node_modules/z', 'node_modules/42']);
    expect(pathsOf(result)).toEqual({ 'node_modules/z': 'z', 'node_modules/42': 'z > 42' });
  });

  it('stays linear on a deep tree', () => {
    // 1,000 levels, each requiring the next and a name that only the root level has (written out by
    // hand: JSON.stringify itself recurses). Resolving costs the same at any depth.
    const depth = 1000;
    const open = Array.from(
      { length: depth },
      (_, i) =>
        `"p${i}": {"version": "1.0.0", "requires": {"root": "1", "p${i + 1}": "1"}, "dependencies": {`,
    );
    const text = `{"lockfileVersion": 1, "dependencies": {${open.join('\n')}${'}}'.repeat(depth)}, "root": {"version": "1.0.0"}}}`;
    const started = performance.now();
    const result = read(text);
    expect(performance.now() - started).toBeLessThan(5000);
    const paths = dependencyPaths(result);
    expect(paths.every((p) => p !== undefined)).toBe(true);
    expect(paths[depth - 1]!.length).toBe(depth);
  });

  it('asks for the package.json beside a version 1 lockfile only', () => {
    expect(manifestPathOf('svc/package-lock.json', NESTED)).toBe('svc/package.json');
    expect(manifestPathOf('npm-shrinkwrap.json', NESTED)).toBe('package.json');
    expect(manifestPathOf('package-lock.json', '{"lockfileVersion": 3, "packages": {}}')).toBeUndefined();
    expect(manifestPathOf('package-lock.json', '{"lockfileVersion": 10}')).toBeUndefined();
    expect(manifestPathOf('package-lock.json')).toBeUndefined();
  });
});

describe('real npm v1 lockfiles of the corpus', CORPUS_TEST, () => {
  const files = HAS_CORPUS
    ? execFileSync('grep', ['-rlE', '"lockfileVersion": ?1\\b', CORPUS, '--include=*.json'], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .sort()
    : [];
  const real = files.filter((file) => relative(CORPUS, file).startsWith('real-history/'));

  it('has real v1 lockfiles to read', () => {
    expect(files.length).toBeGreaterThanOrEqual(31);
    expect(real.length).toBeGreaterThanOrEqual(16);
  });

  it('gives a path to every package of the real projects but a cycle no known direct dependency reaches', () => {
    let packages = 0;
    let withPath = 0;
    const without: string[] = [];
    for (const file of real) {
      const result = read(readFileSync(file, 'utf8'));
      const paths = dependencyPaths(result);
      result.packages.forEach((p, i) => {
        packages++;
        if (paths[i] !== undefined) withPath++;
        // Every transitive package has one.
        else if (p.direct === false) throw new Error(`${relative(CORPUS, file)}: ${p.path} has no path`);
        else without.push(`${relative(CORPUS, file)} ${p.path!}`);
      });
    }
    expect(packages).toBeGreaterThanOrEqual(27000 - 6000);
    // redux-toolkit-9cde59bf96 comes without its package.json: babel-core and babel-register require
    // each other, so neither is an entry nothing requires, and what only they reach has no path.
    expect(without.every((entry) => entry.startsWith('real-history/redux-toolkit-9cde59bf96/'))).toBe(true);
    expect(without.length).toBeLessThanOrEqual(21);
    expect(withPath).toBeGreaterThanOrEqual(packages - 21);
  });
});
