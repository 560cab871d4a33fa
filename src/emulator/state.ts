import type { WireDependencyFilter } from '../core/index.js';
import { compileFilter, type PositionMatcher } from './compile-filter.js';
import type { DependencyRecord, EmulatorDataset, LockfileRecord, RepositoryRecord } from './dataset.js';
import { createDependencyIndex, type DependencyIndex, type Positions } from './dependency-index.js';

/**
 * The dataset with the indexes the emulator answers from. Dependencies never change after start (only
 * project tags do), so the indexes are built once.
 */
export interface EmulatorState {
  dataset: EmulatorDataset;
  index: DependencyIndex;
  repositories: Map<string, RepositoryRecord>;
  /** Per repository id: its lockfiles, declared ones first, then any only its dependencies name. */
  lockfiles: Map<string, LockfileRecord[]>;
  byDeployment: Map<number, Positions>;
  byRepository: Map<string, Positions>;
  /** Per deployment id, per lowercased name: ascending dependency positions. */
  byName: Map<number, Map<string, Positions>>;
  /** Recently compiled filters by their JSON: the pages of one listing share what they learnt. */
  matchers: Map<string, PositionMatcher>;
}

const MATCHER_CACHE_SIZE = 32;

/** The compiled form of a filter, from the cache when a recent request had the same filter. */
export function matcherFor(state: EmulatorState, filter: WireDependencyFilter): PositionMatcher {
  const key = JSON.stringify(filter);
  let matcher = state.matchers.get(key);
  if (matcher === undefined) {
    matcher = compileFilter(state.index, filter);
    if (state.matchers.size >= MATCHER_CACHE_SIZE) state.matchers.delete(state.matchers.keys().next().value!);
  } else state.matchers.delete(key);
  // Re-inserted last: the Map's order is the order of use, oldest first.
  state.matchers.set(key, matcher);
  return matcher;
}

export function createEmulatorState(dataset: EmulatorDataset): EmulatorState {
  const index = createDependencyIndex(dataset.dependencies, dataset.repositories);
  const lockfiles = new Map<string, LockfileRecord[]>();
  const seen = new Set<string>();
  const add = (lockfile: LockfileRecord) => {
    const key = `${lockfile.repositoryId}\n${lockfile.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const list = lockfiles.get(lockfile.repositoryId);
    if (list === undefined) lockfiles.set(lockfile.repositoryId, [lockfile]);
    else list.push(lockfile);
  };
  for (const lockfile of dataset.lockfiles) add(lockfile);
  for (const dep of dataset.dependencies)
    add({ repositoryId: dep.repositoryId, path: dep.lockfilePath, ecosystem: dep.ecosystem });
  return {
    dataset,
    index,
    repositories: new Map(dataset.repositories.map((r) => [r.id, r])),
    lockfiles,
    byDeployment: index.byDeployment,
    byRepository: index.byRepository,
    byName: index.byName,
    matchers: new Map(),
  };
}

const EMPTY: Positions = new Uint32Array(0);

/** Ascending union of disjoint ascending position lists. */
function union(lists: readonly Positions[]): Positions {
  if (lists.length === 1) return lists[0]!;
  const out = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const list of lists) {
    out.set(list, at);
    at += list.length;
  }
  return out.sort();
}

/**
 * The positions a filter can match, ascending (dataset order, which keeps cursors stable). Exact-name
 * package filters are answered from the name index and named repositories from the repository
 * index, whichever is smaller; other filters go through all of the deployment's dependencies.
 */
export function candidatePositions(
  state: EmulatorState,
  deploymentId: number,
  filter: WireDependencyFilter,
): Positions {
  const options: Positions[] = [state.byDeployment.get(deploymentId) ?? EMPTY];
  const packageFilters = filter.packageFilters ?? [];
  if (
    packageFilters.length > 0 &&
    packageFilters.every((p) => p.exactNameMatch === true && (p.name ?? '') !== '')
  ) {
    const names = state.byName.get(deploymentId);
    const lower = new Set(packageFilters.map((p) => p.name!.toLowerCase()));
    options.push(union([...lower].map((name) => names?.get(name) ?? EMPTY)));
  }
  if (filter.repositoryId !== undefined && filter.repositoryId.length > 0) {
    const ids = new Set(filter.repositoryId.map(String));
    options.push(
      union(
        [...ids].map((id) =>
          state.repositories.get(id)?.deploymentId === deploymentId
            ? (state.byRepository.get(id) ?? EMPTY)
            : EMPTY,
        ),
      ),
    );
  }
  return options.reduce((a, b) => (b.length < a.length ? b : a));
}

/**
 * One page of matching dependencies, scanning `candidates` from index `start`. `next` is the
 * candidate index of the first match after the page, found by looking ahead, so that `hasMore` is
 * never a false promise. Takes a filter (compiled here) or an already compiled matcher.
 */
export function queryDependencies(
  state: EmulatorState,
  candidates: ArrayLike<number>,
  filter: WireDependencyFilter | PositionMatcher,
  start: number,
  pageSize: number,
): { items: DependencyRecord[]; next: number | undefined } {
  const matches = typeof filter === 'function' ? filter : matcherFor(state, filter);
  const items: DependencyRecord[] = [];
  const deps = state.dataset.dependencies;
  for (let i = start; i < candidates.length; i++) {
    const position = candidates[i]!;
    if (!matches(position)) continue;
    if (items.length === pageSize) return { items, next: i };
    items.push(deps[position]!);
  }
  return { items, next: undefined };
}
