import { compareVersions, type Ecosystem } from '../domain/index.js';
import type { SeverityThreshold, VulnerabilityPolicy } from '../policy/index.js';
import {
  queryKey,
  requestsOf,
  type Advisory,
  type AdvisorySource,
  type PackageAdvisories,
  type PackageQuery,
  type SeverityBand,
  type VulnLookup,
} from '../vulns/types.js';
import { AdvisorySourceError } from './advisory-source-error.js';
import type { EntryChange } from './diff-lockfile.js';
import { findingOf, type Candidate } from './evaluate-package.js';
import { fixCommand } from './fix-command.js';
import type {
  Finding,
  FindingAdvisory,
  FindingLevel,
  FixedAdvisories,
  ReportNote,
  VulnerabilityReport,
} from './types.js';

/** A source the policy lists that the edge could not set up (the platform without a token, ...). */
export interface UnavailableSource {
  label: string;
  unavailable: string;
}

export type GateAdvisorySource = AdvisorySource | UnavailableSource;

type OrganizationContext = NonNullable<Finding['organization']>;

const RANK: Record<SeverityBand, number> = { low: 1, moderate: 2, high: 3, critical: 4, unknown: 5 };
const THRESHOLD: Record<SeverityThreshold, number> = {
  none: Infinity,
  low: 1,
  moderate: 2,
  high: 3,
  critical: 4,
};

/**
 * Whether an advisory blocks at a threshold. An advisory whose severity is unknown counts as at the
 * threshold (it blocks unless `failOn: none`): its weight being unknown does not make it harmless.
 */
export function severityBlocks(severity: SeverityBand, failOn: SeverityThreshold): boolean {
  if (failOn === 'none') return false;
  return severity === 'unknown' || RANK[severity] >= THRESHOLD[failOn];
}

/** Worst first: critical, high, moderate, low, then unknown (shown last, though it blocks); then by id. */
const DISPLAY: Record<SeverityBand, number> = { critical: 0, high: 1, moderate: 2, low: 3, unknown: 4 };
const byWeight = (a: Advisory, b: Advisory): number =>
  DISPLAY[a.severity] - DISPLAY[b.severity] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The level of a vulnerability finding from its advisories that a valid exception does not excuse. */
export function vulnerabilityLevel(
  advisories: readonly FindingAdvisory[],
  failOn: SeverityThreshold,
): FindingLevel {
  const counted = advisories.filter((a) => a.exception?.status !== 'valid');
  if (counted.length === 0) return 'notice';
  return counted.some((a) => severityBlocks(a.severity, failOn)) ? 'error' : 'warning';
}

/** Every id an advisory goes by, upper-cased (ids compare case-insensitively). */
export const advisoryIds = (a: Pick<Advisory, 'id' | 'aliases'>): string[] =>
  [a.id, ...a.aliases].map((id) => id.toUpperCase());

/** What every source together says of one package version. */
export interface MergedAnswer {
  advisories: FindingAdvisory[];
  fix?: string;
  /** No published version is known clean, but the advisories end at a last affected version: after it. */
  fixAfter?: string;
  organization?: OrganizationContext;
}

