// Vercel function: the relay's scheduled run (vercel.json's cron calls GET /api/relay every 5 minutes).
// Web-standard handler: Vercel invokes `GET(request)` and sends back the Response.
import { timingSafeEqual } from 'node:crypto';
import { jsonResponse as json, relayOnRedis, runRelay } from '../src/relay/index.js';

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
  return relayOnRedis(env, 'depgate relay', 502, (settings, store) =>
    runRelay(settings, store, { userAgent: 'depgate-relay' }),
  );
}
