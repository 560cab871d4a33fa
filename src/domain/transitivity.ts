/**
 * Why a package is in a project: the project asks for it (`direct`), something it uses asks for it
 * (`transitive`), or the source does not say (`unknown`). The wire's `DIRECT | TRANSITIVE |
 * UNKNOWN_TRANSITIVITY` is translated in one place, core's normaliser (and back in the emulator's
 * renderer).
 */
export type Transitivity = 'direct' | 'transitive' | 'unknown';

/** A lockfile entry's transitivity from what the format records (`direct` is absent when it does not). */
export function transitivityOf(entry: { direct?: boolean }): Transitivity {
  return entry.direct === undefined ? 'unknown' : entry.direct ? 'direct' : 'transitive';
}
