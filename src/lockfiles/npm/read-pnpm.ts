import { LockfileError } from '../errors.js';
import { parseYamlDocuments } from '../syntax/parse-yaml.js';
import {
  cutKeyPeers,
  keyStyleOf,
  parsePnpmKey,
  type PnpmKey,
  type PnpmKeyStyle,
  referenceKeys,
} from './pnpm-keys.js';
import {
  PNPM_DEPENDENCY_SECTIONS,
  type PnpmDocumentLines,
  PnpmKeyLines,
  pnpmLinesOfSections,
  scanPnpmLines,
} from './pnpm-lines.js';
import { PROD, REACHED, ReachWalk } from '../reach.js';
import type { Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';
import { scanYamlDocuments, type YamlKeyStarts, type YamlSectionShape } from '../syntax/yaml-scan.js';

/**
 * What the reader uses of `packages:` and `snapshots:`: the scanner builds both as Maps, keeps only
 * these fields of their entries and builds the dependency lists as Maps too.
 */
export const PNPM_SECTIONS: YamlSectionShape = {
  sections: new Set(['packages', 'snapshots']),
  fields: new Set([
    'name',
    'version',
    'dev',
    'optional',
    'resolution',
    'dependencies',
    'optionalDependencies',
  ]),
  mapFields: new Set(['dependencies', 'optionalDependencies']),
};

/** A parsed YAML mapping (js-yaml also gives Dates and Buffers as objects: those are not mappings). */
function isMap(value: unknown): value is Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A mapping as the reader walks it: the scanner gives Maps for `packages:`, `snapshots:` and their
 * dependency lists; js-yaml gives objects, read here in the same order (no array-index key reaches
 * a Map from the scanner, so `Object.keys` order is the scanner's order).
 */
type Mapping = ReadonlyMap<string, unknown>;
const NO_ENTRIES: Mapping = new Map();

/** A mapping's entries, undefined when the value is not a mapping. */
function mappingOf(value: unknown): Mapping | undefined {
  if (value instanceof Map) return value as Mapping;
  if (!isMap(value)) return undefined;
  const map = new Map<string, unknown>();
  for (const key of Object.keys(value)) map.set(key, value[key]);
  return map;
}

type Role = 'prod' | 'dev' | 'optional';

/** A string field's value, undefined when absent, null when present but not a string. */
function optionalString(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : null;
}

/** Whether a packages entry says where it was resolved from. */
function hasResolution(fields: Obj): boolean {
  const r = fields.resolution;
  return (
    isMap(r) &&
    (r.type !== undefined || r.repo !== undefined || r.tarball !== undefined || r.directory !== undefined)
  );
}

function isOptionalBoolean(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'boolean';
}

/** What an importer section says about the packages it lists (pnpm 11's env sections are tooling). */
const SECTION_ROLE: Readonly<Record<string, Role>> = {
  dependencies: 'prod',
  optionalDependencies: 'optional',
  devDependencies: 'dev',
  configDependencies: 'dev',
  packageManagerDependencies: 'dev',
};

const GIT_ARCHIVE =
  /^https?:\/\/(codeload\.github\.com\/|gitlab\.com\/.+\/repository\/archive|bitbucket\.org\/.+\/get\/)/;
const GIT_SPEC = /^(git\+|git:|git@|github:|gitlab:|bitbucket:|ssh:)/;

/** One reported package while it is being read: peer variants of it point to the same Entry. */
interface Entry {
  pkg: LockfilePackage;
  /** The key of `entries` it is stored under. */
  id: string;
  /** 5.x and 6.x: every variant says `dev: true` / `optional: true`. */
  devFlags: boolean;
  optionalFlags: boolean;
  /** 9.x: reached from a production root / from any root; every snapshot says `optional: true`. */
  prodReached: boolean;
  reached: boolean;
  hasSnapshot: boolean;
  /** Some importer lists it. */
  direct: boolean;
  /** Referenced under its own name somewhere; else the first alias it is referenced under. */
  realNameSeen: boolean;
  alias?: string;
}

type KeyLookup = (key: string) => Entry | undefined;

interface LinkEntry {
  pkg: LockfilePackage;
  devOnly: boolean;
  optionalOnly: boolean;
}

interface Document {
  data: Obj;
  lines: PnpmDocumentLines;
  version: string;
  major: number;
}

/** The lines of a document when the scan found no key for it (flow-style YAML). */
const NO_LINES: PnpmDocumentLines = {
  start: 1,
  top: new Map(),
  packages: new PnpmKeyLines(''),
  importers: new Map(),
  dependencies: new Map(),
};

/**
 * Reads a pnpm-lock.yaml: lockfileVersion 5.x, 6.x and 9.x, including pnpm 11's files of two YAML
 * documents, where an env document (the package manager and config dependencies that pnpm itself
 * installs) comes before the lockfile proper. Packages of the env document are reported too, as direct
 * dev (tooling) packages, after those of the lockfile proper claim their shared entries.
 *
 * One entry per package version and location: the peer variants of one version (`1.0.0(react@18)`
 * and `1.0.0(react@17)`, or `1.0.0_react@18` in 5.x) collapse into one entry, on the line of the
 * first. `direct` means listed by an importer (the root or a workspace project); `dev` and `optional`
 * come from the package's own flags in 5.x and 6.x and, in 9.x (where packages no longer carry them),
 * from which importer sections reach the package through `snapshots:`. Workspace projects and linked
 * folders that importers depend on are listed with source `workspace` or `link` on the line of the
 * dependency that names them. Packages are in file order (by line).
 */
export function readPnpmLockfile(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  // The scanner reads the YAML pnpm writes in one pass, and tells where the top-level keys start so
  // that the line pass skips `snapshots:`; js-yaml and the whole line pass read anything else.
  const keyStarts: YamlKeyStarts = { documents: [] };
  const fast = scanYamlDocuments(text, true, PNPM_SECTIONS, keyStarts);
  // The scanner gives up on every text with a line that opens with a conflict marker, so only the
  // path it gives up on looks for them (a search of the whole text that a cold run would pay).
  if (fast === undefined) assertNoConflictMarkers(path, text);
  const parsed = fast ?? parseYamlDocuments(path, text);
  const scanned = fast === undefined ? scanPnpmLines(text) : pnpmLinesOfSections(text, keyStarts);
  const warnings: LockfileWarning[] = [];

  const contentful = parsed.filter((d) => d !== null && d !== undefined);
  if (contentful.length === 0) {
    warnings.push({ message: 'the file is empty: no lockfileVersion and no packages' });
    return { ecosystem: 'npm', format: 'pnpm@empty', packages: [], warnings };
  }
  // The scan sees the same documents as YAML when every document has content; if not, lines are
  // looked up by nothing and fall back to line 1 rather than to another document's lines.
  const linesOf = (index: number) =>
    scanned.length === contentful.length ? (scanned[index] ?? NO_LINES) : NO_LINES;
  const documents: Document[] = [];
  contentful.forEach((data, index) => {
    const lines = linesOf(index);
    if (!isMap(data))
      throw new LockfileError(path, 'not a pnpm lockfile: the YAML document is not a mapping', {
        line: lines.start,
      });
    if (data.lockfileVersion === undefined && contentful.length > 1) {
      warnings.push({
        message: 'a YAML document without lockfileVersion is not a lockfile; its settings are not read',
        line: lines.start,
      });
      return;
    }
    documents.push({ data, lines, ...lockfileVersionOf(path, data, lines) });
  });
  if (documents.length === 0)
    throw new LockfileError(path, 'no document with a lockfileVersion: not a pnpm lockfile', { line: 1 });
  if (documents.length > 2)
    throw new LockfileError(
      path,
      `${documents.length} lockfile documents; pnpm writes one, or two when pnpm 11 writes its env document first`,
      { line: documents[2]!.lines.start },
    );

  let main: Document | undefined;
  let env: Document | undefined;
  if (documents.length === 2) {
    if (!isEnvDocument(documents[0]!.data))
      throw new LockfileError(
        path,
        'two lockfile documents: only pnpm 11 writes two, and then the first is the env document (configDependencies, packageManagerDependencies)',
        { line: documents[1]!.lines.start },
      );
    env = documents[0];
    main = documents[1];
  } else if (isEnvDocument(documents[0]!.data) && parsed.length > 1) {
    // pnpm 11 keeps the env document even when the lockfile proper after it is empty.
    env = documents[0];
  } else {
    main = documents[0];
  }

  const reader = new DocumentReader(path, warnings, options.edges === true, options.sources === true);
  if (main !== undefined) reader.read(main, false);
  if (env !== undefined) reader.read(env, true);
  const packages = reader.result();
  const format = `pnpm@${(main ?? env)!.version}`;
  const result: LockfileResult = { ecosystem: 'npm', format, packages, warnings };
  if (options.edges === true) result.dependencies = reader.graph(packages);
  return result;
}

function lockfileVersionOf(
  path: string,
  data: Obj,
  lines: PnpmDocumentLines,
): { version: string; major: number } {
  const raw = data.lockfileVersion;
  const line = lines.top.get('lockfileVersion') ?? lines.start;
  if (raw === undefined || raw === null)
    throw new LockfileError(path, 'no lockfileVersion: not a pnpm lockfile', { line });
  if (typeof raw !== 'string' && typeof raw !== 'number')
    throw new LockfileError(path, 'lockfileVersion must be a number or a string', { line });
  const version = typeof raw === 'number' && Number.isInteger(raw) ? raw.toFixed(1) : String(raw);
  const major = Number.parseFloat(version);
  // 5.x (pnpm 3 to 7, also `5.4-inlineSpecifiers`), 6.x (pnpm 8), 7.0 (pnpm 9 pre-releases), 9.x (pnpm 9+).
  if (!Number.isFinite(major) || major < 5 || major >= 10)
    throw new LockfileError(
      path,
      `unsupported lockfileVersion ${version} (depgate reads pnpm lockfiles 5.x, 6.x and 9.x)`,
      { line },
    );
  return { version, major: Math.floor(major) };
}

/** pnpm 11's env document: one importer that lists only configDependencies / packageManagerDependencies. */
function isEnvDocument(data: Obj): boolean {
  if (!isMap(data.importers)) return false;
  let envSections = 0;
  for (const importer of Object.values(data.importers)) {
    if (importer === null) continue;
    if (!isMap(importer)) return false;
    for (const key of Object.keys(importer)) {
      if (key !== 'configDependencies' && key !== 'packageManagerDependencies') return false;
      envSections++;
    }
  }
  return envSections > 0;
}

/** POSIX join of an importer directory and a relative link target: `packages/a` + `../b` = `packages/b`. */
function joinRelative(base: string, target: string): string {
  const parts = base === '.' || base === '' ? [] : base.split('/');
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

class DocumentReader {
  private readonly entries = new Map<string, Entry>();
  private readonly links = new Map<string, LinkEntry>();
  /** Dependency edges between reported packages (peer variants collapsed, as the packages are). */
  private readonly edges = new Map<LockfilePackage, Set<LockfilePackage>>();
  private unresolved = 0;
  /** Whether the last `entryOf` made a new entry. */
  private created = false;
  private firstUnresolved = '';

  constructor(
    private readonly path: string,
    private readonly warnings: LockfileWarning[],
    /** Whether the dependency edges are wanted: they are not collected otherwise. */
    private readonly withEdges: boolean,
    /** Whether each entry's `resolution.integrity` is kept. */
    private readonly withSources: boolean,
  ) {}

  private fail(reason: string, line: number): never {
    throw new LockfileError(this.path, reason, { line });
  }

  /** A mapping field of the document, empty when absent or null. */
  private mapping(data: Obj, field: string, where: string, line: number): Mapping {
    const value = data[field];
    if (value === undefined || value === null) return NO_ENTRIES;
    const map = mappingOf(value);
    if (map === undefined) this.fail(`${where} must be a mapping`, line);
    return map;
  }

  read(doc: Document, isEnv: boolean): void {
    const { data, lines } = doc;
    const style = keyStyleOf(doc.major);
    const topLine = (key: string) => lines.top.get(key) ?? lines.start;
    const packages = this.mapping(data, 'packages', '"packages"', topLine('packages'));
    const snapshotsPresent = data.snapshots !== undefined && data.snapshots !== null;
    const snapshots = this.mapping(data, 'snapshots', '"snapshots"', topLine('snapshots'));
    const importers = this.importersOf(data, lines, topLine('importers'));
    const workspaceDirs = new Set(importers.map((i) => i.id));

    // Packages, in file order. Every key (each peer variant) finds its entry through `byKey`: most
    // keys are their entry's identity, so only the others are stored again in `otherKeys`.
    const otherKeys = new Map<string, Entry>();
    const byKey: KeyLookup = (key) => this.entries.get(key) ?? otherKeys.get(key);
    // Entries first read in this document: an env document never changes the lockfile proper's.
    const docEntries: Entry[] = [];
    const packageKeys: [string, Obj, number][] = [];
    const register = (key: string, entry: Entry, fields: Obj, line: number) => {
      if (this.created) docEntries.push(entry);
      // `entries` holds each entry under its identity only.
      if (entry.id !== key) otherKeys.set(key, entry);
      if (style !== 'at') {
        entry.devFlags &&= fields.dev === true;
        entry.optionalFlags &&= fields.optional === true;
        packageKeys.push([key, fields, line]);
      }
    };
    // Entries whose name neither the key nor a `name` field tells (pnpm 7 writes git+file
    // dependencies so): named after the first dependency that points to them, if any does.
    const unnamed = new Map<string, { parsed: PnpmKey; fields: Obj; line: number }>();
    let index = -1;
    for (const [key, value] of packages) {
      index++;
      const line = lines.packages.lineOf(index, key) ?? topLine('packages');
      let fields: Obj = {};
      if (isMap(value)) fields = value;
      else if (value !== null && value !== undefined)
        this.fail(`packages entry ${key} must be a mapping`, line);
      let parsed = parsePnpmKey(key, style);
      if (parsed === undefined) {
        // Not a dependency path pnpm writes, unless its resolution says where it comes from.
        if (!hasResolution(fields)) this.fail(`packages key "${key}" is not a pnpm dependency path`, line);
        parsed = { kind: 'other' };
      }
      if (parsed.name === undefined && typeof fields.name !== 'string') {
        unnamed.set(key, { parsed, fields, line });
        continue;
      }
      const entry = this.entryOf(key, parsed, fields, line, workspaceDirs, style);
      if (entry !== undefined) register(key, entry, fields, line);
    }

    // Importers: direct dependencies, aliases, links and workspace projects, and the 9.x graph roots.
    const lookup = (depName: string, ref: string): { entry: Entry; key: string } | undefined => {
      const keys = referenceKeys(depName, ref, style);
      for (const key of keys) {
        const entry = byKey(key) ?? (style === 'at' ? byKey(cutKeyPeers(key)) : undefined);
        if (entry !== undefined) return { entry, key };
      }
      for (const key of keys) {
        const waiting = unnamed.get(key);
        if (waiting === undefined) continue;
        unnamed.delete(key);
        const fields = { ...waiting.fields, name: depName };
        const entry = this.entryOf(key, waiting.parsed, fields, waiting.line, workspaceDirs, style);
        if (entry === undefined) return undefined;
        register(key, entry, fields, waiting.line);
        this.warnings.push({
          message: `packages entry ${key} has no name; named ${depName} after the dependency that points to it`,
          line: waiting.line,
        });
        return { entry, key };
      }
      return undefined;
    };
    const roots: { key: string; role: Role }[] = [];
    for (const importer of importers) {
      for (const dep of importer.deps) {
        if (dep.ref.startsWith('link:')) {
          this.addLink(importer.id, dep, workspaceDirs);
          continue;
        }
        const found = lookup(dep.name, dep.ref);
        if (found === undefined) {
          this.warnings.push({
            message: `importer ${importer.id} lists ${dep.name} at ${dep.ref}, which is not in packages`,
            line: dep.line,
          });
          continue;
        }
        found.entry.direct = true;
        this.noteName(found.entry, dep.name);
        roots.push({ key: found.key, role: dep.role });
      }
    }

    if (style === 'at' || snapshotsPresent) {
      this.walkSnapshots(snapshots, roots, byKey, topLine('snapshots'));
    } else {
      // 5.x and 6.x: the flags say dev and optional; dependency lists only tell aliases apart.
      for (const [key, fields, line] of packageKeys) {
        for (const field of ['dependencies', 'optionalDependencies']) {
          const deps = this.mapping(fields, field, `${field} of ${key}`, line);
          for (const [depName, ref] of deps) {
            if (typeof ref !== 'string') this.fail(`${field} of ${key}: ${depName} must be a string`, line);
            if (ref.startsWith('link:')) continue;
            const found = lookup(depName, ref);
            if (found !== undefined) {
              this.noteName(found.entry, depName);
              if (this.withEdges) this.addEdge(byKey(key), found.entry);
            }
          }
        }
      }
    }

    for (const [key, waiting] of unnamed) {
      this.warnings.push({
        message: `cannot read a package name from packages key ${key} and no dependency points to it; skipped`,
        line: waiting.line,
      });
    }
    for (const entry of docEntries) {
      const { pkg } = entry;
      pkg.direct = entry.direct;
      if (isEnv) {
        // The package manager and its config dependencies: tooling, whatever the sections say.
        pkg.dev = true;
        pkg.optional = entry.hasSnapshot && entry.optionalFlags;
      } else if (style !== 'at' && !snapshotsPresent) {
        pkg.dev = entry.devFlags;
        pkg.optional = entry.optionalFlags;
      } else {
        if (entry.reached) pkg.dev = !entry.prodReached;
        if (entry.hasSnapshot) pkg.optional = entry.optionalFlags;
      }
      if (!entry.realNameSeen && entry.alias !== undefined) pkg.alias = entry.alias;
    }
    if (this.unresolved > 0) {
      this.warnings.push({
        message: `${this.unresolved} dependency reference(s) in snapshots point to no snapshot (first: ${this.firstUnresolved})`,
        line: topLine('snapshots'),
      });
      this.unresolved = 0;
    }
  }

  private noteName(entry: Entry, installedAs: string): void {
    if (installedAs === entry.pkg.name) entry.realNameSeen = true;
    else entry.alias ??= installedAs;
  }

  /** The importers of a document; single-project 5.x and 6.x files carry the root's lists at the top. */
  private importersOf(
    data: Obj,
    lines: PnpmDocumentLines,
    importersLine: number,
  ): { id: string; deps: { name: string; ref: string; role: Role; specifier?: string; line: number }[] }[] {
    const sources: [string, Obj, number][] = [];
    if (data.importers !== undefined && data.importers !== null) {
      if (!isMap(data.importers)) this.fail('"importers" must be a mapping', importersLine);
      for (const [id, value] of Object.entries(data.importers)) {
        const line = lines.importers.get(id) ?? importersLine;
        if (value === null) continue;
        if (!isMap(value)) this.fail(`importer ${id} must be a mapping`, line);
        sources.push([id, value, line]);
      }
    } else {
      sources.push(['.', data, lines.start]);
    }
    return sources.map(([id, importer, importerLine]) => {
      const specifiers = isMap(importer.specifiers) ? importer.specifiers : {};
      const deps: { name: string; ref: string; role: Role; specifier?: string; line: number }[] = [];
      for (const section of PNPM_DEPENDENCY_SECTIONS) {
        const listed = importer[section];
        if (listed === undefined || listed === null) continue;
        const sectionLine =
          id === '.' && sources.length === 1 ? (lines.top.get(section) ?? importerLine) : importerLine;
        if (!isMap(listed)) this.fail(`${section} of importer ${id} must be a mapping`, sectionLine);
        const role = SECTION_ROLE[section] ?? 'prod';
        for (const [name, spec] of Object.entries(listed)) {
          const line = lines.dependencies.get(`${id}\u0000${name}`) ?? sectionLine;
          const ref = typeof spec === 'string' ? spec : isMap(spec) ? spec.version : undefined;
          if (typeof ref !== 'string')
            this.fail(`${section} of importer ${id}: ${name} has no version string`, line);
          const specifier = isMap(spec) ? spec.specifier : specifiers[name];
          deps.push({
            name,
            ref,
            role,
            line,
            ...(typeof specifier === 'string' ? { specifier } : {}),
          });
        }
      }
      return { id, deps };
    });
  }

  /** The entry for one `packages:` key, shared with earlier keys of the same package version. */
  private entryOf(
    key: string,
    parsed: PnpmKey,
    fields: Obj,
    line: number,
    workspaceDirs: ReadonlySet<string>,
    style: PnpmKeyStyle,
  ): Entry | undefined {
    const fieldName = optionalString(fields.name);
    const fieldVersion = optionalString(fields.version);
    if (fieldName === null || fieldVersion === null)
      this.fail(`packages entry ${key}: name and version must be strings`, line);
    if (!isOptionalBoolean(fields.dev) || !isOptionalBoolean(fields.optional))
      this.fail(`packages entry ${key}: dev and optional must be true or false`, line);
    const resolution = fields.resolution ?? {};
    if (!isMap(resolution)) this.fail(`packages entry ${key}: resolution must be a mapping`, line);
    const name = fieldName ?? parsed.name;

    const tarball = optionalString(resolution.tarball) ?? undefined;
    const repo = optionalString(resolution.repo) ?? undefined;
    const directory = optionalString(resolution.directory) ?? undefined;
    const commit = optionalString(resolution.commit) ?? undefined;
    let source: PackageSource | undefined;
    let resolved: string | undefined;
    if (resolution.type === 'git' || repo !== undefined) {
      source = 'git';
      resolved = `${repo ?? key}${commit === undefined ? '' : `#${commit}`}`;
    } else if (resolution.type === 'directory' || directory !== undefined) {
      source = 'path';
      resolved = directory ?? key.replace(/^file:/, '');
    } else if (tarball !== undefined) {
      // A registry package keeps its tarball URL too: it names the registry it came from.
      resolved = tarball;
      if (tarball.startsWith('file:')) {
        source = 'path';
        resolved = tarball.slice('file:'.length);
      } else if (GIT_ARCHIVE.test(tarball)) source = 'git';
      else if (parsed.kind === 'registry') source = 'registry';
      else source = 'url';
    } else if (parsed.kind === 'registry') {
      source = 'registry';
      // 5.x and 6.x name a registry other than the default one by its host: `example.com/foo/1.0.0`.
      if (parsed.host !== undefined) resolved = parsed.host;
    } else if (parsed.kind === 'file') {
      source = 'path';
      resolved = (parsed.spec ?? key).replace(/^file:/, '');
    } else if (parsed.kind === 'link') {
      source = 'link';
      resolved = (parsed.spec ?? key).replace(/^link:/, '');
    } else if (name !== undefined && (fieldVersion !== undefined || parsed.spec !== undefined)) {
      // No resolution at all: judge by the key alone.
      const spec = parsed.spec ?? key;
      if (
        GIT_SPEC.test(spec) ||
        GIT_ARCHIVE.test(spec) ||
        /^(github\.com|gitlab\.com|bitbucket\.org)\//.test(spec)
      )
        source = 'git';
      else if (/^https?:/.test(spec)) source = 'url';
      resolved = spec;
      source ??= fieldVersion !== undefined ? 'url' : undefined;
    }
    if (name === undefined || name === '' || source === undefined) {
      this.warnings.push({
        message: `cannot read a package name and version from packages key ${key}; skipped`,
        line,
      });
      return undefined;
    }
    if (source === 'path' && resolved !== undefined && workspaceDirs.has(resolved)) source = 'workspace';
    const version = source === 'registry' ? (parsed.version ?? fieldVersion ?? '') : (fieldVersion ?? '');
    // Peer variants share their resolution, so they share this identity too. A 9.x registry key
    // without peer suffix is `name@version` already: it is its own identity.
    const id =
      style === 'at' && source === 'registry' && resolved === undefined && key.indexOf('(') === -1
        ? key
        : `${name}@${version}\u0000${source}\u0000${resolved ?? ''}`;
    const existing = this.entries.get(id);
    this.created = existing === undefined;
    if (existing !== undefined) return existing;
    const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source };
    if (resolved !== undefined) pkg.resolved = resolved;
    if (this.withSources) {
      const integrity = optionalString(resolution.integrity);
      if (typeof integrity === 'string' && integrity !== '') pkg.integrity = integrity;
    }
    const entry: Entry = {
      pkg,
      id,
      devFlags: true,
      optionalFlags: true,
      prodReached: false,
      reached: false,
      hasSnapshot: false,
      direct: false,
      realNameSeen: false,
    };
    this.entries.set(id, entry);
    return entry;
  }

  private addLink(
    importerId: string,
    dep: { name: string; ref: string; role: Role; specifier?: string; line: number },
    workspaceDirs: ReadonlySet<string>,
  ): void {
    const target = joinRelative(importerId, dep.ref.slice('link:'.length));
    const source: PackageSource =
      workspaceDirs.has(target) || dep.specifier?.startsWith('workspace:') === true ? 'workspace' : 'link';
    const id = `${dep.name}\u0000${source}\u0000${target}`;
    let link = this.links.get(id);
    if (link === undefined) {
      link = {
        pkg: { ecosystem: 'npm', name: dep.name, version: '', line: dep.line, source, resolved: target },
        devOnly: true,
        optionalOnly: true,
      };
      this.links.set(id, link);
    }
    link.devOnly &&= dep.role === 'dev';
    link.optionalOnly &&= dep.role === 'optional';
  }

  /**
   * 9.x: which snapshots the importers reach, through `dependencies` and `optionalDependencies`, from
   * production roots and from any root; and the `optional` flag of every snapshot.
   */
  private walkSnapshots(
    snapshots: Mapping,
    roots: readonly { key: string; role: Role }[],
    byKey: KeyLookup,
    snapshotsLine: number,
  ): void {
    const index = new SnapshotIndex();
    for (const [key, value] of snapshots) {
      const isMapping = isMap(value);
      if (!isMapping && value !== null) this.fail(`snapshots entry ${key} must be a mapping`, snapshotsLine);
      const entry = key.indexOf('(') === -1 ? byKey(key) : byKey(cutKeyPeers(key));
      index.add(key, isMapping ? value : null, entry);
      if (entry === undefined) continue;
      entry.hasSnapshot = true;
      entry.optionalFlags &&= isMapping && value.optional === true;
    }
    // The walk of reach.ts, production roots first: what they reach is production (PROD); dev roots
    // then reach only the rest (REACHED alone). Every snapshot is expanded once, so every dependency
    // edge is read once. No edge is optional here: pnpm writes `optional` on each snapshot.
    const walk = new ReachWalk(index.all.length, (at, visit) => {
      const snapshot = index.all[at]!;
      if (snapshot.dependencies !== undefined)
        this.follow(index, snapshot, snapshot.dependencies, 'dependencies', snapshotsLine, visit);
      if (snapshot.optionalDependencies !== undefined)
        this.follow(
          index,
          snapshot,
          snapshot.optionalDependencies,
          'optionalDependencies',
          snapshotsLine,
          visit,
        );
    });
    for (const pass of [true, false]) {
      for (const root of roots) {
        if ((root.role !== 'dev') !== pass) continue;
        const snapshot = index.byKey(root.key);
        if (snapshot !== undefined) walk.root(snapshot.at, pass ? PROD | REACHED : REACHED);
      }
      walk.spread();
    }
    for (const snapshot of index.all) {
      const { entry } = snapshot;
      const bits = walk.bits[snapshot.at]!;
      if (entry !== undefined && bits !== 0) {
        entry.reached = true;
        if ((bits & PROD) !== 0) entry.prodReached = true;
      }
      if (snapshot.underOwnName) entry!.realNameSeen = true;
    }
  }

  /** Visits the snapshots that one dependency list of a snapshot points to. */
  private follow(
    index: SnapshotIndex,
    from: Snapshot,
    deps: unknown,
    field: string,
    snapshotsLine: number,
    visit: (to: number, optional: boolean) => void,
  ): void {
    if (deps === undefined || deps === null) return;
    const list = mappingOf(deps);
    if (list === undefined) this.fail(`${field} of snapshot ${from.key} must be a mapping`, snapshotsLine);
    for (const [depName, ref] of list) {
      if (typeof ref !== 'string')
        this.fail(`${field} of snapshot ${from.key}: ${depName} must be a string`, snapshotsLine);
      if (ref.startsWith('link:')) continue;
      // `name: ref` is the key `name@ref`, found by name when the name ends where that key splits.
      let next = depName !== '' && depName.indexOf('@', 1) === -1 ? index.of(depName, ref) : undefined;
      const byOwnKey = next !== undefined;
      if (next === undefined) {
        for (const candidate of referenceKeys(depName, ref, 'at')) {
          next = index.byKey(candidate);
          if (next !== undefined) break;
        }
      }
      if (next === undefined) {
        if (this.unresolved++ === 0) this.firstUnresolved = `${from.key} -> ${depName}: ${ref}`;
        continue;
      }
      const target = next.entry;
      if (target !== undefined) {
        // Referenced under the name of its key, which is its package's name: noted on the snapshot,
        // and on its entry after the walk. Once referenced under its own name, the names it is
        // referenced under no longer matter.
        if (byOwnKey && next.ownName) next.underOwnName = true;
        else if (!target.realNameSeen) this.noteName(target, depName);
        if (this.withEdges) this.addEdge(from.entry, target);
      }
      visit(next.at, false);
    }
  }

  private addEdge(from: Entry | undefined, to: Entry): void {
    if (from === undefined || from === to) return;
    let set = this.edges.get(from.pkg);
    if (set === undefined) this.edges.set(from.pkg, (set = new Set<LockfilePackage>()));
    set.add(to.pkg);
  }

  /** The edges as indexes into `packages`. */
  graph(packages: readonly LockfilePackage[]): number[][] {
    const index = new Map<LockfilePackage, number>();
    packages.forEach((pkg, i) => index.set(pkg, i));
    return packages.map((pkg) => {
      const out: number[] = [];
      for (const to of this.edges.get(pkg) ?? []) {
        const at = index.get(to);
        if (at !== undefined) out.push(at);
      }
      return out;
    });
  }

  /** Every entry read so far, links included, in file order. */
  result(): LockfilePackage[] {
    const out: LockfilePackage[] = [];
    for (const entry of this.entries.values()) out.push(entry.pkg);
    for (const link of this.links.values()) {
      link.pkg.direct = true;
      link.pkg.dev = link.devOnly;
      link.pkg.optional = link.optionalOnly;
      out.push(link.pkg);
    }
    return out.sort((a, b) => a.line - b.line);
  }
}

/** One `snapshots:` entry while the snapshots are walked. */
interface Snapshot {
  key: string;
  /** The part of the key after the `@` that ends the name (the whole key when there is none). */
  rest: string;
  /** The next snapshot of the same name, in file order. */
  sameName: Snapshot | undefined;
  /** Its dependency lists as written (undefined when absent or null). */
  dependencies: unknown;
  optionalDependencies: unknown;
  /** The reported package it is a variant of. */
  entry: Entry | undefined;
  /** The name its key starts with is its package's name. */
  ownName: boolean;
  /** A dependency under that name points to it. */
  underOwnName: boolean;
  /** Its index in `SnapshotIndex.all`, for the walk. */
  at: number;
}

/**
 * Snapshots by key, looked up as `name` and the rest of the key (split at the `@` that ends the name,
 * the first one after the first character) so that a dependency `name: ref` finds its snapshot
 * `name@ref` without building that string. The snapshots of one name are chained.
 */
class SnapshotIndex {
  private readonly byName = new Map<string, Snapshot>();
  /** The last snapshot of each name that has more than one. */
  private readonly last = new Map<string, Snapshot>();
  /** Keys without such an `@`. */
  private readonly bare = new Map<string, Snapshot>();
  /** Every snapshot, in file order. */
  readonly all: Snapshot[] = [];

  add(key: string, fields: Obj | null, entry: Entry | undefined): void {
    const at = key.indexOf('@', 1);
    const snapshot: Snapshot = {
      key,
      rest: at === -1 ? key : key.slice(at + 1),
      sameName: undefined,
      dependencies: fields?.dependencies ?? undefined,
      optionalDependencies: fields?.optionalDependencies ?? undefined,
      entry,
      ownName: false,
      underOwnName: false,
      at: this.all.length,
    };
    this.all.push(snapshot);
    if (at === -1) {
      this.bare.set(key, snapshot);
      return;
    }
    const name = key.slice(0, at);
    snapshot.ownName = entry !== undefined && entry.pkg.name === name;
    const first = this.byName.get(name);
    if (first === undefined) this.byName.set(name, snapshot);
    else {
      // Keys are distinct, so no two snapshots of one name have the same rest.
      (this.last.get(name) ?? first).sameName = snapshot;
      this.last.set(name, snapshot);
    }
  }

  /** The snapshot whose key is `name@rest`, for a name without an `@` after its first character. */
  of(name: string, rest: string): Snapshot | undefined {
    let snapshot = this.byName.get(name);
    while (snapshot !== undefined && snapshot.rest !== rest) snapshot = snapshot.sameName;
    return snapshot;
  }

  byKey(key: string): Snapshot | undefined {
    const at = key.indexOf('@', 1);
    if (at === -1) return this.bare.get(key);
    const rest = key.slice(at + 1);
    let snapshot = this.byName.get(key.slice(0, at));
    while (snapshot !== undefined && snapshot.rest !== rest) snapshot = snapshot.sameName;
    return snapshot;
  }
}
