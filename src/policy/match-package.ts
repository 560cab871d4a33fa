import type { WirePackageFilter } from '../core/index.js';
import { compareVersions, parseBound, parseEcosystem, satisfiesBound } from '../domain/index.js';

/** What a package filter looks at: the name, the version and the ecosystem whose ordering applies. */
export interface MatchablePackage {
  name: string;
  version: string;
  /** The ecosystem's name as the data spells it; one no ordering knows never matches a bound. */
  ecosystem: string;
}

/**
 * Whether a package matches one package filter: the AND of its name, its exact version and its
 * bounds (decisions.md, "Filter semantics"). Empty or absent fields do not constrain (protobuf sends
 * no empty strings, so an empty one reads as unset).
 *
 * - `name`: case-insensitive substring; with `exactNameMatch`, the case-insensitive whole name. npm
 *   names are lowercase, and the other registries treat names case-insensitively (PyPI, NuGet,
 *   Composer) or never publish two names that differ only in case, so case is never a difference.
 * - `exactVersion`: equal by the ecosystem's ordering (`1.0` is `1.0.0` in PyPI and Maven); text
 *   equality when either side cannot be ordered. It takes precedence over the bounds.
 * - `versionLowerBound` / `versionUpperBound`: with their operator (`>=1.2.0`, `>1.2.0`, `<2.0.0`,
 *   `<=2.0.0`); a bare version reads as inclusive. A version or bound that cannot be ordered never
 *   matches, so an unknown version is never taken to be inside (or outside) a range.
 */
export function matchesPackageFilter(pkg: MatchablePackage, filter: WirePackageFilter): boolean {
  return matchesPackageName(pkg.name, filter) && matchesPackageVersion(pkg, filter);
}

function matchesPackageName(name: string, filter: WirePackageFilter): boolean {
  if (filter.name === undefined || filter.name === '') return true;
  const want = filter.name.toLowerCase();
  const have = name.toLowerCase();
  return filter.exactNameMatch === true ? have === want : have.includes(want);
}

function matchesPackageVersion(pkg: MatchablePackage, filter: WirePackageFilter): boolean {
  // The platform answers a version it cannot place as no match.
  return packageVersionMatch(pkg, filter) === true;
}

/**
 * A filter's version fields against a package: `exactVersion` (equal by the ecosystem's ordering, text
 * equality when either side cannot be ordered; it takes precedence), then each bound with its operator.
 * `'unknown'` when a bound cannot be decided: the ecosystem is unknown or cannot order the version.
 */
export function packageVersionMatch(
  pkg: MatchablePackage,
  filter: Pick<WirePackageFilter, 'exactVersion' | 'versionLowerBound' | 'versionUpperBound'>,
): boolean | 'unknown' {
  const ecosystem = parseEcosystem(pkg.ecosystem);
  if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
    const order =
      ecosystem === undefined ? undefined : compareVersions(ecosystem, pkg.version, filter.exactVersion);
    return order === undefined ? pkg.version === filter.exactVersion : order === 0;
  }
  for (const [text, bare] of [
    [filter.versionLowerBound, '>='],
    [filter.versionUpperBound, '<='],
  ] as const) {
    if (text === undefined || text === '') continue;
    const bound = parseBound(text, bare);
    const inside =
      bound === undefined || ecosystem === undefined
        ? undefined
        : satisfiesBound(ecosystem, pkg.version, bound);
    if (inside === undefined) return 'unknown';
    if (!inside) return false;
  }
  return true;
}
