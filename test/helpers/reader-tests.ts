import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORPUS, HAS_CORPUS } from './paths.js';
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
