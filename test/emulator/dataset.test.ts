import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireDependencyFilter, WirePackageFilter } from '../../src/core/wire.js';
import { compileFilter } from '../../src/emulator/compile-filter.js';
import type { EmulatorDataset } from '../../src/emulator/dataset.js';
import { createDependencyIndex } from '../../src/emulator/dependency-index.js';
import { createRandom, generateDataset } from '../../src/emulator/generate.js';
import { createSeedDataset, SEED_EXAMPLES } from '../../src/emulator/seed.js';
import { candidatePositions, createEmulatorState, queryDependencies } from '../../src/emulator/state.js';
import { TRANSITIVITY } from '../../src/core/index.js';
import { isValidVersion } from '../../src/domain/versions/index.js';
import { matchesDependencyFilter } from '../../src/policy/match-dependency.js';
import { D } from './support.js';

const small = { repositories: 40, dependenciesPerRepository: 30, distinctPackages: 200 };

describe('the seeded dataset', () => {
  const seed = createSeedDataset();

  it('holds the projects and repositories the demos name, one of them archived', () => {
    expect(seed.repositories.map((r) => [r.name, r.archived])).toEqual([
      ['acme/web', false],
      ['acme/api', false],
      ['acme/payments', false],
      ['acme/legacy-billing', true],
    ]);
    expect(
      seed.repositories.map((r) => r.name).every((name) => seed.projects.some((p) => p.name === name)),
    ).toBe(true);
  });

  it('spans the ecosystems and licenses policies care about', () => {
    expect(new Set(seed.dependencies.map((d) => d.ecosystem))).toEqual(
      new Set(['npm', 'pypi', 'gomod', 'cargo', 'maven', 'gem', 'nuget']),
    );
    const licenses = new Set(seed.dependencies.flatMap((d) => d.licenses));
    for (const id of ['MIT', 'Apache-2.0', 'GPL-3.0-only', 'AGPL-3.0-only', 'BSD-3-Clause'])
      expect(licenses).toContain(id);
    expect(seed.dependencies.some((d) => d.licenses.length === 0)).toBe(true);
    expect(new Set(seed.dependencies.map((d) => d.transitivity))).toEqual(
      new Set(['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY']),
    );
  });

  it('holds the examples it promises', () => {
    for (const example of [
      SEED_EXAMPLES.deniedPackage,
      SEED_EXAMPLES.gplPackage,
      SEED_EXAMPLES.unknownLicensePackage,
    ]) {
      const repository = seed.repositories.find((r) => r.name === example.repository)!;
      expect(seed.dependencies).toContainEqual(
        expect.objectContaining({
          name: example.name,
          version: example.version,
          ecosystem: example.ecosystem,
          repositoryId: repository.id,
        }),
      );
    }
    expect(seed.repositories.find((r) => r.id === SEED_EXAMPLES.archivedRepository.id)).toMatchObject({
      archived: true,
    });
  });

  it('has versions every ecosystem can order, so bounds work on all of it', () => {
    const unordered = seed.dependencies.filter((d) => !isValidVersion(d.ecosystem, d.version));
    expect(unordered.map((d) => `${d.ecosystem}:${d.name}@${d.version}`)).toEqual([]);
  });

  it('is a fresh copy each time, so tag changes never leak between emulators', () => {
    createSeedDataset().projects[0]!.tags.push('changed');
    expect(createSeedDataset().projects[0]!.tags).toEqual(['team:frontend']);
  });
});

