import { ApiError } from './errors.js';
import {
  normalizeDependencies,
  normalizeDeployment,
  normalizeLockfileSummary,
  normalizeNotification,
  normalizeProject,
  normalizeRecord,
  normalizeRepositorySummary,
} from './normalize.js';
import { clampPageSize, paginateItems, paginatePages } from './paginate.js';
import { createRequester, type ApiRequest, type RequestLogEntry } from './request.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
import type { Transport } from './transport.js';
import type {
  Dependency,
  Deployment,
  LockfileSummary,
  Notification,
  Page,
  Project,
  RepositorySummary,
} from './types.js';
import { arrayField, asObject, optionalBoolean, ShapeError, type Obj } from './validate.js';
import type { WireDependencyFilter } from './wire.js';

export const DEFAULT_BASE_URL = 'https://semgrep.dev';

/** Documented page-size bounds per listing (spec and decisions.md). */
export const PAGE_BOUNDS = {
  dependencies: { min: 1, max: 10_000 },
  lockfiles: { min: 1, max: 100 },
  repositories: { min: 1, max: 100 },
  notifications: { min: 1, max: 100 },
  secrets: { min: 1, max: 1000 },
  findings: { min: 1, max: 3000 },
  projects: { min: 1, max: 100 },
} as const;

export interface PlatformClientOptions {
  token: string;
  baseUrl?: string;
  /** The HTTP transport; the default is cross-fetch (src/core/transport.ts). */
  transport: Transport;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  deadlineMs?: number;
  /** A listing stops with a `pagination` error past this many pages. */
  pageCap?: number;
  userAgent?: string;
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface ListOptions {
  pageSize?: number;
}

/** Runs a normalizer and turns a shape problem into a `bad-response` ApiError naming the field. */
function shaped<T>(request: ApiRequest, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ShapeError) {
      throw new ApiError(`unexpected response: ${error.message}`, {
        kind: 'bad-response',
        method: request.method,
        path: request.path,
        field: error.field,
      });
    }
    throw error;
  }
}

/** Encodes a project name like `org/repo`: each segment encoded, `/` kept raw; traversal refused. */
export function encodeProjectName(name: string): string {
  const segments = name.split('/');
  if (name === '' || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new ApiError(
      `invalid project name ${JSON.stringify(name)}: empty, '.' or '..' segments are not allowed`,
      {
        kind: 'bad-request',
        method: 'PUT',
        path: '/api/v1/deployments/…/projects/…/tags',
      },
    );
  }
  return segments.map(encodeURIComponent).join('/');
}

const enc = (value: string | number) => encodeURIComponent(String(value));

