import { shownPath, type Finding, type Report } from '../gate/index.js';
import {
  changeText,
  directChangesText,
  findingDetails,
  levelLabel,
  lockfileCounts,
  originLines,
  plural,
  sourceRewritesText,
  sourceLine,
  summaryLine,
  supplyChainLine,
  vulnerabilityLine,
  whyText,
} from './describe.js';
import { printable } from './escape.js';

export interface TextOptions {
  /** ANSI colour (the caller decides from the terminal and NO_COLOR). */
  color: boolean;
}

const ANSI = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;
type Style = keyof typeof ANSI;

/** Findings listed in a text report; past it they are counted (the JSON report has them all). */
export const TEXT_FINDINGS_LIMIT = 10_000;
/** Columns are padded to the longest value up to this width: a huge name does not widen every row. */
const COLUMN_LIMIT = 60;
/** Notes listed; past it they are counted. */
const NOTES_LIMIT = 1_000;

/**
 * The report for a terminal: the verdict first, then per lockfile its findings in aligned columns. Any
 * report size: past TEXT_FINDINGS_LIMIT findings the rest are counted, not listed.
 */
export function renderText(report: Report, options: TextOptions): string {
  const paint = (style: Style, text: string) =>
    options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
  const out: string[] = [];
  const verdict = summaryLine(report);
  out.push(
    `depgate ${paint(report.verdict === 'block' ? 'red' : 'green', verdict.split(':')[0]!.toUpperCase())}:${verdict.slice(verdict.indexOf(':') + 1)}`,
  );
  out.push(paint('dim', sourceLine(report)));
  const vulnerabilities = vulnerabilityLine(report);
  if (vulnerabilities !== undefined) out.push(paint('dim', printable(vulnerabilities)));
  const supplyChain = supplyChainLine(report);
  if (supplyChain !== undefined) out.push(paint('dim', printable(supplyChain)));

  let left = TEXT_FINDINGS_LIMIT;
  let omitted = 0;
  const table = (all: Finding[]) => {
    const findings = all.slice(0, Math.max(0, left));
    left -= findings.length;
    omitted += all.length - findings.length;
    const rows = findings.map((f) => [
      levelLabel(f),
      printable(f.name),
      changeText(f, report.mode),
      `line ${f.line}`,
      whyText(f),
    ]);
    const widths = [0, 0, 0, 0];
    for (const r of rows)
      for (let c = 0; c < 4; c++) widths[c] = Math.min(COLUMN_LIMIT, Math.max(widths[c]!, r[c]!.length));
    findings.forEach((f, i) => {
      const row = rows[i]!;
      const label = row[0]!.padEnd(widths[0]!);
      const style: Style = f.blocking
        ? 'red'
        : f.level === 'warning'
          ? 'yellow'
          : f.level === 'error'
            ? 'red'
            : 'dim';
      out.push(
        `  ${paint(style, label)}  ${paint('bold', row[1]!.padEnd(widths[1]!))}  ${row[2]!.padEnd(widths[2]!)}  ${paint('dim', row[3]!.padEnd(widths[3]!))}  ${row[4]!}`,
      );
      for (const detail of findingDetails(f))
        out.push(`  ${' '.repeat(widths[0]!)}  ${paint('dim', '-')} ${printable(detail)}`);
    });
    if (findings.length < all.length)
      out.push(`  ${paint('dim', `... ${plural(all.length - findings.length, 'more finding')} not listed`)}`);
  };

  const byLockfile = new Map<string, Finding[]>();
  for (const f of report.findings) {
    if (f.preExisting) continue;
    const list = byLockfile.get(f.lockfile);
    if (list === undefined) byLockfile.set(f.lockfile, [f]);
    else list.push(f);
  }

  for (const lockfile of report.lockfiles) {
    const findings = byLockfile.get(lockfile.path) ?? [];
    out.push('');
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
    out.push(
      `${paint('bold', printable(shownPath(lockfile.path)))} (${printable(lockfile.format)}${status}): ${lockfileCounts(lockfile.counts)}`,
    );
    if (report.mode === 'diff')
      for (const line of originLines(lockfile, (v) => printable(shownPath(v)))) out.push(`  ${line}`);
    const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
    if (moved !== undefined) out.push(`  ${paint('dim', `changes: ${moved}`)}`);
    for (const line of sourceRewritesText(lockfile)) out.push(`  ${paint('dim', `sources: ${line}`)}`);
    if (findings.length === 0) out.push(`  ${paint('green', 'nothing against the policy')}`);
    else table(findings);
  }

  const pre = report.findings.filter((f) => f.preExisting);
  if (pre.length > 0) {
    out.push('');
    out.push(
      paint(
        'bold',
        `Already on the base (${plural(pre.length, 'finding')}, ${pre.some((f) => f.blocking) ? 'failing: preExisting is fail' : 'not failing the check'}):`,
      ),
    );
    const preByLockfile = new Map<string, Finding[]>();
    for (const f of pre) {
      const list = preByLockfile.get(f.lockfile);
      if (list === undefined) preByLockfile.set(f.lockfile, [f]);
      else list.push(f);
    }
    for (const [lockfile, findings] of preByLockfile) {
      out.push(`  ${printable(shownPath(lockfile))}`);
      table(findings);
    }
  }

  if (report.exceptions.length > 0) {
    out.push('');
    out.push(paint('bold', 'Exceptions:'));
    for (const e of report.exceptions) {
      const status =
        e.status === 'valid'
          ? paint('green', 'valid')
          : e.status === 'expired'
            ? paint('yellow', 'EXPIRED')
            : paint('dim', 'unused');
      const advisory = e.advisory === undefined ? '' : ` advisory ${printable(e.advisory)},`;
      out.push(
        `  ${e.id.padEnd(14)} ${status} ${advisory} owner ${printable(e.owner)}, expires ${e.expires}, matched ${e.matched}: ${printable(e.reason)}`,
      );
    }
  }

  if (report.notes.length > 0) {
    out.push('');
    out.push(paint('bold', 'Notes:'));
    for (const n of report.notes.slice(0, NOTES_LIMIT)) {
      const where =
        n.file === undefined
          ? ''
          : `${printable(shownPath(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
      out.push(
        `  ${paint(n.level === 'error' ? 'red' : n.level === 'warning' ? 'yellow' : 'dim', n.level)}  ${where}${printable(n.message)}`,
      );
    }
    if (report.notes.length > NOTES_LIMIT)
      out.push(
        `  ${paint('dim', `... ${plural(report.notes.length - NOTES_LIMIT, 'more note')} not listed`)}`,
      );
  }
  if (omitted > 0) {
    out.push('');
    out.push(
      paint(
        'bold',
        `${plural(omitted, 'finding')} not listed past the first ${TEXT_FINDINGS_LIMIT.toLocaleString('en-US')}: --format json lists every one`,
      ),
    );
  }
  return `${out.join('\n')}\n`;
}
