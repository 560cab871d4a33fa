import { prepareBunText } from './bun-jsonc.js';
import { LockfileError } from './errors.js';
import { parseJsonLockfile } from './json-lines.js';
import { isObj, type Obj } from './shapes.js';
import { assertNoConflictMarkers, baseName, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from './types.js';

/** The text lockfile versions bun has written: 0 (bun 1.1.39+), 1 (bun 1.2), 2 (bun 1.3+). */
const SUPPORTED_VERSIONS = new Set([0, 1, 2]);

const BINARY_HINT =
  "bun.lockb is bun's binary lockfile, which depgate does not read; run `bun install --save-text-lockfile` (bun 1.1.39 or later; bun 1.2+ writes bun.lock by default) and commit the text bun.lock";

/** The dependency lists of a workspace or of a package's info object, with what they make a package. */
const LISTS = [
  ['dependencies', 'prod'],
  ['optionalDependencies', 'optional'],
  ['peerDependencies', 'prod'],
  ['devDependencies', 'dev'],
] as const;
type Role = 'prod' | 'optional' | 'dev';

const GIT_RESOLUTION = /^(git\+|git:|github:|gitlab:|bitbucket:|ssh:)/;

interface Entry {
  pkg: LockfilePackage;
  key: string;
  /** The tuple's info object (dependencies and peers), empty for workspace tuples of v1+. */
  info: Obj;
  workspace: boolean;
}

/**
 * Reads a bun.lock (JSON with trailing commas and comments), lockfileVersion 0, 1 and 2. Every key
 * of `packages` is an install location (`a`, or `a/b` for a `b` nested under `a`) holding a tuple
 * `["name@resolution", ...]`; each becomes one entry with that location as `path`, and the key's last
 * name as `alias` when it differs from the tuple's name (npm aliases). The root package (`@root:`)
 * is the project itself and is not listed. `direct` means listed by a workspace (dependencies,
 * devDependencies, optionalDependencies or peerDependencies, which bun installs); `dev` and
 * `optional` follow what the workspaces' lists reach, resolving each dependency from its location
 * outward as Node does. Packages are in file order. The binary bun.lockb is refused with advice.
 */
export function readBunLockfile(path: string, rawText: string): LockfileResult {
  if (baseName(path).endsWith('.lockb') || /^#!\/usr\/bin\/env bun\r?\nbun-lockfile-format-v/.test(rawText))
    throw new LockfileError(path, BINARY_HINT, { line: 1 });
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
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
    const entry = readEntry(key, packages[key], line, workspaces, fail);
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
): Entry | undefined {
  const ident = Array.isArray(tuple) ? (tuple[0] as unknown) : undefined;
  if (typeof ident !== 'string')
    return fail(`packages entry "${key}" must be an array that starts with "name@resolution"`, line);
  const at = ident.indexOf('@', 1);
  const name = at === -1 ? '' : ident.slice(0, at);
  if (name === '' || name.endsWith('/'))
    return fail(`packages entry "${key}": "${ident}" is not "name@resolution"`, line);
  const resolution = ident.slice(at + 1);
  const items = tuple as unknown[];
  if (resolution === 'root:') return undefined;

  let source: PackageSource;
  let version = '';
  let resolved: string | undefined;
  let infoAt = 1;
  if (resolution.startsWith('workspace:')) {
    source = 'workspace';
    resolved = resolution.slice('workspace:'.length);
    const member = workspaces[resolved];
    if (isObj(member) && typeof member.version === 'string') version = member.version;
  } else if (resolution.startsWith('link:')) {
    source = 'link';
    resolved = resolution.slice('link:'.length);
  } else if (resolution.startsWith('file:')) {
    source = 'path';
    resolved = resolution.slice('file:'.length);
  } else if (GIT_RESOLUTION.test(resolution)) {
    source = 'git';
    resolved = resolution;
  } else if (/^https?:\/\//.test(resolution)) {
    source = 'url';
    resolved = resolution;
  } else if (/^\d/.test(resolution)) {
    source = 'registry';
    version = resolution;
    // npm tuples: [ident, registry ('' for the default one), info, integrity].
    const registry = items[1];
    if (registry !== undefined && typeof registry !== 'string')
      return fail(`packages entry "${key}": the registry must be a string`, line);
    if (registry !== undefined && registry !== '') resolved = registry;
    infoAt = 2;
  } else if (/^(\.{0,2}\/|[A-Za-z]:)|\.t(ar\.)?gz$/.test(resolution)) {
    // A local tarball: bun writes its path without a protocol.
    source = 'path';
    resolved = resolution;
  } else {
    return fail(`packages entry "${key}": cannot read the resolution "${resolution}"`, line);
  }
  const info = items[infoAt] ?? {};
  if (!isObj(info)) return fail(`packages entry "${key}": the info object must be an object`, line);
  for (const [list] of LISTS) {
    const deps = info[list];
    if (deps === undefined) continue;
    if (!isObj(deps)) return fail(`packages entry "${key}": ${list} must be an object`, line);
    for (const dep in deps)
      if (typeof deps[dep] !== 'string')
        return fail(`packages entry "${key}": ${list} must map names to version strings`, line);
  }
  const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source };
  const installedAs = lastName(key);
  if (installedAs !== name) pkg.alias = installedAs;
  if (resolved !== undefined) pkg.resolved = resolved;
  pkg.path = key;
  return { pkg, key, info, workspace: source === 'workspace' };
}

/** The package name a location ends in: `a/b` -> `b`, `a/@s/b` -> `@s/b`. */
function lastName(key: string): string {
  const slash = key.lastIndexOf('/');
  if (slash === -1) return key;
  const before = key.lastIndexOf('/', slash - 1);
  const segment = key.slice(before + 1, slash);
  return segment.startsWith('@') ? key.slice(before + 1) : key.slice(slash + 1);
}

/** The location a location is nested in: `a/b` -> `a`, `a/@s/b` -> `a`, `a` -> ''. */
function parentOf(key: string): string {
  const name = lastName(key);
  return key.length === name.length ? '' : key.slice(0, key.length - name.length - 1);
}

/**
 * Where `dep`, required from location `from`, resolves: nested under `from`, then outward. Only
 * locations that hold nested packages (`nests`) are looked into, so that a flat lockfile costs one
 * look-up per dependency.
 */
function resolveFrom(
  entries: ReadonlyMap<string, Entry>,
  nests: ReadonlySet<string>,
  from: string,
  dep: string,
): string | undefined {
  let at = from;
  for (;;) {
    if (at === '') return entries.has(dep) ? dep : undefined;
    if (nests.has(at)) {
      const key = `${at}/${dep}`;
      if (entries.has(key)) return key;
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
  type Root = { key: string; role: Role };
  const roots: Root[] = [];
  const nests = new Set<string>();
  for (const key of entries.keys()) {
    const parent = parentOf(key);
    if (parent !== '') nests.add(parent);
  }
  for (const [dir, member] of Object.entries(workspaces)) {
    const line = workspacesLine;
    if (!isObj(member)) return fail(`workspace "${dir}" must be an object`, line);
    // A member's own dependencies are nested under its name when they differ from the root's.
    const from = dir === '' || typeof member.name !== 'string' ? '' : member.name;
    for (const [list, role] of LISTS) {
      const deps = member[list];
      if (deps === undefined) continue;
      if (!isObj(deps)) return fail(`${list} of workspace "${dir}" must be an object`, line);
      for (const dep of Object.keys(deps)) {
        const key = resolveFrom(entries, nests, from, dep);
        if (key === undefined) {
          // bun leaves out peers that nothing provides; anything else missing is worth saying.
          if (list !== 'peerDependencies')
            warnings.push({ message: `workspace "${dir}" lists ${dep}, which is not in packages`, line });
          continue;
        }
        entries.get(key)!.pkg.direct = true;
        roots.push({ key, role });
      }
    }
  }

  // One walk for the three reachabilities, as bits per entry (index in `entries`' order):
  // PROD from the roots that are not dev, REACHED from all, REQUIRED from the roots that are not
  // optional without following optional edges. A bit reaches what an edge leads to; an optional
  // edge carries every bit but REQUIRED. Each entry's dependencies are resolved once.
  const PROD = 1;
  const REACHED = 2;
  const REQUIRED = 4;
  const all = [...entries.values()];
  const indexOf = new Map<string, number>();
  for (let i = 0; i < all.length; i++) indexOf.set(all[i]!.key, i);
  const mask = new Uint8Array(all.length);
  const stack: number[] = [];
  const mark = (i: number, bits: number) => {
    const before = mask[i]!;
    if ((before | bits) === before) return;
    mask[i] = before | bits;
    stack.push(i);
  };
  // Each entry's dependencies as `index * 2 + (optional ? 1 : 0)`.
  const edgesOf = (entry: Entry): number[] => {
    const edges: number[] = [];
    const optionalPeers = Array.isArray(entry.info.optionalPeers) ? entry.info.optionalPeers : [];
    for (const [list, role] of LISTS) {
      if (role === 'dev') continue;
      const deps = entry.info[list];
      if (!isObj(deps)) continue;
      const optionalList = list === 'optionalDependencies';
      for (const dep in deps) {
        const next = resolveFrom(entries, nests, entry.key, dep);
        if (next === undefined) continue;
        const optional = optionalList || (list === 'peerDependencies' && optionalPeers.includes(dep));
        edges.push(indexOf.get(next)! * 2 + (optional ? 1 : 0));
      }
    }
    return edges;
  };
  const resolved: (number[] | undefined)[] = [];
  for (const root of roots)
    mark(
      indexOf.get(root.key)!,
      REACHED | (root.role === 'dev' ? 0 : PROD) | (root.role === 'optional' ? 0 : REQUIRED),
    );
  while (stack.length > 0) {
    const i = stack.pop()!;
    const entry = all[i]!;
    // A workspace's own lists are roots already.
    if (entry.workspace) continue;
    const bits = mask[i]!;
    const edges = (resolved[i] ??= edgesOf(entry));
    for (const edge of edges) mark(edge >> 1, (edge & 1) === 1 ? bits & ~REQUIRED : bits);
  }
  for (let i = 0; i < all.length; i++) {
    const { pkg } = all[i]!;
    pkg.direct ??= false;
    const bits = mask[i]!;
    if ((bits & REACHED) === 0) continue;
    pkg.dev = (bits & PROD) === 0;
    pkg.optional = (bits & REQUIRED) === 0;
  }
}
