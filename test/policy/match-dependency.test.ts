import { describe, expect, it } from 'vitest';
import type { WireDependencyFilter } from '../../src/core/wire.js';
import { licenseIds } from '../../src/domain/index.js';
import { matchesDependencyFilter, type MatchableDependency } from '../../src/policy/match-dependency.js';

const lodash: MatchableDependency = {
  name: 'lodash',
  version: '4.17.21',
  ecosystem: 'npm',
  licenses: ['MIT'],
  lockfilePath: 'package-lock.json',
  repositoryId: '101',
  transitivity: 'direct',
  archived: false,
};
const dep = (over: Partial<MatchableDependency> = {}): MatchableDependency => ({ ...lodash, ...over });

describe('each field of a dependency filter, alone', () => {
  it.each<[string, WireDependencyFilter, Partial<MatchableDependency>, boolean]>([
    ['an empty filter matches', {}, {}, true],
    [
      'empty strings and arrays do not constrain',
      {
        name: '',
        version: '',
        lockfilePath: '',
        license: [],
        repositoryId: [],
        ecosystem: [],
        transitivity: [],
        packageFilters: [],
      },
      {},
      true,
    ],
    ['name matches a substring', { name: 'odas' }, {}, true],
    ['name matches whatever the case', { name: 'LODASH' }, {}, true],
    ['name refuses a non-substring', { name: 'lodash-es' }, {}, false],
    ['version matches its exact text', { version: '4.17.21' }, {}, true],
    ['version refuses a prefix', { version: '4.17' }, {}, false],
    ['version refuses an equal version spelt otherwise', { version: 'v4.17.21' }, {}, false],
    ['lockfilePath matches the exact path', { lockfilePath: 'package-lock.json' }, {}, true],
    ['lockfilePath is not a substring', { lockfilePath: 'lock.json' }, {}, false],
    ['lockfilePath is case-sensitive, like paths', { lockfilePath: 'Package-Lock.json' }, {}, false],
    ['license matches any of', { license: ['Apache-2.0', 'MIT'] }, {}, true],
    ['license matches whatever the case', { license: ['mit'] }, {}, true],
    ['license refuses none of', { license: ['GPL-3.0-only'] }, {}, false],
    ['license is an id, not a substring', { license: ['GPL-3.0'] }, { licenses: ['GPL-3.0-only'] }, false],
    [
      'license looks at every license of a dual-licensed package',
      { license: ['apache-2.0'] },
      { licenses: ['MIT', 'Apache-2.0'] },
      true,
    ],
    [
      'license looks inside SPDX expressions',
      { license: ['GPL-3.0-only'] },
      { licenses: ['(MIT OR GPL-3.0-only)'] },
      true,
    ],
    [
      'license does not take an operator for an id',
      { license: ['OR'] },
      { licenses: ['MIT OR Apache-2.0'] },
      false,
    ],
    ['license never matches a package without licenses', { license: ['MIT'] }, { licenses: [] }, false],
    ['repositoryId matches any of, as numbers', { repositoryId: [7, 101] }, {}, true],
    ['repositoryId matches any of, as strings', { repositoryId: ['101'] }, {}, true],
    ['repositoryId refuses none of', { repositoryId: ['7', 8] }, {}, false],
    ['ecosystem matches any of', { ecosystem: ['pypi', 'npm'] }, {}, true],
    ['ecosystem matches whatever the case', { ecosystem: ['NPM'] }, {}, true],
    ['ecosystem refuses none of', { ecosystem: ['cargo'] }, {}, false],
    ['transitivity matches any of', { transitivity: ['TRANSITIVE', 'DIRECT'] }, {}, true],
    ['transitivity refuses none of', { transitivity: ['TRANSITIVE'] }, {}, false],
    [
      'transitivity knows UNKNOWN_TRANSITIVITY',
      { transitivity: ['UNKNOWN_TRANSITIVITY'] },
      { transitivity: 'unknown' },
      true,
    ],
    ['an archived repository is left out by default', {}, { archived: true }, false],
    [
      'an archived repository is left out with includeArchived false',
      { includeArchived: false },
      { archived: true },
      false,
    ],
    [
      'an archived repository is included with includeArchived',
      { includeArchived: true },
      { archived: true },
      true,
    ],
    ['includeArchived keeps the others too', { includeArchived: true }, {}, true],
    [
      'packageFilters match when one matches',
      { packageFilters: [{ name: 'react' }, { name: 'lodash', exactNameMatch: true }] },
      {},
      true,
    ],
    [
      'packageFilters refuse when none matches',
      { packageFilters: [{ name: 'react' }, { name: 'vue' }] },
      {},
      false,
    ],
    [
      'packageFilters use the ecosystem ordering',
      { packageFilters: [{ name: 'lodash', versionUpperBound: '<4.17.3' }] },
      {},
      false,
    ],
  ])('%s', (_title, filter, over, expected) => {
    expect(matchesDependencyFilter(dep(over), filter)).toBe(expected);
  });
});

