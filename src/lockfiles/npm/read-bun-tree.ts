import { LockfileError } from '../errors.js';
import { parseJsonLockfile } from '../syntax/json-lines.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';
import { PROD, REACHED, ReachWalk, REQUIRED, type RootKind, rootBits } from '../reach.js';
import { prepareBunText } from './bun-jsonc.js';
import { LISTS, parentOf, readIdent, readRoots, SUPPORTED_VERSIONS, lastName } from './bun-entries.js';

interface Entry {
  pkg: LockfilePackage;
  key: string;
  /** The tuple's info object (dependencies and peers), empty for workspace tuples of v1+. */
  info: Obj;
  workspace: boolean;
}

/**
 * The general reader: the whole text made plain JSON and parsed, then every entry read from the tree.
 * Reads any bun.lock and is the one that reports errors; `readBunLines` gives the same result faster
 * for the files bun writes.
 */
export function readBunTree(path: string, text: string, sources = false): LockfileResult {
  const { json, topLines, packageKeys } = prepareBunText(path, text);
  const data = parseJsonLockfile(path, json);
  if (!isObj(data)) throw new LockfileError(path, 'not a bun lockfile: expected a JSON object', { line: 1 });
  const topLine = (key: string) => topLines.get(key) ?? 1;
  const fail = (reason: string, line: number): never => {
    throw new LockfileError(path, reason, { line });
  };

  const version = data.lockfileVersion;
  if (version === undefined) fail('no lockfileVersion: not a bun lockfile', 1);
  if (typeof version !== 'number' || !SUPPORTED_VERSIONS.has(version))
    fail(
      `unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads bun.lock versions 0, 1 and 2)`,
      topLine('lockfileVersion'),
    );
  if (!isObj(data.workspaces)) fail('"workspaces" must be an object', topLine('workspaces'));
  const workspaces = data.workspaces as Obj;
  const packagesField = data.packages ?? {};
  if (!isObj(packagesField)) fail('"packages" must be an object', topLine('packages'));
  const packages = packagesField as Obj;
  const warnings: LockfileWarning[] = [];

  const entries = new Map<string, Entry>();
  const keys = Object.keys(packages);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const line = packageKeys.lineOf(index, key) ?? topLine('packages');
    const entry = readEntry(key, packages[key], line, workspaces, fail, sources);
    if (entry !== undefined) entries.set(key, entry);
  }
  markUse(workspaces, entries, topLine('workspaces'), warnings, fail);

  const result: LockfilePackage[] = [];
  for (const entry of entries.values()) result.push(entry.pkg);
  result.sort((a, b) => a.line - b.line);
  return { ecosystem: 'npm', format: `bun@${String(version)}`, packages: result, warnings };
}

/** One `packages` tuple; undefined for the root package. */
function readEntry(
  key: string,
  tuple: unknown,
  line: number,
  workspaces: Obj,
  fail: (reason: string, line: number) => never,
  sources = false,
): Entry | undefined {
  const ident = readIdent(
    key,
    Array.isArray(tuple) ? (tuple[0] as unknown) : undefined,
    line,
    workspaces,
    fail,
  );
  if (ident === undefined) return undefined;
  const items = tuple as unknown[];
  let resolved = ident.resolved;
  if (ident.infoAt === 2) {
    const registry = items[1];
    if (registry !== undefined && typeof registry !== 'string')
      return fail(`packages entry "${key}": the registry must be a string`, line);
    if (registry !== undefined && registry !== '') resolved = registry;
  }
  const info = items[ident.infoAt] ?? {};
  if (!isObj(info)) return fail(`packages entry "${key}": the info object must be an object`, line);
  for (const [list] of LISTS) {
    const deps = info[list];
    if (deps === undefined) continue;
    if (!isObj(deps)) return fail(`packages entry "${key}": ${list} must be an object`, line);
    for (const dep in deps)
      if (typeof deps[dep] !== 'string')
        return fail(`packages entry "${key}": ${list} must map names to version strings`, line);
  }
  const pkg: LockfilePackage = {
    ecosystem: 'npm',
    name: ident.name,
    version: ident.version,
    line,
    source: ident.source,
  };
  const installedAs = lastName(key);
  if (installedAs !== ident.name) pkg.alias = installedAs;
  if (resolved !== undefined) pkg.resolved = resolved;
  // A registry tuple ends in its integrity (`[ident, registry, info, "sha512-…"]`).
  if (sources && ident.infoAt === 2) {
    const integrity = items[3];
    if (typeof integrity === 'string' && integrity !== '') pkg.integrity = integrity;
  }
  pkg.path = key;
  return { pkg, key, info, workspace: ident.source === 'workspace' };
}

