import type { Ecosystem } from '../types.js';
import { compareComposer } from './composer-order.js';
import { compareGo } from './go-order.js';
import { compareMaven } from './maven-order.js';
import { compareNuget } from './nuget-order.js';
import { comparePypi } from './pypi-order.js';
import { compareRubygems } from './rubygems-order.js';
import { comparePub } from './pub-order.js';
import { compareSemver } from './semver-order.js';

export type BoundOperator = '>=' | '>' | '<' | '<=';
export interface VersionBound {
  operator: BoundOperator;
  version: string;
}

type Compare = (a: string, b: string) => number | undefined;

/** Each ecosystem's ordering, by the rules its package manager uses. */
const ORDERINGS: Record<Ecosystem, Compare> = {
  npm: compareSemver,
  cargo: compareSemver,
  hex: compareSemver,
  swiftpm: compareSemver,
  pub: comparePub,
  cocoapods: compareSemver,
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
  const order = ORDERINGS[ecosystem](a, b);
  return order === undefined ? undefined : Math.sign(order);
}

/** Whether `version` is a version the ecosystem's ordering can place. */
export function isValidVersion(ecosystem: Ecosystem, version: string): boolean {
  return compareVersions(ecosystem, version, version) !== undefined;
}

/** Parses `">=1.2.0"`; a bare version takes `defaultOperator` (none: undefined). Undefined when malformed. */
export function parseBound(text: string, defaultOperator?: BoundOperator): VersionBound | undefined {
  const match = /^\s*(>=|<=|>|<)?\s*([^\s<>=]\S*)\s*$/.exec(text);
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
