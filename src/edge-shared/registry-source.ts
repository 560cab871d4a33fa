import type { Transport } from '../core/index.js';
import type { Policy } from '../policy/index.js';
import { npmRegistryConfig, npmRegistrySource, type RegistrySource } from '../registries/index.js';
import { SetupError } from './setup-error.js';

/** What the edge read for the registries: the repository's `.npmrc`, the environment, the timeout. */
export interface RegistrySettings {
  /** The repository's `.npmrc`, read at the side the policy is read from. */
  npmrc?: string;
  /** The environment (`npm_config_registry`, and `${VAR}`s an .npmrc token names). */
  env: Readonly<Record<string, string | undefined>>;
  transport?: Transport;
}

/** The per-request timeout in ms, from `DEPGATE_REGISTRY_TIMEOUT_MS` (default 30 s). */
function timeoutOf(env: RegistrySettings['env']): number | undefined {
  const raw = env.DEPGATE_REGISTRY_TIMEOUT_MS;
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new SetupError(`DEPGATE_REGISTRY_TIMEOUT_MS: "${raw}" is not a whole number of milliseconds`);
  return ms;
}

/**
 * The registry client `supplyChain` reads from, found as npm finds its registry; undefined when the
 * policy does not check the supply chain.
 */
export function registrySourceFor(policy: Policy, settings: RegistrySettings): RegistrySource | undefined {
  if (policy.supplyChain === undefined) return undefined;
  const timeoutMs = timeoutOf(settings.env);
  return npmRegistrySource({
    config: npmRegistryConfig(settings.npmrc, settings.env),
    ...(settings.transport === undefined ? {} : { fetch: settings.transport }),
    // A registry that hangs is given a few attempts within four timeouts, not minutes.
    ...(timeoutMs === undefined ? {} : { timeoutMs, deadlineMs: timeoutMs * 4 }),
  });
}
