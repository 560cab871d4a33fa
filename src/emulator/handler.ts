import type { EmulatorDataset } from './dataset.js';
import { type FaultRule, FaultSet, isResetResponse, resetResponse, validateFaultRules } from './faults.js';
import { bodyFields, EmulatorHttpError, isObject, jsonResponse, readJsonBody, textResponse } from './http.js';
import { createOsvRoutes, type OsvDatabaseOptions } from './osv-routes.js';
import { createNpmRoutes, type NpmRegistryOptions } from './npm-routes.js';
import { createRoutes, type Route } from './routes.js';
import { createEmulatorState, type EmulatorState } from './state.js';

export { EMULATOR_PAGE_BOUNDS } from './http.js';

/** One request as the emulator saw it. */
export interface RequestLogEntry {
  method: string;
  path: string;
  /** The query string with its `?`, or ''. */
  query: string;
  status: number;
  /** Size of the request body. */
  requestBytes: number;
  /** Size of the response body (0 for a reset connection). */
  bytes: number;
  /** When the request arrived (ISO 8601, from the injected clock). */
  at: string;
  /** Time spent answering, from the injected clock (injected latency included). */
  durationMs: number;
  /** What the emulator noticed and let pass (unknown request-body fields, ignored as the service does). */
  notes?: string[];
}

export type EmulatorHandler = (request: Request) => Promise<Response>;

export interface EmulatorOptions {
  /** The data to serve; a prepared state shares its indexes between handlers. */
  dataset: EmulatorDataset | EmulatorState;
  /** Fault rules, or a live set the caller keeps to change them at runtime. */
  faults?: readonly FaultRule[] | FaultSet;
  /** Where the request log goes: entries are appended (oldest dropped past `logLimit`). */
  log?: RequestLogEntry[];
  /** How many log entries to keep. Default 10,000. */
  logLimit?: number;
  now?: () => Date;
  /** How latency faults wait. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The OSV API it also serves (`/v1/querybatch`, `/v1/vulns/{id}`); default the seeded real advisories. */
  osv?: OsvDatabaseOptions;
  /** The npm registry served under /npm (default: the recorded packuments of npm-seed.ts). */
  npm?: NpmRegistryOptions;
}

export interface Emulator {
  handle: EmulatorHandler;
  faults: FaultSet;
  log: RequestLogEntry[];
  state: EmulatorState;
}

const isState = (value: EmulatorDataset | EmulatorState): value is EmulatorState => 'index' in value;

/**
 * The platform API as a Web-standard `Request -> Response` handler over a dataset, with fault
 * injection, a request log and admin routes under `/__emulator/` (no auth: the emulator is local).
 * Bad input always gets a 4xx with `{"error": "..."}`; a bug in the emulator gets a 500 with the same
 * shape, never an exception.
 */
