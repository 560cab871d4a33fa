import { isUserError, UserError } from '../domain/index.js';

/**
 * A problem the user fixes in how the gate is set up (a missing token, a deployment the token does not
 * see, a malformed input). One of the user errors (exit 2), recognised by their brand.
 */
export class SetupError extends UserError {
  override readonly name = 'SetupError';
  readonly kind = 'setup';
  /** Every problem found, when there are several (inputs are checked all at once). */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.problems = problems;
  }
}

export function isSetupError(value: unknown): value is SetupError {
  return isUserError(value, 'setup');
}
