import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../../src/core/index.js';
import { startServer } from '../../src/emulator/index.js';
import { OSV_SEED_RECORDS } from '../../src/emulator/osv-seed.js';
import { osvSource, queryKey, type PackageQuery } from '../../src/vulns/index.js';
import { ROOT } from '../helpers/paths.js';
import { SEEDED, startOsvEmulator } from './support.js';

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('osvSource against the emulator over HTTP', async () => {
  const osv = await startOsvEmulator();

  it.each([
    ['npm', SEEDED.lodash, ['GHSA-29mw-wpgm-hmr9', 'GHSA-35jh-r3h4-6jhm'], '4.17.21'],
    ['npm', SEEDED.minimist, ['GHSA-xvch-5gv4-984h'], '1.2.6'],
    ['npm (a versions list)', SEEDED.eventStream, ['GHSA-mh6f-8j2x-4483'], '4.0.0'],
    ['PyPI', SEEDED.pyyaml, ['GHSA-8q59-q68h-6hv4'], '5.4'],
    ['Go', SEEDED.crypto, ['GHSA-45x7-px36-x8w8'], 'v0.17.0'],
    ['Maven', SEEDED.log4j, ['GHSA-7rjr-3q55-vv33', 'GHSA-jfh8-c2jp-5v3q', 'GHSA-p6xc-xr62-6r2g'], '2.17.0'],
    ['crates.io', SEEDED.openssl, ['GHSA-rpmj-rpgj-qmpm', 'RUSTSEC-2025-0022'], '0.10.72'],
  ] as const)(
    'finds the %s advisories of %j and the version that fixes them all',
    async (_, query, ids, fix) => {
      const { found } = await osv.source().lookup([query]);
      const answer = found.get(queryKey(query));
      expect(answer?.advisories.map((a) => a.id)).toEqual(ids);
      expect(answer?.fix).toBe(fix);
    },
  );

  it('gives each advisory its own fix: the smallest version that advisory no longer affects', async () => {
    const { found } = await osv.source().lookup([SEEDED.log4j]);
    const fixes = found.get(queryKey(SEEDED.log4j))?.advisories.map((a) => [a.id, a.fixed]);
    expect(fixes).toEqual([
      ['GHSA-7rjr-3q55-vv33', '2.16.0'],
      ['GHSA-jfh8-c2jp-5v3q', '2.15.0'],
      ['GHSA-p6xc-xr62-6r2g', '2.17.0'],
    ]);
  });

  it('reports nothing for fixed and unknown versions, and no entry at all for them', async () => {
    const clean: PackageQuery[] = [
      { ecosystem: 'npm', name: 'lodash', version: '4.17.21' },
      { ecosystem: 'npm', name: 'minimist', version: '1.2.6' },
      { ecosystem: 'npm', name: 'event-stream', version: '3.3.5' },
      { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.17.0' },
      { ecosystem: 'npm', name: 'left-pad', version: '1.3.0' },
    ];
    const result = await osv.source().lookup(clean);
    expect(result.found.size).toBe(0);
    expect(result.unsupported).toEqual([]);
  });

  it('merges records that alias each other into one advisory named by its GHSA id', async () => {
    const { found } = await osv.source().lookup([SEEDED.pyyaml, SEEDED.crypto]);
    expect(found.get(queryKey(SEEDED.pyyaml))?.advisories).toEqual([
      {
        id: 'GHSA-8q59-q68h-6hv4',
        aliases: ['CVE-2020-14343', 'PYSEC-2021-142'],
        summary: 'Improper Input Validation in PyYAML',
        severity: 'critical',
        score: 9.8,
        url: 'https://osv.dev/vulnerability/GHSA-8q59-q68h-6hv4',
        fixed: '5.4',
      },
    ]);
    const go = found.get(queryKey(SEEDED.crypto))?.advisories;
    expect(go?.map((a) => [a.id, a.aliases, a.severity, a.score])).toEqual([
      ['GHSA-45x7-px36-x8w8', ['CVE-2023-48795', 'GO-2023-2402'], 'moderate', 5.9],
    ]);
  });

  it('names an advisory by the GHSA id its aliases give when only the RUSTSEC record is published', async () => {
    const { found } = await osv.source().lookup([SEEDED.openssl]);
    const first = found.get(queryKey(SEEDED.openssl))?.advisories[0];
    expect(first).toMatchObject({
      id: 'GHSA-rpmj-rpgj-qmpm',
      aliases: ['RUSTSEC-2025-0004'],
      severity: 'unknown',
    });
    expect(first?.score).toBeUndefined();
  });

  it.each([
    [SEEDED.lodash, { 'GHSA-29mw-wpgm-hmr9': 'moderate', 'GHSA-35jh-r3h4-6jhm': 'high' }],
    [SEEDED.minimist, { 'GHSA-xvch-5gv4-984h': 'critical' }],
  ])('bands %j by GHSA severity first', async (query, bands) => {
    const { found } = await osv.source().lookup([query]);
    const got = Object.fromEntries(found.get(queryKey(query))!.advisories.map((a) => [a.id, a.severity]));
    expect(got).toEqual(bands);
  });

  it('sends every spelling of a package once, and answers each spelling under its own key', async () => {
    osv.reset();
    const spellings: PackageQuery[] = [
      { ecosystem: 'pypi', name: 'PyYAML', version: '5.3.1' },
      { ecosystem: 'pypi', name: 'pyyaml', version: '5.3.1' },
      { ecosystem: 'pypi', name: 'py_yaml'.replace('_', ''), version: '5.3.1' },
    ];
    const { found } = await osv.source().lookup(spellings);
    for (const q of spellings) expect(found.get(queryKey(q))?.advisories[0]?.id).toBe('GHSA-8q59-q68h-6hv4');
    const batch = osv.sent.find((s) => s.url.endsWith('/v1/querybatch'))!.body as { queries: unknown[] };
    expect(batch.queries).toEqual([{ package: { name: 'pyyaml', ecosystem: 'PyPI' }, version: '5.3.1' }]);
  });

  it('says which queries OSV cannot answer (CocoaPods) instead of reporting them clean', async () => {
    const pod = { ecosystem: 'cocoapods', name: 'AFNetworking', version: '2.5.0' } as const;
    const result = await osv.source().lookup([pod, SEEDED.minimist]);
    expect(result.unsupported).toEqual([pod]);
    expect(result.found.has(queryKey(SEEDED.minimist))).toBe(true);
  });

  it('sends no credential, as OSV needs none', async () => {
    osv.reset();
    await osv.source().lookup([SEEDED.minimist]);
    expect(osv.sent.length).toBeGreaterThan(0);
    for (const s of osv.sent)
      expect(Object.keys(s.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('batches 2,500 queries in requests of at most 1,000, then fetches each distinct advisory once', async () => {
    osv.reset();
    const many: PackageQuery[] = Array.from({ length: 2_500 }, (_, i) => ({
      ecosystem: 'npm',
      name: `pkg-${i}`,
      version: '1.0.0',
    }));
    many[10] = SEEDED.lodash;
    many[1_500] = { ecosystem: 'npm', name: 'lodash', version: '4.17.19' };
    many[2_400] = SEEDED.minimist;
    const result = await osv.source().lookup(many);
    const batches = osv.sent.filter((s) => s.url.endsWith('/v1/querybatch'));
    // Then one batch asks about the fixes it suggests (lodash 4.17.21, minimist 1.2.6): an advisory
    // that affects a fix but no version asked is only known that way.
    expect(batches.map((b) => (b.body as { queries: unknown[] }).queries.length)).toEqual([
      1000, 1000, 500, 2,
    ]);
    expect((batches[3]!.body as { queries: unknown[] }).queries).toEqual([
      { package: { name: 'lodash', ecosystem: 'npm' }, version: '4.17.21' },
      { package: { name: 'minimist', ecosystem: 'npm' }, version: '1.2.6' },
    ]);
    const gets = osv.sent.filter((s) => s.method === 'GET').map((s) => s.url.replace(osv.url, ''));
    expect(gets.sort()).toEqual([
      '/v1/vulns/GHSA-29mw-wpgm-hmr9',
      '/v1/vulns/GHSA-35jh-r3h4-6jhm',
      '/v1/vulns/GHSA-xvch-5gv4-984h',
    ]);
    expect(result.requests).toBe(7);
    expect(result.minimumRequests).toBe(7);
    expect([...result.found.keys()].length).toBe(3);
  });

  it('follows next_page_token for the queries that have one, and re-sends only those', async () => {
    const paged = await startOsvEmulator({ osv: { pageSize: 1 } });
    const result = await paged.source().lookup([SEEDED.minimist, SEEDED.log4j, SEEDED.eventStream]);
    const batches = paged.sent
      .filter((s) => s.url.endsWith('/v1/querybatch'))
      .map((s) => (s.body as { queries: { package: { name: string }; page_token?: string }[] }).queries);
    expect(batches.map((b) => b.map((q) => [q.package.name, q.page_token !== undefined]))).toEqual([
      [
        ['minimist', false],
        ['org.apache.logging.log4j:log4j-core', false],
        ['event-stream', false],
      ],
      [['org.apache.logging.log4j:log4j-core', true]],
      [['org.apache.logging.log4j:log4j-core', true]],
      // The fixes it suggests, asked about in turn.
      [
        ['minimist', false],
        ['org.apache.logging.log4j:log4j-core', false],
        ['event-stream', false],
      ],
    ]);
    expect(result.found.get(queryKey(SEEDED.log4j))?.advisories).toHaveLength(3);
  });
});

describe('osvSource checking the fixes it suggests', () => {
  it('asks OSV about a suggested fix, and moves past it when an advisory affects it (lodash 3.6.0)', async () => {
    // Real records (test/fixtures/advisories): GHSA-jf85-cpcp-j695 is fixed in 4.17.12, which
    // GHSA-p6mc-m468-83gw (from 3.7.0, so not affecting 3.6.0) affects until 4.17.19.
    const fixture = (id: string) =>
      JSON.parse(readFileSync(join(ROOT, 'test/fixtures/advisories', `${id}.json`), 'utf8')) as unknown;
    const osv = await startOsvEmulator({
      osv: { records: [fixture('GHSA-jf85-cpcp-j695'), fixture('GHSA-p6mc-m468-83gw')] },
    });
    const lodash = { ecosystem: 'npm', name: 'lodash', version: '3.6.0' } as const;
    const result = await osv.source().lookup([lodash]);
    expect(result.found.get(queryKey(lodash))?.fix).toBe('4.17.19');
    const asked = osv.sent
      .filter((s) => s.url.endsWith('/v1/querybatch'))
      .map((s) => (s.body as { queries: { version: string }[] }).queries.map((q) => q.version));
    expect(asked).toEqual([['3.6.0'], ['4.17.12'], ['4.17.19']]);
    expect(result.minimumRequests).toBe(result.requests);
  });
});

describe('osvSource when OSV cannot answer', async () => {
  it('retries a 503 as told by Retry-After, then answers', async () => {
    const osv = await startOsvEmulator({
      faults: [{ kind: 'status', status: 503, retryAfter: '2', route: '/v1/querybatch', times: 2 }],
    });
    const result = await osv.source().lookup([SEEDED.minimist]);
    expect(osv.sleeps).toEqual([2000, 2000]);
    expect(result.found.get(queryKey(SEEDED.minimist))?.fix).toBe('1.2.6');
    // Three tries of the batch, the record, and the batch that asks about the fix 1.2.6.
    expect(result.requests).toBe(5);
  });

  it('throws an error naming the URL when OSV keeps failing, never an empty answer', async () => {
    const osv = await startOsvEmulator({
      faults: [{ kind: 'status', status: 503, route: '/v1/querybatch' }],
    });
    const error = await thrown(osv.source({ retry: { maxAttempts: 3 } }).lookup([SEEDED.minimist]));
    expect(error.kind).toBe('server');
    expect(error.message).toBe(`POST ${osv.url}/v1/querybatch: 503 injected fault: 503`);
    expect(error.attempts).toBe(3);
    expect(error.hint).toMatch(/OSV/);
  });

  it('throws when a record cannot be fetched', async () => {
    const osv = await startOsvEmulator({ faults: [{ kind: 'status', status: 500, route: '/v1/vulns' }] });
    const error = await thrown(osv.source({ retry: { maxAttempts: 2 } }).lookup([SEEDED.minimist]));
    expect(error.message).toBe(`GET ${osv.url}/v1/vulns/GHSA-xvch-5gv4-984h: 500 injected fault: 500`);
  });

  it.each(['malformed', 'truncate', 'wrong-shape'] as const)(
    'throws on a %s answer to the batch query',
    async (kind) => {
      const osv = await startOsvEmulator({ faults: [{ kind, route: '/v1/querybatch' }] });
      const error = await thrown(osv.source({ retry: { maxAttempts: 2 } }).lookup([SEEDED.minimist]));
      expect(error.kind).toBe('bad-response');
      expect(error.message).toContain(`POST ${osv.url}/v1/querybatch`);
    },
  );

  it.each(['malformed', 'wrong-shape'] as const)('throws on a %s record', async (kind) => {
    const osv = await startOsvEmulator({ faults: [{ kind, route: '/v1/vulns' }] });
    const error = await thrown(osv.source({ retry: { maxAttempts: 1 } }).lookup([SEEDED.minimist]));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain(`GET ${osv.url}/v1/vulns/GHSA-xvch-5gv4-984h`);
  });

  it('throws when the connection is refused, naming the URL', async () => {
    const server = await startServer(async () => new Response('{}'));
    const url = server.url;
    await server.close();
    const error = await thrown(
      osvSource({ url, sleep: async () => {}, retry: { maxAttempts: 2 } }).lookup([SEEDED.minimist]),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`POST ${url}/v1/querybatch`);
  });

  it.each([
    ['fewer results than queries', { results: [] }, /1 queries were sent but 0 results came back/],
    ['no results at all', { vulns: [] }, /no results array/],
    ['an id that is not a string', { results: [{ vulns: [{ id: 7 }] }] }, /results\[0\]\.vulns\[0\]\.id/],
    ['a web page', '<html>proxy login</html>', /web page/],
  ])('throws when a server answers %s', async (_, body, message) => {
    const server = await startServer(
      async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 }),
    );
    try {
      const error = await thrown(
        osvSource({ url: server.url, sleep: async () => {}, retry: { maxAttempts: 1 } }).lookup([
          SEEDED.minimist,
        ]),
      );
      expect(error.kind).toBe('bad-response');
      expect(error.message).toMatch(message);
    } finally {
      await server.close();
    }
  });

  it('throws when the record served is not the one asked for', async () => {
    const record = OSV_SEED_RECORDS.find((r) => r.id === 'GHSA-35jh-r3h4-6jhm');
    const server = await startServer(async (request) =>
      new URL(request.url).pathname === '/v1/querybatch'
        ? new Response(JSON.stringify({ results: [{ vulns: [{ id: 'GHSA-xvch-5gv4-984h' }] }] }))
        : new Response(JSON.stringify(record)),
    );
    try {
      const error = await thrown(osvSource({ url: server.url }).lookup([SEEDED.minimist]));
      expect(error.message).toMatch(/asked for GHSA-xvch-5gv4-984h but the record is GHSA-35jh-r3h4-6jhm/);
    } finally {
      await server.close();
    }
  });

  it('stops a query whose page token comes back again', async () => {
    const server = await startServer(
      async () =>
        new Response(JSON.stringify({ results: [{ vulns: [{ id: 'A-1' }], next_page_token: 'same' }] })),
    );
    try {
      const error = await thrown(osvSource({ url: server.url }).lookup([SEEDED.minimist]));
      expect(error.kind).toBe('pagination');
      expect(error.message).toMatch(/page token of npm minimist@1\.2\.5 came back twice/);
    } finally {
      await server.close();
    }
  });
});

describe('osvSource and secrets', async () => {
  it('never shows the credentials of a mirror URL, in its label or its errors', async () => {
    const osv = await startOsvEmulator();
    const secretUrl = osv.url.replace('http://', 'http://mirror-user:s3cret-pass@');
    const source = osvSource({ url: secretUrl, sleep: async () => {}, retry: { maxAttempts: 1 } });
    expect(source.label).toBe(`osv (${osv.url.replace('http://', 'http://***@')})`);
    const error = await thrown(source.lookup([SEEDED.minimist]));
    const shown = JSON.stringify({
      message: error.message,
      json: error.toJSON(),
      cause: String(error.cause),
    });
    expect(shown).not.toContain('s3cret-pass');
    expect(shown).not.toContain('mirror-user');
  });

  it('stops when the caller aborts, without answering', async () => {
    const osv = await startOsvEmulator();
    const controller = new AbortController();
    controller.abort(new Error('run deadline'));
    const error = await thrown(osv.source().lookup([SEEDED.minimist], controller.signal));
    expect(error.kind).toBe('aborted');
  });
});
