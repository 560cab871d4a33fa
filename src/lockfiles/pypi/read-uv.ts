import { hashesOf, joinHashes } from '../file-hashes.js';
import { LockfileError } from '../errors.js';
import {
  type FieldPlace,
  optionalString,
  optionalStringArray,
  optionalTable,
  requiredString,
} from './python-fields.js';
import { PROD, REACHED, ReachWalk, REQUIRED } from '../reach.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { stripBom } from '../syntax/text.js';
import { readPackageTables } from './toml-package-tables.js';
import { tomlKeyLine } from '../syntax/toml-lines.js';
import { scanTomlLockfile } from '../syntax/toml-scan.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

/** uv changes `version` only for a format it cannot read the old way (compatible changes bump `revision`). */
const SUPPORTED_VERSION = 1;

const SOURCE_KINDS = ['registry', 'git', 'url', 'path', 'directory', 'editable', 'virtual'] as const;
type SourceKind = (typeof SOURCE_KINDS)[number];

/** A dependency as a package names it: by name, with version and source when the name is ambiguous. */
interface DependencyRef {
  name: string;
  version: string | undefined;
  source: string | undefined;
  extras: readonly string[];
  /** The entries it names, once looked up. */
  targets: readonly number[] | undefined;
}

interface Entry {
  name: string;
  version: string;
  line: number;
  /** The source's kind and value, to match a dependency that names it. */
  kind: SourceKind;
  value: string;
  role: 'root' | 'member' | 'other';
  dependencies: readonly DependencyRef[];
  optional: ReadonlyMap<string, readonly DependencyRef[]>;
  dev: readonly DependencyRef[];
  pkg: LockfilePackage;
}

/**
 * uv.lock (version 1, any revision): every `[[package]]` in file order, at the line of its header, name
 * and version as written (uv writes names normalised).
 *
 * The project itself (`source = { editable = "." }` or `{ virtual = "." }`) is not listed. Other
 * workspace members (named in `[manifest] members`) are `workspace`; other local packages (`path`,
 * `directory`, editable or virtual elsewhere) are `path`; `git` and `url` sources keep their value as
 * `resolved`. A package without a source is read as `registry`, with a warning.
 *
 * When the lockfile holds the project or workspace members, their dependency lists tell the rest:
 * direct = named by one of them (dependencies, extras or dev groups); optional = reachable only through
 * their extras; dev = reachable only through their dev groups (`[package.dev-dependencies]`). Reachability
 * follows every dependency, markers ignored, and a package's extras where a dependency asks for them.
 * Without them (a lockfile of loose packages), direct, dev and optional are left unset.
 *
 * Format: `uv@1`, or `uv@1.<revision>` when the lockfile has a revision.
 */
export function readUvLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const sources = options.sources === true;
  const { text, data, tables, lines, warnings } = packageTables(path, rawText, sources);
  if (Object.keys(data).length === 0) return { ecosystem: 'pypi', format: 'uv', packages: [], warnings };
  if (data.distribution !== undefined)
    throw new LockfileError(
      path,
      '[[distribution]] tables are a preview uv.lock format; run `uv lock` to rewrite the lockfile',
      { line: tomlKeyLine(text, '[distribution]') },
    );
  const format = lockfileFormat(path, text, data);

  let members = new Set<string>();
  const manifest = data.manifest;
  if (manifest !== undefined) {
    const place = { file: path, where: '[manifest]', line: tomlKeyLine(text, 'manifest') };
    if (!isObj(manifest)) throw new LockfileError(path, '"manifest" must be a table', { line: place.line });
    members = new Set(optionalStringArray(place, manifest, 'members') ?? []);
  }

  const entries: Entry[] = [];
  for (let i = 0; i < tables.length; i++)
    entries.push(readEntry(path, tables[i]!, lines[i]!, i, members, warnings, sources));
  const roots = entries.filter((entry) => entry.role !== 'other');
  const resolve = resolverOf(entries);
  if (roots.length > 0) classify(entries, roots, resolve);
  const listed = entries.filter((entry) => entry.role !== 'root');
  const result: LockfileResult = {
    ecosystem: 'pypi',
    format,
    packages: listed.map((entry) => entry.pkg),
    warnings,
  };
  if (options.edges === true) {
    // Edges between listed packages: what each depends on, its extras' dependencies included.
    const indexOf = new Map<Entry, number>(listed.map((entry, i) => [entry, i]));
    result.dependencies = listed.map((entry) => {
      const to = new Set<number>();
      const refs = [...entry.dependencies, ...[...entry.optional.values()].flat(), ...entry.dev];
      for (const ref of refs)
        for (const i of resolve(ref)) {
          const at = indexOf.get(entries[i]!);
          if (at !== undefined) to.add(at);
        }
      return [...to];
    });
  }
  return result;
}

