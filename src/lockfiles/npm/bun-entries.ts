import type { RootKind } from '../reach.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import type { LockfileWarning, PackageSource } from '../types.js';

// What the two bun.lock readers (read-bun-tree.ts, read-bun-lines.ts) share: the versions, the
// dependency lists and their roles, a tuple's first element, install locations, and the roots.

/** The text lockfile versions bun has written: 0 (bun 1.1.39+), 1 (bun 1.2), 2 (bun 1.3+). */
export const SUPPORTED_VERSIONS = new Set([0, 1, 2]);

/** The dependency lists of a workspace or of a package's info object, with what they make a package. */
export const LISTS = [
  ['dependencies', 'prod'],
  ['optionalDependencies', 'optional'],
  ['peerDependencies', 'prod'],
  ['devDependencies', 'dev'],
] as const;

const GIT_RESOLUTION = /^(git\+|git:|github:|gitlab:|bitbucket:|ssh:)/;

/** What a tuple's first element says. */
export interface Ident {
  name: string;
  source: PackageSource;
  version: string;
  /** Where it was resolved from; for registry tuples, the registry (the tuple's second element) decides. */
  resolved: string | undefined;
  /** Where the info object is: 2 in registry tuples (`[ident, registry, info, integrity]`), else 1. */
  infoAt: 1 | 2;
}

/** A tuple's first element, `name@resolution`; undefined for the root package. */
export function readIdent(
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
export function lastName(key: string): string {
  const slash = key.lastIndexOf('/');
  if (slash === -1) return key;
  const before = key.lastIndexOf('/', slash - 1);
  // The segment before the last slash is a scope when it starts with `@`.
  return key.charCodeAt(before + 1) === 64 ? key.slice(before + 1) : key.slice(slash + 1);
}

/** The location a location is nested in: `a/b` -> `a`, `a/@s/b` -> `a`, `a` -> ''. */
export function parentOf(key: string): string {
  const name = lastName(key);
  return key.length === name.length ? '' : key.slice(0, key.length - name.length - 1);
}

/**
 * The packages the workspaces list (`direct`), each with the role its list gives, in workspace and
 * list order, resolved from the workspace's location; warns of those missing from `packages`.
 */
export function readRoots<T>(
  workspaces: Obj,
  resolve: (from: string, dep: string) => T | undefined,
  onRoot: (found: T, role: RootKind) => void,
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
