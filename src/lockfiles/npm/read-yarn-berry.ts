import yaml from 'js-yaml';
import { LockfileError } from '../errors.js';
import { REACHED, ReachWalk, REQUIRED, rootBits } from '../reach.js';
import { isObj } from '../syntax/shapes.js';
import { assertNoConflictMarkers } from '../syntax/text.js';
import { scanYamlEntries, type YamlEntries, type YamlEntryShape } from '../syntax/yaml-scan.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

// A range that names its protocol (`npm:^1`, `workspace:^`, `https://…`); yarn 2 and 3 leave `npm:` out.
const PROTOCOL = /^[a-z][\w+.-]*:/i;

// One entry of the lockfile as the reader keeps it until direct and optional are known.
interface Entry {
  pkg: LockfilePackage;
  resolution: string;
  workspace: boolean;
  dependencies: Mapping;
  /** `dependenciesMeta`, left out when it is empty. */
  meta: Mapping | undefined;
  /** Its dependencies, resolved once: required targets, then optional ones. */
  edges: Entry[][] | undefined;
  /** `encodeURIComponent(resolution)`, once needed (yarn binds relative descriptors to it). */
  locator: string | undefined;
  /** Its index in the lockfile's entries, for the walk from the workspaces. */
  at: number;
  /** Its index among the reported packages, -1 when it is not reported. */
  index: number;
}

/**
 * Reads a yarn berry lockfile (yarn 2 and later: YAML with a `__metadata` section). Each entry is
 * keyed by the descriptors that resolved to it (`"a@npm:^1, a@npm:^1.1":`) and names its package and
 * protocol in `resolution`; one package per entry, on the line of its key, in file order. The root
 * workspace (`workspace:.`) is the project itself and is not listed; other workspaces are, as
 * `workspace`.
 *
 * The name is the resolution's (`"foo@npm:bar@^1"` resolves to `bar@npm:1.0.0`: `bar`, with `alias`
 * `foo`; an entry that is both `bar@npm:^1` and an alias carries the alias too). `patch:` resolutions
 * are the patched package's version with the source of the package underneath, and keep the patch
 * resolution as `resolved`; the unpatched entry beside them is listed as well. `link:` and `portal:`
 * are `link`, `file:` is `path`, git resolutions (`#commit=`) are `git`, tarball URLs `url`.
 *
 * `direct` means that a workspace (the root included) lists it, found by the descriptors yarn writes
 * in each workspace entry. `optional` means that only dependencies marked optional
 * (`dependenciesMeta`) reach it; it is left out for entries no workspace reaches. The lockfile merges
 * dev dependencies into `dependencies`, so `dev` is never known and left out. `text` must have had its
 * byte-order mark removed and, unless `markersRefused` is false (then they are refused here), its
 * conflict markers refused by the caller.
 */
