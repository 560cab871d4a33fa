import { LockfileError } from './errors.js';
import { parseYamlLockfile } from './parse-yaml.js';
import { isObj } from './shapes.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from './types.js';

/** Splits `name@range` at the `@` that ends the name (a scope's leading `@` belongs to the name). */
function splitSpec(spec: string): { name: string; range: string } {
  const at = spec.indexOf('@', 1);
  return at === -1 ? { name: spec, range: '' } : { name: spec.slice(0, at), range: spec.slice(at + 1) };
}

const unquote = (s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);

function sourceOfRange(range: string, resolved: string): PackageSource {
  if (range.startsWith('workspace:')) return 'workspace';
  if (range.startsWith('link:') || range.startsWith('portal:')) return 'link';
  if (range.startsWith('file:')) return 'path';
  if (
    /^(git\+|git:|github:|gitlab:|bitbucket:|ssh:)/.test(range) ||
    /\.git(#|$)/.test(range) ||
    /^[\w.-]+\/[\w.-]+(#.*)?$/.test(range)
  )
    return 'git';
  if (/^(git\+|git:|ssh:)/.test(resolved) || /^https:\/\/codeload\.github\.com\//.test(resolved))
    return 'git';
  if (/^https?:/.test(range)) return 'url';
  return 'registry';
}

/**
 * yarn.lock, classic (v1, `# yarn lockfile v1`) and berry (v2+, YAML with `__metadata`). The reader is
 * chosen by content, since both share the file name.
 */
export function readYarnLockfile(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  if (/^__metadata:/m.test(text)) return readBerry(path, text);
  return readClassic(path, text);
}

/**
 * Yarn classic in one pass over the lines: a line at indent 0 ending in `:` opens an entry (one or
 * more comma-separated specifiers), its indent-2 lines carry `version` and `resolved`; deeper lines
 * (dependency lists) are not packages.
 */
function readClassic(path: string, text: string): LockfileResult {
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  let current: { specs: string[]; line: number; version?: string; resolved?: string } | undefined;
  const finish = () => {
    if (current === undefined) return;
    const first = current.specs[0]!;
    let { name, range } = splitSpec(first);
    let alias: string | undefined;
    const npmAlias = /^npm:((?:@[^/@]+\/)?[^@]+)@(.*)$/.exec(range);
    if (npmAlias !== null) {
      alias = name;
      name = npmAlias[1]!;
      range = npmAlias[2]!;
    }
    if (current.version === undefined)
      throw new LockfileError(path, `entry ${first} has no version`, { line: current.line });
    const source = sourceOfRange(range, current.resolved ?? '');
    const pkg: LockfilePackage = {
      ecosystem: 'npm',
      name,
      version: current.version,
      line: current.line,
      source,
    };
    if (alias !== undefined && alias !== name) pkg.alias = alias;
    if (source !== 'registry' && current.resolved !== undefined) pkg.resolved = current.resolved;
    packages.push(pkg);
    current = undefined;
  };

  let lineNo = 0;
  let start = 0;
  let sawHeader = false;
  const length = text.length;
  while (start <= length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    lineNo++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line === '') continue;
    const c0 = line.charCodeAt(0);
    if (c0 === 35 /* # */) {
      if (line.includes('yarn lockfile v1')) sawHeader = true;
      continue;
    }
    if (c0 !== 32 /* space */) {
      finish();
      if (!line.endsWith(':'))
        throw new LockfileError(
          path,
          `expected an entry like "name@range:", got ${JSON.stringify(line.slice(0, 60))}`,
          { line: lineNo },
        );
      const specs = line
        .slice(0, -1)
        .split(/,\s*/)
        .map((s) => unquote(s.trim()))
        .filter((s) => s !== '');
      if (specs.length === 0 || specs.some((s) => !/^@?[^@\s]+(@.+)?$/.test(s))) {
        throw new LockfileError(path, `malformed entry key ${JSON.stringify(line.slice(0, 60))}`, {
          line: lineNo,
        });
      }
      current = { specs, line: lineNo };
      continue;
    }
    if (current === undefined)
      throw new LockfileError(path, 'indented line outside any entry', { line: lineNo });
    if (line.charCodeAt(2) === 32) continue; // indent 4+: dependency lists
    const body = line.slice(2);
    const space = body.indexOf(' ');
    if (space === -1) {
      if (!body.endsWith(':'))
        throw new LockfileError(path, `malformed line ${JSON.stringify(body.slice(0, 60))}`, {
          line: lineNo,
        });
      continue;
    }
    const key = unquote(body.slice(0, space));
    const value = unquote(body.slice(space + 1).trim());
    if (key === 'version') current.version = value;
    else if (key === 'resolved') current.resolved = value;
  }
  finish();
  // A file of comments only is what yarn writes for a project without dependencies.
  const onlyComments = text.split('\n').every((l) => l.trim() === '' || l.startsWith('#'));
  if (!sawHeader && packages.length === 0 && !onlyComments)
    throw new LockfileError(path, 'not a yarn lockfile: no entries and no "# yarn lockfile v1" header', {
      line: 1,
    });
  return { ecosystem: 'npm', format: 'yarn@1', packages, warnings };
}

/** Yarn berry: YAML entries keyed by their specifiers, with `resolution` naming the package and protocol. */
function readBerry(path: string, text: string): LockfileResult {
  const data = parseYamlLockfile(path, text);
  if (!isObj(data) || !isObj(data.__metadata))
    throw new LockfileError(path, 'a yarn berry lockfile needs a __metadata section', { line: 1 });
  const lockVersion = JSON.stringify(data.__metadata.version ?? '?').replace(/"/g, '');
  // Lines of the top-level keys, by the key text as YAML reads it.
  const lines = new Map<string, number>();
  let lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    if (raw === '' || raw.startsWith(' ') || raw.startsWith('#')) continue;
    const key = raw.replace(/\r$/, '').replace(/:\s*$/, '');
    lines.set(unquote(key), lineNo);
  }
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  for (const [key, entry] of Object.entries(data)) {
    if (key === '__metadata') continue;
    const line = lines.get(key) ?? 1;
    if (!isObj(entry)) throw new LockfileError(path, `entry ${key} is not a mapping`, { line });
    const resolution = typeof entry.resolution === 'string' ? entry.resolution : '';
    if (resolution === '') throw new LockfileError(path, `entry ${key} has no resolution`, { line });
    const { name, range: protocolAndRef } = splitSpec(resolution);
    const version =
      typeof entry.version === 'string'
        ? entry.version
        : typeof entry.version === 'number'
          ? String(entry.version)
          : '';
    if (protocolAndRef === 'workspace:.') continue; // the project itself
    let source: PackageSource = 'registry';
    if (protocolAndRef.startsWith('workspace:')) source = 'workspace';
    else if (protocolAndRef.startsWith('link:') || protocolAndRef.startsWith('portal:')) source = 'link';
    else if (protocolAndRef.startsWith('file:')) source = 'path';
    else if (
      /^(git|github|https?:\/\/.*\.git|ssh)/.test(protocolAndRef) ||
      protocolAndRef.includes('#commit=')
    )
      source = 'git';
    else if (protocolAndRef.startsWith('patch:')) {
      // patch:name@npm%3A1.0.0#./patches/...: the patched package keeps the underlying source.
      const inner = decodeURIComponent(protocolAndRef.slice('patch:'.length).split('#')[0] ?? '');
      source = splitSpec(inner).range.startsWith('npm:') ? 'registry' : 'path';
    } else if (/^https?:/.test(protocolAndRef)) source = 'url';
    const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source };
    const keyName = splitSpec(key.split(',')[0]!.trim()).name;
    if (keyName !== name) pkg.alias = keyName;
    if (source !== 'registry') pkg.resolved = resolution;
    if (entry.linkType === 'soft' && source === 'registry') pkg.source = 'link';
    packages.push(pkg);
  }
  return { ecosystem: 'npm', format: `yarn-berry@${lockVersion}`, packages, warnings };
}
