import type {
  ExceptionRef,
  Finding,
  FindingAdvisory,
  LockfileReport,
  PackageChange,
  Report,
} from '../gate/index.js';
import { vulnerabilityFixText } from '../gate/index.js';
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
  if (e.advisory !== undefined)
    return e.status === 'valid'
      ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
      : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses ${e.advisory}`;
  return e.status === 'valid'
    ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
    : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses this`;
}

export function usageText(f: Finding): string | undefined {
  if (f.orgRepositories === undefined) return undefined;
  if (f.orgRepositories === 0) return 'used by no repository of the organization yet';
  return `used in ${f.orgRepositories} ${f.orgRepositories === 1 ? 'repository' : 'repositories'} of the organization`;
}

/** An advisory in a line: `GHSA-35jh-r3h4-6jhm (high, CVE-2021-23337): Command Injection in lodash`. */
export function advisoryText(a: FindingAdvisory): string {
  const also = a.aliases.length === 0 ? '' : `, ${a.aliases.join(', ')}`;
  return `${a.id} (${a.severity}${also})${a.summary === '' ? '' : `: ${a.summary}`}`;
}

/** `fix: lodash 4.17.20 -> 4.17.21`, a version after the last affected one, or that none is known. */
export function fixText(f: Pick<Finding, 'name' | 'version' | 'fix' | 'fixAfter' | 'fixCommand'>): string {
  return vulnerabilityFixText(f.name, f.version, f.fix, f.fixAfter, f.fixCommand);
}

/** What the vulnerability check asked, in a line (absent when the policy does not turn it on). */
export function vulnerabilityLine(report: Report): string | undefined {
  const v = report.vulnerabilities;
  if (v === undefined) return undefined;
  const sources = v.sources
    .map((s) => `${s.label} ${s.status === 'failed' ? 'FAILED' : `(${plural(s.requests, 'request')})`}`)
    .join(', ');
  const fixed = v.fixed === 0 ? '' : `; fixes ${plural(v.fixed, 'advisory', 'advisories')}`;
  return `vulnerabilities (failOn ${v.failOn}): ${sources || 'no source'}; ${plural(v.queried, 'package version')} asked, ${v.vulnerable} introduced vulnerable${fixed}`;
}

/** What the supply-chain check asked, in a line (absent when the policy does not turn it on). */
export function supplyChainLine(report: Report): string | undefined {
  const s = report.supplyChain;
  if (s === undefined) return undefined;
  const registries = s.registries
    .map((r) => `${r.registry}${r.status === 'failed' ? ' FAILED' : ''}`)
    .join(', ');
  const missing = s.notFound.length === 0 ? '' : `; ${s.notFound.length} not found there`;
  return `supply chain: ${registries || 'no registry asked'}; ${plural(s.queried, 'package name')} asked in ${plural(s.requests, 'request')}${missing}`;
}