/** Merges what several sources say about one version: one record per advisory (aliases overlap). */
export function mergeAnswers(
  ecosystem: Ecosystem,
  answers: readonly { label: string; found: PackageAdvisories }[],
): MergedAnswer {
  const merged: FindingAdvisory[] = [];
  let organization: OrganizationContext | undefined;
  for (const { found } of answers)
    if (found.organization !== undefined) {
      const repositories = new Set([
        ...(organization?.repositories ?? []),
        ...found.organization.repositories,
      ]);
      const reachableIn = new Set([...(organization?.reachableIn ?? []), ...found.organization.reachable]);
      organization = {
        flagged: repositories.size,
        reachable: reachableIn.size,
        repositories: [...repositories].sort(),
        reachableIn: [...reachableIn].sort(),
      };
    }
  // The highest of the sources' fixes ("after X" above X itself); none when a source knows none.
  let fix: { at: string; after: boolean } | undefined;
  let unfixed = false;
  for (const { label, found } of answers) {
    for (const advisory of found.advisories) {
      const ids = new Set(advisoryIds(advisory));
      const same = merged.find((m) => advisoryIds(m).some((id) => ids.has(id)));
      if (same === undefined) {
        merged.push({ ...advisory, aliases: [...advisory.aliases], sources: [label] });
        continue;
      }
      for (const id of [advisory.id, ...advisory.aliases])
        if (!advisoryIds(same).includes(id.toUpperCase())) same.aliases.push(id);
      same.aliases.sort();
      if (!same.sources.includes(label)) same.sources.push(label);
      // The worse of the two severities, a known one over unknown.
      if (
        same.severity === 'unknown' ||
        (advisory.severity !== 'unknown' && RANK[advisory.severity] > RANK[same.severity])
      )
        same.severity = advisory.severity;
      if (same.summary === '' && advisory.summary !== '') same.summary = advisory.summary;
    }
    if (found.advisories.length === 0) continue;
    const own =
      found.fix !== undefined
        ? { at: found.fix, after: false }
        : found.fixAfter !== undefined
          ? { at: found.fixAfter, after: true }
          : undefined;
    if (own === undefined) unfixed = true;
    else if (fix === undefined) fix = own;
    else {
      const cmp = compareVersions(ecosystem, own.at, fix.at) ?? 0;
      if (cmp > 0 || (cmp === 0 && own.after)) fix = own;
    }
  }
  merged.sort(byWeight);
  return {
    advisories: merged,
    ...(unfixed || fix === undefined ? {} : fix.after ? { fixAfter: fix.at } : { fix: fix.at }),
    ...(organization === undefined ? {} : { organization }),
  };
}

/** What a source's failure says, in a line: its message, and the advice an ApiError carries. */
export const describeSourceError = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  const hint = (error as { hint?: unknown } | null)?.hint;
  const line = `${text.split('\n')[0]!.trim()}${typeof hint === 'string' && hint !== '' ? ` (${hint})` : ''}`;
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
};

export interface VulnerabilityInput {
  policy: VulnerabilityPolicy;
  sources: readonly GateAdvisorySource[];
  /** Introduced and pre-existing versions of the head (pre-existing ones are asked only when they can fail). */
  candidates: readonly Candidate[];
  /** Each lockfile's changes, for what the change leaves behind (the base side of upgrades and removals). */
  changes: readonly { lockfile: string; changes: readonly EntryChange[] }[];
  /** Whether pre-existing findings can block (`preExisting: fail`): only then are they asked about. */
  askPreExisting: boolean;
  /** Each head lockfile's format (`package-lock@3`, `yarn-berry@8`...), for the command that applies a fix. */
  formats?: ReadonlyMap<string, string>;
  signal?: AbortSignal;
}

export interface VulnerabilityOutcome {
  findings: Finding[];
  notes: ReportNote[];
  report: VulnerabilityReport;
}

/**
 * The vulnerability check: asks each advisory source once, in one batched lookup, about every version
 * the change introduces, the base versions it moves away from (to tell what it fixes) and, when they
 * can fail the check, the head's other versions. One `vulnerability` finding per vulnerable version
 * (all its advisories, the fix that clears them all), `error` at or above `failOn`, else `warning`.
 * A source that cannot answer throws an AdvisorySourceError (`onError: fail`) or leaves a warning note
 * (`warn`); ecosystems a source has no database for are listed in a notice.
 */
