import { LockfileError } from '../errors.js';
import { jsonKeyLines, parseJsonLockfile } from '../syntax/json-lines.js';
import { swiftRepositoryName } from '../../domain/index.js';
import { isObj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, PackageSource } from '../types.js';

/**
 * SwiftPM's identity of a source-control package: the last path component of its URL, without `.git`,
 * lowercased (`https://github.com/apple/swift-nio.git` and `git@github.com:apple/swift-nio` are both
 * `swift-nio`). Version 2 and 3 files record it; for version 1 files it is derived the same way.
 */
function swiftPackageIdentity(location: string): string {
  const trimmed = location.trim().replace(/[/\\]+$/, '');
  const last = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1);
  return last.replace(/\.git$/i, '').toLowerCase();
}

const KINDS: ReadonlyMap<string, PackageSource> = new Map<string, PackageSource>([
  ['remoteSourceControl', 'registry'],
  ['registry', 'registry'],
  ['localSourceControl', 'path'],
  // Not written by current SwiftPM, but older Xcode builds pinned local packages this way.
  ['fileSystem', 'path'],
]);

/**
 * Package.resolved, version 1 (`object.pins` with `package`, `repositoryURL`) and versions 2 and 3
 * (`pins` with `identity`, `kind`, `location`; version 3 adds `originHash`).
 *
 * Name: a source-control package is named by its repository URL (v1 `repositoryURL`, v2/v3 `location`)
 * in OSV's SwiftURL form, `github.com/Quick/Nimble` (see swiftRepositoryName): the name advisories and
 * the platform use, and the same in a v1 file and its v2 successor. SwiftPM's own identity (`nimble`) is
 * only the URL's last component and would confuse two forks. A registry package (`kind: registry`) is
 * named by its registry identity (`scope.name`), a local one by its identity. Version: `state.version`. A pin on a
 * branch or a bare revision has no version: it is reported with version '', source `git` and
 * `resolved` = `location#revision`. Local packages (`localSourceControl`) are `path`. Line: the line of
 * the pin's `identity` (v1: `package`) key. The file does not tell direct from transitive.
 */
export function readPackageResolved(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data))
    throw new LockfileError(path, 'not a Package.resolved: the top level is not an object', { line: 1 });
  // Only the keys that place an error or a pin; the keys inside each pin's state are skipped unread.
  const keyLines = jsonKeyLines(
    text,
    (p) =>
      p.length === 2 ||
      (p[1] === 'pins' && p.length === 4 && p[3] === 'identity') ||
      (p[1] === 'object' && (p.length === 3 || (p.length === 5 && p[4] === 'package'))),
    5,
  );
  const version = data.version;
  if (version !== 1 && version !== 2 && version !== 3) {
    throw new LockfileError(
      path,
      version === undefined
        ? 'not a Package.resolved: no "version"'
        : `unsupported Package.resolved version ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`,
      { line: keyLines.get('\u0000version') ?? 1 },
    );
  }
  const v1 = version === 1;
  const pins = v1 ? (isObj(data.object) ? data.object.pins : undefined) : data.pins;
  if (!Array.isArray(pins)) {
    const where = v1
      ? (keyLines.get('\u0000object\u0000pins') ?? keyLines.get('\u0000object'))
      : keyLines.get('\u0000pins');
    throw new LockfileError(
      path,
      `not a Package.resolved: ${v1 ? '"object.pins"' : '"pins"'} is ${pins === undefined ? 'missing' : 'not an array'}`,
      { line: where ?? 1 },
    );
  }
  const nameKey = v1 ? 'package' : 'identity';
  const packages: LockfilePackage[] = [];
  pins.forEach((pin: unknown, i) => {
    const prefix = v1 ? `\u0000object\u0000pins\u0000${i}` : `\u0000pins\u0000${i}`;
    const line =
      keyLines.get(`${prefix}\u0000${nameKey}`) ??
      keyLines.get(v1 ? '\u0000object\u0000pins' : '\u0000pins') ??
      1;
    if (!isObj(pin)) throw new LockfileError(path, `pin ${i + 1} is not an object`, { line });
    const location = v1 ? pin.repositoryURL : pin.location;
    const label = typeof pin[nameKey] === 'string' ? pin[nameKey] : `pin ${i + 1}`;
    if (typeof location !== 'string')
      throw new LockfileError(path, `${label} has no ${v1 ? '"repositoryURL"' : '"location"'}`, { line });
    const kind = v1 ? 'remoteSourceControl' : pin.kind;
    const source = typeof kind === 'string' ? KINDS.get(kind) : undefined;
    if (source === undefined) {
      throw new LockfileError(path, `${label} has the unsupported kind ${JSON.stringify(kind)}`, { line });
    }
    const identity = v1
      ? swiftPackageIdentity(location) || (typeof pin.package === 'string' ? pin.package.toLowerCase() : '')
      : typeof pin.identity === 'string'
        ? pin.identity
        : '';
    if (identity === '')
      throw new LockfileError(path, `${label} has no ${v1 ? 'package name' : '"identity"'}`, { line });
    // Errors name the pin by its identity, as the file writes it; the package is named by its URL.
    const name = kind === 'remoteSourceControl' ? swiftRepositoryName(location) || identity : identity;
    const state = pin.state;
    if (!isObj(state)) throw new LockfileError(path, `${identity} has no "state"`, { line });
    const pinned = state.version;
    const revision = state.revision;
    if ((pinned !== undefined && pinned !== null && typeof pinned !== 'string') || pinned === '')
      throw new LockfileError(path, `${identity} has a version that is not a non-empty string`, { line });
    if (revision !== undefined && revision !== null && typeof revision !== 'string')
      throw new LockfileError(path, `${identity} has a revision that is not a string`, { line });
    if (typeof pinned !== 'string' && typeof revision !== 'string' && source !== 'path')
      throw new LockfileError(path, `${identity} is pinned to neither a version nor a revision`, { line });
    const pkg: LockfilePackage = {
      ecosystem: 'swiftpm',
      name,
      version: typeof pinned === 'string' ? pinned : '',
      line,
      source: source === 'registry' && typeof pinned !== 'string' ? 'git' : source,
    };
    if (pkg.source !== 'registry')
      pkg.resolved = typeof revision === 'string' ? `${location}#${revision}` : location;
    packages.push(pkg);
  });
  return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages, warnings: [] };
}
