import { makeOrder } from './make-order.js';

/** A version part: a number (a bigint only past 2^53, so equal numbers are `===`) or a word. */
export type Segment = number | bigint | string;

const GEM_VERSION = /^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * RubyGems ordering, as `Gem::Version#<=>` compares versions. A `-` starts a pre-release (`1.0-rc1` is
 * `1.0.pre.rc1`); numbers and words split apart (`1.0a1` is `1 0 a 1`); trailing zeros of the numbers
 * and of the rest do not count (`1.0` = `1`, `1.0.a.0` = `1.0.a`); a missing part is 0; a word is older
 * than any number (`1.0.a` < `1.0`), words compare byte by byte (`B` < `a`), numbers by value of any size.
 * Written out here because @renovatebot/ruby-semver compares words by locale and numbers as doubles.
 * Gem::Version reads a blank string as `0`; we refuse it, since a blank version in a lockfile means none.
 */
export const compareRubygems = makeOrder(parseGem, (a, b) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x === y) continue;
    const xWord = typeof x === 'string';
    if (xWord !== (typeof y === 'string')) return xWord ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
});

function parseGem(version: string): Segment[] | undefined {
  if (!GEM_VERSION.test(version)) return undefined;
  const segments = segmentsOf(version.replace(/-/g, '.pre.'));
  // Gem::Version#canonical_segments: drop trailing zeros of the leading numbers and of the rest.
  let words = segments.findIndex((s) => typeof s === 'string');
  if (words === -1) words = segments.length;
  const release = segments.slice(0, words);
  const rest = segments.slice(words);
  while (release.length > 0 && release[release.length - 1] === 0) release.pop();
  while (rest.length > 0 && rest[rest.length - 1] === 0) rest.pop();
  return release.concat(rest);
}

/** The numbers and words of a version, as Ruby's `scan(/[0-9]+|[a-z]+/i)` finds them. */
export function segmentsOf(version: string): Segment[] {
  return (version.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => {
    if (!/^[0-9]/.test(s)) return s;
    if (s.length < 16) return Number(s);
    const value = BigInt(s);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  });
}
