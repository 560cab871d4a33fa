/** Operators of SPDX expressions; every other word of one is a license or exception id. */
const SPDX_OPERATORS: ReadonlySet<string> = new Set(['and', 'or', 'with']);

/**
 * The lowercased SPDX ids that license entries name. An entry is an id (`MIT`) or an expression
 * (`MIT OR Apache-2.0`), whose ids all count: the platform sends ids, lockfiles often expressions.
 */
export function licenseIds(licenses: readonly string[]): string[] {
  const ids: string[] = [];
  for (const entry of licenses) {
    for (const word of entry.toLowerCase().split(/[\s()]+/)) {
      if (word !== '' && !SPDX_OPERATORS.has(word)) ids.push(word);
    }
  }
  return ids;
}
