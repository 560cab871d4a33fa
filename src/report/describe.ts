import type { ExceptionRef, Finding, LockfileReport, PackageChange, Report } from '../gate/index.js';
import { printable } from './escape.js';

/** How a renderer shows a value the lockfile wrote (a name, a version): printable text, or a code span. */
export type ShowValue = (value: string) => string;

/** `4.17.21 -> 4.17.20`, `+ 1.3.0` (added), or the version alone for a pre-existing package. */
export function changeText(f: Finding, mode: Report['mode'] = 'diff', show: ShowValue = printable): string {
  if (mode === 'audit') return f.version === '' ? '(no version)' : show(f.version);
  if (f.previousVersion !== undefined) return `${show(f.previousVersion)} -> ${show(f.version)}`;
  if (f.change === 'added') return `+ ${show(f.version)}`;
  return f.version === '' ? '(no version)' : show(f.version);
}

/** Why the package is there: `direct`, the chain from a direct dependency, or what is known of it. */
export function whyText(f: Finding, show: ShowValue = printable, arrow = ' > '): string {
  if (f.transitivity === 'direct') return 'direct';
  if (f.path !== undefined && f.path.length > 1) return f.path.map(show).join(arrow);
  if (!f.pathRecorded)
    return f.transitivity === 'transitive' ? 'transitive (path not recorded)' : 'path not recorded';
  return f.transitivity === 'transitive' ? 'transitive' : 'not reached from a direct dependency';
}

export function exceptionText(e: ExceptionRef): string {
  return e.status === 'valid'
    ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
    : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses this`;
}

export function usageText(f: Finding): string | undefined {
  if (f.orgRepositories === undefined) return undefined;
  if (f.orgRepositories === 0) return 'used by no repository of the organization yet';
  return `used in ${f.orgRepositories} ${f.orgRepositories === 1 ? 'repository' : 'repositories'} of the organization`;
}

/** What a finding says in a table cell: the message, then the rule's line, exception and org usage. */
export function findingDetails(f: Finding): string[] {
  const parts = [f.message];
  // A valid exception is already named in the message ("excused by ...").
  if (f.exception !== undefined && !f.message.includes(`excused by ${f.exception.id}`))
    parts.push(exceptionText(f.exception));
  if (f.rule.orgRepositories !== undefined && f.rule.orgRepositories > 0)
    parts.push(
      `${plural(f.rule.orgRepositories, 'repository', 'repositories')} of the organization already carry a package ${f.rule.id} denies`,
    );
  const usage = usageText(f);
  if (usage !== undefined && f.kind !== 'new-to-org') parts.push(usage);
  return parts;
}

export function levelLabel(f: Finding): string {
  if (f.blocking) return 'BLOCK';
  if (f.level === 'error') return f.preExisting ? 'error' : 'error';
  return f.level === 'warning' ? 'warn' : 'note';
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One sentence for the whole run: verdict, counts and where the answer came from. */
export function summaryLine(report: Report): string {
  const { counts } = report;
  const verdict = report.verdict === 'block' ? 'blocked' : 'passed';
  const what =
    report.mode === 'audit'
      ? `${plural(counts.introduced, 'package version')} audited in ${plural(counts.lockfiles, 'lockfile')}`
      : `${plural(counts.introduced, 'package version')} introduced, ${counts.removed} removed, in ${plural(counts.lockfiles, 'changed lockfile')}`;
  const unreadable = report.notes.filter((n) => n.level === 'error').length;
  const unread = unreadable === 0 ? '' : `, ${plural(unreadable, 'lockfile')} it could not read`;
  return `${verdict}: ${plural(counts.violations, 'violation')}${unread}, ${plural(counts.warnings, 'warning')}; ${what}`;
}

export function sourceLine(report: Report): string {
  const platform =
    report.platform.mode === 'off'
      ? 'platform off'
      : `platform ${report.platform.deploymentSlug ?? ''} (${plural(report.platform.requests ?? 0, 'request')})`.replace(
          '  ',
          ' ',
        );
  const from = report.policyFrom;
  const side =
    from === undefined || from.side === 'file' || from.side === 'inline'
      ? ''
      : ` (from the ${from.side === 'worktree' ? 'working tree' : `${from.side}${from.commit === undefined ? '' : ` ${from.commit.slice(0, 7)}`}`})`;
  return `policy ${report.policy}${side}; ${platform}`;
}

export function lockfileCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length === 0 ? 'no package changed' : parts.join(', ');
}

function changeBrief(c: PackageChange, show: ShowValue, arrow: string): string {
  const version = (v: string | undefined) => (v === undefined || v === '' ? '' : ` ${show(v)}`);
  if (c.kind === 'added') return `+ ${show(c.name)}${version(c.to)}`;
  if (c.kind === 'removed') return `- ${show(c.name)}${version(c.from)}`;
  return `${show(c.name)}${version(c.from)}${arrow}${version(c.to).trimStart()}`;
}

/** The direct dependencies a lockfile's change moves, in a line (the first `limit`), and how many transitive. */
export function directChangesText(
  lockfile: LockfileReport,
  options: { limit?: number; show?: ShowValue; arrow?: string } = {},
): string | undefined {
  const { limit = 12, show = printable, arrow = ' -> ' } = options;
  const direct = lockfile.changes.filter((c) => c.transitivity === 'direct');
  const others = lockfile.changes.length - direct.length;
  if (lockfile.changes.length === 0) return undefined;
  const shown = direct.slice(0, limit).map((c) => changeBrief(c, show, arrow));
  if (direct.length > limit) shown.push(`${direct.length - limit} more`);
  const tail =
    others > 0
      ? `${shown.length > 0 ? '; ' : ''}${plural(others, 'other change')} (transitive or not known to be direct)`
      : '';
  return `${shown.join(', ')}${tail}`;
}

/** Package versions a lockfile's change brings in that no base lockfile of the project already had. */
export const introducedCount = (lockfile: LockfileReport): number =>
  lockfile.changes.filter((c) => c.to !== undefined && c.inBase === undefined).length;

/**
 * Where a lockfile came from and what the project already had, as sentences: "moved from
 * docs/yarn.lock, 0 packages introduced", "migrated from yarn.lock to pnpm-lock.yaml: 3 added, 2
 * removed", "2 versions already in package-lock.json on the base: not introduced". Paths through
 * `show` (the caller's escaping).
 */
export function originLines(lockfile: LockfileReport, show: ShowValue = printable): string[] {
  const lines: string[] = [];
  if (lockfile.movedFrom !== undefined) {
    const introduced = introducedCount(lockfile);
    const changed = lockfile.changes.length === 0 ? '' : ` (${lockfileCounts(lockfile.counts)})`;
    lines.push(
      `moved from ${show(lockfile.movedFrom)}, ${plural(introduced, 'package')} introduced${changed}`,
    );
  } else if (lockfile.migratedFrom !== undefined) {
    lines.push(
      `migrated from ${show(lockfile.migratedFrom.path)} (${show(lockfile.migratedFrom.format)}) to ${show(lockfile.path)}: ${lockfileCounts(lockfile.counts)}`,
    );
  }
  const known = new Map<string, number>();
  for (const c of lockfile.changes)
    if (c.inBase !== undefined) known.set(c.inBase, (known.get(c.inBase) ?? 0) + 1);
  for (const [path, n] of known)
    lines.push(
      `${plural(n, 'version')} already in ${show(path)} on the base (the same project): not introduced`,
    );
  return lines;
}
