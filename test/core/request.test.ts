import { describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../../src/core/errors.js';
import {
  buildQuery,
  createRequester,
  type ApiRequest,
  type RequesterOptions,
  type RequestLogEntry,
} from '../../src/core/request.js';
import { DEFAULT_RETRY } from '../../src/core/retry.js';
import { fakeClock, fakeTransport, scripted, type Reply } from './fake-transport.js';

const TOKEN = 'sgp_test_token_5f2e9c1a7b';
const GET: ApiRequest = { method: 'GET', path: '/api/v1/deployments' };

function setup(transport: RequesterOptions['transport'], overrides: Partial<RequesterOptions> = {}) {
  const clock = fakeClock();
  const log: RequestLogEntry[] = [];
  const lines: string[] = [];
  const request = createRequester({
    baseUrl: 'https://platform.test',
    token: TOKEN,
    transport,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    retry: DEFAULT_RETRY,
    timeoutMs: 30_000,
    deadlineMs: 120_000,
    userAgent: 'depgate-test',
    onRequest: (entry) => log.push(entry),
    logger: { debug: (line) => lines.push(`debug ${line}`), warning: (line) => lines.push(`warn ${line}`) },
    ...overrides,
  });
  return { request, clock, log, lines };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('building a request', () => {
  it.each([
    ['https://platform.test', '/api/v1/deployments', 'https://platform.test/api/v1/deployments'],
    ['https://platform.test/', '/api/v1/deployments', 'https://platform.test/api/v1/deployments'],
    ['https://platform.test///', '/api/v1/deployments', 'https://platform.test/api/v1/deployments'],
    ['http://127.0.0.1:8080/proxy/', '/api/x', 'http://127.0.0.1:8080/proxy/api/x'],
  ])('joins base %s and path %s without a doubled slash', async (baseUrl, path, url) => {
    const fake = scripted({ status: 200, body: {} });
    await setup(fake.transport, { baseUrl }).request({ method: 'GET', path });
    expect(fake.sent[0]!.url).toBe(url);
  });

  it.each([
    [{}, ''],
    [{ a: undefined }, ''],
    [{ limit: '20', cursor: undefined }, '?limit=20'],
    [{ tags: ['a', 'b c', 'd&e'] }, '?tags=a&tags=b+c&tags=d%26e'],
    [{ page: 0, page_size: 100, flag: true }, '?page=0&page_size=100&flag=true'],
    [{ cursor: '' }, '?cursor='],
  ])('writes the query %j as %s', (query, text) => {
    expect(buildQuery(query)).toBe(text);
  });

  it('sends the bearer token, JSON accept and user agent, and a JSON body with its content type', async () => {
    const fake = scripted({ status: 200, body: {} });
    const { request } = setup(fake.transport);
    await request({ method: 'POST', path: '/p', body: { pageSize: 5, cursor: 7 } });
    await request({ method: 'GET', path: '/g' });
    const [post, get] = fake.sent;
    expect(post!.headers).toEqual({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'user-agent': 'depgate-test',
      'content-type': 'application/json',
    });
    expect(JSON.parse(post!.body!)).toEqual({ pageSize: 5, cursor: 7 });
    expect(get!.headers['content-type']).toBeUndefined();
    expect(get!.body).toBeUndefined();
    expect(post!.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads an empty success body as an empty object (protobuf omits every default)', async () => {
    const { request } = setup(scripted({ status: 200, body: '' }).transport);
    expect(await request(GET)).toEqual({});
  });
});

describe('retrying', () => {
  const ok: Reply = { status: 200, body: { deployments: [] } };

  it.each<[string, Reply[], number[]]>([
    ['429 then success, backing off', [{ status: 429 }, ok], [250]],
    ['429 with Retry-After in seconds', [{ status: 429, headers: { 'retry-after': '7' } }, ok], [7000]],
    [
      '503 with Retry-After as an HTTP date',
      [{ status: 503, headers: { 'retry-after': new Date(9_000).toUTCString() } }, ok],
      [9000],
    ],
    ['Retry-After beyond the cap', [{ status: 429, headers: { 'retry-after': '86400' } }, ok], [30_000]],
    [
      '500, 502, 503, 504 in a row, doubling',
      [{ status: 500 }, { status: 502 }, { status: 503 }, { status: 504 }, ok],
      [250, 500, 1000, 2000],
    ],
    ['a network error', [{ throws: 'socket hang up' }, ok], [250]],
    ['a cut JSON body', [{ status: 200, body: '{"deployments": [' }, ok], [250]],
  ])('recovers from %s', async (_title, replies, delays) => {
    const fake = scripted(...replies);
    const { request, clock } = setup(fake.transport);
    expect(await request(GET)).toEqual({ deployments: [] });
    expect(clock.sleeps).toEqual(delays);
    expect(fake.sent).toHaveLength(delays.length + 1);
  });

  it.each([400, 401, 403, 404, 405, 408, 409, 413, 422])('never retries a %i', async (status) => {
    const fake = scripted({ status, body: { error: 'no' } });
    const { request, clock } = setup(fake.transport);
    const error = await failure(request(GET));
    expect([error.status, error.attempts, fake.sent.length, clock.sleeps]).toEqual([status, 1, 1, []]);
  });

  it('gives up after the configured attempts with the last failure', async () => {
    const fake = scripted({ status: 503, body: { error: 'busy' } });
    const { request, clock } = setup(fake.transport, { retry: { ...DEFAULT_RETRY, maxAttempts: 3 } });
    const error = await failure(request(GET));
    expect([error.kind, error.status, error.attempts, error.message]).toEqual([
      'server',
      503,
      3,
      'GET /api/v1/deployments: 503 busy',
    ]);
    expect(clock.sleeps).toEqual([250, 500]);
  });

  it('draws each backoff from the injected random source (full jitter)', async () => {
    const draws = [0, 0.25, 0.999];
    const fake = scripted({ status: 502 }, { status: 502 }, { status: 502 }, { status: 200, body: {} });
    const { request, clock } = setup(fake.transport, { random: () => draws.shift() ?? 0 });
    await request(GET);
    expect(clock.sleeps).toEqual([0, 250, 1998]);
  });

  it('stops before a wait that would cross the deadline, keeping Retry-After on the error', async () => {
    const fake = scripted({ status: 429, headers: { 'retry-after': '20' } });
    const { request, clock } = setup(fake.transport, { deadlineMs: 45_000 });
    const error = await failure(request(GET));
    expect([error.kind, error.retryAfterMs, error.attempts]).toEqual(['rate-limited', 20_000, 3]);
    expect(clock.sleeps).toEqual([20_000, 20_000]);
  });

  it('counts time spent waiting for answers against the deadline too', async () => {
    const clock = fakeClock();
    const fake = fakeTransport(() => {
      clock.advance(25_000);
      return { status: 503 };
    });
    // Two answers take 50 s: a third attempt would start past the 50 s deadline.
    const { request } = setup(fake.transport, { now: clock.now, sleep: clock.sleep, deadlineMs: 50_000 });
    await failure(request(GET));
    expect(fake.sent).toHaveLength(2);
  });

  it('does not retry a web page served with 200: the base URL is wrong, not the network', async () => {
    const fake = scripted({ status: 200, body: '<!doctype html><title>Home</title>' });
    const error = await failure(setup(fake.transport).request(GET));
    expect([error.kind, fake.sent.length]).toEqual(['bad-response', 1]);
    expect(error.hint).toMatch(/DEPGATE_API_URL/);
    expect(error.bodySnippet).toContain('<title>Home</title>');
  });
});

describe('timeouts', () => {
  it('aborts an attempt that gets no answer in time, through its AbortSignal, and retries it', async () => {
    const fake = fakeTransport((_, index) => (index < 2 ? { hang: true } : { status: 200, body: {} }));
    const { request, clock } = setup(fake.transport, { timeoutMs: 5, random: () => 0 });
    expect(await request(GET)).toEqual({});
    expect(fake.sent.map((r) => r.signal?.aborted)).toEqual([true, true, false]);
    expect(clock.sleeps).toEqual([0, 0]);
  });

  it('reports a server that never answers as a timeout after every attempt', async () => {
    const fake = fakeTransport(() => ({ hang: true }));
    const { request } = setup(fake.transport, {
      timeoutMs: 5,
      retry: { ...DEFAULT_RETRY, maxAttempts: 2 },
    });
    const error = await failure(request(GET));
    expect([error.kind, error.attempts, error.message]).toEqual([
      'timeout',
      2,
      'GET /api/v1/deployments: no answer within 5 ms',
    ]);
  });

  it('also times out a body that never finishes', async () => {
    const transport: RequesterOptions['transport'] = async () => ({
      status: 200,
      headers: { get: () => null },
      text: () => new Promise<string>(() => {}),
    });
    const error = await failure(
      setup(transport, { timeoutMs: 5, retry: { ...DEFAULT_RETRY, maxAttempts: 1 } }).request(GET),
    );
    expect(error.kind).toBe('timeout');
  });

  it('never gives an attempt more time than is left of the deadline', async () => {
    const fake = fakeTransport(() => ({ hang: true }));
    const error = await failure(
      setup(fake.transport, {
        timeoutMs: 60_000,
        deadlineMs: 5,
        retry: { ...DEFAULT_RETRY, maxAttempts: 1 },
      }).request(GET),
    );
    expect(error.message).toMatch(/no answer within 5 ms/);
  });
});

describe('reporting progress', () => {
  it('reports every attempt once, retries with their wait, and the final failure', async () => {
    const fake = scripted(
      { status: 503 },
      { throws: 'ECONNRESET' },
      { status: 404, body: { error: 'gone' } },
    );
    const { request, log, lines } = setup(fake.transport);
    await failure(request({ method: 'POST', path: '/api/v1/deployments/1/dependencies', body: {} }));
    expect(log.map(({ attempt, status, kind, delayMs }) => ({ attempt, status, kind, delayMs }))).toEqual([
      { attempt: 1, status: 503, kind: 'server', delayMs: 250 },
      { attempt: 2, status: undefined, kind: 'network', delayMs: 500 },
      { attempt: 3, status: 404, kind: 'not-found', delayMs: undefined },
    ]);
    expect(lines).toEqual([
      'warn POST /api/v1/deployments/1/dependencies -> 503: retrying in 250 ms (attempt 1 of 5)',
      'warn POST /api/v1/deployments/1/dependencies -> network: retrying in 500 ms (attempt 2 of 5)',
      'debug POST /api/v1/deployments/1/dependencies -> 404: POST /api/v1/deployments/1/dependencies: 404 gone (attempt 3, giving up)',
    ]);
  });

  it('reports a success with its status and the time it took by the injected clock', async () => {
    const clock = fakeClock();
    const fake = fakeTransport(() => {
      clock.advance(42);
      return { status: 200, body: {} };
    });
    const { request, log } = setup(fake.transport, { now: clock.now });
    await request(GET);
    expect(log).toEqual([
      { method: 'GET', path: '/api/v1/deployments', attempt: 1, status: 200, durationMs: 42 },
    ]);
  });
});

describe('keeping the token secret', () => {
  it.each<[string, Reply]>([
    ['an error body that echoes it', { status: 401, body: { error: `bad token ${TOKEN}` } }],
    ['a success body that is not JSON and echoes it', { status: 200, body: `{"token": "${TOKEN}"` }],
    ['a network error whose message carries it', { throws: `invalid header Bearer ${TOKEN}` }],
  ])('keeps it out of the error, its cause, the log and the logger for %s', async (_title, reply) => {
    const { request, log, lines } = setup(scripted(reply).transport, {
      retry: { ...DEFAULT_RETRY, maxAttempts: 1 },
    });
    const error = await failure(request({ method: 'GET', path: '/x', query: { q: TOKEN } }));
    const cause = error.cause as Error | undefined;
    const seen = [
      error.message,
      error.path,
      error.bodySnippet ?? '',
      JSON.stringify(error),
      String(error.stack),
      cause?.message ?? '',
      String(cause?.stack ?? ''),
      JSON.stringify(log),
      lines.join('\n'),
    ];
    for (const text of seen) expect(text).not.toContain(TOKEN);
  });
});

describe('stopping calls with an AbortSignal', () => {
  it('cancels the attempt under way and fails as aborted, without a retry', async () => {
    const controller = new AbortController();
    const fake = fakeTransport(() => ({ hang: true }));
    const { request, log } = setup(fake.transport, { signal: controller.signal });
    const pending = failure(request(GET));
    await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('run deadline reached'));
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(error.message).toContain('stopped: run deadline reached');
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.signal?.aborted).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0]!.delayMs).toBeUndefined();
  });

  it('does not start a call once the signal has fired', async () => {
    const fake = scripted({ status: 200, body: {} });
    const error = await failure(setup(fake.transport, { signal: AbortSignal.abort() }).request(GET));
    expect(error.kind).toBe('aborted');
    expect(fake.sent).toHaveLength(0);
  });

  it('cuts a retry wait short and makes no further attempt', async () => {
    const controller = new AbortController();
    const fake = scripted({ status: 503, body: {} }, { status: 200, body: {} });
    // A sleep that never ends by itself: only the abort can end the wait.
    const { request } = setup(fake.transport, {
      signal: controller.signal,
      sleep: () => new Promise<void>(() => undefined),
    });
    const pending = failure(request(GET));
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(error.hint).toContain('deadline');
    expect(fake.sent).toHaveLength(1);
  });

  it('says the deadline passed for AbortSignal.timeout', async () => {
    const fake = fakeTransport(() => ({ hang: true }));
    const error = await failure(setup(fake.transport, { signal: AbortSignal.timeout(10) }).request(GET));
    expect(error.kind).toBe('aborted');
    expect(error.message).toContain('the deadline passed');
  });
});