/** What a finding says in a table cell: the message, then the rule's line, exception and org usage. */
export function findingDetails(f: Finding): string[] {
  const parts = [f.message];
  for (const a of f.advisories ?? []) {
    const exception = a.exception === undefined ? '' : ` [${exceptionText(a.exception)}]`;
    parts.push(`${advisoryText(a)} ${a.url}${exception}`);
  }
  if (f.fixCommand !== undefined) parts.push(`to fix: ${f.fixCommand}`);
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
  const against = report.baseLabel === undefined ? '' : `, against ${printable(report.baseLabel)}`;
  return `${verdict}: ${plural(counts.violations, 'violation')}${unread}, ${plural(counts.warnings, 'warning')}; ${what}${against}`;
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

/** How a count key reads in a sentence (`sourceChanged` is not a word). */
const COUNT_WORDS: Record<string, string> = { sourceChanged: 'source or integrity changed' };

export function lockfileCounts(counts: Record<string, number | undefined>): string {
  const parts = Object.entries(counts)
    .filter((entry): entry is [string, number] => entry[1] !== undefined && entry[1] > 0)
    .map(([kind, n]) => `${n} ${COUNT_WORDS[kind] ?? kind}`);
  return parts.length === 0 ? 'no package changed' : parts.join(', ');
}

function changeBrief(c: PackageChange, show: ShowValue, arrow: string): string {
  const version = (v: string | undefined) => (v === undefined || v === '' ? '' : ` ${show(v)}`);
  if (c.kind === 'added') return `+ ${show(c.name)}${version(c.to)}`;
  if (c.kind === 'removed') return `- ${show(c.name)}${version(c.from)}`;
  if (c.kind === 'source-changed') {
    const what: string[] = [];
    if (c.fromSource !== undefined || c.toSource !== undefined)
      what.push(`source ${show(c.fromSource ?? 'default')}${arrow}${show(c.toSource ?? 'default')}`);
    if (c.integrity !== undefined) what.push(`integrity ${c.integrity}`);
    return `${show(c.name)}${version(c.to)} (${what.join(', ')})`;
  }
  return `${show(c.name)}${version(c.from)}${arrow}${version(c.to).trimStart()}`;
}

/**
 * Every package a lockfile's change moves, named in a line: the direct dependencies first, then the
 * transitive ones, then those whose directness the lockfile does not tell, each group capped at
 * `limit` with "N more" (a group one past the cap is shown whole: "1 more" would hide a name to save
 * none). A change of a few packages (a Dependabot bump) is always named in full.
 */
export function directChangesText(
  lockfile: LockfileReport,
  options: { limit?: number; show?: ShowValue; arrow?: string } = {},
): string | undefined {
  const { limit = 12, show = printable, arrow = ' -> ' } = options;
  // Changes told in a rewrite line (sourceRewritesText) are not listed one by one.
  const changes = lockfile.changes.filter((c) => c.folded !== true);
  if (changes.length === 0) return undefined;
  const capped = <T>(items: readonly T[]): { shown: T[]; more: number } => {
    const cap = items.length <= limit + 1 ? items.length : limit;
    return { shown: items.slice(0, cap), more: items.length - cap };
  };
  const list = (changes: readonly PackageChange[]): string => {
    const { shown, more } = capped(changes);
    return [...shown.map((c) => changeBrief(c, show, arrow)), ...(more > 0 ? [`${more} more`] : [])].join(
      ', ',
    );
  };
  const parts: string[] = [];
  // A source or integrity change is named first wherever it is: a reviewer sees only hashes in the diff.
  const named = (c: PackageChange) => c.transitivity === 'direct' || c.kind === 'source-changed';
  const direct = changes.filter(named);
  if (direct.length > 0) parts.push(list(direct));
  // Transitive changes grouped by the direct dependency that brings them, where the chain is known.
  const byRoot = new Map<string, PackageChange[]>();
  for (const c of changes) {
    if (c.transitivity !== 'transitive' || named(c)) continue;
    const root = c.path !== undefined && c.path.length > 1 ? c.path[0]! : '';
    const group = byRoot.get(root);
    if (group === undefined) byRoot.set(root, [c]);
    else group.push(c);
  }
  const roots = [...byRoot.keys()].sort((a, b) =>
    a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0,
  );
  const { shown: shownRoots, more: moreRoots } = capped(roots);
  for (const root of shownRoots)
    parts.push(`transitive${root === '' ? '' : ` via ${show(root)}`}: ${list(byRoot.get(root)!)}`);
  if (moreRoots > 0) {
    const left = roots.slice(shownRoots.length).reduce((n, r) => n + byRoot.get(r)!.length, 0);
    parts.push(
      `${plural(left, 'more transitive change')} via ${plural(moreRoots, 'other dependency', 'other dependencies')}`,
    );
  }
  const unknown = changes.filter((c) => !named(c) && c.transitivity !== 'transitive');
  if (unknown.length > 0) parts.push(`not known to be direct: ${list(unknown)}`);
  return parts.join('; ');
}

/** Package versions a lockfile's change brings in that no base lockfile of the project already had. */
export const introducedCount = (lockfile: LockfileReport): number =>
  lockfile.changes.filter((c) => c.to !== undefined && c.kind !== 'source-changed' && c.inBase === undefined)
    .length;

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

/** Mass source rewrites between allowed hosts, one line each (`1,043 entries moved from a to b ...`). */
export function sourceRewritesText(lockfile: LockfileReport, show: ShowValue = printable): string[] {
  return (lockfile.sourceRewrites ?? []).map(
    (r) =>
      `${plural(r.count, 'entry', 'entries')} moved from ${show(r.fromHost)} to ${show(r.toHost)}, same versions, integrity unchanged (both hosts allowed)`,
  );
}
