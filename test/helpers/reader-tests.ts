import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';

/** The files below a folder, at any depth, sorted; `keep` chooses by file name. */
export function filesUnder(dir: string, keep: (name: string) => boolean = () => true): string[] {
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
