import { isUserError, UserError } from '../domain/index.js';

/**
 * The one error every reader raises for input it cannot read: malformed, truncated, conflicted or of an
 * unsupported version. It names the file and, where known, the 1-based line and column.
 */
export class LockfileError extends UserError {
  override readonly name = 'LockfileError';
  readonly kind = 'lockfile';
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly reason: string;

  constructor(file: string, reason: string, position: { line?: number; column?: number } = {}) {
    const where =
      position.line === undefined
        ? file
        : `${file}:${position.line}${position.column === undefined ? '' : `:${position.column}`}`;
    super(`${where}: ${reason}`);
    this.file = file;
    this.reason = reason;
    this.line = position.line;
    this.column = position.column;
  }
}

/** Recognises a LockfileError by the user errors' brand, so that two bundled copies of this module agree. */
export function isLockfileError(value: unknown): value is LockfileError {
  return isUserError(value, 'lockfile');
}