/** Package keys no reader looks at (the distribution files): the scanner checks them but keeps only null. */
const UNREAD: ReadonlySet<string> = new Set(['sdist', 'wheels']);

/**
 * The `[[package]]` tables with their lines: by the scanner for uv's own output, otherwise (and for every
 * broken file) by the full parser. A scanned `package` is always an array of `[[package]]` tables, one
 * header line each, so the full path's checks and warnings have nothing to say about it.
 */
function packageTables(
  path: string,
  rawText: string,
  sources: boolean,
): { text: string; data: Obj; tables: Obj[]; lines: number[]; warnings: LockfileWarning[] } {
  const text = stripBom(rawText);
  // A text the scanner reads holds no conflict marker (no line of it can start with one).
  // The files are read only when their hashes are wanted.
  const scanned = scanTomlLockfile(text, 'package', sources ? undefined : UNREAD);
  if (scanned === undefined) {
    const read = readPackageTables(path, rawText, 'package', { scan: false });
    const tables = read.packages.map((p) => p.table);
    return {
      text,
      data: read.data,
      tables,
      lines: read.packages.map((p) => p.line),
      warnings: read.warnings,
    };
  }
  const tables = (scanned.data.package ?? []) as Obj[];
  return { text, data: scanned.data, tables, lines: scanned.lines, warnings: [] };
}

function lockfileFormat(path: string, text: string, data: Obj): string {
  const version = data.version;
  if (version === undefined) throw new LockfileError(path, 'no lockfile version: not a uv.lock', { line: 1 });
  const line = tomlKeyLine(text, 'version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new LockfileError(
      path,
      `lockfile version must be a positive integer, got ${JSON.stringify(version)}`,
      {
        line,
      },
    );
  if (version !== SUPPORTED_VERSION)
    throw new LockfileError(path, `unsupported uv.lock version ${version} (read: ${SUPPORTED_VERSION})`, {
      line,
    });
  const revision = data.revision;
  if (revision === undefined) return `uv@${version}`;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 0)
    throw new LockfileError(path, `lockfile revision must be an integer, got ${JSON.stringify(revision)}`, {
      line: tomlKeyLine(text, 'revision'),
    });
  return `uv@${version}.${revision}`;
}

