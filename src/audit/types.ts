import type { ExceptionUse, Finding, ReportNote } from '../gate/index.js';

/** One policy violation found in the organization: a gate finding, and the repository it is in. */
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
    /** Dependency records the platform answered the policy's questions with. */
    dependenciesRead: number;
  };
  requests: number;
  /** The fewest requests the same questions could take: ceil(matches / page size) per query, plus the listings' pages. */
  minimumRequests: number;
  durationMs: number;
  notes: ReportNote[];
  tagging?: AuditTagging;
}

/** Progress while the listing streams in. */
export interface AuditProgress {
  dependencies: number;
  repositories: number;
  violations: number;
  requests: number;
}
