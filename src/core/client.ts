import { ApiError, redactSecrets } from './errors.js';
import {
  normalizeDependencies,
  normalizeDeployment,
  normalizeLockfileSummary,
  normalizeNotification,
  normalizeProject,
  normalizeRecord,
  normalizeRepositorySummary,
} from './normalize.js';
import {
  clampPageSize,
  nextMixedCursor,
  nextOffsetPage,
  nextQueryCursor,
  paginateItems,
  paginatePages,
} from './paginate.js';
import { createRequester, type ApiRequest, type ClientLogger, type RequestLogEntry } from './request.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
import { defaultTransport, type Transport } from './transport.js';
import type {
  Dependency,
  Deployment,
  LockfileSummary,
  Notification,
  Page,
  Project,
  RepositorySummary,
} from './types.js';
import { arrayField, asObject, ShapeError, type Obj } from './validate.js';
import type { WireDependencyFilter } from './wire.js';

export const DEFAULT_BASE_URL = 'https://semgrep.dev';

/** Documented page-size bounds per listing (spec and decisions.md). */
export const PAGE_BOUNDS = {
  dependencies: { min: 1, max: 10_000 },
  lockfiles: { min: 1, max: 100 },
  repositories: { min: 1, max: 100 },
  notifications: { min: 1, max: 100 },
  secrets: { min: 1, max: 1000 },
  findings: { min: 100, max: 3000 },
  projects: { min: 1, max: 100 },
} as const;

export interface PlatformClientOptions {
  /** An API token with Web API access (notifications also take a user JWT). Surrounding whitespace is trimmed. */
  token: string;
  /** The platform's root URL; default `https://semgrep.dev`. A trailing slash is fine. */
  baseUrl?: string;
  /** The HTTP transport; default cross-fetch (src/core/transport.ts). */
  transport?: Transport;
  /** Waits between attempts; default a timer. Tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock in ms for deadlines and `Retry-After` dates; default `Date.now`. */
  now?: () => number;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
  /** Attempts and backoff; default 5 attempts, base 500 ms, cap 30 s. */
  retry?: Partial<RetryPolicy>;
  /** Shorthand for `retry.maxAttempts`. */
  maxAttempts?: number;
  /** Per-attempt timeout in ms; default 30 s. */
  timeoutMs?: number;
  /** Budget of one call, retries and waits included, in ms; default 120 s. */
  deadlineMs?: number;
  /** A listing stops with a `pagination` error past this many pages; default 10,000. */
  pageCap?: number;
  userAgent?: string;
  /** Called once per attempt (progress, request counts). */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Receives one line per attempt; retries go to `warning` when it exists. */
  logger?: ClientLogger;
  /**
   * Stops every call of this client when it fires (e.g. `AbortSignal.timeout(ms)` for a run deadline):
   * the request under way is cancelled, no retry follows, and the call fails with kind `aborted`.
   */
  signal?: AbortSignal;
}

export interface ListOptions {
  /** Items per page; clamped to the listing's bounds, default the largest. */
  pageSize?: number;
}

/** Supply-chain reachability, as the findings listing's `exposures` filter takes it. */
export type FindingExposure =
  'reachable' | 'always_reachable' | 'conditionally_reachable' | 'unreachable' | 'unknown';

export interface FindingsListOptions extends ListOptions {
  /** Supply-chain findings of these reachabilities only (sent comma-separated, as `repos` is). */
  exposures?: readonly FindingExposure[];
  /** One branch (`main`, `refs/heads/main`), or `_default`: each project's own default branch. */
  ref?: string;
  /**
   * Further query filters passed through as given (`page` and `page_size` are the client's): a string,
   * or an array sent as a repeated key (`?repos=a&repos=b`), as the service's list parameters take it.
   */
  query?: Record<string, string | readonly string[]>;
}

