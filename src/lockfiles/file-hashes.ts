import { isObj } from './syntax/shapes.js';

/**
 * One integrity for an entry that lists several files, each with its own hash (a Python release's
 * sdist and wheels): the distinct hashes, sorted, joined by `,`. Sorted so that a file list written in
 * another order is the same integrity; undefined when no file carries a hash.
 */
export function joinHashes(hashes: Iterable<string>): string | undefined {
  const distinct = new Set<string>();
  for (const hash of hashes) if (hash !== '') distinct.add(hash);
  return distinct.size === 0 ? undefined : [...distinct].sort().join(',');
}

/** The `hash` of each `{ url, hash }` table among `values` (a table, or an array of them). */
export function hashesOf(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isObj(item) && typeof item.hash === 'string') out.push(item.hash);
    }
  }
  return out;
}
