import { LockfileError } from '../errors.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import { arrayTableLines } from '../syntax/toml-lines.js';
import { parseTomlLockfile } from '../syntax/toml-parse.js';
import { scanTomlLockfile } from '../syntax/toml-scan.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

/** The newest lockfile version Cargo writes today; a newer one is refused rather than misread. */
const NEWEST_VERSION = 4;

/** A dependency as a crate lists it: `name`, `name version` or `name version (source)`. */
interface DependencyRef {
  version?: string;
  source?: string;
}

/**
 * Cargo.lock, versions 1 to 4: every `[[package]]` in file order, at the line of its header.
 *
 * A package without `source` is the user's own code: the root crate, a workspace member or a path
 * dependency. The lockfile does not tell these apart (not even which crate is the root, except in v1's
 * `[root]`), so all are listed with source `workspace` and no `direct`: they are neither a registry
 * package nor anyone's transitive dependency. `registry+` and `sparse+` sources are
 * `registry`; `git+url#commit` is `git` with the source as `resolved`; any other source is `url`, with
 * a warning. Direct means a local crate (or the v1 `[root]`) depends on it, matched by name and, where
 * the reference gives them, version and source. The v1 `[root]` table is the root crate and is not
 * listed; the v1 `[metadata]` checksum table holds no packages.
 *
 * Versions are kept as locked, build metadata included (`0.11.0+wasi-snapshot-preview1` is how
 * crates.io publishes that crate).
 *
 * Format: `cargo@N` from the top-level `version`; without one, `cargo@2` when packages carry
 * `checksum` fields and `cargo@1` otherwise (Cargo's own rule).
 */
export function readCargoLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  // Cargo's own output is read by the scanner; anything else (and every broken file) by the full parser.
  // A text the scanner reads holds no conflict marker (no line of it can start with one).
  const scanned = scanTomlLockfile(text, 'package');
  let data: Obj;
  if (scanned === undefined) {
    assertNoConflictMarkers(path, text);
    data = parseTomlLockfile(path, text);
  } else {
    data = scanned.data;
  }
  const list = data.package ?? [];
  if (!Array.isArray(list))
    throw new LockfileError(path, '"package" must be an array of tables ([[package]])', {
      line: keyLine(text, /^[ \t]*(?:package[ \t]*=|\[package\])/m),
    });
  const known = ['package', 'version', 'metadata', 'root', 'patch'];
  if (list.length === 0 && Object.keys(data).length > 0 && !known.some((key) => key in data))
    throw new LockfileError(path, 'no [[package]] tables and no lockfile version: not a Cargo.lock', {
      line: 1,
    });
  const version = lockfileVersion(path, text, data, list);

  const warnings: LockfileWarning[] = [];
  const lines = scanned?.lines ?? arrayTableLines(text, 'package');
  if (lines.length !== list.length) {
    warnings.push({
      message: `found ${lines.length} [[package]] header lines for ${list.length} packages; lines are those of the nearest headers`,
    });
  }
  const lineOf = (i: number): number => lines[Math.min(i, lines.length - 1)] ?? 1;

  // Pass 1: the dependencies of local crates, checking each entry's shape on the way.
  const wanted = new Map<string, DependencyRef[]>();
  const addDependencies = (crate: Obj, where: string, line: number): void => {
    const deps = crate.dependencies;
    if (deps === undefined) return;
    if (!Array.isArray(deps))
      throw new LockfileError(path, `${where}: "dependencies" must be an array`, { line });
    for (const dep of deps) {
      if (typeof dep !== 'string')
        throw new LockfileError(path, `${where}: a dependency is not a string`, { line });
      const match = /^(\S+)(?: (\S+))?(?: \((.+)\))?$/.exec(dep);
      if (match === null)
        throw new LockfileError(path, `${where}: malformed dependency ${JSON.stringify(dep)}`, { line });
      const ref: DependencyRef = {};
      if (match[2] !== undefined) ref.version = match[2];
      if (match[3] !== undefined) ref.source = match[3];
      const refs = wanted.get(match[1]!);
      if (refs === undefined) wanted.set(match[1]!, [ref]);
      else refs.push(ref);
    }
  };
  if (data.root !== undefined) {
    if (!isObj(data.root)) throw new LockfileError(path, '[root] must be a table', { line: 1 });
    addDependencies(data.root, '[root]', keyLine(text, /^[ \t]*\[root\]/m));
  }
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    const line = lineOf(i);
    if (!isObj(entry)) throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
    if (typeof entry.name !== 'string' || entry.name === '')
      throw new LockfileError(path, `package ${i + 1} has no name`, { line });
    if (typeof entry.version !== 'string' || entry.version === '')
      throw new LockfileError(path, `package ${entry.name} has no version`, { line });
    if (entry.source !== undefined && typeof entry.source !== 'string')
      throw new LockfileError(path, `package ${entry.name} ${entry.version}: "source" must be a string`, {
        line,
      });
    if (entry.source === undefined) addDependencies(entry, `package ${entry.name} ${entry.version}`, line);
  }

  // Pass 2: the packages.
  const sources = options.sources === true;
  // Version 1 keeps checksums apart: `"checksum <name> <version> (<source>)" = "<sha256>"` in [metadata].
  const metadata = sources && isObj(data.metadata) ? data.metadata : undefined;
  const packages: LockfilePackage[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i] as { name: string; version: string; source?: string; checksum?: unknown };
    const source = entry.source;
    let kind: PackageSource = 'workspace';
    if (source !== undefined) {
      if (source.startsWith('registry+') || source.startsWith('sparse+')) kind = 'registry';
      else if (source.startsWith('git+')) kind = 'git';
      else {
        kind = 'url';
        warnings.push({
          message: `${entry.name} ${entry.version}: unknown source kind ${source}`,
          line: lineOf(i),
        });
      }
    }
    const pkg: LockfilePackage = {
      ecosystem: 'cargo',
      name: entry.name,
      version: entry.version,
      line: lineOf(i),
      source: kind,
    };
    if (source !== undefined) pkg.direct = isWanted(wanted.get(entry.name), entry.version, source);
    if (kind === 'git' || kind === 'url' || (sources && source !== undefined)) pkg.resolved = source;
    if (sources && source !== undefined) {
      const checksum = entry.checksum ?? metadata?.[`checksum ${entry.name} ${entry.version} (${source})`];
      if (typeof checksum === 'string' && checksum !== '') pkg.integrity = checksum;
    }
    packages.push(pkg);
  }
  const result: LockfileResult = { ecosystem: 'cargo', format: `cargo@${version}`, packages, warnings };
  if (options.edges === true) result.dependencies = cargoEdges(list as Obj[], packages);
  return result;
}