export function createEmulator(options: EmulatorOptions): Emulator {
  const state = isState(options.dataset) ? options.dataset : createEmulatorState(options.dataset);
  const faults = options.faults instanceof FaultSet ? options.faults : new FaultSet(options.faults ?? []);
  const log = options.log ?? [];
  const logLimit = options.logLimit ?? 10_000;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const routes = [...createRoutes(state), ...createOsvRoutes(options.osv), ...createNpmRoutes(options.npm)];
  let endlessCount = 0;

  async function admin(request: Request, path: string): Promise<Response> {
    if (path === '/__emulator/requests') {
      if (request.method === 'GET') return jsonResponse(200, { requests: log });
      if (request.method === 'DELETE') {
        log.length = 0;
        return jsonResponse(200, { requests: [] });
      }
      throw methodNotAllowed(request.method, path, ['GET', 'DELETE']);
    }
    if (path === '/__emulator/faults') {
      if (request.method === 'GET') return jsonResponse(200, { faults: faults.list() });
      if (request.method === 'DELETE') {
        faults.set([]);
        return jsonResponse(200, { faults: [] });
      }
      if (request.method === 'POST' || request.method === 'PUT') {
        const body = await readJsonBody(request);
        const fields = bodyFields(Array.isArray(body) ? { faults: body } : body, ['faults']);
        fields.rejectUnknown();
        const { rules, problems } = validateFaultRules(fields.get('faults'));
        if (problems.length > 0) throw new EmulatorHttpError(400, problems.join('; '));
        faults.set(rules);
        return jsonResponse(200, { faults: faults.list() });
      }
      throw methodNotAllowed(request.method, path, ['GET', 'POST', 'PUT', 'DELETE']);
    }
    throw new EmulatorHttpError(
      404,
      `no admin route ${path} (there are /__emulator/faults and /__emulator/requests)`,
    );
  }

  function findRoute(method: string, path: string): { route: Route; params: string[] } {
    const allowed: string[] = [];
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (match === null) continue;
      if (route.methods.includes(method)) return { route, params: match.slice(1) };
      allowed.push(...route.methods);
    }
    if (allowed.length > 0) throw methodNotAllowed(method, path, allowed);
    throw new EmulatorHttpError(404, `no route for ${method} ${path}`);
  }

  /** The API with the faults around it, in the order a real failure would show. */
  async function api(
    request: Request,
    url: URL,
    arrivedMs: number,
    note: (text: string) => void,
  ): Promise<Response> {
    const { method } = request;
    const path = url.pathname;
    const latency = faults.take(method, path, ['latency']);
    if (latency !== undefined) await sleep(latency.latencyMs ?? 0);
    const before = faults.take(method, path, ['reset', 'status']);
    if (before?.kind === 'reset') return resetResponse();
    if (before?.kind === 'status') {
      const status = before.status ?? 503;
      return jsonResponse(
        status,
        { error: `injected fault: ${status}` },
        before.retryAfter === undefined ? {} : { 'retry-after': before.retryAfter },
      );
    }
    const retryAfter = faults.rateLimit(method, path, arrivedMs);
    if (retryAfter !== undefined)
      return jsonResponse(429, { error: 'rate limit exceeded' }, { 'retry-after': String(retryAfter) });

    const { route, params } = findRoute(method, path);
    const listing = faults.take(method, path, ['endless', 'repeat-cursor']);
    const response = await route.run(request, params, { url, ignoreCursor: listing !== undefined, note });
    if (response.status !== 200) return response;
    if (listing !== undefined) {
      const body = JSON.parse(await response.text()) as Record<string, unknown>;
      // Both serve the first page again whatever cursor comes in; one lies with a fresh cursor every
      // time, the other with the same one. Either way hasMore says there is more.
      const cursor = listing.kind === 'endless' ? `endless-${++endlessCount}` : 'repeated-cursor';
      return jsonResponse(200, { ...body, cursor, hasMore: true });
    }
    const damage = faults.take(method, path, ['truncate', 'malformed', 'wrong-shape']);
    if (damage === undefined) return response;
    const text = await response.text();
    switch (damage.kind) {
      case 'truncate':
        return textResponse(200, text.slice(0, Math.floor(text.length / 2)));
      case 'malformed':
        return textResponse(200, `{"error": unquoted, ${text.slice(1, 40)}`);
      default:
        return jsonResponse(200, wrongShape(JSON.parse(text) as unknown));
    }
  }

  async function handle(request: Request): Promise<Response> {
    const started = now();
    let url: URL | undefined;
    let response: Response;
    let requestBytes = 0;
    const notes: string[] = [];
    try {
      url = new URL(request.url);
      // Read the body once here so that its size can be logged; routes read it from the copy.
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      requestBytes = Buffer.byteLength(body);
      const copy = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(body === '' ? {} : { body }),
      });
      response = url.pathname.startsWith('/__emulator/')
        ? await admin(copy, url.pathname)
        : await api(copy, url, started.getTime(), (text) => notes.push(text));
    } catch (error) {
      response =
        error instanceof EmulatorHttpError
          ? error.toResponse()
          : jsonResponse(500, {
              error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
            });
    }
    const finished = now();
    log.push({
      method: request.method,
      path: url?.pathname ?? request.url,
      query: url?.search ?? '',
      status: isResetResponse(response) ? 0 : response.status,
      requestBytes,
      bytes: Number(response.headers.get('content-length') ?? 0),
      at: started.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      ...(notes.length > 0 ? { notes } : {}),
    });
    if (log.length > logLimit) log.splice(0, log.length - logLimit);
    return response;
  }

  return { handle, faults, log, state };
}

/**
 * The emulator as a bare `Request -> Response` function. Keep the `faults` set and the `log` array
 * you pass in to change faults and read requests at runtime (or use the admin routes).
 */
export function createEmulatorHandler(options: EmulatorOptions): EmulatorHandler {
  return createEmulator(options).handle;
}

function methodNotAllowed(method: string, path: string, allowed: readonly string[]): EmulatorHttpError {
  const allow = [...new Set(allowed)].join(', ');
  return new EmulatorHttpError(405, `method ${method} not allowed on ${path} (allowed: ${allow})`, { allow });
}

/** The same body with strings where arrays and objects were: what a client must refuse, not crash on. */
function wrongShape(body: unknown): unknown {
  if (!isObject(body)) return 'not-an-object';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = Array.isArray(value)
      ? 'not-an-array'
      : isObject(value)
        ? { id: 'not-a-number', tags: 'not-an-array' }
        : value;
  }
  return out;
}
