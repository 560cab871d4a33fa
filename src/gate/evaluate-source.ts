import { transitivityOf } from '../domain/index.js';
import type { LockfilePackage } from '../lockfiles/index.js';
import type { SourceCheckMode, SourcesPolicy } from '../policy/index.js';
import {
  DEFAULT_GIT_HOSTS,
  DEFAULT_HOSTS,
  hostAllowed,
  isGitPinned,
  npmTarballIdentity,
  sourceLocation,
  type SourceLocation,
} from './source-location.js';
import { weakAlgorithmOf } from './compare-integrity.js';
import type { Finding, FindingLevel, PackageChange } from './types.js';

/** One entry the change brings (added, a new version, or a version whose source or integrity moved). */
export interface SourceCandidate {
  lockfile: string;
  pkg: LockfilePackage;
  change: PackageChange;
  /** Whether either side of this lockfile records integrity at all (else none missing is judged). */
  recordsIntegrity: boolean;
  /** The base entry's integrity, for a `source-changed` change. */
  baseIntegrity?: string;
  path?: string[];
  pathRecorded: boolean;
}

/** The hosts a source of this package may name under `sources`. */
export function allowedHostsFor(pkg: LockfilePackage, sources: SourcesPolicy): string[] {
  const hosts = [...sources.allowedHosts];
  if (sources.defaultHosts) {
    hosts.push(...(DEFAULT_HOSTS[pkg.ecosystem] ?? []));
    if (pkg.source === 'git') hosts.push(...DEFAULT_GIT_HOSTS);
  }
  return hosts;
}

/** Whether a location is allowed by scheme and host. */
export function locationAllowed(
  pkg: LockfilePackage,
  location: SourceLocation,
  sources: SourcesPolicy,
): boolean {
  return (
    sources.allowedSchemes.includes(location.scheme) && hostAllowed(location, allowedHostsFor(pkg, sources))
  );
}

const levelOf = (mode: SourceCheckMode): FindingLevel => (mode === 'fail' ? 'error' : 'warning');

const shorten = (value: string): string => (value.length > 24 ? `${value.slice(0, 20)}…` : value);

/**
 * Whether a version already in the base only moved between `http:` and `https:` of the same URL with
 * its integrity unchanged (npm 5 and 6 wrote either, by the registry setting of whoever installed):
 * the package manager checks the download against that integrity, so the scheme changes nothing.
 */
function onlySchemeMoved({ change, pkg }: SourceCandidate): boolean {
  const { fromSource, toSource } = change;
  return (
    change.kind === 'source-changed' &&
    change.integrity === undefined &&
    pkg.integrity !== undefined &&
    fromSource !== undefined &&
    toSource !== undefined &&
    /^https?:/.test(fromSource) &&
    fromSource.replace(/^https?:/, '') === toSource.replace(/^https?:/, '')
  );
}

/**
 * The `sources` findings on one entry the change brings, before exceptions: a scheme or host the
 * policy does not allow (or a source it cannot read), an integrity changed for the same version, a git
 * source not pinned to a commit, a registry entry without integrity where the lockfile records them.
 */
