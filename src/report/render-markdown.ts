import { shownPath, type Finding, type Report } from '../gate/index.js';
import {
  advisoryText,
  directChangesText,
  exceptionText,
  findingDetails,
  lockfileCounts,
  originLines,
  plural,
  sourceLine,
  sourceRewritesText,
  summaryLine,
  supplyChainLine,
  vulnerabilityLine,
  whyText,
} from './describe.js';
import { codeSpan, escapeMarkdown, markdownLink } from './escape.js';

export interface MarkdownOptions {
  /** The most characters to produce (default 65,000: GitHub comments hold 65,536). */
  maxLength?: number;
  /** The heading (default `depgate`). */
  title?: string;
  /** Appended last (a link to the run, a hidden marker); always kept. */
  footer?: string;
}

/** Rows shown before the rest of a table folds into `<details>`. */
const VISIBLE_ROWS = 10;
export const DEFAULT_MARKDOWN_LENGTH = 65_000;

const cell = (value: string): string => codeSpan(value, { table: true });

function changeCell(f: Finding, mode: Report['mode']): string {
  if (mode === 'audit' || f.change === undefined) return cell(f.version);
  if (f.previousVersion !== undefined) return `${cell(f.previousVersion)} → ${cell(f.version)}`;
  if (f.change === 'added') return `added ${cell(f.version)}`;
  return cell(f.version);
}

function whyCell(f: Finding): string {
  if (f.transitivity !== 'direct' && f.path !== undefined && f.path.length > 1)
    return whyText(f, cell, ' → ');
  return escapeMarkdown(whyText(f));
}

/**
 * The finding's message with the package it opens with (`name version`, as the gate writes it) as code
 * spans, the rest escaped as prose: what the lockfile wrote is shown, never read as Markdown.
 */
function messageCell(f: Finding): string {
  const subjects = [`${f.name} ${f.version}`.trim(), f.name].filter((s) => s !== '');
  for (const subject of subjects) {
    if (!f.message.startsWith(subject)) continue;
    const rest = escapeMarkdown(f.message.slice(subject.length));
    const shown =
      subject === f.name ? cell(f.name) : `${cell(f.name)}${f.version === '' ? '' : ` ${cell(f.version)}`}`;
    return `${shown}${rest}`;
  }
  return escapeMarkdown(f.message);
}

function levelCell(f: Finding): string {
  if (f.blocking) return '**block**';
  return f.level === 'notice' ? 'note' : f.level === 'warning' ? 'warn' : 'error';
}

/** An advisory in a cell: its id linked to the advisory, severity, aliases and summary as prose. */
function advisoryCell(a: NonNullable<Finding['advisories']>[number]): string {
  const rest = advisoryText(a).slice(a.id.length);
  const exception = a.exception === undefined ? '' : ` _(${escapeMarkdown(exceptionText(a.exception))})_`;
  return `${markdownLink(a.id, a.url)}${escapeMarkdown(rest)}${exception}`;
}

function row(f: Finding, mode: Report['mode'] = 'diff'): string {
  const [, ...more] = findingDetails(f);
  const advisories = f.advisories ?? [];
  // The fix command as code, so that it reads (and copies) as the shell takes it.
  const command = f.fixCommand === undefined ? undefined : `to fix: ${f.fixCommand}`;
  const details = [
    messageCell(f),
    ...advisories.map(advisoryCell),
    ...more
      .slice(advisories.length)
      .map((d) =>
        d === command ? `to fix: ${codeSpan(f.fixCommand!, { table: true })}` : escapeMarkdown(d),
      ),
  ].join('<br>');
  return `| ${levelCell(f)} | **${cell(f.name)}** | ${changeCell(f, mode)} | ${whyCell(f)} | ${f.line} | ${details} |`;
}

const HEADER = '| | Package | Change | Why it is there | Line | Finding |\n|---|---|---|---|---|---|';

/** A table of findings, the first rows visible and the rest folded. */
/** Appends a table of findings, the first rows visible and the rest folded (no spread: any count). */
function table(out: string[], findings: readonly Finding[], toRow: (f: Finding) => string): void {
  out.push(HEADER);
  for (const f of findings.slice(0, VISIBLE_ROWS)) out.push(toRow(f));
  if (findings.length <= VISIBLE_ROWS) return;
  out.push('', `<details><summary>${plural(findings.length - VISIBLE_ROWS, 'more finding')}</summary>`, '');
  out.push(HEADER);
  for (let i = VISIBLE_ROWS; i < findings.length; i++) out.push(toRow(findings[i]!));
  out.push('', '</details>');
}

