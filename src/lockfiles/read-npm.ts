import { LockfileError } from './errors.js';
import { isObj, type Obj } from './shapes.js';
import { jsonKeyLines, parseJsonLockfile } from './json-lines.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfileResult, LockfilePackage, LockfileWarning, PackageSource } from './types.js';

const SEP = '\u0000';

/** The package name a `node_modules/...` install path ends in (`a/node_modules/@s/b` -> `@s/b`). */
function nameFromPath(key: string): string {
  const at = key.lastIndexOf('node_modules/');
  return at === -1 ? key : key.slice(at + 'node_modules/'.length);
}

function sourceOf(resolved: unknown, version: unknown): PackageSource {
  const r = typeof resolved === 'string' ? resolved : '';
  const v = typeof version === 'string' ? version : '';
  for (const s of [r, v]) {
    if (/^(git\+|git:|github:|gitlab:|bitbucket:)/.test(s) || /^[\w.-]+\/[\w.-]+#/.test(s)) return 'git';
    if (s.startsWith('file:')) return 'path';
    if (s.startsWith('link:')) return 'link';
  }
  if (/^https?:/.test(v)) return 'url';
  return 'registry';
}

function licenseOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObj(value) && typeof value.type === 'string') return value.type;
  if (Array.isArray(value)) {
    const types = value
      .map((l) => (isObj(l) && typeof l.type === 'string' ? l.type : typeof l === 'string' ? l : ''))
      .filter(Boolean);
    return types.length > 0 ? `(${types.join(' OR ')})` : undefined;
  }
  return undefined;
}

const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/**
 * package-lock.json and npm-shrinkwrap.json, lockfileVersion 1 (the nested `dependencies` tree, walked
 * to every depth), 2 and 3 (the flat `packages` map). Aliases come out under the real package name,
 * links and workspace members as `link`/`workspace`, never as registry packages.
 */
export function readNpmLockfile(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data)) throw new LockfileError(path, 'expected a JSON object with lockfileVersion', { line: 1 });
  const version = data.lockfileVersion;
  if (version === undefined)
    throw new LockfileError(path, 'no lockfileVersion: not an npm lockfile', { line: 1 });
  if (version !== 1 && version !== 2 && version !== 3)
    throw new LockfileError(
      path,
      `unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`,
      { line: 1 },
    );
  const warnings: LockfileWarning[] = [];
  // A version 2 file keeps the legacy tree beside `packages`; one without `packages` is read from the tree.
  const legacy = version === 1 || (data.packages === undefined && isObj(data.dependencies));
  if (legacy && version !== 1) {
    warnings.push({
      message: `lockfileVersion ${version} without "packages": read from the legacy "dependencies" tree`,
      line: 1,
    });
  }
  const packages = legacy ? readV1(path, text, data, warnings) : readPackages(path, text, data, warnings);
  return { ecosystem: 'npm', format: `package-lock@${version}`, packages, warnings };
}

