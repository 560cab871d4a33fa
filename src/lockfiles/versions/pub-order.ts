import { parseSemver } from './semver-order.js';

/**
 * Dart's pub ordering: SemVer, except that build metadata counts (pub_semver orders `1.0.0` below
 * `1.0.0+1`): build parts compare like pre-release parts, numbers below words.
 */
export function comparePub(a: string, b: string): number | undefined {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (x === undefined || y === undefined) return undefined;
  const order = x.compare(y);
  if (order !== 0) return order;
  return compareBuild(x.build, y.build);
}

function compareBuild(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? -1 : 1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const l = a[i];
    const r = b[i];
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    const ln = /^\d+$/.test(l);
    const rn = /^\d+$/.test(r);
    if (ln && rn && l !== r) return Number(l) < Number(r) ? -1 : 1;
    if (ln !== rn) return ln ? -1 : 1;
    if (l !== r) return l < r ? -1 : 1;
  }
  return 0;
}
