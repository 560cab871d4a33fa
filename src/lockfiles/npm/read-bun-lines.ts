import { isLockfileError } from '../errors.js';
import { PROD, REACHED, ReachWalk, REQUIRED, rootBits } from '../reach.js';
import { isObj } from '../syntax/shapes.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from '../types.js';
import {
  ABSENT,
  type BunPackageLines,
  OBJECT,
  prepareBunText,
  scanBunPackages,
  STRING,
} from './bun-jsonc.js';
import { lastName, parentOf, readIdent, readRoots, SUPPORTED_VERSIONS } from './bun-entries.js';

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
  // Each dependency's entry once resolved: -2 before, -1 when nothing provides it.
  const targets = new Int32Array(depNames.length).fill(-2);
  const walk = new ReachWalk(count, (i, visit) => {
    // A workspace's own lists are roots already.
    if (sources[i] === 'workspace' || hasInfo[i] === 0) return;
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
      if (target >= 0) visit(target, depOptional[d] === 1);
    }
  });
  const direct = new Uint8Array(count);
  const warnings: LockfileWarning[] = [];
  readRoots(
    workspaces,
    resolve,
    (slot, role) => {
      direct[slot] = 1;
      walk.root(slot, rootBits(role));
    },
    topLines.get('workspaces') ?? 1,
    warnings,
    notHere,
  );
  walk.spread();
  const mask = walk.bits;

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
