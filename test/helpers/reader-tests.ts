import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { CORPUS, CORPUS_TEST, fixtureKey, HAS_CORPUS, inCorpus } from './paths.js';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';

/**
 * The files below a folder, at any depth, sorted; `keep` chooses by file name. A corpus folder without
 * the corpus has none: a table of tests over it collects to nothing, and its `corpus` tests skip.
 */
export function filesUnder(dir: string, keep: (name: string) => boolean = () => true): string[] {
  if (!HAS_CORPUS && !relative(CORPUS, dir).startsWith('..')) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The LockfileError that `read` raises; a result, or any other error, fails the test. */
export function lockfileErrorOf(read: () => unknown, what = 'this input'): LockfileError {
  try {
    read();
  } catch (error) {
    if (isLockfileError(error)) return error;
    throw error;
  }
  throw new Error(`expected a LockfileError for ${what}`);
}

/**
 * How long one test over a whole corpus table may take: it checks each of up to hundreds of files in
 * turn, some of them seconds each on a loaded machine, where a test of one file has 30 s.
 */
export const CORPUS_TABLE_TIMEOUT = 600_000;

/**
 * A table of tests over files: one test per fixture file, and one test over all the corpus files (tagged
 * `corpus`) that checks each and fails once, naming every file that failed and how. A corpus folder
 * holds hundreds of files; a test each would make the tests a fresh clone runs look few.
 */
export function itEachFile<T, Row extends unknown[]>(
  items: readonly T[],
  pathOf: (item: T) => string,
  toRow: (item: T) => readonly [...Row],
  title: string,
  check: (...row: Row) => unknown,
): void {
  const corpus = items.filter((item) => inCorpus(pathOf(item)));
  const fixtures = items.filter((item) => !inCorpus(pathOf(item)));
  const corpusTitle = title.replace(/^%s:? /, '').replaceAll('%s', '(its case)');
  if (corpus.length > 0)
    it(`each corpus file: ${corpusTitle}`, { ...CORPUS_TEST, timeout: CORPUS_TABLE_TIMEOUT }, async () => {
      const failures: string[] = [];
      for (const item of corpus)
        try {
          await check(...(toRow(item) as Row));
        } catch (error) {
          failures.push(
            `${fixtureKey(pathOf(item))}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      expect(failures).toEqual([]);
    });
  if (fixtures.length > 0)
    it.each(fixtures.map((item) => [...toRow(item)] as unknown[]))(title, async (...row: unknown[]) => {
      await check(...(row as Row));
    });
}
