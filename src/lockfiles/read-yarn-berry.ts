import yaml from 'js-yaml';
import { LockfileError } from './errors.js';
import { isObj, type Obj } from './shapes.js';
import { scanYamlDocuments } from './yaml-scan.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from './types.js';

// A range that names its protocol (`npm:^1`, `workspace:^`, `https://…`); yarn 2 and 3 leave `npm:` out.
const PROTOCOL = /^[a-z][\w+.-]*:/i;

// One entry of the lockfile as the reader keeps it until direct and optional are known.
interface Entry {
  pkg: LockfilePackage;
  resolution: string;
  workspace: boolean;
  dependencies: Obj;
  meta: Obj;
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
 * byte-order mark removed and its conflict markers refused by the caller.
 */
export function readYarnBerryLockfile(path: string, text: string, options: ReadOptions = {}): LockfileResult {
  const { data, lines } = loadYaml(path, text);
  const lineOf = (key: string) => lines.get(key) ?? 1;
  if (!isObj(data))
    throw new LockfileError(path, 'not a yarn berry lockfile: expected a mapping of entries', { line: 1 });
  const metadata = data.__metadata;
  if (!isObj(metadata))
    throw new LockfileError(path, 'a yarn berry lockfile needs a __metadata section', {
      line: lineOf('__metadata'),
    });
  const version = metadata.version;
  if (typeof version !== 'string' || !/^\d+$/.test(version))
    throw new LockfileError(path, `__metadata.version must be a number, got ${JSON.stringify(version)}`, {
      line: lineOf('__metadata'),
    });

  const warnings: LockfileWarning[] = [];
  const entries: Entry[] = [];
  const byDescriptor = new Map<string, Entry>();
  const byName = new Map<string, Entry[]>();
  // Patch entries by the descriptor they patch: yarn applies its built-in patches (`resolve`,
  // `typescript`, `fsevents`) behind the plain descriptor that the dependent wrote.
  const patchesOf = new Map<string, Entry[]>();
  for (const key of Object.keys(data)) {
    if (key === '__metadata') continue;
    const entry = readEntry(path, key, data[key], lineOf(key), warnings);
    entries.push(entry);
    for (const descriptor of key.split(',')) {
      const trimmed = descriptor.trim();
      byDescriptor.set(trimmed, entry);
      const { name, range } = splitDescriptor(trimmed);
      const named = byName.get(name);
      if (named === undefined) byName.set(name, [entry]);
      else if (!named.includes(entry)) named.push(entry);
      if (range.startsWith('patch:')) {
        const patched = patchedDescriptor(range);
        if (patched === undefined) continue;
        // Yarn 3 writes the patched descriptor without the `npm:` that the plain entry's key has.
        const inner = splitDescriptor(patched);
        const forms = PROTOCOL.test(inner.range) ? [patched] : [patched, `${inner.name}@npm:${inner.range}`];
        for (const form of forms) patchesOf.set(form, [...(patchesOf.get(form) ?? []), entry]);
      }
    }
  }

  // The entries a dependency of `parent` reaches: its descriptor as written, as yarn binds relative
  // ones to their parent (`::locator=`), with the `npm:` protocol yarn 2 left implicit, or (when a
  // `resolutions` override replaced the descriptor) the only entry of that name.
  const lookup = (descriptor: string): Entry[] | undefined => {
    const found = byDescriptor.get(descriptor);
    if (found === undefined) return undefined;
    const patches = patchesOf.get(descriptor);
    return patches === undefined ? [found] : [found, ...patches];
  };
  const resolve = (parent: Entry, name: string, range: string): Entry[] => {
    const named = byName.get(name);
    return (
      lookup(`${name}@${range}`) ??
      lookup(`${name}@${range}::locator=${encodeURIComponent(parent.resolution)}`) ??
      lookup(`${name}@npm:${range}`) ??
      (named?.length === 1 ? named : [])
    );
  };
  // Each entry's dependencies, resolved once: `[required, optional]` targets.
  const edges = new Map<Entry, [Entry[], Entry[]]>();
  const edgesOf = (entry: Entry): [Entry[], Entry[]] => {
    let found = edges.get(entry);
    if (found !== undefined) return found;
    found = [[], []];
    for (const name of Object.keys(entry.dependencies)) {
      const meta = entry.meta[name];
      const bucket = found[isObj(meta) && meta.optional === 'true' ? 1 : 0];
      for (const next of resolve(entry, name, entry.dependencies[name] as string)) bucket.push(next);
    }
    edges.set(entry, found);
    return found;
  };

  const workspaces = entries.filter((e) => e.workspace);
  const required = new Set<Entry>();
  const reached = new Set<Entry>();
  const walk = (seen: Set<Entry>, optionalEdges: boolean) => {
    const stack = [...workspaces];
    const visit = (next: Entry) => {
      if (next.workspace || seen.has(next)) return;
      seen.add(next);
      stack.push(next);
    };
    while (stack.length > 0) {
      const [always, optional] = edgesOf(stack.pop()!);
      always.forEach(visit);
      if (optionalEdges) optional.forEach(visit);
    }
  };
  walk(reached, true);
  walk(required, false);
  for (const workspace of workspaces) {
    for (const targets of edgesOf(workspace)) for (const target of targets) target.pkg.direct = true;
  }

  const packages: LockfilePackage[] = [];
  const reported: Entry[] = [];
  for (const entry of entries) {
    if (entry.resolution.endsWith('@workspace:.')) continue;
    const { pkg } = entry;
    pkg.direct ??= false;
    if (reached.has(entry)) pkg.optional = !required.has(entry);
    packages.push(pkg);
    reported.push(entry);
  }
  const result: LockfileResult = { ecosystem: 'npm', format: `yarn-berry@${version}`, packages, warnings };
  if (options.edges === true) {
    const index = new Map<Entry, number>(reported.map((entry, i) => [entry, i]));
    result.dependencies = reported.map((entry) => {
      const out: number[] = [];
      for (const targets of edgesOf(entry))
        for (const target of targets) {
          const at = index.get(target);
          if (at !== undefined && !out.includes(at)) out.push(at);
        }
      return out;
    });
  }
  return result;
}

function readEntry(
  path: string,
  key: string,
  value: unknown,
  line: number,
  warnings: LockfileWarning[],
): Entry {
  if (!isObj(value)) throw new LockfileError(path, `entry ${key} is not a mapping`, { line });
  const { resolution, version } = value;
  if (typeof resolution !== 'string' || resolution === '')
    throw new LockfileError(path, `entry ${key} has no resolution`, { line });
  if (typeof version !== 'string' || version === '')
    throw new LockfileError(path, `entry ${key} has no version`, { line });
  const dependencies = value.dependencies ?? {};
  if (!isObj(dependencies) || Object.values(dependencies).some((v) => typeof v !== 'string'))
    throw new LockfileError(path, `entry ${key}: "dependencies" must map names to ranges`, { line });
  const meta = value.dependenciesMeta ?? {};
  if (!isObj(meta))
    throw new LockfileError(path, `entry ${key}: "dependenciesMeta" must be a mapping`, { line });

  const { name, range: reference } = splitDescriptor(resolution);
  if (name === '' || reference === '')
    throw new LockfileError(path, `entry ${key}: malformed resolution ${JSON.stringify(resolution)}`, {
      line,
    });
  const source = sourceOfReference(reference, (message) => warnings.push({ message, line }));
  const pkg: LockfilePackage = { ecosystem: 'npm', name, version, line, source };
  const alias = key
    .split(',')
    .map((d) => splitDescriptor(d.trim()).name)
    .find((n) => n !== name);
  if (alias !== undefined) pkg.alias = alias;
  if (source !== 'registry' || reference.startsWith('patch:')) pkg.resolved = resolution;
  return { pkg, resolution, workspace: source === 'workspace', dependencies, meta };
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

// The YAML as yarn itself reads it: every scalar a string (the failsafe schema), so that a version
// like `1.10` never turns into a number; with the lines of the unindented keys. The scanner reads the
// YAML yarn writes in one pass; anything else goes to js-yaml, which also reports broken files.
function loadYaml(path: string, text: string): { data: unknown; lines: Map<string, number> } {
  const lines = new Map<string, number>();
  const scanned = scanYamlDocuments(text, false, lines);
  if (scanned?.length === 1) return { data: scanned[0], lines };
  try {
    const data = yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA, json: true });
    return { data, lines: topKeyLines(text) };
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
