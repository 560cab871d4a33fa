import { describe, expect, it } from 'vitest';
import type { WireDependencyFilter, WirePackageFilter } from '../../src/core/wire.js';
import {
  matchesDependencyFilter,
  matchesPackageFilter,
  type MatchableDependency,
} from '../../src/policy/match-dependency.js';
import { validateDependencyFilter } from '../../src/policy/validate-filter.js';

const dep = (over: Partial<MatchableDependency> = {}): MatchableDependency => ({
  name: 'lodash',
  version: '4.17.21',
  ecosystem: 'npm',
  licenses: ['MIT'],
  lockfilePath: 'package-lock.json',
  repositoryId: '101',
  transitivity: 'DIRECT',
  archived: false,
  ...over,
});

describe('package filters', () => {
  it.each<[string, WirePackageFilter, boolean]>([
    ['substring name', { name: 'dash' }, true],
    ['substring is case-insensitive', { name: 'LoDash' }, true],
    ['exact name refuses a substring', { name: 'dash', exactNameMatch: true }, false],
    ['exact name is case-insensitive', { name: 'LODASH', exactNameMatch: true }, true],
    ['exact version', { exactVersion: '4.17.21' }, true],
    ['exact version by ordering, not text', { exactVersion: 'v4.17.21' }, true],
    ['exact version mismatch', { exactVersion: '4.17.20' }, false],
    [
      'exact version wins over bounds that would refuse',
      { exactVersion: '4.17.21', versionUpperBound: '<1.0.0' },
      true,
    ],
    ['inclusive lower bound at the version', { versionLowerBound: '>=4.17.21' }, true],
    ['exclusive lower bound at the version', { versionLowerBound: '>4.17.21' }, false],
    ['inclusive upper bound at the version', { versionUpperBound: '<=4.17.21' }, true],
    ['exclusive upper bound at the version', { versionUpperBound: '<4.17.21' }, false],
    ['bare lower bound is inclusive', { versionLowerBound: '4.17.21' }, true],
    ['bare upper bound is inclusive', { versionUpperBound: '4.17.21' }, true],
    ['range inside', { versionLowerBound: '>=4.0.0', versionUpperBound: '<5.0.0' }, true],
    ['range outside', { versionLowerBound: '>=5.0.0', versionUpperBound: '<6.0.0' }, false],
    ['a malformed bound never matches', { versionLowerBound: '>=' }, false],
    ['name AND version', { name: 'lodash', exactVersion: '1.0.0' }, false],
    ['empty filter matches all', {}, true],
  ])('%s', (_t, filter, expected) => {
    expect(matchesPackageFilter(dep(), filter)).toBe(expected);
  });

  it('orders pre-releases below their release and never drops them', () => {
    expect(matchesPackageFilter(dep({ version: '5.0.0-rc.1' }), { versionUpperBound: '<5.0.0' })).toBe(true);
    expect(matchesPackageFilter(dep({ version: '5.0.0-rc.1' }), { versionLowerBound: '>=5.0.0' })).toBe(
      false,
    );
  });

  it('never matches a bound with a version it cannot order', () => {
    expect(matchesPackageFilter(dep({ version: 'latest' }), { versionLowerBound: '>=0.0.0' })).toBe(false);
    expect(matchesPackageFilter(dep({ version: 'latest' }), { versionUpperBound: '<99.0.0' })).toBe(false);
  });
});

describe('dependency filters', () => {
  it.each<[string, WireDependencyFilter, Partial<MatchableDependency>, boolean]>([
    ['empty filter', {}, {}, true],
    ['archived left out by default', {}, { archived: true }, false],
    ['archived included on request', { includeArchived: true }, { archived: true }, true],
    ['license any of, case-insensitive', { license: ['apache-2.0', 'mit'] }, {}, true],
    ['license none of', { license: ['GPL-3.0-only'] }, {}, false],
    ['repository any of, number or string', { repositoryId: [7, 101] }, {}, true],
    ['repository none of', { repositoryId: ['7'] }, {}, false],
    ['lockfile path exact', { lockfilePath: 'package-lock.json' }, {}, true],
    ['lockfile path is not a substring', { lockfilePath: 'lock.json' }, {}, false],
    ['version exact', { version: '4.17.21' }, {}, true],
    ['ecosystem any of', { ecosystem: ['pypi', 'npm'] }, {}, true],
    ['transitivity any of', { transitivity: ['TRANSITIVE'] }, {}, false],
    ['fields AND together', { name: 'lodash', license: ['GPL-3.0-only'] }, {}, false],
    [
      'package filters OR together',
      { packageFilters: [{ name: 'react' }, { name: 'lodash', exactNameMatch: true }] },
      {},
      true,
    ],
    ['no package filter matches', { packageFilters: [{ name: 'react' }, { name: 'vue' }] }, {}, false],
  ])('%s', (_t, filter, over, expected) => {
    expect(matchesDependencyFilter(dep(over), filter)).toBe(expected);
  });
});

describe('filter validation', () => {
  it('accepts snake_case keys and returns camelCase', () => {
    const { filter, problems } = validateDependencyFilter({
      package_filters: [{ exact_name_match: true, name: 'x', version_lower_bound: '>1' }],
      include_archived: true,
      lockfile_path: 'a',
    });
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      includeArchived: true,
      lockfilePath: 'a',
      packageFilters: [{ name: 'x', exactNameMatch: true, versionLowerBound: '>1' }],
    });
  });

  it('lists every problem with its field path', () => {
    const { problems } = validateDependencyFilter({
      name: 3,
      license: 'MIT',
      repositoryId: ['abc'],
      transitivity: ['SOMETIMES'],
      packageFilters: [{ versionLowerBound: '<1.0.0', exactNameMatch: 'yes' }, 5],
    });
    expect(problems.map((p) => p.field)).toEqual([
      'dependencyFilter.name',
      'dependencyFilter.license',
      'dependencyFilter.repositoryId[0]',
      'dependencyFilter.transitivity[0]',
      'dependencyFilter.packageFilters[0].exactNameMatch',
      'dependencyFilter.packageFilters[0].versionLowerBound',
      'dependencyFilter.packageFilters[1]',
    ]);
  });
});
