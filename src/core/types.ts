import type { Ecosystem, PackageDependency, Transitivity } from '../domain/index.js';
import type { WireTransitivity } from './wire.js';

export type {
  Ecosystem,
  PackageDependency,
  PackageName,
  PackageVersion,
  Transitivity,
} from '../domain/index.js';

/**
 * A dependency as depgate uses it, whichever shape the platform sent: the domain's package version
 * with its transitivity, converted from the wire once, here (normalize.ts), and where it is.
 */
export interface Dependency extends Omit<PackageDependency, 'ecosystem'> {
  /** The spec's id, when sent. */
  id?: string;
  /**
   * The ecosystem, when the platform sent one depgate knows (see `parseEcosystem`). A record without
   * one cannot be placed: the spec's shape has no ecosystem (`isPlacedDependency`).
   */
  ecosystem?: Ecosystem;
  repositoryId?: string;
  lockfilePath?: string;
  /** 1-based line of the entry in its lockfile, when known. */
  line?: number;
  column?: number;
  licenses: string[];
  resolvedUrl?: string;
  url?: string;
}

/** Whether a dependency names an ecosystem depgate knows: then it is the domain's package version. */
export function isPlacedDependency(dep: Dependency): dep is Dependency & PackageDependency {
  return dep.ecosystem !== undefined;
}

/** The wire's transitivity in the domain's terms: the one table that translates it (and back). */
export const TRANSITIVITY: Readonly<Record<WireTransitivity, Transitivity>> = {
  DIRECT: 'direct',
  TRANSITIVE: 'transitive',
  UNKNOWN_TRANSITIVITY: 'unknown',
};
export const WIRE_TRANSITIVITY: Readonly<Record<Transitivity, WireTransitivity>> = {
  direct: 'DIRECT',
  transitive: 'TRANSITIVE',
  unknown: 'UNKNOWN_TRANSITIVITY',
};

export interface Deployment {
  id: number;
  name: string;
  slug: string;
}

export interface Notification {
  id: string;
  title: string;
  description: string;
  severity: string;
  status: string;
  adminOnly: boolean;
  createdAt: string;
  link: string;
  isExternalLink: boolean;
  linkText: string;
}

export interface LockfileSummary {
  lockfilePath: string;
  numDependencies: number;
}

export interface RepositorySummary {
  id: string;
  name: string;
  numDependencies: number;
  hasDependencyPathScan: boolean;
}

export interface Project {
  id: number;
  name: string;
  tags: string[];
  [extra: string]: unknown;
}

/** A page of a listing, with what the client needs to ask for the next one. */
export interface Page<T> {
  items: T[];
  /** Cursor to send for the next page (exactly as received), or undefined at the end. */
  next: string | number | undefined;
}
