import type { Ecosystem } from './ecosystem.js';
import type { PackageName, PackageVersion } from './package.js';

/**
 * The identity of a package name within its ecosystem: two names with the same key are the same
 * package to the registry, so a policy written `Django` matches a lockfile's `django`.
 *
 * - PyPI: PEP 503 normalisation (lowercase, runs of `-`, `_` and `.` become one `-`).
 * - npm, NuGet, Composer, pub, hex, crates.io: names are unique regardless of case (crates.io also
 *   treats `-` and `_` as the same name).
 * - Maven: `group:artifact`, case kept (Maven coordinates are case-sensitive); a `group/artifact`
 *   spelling is read as the same coordinates.
 * - Go: module paths are case-sensitive (the proxy escapes capitals), so the path is kept as written.
 * - RubyGems, CocoaPods and SwiftPM keep their case (RubyGems allows names that differ only in case);
 *   a SwiftPM package is its repository URL in OSV's SwiftURL form (see swiftRepositoryName).
 */
export function packageKey(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  switch (ecosystem) {
    case 'pypi':
      return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
    case 'cargo':
      return trimmed.toLowerCase().replace(/_/g, '-');
    case 'npm':
    case 'nuget':
    case 'composer':
    case 'pub':
    case 'hex':
      return trimmed.toLowerCase();
    case 'maven':
      return trimmed.replace('/', ':');
    case 'swiftpm':
      return swiftRepositoryName(trimmed);
    case 'gomod':
    case 'gem':
    case 'cocoapods':
      return trimmed;
  }
}

/**
 * A Swift package's repository URL in the form OSV's SwiftURL ecosystem and GitHub's advisories name it:
 * host and path, without the scheme, a user, a trailing `/` or `.git`, case kept
 * (`https://github.com/Quick/Nimble.git`, `git@github.com:Quick/Nimble` -> `github.com/Quick/Nimble`).
 */
export function swiftRepositoryName(url: string): string {
  let rest = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  else {
    // scp-like `user@host:path`, as git writes SSH remotes without a scheme.
    const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/)(.+)$/.exec(rest);
    if (scp !== null) rest = `${scp[1]}/${scp[2]}`;
  }
  const at = rest.indexOf('@');
  const slash = rest.indexOf('/');
  if (at !== -1 && (slash === -1 || at < slash)) rest = rest.slice(at + 1);
  return rest.replace(/\/+$/, '').replace(/\.git$/, '');
}

/**
 * The one key of a package across ecosystems, its name normalised (`packageKey`): `pypi:typing-extensions`.
 * Every layer that groups, indexes or compares packages keys them with it (or `packageVersionKey`).
 */
export function packageId(pkg: PackageName): string {
  return `${pkg.ecosystem}:${packageKey(pkg.ecosystem, pkg.name)}`;
}

/** The one key of a package version across ecosystems: `npm:lodash@4.17.21`. */
export function packageVersionKey(pkg: PackageVersion): string;
export function packageVersionKey(ecosystem: Ecosystem, name: string, version: string): string;
export function packageVersionKey(pkg: PackageVersion | Ecosystem, name?: string, version?: string): string {
  const p = typeof pkg === 'string' ? { ecosystem: pkg, name: name!, version: version! } : pkg;
  return `${packageId(p)}@${p.version}`;
}
