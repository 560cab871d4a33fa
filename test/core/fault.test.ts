import { createServer } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/core/client.js';
import { isApiError, type ApiError } from '../../src/core/errors.js';
import { defaultTransport } from '../../src/core/transport.js';
import type { FaultRule } from '../../src/emulator/faults.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { collect, startTestEmulator } from '../helpers/emulator.js';

const D = SEED_DEPLOYMENT.id;
const env = await startTestEmulator();
const DEPS = `/api/v1/deployments/${D}/dependencies`;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected a typed error');
}

function attemptsOn(path: string): number {
  return env.emulator.log.filter((e) => e.path === path).length;
}

describe('the client under injected faults', () => {
  beforeEach(() => {
    env.emulator.faults.set([]);
    env.emulator.log.length = 0;
    env.sleeps.length = 0;
  });

  const recoverable: [string, FaultRule, number[]][] = [
    [
      '429 with Retry-After in seconds',
      { kind: 'status', status: 429, retryAfter: '7', route: DEPS, times: 2 },
      [7000, 7000],
    ],
    [
      '429 with Retry-After as an HTTP date',
      { kind: 'status', status: 429, retryAfter: new Date(12_000).toUTCString(), route: DEPS, times: 1 },
      [12_000],
    ],
    [
      'Retry-After beyond the cap is capped at 30 s',
      { kind: 'status', status: 429, retryAfter: '3600', route: DEPS, times: 1 },
      [30_000],
    ],
    ['a burst of three 503s', { kind: 'status', status: 503, route: DEPS, times: 3 }, [250, 500, 1000]],
    ['500, 502 and 504 alike', { kind: 'status', status: 502, route: DEPS, times: 1 }, [250]],
    ['a connection reset', { kind: 'reset', route: DEPS, times: 2 }, [250, 500]],
    ['a truncated body', { kind: 'truncate', route: DEPS, times: 1 }, [250]],
    ['malformed JSON', { kind: 'malformed', route: DEPS, times: 1 }, [250]],
  ];

  it.each(recoverable)('recovers from %s, waiting as told', async (_title, rule, delays) => {
    env.emulator.faults.set([rule]);
    const page = await env.client({ now: () => 0 }).listDependenciesPage(D, { name: 'react' });
    expect(page.items.map((d) => d.name).sort()).toEqual(['react', 'react', 'react-dom']);
    expect(env.sleeps).toEqual(delays);
    expect(attemptsOn(DEPS)).toBe(delays.length + 1);
  });

  it('gives up after 5 attempts of 503 with a server error that says so', async () => {
    env.emulator.faults.set([{ kind: 'status', status: 503, route: DEPS }]);
    const error = await failure(env.client().listDependenciesPage(D));
    expect([error.kind, error.status, error.attempts]).toEqual(['server', 503, 5]);
    expect(attemptsOn(DEPS)).toBe(5);
    expect(env.sleeps).toEqual([250, 500, 1000, 2000]);
  });

  it('stops retrying when the overall deadline would pass', async () => {
    env.emulator.faults.set([{ kind: 'status', status: 429, retryAfter: '20', route: DEPS }]);
    const error = await failure(env.client({ deadlineMs: 45_000 }).listDependenciesPage(D));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(20_000);
    expect(attemptsOn(DEPS)).toBe(3);
  });

  it.each([400, 401, 403, 404, 405, 409, 422])('never retries a %i', async (status) => {
    env.emulator.faults.set([{ kind: 'status', status, route: DEPS }]);
    await failure(env.client().listDependenciesPage(D));
    expect(attemptsOn(DEPS)).toBe(1);
  });

  it('reports a wrong-shaped body as bad-response naming the field', async () => {
    env.emulator.faults.set([{ kind: 'wrong-shape', route: DEPS }]);
    const error = await failure(env.client().listDependenciesPage(D));
    expect([error.kind, error.field]).toEqual(['bad-response', 'dependencies']);
    expect(error.message).toContain("field 'dependencies' should be an array");
  });

  it('stops a listing whose server repeats a cursor', async () => {
    env.emulator.faults.set([{ kind: 'repeat-cursor', route: DEPS }]);
    const error = await failure(collect(env.client().dependencies(D, {}, { pageSize: 3 }).items()));
    expect(error.kind).toBe('pagination');
    expect(error.message).toMatch(/repeated cursor/);
    expect(attemptsOn(DEPS)).toBe(2);
  });

  it('stops a listing that never ends at the page cap', async () => {
    env.emulator.faults.set([{ kind: 'endless', route: DEPS }]);
    const error = await failure(
      collect(env.client({ pageCap: 25 }).dependencies(D, {}, { pageSize: 3 }).items()),
    );
    expect(error.kind).toBe('pagination');
    expect(error.message).toMatch(/within 25 pages/);
    expect(attemptsOn(DEPS)).toBe(25);
  });

  it('stops an endless notifications listing too (cursor style)', async () => {
    const path = `/api/notifications/in-app/deployments/${D}`;
    env.emulator.faults.set([{ kind: 'endless', route: path }]);
    const error = await failure(collect(env.client({ pageCap: 10 }).notifications(D).items()));
    expect(error.kind).toBe('pagination');
  });

  it('times out a server that accepts but never answers, within the deadline', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const sleeps: number[] = [];
    const client = createPlatformClient({
      token: SEED_TOKENS.api,
      baseUrl: `http://127.0.0.1:${port}`,
      transport: defaultTransport,
      timeoutMs: 50,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
      retry: { maxAttempts: 3 },
    });
    const error = await failure(client.getDeployments());
    expect([error.kind, error.attempts]).toEqual(['timeout', 3]);
    expect(sleeps).toEqual([0, 0]);
    silent.close();
    (silent as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });

  it('reports a refused connection as a network error after its retries', async () => {
    const client = createPlatformClient({
      token: SEED_TOKENS.api,
      baseUrl: 'http://127.0.0.1:1',
      transport: defaultTransport,
      sleep: async () => {},
      random: () => 0,
    });
    const error = await failure(client.getDeployments());
    expect([error.kind, error.attempts]).toEqual(['network', 5]);
    expect(error.hint).toMatch(/DEPGATE_API_URL/);
  });

  it('leaves no unhandled rejection behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });
});
