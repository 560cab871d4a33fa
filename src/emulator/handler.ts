import type { WireDependencyFilter } from '../core/wire.js';
import { matchesDependencyFilter } from '../policy/match-dependency.js';
import { validateDependencyFilter } from '../policy/validate-filter.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { DependencyRecord, EmulatorDataset, ProjectRecord, TokenRecord } from './dataset.js';
import { type FaultRule, FaultSet, RESET_HEADER, validateFaultRules } from './faults.js';
import {
  candidatePositions,
  createEmulatorState,
  type EmulatorState,
  queryDependencies,
  toMatchable,
} from './state.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  bytes: number;
  at: string;
}

export interface EmulatorOptions {
  dataset: EmulatorDataset;
  faults?: readonly FaultRule[];
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** How many request log entries to keep (oldest dropped first). */
  logLimit?: number;
}

export interface Emulator {
  handle: (request: Request) => Promise<Response>;
  faults: FaultSet;
  log: RequestLogEntry[];
  state: EmulatorState;
}

/** An error that renders itself as the platform's `{"error": "..."}` body. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Page-size bounds and defaults the emulator enforces (decisions.md, "Pagination"). */
export const EMULATOR_PAGE_BOUNDS = {
  dependencies: { default: 1000, min: 1, max: 10_000 },
  lockfiles: { default: 5, min: 1, max: 100 },
  repositories: { default: 5, min: 1, max: 100 },
  notifications: { default: 20, min: 1, max: 100 },
  secrets: { default: 100, min: 1, max: 1000 },
  findings: { default: 100, min: 1, max: 3000 },
  projects: { default: 100, min: 1, max: 1000 },
} as const;

function pageSize(
  value: unknown,
  field: string,
  bounds: { default: number; min: number; max: number },
): number {
  if (value === undefined || value === null || value === '') return bounds.default;
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new HttpError(400, `${field} must be an integer`);
  if (n === 0 && field !== 'limit') return bounds.default; // protobuf: 0 is the unset default
  if (n < bounds.min || n > bounds.max)
    throw new HttpError(400, `${field} must be between ${bounds.min} and ${bounds.max}, got ${n}`);
  return n;
}

function nonNegativeInt(value: string | null, field: string): number {
  if (value === null || value === '') return 0;
  if (!/^\d+$/.test(value)) throw new HttpError(400, `${field} must be a non-negative integer`);
  return Number(value);
}

/** Reads a JSON body: empty means `{}`, anything unparsable is a 400 naming the problem. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
}

function asBodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}

const pick = (obj: Record<string, unknown>, camel: string, snake: string): unknown =>
  obj[camel] !== undefined ? obj[camel] : obj[snake];

function renderDependency(dep: DependencyRecord, repositoryName: string) {
  return {
    id: dep.id,
    name: dep.name,
    version: dep.version,
    repositoryId: dep.repositoryId,
    definedAt: {
      path: dep.lockfilePath,
      startLine: String(dep.line),
      startCol: String(dep.column),
      endLine: String(dep.line),
      endCol: String(dep.column + dep.name.length),
      url: `https://github.com/${repositoryName}/blob/HEAD/${dep.lockfilePath}#L${dep.line}`,
    },
    transitivity: dep.transitivity,
    package: { name: dep.name, versionSpecifier: dep.version },
    ecosystem: dep.ecosystem,
    licenses: dep.licenses,
    ...(dep.resolvedUrl === undefined ? {} : { resolvedUrl: dep.resolvedUrl }),
  };
}

function renderProject(p: ProjectRecord) {
  return {
    id: p.id,
    name: p.name,
    tags: p.tags,
    created_at: p.createdAt,
    default_branch: p.defaultBranch,
    latest_scan_at: p.latestScanAt,
    managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } },
    primary_branch: p.defaultBranch,
    url: p.url,
  };
}

/** Tag rules: strings, trimmed, 1..128 characters, no control characters. */
function validateTags(value: unknown): string[] {
  if (!Array.isArray(value)) throw new HttpError(400, 'tags must be an array of strings');
  return value.map((tag: unknown, i) => {
    if (typeof tag !== 'string') throw new HttpError(400, `tags[${i}] must be a string`);
    const trimmed = tag.trim();
    if (trimmed.length < 1 || trimmed.length > 128)
      throw new HttpError(400, `tags[${i}] must be 1 to 128 characters`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(trimmed))
      throw new HttpError(400, `tags[${i}] contains a control character`);
    return trimmed;
  });
}

