export { connectPlatform, DEFAULT_BASE_URL, type PlatformSettings } from './connect-platform.js';
export { describeFailure, type GateFailure } from './describe-failure.js';
export { isSetupError, SetupError } from './setup-error.js';
export { exitWhenFlushed } from './exit-flushed.js';
export { platformSettingsFromEnv } from './platform-env.js';
export { advisorySourcesFor, checkAdvisorySettings, type AdvisorySettings } from './advisory-sources.js';
export { registrySourceFor, type RegistrySettings } from './registry-source.js';
