import picomatch from 'picomatch';
import type { WirePackageFilter } from '../core/index.js';
import {
  compareVersions,
  packageKey,
  parseBound,
  satisfiesBound,
  type Ecosystem,
  type PackageVersion,
} from '../domain/index.js';
import type { PackageRule, Policy } from './types.js';

/** A package as a lockfile of the change has it: what a deny rule or an exception is matched against. */
export interface RuleTarget extends PackageVersion {
  /** The lockfile's repository-relative path, for rules narrowed by `paths`. */
  lockfilePath: string;
}

const matchers = new WeakMap<readonly string[], (path: string) => boolean>();

/**
 * A glob as a regular expression that treats every character of a path alike. picomatch writes `**`
 * and parts of `*` as `.`, which stops at a newline (`\n`, `\r`, U+2028, U+2029): `svc<newline>x/yarn.lock`
 * would escape `**` and so the policy. The `s` flag makes `.` match them too. Paths are git's: `/`
 * separates, a backslash is a character of a name (never a Windows separator, whatever the runner).
 */
function globRegExp(glob: string): RegExp {
  const re = picomatch.makeRe(glob, { dot: true, windows: false });
  return new RegExp(re.source, re.flags.includes('s') ? re.flags : `${re.flags}s`);
}

/** Whether a path matches any of the globs (compiled once per list). */
export function matchesAnyGlob(globs: readonly string[], path: string): boolean {
  let match = matchers.get(globs);
  if (match === undefined) {
    const res = globs.map(globRegExp);
    match = (p: string) => res.some((re) => re.test(p));
    matchers.set(globs, match);
  }
  return match(path);
}

/** Whether the policy covers a lockfile: one of `paths.include` and none of `paths.exclude`. */
export function coversLockfile(policy: Pick<Policy, 'paths'>, path: string): boolean {
  return matchesAnyGlob(policy.paths.include, path) && !matchesAnyGlob(policy.paths.exclude, path);
}

/**
 * A package version as the matcher takes it: the domain's, or the platform's with an ecosystem depgate
 * does not know (`undefined`: no version ordering applies, names compare without regard to case).
 */
export type MatchedPackage = Omit<PackageVersion, 'ecosystem'> & { ecosystem: Ecosystem | undefined };

/** How whole names compare: as the ecosystem identifies packages, or as the platform's filters do. */
export type NameEquality = (pkg: MatchedPackage, name: string) => boolean;

/** The ecosystem's identity (`packageKey`: PEP 503 for PyPI, `-` and `_` alike for crates.io, ...). */
const sameIdentity: NameEquality = (pkg, name) =>
  pkg.ecosystem === undefined
    ? pkg.name.toLowerCase() === name.toLowerCase()
    : packageKey(pkg.ecosystem, pkg.name) === packageKey(pkg.ecosystem, name);

/**
 * The one package matcher: a package version against the package-filter fields that a policy rule and
 * the platform's package filter share (decisions.md, "Filter semantics"), the AND of them; empty or
 * absent fields do not constrain.
 *
 * - `name`: case-insensitive substring; with `exactNameMatch`, the whole name by `sameName`.
 * - `exactVersion`: equal by the ecosystem's ordering (`1.0` is `1.0.0` in PyPI and Maven); text
 *   equality when either side cannot be ordered. It takes precedence over the bounds.
 * - `versionLowerBound` / `versionUpperBound`: with their operator (`>=1.2.0`, `>1.2.0`, `<2.0.0`,
 *   `<=2.0.0`); a bare version reads as inclusive.
 *
 * `'unknown-version'` when the name matches but a bound cannot be decided (the ecosystem cannot order
 * the version or the bound): never to be taken as inside, nor outside, the range.
 */
export function matchesPackage(
  pkg: MatchedPackage,
  fields: WirePackageFilter,
  sameName: NameEquality,
): boolean | 'unknown-version' {
  if (fields.name !== undefined && fields.name !== '') {
    const matched =
      fields.exactNameMatch === true
        ? sameName(pkg, fields.name)
        : pkg.name.toLowerCase().includes(fields.name.toLowerCase());
    if (!matched) return false;
  }
  return packageVersionMatch(pkg, fields);
}

/**
 * A filter's version fields against a package: `exactVersion` (equal by the ecosystem's ordering, text
 * equality when either side cannot be ordered; it takes precedence), then each bound with its operator.
 * `'unknown-version'` when a bound cannot be decided: the ecosystem cannot order the version or the bound.
 */
export function packageVersionMatch(
  pkg: MatchedPackage,
  filter: Pick<WirePackageFilter, 'exactVersion' | 'versionLowerBound' | 'versionUpperBound'>,
): boolean | 'unknown-version' {
  if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
    const order =
      pkg.ecosystem === undefined
        ? undefined
        : compareVersions(pkg.ecosystem, pkg.version, filter.exactVersion);
    return order === undefined ? pkg.version === filter.exactVersion : order === 0;
  }
  for (const [text, bare] of [
    [filter.versionLowerBound, '>='],
    [filter.versionUpperBound, '<='],
  ] as const) {
    if (text === undefined || text === '') continue;
    const bound = parseBound(text, bare);
    const inside =
      bound === undefined || pkg.ecosystem === undefined
        ? undefined
        : satisfiesBound(pkg.ecosystem, pkg.version, bound);
    if (inside === undefined) return 'unknown-version';
    if (!inside) return false;
  }
  return true;
}

/**
 * Whether a policy rule (deny rule or exception) matches a package: the one package matcher, with names
 * compared as the ecosystem identifies packages (a policy's `Typing_Extensions` is `typing-extensions`),
 * narrowed by the rule's ecosystem and lockfile paths. `'unknown-version'` when the name matches but
 * the rule bounds a version the ecosystem cannot order: the caller must not take that as outside.
 */
export function matchesRule(target: RuleTarget, rule: PackageRule): boolean | 'unknown-version' {
  if (rule.ecosystem !== undefined && target.ecosystem !== rule.ecosystem) return false;
  if (rule.paths !== undefined && !matchesAnyGlob(rule.paths, target.lockfilePath)) return false;
  return matchesPackage(target, rule, sameIdentity);
}
