import type { WireDependencyFilter, WirePackageFilter } from '../core/index.js';
import { ECOSYSTEMS, packageKey, swiftRepositoryName, type Ecosystem } from '../domain/index.js';
import type { PackageRule } from '../policy/index.js';

/**
 * Package filters per request. The listing takes any number of them OR-ed; a bounded batch keeps each
 * request body a reasonable size (1,000 filters is about 80 KB) on a change that introduces thousands.
 */
export const FILTERS_PER_REQUEST = 1000;

/** How many separator spellings of one name are sent before a name falls back to a substring. */
const MAX_SPELLINGS = 27;

/** Every way to write `pieces` joined by one of `separators` (first piece first), or undefined past the cap. */
function spellings(pieces: readonly string[], separators: readonly string[]): string[] | undefined {
  if (separators.length ** (pieces.length - 1) > MAX_SPELLINGS) return undefined;
  let out = [pieces[0]!];
  for (const piece of pieces.slice(1))
    out = out.flatMap((head) => separators.map((sep) => `${head}${sep}${piece}`));
  return out;
}

/** The longest piece of a name between separators: every spelling of the name contains it. */
const longestPiece = (name: string, separators: RegExp): string =>
  name
    .split(separators)
    .reduce((best, piece) => (piece.length >= best.length && piece !== '' ? piece : best), '');

/**
 * The names to ask the platform for so that every spelling the ecosystem takes for the same package
 * comes back, assuming only that the platform compares names without regard to case (as its filter
 * semantics, decisions.md, say): PyPI's `-`, `_` and `.` alike (PEP 503), crates.io's `-` and `_`,
 * Maven's `group/artifact` for `group:artifact`, a Swift package's repository URL in any of its forms.
 * `exact`: whole names; `contains`: substrings, for a name with too many spellings to list.
 */
export function namesToAsk(ecosystem: Ecosystem, name: string): { exact: string[]; contains: string[] } {
  const key = packageKey(ecosystem, name);
  switch (ecosystem) {
    case 'pypi': {
      // One separator between pieces, each of the three; past the cap, the longest piece as a substring.
      // (A name written with a run of separators, `a__b` for `a-b`, is left to the platform's matching.)
      const listed = spellings(key.split('-'), ['-', '_', '.']);
      return listed === undefined
        ? { exact: [], contains: [longestPiece(key, /-/)] }
        : { exact: listed, contains: [] };
    }
    case 'cargo': {
      const listed = spellings(key.split('-'), ['-', '_']);
      return listed === undefined
        ? { exact: [], contains: [longestPiece(key, /-/)] }
        : { exact: listed, contains: [] };
    }
    case 'maven': {
      const colon = key.indexOf(':');
      const slash = key.indexOf('/');
      // `group/artifact` reads as `group:artifact` when that `/` is the first one.
      const other =
        colon !== -1 && (slash === -1 || slash > colon)
          ? [`${key.slice(0, colon)}/${key.slice(colon + 1)}`]
          : [];
      return { exact: [key, ...other], contains: [] };
    }
    case 'swiftpm':
      // A scheme, a user, `.git`, `host:path` for `host/path`: the URL's longest piece is in every form.
      return { exact: [], contains: [longestPiece(swiftRepositoryName(name), /[/:]+/)] };
    default:
      // Names that differ only in case, or names compared as written.
      return { exact: [name], contains: [] };
  }
}

/** The package filters that find, between them, every package a deny rule can match (any version). */
function ruleFilters(rule: PackageRule): WirePackageFilter[] {
  if (rule.name === undefined || rule.name === '') return [{}];
  // A substring is compared as written by both sides, without regard to case.
  if (rule.exactNameMatch !== true) return [{ name: rule.name }];
  const exact = new Set<string>();
  const contains = new Set<string>();
  for (const ecosystem of rule.ecosystem === undefined ? ECOSYSTEMS : [rule.ecosystem]) {
    // A rule without an ecosystem names a Swift package only when it is written as a repository path.
    if (ecosystem === 'swiftpm' && rule.ecosystem === undefined && !rule.name.includes('/')) continue;
    const names = namesToAsk(ecosystem, rule.name);
    for (const n of names.exact) exact.add(n.toLowerCase());
    for (const n of names.contains) contains.add(n.toLowerCase());
  }
  // A piece that is empty (a name of separators only) asks for every name.
  if (contains.has('')) return [{}];
  return [
    ...[...exact].map((name) => ({ name, exactNameMatch: true })),
    ...[...contains].map((name) => ({ name })),
  ];
}

/**
 * Deny rules as the dependency listing's own filters, never narrower than the rules: one or more
 * package filters per rule (OR-ed; the spellings of its name the ecosystem takes as the same package),
 * without the rules' versions (the platform's ordering of versions may not be the ecosystem's: depgate
 * judges them), narrowed to the rules' ecosystems when every rule names one; split so that no request
 * carries more than 1,000 package filters. What comes back is judged with the gate's own matching.
 */
export function denyRulesFilters(rules: readonly PackageRule[]): WireDependencyFilter[] {
  const filters: WireDependencyFilter[] = [];
  let current: WirePackageFilter[] = [];
  const seen = new Set<string>();
  const ecosystem =
    rules.length > 0 && rules.every((rule) => rule.ecosystem !== undefined)
      ? [...new Set(rules.map((rule) => rule.ecosystem!))]
      : undefined;
  const close = () => {
    if (current.length === 0) return;
    filters.push({ packageFilters: current, ...(ecosystem === undefined ? {} : { ecosystem }) });
    current = [];
  };
  for (const rule of rules)
    for (const f of ruleFilters(rule)) {
      const key = `${f.exactNameMatch === true ? '=' : '~'}${f.name ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (current.length >= FILTERS_PER_REQUEST) close();
      current.push(f);
    }
  close();
  return filters;
}