function readPackages(path: string, text: string, data: Obj, warnings: LockfileWarning[]): LockfilePackage[] {
  if (!isObj(data.packages))
    throw new LockfileError(
      path,
      `lockfileVersion ${String(data.lockfileVersion)} needs a "packages" object`,
      { line: 1 },
    );
  const entries = data.packages;
  const lines = jsonKeyLines(text, (p) => p.length === 3 && p[1] === 'packages', 3);
  const lineOf = (key: string) => lines.get(['', 'packages', key].join(SEP)) ?? 1;

  // Direct dependencies are those the root or a workspace member names, installed at its top level.
  const directAt = new Set<string>();
  const workspaces = new Set<string>();
  for (const [key, entry] of Object.entries(entries)) {
    if (!isObj(entry) || key.includes('node_modules/')) continue;
    if (key !== '') workspaces.add(key);
    for (const field of DEP_FIELDS) {
      const deps = entry[field];
      if (!isObj(deps)) continue;
      for (const name of Object.keys(deps)) {
        directAt.add(`node_modules/${name}`);
        if (key !== '') directAt.add(`${key}/node_modules/${name}`);
      }
    }
  }

  const out: LockfilePackage[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    if (!key.includes('node_modules/')) continue; // the root and workspace member folders are the project itself
    if (!isObj(entry)) {
      warnings.push({ message: `packages["${key}"] is not an object; skipped`, line: lineOf(key) });
      continue;
    }
    const installedAs = nameFromPath(key);
    const line = lineOf(key);
    let pkg: LockfilePackage;
    if (entry.link === true) {
      const target = typeof entry.resolved === 'string' ? entry.resolved : '';
      const member = entries[target];
      const version = isObj(member) && typeof member.version === 'string' ? member.version : '';
      pkg = {
        ecosystem: 'npm',
        name: isObj(member) && typeof member.name === 'string' ? member.name : installedAs,
        version,
        line,
        source: workspaces.has(target) ? 'workspace' : 'link',
        resolved: target,
        path: key,
      };
    } else {
      const realName = typeof entry.name === 'string' && entry.name !== '' ? entry.name : installedAs;
      const version = typeof entry.version === 'string' ? entry.version : '';
      if (version === '') warnings.push({ message: `${key} has no version`, line });
      pkg = {
        ecosystem: 'npm',
        name: realName,
        version,
        line,
        source: sourceOf(entry.resolved, entry.version),
        path: key,
      };
      if (realName !== installedAs) pkg.alias = installedAs;
      if (typeof entry.resolved === 'string' && pkg.source !== 'registry') pkg.resolved = entry.resolved;
    }
    pkg.direct = directAt.has(key);
    pkg.dev = entry.dev === true || entry.devOptional === true;
    pkg.optional = entry.optional === true || entry.devOptional === true;
    const license = licenseOf(entry.license);
    if (license !== undefined) pkg.license = license;
    out.push(pkg);
  }
  return out;
}

function readV1(path: string, text: string, data: Obj, warnings: LockfileWarning[]): LockfilePackage[] {
  const lines = jsonKeyLines(text, (p) => p.length >= 3 && p[p.length - 2] === 'dependencies');
  const out: LockfilePackage[] = [];
  if (data.dependencies !== undefined && !isObj(data.dependencies))
    throw new LockfileError(path, '"dependencies" must be an object', { line: 1 });
  // Depth-first over the nested trees, with an explicit stack: real trees nest deeply.
  const stack: { deps: Obj; keyPath: string[]; installPath: string }[] = [
    { deps: data.dependencies ?? {}, keyPath: ['', 'dependencies'], installPath: '' },
  ];
  while (stack.length > 0) {
    const { deps, keyPath, installPath } = stack.pop()!;
    const children: typeof stack = [];
    for (const [name, entry] of Object.entries(deps)) {
      const entryPath = [...keyPath, name];
      const line = lines.get(entryPath.join(SEP)) ?? 1;
      if (!isObj(entry)) {
        warnings.push({ message: `dependency "${name}" is not an object; skipped`, line });
        continue;
      }
      const installAt = `${installPath}node_modules/${name}`;
      const raw = typeof entry.version === 'string' ? entry.version : '';
      let realName = name;
      let version = raw;
      const alias = /^npm:((?:@[^/]+\/)?[^@]+)@(.+)$/.exec(raw);
      if (alias !== null) {
        realName = alias[1]!;
        version = alias[2]!;
      }
      const source = sourceOf(entry.resolved, raw);
      if (source !== 'registry')
        version = typeof entry.version === 'string' && /^\d/.test(entry.version) ? entry.version : '';
      const pkg: LockfilePackage = {
        ecosystem: 'npm',
        name: realName,
        version,
        line,
        source,
        path: installAt,
        dev: entry.dev === true,
        optional: entry.optional === true,
      };
      if (realName !== name) pkg.alias = name;
      if (source !== 'registry') pkg.resolved = typeof entry.resolved === 'string' ? entry.resolved : raw;
      out.push(pkg);
      if (isObj(entry.dependencies))
        children.push({
          deps: entry.dependencies,
          keyPath: [...entryPath, 'dependencies'],
          installPath: `${installAt}/`,
        });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}
