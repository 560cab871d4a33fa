import { DEFAULT_BASE_URL, type PlatformSettings } from '../edge-shared/index.js';
import { UsageError } from './io.js';

// The Action reaches the platform the same way: one connectPlatform for both edges.
export { connectPlatform, type PlatformSettings } from '../edge-shared/index.js';

type Env = Readonly<Record<string, string | undefined>>;

const set = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/**
 * Reads `DEPGATE_API_URL` (default the real service), `DEPGATE_API_TOKEN`, `DEPGATE_DEPLOYMENT_ID` and
 * `DEPGATE_DEPLOYMENT_SLUG`. Undefined when no token is set; a malformed id is a usage error.
 */
export function platformSettingsFromEnv(env: Env): PlatformSettings | undefined {
  const token = set(env.DEPGATE_API_TOKEN);
  if (token === undefined) return undefined;
  const settings: PlatformSettings = { apiUrl: set(env.DEPGATE_API_URL) ?? DEFAULT_BASE_URL, token };
  const id = set(env.DEPGATE_DEPLOYMENT_ID);
  if (id !== undefined) {
    if (!/^\d+$/.test(id)) throw new UsageError(`DEPGATE_DEPLOYMENT_ID must be a number, not '${id}'`);
    settings.deploymentId = Number(id);
  }
  const slug = set(env.DEPGATE_DEPLOYMENT_SLUG);
  if (slug !== undefined) settings.deploymentSlug = slug;
  return settings;
}

export const NO_TOKEN_HELP =
  'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';
