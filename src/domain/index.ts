// The concepts every part of depgate shares: a lockfile entry, a platform dependency and a policy rule
// all speak of packages in these terms.
export { ECOSYSTEMS, isEcosystem, parseEcosystem, type Ecosystem } from './ecosystem.js';
export { licenseIds } from './licenses.js';
export { packageId, packageKey, packageVersionKey, swiftRepositoryName } from './package-key.js';
export type { PackageDependency, PackageName, PackageVersion } from './package.js';
export { transitivityOf, type Transitivity } from './transitivity.js';
export {
  compareVersions,
  isValidVersion,
  normalizeComposerVersion,
  parseBound,
  satisfiesBound,
  type BoundOperator,
  type VersionBound,
} from './versions/index.js';
export { isUserError, UserError, type UserErrorKind } from './user-error.js';
export { breakAutolinks } from './break-autolinks.js';