export function readYarnBerryLockfile(
  path: string,
  text: string,
  options: ReadOptions = {},
  markersRefused = true,
): LockfileResult {
  const sources = options.sources === true;
  const { keys, values, lines } = loadEntries(path, text, markersRefused, sources);
  const metadataAt = keys.indexOf('__metadata');
  const metadataLine = lines[metadataAt] ?? 1;
  const metadata = values[metadataAt];
  if (!isObj(metadata))
    throw new LockfileError(path, 'a yarn berry lockfile needs a __metadata section', {
      line: metadataLine,
    });
  const version = metadata.version;
  if (typeof version !== 'string' || !/^\d+$/.test(version))
    throw new LockfileError(path, `__metadata.version must be a number, got ${JSON.stringify(version)}`, {
      line: metadataLine,
    });

  // The cache key is part of what a checksum hashes (yarn 4 writes it in front: `10/…`; yarn 2 and 3
  // leave it to `__metadata`), so two checksums are comparable only under the same key.
  const cacheKey =
    typeof metadata.cacheKey === 'string' && /^\w+$/.test(metadata.cacheKey) ? metadata.cacheKey : undefined;
  const warnings: LockfileWarning[] = [];
  const entries: Entry[] = [];
  // Entries by descriptor (`name@range`, or a bare one with no `@` after its first character); when a
  // descriptor repeats, the last entry that has it.
  const byDescriptor = new Map<string, Entry>();
  // Patch entries by the descriptor they patch: yarn applies its built-in patches (`resolve`,
  // `typescript`, `fsevents`) behind the plain descriptor that the dependent wrote.
  const patchesOf = new Map<string, Entry[]>();
  // Whether any descriptor is bound to its parent (`::locator=`): only then is that form looked up.
  let hasLocators = false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (key === '__metadata') continue;
    const descriptors = descriptorsOf(key);
    const entry = readEntry(
      path,
      key,
      descriptors,
      values[index],
      lines[index]!,
      warnings,
      sources,
      cacheKey,
    );
    entry.at = entries.length;
    entries.push(entry);
    for (const descriptor of descriptors) byDescriptor.set(descriptor, entry);
    // Neither needle holds a comma or a space: a key holds one only where one of its descriptors does.
    if (!hasLocators && key.includes('::locator=')) hasLocators = true;
    if (!key.includes('patch:')) continue;
    for (const trimmed of descriptors) {
      const at = trimmed.indexOf('@', 1);
      if (at !== -1 && trimmed.startsWith('patch:', at + 1)) {
        const patched = patchedDescriptor(trimmed.slice(at + 1));
        if (patched === undefined) continue;
        // Yarn 3 writes the patched descriptor without the `npm:` that the plain entry's key has.
        const inner = splitDescriptor(patched);
        const forms = PROTOCOL.test(inner.range) ? [patched] : [patched, `${inner.name}@npm:${inner.range}`];
        for (const form of forms) patchesOf.set(form, [...(patchesOf.get(form) ?? []), entry]);
      }
    }
  }

  // The only entry that descriptors of a name resolve to (null when there are several), by name:
  // built when a dependency first misses every form of its descriptor.
  let onlyByName: Map<string, Entry | null> | undefined;
  const onlyEntryOf = (name: string): Entry | undefined => {
    if (onlyByName === undefined) {
      onlyByName = new Map();
      let next = 0;
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        if (key === '__metadata') continue;
        const entry = entries[next++]!;
        for (const trimmed of descriptorsOf(key)) {
          const at = trimmed.indexOf('@', 1);
          const of = at === -1 ? trimmed : trimmed.slice(0, at);
          const known = onlyByName.get(of);
          if (known === undefined) onlyByName.set(of, entry);
          else if (known !== entry) onlyByName.set(of, null);
        }
      }
    }
    return onlyByName.get(name) ?? undefined;
  };
  // Adds the entries a dependency of `parent` reaches: its descriptor as written, as yarn binds
  // relative ones to their parent (`::locator=`), with the `npm:` protocol yarn 2 left implicit, or
  // (when a `resolutions` override replaced the descriptor) the only entry of that name; with the
  // patches of the descriptor found.
  const resolveInto = (bucket: Entry[], parent: Entry, name: string, range: string): void => {
    let descriptor = `${name}@${range}`;
    let found = byDescriptor.get(descriptor);
    if (found === undefined) {
      if (hasLocators) {
        parent.locator ??= encodeURIComponent(parent.resolution);
        descriptor = `${name}@${range}::locator=${parent.locator}`;
        found = byDescriptor.get(descriptor);
      }
      if (found === undefined) {
        descriptor = `${name}@npm:${range}`;
        found = byDescriptor.get(descriptor);
      }
    }
    if (found !== undefined) {
      bucket.push(found);
      const patches = patchesOf.size === 0 ? undefined : patchesOf.get(descriptor);
      if (patches !== undefined) for (const patch of patches) bucket.push(patch);
      return;
    }
    const only = onlyEntryOf(name);
    if (only !== undefined) bucket.push(only);
  };
  const edgesOf = (entry: Entry): Entry[][] => {
    let found = entry.edges;
    if (found !== undefined) return found;
    const required: Entry[] = [];
    const { meta } = entry;
    if (meta === undefined) {
      for (const [name, range] of entry.dependencies) resolveInto(required, entry, name, range as string);
      found = [required];
    } else {
      const optional: Entry[] = [];
      for (const [name, range] of entry.dependencies) {
        const flags = meta.get(name);
        const mark: unknown =
          flags instanceof Map
            ? (flags as Mapping).get('optional')
            : isObj(flags)
              ? flags.optional
              : undefined;
        resolveInto(mark === 'true' ? optional : required, entry, name, range as string);
      }
      found = [required, optional];
    }
    entry.edges = found;
    return found;
  };

  const workspaces = entries.filter((e) => e.workspace);
  // What the workspaces reach through any dependency (REACHED) and through required ones only
  // (REQUIRED). Every workspace is a root with every bit, so none is marked by another's edge.
  const walk = new ReachWalk(entries.length, (i, visit) => {
    const edges = edgesOf(entries[i]!);
    for (let bucket = 0; bucket < edges.length; bucket++)
      for (const next of edges[bucket]!) visit(next.at, bucket === 1);
  });
  for (const workspace of workspaces) walk.root(workspace.at, rootBits('prod'));
  walk.spread();
  for (const workspace of workspaces) {
    for (const targets of edgesOf(workspace)) for (const target of targets) target.pkg.direct = true;
  }

  const packages: LockfilePackage[] = [];
  const reported: Entry[] = [];
  for (const entry of entries) {
    if (entry.resolution.endsWith('@workspace:.')) continue;
    const { pkg } = entry;
    pkg.direct ??= false;
    const bits = walk.bits[entry.at]!;
    if (!entry.workspace && (bits & REACHED) !== 0) pkg.optional = (bits & REQUIRED) === 0;
    entry.index = packages.length;
    packages.push(pkg);
    reported.push(entry);
  }
  const result: LockfileResult = { ecosystem: 'npm', format: `yarn-berry@${version}`, packages, warnings };
  if (options.edges === true) {
    result.dependencies = reported.map((entry) => {
      const out: number[] = [];
      for (const targets of edgesOf(entry))
        for (const target of targets) {
          const at = target.index;
          if (at !== -1 && !out.includes(at)) out.push(at);
        }
      return out;
    });
  }
  return result;
}

