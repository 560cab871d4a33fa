import { beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/core/errors.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import type { WireDependencyFilter } from '../../src/core/wire.js';
import { collect, startTestEmulator } from '../helpers/emulator.js';

const D = SEED_DEPLOYMENT.id;
const SLUG = SEED_DEPLOYMENT.slug;

/** A mid-sized generated dataset so that traversals span many pages of every listing. */
const dataset = generateDataset({
  repositories: 60,
  dependenciesPerRepository: 40,
  distinctPackages: 300,
  seed: 7,
});
const env = await startTestEmulator({ dataset });
const api = env.client();
/** The seeded dataset alone, where every filter's expected answer can be read off seed.ts. */
const seedEnv = await startTestEmulator();
const seedApi = seedEnv.client();

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the client against the emulator over loopback HTTP', () => {
  beforeEach(() => {
    env.emulator.faults.set([]);
  });

  it('finds the deployment id and slug from the token', async () => {
    expect(await api.getDeployments()).toEqual([{ id: D, name: 'Acme Corp', slug: SLUG }]);
  });

  describe('dependencies (mixed pagination)', () => {
    const nonArchived = dataset.dependencies.filter(
      (d) => !dataset.repositories.find((r) => r.id === d.repositoryId)!.archived,
    );

    it.each([1, 7, 1000, 10_000])(
      'yields every dependency exactly once at page size %i',
      async (pageSize) => {
        if (pageSize === 1) {
          // One item per page over 2,000+ items is slow over HTTP: traverse one repository instead.
          const repo = dataset.repositories.find((r) => r.name === 'gen/repo-3')!;
          const items = await collect(api.dependencies(D, { repositoryId: [repo.id] }, { pageSize }).items());
          expect(items.map((d) => d.id)).toEqual(
            dataset.dependencies.filter((d) => d.repositoryId === repo.id).map((d) => d.id),
          );
          return;
        }
        const items = await collect(api.dependencies(D, {}, { pageSize }).items());
        expect(items.length).toBe(nonArchived.length);
        expect(new Set(items.map((d) => d.id)).size).toBe(items.length);
      },
    );

    it('normalizes the superset shape into one type', async () => {
      const [first] = (
        await api.listDependenciesPage(D, { packageFilters: [{ name: 'lodash', exactNameMatch: true }] })
      ).items;
      expect(first).toEqual({
        id: '9003',
        name: 'lodash',
        version: '4.17.20',
        ecosystem: 'npm',
        repositoryId: '101',
        lockfilePath: 'package-lock.json',
        line: 34,
        column: 5,
        url: 'https://github.com/acme/web/blob/HEAD/package-lock.json#L34',
        transitivity: 'direct',
        licenses: ['MIT'],
        resolvedUrl: 'https://registry.npmjs.org/lodash/-/lodash-4.17.20.tgz',
      });
    });

    const byFilter = (filter: WireDependencyFilter) => collect(seedApi.dependencies(D, filter).items());
    const names = (deps: { name: string; version: string }[]) =>
      deps.map((d) => `${d.name}@${d.version}`).sort();

    it.each<[string, WireDependencyFilter, string[]]>([
      [
        'name is a case-insensitive substring',
        { name: 'REACT' },
        ['react-dom@18.2.0', 'react@18.2.0', 'react@18.3.1'],
      ],
      ['version is exact', { version: '18.2.0' }, ['react-dom@18.2.0', 'react@18.2.0']],
      [
        'license is any of, case-insensitive',
        { license: ['agpl-3.0-only', 'GPL-2.0-only'] },
        ['ghostscript4js@3.2.3', 'mysql:mysql-connector-java@8.0.33'],
      ],
      [
        'lockfilePath is exact',
        { lockfilePath: 'packages/ui/yarn.lock' },
        ['classnames@2.5.1', 'lodash@4.17.21', 'react@18.3.1'],
      ],
      [
        'repositoryId is any of',
        { repositoryId: [104, '103'] },
        ['jackson-databind', 'log4j-core', 'mysql-connector-java', 'openssl', 'serde', 'tokio'].map((n) => n),
      ],
      [
        'ecosystem is any of',
        { ecosystem: ['gomod'] },
        [
          'github.com/gin-gonic/gin@v1.9.1',
          'github.com/stretchr/testify@v1.8.4',
          'golang.org/x/crypto@v0.0.0-20220314234659-1baeb1ce4c0b',
        ],
      ],
      [
        'transitivity is any of, combined with AND',
        { transitivity: ['TRANSITIVE'], ecosystem: ['pypi'] },
        ['certifi@2024.2.2', 'urllib3@1.26.18'],
      ],
      [
        'an exact-name package filter',
        { packageFilters: [{ name: 'react', exactNameMatch: true }] },
        ['react@18.2.0', 'react@18.3.1'],
      ],
      [
        'package filters OR together',
        {
          packageFilters: [
            { name: 'chalk', exactNameMatch: true },
            { name: 'tokio', exactNameMatch: true },
          ],
        },
        ['chalk@5.3.0', 'tokio@1.36.0'],
      ],
      [
        'exact version wins over bounds',
        { packageFilters: [{ name: 'lodash', exactVersion: '4.17.21', versionLowerBound: '>=5.0.0' }] },
        ['lodash@4.17.21'],
      ],
      [
        'an exclusive lower bound',
        { packageFilters: [{ name: 'lodash', exactNameMatch: true, versionLowerBound: '>4.17.20' }] },
        ['lodash@4.17.21'],
      ],
      [
        'an inclusive upper bound',
        { packageFilters: [{ name: 'lodash', exactNameMatch: true, versionUpperBound: '<=4.17.20' }] },
        ['lodash@4.17.20'],
      ],
      [
        'a bare bound reads inclusive',
        { packageFilters: [{ name: 'react', exactNameMatch: true, versionLowerBound: '18.3.1' }] },
        ['react@18.3.1'],
      ],
      [
        'both bounds, exclusive upper',
        { packageFilters: [{ name: 'react', versionLowerBound: '>=18.0.0', versionUpperBound: '<18.3.0' }] },
        ['react-dom@18.2.0', 'react@18.2.0'],
      ],
      ['archived repositories are left out by default', { name: 'rails' }, []],
      ['includeArchived adds them', { name: 'rails', includeArchived: true }, ['rails@6.1.7']],
    ])('%s', async (_title, filter, expected) => {
      const found = await byFilter(filter);
      if (_title.startsWith('repositoryId')) {
        expect(found.map((d) => d.name.split(':').pop()).sort()).toEqual(expected);
      } else expect(names(found)).toEqual(expected);
    });
  });

  it('lists lockfiles of a repository with their dependency counts, all pages', async () => {
    const pages = await collect(api.lockfiles(D, '101', {}, { pageSize: 1 }).pages());
    expect(pages.map((p) => p.items)).toEqual([
      [{ lockfilePath: 'package-lock.json', numDependencies: 12 }],
      [{ lockfilePath: 'packages/ui/yarn.lock', numDependencies: 3 }],
    ]);
    expect(await collect(api.lockfiles(D, '101', { name: 'react' }).items())).toEqual([
      { lockfilePath: 'package-lock.json', numDependencies: 2 },
      { lockfilePath: 'packages/ui/yarn.lock', numDependencies: 1 },
    ]);
  });

  it('lists repositories with dependencies, sending the numeric cursor back as received', async () => {
    const repos = await collect(api.repositories(D, { pageSize: 7 }).items());
    expect(repos.length).toBe(dataset.repositories.length);
    expect(new Set(repos.map((r) => r.id)).size).toBe(repos.length);
    const bodies = env.emulator.log.filter((e) => e.path.endsWith('/repositories'));
    expect(bodies.length).toBe(Math.ceil(repos.length / 7));
  });

  it('lists unread notifications for the viewer: admin-only ones only for admins', async () => {
    const admin = await collect(api.notifications(D, { pageSize: 2 }).items());
    expect(admin.map((n) => n.id)).toEqual(['n-1', 'n-2', 'n-3', 'n-4', 'n-5', 'n-8']);
    const user = await collect(env.client({ token: SEED_TOKENS.jwt }).notifications(D).items());
    expect(user.map((n) => n.id)).toEqual(['n-1', 'n-2', 'n-3', 'n-5']);
  });

  it('lists findings (offset) and secrets (cursor) and projects (offset), every item once', async () => {
    // Code findings by default (issue_type sast); supply-chain ones are asked for apart.
    expect((await collect(api.findings(SLUG, { pageSize: 3 }).items())).map((f) => f.id)).toEqual([
      70001, 70002, 70003, 70004, 70005, 70006,
    ]);
    expect((await collect(api.secrets(D, { pageSize: 2 }).items())).map((s) => s.id)).toEqual([
      '80001',
      '80002',
      '80003',
      '80004',
      '80005',
    ]);
    const projects = await collect(api.projects(SLUG, { pageSize: 25 }).items());
    expect(projects.length).toBe(dataset.projects.filter((p) => p.deploymentId === D).length);
  });

  describe('project tags', () => {
    it('adds tags as a union, idempotently, for a name with a slash', async () => {
      const once = await api.addProjectTags(SLUG, 'acme/payments', ['deps:blocked', 'pci']);
      const twice = await api.addProjectTags(SLUG, 'acme/payments', ['deps:blocked']);
      expect(once.tags).toEqual(['team:payments', 'pci', 'deps:blocked']);
      expect(twice.tags).toEqual(once.tags);
      expect(env.emulator.log.at(-1)!.path).toBe('/api/v1/deployments/acme-corp/projects/acme/payments/tags');
    });

    it('removes only the listed tags, ignoring absent ones', async () => {
      const project = await api.removeProjectTags(SLUG, 'acme/payments', ['deps:blocked', 'never-there']);
      expect(project.tags).toEqual(['team:payments', 'pci']);
    });

    it('accepts %2F in the project name and refuses traversal', async () => {
      const raw = await fetch(`${env.url}/api/v1/deployments/${SLUG}/projects/acme%2Fweb/tags`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${SEED_TOKENS.api}` },
        body: JSON.stringify({ tags: ['x'] }),
      });
      expect(raw.status).toBe(200);
      for (const name of ['acme/../web', 'acme//web', '..']) {
        const error = await rejection(api.addProjectTags(SLUG, name, ['x']));
        expect(error.kind).toBe('bad-request');
      }
      const sneaky = await fetch(`${env.url}/api/v1/deployments/${SLUG}/projects/acme%2F..%2Fweb/tags`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${SEED_TOKENS.api}` },
        body: '["x"]',
      });
      expect(sneaky.status).toBe(400);
    });

    it('refuses bad tags with a 400', async () => {
      for (const tags of [[''], ['a'.repeat(129)], ['bad\u0007tag']]) {
        expect((await rejection(api.addProjectTags(SLUG, 'acme/web', tags))).status).toBe(400);
      }
    });
  });

  describe('auth', () => {
    it.each([
      ['an unknown token', 'nope', 401, 'auth'],
      ['a token without Web API access', SEED_TOKENS.noWebApi, 404, 'not-found'],
      ['a user JWT on a v1 call', SEED_TOKENS.jwt, 401, 'auth'],
    ])('%s on a v1 call is refused', async (_t, token, status, kind) => {
      const error = await rejection(env.client({ token }).getDeployments());
      expect([error.status, error.kind]).toEqual([status, kind]);
      expect(error.hint.length).toBeGreaterThan(10);
      expect(JSON.stringify(error)).not.toContain(token);
      expect(error.message).not.toContain(token);
    });

    it('another deployment is not found', async () => {
      expect((await rejection(api.listDependenciesPage(5678))).status).toBe(404);
    });
  });

  describe('page sizes', () => {
    const post = (body: unknown) =>
      fetch(`${env.url}/api/v1/deployments/${D}/dependencies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SEED_TOKENS.api}` },
        body: JSON.stringify(body),
      });
    it.each([
      [0, 200, 1000],
      [1, 200, 1],
      [10_000, 200, 10_000],
      [10_001, 400, 0],
      [-1, 400, 0],
    ])('the emulator answers pageSize %i with %i', async (pageSize, status, count) => {
      const res = await post({ pageSize });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { dependencies?: unknown[]; error?: string };
      const visible = dataset.dependencies.filter(
        (d) => !dataset.repositories.find((r) => r.id === d.repositoryId)!.archived,
      ).length;
      if (status === 200) expect(body.dependencies!.length).toBe(Math.min(count, visible));
      else expect(body.error).toMatch(/pageSize/);
    });

    it('the client clamps out-of-range sizes instead of sending them', async () => {
      const page = await api.listDependenciesPage(D, {}, undefined, { pageSize: 50_000 });
      expect(page.items.length).toBeGreaterThan(1000);
      const tiny = await api.listDependenciesPage(D, {}, undefined, { pageSize: 0 });
      expect(tiny.items.length).toBe(1);
    });

    it('refuses a cursor reused with another filter', async () => {
      const first = (await (await post({ pageSize: 5 })).json()) as { cursor: string };
      const res = await post({ pageSize: 5, cursor: first.cursor, dependencyFilter: { name: 'pkg' } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/different filter/);
      expect((await post({ cursor: 'garbage!' })).status).toBe(400);
    });
  });
});
