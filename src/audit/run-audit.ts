import { UserError, type PackageDependency } from '../domain/index.js';
import {
  isPlacedDependency,
  type Dependency,
  type PlatformClient,
  type WireDependencyFilter,
} from '../core/index.js';
import {
  applyExceptions,
  denyRulesFilters,
  evaluatePackage,
  type Candidate,
  type ExceptionUse,
  type Finding,
  type GateAdvisorySource,
  type GatePlatform,
  type ReportNote,
} from '../gate/index.js';
import { coversLockfile, type Policy } from '../policy/index.js';
import type { AuditProgress, AuditResult, AuditViolation, AuditVulnerabilities } from './types.js';
import { createVulnerabilityBatches } from './vulnerability-batches.js';
import { memorySpill, ViolationStore, type AuditSpill } from './violation-store.js';

/** The dependency listing's largest page. */
export const AUDIT_PAGE = 10_000;
/** The repositories listing's largest page. */
const REPOSITORY_PAGE = 100;

export interface AuditOptions {
  now: Date;
  version: string;
  /** Only these repositories (by name); all when absent. */
  repositories?: readonly string[];
  /**
   * The advisory sources the policy's `vulnerabilities.sources` name, as the edge set them up (as for
   * the gate). Unused without `vulnerabilities:`.
   */
  advisorySources?: readonly GateAdvisorySource[];
  /** Called after each page of the dependency listing (and of the repositories listing). */
  onProgress?: (progress: AuditProgress) => void;
  /**
   * Called after each page of the dependency listing is judged and written, when nothing of it is
   * held any more (the CLI collects garbage there, to keep the heap to what is live).
   */
  afterPage?: () => void;
  /** A monotonic clock in ms, for the duration. */
  clock?: () => number;
  signal?: AbortSignal;
  /**
   * Where the violations wait for the report (the CLI's is a file in the temporary folder); in memory
   * when absent. `repositories.close()` on the result closes it; a failed audit closes it.
   */
  spill?: AuditSpill;
}

/** A repository named with `--repository` that the platform does not list. */
export class AuditSetupError extends UserError {
  override readonly name = 'AuditSetupError';
  readonly kind = 'usage';
}

/**
 * The policy as the audit judges it: deny rules, the license list (allowed or denied), vulnerabilities
 * (see docs/audit.md). An unknown license and "new to the organization" concern what a change adds.
 */
function auditedPolicy(policy: Policy): Policy {
  return {
    ...policy,
    licenses: {
      ...(policy.licenses.deny === undefined ? {} : { deny: policy.licenses.deny }),
      ...(policy.licenses.allow === undefined ? {} : { allow: policy.licenses.allow }),
      unknown: 'ignore',
    },
    newToOrg: 'off',
  };
}

/**
 * Phase 1: the repositories' names (the dependency listing gives ids only), and the ids of those
 * `--repository` names.
 */
async function listRepositories(
  platform: GatePlatform,
  wanted: readonly string[] | undefined,
  onPage: (names: number) => void,
): Promise<{ names: Map<string, string>; pages: number; only?: string[] }> {
  const names = new Map<string, string>();
  let pages = 0;
  for await (const page of platform.client
    .repositories(platform.deploymentId, { pageSize: REPOSITORY_PAGE })
    .pages()) {
    pages++;
    for (const r of page.items) names.set(r.id, r.name);
    onPage(names.size);
  }
  if (wanted === undefined || wanted.length === 0) return { names, pages };
  const byName = new Map([...names].map(([id, name]) => [name.toLowerCase(), id]));
  const missing = wanted.filter((n) => !byName.has(n.toLowerCase()));
  if (missing.length > 0)
    throw new AuditSetupError(
      `--repository ${missing.join(', ')}: the platform lists no repository with dependencies by ${missing.length === 1 ? 'that name' : 'those names'} (${names.size} repositories have dependencies${names.size > 0 ? `, e.g. ${[...names.values()].slice(0, 3).join(', ')}` : ''})`,
    );
  return { names, pages, only: wanted.map((n) => byName.get(n.toLowerCase())!) };
}

