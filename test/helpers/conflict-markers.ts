import { isLockfileError } from '../../src/lockfiles/errors.js';

/** Conflict marker lines git writes, and a few that would otherwise read as a key (add the format's own). */
export const MARKER_LINES = [
  '<<<<<<< HEAD',
  '<<<<<<<',
  '=======',
  '>>>>>>> feature/branch',
  '>>>>>>>',
  '||||||| merged common ancestors',
  '|||||||',
  // Lines that would otherwise read as a key.
  '<<<<<<< ours: theirs',
  '======= a: b',
];

/** What a read says of a text: its LockfileError's reason and line, or nothing when it reads. */
export function lockfileErrorOf(read: () => unknown): unknown {
  try {
    read();
    return undefined;
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return { reason: error.reason, line: error.line };
  }
}

/** `lines` with `inserted` as line `at` (0-based), joined. */
export function withLineAt(lines: readonly string[], at: number, inserted: string): string {
  return [...lines.slice(0, at), inserted, ...lines.slice(at)].join('\n');
}
