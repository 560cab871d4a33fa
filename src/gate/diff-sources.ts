import { packageVersionKey, transitivityOf } from '../domain/index.js';
import type { LockfilePackage, LockfileResult } from '../lockfiles/index.js';
import { compareIntegrity, noAlgorithmInCommon } from './compare-integrity.js';
import { isOwnCode, type EntryChange, type LockfileEntry } from './diff-lockfile.js';
import { DEFAULT_GIT_HOSTS, DEFAULT_HOSTS, hostAllowed, sourceLocation } from './source-location.js';
import type { PackageChange } from './types.js';

// Every entry of a side by package identity and version (a version may be installed at several places).
function entriesByVersion(result: LockfileResult | undefined): Map<string, LockfileEntry[]> {
  const out = new Map<string, LockfileEntry[]>();
  if (result === undefined) return out;
  result.packages.forEach((pkg, index) => {
    // A bundled copy comes inside its parent's archive, which the parent's integrity covers; a yarn
    // patch entry's source and checksum are the patch's (compared apart, by `patchedElsewhere`).
    if (isOwnCode(pkg) || pkg.bundled === true || pkg.patch !== undefined) return;
    const key = packageVersionKey(pkg);
    const list = out.get(key);
    const entry = { index, pkg };
    if (list === undefined) out.set(key, [entry]);
    else list.push(entry);
  });
  return out;
}

const originOf = (pkg: LockfilePackage): string => `${pkg.resolved ?? ''}\u0000${pkg.integrity ?? ''}`;

/** The format's family: `package-lock@3` and `package-lock@2` are one, `yarn@1` and `pnpm@9.0` are not. */
const familyOf = (format: string): string => format.replace(/@.*$/, '');

/** The host a source names, or `registry` for the package manager's own registries and no source at all. */
function hostOf(pkg: LockfilePackage): string {
  const location = sourceLocation(pkg);
  if (location === undefined) return `?${pkg.resolved ?? ''}`;
  if (location === 'default') return 'registry';
  const defaults = [
    ...(DEFAULT_HOSTS[pkg.ecosystem] ?? []),
    ...(pkg.source === 'git' ? DEFAULT_GIT_HOSTS : []),
  ];
  // Plain http is never the registry: a move to it is a change wherever it happens.
  return hostAllowed(location, defaults) && !/(^|\+)http$/.test(location.scheme)
    ? 'registry'
    : `${location.scheme}://${location.host}`;
}

/**
 * Across formats (a migration: yarn.lock to pnpm-lock.yaml), each records sources and integrity its own
 * way, so only what differs in substance is a change: other content under one hash algorithm, or a
 * source moved to another host (the package managers' own registries count as one).
 */
function differsAcrossFormats(base: LockfilePackage, head: LockfilePackage): boolean {
  return compareIntegrity(base.integrity, head.integrity) === 'changed' || hostOf(base) !== hostOf(head);
}

/**
 * The package versions on both sides whose recorded source or integrity changed (`source-changed`):
 * one change per distinct source and integrity of the head that no base entry of that version had,
 * paired with a base entry of that version whose own source and integrity left (else the first). Needs
 * both sides read with `ReadOptions.sources`.
 */
export function diffSources(
  base: LockfileResult | undefined,
  head: LockfileResult | undefined,
): EntryChange[] {
  if (base === undefined || head === undefined) return [];
  const before = entriesByVersion(base);
  const crossFormat = familyOf(base.format) !== familyOf(head.format);
  const changes: EntryChange[] = [];
  for (const [key, headEntries] of entriesByVersion(head)) {
    const baseEntries = before.get(key);
    if (baseEntries === undefined) continue;
    const baseOrigins = new Set(baseEntries.map((e) => originOf(e.pkg)));
    const headOrigins = new Set(headEntries.map((e) => originOf(e.pkg)));
    const seen = new Set<string>();
    for (const entry of headEntries) {
      const origin = originOf(entry.pkg);
      if (baseOrigins.has(origin) || seen.has(origin)) continue;
      seen.add(origin);
      if (entry.pkg.conditions !== undefined && sameSourceButChecksum(entry.pkg, baseEntries)) continue;
      if (crossFormat && baseEntries.every((e) => !differsAcrossFormats(e.pkg, entry.pkg))) continue;
      const from = baseEntries.find((e) => !headOrigins.has(originOf(e.pkg))) ?? baseEntries[0]!;
      changes.push(sourceChange(from, entry));
    }
  }
  changes.push(...patchedElsewhere(base, head));
  return changes;
}

