import type { WireDependencyFilter } from '../core/index.js';
import { validateDependencyFilter } from '../policy/index.js';
import { authenticate, deploymentById, deploymentBySlug } from './auth.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { DeploymentRecord, EmulatorDataset, FindingRecord, ProjectRecord } from './dataset.js';
import { readFindingsFilter } from './findings-filter.js';
import {
  bodyFields,
  describeValue,
  EMULATOR_PAGE_BOUNDS,
  EmulatorHttpError,
  jsonResponse,
  type PageBounds,
  readJsonBody,
  readOffset,
  readPageSize,
} from './http.js';
import {
  addTags,
  decodeProjectName,
  readTagsToAdd,
  readTagsToRemove,
  readTagsToSet,
  removeTags,
} from './project-tags.js';
import { createQueryReader, type QueryReader } from './query-params.js';
import { renderDependency, renderNotification, renderPassThrough, renderProject } from './render.js';
import { readSecretsFilter, SECRETS_ALIASES } from './secrets-filter.js';
import { candidatePositions, type EmulatorState, matcherFor, queryDependencies } from './state.js';

export interface RouteContext {
  url: URL;
  /**
   * A listing fault is on for this request: the cursor that comes in is ignored (it is one the fault
   * made up), and the first page is served again.
   */
  ignoreCursor: boolean;
  /** Notes a thing let pass, in this request's log entry. */
  note: (text: string) => void;
}

export interface Route {
  methods: readonly string[];
  pattern: RegExp;
  run: (request: Request, params: readonly string[], context: RouteContext) => Promise<Response>;
}

/** A path segment, percent-decoded; bad percent-encoding is the caller's 400. */
function segment(raw: string | undefined, what: string): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    throw new EmulatorHttpError(400, `${what} is not valid percent-encoding`);
  }
}

/** A cursor position, or 0 for none; a cursor that is malformed, foreign or past the end is a 400. */
function cursorPosition(value: unknown, key: string, length: number, context: RouteContext): number {
  if (context.ignoreCursor || value === undefined || value === '') return 0;
  if (typeof value !== 'string')
    throw new EmulatorHttpError(
      400,
      `cursor must be the string a previous page returned, got ${describeValue(value)}`,
    );
  const decoded = decodeCursor(value, key);
  if (!decoded.ok) throw new EmulatorHttpError(400, decoded.reason);
  if (decoded.position > length)
    throw new EmulatorHttpError(400, 'cursor points past the end of this listing');
  return decoded.position;
}

/** A uint64 id in a body, as a number or a decimal string; undefined when absent. */
function bodyId(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value).toString();
  throw new EmulatorHttpError(400, `${field} must be a numeric id, got ${describeValue(value)}`);
}

/** The path says which deployment (or repository); a body that names another one is a 400, not a guess. */
function sameId(bodyValue: unknown, field: string, pathValue: string | number): void {
  const id = bodyId(bodyValue, field);
  if (id !== undefined && id !== String(pathValue))
    throw new EmulatorHttpError(400, `${field} ${id} in the body does not match ${pathValue} in the path`);
}

