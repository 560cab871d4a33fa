import { describe, expect, it } from 'vitest';
import { type FaultRule, FaultSet, isResetResponse, validateFaultRules } from '../../src/emulator/faults.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { createSeedDataset } from '../../src/emulator/seed.js';
import { BASE, call, D, seededEmulator } from './support.js';

const DEPS = `/api/v1/deployments/${D}/dependencies`;
const NOTIFICATIONS = `/api/notifications/in-app/deployments/${D}`;
const REPOS = `/api/v1/deployments/${D}/dependencies/repositories`;

const withFaults = (faults: FaultRule[]) => seededEmulator({ faults });

describe('status faults', () => {
  it('answer 429 with Retry-After in seconds, the given number of times, then recover', async () => {
    const emulator = withFaults([{ kind: 'status', status: 429, retryAfter: '7', times: 2 }]);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(emulator, 'POST', DEPS, { body: {} }));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 200]);
    expect(answers[0]!.headers.get('retry-after')).toBe('7');
    expect(answers[0]!.body).toEqual({ error: 'injected fault: 429' });
  });

  it('carry Retry-After as an HTTP date', async () => {
    const date = new Date(Date.UTC(2026, 10, 22, 12)).toUTCString();
    const answer = await call(
      withFaults([{ kind: 'status', status: 429, retryAfter: date }]),
      'GET',
      '/api/v1/deployments',
    );
    expect(answer.headers.get('retry-after')).toBe('Sun, 22 Nov 2026 12:00:00 GMT');
  });

  it('make a burst of 5xx', async () => {
    const emulator = withFaults([
      { kind: 'status', status: 502, times: 1 },
      { kind: 'status', status: 503, times: 2 },
    ]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(emulator, 'GET', '/api/v1/deployments')).status);
    expect(statuses).toEqual([502, 503, 503, 200]);
  });

  it('come before authentication and routing, as a proxy in front would', async () => {
    const answer = await call(withFaults([{ kind: 'status', status: 503 }]), 'GET', '/nowhere', {
      token: null,
    });
    expect(answer.status).toBe(503);
  });
});

describe('the rate-limit fault', () => {
  it('lets `limit` requests through per window and answers the rest 429 with the seconds left', async () => {
    let clock = 0;
    const emulator = seededEmulator({
      faults: [{ kind: 'rate-limit', limit: 2, windowMs: 10_000, route: DEPS }],
      now: () => new Date(clock),
    });
    const statuses = [];
    for (const at of [0, 1000, 2500]) {
      clock = at;
      const answer = await call(emulator, 'POST', DEPS, { body: {} });
      statuses.push([answer.status, answer.headers.get('retry-after')]);
    }
    clock = 10_000;
    statuses.push([(await call(emulator, 'POST', DEPS, { body: {} })).status, null]);
    expect(statuses).toEqual([
      [200, null],
      [200, null],
      [429, '8'],
      [200, null],
    ]);
    expect((await call(emulator, 'GET', '/api/v1/deployments')).status).toBe(200);
  });
});