/**
 * Yarn patch entries whose package comes from another host than every base entry of that version:
 * a patch is applied to what yarn fetches from the source underneath (`patch:a@npm%3A1.0.0#…` is the
 * registry's), so that source is judged. Its hash and checksum are the patch's, which a yarn upgrade
 * or an edited patch file changes: those are no change of the package.
 */
function patchedElsewhere(base: LockfileResult, head: LockfileResult): EntryChange[] {
  const hostsBefore = new Map<string, { hosts: Set<string>; entry: LockfileEntry }>();
  base.packages.forEach((pkg, index) => {
    if (isOwnCode(pkg) || pkg.bundled === true) return;
    const key = packageVersionKey(pkg);
    let known = hostsBefore.get(key);
    if (known === undefined) hostsBefore.set(key, (known = { hosts: new Set(), entry: { index, pkg } }));
    known.hosts.add(hostOf(pkg));
  });
  const changes: EntryChange[] = [];
  head.packages.forEach((pkg, index) => {
    if (pkg.patch === undefined || isOwnCode(pkg)) return;
    const known = hostsBefore.get(packageVersionKey(pkg));
    if (known === undefined || known.hosts.has(hostOf(pkg))) return;
    const change = sourceChange(known.entry, { index, pkg });
    delete change.change.integrity;
    changes.push(change);
  });
  return changes;
}

/**
 * Whether a yarn package for some platforms only (`conditions`) differs from a base entry only by a
 * checksum one side lacks: yarn records it only where it fetched the package, so a checksum that
 * comes or goes with who ran the install is no change.
 */
function sameSourceButChecksum(head: LockfilePackage, baseEntries: readonly LockfileEntry[]): boolean {
  return baseEntries.some(
    ({ pkg }) =>
      pkg.resolved === head.resolved && (pkg.integrity === undefined || head.integrity === undefined),
  );
}

function sourceChange(base: LockfileEntry, head: LockfileEntry): EntryChange {
  const pkg = head.pkg;
  const change: PackageChange = {
    kind: 'source-changed',
    ecosystem: pkg.ecosystem,
    name: pkg.name,
    from: base.pkg.version,
    to: head.pkg.version,
    line: pkg.line,
    transitivity: transitivityOf(pkg),
  };
  if (pkg.dev === true) change.dev = true;
  if (base.pkg.resolved !== head.pkg.resolved) {
    if (base.pkg.resolved !== undefined) change.fromSource = base.pkg.resolved;
    if (head.pkg.resolved !== undefined) change.toSource = head.pkg.resolved;
  }
  let integrity = compareIntegrity(base.pkg.integrity, head.pkg.integrity);
  // Another download under another hash algorithm: nothing of the new one is checked against what
  // the base trusted, so the source and its integrity changed together (a tarball of another version
  // with its own real sha1, say).
  if (
    integrity === 'rewritten' &&
    change.fromSource !== undefined &&
    change.toSource !== undefined &&
    change.fromSource.replace(/^https?:/, '') !== change.toSource.replace(/^https?:/, '') &&
    noAlgorithmInCommon(base.pkg.integrity!, head.pkg.integrity!)
  )
    integrity = 'changed';
  if (integrity !== undefined) change.integrity = integrity;
  return { change, head, base };
}
