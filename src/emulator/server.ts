import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESET_HEADER } from './faults.js';

export interface RunningServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** Largest request body the server reads; the platform's requests are small JSON documents. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const method = req.method ?? 'GET';
  const body =
    method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  if (response.headers.get(RESET_HEADER) !== null) {
    res.socket?.destroy();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Serves a `Request -> Response` handler with node:http on 127.0.0.1 (port 0 picks a free one). */
export async function startServer(
  handle: (request: Request) => Promise<Response>,
  options: { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const origin = `http://${req.headers.host ?? host}`;
        const request = await toRequest(req, origin);
        const response =
          request === undefined
            ? Response.json({ error: 'request body too large' }, { status: 413 })
            : await handle(request);
        await send(res, response);
      } catch (error) {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
            }),
          );
        } else res.destroy();
      }
    })();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
