import semver from 'semver';

/**
 * SemVer 2 ordering (npm, cargo, hex, swiftpm, pub, cocoapods). Lenient about a leading `v` or `=` and
 * surrounding spaces (npm's loose mode); pre-releases order below their release; build metadata is
 * ignored for order.
 */
export function parseSemver(version: string): semver.SemVer | undefined {
  return semver.parse(version.trim(), { loose: true }) ?? undefined;
}

export function compareSemver(a: string, b: string): number | undefined {
  const x = parseSemver(a);
  const y = parseSemver(b);
  return x === undefined || y === undefined ? undefined : x.compare(y);
}
