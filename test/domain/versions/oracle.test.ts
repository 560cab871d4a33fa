// @module-tag corpus
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../src/lockfiles/types.js';
import { compareVersions, isValidVersion } from '../../../src/domain/versions/index.js';
import { corpusPath } from '../../helpers/paths.js';

/**
 * The version-ordering oracles of osv-scalibr (shared/corpus/osv-scalibr/semantic/testdata): each line is
 * `a < b`, `a = b` or `a > b`; the *-generated lists are long ascending chains of real advisory versions.
 * Every line must hold, except where the ecosystem's own tool answers otherwise than the oracle. Those
 * lines are listed below, each with the tool's answer (which is ours) and why; they were checked with
 * the tools themselves: Maven 3.9.16's ComparableVersion, packaging 26.2, RubyGems 3.3.7, and
 * composer/semver 3.4.4 under PHP 8.2. A listed line that starts to agree with the oracle fails too.
 */

type Relation = '<' | '=' | '>';

interface Refusal {
  why: string;
  versions: string[];
}

interface Difference {
  ours: Relation;
  why: string;
}

interface OracleCase {
  file: string;
  ecosystem: Ecosystem;
  /** Versions the ecosystem's tool refuses: every comparison holding one is unordered. */
  refused?: Refusal;
  /** Lines (1-based) where the ecosystem's tool orders otherwise than the oracle. */
  differs?: Record<number, Difference>;
}

const SEMVER_REFUSED: Refusal = {
  why:
    'a SemVer version has exactly three numbers, and npm refuses numbers past 2^53 (cargo past 2^64), ' +
    'so npm and cargo refuse these',
  versions: [
    '999999999999999999999999999991',
    '999999999999999999999999999999',
    '999999999999999999999999999991.999999999999999999999999999991.999999999999999999999999999991',
    '999999999999999999999999999999.999999999999999999999999999991.999999999999999999999999999991',
    '1.1.3.4.5',
  ],
};

const PYPI_LEGACY: Refusal = {
  why:
    'not PEP 440: pip and packaging 22+ refuse these pre-PEP 440 "legacy" versions (the lists were made ' +
    'with an older packaging that still sorted them, below every PEP 440 version)',
  versions: [
    '-class.-jw.util.version.Version-',
    '-class.-jw.util.version.version-dev',
    '-class.-jw.util.version.version-pre',
    '-class.-jw.util.version.version-preview',
    '0.0.1-test1',
    '0.1-bulbasaur',
    '0.1-charmander',
    '0.3.1-p1',
    '0.4.0-p1',
    '0.7.1.fix1',
    '0.7.10p1',
    '0.7.11p1',
    '0.7.11p2',
    '0.7.11p3',
    '0.7.4.svn.r2010',
    '0.8.1p1',
    '0.8.3p1',
    '0.8.4p1',
    '0.8.4p2',
    '0.8.6p1',
    '0.8.7p1',
    '0.9-doduo',
    '0.9-eevee',
    '0.9-fearow',
    '0.9-gyarados',
    '0.9-horsea',
    '0.9-ivysaur',
    ...['0.3', '0.4', '0.5'].flatMap((v) => [1, 2, 3, 4, 5].map((m) => `${v}m${m}`)),
    ...[1, 2, 3, 4, 5, 6].map((m) => `0.6m${m}`),
    '1.0beta6.1',
    '1.3.1-STAGING',
    '2.0.0-final',
    '2.0.1rc2-git',
    '2013-01-21T20:33:09+0100',
    '2013-01-23T17:11:52+0100',
    '2013-02-01T20:50:46+0100',
    '2013-02-02T19:59:03+0100',
    '2013-02-02T20:23:17+0100',
    '2013-02-08T17:40:57+0000',
    '2013-03-27T16:32:26+0100',
    '2013-05-09T12:47:53+0200',
    '2013-05-10T17:55:56+0200',
    '2013-05-14T20:16:05+0200',
    '2013-06-01T10:32:51+0200',
    '2013-07-19T09:11:08+0000',
    '2013-08-12T21:48:56+0200',
    '2013-09-11T19-27-10',
    '2013-12-23T17-51-15',
    '2014-01-12T15-52-10',
    '4.11-final',
    '5.0-final',
    'a3',
    'trunk',
  ],
};

const MAVEN_BEFORE_3_8_8: Difference = {
  ours: '>',
  why:
    'the list was sorted with Maven before 3.8.8; since MNG-7644 (Maven 3.8.8 and 3.9) a word after a dot ' +
    'followed by digits (.RC8, .rc5, .sec10, .Beta1) opens a sub-list as -RC8 does, which swaps these',
};

