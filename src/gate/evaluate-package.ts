import type { PackageVersion, Transitivity } from '../domain/index.js';
import type { LockfilePackage } from '../lockfiles/index.js';
import { denyRulesFor, licenseVerdict, matchesRule, type Policy, type RuleTarget } from '../policy/index.js';
import type { ChangeKind, Finding, FindingKind, FindingLevel, RuleRef } from './types.js';

/**
 * One package version of a head lockfile (or of the platform's listing, in the audit) to judge, with
 * what the gate knows about it: the entry's line, and its licenses when the lockfile records them.
 */
export interface Candidate {
  lockfile: string;
  pkg: PackageVersion & Pick<LockfilePackage, 'line' | 'licenses' | 'installScript'>;
  transitivity: Transitivity;
  /** How it came (absent when it is pre-existing: on the base at the same version). */
  change?: ChangeKind;
  previousVersion?: string;
  preExisting: boolean;
  /**
   * For a pre-existing version, the lockfile path the base had it at when that is another (a moved
   * lockfile, or one the change deleted beside it): a rule scoped to paths judges it new unless that
   * rule applied there too.
   */
  basePath?: string;
  /** Names from a direct dependency to it, when the format records edges. */
  path?: string[];
  pathRecorded: boolean;
  /** Licenses the platform knows for this version, when asked. */
  platformLicenses?: string[];
  /** Repositories of the organization using the package (any version), when asked. */
  orgRepositories?: number;
  /** Whether to judge it new to the organization (the platform was asked, and it is new to this lockfile). */
  askNewToOrg: boolean;
}

const ruleLabel = (rule: Policy['deny'][number]): string => {
  const parts: string[] = [];
  if (rule.exactVersion !== undefined) parts.push(rule.exactVersion);
  if (rule.versionLowerBound !== undefined) parts.push(rule.versionLowerBound);
  if (rule.versionUpperBound !== undefined) parts.push(rule.versionUpperBound);
  return `${rule.name ?? '*'}${parts.length > 0 ? ` ${parts.join(' ')}` : ''}`;
};

/** The licenses a candidate is judged by: the lockfile's, else the platform's; and where they came from. */
function licensesOf(candidate: Candidate): {
  licenses: string[];
  source?: 'lockfile' | 'platform';
} {
  const { pkg } = candidate;
  if (pkg.licenses !== undefined && pkg.licenses.length > 0)
    return { licenses: pkg.licenses, source: 'lockfile' };
  if (candidate.platformLicenses !== undefined && candidate.platformLicenses.length > 0)
    return { licenses: candidate.platformLicenses, source: 'platform' };
  return { licenses: [] };
}

/** A finding on a candidate, with what the gate knows about it (change, path, licenses, usage). */
export function findingOf(
  candidate: Candidate,
  kind: FindingKind,
  level: FindingLevel,
  rule: RuleRef,
  message: string,
): Finding {
  const { pkg } = candidate;
  const { licenses, source: licenseSource } = licensesOf(candidate);
  const finding: Finding = {
    kind,
    level,
    message,
    preExisting: candidate.preExisting,
    blocking: false,
    lockfile: candidate.lockfile,
    line: pkg.line,
    ecosystem: pkg.ecosystem,
    name: pkg.name,
    version: pkg.version,
    transitivity: candidate.transitivity,
    pathRecorded: candidate.pathRecorded,
    licenses: [...licenses],
    rule,
  };
  if (candidate.change !== undefined) finding.change = candidate.change;
  if (candidate.previousVersion !== undefined) finding.previousVersion = candidate.previousVersion;
  if (candidate.path !== undefined) finding.path = candidate.path;
  if (licenseSource !== undefined) finding.licenseSource = licenseSource;
  if (candidate.orgRepositories !== undefined) finding.orgRepositories = candidate.orgRepositories;
  return finding;
}

/**
 * The policy's findings on one package version, before exceptions: deny rules (a version its ecosystem
 * cannot order against a rule's bound is `version-unknown`, never a silent pass), licenses (the
 * lockfile's, else the platform's), unknown license, and new to the organization.
 */
export function evaluatePackage(candidate: Candidate, policy: Policy): Finding[] {
  const { pkg } = candidate;
  const findings: Finding[] = [];
  const add = (kind: FindingKind, level: FindingLevel, rule: RuleRef, message: string): void => {
    findings.push(findingOf(candidate, kind, level, rule, message));
  };
  const licenses = licensesOf(candidate).licenses;
  const subject = `${pkg.name} ${pkg.version}`.trim();
  const target: RuleTarget = {
    ecosystem: pkg.ecosystem,
    name: pkg.name,
    version: pkg.version,
    lockfilePath: candidate.lockfile,
  };

  for (const rule of denyRulesFor(policy.deny, target)) {
    const match = matchesRule(target, rule);
    if (match === false) continue;
    const before = findings.length;
    const ref: RuleRef = { id: `deny[${rule.index}]`, line: rule.at.line };
    if (rule.reason !== undefined) ref.reason = rule.reason;
    if (match === 'unknown-version') {
      add(
        'version-unknown',
        'error',
        ref,
        `${subject}: version "${pkg.version}" cannot be ordered by ${pkg.ecosystem}'s rules, so ${ref.id} (${ruleLabel(rule)}) cannot be decided`,
      );
    } else {
      add(
        'denied',
        'error',
        ref,
        `${subject} is denied by ${ref.id}${rule.reason === undefined ? '' : `: ${rule.reason}`}`,
      );
    }
    // Moved into the rule's paths: what the rule never applied to on the base is new to it.
    if (
      candidate.basePath !== undefined &&
      findings.length > before &&
      matchesRule({ ...target, lockfilePath: candidate.basePath }, rule) === false
    )
      findings[findings.length - 1]!.preExisting = false;
  }

  const { licenses: licensePolicy } = policy;
  const checksLicenses = licensePolicy.allow !== undefined || licensePolicy.deny !== undefined;
  const verdict = checksLicenses
    ? licenseVerdict(licenses, licensePolicy)
    : { status: licenses.length === 0 ? ('unknown' as const) : ('allowed' as const) };
  if (verdict.status === 'denied') {
    const id = licensePolicy.allow !== undefined ? 'licenses.allow' : 'licenses.deny';
    const which =
      'denied' in verdict && verdict.denied !== undefined && verdict.denied.length > 0
        ? verdict.denied.join(', ')
        : licenses.join(', ');
    add(
      'license',
      'error',
      { id },
      licensePolicy.allow !== undefined
        ? `${subject} has license ${licenses.join(' AND ')}, not in licenses.allow`
        : `${subject} has license ${which}, denied by licenses.deny`,
    );
  } else if (verdict.status === 'unknown' && licensePolicy.unknown !== 'ignore') {
    add(
      'license-unknown',
      licensePolicy.unknown === 'fail' ? 'error' : 'warning',
      { id: 'licenses.unknown' },
      licenses.length === 0
        ? `${subject}: no license is known (the lockfile records none${candidate.platformLicenses === undefined ? '' : ' and the platform knows none'})`
        : `${subject}: license "${licenses.join(', ')}" is not an SPDX expression the policy can judge`,
    );
  }

  if (candidate.askNewToOrg && policy.newToOrg !== 'off' && (candidate.orgRepositories ?? 0) === 0) {
    add(
      'new-to-org',
      policy.newToOrg === 'fail' ? 'error' : 'warning',
      { id: 'newToOrg' },
      `${pkg.name} is new to the organization: no repository uses it yet`,
    );
  }
  return findings;
}
