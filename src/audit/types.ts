import type { AuditRepositories } from './violation-store.js';
import type { ExceptionUse, Finding, ReportNote, VulnerabilityReport } from '../gate/index.js';

/**
 * One policy finding in the organization: the gate's finding on that package version (the same
 * judge, the same words), and the repository it is in. `level` and `blocking` as in the gate: an
 * `error` blocks, a `warning` is reported (an advisory below `failOn`), a `notice` is excused.
 */
export interface AuditViolation extends Finding {
  repository: string;
  repositoryId: string;
}

export interface AuditLockfile {
  path: string;
  /** Most important first: blocking, then by line. */
  violations: AuditViolation[];
}

export interface AuditRepository {
  name: string;
  id: string;
  lockfiles: AuditLockfile[];
  /** Violations that are not excused by a valid exception. */
  blocking: number;
}

/** What became of the project tags (`--tag`, `--untag-clean`). */
export interface AuditTagging {
  tag: string;
  dryRun: boolean;
  /** Projects the tag was (or, dry, would be) added to / removed from. */
  added: string[];
  removed: string[];
  /** Already as wanted: nothing to do. */
  unchanged: number;
  /** Violating repositories with no project of that name: they could not be tagged. */
  noProject: string[];
  /** Calls that still failed after the client's retries and one more pass. */
  failed: { project: string; action: 'add' | 'remove'; error: string }[];
}

/** The known-vulnerability check of the audit (the policy's `vulnerabilities:`). */
export interface AuditVulnerabilities extends Pick<
  VulnerabilityReport,
  'failOn' | 'sources' | 'queried' | 'requests' | 'vulnerable' | 'unsupported'
> {
  /** Lookups made: each asks every source about up to 1,000 distinct package versions. */
  lookups: number;
  /** The fewest requests the sources could answer the same versions with. */
  minimumRequests: number;
}

/** `depgate audit`'s answer. JSON schema version 1 (docs/audit.md). */
export interface AuditReport {
  schemaVersion: 1;
  kind: 'audit';
  tool: { name: 'depgate'; version: string };
  generatedAt: string;
  policy: string;
  deploymentSlug: string;
  /** Repositories with at least one violation (blocking or excused), by name. */
  repositories: AuditRepository[];
  exceptions: ExceptionUse[];
  counts: {
    /** Repositories with dependencies that were looked at. */
    repositoriesScanned: number;
    /** Repositories with a blocking violation. */
    repositoriesViolating: number;
    /** Blocking violations. */
    violations: number;
    /** Violations a valid exception excuses. */
    excused: number;
    /** Findings reported without blocking: advisories below `failOn`. */
    warnings: number;
    /** Dependency records the platform answered the policy's questions with. */
    dependenciesRead: number;
  };
  requests: number;
  /** The fewest requests the same questions could take: ceil(matches / page size) per query, plus the listings' pages. */
  minimumRequests: number;
  durationMs: number;
  notes: ReportNote[];
  /** Present when the policy has `vulnerabilities:`. */
  vulnerabilities?: AuditVulnerabilities;
  tagging?: AuditTagging;
}

/**
 * What `runAudit` returns: the report, its repositories read from disk one at a time as they are
 * iterated (`JSON.stringify` gives the report's JSON). Close `repositories` when done.
 */
export type AuditResult = Omit<AuditReport, 'repositories'> & { repositories: AuditRepositories };

/** What the renderers take: a report whose repositories are an array or read as they are iterated. */
export type RenderableAuditReport = Omit<AuditReport, 'repositories'> & {
  repositories: Iterable<AuditRepository>;
};

/** Progress while the listing streams in. */
export interface AuditProgress {
  dependencies: number;
  repositories: number;
  violations: number;
  requests: number;
}