export interface SecretsListOptions extends ListOptions {
  /**
   * Query filters passed through as given (`cursor` and `limit` are the client's): `status`,
   * `severity`, `repo`, `validation_state`, `since`; an array is sent as a repeated key.
   */
  query?: Record<string, string | readonly string[]>;
}

/** What a client has sent so far. */
export interface ClientStats {
  /** Attempts sent, retries included. */
  requests: number;
  /** Attempts that were followed by another after a wait. */
  retries: number;
  /** Calls that ended in an error. */
  failures: number;
}

/** Both iterators of one listing, each a fresh walk from the first page. */
export interface Listing<T> {
  pages(): AsyncGenerator<Page<T>, void, undefined>;
  items(): AsyncIterableIterator<T>;
}

function configError(message: string, hint: string, kind: 'auth' | 'bad-request' = 'bad-request'): ApiError {
  return new ApiError(message, { kind, method: '-', path: '-', hint });
}

/**
 * Encodes a project name like `org/repo`: each segment encoded, `/` kept raw. A name with an empty,
 * `.` or `..` segment is refused before any request, so that it can never address another route.
 */
export function encodeProjectName(
  name: string,
  context: { method: string; path: string } = {
    method: 'PUT',
    path: '/api/v1/deployments/…/projects/…/tags',
  },
): string {
  const segments = name.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new ApiError(
      `invalid project name ${JSON.stringify(name)}: empty, '.' or '..' segments are not allowed`,
      {
        kind: 'bad-request',
        ...context,
        hint: 'give the project name as the platform shows it, such as org/repo',
      },
    );
  }
  return segments.map(encodeURIComponent).join('/');
}

/** One path segment from an id or slug; an empty, `.` or `..` value is refused before any request. */
function segment(value: string | number, what: string, method: string, template: string): string {
  const text = String(value);
  if (text.trim() === '' || text === '.' || text === '..') {
    throw new ApiError(`invalid ${what} ${JSON.stringify(text)}`, {
      kind: 'bad-request',
      method,
      path: template,
      hint: `pass the ${what} (getDeployments() lists the token's deployment id and slug)`,
    });
  }
  return encodeURIComponent(text);
}

/**
 * The typed client of the platform API. Every listing has a one-page call (`list…Page`) and a listing
 * (`dependencies(…)`, …) whose `pages()` and `items()` walk all pages. Failures are `ApiError`s
 * (`isApiError`). Throws an `ApiError` at once for an empty token or a base URL that is not http(s).
 */
