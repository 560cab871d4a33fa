import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../src/lockfiles/types.js';
import {
  compareVersions,
  isValidVersion,
  parseBound,
  satisfiesBound,
} from '../../../src/lockfiles/versions/index.js';

describe('version ordering beyond the oracles', () => {
  it.each<[Ecosystem, string, string, number | undefined]>([
    ['gomod', 'v1.2.3', 'v1.10.0', -1],
    ['gomod', 'v0.0.0-20191109021931-daa7c04131f5', 'v0.0.1', -1],
    ['gomod', 'v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.3', 1],
    ['gomod', 'v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.4', -1],
    ['gomod', 'v2.0.0+incompatible', 'v2.0.0', 0],
    // The go command needs the leading v; bounds and advisories often omit it, so it is read as implied.
    ['gomod', '1.2.3', 'v1.2.3', 0],
    ['npm', '1.0.0-alpha', '1.0.0', -1],
    ['npm', 'v1.0.0', '=1.0.0', 0],
    ['npm', '1.0.0+build.1', '1.0.0', 0],
    ['npm', 'latest', '1.0.0', undefined],
    ['pypi', '1.0.post1', '1.0', 1],
    ['pypi', '1!0.1', '2.0', 1],
    ['pypi', '1.0.dev1', '1.0a1', -1],
    ['gem', '1.0.a', '1.0', -1],
    ['gem', '1.0', '1', 0],
    ['maven', '1.0-SNAPSHOT', '1.0', -1],
    ['maven', '1.0-rc1', '1.0-cr1', 0],
    ['maven', '1.0-sp1', '1.0', 1],
    ['nuget', '1.0', '1.0.0.0', 0],
    ['nuget', '1.0.0-Beta', '1.0.0-beta', 0],
    ['composer', 'v1.2.3', '1.2.3', 0],
    ['composer', '1.0.0-RC1', '1.0.0', -1],
    ['composer', 'dev-main', '1.0.0', undefined],
  ])('%s: %s vs %s is %s', (ecosystem, a, b, expected) => {
    expect(compareVersions(ecosystem, a, b)).toBe(expected);
  });

  it.each([
    ['>=1.2.0', undefined, { operator: '>=', version: '1.2.0' }],
    ['> 1.2.0', undefined, { operator: '>', version: '1.2.0' }],
    ['<2', undefined, { operator: '<', version: '2' }],
    ['1.2.0', '<=', { operator: '<=', version: '1.2.0' }],
    ['1.2.0', undefined, undefined],
    ['>=', '>=', undefined],
    ['>=1 2', '>=', undefined],
    ['', '>=', undefined],
  ] as const)('parses the bound %j (default %s)', (text, fallback, expected) => {
    expect(parseBound(text, fallback)).toEqual(expected);
  });

  it('tests each operator at, below and above the bound, and refuses what it cannot order', () => {
    const at = (op: '>=' | '>' | '<' | '<=', v: string) =>
      satisfiesBound('npm', v, { operator: op, version: '2.0.0' });
    expect(
      ['1.9.9', '2.0.0', '2.0.1'].map((v) => [at('>=', v), at('>', v), at('<', v), at('<=', v)]),
    ).toEqual([
      [false, false, true, true],
      [true, false, false, true],
      [true, true, false, false],
    ]);
    expect(satisfiesBound('npm', 'banana', { operator: '>=', version: '1.0.0' })).toBeUndefined();
    expect(isValidVersion('pypi', 'not a version')).toBe(false);
  });
});