const COMPOSER_ADDS_ZEROS: Difference = {
  ours: '>',
  why:
    'Composer normalizes to four numbers (v3.0 -> 3.0.0.0), so the release is newer than its own beta; ' +
    "PHP's bare version_compare, which the oracle follows, takes the missing .0 for an older version",
};

const COMPOSER_STABILITY_CASE = (ours: Relation): Difference => ({
  ours,
  why:
    'Composer reads stability words case-insensitively (ALPHA is alpha, BETA is beta); bare ' +
    'version_compare does not know upper-case ALPHA or BETA and takes them as equal',
});

const CASES: OracleCase[] = [
  ...(['npm', 'cargo', 'hex', 'swiftpm'] as const).map((ecosystem) => ({
    file: 'semver-versions.txt',
    ecosystem,
    refused: SEMVER_REFUSED,
  })),
  {
    file: 'semver-versions.txt',
    ecosystem: 'gomod',
    // Go's semver takes numbers of any size (and we read a missing `v`), but only three of them.
    refused: { why: 'golang.org/x/mod/semver refuses a fourth number', versions: ['1.1.3.4.5'] },
  },
  { file: 'pypi-versions.txt', ecosystem: 'pypi', refused: PYPI_LEGACY },
  { file: 'pypi-versions-generated.txt', ecosystem: 'pypi', refused: PYPI_LEGACY },
  {
    file: 'rubygems-versions.txt',
    ecosystem: 'gem',
    refused: {
      why: 'Gem::Version refuses a word joined to the first number without a dot: "Malformed version number string"',
      versions: ['1beta', '1gamma'],
    },
  },
  { file: 'rubygems-versions-generated.txt', ecosystem: 'gem' },
  {
    file: 'maven-versions.txt',
    ecosystem: 'maven',
    differs: {
      100: {
        ours: '>',
        why:
          'Maven drops the empty qualifier ga but keeps the sub-list it opened, so 1-ga-1 reads as 1-(-1), ' +
          'which orders below 1-1 (Maven 3.6 to 3.9 and 4 agree)',
      },
    },
  },
  {
    file: 'maven-versions-generated.txt',
    ecosystem: 'maven',
    differs: Object.fromEntries(
      [
        2781, 2786, 5776, 9949, 11435, 11450, 11476, 11526, 11557, 11578, 11582, 11594, 11602, 11612, 11621,
        11687, 11748, 12642,
      ].map((line) => [line, MAVEN_BEFORE_3_8_8]),
    ),
  },
  {
    file: 'nuget-versions.txt',
    ecosystem: 'nuget',
    refused: {
      why: 'NuGet keeps each number in a .NET int (System.Version) and refuses larger ones',
      versions: SEMVER_REFUSED.versions.slice(0, 4),
    },
  },
  {
    file: 'packagist-versions.txt',
    ecosystem: 'composer',
    refused: {
      why:
        "Composer's VersionParser refuses these (a number after the hyphen, #, a major number of more than " +
        'five digits that is no date); dev-foo is a branch, which Composer constraints never match',
      versions: [
        '4.3-2RC1',
        '4.3-2RC2',
        '4.3-2beta5',
        '4.3-2',
        '4.3-2beta1',
        'dev-foo',
        '1.2.3.#',
        '1.2.3.#.1',
        '1.2.3.#.p3',
        '1.2.3.#.beta',
        ...SEMVER_REFUSED.versions.slice(0, 4),
      ],
    },
    differs: {
      75: { ours: '=', why: COMPOSER_ADDS_ZEROS.why },
    },
  },
  {
    file: 'packagist-versions-generated.txt',
    ecosystem: 'composer',
    refused: {
      why: "Composer's VersionParser refuses PEP 440 forms (.post1, .dev100) and a word that is no stability",
      versions: [
        '0.0.1-test1',
        '3.0.0b1.post1',
        '3.0.0b1.post2',
        '3.0.0b2.post1',
        '3.0.0b2.post2',
        '3.1.0.post1',
        '3.2.0rc1.post1',
        '3.5.0.post1',
        '3.5.2.post1',
        '1.5.1.dev100',
        '1.5.1.dev101',
      ],
    },
    differs: {
      1256: COMPOSER_ADDS_ZEROS,
      1262: COMPOSER_ADDS_ZEROS,
      8210: COMPOSER_ADDS_ZEROS,
      8245: COMPOSER_ADDS_ZEROS,
      8251: COMPOSER_ADDS_ZEROS,
      1278: {
        ours: '>',
        why: 'Composer normalizes both (4.0.0.0-beta4, 4.0.0.0-alpha): a beta is newer than an alpha',
      },
      5133: COMPOSER_STABILITY_CASE('<'),
      5134: COMPOSER_STABILITY_CASE('>'),
      5135: COMPOSER_STABILITY_CASE('<'),
      5313: { ours: '>', why: 'Composer reads -stable as the release itself, newer than its betas' },
    },
  },
  {
    file: 'pub-versions.txt',
    ecosystem: 'pub',
    refused: {
      why: "pub parses version numbers into Dart's 64-bit int and refuses larger ones, and wants three numbers",
      versions: SEMVER_REFUSED.versions,
    },
  },
];

