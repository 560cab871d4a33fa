import type { Finding, Report } from '../gate/index.js';
import {
  directChangesText,
  findingDetails,
  introducedFindings,
  lockfileCounts,
  plural,
  sourceLine,
  summaryLine,
  whyText,
} from './describe.js';
import { codeSpan, escapeMarkdown } from './escape.js';

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

function row(f: Finding, mode: Report['mode'] = 'diff'): string {
  const [, ...more] = findingDetails(f);
  const details = [messageCell(f), ...more.map(escapeMarkdown)].join('<br>');
  return `| ${levelCell(f)} | **${cell(f.name)}** | ${changeCell(f, mode)} | ${whyCell(f)} | ${f.line} | ${details} |`;
}

const HEADER = '| | Package | Change | Why it is there | Line | Finding |\n|---|---|---|---|---|---|';

/** A table of findings, the first rows visible and the rest folded. */
function table(findings: Finding[], mode: Report['mode']): string[] {
  const out = [HEADER, ...findings.slice(0, VISIBLE_ROWS).map((f) => row(f, mode))];
  if (findings.length > VISIBLE_ROWS) {
    out.push(
      '',
      `<details><summary>${plural(findings.length - VISIBLE_ROWS, 'more finding')}</summary>`,
      '',
      HEADER,
      ...findings.slice(VISIBLE_ROWS).map((f) => row(f, mode)),
      '',
      '</details>',
    );
  }
  return out;
}

/** Renders with at most `budget` finding rows; says how many it left out. */
function render(report: Report, options: MarkdownOptions, budget: number): string {
  const out: string[] = [];
  const title = options.title ?? 'depgate';
  out.push(`### ${escapeMarkdown(title)}: ${report.verdict === 'block' ? 'blocked' : 'passed'}`, '');
  const summary = summaryLine(report);
  out.push(`**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**`, '');
  out.push(escapeMarkdown(sourceLine(report)), '');
  let left = budget;
  let omitted = 0;
  const take = (findings: Finding[]): Finding[] => {
    const shown = findings.slice(0, Math.max(0, left));
    left -= shown.length;
    omitted += findings.length - shown.length;
    return shown;
  };

  for (const lockfile of report.lockfiles) {
    const all = introducedFindings(report, lockfile.path);
    const status =
      lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
    out.push(
      `#### ${codeSpan(lockfile.path)}`,
      '',
      `${escapeMarkdown(lockfile.format)}${status}: ${lockfileCounts(lockfile.counts)}`,
      '',
    );
    const moved =
      report.mode === 'diff'
        ? directChangesText(lockfile, { show: (v) => codeSpan(v), arrow: ' → ' })
        : undefined;
    if (moved !== undefined) out.push(`Changes: ${moved}`, '');
    if (all.length === 0) {
      out.push('Nothing against the policy.', '');
      continue;
    }
    const shown = take(all);
    if (shown.length > 0) out.push(...table(shown, report.mode), '');
    if (shown.length < all.length)
      out.push(`_${plural(all.length - shown.length, 'more finding')} in this lockfile not shown here._`, '');
  }

  const pre = report.findings.filter((f) => f.preExisting);
  if (pre.length > 0) {
    const failing = pre.some((f) => f.blocking);
    out.push(
      `<details><summary>Already on the base branch: ${plural(pre.length, 'finding')} (${failing ? 'failing the check: preExisting is fail' : 'not failing the check'})</summary>`,
      '',
    );
    const shown = take(pre);
    if (shown.length > 0)
      out.push(HEADER, ...shown.map((f) => row(f).replace('| ', `| ${cell(f.lockfile)}: `)), '');
    if (shown.length < pre.length)
      out.push(`_${plural(pre.length - shown.length, 'more')} not shown here._`, '');
    out.push('</details>', '');
  }

  if (report.exceptions.length > 0) {
    out.push(
      '#### Exceptions',
      '',
      '| Exception | Status | Owner | Expires | Matched | Reason |',
      '|---|---|---|---|---|---|',
    );
    for (const e of report.exceptions) {
      const status = e.status === 'expired' ? '**expired**' : e.status;
      out.push(
        `| ${e.id}${e.line === undefined ? '' : ` (line ${e.line})`} | ${status} | ${escapeMarkdown(e.owner)} | ${e.expires} | ${e.matched} | ${escapeMarkdown(e.reason)} |`,
      );
    }
    out.push('');
  }

  if (report.notes.length > 0) {
    out.push('#### Notes', '');
    for (const n of report.notes.slice(0, 50)) {
      const where =
        n.file === undefined ? '' : `${codeSpan(n.file)}${n.line === undefined ? '' : `:${n.line}`}: `;
      out.push(`- ${n.level}: ${where}${escapeMarkdown(n.message)}`);
    }
    if (report.notes.length > 50)
      out.push(`- ${plural(report.notes.length - 50, 'more note')} in the full report`);
    out.push('');
  }

  if (omitted > 0) {
    out.push(
      `**${plural(omitted, 'finding')} not shown to stay within the size limit**: the job summary, the JSON report or \`depgate check\` list them all.`,
      '',
    );
  }
  if (options.footer !== undefined) out.push(options.footer);
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The report as GitHub Markdown (job summary, PR comment): status, counts, per lockfile a table whose
 * rows beyond the first ten fold into `<details>`, pre-existing findings apart, exceptions, notes. Cut
 * to `maxLength` at a row boundary (never a broken table or an unclosed `<details>`), saying how many
 * findings it left out.
 */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const max = options.maxLength ?? DEFAULT_MARKDOWN_LENGTH;
  const full = render(report, options, Number.POSITIVE_INFINITY);
  if (full.length <= max) return full;
  // The most rows that fit: rendering is linear, so a binary search costs a few renders.
  let low = 0;
  let high = report.findings.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (render(report, options, mid).length <= max) low = mid;
    else high = mid - 1;
  }
  const cut = render(report, options, low);
  if (cut.length <= max) return cut;
  // Even with no rows it does not fit (thousands of lockfiles or notes): the headline and a pointer.
  const summary = summaryLine(report);
  return `### ${escapeMarkdown(options.title ?? 'depgate')}: ${report.verdict === 'block' ? 'blocked' : 'passed'}\n\n**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**\n\nThe full report is too long for this place: see the job summary or the JSON report.\n${options.footer === undefined ? '' : `\n${options.footer}\n`}`;
}
