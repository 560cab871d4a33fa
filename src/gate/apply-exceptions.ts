import { matchesRule, type PolicyException } from '../policy/index.js';
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
): { uses: ExceptionUse[]; notes: ReportNote[] } {
  const matched = new Array<number>(exceptions.length).fill(0);
  const notes: ReportNote[] = [];
  for (const finding of findings) {
    if (finding.level === 'notice') continue;
    const target = {
      ecosystem: finding.ecosystem,
      name: finding.name,
      version: finding.version,
      lockfilePath: finding.lockfile,
    };
    const at = exceptions.findIndex((e) => matchesRule(target, e) === true);
    if (at === -1) continue;
    const exception = exceptions[at]!;
    matched[at]!++;
    const expired = isExpired(exception, now);
    const ref: ExceptionRef = {
      id: `exceptions[${exception.index}]`,
      status: expired ? 'expired' : 'valid',
      reason: exception.reason,
      owner: exception.owner,
      expires: exception.expires,
      line: exception.at.line,
    };
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