function readEntry(
  path: string,
  table: Obj,
  line: number,
  index: number,
  members: ReadonlySet<string>,
  warnings: LockfileWarning[],
  sources: boolean,
): Entry {
  // Each field is checked here; the shared checks run only on a wrong one, to raise their error.
  const rawName = table.name;
  const name =
    typeof rawName === 'string' && rawName !== ''
      ? rawName
      : requiredString({ file: path, where: `package ${index + 1}`, line }, table, 'name');
  const where = `package ${name}`;
  const rawVersion = table.version;
  const version =
    rawVersion === undefined
      ? ''
      : typeof rawVersion === 'string'
        ? rawVersion
        : (optionalString(entryPlace(path, where, line), table, 'version') ?? '');
  const rawSource = table.source;
  const sourceTable =
    rawSource === undefined || isObj(rawSource)
      ? rawSource
      : optionalTable(entryPlace(path, where, line), table, 'source');
  let kind: SourceKind = 'registry';
  let value = '';
  if (sourceTable === undefined) {
    warnings.push({ message: `${name} ${version}: no source; read as a registry package`, line });
  } else {
    const found = sourceKind(sourceTable);
    if (found === undefined)
      throw new LockfileError(
        path,
        `${where}: unknown source ${JSON.stringify(Object.keys(sourceTable).join(', '))}`,
        { line },
      );
    kind = found;
    const written = sourceTable[found];
    value =
      typeof written === 'string' && written !== ''
        ? written
        : requiredString({ file: path, where: `${where}: source`, line }, sourceTable, found);
  }
  const local = kind === 'editable' || kind === 'virtual' || kind === 'directory' || kind === 'path';
  const role =
    (kind === 'editable' || kind === 'virtual') && (value === '.' || value === './')
      ? 'root'
      : local && members.has(name)
        ? 'member'
        : 'other';
  if (version === '' && !local && role === 'other')
    throw new LockfileError(path, `${where}: no "version"`, { line });

  const source: PackageSource =
    role === 'member' ? 'workspace' : kind === 'registry' || kind === 'git' || kind === 'url' ? kind : 'path';
  const pkg: LockfilePackage = { ecosystem: 'pypi', name, version, line, source };
  if (kind !== 'registry' || (sources && value !== '')) pkg.resolved = value;
  if (sources) {
    const integrity = joinHashes(hashesOf(table.sdist, table.wheels));
    if (integrity !== undefined) pkg.integrity = integrity;
  }

  let optional: ReadonlyMap<string, readonly DependencyRef[]> = NO_OPTIONAL;
  const rawExtras = table['optional-dependencies'];
  if (rawExtras !== undefined) {
    const extras = isObj(rawExtras)
      ? rawExtras
      : optionalTable(entryPlace(path, where, line), table, 'optional-dependencies')!;
    const byExtra = new Map<string, readonly DependencyRef[]>();
    for (const extra of Object.keys(extras))
      byExtra.set(extra, dependencyRefs(path, where, line, extras[extra], `optional-dependencies.${extra}`));
    optional = byExtra;
  }
  let dev: readonly DependencyRef[] = NO_REFS;
  const rawGroups = table['dev-dependencies'];
  if (rawGroups !== undefined) {
    const groups = isObj(rawGroups)
      ? rawGroups
      : optionalTable(entryPlace(path, where, line), table, 'dev-dependencies')!;
    const all: DependencyRef[] = [];
    for (const group of Object.keys(groups))
      all.push(...dependencyRefs(path, where, line, groups[group], `dev-dependencies.${group}`));
    dev = all;
  }
  return {
    name,
    version,
    line,
    kind,
    value,
    role,
    dependencies: dependencyRefs(path, where, line, table.dependencies, 'dependencies'),
    optional,
    dev,
    pkg,
  };
}

const NO_EXTRAS: readonly string[] = [];
const NO_REFS: readonly DependencyRef[] = [];
const NO_OPTIONAL: ReadonlyMap<string, readonly DependencyRef[]> = new Map();

/** The dependencies a package lists under `key`; `where` names the package for errors. */
function dependencyRefs(
  path: string,
  where: string,
  line: number,
  value: unknown,
  key: string,
): readonly DependencyRef[] {
  if (value === undefined) return NO_REFS;
  if (!Array.isArray(value)) throw new LockfileError(path, `${where}: "${key}" must be an array`, { line });
  const refs: DependencyRef[] = [];
  for (const item of value) {
    if (!isObj(item))
      throw new LockfileError(path, `${where}: an entry of "${key}" is not a table`, { line });
    const name = item.name;
    const extra = item.extra;
    const version = item.version;
    const source = item.source;
    const ref: DependencyRef = {
      name:
        typeof name === 'string' && name !== ''
          ? name
          : requiredString(refPlace(path, where, line, key), item, 'name'),
      extras:
        extra === undefined
          ? NO_EXTRAS
          : Array.isArray(extra) && extra.every(isString)
            ? extra
            : optionalStringArray(refPlace(path, where, line, key), item, 'extra')!,
      version:
        version === undefined || typeof version === 'string'
          ? version
          : optionalString(refPlace(path, where, line, key), item, 'version'),
      source: undefined,
      targets: undefined,
    };
    if (source !== undefined) {
      const table = isObj(source) ? source : optionalTable(refPlace(path, where, line, key), item, 'source')!;
      const kind = sourceKind(table);
      if (kind !== undefined) ref.source = `${kind}\u0000${String(table[kind])}`;
    }
    refs.push(ref);
  }
  return refs;
}

/** Where a package's field is read, for its error. */
function entryPlace(path: string, where: string, line: number): FieldPlace {
  return { file: path, where, line };
}

