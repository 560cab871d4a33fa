import {
  createPlatformClient,
  DEFAULT_BASE_URL,
  defaultTransport,
  type ClientLogger,
  type PlatformClient,
  type Transport,
} from '../core/index.js';
import type { GatePlatform } from '../gate/index.js';
import { SetupError } from './setup-error.js';

/** How an edge reaches the platform: from the CLI's environment or the Action's inputs. */
export interface PlatformSettings {
  apiUrl: string;
  token: string;
  deploymentId?: number;
  deploymentSlug?: string;
}

export { DEFAULT_BASE_URL };

/**
 * A client for the settings, and the deployment's id and slug (asked of the token when either is not
 * set). A token that sees no deployment, or not the one named, is a SetupError that says which it sees.
 */
export async function connectPlatform(
  settings: PlatformSettings,
  options: { transport?: Transport; userAgent?: string; logger?: ClientLogger; signal?: AbortSignal } = {},
): Promise<GatePlatform & { client: PlatformClient }> {
  const client = createPlatformClient({
    token: settings.token,
    baseUrl: settings.apiUrl,
    transport: options.transport ?? defaultTransport,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  let { deploymentId, deploymentSlug } = settings;
  if (deploymentId === undefined || deploymentSlug === undefined) {
    const deployments = await client.getDeployments();
    const found =
      deployments.find((d) => d.id === deploymentId || d.slug === deploymentSlug) ??
      (deploymentId === undefined && deploymentSlug === undefined ? deployments[0] : undefined);
    if (found === undefined) {
      throw new SetupError(
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
