import { describe, expect, it } from 'vitest';
import type { WirePackageFilter } from '../../src/core/wire.js';
import { matchesPackageFilter, type MatchablePackage } from '../../src/policy/match-package.js';

const lodash: MatchablePackage = { name: 'lodash', version: '4.17.21', ecosystem: 'npm' };

describe('a package filter', () => {
  it.each<[string, WirePackageFilter, boolean]>([
    ['with no fields matches every package', {}, true],
    [
      'with empty strings matches every package (protobuf sends no empty strings)',
      { name: '', exactVersion: '', versionLowerBound: '' },
      true,
    ],
    ['matches a name substring', { name: 'dash' }, true],
    ['matches a name substring whatever its case', { name: 'LoDash' }, true],
    ['refuses a name that is not a substring', { name: 'underscore' }, false],
    ['with exactNameMatch refuses a mere substring', { name: 'dash', exactNameMatch: true }, false],
    [
      'with exactNameMatch takes the whole name whatever its case',
      { name: 'LODASH', exactNameMatch: true },
      true,
    ],
    ['with exactNameMatch false is a substring match', { name: 'odas', exactNameMatch: false }, true],
    ['matches its exact version', { exactVersion: '4.17.21' }, true],
    ['refuses another exact version', { exactVersion: '4.17.20' }, false],
    ['compares the exact version by ordering, not text', { exactVersion: 'v4.17.21' }, true],
    [
      'lets the exact version win over bounds that would refuse',
      { exactVersion: '4.17.21', versionUpperBound: '<1.0.0' },
      true,
    ],
    [
      'lets the exact version refuse even where the bounds would match',
      { exactVersion: '4.17.20', versionLowerBound: '>=1.0.0' },
      false,
    ],
    ['takes >= as inclusive', { versionLowerBound: '>=4.17.21' }, true],
    ['takes > as exclusive', { versionLowerBound: '>4.17.21' }, false],
    ['takes > below the version', { versionLowerBound: '>4.17.20' }, true],
    ['takes <= as inclusive', { versionUpperBound: '<=4.17.21' }, true],
    ['takes < as exclusive', { versionUpperBound: '<4.17.21' }, false],
    ['takes < above the version', { versionUpperBound: '<4.17.22' }, true],
    ['reads a bare lower bound as inclusive', { versionLowerBound: '4.17.21' }, true],
    ['reads a bare upper bound as inclusive', { versionUpperBound: '4.17.21' }, true],
    ['reads a space after the operator', { versionLowerBound: '>= 4.0.0' }, true],
    ['matches inside both bounds', { versionLowerBound: '>=4.0.0', versionUpperBound: '<5.0.0' }, true],
    ['refuses outside both bounds', { versionLowerBound: '>=5.0.0', versionUpperBound: '<6.0.0' }, false],
    ['never matches a bound without a version', { versionLowerBound: '>=' }, false],
    ['never matches a range written as one bound', { versionLowerBound: '>=1.0.0 <2.0.0' }, false],
    ['never matches a bound it cannot order', { versionLowerBound: '>=not.a.version' }, false],
    ['ANDs the name with the version', { name: 'lodash', exactVersion: '1.0.0' }, false],
    ['ANDs the name with the bounds', { name: 'react', versionLowerBound: '>=1.0.0' }, false],
    [
      'ANDs all of them',
      { name: 'lodash', exactNameMatch: true, versionLowerBound: '>4.0.0', versionUpperBound: '<=4.17.21' },
      true,
    ],
  ])('%s', (_title, filter, expected) => {
    expect(matchesPackageFilter(lodash, filter)).toBe(expected);
  });
});

