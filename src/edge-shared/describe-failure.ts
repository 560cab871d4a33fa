import { isApiError } from '../core/index.js';
import { isUserError } from '../domain/index.js';
import { isAdvisorySourceError } from '../gate/index.js';
import { isLockfileError } from '../lockfiles/index.js';

/** What went wrong in a gate run, sorted for the edge: the user fixes `config`, the platform `platform`. */
export interface GateFailure {
  kind: 'config' | 'platform';
  message: string;
  /** Where to annotate, when the problem is in a file (a malformed lockfile). */
  file?: string;
  line?: number;
}

/**
 * Sorts the errors a gate run can raise: a user error (policy, lockfile, setup: exit 2 in the CLI), a
 * platform failure with its advice (exit 3). Anything else is a bug and is left to the caller (undefined).
 */
export function describeFailure(error: unknown): GateFailure | undefined {
  if (isLockfileError(error)) {
    const failure: GateFailure = { kind: 'config', message: error.message, file: error.file };
    if (error.line !== undefined) failure.line = error.line;
    return failure;
  }
  // Any other user error (policy, setup, usage, ...): the user fixes it.
  if (isUserError(error)) return { kind: 'config', message: error.message };
  // An advisory source that could not answer under `onError: fail`: a source failure, like the platform's.
  if (isAdvisorySourceError(error)) return { kind: 'platform', message: error.message };
  if (isApiError(error)) return { kind: 'platform', message: `${error.message}\n  hint: ${error.hint}` };
  return undefined;
}
