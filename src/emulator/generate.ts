import type { DependencyRecord, EmulatorDataset } from './dataset.js';
import { createSeedDataset, SEED_DEPLOYMENT } from './seed.js';

/** mulberry32: a tiny seeded PRNG, so that a seed gives the same dataset on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  repositories: number;
  dependenciesPerRepository: number;
  /** How many distinct package names to draw from (a long-tailed popularity, as in real organizations). */
  distinctPackages?: number;
  seed?: number;
}

const ECOSYSTEMS = [
  { ecosystem: 'npm', lockfile: 'package-lock.json' },
  { ecosystem: 'pypi', lockfile: 'poetry.lock' },
  { ecosystem: 'gomod', lockfile: 'go.mod' },
  { ecosystem: 'cargo', lockfile: 'Cargo.lock' },
  { ecosystem: 'maven', lockfile: 'pom.xml' },
];
const LICENSES: readonly (readonly string[])[] = [
  ['MIT'],
  ['MIT'],
  ['MIT'],
  ['Apache-2.0'],
  ['BSD-3-Clause'],
  ['ISC'],
  ['GPL-3.0-only'],
  ['MIT', 'Apache-2.0'],
  [],
];

/**
 * A large deterministic dataset on top of the seeded one: `repositories` x `dependenciesPerRepository`
 * dependencies (10,000 x 100 gives 1,000,000). Strings and license arrays are shared between records
 * to keep memory lean.
 */
export function generateDataset(options: GenerateOptions): EmulatorDataset {
  const random = createRandom(options.seed ?? 42);
  const base = createSeedDataset();
  const distinct = options.distinctPackages ?? 20_000;
  const names = Array.from({ length: distinct }, (_, i) => `pkg-${i.toString(36)}`);
  const versions = Array.from({ length: 64 }, (_, i) => `${i % 8}.${Math.floor(i / 8)}.${(i * 7) % 10}`);
  const dependencies: DependencyRecord[] = base.dependencies;
  let nextId = 1_000_000;
  for (let r = 0; r < options.repositories; r++) {
    const repositoryId = String(100_000 + r);
    const name = `gen/repo-${r}`;
    base.repositories.push({
      id: repositoryId,
      deploymentId: SEED_DEPLOYMENT.id,
      name,
      archived: r % 50 === 49,
      hasDependencyPathScan: r % 3 === 0,
    });
    base.projects.push({
      id: 500_000 + r,
      deploymentId: SEED_DEPLOYMENT.id,
      name,
      tags: [],
      createdAt: '2025-01-01T00:00:00Z',
      defaultBranch: 'refs/heads/main',
      latestScanAt: '2026-11-01T00:00:00Z',
      url: `https://github.com/${name}`,
    });
    const eco = ECOSYSTEMS[r % ECOSYSTEMS.length]!;
    for (let i = 0; i < options.dependenciesPerRepository; i++) {
      // Squaring the draw skews towards low indices: a few packages are everywhere, most are rare.
      const pick = Math.floor(random() * random() * distinct);
      dependencies.push({
        id: String(nextId++),
        repositoryId,
        lockfilePath: eco.lockfile,
        name: names[pick]!,
        version: versions[Math.floor(random() * versions.length)]!,
        ecosystem: eco.ecosystem,
        licenses: LICENSES[pick % LICENSES.length]!,
        transitivity: i < 10 ? 'DIRECT' : 'TRANSITIVE',
        line: 3 + i * 9,
        column: 5,
      });
    }
  }
  return base;
}
