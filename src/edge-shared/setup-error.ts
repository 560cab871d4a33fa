const BRAND = Symbol.for('depgate.SetupError');

/**
 * A problem the user fixes in how the gate is set up (a missing token, a deployment the token does not
 * see, a malformed input). Recognised by its brand, like the other errors: bundles may hold two copies.
 */
export class SetupError extends Error {
  override readonly name = 'SetupError';
  readonly [BRAND] = true;
  /** Every problem found, when there are several (inputs are checked all at once). */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.problems = problems;
  }
}

export function isSetupError(value: unknown): value is SetupError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
