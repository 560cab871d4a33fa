import { describe, expect, it } from 'vitest';
import type { WireDependency, WireDependencyFilter } from '../../src/core/wire.js';
import { encodeCursor } from '../../src/emulator/cursor.js';
import { createSeedDataset, SEED_EXAMPLES } from '../../src/emulator/seed.js';
import { call, D, pages, seededEmulator } from './support.js';

const DEPS = `/api/v1/deployments/${D}/dependencies`;
const REPOS = `/api/v1/deployments/${D}/dependencies/repositories`;
const lockfilesOf = (repositoryId: string | number) => `${REPOS}/${repositoryId}/lockfiles`;

const seed = createSeedDataset();
const archived = new Set(seed.repositories.filter((r) => r.archived).map((r) => r.id));
const visible = seed.dependencies.filter((d) => !archived.has(d.repositoryId));

async function list(filter: WireDependencyFilter, pageSize = 1000) {
  const all = await pages(seededEmulator(), DEPS, { dependencyFilter: filter, pageSize });
  return all.flatMap((p) => p.dependencies as WireDependency[]);
}
const names = (deps: WireDependency[]) => deps.map((d) => `${d.name}@${d.version}`).sort();

describe('listing dependencies (op 2)', () => {
  it('answers the superset shape: the spec fields and the real service fields', async () => {
    const answer = await call(seededEmulator(), 'POST', DEPS, {
      body: { dependencyFilter: { packageFilters: [{ name: 'lodash', exactNameMatch: true }] } },
    });
    expect(answer.body).toEqual({
      dependencies: [
        {
          id: '9003',
          name: 'lodash',
          version: '4.17.20',
          repositoryId: '101',
          definedAt: {
            path: 'package-lock.json',
            startLine: '34',
            startCol: '5',
            endLine: '34',
            endCol: '11',
            url: 'https://github.com/acme/web/blob/HEAD/package-lock.json#L34',
          },
          transitivity: 'DIRECT',
          package: { name: 'lodash', versionSpecifier: '4.17.20' },
          ecosystem: 'npm',
          licenses: ['MIT'],
          resolvedUrl: 'https://registry.npmjs.org/lodash/-/lodash-4.17.20.tgz',
        },
        expect.objectContaining({
          id: '9014',
          version: '4.17.21',
          definedAt: expect.objectContaining({ path: 'packages/ui/yarn.lock' }) as unknown,
        }),
      ],
      cursor: '',
      hasMore: false,
    });
  });

  it('names scoped npm tarballs by their bare name', async () => {
    const [gpl] = await list({
      packageFilters: [{ name: SEED_EXAMPLES.gplPackage.name, exactNameMatch: true }],
    });
    expect(gpl?.resolvedUrl).toBe(
      'https://registry.npmjs.org/@ffmpeg-installer/linux-x64/-/linux-x64-4.1.0.tgz',
    );
  });

  it('lists every dependency of non-archived repositories once, in dataset order, the last page saying hasMore false', async () => {
    const answer = await call(seededEmulator(), 'POST', DEPS, { body: {} });
    expect((answer.body.dependencies as WireDependency[]).map((d) => d.id)).toEqual(visible.map((d) => d.id));
    // Public callers read both fields on every page (decisions.md): they are always there.
    expect(answer.body).toMatchObject({ cursor: '', hasMore: false });
  });

  it.each([1, 4, 7, visible.length - 1, visible.length])(
    'pages through them all at page size %i',
    async (pageSize) => {
      const all = await pages(seededEmulator(), DEPS, { pageSize });
      expect(all.flatMap((p) => (p.dependencies as WireDependency[]).map((d) => d.id))).toEqual(
        visible.map((d) => d.id),
      );
      expect(all.length).toBe(Math.ceil(visible.length / pageSize));
      for (const page of all.slice(0, -1)) expect(page.hasMore).toBe(true);
    },
  );

  it('never promises more when the rest of the candidates do not match', async () => {
    // Two lodash dependencies are visible; a page of two must be the last.
    const all = await pages(seededEmulator(), DEPS, { pageSize: 2, dependencyFilter: { name: 'lodash' } });
    expect(all).toHaveLength(1);
  });

  it.each<[string, WireDependencyFilter, string[]]>([
    [
      'a GPL-3.0-only license',
      { license: ['gpl-3.0-only'] },
      ['@ffmpeg-installer/linux-x64@4.1.0', 'pyqt5@5.15.10'],
    ],
    ['an AGPL license', { license: ['AGPL-3.0-only'] }, ['ghostscript4js@3.2.3']],
    [
      'the denied package',
      { packageFilters: [{ name: 'event-stream', exactNameMatch: true, exactVersion: '3.3.6' }] },
      ['event-stream@3.3.6'],
    ],
    ['unknown transitivity', { transitivity: ['UNKNOWN_TRANSITIVITY'] }, ['form-data@4.0.0']],
    ['an ecosystem', { ecosystem: ['nuget'] }, ['Newtonsoft.Json@13.0.1', 'Serilog@3.1.1']],
    [
      'an exact name, whatever its case',
      { packageFilters: [{ name: 'NEWTONSOFT.JSON', exactNameMatch: true }] },
      ['Newtonsoft.Json@13.0.1'],
    ],
    [
      'a repository, as a number',
      { repositoryId: [103] },
      [
        'com.fasterxml.jackson.core:jackson-databind@2.16.1',
        'mysql:mysql-connector-java@8.0.33',
        'openssl@0.10.64',
        'org.apache.logging.log4j:log4j-core@2.14.1',
        'serde@1.0.197',
        'tokio@1.36.0',
      ],
    ],
    ['an archived repository, left out', { repositoryId: ['104'] }, []],
    [
      'an archived repository, included',
      { repositoryId: ['104'], includeArchived: true },
      ['nokogiri@1.13.10', 'rails@6.1.7'],
    ],
    [
      'a PyPI range, by PEP 440',
      { ecosystem: ['pypi'], packageFilters: [{ name: 'u', versionUpperBound: '<2' }] },
      ['urllib3@1.26.18'],
    ],
    ['a Maven floor', { packageFilters: [{ name: 'log4j', versionLowerBound: '2.15.0' }] }, []],
    [
      'a Go pseudo-version below a release',
      { packageFilters: [{ name: 'golang.org/x/crypto', versionUpperBound: '<v0.1.0' }] },
      ['golang.org/x/crypto@v0.0.0-20220314234659-1baeb1ce4c0b'],
    ],
    ['nothing at all', { name: 'no-such-package' }, []],
  ])('filters by %s', async (_title, filter, expected) => {
    expect(names(await list(filter))).toEqual(expected);
  });

  it('takes snake_case body and filter keys', async () => {
    const answer = await call(seededEmulator(), 'POST', DEPS, {
      body: {
        page_size: 1,
        dependency_filter: { package_filters: [{ name: 'react', exact_name_match: true }] },
      },
    });
    expect(answer.status).toBe(200);
    expect((answer.body.dependencies as WireDependency[]).map((d) => d.id)).toEqual(['9001']);
    expect(answer.body.hasMore).toBe(true);
  });

  it('takes null for unset fields, as protobuf JSON does', async () => {
    const answer = await call(seededEmulator(), 'POST', DEPS, {
      body: { cursor: null, pageSize: null, dependencyFilter: null },
    });
    expect(answer.status).toBe(200);
  });

  it.each<[unknown, number, number]>([
    // Protobuf JSON: 0 is the field's default, the same as leaving it out.
    [0, 200, Math.min(1000, visible.length)],
    [-1, 400, 0],
    [1, 200, 1],
    ['3', 200, 3],
    [10_000, 200, visible.length],
    [10_001, 400, 0],
    [1.5, 400, 0],
    ['many', 400, 0],
    [true, 400, 0],
  ])('answers pageSize %j with %i', async (pageSize, status, count) => {
    const answer = await call(seededEmulator(), 'POST', DEPS, { body: { pageSize } });
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.dependencies).toHaveLength(count);
    else expect(answer.body.error).toMatch(/^pageSize must be/);
  });

  it('says what the bounds are', async () => {
    const answer = await call(seededEmulator(), 'POST', DEPS, { body: { pageSize: 10_001 } });
    expect(answer.body.error).toBe('pageSize must be from 1 to 10000, got 10001');
  });

  describe('cursors', () => {
    async function firstCursor(filter: WireDependencyFilter = {}) {
      const emulator = seededEmulator();
      const answer = await call(emulator, 'POST', DEPS, { body: { pageSize: 2, dependencyFilter: filter } });
      return { emulator, cursor: answer.body.cursor as string };
    }

    it('are opaque strings', async () => {
      const { cursor } = await firstCursor();
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    });

    it('may change page size between pages', async () => {
      const { emulator, cursor } = await firstCursor();
      const answer = await call(emulator, 'POST', DEPS, { body: { pageSize: 5, cursor } });
      expect((answer.body.dependencies as WireDependency[]).map((d) => d.id)).toEqual(
        visible.slice(2, 7).map((d) => d.id),
      );
    });

    it.each<[string, WireDependencyFilter]>([
      ['another name', { name: 'react' }],
      ['archived ones included', { includeArchived: true }],
      ['a package filter', { packageFilters: [{ name: 'a' }] }],
    ])('are refused with a filter that differs: %s', async (_title, filter) => {
      const { emulator, cursor } = await firstCursor();
      const answer = await call(emulator, 'POST', DEPS, { body: { cursor, dependencyFilter: filter } });
      expect([answer.status, answer.body.error]).toEqual([400, 'cursor was issued for a different filter']);
    });

    it('are accepted with the same filter spelt in snake_case', async () => {
      const { emulator, cursor } = await firstCursor({ lockfilePath: 'package-lock.json' });
      const answer = await call(emulator, 'POST', DEPS, {
        body: { cursor, dependency_filter: { lockfile_path: 'package-lock.json' } },
      });
      expect(answer.status).toBe(200);
    });

    it.each<[string, unknown, RegExp]>([
      ['garbage', 'not a cursor', /malformed cursor/],
      ['base64 of garbage', Buffer.from('12').toString('base64url'), /malformed cursor/],
      ['a number', 12, /cursor must be the string a previous page returned/],
      ['an object', { offset: 2 }, /cursor must be the string/],
      ['a very long string', 'A'.repeat(10_000), /malformed cursor/],
      ['one past the end', encodeCursor(10_000, 'dependencies:1234:{}'), /past the end/],
    ])('are refused when malformed: %s', async (_title, cursor, message) => {
      const answer = await call(seededEmulator(), 'POST', DEPS, { body: { cursor } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['not JSON', '{pageSize: 1', /request body is not valid JSON/],
    ['a JSON array', '[1,2]', /request body must be a JSON object, got an array/],
    ['a JSON string', '"x"', /must be a JSON object, got a string/],
    ['a filter that is not an object', '{"dependencyFilter":"lodash"}', /dependencyFilter must be an object/],
    [
      'a bound with the wrong operator',
      '{"dependencyFilter":{"packageFilters":[{"versionUpperBound":">=1"}]}}',
      /dependencyFilter\.packageFilters\[0\]\.versionUpperBound takes <= or <, not >=/,
    ],
    [
      'a repository name for an id',
      '{"dependencyFilter":{"repositoryId":["acme/web"]}}',
      /dependencyFilter\.repositoryId\[0\] must be a repository id/,
    ],
    [
      'an unknown ecosystem',
      '{"dependencyFilter":{"ecosystem":["npmjs"]}}',
      /dependencyFilter\.ecosystem\[0\] is not an ecosystem/,
    ],
    [
      'a body deployment that is not the path one',
      '{"deploymentId": 5678}',
      /deploymentId 5678 in the body does not match 1234 in the path/,
    ],
    ['a body deployment that is not an id', '{"deploymentId": "acme"}', /deploymentId must be a numeric id/],
  ])('answers %s with a 400 that says what and where', async (_title, raw, message) => {
    const answer = await call(seededEmulator(), 'POST', DEPS, { raw: raw as string });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('takes a body deployment id that agrees with the path, as a number or a string', async () => {
    for (const deploymentId of [D, String(D)])
      expect((await call(seededEmulator(), 'POST', DEPS, { body: { deploymentId } })).status).toBe(200);
  });

  it('takes an empty body as an empty request', async () => {
    expect((await call(seededEmulator(), 'POST', DEPS, { raw: '' })).status).toBe(200);
  });
});

describe('what real callers send', () => {
  it('ignores unknown body fields, as the service does, and notes them in the request log', async () => {
    const emulator = seededEmulator();
    const answer = await call(emulator, 'POST', DEPS, { raw: '{"pagesize": 5, "includeVulns": true}' });
    expect(answer.status).toBe(200);
    expect(emulator.log.at(-1)!.notes).toEqual([
      'ignored unknown fields "pagesize", "includeVulns" in the request body (known: cursor, dependencyFilter, deploymentId, pageSize)',
    ]);
    // A known field of the wrong type is still a 400.
    expect((await call(emulator, 'POST', DEPS, { raw: '{"pageSize": "lots"}' })).status).toBe(400);
  });

  it('joins repositories and projects on one id: a JSON number in the repositories listing, the project id', async () => {
    const emulator = seededEmulator();
    const repos = await call(emulator, 'POST', REPOS, { body: { page_size: 100 } });
    const projects = await call(emulator, 'GET', `/api/v1/deployments/acme-corp/projects`);
    const projectIds = new Map(
      (projects.body.projects as { id: number; name: string }[]).map((p) => [p.id, p.name]),
    );
    for (const r of repos.body.repositorySummaries as { id: number; name: string }[]) {
      expect(typeof r.id).toBe('number');
      expect(projectIds.get(r.id)).toBe(r.name);
    }
    const deps = await call(emulator, 'POST', DEPS, { body: { pageSize: 100 } });
    for (const d of deps.body.dependencies as { repositoryId: string }[])
      expect(projectIds.has(Number(d.repositoryId))).toBe(true);
  });
});

describe('listing repositories with dependencies', () => {
  it('lists only repositories holding a dependency the dependencyFilter matches', async () => {
    const answer = await call(seededEmulator(), 'POST', REPOS, {
      body: { dependencyFilter: { license: ['GPL-3.0-only'] } },
    });
    expect((answer.body.repositorySummaries as { name: string }[]).map((r) => r.name)).toEqual(['acme/api']);
    const lodash = await call(seededEmulator(), 'POST', REPOS, {
      body: { dependencyFilter: { packageFilters: [{ name: 'lodash', exactNameMatch: true }] } },
    });
    expect((lodash.body.repositorySummaries as { name: string }[]).map((r) => r.name)).toEqual(['acme/web']);
    const bad = await call(seededEmulator(), 'POST', REPOS, { body: { dependencyFilter: 'lodash' } });
    expect(bad.status).toBe(400);
  });

  it('answers a summary of each repository with dependencies, archived ones too, five to a page by default', async () => {
    const answer = await call(seededEmulator(), 'POST', REPOS, { body: {} });
    expect(answer.body).toEqual({
      // Ids are JSON numbers, like Project.id: one id space.
      repositorySummaries: [
        { id: 101, name: 'acme/web', numDependencies: 15, hasDependencyPathScan: true },
        { id: 102, name: 'acme/api', numDependencies: 18, hasDependencyPathScan: false },
        { id: 103, name: 'acme/payments', numDependencies: 6, hasDependencyPathScan: true },
        { id: 104, name: 'acme/legacy-billing', numDependencies: 2, hasDependencyPathScan: false },
      ],
      cursor: 0,
      hasMore: false,
    });
  });

  it('takes the cursor back as a number or as the string of one', async () => {
    const emulator = seededEmulator();
    const first = await call(emulator, 'POST', REPOS, { body: { page_size: 3 } });
    expect([first.body.cursor, first.body.hasMore]).toEqual([3, true]);
    for (const cursor of [3, '3']) {
      const next = await call(emulator, 'POST', REPOS, { body: { page_size: 3, cursor } });
      expect((next.body.repositorySummaries as { id: number }[]).map((r) => r.id)).toEqual([104]);
      expect(next.body).toMatchObject({ cursor: 0, hasMore: false });
    }
  });

  it.each<[unknown, number]>([
    [0, 200],
    [-1, 400],
    [1, 200],
    [100, 200],
    [101, 400],
  ])('answers page_size %j with %i', async (pageSize, status) => {
    const answer = await call(seededEmulator(), 'POST', REPOS, { body: { page_size: pageSize } });
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.error).toMatch(/^page_size must be from 1 to 100/);
  });

  it.each([[-1], [99], ['x'], [1.5], [{}]])('refuses cursor %j', async (cursor) => {
    const answer = await call(seededEmulator(), 'POST', REPOS, { body: { cursor } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/cursor must be a position this listing returned/);
  });
});

describe('listing lockfiles of a repository (op 3)', () => {
  it('lists each lockfile with its number of dependencies', async () => {
    const answer = await call(seededEmulator(), 'POST', lockfilesOf(101), { body: {} });
    expect(answer.body).toEqual({
      lockfileSummaries: [
        { lockfilePath: 'package-lock.json', numDependencies: 12 },
        { lockfilePath: 'packages/ui/yarn.lock', numDependencies: 3 },
      ],
      cursor: '',
      hasMore: false,
    });
  });

  it('lists an empty lockfile without a filter, and only lockfiles with matches with one', async () => {
    const all = await call(seededEmulator(), 'POST', lockfilesOf(103), { body: {} });
    expect(all.body.lockfileSummaries).toContainEqual({
      lockfilePath: 'tools/Cargo.lock',
      numDependencies: 0,
    });
    const serde = await call(seededEmulator(), 'POST', lockfilesOf(103), {
      body: { dependencyFilter: { name: 'serde' } },
    });
    expect(serde.body.lockfileSummaries).toEqual([{ lockfilePath: 'Cargo.lock', numDependencies: 1 }]);
  });

  it('lists the lockfiles of an archived repository, which the path names explicitly', async () => {
    const answer = await call(seededEmulator(), 'POST', lockfilesOf(104), { body: {} });
    expect(answer.body.lockfileSummaries).toEqual([{ lockfilePath: 'Gemfile.lock', numDependencies: 2 }]);
  });

  it('pages five at a time by default, with cursors bound to the filter', async () => {
    const emulator = seededEmulator();
    const first = await call(emulator, 'POST', lockfilesOf(102), { body: {} });
    expect(first.body.lockfileSummaries).toHaveLength(5);
    expect(first.body).toMatchObject({ cursor: '', hasMore: false });
    const small = await pages(emulator, lockfilesOf(102), { pageSize: 2 });
    expect(small.map((p) => (p.lockfileSummaries as unknown[]).length)).toEqual([2, 2, 1]);
    const cursor = (await call(emulator, 'POST', lockfilesOf(102), { body: { pageSize: 2 } })).body.cursor;
    const other = await call(emulator, 'POST', lockfilesOf(102), {
      body: { cursor, dependencyFilter: { name: 'a' } },
    });
    expect(other.status).toBe(400);
    const otherRepository = await call(emulator, 'POST', lockfilesOf(101), { body: { cursor } });
    expect(otherRepository.status).toBe(400);
  });

  it.each<[string, string, unknown, number, RegExp]>([
    ['an unknown repository', lockfilesOf(999), {}, 404, /repository 999 not found/],
    ['a repository name for an id', lockfilesOf('acme-web'), {}, 400, /repository id must be a number/],
    [
      'includeArchived, which this filter does not have',
      lockfilesOf(101),
      { dependencyFilter: { includeArchived: true } },
      400,
      /includeArchived is not a field/,
    ],
    [
      'a body repository that is not the path one',
      lockfilesOf(101),
      { repositoryId: '102' },
      400,
      /repositoryId 102 in the body does not match 101/,
    ],
    ['pageSize -1', lockfilesOf(101), { pageSize: -1 }, 400, /pageSize must be from 1 to 100/],
    ['pageSize 101', lockfilesOf(101), { pageSize: 101 }, 400, /pageSize must be from 1 to 100/],
  ])('answers %s with an error', async (_title, path, body, status, message) => {
    const answer = await call(seededEmulator(), 'POST', path, { body });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
  });

  it('takes a body repository id that agrees with the path, and pageSize 0 (protobuf: unset), 1 and 100', async () => {
    for (const body of [
      { repositoryId: '101', deploymentId: '1234' },
      { pageSize: 0 },
      { pageSize: 1 },
      { pageSize: 100 },
    ])
      expect((await call(seededEmulator(), 'POST', lockfilesOf(101), { body })).status).toBe(200);
  });
});