function readFilter(value: unknown, allowArchived: boolean): WireDependencyFilter {
  const { filter, problems } = validateDependencyFilter(value);
  if (!allowArchived && filter.includeArchived !== undefined)
    problems.push({
      field: 'dependencyFilter.includeArchived',
      message: "is not a field of this listing's filter",
    });
  if (problems.length > 0)
    throw new EmulatorHttpError(
      400,
      `bad dependencyFilter: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    );
  return filter;
}

/** The API's operations over a state (platform-api.md and decisions.md). */
export function createRoutes(state: EmulatorState): Route[] {
  const { dataset } = state;
  const deploymentPath = (
    request: Request,
    raw: string | undefined,
    scheme: 'api-token' | 'api-token-or-jwt' = 'api-token',
  ) => {
    const token = authenticate(request, dataset, scheme);
    return { token, deployment: deploymentById(dataset, token, segment(raw, 'deployment id')) };
  };
  const slugPath = (request: Request, raw: string | undefined): DeploymentRecord => {
    const token = authenticate(request, dataset, 'api-token');
    return deploymentBySlug(dataset, token, segment(raw, 'deployment slug'));
  };

  return [
    {
      // The deployments of the token: how a client learns both the numeric id and the slug.
      methods: ['GET'],
      pattern: /^\/api\/v1\/deployments\/?$/,
      run: async (request) => {
        const token = authenticate(request, dataset, 'api-token');
        return jsonResponse(200, {
          deployments: dataset.deployments
            .filter((d) => d.id === token.deploymentId)
            .map(({ id, name, slug }) => ({ id, name, slug })),
        });
      },
    },
    {
      // Op 1: unread (STATUS_DELIVERED) notifications of the calling viewer; admin-only ones for admins.
      methods: ['GET'],
      pattern: /^\/api\/notifications\/in-app\/deployments\/([^/]+)$/,
      run: async (request, [rawId], context) => {
        const { token, deployment } = deploymentPath(request, rawId, 'api-token-or-jwt');
        const { searchParams } = context.url;
        const limit = readPageSize(
          searchParams.get('limit') ?? undefined,
          'limit',
          EMULATOR_PAGE_BOUNDS.notifications,
        );
        const visible = dataset.notifications.filter(
          (n) =>
            n.deploymentId === deployment.id &&
            n.status === 'STATUS_DELIVERED' &&
            (!n.adminOnly || token.admin) &&
            (n.viewer === undefined || n.viewer === token.viewer),
        );
        const key = `notifications:${deployment.id}:${token.viewer}:${token.admin}`;
        const start = cursorPosition(searchParams.get('cursor') ?? undefined, key, visible.length, context);
        const end = start + limit;
        return jsonResponse(200, {
          notifications: visible.slice(start, end).map(renderNotification),
          cursor: end < visible.length ? encodeCursor(end, key) : '',
        });
      },
    },
    {
      // Op 2: dependencies, filtered; superset shape; cursor bound to the filter.
      methods: ['POST'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies$/,
      run: async (request, [rawId], context) => {
        const { deployment } = deploymentPath(request, rawId);
        const body = bodyFields(await readJsonBody(request), [
          'cursor',
          'dependencyFilter',
          'deploymentId',
          'pageSize',
        ]);
        body.noteUnknown(context.note);
        sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
        const pageSize = readPageSize(body.get('pageSize'), 'pageSize', EMULATOR_PAGE_BOUNDS.dependencies);
        const filter = readFilter(body.get('dependencyFilter'), true);
        const key = `dependencies:${deployment.id}:${JSON.stringify(filter)}`;
        const candidates = candidatePositions(state, deployment.id, filter);
        const start = cursorPosition(body.get('cursor'), key, candidates.length, context);
        const { items, next } = queryDependencies(
          state,
          candidates,
          matcherFor(state, filter),
          start,
          pageSize,
        );
        return jsonResponse(200, {
          dependencies: items.map((d) =>
            renderDependency(d, state.repositories.get(d.repositoryId)?.name ?? ''),
          ),
          // Public callers read both on every page: the last one says hasMore false, with an empty cursor.
          cursor: next === undefined ? '' : encodeCursor(next, key),
          hasMore: next !== undefined,
        });
      },
    },
    {
      // Repositories with dependencies: `page_size`, a numeric cursor (the offset), sent back as received.
      methods: ['POST'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories$/,
      run: async (request, [rawId], context) => {
        const { deployment } = deploymentPath(request, rawId);
        const body = bodyFields(await readJsonBody(request), [
          'cursor',
          'pageSize',
          'deploymentId',
          'dependencyFilter',
        ]);
        body.noteUnknown(context.note);
        sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
        const pageSize = readPageSize(body.get('pageSize'), 'page_size', EMULATOR_PAGE_BOUNDS.repositories);
        // With a dependencyFilter, only repositories holding a matching dependency (the service's reference).
        const rawFilter = body.get('dependencyFilter');
        let holding: Set<string> | undefined;
        if (rawFilter !== undefined) {
          const filter = readFilter(rawFilter, true);
          const matches = matcherFor(state, filter);
          holding = new Set<string>();
          for (const position of candidatePositions(state, deployment.id, filter))
            if (matches(position)) holding.add(state.dataset.dependencies[position]!.repositoryId);
        }
        const repositories = dataset.repositories.filter(
          (r) =>
            r.deploymentId === deployment.id &&
            (state.byRepository.get(r.id)?.length ?? 0) > 0 &&
            (holding === undefined || holding.has(r.id)),
        );
        const cursor = body.get('cursor');
        let start = 0;
        if (!context.ignoreCursor && cursor !== undefined && cursor !== '' && cursor !== 0) {
          const n = typeof cursor === 'string' && /^\d{1,9}$/.test(cursor) ? Number(cursor) : cursor;
          if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > repositories.length)
            throw new EmulatorHttpError(
              400,
              `cursor must be a position this listing returned, got ${describeValue(cursor)}`,
            );
          start = n;
        }
        const end = start + pageSize;
        return jsonResponse(200, {
          repositorySummaries: repositories.slice(start, end).map((r) => ({
            // A JSON number, like Project.id: callers join the two listings on it.
            id: Number(r.id),
            name: r.name,
            numDependencies: state.byRepository.get(r.id)?.length ?? 0,
            hasDependencyPathScan: r.hasDependencyPathScan,
          })),
          // Always both: the last page says hasMore false, with the numeric cursor 0.
          cursor: end < repositories.length ? end : 0,
          hasMore: end < repositories.length,
        });
      },
    },
    {
      // Op 3: lockfiles of one repository with the number of (matching) dependencies in each.
      methods: ['POST'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories\/([^/]+)\/lockfiles$/,
      run: async (request, [rawId, rawRepository], context) => {
        const { deployment } = deploymentPath(request, rawId);
        const repositoryId = segment(rawRepository, 'repository id');
        if (!/^\d{1,20}$/.test(repositoryId))
          throw new EmulatorHttpError(
            400,
            `repository id must be a number, got ${JSON.stringify(repositoryId)}`,
          );
        const canonical = BigInt(repositoryId).toString();
        const repository = state.repositories.get(canonical);
        if (repository === undefined || repository.deploymentId !== deployment.id)
          throw new EmulatorHttpError(404, `repository ${repositoryId} not found`);
        const body = bodyFields(await readJsonBody(request), [
          'cursor',
          'dependencyFilter',
          'deploymentId',
          'pageSize',
          'repositoryId',
        ]);
        body.noteUnknown(context.note);
        sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
        sameId(body.get('repositoryId'), 'repositoryId', canonical);
        const pageSize = readPageSize(body.get('pageSize'), 'pageSize', EMULATOR_PAGE_BOUNDS.lockfiles);
        const filter = readFilter(body.get('dependencyFilter'), false);
        // The repository is named explicitly, so an archived one is listed like any other.
        const matches = matcherFor(state, { ...filter, includeArchived: true });
        const counts = new Map<string, number>();
        for (const position of state.byRepository.get(canonical) ?? []) {
          if (!matches(position)) continue;
          const path = state.dataset.dependencies[position]!.lockfilePath;
          counts.set(path, (counts.get(path) ?? 0) + 1);
        }
        // Without a filter every lockfile is listed, empty ones too; with one, those it matches in.
        const unfiltered = Object.keys(filter).length === 0;
        const summaries = (state.lockfiles.get(canonical) ?? [])
          .map((l) => ({ lockfilePath: l.path, numDependencies: counts.get(l.path) ?? 0 }))
          .filter((s) => unfiltered || s.numDependencies > 0);
        const key = `lockfiles:${deployment.id}:${canonical}:${JSON.stringify(filter)}`;
        const start = cursorPosition(body.get('cursor'), key, summaries.length, context);
        const end = start + pageSize;
        return jsonResponse(200, {
          lockfileSummaries: summaries.slice(start, end),
          cursor: end < summaries.length ? encodeCursor(end, key) : '',
          hasMore: end < summaries.length,
        });
      },
    },
    {
      // All projects (offset pagination).
      methods: ['GET'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects$/,
      run: async (request, [rawSlug], { url }) => {
        const deployment = slugPath(request, rawSlug);
        const projects = dataset.projects.filter((p) => p.deploymentId === deployment.id);
        return jsonResponse(200, {
          projects: offsetPage(
            createQueryReader(url.searchParams),
            EMULATOR_PAGE_BOUNDS.projects,
            projects,
          ).map(renderProject),
        });
      },
    },
    {
      // Code, supply-chain and AI-powered findings (offset pagination, page_size 100..3000), with every
      // query filter of the reference (findings-filter.ts; docs/emulator.md names the field each reads).
      methods: ['GET'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/findings$/,
      run: async (request, [rawSlug], context) => {
        const deployment = slugPath(request, rawSlug);
        const query = createQueryReader(context.url.searchParams);
        const match = readFindingsFilter(
          query,
          dataset.projects.filter((p) => p.deploymentId === deployment.id),
        );
        const seen = new Set<unknown>();
        const findings = dataset.findings.filter((f) => {
          if (f.deploymentId !== deployment.id || !match(f)) return false;
          if (!match.dedup) return true;
          if (seen.has(f.match_based_id)) return false;
          seen.add(f.match_based_id);
          return true;
        });
        const page = offsetPage(query, EMULATOR_PAGE_BOUNDS.findings, findings);
        query.noteUnknown(context.note);
        return jsonResponse(200, { findings: page.map(renderFinding) });
      },
    },
    {
      // Secrets (cursor pagination): the next page's cursor, and the previous page's; the documented
      // filters status, severity, repo, validation_state and since (secrets-filter.ts).
      methods: ['GET'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/secrets$/,
      run: async (request, [rawId], context) => {
        const { deployment } = deploymentPath(request, rawId);
        const query = createQueryReader(context.url.searchParams, SECRETS_ALIASES);
        const limit = readPageSize(query.single('limit'), 'limit', EMULATOR_PAGE_BOUNDS.secrets);
        const match = readSecretsFilter(query);
        const secrets = dataset.secrets.filter((s) => s.deploymentId === deployment.id && match(s));
        const key = `secrets:${deployment.id}:${match.key}`;
        const start = cursorPosition(query.single('cursor'), key, secrets.length, context);
        query.noteUnknown(context.note);
        const end = start + limit;
        return jsonResponse(200, {
          findings: secrets.slice(start, end).map(renderPassThrough),
          cursor: end < secrets.length ? encodeCursor(end, key) : '',
          previous: start > 0 ? encodeCursor(Math.max(0, start - limit), key) : '',
        });
      },
    },
    {
      // Ops 4 and 5: add tags (union) and remove tags; the project name may hold raw slashes or %2F.
      methods: ['PUT', 'DELETE'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(.+)\/tags$/,
      run: async (request, [rawSlug, rawName], { url }) => {
        const deployment = slugPath(request, rawSlug);
        const name = decodeProjectName(rawName ?? '');
        const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
        if (project === undefined)
          throw new EmulatorHttpError(404, `project ${JSON.stringify(name)} not found`);
        if (request.method === 'PUT') addTags(project, await readTagsToAdd(request, deployment.slug, name));
        else removeTags(project, await readTagsToRemove(request, url));
        return jsonResponse(200, { project: renderProject(project) });
      },
    },
    {
      // One project: GET answers it, PATCH {"tags": [...]} sets its tags to that list, DELETE removes
      // it and, as the reference says, "all of the associated findings" (code, supply-chain, secrets).
      methods: ['GET', 'PATCH', 'DELETE'],
      pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(?!.*\/tags\/?$)(.+?)\/?$/,
      run: async (request, [rawSlug, rawName]) => {
        const deployment = slugPath(request, rawSlug);
        const name = decodeProjectName(rawName ?? '');
        const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
        if (project === undefined)
          throw new EmulatorHttpError(404, `project ${JSON.stringify(name)} not found`);
        if (request.method === 'DELETE') {
          deleteProject(dataset, project);
          // The reference shows no response body; callers read the status (200) alone.
          return jsonResponse(200, {});
        }
        if (request.method === 'PATCH') project.tags = await readTagsToSet(request);
        return jsonResponse(200, { project: renderProject(project) });
      },
    },
  ];
}

/** Removes a project and the findings and secrets of its repository, in its deployment. */
function deleteProject(dataset: EmulatorDataset, project: ProjectRecord): void {
  const associated = (r: { deploymentId: number; repository?: unknown }) =>
    r.deploymentId === project.deploymentId &&
    (r.repository as { name?: unknown } | undefined)?.name === project.name;
  dataset.projects = dataset.projects.filter((p) => p !== project);
  dataset.findings = dataset.findings.filter((f) => !associated(f));
  dataset.secrets = dataset.secrets.filter((s) => !associated(s));
}

/** A finding as the listing serves it: without the dataset's own fields. */
function renderFinding(record: FindingRecord): Record<string, unknown> {
  const { deploymentId: _d, issueType: _t, ...rest } = record;
  return rest;
}

/** The page of an offset-paginated listing (`page` from 0, `page_size` within its bounds). */
function offsetPage<T>(query: QueryReader, bounds: PageBounds, items: readonly T[]): T[] {
  const pageSize = readPageSize(query.single('page_size'), 'page_size', bounds);
  const page = readOffset(query.single('page') ?? null, 'page');
  return items.slice(page * pageSize, (page + 1) * pageSize);
}