/**
 * Phase 2: what to ask the listing. With vulnerabilities or an allowed-license list, every dependency
 * (one listing: every record is judged for everything at once; a filter cannot ask for "any license
 * but these"); else the deny rules' filters (never narrower than the rules) and the denied licenses.
 */
function auditQueries(policy: Policy): WireDependencyFilter[] {
  if (policy.vulnerabilities !== undefined || policy.licenses.allow !== undefined) return [{}];
  const queries = denyRulesFilters(policy.deny);
  const deniedLicenses = policy.licenses.deny ?? [];
  if (deniedLicenses.length > 0) queries.push({ license: [...deniedLicenses] });
  return queries;
}

/** A record of the listing as the gate's judge takes a package version of a lockfile. */
function candidateOf(d: Dependency & PackageDependency): Candidate {
  return {
    lockfile: d.lockfilePath ?? '',
    pkg: { ecosystem: d.ecosystem, name: d.name, version: d.version, line: d.line ?? 0 },
    transitivity: d.transitivity,
    preExisting: false,
    pathRecorded: false,
    platformLicenses: d.licenses,
    askNewToOrg: false,
  };
}

/**
 * The whole organization against the policy, without holding the dependency listing. The deny rules
 * go to the platform as package filters that are never narrower than the rules (every spelling the
 * ecosystem takes for the name, no versions), the denied licenses as its `license` filter; with
 * `vulnerabilities:`, the whole listing is read once instead. The answers stream page by page
 * (largest page), and every record is judged with the gate's own judge and words (`evaluatePackage`,
 * the vulnerability finding): only what it finds is kept. Known vulnerabilities are asked once per
 * distinct package version, 1,000 at a time. Exceptions apply as in the gate (valid ones excuse,
 * expired ones warn, by advisory for vulnerabilities); the findings are grouped by repository and
 * lockfile with their lines. The violations are written to disk as each page is judged, and the report
 * reads them back one repository at a time (see ViolationStore): memory does not grow with them.
 */