describe('generated datasets', () => {
  it('are the same for the same seed and differ for another', () => {
    const a = generateDataset({ ...small, seed: 3 });
    expect(generateDataset({ ...small, seed: 3 })).toEqual(a);
    expect(generateDataset({ ...small, seed: 4 }).dependencies).not.toEqual(a.dependencies);
  });

  it('draw from a seeded PRNG, not Math.random', () => {
    const draws = (seed: number) => Array.from({ length: 5 }, createRandom(seed));
    expect(draws(1)).toEqual(draws(1));
    expect(draws(1)).not.toEqual(draws(2));
    for (const x of draws(9)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('add repositories x dependencies to the seed, each with a project, lockfiles and orderable versions', () => {
    const seed = createSeedDataset();
    const data = generateDataset({ ...small, seed: 1 });
    expect(data.dependencies.length - seed.dependencies.length).toBe(40 * 30);
    expect(data.repositories.length - seed.repositories.length).toBe(40);
    expect(data.projects.length - seed.projects.length).toBe(40);
    const lockfiles = new Set(data.lockfiles.map((l) => `${l.repositoryId} ${l.path}`));
    const generated = data.dependencies.slice(seed.dependencies.length);
    expect(generated.every((d) => lockfiles.has(`${d.repositoryId} ${d.lockfilePath}`))).toBe(true);
    expect(generated.filter((d) => !isValidVersion(d.ecosystem, d.version))).toEqual([]);
    expect(new Set(generated.map((d) => d.id)).size).toBe(generated.length);
    expect(data.repositories.some((r) => r.archived)).toBe(true);
  });

  it('share strings and license arrays between records, to stay lean', () => {
    const data = generateDataset({ ...small, seed: 1 });
    const generated = data.dependencies.slice(createSeedDataset().dependencies.length);
    expect(new Set(generated.map((d) => d.licenses)).size).toBeLessThanOrEqual(9);
    expect(new Set(generated.map((d) => d.lockfilePath)).size).toBeLessThanOrEqual(10);
  });
});

describe('the exact-name index', () => {
  const dataset = generateDataset({
    repositories: 50,
    dependenciesPerRepository: 20,
    distinctPackages: 100,
    seed: 1,
  });
  const state = createEmulatorState(dataset);
  const positionsOf = (name: string) =>
    dataset.dependencies.flatMap((d, i) => (d.name.toLowerCase() === name.toLowerCase() ? [i] : []));

  it('answers exact-name package filters with the positions of those names only, ascending', () => {
    const filter: WireDependencyFilter = {
      packageFilters: [
        { name: 'PKG-1', exactNameMatch: true },
        { name: 'react', exactNameMatch: true },
        { name: 'pkg-1', exactNameMatch: true },
      ],
    };
    const candidates = [...candidatePositions(state, D, filter)];
    expect(candidates).toEqual([...positionsOf('pkg-1'), ...positionsOf('react')].sort((a, b) => a - b));
    expect(candidates.length).toBeLessThan(dataset.dependencies.length / 10);
  });

  it('gives the same answer as a scan of every dependency', () => {
    const filter: WireDependencyFilter = {
      packageFilters: [{ name: 'pkg-2', exactNameMatch: true, versionLowerBound: '>=2.0.0' }],
    };
    const indexed = queryDependencies(state, candidatePositions(state, D, filter), filter, 0, 10_000).items;
    const scanned = queryDependencies(state, state.byDeployment.get(D)!, filter, 0, 10_000).items;
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed).toEqual(scanned);
  });

  it('scans when one package filter is a substring, and uses named repositories when they are fewer', () => {
    const all = state.byDeployment.get(D)!;
    expect(
      candidatePositions(state, D, {
        packageFilters: [{ name: 'pkg-1', exactNameMatch: true }, { name: 'pkg' }],
      }),
    ).toBe(all);
    expect([...candidatePositions(state, D, { repositoryId: ['100003'] })]).toEqual(
      dataset.dependencies.flatMap((d, i) => (d.repositoryId === '100003' ? [i] : [])),
    );
  });

  it('knows no dependencies of another deployment', () => {
    expect(candidatePositions(state, 5678, {})).toHaveLength(0);
    expect(candidatePositions(state, D, { repositoryId: ['999999'] })).toHaveLength(0);
  });
});

describe('the dependency index', () => {
  it('interns each distinct value once', () => {
    const dataset = createSeedDataset();
    const index = createDependencyIndex(dataset.dependencies, dataset.repositories);
    expect(index.count).toBe(dataset.dependencies.length);
    expect(index.names).toEqual([...new Set(dataset.dependencies.map((d) => d.name))]);
    expect(index.lockfilePaths).toEqual([...new Set(dataset.dependencies.map((d) => d.lockfilePath))]);
    dataset.dependencies.forEach((d, i) => {
      expect(index.names[index.name[i]!]).toBe(d.name);
      expect(index.versions[index.version[i]!]).toEqual({ ecosystem: d.ecosystem, version: d.version });
      expect(index.licenseSets[index.licenses[i]!]).toEqual(d.licenses);
    });
  });

  it('leaves a dependency of an unknown repository out of every listing', () => {
    const dataset = createSeedDataset();
    dataset.dependencies.push({ ...dataset.dependencies[0]!, id: 'stray', repositoryId: '424242' });
    const state = createEmulatorState(dataset);
    const all = queryDependencies(
      state,
      Array.from({ length: dataset.dependencies.length }, (_, i) => i),
      { includeArchived: true },
      0,
      10_000,
    );
    expect(all.items.map((d) => d.id)).not.toContain('stray');
  });
});

/** Filters made of the dataset's own values, so that they match something often enough. */
function filterArbitrary(dataset: EmulatorDataset): fc.Arbitrary<WireDependencyFilter> {
  const deps = dataset.dependencies;
  const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
  const names = [...new Set(deps.map((d) => d.name))];
  const versions = [...new Set(deps.map((d) => d.version))];
  const nameText = fc.oneof(
    pick(names),
    pick(names).map((n) => n.slice(1, 4).toUpperCase()),
    fc.string({ maxLength: 3 }),
  );
  const bound = (ops: string[]) =>
    fc
      .tuple(
        fc.constantFrom(...ops, ''),
        fc.oneof(pick(versions), fc.constantFrom('1.0.0', '2', 'v1.2.3', 'x')),
      )
      .map(([op, v]) => `${op}${v}`);
  const packageFilter: fc.Arbitrary<WirePackageFilter> = fc.record(
    {
      name: nameText,
      exactNameMatch: fc.boolean(),
      exactVersion: pick(versions),
      versionLowerBound: bound(['>=', '>']),
      versionUpperBound: bound(['<=', '<']),
    },
    { requiredKeys: [] },
  );
  return fc.record(
    {
      includeArchived: fc.boolean(),
      name: nameText,
      version: pick(versions),
      lockfilePath: pick([...new Set(deps.map((d) => d.lockfilePath))]),
      license: fc.array(fc.oneof(pick([...new Set(deps.flatMap((d) => d.licenses))]), fc.constant('mit')), {
        maxLength: 3,
      }),
      repositoryId: fc.array(pick(dataset.repositories.map((r) => r.id)), { maxLength: 3 }),
      ecosystem: fc.array(pick([...new Set(deps.map((d) => d.ecosystem))]), { maxLength: 2 }),
      transitivity: fc.array(
        fc.constantFrom('DIRECT' as const, 'TRANSITIVE' as const, 'UNKNOWN_TRANSITIVITY' as const),
        { maxLength: 2 },
      ),
      packageFilters: fc.array(packageFilter, { maxLength: 40 }),
    },
    { requiredKeys: [] },
  );
}

describe('compiled filters', () => {
  it('keep many package filters apart: a name of one and a version of another never make a match', () => {
    const dataset = createSeedDataset();
    const state = createEmulatorState(dataset);
    const packageFilters: WirePackageFilter[] = Array.from({ length: 40 }, () => ({
      name: 'no-such-package',
    }));
    packageFilters[0] = { name: 'react', exactNameMatch: true, exactVersion: '0.0.1' };
    packageFilters[16] = { name: 'nothing-by-this-name', exactVersion: '18.2.0' };
    packageFilters[32] = { name: 'nothing-either', exactVersion: '18.3.1' };
    packageFilters[33] = { name: 'tokio', exactNameMatch: true };
    const matches = compileFilter(state.index, { packageFilters });
    const found = dataset.dependencies.filter((_, i) => matches(i)).map((d) => `${d.name}@${d.version}`);
    expect(found).toEqual(['tokio@1.36.0']);
  });

  it.each<[string, EmulatorDataset]>([
    ['the seeded dataset', createSeedDataset()],
    [
      'a generated one',
      generateDataset({ repositories: 30, dependenciesPerRepository: 15, distinctPackages: 60, seed: 5 }),
    ],
  ])('agree with matchesDependencyFilter on every dependency of %s', (_title, dataset) => {
    const state = createEmulatorState(dataset);
    const archived = new Map(dataset.repositories.map((r) => [r.id, r.archived]));
    fc.assert(
      fc.property(filterArbitrary(dataset), (filter) => {
        const matches = compileFilter(state.index, filter);
        dataset.dependencies.forEach((dep, i) => {
          const expected = matchesDependencyFilter(
            {
              ...dep,
              transitivity: TRANSITIVITY[dep.transitivity],
              archived: archived.get(dep.repositoryId) ?? false,
            },
            filter,
          );
          if (matches(i) !== expected)
            throw new Error(`${dep.name}@${dep.version}: compiled ${matches(i)}, policy ${expected}`);
        });
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