/** Rows of a table of exceptions or notes past which the rest is counted, not listed. */
const LIST_LIMIT = 50;
/** A note quoting a lockfile can be long: each is cut to this many characters. */
const NOTE_LENGTH = 500;
/** No finding row is shorter than this: bounds how many rows can fit before any is rendered. */
const MIN_ROW_LENGTH = 40;

/** The findings grouped once: introduced ones by lockfile, pre-existing ones apart. */
interface Grouped {
  byLockfile: Map<string, Finding[]>;
  pre: Finding[];
}

function groupFindings(report: Report): Grouped {
  const byLockfile = new Map<string, Finding[]>();
  const pre: Finding[] = [];
  for (const f of report.findings) {
    if (f.preExisting) {
      pre.push(f);
      continue;
    }
    const list = byLockfile.get(f.lockfile);
    if (list === undefined) byLockfile.set(f.lockfile, [f]);
    else list.push(f);
  }
  return { byLockfile, pre };
}

/** The sections after the findings (exceptions, notes), bounded whatever the report holds. */
function tailOf(report: Report): string[] {
  const out: string[] = [];
  if (report.exceptions.length > 0) {
    out.push(
      '#### Exceptions',
      '',
      '| Exception | Status | Owner | Expires | Matched | Reason |',
      '|---|---|---|---|---|---|',
    );
    for (const e of report.exceptions.slice(0, LIST_LIMIT)) {
      const status = e.status === 'expired' ? '**expired**' : e.status;
      const advisory = e.advisory === undefined ? '' : ` ${codeSpan(e.advisory, { table: true })}`;
      out.push(
        `| ${e.id}${e.line === undefined ? '' : ` (line ${e.line})`}${advisory} | ${status} | ${escapeMarkdown(e.owner)} | ${e.expires} | ${e.matched} | ${escapeMarkdown(e.reason)} |`,
      );
    }
    if (report.exceptions.length > LIST_LIMIT)
      out.push(
        '',
        `_${plural(report.exceptions.length - LIST_LIMIT, 'more exception')} in the full report._`,
      );
    out.push('');
  }
  if (report.notes.length > 0) {
    out.push('#### Notes', '');
    for (const n of report.notes.slice(0, LIST_LIMIT)) {
      const where =
        n.file === undefined
          ? ''
          : `${codeSpan(shownPath(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
      const message = n.message.length > NOTE_LENGTH ? `${n.message.slice(0, NOTE_LENGTH)} (cut)` : n.message;
      out.push(`- ${n.level}: ${where}${escapeMarkdown(message)}`);
    }
    if (report.notes.length > LIST_LIMIT)
      out.push(`- ${plural(report.notes.length - LIST_LIMIT, 'more note')} in the full report`);
    out.push('');
  }
  return out;
}

/**
 * Renders with at most `budget` finding rows, and lockfile sections only while they leave `room`
 * characters for the rest; says how many findings and lockfiles it left out.
 */
function render(
  report: Report,
  options: MarkdownOptions,
  grouped: Grouped,
  tail: readonly string[],
  budget: number,
  room: number,
): string {
  const out: string[] = [];
  let length = 0;
  const push = (...lines: string[]) => {
    for (const line of lines) {
      out.push(line);
      length += line.length + 1;
    }
  };
  const title = options.title ?? 'depgate';
  push(`### ${escapeMarkdown(title)}: ${report.verdict === 'block' ? 'blocked' : 'passed'}`, '');
  const summary = summaryLine(report);
  push(`**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**`, '');
  push(escapeMarkdown(sourceLine(report)), '');
  const vulnerabilities = vulnerabilityLine(report);
  if (vulnerabilities !== undefined) push(escapeMarkdown(vulnerabilities), '');
  const supplyChain = supplyChainLine(report);
  if (supplyChain !== undefined) push(escapeMarkdown(supplyChain), '');
  let left = budget;
  let omitted = 0;
  const take = (findings: Finding[]): Finding[] => {
    const shown = findings.slice(0, Math.max(0, left));
    left -= shown.length;
    omitted += findings.length - shown.length;
    return shown;
  };
  const toRow = (f: Finding) => row(f, report.mode);

  let lockfilesLeft = 0;
  for (const lockfile of report.lockfiles) {
    const all = grouped.byLockfile.get(lockfile.path) ?? [];
    if (length > room) {
      // Thousands of lockfiles: the rest are counted, not listed.
      lockfilesLeft++;
      omitted += all.length;
      continue;
    }
    const replaces = lockfile.movedFrom !== undefined || lockfile.migratedFrom !== undefined;
    const status =
      lockfile.status === 'added'
        ? replaces
          ? lockfile.movedFrom !== undefined
            ? ', moved'
            : ', migrated'
          : ', new file'
        : lockfile.status === 'deleted'
          ? ', deleted'
          : '';
    push(
      `#### ${codeSpan(shownPath(lockfile.path))}`,
      '',
      `${escapeMarkdown(lockfile.format)}${status}: ${lockfileCounts(lockfile.counts)}`,
      '',
    );
    if (report.mode === 'diff') {
      const origin = originLines(lockfile, (v) => codeSpan(shownPath(v)));
      if (origin.length > 0) push(origin.map((l) => `${l[0]!.toUpperCase()}${l.slice(1)}`).join('<br>'), '');
    }
    const moved =
      report.mode === 'diff'
        ? directChangesText(lockfile, { show: (v) => codeSpan(v), arrow: ' → ' })
        : undefined;
    if (moved !== undefined) push(`Changes: ${moved}`, '');
    for (const line of sourceRewritesText(lockfile, (v) => codeSpan(v))) push(`Sources: ${line}`, '');
    if (all.length === 0) {
      push('Nothing against the policy.', '');
      continue;
    }
    const shown = take(all);
    if (shown.length > 0) {
      const lines: string[] = [];
      table(lines, shown, toRow);
      for (const line of lines) push(line);
      push('');
    }
    if (shown.length < all.length)
      push(`_${plural(all.length - shown.length, 'more finding')} in this lockfile not shown here._`, '');
  }
  if (lockfilesLeft > 0) push(`_${plural(lockfilesLeft, 'more changed lockfile')} not shown here._`, '');

  const { pre } = grouped;
  if (pre.length > 0) {
    const failing = pre.some((f) => f.blocking);
    push(
      `<details><summary>Already on the base branch: ${plural(pre.length, 'finding')} (${failing ? 'failing the check: preExisting is fail' : 'not failing the check'})</summary>`,
      '',
    );
    const shown = take(pre);
    if (shown.length > 0) {
      push(HEADER);
      for (const f of shown) push(row(f).replace('| ', `| ${cell(shownPath(f.lockfile))}: `));
      push('');
    }
    if (shown.length < pre.length) push(`_${plural(pre.length - shown.length, 'more')} not shown here._`, '');
    push('</details>', '');
  }

  for (const line of tail) push(line);
  if (omitted > 0) {
    push(
      `**${plural(omitted, 'finding')} not shown to stay within the size limit**: the job summary, the JSON report or \`depgate check\` list them all.`,
      '',
    );
  }
  if (options.footer !== undefined) push(options.footer);
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The report as GitHub Markdown (job summary, PR comment): status, counts, per lockfile a table whose
 * rows beyond the first ten fold into `<details>`, pre-existing findings apart, exceptions, notes. Cut
 * to `maxLength` at a row boundary (never a broken table or an unclosed `<details>`), saying how many
 * findings it left out. Any report size: no more rows are rendered than could fit in `maxLength`.
 */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const max = options.maxLength ?? DEFAULT_MARKDOWN_LENGTH;
  const grouped = groupFindings(report);
  const tail = tailOf(report);
  // Room for the tail, the footer and the omitted line after the lockfile sections.
  const room = max - tail.reduce((n, l) => n + l.length + 1, 0) - (options.footer?.length ?? 0) - 300;
  const total = report.findings.length;
  // No more rows than could fit at the shortest row: a huge report is never rendered whole.
  let high = Math.min(total, Math.ceil(max / MIN_ROW_LENGTH));
  if (high === total) {
    const full = render(report, options, grouped, tail, total, room);
    if (full.length <= max) return full;
  }
  // The most rows that fit: rendering is linear in the rows shown, so a binary search costs a few renders.
  let low = 0;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (render(report, options, grouped, tail, mid, room).length <= max) low = mid;
    else high = mid - 1;
  }
  const cut = render(report, options, grouped, tail, low, room);
  if (cut.length <= max) return cut;
  // Even with no rows it does not fit (a long footer, a tiny limit): the headline and a pointer.
  const summary = summaryLine(report);
  return `### ${escapeMarkdown(options.title ?? 'depgate')}: ${report.verdict === 'block' ? 'blocked' : 'passed'}\n\n**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**\n\nThe full report is too long for this place: see the job summary or the JSON report.\n${options.footer === undefined ? '' : `\n${options.footer}\n`}`;
}
