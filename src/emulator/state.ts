import type { WireDependencyFilter } from '../core/wire.js';
import { matchesDependencyFilter, type MatchableDependency } from '../policy/match-dependency.js';
import type { DependencyRecord, EmulatorDataset, RepositoryRecord } from './dataset.js';

/**
 * The dataset with the indexes the emulator answers from: dependencies per deployment and per
 * repository, and an exact-name index (lowercased name -> ascending record positions) so that
 * exact-name package filters never scan.
 */
export interface EmulatorState {
  dataset: EmulatorDataset;
  repositories: Map<string, RepositoryRecord>;
  byDeployment: Map<number, number[]>;
  byRepository: Map<string, number[]>;
  byName: Map<number, Map<string, number[]>>;
}

export function createEmulatorState(dataset: EmulatorDataset): EmulatorState {
  const repositories = new Map(dataset.repositories.map((r) => [r.id, r]));
  const byDeployment = new Map<number, number[]>();
  const byRepository = new Map<string, number[]>();
  const byName = new Map<number, Map<string, number[]>>();
  dataset.dependencies.forEach((dep, i) => {
    const repo = repositories.get(dep.repositoryId);
    if (repo === undefined) return;
    push(byDeployment, repo.deploymentId, i);
    push(byRepository, dep.repositoryId, i);
    let names = byName.get(repo.deploymentId);
    if (names === undefined) {
      names = new Map<string, number[]>();
      byName.set(repo.deploymentId, names);
    }
    push(names, dep.name.toLowerCase(), i);
  });
  return { dataset, repositories, byDeployment, byRepository, byName };
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Merges ascending position lists into one ascending list without duplicates. */
function mergeAscending(lists: readonly (readonly number[])[]): number[] {
  if (lists.length === 1) return [...lists[0]!];
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/**
 * The positions a filter can match, in a stable order: from the exact-name index when every package
 * filter names one package exactly, from the repository lists when repositories are named, else all
 * of the deployment's dependencies.
 */
export function candidatePositions(
  state: EmulatorState,
  deploymentId: number,
  filter: WireDependencyFilter,
): readonly number[] {
  const packageFilters = filter.packageFilters ?? [];
  if (
    packageFilters.length > 0 &&
    packageFilters.every((p) => p.exactNameMatch === true && p.name !== undefined && p.name !== '')
  ) {
    const names = state.byName.get(deploymentId);
    return mergeAscending(packageFilters.map((p) => names?.get(p.name!.toLowerCase()) ?? []));
  }
  if (filter.repositoryId !== undefined && filter.repositoryId.length > 0) {
    return mergeAscending(
      filter.repositoryId.map((id) => {
        const repo = state.repositories.get(String(id));
        return repo?.deploymentId === deploymentId ? (state.byRepository.get(String(id)) ?? []) : [];
      }),
    );
  }
  return state.byDeployment.get(deploymentId) ?? [];
}

export function toMatchable(state: EmulatorState, dep: DependencyRecord): MatchableDependency {
  return {
    name: dep.name,
    version: dep.version,
    ecosystem: dep.ecosystem,
    licenses: dep.licenses,
    lockfilePath: dep.lockfilePath,
    repositoryId: dep.repositoryId,
    transitivity: dep.transitivity,
    archived: state.repositories.get(dep.repositoryId)?.archived ?? false,
  };
}

/**
 * One page of matching dependencies starting at candidate index `start`. `next` is the candidate index
 * of the first match after the page, found by looking ahead, so `hasMore` is never a false promise.
 */
export function queryDependencies(
  state: EmulatorState,
  candidates: readonly number[],
  filter: WireDependencyFilter,
  start: number,
  pageSize: number,
): { items: DependencyRecord[]; next: number | undefined } {
  const items: DependencyRecord[] = [];
  const deps = state.dataset.dependencies;
  for (let i = start; i < candidates.length; i++) {
    const dep = deps[candidates[i]!]!;
    if (!matchesDependencyFilter(toMatchable(state, dep), filter)) continue;
    if (items.length === pageSize) return { items, next: i };
    items.push(dep);
  }
  return { items, next: undefined };
}
