import type { PackageVersion } from '../domain/index.js';

/** One package version to ask about: the ecosystem as depgate names it (OSV's name is the source's job). */
export type PackageQuery = PackageVersion;

/** `${ecosystem}\0${name}\0${version}`: how a lookup's answers are keyed. */
export const queryKey = (q: PackageQuery): string => `${q.ecosystem}\u0000${q.name}\u0000${q.version}`;

/**
 * How bad an advisory is, in GitHub's bands: GHSA's own severity where the record has one, else the
 * band of its CVSS base score (0.1-3.9 low, 4.0-6.9 moderate, 7.0-8.9 high, 9.0-10 critical); `unknown`
 * when the record says neither.
 */
export type SeverityBand = 'low' | 'moderate' | 'high' | 'critical' | 'unknown';

/** One advisory that affects a queried version, its aliases merged into one record. */
export interface Advisory {
  /** The id shown first: the GHSA id when there is one, else the source's own (OSV, PYSEC, RUSTSEC...). */
  id: string;
  /** Every other id of the same advisory (CVE, GHSA, PYSEC, RUSTSEC, GO...), sorted; without `id`. */
  aliases: string[];
  summary: string;
  severity: SeverityBand;
  /** The CVSS base score, when the record carries a vector. */
  score?: number;
  /** Where a person reads it (https://osv.dev/vulnerability/<id>, or the platform's page). */
  url: string;
  /**
   * The smallest version, above the queried one, that this advisory no longer affects (from the
   * affected ranges' `fixed` events, ordered by the ecosystem's rules); absent when none is published.
   */
  fixed?: string;
  /**
   * Where the records name no fixed version but the last affected one: the advisory no longer affects
   * the versions after it (which of them exist is the registry's to say). Never with `fixed`.
   */
  fixedAfter?: string;
}

/** What a source knows about one queried package version. */
export interface PackageAdvisories {
  advisories: Advisory[];
  /** The smallest version above the queried one that none of `advisories` affects; absent when there is none. */
  fix?: string;
  /** Where no published version is known clean but the advisories end at a last affected version: after it. */
  fixAfter?: string;
  /**
   * Where the organization already has this version flagged (the platform's supply-chain findings):
   * its repositories, and those where a finding of it was found reachable. Only the platform says it.
   */
  organization?: { repositories: string[]; reachable: string[] };
}

export interface VulnLookup {
  /** Keyed by queryKey; a query with no advisory has no entry. */
  found: Map<string, PackageAdvisories>;
  /** Requests made to answer (HTTP requests, or files read for an offline database). */
  requests: number;
  /** Queries the source cannot answer: their ecosystem has no advisory database there. */
  unsupported: PackageQuery[];
  /**
   * The fewest requests the same answer could take, when the source can tell (OSV's API: full batches
   * of 1,000, the pages the server chose to send, one per advisory record not fetched before).
   */
  minimumRequests?: number;
  /**
   * What the source could not read in the records it used, each naming the record (a range bound that
   * is no version, a CVSS vector that cannot be scored, a withdrawn record left out): the report shows
   * them as warnings, since each can change a verdict.
   */
  warnings?: string[];
  /** What the source left out on purpose, for the reader (a withdrawn record a mirror still returned). */
  notices?: string[];
}

/** The requests a failed lookup had made, carried on its error (the report counts them). */
export function withRequests<E>(error: E, requests: number): E {
  if (typeof error === 'object' && error !== null && !Object.hasOwn(error, 'requests'))
    Object.defineProperty(error, 'requests', { value: requests, enumerable: false });
  return error;
}

/** The requests a failed lookup had made, when its error says. */
export function requestsOf(error: unknown): number | undefined {
  const n = (error as { requests?: unknown } | null)?.requests;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Where advisories come from (OSV's API, an offline OSV export, the platform's supply-chain findings).
 * `lookup` answers every query or throws (an ApiError, or an Error that says what is wrong): a source
 * that cannot answer never answers "no advisories".
 */
export interface AdvisorySource {
  /** How the source is named in reports: `osv (https://api.osv.dev)`, `osv offline (./osv-db)`. */
  label: string;
  lookup(queries: readonly PackageQuery[], signal?: AbortSignal): Promise<VulnLookup>;
}
