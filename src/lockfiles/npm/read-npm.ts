import { LockfileError } from '../errors.js';
import { parseJsonLockfile } from '../syntax/json-lines.js';
import { noteScan } from '../syntax/scan-paths.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { MANIFEST_LISTS, parsePackageJson } from './package-json.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

// The dependency lists of a project (the root or a workspace member) that npm installs.
const PROJECT_LISTS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;
// The lists of an installed package whose specs can name a tarball URL.
const PACKAGE_LISTS = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

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
export function readNpmLockfile(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  // A conflict marker stands at the start of a line, where valid JSON has only whitespace, a value or
  // punctuation (a string cannot hold a raw line break): a text that parses has none, so the markers
  // are looked for only when the parse fails, and are then reported before the syntax error.
  let data: unknown;
  try {
    data = parseJsonLockfile(path, text);
  } catch (error) {
    assertNoConflictMarkers(path, text);
    throw error;
  }
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
    const { packages, dependencies } = readTree(path, text, data, warnings, options);
    const result: LockfileResult = { ecosystem: 'npm', format, packages, warnings };
    if (dependencies !== undefined) result.dependencies = dependencies;
    return result;
  }
  const { packages, entries } = readPackages(path, text, data, warnings);
  if (options.sources === true) keepSources(packages, entries);
  const result: LockfileResult = { ecosystem: 'npm', format, packages, warnings };
  if (options.edges === true) result.dependencies = edgesOf(entries, packages);
  return result;
}

// Each installed package's `resolved` URL and `integrity`, from its entry, read after the common pass
// so that a read without them costs nothing more. Links and folders keep their target folder.
function keepSources(packages: LockfilePackage[], entries: Obj): void {
  for (const pkg of packages) {
    if (pkg.source === 'link' || pkg.source === 'workspace' || pkg.path === undefined) continue;
    const entry = entries[pkg.path] as Obj;
    setSource(pkg, entry);
  }
}

