// Vercel function: the relay's scheduled run (vercel.json's cron calls GET /api/relay every 5 minutes).
// Web-standard handler: Vercel invokes `GET(request)` and sends back the Response.
import { timingSafeEqual } from 'node:crypto';
import { describeFailure } from '../src/edge-shared/index.js';
import { redisStore, relaySettingsFromEnv, runRelay, summaryText } from '../src/relay/index.js';

const json = (status: number, body: unknown) =>
  new Response(`${JSON.stringify(body)}\n`, { status, headers: { 'content-type': 'application/json' } });

/** Bearer CRON_SECRET, compared in constant time; no secret set refuses every call. */
function authorized(request: Request, secret: string | undefined): boolean {
  if (secret === undefined || secret === '') return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const wanted = Buffer.from(`Bearer ${secret}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function GET(request: Request): Promise<Response> {
  const env = process.env;
  if (!authorized(request, env.CRON_SECRET))
    return json(401, { error: 'unauthorized: send Authorization: Bearer $CRON_SECRET' });
  const redisUrl = env.REDIS_URL;
  if (redisUrl === undefined || redisUrl === '')
    return json(500, { error: 'set REDIS_URL: a serverless relay keeps what it sent in Redis' });
  let settings;
  try {
    settings = relaySettingsFromEnv(env);
  } catch (error) {
    return json(500, { error: error instanceof Error ? error.message : String(error) });
  }
  let store;
  try {
    store = await redisStore(redisUrl);
  } catch {
    return json(503, { error: 'cannot reach Redis at REDIS_URL' });
  }
  try {
    const summary = await runRelay(settings, store, { userAgent: 'depgate-relay' });
    console.log(`depgate relay: ${summaryText(summary)}`);
    return json(summary.failed > 0 ? 502 : 200, summary);
  } catch (error) {
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    return json(failure.kind === 'platform' ? 502 : 500, { error: failure.message });
  } finally {
    await store.close();
  }
}