/** Where a dependency's field is read, for its error. */
function refPlace(path: string, where: string, line: number, key: string): FieldPlace {
  return { file: path, where: `${where}: ${key}`, line };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** The first of the source kinds that a source table names. */
function sourceKind(table: Obj): SourceKind | undefined {
  for (const kind of SOURCE_KINDS) if (table[kind] !== undefined) return kind;
  return undefined;
}

/** Resolves a dependency reference to the entries it names (by name, then version, then source). */
function resolverOf(entries: Entry[]): (ref: DependencyRef) => readonly number[] {
  const byName = new Map<string, number[]>();
  for (let i = 0; i < entries.length; i++) {
    const name = entries[i]!.name;
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [i]);
    else list.push(i);
  }
  const NONE: readonly number[] = [];
  const resolve = (ref: DependencyRef): readonly number[] => {
    if (ref.targets !== undefined) return ref.targets;
    let found: readonly number[] = byName.get(ref.name) ?? NONE;
    if (found.length > 1 && ref.version !== undefined)
      found = found.filter((i) => entries[i]?.version === ref.version);
    if (found.length > 1 && ref.source !== undefined)
      found = found.filter((i) => `${entries[i]!.kind}\u0000${entries[i]!.value}` === ref.source);
    ref.targets = found;
    return found;
  };
  return resolve;
}

/** Sets direct, dev and optional from what the project and workspace members depend on. */
function classify(
  entries: Entry[],
  roots: Entry[],
  resolve: (ref: DependencyRef) => readonly number[],
): void {
  // The walk of reach.ts over the entries and, after them, one node per extra of an entry: a
  // dependency `a[x]` reaches `a` and its extra `x`, which reaches what `x` lists. No edge is optional
  // (markers are ignored): the roots' lists decide, by the bits they start with. Their dependencies
  // give PROD | REACHED | REQUIRED, their extras PROD | REACHED, their dev groups REACHED alone: dev is
  // what only dev groups reach, optional what extras reach and the dependencies do not.
  const count = entries.length;
  const extraNodes: (Map<string, number> | undefined)[] = [];
  const extraRefs: (readonly DependencyRef[])[] = [];
  for (let i = 0; i < count; i++) {
    const optional = entries[i]!.optional;
    if (optional.size === 0) continue;
    const nodes = new Map<string, number>();
    for (const [extra, refs] of optional) {
      nodes.set(extra, count + extraRefs.length);
      extraRefs.push(refs);
    }
    extraNodes[i] = nodes;
  }
  const follow = (refs: readonly DependencyRef[], visit: (node: number, optional: boolean) => void) => {
    for (let r = 0; r < refs.length; r++) {
      const ref = refs[r]!;
      const targets = resolve(ref);
      for (let t = 0; t < targets.length; t++) {
        const i = targets[t]!;
        visit(i, false);
        const nodes = ref.extras.length === 0 ? undefined : extraNodes[i];
        if (nodes === undefined) continue;
        for (const extra of ref.extras) {
          const node = nodes.get(extra);
          if (node !== undefined) visit(node, false);
        }
      }
    }
  };
  const walk = new ReachWalk(count + extraRefs.length, (node, visit) =>
    follow(node < count ? entries[node]!.dependencies : extraRefs[node - count]!, visit),
  );
  const optionalOf = (root: Entry): readonly DependencyRef[] => {
    const refs: DependencyRef[] = [];
    for (const list of root.optional.values()) for (const ref of list) refs.push(ref);
    return refs;
  };
  for (const root of roots) {
    follow(root.dependencies, (node) => walk.root(node, PROD | REACHED | REQUIRED));
    follow(optionalOf(root), (node) => walk.root(node, PROD | REACHED));
    follow(root.dev, (node) => walk.root(node, REACHED));
  }
  walk.spread();
  const bits = walk.bits;
  const direct = new Uint8Array(entries.length);
  for (const root of roots)
    for (const refs of [root.dependencies, optionalOf(root), root.dev])
      for (const ref of refs) for (const i of resolve(ref)) direct[i] = 1;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.role === 'root') continue;
    entry.pkg.direct = direct[i] === 1;
    const reach = bits[i]!;
    entry.pkg.dev = (reach & REACHED) !== 0 && (reach & PROD) === 0;
    entry.pkg.optional = (reach & PROD) !== 0 && (reach & REQUIRED) === 0;
  }
}
