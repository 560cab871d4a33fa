// One project (test/fixtures/gate/{npm,pnpm,yarn-berry}/head/package.json, the same dependencies)
// locked by npm, pnpm 9 and yarn 4 on the same day: the three lockfiles record the same graph, so every
// package's shortest path from a direct dependency must be as long in each, with npm ls as the oracle
// for npm's (test/lockfiles/npm-paths.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyPaths, readLockfile } from '../../src/lockfiles/index.js';
import { ROOT } from '../helpers/paths.js';

function pathLengths(folder: string, file: string): Map<string, number> {
  const result = readLockfile(
    file,
    readFileSync(join(ROOT, 'test/fixtures/gate', folder, 'head', file), 'utf8'),
    {
      edges: true,
    },
  );
  expect(result.dependencies, `${folder} records edges`).toBeDefined();
  const lengths = new Map<string, number>();
  dependencyPaths(result).forEach((chain, i) => {
    const pkg = result.packages[i]!;
    const id = `${pkg.name}@${pkg.version}`;
    expect(chain, `${folder}: ${id} has a path`).toBeDefined();
    const known = lengths.get(id);
    if (known === undefined || chain!.length < known) lengths.set(id, chain!.length);
  });
  return lengths;
}

describe('dependency paths of one project locked by npm, pnpm and yarn', () => {
  const npm = pathLengths('npm', 'package-lock.json');

  it.each([
    ['pnpm', 'pnpm-lock.yaml'],
    ['yarn-berry', 'yarn.lock'],
  ])('%s gives every package a path as short as npm does', (folder, file) => {
    const theirs = pathLengths(folder, file);
    expect(theirs.size).toBeGreaterThan(50);
    const differ = [...theirs].filter(([id, length]) => npm.has(id) && npm.get(id) !== length);
    expect(differ).toEqual([]);
    expect([...theirs.keys()].filter((id) => npm.has(id)).length).toBeGreaterThan(theirs.size * 0.9);
  });

  it('without { edges: true } a reader records none', () => {
    const text = readFileSync(join(ROOT, 'test/fixtures/gate/pnpm/head/pnpm-lock.yaml'), 'utf8');
    expect(readLockfile('pnpm-lock.yaml', text).dependencies).toBeUndefined();
  });
});