// The descriptors of an entry's key (`"a@npm:^1, a@npm:^1.1"`), each trimmed.
function descriptorsOf(key: string): string[] {
  if (key.indexOf(',') === -1) {
    const first = key.charCodeAt(0);
    const last = key.charCodeAt(key.length - 1);
    // Printable ASCII at both ends: nothing for trim() to remove.
    return [first > 32 && first < 127 && last > 32 && last < 127 ? key : key.trim()];
  }
  return key.split(',').map((d) => d.trim());
}

function readEntry(
  path: string,
  key: string,
  descriptors: readonly string[],
  value: unknown,
  line: number,
  warnings: LockfileWarning[],
  sources: boolean,
  cacheKey: string | undefined,
): Entry {
  if (!isObj(value)) throw new LockfileError(path, `entry ${key} is not a mapping`, { line });
  const { resolution, version } = value;
  if (typeof resolution !== 'string' || resolution === '')
    throw new LockfileError(path, `entry ${key} has no resolution`, { line });
  if (typeof version !== 'string' || version === '')
    throw new LockfileError(path, `entry ${key} has no version`, { line });
  const dependencies = mappingOf(value.dependencies);
  if (dependencies === undefined || !allStrings(dependencies))
    throw new LockfileError(path, `entry ${key}: "dependencies" must map names to ranges`, { line });
  const meta = mappingOf(value.dependenciesMeta);
  if (meta === undefined)
    throw new LockfileError(path, `entry ${key}: "dependenciesMeta" must be a mapping`, { line });

  const { name, range: reference } = splitDescriptor(resolution);
  if (name === '' || reference === '')
    throw new LockfileError(path, `entry ${key}: malformed resolution ${JSON.stringify(resolution)}`, {
      line,
    });
  const source = sourceOfReference(reference, (message) => warnings.push({ message, line }));
  const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source };
  // The first descriptor whose name is not the resolution's names the alias.
  for (const descriptor of descriptors) {
    const at = descriptor.indexOf('@', 1);
    const end = at === -1 ? descriptor.length : at;
    if (end !== name.length || !descriptor.startsWith(name)) {
      pkg.alias = descriptor.slice(0, end);
      break;
    }
  }
  if (sources || source !== 'registry' || reference.startsWith('patch:')) pkg.resolved = resolution;
  if (sources) {
    // Yarn writes `checksum: <cache key>/<sha512 hex>` (yarn 2 and 3: the hex alone, under
    // `__metadata.cacheKey`) for what it downloads. A patch entry's checksum is that of the patched
    // archive, which changes with the patch and with each yarn release (its built-in patches): the
    // published package is the unpatched entry beside it, with its own checksum.
    const { checksum, conditions } = value;
    if (typeof checksum === 'string' && checksum !== '' && !reference.startsWith('patch:'))
      pkg.integrity = checksum.includes('/') || cacheKey === undefined ? checksum : `${cacheKey}/${checksum}`;
    // A package for some platforms only: yarn records its checksum only where it was fetched.
    if (typeof conditions === 'string' && conditions !== '') pkg.conditions = conditions;
    if (reference.startsWith('patch:')) pkg.patch = patchOf(reference);
  }
  return {
    pkg,
    resolution,
    workspace: source === 'workspace',
    dependencies,
    meta: meta.size === 0 ? undefined : meta,
    edges: undefined,
    locator: undefined,
    at: -1,
    index: -1,
  };
}