export async function judgeVulnerabilities(input: VulnerabilityInput): Promise<VulnerabilityOutcome> {
  const { policy } = input;
  const queries = new Map<string, PackageQuery>();
  const ask = (q: PackageQuery): void => {
    const key = queryKey(q);
    if (!queries.has(key)) queries.set(key, q);
  };
  const asked = input.candidates.filter((c) => !c.preExisting || input.askPreExisting);
  for (const c of asked) ask(c.pkg);
  // What a change leaves behind, and every head version of those packages in that lockfile: an
  // advisory is fixed only when no head version of the package there still has it.
  const movedFrom = new Set<string>();
  const packageIn = (lockfile: string, ecosystem: Ecosystem, name: string) =>
    `${lockfile}\u0000${ecosystem}\u0000${name}`;
  for (const { lockfile, changes } of input.changes)
    for (const { base } of changes)
      if (base !== undefined) {
        ask(base.pkg);
        movedFrom.add(packageIn(lockfile, base.pkg.ecosystem, base.pkg.name));
      }
  const headVersions = new Map<string, PackageQuery[]>();
  for (const c of input.candidates) {
    const key = packageIn(c.lockfile, c.pkg.ecosystem, c.pkg.name);
    if (!movedFrom.has(key)) continue;
    ask(c.pkg);
    const list = headVersions.get(key) ?? [];
    list.push(c.pkg);
    headVersions.set(key, list);
  }
  const list = [...queries.values()];

  const notes: ReportNote[] = [];
  const report: VulnerabilityReport = {
    failOn: policy.failOn,
    sources: [],
    queried: list.length,
    requests: 0,
    vulnerable: 0,
    fixed: 0,
    fixes: [],
    unsupported: [],
  };
  const answers = new Map<string, { label: string; found: PackageAdvisories }[]>();
  const failures: { label: string; error: string }[] = [];
  // The sources are asked together; each answers every query or fails as a whole.
  type Settled = { source: GateAdvisorySource } & (
    { error: string; requests: number } | { lookup: VulnLookup }
  );
  const settled = await Promise.all(
    input.sources.map(async (source): Promise<Settled> => {
      if ('unavailable' in source) return { source, error: source.unavailable, requests: 0 };
      // Nothing to ask: no request is made (an offline database is not even opened).
      if (list.length === 0) return { source, lookup: { found: new Map(), requests: 0, unsupported: [] } };
      try {
        return { source, lookup: await source.lookup(list, input.signal) };
      } catch (error) {
        return { source, error: describeSourceError(error), requests: requestsOf(error) ?? 0 };
      }
    }),
  );
  for (const outcome of settled) {
    const { label } = outcome.source;
    if ('error' in outcome) {
      failures.push({ label, error: outcome.error });
      report.sources.push({ label, status: 'failed', requests: outcome.requests, error: outcome.error });
      report.requests += outcome.requests;
      continue;
    }
    const { lookup } = outcome;
    report.sources.push({ label, status: 'answered', requests: lookup.requests });
    report.requests += lookup.requests;
    for (const [key, found] of lookup.found) {
      let list = answers.get(key);
      if (list === undefined) answers.set(key, (list = []));
      list.push({ label, found });
    }
    const byEcosystem = new Map<Ecosystem, number>();
    for (const q of lookup.unsupported) byEcosystem.set(q.ecosystem, (byEcosystem.get(q.ecosystem) ?? 0) + 1);
    for (const [ecosystem, packages] of [...byEcosystem].sort(([a], [b]) => (a < b ? -1 : 1))) {
      report.unsupported.push({ source: label, ecosystem, packages });
    }
    if (byEcosystem.size > 0) notes.push(unsupportedNote(label, byEcosystem));
    for (const message of lookup.warnings ?? [])
      notes.push({ level: 'warning', message: `${label}: ${message}` });
    for (const message of lookup.notices ?? [])
      notes.push({ level: 'notice', message: `${label}: ${message}` });
  }
  if (failures.length > 0) {
    if (policy.onError === 'fail') throw new AdvisorySourceError(failures);
    for (const f of failures) notes.push(sourceFailedNote(f.label, f.error));
  }

  const merged = new Map<string, MergedAnswer>();
  const mergedOf = (q: PackageQuery) => {
    const key = queryKey(q);
    let known = merged.get(key);
    if (known === undefined) {
      known = mergeAnswers(q.ecosystem, answers.get(key) ?? []);
      merged.set(key, known);
    }
    return known;
  };

  const findings: Finding[] = [];
  for (const c of asked) {
    const finding = vulnerabilityFinding(c, mergedOf(c.pkg), policy, input.formats?.get(c.lockfile));
    if (finding === undefined) continue;
    if (!c.preExisting) report.vulnerable++;
    findings.push(finding);
  }

  const fixedIds = new Set<string>();
  for (const { lockfile, changes } of input.changes) {
    for (const { change, base, head } of changes) {
      if (base === undefined) continue;
      const before = mergedOf(base.pkg);
      if (before.advisories.length === 0) continue;
      const heads = [
        ...(headVersions.get(packageIn(lockfile, base.pkg.ecosystem, base.pkg.name)) ?? []),
        ...(head === undefined ? [] : [head.pkg]),
      ];
      const still = new Set(heads.flatMap((pkg) => mergedOf(pkg).advisories.flatMap(advisoryIds)));
      const gone = before.advisories.filter((a) => !advisoryIds(a).some((id) => still.has(id)));
      if (gone.length === 0) continue;
      const fixed: FixedAdvisories = {
        lockfile,
        ecosystem: change.ecosystem,
        name: change.name,
        from: base.pkg.version,
        advisories: gone.map((a) => a.id),
      };
      if (head !== undefined) fixed.to = head.pkg.version;
      report.fixes.push(fixed);
      for (const a of gone) fixedIds.add(a.id.toUpperCase());
    }
  }
  report.fixed = fixedIds.size;
  return { findings, notes, report };
}

