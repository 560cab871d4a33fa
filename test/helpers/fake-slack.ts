import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the next request fails: an answer, a 429 with Retry-After, or the answer dropped after recording. */
export type SlackFault =
  { status: 500 } | { status: 429; retryAfter: number } | { drop: true } | { error: string };

export interface PostedMessage {
  via: 'webhook' | 'chat.postMessage';
  /** Webhook path or channel. */
  target: string;
  text: string;
  blocks: unknown[];
  metadata?: { event_type: string; event_payload: { id: string } };
  ts: string;
  authorization?: string;
}

/**
 * A Slack-compatible receiver on loopback: incoming webhooks at POST /services/..., the Web API at
 * POST /api/chat.postMessage and /api/conversations.history (form or JSON bodies, `ok`/`error`
 * answers, `ratelimited` 429 with Retry-After), recording what arrives.
 */
/** Slack's form encoding sends objects (blocks, metadata) as JSON text and strings as they are. */
function jsonOrText(v: string): unknown {
  if (!/^[[{]/.test(v)) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export async function startFakeSlack(
  options: {
    botToken?: string;
    /** Asked for each request when no queued fault is left: a random fault, for chaos tests. */
    randomFault?: (method: string) => SlackFault | undefined;
  } = {},
) {
  const posted: PostedMessage[] = [];
  const faults: SlackFault[] = [];
  let seq = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve(body));
    });
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const url = new URL(req.url ?? '/', 'http://x');
      const fault =
        faults.shift() ??
        options.randomFault?.(
          url.pathname.startsWith('/services/') ? 'webhook' : url.pathname.replace(/^\/api\//, ''),
        );
      if (url.pathname.startsWith('/services/')) {
        let payload: { text?: string; blocks?: unknown[] };
        try {
          payload = JSON.parse(body) as typeof payload;
        } catch {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
          return;
        }
        if (fault && 'status' in fault) {
          res.writeHead(fault.status, {
            'content-type': 'text/plain',
            ...(fault.status === 429 ? { 'retry-after': String(fault.retryAfter) } : {}),
          });
          res.end(fault.status === 429 ? 'rate_limited' : 'internal_error');
          return;
        }
        if (fault && 'error' in fault) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end(fault.error);
          return;
        }
        posted.push({
          via: 'webhook',
          target: url.pathname,
          text: payload.text ?? '',
          blocks: payload.blocks ?? [],
          ts: String(++seq),
        });
        if (fault && 'drop' in fault) {
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      const method = url.pathname.replace(/^\/api\//, '');
      const params: Record<string, unknown> = {};
      if ((req.headers['content-type'] ?? '').includes('application/json'))
        Object.assign(params, JSON.parse(body || '{}'));
      else for (const [k, v] of new URLSearchParams(body)) params[k] = k === 'text' ? v : jsonOrText(v);
      const auth =
        req.headers.authorization ??
        (typeof params.token === 'string' ? `Bearer ${params.token}` : undefined);
      if (options.botToken && auth !== `Bearer ${options.botToken}`)
        return json(res, 200, { ok: false, error: 'invalid_auth' });
      if (fault && 'status' in fault) {
        if (fault.status === 429)
          return json(
            res,
            429,
            { ok: false, error: 'ratelimited' },
            { 'retry-after': String(fault.retryAfter) },
          );
        return json(res, 500, { ok: false, error: 'internal_error' });
      }
      if (fault && 'error' in fault) return json(res, 200, { ok: false, error: fault.error });
      if (method === 'chat.postMessage') {
        if (typeof params.channel !== 'string')
          return json(res, 200, { ok: false, error: 'channel_not_found' });
        const message: PostedMessage = {
          via: 'chat.postMessage',
          target: params.channel,
          text: typeof params.text === 'string' ? params.text : '',
          blocks: (params.blocks as unknown[]) ?? [],
          metadata: params.metadata as PostedMessage['metadata'],
          ts: `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`,
          authorization: auth,
        };
        posted.push(message);
        if (fault && 'drop' in fault) {
          req.socket.destroy();
          return;
        }
        return json(res, 200, { ok: true, channel: params.channel, ts: message.ts });
      }
      if (method === 'conversations.history') {
        // Slack lists only messages at or after `oldest` (a ts, seconds).
        const oldest = Number(params.oldest ?? 0) || 0;
        const messages = posted
          .filter((m) => m.via === 'chat.postMessage' && m.target === params.channel)
          .filter((m) => Number(m.ts) >= oldest)
          .map((m) => ({
            type: 'message',
            text: m.text,
            ts: m.ts,
            ...(params.include_all_metadata ? { metadata: m.metadata } : {}),
          }))
          .reverse();
        return json(res, 200, { ok: true, messages, has_more: false });
      }
      return json(res, 200, { ok: false, error: 'unknown_method' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiUrl: `${url}/api/`,
    webhookUrl: (name = 'T000/B000/secretwebhookpath') => `${url}/services/${name}`,
    posted,
    faults,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
