import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isResetResponse } from './faults.js';

export interface RunningServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  /** Stops listening and drops open connections; resolves once the server is closed. */
  close: () => Promise<void>;
}

export interface EmulatorServerOptions {
  handler: (request: Request) => Promise<Response>;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the emulator holds tokens and answers without rate limits, so loopback only. */
  host?: string;
  /** Largest request body read (default 8 MiB): a longer one is refused as soon as it is seen. */
  maxBodyBytes?: number;
}

/** Largest request body read; the platform's requests are small JSON documents. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A `.` or `..` path segment, literal or percent-encoded, which URL parsing would resolve away. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$|\?|#)/i;

const errorBody = (message: string) => JSON.stringify({ error: message });

function sendError(res: ServerResponse, status: number, message: string): void {
  const body = errorBody(message);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Reads the body, up to the limit; undefined as soon as it is larger: a `content-length` over the limit
 * before anything is read, else the first byte past it. The rest is never read (the caller answers 413
 * and closes the connection).
 */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= max)) {
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** How long, and how much of the rest of a refused body, a 413 lingers over before the socket closes. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * 413 without reading the rest of the body. Closing the socket at once (`connection: close`, which
 * Node's server ends and destroys as soon as the answer is written) leaves the unread body in the
 * kernel's buffer, and the kernel then sends a reset, which can reach a client still sending before it
 * has read the 413: it sees only "connection reset". So the answer keeps the connection, and the close
 * lingers (RFC 9112, 9.6): what arrives for up to a second, and at most 4 MiB, is discarded unread, then
 * the socket goes.
 */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, max: number): void {
  const body = errorBody(`request body larger than ${max} bytes`);
  res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body, () => {
    const socket = req.socket;
    let discarded = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) close();
    });
    req.once('end', close);
    req.once('error', close);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  if (isResetResponse(response)) {
    // The connection-reset fault: no status line, no body, just a closed socket.
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

/**
 * Serves a `Request -> Response` handler with node:http: each IncomingMessage becomes a Web Request
 * and each Response is written back, and a connection-reset fault destroys the socket. Request
 * targets with `.` or `..` segments are refused with a 400 here, because URL parsing would resolve
 * them before the handler could see them: a traversal never reaches a route.
 */
export async function startEmulatorServer(options: EmulatorServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const { handler } = options;
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const target = req.url ?? '/';
        if (!target.startsWith('/')) return sendError(res, 400, 'request target must be a path');
        const path = target.split('?')[0]!;
        // URL parsing turns a backslash into a slash and then resolves dot segments: refuse both.
        if (DOT_SEGMENT.test(path) || path.includes('\\'))
          return sendError(res, 400, 'request path must not contain ".", ".." segments or backslashes');
        const max = options.maxBodyBytes ?? MAX_BODY_BYTES;
        const body = await readBody(req, max);
        if (body === undefined) return refuseTooLarge(req, res, max);
        const method = req.method ?? 'GET';
        // The origin is the server's own: a Host header never decides which path is routed.
        const request = new Request(`${origin}${target}`, {
          method,
          headers: toHeaders(req),
          ...(method === 'GET' || method === 'HEAD' || body.length === 0
            ? {}
            : { body: new Uint8Array(body) }),
        });
        await send(res, await handler(request));
      } catch (error) {
        if (res.headersSent) res.destroy();
        else
          sendError(
            res,
            500,
            `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
          );
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
  const shownHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${shownHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: origin,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/** `startEmulatorServer` with the handler first, as earlier callers write it. */
export function startServer(
  handler: (request: Request) => Promise<Response>,
  options: { port?: number; host?: string } = {},
): Promise<RunningServer> {
  return startEmulatorServer({ handler, ...options });
}