/**
 * Where `dep`, required from location `from`, resolves: nested under `from`, then outward. Only
 * locations that hold nested packages (`nests`) are looked into, so that a flat lockfile costs one
 * look-up per dependency.
 */
function resolveFrom<T>(
  find: (key: string) => T | undefined,
  nests: ReadonlySet<string>,
  from: string,
  dep: string,
): T | undefined {
  let at = from;
  for (;;) {
    if (at === '') return find(dep);
    if (nests.has(at)) {
      const found = find(`${at}/${dep}`);
      if (found !== undefined) return found;
    }
    at = parentOf(at);
  }
}

/**
 * Marks direct packages, and dev and optional ones by reachability: dev when only devDependencies of
 * workspaces reach it, optional when only optional dependencies (or optional peers) do.
 */
function markUse(
  workspaces: Obj,
  entries: ReadonlyMap<string, Entry>,
  workspacesLine: number,
  warnings: LockfileWarning[],
  fail: (reason: string, line: number) => never,
): void {
  type Root = { key: string; role: RootKind };
  const roots: Root[] = [];
  const nests = new Set<string>();
  for (const key of entries.keys()) {
    const parent = parentOf(key);
    if (parent !== '') nests.add(parent);
  }
  const find = (key: string) => (entries.has(key) ? key : undefined);
  readRoots(
    workspaces,
    (from, dep) => resolveFrom(find, nests, from, dep),
    (key, role) => {
      entries.get(key)!.pkg.direct = true;
      roots.push({ key, role });
    },
    workspacesLine,
    warnings,
    fail,
  );

  // The walk (reach.ts) over the entries in `entries`' order; each entry's dependencies are resolved
  // once, as `index * 2 + (optional ? 1 : 0)`.
  const all = [...entries.values()];
  const indexOf = new Map<string, number>();
  for (let i = 0; i < all.length; i++) indexOf.set(all[i]!.key, i);
  const edgesOf = (entry: Entry): number[] => {
    const edges: number[] = [];
    const optionalPeers = Array.isArray(entry.info.optionalPeers) ? entry.info.optionalPeers : [];
    for (const [list, role] of LISTS) {
      if (role === 'dev') continue;
      const deps = entry.info[list];
      if (!isObj(deps)) continue;
      const optionalList = list === 'optionalDependencies';
      for (const dep in deps) {
        const next = resolveFrom(find, nests, entry.key, dep);
        if (next === undefined) continue;
        const optional = optionalList || (list === 'peerDependencies' && optionalPeers.includes(dep));
        edges.push(indexOf.get(next)! * 2 + (optional ? 1 : 0));
      }
    }
    return edges;
  };
  const resolved: (number[] | undefined)[] = [];
  const walk = new ReachWalk(all.length, (i, visit) => {
    const entry = all[i]!;
    // A workspace's own lists are roots already.
    if (entry.workspace) return;
    for (const edge of (resolved[i] ??= edgesOf(entry))) visit(edge >> 1, (edge & 1) === 1);
  });
  for (const root of roots) walk.root(indexOf.get(root.key)!, rootBits(root.role));
  walk.spread();
  const mask = walk.bits;
  for (let i = 0; i < all.length; i++) {
    const { pkg } = all[i]!;
    pkg.direct ??= false;
    const bits = mask[i]!;
    if ((bits & REACHED) === 0) continue;
    pkg.dev = (bits & PROD) === 0;
    pkg.optional = (bits & REQUIRED) === 0;
  }
}
