import type { Ecosystem } from './ecosystem.js';

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
 *   SwiftPM package URLs drop a trailing `.git` and `/`.
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
      return trimmed.replace(/\/+$/, '').replace(/\.git$/, '');
    case 'gomod':
    case 'gem':
    case 'cocoapods':
      return trimmed;
  }
}

/** One key for a package version across ecosystems: `npm:lodash@4.17.21`. */
export function packageVersionKey(ecosystem: Ecosystem, name: string, version: string): string {
  return `${ecosystem}:${packageKey(ecosystem, name)}@${version}`;
}