/**
 * What each package depends on, as Cargo writes it (`name`, `name version` or `name version (source)`
 * when several share the name), resolved to the packages it names; a reference that names none is left out.
 */
function cargoEdges(list: readonly Obj[], packages: readonly LockfilePackage[]): number[][] {
  const byName = new Map<string, number[]>();
  packages.forEach((pkg, i) => {
    const same = byName.get(pkg.name);
    if (same === undefined) byName.set(pkg.name, [i]);
    else same.push(i);
  });
  return list.map((entry) => {
    const deps = entry.dependencies;
    if (!Array.isArray(deps)) return [];
    const to: number[] = [];
    for (const dep of deps) {
      const match = typeof dep === 'string' ? /^(\S+)(?: (\S+))?(?: \((.+)\))?$/.exec(dep) : null;
      if (match === null) continue;
      const ref: DependencyRef = {};
      if (match[2] !== undefined) ref.version = match[2];
      if (match[3] !== undefined) ref.source = match[3];
      const target = (byName.get(match[1]!) ?? []).find((i) =>
        isWanted([ref], packages[i]!.version, list[i]!.source as string | undefined),
      );
      if (target !== undefined) to.push(target);
    }
    return to;
  });
}

function isWanted(refs: DependencyRef[] | undefined, version: string, source: string | undefined): boolean {
  if (refs === undefined) return false;
  // Newer lockfiles name a git source without its `#commit` in references.
  const hash = source === undefined ? -1 : source.indexOf('#');
  const bare = source !== undefined && hash !== -1 ? source.slice(0, hash) : source;
  return refs.some(
    (ref) =>
      (ref.version === undefined || ref.version === version) &&
      (ref.source === undefined || ref.source === source || ref.source === bare),
  );
}

function lockfileVersion(path: string, text: string, data: Obj, list: unknown[]): number {
  const declared = data.version;
  if (declared === undefined) {
    return list.some((p) => isObj(p) && typeof p.checksum === 'string') ? 2 : 1;
  }
  const line = keyLine(text, /^[ \t]*version[ \t]*=/m);
  if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 1)
    throw new LockfileError(
      path,
      `lockfile version must be a positive integer, got ${JSON.stringify(declared)}`,
      {
        line,
      },
    );
  if (declared > NEWEST_VERSION)
    throw new LockfileError(
      path,
      `unsupported Cargo.lock version ${declared} (read: 1 to ${NEWEST_VERSION})`,
      {
        line,
      },
    );
  return declared;
}

/**
 * The line of the first match of a multiline pattern, for errors about top-level keys: they stand
 * before the first table header, so the first match is theirs.
 */
function keyLine(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  if (match === null) return 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
