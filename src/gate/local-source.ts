import { posix } from 'node:path';
import type { LockfilePackage, LockfileResult } from '../lockfiles/index.js';

/** A built archive (a wheel, a tarball, a gem, a crate): checked in, it is someone else's code. */
const ARCHIVE = /\.(whl|egg|tgz|tar|tar\.gz|tar\.bz2|tbz2|tar\.xz|txz|zip|gem|crate|jar|nupkg)$/i;

/** A yarn berry resolution of a local protocol: `name@portal:../x::locator=…` (the name may be scoped). */
const BERRY_LOCAL = /^(?:@[^/@]+\/)?[^@]+@(portal|link|file|exec):(.*)$/;

interface LocalTarget {
  /** The place the entry names, as written (`../outside`, `./vendor/a-1.0.tgz`, `/home/me/a`). */
  target: string;
  /** The folder it is relative to, inside the lockfile's folder (a berry workspace: `packages/app`). */
  from: string;
}

// `locator=app%40workspace%3Apackages%2Fapp` -> `packages/app`: berry resolves a relative reference
// from the workspace that declared it.
function berryWorkspaceOf(params: string): string {
  for (const pair of params.split('&')) {
    if (!pair.startsWith('locator=')) continue;
    let locator: string;
    try {
      locator = decodeURIComponent(pair.slice('locator='.length));
    } catch {
      return '.';
    }
    const at = locator.indexOf('@workspace:', 1);
    return at === -1 ? '.' : locator.slice(at + '@workspace:'.length) || '.';
  }
  return '.';
}

/** Where a local entry (a link, a folder, an archive or a generator script) points, as its lockfile writes it. */
function localTargetOf(pkg: LockfilePackage): LocalTarget | undefined {
  const resolved = pkg.resolved;
  if (resolved === undefined) return undefined;
  const berry = BERRY_LOCAL.exec(resolved);
  if (berry !== null) {
    const rest = berry[2]!;
    const params = rest.indexOf('::');
    const reference = params === -1 ? rest : rest.slice(0, params);
    const hash = reference.indexOf('#');
    return {
      target: hash === -1 ? reference : reference.slice(0, hash),
      from: params === -1 ? '.' : berryWorkspaceOf(rest.slice(params + 2)),
    };
  }
  const target = resolved
    .replace(/^(file|link|portal|exec):(\/\/)?/i, '')
    .replace(/::.*$/, '')
    .replace(/[#?].*$/, '');
  return { target, from: '.' };
}

/** Whether a local source names an archive rather than a folder (`file:vendor/a-1.0.tgz`, `dist/a.whl`). */
export function isLocalArchive(pkg: LockfilePackage): boolean {
  if (pkg.source !== 'path') return false;
  const local = localTargetOf(pkg);
  return local !== undefined && ARCHIVE.test(local.target);
}

/** Whether a local entry is built by a script (yarn's `exec:`): its content is whatever the script makes. */
export const isGenerated = (pkg: LockfilePackage): boolean =>
  pkg.source === 'path' && pkg.resolved !== undefined && /^(?:(?:@[^/@]+\/)?[^@]+@)?exec:/.test(pkg.resolved);

/**
 * Whether a local entry names a place outside the repository, for a lockfile at `lockfilePath`
 * (repository-relative): an absolute or home path, or a relative one that climbs above the root
 * (`portal:../../elsewhere`). What it installs is whatever that place holds on the machine that
 * installs, not code of this repository.
 */
export function pointsOutside(pkg: LockfilePackage, lockfilePath: string): boolean {
  const local = localTargetOf(pkg);
  if (local === undefined) return false;
  const target = local.target.replace(/\\/g, '/');
  if (/^(\/|~|[A-Za-z]:\/)/.test(target)) return true;
  const joined = posix.normalize(posix.join(posix.dirname(lockfilePath), local.from, target));
  return joined === '..' || joined.startsWith('../') || joined.startsWith('/');
}

/**
 * Marks the local entries of a lockfile read at `lockfilePath` that point outside the repository,
 * so the gate judges them as the third-party code they are.
 */
export function markOutsideRepository(result: LockfileResult | undefined, lockfilePath: string): void {
  if (result === undefined) return;
  for (const pkg of result.packages)
    if ((pkg.source === 'link' || pkg.source === 'path') && pointsOutside(pkg, lockfilePath))
      pkg.outside = true;
}
