import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../src/lockfiles/types.js';
import {
  compareVersions,
  isValidVersion,
  normalizeComposerVersion,
  parseBound,
  satisfiesBound,
} from '../../../src/domain/versions/index.js';

type Expected = -1 | 0 | 1 | undefined;

/** Every pair of an ascending list orders by position; entries in one inner list are equal versions. */
function expectAscending(ecosystem: Ecosystem, groups: readonly (readonly string[])[]): void {
  const wrong: string[] = [];
  groups.forEach((group, i) =>
    groups.forEach((other, j) => {
      for (const a of group)
        for (const b of other) {
          const want = Math.sign(i - j);
          const got = compareVersions(ecosystem, a, b);
          if (got !== want) wrong.push(`${a} vs ${b}: want ${want}, got ${String(got)}`);
        }
    }),
  );
  expect(wrong).toEqual([]);
}

describe('Go module versions', () => {
  // golang.org/x/mod/semver's own test list, in its order; one inner list per canonical version.
  it('order as golang.org/x/mod/semver orders its own test versions, shorthands equal to their long form', () => {
    expectAscending('gomod', [
      ['v1.0.0-alpha'],
      ['v1.0.0-alpha.1'],
      ['v1.0.0-alpha.beta'],
      ['v1.0.0-beta'],
      ['v1.0.0-beta.2'],
      ['v1.0.0-beta.11'],
      ['v1.0.0-rc.1'],
      ['v1', 'v1.0', 'v1.0.0'],
      ['v1.2', 'v1.2.0'],
      ['v1.2.3-456'],
      ['v1.2.3-456.789'],
      ['v1.2.3-456-789'],
      ['v1.2.3-456a'],
      ['v1.2.3-pre', 'v1.2.3-pre+meta'],
      ['v1.2.3-pre.1'],
      ['v1.2.3-zzz'],
      ['v1.2.3', 'v1.2.3+meta', 'v1.2.3+meta-pre', 'v1.2.3+meta-pre.sha.256a'],
    ]);
  });

  it.each([
    'bad',
    'v1-alpha.beta.gamma',
    'v1-pre',
    'v1+meta',
    'v1-pre+meta',
    'v1.2-pre',
    'v1.2+meta',
    'v01.2.3',
    'v1.2.3-01',
    'v1.2.3.4',
  ])('refuse %j, as the go command does', (version) => {
    expect(isValidVersion('gomod', version)).toBe(false);
  });

  it.each<[string, string, Expected, string]>([
    [
      'v0.0.0-20191109021931-daa7c04131f5',
      'v0.0.1',
      -1,
      'a pseudo-version before any tag is a pre-release of v0.0.0',
    ],
    [
      'v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.3',
      1,
      'a pseudo-version after v1.2.3 is newer than v1.2.3',
    ],
    ['v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.4', -1, '... and older than v1.2.4'],
    [
      'v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.4-0.20200101000000-0123456789ab',
      -1,
      'later commit times are newer',
    ],
    [
      'v1.2.4-pre.0.20191109021931-daa7c04131f5',
      'v1.2.4-pre',
      1,
      'a pseudo-version after a pre-release is newer than it',
    ],
    ['v2.0.0+incompatible', 'v2.0.0', 0, '+incompatible does not count'],
    ['v2.1.0+incompatible', 'v2.0.9', 1, '... and leaves the numbers to decide'],
    ['1.2.3', 'v1.2.3', 0, 'a missing v is read as v'],
    ['v99999999999999999999.0.0', 'v99999999999999999998.0.0', 1, 'numbers have any size'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    expect(compareVersions('gomod', a, b)).toBe(expected);
  });
});

describe('NuGet versions', () => {
  // The tables of NuGet.Client's NuGetVersionTest and VersionComparerTests.
  it.each([
    ['1.0', '1.0.1'],
    ['1.23', '1.231'],
    ['1.4.5.6', '1.45.6'],
    ['1.4.5.6', '1.4.5.60'],
    ['1.01', '1.10'],
    ['1.01-alpha', '1.10-beta'],
    ['1.01.0-RC-1', '1.10.0-rc-2'],
    ['1.01-RC-1', '1.01'],
    ['1.01', '1.2-preview'],
    ['1.999.9999', '2.1.1'],
    ['1.0.0-BETA', '1.0.0-beta.1+AA'],
    ['1.0.0-BETA.X.y.5.79.0+AA', '1.0.0-beta.x.y.5.790.0+abc'],
  ])('order %s below %s', (a, b) => {
    expect([compareVersions('nuget', a, b), compareVersions('nuget', b, a)]).toEqual([-1, 1]);
  });

  it.each([
    ['1.0', '1.0.0.0'],
    ['2', '2.0.0'],
    ['1.23.01', '1.23.1'],
    ['1.6.2-BeTa', '1.6.02-beta'],
    ['22.3.07     ', '22.3.07'],
    ['1.0.0-BETA+AA', '1.0.0-beta+aa'],
    ['1.0.0-BETA.X.y.5.77.0+AA', '1.0.0-beta.x.y.5.77.0+aa'],
  ])('take %j and %j for the same version', (a, b) => {
    expect(compareVersions('nuget', a, b)).toBe(0);
  });

  it.each([
    '1beta',
    '$version$',
    '1.2Av^c',
    '1.2..',
    '1.2.3.4.5',
    '1.2.3.Beta',
    '1.2.3.4This version is full of awesomeness!!',
    'So.is.this',
    '1.34.2Alpha',
    '1.4.7-',
    '1.4.7-*',
    '1.4.7+*',
    '1.4.7-AA.01^',
    '1.4.7-A^A',
    '1.4.7-beta.01',
    'v1.0.0',
    '2147483648.0',
  ])('refuse %j, as NuGet does', (version) => {
    expect(isValidVersion('nuget', version)).toBe(false);
  });

  it('order labels .NET reads as int by value, below words, and words case-insensitively', () => {
    expectAscending('nuget', [
      ['1.0.0--1'],
      ['1.0.0-2'],
      ['1.0.0-10'],
      ['1.0.0-2147483648'],
      ['1.0.0-A', '1.0.0-a'],
      ['1.0.0-b'],
      ['1.0.0'],
    ]);
  });
});

describe('pub versions', () => {
  it('order as pub_semver orders its own test list, build metadata counting', () => {
    expectAscending('pub', [
      ['1.0.0-alpha'],
      ['1.0.0-alpha.1'],
      ['1.0.0-beta.2'],
      ['1.0.0-beta.11'],
      ['1.0.0-rc.1'],
      ['1.0.0-rc.1+build.1'],
      ['1.0.0'],
      ['1.0.0+0.3.7'],
      ['1.3.7+build'],
      ['1.3.7+build.2.b8f12d7'],
      ['1.3.7+build.11.e0f985a'],
      ['2.0.0'],
      ['2.1.0'],
      ['2.2.0'],
      ['2.11.0'],
      ['2.11.1'],
    ]);
  });

  it.each<[string, string, Expected]>([
    ['01.2.3', '1.2.3', 0],
    ['1.2.03', '1.2.3', 0],
    ['1.2.3-01', '1.2.3-1', 0],
    ['1.2.3+01', '1.2.3+1', 0],
    ['1.0.0-10', '1.0.0-0xA', -1],
    ['2.0.0-0', '2.0.0--1', -1],
    ['v1.2.3', '1.2.3', 0],
  ])('%s vs %s is %s', (a, b, expected) => {
    expect(compareVersions('pub', a, b)).toBe(expected);
  });

  it.each([
    '1.0',
    '1a2b3',
    '1.2.3.4',
    '1234',
    '-2.3.4',
    '1.3-pre',
    '1.3+build',
    '1.3+bu?!3ild',
    '9223372036854775808.0.0',
  ])('refuse %j, as pub does', (version) => {
    expect(isValidVersion('pub', version)).toBe(false);
  });
});

describe('CocoaPods versions', () => {
  it.each<[string, string, Expected, string]>([
    ['3.2', '3.10', -1, 'two-part versions are versions'],
    ['4.0.1.2', '4.0.1.10', -1, 'and so are four-part ones'],
    ['1.0', '1.0.0', 0, 'trailing zeros do not count'],
    ['1.0.0+fff', '1.0.0+000', 0, 'build metadata does not count'],
    ['1.9.0-alpha', '1.9-beta', -1, 'missing numbers are zero'],
    ['2.0.0.0.0.0.1-beta', '2.0-rc', 1, 'a further number is newer whatever follows'],
    ['1.0-beta.8', '1.0-beta.8a', -1, 'a further part is newer'],
    ['1.0.0-beta.3rd.1', '1.0.0-beta.ios17.1', -1, 'numbers come before words'],
    ['1.2.3-r2', '1.2.3-r100', -1, 'numbers inside words compare by value, unlike SemVer'],
    ['1-beta', '1.0', undefined, 'a pre-release needs a dot-separated part'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    expect(compareVersions('cocoapods', a, b)).toBe(expected);
  });
});

describe('SemVer versions of npm, cargo, hex and SwiftPM', () => {
  const ecosystems = ['npm', 'cargo', 'hex', 'swiftpm'] as const;

  it.each<[string, string, Expected, string]>([
    ['1.0.0-alpha', '1.0.0', -1, 'a pre-release is older than its release'],
    ['1.0.0-alpha.beta', '1.0.0-alpha.1', 1, 'words are newer than numbers'],
    ['1.0.0-rc.10', '1.0.0-rc.9', 1, 'numbers compare by value'],
    ['1.0.0+build.1', '1.0.0+build.2', 0, 'build metadata does not count'],
    ['v1.0.0', '1.0.0', 0, 'a leading v is read'],
    ['=1.0.0', ' 1.0.0 ', 0, 'so are a leading = and spaces around'],
    ['1.2.3beta', '1.2.3-beta', 0, 'a pre-release without its hyphen, as npm reads it'],
    ['01.2.3', '1.2.3', 0, 'leading zeros, as npm reads them'],
    ['latest', '1.0.0', undefined, 'a dist-tag is no version'],
    ['^1.0.0', '1.0.0', undefined, 'nor is a range'],
    ['1.x', '1.0.0', undefined, 'nor a wildcard'],
    ['1.0', '1.0.0', undefined, 'SemVer wants three numbers'],
    ['9007199254740992.0.0', '1.0.0', undefined, 'numbers past 2^53 are refused, as npm refuses them'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    for (const ecosystem of ecosystems) expect(compareVersions(ecosystem, a, b), ecosystem).toBe(expected);
  });
});

describe('Maven versions', () => {
  it.each<[string, string, Expected, string]>([
    ['1.0.0.RC1', '1.0.0-RC1', 0, 'a qualifier after a dot orders as after a hyphen (Maven 3.8.8 on)'],
    ['1.0.RC1', '1.0-RC2', -1, '... so .RC1 and -RC2 compare as RC1 and RC2'],
    ['1.0-SNAPSHOT', '1.0-rc1', 1, 'a snapshot is newer than a release candidate'],
    ['1.0.Final', '1.0', 0, 'final is the release'],
    ['1.0-sp1', '1.0', 1, 'a service pack is newer than the release'],
    ['1.0-jre', '1.0-android', 1, 'other qualifiers order alphabetically'],
    ['33.0.0-jre', '33.0.0', 1, '... and above the release'],
    ['1.0-1', '1.0.1', -1, 'a hyphen is less important than a dot'],
    ['12345678901234567890', '12345678901234567891', -1, 'numbers have any size'],
    ['LATEST', '1.0', undefined, 'LATEST is a meta-version'],
    ['RELEASE', '1.0', undefined, 'and so is RELEASE'],
    ['${project.version}', '1.0', undefined, 'an unresolved property is no version'],
    ['1.0 beta', '1.0', undefined, 'nor is a text with a space'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    expect(compareVersions('maven', a, b)).toBe(expected);
  });
});

describe('PyPI versions', () => {
  it.each<[string, string, Expected, string]>([
    [
      '999999999999999999999999999991',
      '999999999999999999999999999999',
      -1,
      'numbers past 2^53 compare exactly',
    ],
    ['1.0+1e5', '1.0+5', -1, 'a local part with letters is a word, below any number'],
    ['1.0+abc', '1.0+ABC', 0, 'local parts are case-insensitive'],
    ['1.0.dev1', '1.0a1', -1, 'a dev release of a final is older than its pre-releases'],
    ['1.0a1.dev1', '1.0a1', -1, 'a dev release of a pre-release is older than it'],
    ['1.0.post1.dev1', '1.0.post1', -1, 'and so is one of a post-release'],
    ['1!0.1', '2.0', 1, 'the epoch comes first'],
    ['1.0-1', '1.0.post1', 0, 'the implicit post-release'],
    ['V1.0', '1.0', 0, 'a leading v'],
    ['0.7.10p1', '0.7.10', undefined, 'legacy versions are refused, as pip refuses them'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    expect(compareVersions('pypi', a, b)).toBe(expected);
  });
});

describe('RubyGems versions', () => {
  it.each<[string, string, Expected, string]>([
    ['1.0.B', '1.0.a', -1, 'words compare byte by byte, upper case first'],
    ['1.0.a', '1.0', -1, 'a word makes a pre-release'],
    ['1.0-rc1', '1.0.pre.rc1', 0, 'a hyphen reads as .pre.'],
    ['1.0.a.0', '1.0.a', 0, 'trailing zeros do not count'],
    ['1.99999999999999999', '1.100000000000000000', -1, 'numbers compare exactly'],
    ['', '1.0', undefined, 'a blank version is refused (Gem::Version would read 0)'],
    ['1a', '1.0', undefined, 'a word must follow a dot'],
  ])('%s vs %s is %s: %s', (a, b, expected) => {
    expect(compareVersions('gem', a, b)).toBe(expected);
  });
});

describe('Composer versions', () => {
  // composer/semver's VersionParserTest::successfulNormalizedVersions; branches have no order here.
  it.each<[string, string | undefined]>([
    ['1.0.0', '1.0.0.0'],
    ['1.2.3.4', '1.2.3.4'],
    ['1.0.0RC1dev', '1.0.0.0-RC1-dev'],
    ['1.0.0-rC15-dev', '1.0.0.0-RC15-dev'],
    ['1.0.0.RC.15-dev', '1.0.0.0-RC15-dev'],
    ['1.0.0-rc1', '1.0.0.0-RC1'],
    ['1.0.0.pl3-dev', '1.0.0.0-patch3-dev'],
    ['1.0-dev', '1.0.0.0-dev'],
    ['0', '0.0.0.0'],
    ['99999', '99999.0.0.0'],
    ['10.4.13beta.2', '10.4.13.0-beta2'],
    ['v1.13.11-beta.0', '1.13.11.0-beta0'],
    ['10.4.13-b5', '10.4.13.0-beta5'],
    ['2010.01', '2010.01.0.0'],
    ['20230131.0.0', '20230131.0.0'],
    ['v20100102', '20100102'],
    ['2010-01-02-10-20-30.0.3', '2010.01.02.10.20.30.0.3'],
    ['20100102-203040-p1', '20100102.203040-patch1'],
    ['20100102.x-dev', '20100102.9999999.9999999.9999999-dev'],
    ['1.x-dev', '1.9999999.9999999.9999999-dev'],
    ['041.x-dev', '041.9999999.9999999.9999999-dev'],
    ['1.0.0+foo@dev', '1.0.0.0'],
    ['1.0.0-alpha-2.1-3+foo', '1.0.0.0-alpha2.1-3'],
    ['1.0.0+foo as 2.0', '1.0.0.0'],
    [' 1.0.0', '1.0.0.0'],
    ['dev-master', undefined],
    ['master', undefined],
    ['DEV-FOOBAR', undefined],
    ['dev-master as 1.0.0', undefined],
    ['1.0.0-meh', undefined],
    ['1.0.1-SNAPSHOT', undefined],
    ['1.0.0.0.0', undefined],
    ['^1', undefined],
    ['1.*', undefined],
    ['2023013.0.0', undefined],
  ])('normalize %j to %j, as Composer does', (version, expected) => {
    expect(normalizeComposerVersion(version)).toBe(expected);
  });

  it('order stabilities dev < alpha < beta < RC < release < patch, numbered branches above their releases', () => {
    expectAscending('composer', [
      ['1.0.0-dev', '1.0-dev'],
      ['1.0.0-alpha1', '1.0.0-ALPHA.1', '1.0.0a1'],
      ['1.0.0-beta', 'v1.0.0-b'],
      ['1.0.0-RC1', '1.0.0-rc.1'],
      ['1.0.0', '1.0', 'v1.0.0.0', '1.0.0-stable', '1.0.0+build'],
      ['1.0.0-p1', '1.0.0-patch1', '1.0.0-pl1'],
      ['1.0.1'],
      ['1.x-dev'],
      ['2.0.0'],
    ]);
  });
});

describe('bounds', () => {
  it.each<[string, '>=' | '>' | '<' | '<=' | undefined, ReturnType<typeof parseBound>]>([
    ['>=1.2.0', undefined, { operator: '>=', version: '1.2.0' }],
    ['> 1.2.0', undefined, { operator: '>', version: '1.2.0' }],
    ['<2', undefined, { operator: '<', version: '2' }],
    ['  <=2.0.0-rc.1  ', undefined, { operator: '<=', version: '2.0.0-rc.1' }],
    ['1.2.0', '<=', { operator: '<=', version: '1.2.0' }],
    ['>1.2.0', '<=', { operator: '>', version: '1.2.0' }],
    ['v1.2.3+incompatible', '>=', { operator: '>=', version: 'v1.2.3+incompatible' }],
    ['1.2.0', undefined, undefined],
    ['>=', '>=', undefined],
    ['', '>=', undefined],
    ['>=1 2', '>=', undefined],
    ['>=1,<2', '>=', undefined],
    ['>=1<2', '>=', undefined],
    ['==1.0', '>=', undefined],
    ['=1.0', '>=', undefined],
    ['~1.0', '>=', undefined],
    ['^1.0', '>=', undefined],
    ['!=1.0', '>=', undefined],
    ['>>1.0', '>=', undefined],
  ])('parse %j (bare versions take %s)', (text, fallback, expected) => {
    expect(parseBound(text, fallback)).toEqual(expected);
  });

  it.each<[Ecosystem, string, string, string]>([
    ['npm', '1.9.9', '2.0.0', '2.0.1'],
    ['gomod', 'v1.9.9', 'v2.0.0+incompatible', 'v2.0.1-0.20200101000000-0123456789ab'],
    ['pypi', '2.0rc1', '2.0.0', '2.0.post1'],
    ['maven', '2.0-SNAPSHOT', '2.0.0.Final', '2.0-sp1'],
    ['gem', '2.0.0.rc1', '2', '2.0.0.1'],
    ['nuget', '2.0.0-beta', '2.0.0.0', '2.0.0.1'],
    ['composer', '2.0.0-RC1', 'v2.0', '2.0.0-p1'],
    ['pub', '2.0.0-dev', '2.0.0', '2.0.0+1'],
    ['cocoapods', '2.0.0-beta.1', '2.0', '2.0.0.1'],
  ])(
    'in %s, test each operator below (%s), at (%s) and above (%s) the bound 2.0.0',
    (ecosystem, below, at, above) => {
      const bound = ecosystem === 'gomod' ? 'v2.0.0' : '2.0.0';
      const check = (version: string) =>
        (['>=', '>', '<', '<='] as const).map((operator) =>
          satisfiesBound(ecosystem, version, { operator, version: bound }),
        );
      expect([check(below), check(at), check(above)]).toEqual([
        [false, false, true, true],
        [true, false, false, true],
        [true, true, false, false],
      ]);
    },
  );

  it.each<[Ecosystem, string, string]>([
    ['npm', 'banana', '1.0.0'],
    ['npm', '1.0.0', 'banana'],
    ['pypi', 'not a version', '1.0'],
    ['composer', 'dev-main', '1.0.0'],
    ['maven', '', '1.0'],
  ])('in %s, cannot tell whether %j satisfies a bound of %j', (ecosystem, version, bound) => {
    for (const operator of ['>=', '>', '<', '<='] as const)
      expect(satisfiesBound(ecosystem, version, { operator, version: bound })).toBeUndefined();
  });
});
