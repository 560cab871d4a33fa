import { describe, expect, it } from 'vitest';
import {
  createPlatformClient,
  encodeProjectName,
  type PlatformClient,
  type PlatformClientOptions,
} from '../../src/core/client.js';
import { isApiError, type ApiError } from '../../src/core/errors.js';
import { fakeClock, fakeTransport, scripted, type Reply, type SentRequest } from './fake-transport.js';

const TOKEN = 'sgp_client_test_token_0c4d8e';
const BASE = 'https://platform.test';

function clientOf(
  answer: (request: SentRequest, index: number) => Reply,
  overrides: Partial<PlatformClientOptions> = {},
) {
  const fake = fakeTransport(answer);
  const clock = fakeClock();
  const client = createPlatformClient({
    token: TOKEN,
    baseUrl: BASE,
    transport: fake.transport,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    ...overrides,
  });
  return { client, sent: fake.sent, clock };
}

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected a typed error');
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const sentBody = (s: SentRequest) => JSON.parse(s.body ?? '{}') as Record<string, unknown>;

const PROJECT = { project: { id: 3, name: 'acme/web', tags: ['x'] } };

describe('each operation as sent', () => {
  const cases: [string, (c: PlatformClient) => Promise<unknown>, string, string, unknown][] = [
    ['getDeployments', (c) => c.getDeployments(), 'GET', '/api/v1/deployments', undefined],
    [
      'listNotificationsPage',
      (c) => c.listNotificationsPage(1234, 'n-cursor', { pageSize: 30 }),
      'GET',
      '/api/notifications/in-app/deployments/1234?cursor=n-cursor&limit=30',
      undefined,
    ],
    [
      'listDependenciesPage',
      (c) => c.listDependenciesPage(1234, { name: 'lodash', ecosystem: ['npm'] }, 'd-cursor'),
      'POST',
      '/api/v1/deployments/1234/dependencies',
      { dependencyFilter: { name: 'lodash', ecosystem: ['npm'] }, pageSize: 10_000, cursor: 'd-cursor' },
    ],
    [
      'listLockfilesPage',
      (c) => c.listLockfilesPage('1234', '18446744073709551615', { lockfilePath: 'go.mod' }),
      'POST',
      '/api/v1/deployments/1234/dependencies/repositories/18446744073709551615/lockfiles',
      { dependencyFilter: { lockfilePath: 'go.mod' }, pageSize: 100 },
    ],
    [
      'listRepositoriesPage',
      (c) => c.listRepositoriesPage(1234, 40),
      'POST',
      '/api/v1/deployments/1234/dependencies/repositories',
      { page_size: 100, cursor: 40 },
    ],
    [
      'listProjectsPage',
      (c) => c.listProjectsPage('acme-corp', 2),
      'GET',
      '/api/v1/deployments/acme-corp/projects?page=2&page_size=100',
      undefined,
    ],
    [
      'listFindingsPage',
      (c) => c.listFindingsPage('acme-corp', 0, { query: { issue_type: 'sca', page: '9' } }),
      'GET',
      '/api/v1/deployments/acme-corp/findings?issue_type=sca&page=0&page_size=3000',
      undefined,
    ],
    [
      'listFindingsPage with exposures and the default branch',
      (c) =>
        c.listFindingsPage('acme-corp', 0, {
          query: { issue_type: 'sca' },
          exposures: ['reachable', 'always_reachable'],
          ref: '_default',
        }),
      'GET',
      '/api/v1/deployments/acme-corp/findings?issue_type=sca&exposures=reachable%2Calways_reachable&ref=_default&page=0&page_size=3000',
      undefined,
    ],
    [
      'listSecretsPage',
      (c) => c.listSecretsPage(1234),
      'GET',
      '/api/v1/deployments/1234/secrets?cursor=&limit=1000',
      undefined,
    ],
    [
      'addProjectTags',
      (c) => c.addProjectTags('acme-corp', 'acme/web', ['depgate:pass']),
      'PUT',
      '/api/v1/deployments/acme-corp/projects/acme/web/tags',
      { tags: ['depgate:pass'] },
    ],
    [
      'removeProjectTags',
      (c) => c.removeProjectTags('acme-corp', 'acme/web', ['depgate:fail', 'a b']),
      'DELETE',
      '/api/v1/deployments/acme-corp/projects/acme/web/tags?tags=depgate%3Afail&tags=a+b',
      undefined,
    ],
  ];

  it.each(cases)('%s sends %s %s', async (_name, run, method, path, body) => {
    const { client, sent } = clientOf(() => ({ status: 200, body: PROJECT }));
    await run(client);
    expect(sent).toHaveLength(1);
    expect([sent[0]!.method, sent[0]!.url]).toEqual([method, `${BASE}${path}`]);
    expect(sent[0]!.body === undefined ? undefined : JSON.parse(sent[0]!.body)).toEqual(body);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('page sizes', () => {
  const listings: [
    string,
    (c: PlatformClient, pageSize?: number) => Promise<unknown>,
    (s: SentRequest) => unknown,
  ][] = [
    [
      'notifications',
      (c, pageSize) => c.listNotificationsPage(1, undefined, { pageSize }),
      (s) => new URL(s.url).searchParams.get('limit'),
    ],
    [
      'dependencies',
      (c, pageSize) => c.listDependenciesPage(1, {}, undefined, { pageSize }),
      (s) => sentBody(s).pageSize,
    ],
    [
      'lockfiles',
      (c, pageSize) => c.listLockfilesPage(1, 2, {}, undefined, { pageSize }),
      (s) => sentBody(s).pageSize,
    ],
    [
      'repositories',
      (c, pageSize) => c.listRepositoriesPage(1, undefined, { pageSize }),
      (s) => sentBody(s).page_size,
    ],
    [
      'secrets',
      (c, pageSize) => c.listSecretsPage(1, undefined, { pageSize }),
      (s) => new URL(s.url).searchParams.get('limit'),
    ],
    [
      'findings',
      (c, pageSize) => c.listFindingsPage('a', 0, { pageSize }),
      (s) => new URL(s.url).searchParams.get('page_size'),
    ],
    [
      'projects',
      (c, pageSize) => c.listProjectsPage('a', 0, { pageSize }),
      (s) => new URL(s.url).searchParams.get('page_size'),
    ],
  ];
  // [listing, asked-for sizes] -> sizes sent: default (the largest), below the minimum, inside, above.
  const expected: Record<string, unknown[]> = {
    notifications: ['100', '1', '7', '100'],
    dependencies: [10_000, 1, 7, 10_000],
    lockfiles: [100, 1, 7, 100],
    repositories: [100, 1, 7, 100],
    secrets: ['1000', '1', '7', '1000'],
    findings: ['3000', '100', '100', '3000'], // documented bounds: 100..3000
    projects: ['100', '1', '7', '100'],
  };

  it.each(listings)(
    '%s: asks for the largest page by default and clamps to its bounds',
    async (name, run, read) => {
      const { client, sent } = clientOf(() => ({ status: 200, body: {} }));
      for (const size of [undefined, 0, 7, 1_000_000]) await run(client, size);
      expect(sent.map(read)).toEqual(expected[name]);
    },
  );

  it('sends the notifications limit as a string in the query', async () => {
    const { client, sent } = clientOf(() => ({ status: 200, body: {} }));
    await client.listNotificationsPage(1);
    expect(sent[0]!.url).toMatch(/\?limit=100$/);
  });
});

describe('project names and identifiers', () => {
  it.each([
    ['acme/web', 'acme/web'],
    ['web', 'web'],
    ['acme/my repo', 'acme/my%20repo'],
    ['gitlab.com/group/sub group/repo', 'gitlab.com/group/sub%20group/repo'],
    ['acme/a%2Fb', 'acme/a%252Fb'],
    ['acme/ü?#&', 'acme/%C3%BC%3F%23%26'],
    ['acme/.well', 'acme/.well'],
  ])('encodes %s segment by segment as %s', (name, encoded) => {
    expect(encodeProjectName(name)).toBe(encoded);
  });

  it.each(['', '/', 'acme/', '/acme', 'acme//web', '..', 'acme/..', '../etc/passwd', 'acme/./web'])(
    'refuses the project name %j before sending anything',
    async (name) => {
      const { client, sent } = clientOf(() => ({ status: 200, body: PROJECT }));
      for (const call of [
        () => client.addProjectTags('acme', name, ['t']),
        () => client.removeProjectTags('acme', name, ['t']),
      ]) {
        const error = await failure(call);
        expect(error.kind).toBe('bad-request');
        expect(error.message).toContain('invalid project name');
        expect(error.path).toBe('/api/v1/deployments/{deploymentSlug}/projects/{projectName}/tags');
      }
      expect(sent).toHaveLength(0);
    },
  );

  it.each([
    ['an empty slug', (c: PlatformClient) => c.addProjectTags('', 'acme/web', ['t'])],
    ['a dot-dot slug', (c: PlatformClient) => c.listProjectsPage('..')],
    ['an empty deployment id', (c: PlatformClient) => c.listDependenciesPage('')],
    ['a blank repository id', (c: PlatformClient) => c.listLockfilesPage(1, ' ')],
    ['an empty deployment id for notifications', (c: PlatformClient) => c.listNotificationsPage('')],
  ])('refuses %s before sending anything', async (_title, run) => {
    const { client, sent } = clientOf(() => ({ status: 200, body: {} }));
    const error = await failure(() => run(client));
    expect(error.kind).toBe('bad-request');
    expect(error.hint).toMatch(/getDeployments/);
    expect(sent).toHaveLength(0);
  });

  it('encodes identifiers that are not plain digits instead of letting them reshape the path', async () => {
    const { client, sent } = clientOf(() => ({ status: 200, body: {} }));
    await client.listProjectsPage('acme/../other');
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/deployments/acme%2F..%2Fother/projects');
  });
});

describe('creating a client', () => {
  it.each<[string, Partial<PlatformClientOptions>, string, RegExp]>([
    ['no token', { token: '' }, 'auth', /DEPGATE_API_TOKEN/],
    ['a blank token', { token: '  \n' }, 'auth', /DEPGATE_API_TOKEN/],
    ['an undefined token (an unset variable)', { token: undefined }, 'auth', /DEPGATE_API_TOKEN/],
    ['a token with a space inside', { token: 'abc def' }, 'auth', /DEPGATE_API_TOKEN/],
    ['a base URL without a scheme', { baseUrl: 'semgrep.dev' }, 'bad-request', /DEPGATE_API_URL/],
    ['a base URL of another protocol', { baseUrl: 'ftp://semgrep.dev' }, 'bad-request', /DEPGATE_API_URL/],
  ])('refuses %s at once, with advice', async (_title, options, kind, hint) => {
    const error = await failure(() => createPlatformClient({ token: TOKEN, ...options }));
    expect([error.kind, error.hint]).toEqual([kind, expect.stringMatching(hint)]);
    expect(error.message).not.toContain(TOKEN);
  });

  it('trims a token read with its trailing newline', async () => {
    const { client, sent } = clientOf(() => ({ status: 200, body: {} }), { token: `${TOKEN}\n` });
    await client.getDeployments();
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('defaults to the real platform and takes maxAttempts as a shorthand', async () => {
    const fake = scripted({ status: 503 });
    const client = createPlatformClient({
      token: TOKEN,
      transport: fake.transport,
      maxAttempts: 2,
      sleep: async () => {},
    });
    await failure(client.getDeployments());
    expect(fake.sent.map((s) => s.url)).toEqual([
      'https://semgrep.dev/api/v1/deployments',
      'https://semgrep.dev/api/v1/deployments',
    ]);
  });
});

describe('reading answers', () => {
  it('finds the deployment id and slug from the token', async () => {
    const { client } = clientOf(() => ({
      status: 200,
      body: { deployments: [{ id: 1234, name: 'Acme Corp', slug: 'acme-corp', extra: true }] },
    }));
    expect(await client.getDeployments()).toEqual([{ id: 1234, name: 'Acme Corp', slug: 'acme-corp' }]);
  });

  it('returns the whole project after tagging', async () => {
    const { client } = clientOf(() => ({
      status: 200,
      body: { project: { id: '3', name: 'acme/web', tags: ['a'], url: 'u' } },
    }));
    expect(await client.addProjectTags('acme', 'acme/web', ['a'])).toEqual({
      id: 3,
      name: 'acme/web',
      tags: ['a'],
      url: 'u',
    });
  });

  it.each<[string, (c: PlatformClient) => Promise<unknown>, unknown, string]>([
    ['a body that is not an object', (c) => c.getDeployments(), [1, 2], '(body)'],
    ['deployments that are not an array', (c) => c.getDeployments(), { deployments: 'all' }, 'deployments'],
    [
      'a dependency without a name',
      (c) => c.listDependenciesPage(1),
      { dependencies: [{ name: 'a' }, { version: '1' }] },
      'dependencies[1].package.name',
    ],
    [
      'a lockfile summary without a path',
      (c) => c.listLockfilesPage(1, 2),
      { lockfileSummaries: [{}] },
      'lockfileSummaries[0].lockfilePath',
    ],
    [
      'a repository without an id',
      (c) => c.listRepositoriesPage(1),
      { repositorySummaries: [{ name: 'x' }] },
      'repositorySummaries[0].id',
    ],
    [
      'a notification cursor that is a number',
      (c) => c.listNotificationsPage(1),
      { notifications: [], cursor: 5 },
      'cursor',
    ],
    [
      'a project without an id',
      (c) => c.addProjectTags('a', 'b', ['t']),
      { project: { name: 'b', tags: [] } },
      'project.id',
    ],
    ['no project at all', (c) => c.removeProjectTags('a', 'b', ['t']), {}, 'project'],
    ['a finding that is a string', (c) => c.listFindingsPage('a'), { findings: ['f'] }, 'findings[0]'],
  ])('reports %s as a bad response naming the field', async (_title, run, body, field) => {
    const { client, sent } = clientOf(() => ({ status: 200, body: body as object }));
    const error = await failure(run(client));
    expect([error.kind, error.field]).toEqual(['bad-response', field]);
    expect(sent).toHaveLength(1);
    expect(client.stats()).toEqual({ requests: 1, retries: 0, failures: 1 });
  });

  it('counts requests, retries and failed calls', async () => {
    const { client } = clientOf((_, i) =>
      i < 2 ? { status: 503 } : i === 2 ? { status: 200, body: {} } : { status: 404 },
    );
    await client.getDeployments();
    await failure(client.getDeployments());
    expect(client.stats()).toEqual({ requests: 4, retries: 2, failures: 1 });
  });
});

/**
 * An in-memory platform answering each listing in its own pagination style, with the page sizes
 * and cursors taken from the request exactly as the client wrote them.
 */
function memoryPlatform(n: number) {
  const names = Array.from({ length: n }, (_, i) => `pkg-${i}`);
  const log: string[] = [];
  const answer = (request: SentRequest): Reply => {
    const url = new URL(request.url);
    const body = request.body === undefined ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    const q = url.searchParams;
    log.push(`${request.method} ${url.pathname}${url.search} ${request.body ?? ''}`.trim());
    const path = url.pathname;
    if (path.endsWith('/dependencies')) {
      const start = typeof body.cursor === 'string' ? Number(body.cursor.slice(1)) : 0;
      const end = start + (body.pageSize as number);
      const dependencies = names.slice(start, end).map((name, i) => ({
        package: { name, versionSpecifier: '1.0.0' },
        definedAt: { path: 'package-lock.json', startLine: String(start + i + 1) },
        transitivity: 'DIRECT',
      }));
      return {
        status: 200,
        body: end < n ? { dependencies, cursor: `d${end}`, hasMore: true } : { dependencies },
      };
    }
    if (path.endsWith('/dependencies/repositories')) {
      const start = typeof body.cursor === 'number' ? body.cursor : 0;
      const end = start + (body.page_size as number);
      const repositorySummaries = names.slice(start, end).map((name, i) => ({ id: String(start + i), name }));
      return {
        status: 200,
        body: end < n ? { repositorySummaries, cursor: end, hasMore: true } : { repositorySummaries },
      };
    }
    if (path.startsWith('/api/notifications/')) {
      const start = Number(q.get('cursor') ?? '0');
      const end = start + Number(q.get('limit'));
      const notifications = names.slice(start, end).map((name) => ({ id: name, title: name }));
      return { status: 200, body: end < n ? { notifications, cursor: String(end) } : { notifications } };
    }
    if (path.endsWith('/secrets')) {
      const start = q.get('cursor') === '' ? 0 : Number(q.get('cursor'));
      const end = start + Number(q.get('limit'));
      const findings = names.slice(start, end).map((name) => ({ id: name }));
      return { status: 200, body: { findings, cursor: end < n ? String(end) : '', previous: String(start) } };
    }
    if (path.endsWith('/projects') || path.endsWith('/findings')) {
      const size = Number(q.get('page_size'));
      const page = Number(q.get('page'));
      const slice = names.slice(page * size, (page + 1) * size);
      return path.endsWith('/projects')
        ? {
            status: 200,
            body: { projects: slice.map((name, i) => ({ id: page * size + i, name, tags: [] })) },
          }
        : { status: 200, body: { findings: slice.map((name) => ({ id: name })) } };
    }
    return { status: 404, body: { error: 'no route' } };
  };
  return { names, log, answer };
}

describe('listings over an in-memory platform', () => {
  const walks: [string, (c: PlatformClient) => AsyncIterable<unknown>, (item: never) => string, number][] = [
    [
      'dependencies (mixed)',
      (c) => c.dependencies(1, {}, { pageSize: 4 }).items(),
      (d: { name: string }) => d.name,
      4,
    ],
    [
      'repositories (mixed, numeric cursor)',
      (c) => c.repositories(1, { pageSize: 4 }).items(),
      (r: { name: string }) => r.name,
      4,
    ],
    [
      'notifications (cursor)',
      (c) => c.notifications(1, { pageSize: 4 }).items(),
      (x: { id: string }) => x.id,
      4,
    ],
    ['secrets (cursor)', (c) => c.secrets(1, { pageSize: 4 }).items(), (x: { id: string }) => x.id, 4],
    [
      'projects (offset)',
      (c) => c.projects('acme', { pageSize: 4 }).items(),
      (p: { name: string }) => p.name,
      5,
    ],
    // Findings pages hold at least 100 (the documented minimum): 16 come in one page.
    ['findings (offset)', (c) => c.findings('acme', { pageSize: 4 }).items(), (x: { id: string }) => x.id, 1],
  ];

  it.each(walks)('%s yields every item exactly once, in order', async (_title, walk, key, requests) => {
    const platform = memoryPlatform(16);
    const { client, sent } = clientOf(platform.answer);
    const items = (await collect(walk(client))).map((item) => key(item as never));
    expect(items).toEqual(platform.names);
    // Offset listings need a last, empty page to see the end when the count is a multiple of the size.
    expect(sent).toHaveLength(requests);
  });

  it('sends each mixed cursor back exactly as received', async () => {
    const platform = memoryPlatform(10);
    const { client } = clientOf(platform.answer);
    await collect(client.repositories(1, { pageSize: 4 }).items());
    await collect(client.dependencies(1, { name: 'pkg' }, { pageSize: 4 }).items());
    expect(platform.log).toEqual([
      'POST /api/v1/deployments/1/dependencies/repositories {"page_size":4}',
      'POST /api/v1/deployments/1/dependencies/repositories {"page_size":4,"cursor":4}',
      'POST /api/v1/deployments/1/dependencies/repositories {"page_size":4,"cursor":8}',
      'POST /api/v1/deployments/1/dependencies {"dependencyFilter":{"name":"pkg"},"pageSize":4}',
      'POST /api/v1/deployments/1/dependencies {"dependencyFilter":{"name":"pkg"},"pageSize":4,"cursor":"d4"}',
      'POST /api/v1/deployments/1/dependencies {"dependencyFilter":{"name":"pkg"},"pageSize":4,"cursor":"d8"}',
    ]);
  });

  it('normalizes dependencies of the real shape on the way, lines as numbers', async () => {
    const { client } = clientOf(memoryPlatform(3).answer);
    const [first] = await collect(client.dependencies(1).items());
    expect(first).toMatchObject({
      name: 'pkg-0',
      version: '1.0.0',
      lockfilePath: 'package-lock.json',
      line: 1,
      transitivity: 'direct',
    });
  });

  it('gives pages with their cursors', async () => {
    const { client } = clientOf(memoryPlatform(6).answer);
    const pages = await collect(client.dependencies(1, {}, { pageSize: 4 }).pages());
    expect(pages.map((p) => [p.items.length, p.next])).toEqual([
      [4, 'd4'],
      [2, undefined],
    ]);
  });

  it('stops a listing at the client page cap', async () => {
    const { client, sent } = clientOf(memoryPlatform(100).answer, { pageCap: 3 });
    const error = await failure(collect(client.dependencies(1, {}, { pageSize: 2 }).items()));
    expect([error.kind, error.path, sent.length]).toEqual([
      'pagination',
      '/api/v1/deployments/1/dependencies',
      3,
    ]);
  });

  it('stops a listing whose server repeats a cursor', async () => {
    const { client } = clientOf(() => ({
      status: 200,
      body: { notifications: [{ id: 'a' }], cursor: 'same' },
    }));
    const error = await failure(collect(client.notifications(1).items()));
    expect(error.kind).toBe('pagination');
  });

  it('retries a failed page and goes on where it was', async () => {
    const platform = memoryPlatform(8);
    const { client, clock } = clientOf((request, index) =>
      index === 1 ? { status: 502 } : platform.answer(request),
    );
    expect(await collect(client.secrets(1, { pageSize: 4 }).items())).toHaveLength(8);
    expect(clock.sleeps).toEqual([250]);
    expect(platform.log.map((l) => new URL(`http://x${l.split(' ')[1]}`).searchParams.get('cursor'))).toEqual(
      ['', '4'],
    );
  });
});
