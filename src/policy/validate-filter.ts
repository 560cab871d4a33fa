import type { WireDependencyFilter, WirePackageFilter, WireTransitivity } from '../core/index.js';
import { ECOSYSTEMS, parseBound } from '../domain/index.js';

/** One thing wrong with a filter: where (`dependencyFilter.packageFilters[0].name`) and what. */
export interface FilterProblem {
  field: string;
  message: string;
}

const TRANSITIVITIES: readonly WireTransitivity[] = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];
const KNOWN_ECOSYSTEMS: ReadonlySet<string> = new Set(ECOSYSTEMS);
const MAX_UINT64 = 2n ** 64n - 1n;

type Reader = ReturnType<typeof createReader>;

/**
 * Reads fields of one JSON object by their camelCase name or their snake_case one (the real service
 * takes both), records a problem for each wrong one, and remembers which keys it was asked about so
 * that the rest can be reported as unknown.
 */
function createReader(obj: Record<string, unknown>, path: string, problems: FilterProblem[]) {
  const known = new Set<string>();
  const at = (camel: string) => `${path}.${camel}`;
  const problem = (camel: string, message: string) => problems.push({ field: at(camel), message });

  function get(camel: string): unknown {
    const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    known.add(camel).add(snake);
    const a = Object.hasOwn(obj, camel) ? obj[camel] : undefined;
    const b = snake !== camel && Object.hasOwn(obj, snake) ? obj[snake] : undefined;
    if (
      a !== undefined &&
      a !== null &&
      b !== undefined &&
      b !== null &&
      JSON.stringify(a) !== JSON.stringify(b)
    )
      problem(camel, `is given twice, as ${camel} and as ${snake}, with different values`);
    // Protobuf JSON reads null as "unset".
    return a ?? b ?? undefined;
  }

  return {
    problem,
    string(camel: string): string | undefined {
      const v = get(camel);
      if (v === undefined || typeof v === 'string') return v;
      problem(camel, `must be a string, got ${describe(v)}`);
      return undefined;
    },
    boolean(camel: string): boolean | undefined {
      const v = get(camel);
      if (v === undefined || typeof v === 'boolean') return v;
      problem(camel, `must be true or false, got ${describe(v)}`);
      return undefined;
    },
    /** An array whose items `item` checks; it returns undefined for a bad item, after saying why. */
    array<T>(camel: string, item: (value: unknown, field: string) => T | undefined): T[] | undefined {
      const v = get(camel);
      if (v === undefined) return undefined;
      if (!Array.isArray(v)) {
        problem(camel, `must be an array, got ${describe(v)}`);
        return undefined;
      }
      const out: T[] = [];
      v.forEach((value: unknown, i) => {
        const checked = item(value, `${at(camel)}[${i}]`);
        if (checked !== undefined) out.push(checked);
      });
      return out;
    },
    /** Reports every key nobody asked about: a misspelt field must not widen a filter silently. */
    unknownKeys(): void {
      for (const key of Object.keys(obj)) {
        if (!known.has(key))
          problems.push({
            field: `${path}.${key}`,
            message: `is not a field here (known: ${listKnown(known)})`,
          });
      }
    },
  };
}

