import type { Ecosystem } from '../domain/index.js';
import type { DependencyRecord, EmulatorDataset, LockfileRecord } from './dataset.js';
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
  /** The PRNG seed: the same options give the same dataset, record for record. Default 42. */
  seed?: number;
}

interface EcosystemShape {
  ecosystem: Ecosystem;
  lockfile: string;
  /** How a version of this ecosystem is spelt, from three numbers. */
  version: (major: number, minor: number, patch: number) => string;
}

const SHAPES: readonly EcosystemShape[] = [
  { ecosystem: 'npm', lockfile: 'package-lock.json', version: (a, b, c) => `${a}.${b}.${c}` },
  { ecosystem: 'pypi', lockfile: 'poetry.lock', version: (a, b, c) => `${a}.${b}.${c}` },
  { ecosystem: 'gomod', lockfile: 'go.mod', version: (a, b, c) => `v${a}.${b}.${c}` },
  { ecosystem: 'cargo', lockfile: 'Cargo.lock', version: (a, b, c) => `${a}.${b}.${c}` },
  { ecosystem: 'maven', lockfile: 'pom.xml', version: (a, b, c) => `${a}.${b}.${c}` },
];
const VERSIONS_PER_ECOSYSTEM = 64;

/** Licenses in rough real-world proportions; each array is shared by every record that has it. */
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
 * more dependencies (10,000 x 100 gives 1,000,000), each repository with a project of its own name,
 * one ecosystem, and one lockfile (every fourth, a monorepo, two). Every 50th repository is archived.
 *
 * Memory: the records share their name, version, path and license strings and arrays, so a record
 * costs its own object and id string (about 140 bytes); the emulator's indexes are typed arrays
 * (see dependency-index.ts). 1,000,000 dependencies take about 150 MB and well under a second to make.
 */
export function generateDataset(options: GenerateOptions): EmulatorDataset {
  const random = createRandom(options.seed ?? 42);
  const dataset = createSeedDataset();
  const distinct = Math.max(1, options.distinctPackages ?? 20_000);
  const names = Array.from({ length: distinct }, (_, i) => `pkg-${i.toString(36)}`);
  const versions = SHAPES.map((shape) =>
    Array.from({ length: VERSIONS_PER_ECOSYSTEM }, (_, i) =>
      shape.version(i % 8, Math.floor(i / 8), (i * 7) % 10),
    ),
  );
  const dependencies: DependencyRecord[] = dataset.dependencies;
  const lockfiles: LockfileRecord[] = dataset.lockfiles;
  let nextId = 1_000_000;
  for (let r = 0; r < options.repositories; r++) {
    const repositoryId = String(100_000 + r);
    const name = `gen/repo-${r}`;
    dataset.repositories.push({
      id: repositoryId,
      deploymentId: SEED_DEPLOYMENT.id,
      name,
      archived: r % 50 === 49,
      hasDependencyPathScan: r % 3 === 0,
    });
    dataset.projects.push({
      id: 100_000 + r, // the repository's id: one id space
      deploymentId: SEED_DEPLOYMENT.id,
      name,
      tags: r % 10 === 0 ? ['generated'] : [],
      createdAt: '2025-01-01T00:00:00Z',
      defaultBranch: 'refs/heads/main',
      latestScanAt: '2026-11-01T00:00:00Z',
      url: `https://github.com/${name}`,
    });
    const shape = SHAPES[r % SHAPES.length]!;
    const shapeVersions = versions[r % SHAPES.length]!;
    const paths = r % 4 === 0 ? [shape.lockfile, `services/app/${shape.lockfile}`] : [shape.lockfile];
    for (const path of paths) lockfiles.push({ repositoryId, path, ecosystem: shape.ecosystem });
    const perLockfile = Math.ceil(options.dependenciesPerRepository / paths.length);
    for (let i = 0; i < options.dependenciesPerRepository; i++) {
      // The product of two draws skews towards low indices: a few packages are everywhere, most are rare.
      const pick = Math.floor(random() * random() * distinct);
      const inLockfile = i % perLockfile;
      dependencies.push({
        id: String(nextId++),
        repositoryId,
        lockfilePath: paths[Math.floor(i / perLockfile)]!,
        name: names[pick]!,
        version: shapeVersions[Math.floor(random() * VERSIONS_PER_ECOSYSTEM)]!,
        ecosystem: shape.ecosystem,
        licenses: LICENSES[pick % LICENSES.length]!,
        transitivity: inLockfile < 10 ? 'DIRECT' : i % 97 === 0 ? 'UNKNOWN_TRANSITIVITY' : 'TRANSITIVE',
        line: 3 + inLockfile * 9,
        column: 5,
      });
    }
  }
  return dataset;
}
