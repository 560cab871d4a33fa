import type { Ecosystem } from '../ecosystem.js';
import { compareCocoapods } from './cocoapods-order.js';
import { compareComposer } from './composer-order.js';
import { compareGo } from './go-order.js';
import type { VersionCompare } from './make-order.js';
import { compareMaven } from './maven-order.js';
import { compareNuget } from './nuget-order.js';
import { comparePub } from './pub-order.js';
import { comparePypi } from './pypi-order.js';
import { compareRubygems } from './rubygems-order.js';
import { compareSemver } from './semver-order.js';

export { normalizeComposerVersion } from './composer-order.js';

export type BoundOperator = '>=' | '>' | '<' | '<=';
export interface VersionBound {
  operator: BoundOperator;
  version: string;
}

/** Each ecosystem's ordering, by the rules its package manager uses (each file says which and how). */
const ORDERINGS: Readonly<Record<Ecosystem, VersionCompare>> = {
  npm: compareSemver,
  cargo: compareSemver,
  hex: compareSemver,
  swiftpm: compareSemver,
  pub: comparePub,
  cocoapods: compareCocoapods,
  gomod: compareGo,
  pypi: comparePypi,
  gem: compareRubygems,
  maven: compareMaven,
  nuget: compareNuget,
  composer: compareComposer,
};

/**
 * Orders two versions by the ecosystem's rules: negative, 0 or positive like a sort comparator.
 * Undefined when either cannot be parsed (the caller reports "unknown version"); never throws.
 */
export function compareVersions(ecosystem: Ecosystem, a: string, b: string): number | undefined {
  // Callers may hand over an ecosystem name read from data; an unknown one has no order.
  if (!Object.hasOwn(ORDERINGS, ecosystem)) return undefined;
  return ORDERINGS[ecosystem](a, b);
}

/** Whether `version` is a version the ecosystem's ordering can place. */
export function isValidVersion(ecosystem: Ecosystem, version: string): boolean {
  return compareVersions(ecosystem, version, version) !== undefined;
}

/**
 * Parses a bound as the platform writes it: `">=1.2.0"`, `"> 1.2.0"`, `"<2"`, `"<=2.0.0"`. A bare version
 * takes `defaultOperator` (none: undefined). Undefined when malformed: no version, more than one
 * version or operator (`">=1 <2"`, `">=1,<2"`), or an operator we do not know (`"==1"`, `"~1"`). The
 * version itself is checked later, against the ecosystem, by `satisfiesBound`.
 */
export function parseBound(text: string, defaultOperator?: BoundOperator): VersionBound | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(>=|<=|>|<)?\s*([^\s<>=,|~^!]+)\s*$/.exec(text);
  if (match?.[2] === undefined) return undefined;
  const operator = (match[1] as BoundOperator | undefined) ?? defaultOperator;
  return operator === undefined ? undefined : { operator, version: match[2] };
}

/** Whether `version` satisfies the bound; undefined when the version or the bound cannot be ordered. */
export function satisfiesBound(
  ecosystem: Ecosystem,
  version: string,
  bound: VersionBound,
): boolean | undefined {
  const order = compareVersions(ecosystem, version, bound.version);
  if (order === undefined) return undefined;
  switch (bound.operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
  }
}