/**
 * A mapping field: the scanner gives a Map, js-yaml an object, read here in the same order (no
 * array-index keys reach a Map); absent or null is empty. Undefined when it is not a mapping.
 */
type Mapping = ReadonlyMap<string, unknown>;
const NO_ENTRIES: Mapping = new Map();
function mappingOf(value: unknown): Mapping | undefined {
  if (value === undefined || value === null) return NO_ENTRIES;
  if (value instanceof Map) return value as Mapping;
  if (!isObj(value)) return undefined;
  return new Map(Object.keys(value).map((key) => [key, value[key]]));
}

function allStrings(map: Mapping): boolean {
  for (const value of map.values()) if (typeof value !== 'string') return false;
  return true;
}

// Splits `name@reference` at the `@` that ends the name (a scope's leading `@` belongs to the name).
function splitDescriptor(descriptor: string): { name: string; range: string } {
  const at = descriptor.indexOf('@', 1);
  return at === -1
    ? { name: descriptor, range: '' }
    : { name: descriptor.slice(0, at), range: descriptor.slice(at + 1) };
}

// The descriptor a `patch:` range applies to: `patch:a@npm%3A^1#…` -> `a@npm:^1`.
function patchedDescriptor(range: string): string | undefined {
  const hash = range.indexOf('#');
  const inner = range.slice('patch:'.length, hash === -1 ? undefined : hash);
  try {
    return decodeURIComponent(inner);
  } catch {
    return undefined;
  }
}

