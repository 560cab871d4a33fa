import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ECOSYSTEMS, type Ecosystem } from '../../../src/lockfiles/types.js';
import { compareVersions, isValidVersion } from '../../../src/domain/versions/index.js';

/** Texts built from the pieces versions are made of, so that most are versions in some ecosystem. */
const versionLike = fc
  .tuple(
    fc.constantFrom('', '', '', 'v', 'V', '='),
    fc.array(
      fc.tuple(
        fc.oneof(
          fc.nat({ max: 12 }).map(String),
          fc.constantFrom('0', '00', '01', '10', '20240101', '99999999999999999999'),
          fc.constantFrom(
            'alpha',
            'beta',
            'rc',
            'RC',
            'dev',
            'pre',
            'post',
            'a',
            'b',
            'p',
            'pl',
            'SNAPSHOT',
            'Final',
            'ga',
            'sp',
            'x',
            'stable',
          ),
        ),
        fc.constantFrom('.', '.', '.', '-', '+', '_', ''),
      ),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(
    ([prefix, parts]) =>
      prefix +
      parts
        .map(([part, separator]) => part + separator)
        .join('')
        .replace(/[-.+_]$/, ''),
  );

const RUNS = { numRuns: 150 };

describe.each(ECOSYSTEMS.map((e) => [e] as const))('the %s ordering', (ecosystem: Ecosystem) => {
  it('never throws, answers -1, 0, 1 or undefined, and is undefined exactly when a version is refused', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), versionLike), versionLike, (a, b) => {
        const order = compareVersions(ecosystem, a, b);
        expect([-1, 0, 1, undefined]).toContain(order);
        expect(order === undefined).toBe(!isValidVersion(ecosystem, a) || !isValidVersion(ecosystem, b));
      }),
      RUNS,
    );
  });

  it('orders every version equal to itself and each pair the same both ways round', () => {
    fc.assert(
      fc.property(versionLike, versionLike, (a, b) => {
        if (isValidVersion(ecosystem, a)) expect(compareVersions(ecosystem, a, a)).toBe(0);
        const there = compareVersions(ecosystem, a, b);
        const back = compareVersions(ecosystem, b, a);
        expect(there === undefined ? back : there + (back ?? NaN)).toBe(there === undefined ? undefined : 0);
      }),
      RUNS,
    );
  });
});

// Maven's own ComparableVersion is not transitive, so neither is a faithful port of it: see below.
describe.each(ECOSYSTEMS.filter((e) => e !== 'maven').map((e) => [e] as const))(
  'the %s ordering',
  (ecosystem: Ecosystem) => {
    it('is transitive: sorting any versions leaves no pair out of order', () => {
      fc.assert(
        fc.property(fc.array(versionLike, { minLength: 2, maxLength: 12 }), (texts) => {
          const sorted = texts
            .filter((v) => isValidVersion(ecosystem, v))
            .sort((a, b) => compareVersions(ecosystem, a, b)!);
          for (let i = 0; i < sorted.length; i++)
            for (let j = i + 1; j < sorted.length; j++)
              expect(
                compareVersions(ecosystem, sorted[i]!, sorted[j]!),
                `${sorted[i]} vs ${sorted[j]}`,
              ).toBeLessThanOrEqual(0);
        }),
        RUNS,
      );
    });
  },
);

describe('the maven ordering', () => {
  // Each cycle as Maven 3.9.16's ComparableVersion answers it: a < b, b < c, and yet a > c.
  it.each([
    ['0.alpha.0', '0', 'v0'],
    ['10', '10.dev', '10-0.alpha'],
  ])(
    'follows Maven where Maven is not transitive: %s < %s < %s, and yet the first is newer than the last',
    (a, b, c) => {
      expect([
        compareVersions('maven', a, b),
        compareVersions('maven', b, c),
        compareVersions('maven', a, c),
      ]).toEqual([-1, -1, 1]);
    },
  );
});

describe('the ordering of data from outside', () => {
  it('answers undefined for values that are not strings and for ecosystems it does not know', () => {
    for (const value of [undefined, null, 1, {}, ['1.0.0']] as unknown as string[]) {
      expect(compareVersions('npm', value, '1.0.0')).toBeUndefined();
      expect(isValidVersion('maven', value)).toBe(false);
    }
    for (const name of ['rubygems', 'constructor', '__proto__', 'toString'] as unknown as Ecosystem[])
      expect(compareVersions(name, '1.0.0', '1.0.0')).toBeUndefined();
  });

  it('refuses texts too long to be versions', () => {
    expect(isValidVersion('maven', `1.${'0'.repeat(300)}`)).toBe(false);
  });

  it('answers the same after parsing far more distinct versions than its cache holds', () => {
    const first = ['1.0.0-rc.1', '1.0.0', '1.0.1'];
    const before = [
      compareVersions('npm', first[0]!, first[1]!),
      compareVersions('npm', first[1]!, first[2]!),
    ];
    for (let i = 0; i < 20_000; i++) compareVersions('npm', `2.${i}.0`, `2.${i}.1`);
    expect([
      compareVersions('npm', first[0]!, first[1]!),
      compareVersions('npm', first[1]!, first[2]!),
    ]).toEqual(before);
    expect(before).toEqual([-1, -1]);
  });
});
