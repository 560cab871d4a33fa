/**
 * Which path the fast scanners took, for tests and the benchmark: one count per scan, and where the
 * last scan that gave up stopped (the full parser then read the text). Counting costs one increment per
 * file read; the place of a give-up is only looked for on the path that gives up.
 */
export interface ScanPaths {
  /** Scans that read the whole text, by scanner. */
  fast: Record<string, number>;
  /** Scans that gave up, leaving the text to the full parser, by scanner. */
  fallback: Record<string, number>;
  /** The last give-up: the scanner and the offset in the text where it stopped (-1 when unknown). */
  last: { scanner: string; offset: number } | undefined;
}

export const scanPaths: ScanPaths = { fast: {}, fallback: {}, last: undefined };

export type ScannerName = 'yaml-documents' | 'yaml-entries' | 'toml' | 'npm-keys';

export function noteScan(scanner: ScannerName, fast: boolean, offset = -1): void {
  const counts = fast ? scanPaths.fast : scanPaths.fallback;
  counts[scanner] = (counts[scanner] ?? 0) + 1;
  if (!fast) scanPaths.last = { scanner, offset };
}

/** Clears the counts (tests). */
export function resetScanPaths(): void {
  scanPaths.fast = {};
  scanPaths.fallback = {};
  scanPaths.last = undefined;
}