function listKnown(known: ReadonlySet<string>): string {
  return [...known].filter((k) => !k.includes('_')).join(', ');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a dependency filter as it arrives over the wire or from a policy file: camelCase or snake_case
 * keys, null for unset. Returns the filter in camelCase (repository ids as canonical decimal strings,
 * ecosystems lowercased) and every problem found, each naming its field path under `path`. A filter
 * with problems must not be used: the emulator answers 400 with them, a policy loader reports them.
 */
export function validateDependencyFilter(
  value: unknown,
  path = 'dependencyFilter',
): { filter: WireDependencyFilter; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const filter: WireDependencyFilter = {};
  if (value === undefined || value === null) return { filter, problems };
  if (!isObject(value))
    return { filter, problems: [{ field: path, message: `must be an object, got ${describe(value)}` }] };
  const read = createReader(value, path, problems);

  const includeArchived = read.boolean('includeArchived');
  if (includeArchived !== undefined) filter.includeArchived = includeArchived;
  for (const key of ['name', 'version', 'lockfilePath'] as const) {
    const text = read.string(key);
    if (text !== undefined) filter[key] = text;
  }
  const license = read.array('license', (v, field) => stringItem(v, field, problems));
  if (license !== undefined) filter.license = license;
  const repositoryId = read.array('repositoryId', (v, field) => repositoryIdItem(v, field, problems));
  if (repositoryId !== undefined) filter.repositoryId = repositoryId;
  const ecosystem = read.array('ecosystem', (v, field) => {
    const text = stringItem(v, field, problems)?.toLowerCase();
    if (text === undefined || KNOWN_ECOSYSTEMS.has(text)) return text;
    problems.push({ field, message: `is not an ecosystem (known: ${ECOSYSTEMS.join(', ')})` });
    return undefined;
  });
  if (ecosystem !== undefined) filter.ecosystem = ecosystem;
  const transitivity = read.array('transitivity', (v, field): WireTransitivity | undefined => {
    if (typeof v === 'string' && (TRANSITIVITIES as readonly string[]).includes(v))
      return v as WireTransitivity;
    problems.push({ field, message: `must be one of ${TRANSITIVITIES.join(', ')}, got ${describe(v)}` });
    return undefined;
  });
  if (transitivity !== undefined) filter.transitivity = transitivity;
  const packageFilters = read.array('packageFilters', (v, field) => packageFilterItem(v, field, problems));
  if (packageFilters !== undefined) filter.packageFilters = packageFilters;
  read.unknownKeys();
  return { filter, problems };
}

function stringItem(value: unknown, field: string, problems: FilterProblem[]): string | undefined {
  if (typeof value === 'string') return value;
  problems.push({ field, message: `must be a string, got ${describe(value)}` });
  return undefined;
}

/** A uint64 repository id, as protobuf JSON carries it: a decimal string, or a number. */
function repositoryIdItem(value: unknown, field: string, problems: FilterProblem[]): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) <= MAX_UINT64)
    return BigInt(value).toString();
  problems.push({
    field,
    message: `must be a repository id (a non-negative integer), got ${describe(value)}`,
  });
  return undefined;
}

function packageFilterItem(
  value: unknown,
  path: string,
  problems: FilterProblem[],
): WirePackageFilter | undefined {
  if (!isObject(value)) {
    problems.push({ field: path, message: `must be an object, got ${describe(value)}` });
    return undefined;
  }
  const read: Reader = createReader(value, path, problems);
  const out: WirePackageFilter = {};
  for (const key of ['name', 'exactVersion', 'versionLowerBound', 'versionUpperBound'] as const) {
    const text = read.string(key);
    if (text !== undefined) out[key] = text;
  }
  const exact = read.boolean('exactNameMatch');
  if (exact !== undefined) out.exactNameMatch = exact;
  checkBound(out.versionLowerBound, 'versionLowerBound', ['>=', '>'], read);
  checkBound(out.versionUpperBound, 'versionUpperBound', ['<=', '<'], read);
  read.unknownKeys();
  return out;
}

function checkBound(text: string | undefined, key: string, operators: readonly string[], read: Reader): void {
  if (text === undefined || text === '') return;
  const bound = parseBound(text, operators[0] as '>=' | '<=');
  if (bound === undefined)
    read.problem(
      key,
      `must be one version with an operator, like "${operators[0]}1.2.0", got ${JSON.stringify(text)}`,
    );
  else if (!operators.includes(bound.operator))
    read.problem(key, `takes ${operators.join(' or ')}, not ${bound.operator} (got ${JSON.stringify(text)})`);
}
