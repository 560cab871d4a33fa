import type { WireTransitivity } from '../core/index.js';
import type { Ecosystem, PackageVersion } from '../domain/index.js';
import type { DependencyRecord, RepositoryRecord } from './dataset.js';

/** Positions of dependencies, ascending, grouped by a key: one typed array, views per group. */
export type Positions = Uint32Array;

/** A version as it is ordered: within its ecosystem (the domain's package version, without the name). */
export type EcosystemVersion = Pick<PackageVersion, 'ecosystem' | 'version'>;

/**
 * The dependencies as columns: for every position in `dataset.dependencies`, the index of its value
 * in a pool of distinct values. Filters are then decided once per distinct value (a few thousand
 * names, a few hundred versions) instead of once per dependency, and a scan of a million
 * dependencies is a few typed-array reads each. About 30 bytes per dependency.
 */
export interface DependencyIndex {
  count: number;
  /** Index into `repositories`, or NO_REPOSITORY for a dependency whose repository is unknown. */
  repository: Uint32Array;
  name: Uint32Array;
  version: Uint32Array;
  lockfilePath: Uint32Array;
  licenses: Uint32Array;
  ecosystem: Uint32Array;
  transitivity: Uint8Array;
  repositories: readonly RepositoryRecord[];
  names: readonly string[];
  versions: readonly EcosystemVersion[];
  lockfilePaths: readonly string[];
  licenseSets: readonly (readonly string[])[];
  ecosystems: readonly Ecosystem[];
  transitivities: readonly WireTransitivity[];
  /** Per deployment id: every dependency of its repositories. */
  byDeployment: Map<number, Positions>;
  /** Per repository id: its dependencies. */
  byRepository: Map<string, Positions>;
  /** Per deployment id, per lowercased name: the dependencies of that name (exact-name filters). */
  byName: Map<number, Map<string, Positions>>;
}

export const NO_REPOSITORY = 0xffffffff;
export const TRANSITIVITIES: readonly WireTransitivity[] = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];

/** Interns values: the same value gets the same small number. */
class Pool<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<unknown, number>();
  id(key: unknown, value: T): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(key, id);
    }
    return id;
  }
}

/**
 * Groups positions 0..count-1 by a key in 0..keys-1 (or -1: in no group) with one counting sort:
 * the positions of a group come out ascending, as one slice of a single typed array.
 */
function groupPositions(count: number, keys: number, keyOf: (position: number) => number) {
  const offsets = new Uint32Array(keys + 1);
  const keyAt = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    keyAt[i] = key;
    if (key >= 0) offsets[key + 1]!++;
  }
  for (let k = 0; k < keys; k++) offsets[k + 1]! += offsets[k]!;
  const positions = new Uint32Array(offsets[keys]!);
  const fill = offsets.slice(0, keys);
  for (let i = 0; i < count; i++) {
    const key = keyAt[i]!;
    if (key >= 0) positions[fill[key]!++] = i;
  }
  return { group: (key: number): Positions => positions.subarray(offsets[key], offsets[key + 1]) };
}

/** Builds the columns and the per-deployment, per-repository and per-name groups of a dataset. */
export function createDependencyIndex(
  dependencies: readonly DependencyRecord[],
  repositories: readonly RepositoryRecord[],
): DependencyIndex {
  const count = dependencies.length;
  const repositoryIds = new Map(repositories.map((r, i) => [r.id, i]));
  const names = new Pool<string>();
  const paths = new Pool<string>();
  const ecosystems = new Pool<Ecosystem>();
  const licenseSets = new Pool<readonly string[]>();
  const licenseSetByArray = new Map<readonly string[], number>();
  const versions: EcosystemVersion[] = [];
  const versionsByEcosystem = new Map<number, Map<string, number>>();
  const columns = {
    repository: new Uint32Array(count),
    name: new Uint32Array(count),
    version: new Uint32Array(count),
    lockfilePath: new Uint32Array(count),
    licenses: new Uint32Array(count),
    ecosystem: new Uint32Array(count),
    transitivity: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const dep = dependencies[i]!;
    columns.repository[i] = repositoryIds.get(dep.repositoryId) ?? NO_REPOSITORY;
    columns.name[i] = names.id(dep.name, dep.name);
    columns.lockfilePath[i] = paths.id(dep.lockfilePath, dep.lockfilePath);
    const ecosystem = ecosystems.id(dep.ecosystem, dep.ecosystem);
    columns.ecosystem[i] = ecosystem;
    // Generated records share their license arrays: look the array itself up before its contents.
    let licenses = licenseSetByArray.get(dep.licenses);
    if (licenses === undefined) {
      licenses = licenseSets.id(dep.licenses.join('\n'), dep.licenses);
      licenseSetByArray.set(dep.licenses, licenses);
    }
    columns.licenses[i] = licenses;
    let byVersion = versionsByEcosystem.get(ecosystem);
    if (byVersion === undefined) versionsByEcosystem.set(ecosystem, (byVersion = new Map<string, number>()));
    let version = byVersion.get(dep.version);
    if (version === undefined) {
      version = versions.push({ ecosystem: dep.ecosystem, version: dep.version }) - 1;
      byVersion.set(dep.version, version);
    }
    columns.version[i] = version;
    columns.transitivity[i] = Math.max(0, TRANSITIVITIES.indexOf(dep.transitivity));
  }

  const deploymentIds = [...new Set(repositories.map((r) => r.deploymentId))];
  const deploymentSlot = new Map(deploymentIds.map((id, slot) => [id, slot]));
  const slotOf = (position: number) => {
    const repository = columns.repository[position]!;
    return repository === NO_REPOSITORY ? -1 : deploymentSlot.get(repositories[repository]!.deploymentId)!;
  };
  const byDeploymentGroups = groupPositions(count, deploymentIds.length, slotOf);
  const byRepositoryGroups = groupPositions(count, repositories.length, (i) =>
    columns.repository[i] === NO_REPOSITORY ? -1 : columns.repository[i]!,
  );
  // Exact-name filters compare case-insensitively, so names group by their lowercase form.
  const lowerNames = new Pool<string>();
  const lowerOfName = names.values.map((name) => lowerNames.id(name.toLowerCase(), name.toLowerCase()));
  const groups = lowerNames.values.length;
  const byNameGroups = groupPositions(count, deploymentIds.length * groups, (i) => {
    const slot = slotOf(i);
    return slot < 0 ? -1 : slot * groups + lowerOfName[columns.name[i]!]!;
  });

  const byDeployment = new Map<number, Positions>();
  const byName = new Map<number, Map<string, Positions>>();
  deploymentIds.forEach((id, slot) => {
    byDeployment.set(id, byDeploymentGroups.group(slot));
    const perName = new Map<string, Positions>();
    lowerNames.values.forEach((lower, g) => {
      const positions = byNameGroups.group(slot * groups + g);
      if (positions.length > 0) perName.set(lower, positions);
    });
    byName.set(id, perName);
  });
  const byRepository = new Map<string, Positions>(
    repositories.map((r, i) => [r.id, byRepositoryGroups.group(i)]),
  );

  return {
    count,
    ...columns,
    repositories,
    names: names.values,
    versions,
    lockfilePaths: paths.values,
    licenseSets: licenseSets.values,
    ecosystems: ecosystems.values,
    transitivities: TRANSITIVITIES,
    byDeployment,
    byRepository,
    byName,
  };
}
