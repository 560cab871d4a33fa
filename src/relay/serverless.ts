import { timingSafeEqual } from 'node:crypto';
import { isUserError, UserError } from '../domain/index.js';
import { describeFailure } from '../edge-shared/index.js';
import { checkPush, MAX_PUSH_BYTES } from './signed-push.js';
import { RelayBusyError } from './stores/file.js';
import { isStoreUnavailable } from './stores/guard-store.js';
import { redisStore } from './stores/redis.js';
import { relaySettingsFromEnv, runRelay, summaryText, type RelaySettings } from './run-relay.js';
import type { RelayStore, RelaySummary } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** How long a push sender is asked to wait before sending again while a run holds the store. */
const BUSY_RETRY_AFTER_S = 10;

/** Where the handlers keep what they sent: Redis on Vercel (a function keeps nothing between calls). */
export type OpenStore = (env: Env) => Promise<RelayStore>;

/** The relay's store is not configured (no REDIS_URL): the operator sets it. */
export class StoreSetupError extends UserError {
  override readonly name = 'StoreSetupError';
  readonly kind = 'store-setup';
}

/** REDIS_URL's Redis, the only store a serverless function can keep. */
export const redisFromEnv: OpenStore = async (env) => {
  const url = env.REDIS_URL;
  if (url === undefined || url === '')
    throw new StoreSetupError('set REDIS_URL: a serverless relay keeps what it sent in Redis');
  return redisStore(url);
};

export interface HandlerOptions {
  openStore?: OpenStore;
  /** Run budget when DEPGATE_RELAY_DEADLINE is unset: below the function's maximum duration. */
  defaultDeadlineMs?: number;
  log?: (line: string) => void;
  userAgent?: string;
}

/** Vercel's maximum duration for the relay functions (vercel.json) less a margin for the last send. */
export const FUNCTION_DEADLINE_MS = 45_000;

/**
 * The handlers' common part: settings from the environment, the store, one relay run, its summary as
 * JSON (502 when a delivery failed), the store closed whatever happens. A configuration mistake answers
 * 500 with its message; the store out of reach 503; a platform failure `platformStatus`.
 */
async function relayWithStore(
  env: Env,
  label: string,
  platformStatus: number,
  /** A push cannot wait for the next scheduled run: while the store is busy, the sender is told to retry. */
  push: boolean,
  options: HandlerOptions,
  run: (settings: RelaySettings, store: RelayStore) => Promise<RelaySummary>,
): Promise<Response> {
  const log = options.log ?? ((line: string) => console.log(line));
  let settings: RelaySettings;
  try {
    settings = relaySettingsFromEnv(env);
  } catch (error) {
    return jsonResponse(500, { error: error instanceof Error ? error.message : String(error) });
  }
  if (settings.deadlineMs === undefined && options.defaultDeadlineMs !== undefined)
    settings.deadlineMs = options.defaultDeadlineMs;
  let store: RelayStore;
  try {
    store = await (options.openStore ?? redisFromEnv)(env);
  } catch (error) {
    if (error instanceof RelayBusyError) {
      log(`${label}: ${error.message}`);
      // The scheduled run's work waits for the next one; a push is not polled again: the sender retries.
      return push
        ? jsonResponse(
            503,
            { busy: true, error: `${error.message}; send it again` },
            { 'retry-after': String(BUSY_RETRY_AFTER_S) },
          )
        : jsonResponse(200, { busy: true, message: error.message });
    }
    const message = error instanceof Error ? error.message : String(error);
    log(`${label}: ${message}`);
    return jsonResponse(isUserError(error, 'store-setup') ? 500 : 503, { error: message });
  }
  try {
    const summary = await run(settings, store);
    for (const note of summary.notes) log(`${label}: note: ${note}`);
    log(`${label}: ${summaryText(summary)}`);
    return jsonResponse(summary.failed > 0 ? 502 : 200, summary);
  } catch (error) {
    if (isStoreUnavailable(error)) {
      log(`${label}: ${error.message}`);
      const summary = (error as { summary?: RelaySummary }).summary;
      return jsonResponse(503, { error: error.message, ...(summary ? { summary } : {}) });
    }
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    log(`${label}: ${failure.message}`);
    return jsonResponse(failure.kind === 'platform' ? platformStatus : 500, { error: failure.message });
  } finally {
    await store.close().catch((error: unknown) => log(`${label}: ${String(error)}`));
  }
}

/**
 * The body, read no further than `max` bytes: undefined as soon as it is longer (the rest is never
 * read, whatever the sender declared).
 */
async function readLimited(request: Request, max: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Bearer CRON_SECRET, compared in constant time; no secret set refuses every call. */
function authorized(request: Request, secret: string | undefined): boolean {
  if (secret === undefined || secret === '') return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const wanted = Buffer.from(`Bearer ${secret}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** GET /api/relay: the scheduled run, for callers with `Authorization: Bearer $CRON_SECRET`. */
export async function handleScheduledRun(
  request: Request,
  env: Env,
  options: HandlerOptions = {},
): Promise<Response> {
  if (!authorized(request, env.CRON_SECRET))
    return jsonResponse(401, { error: 'unauthorized: send Authorization: Bearer $CRON_SECRET' });
  return relayWithStore(env, 'depgate relay', 502, false, options, (settings, store) =>
    runRelay(settings, store, { userAgent: options.userAgent ?? 'depgate-relay' }),
  );
}

/**
 * POST /api/webhook: signed notification pushes, relayed through the same claim-send-mark path as the
 * scheduled run, so a pushed notification that a later poll also finds is posted once.
 */
export async function handlePush(
  request: Request,
  env: Env,
  options: HandlerOptions = {},
): Promise<Response> {
  const secret = env.DEPGATE_WEBHOOK_SECRET;
  if (secret === undefined || secret === '')
    return jsonResponse(401, {
      error: 'unauthorized: DEPGATE_WEBHOOK_SECRET is not set, so pushes are refused',
    });
  const tooLarge = () => jsonResponse(413, { error: `the body is over ${MAX_PUSH_BYTES} bytes` });
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= MAX_PUSH_BYTES)) return tooLarge();
  const bytes = await readLimited(request, MAX_PUSH_BYTES);
  if (bytes === undefined) return tooLarge();
  const check = checkPush(
    new TextDecoder().decode(bytes),
    request.headers.get('x-semgrep-signature-256'),
    secret,
    Date.now(),
  );
  if (!check.ok) return jsonResponse(check.status, { error: check.error });
  return relayWithStore(env, 'depgate relay (push)', 500, true, options, (settings, store) =>
    runRelay(settings, store, {
      given: check.notifications,
      userAgent: options.userAgent ?? 'depgate-relay',
    }),
  );
}