describe('latency', () => {
  it('waits through the injected sleep before answering', async () => {
    const sleeps: number[] = [];
    const emulator = createEmulator({
      dataset: createSeedDataset(),
      faults: [{ kind: 'latency', latencyMs: 1500, times: 1 }],
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect((await call(emulator, 'GET', '/api/v1/deployments')).status).toBe(200);
    await call(emulator, 'GET', '/api/v1/deployments');
    expect(sleeps).toEqual([1500]);
  });

  it('adds to a status fault instead of replacing it', async () => {
    const sleeps: number[] = [];
    const emulator = createEmulator({
      dataset: createSeedDataset(),
      faults: [
        { kind: 'latency', latencyMs: 10 },
        { kind: 'status', status: 504 },
      ],
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect((await call(emulator, 'GET', '/api/v1/deployments')).status).toBe(504);
    expect(sleeps).toEqual([10]);
  });
});

describe('damaged bodies', () => {
  it.each<[FaultRule['kind']]>([['truncate'], ['malformed']])(
    '%s: a 200 whose body is not JSON',
    async (kind) => {
      const answer = await call(withFaults([{ kind }]), 'POST', DEPS, { body: {} });
      expect(answer.status).toBe(200);
      expect(() => JSON.parse(answer.text) as unknown).toThrow(SyntaxError);
      expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.text)));
    },
  );

  it('wrong-shape: strings where arrays and objects belong', async () => {
    const deps = await call(withFaults([{ kind: 'wrong-shape' }]), 'POST', DEPS, { body: {} });
    expect(deps.body).toMatchObject({ dependencies: 'not-an-array' });
    const tags = await call(
      withFaults([{ kind: 'wrong-shape' }]),
      'PUT',
      '/api/v1/deployments/acme-corp/projects/acme/web/tags',
      { body: ['x'] },
    );
    expect(tags.body).toEqual({ project: { id: 'not-a-number', tags: 'not-an-array' } });
  });

  it('leave error answers alone', async () => {
    const answer = await call(withFaults([{ kind: 'truncate' }]), 'POST', DEPS, { raw: '{bad' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/not valid JSON/);
  });
});

describe('listings that misbehave', () => {
  it('repeat-cursor: the same cursor every time, with hasMore', async () => {
    const emulator = withFaults([{ kind: 'repeat-cursor', route: DEPS }]);
    const first = await call(emulator, 'POST', DEPS, { body: { pageSize: 2 } });
    const second = await call(emulator, 'POST', DEPS, { body: { pageSize: 2, cursor: first.body.cursor } });
    expect([first.body.cursor, first.body.hasMore]).toEqual(['repeated-cursor', true]);
    expect(second.body.cursor).toBe('repeated-cursor');
    expect(second.body.dependencies).toEqual(first.body.dependencies);
  });

  it.each([
    ['dependencies', DEPS, 'POST'],
    ['repositories', REPOS, 'POST'],
    ['notifications', NOTIFICATIONS, 'GET'],
  ])('endless %s: a fresh cursor on every page and never an end', async (_title, path, method) => {
    const emulator = withFaults([{ kind: 'endless', route: path }]);
    const cursors = new Set<unknown>();
    let cursor: string | number | undefined;
    for (let i = 0; i < 5; i++) {
      const answer =
        method === 'GET'
          ? await call(emulator, 'GET', `${path}?cursor=${cursor ?? ''}`)
          : await call(emulator, 'POST', path, { body: cursor === undefined ? {} : { cursor } });
      expect(answer.status).toBe(200);
      expect(answer.body.hasMore).toBe(true);
      cursor = answer.body.cursor as string | number;
      expect(cursor).not.toBe('');
      cursors.add(cursor);
    }
    expect(cursors.size).toBe(5);
  });

  it('answers a made-up cursor with 400 once the fault is spent', async () => {
    const emulator = withFaults([{ kind: 'endless', route: DEPS, times: 1 }]);
    const first = await call(emulator, 'POST', DEPS, { body: {} });
    expect((await call(emulator, 'POST', DEPS, { body: { cursor: first.body.cursor } })).status).toBe(400);
  });
});

describe('connection resets', () => {
  it('are a response the server must not send, logged with status 0', async () => {
    const emulator = withFaults([{ kind: 'reset', times: 1 }]);
    const response = await emulator.handle(new Request(`${BASE}/api/v1/deployments`));
    expect(isResetResponse(response)).toBe(true);
    expect(emulator.log.map((e) => e.status)).toEqual([0]);
  });
});

describe('matching rules to requests', () => {
  it.each<[string, Partial<FaultRule>, string, string, boolean]>([
    ['no route: everything', {}, 'GET', '/api/v1/deployments', true],
    ['a path prefix', { route: '/api/v1/deployments/1234' }, 'POST', DEPS, true],
    ['a path prefix that does not match', { route: '/api/notifications' }, 'POST', DEPS, false],
    [
      'a pattern with a segment wildcard',
      { route: '/api/v1/deployments/*/dependencies' },
      'POST',
      DEPS,
      true,
    ],
    ['a wildcard is one segment only', { route: '/api/v1/*/dependencies' }, 'POST', DEPS, false],
    ['a wildcard pattern matches the whole path', { route: '/api/v1/deployments/*' }, 'POST', DEPS, false],
    ['a regular expression', { route: '^/api/v1/deployments/\\d+/dep' }, 'POST', DEPS, true],
    ['a method', { method: 'post' }, 'POST', DEPS, true],
    ['another method', { method: 'GET' }, 'POST', DEPS, false],
  ])('%s', async (_title, match, method, path, applies) => {
    const emulator = withFaults([{ kind: 'status', status: 418, ...match }]);
    const answer = await call(emulator, method, path, { body: method === 'GET' ? undefined : {} });
    expect(answer.status === 418).toBe(applies);
  });

  it('spends times only on requests the rule matches', async () => {
    const faults = new FaultSet([{ kind: 'status', status: 503, route: DEPS, times: 1 }]);
    const emulator = seededEmulator({ faults });
    await call(emulator, 'GET', '/api/v1/deployments');
    expect(faults.list()[0]!.times).toBe(1);
    expect((await call(emulator, 'POST', DEPS, { body: {} })).status).toBe(503);
    expect(faults.list()[0]!.times).toBe(0);
  });
});

describe('validating fault rules', () => {
  it('accepts every kind with its fields, and numbers for Retry-After', () => {
    const { rules, problems } = validateFaultRules([
      { kind: 'status', status: 429, retryAfter: 3, route: '/api', method: 'get', times: 2 },
      { kind: 'rate-limit', limit: 10, windowMs: 1000 },
      { kind: 'latency', latencyMs: 250 },
      { kind: 'truncate' },
      { kind: 'malformed' },
      { kind: 'wrong-shape' },
      { kind: 'repeat-cursor' },
      { kind: 'endless' },
      { kind: 'reset' },
    ]);
    expect(problems).toEqual([]);
    expect(rules[0]).toEqual({
      kind: 'status',
      status: 429,
      retryAfter: '3',
      route: '/api',
      method: 'GET',
      times: 2,
    });
  });

  it.each<[unknown, string]>([
    [{ kind: 'explode' }, 'faults[0].kind must be one of status, rate-limit'],
    [{ kind: 'status' }, 'faults[0].status is required for kind status'],
    [{ kind: 'status', status: 200 }, 'faults[0].status must be an integer from 400 to 599'],
    [{ kind: 'rate-limit' }, 'faults[0].limit is required for kind rate-limit'],
    [{ kind: 'latency', latencyMs: -1 }, 'faults[0].latencyMs must be an integer from 0 to 600000'],
    [{ kind: 'reset', times: 0 }, 'faults[0].times must be an integer from 1'],
    [{ kind: 'reset', route: '^([' }, 'faults[0].route is not a valid regular expression'],
    [{ kind: 'reset', method: 'G ET' }, 'faults[0].method must be an HTTP method'],
    [
      { kind: 'status', status: 429, retryAfter: 'x\r\nSet-Cookie: a' },
      'faults[0].retryAfter must be seconds or an HTTP date',
    ],
    [{ kind: 'reset', when: 'always' }, 'faults[0].when is not a rule field'],
    ['reset', 'faults[0] must be an object'],
  ])('reports %j: %s', (rule, problem) => {
    expect(validateFaultRules([rule]).problems[0]).toContain(problem);
  });

  it('wants an array', () => {
    expect(validateFaultRules({ kind: 'reset' }).problems).toEqual(['faults must be an array of rules']);
  });
});

describe('the admin routes', () => {
  it('set, list and clear faults at runtime, and show the request log', async () => {
    const emulator = seededEmulator();
    const set = await call(emulator, 'POST', '/__emulator/faults', {
      token: null,
      body: { faults: [{ kind: 'status', status: 503, times: 1, route: '/api/v1/deployments' }] },
    });
    expect(set.status).toBe(200);
    expect((await call(emulator, 'GET', '/api/v1/deployments')).status).toBe(503);
    expect((await call(emulator, 'GET', '/__emulator/faults')).body).toEqual({
      faults: [{ kind: 'status', status: 503, times: 0, route: '/api/v1/deployments' }],
    });
    expect((await call(emulator, 'GET', '/api/v1/deployments')).status).toBe(200);
    await call(emulator, 'PUT', '/__emulator/faults', { body: [{ kind: 'reset' }] });
    expect(emulator.faults.list()).toEqual([{ kind: 'reset' }]);
    await call(emulator, 'DELETE', '/__emulator/faults');
    expect(emulator.faults.list()).toEqual([]);
    const log = await call(emulator, 'GET', '/__emulator/requests');
    expect(
      (log.body.requests as { path: string; status: number }[])
        .filter((r) => r.path === '/api/v1/deployments')
        .map((r) => r.status),
    ).toEqual([503, 200]);
    await call(emulator, 'DELETE', '/__emulator/requests');
    expect(emulator.log.map((e) => e.method)).toEqual(['DELETE']);
  });

  it.each<[string, string, string | undefined, number, RegExp]>([
    ['a bad rule', 'POST', '{"faults":[{"kind":"explode"}]}', 400, /faults\[0\]\.kind must be one of/],
    ['a misspelt field', 'POST', '{"fault":[]}', 400, /unknown field "fault"/],
    ['not JSON', 'POST', '{', 400, /not valid JSON/],
    ['a wrong method', 'PATCH', undefined, 405, /allowed: GET, POST, PUT, DELETE/],
  ])('refuse %s', async (_title, method, raw, status, message) => {
    const emulator = seededEmulator();
    const answer = await call(emulator, method, '/__emulator/faults', raw === undefined ? {} : { raw });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
    expect(emulator.faults.list()).toEqual([]);
  });

  it('answer an unknown admin path with 404 naming the admin routes', async () => {
    const answer = await call(seededEmulator(), 'GET', '/__emulator/nothing');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/\/__emulator\/faults and \/__emulator\/requests/);
  });

  it('are not themselves subject to faults', async () => {
    const emulator = withFaults([{ kind: 'status', status: 503 }]);
    expect((await call(emulator, 'DELETE', '/__emulator/faults')).status).toBe(200);
  });
});