/**
 * The vulnerability finding on one package version, from what the sources together say of it (none
 * when they know no advisory): `error` at or above `failOn`, else `warning`, before exceptions. The
 * gate and the audit both judge with it, so a version gets the same verdict and the same words.
 */
export function vulnerabilityFinding(
  candidate: Candidate,
  answer: MergedAnswer,
  policy: VulnerabilityPolicy,
  format?: string,
): Finding | undefined {
  const { advisories, fix, fixAfter, organization } = answer;
  if (advisories.length === 0) return undefined;
  // The command is the finding's own field, not in its words: the audit, which judges with the same
  // words, does not know the lockfile's format.
  const command = fix === undefined ? undefined : fixCommand(format, candidate.pkg.name, fix);
  const rule = { id: 'vulnerabilities.failOn', ...(policy.at === undefined ? {} : { line: policy.at.line }) };
  const finding = findingOf(
    candidate,
    'vulnerability',
    vulnerabilityLevel(advisories, policy.failOn),
    rule,
    vulnerabilityMessage(candidate, advisories, fix, fixAfter, organization),
  );
  finding.advisories = advisories.map((a) => ({ ...a, aliases: [...a.aliases], sources: [...a.sources] }));
  if (fix !== undefined) finding.fix = fix;
  if (command !== undefined) finding.fixCommand = command;
  if (fixAfter !== undefined) finding.fixAfter = fixAfter;
  if (organization !== undefined)
    finding.organization = {
      ...organization,
      repositories: [...organization.repositories],
      reachableIn: [...organization.reachableIn],
    };
  return finding;
}

/** The notice for package versions a source has no advisory database for, by ecosystem. */
export function unsupportedNote(label: string, byEcosystem: ReadonlyMap<Ecosystem, number>): ReportNote {
  return {
    level: 'notice',
    message: `${label} has no advisory database for ${[...byEcosystem]
      .map(([e, n]) => `${e} (${n} package version${n === 1 ? '' : 's'})`)
      .join(', ')}: not checked for known vulnerabilities there`,
  };
}

/** The warning for a source that could not answer under `onError: warn`. */
export function sourceFailedNote(label: string, error: string): ReportNote {
  return {
    level: 'warning',
    message: `${label} could not answer (${error}): known vulnerabilities were not checked there (vulnerabilities.onError: warn)`,
  };
}

/** One line: how many advisories, the worst, and the fix. The renderers show the advisories in full. */
function vulnerabilityMessage(
  candidate: Candidate,
  advisories: readonly FindingAdvisory[],
  fix: string | undefined,
  fixAfter: string | undefined,
  organization?: OrganizationContext,
): string {
  const { pkg } = candidate;
  const worst = advisories[0]!;
  const ids = advisories.map((a) => a.id);
  const shown = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', ');
  const count = advisories.length === 1 ? 'a known advisory' : `${advisories.length} known advisories`;
  return `${pkg.name} ${pkg.version} has ${count} (worst: ${worst.severity}): ${shown}; ${vulnerabilityFixText(
    pkg.name,
    pkg.version,
    fix,
    fixAfter,
  )}${organization === undefined || organization.flagged === 0 ? '' : `; ${organizationText(organization)}`}`;
}

/** "flagged in 2 repositories of the organization, reachable in 1". */
export function organizationText(o: Pick<OrganizationContext, 'flagged' | 'reachable'>): string {
  return `flagged in ${o.flagged} repositor${o.flagged === 1 ? 'y' : 'ies'} of the organization, reachable in ${o.reachable}`;
}

/**
 * What a vulnerable version's fix line says: the version to move to; or, where the advisories name only
 * the last affected version, a version after it; or that no clean version is known.
 */
export function vulnerabilityFixText(
  name: string,
  version: string,
  fix?: string,
  fixAfter?: string,
  command?: string,
): string {
  if (fix !== undefined)
    return `fix: ${name} ${version} -> ${fix}${command === undefined ? '' : ` (${command})`}`;
  if (fixAfter !== undefined)
    return `fix: ${name} ${version} -> a version after ${fixAfter} (the advisories name only the last affected version)`;
  return 'no version clear of its known advisories is published';
}
