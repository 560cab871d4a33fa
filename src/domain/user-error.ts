const BRAND = Symbol.for('depgate.UserError');

/** What the user has to fix: the kind of every error of the family (one class each). */
export type UserErrorKind =
  | 'usage' // a command line (UsageError; AuditSetupError: a --repository the platform does not list)
  | 'git' // git refused or is missing (GitError)
  | 'setup' // how the gate or the relay is set up: inputs, tokens, settings (SetupError)
  | 'policy' // the policy file (PolicyError)
  | 'lockfile' // a lockfile the gate cannot read (LockfileError)
  | 'rules' // the relay's rules file (RulesError)
  | 'dataset' // the emulator's dataset or fault file (DatasetError)
  | 'store-setup'; // the relay's store is not configured (StoreSetupError)

/**
 * The family of errors the user fixes, shown without a stack: each has a kind and the exit code the CLI
 * ends with (2: usage or configuration). Recognised by a brand (`isUserError`), never `instanceof`:
 * bundles may hold two copies of a module.
 */
export abstract class UserError extends Error {
  readonly [BRAND] = true;
  abstract readonly kind: UserErrorKind;
  /** The CLI's exit code for it. */
  readonly exitCode: number = 2;
}

/** A UserError, of any kind or of the kinds named. */
export function isUserError<K extends UserErrorKind>(
  value: unknown,
  ...kinds: K[]
): value is UserError & { kind: K } {
  if (typeof value !== 'object' || value === null || (value as Record<symbol, unknown>)[BRAND] !== true)
    return false;
  return kinds.length === 0 || (kinds as string[]).includes((value as UserError).kind);
}
