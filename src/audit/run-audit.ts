import type { Dependency, WireDependencyFilter } from '../core/index.js';
import {
  applyExceptions,
  denyRulesFilter,
  FILTERS_PER_REQUEST,
  type GatePlatform,
  type ReportNote,
} from '../gate/index.js';
import {
  coversLockfile,
  licenseVerdict,
  matchesRule,
  type PackageRule,
  type Policy,
} from '../policy/index.js';
import type { AuditLockfile, AuditProgress, AuditReport, AuditRepository, AuditViolation } from './types.js';

/** The dependency listing's largest page. */
export const AUDIT_PAGE = 10_000;
/** The repositories listing's largest page. */
const REPOSITORY_PAGE = 100;

export interface AuditOptions {
  now: Date;
  version: string;
  /** Only these repositories (by name); all when absent. */
  repositories?: readonly string[];
  /** Called after each page of the dependency listing (and of the repositories listing). */
  onProgress?: (progress: AuditProgress) => void;
  /** A monotonic clock in ms, for the duration. */
  clock?: () => number;
}

/** A repository named with `--repository` that the platform does not list. */
export class AuditSetupError extends Error {
  override readonly name = 'AuditSetupError';
}

const ruleId = (rule: PackageRule) => `deny[${rule.index}]`;

/**
 * The whole organization against the policy, without holding the dependency listing: the deny rules go
 * to the platform as package filters and the denied licenses as its `license` filter, the answers stream
 * page by page (largest page), and only what breaks the policy is kept. Each answer is judged again here
 * with the gate's own code (rule paths, version bounds, SPDX expressions), exceptions apply as in the
 * gate (valid ones excuse, expired ones warn), and the violations are grouped by repository and
 * lockfile with their lines.
 */