// The patch a `patch:` reference applies (`patch:a@npm%3A1.0.0#~/.yarn/patches/a.patch::version=…`
// -> `~/.yarn/patches/a.patch`; yarn's own: `optional!builtin<compat/fsevents>`).
function patchOf(reference: string): string {
  const hash = reference.indexOf('#');
  if (hash === -1) return reference;
  const end = reference.indexOf('::', hash);
  const raw = reference.slice(hash + 1, end === -1 ? undefined : end);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function sourceOfReference(reference: string, warn: (message: string) => void): PackageSource {
  // A patch keeps the source of what it patches (nested patches are peeled one by one).
  let ref = reference;
  for (let depth = 0; ref.startsWith('patch:') && depth < 8; depth++) {
    const inner = patchedDescriptor(ref);
    if (inner === undefined) return 'path';
    ref = splitDescriptor(inner).range;
  }
  if (ref.startsWith('npm:')) return 'registry';
  if (ref.startsWith('workspace:')) return 'workspace';
  if (ref.startsWith('link:') || ref.startsWith('portal:')) return 'link';
  // `exec:` builds the package from a script in the project.
  if (ref.startsWith('file:') || ref.startsWith('exec:')) return 'path';
  if (
    /^(git\+|git:|ssh:|github:|gitlab:|bitbucket:)/.test(ref) ||
    /#commit[=:]/.test(ref) ||
    /^https?:\/\/[^#]*\.git(#|$)/.test(ref)
  )
    return 'git';
  if (/^https?:/.test(ref)) return 'url';
  if (/^\d/.test(ref)) return 'registry';
  warn(`unknown protocol in resolution reference ${JSON.stringify(reference)}; read as a url`);
  return 'url';
}

// What the reader uses of each entry (and of `__metadata`).
const ENTRY_SHAPE: YamlEntryShape = {
  fields: new Set(['version', 'resolution', 'dependencies', 'dependenciesMeta']),
  nestedMaps: true,
};
// The same, with the checksum the gate compares across a change.
const SOURCES_SHAPE: YamlEntryShape = {
  ...ENTRY_SHAPE,
  fields: new Set([...ENTRY_SHAPE.fields, 'checksum', 'conditions', 'cacheKey']),
};

// The entries of the lockfile, with the lines of their keys. The YAML as yarn itself reads it: every
// scalar a string (the failsafe schema), so that a version like `1.10` never turns into a number. The
// scanner reads the YAML yarn writes in one pass; anything else goes to js-yaml, which also reports
// broken files.
function loadEntries(path: string, text: string, markersRefused: boolean, sources: boolean): YamlEntries {
  const scanned = scanYamlEntries(text, false, sources ? SOURCES_SHAPE : ENTRY_SHAPE);
  if (scanned !== undefined) return scanned;
  // The scanner gives up on any line that opens with a conflict marker; the caller may have left
  // them to this path.
  if (!markersRefused) assertNoConflictMarkers(path, text);
  const data = loadYaml(path, text);
  const lines = topKeyLines(text);
  if (!isObj(data))
    throw new LockfileError(path, 'not a yarn berry lockfile: expected a mapping of entries', { line: 1 });
  const keys = Object.keys(data);
  return { keys, values: keys.map((key) => data[key]), lines: keys.map((key) => lines.get(key) ?? 1) };
}

function loadYaml(path: string, text: string): unknown {
  try {
    return yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA, json: true });
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new LockfileError(
      path,
      `not valid YAML: ${reason}`,
      mark?.line === undefined ? {} : { line: mark.line + 1 },
    );
  }
}

// Lines of the unindented keys, by the key as YAML reads it (quotes removed), in one pass over the
// lines. A repeated key keeps its last line, as the parsed mapping keeps its last value.
function topKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let line = 0;
  let start = 0;
  const length = text.length;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    line++;
    const c = text.charCodeAt(start);
    if (c !== 32 && c !== 35 && c !== 10 && c !== 13 && c !== 9 && c !== 45 /* - */) {
      const key = keyOfLine(text.slice(start, end));
      if (key !== undefined) lines.set(key, line);
    }
    start = end + 1;
  }
  return lines;
}

function keyOfLine(raw: string): string | undefined {
  const line = raw.trimEnd();
  if (line.startsWith('"')) {
    let end = 1;
    for (;;) {
      end = line.indexOf('"', end);
      if (end === -1) return undefined;
      let backslashes = 0;
      for (let k = end - 1; line.charCodeAt(k) === 92; k--) backslashes++;
      if (backslashes % 2 === 0) break;
      end++;
    }
    const inner = line.slice(1, end);
    if (!inner.includes('\\')) return inner;
    try {
      return JSON.parse(`"${inner}"`) as string;
    } catch {
      return inner;
    }
  }
  if (line.startsWith("'")) {
    // Single quotes escape a quote by doubling it.
    let end = 1;
    while (end < line.length && (line[end] !== "'" || line[end + 1] === "'"))
      end += line[end] === "'" ? 2 : 1;
    return end >= line.length ? undefined : line.slice(1, end).replace(/''/g, "'");
  }
  const colon = line.indexOf(': ');
  if (colon !== -1) return line.slice(0, colon);
  return line.endsWith(':') ? line.slice(0, -1) : undefined;
}