function setSource(pkg: LockfilePackage, entry: Obj): void {
  if (typeof entry.resolved === 'string' && entry.resolved !== '') pkg.resolved = entry.resolved;
  if (typeof entry.integrity === 'string' && entry.integrity !== '') pkg.integrity = entry.integrity;
  // Shipped inside another package's tarball (v2/v3 `inBundle`, v1 `bundled`): nothing of its own to fetch.
  if (entry.inBundle === true || entry.bundled === true) pkg.bundled = true;
  // npm 7+ records `hasInstallScript` for a package with preinstall, install or postinstall.
  if (entry.hasInstallScript === true) pkg.installScript = true;
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

function isTarballPath(value: string): boolean {
  return /\.(tgz|tar\.gz|tar)$/i.test(value);
}

// Where a v2/v3 install entry comes from, by its `resolved` field (absent for registry packages at times).
function sourceOfResolved(resolved: string | undefined): PackageSource {
  // Registry tarballs (`https://…`) are nearly all of them; git URLs are `git+https:`, not `https:`.
  if (resolved === undefined || resolved.startsWith('https://')) return 'registry';
  if (isGitSpec(resolved)) return 'git';
  if (resolved.startsWith('file:')) return 'path';
  return 'registry';
}

// The version in a tarball's file name (`…/isarray-2.0.5.tgz` -> `2.0.5`), as npm reads it for v1
// entries whose version is the tarball itself; '' when the name does not follow `<name>-<version>`.
function versionFromTarball(name: string, spec: string): string {
  const file = spec.replace(/[?#].*$/, '').replace(/^.*[/\\]/, '');
  const base = name.slice(name.lastIndexOf('/') + 1);
  const match = /^(.*)\.(tgz|tar\.gz|tar)$/i.exec(file);
  if (match === null || !file.startsWith(`${base}-`)) return '';
  const version = match[1]!.slice(base.length + 1);
  return /^\d+\.\d+\.\d+/.test(version) ? version : '';
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
  const { lineAt, httpStrings, httpIn } = packageKeyLines(text, keys);
  // For error messages only, so a linear search is fine.
  const lineOf = (key: string) => lineAt[keys.indexOf(key)] ?? 1;

  const rootEntry = entries[''] ?? {};
  if (!isObj(rootEntry)) fail(file, 'packages[""] (the root project) must be an object', lineOf(''));
  const isWorkspace = workspaceMatcher(file, rootEntry, lineOf(''));

  // One pass over the entries, each read once: check its shape, note link targets, workspace member
  // folders and dependencies on tarball URLs (those look like registry packages in their own entry,
  // and only the spec that asked for them says otherwise), and build its package. Which packages are
  // direct or from a URL is known only once every entry has been seen: those are set afterwards.
  const linkTargets = new Set<string>();
  const projects: string[] = [''];
  const urlSpecs: { from: string; name: string }[] = [];
  // The strings read as `http…` seen in the entries: `resolved` values and the specs of projects.
  let httpSeen = 0;
  const out: LockfilePackage[] = [];
  // Where folders stand in `out`: those some link points to are listed through their links instead.
  const folderAt: number[] = [];
  let ordered = true;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    const entry = entries[key];
    const line = lineAt[i]!;
    if (!isObj(entry)) fail(file, `packages["${key}"] must be an object`, line);
    const name = key === '' ? undefined : installedName(key);
    if (name === undefined) httpSeen += noteUrlSpecs(key, entry, PROJECT_LISTS, urlSpecs);
    if (key === '') continue;
    const resolved = entry.resolved;
    const resolvedHttp = typeof resolved === 'string' && resolved.startsWith('http');
    if (resolvedHttp) httpSeen++;
    checkEntry(file, key, entry, lineOf);
    // With a count per entry, only an entry with another string than its `resolved` that starts with
    // `"http` has its specs read.
    if (httpIn !== undefined && name !== undefined && httpIn[i]! > (resolvedHttp ? 1 : 0))
      noteUrlSpecs(key, entry, PACKAGE_LISTS, urlSpecs);
    let pkg: LockfilePackage;
    if (entry.link === true) {
      // `"resolved": ""` is the root folder itself: npm writes it for a root that is its own workspace
      // (`"workspaces": ["./"]`) or that depends on itself (`"name": "file:"`).
      if (typeof entry.resolved !== 'string')
        fail(file, `packages["${key}"] is a link without a "resolved" folder`, line);
      linkTargets.add(entry.resolved);
      pkg = readLink(key, entry, entries, line, name, isWorkspace, warnings);
    } else if (name === undefined) {
      // A folder: a workspace member or linked folder, listed through the links that point to it.
      const workspace = isWorkspace(key);
      if (workspace) projects.push(key);
      folderAt.push(out.length);
      pkg = readFolder(key, entry, line, workspace);
    } else {
      if (typeof entry.version !== 'string' || entry.version === '')
        warnings.push({ message: `${key} has no version`, line });
      pkg = readInstalled(key, entry, line, name, false);
    }
    if (out.length > 0 && out[out.length - 1]!.line > line) ordered = false;
    out.push(pkg);
  }

  // The specs of installed packages are read only when some value of the entries' fields or dependency
  // lists that may read as `http…` is not one of those seen: usually each is a `resolved` URL, and no
  // spec can be a URL.
  if (httpIn === undefined && httpStrings !== httpSeen)
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      if (key !== '' && installedName(key) !== undefined)
        noteUrlSpecs(key, entries[key] as Obj, PACKAGE_LISTS, urlSpecs);
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

  // Folders a link points to are left out; what a URL spec asked for is rebuilt as `url` (with its
  // `resolved`); direct dependencies are marked.
  let kept = 0;
  let nextFolder = 0;
  for (let i = 0; i < out.length; i++) {
    let pkg = out[i]!;
    const key = pkg.path!;
    if (folderAt[nextFolder] === i) {
      nextFolder++;
      if (linkTargets.has(key)) continue;
    }
    if (fromUrl.size > 0 && pkg.source === 'registry' && fromUrl.has(key))
      pkg = readInstalled(key, entries[key] as Obj, pkg.line, installedName(key)!, true);
    if (direct.has(key)) pkg.direct = true;
    out[kept++] = pkg;
  }
  out.length = kept;
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

// Notes the dependencies in the lists of `entry` whose spec is a tarball URL (rare: a first-character
// test passes over the others); returns how many specs read as `http…`.
function noteUrlSpecs(
  from: string,
  entry: Obj,
  lists: readonly string[],
  urlSpecs: { from: string; name: string }[],
): number {
  let http = 0;
  for (const list of lists) {
    const deps = entry[list];
    if (!isObj(deps)) continue;
    for (const name in deps) {
      const spec = deps[name];
      if (typeof spec !== 'string' || spec.charCodeAt(0) !== 104) continue;
      if (spec.startsWith('http')) http++;
      if (/^https?:/.test(spec)) urlSpecs.push({ from, name });
    }
  }
  return http;
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
  pkg.direct = false;
  return pkg;
}

// A folder no link may point to: a workspace member or a linked folder.
function readFolder(key: string, entry: Obj, line: number, workspace: boolean): LockfilePackage {
  const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : folderName(key);
  const pkg: LockfilePackage = {
    ecosystem: 'npm',
    name,
    version: typeof entry.version === 'string' ? entry.version : '',
    line,
    source: workspace ? 'workspace' : 'link',
    resolved: key,
    path: key,
  };
  setFlags(pkg, entry);
  setLicense(pkg, entry.license);
  pkg.direct = false;
  return pkg;
}

/**
 * A package installed at `key` under the name `asInstalled`, `direct: false` until the direct ones are
 * known. The usual entry (a registry package under its own name) is built in one object literal with
 * every field in place: adding fields one by one costs several times as much on 100,000 entries.
 */
function readInstalled(
  key: string,
  entry: Obj,
  line: number,
  asInstalled: string,
  fromUrl: boolean,
): LockfilePackage {
  const {
    name: realName,
    version = '',
    resolved,
    license: rawLicense,
  } = entry as { name?: string; version?: string; resolved?: string; license?: unknown };
  const name = realName === undefined || realName === '' ? asInstalled : realName;
  // A URL spec can also name a git repository, which `resolved` then shows.
  let source = sourceOfResolved(resolved);
  if (source === 'registry' && fromUrl) source = 'url';
  const devOptional = entry.devOptional === true;
  const dev = entry.dev === true && !devOptional;
  const optional = entry.optional === true || devOptional;
  const license = licenseOf(rawLicense);
  if (name === asInstalled && (source === 'registry' || resolved === undefined))
    return license === undefined
      ? { ecosystem: 'npm', name, version, line, source, path: key, dev, optional, direct: false }
      : {
          ecosystem: 'npm',
          name,
          version,
          line,
          source,
          path: key,
          dev,
          optional,
          licenses: [license],
          direct: false,
        };
  const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source, path: key };
  if (name !== asInstalled) pkg.alias = asInstalled;
  if (source !== 'registry' && resolved !== undefined) pkg.resolved = resolved;
  pkg.dev = dev;
  pkg.optional = optional;
  if (license !== undefined) pkg.licenses = [license];
  pkg.direct = false;
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

/**
 * The v1 tree: entries keyed by name, each with a version, flags, its own nested `dependencies` and
 * the names it `requires`. A requirement resolves as Node resolves it over the nested folders: the
 * entry's own nested `dependencies` first, then those of each enclosing entry, up to the root level.
 * The resolved requirements are the edges (`edges`); they are resolved only when asked for or when no
 * manifest says which packages are direct.
 */
function readTree(
  file: string,
  text: string,
  data: Obj,
  warnings: LockfileWarning[],
  options: ReadOptions,
): { packages: LockfilePackage[]; dependencies?: number[][] } {
  const top = data.dependencies;
  if (top === undefined) return { packages: [], ...(options.edges === true ? { dependencies: [] } : {}) };
  const lines = treeKeyLines(text);
  if (!isObj(top)) fail(file, '"dependencies" must be an object', lineOfTopKey(text, 'dependencies'));
  const sources = options.sources === true;
  const manifest = options.manifest === undefined ? undefined : parsePackageJson(options.manifest, warnings);
  const resolve = options.edges === true || manifest === undefined;
  let out: LockfilePackage[] = [];
  // Per package (in `out` order): its entry, whether it stands at the root level, and (when resolving)
  // the entries its requirements resolve to.
  let objs: Obj[] = [];
  let atRoot: boolean[] = [];
  let targets: Obj[][] = [];
  let ordered = true;
  // The entries in scope by name, innermost last: each frame's names are added when it is entered and
  // taken off when it is left, so that a lookup costs the same at any depth.
  const scope = new Map<string, Obj[]>();
  const enter = (deps: Obj, names: readonly string[]) => {
    for (const name of names) {
      const found = scope.get(name);
      if (found === undefined) scope.set(name, [deps[name] as Obj]);
      else found.push(deps[name] as Obj);
    }
  };
  // Depth-first, entries before their nested trees (file order), with an explicit stack: real trees
  // nest deeply and a crafted one must not overflow the call stack.
  const topNames = Object.keys(top);
  const stack: { deps: Obj; names: string[]; at: number; prefix: string }[] = [
    { deps: top, names: topNames, at: 0, prefix: '' },
  ];
  if (resolve) enter(top, topNames);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.at >= frame.names.length) {
      stack.pop();
      if (resolve) for (const name of frame.names) scope.get(name)!.pop();
      continue;
    }
    const name = frame.names[frame.at++]!;
    const installPath = `${frame.prefix}node_modules/${name}`;
    const line = lines.get(installPath) ?? 1;
    const entry = frame.deps[name];
    if (!isObj(entry)) fail(file, `dependencies entry ${installPath} must be an object`, line);
    const pkg = readTreeEntry(file, name, installPath, entry, line, warnings);
    if (sources && pkg.source !== 'link') setSource(pkg, entry);
    if (out.length > 0 && out[out.length - 1]!.line > line) ordered = false;
    out.push(pkg);
    objs.push(entry);
    atRoot.push(stack.length === 1);
    const nested = entry.dependencies;
    if (nested !== undefined && !isObj(nested))
      fail(file, `${installPath}: "dependencies" must be an object`, line);
    if (resolve) {
      const found: Obj[] = [];
      const requires = entry.requires;
      if (isObj(requires))
        for (const required in requires) {
          if (nested !== undefined && Object.hasOwn(nested, required)) {
            found.push(nested[required] as Obj);
            continue;
          }
          const inScope = scope.get(required);
          if (inScope !== undefined && inScope.length > 0) found.push(inScope[inScope.length - 1]!);
        }
      targets.push(found);
    }
    if (nested === undefined) continue;
    const names = Object.keys(nested);
    stack.push({ deps: nested, names, at: 0, prefix: `${installPath}/` });
    if (resolve) enter(nested, names);
  }
  // As for `packages`: integer-like names come first in key order, so put them back in file order.
  if (!ordered) {
    const order = out.map((_, i) => i).sort((a, b) => out[a]!.line - out[b]!.line);
    out = order.map((i) => out[i]!);
    objs = order.map((i) => objs[i]!);
    atRoot = order.map((i) => atRoot[i]!);
    if (resolve) targets = order.map((i) => targets[i]!);
  }
  let dependencies: number[][] | undefined;
  let required: Uint8Array | undefined;
  if (resolve) {
    const indexOf = new Map<Obj, number>();
    objs.forEach((entry, i) => indexOf.set(entry, i));
    dependencies = targets.map((found, i) => {
      const edges: number[] = [];
      for (const target of found) {
        const to = indexOf.get(target);
        if (to !== undefined && to !== i && !edges.includes(to)) edges.push(to);
      }
      return edges;
    });
    required = new Uint8Array(out.length);
    for (const edges of dependencies) for (const to of edges) required[to] = 1;
  }
  markTreeDirect(out, atRoot, manifest, required);
  return { packages: out, ...(options.edges === true ? { dependencies } : {}) };
}

/**
 * Which v1 packages are direct: the root's dependencies are not in the lockfile, but they are always
 * installed at the root level, so a nested entry is never direct. With the package.json beside it, a
 * root-level entry is direct when one of its dependency lists names it (a workspace root's manifest
 * does not list its members' dependencies: the rest stays unknown there). Without one, a root-level
 * entry that no entry requires can only be there for the root, so it is direct; one that some entry
 * requires may be direct as well, and stays unknown, as does a linked folder (it may be a workspace
 * member, which the root does not list).
 */
function markTreeDirect(
  packages: LockfilePackage[],
  atRoot: readonly boolean[],
  manifest: Record<string, unknown> | undefined,
  required: Uint8Array | undefined,
): void {
  let named: Set<string> | undefined;
  let members = false;
  if (manifest !== undefined) {
    named = new Set<string>();
    for (const key of MANIFEST_LISTS) {
      const list = manifest[key];
      if (!isObj(list)) continue;
      for (const name in list) if (typeof list[name] === 'string') named.add(name);
    }
    members = manifest.workspaces !== undefined;
  }
  packages.forEach((pkg, i) => {
    if (!atRoot[i]) pkg.direct = false;
    else if (named !== undefined) {
      const direct = named.has(pkg.alias ?? pkg.name);
      if (direct || !members) pkg.direct = direct;
    } else if (required !== undefined && required[i] === 0 && pkg.source !== 'link') pkg.direct = true;
  });
}

function readTreeEntry(
  file: string,
  name: string,
  installPath: string,
  entry: Obj,
  line: number,
  warnings: LockfileWarning[],
): LockfilePackage {
  const raw = entry.version;
  if (typeof raw !== 'string' || raw === '') fail(file, `${installPath} has no version`, line);
  for (const field of ['resolved', 'from'] as const) {
    const value = entry[field];
    // npm 6 writes `"resolved": false` for the dependencies bundled inside another package's tarball.
    if (value !== undefined && typeof value !== 'string' && !(field === 'resolved' && value === false))
      fail(file, `${installPath}: "${field}" must be a string`, line);
  }
  for (const field of ['dev', 'optional'] as const) {
    if (entry[field] !== undefined && typeof entry[field] !== 'boolean')
      fail(file, `${installPath}: "${field}" must be true or false`, line);
  }
  const resolved = typeof entry.resolved === 'string' ? entry.resolved : undefined;
  let realName = name;
  let version = raw;
  let source: PackageSource = 'registry';
  let where: string | undefined;
  if (raw.startsWith('npm:')) {
    // An alias: `npm:<real name>@<version>`, the real name possibly scoped.
    const spec = raw.slice(4);
    const at = spec.lastIndexOf('@');
    if (at <= 0) fail(file, `${installPath}: malformed alias version ${JSON.stringify(raw)}`, line);
    realName = spec.slice(0, at);
    version = spec.slice(at + 1);
  } else if (raw.startsWith('file:')) {
    // npm links `file:` folders and unpacks `file:` tarballs; v1 records neither's version, and npm
    // itself takes a tarball's from its file name.
    source = isTarballPath(raw) ? 'path' : 'link';
    version = source === 'path' ? versionFromTarball(name, raw) : '';
    where = raw;
  } else if (isGitSpec(raw)) {
    source = 'git';
    version = '';
    where = raw;
  } else if (/^https?:/.test(raw)) {
    source = 'url';
    version = versionFromTarball(name, raw);
    where = raw;
  } else if (resolved !== undefined && isGitSpec(resolved)) {
    source = 'git';
    where = resolved;
  } else if (resolved?.startsWith('file:') === true) {
    source = 'path';
    where = resolved;
  }
  if (source === 'registry' && !/^\d/.test(version))
    warnings.push({ message: `${installPath} has an unusual version ${JSON.stringify(raw)}`, line });
  const pkg: LockfilePackage = {
    ecosystem: 'npm',
    name: realName,
    version,
    line,
    source,
    path: installPath,
    dev: entry.dev === true,
    optional: entry.optional === true,
  };
  if (realName !== name) pkg.alias = name;
  if (where !== undefined) pkg.resolved = where;
  return pkg;
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
// another `packages` key follows (JSON.parse reads the last of duplicate keys). Also counts the values
// of the entries' own fields and of their dependency lists that may read as `http…` once unescaped (an
// upper bound of the `resolved` URLs and of the specs that are URLs: see readPackages); `funding`
// objects and arrays hold URLs that are neither and are left out.
//
// Used where `skimPackageKeys` gives up (escapes, repeated or integer-like keys, deep nesting). The pass
// goes from token to token (a string, `{`, `}`) with native searches rather than character by
// character: a CLI or Action run reads one lockfile in a fresh process, where a loop over every
// character runs unoptimised (about 10x a bare JSON.parse of the text); there are ten times fewer
// tokens than characters. Lines are counted only up to each key (a JSON string holds no raw newline).
function scanPackageKeys(text: string): {
  offsets: number[];
  lines: number[];
  httpStrings: number;
  escapedTopKey: boolean;
} {
  const offsets: number[] = [];
  const lines: number[] = [];
  let httpStrings = 0;
  // A root key with an escape may spell `packages` unseen by the scan.
  let escapedTopKey = false;
  let depth = 0;
  let line = 1;
  let nextNewline = text.indexOf('\n');
  let lastTopIsPackages = false;
  let inPackages = false;
  // The quote of the last string read (an object's key when a `{` follows it), and whether the object
  // open at depth 4 is an entry's dependency list (only those hold specs).
  let lastString = -1;
  let inList = false;
  const length = text.length;
  // The next of each token at or after where the pass stands (`length` when there is none); a brace
  // found inside a string is looked for again after it.
  const after = (c: string, from: number) => {
    const at = text.indexOf(c, from);
    return at === -1 ? length : at;
  };
  let nextQuote = after('"', 0);
  let nextOpen = after('{', 0);
  let nextClose = after('}', 0);
  for (;;) {
    if (nextQuote < nextOpen && nextQuote < nextClose) {
      const i = nextQuote;
      // Most strings hold no escape: their end is the next quote, found here without a call.
      const close = text.indexOf('"', i + 1);
      const end = close !== -1 && text.charCodeAt(close - 1) !== 92 ? close + 1 : stringEnd(text, i);
      if (end === -1) break;
      if (depth === 1 || (depth === 2 && inPackages)) {
        if (isKey(text, end)) {
          if (depth === 2) {
            while (nextNewline !== -1 && nextNewline < i) {
              line++;
              nextNewline = text.indexOf('\n', nextNewline + 1);
            }
            offsets.push(i);
            lines.push(line);
          } else {
            lastTopIsPackages = end - i === 10 && text.startsWith('packages', i + 1);
            if (!escapedTopKey && text.slice(i + 1, end - 1).includes('\\')) escapedTopKey = true;
          }
        }
      } else if ((depth === 3 && inPackages) || (depth === 4 && inList)) {
        const first = text.charCodeAt(i + 1);
        if ((first === 104 || first === 92) && mayReadAsHttp(text, i + 1) && isValue(text, i)) httpStrings++;
      }
      lastString = i;
      nextQuote = text.indexOf('"', end);
      if (nextQuote === -1) nextQuote = length;
      if (nextOpen < end) nextOpen = after('{', end);
      if (nextClose < end) nextClose = after('}', end);
    } else if (nextOpen < nextClose) {
      depth++;
      if (depth === 2) inPackages = lastTopIsPackages;
      else if (depth === 4 && inPackages) inList = lastString !== -1 && isDependencyList(text, lastString);
      nextOpen = after('{', nextOpen + 1);
    } else if (nextClose < length) {
      const i = nextClose;
      depth--;
      if (depth === 1 && inPackages) {
        inPackages = false;
        if (text.indexOf('"packages"', i) === -1) {
          // The root keys left unread may spell `packages` with an escape.
          if (text.indexOf('\\', i) !== -1) escapedTopKey = true;
          break;
        }
      }
      nextClose = after('}', i + 1);
    } else break;
  }
  return { offsets, lines, httpStrings, escapedTopKey };
}

// A JSON string, and a JSON value of up to six nested objects or arrays, for the regular expressions
// below: irregexp matches them natively, where a fresh process would run a JavaScript loop over the
// same characters unoptimised.
const JSON_STRING = String.raw`"[^"\\]*(?:\\.[^"\\]*)*"`;
let nested = String.raw`[\[{](?:[^"[\]{}]|${JSON_STRING})*[\]}]`;
for (let depth = 1; depth < 6; depth++)
  nested = String.raw`[\[{](?:[^"[\]{}]|${JSON_STRING}|${nested})*[\]}]`;
const JSON_VALUE = String.raw`(?:${JSON_STRING}|${nested}|[^\s,\]}"[{]+)`;
/** One member of an object (its leading white space, its key, its value) and the `,` or `}` after it. */
const MEMBER = new RegExp(String.raw`(\s*)(${JSON_STRING})\s*:\s*(?:${JSON_VALUE})\s*([,}])`, 'y');
/** A member whose value is an object, up to its `{`. */
const OBJECT_MEMBER = new RegExp(String.raw`(\s*)(${JSON_STRING})\s*:\s*\{`, 'y');

/**
 * What `scanPackageKeys` finds, found a member at a time by the regular expressions above, for a text
 * that JSON.parse has read: each member of the root and of `packages` is matched whole, its nested
 * values skipped natively. Undefined (the scan then reads the text) for anything else: a value nested
 * deeper, a backslash anywhere in the root keys or in `packages` (an escape may spell `http` or
 * `packages`), a second `packages` key, an empty `packages`.
 *
 * `httpIn` counts, per member of `packages`, the strings in it that start with `"http` (with no
 * backslash, no spec spells `http` otherwise): an entry whose only such string is its `resolved` URL
 * has no spec that is a URL.
 */
function skimPackageKeys(text: string): { offsets: number[]; lines: number[]; httpIn: number[] } | undefined {
  let at = text.indexOf('{');
  if (at === -1) return undefined;
  at++;
  // The root's members up to `packages`.
  let found = false;
  for (;;) {
    OBJECT_MEMBER.lastIndex = at;
    const open = OBJECT_MEMBER.exec(text);
    if (open !== null && open[2] === '"packages"') {
      at = OBJECT_MEMBER.lastIndex;
      found = true;
      break;
    }
    MEMBER.lastIndex = at;
    const member = MEMBER.exec(text);
    if (member === null || member[2]!.includes('\\') || member[3] === '}') return undefined;
    at = MEMBER.lastIndex;
  }
  if (!found) return undefined;
  const start = at;
  const offsets: number[] = [];
  const lines: number[] = [];
  const httpIn: number[] = [];
  let line = 1;
  let newline = text.indexOf('\n');
  let http = text.indexOf('"http', at);
  for (;;) {
    MEMBER.lastIndex = at;
    const member = MEMBER.exec(text);
    if (member === null) return undefined;
    const key = at + member[1]!.length;
    while (newline !== -1 && newline < key) {
      line++;
      newline = text.indexOf('\n', newline + 1);
    }
    offsets.push(key);
    lines.push(line);
    at = MEMBER.lastIndex;
    let strings = 0;
    while (http !== -1 && http < at) {
      strings++;
      http = text.indexOf('"http', http + 5);
    }
    httpIn.push(strings);
    if (member[3] === '}') break;
  }
  // No backslash after `packages` opens: none in its keys or values, none in the root keys after it
  // (which could spell `packages` again), so that a second `packages` is seen as such.
  if (text.indexOf('\\', start) !== -1 || text.indexOf('"packages"', at) !== -1) return undefined;
  return { offsets, lines, httpIn };
}

// Whether the string that ends before `end` is a key: a colon follows it.
function isKey(text: string, end: number): boolean {
  let j = end;
  let next = text.charCodeAt(j);
  while (next === 32 || next === 10 || next === 13 || next === 9) next = text.charCodeAt(++j);
  return next === 58;
}

// Whether the string whose quote is at `at` is the value of a key (a colon comes before it), not an
// item of an array (`funding` lists URLs) nor a key.
function isValue(text: string, at: number): boolean {
  let j = at - 1;
  let previous = text.charCodeAt(j);
  while (previous === 32 || previous === 10 || previous === 13 || previous === 9)
    previous = text.charCodeAt(--j);
  return previous === 58;
}

// Whether the key whose quote is at `at` may name a dependency list of an entry once unescaped (one
// with an escape may: it is counted rather than read).
function isDependencyList(text: string, at: number): boolean {
  const end = stringEnd(text, at);
  const key = text.slice(at + 1, end - 1);
  return PROJECT_LISTS.includes(key as (typeof PROJECT_LISTS)[number]) || key.includes('\\');
}

// Whether the JSON string whose text starts at `at` may read `http` once unescaped: it starts with
// `http`, or with an escape, or with `h` and an escape among the next three characters.
function mayReadAsHttp(text: string, at: number): boolean {
  const first = text.charCodeAt(at);
  if (first === 92) return true;
  if (first !== 104) return false;
  if (text.startsWith('ttp', at + 1)) return true;
  return text.charCodeAt(at + 1) === 92 || text.charCodeAt(at + 2) === 92 || text.charCodeAt(at + 3) === 92;
}

// The line of each key of `packages`, in the order of `keys` (Object.keys of the parsed object). The
// scan finds the same keys in the same order unless keys repeat (the scan then finds more than there
// are) or look like integers (which JavaScript orders first, so that the first key is one: such keys
// start with a digit); then the lines are matched by key text instead. Escapes do not change the order.
function packageKeyLines(
  text: string,
  keys: readonly string[],
): { lineAt: number[]; httpStrings: number; httpIn?: number[] } {
  const count = keys.length;
  let skimmed: ReturnType<typeof skimPackageKeys>;
  try {
    skimmed = skimPackageKeys(text);
  } catch (error) {
    // A value too long for the regular expressions' backtracking stack (a string of megabytes).
    if (!(error instanceof RangeError)) throw error;
    skimmed = undefined;
  }
  // The skim's keys are JSON.parse's when they are as many, none repeated and none integer-like (it
  // reads no escapes): checked by their text, as their order is.
  if (skimmed !== undefined && skimmed.offsets.length === count) {
    let same = true;
    for (let i = 0; same && i < count; i++) {
      const key = keys[i]!;
      const at = skimmed.offsets[i]! + 1;
      same = text.startsWith(key, at) && text.charCodeAt(at + key.length) === 34;
    }
    if (same) {
      noteScan('npm-keys', true);
      return { lineAt: skimmed.lines, httpStrings: -1, httpIn: skimmed.httpIn };
    }
  }
  noteScan('npm-keys', false);
  const { offsets, lines, httpStrings, escapedTopKey } = scanPackageKeys(text);
  const first = count === 0 ? -1 : keys[0]!.charCodeAt(0);
  let aligned = offsets.length === count && !(first >= 48 && first <= 57);
  // Unless a root key is escaped (then the scan may have read another `packages` object than
  // JSON.parse kept): then each key is compared with the text.
  for (let i = 0; aligned && escapedTopKey && i < count; i++) {
    const key = keys[i]!;
    const at = offsets[i]! + 1;
    aligned = text.startsWith(key, at) && text.charCodeAt(at + key.length) === 34;
  }
  if (aligned) return { lineAt: lines, httpStrings };
  const byKey = new Map<string, number>();
  for (let i = 0; i < offsets.length; i++) {
    const at = offsets[i]!;
    byKey.set(keyText(text, at, stringEnd(text, at)), lines[i]!);
  }
  return { lineAt: keys.map((key) => byKey.get(key) ?? 1), httpStrings };
}

// Lines of the entries of a v1 `dependencies` tree, by install path (`node_modules/a/node_modules/b`),
// in one pass. Entry keys stand at even depths under a chain of `dependencies` keys; the chain and the
// path so far are kept per depth, so the pass stays linear however deep the tree nests.
function treeKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  // Per depth: the last key read there, whether the object at that depth is part of the tree, and
  // (at entry depths) the install path of the last entry.
  const lastKey: string[] = [''];
  const inTree: boolean[] = [false];
  const pathAt: string[] = [''];
  const isObject: boolean[] = [false];
  let depth = 0;
  let line = 1;
  let expectKey = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      if (expectKey) {
        // Keys are read only where they can matter: in the root and inside the tree's objects.
        if (inTree[depth] === true) {
          const key = keyText(text, i, end);
          lastKey[depth] = key;
          if (depth >= 2 && depth % 2 === 0) {
            const path = depth === 2 ? `node_modules/${key}` : `${pathAt[depth - 2]}/node_modules/${key}`;
            pathAt[depth] = path;
            lines.set(path, line);
          }
        } else {
          lastKey[depth] = '';
        }
        expectKey = false;
      }
      i = end - 1;
    } else if (c === 123 || c === 91) {
      const parentInTree = inTree[depth] === true;
      const parentKey = lastKey[depth] ?? '';
      depth++;
      isObject[depth] = c === 123;
      // An entries object is the value of a `dependencies` key (odd depth); an entry is any key's value
      // in an entries object (even depth).
      inTree[depth] =
        depth === 1
          ? c === 123
          : c === 123 && parentInTree && (depth % 2 === 1 || parentKey === 'dependencies');
      lastKey[depth] = '';
      expectKey = c === 123;
    } else if (c === 125 || c === 93) {
      depth--;
      expectKey = false;
    } else if (c === 44) {
      expectKey = isObject[depth] === true;
    }
  }
  return lines;
}
