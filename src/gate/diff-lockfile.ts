import { compareVersions, packageId, transitivityOf, type Ecosystem } from '../domain/index.js';
import type { LockfilePackage, LockfileResult } from '../lockfiles/index.js';
import { diffSources } from './diff-sources.js';
import { isGenerated, isLocalArchive } from './local-source.js';
import type { ChangeKind, PackageChange } from './types.js';

/**
 * The user's own code (workspace members, linked and local folders of the repository) is not a
 * dependency to gate. A local wheel or archive is: it is third-party code committed to the repository,
 * judged as any; so is a package a script builds (yarn's `exec:`), and a link or folder outside the
 * repository (`portal:../../elsewhere`).
 */
export const isOwnCode = (pkg: LockfilePackage): boolean =>
  pkg.outside !== true &&
  (pkg.source === 'workspace' ||
    pkg.source === 'link' ||
    (pkg.source === 'path' && !isLocalArchive(pkg) && !isGenerated(pkg)));

/** An entry of a lockfile side: the package version it reads, and where it stands in the side's `packages`. */
export interface LockfileEntry {
  /** Index in the side's `packages`. */
  index: number;
  pkg: LockfilePackage;
}

/** A side's packages grouped by `packageId`, each version with the entry that stands for it (the first). */
export type PackageVersions = Map<string, Map<string, LockfileEntry>>;

export function groupVersions(result: LockfileResult | undefined): PackageVersions {
  const groups: PackageVersions = new Map();
  if (result === undefined) return groups;
  result.packages.forEach((pkg, index) => {
    if (isOwnCode(pkg)) return;
    const key = packageId(pkg);
    let versions = groups.get(key);
    if (versions === undefined) groups.set(key, (versions = new Map<string, LockfileEntry>()));
    if (!versions.has(pkg.version)) versions.set(pkg.version, { index, pkg });
  });
  return groups;
}

/** A change with the entries behind it, for the evaluation to look at. */
export interface EntryChange {
  change: PackageChange;
  /** The head entry (absent for `removed`). */
  head?: LockfileEntry;
  /** The base entry (absent for `added`). */
  base?: LockfileEntry;
}

function orderOf(ecosystem: Ecosystem) {
  return ({ pkg: a }: LockfileEntry, { pkg: b }: LockfileEntry): number =>
    compareVersions(ecosystem, a.version, b.version) ??
    (a.version < b.version ? -1 : a.version > b.version ? 1 : 0);
}

function changeOf(
  kind: ChangeKind,
  base: LockfileEntry | undefined,
  head: LockfileEntry | undefined,
): EntryChange {
  const entry = (head ?? base)!;
  const change: PackageChange = {
    kind,
    ecosystem: entry.pkg.ecosystem,
    name: entry.pkg.name,
    line: entry.pkg.line,
    transitivity: transitivityOf(entry.pkg),
  };
  if (base !== undefined) change.from = base.pkg.version;
  if (head !== undefined) change.to = head.pkg.version;
  if (entry.pkg.dev === true) change.dev = true;
  const result: EntryChange = { change };
  if (head !== undefined) result.head = head;
  if (base !== undefined) result.base = base;
  return result;
}

/**
 * What changed between two sides of one lockfile. Each package is compared as a set of versions (a
 * lockfile may hold several versions of one package, and none is collapsed into another): versions on
 * both sides are unchanged; the versions that left and the versions that came are paired in version
 * order as upgrades (or downgrades, or `changed` when the ecosystem cannot order them), and what is
 * left over is added or removed. Changes come in head-file order, removals after them in base order.
 */
export function diffLockfile(
  base: LockfileResult | undefined,
  head: LockfileResult | undefined,
): EntryChange[] {
  const before = groupVersions(base);
  const after = groupVersions(head);
  const changes: EntryChange[] = [];
  for (const [key, headVersions] of after) {
    const baseVersions = before.get(key);
    const came = [...headVersions.values()].filter((v) => baseVersions?.has(v.pkg.version) !== true);
    if (came.length === 0) continue;
    const left =
      baseVersions === undefined
        ? []
        : [...baseVersions.values()].filter((v) => !headVersions.has(v.pkg.version));
    const ecosystem = came[0]!.pkg.ecosystem;
    const order = orderOf(ecosystem);
    came.sort(order);
    left.sort(order);
    came.forEach((to, i) => {
      const from = left[i];
      if (from === undefined) {
        changes.push(changeOf('added', undefined, to));
        return;
      }
      const cmp = compareVersions(ecosystem, from.pkg.version, to.pkg.version);
      changes.push(changeOf(cmp === undefined ? 'changed' : cmp < 0 ? 'upgraded' : 'downgraded', from, to));
    });
  }
  const removed: EntryChange[] = [];
  for (const [key, baseVersions] of before) {
    const headVersions = after.get(key);
    const left = [...baseVersions.values()].filter((v) => headVersions?.has(v.pkg.version) !== true);
    if (left.length === 0) continue;
    const came =
      headVersions === undefined
        ? 0
        : [...headVersions.values()].filter((v) => !baseVersions.has(v.pkg.version)).length;
    // The first `came` versions that left were paired with the ones that came, above.
    left.sort(orderOf(left[0]!.pkg.ecosystem));
    for (const gone of left.slice(came)) removed.push(changeOf('removed', gone, undefined));
  }
  // A version on both sides whose recorded source or integrity moved is a change too.
  changes.push(...diffSources(base, head));
  changes.sort((a, b) => a.change.line - b.change.line);
  removed.sort((a, b) => a.change.line - b.change.line);
  return [...changes, ...removed];
}
