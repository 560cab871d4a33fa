import type { WireDependencyFilter } from '../core/wire.js';
import { parseBound } from '../lockfiles/versions/index.js';

export interface FilterProblem {
  field: string;
  message: string;
}

const TRANSITIVITIES = new Set(['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY']);

/**
 * Checks a dependency filter as it arrived over the wire (camelCase or snake_case keys) and returns it
 * in camelCase with every problem found, each naming its field path.
 */
export function validateDependencyFilter(
  value: unknown,
  path = 'dependencyFilter',
): { filter: WireDependencyFilter; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const filter: WireDependencyFilter = {};
  if (value === undefined || value === null) return { filter, problems };
  if (typeof value !== 'object' || Array.isArray(value))
    return { filter, problems: [{ field: path, message: 'must be an object' }] };
  const obj = value as Record<string, unknown>;
  const get = (camel: string, snake: string): unknown => (obj[camel] !== undefined ? obj[camel] : obj[snake]);
  const str = (camel: string, snake: string): string | undefined => {
    const v = get(camel, snake);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') problems.push({ field: `${path}.${camel}`, message: 'must be a string' });
    return typeof v === 'string' ? v : undefined;
  };
  const strArray = (camel: string, snake: string, allowNumbers = false): (string | number)[] | undefined => {
    const v = get(camel, snake);
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) {
      problems.push({ field: `${path}.${camel}`, message: 'must be an array' });
      return undefined;
    }
    const out: (string | number)[] = [];
    v.forEach((item: unknown, i) => {
      if (
        typeof item === 'string' ||
        (allowNumbers && typeof item === 'number' && Number.isInteger(item) && item >= 0)
      )
        out.push(item);
      else
        problems.push({
          field: `${path}.${camel}[${i}]`,
          message: allowNumbers ? 'must be an id' : 'must be a string',
        });
    });
    return out;
  };

  const includeArchived = get('includeArchived', 'include_archived');
  if (includeArchived !== undefined && includeArchived !== null) {
    if (typeof includeArchived !== 'boolean')
      problems.push({ field: `${path}.includeArchived`, message: 'must be a boolean' });
    else filter.includeArchived = includeArchived;
  }
  const name = str('name', 'name');
  if (name !== undefined) filter.name = name;
  const version = str('version', 'version');
  if (version !== undefined) filter.version = version;
  const lockfilePath = str('lockfilePath', 'lockfile_path');
  if (lockfilePath !== undefined) filter.lockfilePath = lockfilePath;
  const license = strArray('license', 'license');
  if (license !== undefined) filter.license = license as string[];
  const repositoryId = strArray('repositoryId', 'repository_id', true);
  if (repositoryId !== undefined) {
    repositoryId.forEach((id, i) => {
      if (typeof id === 'string' && !/^\d+$/.test(id))
        problems.push({ field: `${path}.repositoryId[${i}]`, message: 'must be a numeric id' });
    });
    filter.repositoryId = repositoryId;
  }
  const ecosystem = strArray('ecosystem', 'ecosystem');
  if (ecosystem !== undefined) filter.ecosystem = ecosystem as string[];
  const transitivity = strArray('transitivity', 'transitivity');
  if (transitivity !== undefined) {
    transitivity.forEach((t, i) => {
      if (!TRANSITIVITIES.has(String(t)))
        problems.push({
          field: `${path}.transitivity[${i}]`,
          message: 'must be DIRECT, TRANSITIVE or UNKNOWN_TRANSITIVITY',
        });
    });
    filter.transitivity = transitivity as WireDependencyFilter['transitivity'];
  }
  const packageFilters = get('packageFilters', 'package_filters');
  if (packageFilters !== undefined && packageFilters !== null) {
    if (!Array.isArray(packageFilters))
      problems.push({ field: `${path}.packageFilters`, message: 'must be an array' });
    else {
      filter.packageFilters = [];
      packageFilters.forEach((pf: unknown, i) => {
        const at = `${path}.packageFilters[${i}]`;
        if (typeof pf !== 'object' || pf === null || Array.isArray(pf)) {
          problems.push({ field: at, message: 'must be an object' });
          return;
        }
        const p = pf as Record<string, unknown>;
        const pick = (camel: string, snake: string) => (p[camel] !== undefined ? p[camel] : p[snake]);
        const out: NonNullable<WireDependencyFilter['packageFilters']>[number] = {};
        for (const [camel, snake] of [
          ['name', 'name'],
          ['exactVersion', 'exact_version'],
          ['versionLowerBound', 'version_lower_bound'],
          ['versionUpperBound', 'version_upper_bound'],
        ] as const) {
          const v = pick(camel, snake);
          if (v === undefined || v === null) continue;
          if (typeof v !== 'string') problems.push({ field: `${at}.${camel}`, message: 'must be a string' });
          else out[camel] = v;
        }
        const exact = pick('exactNameMatch', 'exact_name_match');
        if (exact !== undefined && exact !== null) {
          if (typeof exact !== 'boolean')
            problems.push({ field: `${at}.exactNameMatch`, message: 'must be a boolean' });
          else out.exactNameMatch = exact;
        }
        if (out.versionLowerBound !== undefined && out.versionLowerBound !== '') {
          const b = parseBound(out.versionLowerBound, '>=');
          if (b === undefined || (b.operator !== '>=' && b.operator !== '>'))
            problems.push({ field: `${at}.versionLowerBound`, message: 'must be a version with >= or >' });
        }
        if (out.versionUpperBound !== undefined && out.versionUpperBound !== '') {
          const b = parseBound(out.versionUpperBound, '<=');
          if (b === undefined || (b.operator !== '<=' && b.operator !== '<'))
            problems.push({ field: `${at}.versionUpperBound`, message: 'must be a version with <= or <' });
        }
        filter.packageFilters!.push(out);
      });
    }
  }
  return { filter, problems };
}
