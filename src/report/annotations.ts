import type { Report } from '../gate/index.js';
import { changeText, findingDetails, whyText } from './describe.js';

/** A message pinned to a lockfile line (GitHub's `::error file=...,line=...::`). */
export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  file: string;
  line?: number;
  title: string;
  message: string;
}

const RANK = { error: 0, warning: 1, notice: 2 } as const;

/**
 * The report's findings and notes as annotations, most important first (what blocks, then warnings,
 * then notices): GitHub shows only the first few of each level per step, the summary has them all.
 * A pre-existing finding that does not block is a notice: it is not what the change did.
 */
export function annotationsOf(report: Report, options: { limit?: number } = {}): Annotation[] {
  const out: Annotation[] = report.findings.map((f) => ({
    level: f.blocking ? 'error' : f.preExisting ? 'notice' : f.level,
    file: f.lockfile,
    line: f.line,
    title: `depgate: ${f.blocking ? 'blocked' : f.kind} ${f.name} ${changeText(f, report.mode)}${f.preExisting ? ' (already on the base)' : ''}`,
    message: [...findingDetails(f), `why it is there: ${whyText(f)}`].join('\n'),
  }));
  for (const n of report.notes) {
    if (n.file === undefined) continue;
    const a: Annotation = { level: n.level, file: n.file, title: 'depgate', message: n.message };
    if (n.line !== undefined) a.line = n.line;
    out.push(a);
  }
  const ordered = out
    .map((a, i) => ({ a, i }))
    .sort((x, y) => RANK[x.a.level] - RANK[y.a.level] || x.i - y.i)
    .map(({ a }) => a);
  return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
}
