export { connectPlatform, DEFAULT_BASE_URL, type PlatformSettings } from './connect-platform.js';
export { isSetupError, SetupError } from './setup-error.js';
