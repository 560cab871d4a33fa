import {
  ABSENT,
  type BunPackageLines,
  OBJECT,
  prepareBunText,
  scanBunPackages,
  STRING,
} from './bun-jsonc.js';
import { isLockfileError, LockfileError } from '../errors.js';
import { parseJsonLockfile } from '../syntax/json-lines.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, baseName, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

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
export function readBunLockfile(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  if (baseName(path).endsWith('.lockb') || /^#!\/usr\/bin\/env bun\r?\nbun-lockfile-format-v/.test(rawText))
    throw new LockfileError(path, BINARY_HINT, { line: 1 });
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  // The line scanner keeps no integrity: a read that wants them takes the general reader.
  if (options.sources === true) return readBunTree(path, text, true);
  return readBunLines(path, text) ?? readBunTree(path, text);
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

/** Where bun writes the `packages` object: last, after the workspaces, its key on a line of its own. */
const PACKAGES_LINE = '\n  "packages": {';
/** What may follow the `packages` object for the file to be read by `readBunLines`. */
const CLOSING = /^[ \t\r\n]*,?[ \t\r\n]*\}[ \t\r\n]*$/;
/** A key JSON.parse would order first (an array index), so that `packages` order is not file order. */
const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

/** Thrown by `fail` in `readBunLines`, which leaves every error to `readBunTree`. */
const NOT_HERE = new Error('not read line by line');
const notHere = (): never => {
  throw NOT_HERE;
};

/**
 * The same result as `readBunTree`, read without building the JSON tree of `packages` (on a large file
 * that tree is most of the time and memory): the text before `packages` is parsed as JSON with an empty
 * `packages` in place, and `packages` itself is scanned entry by entry (`scanBunPackages`) into flat
 * arrays, dependencies resolved to entry indices once. Undefined whenever the file is not in the shape
 * bun writes (comments or escapes in `packages`, keys JSON.parse would reorder or merge, any error),
 * so that `readBunTree` reads it and reports what is wrong exactly as before.
 */
export function readBunLines(path: string, text: string): LockfileResult | undefined {
  const at = text.indexOf(PACKAGES_LINE);
  if (at === -1) return undefined;
  let packagesLine = 1;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl <= at; nl = text.indexOf('\n', nl + 1)) packagesLine++;
  const scan = scanBunPackages(text, at + PACKAGES_LINE.length, packagesLine);
  if (scan === undefined) return undefined;
  const tail = text.slice(scan.end);
  if (!CLOSING.test(tail)) return undefined;
  try {
    return readScanned(path, text.slice(0, at + 3) + '"packages": {}' + tail, packagesLine, scan);
  } catch (error) {
    if (error === NOT_HERE || isLockfileError(error) || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function readScanned(
  path: string,
  rest: string,
  packagesLine: number,
  scan: BunPackageLines,
): LockfileResult | undefined {
  const { json, topLines } = prepareBunText(path, rest);
  // Another top-level `packages` before this one would make this one not the one JSON.parse keeps.
  if (topLines.get('packages') !== packagesLine) return undefined;
  const data = JSON.parse(json) as unknown;
  if (!isObj(data)) return undefined;
  const version = data.lockfileVersion;
  if (typeof version !== 'number' || !SUPPORTED_VERSIONS.has(version)) return undefined;
  if (!isObj(data.workspaces)) return undefined;
  const workspaces = data.workspaces;

  const { keys, lines, idents, seconds, shapes, depStart, depNames, depOptional } = scan;
  const count = keys.length;
  // Entry slots by key; -1 for the root package, which is no entry.
  const slots = new Map<string, number>();
  const names: (string | undefined)[] = new Array<string | undefined>(count);
  const versions: string[] = new Array<string>(count);
  const sources: PackageSource[] = new Array<PackageSource>(count);
  const resolveds: (string | undefined)[] = new Array<string | undefined>(count);
  const aliases: (string | undefined)[] = new Array<string | undefined>(count);
  const hasInfo = new Uint8Array(count);
  const nests = new Set<string>();
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    const first = key.charCodeAt(0);
    if (
      key === '' ||
      key === '__proto__' ||
      slots.has(key) ||
      (first >= 48 && first <= 57 && INDEX_KEY.test(key))
    )
      return undefined;
    const ident = readIdent(key, idents[i], lines[i]!, workspaces, notHere);
    if (ident === undefined) {
      slots.set(key, -1);
      continue;
    }
    slots.set(key, i);
    const shape = shapes[i]!;
    let resolved = ident.resolved;
    if (ident.infoAt === 2) {
      const second = shape & 3;
      if (second !== ABSENT && second !== STRING) return undefined;
      if (second === STRING && seconds[i] !== '') resolved = seconds[i];
    }
    const info = (shape >> ((ident.infoAt - 1) * 2)) & 3;
    if (info !== ABSENT && info !== OBJECT) return undefined;
    hasInfo[i] = info === OBJECT ? 1 : 0;
    names[i] = ident.name;
    versions[i] = ident.version;
    sources[i] = ident.source;
    resolveds[i] = resolved;
    const installedAs = lastName(key);
    if (installedAs !== ident.name) aliases[i] = installedAs;
    // As `parentOf`, from the name already at hand.
    const parent = installedAs.length === key.length ? '' : key.slice(0, key.length - installedAs.length - 1);
    if (parent !== '') nests.add(parent);
  }

  // The entries nested right under each location that has any, by the rest of their key: the same
  // look-ups as `${location}/${name}` in `slots` without building that string each time.
  const children = new Map<string, Map<string, number>>();
  if (nests.size > 0)
    for (let i = 0; i < count; i++) {
      if (names[i] === undefined) continue;
      const key = keys[i]!;
      for (let slash = key.indexOf('/'); slash !== -1; slash = key.indexOf('/', slash + 1)) {
        const location = key.slice(0, slash);
        if (!nests.has(location)) continue;
        let under = children.get(location);
        if (under === undefined) children.set(location, (under = new Map<string, number>()));
        under.set(key.slice(slash + 1), i);
      }
    }
  const find = (key: string): number | undefined => {
    const slot = slots.get(key);
    return slot === undefined || slot < 0 ? undefined : slot;
  };
  /** `resolveFrom` over `slots` and `children`. */
  const resolve = (from: string, dep: string): number | undefined => {
    for (let at = from; ; at = parentOf(at)) {
      if (at === '') return find(dep);
      const under = children.get(at);
      if (under === undefined) continue;
      const found = under.get(dep);
      if (found !== undefined) return found;
    }
  };
  const mask = new Uint8Array(count);
  const direct = new Uint8Array(count);
  const stack: number[] = [];
  const warnings: LockfileWarning[] = [];
  readRoots(
    workspaces,
    resolve,
    (slot, role) => {
      direct[slot] = 1;
      stack.push(slot);
      mask[slot] = mask[slot]! | rootBits(role);
    },
    topLines.get('workspaces') ?? 1,
    warnings,
    notHere,
  );
  // Each dependency's entry once resolved: -2 before, -1 when nothing provides it.
  const targets = new Int32Array(depNames.length).fill(-2);
  while (stack.length > 0) {
    const i = stack.pop()!;
    // A workspace's own lists are roots already.
    if (sources[i] === 'workspace' || hasInfo[i] === 0) continue;
    const bits = mask[i]!;
    const end = depStart[i + 1]!;
    // Where this entry's dependencies are looked for first: its own location when something is
    // nested under it, else the nearest enclosing one that has, else the top.
    let from: string | undefined;
    for (let d = depStart[i]!; d < end; d++) {
      let target = targets[d]!;
      if (target === -2) {
        if (from === undefined) {
          from = keys[i]!;
          while (from !== '' && !children.has(from)) from = parentOf(from);
        }
        target = (from === '' ? find(depNames[d]!) : resolve(from, depNames[d]!)) ?? -1;
        targets[d] = target;
      }
      if (target < 0) continue;
      const carried = depOptional[d] === 1 ? bits & ~REQUIRED : bits;
      const before = mask[target]!;
      if ((before | carried) === before) continue;
      mask[target] = before | carried;
      stack.push(target);
    }
  }

  const packages: LockfilePackage[] = [];
  for (let i = 0; i < count; i++) {
    const name = names[i];
    if (name === undefined) continue;
    packages.push(
      bunPackage(
        name,
        versions[i]!,
        lines[i]!,
        sources[i]!,
        aliases[i],
        resolveds[i],
        keys[i]!,
        direct[i] === 1,
        mask[i]!,
      ),
    );
  }
  return { ecosystem: 'npm', format: `bun@${String(version)}`, packages, warnings };
}

/** A package in one literal with its final fields, in the order `readBunTree` gives them. */
function bunPackage(
  name: string,
  version: string,
  line: number,
  source: PackageSource,
  alias: string | undefined,
  resolved: string | undefined,
  path: string,
  direct: boolean,
  bits: number,
): LockfilePackage {
  const ecosystem = 'npm';
  if ((bits & REACHED) === 0) {
    if (alias === undefined)
      return resolved === undefined
        ? { ecosystem, name, version, line, source, path, direct }
        : { ecosystem, name, version, line, source, resolved, path, direct };
    return resolved === undefined
      ? { ecosystem, name, version, line, source, alias, path, direct }
      : { ecosystem, name, version, line, source, alias, resolved, path, direct };
  }
  const dev = (bits & PROD) === 0;
  const optional = (bits & REQUIRED) === 0;
  if (alias === undefined)
    return resolved === undefined
      ? { ecosystem, name, version, line, source, path, direct, dev, optional }
      : { ecosystem, name, version, line, source, resolved, path, direct, dev, optional };
  return resolved === undefined
    ? { ecosystem, name, version, line, source, alias, path, direct, dev, optional }
    : { ecosystem, name, version, line, source, alias, resolved, path, direct, dev, optional };
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

/** What a tuple's first element says. */
interface Ident {
  name: string;
  source: PackageSource;
  version: string;
  /** Where it was resolved from; for registry tuples, the registry (the tuple's second element) decides. */
  resolved: string | undefined;
  /** Where the info object is: 2 in registry tuples (`[ident, registry, info, integrity]`), else 1. */
  infoAt: 1 | 2;
}

/** A tuple's first element, `name@resolution`; undefined for the root package. */
function readIdent(
  key: string,
  ident: unknown,
  line: number,
  workspaces: Obj,
  fail: (reason: string, line: number) => never,
): Ident | undefined {
  if (typeof ident !== 'string')
    return fail(`packages entry "${key}" must be an array that starts with "name@resolution"`, line);
  const at = ident.indexOf('@', 1);
  const name = at === -1 ? '' : ident.slice(0, at);
  if (name === '' || name.endsWith('/'))
    return fail(`packages entry "${key}": "${ident}" is not "name@resolution"`, line);
  const resolution = ident.slice(at + 1);
  if (resolution === 'root:') return undefined;

  let source: PackageSource;
  let version = '';
  let resolved: string | undefined;
  let infoAt: 1 | 2 = 1;
  const first = resolution.charCodeAt(0);
  // Registry versions first, the most of any lockfile: no other resolution starts with a digit.
  if (first >= 48 && first <= 57) {
    source = 'registry';
    version = resolution;
    infoAt = 2;
  } else if (resolution.startsWith('workspace:')) {
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
  } else if (/^(\.{0,2}\/|[A-Za-z]:)|\.t(ar\.)?gz$/.test(resolution)) {
    // A local tarball: bun writes its path without a protocol.
    source = 'path';
    resolved = resolution;
  } else {
    return fail(`packages entry "${key}": cannot read the resolution "${resolution}"`, line);
  }
  return { name, source, version, resolved, infoAt };
}

/** The package name a location ends in: `a/b` -> `b`, `a/@s/b` -> `@s/b`. */
function lastName(key: string): string {
  const slash = key.lastIndexOf('/');
  if (slash === -1) return key;
  const before = key.lastIndexOf('/', slash - 1);
  // The segment before the last slash is a scope when it starts with `@`.
  return key.charCodeAt(before + 1) === 64 ? key.slice(before + 1) : key.slice(slash + 1);
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
 * The packages the workspaces list (`direct`), each with the role its list gives, in workspace and
 * list order, resolved from the workspace's location; warns of those missing from `packages`.
 */
function readRoots<T>(
  workspaces: Obj,
  resolve: (from: string, dep: string) => T | undefined,
  onRoot: (found: T, role: Role) => void,
  line: number,
  warnings: LockfileWarning[],
  fail: (reason: string, line: number) => never,
): void {
  for (const [dir, member] of Object.entries(workspaces)) {
    if (!isObj(member)) return fail(`workspace "${dir}" must be an object`, line);
    // A member's own dependencies are nested under its name when they differ from the root's.
    const from = dir === '' || typeof member.name !== 'string' ? '' : member.name;
    for (const [list, role] of LISTS) {
      const deps = member[list];
      if (deps === undefined) continue;
      if (!isObj(deps)) return fail(`${list} of workspace "${dir}" must be an object`, line);
      for (const dep of Object.keys(deps)) {
        const found = resolve(from, dep);
        if (found === undefined) {
          // bun leaves out peers that nothing provides; anything else missing is worth saying.
          if (list !== 'peerDependencies')
            warnings.push({ message: `workspace "${dir}" lists ${dep}, which is not in packages`, line });
          continue;
        }
        onRoot(found, role);
      }
    }
  }
}

// Reachability bits per entry: PROD from the workspace lists that are not dev, REACHED from all,
// REQUIRED from the lists that are not optional without following optional edges.
const PROD = 1;
const REACHED = 2;
const REQUIRED = 4;
const rootBits = (role: Role) => REACHED | (role === 'dev' ? 0 : PROD) | (role === 'optional' ? 0 : REQUIRED);

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

  // One walk for the three reachabilities, as bits per entry (index in `entries`' order):
  // PROD from the roots that are not dev, REACHED from all, REQUIRED from the roots that are not
  // optional without following optional edges. A bit reaches what an edge leads to; an optional
  // edge carries every bit but REQUIRED. Each entry's dependencies are resolved once.
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
        const next = resolveFrom(find, nests, entry.key, dep);
        if (next === undefined) continue;
        const optional = optionalList || (list === 'peerDependencies' && optionalPeers.includes(dep));
        edges.push(indexOf.get(next)! * 2 + (optional ? 1 : 0));
      }
    }
    return edges;
  };
  const resolved: (number[] | undefined)[] = [];
  for (const root of roots) mark(indexOf.get(root.key)!, rootBits(root.role));
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