export function evaluateSource(candidate: SourceCandidate, sources: SourcesPolicy): Finding[] {
  const { pkg, change } = candidate;
  const findings: Finding[] = [];
  const add = (level: FindingLevel, id: string, message: string): void => {
    const finding: Finding = {
      kind: 'source',
      level,
      message,
      preExisting: false,
      blocking: false,
      lockfile: candidate.lockfile,
      line: pkg.line,
      ecosystem: pkg.ecosystem,
      name: pkg.name,
      version: pkg.version,
      change: change.kind,
      transitivity: transitivityOf(pkg),
      pathRecorded: candidate.pathRecorded,
      licenses: pkg.licenses === undefined ? [] : [...pkg.licenses],
      rule: { id, ...(sources.at === undefined ? {} : { line: sources.at.line }) },
    };
    if (change.from !== undefined && change.from !== pkg.version) finding.previousVersion = change.from;
    if (candidate.path !== undefined) finding.path = candidate.path;
    findings.push(finding);
  };
  const subject = `${pkg.name} ${pkg.version}`.trim();
  const moved =
    change.kind === 'source-changed' && (change.fromSource !== undefined || change.toSource !== undefined)
      ? ` (its source moved from ${change.fromSource ?? 'the default registry'})`
      : '';

  if (pkg.source === 'registry' || pkg.source === 'git' || pkg.source === 'url') {
    const location = sourceLocation(pkg);
    if (location === undefined) {
      add(
        'error',
        'sources.allowedHosts',
        `${subject} is fetched from ${pkg.resolved ?? 'an unnamed source'}, which depgate cannot read as a URL, so its host cannot be checked${moved}`,
      );
    } else if (location !== 'default') {
      if (!sources.allowedSchemes.includes(location.scheme) && !onlySchemeMoved(candidate))
        add(
          'error',
          'sources.allowedSchemes',
          `${subject} is fetched over ${location.scheme}:// from ${pkg.resolved}${moved}; sources.allowedSchemes allows ${sources.allowedSchemes.join(', ')} (a plain-text download can be swapped on the way)`,
        );
      if (!hostAllowed(location, allowedHostsFor(pkg, sources)))
        add(
          'error',
          'sources.allowedHosts',
          `${subject} is fetched from ${location.host}, not an allowed host${moved}: a lockfile entry pointed at another host installs whatever that host serves; add the host to sources.allowedHosts if it is your registry`,
        );
    }
  }

  // A registry tarball is one package version: an entry whose tarball is another is lockfile injection,
  // whatever its host (the entry says one version, the package manager installs the other).
  const tarball = pkg.resolved === undefined ? undefined : npmTarballIdentity(pkg.resolved);
  if (
    tarball !== undefined &&
    pkg.ecosystem === 'npm' &&
    // (A tarball-URL dependency, `url`, takes its version from the URL it names.)
    pkg.source === 'registry' &&
    (tarball.name !== pkg.name || tarball.version !== pkg.version)
  )
    add(
      'error',
      'sources.tarballMismatch',
      `${subject} is fetched from ${pkg.resolved}, the tarball of ${tarball.version === '' ? tarball.name : `${tarball.name} ${tarball.version}`}: the package manager installs that, not what the entry says (lockfile injection)`,
    );

  if (change.kind === 'source-changed' && sources.integrityChange !== 'off') {
    if (change.integrity === 'changed' || change.integrity === 'removed')
      add(
        levelOf(sources.integrityChange),
        'sources.integrityChange',
        change.integrity === 'changed'
          ? `${subject}: its integrity changed for the same version (${shorten(candidate.baseIntegrity ?? '')} -> ${shorten(pkg.integrity ?? '')}): a published version never changes, so other content under it is lockfile injection or a republished package`
          : `${subject}: its integrity was removed for the same version, so the package manager no longer checks what it downloads`,
      );
  }

  if (pkg.source === 'git' && sources.gitPinned !== 'off' && !isGitPinned(pkg.resolved))
    add(
      levelOf(sources.gitPinned),
      'sources.gitPinned',
      `${subject} comes from git at ${pkg.resolved ?? 'an unnamed reference'}, not pinned to a commit: a branch or tag can point at other code tomorrow`,
    );

  if (
    pkg.source === 'registry' &&
    sources.missingIntegrity !== 'off' &&
    candidate.recordsIntegrity &&
    pkg.integrity === undefined &&
    // An entry that names no download of its own (npm's bundled dependencies) has nothing to check,
    // nor does a yarn patch (its package is the entry beside it), nor a yarn package for other
    // platforms (yarn records a checksum only where it fetched the package).
    (pkg.resolved !== undefined || pkg.ecosystem !== 'npm') &&
    pkg.bundled !== true &&
    pkg.patch === undefined &&
    pkg.conditions === undefined
  )
    add(
      levelOf(sources.missingIntegrity),
      'sources.missingIntegrity',
      `${subject} has no integrity in the lockfile, so the package manager cannot check what it downloads`,
    );

  // A registry's own release is served alike to every install, and releases published before 2017
  // have only a sha1 there; anywhere else the hash is all that pins the content.
  const weak = weakAlgorithmOf(pkg.integrity);
  if (
    weak !== undefined &&
    sources.weakIntegrity !== 'off' &&
    (weak === 'md5' || pkg.source !== 'registry') &&
    pkg.bundled !== true &&
    pkg.patch === undefined
  )
    add(
      levelOf(sources.weakIntegrity),
      'sources.weakIntegrity',
      `${subject} is checked only by ${weak === 'md5' ? 'an md5' : 'a sha1'} hash, for which ${weak === 'md5' ? 'collisions are easily made' : 'colliding files can be made'}: whoever serves ${pkg.resolved ?? 'the download'} can give another file with the same hash; record a sha256 or sha512 integrity (reinstall it, or use a download that publishes one)`,
    );
  return findings;
}
