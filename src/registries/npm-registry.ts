import {
  ApiError,
  createRequester,
  DEFAULT_RETRY,
  defaultTransport,
  isApiError,
  redactSecrets,
  type Requester,
  type ServiceRequestOptions,
} from '../core/index.js';
import { runPool } from '../vulns/index.js';
import { VERSION } from '../version.js';
import { npmRegistryFor, npmTokenFor, type NpmRegistryConfig } from './npm-config.js';
import { PackumentError, readPackument } from './read-packument.js';
import {
  registryKey,
  type RegistryFailure,
  type RegistryLookup,
  type RegistryQuestion,
  type RegistrySource,
} from './types.js';

/** Per-attempt timeout 30 s, and 120 s for one name, retries included, unless set. */
export interface NpmRegistryOptions extends ServiceRequestOptions {
  config: NpmRegistryConfig;
  /** Names asked at once; default 8. */
  concurrency?: number;
}

const HINTS = {
  auth: 'the registry refused the request; check the _authToken for this registry in .npmrc',
  'not-found': 'the registry does not have this package',
  'rate-limited': 'the registry is rate limiting these requests; retry later',
  server: 'the registry had an internal error; retry later',
  'bad-request': 'the registry refused the request as malformed',
  'bad-response':
    'the registry answered with something that is not a package document; check the registry URL (npm_config_registry, .npmrc)',
  network:
    'could not reach the registry; check the registry URL (npm_config_registry, .npmrc) and the network',
  timeout: 'the registry did not answer in time; retry later',
} as const;

/** `@scope/name` as the registry's path takes it: the slash encoded, the `@` kept (`/@scope%2fname`). */
export const npmPackagePath = (name: string): string => `/${encodeURIComponent(name).replace(/^%40/, '@')}`;

/**
 * npm packuments from the registry npm would use for each name (scoped registries, tokens sent only to
 * their own host): `GET /<name>` once per distinct name, a few at a time, retrying 429/5xx with
 * Retry-After. A 404 is a name the registry does not have; any other failure stops asking that registry
 * and leaves its names unanswered, with why (never an empty answer in place of an error).
 */
export function npmRegistrySource(options: NpmRegistryOptions): RegistrySource {
  const concurrency = Math.max(1, options.concurrency ?? 8);
  return {
    async lookup(questions, signal) {
      const lookup: RegistryLookup = {
        found: new Map(),
        notFound: [],
        failures: [],
        unsupported: [],
        requests: 0,
        minimumRequests: 0,
      };
      const names: string[] = [];
      const seen = new Set<string>();
      for (const q of questions) {
        if (q.ecosystem !== 'npm') lookup.unsupported.push(q);
        else if (!seen.has(q.name)) {
          seen.add(q.name);
          names.push(q.name);
        }
      }
      lookup.minimumRequests = names.length;
      const requesters = new Map<string, Requester>();
      const failed = new Map<string, RegistryFailure>();
      const requesterFor = (registry: string): Requester => {
        let request = requesters.get(registry);
        if (request !== undefined) return request;
        request = createRequester({
          baseUrl: registry,
          token: npmTokenFor(registry, options.config) ?? '',
          transport: options.fetch ?? defaultTransport,
          sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
          now: options.now ?? Date.now,
          random: options.random ?? Math.random,
          retry: { ...DEFAULT_RETRY, ...options.retry },
          timeoutMs: options.timeoutMs ?? 30_000,
          deadlineMs: options.deadlineMs ?? 120_000,
          userAgent: `depgate/${VERSION}`,
          hints: HINTS,
          fullUrlInErrors: true,
          onRequest: (entry) => {
            lookup.requests++;
            options.onRequest?.(entry);
          },
          ...(options.logger === undefined ? {} : { logger: options.logger }),
          ...(signal === undefined ? {} : { signal }),
        });
        requesters.set(registry, request);
        return request;
      };
      await runPool(names, concurrency, async (name) => {
        const registry = npmRegistryFor(name, options.config);
        const shown = redactSecrets(registry, []);
        const down = failed.get(registry);
        if (down !== undefined) {
          down.names.push(name);
          return;
        }
        const path = npmPackagePath(name);
        try {
          const answer = await requesterFor(registry)({ method: 'GET', path });
          let versions;
          try {
            versions = readPackument(answer, name);
          } catch (error) {
            if (!(error instanceof PackumentError)) throw error;
            throw new ApiError(error.message, {
              kind: 'bad-response',
              method: 'GET',
              path: `${shown.replace(/\/$/, '')}${path}`,
              hint: HINTS['bad-response'],
              field: error.field,
            });
          }
          lookup.found.set(registryKey('npm', name), { registry: shown, versions });
        } catch (error) {
          if (isApiError(error) && error.kind === 'not-found') {
            lookup.notFound.push({ ecosystem: 'npm', name, registry: shown });
            return;
          }
          if (isApiError(error) && error.kind === 'aborted') throw error;
          const known = failed.get(registry);
          if (known !== undefined) known.names.push(name);
          else failed.set(registry, { registry: shown, error: describeError(error), names: [name] });
        }
      });
      lookup.failures = [...failed.values()].map((f) => ({ ...f, names: [...f.names].sort() }));
      return lookup;
    },
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const hint = isApiError(error) ? error.hint : undefined;
  const line = `${text.split('\n')[0]!.trim()}${hint === undefined || hint === '' ? '' : ` (${hint})`}`;
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
}

export type { RegistryQuestion };
