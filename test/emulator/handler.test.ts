import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { DatasetError, parseDataset } from '../../src/emulator/load-dataset.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { candidatePositions } from '../../src/emulator/state.js';

const BASE = 'http://emulator.test';
const auth = { authorization: `Bearer ${SEED_TOKENS.api}` };

function emulator() {
  return createEmulator({ dataset: createSeedDataset(), now: () => new Date(0), sleep: async () => {} });
}

async function call(
  e: ReturnType<typeof emulator>,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = auth,
) {
  const res = await e.handle(
    new Request(`${BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the emulator handler', () => {
  it('answers unknown routes 404 and wrong methods 405, with the error body', async () => {
    const e = emulator();
    expect(await call(e, 'GET', '/api/v1/nothing')).toEqual({
      status: 404,
      body: { error: 'no route for GET /api/v1/nothing' },
    });
    expect((await call(e, 'GET', '/api/v1/deployments/1234/dependencies')).status).toBe(405);
    expect((await call(e, 'POST', '/api/v1/deployments')).status).toBe(405);
  });

  it('refuses requests without a token, or with a malformed header, with 401', async () => {
    const e = emulator();
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }] as Record<
      string,
      string
    >[]) {
      expect((await call(e, 'GET', '/api/v1/deployments', undefined, headers)).status).toBe(401);
    }
  });

  it('takes a user JWT on notifications only', async () => {
    const e = emulator();
    const jwt = { authorization: `Bearer ${SEED_TOKENS.jwt}` };
    expect((await call(e, 'GET', '/api/notifications/in-app/deployments/1234', undefined, jwt)).status).toBe(
      200,
    );
    expect((await call(e, 'POST', '/api/v1/deployments/1234/dependencies', '{}', jwt)).status).toBe(401);
  });

  it.each([
    ['not JSON', '{pageSize: 1'],
    ['a JSON array', '[1,2]'],
    ['a string page size', '{"pageSize":"many"}'],
    ['a fractional page size', '{"pageSize":1.5}'],
    ['a numeric cursor', '{"cursor":12}'],
    ['a filter of the wrong type', '{"dependencyFilter":"lodash"}'],
    [
      'a package filter with a wrong bound',
      '{"dependencyFilter":{"packageFilters":[{"versionUpperBound":">=1"}]}}',
    ],
    ['a repository id that is not a number', '{"dependencyFilter":{"repositoryId":["x"]}}'],
  ])('answers %s with a 400 that says why', async (_t, body) => {
    const res = await call(emulator(), 'POST', '/api/v1/deployments/1234/dependencies', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  it('never answers 500 to arbitrary bodies, paths and queries', async () => {
    const e = emulator();
    const paths = [
      '/api/v1/deployments/1234/dependencies',
      '/api/v1/deployments/1234/dependencies/repositories',
      '/api/v1/deployments/1234/dependencies/repositories/101/lockfiles',
      '/api/v1/deployments/acme-corp/projects/acme%2Fweb/tags',
      '/api/notifications/in-app/deployments/1234',
      '/api/v1/deployments/acme-corp/findings',
      '/api/v1/deployments/1234/secrets',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.oneof(fc.json(), fc.string()),
        fc.string({ maxLength: 12 }),
        async (path, method, body, q) => {
          const withBody = method !== 'GET';
          const res = await e.handle(
            new Request(
              `${BASE}${path}?cursor=${encodeURIComponent(q)}&limit=${encodeURIComponent(q)}&page=${encodeURIComponent(q)}&page_size=${encodeURIComponent(q)}`,
              { method, headers: auth, ...(withBody ? { body } : {}) },
            ),
          );
          expect(res.status).toBeLessThan(500);
          expect(typeof ((await res.json()) as { error?: unknown; [k: string]: unknown })).toBe('object');
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });

  it('accepts tags as a bare array, as {tags} and as the full object; removes by query or body', async () => {
    const e = emulator();
    const path = '/api/v1/deployments/acme-corp/projects/acme/api/tags';
    await call(e, 'PUT', path, '["a"]');
    await call(e, 'PUT', path, '{"tags":["b"," a "]}');
    const full = await call(
      e,
      'PUT',
      path,
      '{"deploymentSlug":"acme-corp","projectName":"acme/api","tags":["c"]}',
    );
    expect((full.body.project as { tags: string[] }).tags).toEqual(['team:backend', 'a', 'b', 'c']);
    await call(e, 'DELETE', `${path}?tags=a,b`);
    const after = await call(e, 'DELETE', path, '{"tags":["c","zzz"]}');
    expect((after.body.project as { tags: string[] }).tags).toEqual(['team:backend']);
    expect(
      (await call(e, 'PUT', '/api/v1/deployments/acme-corp/projects/acme/nope/tags', '["a"]')).status,
    ).toBe(404);
  });

  it('is steered at runtime through the admin routes and logs every request', async () => {
    const e = emulator();
    const set = await call(
      e,
      'POST',
      '/__emulator/faults',
      JSON.stringify({ faults: [{ kind: 'status', status: 503, times: 1, route: '/api/v1/deployments' }] }),
    );
    expect(set.status).toBe(200);
    expect((await call(e, 'GET', '/api/v1/deployments')).status).toBe(503);
    expect((await call(e, 'GET', '/api/v1/deployments')).status).toBe(200);
    expect((await call(e, 'POST', '/__emulator/faults', '{"faults":[{"kind":"explode"}]}')).status).toBe(400);
    const log = await call(e, 'GET', '/__emulator/requests');
    expect(
      (log.body.requests as { path: string; status: number }[])
        .filter((r) => r.path === '/api/v1/deployments')
        .map((r) => r.status),
    ).toEqual([503, 200]);
  });
});

describe('datasets', () => {
  it('generates the same data from the same seed', () => {
    const a = generateDataset({ repositories: 20, dependenciesPerRepository: 10, seed: 3 });
    const b = generateDataset({ repositories: 20, dependenciesPerRepository: 10, seed: 3 });
    const c = generateDataset({ repositories: 20, dependenciesPerRepository: 10, seed: 4 });
    expect(a).toEqual(b);
    expect(a.dependencies).not.toEqual(c.dependencies);
    expect(a.dependencies.length).toBe(createSeedDataset().dependencies.length + 200);
  });

  it('answers exact-name package filters from the index, touching only that name', () => {
    const e = createEmulator({
      dataset: generateDataset({ repositories: 50, dependenciesPerRepository: 20, seed: 1 }),
    });
    const positions = candidatePositions(e.state, 1234, {
      packageFilters: [
        { name: 'PKG-1', exactNameMatch: true },
        { name: 'react', exactNameMatch: true },
      ],
    });
    const names = new Set(positions.map((p) => e.state.dataset.dependencies[p]!.name));
    expect(names).toEqual(new Set(['pkg-1', 'react']));
    expect([...positions]).toEqual([...positions].sort((a, b) => a - b));
  });

  it('loads a user dataset, filling defaults', () => {
    const data = parseDataset(
      JSON.stringify({
        deployments: [{ id: 1, name: 'Mine', slug: 'mine' }],
        tokens: [{ token: 't', kind: 'api', webApi: true, deploymentId: 1, viewer: 'me', admin: true }],
        repositories: [{ id: 5, deploymentId: 1, name: 'me/app', archived: false }],
        dependencies: [
          {
            repositoryId: '5',
            lockfilePath: 'go.mod',
            name: 'x',
            version: 'v1.0.0',
            ecosystem: 'gomod',
            licenses: [],
            transitivity: 'DIRECT',
          },
        ],
      }),
      'mine.json',
    );
    expect(data.dependencies[0]).toMatchObject({ id: '1', repositoryId: '5', line: 1 });
    expect(data.projects).toEqual([]);
  });

  it('lists every problem of a bad dataset with its field path', () => {
    const bad = JSON.stringify({
      deployments: [{ id: 'one', name: 'x', slug: 'x' }],
      tokens: [{ token: 't', kind: 'robot', webApi: 1, deploymentId: 1, viewer: 'v', admin: false }],
      extra: [],
    });
    expect(() => parseDataset(bad, 'bad.json')).toThrow(DatasetError);
    try {
      parseDataset(bad, 'bad.json');
    } catch (error) {
      const message = (error as Error).message;
      for (const part of [
        'bad.json',
        'extra: unknown section',
        'deployments[0].id must be number',
        'tokens[0].webApi must be boolean',
        'tokens[0].kind must be one of api, jwt',
      ])
        expect(message).toContain(part);
    }
    expect(() => parseDataset('{nope', 'x.json')).toThrow(/x.json: not valid JSON/);
  });
});

describe('depgate emulator', () => {
  function io(stop: Promise<void>) {
    const out: string[] = [];
    const err: string[] = [];
    return {
      io: {
        stdout: (t: string) => void out.push(t),
        stderr: (t: string) => void err.push(t),
        env: {},
        cwd: process.cwd(),
        stopSignal: stop,
      },
      out,
      err,
    };
  }

  it('listens on loopback, prints the tokens it accepts, answers with --token, and stops when asked', async () => {
    let stop!: () => void;
    const { io: cliIo, out } = io(new Promise<void>((resolve) => (stop = resolve)));
    const running = runCli(['emulator', '--port', '0', '--token', 'my-token'], cliIo);
    while (!out.join('').includes('listening on')) await new Promise((r) => setTimeout(r, 10));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.join(''))![1]!;
    expect(out.join('')).toContain('my-token');
    const res = await fetch(`${url}/api/v1/deployments`, { headers: { authorization: 'Bearer my-token' } });
    expect(await res.json()).toEqual({ deployments: [{ id: 1234, name: 'Acme Corp', slug: 'acme-corp' }] });
    stop();
    expect(await running).toBe(0);
  });

  it('fails with exit 2 and the file named for a bad --data file or option', async () => {
    const missing = io(Promise.resolve());
    expect(await runCli(['emulator', '--data', 'no-such.json'], missing.io)).toBe(2);
    expect(missing.err.join('')).toMatch(/cannot read --data no-such.json: ENOENT/);
    const badPort = io(Promise.resolve());
    expect(await runCli(['emulator', '--port', 'eighty'], badPort.io)).toBe(2);
    expect(badPort.err.join('')).toMatch(/--port must be a port number/);
  });
});
