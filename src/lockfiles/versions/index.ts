// TEMPORARY: the per-ecosystem implementation replaces this file; the exported signatures are the contract.
import semver from 'semver';
import type { Ecosystem } from '../types.js';

export type BoundOperator = '>=' | '>' | '<' | '<=';
export interface VersionBound {
  operator: BoundOperator;
  version: string;
}

/** Whether `version` is a version the ecosystem's ordering can place. */
export function isValidVersion(_ecosystem: Ecosystem, version: string): boolean {
  return semver.valid(version, { loose: true }) !== null;
}

/**
 * Orders two versions by the ecosystem's rules: negative, 0 or positive like a sort comparator.
 * Returns undefined when either cannot be parsed (the caller reports "unknown version").
 */
export function compareVersions(ecosystem: Ecosystem, a: string, b: string): number | undefined {
  if (!isValidVersion(ecosystem, a) || !isValidVersion(ecosystem, b)) return undefined;
  return semver.compare(a, b, { loose: true });
}

/** Parses `">=1.2.0"`; a bare version reads as inclusive (`defaultOperator`). Undefined when malformed. */
export function parseBound(text: string, defaultOperator?: BoundOperator): VersionBound | undefined {
  const match = /^\s*(>=|<=|>|<)?\s*(\S+)\s*$/.exec(text);
  if (!match?.[2]) return undefined;
  const operator = (match[1] as BoundOperator | undefined) ?? defaultOperator;
  return operator === undefined ? undefined : { operator, version: match[2] };
}

/** Whether `version` satisfies the bound; undefined when the version or the bound cannot be parsed. */
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
