import type { IntegrityChange } from './types.js';

// The algorithm a hash is written under: SRI `sha512-…`, Python `sha256:…`, Bundler `sha256=…`, a
// yarn berry cache key `10c0/…`, composer's `ref:` commit; a bare hex digest by its length.
function algorithmOf(hash: string): string {
  const at = /^([A-Za-z0-9]+)[-:=/]/.exec(hash);
  if (at !== null && !/^[0-9a-f]{32,}$/i.test(hash)) return at[1]!.toLowerCase();
  return `hex${hash.length}`;
}

function byAlgorithm(integrity: string): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const hash of integrity.split(/[\s,]+/)) {
    if (hash === '') continue;
    const algorithm = algorithmOf(hash);
    let set = groups.get(algorithm);
    if (set === undefined) groups.set(algorithm, (set = new Set()));
    set.add(hash);
  }
  return groups;
}

const isSubset = (a: Set<string>, b: Set<string>): boolean => [...a].every((x) => b.has(x));

/**
 * How the integrity of one package version moved from base to head; undefined when it did not. Values
 * under one algorithm are compared as sets: a value that left while another came is `changed` (other
 * content for the same version: lockfile injection), while files only added to or dropped from a
 * release, another algorithm (`sha1` to `sha512`) or another yarn cache key are `rewritten`.
 */
export function compareIntegrity(
  base: string | undefined,
  head: string | undefined,
): IntegrityChange | undefined {
  if (base === head) return undefined;
  if (base === undefined) return 'added';
  if (head === undefined) return 'removed';
  const before = byAlgorithm(base);
  const after = byAlgorithm(head);
  for (const [algorithm, hashes] of before) {
    const now = after.get(algorithm);
    if (now === undefined) continue;
    if (!isSubset(hashes, now) && !isSubset(now, hashes)) return 'changed';
  }
  // Another algorithm alone, even a weaker one, is no change: pnpm 9 re-resolving an old package
  // writes the registry's sha1 where pnpm 6 had a sha512 (vite 6851a707f5). The download is the
  // registry's by name and version, which the new hash must match; with the source moved as well,
  // the gate calls it changed (diff-sources).
  return 'rewritten';
}

// Hashes for which collisions can be made: md5 at will, sha1 with a chosen prefix (SHA-1 is a Shambles,
// 2020). A bare hex digest is read by its length.
const WEAK = new Map([
  ['md5', 'md5'],
  ['hex32', 'md5'],
  ['sha1', 'sha1'],
  ['hex40', 'sha1'],
]);

/**
 * The strongest algorithm of an integrity when every hash in it is weak (`md5`, `sha1`); undefined when
 * one is strong, or when there is none.
 */
export function weakAlgorithmOf(integrity: string | undefined): 'md5' | 'sha1' | undefined {
  if (integrity === undefined) return undefined;
  let weakest: 'md5' | 'sha1' | undefined;
  for (const algorithm of byAlgorithm(integrity).keys()) {
    const weak = WEAK.get(algorithm) as 'md5' | 'sha1' | undefined;
    if (weak === undefined) return undefined;
    if (weakest === undefined || weak === 'sha1') weakest = weak;
  }
  return weakest;
}

/** Whether two integrities share no hash algorithm (nothing of one can be checked against the other). */
export function noAlgorithmInCommon(base: string, head: string): boolean {
  const before = byAlgorithm(base);
  for (const algorithm of byAlgorithm(head).keys()) if (before.has(algorithm)) return false;
  return true;
}