export async function runAudit(
  platform: GatePlatform,
  policy: Policy,
  options: AuditOptions,
): Promise<AuditResult> {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const client: PlatformClient = platform.client;
  const before = client.stats().requests;
  const notes: ReportNote[] = [];
  const progress: AuditProgress = { dependencies: 0, repositories: 0, violations: 0, requests: 0 };
  const report = () => {
    progress.requests = client.stats().requests - before;
    options.onProgress?.({ ...progress });
  };

  const { names, pages, only } = await listRepositories(platform, options.repositories, (count) => {
    progress.repositories = count;
    report();
  });

  const judged = auditedPolicy(policy);
  // Violations go to disk as they are found (exceptions applied a page at a time): memory keeps what
  // orders the report and, when more than one query is asked, the keys that spot a record that two
  // queries answered (one query lists each record once).
  const queries = auditQueries(policy);
  const seen = queries.length > 1 ? new Set<string>() : undefined;
  let found = 0;
  const spill = options.spill ?? memorySpill();
  const store = new ViolationStore(spill);
  let pending: AuditViolation[] = [];
  const matched = new Array<number>(policy.exceptions.length).fill(0);
  const exceptionNotes: ReportNote[] = [];
  let expiredNotes = 0;
  let blocking = 0;
  let warnings = 0;
  const keep = (d: Dependency, finding: Finding) => {
    if (seen !== undefined) {
      // The record's id when the platform sends one (short), else where it is; then what was found.
      const where =
        d.id ??
        `${d.repositoryId}\u0000${d.lockfilePath ?? ''}\u0000${d.ecosystem ?? ''}\u0000${d.name}\u0000${d.version}\u0000${d.line ?? 0}`;
      const key = `${where}\u0000${finding.kind}\u0000${finding.rule.id}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    // The finding is the gate's, kept as it is (no copy) until it is written.
    const violation = finding as AuditViolation;
    violation.repository = names.get(d.repositoryId ?? '') ?? `repository ${d.repositoryId ?? '?'}`;
    violation.repositoryId = d.repositoryId ?? '';
    pending.push(violation);
    progress.violations = ++found;
  };
  /** Exceptions applied as in the gate, then each violation written. */
  const settle = () => {
    if (pending.length === 0) return;
    const { uses, notes: expired } = applyExceptions(
      pending,
      policy.exceptions,
      options.now,
      policy.vulnerabilities?.failOn,
    );
    uses.forEach((use, i) => (matched[i]! += use.matched));
    expiredNotes += expired.length;
    exceptionNotes.push(...expired.slice(0, 50 - exceptionNotes.length));
    for (const v of pending) {
      v.blocking = v.level === 'error';
      if (v.blocking) blocking++;
      else if (v.level === 'warning') warnings++;
      store.add(v);
    }
    pending = [];
  };
  try {
    const vulnerabilities =
      policy.vulnerabilities === undefined
        ? undefined
        : createVulnerabilityBatches<Dependency>({
            policy: policy.vulnerabilities,
            sources: options.advisorySources ?? [],
            emit: keep,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          });

    // Phase 3: stream each query's answer, judging every record as it comes.
    let minimumRequests = Math.max(1, pages);
    for (const filter of queries) {
      if (only !== undefined) filter.repositoryId = only;
      let records = 0;
      for await (const page of client
        .dependencies(platform.deploymentId, filter, { pageSize: AUDIT_PAGE })
        .pages()) {
        for (const d of page.items) {
          records++;
          progress.dependencies++;
          if (!isPlacedDependency(d) || d.repositoryId === undefined) continue;
          if (!coversLockfile(policy, d.lockfilePath ?? '')) continue;
          const candidate = candidateOf(d);
          for (const finding of evaluatePackage(candidate, judged)) keep(d, finding);
          vulnerabilities?.offer(d, candidate);
        }
        await vulnerabilities?.settle();
        settle();
        report();
        options.afterPage?.();
      }
      minimumRequests += Math.max(1, Math.ceil(records / AUDIT_PAGE));
    }
    let vulnerabilityReport: AuditVulnerabilities | undefined;
    if (vulnerabilities !== undefined) {
      await vulnerabilities.finish();
      const summary = vulnerabilities.summary();
      vulnerabilityReport = summary.report;
      notes.push(...summary.notes);
      minimumRequests += vulnerabilityReport.minimumRequests;
    }
    settle();
    // Phase 4: the exceptions' uses, then the report.
    const uses = applyExceptions([], policy.exceptions, options.now).uses.map((use, i): ExceptionUse => ({
      ...use,
      status: use.status === 'expired' ? 'expired' : matched[i]! > 0 ? 'valid' : 'unused',
      matched: matched[i]!,
    }));
    notes.push(...exceptionNotes);
    if (expiredNotes > 50)
      notes.push({
        level: 'warning',
        message: `${expiredNotes - 50} more expired-exception warnings`,
      });

    const repositories = store.finish();
    const requests =
      client.stats().requests -
      before +
      (vulnerabilityReport?.sources
        .filter((s) => s.label !== 'platform')
        .reduce((n, s) => n + s.requests, 0) ?? 0);
    return {
      schemaVersion: 1,
      kind: 'audit',
      tool: { name: 'depgate', version: options.version },
      generatedAt: options.now.toISOString(),
      policy: policy.source,
      deploymentSlug: platform.deploymentSlug,
      repositories,
      exceptions: uses,
      counts: {
        repositoriesScanned: only?.length ?? names.size,
        repositoriesViolating: repositories.summaries().filter((r) => r.blocking > 0).length,
        violations: blocking,
        excused: store.size - blocking - warnings,
        warnings,
        dependenciesRead: progress.dependencies,
      },
      requests,
      minimumRequests,
      durationMs: Math.round(clock() - started),
      notes,
      ...(vulnerabilityReport === undefined ? {} : { vulnerabilities: vulnerabilityReport }),
    };
  } catch (error) {
    spill.close();
    throw error;
  }
}