export function createPlatformClient(options: PlatformClientOptions) {
  // Callers pass environment variables straight through, so an absent token arrives as undefined.
  const token = typeof options.token === 'string' ? options.token.trim() : '';
  if (token === '' || !/^[\x21-\x7e]+$/.test(token)) {
    throw configError(
      token === ''
        ? 'no API token given'
        : 'the API token contains spaces, control or non-ASCII characters, which no token has',
      'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform)',
      'auth',
    );
  }
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  let parsedBase: URL | undefined;
  try {
    parsedBase = new URL(baseUrl);
  } catch {
    parsedBase = undefined;
  }
  if (parsedBase === undefined || (parsedBase.protocol !== 'https:' && parsedBase.protocol !== 'http:')) {
    throw configError(
      `invalid base URL ${JSON.stringify(redactSecrets(baseUrl, [token]))}: an absolute http(s) URL is needed`,
      'set DEPGATE_API_URL to the platform root, such as https://semgrep.dev, or leave it unset',
    );
  }

  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const pageCap = options.pageCap ?? 10_000;
  const stats: ClientStats = { requests: 0, retries: 0, failures: 0 };
  const secrets = [token];
  const request = createRequester({
    baseUrl,
    token,
    transport: options.transport ?? defaultTransport,
    sleep,
    now,
    random: options.random ?? Math.random,
    retry: {
      ...DEFAULT_RETRY,
      ...options.retry,
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    },
    timeoutMs: options.timeoutMs ?? 30_000,
    deadlineMs: options.deadlineMs ?? 120_000,
    userAgent: options.userAgent ?? 'depgate',
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onRequest: (entry) => {
      stats.requests++;
      if (entry.delayMs !== undefined) stats.retries++;
      else if (entry.error !== undefined) stats.failures++;
      options.onRequest?.(entry);
    },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });

  /** Runs a normalizer and turns a shape problem into a `bad-response` ApiError naming the field. */
  async function call<T>(req: ApiRequest, build: (body: Obj) => T): Promise<T> {
    const body = await request(req);
    try {
      return build(asObject(body, ''));
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      stats.failures++;
      throw new ApiError(redactSecrets(`unexpected response: ${error.message}`, secrets), {
        kind: 'bad-response',
        method: req.method,
        path: redactSecrets(req.path, secrets),
        field: error.field === '' ? '(body)' : error.field,
      });
    }
  }

  function iterate<T>(
    method: string,
    path: string,
    fetchPage: (cursor: string | number | undefined) => Promise<Page<T>>,
  ): Listing<T> {
    return {
      pages: () => paginatePages({ fetchPage, pageCap, method, path }),
      items: () => paginateItems({ fetchPage, pageCap, method, path }),
    };
  }

  const deploymentsPath = (id: string | number, method: string, rest = '') =>
    `/api/v1/deployments/${segment(id, 'deployment id', method, `/api/v1/deployments/{deploymentId}${rest}`)}${rest}`;
  const slugPath = (slug: string, method: string, rest: string) =>
    `/api/v1/deployments/${segment(slug, 'deployment slug', method, `/api/v1/deployments/{deploymentSlug}${rest}`)}${rest}`;
  const notificationsPath = (id: string | number) =>
    `/api/notifications/in-app/deployments/${segment(id, 'deployment id', 'GET', '/api/notifications/in-app/deployments/{deploymentId}')}`;
  const lockfilesPath = (deploymentId: string | number, repositoryId: string | number) => {
    const rest = '/dependencies/repositories/';
    const repo = segment(
      repositoryId,
      'repository id',
      'POST',
      '/api/v1/deployments/{deploymentId}/dependencies/repositories/{repositoryId}/lockfiles',
    );
    return `${deploymentsPath(deploymentId, 'POST', rest)}${repo}/lockfiles`;
  };
  const tagsPath = (slug: string, projectName: string, method: string) => {
    const template = '/api/v1/deployments/{deploymentSlug}/projects/{projectName}/tags';
    const project = encodeProjectName(projectName, { method, path: template });
    return `${slugPath(slug, method, '/projects/')}${project}/tags`;
  };

  const client = {
    /** The token's deployment(s): how a client finds the numeric id and the slug from a token. */
    async getDeployments(): Promise<Deployment[]> {
      const req: ApiRequest = { method: 'GET', path: '/api/v1/deployments' };
      return call(req, (body) =>
        arrayField(body, 'deployments', '').map((d, i) => normalizeDeployment(d, `deployments[${i}]`)),
      );
    },

    /** Op 1: one page of unread notifications. `limit` travels as a string, as the spec types it. */
    async listNotificationsPage(
      deploymentId: number | string,
      cursor?: string,
      opts: ListOptions = {},
    ): Promise<Page<Notification>> {
      const limit = clampPageSize(opts.pageSize, PAGE_BOUNDS.notifications);
      const req: ApiRequest = {
        method: 'GET',
        path: notificationsPath(deploymentId),
        query: { cursor: cursor === '' ? undefined : cursor, limit: String(limit) },
      };
      return call(req, (body) => ({
        items: arrayField(body, 'notifications', '').map((n, i) =>
          normalizeNotification(n, `notifications[${i}]`),
        ),
        next: nextQueryCursor(body),
      }));
    },
    /** Op 1, every page: unread notifications of the calling viewer. */
    notifications(deploymentId: number | string, opts: ListOptions = {}): Listing<Notification> {
      return iterate('GET', notificationsPath(deploymentId), (cursor) =>
        client.listNotificationsPage(deploymentId, cursor as string | undefined, opts),
      );
    },

    /** Op 2: one page of dependencies matching a filter (default page size 10,000, the most). */
    async listDependenciesPage(
      deploymentId: number | string,
      filter: WireDependencyFilter = {},
      cursor?: string,
      opts: ListOptions = {},
    ): Promise<Page<Dependency>> {
      const req: ApiRequest = {
        method: 'POST',
        path: deploymentsPath(deploymentId, 'POST', '/dependencies'),
        body: {
          dependencyFilter: filter,
          pageSize: clampPageSize(opts.pageSize, PAGE_BOUNDS.dependencies),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
      return call(req, (body) => ({
        items: normalizeDependencies(arrayField(body, 'dependencies', ''), 'dependencies'),
        next: nextMixedCursor(body),
      }));
    },
    /** Op 2, every page. */
    dependencies(
      deploymentId: number | string,
      filter: WireDependencyFilter = {},
      opts: ListOptions = {},
    ): Listing<Dependency> {
      return iterate('POST', deploymentsPath(deploymentId, 'POST', '/dependencies'), (cursor) =>
        client.listDependenciesPage(deploymentId, filter, cursor as string | undefined, opts),
      );
    },

    /** Op 3: one page of lockfile summaries of a repository. */
    async listLockfilesPage(
      deploymentId: number | string,
      repositoryId: number | string,
      filter: Omit<WireDependencyFilter, 'includeArchived'> = {},
      cursor?: string,
      opts: ListOptions = {},
    ): Promise<Page<LockfileSummary>> {
      const req: ApiRequest = {
        method: 'POST',
        path: lockfilesPath(deploymentId, repositoryId),
        body: {
          dependencyFilter: filter,
          pageSize: clampPageSize(opts.pageSize, PAGE_BOUNDS.lockfiles),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
      return call(req, (body) => ({
        items: arrayField(body, 'lockfileSummaries', '').map((l, i) =>
          normalizeLockfileSummary(l, `lockfileSummaries[${i}]`),
        ),
        next: nextMixedCursor(body),
      }));
    },
    /** Op 3, every page. */
    lockfiles(
      deploymentId: number | string,
      repositoryId: number | string,
      filter: Omit<WireDependencyFilter, 'includeArchived'> = {},
      opts: ListOptions = {},
    ): Listing<LockfileSummary> {
      return iterate('POST', lockfilesPath(deploymentId, repositoryId), (cursor) =>
        client.listLockfilesPage(deploymentId, repositoryId, filter, cursor as string | undefined, opts),
      );
    },

    /** Repositories with dependencies: body keys `page_size` and `cursor`; the cursor goes back as received. */
    async listRepositoriesPage(
      deploymentId: number | string,
      cursor?: string | number,
      opts: ListOptions = {},
    ): Promise<Page<RepositorySummary>> {
      const req: ApiRequest = {
        method: 'POST',
        path: deploymentsPath(deploymentId, 'POST', '/dependencies/repositories'),
        body: {
          page_size: clampPageSize(opts.pageSize, PAGE_BOUNDS.repositories),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
      return call(req, (body) => ({
        items: arrayField(body, 'repositorySummaries', '').map((r, i) =>
          normalizeRepositorySummary(r, `repositorySummaries[${i}]`),
        ),
        next: nextMixedCursor(body),
      }));
    },
    /** Repositories with dependencies, every page. */
    repositories(deploymentId: number | string, opts: ListOptions = {}): Listing<RepositorySummary> {
      return iterate('POST', deploymentsPath(deploymentId, 'POST', '/dependencies/repositories'), (cursor) =>
        client.listRepositoriesPage(deploymentId, cursor, opts),
      );
    },

    /** Op 4: adds tags (a union with the existing ones); returns the whole project. */
    async addProjectTags(slug: string, projectName: string, tags: readonly string[]): Promise<Project> {
      const req: ApiRequest = { method: 'PUT', path: tagsPath(slug, projectName, 'PUT'), body: { tags } };
      return call(req, (body) => normalizeProject(body.project, 'project'));
    },

    /** Op 5: removes tags from this project (`?tags=a&tags=b`); absent tags are ignored. */
    async removeProjectTags(slug: string, projectName: string, tags: readonly string[]): Promise<Project> {
      const req: ApiRequest = {
        method: 'DELETE',
        path: tagsPath(slug, projectName, 'DELETE'),
        query: { tags },
      };
      return call(req, (body) => normalizeProject(body.project, 'project'));
    },

    /** Projects (offset style): one page, numbered from 0. */
    async listProjectsPage(slug: string, page = 0, opts: ListOptions = {}): Promise<Page<Project>> {
      const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.projects);
      const req: ApiRequest = {
        method: 'GET',
        path: slugPath(slug, 'GET', '/projects'),
        query: { page, page_size: size },
      };
      return call(req, (body) => {
        const items = arrayField(body, 'projects', '').map((p, i) => normalizeProject(p, `projects[${i}]`));
        return { items, next: nextOffsetPage(page, size, items.length) };
      });
    },
    /** Projects, every page. */
    projects(slug: string, opts: ListOptions = {}): Listing<Project> {
      return iterate('GET', slugPath(slug, 'GET', '/projects'), (page) =>
        client.listProjectsPage(slug, (page as number | undefined) ?? 0, opts),
      );
    },

    /** Code and supply-chain findings (offset style): one page, numbered from 0. Items as sent. */
    async listFindingsPage(slug: string, page = 0, opts: FindingsListOptions = {}): Promise<Page<Obj>> {
      const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.findings);
      const req: ApiRequest = {
        method: 'GET',
        path: slugPath(slug, 'GET', '/findings'),
        query: {
          ...opts.query,
          ...(opts.exposures && opts.exposures.length > 0 ? { exposures: opts.exposures.join(',') } : {}),
          ...(opts.ref !== undefined ? { ref: opts.ref } : {}),
          page,
          page_size: size,
        },
      };
      return call(req, (body) => {
        const items = arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`));
        return { items, next: nextOffsetPage(page, size, items.length) };
      });
    },
    /** Findings, every page. */
    findings(slug: string, opts: FindingsListOptions = {}): Listing<Obj> {
      return iterate('GET', slugPath(slug, 'GET', '/findings'), (page) =>
        client.listFindingsPage(slug, (page as number | undefined) ?? 0, opts),
      );
    },

    /** Secrets (cursor style): an empty cursor starts at the beginning; an empty or absent one ends. */
    async listSecretsPage(
      deploymentId: number | string,
      cursor?: string,
      opts: SecretsListOptions = {},
    ): Promise<Page<Obj>> {
      const req: ApiRequest = {
        method: 'GET',
        path: deploymentsPath(deploymentId, 'GET', '/secrets'),
        query: {
          ...opts.query,
          cursor: cursor ?? '',
          limit: clampPageSize(opts.pageSize, PAGE_BOUNDS.secrets),
        },
      };
      return call(req, (body) => ({
        items: arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`)),
        next: nextQueryCursor(body),
      }));
    },
    /** Secrets, every page. */
    secrets(deploymentId: number | string, opts: SecretsListOptions = {}): Listing<Obj> {
      return iterate('GET', deploymentsPath(deploymentId, 'GET', '/secrets'), (cursor) =>
        client.listSecretsPage(deploymentId, cursor as string | undefined, opts),
      );
    },

    /** Counts of what this client has sent so far (a copy). */
    stats(): ClientStats {
      return { ...stats };
    },
  };
  return client;
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
