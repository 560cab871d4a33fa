import { TRANSITIVITY, type WireDependencyFilter } from '../core/index.js';
import { licenseIds, type PackageDependency } from '../domain/index.js';
import { matchesPackageFilter } from './match-package.js';

/** What dependency-filter matching needs to know of a dependency: the domain's, and where it is. */
export interface MatchableDependency extends PackageDependency {
  /** SPDX ids; an entry may also be an SPDX expression (`MIT OR Apache-2.0`), whose ids all count. */
  licenses: readonly string[];
  lockfilePath: string;
  repositoryId: string;
  /** Whether the dependency's repository is archived. */
  archived: boolean;
}

const isSet = (text: string | undefined): text is string => text !== undefined && text !== '';
const isAny = <T>(list: readonly T[] | undefined): list is readonly T[] =>
  list !== undefined && list.length > 0;

/**
 * Whether a dependency matches a dependency filter (decisions.md, "Filter semantics"): the top-level
 * fields combine with AND, each array field matches any of its values, and `packageFilters` match when
 * any one of them does (see `matchesPackageFilter`). Empty strings and empty arrays do not constrain.
 *
 * - `name`: case-insensitive substring. `version`: the exact text. `lockfilePath`: the exact path.
 * - `license`: any of, as SPDX ids, case-insensitively. `repositoryId`: any of (numbers or strings).
 * - `ecosystem`: any of, case-insensitively. `transitivity`: any of.
 * - `includeArchived`: dependencies of archived repositories match only when it is true; then they
 *   match as well as the others (the real service was seen to return only archived ones).
 */
export function matchesDependencyFilter(dep: MatchableDependency, filter: WireDependencyFilter): boolean {
  if (dep.archived && filter.includeArchived !== true) return false;
  if (isSet(filter.name) && !dep.name.toLowerCase().includes(filter.name.toLowerCase())) return false;
  if (isSet(filter.version) && dep.version !== filter.version) return false;
  if (isSet(filter.lockfilePath) && dep.lockfilePath !== filter.lockfilePath) return false;
  if (isAny(filter.license)) {
    const have = new Set(licenseIds(dep.licenses));
    if (!filter.license.some((id) => have.has(id.toLowerCase()))) return false;
  }
  if (isAny(filter.repositoryId) && !filter.repositoryId.some((id) => String(id) === dep.repositoryId))
    return false;
  if (isAny(filter.ecosystem)) {
    const ecosystem = dep.ecosystem.toLowerCase();
    if (!filter.ecosystem.some((e) => e.toLowerCase() === ecosystem)) return false;
  }
  if (isAny(filter.transitivity) && !filter.transitivity.some((t) => TRANSITIVITY[t] === dep.transitivity))
    return false;
  if (isAny(filter.packageFilters) && !filter.packageFilters.some((p) => matchesPackageFilter(dep, p)))
    return false;
  return true;
}
