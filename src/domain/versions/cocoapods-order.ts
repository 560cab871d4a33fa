import { makeOrder } from './make-order.js';
import { segmentsOf, type Segment } from './rubygems-order.js';

interface PodVersion {
  /** The leading numbers, trailing zeros dropped. */
  release: Segment[];
  /** Everything from the first word on. */
  prerelease: Segment[];
}

const POD_VERSION = /^[0-9]+(?:\.[0-9a-zA-Z-]+)*(?:\+[0-9a-zA-Z.-]+)?$/;

/**
 * CocoaPods ordering, as `Pod::Version` compares versions: dot-separated parts (`3.2` and `1.0.2.3` are
 * versions), build metadata after `+` ignored, numbers and words split apart (`1.0.0-beta.11` is
 * `1 0 0 beta 11`). The leading numbers compare with trailing zeros dropped (`1.0` = `1.0.0`); then a
 * version without words is newer than one with (`1.0.0-rc.1` < `1.0.0`), and words compare part by part,
 * numbers below words. CocoaPods breaks ties between equal versions by their text when sorting
 * (`1` before `1.0`); its `==`, `<=` and `>=` do not, and neither do we.
 */
export const compareCocoapods = makeOrder(parsePod, (a, b) => {
  const order = compareSegments(a.release, b.release, false);
  return order !== 0 ? order : compareSegments(a.prerelease, b.prerelease, true);
});

function parsePod(version: string): PodVersion | undefined {
  if (!POD_VERSION.test(version)) return undefined;
  const segments = segmentsOf(version.replace(/\+.*$/, ''));
  let words = segments.findIndex((s) => typeof s === 'string');
  if (words === -1) words = segments.length;
  const release = segments.slice(0, words);
  while (release.length > 0 && release[release.length - 1] === 0) release.pop();
  return { release, prerelease: segments.slice(words) };
}

function compareSegments(a: readonly Segment[], b: readonly Segment[], prerelease: boolean): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    // A missing first pre-release part means no pre-release at all, which is the newer version.
    if (x === undefined) return prerelease && i === 0 ? 1 : -1;
    if (y === undefined) return prerelease && i === 0 ? -1 : 1;
    const xWord = typeof x === 'string';
    if (xWord !== (typeof y === 'string')) return xWord ? 1 : -1;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
