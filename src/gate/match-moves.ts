import { packageVersionKey } from '../domain/index.js';
import type { LockfileResult } from '../lockfiles/index.js';
import { isOwnCode } from './diff-lockfile.js';

/** One side of a lockfile the change deleted or added, as read. */
export interface ReadSide {
  path: string;
  result: LockfileResult;
}

/** Where an added lockfile came from: a lockfile of the same ecosystem that the change deleted. */
export interface LockfileOrigin {
  /** The deleted lockfile's path. */
  from: string;
  /** `moved`: the same lockfile name in another folder; `migrated`: another format (yarn.lock -> pnpm-lock.yaml). */
  kind: 'moved' | 'migrated';
  /** Shared package versions over all of both sides' (Jaccard), 0 to 1. */
  similarity: number;
}

/**
 * How much two lockfiles in different folders must share to be one project moved: half of all the
 * package versions of both. Below it they are two projects, one removed and one added. The threshold
 * decides only how the change is told, never what it introduces: whatever the head holds that the
 * matched base did not is still reported as added.
 */
export const MOVE_SIMILARITY = 0.5;

const folderOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The folder a lockfile sits in ('' at the repository root): the project it covers. */
export const projectFolder = folderOf;

/** A side's third-party package versions by `packageVersionKey`. */
export function versionKeys(result: LockfileResult): Set<string> {
  const keys = new Set<string>();
  for (const pkg of result.packages) if (!isOwnCode(pkg)) keys.add(packageVersionKey(pkg));
  return keys;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const key of a) if (b.has(key)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Pairs each added lockfile with the deleted one it replaces, one to one: in the same folder any
 * deleted lockfile of the same ecosystem (a migration, or a regenerated file; the closest in packages
 * first), elsewhere one of the same ecosystem sharing at least MOVE_SIMILARITY of its package versions
 * (a move). The best pairs are taken first: same folder, then more shared, then the same file name.
 */
export function matchMoves(
  deleted: readonly ReadSide[],
  added: readonly ReadSide[],
): Map<string, LockfileOrigin> {
  const keys = new Map<string, Set<string>>();
  const keysOf = (side: ReadSide, prefix: string) => {
    const id = `${prefix}\u0000${side.path}`;
    let set = keys.get(id);
    if (set === undefined) keys.set(id, (set = versionKeys(side.result)));
    return set;
  };
  const options: { from: ReadSide; to: ReadSide; sameFolder: boolean; similarity: number }[] = [];
  for (const to of added) {
    for (const from of deleted) {
      if (from.result.ecosystem !== to.result.ecosystem) continue;
      const sameFolder = folderOf(from.path) === folderOf(to.path);
      const similarity = jaccard(keysOf(from, 'base'), keysOf(to, 'head'));
      // Empty lockfiles in different folders say nothing about being the same project.
      const empty = keysOf(from, 'base').size === 0 || keysOf(to, 'head').size === 0;
      if (!sameFolder && (empty || similarity < MOVE_SIMILARITY)) continue;
      options.push({ from, to, sameFolder, similarity });
    }
  }
  options.sort(
    (a, b) =>
      Number(b.sameFolder) - Number(a.sameFolder) ||
      b.similarity - a.similarity ||
      Number(nameOf(b.from.path) === nameOf(b.to.path)) - Number(nameOf(a.from.path) === nameOf(a.to.path)) ||
      (a.to.path < b.to.path ? -1 : a.to.path > b.to.path ? 1 : 0) ||
      (a.from.path < b.from.path ? -1 : a.from.path > b.from.path ? 1 : 0),
  );
  const origins = new Map<string, LockfileOrigin>();
  const used = new Set<string>();
  for (const { from, to, similarity } of options) {
    if (origins.has(to.path) || used.has(from.path)) continue;
    used.add(from.path);
    origins.set(to.path, {
      from: from.path,
      kind: nameOf(from.path) === nameOf(to.path) ? 'moved' : 'migrated',
      similarity,
    });
  }
  return origins;
}
