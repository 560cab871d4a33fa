import { detectLockfileKind, type LockfileKind, unsupportedLockfileReason } from './detect-lockfile.js';
import { assertNotBinary, isBlank } from './decode.js';
import { LockfileError } from './errors.js';
import { readBunLockfile } from './npm/read-bun.js';
import { readCargoLock } from './cargo/read-cargo.js';
import { readComposerLock } from './composer/read-composer.js';
import { readGemfileLock } from './gem/read-gemfile.js';
import { readGoMod } from './gomod/read-go-mod.js';
import { readGradleLockfile } from './maven/read-gradle.js';
import { readMavenDepTree } from './maven/read-maven-tree.js';
import { readMixLock } from './hex/read-mix.js';
import { readNpmLockfile } from './npm/read-npm.js';
import { readNugetLock } from './nuget/read-nuget.js';
import { readPdmLock } from './pypi/read-pdm.js';
import { readPipfileLock } from './pypi/read-pipfile.js';
import { readPnpmLockfile } from './npm/read-pnpm.js';
import { readPoetryLock } from './pypi/read-poetry.js';
import { readPodfileLock } from './cocoapods/read-podfile.js';
import { readPomXml } from './maven/read-pom.js';
import { readPubspecLock } from './pub/read-pubspec.js';
import { readRequirements } from './pypi/read-requirements.js';
import { readPackageResolved } from './swiftpm/read-swift.js';
import { readGradleVerificationMetadata } from './maven/read-gradle-verification.js';
import { readNugetAssets } from './nuget/read-nuget-assets.js';
import { readPaketLock } from './nuget/read-paket.js';
import { readGoVendorModules } from './gomod/read-go-vendor.js';
import { readPylock } from './pypi/read-pylock.js';
import { readUvLock } from './pypi/read-uv.js';
import { readYarnLockfile } from './npm/read-yarn.js';
import type { Ecosystem, LockfileReader, LockfileResult, ReadOptions } from './types.js';

/** The ecosystem of each kind of file, for the answer to an empty one. */
const ECOSYSTEM_OF: Readonly<Record<LockfileKind, Ecosystem>> = {
  npm: 'npm',
  yarn: 'npm',
  pnpm: 'npm',
  bun: 'npm',
  pipfile: 'pypi',
  poetry: 'pypi',
  uv: 'pypi',
  pdm: 'pypi',
  requirements: 'pypi',
  gomod: 'gomod',
  cargo: 'cargo',
  gemfile: 'gem',
  composer: 'composer',
  nuget: 'nuget',
  gradle: 'maven',
  'maven-tree': 'maven',
  pom: 'maven',
  pubspec: 'pub',
  mix: 'hex',
  swift: 'swiftpm',
  podfile: 'cocoapods',
  'gradle-verification': 'maven',
  'nuget-assets': 'nuget',
  paket: 'nuget',
  'go-vendor': 'gomod',
  pylock: 'pypi',
};

/**
 * The rules every reader follows before its own: a binary file is refused (without its bytes in the
 * message), and an empty file (nothing but whitespace) is a warning, never a silent empty result.
 */
function guarded(kind: LockfileKind, reader: LockfileReader): LockfileReader {
  return (path, text, options) => {
    assertNotBinary(path, text);
    if (isBlank(text))
      return {
        ecosystem: ECOSYSTEM_OF[kind],
        format: kind,
        packages: [],
        warnings: [{ message: 'empty file: no packages' }],
      };
    return reader(path, text, options);
  };
}

const READERS: Partial<Record<LockfileKind, LockfileReader>> = {
  npm: readNpmLockfile,
  yarn: readYarnLockfile,
  pnpm: readPnpmLockfile,
  cargo: readCargoLock,
  gomod: readGoMod,
  gemfile: readGemfileLock,
  requirements: readRequirements,
  pipfile: readPipfileLock,
  poetry: readPoetryLock,
  uv: readUvLock,
  pdm: readPdmLock,
  composer: readComposerLock,
  nuget: readNugetLock,
  swift: readPackageResolved,
  pubspec: readPubspecLock,
  gradle: readGradleLockfile,
  'maven-tree': readMavenDepTree,
  pom: readPomXml,
  mix: readMixLock,
  bun: readBunLockfile,
  podfile: readPodfileLock,
  'gradle-verification': readGradleVerificationMetadata,
  'nuget-assets': readNugetAssets,
  paket: readPaketLock,
  'go-vendor': readGoVendorModules,
  pylock: readPylock,
};

/** The readers available, by the kind of file they read, each behind the shared rules (`guarded`). */
export const LOCKFILE_READERS: Readonly<Partial<Record<LockfileKind, LockfileReader>>> = Object.fromEntries(
  Object.entries(READERS).map(([kind, reader]) => [kind, guarded(kind as LockfileKind, reader)]),
);

/**
 * Reads a lockfile, choosing the reader by file name. Raises a LockfileError (with file and line) for
 * a file it cannot read; never returns an empty result for unreadable input.
 */
export function readLockfile(path: string, text: string, options: ReadOptions = {}): LockfileResult {
  const kind = detectLockfileKind(path);
  if (kind === undefined) {
    throw new LockfileError(
      path,
      unsupportedLockfileReason(path) ?? 'not a lockfile name depgate reads (see `depgate parse --help`)',
    );
  }
  const reader = LOCKFILE_READERS[kind];
  if (reader === undefined) throw new LockfileError(path, `reading ${kind} lockfiles is not supported yet`);
  return reader(path, text, options);
}
