import type { Finding, Report } from '../gate/index.js';
import {
  changeText,
  directChangesText,
  findingDetails,
  introducedFindings,
  levelLabel,
  lockfileCounts,
  plural,
  sourceLine,
  summaryLine,
  whyText,
} from './describe.js';
import { printable } from './escape.js';

export interface TextOptions {
  /** ANSI colour (the caller decides from the terminal and NO_COLOR). */
  color: boolean;
}

const ANSI = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;
type Style = keyof typeof ANSI;

/** The report for a terminal: the verdict first, then per lockfile its findings in aligned columns. */
export function renderText(report: Report, options: TextOptions): string {
  const paint = (style: Style, text: string) =>
    options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
  const out: string[] = [];
  const verdict = summaryLine(report);
  out.push(
    `depgate ${paint(report.verdict === 'block' ? 'red' : 'green', verdict.split(':')[0]!.toUpperCase())}:${verdict.slice(verdict.indexOf(':') + 1)}`,
  );
  out.push(paint('dim', sourceLine(report)));

  const table = (findings: Finding[]) => {
    const rows = findings.map((f) => [
      levelLabel(f),
      printable(f.name),
      changeText(f, report.mode),
      `line ${f.line}`,
      whyText(f),
    ]);
    const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
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
  };

  for (const lockfile of report.lockfiles) {
    const findings = introducedFindings(report, lockfile.path);
    out.push('');
    const status =
      lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
    out.push(
      `${paint('bold', printable(lockfile.path))} (${printable(lockfile.format)}${status}): ${lockfileCounts(lockfile.counts)}`,
    );
    const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
    if (moved !== undefined) out.push(`  ${paint('dim', `changes: ${moved}`)}`);
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
    const byLockfile = new Map<string, Finding[]>();
    for (const f of pre) byLockfile.set(f.lockfile, [...(byLockfile.get(f.lockfile) ?? []), f]);
    for (const [lockfile, findings] of byLockfile) {
      out.push(`  ${printable(lockfile)}`);
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
      out.push(
        `  ${e.id.padEnd(14)} ${status}  owner ${printable(e.owner)}, expires ${e.expires}, matched ${e.matched}: ${printable(e.reason)}`,
      );
    }
  }

  if (report.notes.length > 0) {
    out.push('');
    out.push(paint('bold', 'Notes:'));
    for (const n of report.notes) {
      const where =
        n.file === undefined ? '' : `${printable(n.file)}${n.line === undefined ? '' : `:${n.line}`}: `;
      out.push(
        `  ${paint(n.level === 'warning' ? 'yellow' : 'dim', n.level)}  ${where}${printable(n.message)}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}
