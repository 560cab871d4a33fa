import { describe, expect, it } from 'vitest';
import { OSV_SEED_RECORDS } from '../../src/emulator/osv-seed.js';
import {
  affects,
  bandOfScore,
  cvssBaseScore,
  mergeAdvisories,
  readOsvRecord,
  scoreVector,
  severityOf,
  smallestFix,
  type OsvRecord,
} from '../../src/vulns/index.js';

const seeded = (id: string): OsvRecord =>
  readOsvRecord(
    OSV_SEED_RECORDS.find((r) => r.id === id),
    id,
  );

const record = (id: string, affected: unknown[], extra: Record<string, unknown> = {}): OsvRecord =>
  readOsvRecord({ id, affected, ...extra }, id);
const npm = (ranges: unknown[], versions?: string[]) => ({
  package: { ecosystem: 'npm', name: 'pkg' },
  ranges,
  ...(versions === undefined ? {} : { versions }),
});
const events = (...list: Record<string, string>[]) => ({ type: 'ECOSYSTEM', events: list });

describe('cvssBaseScore', () => {
  // The vectors of the seeded real records, with the base scores NVD publishes for them.
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', 7.2],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H', 9],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N', 5.9],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', 5.3],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N', 2.3],
  ])('scores %s as %d', (vector, score) => {
    expect(cvssBaseScore(vector)).toBe(score);
  });

  it.each([
    'AV:N/AC:L/Au:N/C:P/I:P/A:P',
    'CVSS:3.1/AV:N',
    'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H',
    'CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    'CVSS:5.0/AV:N',
    '9.8',
    '',
  ])('gives no score for %j rather than a zero', (vector) => {
    expect(cvssBaseScore(vector)).toBeUndefined();
  });

  it.each([
    ['CVSS:3.1/AV:N', /the base metrics AC, PR, UI, S, C, I, A are missing/],
    ['CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /the metric AV appears twice/],
    ['CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /AV/],
  ])('says why %s cannot be scored', (vector, why) => {
    const result = scoreVector(vector);
    expect(result !== undefined && 'error' in result ? result.error : '').toMatch(why);
  });

  it('names the record and the vector when a severity entry cannot be scored', () => {
    const broken = record('PYSEC-1', [], { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N' }] });
    expect(severityOf([broken])).toEqual({
      band: 'unknown',
      problems: [
        'PYSEC-1: its CVSS vector CVSS:3.1/AV:N cannot be scored (the base metrics AC, PR, UI, S, C, I, A are missing)',
      ],
    });
  });

  it.each([
    [10, 'critical'],
    [9, 'critical'],
    [8.9, 'high'],
    [7, 'high'],
    [6.9, 'moderate'],
    [4, 'moderate'],
    [3.9, 'low'],
    [0.1, 'low'],
    [0, 'unknown'],
  ] as const)('bands %d as %s', (score, band) => {
    expect(bandOfScore(score)).toBe(band);
  });
});

describe('severityOf', () => {
  it("prefers GHSA's own band to the CVSS score's", () => {
    // GHSA-p6xc-xr62-6r2g: GitHub says HIGH, its vector scores 8.6 (also high); GHSA-29mw-wpgm-hmr9
    // says MODERATE for a 5.3 vector.
    expect(severityOf([seeded('GHSA-29mw-wpgm-hmr9')])).toEqual({
      band: 'moderate',
      score: 5.3,
      problems: [],
    });
    const lowered = record('GHSA-aaaa-bbbb-cccc', [], {
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      database_specific: { severity: 'LOW' },
    });
    expect(severityOf([lowered])).toEqual({ band: 'low', score: 9.8, problems: [] });
  });

  it('bands by the highest CVSS score when no record says a GHSA band', () => {
    const pysec = record('PYSEC-1', [], {
      severity: [
        { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N' },
        { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' },
      ],
    });
    expect(severityOf([pysec])).toEqual({ band: 'critical', score: 9.3, problems: [] });
  });

  it('takes the GHSA band from whichever alias carries it', () => {
    expect(severityOf([seeded('GO-2023-2402'), seeded('GHSA-45x7-px36-x8w8')]).band).toBe('moderate');
  });

  it('says unknown when no record has a band or a readable vector', () => {
    expect(severityOf([seeded('RUSTSEC-2025-0022')])).toEqual({ band: 'unknown', problems: [] });
    const v2 = record('X-1', [], { severity: [{ type: 'CVSS_V2', score: 'AV:N/AC:L/Au:N/C:P/I:P/A:P' }] });
    expect(severityOf([v2])).toEqual({ band: 'unknown', problems: [] });
  });
});

describe('affected ranges and fix versions', () => {
  it.each([
    ['1.0.0', true],
    ['1.4.9', true],
    ['1.5.0', false],
    ['2.0.0', true],
    ['2.0.1', false],
    ['0.9.0', false],
  ])('reads introduced/fixed and introduced/last_affected spans: %s affected %s', (version, want) => {
    const r = record('X-1', [
      npm([
        events(
          { introduced: '1.0.0' },
          { fixed: '1.5.0' },
          { introduced: '2.0.0' },
          { last_affected: '2.0.0' },
        ),
      ]),
    ]);
    expect(affects(r, 'npm', 'pkg', version)).toBe(want);
  });

  it('counts a version named in the versions list even outside every range', () => {
    const r = record('X-1', [npm([], ['0.1.0'])]);
    expect(affects(r, 'npm', 'pkg', '0.1.0')).toBe(true);
    expect(affects(r, 'npm', 'pkg', '0.1.1')).toBe(false);
  });

  it('ignores GIT ranges, withdrawn records and other packages', () => {
    const git = record('X-1', [npm([{ type: 'GIT', events: [{ introduced: '0' }] }])]);
    expect(affects(git, 'npm', 'pkg', '1.0.0')).toBe(false);
    const withdrawn = record('X-2', [npm([events({ introduced: '0' })])], {
      withdrawn: '2024-01-01T00:00:00Z',
    });
    expect(affects(withdrawn, 'npm', 'pkg', '1.0.0')).toBe(false);
    expect(affects(seeded('GHSA-35jh-r3h4-6jhm'), 'npm', 'underscore', '1.0.0')).toBe(false);
    expect(affects(seeded('GHSA-35jh-r3h4-6jhm'), 'pypi', 'lodash', '1.0.0')).toBe(false);
  });

  it('orders by the ecosystem: PyPI pre-releases, Maven qualifiers, Go pseudo-versions', () => {
    expect(affects(seeded('GHSA-8q59-q68h-6hv4'), 'pypi', 'pyyaml', '5.4b2')).toBe(true);
    expect(affects(seeded('GHSA-8q59-q68h-6hv4'), 'pypi', 'pyyaml', '5.4')).toBe(false);
    expect(
      affects(seeded('GHSA-jfh8-c2jp-5v3q'), 'maven', 'org.apache.logging.log4j:log4j-core', '2.15.0-rc1'),
    ).toBe(true);
    expect(
      affects(seeded('GO-2023-2402'), 'gomod', 'golang.org/x/crypto', 'v0.0.0-20231218163308-9d2ee975ef9f'),
    ).toBe(true);
    expect(affects(seeded('GO-2023-2402'), 'gomod', 'golang.org/x/crypto', 'v0.17.0')).toBe(false);
  });

  it("skips a fix that another advisory's range affects again", () => {
    const first = record('X-1', [npm([events({ introduced: '0' }, { fixed: '1.2.0' })])]);
    const second = record('X-2', [npm([events({ introduced: '1.2.0' }, { fixed: '1.3.1' })])]);
    expect(smallestFix([first, second], 'npm', 'pkg', '1.0.0')).toEqual({ version: '1.3.1' });
    const merged = mergeAdvisories([first, second], 'npm', 'pkg', '1.0.0');
    expect(merged?.advisories.map((a) => [a.id, a.fixed])).toEqual([
      ['X-1', '1.2.0'],
      ['X-2', '1.3.1'],
    ]);
    expect(merged?.fix).toBe('1.3.1');
  });

  it("takes the package fix at or above every advisory's own fix", () => {
    // A is not affected at 1.1.0 (between its spans), but its own fix is 2.1.0: the package fix is
    // not the 1.1.0 that B's fix would suggest.
    const a = record('X-A', [
      npm([
        events({ introduced: '0' }, { last_affected: '1.0.0' }, { introduced: '2.0.0' }, { fixed: '2.1.0' }),
      ]),
    ]);
    const b = record('X-B', [npm([events({ introduced: '0' }, { fixed: '1.1.0' })])]);
    const merged = mergeAdvisories([a, b], 'npm', 'pkg', '0.5.0');
    expect(merged?.advisories.map((x) => [x.id, x.fixed])).toEqual([
      ['X-A', '2.1.0'],
      ['X-B', '1.1.0'],
    ]);
    expect(merged?.fix).toBe('2.1.0');
  });

  it('says "after" the last affected version when an advisory names no fix', () => {
    const fixed = record('X-1', [npm([events({ introduced: '0' }, { fixed: '1.2.0' })])]);
    const open = record('X-2', [npm([events({ introduced: '0' }, { last_affected: '9.9.9' })])]);
    const merged = mergeAdvisories([fixed, open], 'npm', 'pkg', '1.0.0');
    expect(merged?.advisories.map((a) => [a.fixed, a.fixedAfter])).toEqual([
      ['1.2.0', undefined],
      [undefined, '9.9.9'],
    ]);
    expect(merged?.fix).toBeUndefined();
    expect(merged?.fixAfter).toBe('9.9.9');
  });

  it('says "after" for the last affected version itself (GHSA-29mw-wpgm-hmr9: lodash.trimend 4.5.1)', () => {
    const r = seeded('GHSA-29mw-wpgm-hmr9');
    expect(smallestFix([r], 'npm', 'lodash.trimend', '4.5.1')).toEqual({ after: '4.5.1' });
    expect(mergeAdvisories([r], 'npm', 'lodash.trimend', '4.5.1')?.fixAfter).toBe('4.5.1');
  });

  it('has no package fix when an advisory is never closed', () => {
    const fixed = record('X-1', [npm([events({ introduced: '0' }, { fixed: '1.2.0' })])]);
    const open = record('X-2', [npm([events({ introduced: '0' })])]);
    const merged = mergeAdvisories([fixed, open], 'npm', 'pkg', '1.0.0');
    expect(merged?.advisories.map((a) => [a.fixed, a.fixedAfter])).toEqual([
      ['1.2.0', undefined],
      [undefined, undefined],
    ]);
    expect(merged?.fix).toBeUndefined();
    expect(merged?.fixAfter).toBeUndefined();
  });

  it('has no "after" fix when a known record\'s range is open right after it', () => {
    const ended = record('X-1', [npm([events({ introduced: '0' }, { last_affected: '1.4.0' })])]);
    const later = record('X-2', [npm([events({ introduced: '1.3.0' }, { fixed: '2.0.0' })])]);
    expect(smallestFix([ended], 'npm', 'pkg', '1.0.0', { known: [ended, later] })).toEqual({
      version: '2.0.0',
    });
    const never = record('X-3', [npm([events({ introduced: '1.3.0' })])]);
    expect(smallestFix([ended], 'npm', 'pkg', '1.0.0', { known: [ended, never] })).toBeUndefined();
    expect(smallestFix([ended], 'npm', 'pkg', '1.0.0')).toEqual({ after: '1.4.0' });
  });

  it('checks the fix against every known record of the package, not only those of this version', () => {
    // 2.0.0 is clear of X-1, but X-2 (which does not affect 1.0.0) was introduced there.
    const first = record('X-1', [npm([events({ introduced: '0' }, { fixed: '2.0.0' })])]);
    const second = record('X-2', [npm([events({ introduced: '2.0.0' }, { fixed: '2.0.3' })])]);
    expect(affects(second, 'npm', 'pkg', '1.0.0')).toBe(false);
    expect(mergeAdvisories([first], 'npm', 'pkg', '1.0.0')?.fix).toBe('2.0.0');
    expect(mergeAdvisories([first], 'npm', 'pkg', '1.0.0', { known: [first, second] })?.fix).toBe('2.0.3');
  });

  it('reads a partial semver bound as npm does (1.0 is 1.0.0), never as "every version"', () => {
    // GHSA-r683-j2x4-v87g (node-fetch) opens a range at "1.0".
    const r = record('GHSA-r683-j2x4-v87g', [
      {
        package: { ecosystem: 'npm', name: 'node-fetch' },
        ranges: [events({ introduced: '1.0' }, { fixed: '3.1.1' })],
      },
      {
        package: { ecosystem: 'npm', name: 'node-fetch' },
        ranges: [events({ introduced: '0' }, { fixed: '2.6.7' })],
      },
    ]);
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    expect(affects(r, 'npm', 'node-fetch', '3.3.2', warn)).toBe(false);
    expect(affects(r, 'npm', 'node-fetch', '3.1.0', warn)).toBe(true);
    expect(smallestFix([r], 'npm', 'node-fetch', '2.6.0')).toEqual({ version: '3.1.1' });
    expect(warnings).toEqual([]);
  });

  it('warns about a bound that is no version and reads it the safe way', () => {
    const badStart = record('X-1', [npm([events({ introduced: 'one' }, { fixed: '2.0.0' })])]);
    const badEnd = record('X-2', [npm([events({ introduced: '1.0.0' }, { fixed: 'two' })])]);
    const warnings = new Set<string>();
    const warn = (m: string) => warnings.add(m);
    expect(affects(badStart, 'npm', 'pkg', '0.5.0', warn)).toBe(true);
    expect(affects(badStart, 'npm', 'pkg', '2.0.0', warn)).toBe(false);
    expect(affects(badEnd, 'npm', 'pkg', '0.5.0', warn)).toBe(false);
    expect(affects(badEnd, 'npm', 'pkg', '9.0.0', warn)).toBe(true);
    expect([...warnings]).toEqual([
      'X-1: the introduced bound "one" of pkg is not a npm version; read as affecting every version below the range\'s fix',
      'X-2: the fixed bound "two" of pkg is not a npm version; read as never fixed in that range',
    ]);
  });

  it('takes the fix of the branch the version is on, not a lower backport', () => {
    // log4j-core 2.14.1: the 2.12.x and 2.3.x backports are below it.
    const r = seeded('GHSA-jfh8-c2jp-5v3q');
    expect(smallestFix([r], 'maven', 'org.apache.logging.log4j:log4j-core', '2.14.1')).toEqual({
      version: '2.15.0',
    });
    expect(smallestFix([r], 'maven', 'org.apache.logging.log4j:log4j-core', '2.11.0')).toEqual({
      version: '2.12.2',
    });
  });
});

describe('readOsvRecord', () => {
  it.each([
    [null, /must be a JSON object/],
    [{ id: '' }, /id must be a non-empty string/],
    [{ id: 'X-1', affected: {} }, /X-1\.affected must be an array/],
    [
      { id: 'X-1', affected: [{ ranges: [{ type: 'ECOSYSTEM', events: [{ fixed: 1 }] }] }] },
      /events\[0\]\.fixed must be a string/,
    ],
    [{ id: 'X-1', aliases: [3] }, /aliases\[0\] must be a string/],
  ])('says what is wrong with %j', (value, message) => {
    expect(() => readOsvRecord(value, 'file.json')).toThrow(message);
  });
});
