import { describe, expect, it } from 'vitest';
import { validateDependencyFilter } from '../../src/policy/validate-filter.js';

describe('validating a dependency filter', () => {
  it('takes absent and null filters as empty', () => {
    expect(validateDependencyFilter(undefined)).toEqual({ filter: {}, problems: [] });
    expect(validateDependencyFilter(null)).toEqual({ filter: {}, problems: [] });
  });

  it('returns a full filter unchanged', () => {
    const filter = {
      includeArchived: true,
      name: 'lodash',
      version: '4.17.21',
      lockfilePath: 'package-lock.json',
      license: ['MIT'],
      repositoryId: ['101'],
      ecosystem: ['npm'],
      transitivity: ['DIRECT' as const],
      packageFilters: [
        {
          name: 'x',
          exactNameMatch: true,
          exactVersion: '1',
          versionLowerBound: '>=1',
          versionUpperBound: '<2',
        },
      ],
    };
    expect(validateDependencyFilter(filter)).toEqual({ filter, problems: [] });
  });

  it('accepts snake_case keys and returns camelCase', () => {
    const { filter, problems } = validateDependencyFilter({
      package_filters: [
        {
          exact_name_match: true,
          name: 'x',
          version_lower_bound: '>1',
          exact_version: '2',
          version_upper_bound: '<3',
        },
      ],
      include_archived: true,
      lockfile_path: 'a',
      repository_id: [5],
    });
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      includeArchived: true,
      lockfilePath: 'a',
      repositoryId: ['5'],
      packageFilters: [
        {
          name: 'x',
          exactVersion: '2',
          versionLowerBound: '>1',
          versionUpperBound: '<3',
          exactNameMatch: true,
        },
      ],
    });
  });

  it('reads null fields as unset, as protobuf JSON does', () => {
    expect(validateDependencyFilter({ name: null, license: null, packageFilters: [{ name: null }] })).toEqual(
      {
        filter: { packageFilters: [{}] },
        problems: [],
      },
    );
  });

  it('writes repository ids as canonical decimal strings, up to 2^64-1', () => {
    expect(
      validateDependencyFilter({ repositoryId: [7, '0042', '18446744073709551615'] }).filter.repositoryId,
    ).toEqual(['7', '42', '18446744073709551615']);
  });

  it('lowercases ecosystems', () => {
    expect(validateDependencyFilter({ ecosystem: ['NPM', 'PyPI'] }).filter.ecosystem).toEqual([
      'npm',
      'pypi',
    ]);
  });

  it.each<[string, unknown, string, RegExp]>([
    [
      'a filter that is not an object',
      'lodash',
      'dependencyFilter',
      /must be an object, got the string "lodash"/,
    ],
    ['an array for a filter', [], 'dependencyFilter', /must be an object, got an array/],
    ['a number for name', { name: 3 }, 'dependencyFilter.name', /must be a string, got number 3/],
    [
      'a string for includeArchived',
      { includeArchived: 'yes' },
      'dependencyFilter.includeArchived',
      /true or false/,
    ],
    ['a string for license', { license: 'MIT' }, 'dependencyFilter.license', /must be an array/],
    ['a number in license', { license: ['MIT', 1] }, 'dependencyFilter.license[1]', /must be a string/],
    [
      'a name for a repository id',
      { repositoryId: ['acme/web'] },
      'dependencyFilter.repositoryId[0]',
      /repository id/,
    ],
    ['a negative repository id', { repositoryId: [-1] }, 'dependencyFilter.repositoryId[0]', /repository id/],
    [
      'a fractional repository id',
      { repositoryId: [1.5] },
      'dependencyFilter.repositoryId[0]',
      /repository id/,
    ],
    [
      'a repository id beyond uint64',
      { repositoryId: ['18446744073709551616'] },
      'dependencyFilter.repositoryId[0]',
      /repository id/,
    ],
    [
      'an unknown ecosystem',
      { ecosystem: ['nmp'] },
      'dependencyFilter.ecosystem[0]',
      /not an ecosystem \(known: npm, pypi/,
    ],
    [
      'an unknown transitivity',
      { transitivity: ['SOMETIMES'] },
      'dependencyFilter.transitivity[0]',
      /DIRECT, TRANSITIVE, UNKNOWN_TRANSITIVITY/,
    ],
    [
      'lowercase transitivity',
      { transitivity: ['direct'] },
      'dependencyFilter.transitivity[0]',
      /must be one of/,
    ],
    [
      'an object for packageFilters',
      { packageFilters: {} },
      'dependencyFilter.packageFilters',
      /must be an array/,
    ],
    [
      'a string package filter',
      { packageFilters: ['lodash'] },
      'dependencyFilter.packageFilters[0]',
      /must be an object/,
    ],
    [
      'a string for exactNameMatch',
      { packageFilters: [{ exactNameMatch: 'yes' }] },
      'dependencyFilter.packageFilters[0].exactNameMatch',
      /true or false/,
    ],
    [
      'a number for exactVersion',
      { packageFilters: [{ exactVersion: 1 }] },
      'dependencyFilter.packageFilters[0].exactVersion',
      /must be a string/,
    ],
    [
      'an upper operator on a lower bound',
      { packageFilters: [{ versionLowerBound: '<1.0.0' }] },
      'dependencyFilter.packageFilters[0].versionLowerBound',
      /takes >= or >, not </,
    ],
    [
      'a lower operator on an upper bound',
      { packageFilters: [{ versionUpperBound: '>=1' }] },
      'dependencyFilter.packageFilters[0].versionUpperBound',
      /takes <= or <, not >=/,
    ],
    [
      'a range in one bound',
      { packageFilters: [{ versionLowerBound: '>=1 <2' }] },
      'dependencyFilter.packageFilters[0].versionLowerBound',
      /one version with an operator/,
    ],
    [
      'an operator we do not know',
      { packageFilters: [{ versionUpperBound: '~1.2' }] },
      'dependencyFilter.packageFilters[0].versionUpperBound',
      /one version with an operator/,
    ],
    [
      'a bound with no version',
      { packageFilters: [{ versionLowerBound: '>=' }] },
      'dependencyFilter.packageFilters[0].versionLowerBound',
      /one version/,
    ],
    [
      'a misspelt field',
      { packageFilter: [] },
      'dependencyFilter.packageFilter',
      /is not a field here \(known: includeArchived, name/,
    ],
    [
      'a misspelt package filter field',
      { packageFilters: [{ exactMatch: true }] },
      'dependencyFilter.packageFilters[0].exactMatch',
      /is not a field here/,
    ],
    [
      'a field given twice with different values',
      { lockfilePath: 'a', lockfile_path: 'b' },
      'dependencyFilter.lockfilePath',
      /given twice/,
    ],
  ])('names the field of %s', (_title, value, field, message) => {
    const { problems } = validateDependencyFilter(value);
    expect(problems.map((p) => p.field)).toEqual([field]);
    expect(problems[0]!.message).toMatch(message);
  });

  it('lists every problem at once, under the path it is given', () => {
    const { problems } = validateDependencyFilter(
      {
        name: 3,
        license: 'MIT',
        packageFilters: [{ versionLowerBound: '<1.0.0', exactNameMatch: 'yes' }, 5],
      },
      'rules[2].filter',
    );
    expect(problems.map((p) => p.field)).toEqual([
      'rules[2].filter.name',
      'rules[2].filter.license',
      'rules[2].filter.packageFilters[0].exactNameMatch',
      'rules[2].filter.packageFilters[0].versionLowerBound',
      'rules[2].filter.packageFilters[1]',
    ]);
  });

  it('accepts the same field twice when both spellings agree', () => {
    expect(validateDependencyFilter({ lockfilePath: 'a', lockfile_path: 'a' }).problems).toEqual([]);
  });
});
