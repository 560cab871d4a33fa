import { LockfileError } from './errors.js';
import { parseYamlDocuments } from './parse-yaml.js';
import { isObj, type Obj } from './shapes.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from './types.js';

const unquote = (s: string) =>
  s.length >= 2 && (s[0] === "'" || s[0] === '"') && s[s.length - 1] === s[0] ? s.slice(1, -1) : s;

/** Drops pnpm's peer-dependency suffixes: `1.0.0(react@18.2.0)` (v6+) and `1.0.0_react@18.2.0` (v5). */
function stripPeers(version: string, v5: boolean): string {
  const paren = version.indexOf('(');
  let out = paren === -1 ? version : version.slice(0, paren);
  if (v5) {
    const underscore = out.indexOf('_');
    if (underscore !== -1) out = out.slice(0, underscore);
  }
  return out;
}

/** Name and version of a `packages` key in any lockfile version: `/a/1.0.0`, `/a@1.0.0`, `a@1.0.0`, with scopes. */
function parseKey(key: string, v5: boolean): { name: string; version: string } | undefined {
  const k = key.startsWith('/') ? key.slice(1) : key;
  if (v5) {
    const slash = k.lastIndexOf('/');
    if (slash <= 0) return undefined;
    return { name: k.slice(0, slash), version: stripPeers(k.slice(slash + 1), true) };
  }
  const peer = k.indexOf('(');
  const bare = peer === -1 ? k : k.slice(0, peer);
  const at = bare.indexOf('@', 1);
  if (at === -1) return undefined;
  return { name: bare.slice(0, at), version: stripPeers(k.slice(at + 1), false) };
}

/**
 * pnpm-lock.yaml, lockfileVersion 5.x, 6 and 9, single or multi-document. Peer suffixes are stripped
 * and the peer variants of one version collapse into one entry (the first, by line). Direct means
 * listed by an importer (the root or a workspace project).
 */
