import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FaultSet } from '../../src/emulator/faults.js';
import { createEmulator, createEmulatorHandler, type RequestLogEntry } from '../../src/emulator/handler.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { createEmulatorState } from '../../src/emulator/state.js';
import { BASE, call, D, seededEmulator, SLUG } from './support.js';

describe('routing', () => {
  it.each([
    ['GET', '/api/v1/nothing'],
    ['GET', '/'],
    ['POST', '/api/v1/deployments/1234/dependencies/extra'],
    ['GET', '/api/v2/deployments'],
  ])('answers %s %s with 404 and the error body', async (method, path) => {
    const answer = await call(seededEmulator(), method, path);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: `no route for ${method} ${path}` });
    expect(answer.headers.get('content-type')).toBe('application/json');
  });

  it.each([
    ['GET', `/api/v1/deployments/${D}/dependencies`, 'POST'],
    ['POST', '/api/v1/deployments', 'GET'],
    ['PATCH', `/api/v1/deployments/${SLUG}/projects/acme/web/tags`, 'PUT, DELETE'],
    ['DELETE', `/api/v1/deployments/${D}/secrets`, 'GET'],
    ['POST', `/api/v1/deployments/${SLUG}/projects/acme/web`, 'GET, PATCH, DELETE'],
  ])('answers %s on %s with 405 and the allowed methods', async (method, path, allow) => {
    const answer = await call(seededEmulator(), method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.body.error).toBe(`method ${method} not allowed on ${path} (allowed: ${allow})`);
  });

  it('answers the deployments listing with or without a trailing slash', async () => {
    expect((await call(seededEmulator(), 'GET', '/api/v1/deployments/')).status).toBe(200);
  });
});

describe('the request log', () => {
  it('records method, path, query, status, body sizes, time and duration of every request', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const emulator = createEmulator({
      dataset: createSeedDataset(),
      now: () => new Date((clock += 5)),
      sleep: async () => {},
    });
    const answer = await call(emulator, 'POST', `/api/v1/deployments/${D}/dependencies?trace=1`, {
      body: { pageSize: 1 },
    });
    await call(emulator, 'GET', '/nowhere');
    const expected: unknown[] = [
      {
        method: 'POST',
        path: `/api/v1/deployments/${D}/dependencies`,
        query: '?trace=1',
        status: 200,
        requestBytes: '{"pageSize":1}'.length,
        bytes: Buffer.byteLength(answer.text),
        at: '2026-11-22T10:00:00.005Z',
        durationMs: 5,
      },
      expect.objectContaining({ method: 'GET', path: '/nowhere', query: '', status: 404 }),
    ];
    expect(emulator.log).toEqual(expected);
  });

  it('keeps the newest entries up to its limit', async () => {
    const emulator = seededEmulator({ logLimit: 2 });
    for (const path of ['/a', '/b', '/c']) await call(emulator, 'GET', path);
    expect(emulator.log.map((e) => e.path)).toEqual(['/b', '/c']);
  });
});

describe('createEmulatorHandler', () => {
  it('is a bare Request -> Response function, steered through the fault set and log it is given', async () => {
    const faults = new FaultSet();
    const log: RequestLogEntry[] = [];
    const handle = createEmulatorHandler({ dataset: createSeedDataset(), faults, log });
    const request = () =>
      handle(
        new Request(`${BASE}/api/v1/deployments`, {
          headers: { authorization: `Bearer ${SEED_TOKENS.api}` },
        }),
      );
    expect((await request()).status).toBe(200);
    faults.set([{ kind: 'status', status: 503, times: 1 }]);
    expect((await request()).status).toBe(503);
    expect((await request()).status).toBe(200);
    expect(log.map((e) => e.status)).toEqual([200, 503, 200]);
  });

  it('shares one prepared state between handlers, tags included', async () => {
    const state = createEmulatorState(createSeedDataset());
    const a = createEmulator({ dataset: state });
    const b = createEmulator({ dataset: state });
    await call(a, 'PUT', `/api/v1/deployments/${SLUG}/projects/acme/web/tags`, { body: ['shared'] });
    const seen = await call(b, 'GET', `/api/v1/deployments/${SLUG}/projects?page_size=1`);
    expect((seen.body.projects as { tags: string[] }[])[0]!.tags).toContain('shared');
  });
});

describe('bad input', () => {
  const PATHS = [
    '/api/v1/deployments',
    `/api/v1/deployments/${D}/dependencies`,
    `/api/v1/deployments/${D}/dependencies/repositories`,
    `/api/v1/deployments/${D}/dependencies/repositories/101/lockfiles`,
    `/api/v1/deployments/${SLUG}/projects/acme%2Fweb/tags`,
    `/api/v1/deployments/${SLUG}/projects/acme/web/tags`,
    `/api/notifications/in-app/deployments/${D}`,
    `/api/v1/deployments/${SLUG}/findings`,
    `/api/v1/deployments/${SLUG}/projects`,
    `/api/v1/deployments/${D}/secrets`,
    '/__emulator/faults',
    '/__emulator/requests',
  ];
  const jsonish = fc.oneof(
    fc.json(),
    fc.string(),
    fc
      .record(
        {
          pageSize: fc.oneof(fc.integer(), fc.string(), fc.double()),
          page_size: fc.oneof(fc.integer(), fc.string()),
          cursor: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          dependencyFilter: fc.oneof(
            fc.object(),
            fc.record({ packageFilters: fc.array(fc.object()), repositoryId: fc.array(fc.jsonValue()) }),
          ),
          tags: fc.oneof(fc.array(fc.string()), fc.string()),
          faults: fc.array(fc.object()),
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o)),
  );

  it('never gets a 500, whatever the path, method, body, query or token', async () => {
    const emulator = seededEmulator();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        jsonish,
        fc.string({ maxLength: 12 }),
        fc.constantFrom(SEED_TOKENS.api, SEED_TOKENS.jwt, SEED_TOKENS.noWebApi, 'nope'),
        async (path, method, body, q, token) => {
          const query = ['cursor', 'limit', 'page', 'page_size', 'tags']
            .map((k) => `${k}=${encodeURIComponent(q)}`)
            .join('&');
          const response = await emulator.handle(
            new Request(`${BASE}${path}?${query}`, {
              method,
              headers: { authorization: `Bearer ${token}` },
              ...(method === 'GET' ? {} : { body }),
            }),
          );
          expect(response.status).toBeLessThan(500);
          const parsed = JSON.parse(await response.text()) as unknown;
          expect(typeof parsed).toBe('object');
        },
      ),
      { numRuns: 400, seed: 11 },
    );
    // The fuzzing may have set faults through the admin route; they are not what is tested here.
    emulator.faults.set([]);
  });

  it('turns a bug into a 500 with the error body, never an exception', async () => {
    const dataset = createSeedDataset();
    Object.defineProperty(dataset, 'tokens', {
      get() {
        throw new Error('boom');
      },
    });
    const answer = await call(seededEmulator({ dataset }), 'GET', '/api/v1/deployments');
    expect([answer.status, answer.body]).toEqual([500, { error: 'internal emulator error: boom' }]);
  });
});
