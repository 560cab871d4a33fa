import { TRANSITIVITY, type WireDependencyFilter, type WirePackageFilter } from '../core/index.js';
import { ECOSYSTEMS } from '../domain/index.js';
import { matchesDependencyFilter, type MatchableDependency } from '../policy/index.js';
import { matchesPackageFilter } from '../policy/index.js';
import { type DependencyIndex, NO_REPOSITORY } from './dependency-index.js';

/** Whether the dependency at a position of the index matches. */
export type PositionMatcher = (position: number) => boolean;

const UNKNOWN = 0;
const NO = 1;
const YES = 2;

/**
 * A yes/no per distinct value of a column, decided by `decide` the first time a dependency with that
 * value is looked at and remembered after: a page through a few hundred dependencies decides a few
 * hundred values, and a full scan at most every distinct value once.
 */
function memo<T>(values: readonly T[], decide: (value: T) => boolean): (id: number) => boolean {
  const answers = new Uint8Array(values.length);
  return (id) => {
    let answer = answers[id]!;
    if (answer === UNKNOWN) answers[id] = answer = decide(values[id]!) ? YES : NO;
    return answer === YES;
  };
}

/**
 * Asks the shared policy module about one field at a time: a dependency that no other field refuses,
 * with this field's value, against a filter of that field alone. One object, reused.
 */
function createAsker(filter: WireDependencyFilter) {
  const scratch: MatchableDependency = {
    name: '',
    version: '',
    ecosystem: ECOSYSTEMS[0],
    licenses: [],
    lockfilePath: '',
    repositoryId: '',
    transitivity: 'direct',
    archived: false,
  };
  return <K extends keyof WireDependencyFilter, D extends keyof MatchableDependency>(
    field: K,
    depField: D,
  ): ((value: MatchableDependency[D]) => boolean) => {
    const part: WireDependencyFilter = { [field]: filter[field] };
    // includeArchived is decided with the repository, whose archived flag is the only one that counts.
    if (field !== 'includeArchived') part.includeArchived = true;
    return (value) => {
      const saved = scratch[depField];
      scratch[depField] = value;
      const answer = matchesDependencyFilter(scratch, part);
      scratch[depField] = saved;
      return answer;
    };
  };
}

/**
 * Compiles a filter into a matcher over the index's columns. Each top-level field depends on one
 * column only (they combine with AND), so it is decided once per distinct value of that column by
 * `matchesDependencyFilter` itself, given a filter of that field alone: the semantics stay in
 * src/policy, and a scan reads remembered answers. Package filters (an OR of ANDs of a name test and
 * a version test) become bit masks per distinct name and version: a dependency matches when its two
 * masks share a bit. A property test holds this equal to `matchesDependencyFilter` on every dependency.
 */
export function compileFilter(index: DependencyIndex, filter: WireDependencyFilter): PositionMatcher {
  const ask = createAsker(filter);
  const repositoryAllowed = ((askArchived, askId) =>
    memo(index.repositories, (r) => askArchived(r.archived) && askId(r.id)))(
    ask('includeArchived', 'archived'),
    ask('repositoryId', 'repositoryId'),
  );
  const checks: [column: ArrayLike<number>, allowed: (id: number) => boolean][] = [];
  if (filter.name !== undefined) checks.push([index.name, memo(index.names, ask('name', 'name'))]);
  if (filter.version !== undefined) {
    const askVersion = ask('version', 'version');
    checks.push([index.version, memo(index.versions, (v) => askVersion(v.version))]);
  }
  if (filter.lockfilePath !== undefined)
    checks.push([index.lockfilePath, memo(index.lockfilePaths, ask('lockfilePath', 'lockfilePath'))]);
  if (filter.license !== undefined)
    checks.push([index.licenses, memo(index.licenseSets, ask('license', 'licenses'))]);
  if (filter.ecosystem !== undefined)
    checks.push([index.ecosystem, memo(index.ecosystems, ask('ecosystem', 'ecosystem'))]);
  if (filter.transitivity !== undefined)
    checks.push([
      index.transitivity,
      // The dataset keeps the wire's spelling; the policy module speaks the domain's.
      memo(
        index.transitivities.map((t) => TRANSITIVITY[t]),
        ask('transitivity', 'transitivity'),
      ),
    ]);
  const packages =
    filter.packageFilters === undefined || filter.packageFilters.length === 0
      ? undefined
      : compilePackageFilters(index, filter.packageFilters);

  const repositoryColumn = index.repository;
  return (position) => {
    const repository = repositoryColumn[position]!;
    if (repository === NO_REPOSITORY || !repositoryAllowed(repository)) return false;
    for (const [column, allowed] of checks) if (!allowed(column[position]!)) return false;
    return packages === undefined || packages(position);
  };
}

/** Bit masks, 32 filters to a word: which filters a name passes, which a version passes. */
function compilePackageFilters(
  index: DependencyIndex,
  filters: readonly WirePackageFilter[],
): PositionMatcher {
  const words = Math.ceil(filters.length / 32);
  // The name half and the version half of each filter, asked apart (they AND within a filter).
  const nameParts = filters.map((p): WirePackageFilter => ({
    name: p.name,
    exactNameMatch: p.exactNameMatch,
  }));
  const versionParts = filters.map((p): WirePackageFilter => ({
    exactVersion: p.exactVersion,
    versionLowerBound: p.versionLowerBound,
    versionUpperBound: p.versionUpperBound,
  }));
  const nameMasks = createMasks(index.names, words, filters.length, (name, f) =>
    matchesPackageFilter({ name, version: '', ecosystem: '' }, nameParts[f]!),
  );
  const versionMasks = createMasks(index.versions, words, filters.length, (v, f) =>
    matchesPackageFilter({ name: '', ...v }, versionParts[f]!),
  );
  const names = index.name;
  const versions = index.version;
  return (position) => {
    const n = nameMasks.at(names[position]!);
    const v = versionMasks.at(versions[position]!);
    for (let w = 0; w < words; w++)
      if ((nameMasks.bits[n + w]! & versionMasks.bits[v + w]!) !== 0) return true;
    return false;
  };
}

/** Per distinct value, `words` words of bits (bit f: it passes filter f), filled on first use. */
function createMasks<T>(
  values: readonly T[],
  words: number,
  filters: number,
  passes: (value: T, filter: number) => boolean,
): { bits: Uint32Array; at: (id: number) => number } {
  const bits = new Uint32Array(values.length * words);
  const known = new Uint8Array(values.length);
  return {
    bits,
    at: (id) => {
      const at = id * words;
      if (known[id] === 0) {
        known[id] = 1;
        for (let f = 0; f < filters; f++) if (passes(values[id]!, f)) bits[at + (f >>> 5)]! |= 1 << (f & 31);
      }
      return at;
    },
  };
}
