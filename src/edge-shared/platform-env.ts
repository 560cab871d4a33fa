import { DEFAULT_BASE_URL, type PlatformSettings } from './connect-platform.js';
import { SetupError } from './setup-error.js';

type Env = Readonly<Record<string, string | undefined>>;

const set = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/**
 * Reads `DEPGATE_API_URL` (default the real service), `DEPGATE_API_TOKEN`, `DEPGATE_DEPLOYMENT_ID` and
 * `DEPGATE_DEPLOYMENT_SLUG`: the CLI's commands and the relay's functions. Undefined when no token is
 * set; a malformed id is a SetupError.
 */
export function platformSettingsFromEnv(env: Env): PlatformSettings | undefined {
  const token = set(env.DEPGATE_API_TOKEN);
  if (token === undefined) return undefined;
  const settings: PlatformSettings = { apiUrl: set(env.DEPGATE_API_URL) ?? DEFAULT_BASE_URL, token };
  const id = set(env.DEPGATE_DEPLOYMENT_ID);
  if (id !== undefined) {
    if (!/^\d+$/.test(id)) throw new SetupError(`DEPGATE_DEPLOYMENT_ID must be a number, not '${id}'`);
    settings.deploymentId = Number(id);
  }
  const slug = set(env.DEPGATE_DEPLOYMENT_SLUG);
  if (slug !== undefined) settings.deploymentSlug = slug;
  return settings;
}
