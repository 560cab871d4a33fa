import type { Ecosystem } from './ecosystem.js';
import type { Transitivity } from './transitivity.js';

/**
 * A package by its identity: the ecosystem and the name as the data writes it (compared by
 * `packageId`, which normalises the name as the ecosystem does).
 */
export interface PackageName {
  ecosystem: Ecosystem;
  name: string;
}

/**
 * One version of a package: what a lockfile entry, a platform dependency, a policy match, an advisory
 * query and a finding all speak of. Every layer uses it, or a type that extends it with what that
 * layer adds (a line, a change, a verdict).
 */
export interface PackageVersion extends PackageName {
  /** As the source writes it ('' when it names none). */
  version: string;
}

/** A package version as a project uses it, with why it is there. */
export interface PackageDependency extends PackageVersion {
  transitivity: Transitivity;
}
