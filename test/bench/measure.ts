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
 * Times `ours` and `reference` in the same process, alternating them so that drift (GC, JIT, thermal)
 * hits both alike. Returns median milliseconds of each after one warm-up run.
 */
export function timePair(
  ours: () => unknown,
  reference: () => unknown,
  iterations: number,
): { ours: number; reference: number } {
  ours();
  reference();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const order = i % 2 === 0;
    for (const which of order ? [0, 1] : [1, 0]) {
      globalThis.gc?.();
      const start = performance.now();
      if (which === 0) ours();
      else reference();
      (which === 0 ? a : b).push(performance.now() - start);
    }
  }
  return { ours: median(a), reference: median(b) };
}

/**
 * Peak resident memory of one parse, in a fresh child process so that nothing else shares the heap.
 * Returns kilobytes of max RSS as the kernel reports it.
 */
export function peakMemoryKb(parser: string, file: string): number {
  const script = fileURLToPath(new URL('./parse-once.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, parser, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`parse-once ${parser} failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { maxRssKb: number }).maxRssKb;
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
