import picomatch from 'picomatch';
import { packageKey, parseEcosystem } from '../domain/index.js';
import { packageVersionMatch } from './match-package.js';
import type { PackageRule, Policy } from './types.js';

/** A package as a lockfile of the change has it: what a deny rule or an exception is matched against. */
export interface RuleTarget {
  /** The ecosystem as the data spells it. */
  ecosystem: string;
  name: string;
  version: string;
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
 * Whether a policy rule (deny rule or exception) matches a package: the package-filter semantics the
 * platform and the emulator apply (src/policy/match-package.ts; decisions.md), narrowed by the rule's
 * ecosystem and lockfile paths. Exact names compare as the ecosystem identifies packages (PEP 503 for
 * PyPI: `Typing_Extensions` is `typing-extensions`). `'unknown-version'` when the name matches but the
 * rule bounds a version the ecosystem cannot order: the caller must not take that as outside the range.
 */
export function matchesRule(target: RuleTarget, rule: PackageRule): boolean | 'unknown-version' {
  const ecosystem = parseEcosystem(target.ecosystem);
  if (rule.ecosystem !== undefined && ecosystem !== rule.ecosystem) return false;
  if (rule.paths !== undefined && !matchesAnyGlob(rule.paths, target.lockfilePath)) return false;
  if (rule.name !== undefined && rule.name !== '') {
    const matched =
      rule.exactNameMatch === true
        ? ecosystem === undefined
          ? target.name.toLowerCase() === rule.name.toLowerCase()
          : packageKey(ecosystem, target.name) === packageKey(ecosystem, rule.name)
        : target.name.toLowerCase().includes(rule.name.toLowerCase());
    if (!matched) return false;
  }
  // The versions as the platform's package filters judge them (the emulator answers with the same code).
  const version = packageVersionMatch(target, rule);
  return version === 'unknown' ? 'unknown-version' : version;
}
