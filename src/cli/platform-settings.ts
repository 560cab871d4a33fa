import {
  createPlatformClient,
  DEFAULT_BASE_URL,
  defaultTransport,
  type PlatformClient,
  type Transport,
} from '../core/index.js';
import type { GatePlatform } from '../gate/index.js';
import { UsageError } from './io.js';

/** How a command reaches the platform, from the environment (and the command's own flags). */
export interface PlatformSettings {
  apiUrl: string;
  token: string;
  deploymentId?: number;
  deploymentSlug?: string;
}

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

/** A client for the settings, and the deployment's id and slug (asked of the token when not set). */
export async function connectPlatform(
  settings: PlatformSettings,
  options: { transport?: Transport; userAgent?: string } = {},
): Promise<GatePlatform & { client: PlatformClient }> {
  const client = createPlatformClient({
    token: settings.token,
    baseUrl: settings.apiUrl,
    transport: options.transport ?? defaultTransport,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
  });
  let { deploymentId, deploymentSlug } = settings;
  if (deploymentId === undefined || deploymentSlug === undefined) {
    const deployments = await client.getDeployments();
    const found =
      deployments.find((d) => d.id === deploymentId || d.slug === deploymentSlug) ??
      (deploymentId === undefined && deploymentSlug === undefined ? deployments[0] : undefined);
    if (found === undefined) {
      throw new UsageError(
        deployments.length === 0
          ? 'the token sees no deployment: check that it belongs to your organization'
          : `the token's deployments (${deployments.map((d) => `${d.id}/${d.slug}`).join(', ')}) do not include ${deploymentId ?? deploymentSlug}`,
      );
    }
    deploymentId = found.id;
    deploymentSlug = found.slug;
  }
  return { client, deploymentId, deploymentSlug };
}
