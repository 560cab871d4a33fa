import {
  matchesRule,
  type PolicyException,
  type RuleTarget,
  type SeverityThreshold,
} from '../policy/index.js';
import { advisoryIds, vulnerabilityLevel } from './judge-vulnerabilities.js';
import type { ExceptionRef, ExceptionUse, Finding, ReportNote } from './types.js';

const DAY_MS = 86_400_000;

/** Whether an exception still excuses at `now`: through the whole of its `expires` day, in UTC. */
export function isExpired(exception: Pick<PolicyException, 'expires'>, now: Date): boolean {
  const [y, m, d] = exception.expires.split('-').map(Number) as [number, number, number];
  return now.getTime() >= Date.UTC(y, m - 1, d) + DAY_MS;
}

/**
 * Lets the policy's exceptions excuse findings: the first exception that matches a finding's package
 * (and lockfile) either excuses it (valid: the finding becomes a notice that names the exception) or is
 * shown expired beside it (the finding stands, and a warning says so). Returns each exception's use:
 * valid, expired, or unused (it matched nothing: a candidate for removal).
 */
export function applyExceptions(
  findings: Finding[],
  exceptions: readonly PolicyException[],
  now: Date,
  failOn: SeverityThreshold = 'high',
): { uses: ExceptionUse[]; notes: ReportNote[] } {
  const matched = new Array<number>(exceptions.length).fill(0);
  const notes: ReportNote[] = [];
  const refOf = (exception: PolicyException): ExceptionRef => {
    const ref: ExceptionRef = {
      id: `exceptions[${exception.index}]`,
      status: isExpired(exception, now) ? 'expired' : 'valid',
      reason: exception.reason,
      owner: exception.owner,
      expires: exception.expires,
      line: exception.at.line,
    };
    if (exception.advisory !== undefined) ref.advisory = exception.advisory;
    return ref;
  };
  for (const finding of findings) {
    if (finding.level === 'notice') continue;
    const target: RuleTarget = {
      ecosystem: finding.ecosystem,
      name: finding.name,
      version: finding.version,
      lockfilePath: finding.lockfile,
    };
    if (finding.kind === 'vulnerability') {
      excuseAdvisories(finding, exceptions, target, matched, refOf, notes, failOn);
      continue;
    }
    // An exception by advisory excuses a vulnerability only, never a deny rule or a license.
    const at = exceptions.findIndex((e) => e.advisory === undefined && matchesRule(target, e) === true);
    if (at === -1) continue;
    const exception = exceptions[at]!;
    matched[at]!++;
    const ref = refOf(exception);
    const expired = ref.status === 'expired';
    finding.exception = ref;
    if (expired) {
      notes.push({
        level: 'warning',
        message: `${ref.id} (owner ${exception.owner}) expired on ${exception.expires}: it no longer excuses ${finding.name} ${finding.version} in ${finding.lockfile}`,
        file: finding.lockfile,
        line: finding.line,
      });
    } else {
      finding.level = 'notice';
      finding.message = `${finding.message} (excused by ${ref.id}, owner ${exception.owner}, until ${exception.expires}: ${exception.reason})`;
    }
  }
  const uses = exceptions.map((e, i): ExceptionUse => {
    const use: ExceptionUse = {
      id: `exceptions[${e.index}]`,
      ...(e.advisory === undefined ? {} : { advisory: e.advisory }),
      reason: e.reason,
      owner: e.owner,
      expires: e.expires,
      line: e.at.line,
      status: isExpired(e, now) ? 'expired' : matched[i]! > 0 ? 'valid' : 'unused',
      matched: matched[i]!,
    };
    return use;
  });
  return { uses, notes };
}

/**
 * Exceptions by advisory on a vulnerability finding: each advisory is excused by the first exception
 * that names it (or an alias) and whose package keys, if any, match. A valid one takes that advisory
 * out of the count; the finding's level is then that of the advisories left (a notice when none is).
 * An exception without `advisory` never excuses a vulnerability.
 */
function excuseAdvisories(
  finding: Finding,
  exceptions: readonly PolicyException[],
  target: RuleTarget,
  matched: number[],
  refOf: (e: PolicyException) => ExceptionRef,
  notes: ReportNote[],
  failOn: SeverityThreshold,
): void {
  const advisories = finding.advisories ?? [];
  const excused: ExceptionRef[] = [];
  for (const advisory of advisories) {
    const ids = advisoryIds(advisory);
    const at = exceptions.findIndex(
      (e) =>
        e.advisory !== undefined &&
        ids.includes(e.advisory.toUpperCase()) &&
        (!narrowsPackages(e) || matchesRule(target, e) === true),
    );
    if (at === -1) continue;
    const exception = exceptions[at]!;
    matched[at]!++;
    const ref = refOf(exception);
    advisory.exception = ref;
    if (ref.status === 'expired')
      notes.push({
        level: 'warning',
        message: `${ref.id} (owner ${exception.owner}) expired on ${exception.expires}: it no longer excuses ${advisory.id} of ${finding.name} ${finding.version} in ${finding.lockfile}`,
        file: finding.lockfile,
        line: finding.line,
      });
    else excused.push(ref);
  }
  if (excused.length === 0) return;
  finding.level = vulnerabilityLevel(advisories, failOn);
  const which = excused
    .map((ref) => `${ref.advisory!} by ${ref.id}, owner ${ref.owner}, until ${ref.expires}: ${ref.reason}`)
    .join('; ');
  finding.message = `${finding.message} (excused: ${which})`;
  if (finding.level === 'notice' && excused.length === 1) finding.exception = excused[0]!;
}

/** Whether an exception by advisory also names packages (it then excuses the advisory on those only). */
const narrowsPackages = (e: PolicyException): boolean =>
  e.name !== undefined ||
  e.exactVersion !== undefined ||
  e.versionLowerBound !== undefined ||
  e.versionUpperBound !== undefined ||
  e.ecosystem !== undefined ||
  e.paths !== undefined;
