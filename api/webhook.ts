// Vercel function: signed notification pushes (POST /api/webhook), relayed through the same
// claim-send-mark path as the scheduled run, so a pushed notification that a later poll also finds is
// posted once. Web-standard handler: Vercel invokes `POST(request)` and sends back the Response.
import {
  checkPush,
  jsonResponse as json,
  MAX_PUSH_BYTES,
  relayOnRedis,
  runRelay,
} from '../src/relay/index.js';

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
  return relayOnRedis(env, 'depgate relay (push)', 500, (settings, store) =>
    runRelay(settings, store, { given: check.notifications }),
  );
}
