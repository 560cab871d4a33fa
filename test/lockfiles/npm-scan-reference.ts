import { LockfileError } from '../../src/lockfiles/errors.js';
import { parseJsonLockfile } from '../../src/lockfiles/syntax/json-lines.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import { isObj, type Obj } from '../../src/lockfiles/syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../../src/lockfiles/syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../../src/lockfiles/types.js';

// The dependency lists of a project (the root or a workspace member) that npm installs.
const PROJECT_LISTS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;
// The lists of an installed package whose specs can name a tarball URL.
const PACKAGE_LISTS = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

// The npm reader as it stood before it was made faster, kept unchanged as the reference that
// npm-scan.test.ts compares the reader with: same packages, lines, warnings, edges and errors.

/**
 * Reads package-lock.json and npm-shrinkwrap.json, lockfileVersion 1, 2 and 3.
 *
 * Versions 2 and 3 are read from the flat `packages` map (the legacy `dependencies` tree that version 2
 * keeps beside it is ignored); version 1 from the nested `dependencies` tree, walked to every depth.
 * Every install location is one entry, with its key as `path` (`node_modules/a/node_modules/b`), on the
 * line of its key, in file order. Aliases (`"node_modules/foo": {"name": "bar"}`, v1 `npm:bar@1.0.0`)
 * come out under the real name with `alias` set. A link (`"link": true`) is listed once per install
 * location, with the name and version of the folder it points to, as `workspace` when that folder is a
 * workspace member and `link` otherwise; a folder no link points to is listed as such. `file:` tarballs
 * are `path`, git dependencies `git`, tarball-URL dependencies `url` (with `resolved`).
 *
 * `direct` (v2 and v3 only; v1 does not record the root's dependencies) means that the root package or a
 * workspace member lists it, resolved from that project's folder outward as Node does. `dev` and
 * `optional` are npm's own flags; npm's `devOptional` (needed by development tooling and, optionally,
 * by production code) is not dev-only, so it reads as `dev: false, optional: true`. npm's `peer` flag is
 * not reported apart. `license` is read from v2 and v3 entries.
 */
export function referenceReadNpmLockfile(
  path: string,
  rawText: string,
  options: ReadOptions = {},
): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data))
    throw new LockfileError(path, 'not an npm lockfile: expected a JSON object with lockfileVersion', {
      line: 1,
    });
  const version = data.lockfileVersion;
  if (version === undefined)
    throw new LockfileError(path, 'no lockfileVersion: not an npm lockfile', { line: 1 });
  if (version !== 1 && version !== 2 && version !== 3)
    throw new LockfileError(
      path,
      `unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`,
      { line: lineOfTopKey(text, 'lockfileVersion') },
    );
  const format = `package-lock@${version}`;
  const warnings: LockfileWarning[] = [];
  if (version === 1 || data.packages === undefined) {
    if (version !== 1) {
      if (data.dependencies === undefined)
        throw new LockfileError(path, `lockfileVersion ${version} needs a "packages" object`, { line: 1 });
      warnings.push({
        message: `lockfileVersion ${version} without "packages": read from the legacy "dependencies" tree`,
        line: 1,
      });
    }
    // The v1 tree reader did not change: the reader itself is its reference.
    return readNpmLockfile(path, rawText, options);
  }
  const { packages, entries } = readPackages(path, text, data, warnings);
  const result: LockfileResult = { ecosystem: 'npm', format, packages, warnings };
  if (options.edges === true) result.dependencies = edgesOf(entries, packages);
  return result;
}

// Raises the reader's one error for a wrong value, naming the entry and its line.
function fail(file: string, reason: string, line: number): never {
  throw new LockfileError(file, reason, { line });
}

// The package name an install path ends in (`a/node_modules/@s/b` -> `@s/b`), or undefined for a folder.
function installedName(key: string): string | undefined {
  const at = key.lastIndexOf('node_modules/');
  if (at === -1 || (at > 0 && key.charCodeAt(at - 1) !== 47)) return undefined;
  const name = key.slice(at + 'node_modules/'.length);
  return name === '' ? undefined : name;
}

// The last segment of a folder path, the name npm gives a folder package without a `name`.
function folderName(key: string): string {
  const trimmed = key.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || key;
}

