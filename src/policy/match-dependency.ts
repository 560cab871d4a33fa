import type { WireDependencyFilter, WirePackageFilter, WireTransitivity } from '../core/wire.js';
import { ECOSYSTEMS, type Ecosystem } from '../lockfiles/types.js';
import { compareVersions, parseBound, satisfiesBound } from '../lockfiles/versions/index.js';

/** What filter matching needs to know of a dependency; the emulator and the gate both map to it. */
export interface MatchableDependency {
  name: string;
  version: string;
  ecosystem: string;
  licenses: readonly string[];
  lockfilePath: string;
  repositoryId: string;
  transitivity: WireTransitivity;
  archived: boolean;
}

const KNOWN: ReadonlySet<string> = new Set(ECOSYSTEMS);
const asEcosystem = (value: string): Ecosystem => (KNOWN.has(value) ? (value as Ecosystem) : 'npm');

/**
 * One package filter: AND of its name (case-insensitive substring, or case-insensitive whole name with
 * `exactNameMatch`), `exactVersion` (which takes precedence over the bounds) and the bounds. A version
 * that cannot be ordered never matches a bound.
 */
export function matchesPackageFilter(
  dep: Pick<MatchableDependency, 'name' | 'version' | 'ecosystem'>,
  filter: WirePackageFilter,
): boolean {
  if (filter.name !== undefined && filter.name !== '') {
    const want = filter.name.toLowerCase();
    const have = dep.name.toLowerCase();
    if (filter.exactNameMatch === true ? have !== want : !have.includes(want)) return false;
  }
  if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
    const order = compareVersions(asEcosystem(dep.ecosystem), dep.version, filter.exactVersion);
    return order === undefined ? dep.version === filter.exactVersion : order === 0;
  }
  for (const [text, fallback] of [
    [filter.versionLowerBound, '>='],
    [filter.versionUpperBound, '<='],
  ] as const) {
    if (text === undefined || text === '') continue;
    const bound = parseBound(text, fallback);
    if (bound === undefined) return false;
    if (satisfiesBound(asEcosystem(dep.ecosystem), dep.version, bound) !== true) return false;
  }
  return true;
}

/**
 * A whole dependency filter: top-level fields combine with AND, array fields match any of their values,
 * and `packageFilters` match when any one filter matches (decisions.md, "Filter semantics").
 */
export function matchesDependencyFilter(dep: MatchableDependency, filter: WireDependencyFilter): boolean {
  if (dep.archived && filter.includeArchived !== true) return false;
  if (
    filter.name !== undefined &&
    filter.name !== '' &&
    !dep.name.toLowerCase().includes(filter.name.toLowerCase())
  )
    return false;
  if (filter.version !== undefined && filter.version !== '' && dep.version !== filter.version) return false;
  if (
    filter.lockfilePath !== undefined &&
    filter.lockfilePath !== '' &&
    dep.lockfilePath !== filter.lockfilePath
  )
    return false;
  if (filter.license !== undefined && filter.license.length > 0) {
    const wanted = new Set(filter.license.map((l) => l.toLowerCase()));
    if (!dep.licenses.some((l) => wanted.has(l.toLowerCase()))) return false;
  }
  if (
    filter.repositoryId !== undefined &&
    filter.repositoryId.length > 0 &&
    !filter.repositoryId.some((id) => String(id) === dep.repositoryId)
  ) {
    return false;
  }
  if (
    filter.ecosystem !== undefined &&
    filter.ecosystem.length > 0 &&
    !filter.ecosystem.some((e) => e.toLowerCase() === dep.ecosystem)
  )
    return false;
  if (
    filter.transitivity !== undefined &&
    filter.transitivity.length > 0 &&
    !filter.transitivity.includes(dep.transitivity)
  )
    return false;
  if (
    filter.packageFilters !== undefined &&
    filter.packageFilters.length > 0 &&
    !filter.packageFilters.some((p) => matchesPackageFilter(dep, p))
  ) {
    return false;
  }
  return true;
}
