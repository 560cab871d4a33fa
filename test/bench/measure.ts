import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at a percentile (nearest rank) of a list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Times several functions (sync or async) in the same process, interleaved: each round runs every one,
 * in an order rotated from round to round, so that drift (GC, JIT, a busy neighbour) hits all alike.
 * Returns the median milliseconds of each after one warm-up run.
 */
export async function timeAll(fns: (() => unknown)[], iterations: number): Promise<number[]> {
  for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < fns.length; k++) {
      const which = (i + k) % fns.length;
      globalThis.gc?.();
      const start = performance.now();
      await fns[which]!();
      times[which]!.push(performance.now() - start);
    }
  }
  return times.map(median);
}

/** What one parse in a fresh child process measured (see parse-once.ts). */
export interface OneParse {
  /** Kilobytes of max RSS as the kernel reports it. */
  maxRssKb: number;
  /** Milliseconds of the first parse, modules loaded but nothing run yet. */
  coldMs: number;
  /** CPU milliseconds of the process during that parse (user + system, every thread). */
  cpuMs: number;
  count: number;
}

/** One parse in a fresh child process, so that nothing else shares the heap or warmed the code. */
export function parseOnce(parser: string, file: string, manifest?: string): OneParse {
  const script = fileURLToPath(new URL('./parse-once.ts', import.meta.url));
  const args = ['--import', 'tsx', script, parser, file, ...(manifest === undefined ? [] : [manifest])];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`parse-once ${parser} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as OneParse;
}

/** Peak resident memory of one parse, in a fresh child process. Returns kilobytes of max RSS. */
export function peakMemoryKb(parser: string, file: string, manifest?: string): number {
  return parseOnce(parser, file, manifest).maxRssKb;
}

/**
 * Cold times: the first parse of each parser in `runs` fresh processes each, interleaved (every round
 * runs each parser once, in an order rotated from round to round, so that a busy neighbour hits all
 * alike). Returns the median milliseconds (wall and CPU) and the median peak RSS (KB) of each.
 */
export function coldAll(
  parsers: string[],
  file: string,
  runs: number,
  manifest?: string,
): { ms: number; cpuMs: number; rssKb: number }[] {
  const times: number[][] = parsers.map(() => []);
  const cpu: number[][] = parsers.map(() => []);
  const rss: number[][] = parsers.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < parsers.length; k++) {
      const which = (i + k) % parsers.length;
      const one = parseOnce(parsers[which]!, file, manifest);
      times[which]!.push(one.coldMs);
      cpu[which]!.push(one.cpuMs);
      rss[which]!.push(one.maxRssKb);
    }
  }
  return parsers.map((_, i) => ({ ms: median(times[i]!), cpuMs: median(cpu[i]!), rssKb: median(rss[i]!) }));
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints rows as an aligned table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
