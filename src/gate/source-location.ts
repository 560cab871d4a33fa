import type { Ecosystem } from '../domain/index.js';
import type { LockfilePackage } from '../lockfiles/index.js';

/** Where a recorded source points: its URL scheme, host (lower case) and path. */
export interface SourceLocation {
  scheme: string;
  host: string;
  path: string;
}

// Git hosting shorthands (`github:user/repo#sha`) that name a host without a URL.
const SHORTHANDS: Record<string, string> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  gist: 'gist.github.com',
};

/**
 * The location a package's `resolved` names; `default` when it names the package manager's configured
 * registry rather than a URL (a yarn berry `npm:` resolution, a pnpm key's host alone); undefined when
 * the entry records no source, or one that is no URL (then the gate says it cannot judge it).
 */
export function sourceLocation(pkg: LockfilePackage): SourceLocation | 'default' | undefined {
  let value = pkg.resolved;
  if (value === undefined || value === '') return 'default';
  if (pkg.ecosystem === 'npm') {
    // yarn berry: `name@<reference>`; the reference `npm:1.2.3` is the configured registry.
    const berry = /^(@[^/@]+\/)?[^@]+@(.*)$/.exec(value);
    if (berry !== null && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      let reference = berry[2]!;
      // A patch is fetched from where the package it patches is: `patch:a@npm%3A1.0.0#…` -> `npm:1.0.0`.
      for (let depth = 0; reference.startsWith('patch:') && depth < 8; depth++) {
        const inner = unpatched(reference);
        if (inner === undefined) return undefined;
        reference = inner;
      }
      // Yarn 2 and 3 write a patched registry descriptor without its `npm:` (`patch:a@1.0.0#…`).
      if (/^npm:/.test(reference) || /^\d/.test(reference)) return 'default';
      value = reference;
    }
  }
  // Cargo: `registry+https://…`, `sparse+https://…`: the kind, then the URL.
  if (pkg.ecosystem === 'cargo') value = value.replace(/^(registry|sparse)\+/, '');
  // scp-like git (`git@github.com:user/repo.git`) has no scheme: it is ssh.
  const scp = /^[\w.-]+@([\w.-]+):(?!\/\/)(.*)$/.exec(value);
  if (scp !== null) return { scheme: 'ssh', host: scp[1]!.toLowerCase(), path: `/${scp[2]}` };
  const shorthand = /^([a-z]+):([^/].*)$/.exec(value);
  if (shorthand !== null && SHORTHANDS[shorthand[1]!] !== undefined)
    return { scheme: 'https', host: SHORTHANDS[shorthand[1]!]!, path: `/${shorthand[2]}` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // A host alone (pnpm 5 and 6 name another registry by its host in the key).
    if (/^[a-z0-9.-]+\.[a-z]{2,}(:\d+)?$/i.test(value)) return { scheme: 'https', host: value, path: '/' };
    return undefined;
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  if (url.hostname === '') return undefined;
  return { scheme, host: url.hostname.toLowerCase(), path: url.pathname };
}

// The reference of the descriptor a yarn `patch:` reference patches; undefined when it cannot be read.
function unpatched(reference: string): string | undefined {
  const hash = reference.indexOf('#');
  let descriptor: string;
  try {
    descriptor = decodeURIComponent(reference.slice('patch:'.length, hash === -1 ? undefined : hash));
  } catch {
    return undefined;
  }
  const at = descriptor.indexOf('@', 1);
  return at === -1 ? undefined : descriptor.slice(at + 1);
}

/**
 * Each package manager's default registries and download hosts, allowed unless `sources.defaultHosts`
 * is false. An entry with a `/` is a host and path prefix.
 */
export const DEFAULT_HOSTS: Partial<Record<Ecosystem, readonly string[]>> = {
  npm: ['registry.npmjs.org', 'registry.yarnpkg.com', 'registry.npmjs.com'],
  pypi: ['pypi.org', 'files.pythonhosted.org', 'pypi.python.org'],
  cargo: ['github.com/rust-lang/crates.io-index', 'index.crates.io', 'crates.io', 'static.crates.io'],
  gem: ['rubygems.org', 'index.rubygems.org'],
  composer: [
    'repo.packagist.org',
    'packagist.org',
    'api.github.com',
    'codeload.github.com',
    'github.com',
    'gitlab.com',
    'bitbucket.org',
  ],
};

/** Git hosting allowed for git sources by default (what git dependencies name nearly always). */
export const DEFAULT_GIT_HOSTS: readonly string[] = [
  'github.com',
  'codeload.github.com',
  'gitlab.com',
  'bitbucket.org',
];

/** Whether `location` is one of `hosts` (exact, `*.domain` for its subdomains, or a host and path prefix). */
export function hostAllowed(location: SourceLocation, hosts: readonly string[]): boolean {
  for (const entry of hosts) {
    const slash = entry.indexOf('/');
    const host = (slash === -1 ? entry : entry.slice(0, slash)).replace(/:\d+$/, '');
    const prefix = slash === -1 ? '' : entry.slice(slash);
    const hostMatches = host.startsWith('*.')
      ? location.host.endsWith(host.slice(1)) && location.host.length > host.length - 1
      : location.host === host;
    if (!hostMatches) continue;
    if (prefix === '') return true;
    const path = location.path.replace(/\/+$/, '');
    const want = prefix.replace(/\/+$/, '');
    if (path === want || path.startsWith(`${want}/`)) return true;
  }
  return false;
}

const COMMIT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * Whether a git source is pinned: the reference it checks out is a full commit id (40 or 64 hex
 * digits), where each format writes that reference. In the fragment: the whole of it (npm, pnpm,
 * Cargo, poetry, composer, CocoaPods: `…#<id>`) or its `commit=` (yarn berry: `#commit=<id>`, also
 * among `&`-joined fields). Else at the very end of the URL: after `@` (pip, Bundler) or as the last
 * path segment (pnpm's `github.com/u/r/<id>`, codeload tarballs). A commit id anywhere else (a
 * repository or user named like one) pins nothing.
 */
export function isGitPinned(resolved: string | undefined): boolean {
  if (resolved === undefined) return false;
  const hash = resolved.indexOf('#');
  if (hash !== -1) {
    for (const field of resolved.slice(hash + 1).split('&'))
      if (COMMIT_ID.test(field.replace(/^commit[=:]/, ''))) return true;
  }
  const body = hash === -1 ? resolved : resolved.slice(0, hash);
  return /[@/]([0-9a-f]{40}|[0-9a-f]{64})$/i.test(body);
}

/**
 * The package and version an npm registry tarball URL names, by the shape every npm registry serves
 * them (registry.npmjs.org, yarn's, a mirror, Artifactory's `api/npm/<repo>/`):
 * `…/<name>/-/<name without scope>-<version>.tgz`, a scoped name also as `@scope%2fname`. A query or
 * fragment (yarn v1's `#<sha1>`) is left out. Undefined for any other URL.
 */
export function npmTarballIdentity(url: string): { name: string; version: string } | undefined {
  const bare = url.replace(/[?#].*$/, '');
  const match = /\/((?:@[^/]+(?:\/|%2f))?[^/@]+)\/-\/([^/]+)\.tgz$/i.exec(bare);
  if (match === null) return undefined;
  let name: string;
  let file: string;
  try {
    name = decodeURIComponent(match[1]!);
    file = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  const base = name.slice(name.lastIndexOf('/') + 1);
  // A file of another package (`event-stream-3.3.6.tgz` under `totally-safe/-/`) names no version of
  // this one: the name alone, with the whole file as what it claims.
  if (!file.startsWith(`${base}-`)) return { name: `${name}/-/${file}`, version: '' };
  return { name, version: file.slice(base.length + 1) };
}