describe('fields in combination', () => {
  it.each<[string, WireDependencyFilter, Partial<MatchableDependency>, boolean]>([
    [
      'all fields that hold match',
      {
        name: 'lodash',
        version: '4.17.21',
        license: ['MIT'],
        lockfilePath: 'package-lock.json',
        repositoryId: [101],
        ecosystem: ['npm'],
        transitivity: ['DIRECT'],
        packageFilters: [{ name: 'lodash', versionLowerBound: '>=4.0.0' }],
      },
      {},
      true,
    ],
    ['one failing field refuses: name', { name: 'react', license: ['MIT'] }, {}, false],
    ['one failing field refuses: license', { name: 'lodash', license: ['GPL-3.0-only'] }, {}, false],
    ['one failing field refuses: repository', { ecosystem: ['npm'], repositoryId: [102] }, {}, false],
    [
      'one failing field refuses: transitivity',
      { ecosystem: ['npm'], transitivity: ['TRANSITIVE'] },
      {},
      false,
    ],
    [
      'one failing field refuses: package filters',
      { license: ['MIT'], packageFilters: [{ exactVersion: '1.0.0' }] },
      {},
      false,
    ],
    ['one failing field refuses: archived', { name: 'lodash', license: ['MIT'] }, { archived: true }, false],
    [
      'archived and included, other fields still apply',
      { includeArchived: true, license: ['GPL-3.0-only'] },
      { archived: true },
      false,
    ],
    [
      'package filters OR inside, AND with the rest',
      { lockfilePath: 'yarn.lock', packageFilters: [{ name: 'lodash' }] },
      {},
      false,
    ],
    [
      'a deny rule: name, ecosystem and a vulnerable range',
      {
        ecosystem: ['npm'],
        packageFilters: [{ name: 'lodash', exactNameMatch: true, versionUpperBound: '<4.17.21' }],
      },
      { version: '4.17.20' },
      true,
    ],
    [
      'a deny rule lets the fixed version through',
      {
        ecosystem: ['npm'],
        packageFilters: [{ name: 'lodash', exactNameMatch: true, versionUpperBound: '<4.17.21' }],
      },
      {},
      false,
    ],
  ])('%s', (_title, filter, over, expected) => {
    expect(matchesDependencyFilter(dep(over), filter)).toBe(expected);
  });
});

describe('license ids', () => {
  it.each<[string[], string[]]>([
    [['MIT'], ['mit']],
    [
      ['MIT', 'Apache-2.0'],
      ['mit', 'apache-2.0'],
    ],
    [['(MIT OR Apache-2.0) AND BSD-3-Clause'], ['mit', 'apache-2.0', 'bsd-3-clause']],
    [['GPL-2.0-only WITH Classpath-exception-2.0'], ['gpl-2.0-only', 'classpath-exception-2.0']],
    [['mit or apache-2.0'], ['mit', 'apache-2.0']],
    [[], []],
  ])('reads %j as %j', (licenses, ids) => {
    expect(licenseIds(licenses)).toEqual(ids);
  });
});