function isGitSpec(value: string): boolean {
  return (
    /^(git\+|git:|github:|gitlab:|bitbucket:|gist:|ssh:)/.test(value) ||
    /^[\w.-]+\/[\w.-]+(#.*)?$/.test(value)
  );
}

// Where a v2/v3 install entry comes from, by its `resolved` field (absent for registry packages at times).
function sourceOfResolved(resolved: string | undefined): PackageSource {
  // Registry tarballs (`https://…`) are nearly all of them; git URLs are `git+https:`, not `https:`.
  if (resolved === undefined || resolved.startsWith('https://')) return 'registry';
  if (isGitSpec(resolved)) return 'git';
  if (resolved.startsWith('file:')) return 'path';
  return 'registry';
}

// A license as npm records it: a string, or (old manifests) `{type}` objects.
function licenseOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (isObj(value) && typeof value.type === 'string') return value.type;
  if (Array.isArray(value)) {
    const types = value
      .map((l) => (isObj(l) && typeof l.type === 'string' ? l.type : typeof l === 'string' ? l : ''))
      .filter((t) => t !== '');
    if (types.length === 1) return types[0];
    return types.length > 0 ? `(${types.join(' OR ')})` : undefined;
  }
  return undefined;
}

// Turns npm workspace globs (`packages/*`, `apps/**`, `!packages/old`) into one folder matcher.
function workspaceMatcher(file: string, root: Obj, line: number): (folder: string) => boolean {
  let patterns: unknown = root.workspaces;
  if (patterns === undefined) return () => false;
  if (isObj(patterns)) patterns = patterns.packages;
  if (!Array.isArray(patterns) || patterns.some((p) => typeof p !== 'string'))
    fail(file, 'packages[""].workspaces must be a list of folder patterns', line);
  const include: RegExp[] = [];
  const exclude: RegExp[] = [];
  for (const raw of patterns as string[]) {
    const negated = raw.startsWith('!');
    const pattern = (negated ? raw.slice(1) : raw).replace(/^(\.\/)+/, '').replace(/\/+$/, '');
    const source = pattern
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) =>
        part === '**/'
          ? '(?:.*/)?'
          : part === '**'
            ? '.*'
            : part === '*'
              ? '[^/]*'
              : part === '?'
                ? '[^/]'
                : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    (negated ? exclude : include).push(new RegExp(`^${source}$`));
  }
  return (folder) => include.some((r) => r.test(folder)) && !exclude.some((r) => r.test(folder));
}