/** The typed client of the platform API. Every listing has a one-page call, a page iterator and an item iterator. */
export function createPlatformClient(options: PlatformClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const pageCap = options.pageCap ?? 10_000;
  const request = createRequester({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    token: options.token,
    transport: options.transport,
    sleep,
    now,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 30_000,
    deadlineMs: options.deadlineMs ?? 120_000,
    userAgent: options.userAgent ?? 'depgate',
    ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }),
  });

  async function call<T>(req: ApiRequest, build: (body: Obj) => T): Promise<T> {
    const body = await request(req);
    return shaped(req, () => build(asObject(body, '')));
  }

  function iterate<T>(
    method: string,
    path: string,
    fetchPage: (cursor: string | number | undefined) => Promise<Page<T>>,
  ) {
    return {
      pages: () => paginatePages({ fetchPage, pageCap, method, path }),
      items: () => paginateItems({ fetchPage, pageCap, method, path }),
    };
  }

  /** Mixed style: the cursor in the body, `hasMore` says whether to go on. */
  function mixedNext(body: Obj, req: ApiRequest): string | number | undefined {
    const more = optionalBoolean(body, 'hasMore', '');
    if (!more) return undefined;
    const cursor = body.cursor;
    if ((typeof cursor === 'string' && cursor !== '') || typeof cursor === 'number') return cursor;
    throw new ApiError('the response says hasMore but carries no cursor', {
      kind: 'bad-response',
      method: req.method,
      path: req.path,
      field: 'cursor',
    });
  }

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
        path: `/api/notifications/in-app/deployments/${enc(deploymentId)}`,
        query: { cursor: cursor === '' ? undefined : cursor, limit: String(limit) },
      };
      return call(req, (body) => {
        const items = arrayField(body, 'notifications', '').map((n, i) =>
          normalizeNotification(n, `notifications[${i}]`),
        );
        const next = typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : undefined;
        if (body.cursor !== undefined && body.cursor !== null && typeof body.cursor !== 'string')
          throw new ShapeError('cursor', 'a string', body.cursor);
        return { items, next };
      });
    },
    notifications(deploymentId: number | string, opts: ListOptions = {}) {
      return iterate('GET', `/api/notifications/in-app/deployments/${enc(deploymentId)}`, (cursor) =>
        client.listNotificationsPage(deploymentId, cursor as string | undefined, opts),
      );
    },

    /** Op 2: one page of dependencies matching a filter. */
    async listDependenciesPage(
      deploymentId: number,
      filter: WireDependencyFilter = {},
      cursor?: string,
      opts: ListOptions = {},
    ): Promise<Page<Dependency>> {
      const req: ApiRequest = {
        method: 'POST',
        path: `/api/v1/deployments/${enc(deploymentId)}/dependencies`,
        body: {
          dependencyFilter: filter,
          pageSize: clampPageSize(opts.pageSize, PAGE_BOUNDS.dependencies),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
      return call(req, (body) => ({
        items: normalizeDependencies(arrayField(body, 'dependencies', ''), 'dependencies'),
        next: mixedNext(body, req),
      }));
    },
    dependencies(deploymentId: number, filter: WireDependencyFilter = {}, opts: ListOptions = {}) {
      return iterate('POST', `/api/v1/deployments/${enc(deploymentId)}/dependencies`, (cursor) =>
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
        path: `/api/v1/deployments/${enc(deploymentId)}/dependencies/repositories/${enc(repositoryId)}/lockfiles`,
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
        next: mixedNext(body, req),
      }));
    },
    lockfiles(
      deploymentId: number | string,
      repositoryId: number | string,
      filter: Omit<WireDependencyFilter, 'includeArchived'> = {},
      opts: ListOptions = {},
    ) {
      return iterate(
        'POST',
        `/api/v1/deployments/${enc(deploymentId)}/dependencies/repositories/${enc(repositoryId)}/lockfiles`,
        (cursor) =>
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
        path: `/api/v1/deployments/${enc(deploymentId)}/dependencies/repositories`,
        body: {
          page_size: clampPageSize(opts.pageSize, PAGE_BOUNDS.repositories),
          ...(cursor === undefined ? {} : { cursor }),
        },
      };
      return call(req, (body) => ({
        items: arrayField(body, 'repositorySummaries', '').map((r, i) =>
          normalizeRepositorySummary(r, `repositorySummaries[${i}]`),
        ),
        next: mixedNext(body, req),
      }));
    },
    repositories(deploymentId: number | string, opts: ListOptions = {}) {
      return iterate('POST', `/api/v1/deployments/${enc(deploymentId)}/dependencies/repositories`, (cursor) =>
        client.listRepositoriesPage(deploymentId, cursor, opts),
      );
    },

    /** Op 4: adds tags (a union with the existing ones); returns the whole project. */
    async addProjectTags(slug: string, projectName: string, tags: readonly string[]): Promise<Project> {
      const req: ApiRequest = {
        method: 'PUT',
        path: `/api/v1/deployments/${enc(slug)}/projects/${encodeProjectName(projectName)}/tags`,
        body: { tags },
      };
      return call(req, (body) => normalizeProject(body.project, 'project'));
    },

    /** Op 5: removes tags from this project; absent tags are ignored. */
    async removeProjectTags(slug: string, projectName: string, tags: readonly string[]): Promise<Project> {
      const req: ApiRequest = {
        method: 'DELETE',
        path: `/api/v1/deployments/${enc(slug)}/projects/${encodeProjectName(projectName)}/tags`,
        query: { tags },
      };
      return call(req, (body) => normalizeProject(body.project, 'project'));
    },

    /** Projects (offset style): one page, numbered from 0. */
    async listProjectsPage(slug: string, page = 0, opts: ListOptions = {}): Promise<Page<Project>> {
      const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.projects);
      const req: ApiRequest = {
        method: 'GET',
        path: `/api/v1/deployments/${enc(slug)}/projects`,
        query: { page, page_size: size },
      };
      return call(req, (body) => {
        const items = arrayField(body, 'projects', '').map((p, i) => normalizeProject(p, `projects[${i}]`));
        return { items, next: items.length < size ? undefined : page + 1 };
      });
    },
    projects(slug: string, opts: ListOptions = {}) {
      return iterate('GET', `/api/v1/deployments/${enc(slug)}/projects`, (page) =>
        client.listProjectsPage(slug, (page as number | undefined) ?? 0, opts),
      );
    },

    /** Findings (offset style): one page, numbered from 0. Extra query filters pass through. */
    async listFindingsPage(
      slug: string,
      page = 0,
      opts: ListOptions & { query?: Record<string, string> } = {},
    ): Promise<Page<Obj>> {
      const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.findings);
      const req: ApiRequest = {
        method: 'GET',
        path: `/api/v1/deployments/${enc(slug)}/findings`,
        query: { ...opts.query, page, page_size: size },
      };
      return call(req, (body) => {
        const items = arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`));
        return { items, next: items.length < size ? undefined : page + 1 };
      });
    },
    findings(slug: string, opts: ListOptions & { query?: Record<string, string> } = {}) {
      return iterate('GET', `/api/v1/deployments/${enc(slug)}/findings`, (page) =>
        client.listFindingsPage(slug, (page as number | undefined) ?? 0, opts),
      );
    },

    /** Secrets (cursor style): an empty cursor starts at the beginning; an empty or absent one ends. */
    async listSecretsPage(
      deploymentId: number | string,
      cursor?: string,
      opts: ListOptions = {},
    ): Promise<Page<Obj>> {
      const req: ApiRequest = {
        method: 'GET',
        path: `/api/v1/deployments/${enc(deploymentId)}/secrets`,
        query: { cursor: cursor ?? '', limit: clampPageSize(opts.pageSize, PAGE_BOUNDS.secrets) },
      };
      return call(req, (body) => {
        if (body.cursor !== undefined && body.cursor !== null && typeof body.cursor !== 'string')
          throw new ShapeError('cursor', 'a string', body.cursor);
        return {
          items: arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`)),
          next: typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : undefined,
        };
      });
    },
    secrets(deploymentId: number | string, opts: ListOptions = {}) {
      return iterate('GET', `/api/v1/deployments/${enc(deploymentId)}/secrets`, (cursor) =>
        client.listSecretsPage(deploymentId, cursor as string | undefined, opts),
      );
    },
  };
  return client;
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