export function readPnpmLockfile(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  // pnpm 11 may write a config document before the lockfile proper.
  const documents = parseYamlDocuments(path, text);
  const index = documents.findIndex((d) => isObj(d) && d.lockfileVersion !== undefined);
  if (index === -1) {
    if (documents.every((d) => d === null || d === undefined))
      return { ecosystem: 'npm', format: 'pnpm@empty', packages: [], warnings: [] };
    throw new LockfileError(path, 'no document with a lockfileVersion: not a pnpm lockfile', { line: 1 });
  }
  const data = documents[index] as Obj;
  const lockVersion = String(data.lockfileVersion);
  const major = Number.parseFloat(lockVersion);
  if (!Number.isFinite(major) || major < 5 || major >= 10)
    throw new LockfileError(path, `unsupported lockfileVersion ${lockVersion} (depgate reads 5.x, 6 and 9)`, {
      line: 1,
    });
  const v5 = major < 6;
  if (data.packages !== undefined && data.packages !== null && !isObj(data.packages))
    throw new LockfileError(path, '"packages" must be a mapping', { line: 1 });
  const warnings: LockfileWarning[] = [];

  // Importers: the root project (v5 single-project files carry its fields at the top) and workspace projects.
  const importers: Obj[] = isObj(data.importers) ? Object.values(data.importers).filter(isObj) : [data];
  const direct = new Map<string, { dev: boolean; optional: boolean }>();
  const links: { name: string; target: string; dev: boolean }[] = [];
  for (const importer of importers) {
    for (const [field, dev, optional] of [
      ['dependencies', false, false],
      ['devDependencies', true, false],
      ['optionalDependencies', false, true],
    ] as const) {
      const deps = importer[field];
      if (!isObj(deps)) continue;
      for (const [alias, spec] of Object.entries(deps)) {
        const version = isObj(spec) ? spec.version : spec;
        if (typeof version !== 'string') continue;
        if (version.startsWith('link:')) {
          links.push({ name: alias, target: version.slice(5), dev });
          continue;
        }
        // An aliased dependency's version names the real package: `bar@1.0.0`, `/bar@1.0.0` or `/bar/1.0.0`.
        const parsed = /^[\d]/.test(version)
          ? { name: alias, version: stripPeers(version, v5) }
          : parseKey(version, v5);
        if (parsed === undefined) continue;
        const key = `${parsed.name}@${parsed.version}`;
        const seen = direct.get(key);
        direct.set(key, { dev: (seen?.dev ?? true) && dev, optional: (seen?.optional ?? true) && optional });
      }
    }
  }

  const lines = packageKeyLines(text);
  const packages: LockfilePackage[] = [];
  const seen = new Set<string>();
  for (const [key, entry] of Object.entries(isObj(data.packages) ? data.packages : {})) {
    const line = lines.get(key) ?? 1;
    if (entry !== null && !isObj(entry))
      throw new LockfileError(path, `packages entry ${key} is not a mapping`, { line });
    // Keys without a leading slash name a host: another registry (`registry.example.com/a/1.0.0`) or a git host.
    const hosted = !key.startsWith('/') && v5 ? /^([^/]+)\/(.+)$/.exec(key) : null;
    const gitHost = hosted !== null && /^(github\.com|gitlab\.com|bitbucket\.org)$/.test(hosted[1]!);
    const parsed = gitHost
      ? { name: hosted[2]!, version: '' }
      : parseKey(hosted === null ? key : `/${hosted[2]!}`, v5);
    const fields: Obj = entry ?? {};
    const resolution = isObj(fields.resolution) ? fields.resolution : {};
    const name = typeof fields.name === 'string' ? fields.name : parsed?.name;
    if (name === undefined) {
      warnings.push({ message: `cannot read a package name from key ${key}; skipped`, line });
      continue;
    }
    const version = typeof fields.version === 'string' ? fields.version : (parsed?.version ?? '');
    let source: PackageSource = gitHost ? 'git' : 'registry';
    if (typeof resolution.tarball === 'string') source = tarballSource(resolution.tarball);
    if (typeof resolution.repo === 'string' || resolution.type === 'git') source = 'git';
    if (typeof resolution.directory === 'string' || resolution.type === 'directory') source = 'path';
    const id = `${name}@${version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const pkg: LockfilePackage = {
      ecosystem: 'npm',
      name,
      version: /^\d/.test(version) ? version : source === 'registry' ? version : '',
      line,
      source,
    };
    const importerUse = direct.get(id) ?? direct.get(`${name}@${parsed?.version ?? ''}`);
    pkg.direct = importerUse !== undefined;
    if (v5 || major < 9) {
      pkg.dev = fields.dev === true;
      pkg.optional = fields.optional === true;
    } else if (importerUse !== undefined) {
      pkg.dev = importerUse.dev;
      pkg.optional = importerUse.optional;
    }
    if (source !== 'registry')
      pkg.resolved =
        typeof resolution.tarball === 'string'
          ? resolution.tarball
          : typeof resolution.repo === 'string'
            ? `${resolution.repo}#${typeof resolution.commit === 'string' ? resolution.commit : ''}`
            : key;
    packages.push(pkg);
  }
  for (const link of links) {
    packages.push({
      ecosystem: 'npm',
      name: link.name,
      version: '',
      line: 1,
      source: 'link',
      direct: true,
      dev: link.dev,
      resolved: link.target,
    });
  }
  return { ecosystem: 'npm', format: `pnpm@${lockVersion}`, packages, warnings };
}

/** A tarball URL from a registry (`/-/name-1.0.0.tgz`) is a registry package; codeload archives are git. */
function tarballSource(tarball: string): PackageSource {
  if (tarball.startsWith('file:')) return 'path';
  if (/^https:\/\/codeload\.github\.com\//.test(tarball)) return 'git';
  if (/\/-\/[^/]+\.tgz$/.test(tarball)) return 'registry';
  return 'url';
}

/** Lines of the keys of the top-level `packages:` mapping, found in one pass over the text. */
function packageKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let inPackages = false;
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    const c0 = text.charCodeAt(start);
    if (c0 !== 32 && c0 !== 10 && c0 !== 13 && start < end && c0 !== 35) {
      inPackages = text.startsWith('packages:', start);
    } else if (
      inPackages &&
      c0 === 32 &&
      text.charCodeAt(start + 1) === 32 &&
      text.charCodeAt(start + 2) !== 32
    ) {
      let line = text.slice(start + 2, end);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      const colon = line.endsWith(':') ? line.length - 1 : line.lastIndexOf(': ');
      if (colon > 0) lines.set(unquote(line.slice(0, colon)), lineNo);
    }
    start = end + 1;
  }
  return lines;
}