export async function runAudit(
  platform: GatePlatform,
  policy: Policy,
  options: AuditOptions,
): Promise<AuditReport> {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const { client, deploymentId } = platform;
  const before = client.stats().requests;
  const notes: ReportNote[] = [];
  const progress: AuditProgress = { dependencies: 0, repositories: 0, violations: 0, requests: 0 };
  const report = () => {
    progress.requests = client.stats().requests - before;
    options.onProgress?.({ ...progress });
  };

  // Repository names (the dependency listing gives ids only).
  const names = new Map<string, string>();
  let repositoryPages = 0;
  for await (const page of client.repositories(deploymentId, { pageSize: REPOSITORY_PAGE }).pages()) {
    repositoryPages++;
    for (const r of page.items) names.set(r.id, r.name);
    progress.repositories = names.size;
    report();
  }
  let only: string[] | undefined;
  if (options.repositories !== undefined && options.repositories.length > 0) {
    const byName = new Map([...names].map(([id, name]) => [name.toLowerCase(), id]));
    const missing = options.repositories.filter((n) => !byName.has(n.toLowerCase()));
    if (missing.length > 0)
      throw new AuditSetupError(
        `--repository ${missing.join(', ')}: the platform lists no repository with dependencies by ${missing.length === 1 ? 'that name' : 'those names'} (${names.size} repositories have dependencies${names.size > 0 ? `, e.g. ${[...names.values()].slice(0, 3).join(', ')}` : ''})`,
      );
    only = options.repositories.map((n) => byName.get(n.toLowerCase())!);
  }

  const found = new Map<string, AuditViolation>();
  // Tens of thousands of violations repeat a few hundred names, versions, paths, messages and license
  // lists: keep one copy of each (the listing's JSON gives every record its own).
  const strings = new Map<string, string>();
  const intern = (text: string): string => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
  const licenseLists = new Map<string, string[]>();
  const internLicenses = (list: string[]): string[] => {
    const key = list.join('\n');
    const known = licenseLists.get(key);
    if (known !== undefined) return known;
    licenseLists.set(key, list);
    return list;
  };
  const rules = new Map<string, AuditViolation['rule']>();
  const sharedRule = (rule: AuditViolation['rule']): AuditViolation['rule'] => {
    const known = rules.get(rule.id);
    if (known !== undefined) return known;
    rules.set(rule.id, rule);
    return rule;
  };
  let minimumRequests = Math.max(1, repositoryPages);
  // The record's id when the platform sends one (short), else where it is.
  const violationKey = (d: Dependency, lockfile: string) =>
    d.id ??
    `${d.repositoryId}\u0000${lockfile}\u0000${d.ecosystem ?? ''}\u0000${d.name}\u0000${d.version}\u0000${d.line ?? 0}`;

  const record = (
    d: Dependency,
    v: Omit<
      AuditViolation,
      | 'repository'
      | 'repositoryId'
      | 'lockfile'
      | 'line'
      | 'ecosystem'
      | 'name'
      | 'version'
      | 'transitivity'
      | 'licenses'
      | 'preExisting'
      | 'blocking'
      | 'pathRecorded'
      | 'level'
    >,
  ) => {
    const lockfile = d.lockfilePath ?? '';
    const key = violationKey(d, lockfile);
    if (found.has(key)) return;
    found.set(key, {
      kind: v.kind,
      level: 'error',
      // Built from the name, the version and the rule, a message repeats as often as they do: one copy
      // of each instead of a fresh concatenation (several string pieces) per violation.
      message: intern(v.message),
      preExisting: false,
      blocking: true,
      repository: names.get(d.repositoryId ?? '') ?? `repository ${d.repositoryId ?? '?'}`,
      repositoryId: intern(d.repositoryId ?? ''),
      lockfile: intern(lockfile),
      line: d.line ?? 0,
      ecosystem: d.ecosystem!,
      name: intern(d.name),
      version: intern(d.version),
      transitivity: d.transitivity,
      pathRecorded: false,
      licenses: internLicenses(d.licenses),
      ...(d.licenses.length > 0 ? { licenseSource: 'platform' as const } : {}),
      rule: sharedRule(v.rule),
    });
    progress.violations = found.size;
  };

  /** Streams one query's answer, page by page, judging each record as it comes. */
  async function stream(filter: WireDependencyFilter, judge: (d: Dependency) => void): Promise<void> {
    if (only !== undefined) filter.repositoryId = only;
    let records = 0;
    for await (const page of client.dependencies(deploymentId, filter, { pageSize: AUDIT_PAGE }).pages()) {
      for (const d of page.items) {
        records++;
        progress.dependencies++;
        if (d.ecosystem === undefined || d.repositoryId === undefined) continue;
        if (!coversLockfile(policy, d.lockfilePath ?? '')) continue;
        judge(d);
      }
      report();
    }
    minimumRequests += Math.max(1, Math.ceil(records / AUDIT_PAGE));
  }

  // Deny rules, up to 1,000 filters a query.
  for (let start = 0; start < policy.deny.length; start += FILTERS_PER_REQUEST) {
    const batch = policy.deny.slice(start, start + FILTERS_PER_REQUEST);
    await stream(denyRulesFilter(batch), (d) => {
      const target = {
        ecosystem: d.ecosystem!,
        name: d.name,
        version: d.version,
        lockfilePath: d.lockfilePath ?? '',
      };
      for (const rule of batch) {
        const match = matchesRule(target, rule);
        if (match === false) continue;
        const reason = rule.reason === undefined ? '' : `: ${rule.reason}`;
        record(d, {
          kind: match === true ? 'denied' : 'version-unknown',
          message:
            match === true
              ? `${d.name} ${d.version} is denied by ${ruleId(rule)}${reason}`
              : `${d.name} ${d.version}: ${ruleId(rule)} bounds the version, and ${d.version} cannot be ordered as a ${d.ecosystem} version`,
          rule: { id: ruleId(rule), ...(rule.reason ? { reason: rule.reason } : {}), line: rule.at.line },
        });
        return;
      }
    });
  }

  // Denied licenses: the platform narrows by id, the SPDX expression decides (an OR with an allowed choice passes).
  const deniedLicenses = policy.licenses.deny ?? [];
  if (deniedLicenses.length > 0) {
    const licensePolicy = { deny: deniedLicenses, unknown: policy.licenses.unknown };
    await stream({ license: [...deniedLicenses] }, (d) => {
      const verdict = licenseVerdict(d.licenses, licensePolicy);
      if (verdict.status !== 'denied') return;
      record(d, {
        kind: 'license',
        message: `${d.name} ${d.version} is under ${verdict.denied?.join(', ') ?? d.licenses.join(', ')}, denied by the policy`,
        rule: { id: 'licenses.deny' },
      });
    });
  }
  if (policy.licenses.allow !== undefined)
    notes.push({
      level: 'notice',
      message:
        'licenses.allow is not checked by the audit: an allow list needs every dependency of the organization; list the licenses to refuse under licenses.deny to audit them',
    });

  const violations = [...found.values()];
  const { uses, notes: exceptionNotes } = applyExceptions(violations, policy.exceptions, options.now);
  for (const v of violations) v.blocking = v.level === 'error';
  notes.push(...exceptionNotes.slice(0, 50));
  if (exceptionNotes.length > 50)
    notes.push({
      level: 'warning',
      message: `${exceptionNotes.length - 50} more expired-exception warnings`,
    });

  const repositories = group(violations);
  const blocking = violations.filter((v) => v.blocking).length;
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
      repositoriesViolating: repositories.filter((r) => r.blocking > 0).length,
      violations: blocking,
      excused: violations.length - blocking,
      dependenciesRead: progress.dependencies,
    },
    requests: client.stats().requests - before,
    minimumRequests,
    durationMs: Math.round(clock() - started),
    notes,
  };
}

function group(violations: AuditViolation[]): AuditRepository[] {
  const byRepo = new Map<string, Map<string, AuditViolation[]>>();
  for (const v of violations) {
    let lockfiles = byRepo.get(v.repositoryId);
    if (lockfiles === undefined)
      byRepo.set(v.repositoryId, (lockfiles = new Map<string, AuditViolation[]>()));
    let list = lockfiles.get(v.lockfile);
    if (list === undefined) lockfiles.set(v.lockfile, (list = []));
    list.push(v);
  }
  const out: AuditRepository[] = [];
  for (const [id, lockfiles] of byRepo) {
    const files: AuditLockfile[] = [...lockfiles]
      .map(([path, list]) => ({
        path,
        violations: list.sort(
          (a, b) =>
            Number(b.blocking) - Number(a.blocking) || a.line - b.line || a.name.localeCompare(b.name),
        ),
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const first = files[0]!.violations[0]!;
    out.push({
      name: first.repository,
      id,
      lockfiles: files,
      blocking: files.reduce((n, f) => n + f.violations.filter((v) => v.blocking).length, 0),
    });
  }
  return out.sort((a, b) => b.blocking - a.blocking || a.name.localeCompare(b.name));
}
