import { baseName } from './syntax/text.js';

/** The lockfile formats depgate reads, one per reader. */
export type LockfileKind =
  | 'npm'
  | 'yarn'
  | 'pnpm'
  | 'bun'
  | 'pipfile'
  | 'poetry'
  | 'uv'
  | 'pdm'
  | 'requirements'
  | 'gomod'
  | 'cargo'
  | 'gemfile'
  | 'composer'
  | 'nuget'
  | 'gradle'
  | 'maven-tree'
  | 'pom'
  | 'pubspec'
  | 'mix'
  | 'swift'
  | 'gradle-verification'
  | 'nuget-assets'
  | 'paket'
  | 'go-vendor'
  | 'pylock'
  | 'podfile';

const EXACT_NAMES: Readonly<Record<string, LockfileKind>> = {
  'package-lock.json': 'npm',
  'npm-shrinkwrap.json': 'npm',
  'yarn.lock': 'yarn',
  'pnpm-lock.yaml': 'pnpm',
  'bun.lock': 'bun',
  'Pipfile.lock': 'pipfile',
  'poetry.lock': 'poetry',
  'uv.lock': 'uv',
  'pdm.lock': 'pdm',
  'go.mod': 'gomod',
  'Cargo.lock': 'cargo',
  'Gemfile.lock': 'gemfile',
  'gems.locked': 'gemfile',
  'composer.lock': 'composer',
  'packages.lock.json': 'nuget',
  'maven_dep_tree.txt': 'maven-tree',
  'pom.xml': 'pom',
  'pubspec.lock': 'pubspec',
  'mix.lock': 'mix',
  'Package.resolved': 'swift',
  'Podfile.lock': 'podfile',
  'project.assets.json': 'nuget-assets',
  'paket.lock': 'paket',
  'pylock.toml': 'pylock',
};

/** The exact names, case folded: see `detectLockfileKind`. */
const FOLDED_NAMES: ReadonlyMap<string, LockfileKind> = new Map(
  Object.entries(EXACT_NAMES).map(([name, kind]) => [name.toLowerCase(), kind]),
);

/**
 * Which reader a path needs, by file name alone (content is never sniffed: a file called `yarn.lock`
 * that is not one is an error, not a guess). Undefined for files depgate does not read.
 *
 * Names and folders match whatever their case (`Package-Lock.json`, `Vendor/modules.txt`): on the
 * case-insensitive file systems of macOS and Windows the package manager opens such a file for the
 * name it asks for (CocoaPods does on any system), so a change that swaps `package-lock.json` for
 * `Package-Lock.json` changes what is installed there and must be judged, not passed as a removal.
 */
export function detectLockfileKind(path: string): LockfileKind | undefined {
  const name = baseName(path);
  const exact = FOLDED_NAMES.get(name.toLowerCase());
  if (exact !== undefined) return exact;
  // Gradle writes gradle.lockfile and, per script, buildscript-gradle.lockfile.
  if (/gradle[^/\\]*\.lockfile$/i.test(name)) return 'gradle';
  // Gradle's dependency verification file, in its gradle/ folder only.
  if (/(^|[/\\])gradle[/\\]verification-metadata\.xml$/i.test(path)) return 'gradle-verification';
  // Go's vendor folder: only vendor/modules.txt, never any modules.txt.
  if (/(^|[/\\])vendor[/\\]modules\.txt$/i.test(path)) return 'go-vendor';
  // PEP 751: pylock.toml, or pylock.<name>.toml for a named lock (the name has no dot).
  if (/^pylock\.[^./\\]+\.toml$/i.test(name)) return 'pylock';
  if (/^requirements[^/\\]*\.txt$/i.test(name)) return 'requirements';
  // The pip-tools convention: requirements/base.txt, requirements/dev.txt.
  if (/(^|[/\\])requirements[/\\][^/\\]+\.txt$/i.test(path)) return 'requirements';
  return undefined;
}

/** Whether depgate reads this path as a lockfile. */
export function isLockfilePath(path: string): boolean {
  return detectLockfileKind(path) !== undefined;
}

/** File names of lockfiles that exist but that depgate cannot read, with the reason to give the user. */
export function unsupportedLockfileReason(path: string): string | undefined {
  const name = baseName(path);
  if (name.toLowerCase() === 'bun.lockb') {
    return 'bun.lockb is a binary lockfile; run `bun install --save-text-lockfile` to write the text bun.lock that depgate reads';
  }
  return undefined;
}

/**
 * Whether a path names a lockfile, one depgate reads or one it cannot (`bun.lockb`): a change to either
 * is checked or listed as unreadable (failing the check), never passed over in silence.
 */
export function isAnyLockfilePath(path: string): boolean {
  return isLockfilePath(path) || unsupportedLockfileReason(path) !== undefined;
}