interface Comparison {
  line: number;
  a: string;
  relation: Relation;
  b: string;
}

function readOracle(file: string): Comparison[] {
  const text = readFileSync(corpusPath('osv-scalibr', 'semantic', 'testdata', file), 'utf8');
  const out: Comparison[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) return;
    const match = /^(.*?) ([<=>]) (.*)$/.exec(line);
    if (match === null) throw new Error(`${file}:${i + 1}: not a comparison: ${line}`);
    out.push({ line: i + 1, a: match[1]!, relation: match[2] as Relation, b: match[3]! });
  });
  return out;
}

const SIGN: Record<Relation, number> = { '<': -1, '=': 0, '>': 1 };
const show = (order: number | undefined) =>
  order === undefined ? 'unordered' : (['<', '=', '>'][order + 1] ?? String(order));

/** What is wrong with the ordering of one oracle's comparisons (up to 20), each naming its file and line. */
function wrongOrders(c: OracleCase): string[] {
  const refused = new Set(c.refused?.versions ?? []);
  const differs = c.differs ?? {};
  const wrong: string[] = [];
  for (const { line, a, relation, b } of readOracle(c.file)) {
    const difference = differs[line];
    const want =
      difference !== undefined
        ? SIGN[difference.ours]
        : refused.has(a) || refused.has(b)
          ? undefined
          : SIGN[relation];
    const got = compareVersions(c.ecosystem, a, b);
    const back = compareVersions(c.ecosystem, b, a);
    const wantBack = want === undefined ? undefined : want === 0 ? 0 : -want;
    if (got !== want || back !== wantBack)
      wrong.push(
        `${c.file}:${line}: ${a} ${relation} ${b}: want ${show(want)}, got ${show(got)} (reversed ${show(back)})`,
      );
  }
  return wrong.slice(0, 20);
}

/** The differences listed for one oracle that are not comparisons of its file or no longer differ. */
function staleDifferences(c: OracleCase): string[] {
  const lines = new Map(readOracle(c.file).map((comparison) => [comparison.line, comparison]));
  const stale: string[] = [];
  for (const [line, difference] of Object.entries(c.differs ?? {})) {
    const comparison = lines.get(Number(line));
    if (comparison === undefined) stale.push(`${c.file}:${line} is not a comparison`);
    else if (difference.ours === comparison.relation)
      stale.push(`${c.file}:${line} no longer differs from the oracle (${comparison.relation})`);
  }
  return stale;
}

// One test over all the oracles, naming every file and line that failed: a test per oracle would make
// the tests a fresh clone runs look few.
describe(`the ${CASES.length} osv-scalibr oracles, each read as its ecosystem`, () => {
  it("order their comparisons as the ecosystem's own tool does, both ways round", () => {
    expect(CASES.flatMap((c) => wrongOrders(c))).toEqual([]);
  });

  it('list only differences that are comparisons of the file and still differ from the oracle', () => {
    expect(CASES.flatMap((c) => staleDifferences(c))).toEqual([]);
  });

  it('each hold comparisons', () => {
    expect(CASES.filter((c) => readOracle(c.file).length === 0).map((c) => c.file)).toEqual([]);
  });
});

describe('the refusals listed for the oracles', () => {
  const refusals = new Map<Refusal, OracleCase[]>();
  for (const c of CASES) if (c.refused) refusals.set(c.refused, [...(refusals.get(c.refused) ?? []), c]);

  it.each([...refusals].map(([refusal, cases]) => [refusal.why.slice(0, 60), refusal, cases] as const))(
    'name versions the oracles hold and the ecosystem refuses: %s…',
    (_why, refusal, cases) => {
      const held = new Set(cases.flatMap((c) => readOracle(c.file).flatMap(({ a, b }) => [a, b])));
      expect(refusal.versions.filter((v) => !held.has(v))).toEqual([]);
      for (const c of cases)
        expect(refusal.versions.filter((v) => isValidVersion(c.ecosystem, v))).toEqual([]);
    },
  );
});
