// The lockfile readers' surface: read a lockfile by its name, know which names are lockfiles.
export {
  detectLockfileKind,
  isAnyLockfilePath,
  isLockfilePath,
  unsupportedLockfileReason,
  type LockfileKind,
} from './detect-lockfile.js';
export { dependencyPaths } from './dependency-paths.js';
export { manifestPathOf } from './manifest-path.js';
export { isLockfileError, LockfileError } from './errors.js';
export { LOCKFILE_READERS, readLockfile } from './read-lockfile.js';
export type * from './types.js';
export { ECOSYSTEMS } from './types.js';
export { decodeFileBytes, decodeLockfileBytes } from './decode.js';
