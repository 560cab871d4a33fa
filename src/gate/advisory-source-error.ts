const BRAND = Symbol.for('depgate.AdvisorySourceError');

/**
 * An advisory source that could not answer while the policy says `onError: fail`: the check fails
 * closed, with the source named (the CLI exits 3, as for a platform error). Recognised by a brand,
 * since a bundle can hold two copies of this class.
 */
export class AdvisorySourceError extends Error {
  override readonly name = 'AdvisorySourceError';
  readonly [BRAND] = true;
  /** The sources that failed, as each names itself (`osv (https://api.osv.dev)`). */
  readonly sources: string[];

  constructor(failures: readonly { label: string; error: string }[]) {
    super(
      `${failures.length === 1 ? 'an advisory source' : `${failures.length} advisory sources`} could not answer, so known vulnerabilities were not checked and the check fails (vulnerabilities.onError: fail):\n  ${failures.map((f) => `${f.label}: ${f.error}`).join('\n  ')}`,
    );
    this.sources = failures.map((f) => f.label);
  }
}

export function isAdvisorySourceError(error: unknown): error is AdvisorySourceError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}
