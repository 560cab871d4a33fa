// The Action reaches the platform the same way: one connectPlatform for both edges.
export { connectPlatform, platformSettingsFromEnv, type PlatformSettings } from '../edge-shared/index.js';

export const NO_TOKEN_HELP =
  'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';
