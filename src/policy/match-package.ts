import type { WirePackageFilter } from '../core/index.js';
import { parseEcosystem, type PackageVersion } from '../domain/index.js';
import { matchesPackage, type NameEquality } from './match-rule.js';

/**
 * What a platform package filter looks at: a package version as the platform's data has it, its
 * ecosystem in the platform's spelling (read case-insensitively, with the usual other names; one no
 * ordering knows never matches a bound). The platform's side of the one matcher, not a second model.
 */
export type MatchablePackage = Omit<PackageVersion, 'ecosystem'> & { ecosystem: string };

/**
 * The platform compares whole names without regard to case and nothing else: npm names are lowercase,
 * and the other registries treat names case-insensitively (PyPI, NuGet, Composer) or never publish two
 * names that differ only in case. (The gate asks for every spelling its ecosystem takes for a name.)
 */
const sameIgnoringCase: NameEquality = (pkg, name) => pkg.name.toLowerCase() === name.toLowerCase();

/**
 * Whether a package matches one of the platform's package filters: the one package matcher
 * (`matchesPackage`) as the platform and the emulator apply it: names compared without regard to case,
 * and a version it cannot place answered as no match, so an unknown version is never taken to be
 * inside (or outside) a range.
 */
export function matchesPackageFilter(pkg: MatchablePackage, filter: WirePackageFilter): boolean {
  const known = { name: pkg.name, version: pkg.version, ecosystem: parseEcosystem(pkg.ecosystem) };
  return matchesPackage(known, filter, sameIgnoringCase) === true;
}