/** Decodes `org/repo` or `org%2Frepo`; empty, `.` and `..` segments are refused, never resolved. */
function decodeProjectName(raw: string): string {
  let name: string;
  try {
    name = raw
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    throw new HttpError(400, 'project name is not valid percent-encoding');
  }
  if (name.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new HttpError(400, 'project name must not contain empty, "." or ".." segments');
  return name;
}

/**
 * The platform API as a Web-standard `Request -> Response` handler over a dataset, with fault
 * injection and a request log. Bad input always gets a 4xx with `{"error"}`, never a 500.
 */
export function createEmulator(options: EmulatorOptions): Emulator {
  const state = createEmulatorState(options.dataset);
  const faults = new FaultSet(options.faults ?? []);
  const log: RequestLogEntry[] = [];
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const logLimit = options.logLimit ?? 10_000;
  const { dataset } = state;
  let endlessCounter = 0;

  function authenticate(request: Request, allowJwt: boolean): TokenRecord {
    const header = request.headers.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match === null)
      throw new HttpError(401, 'missing bearer token: send Authorization: Bearer <API_TOKEN>');
    const token = dataset.tokens.find((t) => t.token === match[1]);
    if (token === undefined) throw new HttpError(401, 'invalid or expired token');
    if (token.kind === 'jwt' && !allowJwt)
      throw new HttpError(
        401,
        'this endpoint needs an API token; a user JSON Web Token is accepted on notifications only',
      );
    // The real service answers 404 to a token without the Web API scope.
    if (token.kind === 'api' && !token.webApi && !allowJwt) throw new HttpError(404, 'not found');
    return token;
  }

  function deploymentById(token: TokenRecord, raw: string) {
    if (!/^\d+$/.test(raw))
      throw new HttpError(400, `deployment id must be numeric, got ${JSON.stringify(raw)}`);
    const id = Number(raw);
    const deployment = dataset.deployments.find((d) => d.id === id);
    if (deployment === undefined || token.deploymentId !== id)
      throw new HttpError(404, `deployment ${raw} not found`);
    return deployment;
  }

  function deploymentBySlug(token: TokenRecord, slug: string) {
    const deployment = dataset.deployments.find((d) => d.slug === slug);
    if (deployment === undefined || token.deploymentId !== deployment.id)
      throw new HttpError(404, `deployment ${JSON.stringify(slug)} not found`);
    return deployment;
  }

  function readFilter(body: Record<string, unknown>, allowArchived: boolean): WireDependencyFilter {
    const raw = pick(body, 'dependencyFilter', 'dependency_filter');
    const { filter, problems } = validateDependencyFilter(raw);
    if (!allowArchived && filter.includeArchived !== undefined)
      problems.push({
        field: 'dependencyFilter.includeArchived',
        message: 'is not accepted by this listing',
      });
    if (problems.length > 0)
      throw new HttpError(400, problems.map((p) => `${p.field} ${p.message}`).join('; '));
    return filter;
  }

  function readCursor(value: unknown, key: string, endless: boolean): number {
    if (endless || value === undefined || value === null || value === '') return 0;
    if (typeof value !== 'string') throw new HttpError(400, 'cursor must be a string');
    const decoded = decodeCursor(value, key);
    if (!decoded.ok) throw new HttpError(400, decoded.reason);
    return decoded.position;
  }

  type Route = {
    method: string;
    pattern: RegExp;
    run: (request: Request, match: RegExpExecArray, ctx: { endless: boolean; url: URL }) => Promise<Response>;
  };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/api\/v1\/deployments\/?$/,
      run: async (request) => {
        const token = authenticate(request, false);
        return json(200, { deployments: dataset.deployments.filter((d) => d.id === token.deploymentId) });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/notifications\/in-app\/deployments\/([^/]+)$/,
      run: async (request, match, { endless, url }) => {
        const token = authenticate(request, true);
        const deployment = deploymentById(token, decodeURIComponent(match[1]!));
        const limit = pageSize(url.searchParams.get('limit'), 'limit', EMULATOR_PAGE_BOUNDS.notifications);
        const visible = dataset.notifications.filter(
          (n) =>
            n.deploymentId === deployment.id &&
            n.status === 'STATUS_DELIVERED' &&
            (!n.adminOnly || token.admin) &&
            (n.viewer === undefined || n.viewer === token.viewer),
        );
        const key = `notifications:${token.viewer}`;
        const start = readCursor(url.searchParams.get('cursor'), key, endless);
        const page = visible.slice(start, start + limit).map(({ deploymentId: _d, viewer: _v, ...n }) => n);
        const end = start + limit;
        return json(200, { notifications: page, cursor: end < visible.length ? encodeCursor(end, key) : '' });
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies$/,
      run: async (request, match, { endless }) => {
        const token = authenticate(request, false);
        const deployment = deploymentById(token, decodeURIComponent(match[1]!));
        const body = asBodyObject(await readJson(request));
        const size = pageSize(
          pick(body, 'pageSize', 'page_size'),
          'pageSize',
          EMULATOR_PAGE_BOUNDS.dependencies,
        );
        const filter = readFilter(body, true);
        const key = `dependencies:${deployment.id}:${JSON.stringify(filter)}`;
        const start = readCursor(body.cursor, key, endless);
        const candidates = candidatePositions(state, deployment.id, filter);
        const { items, next } = queryDependencies(state, candidates, filter, start, size);
        return json(200, {
          dependencies: items.map((d) =>
            renderDependency(d, state.repositories.get(d.repositoryId)?.name ?? ''),
          ),
          ...(next === undefined ? {} : { cursor: encodeCursor(next, key), hasMore: true }),
        });
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories$/,
      run: async (request, match, { endless }) => {
        const token = authenticate(request, false);
        const deployment = deploymentById(token, decodeURIComponent(match[1]!));
        const body = asBodyObject(await readJson(request));
        const size = pageSize(
          pick(body, 'pageSize', 'page_size'),
          'page_size',
          EMULATOR_PAGE_BOUNDS.repositories,
        );
        const repos = dataset.repositories.filter(
          (r) => r.deploymentId === deployment.id && (state.byRepository.get(r.id)?.length ?? 0) > 0,
        );
        let start = 0;
        const cursor = body.cursor;
        if (!endless && cursor !== undefined && cursor !== null && cursor !== '') {
          const n = typeof cursor === 'string' && /^\d+$/.test(cursor) ? Number(cursor) : cursor;
          if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > repos.length)
            throw new HttpError(400, 'cursor must be a position returned by this listing');
          start = n;
        }
        const end = start + size;
        return json(200, {
          repositorySummaries: repos.slice(start, end).map((r) => ({
            id: r.id,
            name: r.name,
            numDependencies: state.byRepository.get(r.id)?.length ?? 0,
            hasDependencyPathScan: r.hasDependencyPathScan,
          })),
          ...(end < repos.length ? { cursor: end, hasMore: true } : {}),
        });
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories\/([^/]+)\/lockfiles$/,
      run: async (request, match, { endless }) => {
        const token = authenticate(request, false);
        const deployment = deploymentById(token, decodeURIComponent(match[1]!));
        const repositoryId = decodeURIComponent(match[2]!);
        const repo = state.repositories.get(repositoryId);
        if (!/^\d+$/.test(repositoryId) || repo === undefined || repo.deploymentId !== deployment.id)
          throw new HttpError(404, `repository ${repositoryId} not found`);
        const body = asBodyObject(await readJson(request));
        const size = pageSize(
          pick(body, 'pageSize', 'page_size'),
          'pageSize',
          EMULATOR_PAGE_BOUNDS.lockfiles,
        );
        const filter = { ...readFilter(body, false), includeArchived: true };
        const counts = new Map<string, number>();
        for (const position of state.byRepository.get(repositoryId) ?? []) {
          const dep = dataset.dependencies[position]!;
          if (!counts.has(dep.lockfilePath)) counts.set(dep.lockfilePath, 0);
          if (matchesDependencyFilter(toMatchable(state, dep), filter))
            counts.set(dep.lockfilePath, counts.get(dep.lockfilePath)! + 1);
        }
        const summaries = [...counts]
          .filter(([, n]) => n > 0)
          .map(([lockfilePath, numDependencies]) => ({ lockfilePath, numDependencies }));
        const key = `lockfiles:${repositoryId}:${JSON.stringify(filter)}`;
        const start = readCursor(body.cursor, key, endless);
        const end = start + size;
        return json(200, {
          lockfileSummaries: summaries.slice(start, end),
          ...(end < summaries.length ? { cursor: encodeCursor(end, key), hasMore: true } : {}),
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects$/,
      run: async (request, match, { url }) => {
        const token = authenticate(request, false);
        const deployment = deploymentBySlug(token, decodeURIComponent(match[1]!));
        const size = pageSize(url.searchParams.get('page_size'), 'page_size', EMULATOR_PAGE_BOUNDS.projects);
        const page = nonNegativeInt(url.searchParams.get('page'), 'page');
        const projects = dataset.projects.filter((p) => p.deploymentId === deployment.id);
        return json(200, { projects: projects.slice(page * size, page * size + size).map(renderProject) });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/findings$/,
      run: async (request, match, { url }) => {
        const token = authenticate(request, false);
        const deployment = deploymentBySlug(token, decodeURIComponent(match[1]!));
        const size = pageSize(url.searchParams.get('page_size'), 'page_size', EMULATOR_PAGE_BOUNDS.findings);
        const page = nonNegativeInt(url.searchParams.get('page'), 'page');
        const findings = dataset.findings
          .filter((f) => f.deploymentId === deployment.id)
          .map(({ deploymentId: _d, ...f }) => f);
        return json(200, { findings: findings.slice(page * size, page * size + size) });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/secrets$/,
      run: async (request, match, { endless, url }) => {
        const token = authenticate(request, false);
        const deployment = deploymentById(token, decodeURIComponent(match[1]!));
        const limit = pageSize(url.searchParams.get('limit'), 'limit', EMULATOR_PAGE_BOUNDS.secrets);
        const secrets = dataset.secrets
          .filter((s) => s.deploymentId === deployment.id)
          .map(({ deploymentId: _d, ...s }) => s);
        const key = `secrets:${deployment.id}`;
        const start = readCursor(url.searchParams.get('cursor'), key, endless);
        const end = start + limit;
        return json(200, {
          findings: secrets.slice(start, end),
          cursor: end < secrets.length ? encodeCursor(end, key) : '',
          previous: start > 0 ? encodeCursor(Math.max(0, start - limit), key) : '',
        });
      },
    },
    {
      method: 'PUT|DELETE',
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(.+)\/tags$/,
      run: async (request, match, { url }) => {
        const token = authenticate(request, false);
        const deployment = deploymentBySlug(token, decodeURIComponent(match[1]!));
        const name = decodeProjectName(match[2]!);
        const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
        if (project === undefined) throw new HttpError(404, `project ${JSON.stringify(name)} not found`);
        if (request.method === 'PUT') {
          const body = await readJson(request);
          const tags = validateTags(Array.isArray(body) ? body : asBodyObject(body).tags);
          for (const tag of tags) if (!project.tags.includes(tag)) project.tags.push(tag);
        } else {
          let tags = url.searchParams.getAll('tags').flatMap((t) => t.split(','));
          if (tags.length === 0) {
            const body = await readJson(request);
            tags = validateTags(Array.isArray(body) ? body : (asBodyObject(body).tags ?? []));
          } else tags = validateTags(tags);
          project.tags = project.tags.filter((t) => !tags.includes(t));
        }
        return json(200, { project: renderProject(project) });
      },
    },
  ];

  async function admin(request: Request, path: string): Promise<Response> {
    if (path === '/__emulator/requests' && request.method === 'GET') return json(200, { requests: log });
    if (path === '/__emulator/requests' && request.method === 'DELETE') {
      log.length = 0;
      return json(200, { requests: [] });
    }
    if (path === '/__emulator/faults') {
      if (request.method === 'GET') return json(200, { faults: faults.list() });
      if (request.method === 'DELETE') {
        faults.set([]);
        return json(200, { faults: [] });
      }
      if (request.method === 'POST' || request.method === 'PUT') {
        const body = asBodyObject(await readJson(request));
        const { rules, problems } = validateFaultRules(body.faults);
        if (problems.length > 0) throw new HttpError(400, problems.join('; '));
        faults.set(rules);
        return json(200, { faults: faults.list() });
      }
      throw new HttpError(405, `method ${request.method} not allowed`);
    }
    throw new HttpError(404, `no route for ${request.method} ${path}`);
  }

  async function route(request: Request, url: URL, path: string): Promise<Response> {
    if (path.startsWith('/__emulator/')) return admin(request, path);
    const before = faults.take(request.method, path, ['status', 'reset', 'latency']);
    if (before?.kind === 'reset')
      return new Response(null, { status: 599, headers: { [RESET_HEADER]: '1' } });
    if (before?.kind === 'status') {
      return json(
        before.status ?? 503,
        { error: `injected fault: ${before.status ?? 503}` },
        before.retryAfter === undefined ? {} : { 'retry-after': before.retryAfter },
      );
    }
    if (before?.kind === 'latency') await sleep(before.latencyMs ?? 0);
    // Both listing faults serve the first page again whatever cursor comes in, then lie about the next one.
    const listingFault = faults.take(request.method, path, ['endless', 'repeat-cursor']);
    const endless = listingFault !== undefined;
    let methodMismatch = false;
    for (const r of routes) {
      const match = r.pattern.exec(path);
      if (match === null) continue;
      if (!r.method.split('|').includes(request.method)) {
        methodMismatch = true;
        continue;
      }
      const response = await r.run(request, match, { endless, url });
      if (listingFault === undefined) return afterFaults(request, path, response);
      const cursor = listingFault.kind === 'endless' ? `endless-${++endlessCounter}` : 'repeated-cursor';
      return transform(response, (body) => ({ ...body, cursor, hasMore: true }));
    }
    if (methodMismatch) throw new HttpError(405, `method ${request.method} not allowed on ${path}`);
    throw new HttpError(404, `no route for ${request.method} ${path}`);
  }

  async function transform(
    response: Response,
    change: (body: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<Response> {
    if (response.status !== 200) return response;
    const body = JSON.parse(await response.text()) as Record<string, unknown>;
    return json(200, change(body));
  }

  async function afterFaults(request: Request, path: string, response: Response): Promise<Response> {
    const rule = faults.take(request.method, path, ['truncate', 'malformed', 'wrong-shape']);
    if (rule === undefined || response.status !== 200) return response;
    const text = await response.text();
    switch (rule.kind) {
      case 'truncate':
        return new Response(text.slice(0, Math.floor(text.length / 2)), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      case 'malformed':
        return new Response(`{"error": oops, ${text.slice(1, 40)}`, {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      case 'wrong-shape': {
        const body = JSON.parse(text) as Record<string, unknown>;
        for (const key of Object.keys(body)) if (Array.isArray(body[key])) body[key] = 'not-an-array';
        if (body.project !== undefined) body.project = { id: 'not-a-number' };
        return json(200, body);
      }
      default:
        return new Response(text, response);
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    let response: Response;
    try {
      response = await route(request, url, path);
    } catch (error) {
      response =
        error instanceof HttpError
          ? json(error.status, { error: error.message })
          : json(500, {
              error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
            });
    }
    const bytes = Number(response.headers.get('content-length') ?? 0);
    log.push({
      method: request.method,
      path,
      query: url.search,
      status: response.status,
      bytes,
      at: now().toISOString(),
    });
    if (log.length > logLimit) log.splice(0, log.length - logLimit);
    return response;
  }

  return { handle, faults, log, state };
}
