// Vercel function: signed notification pushes (POST /api/webhook), relayed through the same
// claim-send-mark path as the scheduled run, so a pushed notification that a later poll also finds is
// posted once. Web-standard handler: Vercel invokes `POST(request)` and sends back the Response.
import { describeFailure } from '../src/edge-shared/index.js';
import {
  checkPush,
  MAX_PUSH_BYTES,
  redisStore,
  relaySettingsFromEnv,
  runRelay,
  summaryText,
} from '../src/relay/index.js';

const json = (status: number, body: unknown) =>
  new Response(`${JSON.stringify(body)}\n`, { status, headers: { 'content-type': 'application/json' } });

export async function POST(request: Request): Promise<Response> {
  const env = process.env;
  const secret = env.DEPGATE_WEBHOOK_SECRET;
  if (secret === undefined || secret === '')
    return json(401, { error: 'unauthorized: DEPGATE_WEBHOOK_SECRET is not set, so pushes are refused' });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_PUSH_BYTES)
    return json(413, { error: `the body is over ${MAX_PUSH_BYTES} bytes` });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_PUSH_BYTES)
    return json(413, { error: `the body is over ${MAX_PUSH_BYTES} bytes` });
  const check = checkPush(
    new TextDecoder().decode(bytes),
    request.headers.get('x-semgrep-signature-256'),
    secret,
    Date.now(),
  );
  if (!check.ok) return json(check.status, { error: check.error });
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
    const summary = await runRelay(settings, store, { given: check.notifications });
    console.log(`depgate relay (push): ${summaryText(summary)}`);
    return json(summary.failed > 0 ? 502 : 200, summary);
  } catch (error) {
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    return json(500, { error: failure.message });
  } finally {
    await store.close();
  }
}
