import { describeFailure } from '../edge-shared/index.js';
import { redisStore } from './stores/redis.js';
import { relaySettingsFromEnv, summaryText, type RelaySettings } from './run-relay.js';
import type { RelayStore, RelaySummary } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(`${JSON.stringify(body)}\n`, { status, headers: { 'content-type': 'application/json' } });

/**
 * The serverless functions' common part (api/relay.ts, api/webhook.ts): settings from the environment,
 * the Redis store (`REDIS_URL`, required: a function keeps nothing between calls), one relay run, its
 * summary as JSON (502 when a delivery failed), the store closed whatever happens. A configuration
 * mistake answers 500 with its message; Redis out of reach 503; a platform failure `platformStatus`.
 */
export async function relayOnRedis(
  env: Env,
  label: string,
  platformStatus: number,
  run: (settings: RelaySettings, store: RelayStore) => Promise<RelaySummary>,
): Promise<Response> {
  const redisUrl = env.REDIS_URL;
  if (redisUrl === undefined || redisUrl === '')
    return jsonResponse(500, { error: 'set REDIS_URL: a serverless relay keeps what it sent in Redis' });
  let settings: RelaySettings;
  try {
    settings = relaySettingsFromEnv(env);
  } catch (error) {
    return jsonResponse(500, { error: error instanceof Error ? error.message : String(error) });
  }
  let store: RelayStore;
  try {
    store = await redisStore(redisUrl);
  } catch {
    return jsonResponse(503, { error: 'cannot reach Redis at REDIS_URL' });
  }
  try {
    const summary = await run(settings, store);
    console.log(`${label}: ${summaryText(summary)}`);
    return jsonResponse(summary.failed > 0 ? 502 : 200, summary);
  } catch (error) {
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    return jsonResponse(failure.kind === 'platform' ? platformStatus : 500, { error: failure.message });
  } finally {
    await store.close();
  }
}