describe('versions compare by their ecosystem', () => {
  it.each<[string, MatchablePackage, WirePackageFilter, boolean]>([
    [
      'npm pre-releases sort below their release',
      { name: 'x', version: '5.0.0-rc.1', ecosystem: 'npm' },
      { versionUpperBound: '<5.0.0' },
      true,
    ],
    [
      'npm pre-releases are not at their release',
      { name: 'x', version: '5.0.0-rc.1', ecosystem: 'npm' },
      { versionLowerBound: '>=5.0.0' },
      false,
    ],
    [
      'PyPI 1.0 is 1.0.0',
      { name: 'django', version: '1.0', ecosystem: 'pypi' },
      { exactVersion: '1.0.0' },
      true,
    ],
    [
      'PyPI release candidates sort below the release',
      { name: 'django', version: '5.0rc1', ecosystem: 'pypi' },
      { versionUpperBound: '<5.0' },
      true,
    ],
    [
      'PyPI post releases sort above the release',
      { name: 'django', version: '4.2.post1', ecosystem: 'pypi' },
      { versionLowerBound: '>4.2' },
      true,
    ],
    [
      'PyPI calendar versions order numerically',
      { name: 'certifi', version: '2024.2.2', ecosystem: 'pypi' },
      { versionLowerBound: '>=2023.11.17' },
      true,
    ],
    [
      'Go pseudo-versions sort below the next release',
      { name: 'golang.org/x/crypto', version: 'v0.0.0-20220314234659-1baeb1ce4c0b', ecosystem: 'gomod' },
      { versionUpperBound: '<v0.0.1' },
      true,
    ],
    [
      'Go versions need their v',
      { name: 'github.com/gin-gonic/gin', version: 'v1.9.1', ecosystem: 'gomod' },
      { versionLowerBound: '>=v1.9.0' },
      true,
    ],
    [
      'Maven 2.14.1 is below a 2.15.0 floor',
      { name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1', ecosystem: 'maven' },
      { versionLowerBound: '>=2.15.0' },
      false,
    ],
    [
      'Maven 1.0 is 1.0.0',
      { name: 'g:a', version: '1.0', ecosystem: 'maven' },
      { exactVersion: '1.0.0' },
      true,
    ],
    [
      'Maven 10 is above 9 (not text order)',
      { name: 'g:a', version: '10.0', ecosystem: 'maven' },
      { versionLowerBound: '>9.0' },
      true,
    ],
    [
      'RubyGems 6.1.7 is below 7',
      { name: 'rails', version: '6.1.7', ecosystem: 'gem' },
      { versionUpperBound: '<7' },
      true,
    ],
    [
      'Cargo uses SemVer',
      { name: 'openssl', version: '0.10.64', ecosystem: 'cargo' },
      { versionLowerBound: '>=0.10.55' },
      true,
    ],
    [
      'the ecosystem name is read case-insensitively',
      { name: 'x', version: '1.2.3', ecosystem: 'NPM' },
      { versionLowerBound: '>=1.0.0' },
      true,
    ],
  ])('%s', (_title, pkg, filter, expected) => {
    expect(matchesPackageFilter(pkg, filter)).toBe(expected);
  });
});

describe('a version that cannot be ordered', () => {
  const bounds: WirePackageFilter[] = [
    { versionLowerBound: '>=0.0.0' },
    { versionLowerBound: '>0.0.1' },
    { versionUpperBound: '<99999.0.0' },
    { versionUpperBound: '<=99999.0.0' },
  ];
  it.each<[string, MatchablePackage]>([
    ['an npm dist-tag', { name: 'x', version: 'latest', ecosystem: 'npm' }],
    ['an empty npm version', { name: 'x', version: '', ecosystem: 'npm' }],
    ['a git sha', { name: 'x', version: '1baeb1ce4c0b', ecosystem: 'npm' }],
    ['a version of an ecosystem we do not know', { name: 'x', version: '1.2.3', ecosystem: 'conan' }],
  ])('never matches a bound: %s', (_title, pkg) => {
    for (const filter of bounds) expect(matchesPackageFilter(pkg, filter)).toBe(false);
  });

  it('still matches an exact version by its text', () => {
    expect(
      matchesPackageFilter({ name: 'x', version: 'latest', ecosystem: 'npm' }, { exactVersion: 'latest' }),
    ).toBe(true);
    expect(
      matchesPackageFilter({ name: 'x', version: '1.2.3', ecosystem: 'conan' }, { exactVersion: '1.2.3' }),
    ).toBe(true);
    expect(
      matchesPackageFilter({ name: 'x', version: '1.2.3', ecosystem: 'conan' }, { exactVersion: '1.2.4' }),
    ).toBe(false);
  });
});