// The install entry a dependency `name` of the package at `from` resolves to: `from/node_modules/name`,
// then the same in each enclosing folder, as Node's module resolution walks up.
function resolveFrom(entries: Obj, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    if (dir !== 'node_modules' && !dir.endsWith('/node_modules')) {
      const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
      if (Object.hasOwn(entries, candidate)) return candidate;
    }
    if (dir === '') return undefined;
    const cut = dir.lastIndexOf('/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

// The folder key a `file:` spec names, relative to the project folder `from` (`file:./a/../b` -> `b`).
function folderOfFileSpec(from: string, spec: string): string {
  const parts = from === '' ? [] : from.split('/');
  for (const part of spec.slice('file:'.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

function readPackages(
  file: string,
  text: string,
  data: Obj,
  warnings: LockfileWarning[],
): { packages: LockfilePackage[]; entries: Obj } {
  const entries = data.packages;
  if (!isObj(entries))
    fail(file, `"packages" must be an object of install locations`, lineOfTopKey(text, 'packages'));
  // The keys, entries, lines and installed names are kept in arrays: `packages` can hold 100,000 keys.
  const keys = Object.keys(entries);
  const count = keys.length;
  const lineAt = packageKeyLines(text, keys);
  // For error messages only, so a linear search is fine.
  const lineOf = (key: string) => lineAt[keys.indexOf(key)] ?? 1;

  const rootEntry = entries[''] ?? {};
  if (!isObj(rootEntry)) fail(file, 'packages[""] (the root project) must be an object', lineOf(''));
  const isWorkspace = workspaceMatcher(file, rootEntry, lineOf(''));

  // One pass to check every entry's shape, find link targets and workspace member folders, and note
  // dependencies on tarball URLs: those look like registry packages in their own entry, and only the
  // spec that asked for them says otherwise (rare: a first-character test passes over the others).
  const values: Obj[] = new Array<Obj>(count);
  const installed: (string | undefined)[] = new Array<string | undefined>(count);
  const linkTargets = new Set<string>();
  const projects: string[] = [''];
  const urlSpecs: { from: string; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    const entry = entries[key];
    if (!isObj(entry)) fail(file, `packages["${key}"] must be an object`, lineAt[i]!);
    values[i] = entry;
    const name = key === '' ? undefined : installedName(key);
    installed[i] = name;
    for (const list of name === undefined ? PROJECT_LISTS : PACKAGE_LISTS) {
      const deps = entry[list];
      if (!isObj(deps)) continue;
      for (const dep in deps) {
        const spec = deps[dep];
        if (typeof spec === 'string' && spec.charCodeAt(0) === 104 && /^https?:/.test(spec))
          urlSpecs.push({ from: key, name: dep });
      }
    }
    if (key === '') continue;
    checkEntry(file, key, entry, lineOf);
    if (entry.link === true) {
      // `"resolved": ""` is the root folder itself (a root workspace, or a root that depends on itself).
      if (typeof entry.resolved !== 'string')
        fail(file, `packages["${key}"] is a link without a "resolved" folder`, lineOf(key));
      linkTargets.add(entry.resolved);
    } else if (name === undefined && isWorkspace(key)) {
      projects.push(key);
    }
  }

  // Direct: what the root and the workspace members list, resolved from their folders.
  const direct = new Set<string>();
  for (const project of projects) {
    const entry = (project === '' ? rootEntry : entries[project]) as Obj;
    for (const list of PROJECT_LISTS) {
      const deps = entry[list];
      if (deps === undefined) continue;
      if (!isObj(deps)) fail(file, `packages["${project}"].${list} must be an object`, lineOf(project));
      for (const name in deps) {
        const target = resolveFrom(entries, project, name);
        if (target !== undefined) {
          direct.add(target);
          continue;
        }
        // A `file:` folder that no link points to is found by its path instead.
        const spec = deps[name];
        if (typeof spec === 'string' && spec.startsWith('file:')) direct.add(folderOfFileSpec(project, spec));
      }
    }
  }

  const fromUrl = new Set<string>();
  for (const { from, name } of urlSpecs) {
    const target = resolveFrom(entries, from, name);
    if (target !== undefined) fromUrl.add(target);
  }

  const out: LockfilePackage[] = [];
  let ordered = true;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (key === '') continue;
    const entry = values[i]!;
    const asInstalled = installed[i];
    const line = lineAt[i]!;
    let pkg: LockfilePackage;
    if (entry.link === true) {
      pkg = readLink(key, entry, entries, line, asInstalled, isWorkspace, warnings);
    } else if (asInstalled === undefined) {
      // A folder: a workspace member or linked folder, listed through the links that point to it.
      if (linkTargets.has(key)) continue;
      const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : folderName(key);
      pkg = {
        ecosystem: 'npm',
        name,
        version: typeof entry.version === 'string' ? entry.version : '',
        line,
        source: isWorkspace(key) ? 'workspace' : 'link',
        resolved: key,
        path: key,
      };
      setFlags(pkg, entry);
      setLicense(pkg, entry.license);
    } else {
      const {
        name: realName,
        version,
        resolved,
      } = entry as { name?: string; version?: string; resolved?: string };
      const name = realName === undefined || realName === '' ? asInstalled : realName;
      if (version === undefined || version === '') warnings.push({ message: `${key} has no version`, line });
      // A URL spec can also name a git repository, which `resolved` then shows.
      let source = sourceOfResolved(resolved);
      if (source === 'registry' && fromUrl.has(key)) source = 'url';
      pkg = { ecosystem: 'npm', name, version: version ?? '', line, source, path: key };
      if (name !== asInstalled) pkg.alias = asInstalled;
      if (source !== 'registry' && resolved !== undefined) pkg.resolved = resolved;
      setFlags(pkg, entry);
      setLicense(pkg, entry.license);
    }
    pkg.direct = direct.has(key);
    if (out.length > 0 && out[out.length - 1]!.line > line) ordered = false;
    out.push(pkg);
  }
  // Object key order is file order except for integer-like keys, which JavaScript puts first.
  if (!ordered) out.sort((a, b) => a.line - b.line);
  return { packages: out, entries };
}

/**
 * Each package's dependencies as npm resolves them: a name resolves from the package's own folder up
 * through the enclosing node_modules folders. A link's dependencies are its target folder's, resolved
 * from there; a folder (workspace member, linked folder) also counts its devDependencies.
 */
function edgesOf(entries: Obj, packages: readonly LockfilePackage[]): number[][] {
  // Install locations as a tree: per folder, the packages of its own node_modules by name. Names are
  // then looked up as they are (no key is built per dependency: 100,000 entries list ~150,000 names).
  const children = new Map<string, Map<string, number>>();
  const place = (key: string, index: number) => {
    const cut = key.lastIndexOf('node_modules/');
    if (cut === -1 || (cut > 0 && key.charCodeAt(cut - 1) !== 47)) return;
    const dir = cut === 0 ? '' : key.slice(0, cut - 1);
    let names = children.get(dir);
    if (names === undefined) children.set(dir, (names = new Map<string, number>()));
    const name = key.slice(cut + 'node_modules/'.length);
    if (!names.has(name)) names.set(name, index);
  };
  const folderIndex = new Map<string, number>();
  packages.forEach((pkg, i) => {
    place(pkg.path!, i);
    folderIndex.set(pkg.path!, i);
    // A link's target folder has no package of its own: what resolves to it is the link.
    if (pkg.resolved !== undefined && (pkg.source === 'link' || pkg.source === 'workspace'))
      if (!folderIndex.has(pkg.resolved)) folderIndex.set(pkg.resolved, i);
  });
  // The node_modules folders a package's names resolve through, innermost first, shared by siblings.
  const chains = new Map<string, Map<string, number>[]>();
  const chainOf = (dir: string): Map<string, number>[] => {
    let chain = chains.get(dir);
    if (chain !== undefined) return chain;
    const cut = dir.lastIndexOf('/');
    const outer = dir === '' ? [] : chainOf(cut === -1 ? '' : dir.slice(0, cut));
    const own = children.get(dir);
    chain = own === undefined ? outer : [own, ...outer];
    chains.set(dir, chain);
    return chain;
  };
  return packages.map((pkg, i) => {
    const key = pkg.path!;
    const own = entries[key] as Obj;
    const from = own.link === true && typeof own.resolved === 'string' ? own.resolved : key;
    const entry = entries[from];
    const edges: number[] = [];
    if (!isObj(entry)) return edges;
    const isFolder = installedName(from) === undefined;
    const chain = chainOf(from);
    for (const list of isFolder ? PROJECT_LISTS : PACKAGE_LISTS) {
      const deps = entry[list];
      if (!isObj(deps)) continue;
      for (const name in deps) {
        let at: number | undefined;
        for (let d = 0; at === undefined && d < chain.length; d++) at = chain[d]!.get(name);
        if (at !== undefined && at !== i && !edges.includes(at)) edges.push(at);
      }
    }
    return edges;
  });
}

// A link lists the folder it points to: its name and version, installed under the link's own name.
function readLink(
  key: string,
  entry: Obj,
  entries: Obj,
  line: number,
  asInstalled: string | undefined,
  isWorkspace: (folder: string) => boolean,
  warnings: LockfileWarning[],
): LockfilePackage {
  const target = entry.resolved as string;
  const folder = entries[target];
  if (!isObj(folder))
    warnings.push({ message: `${key} links to ${target}, which has no entry in "packages"`, line });
  const real = isObj(folder) ? folder : {};
  const name = typeof real.name === 'string' && real.name !== '' ? real.name : (asInstalled ?? key);
  const pkg: LockfilePackage = {
    ecosystem: 'npm',
    name,
    version: typeof real.version === 'string' ? real.version : '',
    line,
    source: isWorkspace(target) ? 'workspace' : 'link',
    resolved: target,
    path: key,
  };
  if (asInstalled !== undefined && asInstalled !== name) pkg.alias = asInstalled;
  // npm flags the link; a hand-written file may flag only the folder.
  const flagged = entry.dev !== undefined || entry.optional !== undefined || entry.devOptional !== undefined;
  setFlags(pkg, flagged ? entry : real);
  setLicense(pkg, real.license);
  return pkg;
}

function setLicense(pkg: LockfilePackage, value: unknown): void {
  const license = licenseOf(value);
  if (license !== undefined) pkg.licenses = [license];
}

function setFlags(pkg: LockfilePackage, entry: Obj): void {
  const devOptional = entry.devOptional === true;
  pkg.dev = entry.dev === true && !devOptional;
  pkg.optional = entry.optional === true || devOptional;
}

const STRING_FIELDS = ['name', 'version', 'resolved'] as const;
const FLAG_FIELDS = ['link', 'dev', 'optional', 'devOptional'] as const;

// Refuses an entry whose fields the reader relies on have the wrong type.
function checkEntry(file: string, key: string, entry: Obj, lineOf: (key: string) => number): void {
  const { name, version, resolved, link, dev, optional, devOptional } = entry;
  // The common case in one expression; the field at fault is looked for only when something is wrong.
  if (
    (name === undefined || typeof name === 'string') &&
    (version === undefined || typeof version === 'string') &&
    (resolved === undefined || typeof resolved === 'string') &&
    (link === undefined || typeof link === 'boolean') &&
    (dev === undefined || typeof dev === 'boolean') &&
    (optional === undefined || typeof optional === 'boolean') &&
    (devOptional === undefined || typeof devOptional === 'boolean')
  )
    return;
  for (const field of STRING_FIELDS) {
    const value = entry[field];
    if (value !== undefined && typeof value !== 'string')
      fail(file, `packages["${key}"].${field} must be a string, got ${JSON.stringify(value)}`, lineOf(key));
  }
  for (const field of FLAG_FIELDS) {
    const value = entry[field];
    if (value !== undefined && typeof value !== 'boolean')
      fail(
        file,
        `packages["${key}"].${field} must be true or false, got ${JSON.stringify(value)}`,
        lineOf(key),
      );
  }
}

// The index just past the closing quote of the JSON string that opens at `start`, or -1 if unclosed.
function stringEnd(text: string, start: number): number {
  let end = start + 1;
  for (;;) {
    end = text.indexOf('"', end);
    if (end === -1) return -1;
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end++;
  }
}

function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

// The line of a key of the root object (for errors about it), 1 when not found.
function lineOfTopKey(text: string, key: string): number {
  const at = text.indexOf(`"${key}"`);
  if (at === -1) return 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// Where the keys of the root's `packages` object stand, in one pass over the text (JSON.parse keeps no
// positions): the offset of each key's opening quote and its line, in file order. Strings are skipped
// whole and braces outside them counted, so indentation does not matter; a string directly inside the
// root or `packages` is a key when a colon follows it. The pass ends with the `packages` object unless
// another `packages` key follows (JSON.parse reads the last of duplicate keys).
function scanPackageKeys(text: string): { offsets: number[]; lines: number[] } {
  const offsets: number[] = [];
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let lastTopIsPackages = false;
  let inPackages = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      if (depth === 1 || (depth === 2 && inPackages)) {
        let j = end;
        let next = text.charCodeAt(j);
        while (next === 32 || next === 10 || next === 13 || next === 9) next = text.charCodeAt(++j);
        if (next === 58) {
          if (depth === 2) {
            offsets.push(i);
            lines.push(line);
          } else {
            lastTopIsPackages = end - i === 10 && text.startsWith('packages', i + 1);
          }
        }
      }
      i = end - 1;
    } else if (c === 123) {
      depth++;
      if (depth === 2) inPackages = lastTopIsPackages;
    } else if (c === 125) {
      depth--;
      if (depth === 1 && inPackages) {
        inPackages = false;
        if (text.indexOf('"packages"', i) === -1) break;
      }
    } else if (c === 10) {
      line++;
    }
  }
  return { offsets, lines };
}

// The line of each key of `packages`, in the order of `keys` (Object.keys of the parsed object). The
// scan finds the same keys in the same order unless keys repeat, carry escapes or look like integers
// (which JavaScript orders first); then the lines are matched by key text instead.
function packageKeyLines(text: string, keys: readonly string[]): number[] {
  const { offsets, lines } = scanPackageKeys(text);
  const count = keys.length;
  let aligned = offsets.length === count;
  for (let i = 0; aligned && i < count; i++) {
    const key = keys[i]!;
    const at = offsets[i]! + 1;
    aligned = text.startsWith(key, at) && text.charCodeAt(at + key.length) === 34;
  }
  if (aligned) return lines;
  const byKey = new Map<string, number>();
  for (let i = 0; i < offsets.length; i++) {
    const at = offsets[i]!;
    byKey.set(keyText(text, at, stringEnd(text, at)), lines[i]!);
  }
  return keys.map((key) => byKey.get(key) ?? 1);
}

// Lines of the entries of a v1 `dependencies` tree, by install path (`node_modules/a/node_modules/b`),
// in one pass. Entry keys stand at even depths under a chain of `dependencies` keys; the chain and the
// path so far are kept per depth, so the pass stays linear however deep the tree nests.
