import type { WireTransitivity } from './wire.js';

export type Transitivity = 'direct' | 'transitive' | 'unknown';

/** A dependency as depgate uses it, whichever shape the platform sent. */
export interface Dependency {
  /** The spec's id, when sent. */
  id?: string;
  name: string;
  version: string;
  ecosystem?: string;
  repositoryId?: string;
  lockfilePath?: string;
  /** 1-based line of the entry in its lockfile, when known. */
  line?: number;
  column?: number;
  transitivity: Transitivity;
  licenses: string[];
  resolvedUrl?: string;
  url?: string;
}

export const TRANSITIVITY: Record<WireTransitivity, Transitivity> = {
  DIRECT: 'direct',
  TRANSITIVE: 'transitive',
  UNKNOWN_TRANSITIVITY: 'unknown',
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
