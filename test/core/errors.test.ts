import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/core/client.js';
import { ApiError, isApiError, kindOfStatus, redactedCause, redactSecrets } from '../../src/core/errors.js';
import type { Transport } from '../../src/core/transport.js';

const TOKEN = 'sgp_SUPERSECRET_token_1234567890';

/** A transport that answers every call with one canned response and records what it was sent. */
function canned(status: number, body: string, headers: Record<string, string> = {}) {
  const calls: { url: string; headers: Record<string, string>; body?: string }[] = [];
  const transport: Transport = async (url, init) => {
    calls.push({ url, headers: init.headers, ...(init.body === undefined ? {} : { body: init.body }) });
    return {
      status,
      headers: { get: (name) => headers[name.toLowerCase()] ?? null },
      text: async () => body,
    };
  };
  return { transport, calls };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected failure');
}

describe('API errors', () => {
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not-found'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
    [400, 'bad-request'],
    [422, 'bad-request'],
  ])('maps status %i to %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });

  it('redacts the token and any bearer value', () => {
    expect(redactSecrets(`token ${TOKEN} and Bearer abc.def`, [TOKEN])).toBe('token *** and Bearer ***');
  });

  it.each([
    ['/x?token=abc&page=2', '/x?token=***&page=2'],
    ['https://h/p?a=1&api_key=k-9#frag', 'https://h/p?a=1&api_key=***#frag'],
    ['GET /hook?SIGNATURE=deadbeef', 'GET /hook?SIGNATURE=***'],
    ['/x?keyword=kept&monkey=kept', '/x?keyword=kept&monkey=kept'],
    ['/x?cursor=abc&limit=20', '/x?cursor=abc&limit=20'],
  ])('strips credential-like query values from %s', (text, redacted) => {
    expect(redactSecrets(text, [])).toBe(redacted);
  });

  it('leaves secrets too short to matter alone rather than garble every message', () => {
    expect(redactSecrets('the abc route', ['abc'])).toBe('the abc route');
  });

  it('keeps a redacted copy of a transport failure as the cause, with its code', () => {
    const original = Object.assign(new Error(`connect failed, headers: Bearer ${TOKEN}`), {
      code: 'ECONNREFUSED',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const cause = redactedCause(original, [TOKEN]);
    expect([cause.message, (cause as { code?: string }).code]).toEqual([
      'connect failed, headers: Bearer ***',
      'ECONNREFUSED',
    ]);
    expect(JSON.stringify(cause)).not.toContain(TOKEN);
    expect(String(cause.stack)).not.toContain(TOKEN);
    expect(redactedCause('plain text', []).message).toBe('plain text');
  });

  it('renders itself as JSON with what a user or a log needs', () => {
    const error = new ApiError('slow down', {
      kind: 'rate-limited',
      method: 'POST',
      path: '/api/v1/deployments/1/dependencies',
      status: 429,
      retryAfterMs: 7000,
      attempts: 5,
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ApiError',
      kind: 'rate-limited',
      message: 'POST /api/v1/deployments/1/dependencies: 429 slow down',
      method: 'POST',
      path: '/api/v1/deployments/1/dependencies',
      status: 429,
      retryAfterMs: 7000,
      attempts: 5,
      hint: expect.stringMatching(/rate limit/) as unknown,
    });
  });

  it.each([
    ['auth', /DEPGATE_API_TOKEN/],
    ['not-found', /Web API/],
    ['rate-limited', /rate limit/],
    ['network', /DEPGATE_API_URL/],
    ['pagination', /page cap/],
  ] as const)('gives %s errors advice matching %s, unless told otherwise', (kind, hint) => {
    expect(new ApiError('x', { kind, method: 'GET', path: '/' }).hint).toMatch(hint);
    expect(new ApiError('x', { kind, method: 'GET', path: '/', hint: 'do this' }).hint).toBe('do this');
  });

  it('never lets the token into a message, snippet or JSON of an error, even when the server echoes it', async () => {
    const echo = canned(
      401,
      JSON.stringify({ error: `token ${TOKEN} is invalid`, header: `Bearer ${TOKEN}` }),
    );
    const client = createPlatformClient({
      token: TOKEN,
      baseUrl: 'http://127.0.0.1:9',
      transport: echo.transport,
      sleep: async () => {},
    });
    const error = await failure(client.getDeployments());
    expect(error.kind).toBe('auth');
    for (const text of [error.message, error.bodySnippet ?? '', JSON.stringify(error), String(error.stack)])
      expect(text).not.toContain(TOKEN);
    expect(error.message).toContain('token *** is invalid');
    expect(echo.calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('gives the platform error text, method, path and a hint', async () => {
    const { transport } = canned(404, '{"error":"deployment not found"}');
    const client = createPlatformClient({ token: TOKEN, baseUrl: 'http://127.0.0.1:9/', transport });
    const error = await failure(client.listDependenciesPage(42));
    expect(error.message).toBe('POST /api/v1/deployments/42/dependencies: 404 deployment not found');
    expect(error.hint).toMatch(/Web API/);
  });

  it('is recognised by its brand, not its class', () => {
    const foreign = Object.assign(Object.create(null) as object, { [Symbol.for('depgate.ApiError')]: true });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('requests as sent', () => {
  it('clamps page sizes, sends limit as a string, and encodes project names by segment', async () => {
    const ok = canned(200, '{"project":{"id":1,"name":"a/b c","tags":[]}}');
    const client = createPlatformClient({
      token: TOKEN,
      baseUrl: 'https://example.test/',
      transport: ok.transport,
    });
    await client.addProjectTags('my-org', 'a/b c', ['x']);
    await client.removeProjectTags('my-org', 'a/b c', ['x', 'y z']);
    expect(ok.calls.map((c) => c.url)).toEqual([
      'https://example.test/api/v1/deployments/my-org/projects/a/b%20c/tags',
      'https://example.test/api/v1/deployments/my-org/projects/a/b%20c/tags?tags=x&tags=y+z',
    ]);
    expect(JSON.parse(ok.calls[0]!.body!)).toEqual({ tags: ['x'] });

    const list = canned(200, '{}');
    const c2 = createPlatformClient({
      token: TOKEN,
      baseUrl: 'https://example.test',
      transport: list.transport,
    });
    await c2.listNotificationsPage(7, undefined, { pageSize: 5000 });
    await c2.listDependenciesPage(7);
    await c2.listRepositoriesPage(7, 15, { pageSize: 0 });
    expect(list.calls[0]!.url).toBe('https://example.test/api/notifications/in-app/deployments/7?limit=100');
    expect(JSON.parse(list.calls[1]!.body!)).toEqual({ dependencyFilter: {}, pageSize: 10_000 });
    expect(JSON.parse(list.calls[2]!.body!)).toEqual({ page_size: 1, cursor: 15 });
  });

  it('reads omitted protobuf defaults as empty and false', async () => {
    const { transport } = canned(200, '{}');
    const client = createPlatformClient({ token: TOKEN, transport });
    expect(await client.listDependenciesPage(1)).toEqual({ items: [], next: undefined });
    expect(await client.listLockfilesPage(1, 2)).toEqual({ items: [], next: undefined });
  });

  it('treats hasMore without a cursor as a bad response', async () => {
    const { transport } = canned(200, '{"dependencies":[],"hasMore":true}');
    const error = await failure(createPlatformClient({ token: TOKEN, transport }).listDependenciesPage(1));
    expect([error.kind, error.field]).toEqual(['bad-response', 'cursor']);
  });
});
