// Supply-chain facts from the package registries: npm packuments (publish times, install scripts,
// provenance, deprecation), the registry npm would use, and the shipped list of popular names.
export * from './types.js';
export {
  NPM_DEFAULT_REGISTRY,
  npmRegistryConfig,
  npmRegistryFor,
  npmTokenFor,
  type NpmRegistryConfig,
} from './npm-config.js';
export { npmPackagePath, npmRegistrySource, type NpmRegistryOptions } from './npm-registry.js';
export { INSTALL_SCRIPTS, PackumentError, readPackument } from './read-packument.js';
export {
  NPM_POPULAR_SOURCE,
  popularIndex,
  typosquatOf,
  type TyposquatMatch,
  type TyposquatTrick,
} from './typosquat.js';
