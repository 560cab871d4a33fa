import { describe, expect, it } from 'vitest';
import { dependencyPaths, type LockfilePackage, type LockfileResult } from '../../src/lockfiles/index.js';

function result(names: [string, boolean][], dependencies?: number[][]): LockfileResult {
  const packages: LockfilePackage[] = names.map(([name, direct], i) => ({
    ecosystem: 'npm',
    name,
    version: '1.0.0',
    line: i + 1,
    source: 'registry',
    direct,
  }));
  return {
    ecosystem: 'npm',
    format: 'test',
    packages,
    warnings: [],
    ...(dependencies ? { dependencies } : {}),
  };
}

describe('dependencyPaths', () => {
  it('gives the shortest chain from a direct dependency, the first found on ties', () => {
    // a(direct) -> b -> c -> d ; e(direct) -> d ; a -> f ; f -> c
    const r = result(
      [
        ['a', true],
        ['b', false],
        ['c', false],
        ['d', false],
        ['e', true],
        ['f', false],
      ],
      [[1, 5], [2], [3], [], [3], [2]],
    );
    const names = dependencyPaths(r).map((p) => p?.map((i) => r.packages[i]!.name).join(' > '));
    expect(names).toEqual(['a', 'a > b', 'a > b > c', 'e > d', 'e', 'a > f']);
  });

  it('leaves unreachable packages and cycles without a path, and terminates on cycles', () => {
    const r = result(
      [
        ['root', true],
        ['x', false],
        ['y', false],
      ],
      [[], [2], [1]],
    );
    expect(dependencyPaths(r)).toEqual([[0], undefined, undefined]);
    const cyc = result(
      [
        ['a', true],
        ['b', false],
      ],
      [[1], [0]],
    );
    expect(dependencyPaths(cyc)).toEqual([[0], [0, 1]]);
  });

  it('knows only the direct ones when the format records no edges', () => {
    const r = result([
      ['a', true],
      ['b', false],
    ]);
    expect(dependencyPaths(r)).toEqual([[0], undefined]);
  });
});
