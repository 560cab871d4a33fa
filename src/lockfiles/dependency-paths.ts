import type { LockfileResult } from './types.js';

/**
 * For every package of a lockfile, the shortest chain of packages that brings it in, as indexes into
 * `packages`, starting at a direct dependency and ending at the package itself (`[i]` for a direct
 * one): `react-scripts > webpack > left-pad`. `undefined` where the lockfile records no edges, or where
 * no direct dependency reaches the package. A breadth-first walk from every direct dependency at once
 * (in lockfile order, so ties resolve the same way on every run): O(packages + edges).
 */
export function dependencyPaths(result: LockfileResult): (number[] | undefined)[] {
  const { packages, dependencies } = result;
  const parent = new Int32Array(packages.length).fill(-2); // -2 unseen, -1 a root
  const queue: number[] = [];
  for (let i = 0; i < packages.length; i++) {
    if (packages[i]!.direct === true) {
      parent[i] = -1;
      queue.push(i);
    }
  }
  if (dependencies === undefined) {
    return packages.map((_, i) => (parent[i] === -1 ? [i] : undefined));
  }
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head]!;
    for (const to of dependencies[from] ?? []) {
      if (parent[to] !== -2) continue;
      parent[to] = from;
      queue.push(to);
    }
  }
  return packages.map((_, i) => {
    if (parent[i] === -2) return undefined;
    const path: number[] = [];
    for (let at = i; at !== -1; at = parent[at]!) path.push(at);
    return path.reverse();
  });
}
