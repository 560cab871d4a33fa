import { LockfileError } from '../errors.js';
import { MANIFEST_LISTS, parsePackageJson } from './package-json.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

const NOT_CLASSIC =
  'not a yarn lockfile: `key: value` is YAML, and a yarn berry lockfile needs its __metadata section';

// The parts of one entry that the reader keeps while it reads the entry's lines.
interface Entry {
  specs: string[];
  line: number;
  version?: string;
  resolved?: string;
  integrity?: string;
  /** The two-space block the next deeper lines belong to (`dependencies`, ...). */
  block?: string;
  /** What the entry depends on, as specifiers (`name@range`) that key other entries. */
  deps: string[];
}

/** The blocks of an entry whose lines are edges: what yarn installs with the package. */
const EDGE_BLOCKS = new Set(['dependencies', 'optionalDependencies']);

/**
 * Reads a yarn classic lockfile (`# yarn lockfile v1`) in a single pass over its lines, without a
 * tokenizer: an unindented line ending in `:` opens an entry keyed by one or more comma-separated
 * specifiers (`"a@^1", a@^1.1:`), its two-space lines carry `version` and `resolved`, and deeper
 * lines (dependency lists) are stepped over. One package per entry, on the entry's key line, in file
 * order; an entry that two specifiers share is one package.
 *
 * Aliases (`"foo@npm:bar@^1"`) come out under the real name with `alias` set. Sources come from the
 * specifiers and `resolved`: `file:` folders are `path` (tarballs too), `link:` is `link`, git
 * specifiers and resolutions are `git`, tarball URLs are `url`; a yarn classic lockfile has no
 * workspace members in it. It does not say which packages are direct, dev or optional (package.json
 * does), so those fields are left out. `text` must have had its byte-order mark removed and its
 * conflict markers refused by the caller.
 */
export function readYarnV1Lockfile(path: string, text: string, options: ReadOptions = {}): LockfileResult {
  const sources = options.sources === true;
  const packages: LockfilePackage[] = [];
  // Per package, its entry's specifiers and what it depends on: the edges, resolved at the end.
  const entries: Entry[] = [];
  const warnings: LockfileWarning[] = [];
  // Where each specifier was first seen, to report one that two entries claim.
  const seen = new Map<string, number>();
  let current: Entry | undefined;
  // The deepest indent the next line may have: one level below a line that opened a block.
  let allowedIndent = 0;
  let lineNo = 0;
  let contentful = false;
  let commented = false;
  let header = false;
  const length = text.length;
  let start = 0;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    lineNo++;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    const lineStart = start;
    start = end + 1;
    let i = lineStart;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    if (i === stop) continue; // blank
    const indent = i - lineStart;
    const first = text.charCodeAt(i);
    if (first === 35 /* # */) {
      commented = true;
      if (indent === 0 && readComment(path, text.slice(i, stop), lineNo)) header = true;
      continue;
    }
    contentful = true;
    if (indent === 0) {
      if (current !== undefined) finish(path, current, packages, warnings, entries, sources);
      current = { specs: readSpecs(path, text, i, stop, lineNo), line: lineNo, deps: [] };
      for (const spec of current.specs) {
        const before = seen.get(spec);
        if (before !== undefined)
          warnings.push({
            message: `${spec} is the key of two entries (lines ${before} and ${lineNo}); yarn reads the last`,
            line: lineNo,
          });
        else seen.set(spec, lineNo);
      }
      allowedIndent = 2;
      continue;
    }
    if (current === undefined)
      throw new LockfileError(path, 'indented line outside any entry', { line: lineNo });
    if (indent % 2 !== 0)
      throw new LockfileError(path, `odd indentation (${indent} spaces); yarn indents by two`, {
        line: lineNo,
      });
    if (indent > allowedIndent)
      throw new LockfileError(path, `unexpected indentation (${indent} spaces)`, { line: lineNo });
    let last = stop - 1;
    while (text.charCodeAt(last) === 32) last--;
    const opensBlock = text.charCodeAt(last) === 58; /* : */
    allowedIndent = opensBlock ? indent + 2 : indent;
    if (indent === 2 && opensBlock) {
      current.block = text.slice(i, last).replace(/^"|"$/g, '');
      continue;
    }
    if (indent === 4 && !opensBlock && current.block !== undefined && EDGE_BLOCKS.has(current.block)) {
      if (options.edges === true || options.manifest !== undefined) {
        const [name, range] = readPair(path, text, i, stop, lineNo);
        current.deps.push(`${name}@${range}`);
      }
      continue;
    }
    // Only the entry's own fields matter; other nested blocks are stepped over.
    if (indent !== 2 || opensBlock) continue;
    current.block = undefined;
    readField(path, text, i, stop, lineNo, current);
  }
  if (current !== undefined) finish(path, current, packages, warnings, entries, sources);
  // Comments alone are what yarn writes for a project without dependencies; nothing at all is not.
  if (!contentful && !commented) warnings.push({ message: 'the file is empty: no entries' });
  // Without entries, only the header tells a classic lockfile from an empty berry one.
  const format = header || contentful ? 'yarn@1' : 'yarn@empty';
  const result: LockfileResult = { ecosystem: 'npm', format, packages, warnings };
  const bySpec = new Map<string, number>();
  entries.forEach((entry, index) => {
    for (const spec of entry.specs) if (!bySpec.has(spec)) bySpec.set(spec, index);
  });
  if (options.edges === true)
    result.dependencies = entries.map((entry) =>
      entry.deps.flatMap((spec) => {
        const to = bySpec.get(spec);
        return to === undefined ? [] : [to];
      }),
    );
  if (options.manifest !== undefined) markDirect(options.manifest, packages, bySpec, warnings);
  return result;
}

/**
 * Direct and dev from package.json: what its dependency lists name (`name@range`, the specifier yarn
 * keys the entry with) is direct, dev when only devDependencies names it; everything else is
 * transitive. A manifest that is not JSON leaves directness unknown, with a warning.
 */
function markDirect(
  manifest: string,
  packages: LockfilePackage[],
  bySpec: ReadonlyMap<string, number>,
  warnings: LockfileWarning[],
): void {
  const lists = parsePackageJson(manifest, warnings);
  if (lists === undefined) return;
  const prod = new Set<number>();
  const dev = new Set<number>();
  for (const key of MANIFEST_LISTS) {
    const list = lists[key];
    if (typeof list !== 'object' || list === null || Array.isArray(list)) continue;
    for (const [name, range] of Object.entries(list as Record<string, unknown>)) {
      if (typeof range !== 'string') continue;
      const index = bySpec.get(`${name}@${range}`);
      if (index === undefined) continue;
      (key === 'devDependencies' ? dev : prod).add(index);
    }
  }
  // A workspace root's manifest does not list what its members depend on: the rest stays unknown.
  const members = lists.workspaces !== undefined;
  packages.forEach((pkg, index) => {
    const named = prod.has(index) || dev.has(index);
    if (named || !members) pkg.direct = named;
    if (dev.has(index) && !prod.has(index)) pkg.dev = true;
  });
}

// A four-space line of a dependency list, `name range` (either side possibly quoted).
function readPair(path: string, text: string, from: number, stop: number, line: number): [string, string] {
  const token = (at: number): [string, number] => {
    if (text.charCodeAt(at) === 34) {
      const close = quotedEnd(text, at, stop);
      if (close === -1) throw new LockfileError(path, 'unterminated quoted dependency', { line });
      return [unquote(path, text, at, close, line), close];
    }
    let end = at;
    while (end < stop && text.charCodeAt(end) !== 32) end++;
    return [text.slice(at, end), end];
  };
  const [name, after] = token(from);
  let i = after;
  while (i < stop && text.charCodeAt(i) === 32) i++;
  if (name === '' || i >= stop)
    throw new LockfileError(path, 'a dependency line needs a name and a range', { line });
  let end = stop;
  while (end > i && text.charCodeAt(end - 1) === 32) end--;
  const [range] = token(i);
  return [name, text.charCodeAt(i) === 34 ? range : text.slice(i, end)];
}

// Whether a comment is the `# yarn lockfile v1` header; refuses the header of another version.
function readComment(path: string, comment: string, line: number): boolean {
  const version = /^#\s*yarn lockfile v(\d+)\s*$/.exec(comment);
  if (version === null) return false;
  if (version[1] !== '1')
    throw new LockfileError(path, `unsupported yarn lockfile v${version[1]} (depgate reads v1 and berry)`, {
      line,
    });
  return true;
}

// The end (exclusive) of a double-quoted string opening at `at`, or -1 when the line ends first.
function quotedEnd(text: string, at: number, stop: number): number {
  let end = at + 1;
  for (;;) {
    end = text.indexOf('"', end);
    if (end === -1 || end >= stop) return -1;
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end++;
  }
}

// A quoted token's text; escapes are JSON's, as yarn writes them.
function unquote(path: string, text: string, from: number, to: number, line: number): string {
  const raw = text.slice(from + 1, to - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    throw new LockfileError(path, `malformed escape in ${text.slice(from, to)}`, { line });
  }
}

// The specifiers of an entry's key line: `"@s/a@^1", a@^2:` -> [`@s/a@^1`, `a@^2`].
function readSpecs(path: string, text: string, from: number, stop: number, line: number): string[] {
  let end = stop;
  while (end > from && text.charCodeAt(end - 1) === 32) end--;
  if (text.charCodeAt(end - 1) !== 58)
    throw new LockfileError(
      path,
      `expected an entry like "name@range:", got ${JSON.stringify(text.slice(from, Math.min(stop, from + 60)))}`,
      { line },
    );
  end--;
  const specs: string[] = [];
  let i = from;
  for (;;) {
    while (i < end && text.charCodeAt(i) === 32) i++;
    let spec: string;
    if (text.charCodeAt(i) === 34) {
      const close = quotedEnd(text, i, end);
      if (close === -1) throw new LockfileError(path, 'unterminated quoted key', { line });
      spec = unquote(path, text, i, close, line);
      i = close;
    } else {
      let j = i;
      while (j < end && text.charCodeAt(j) !== 44) j++;
      spec = text.slice(i, j).trimEnd();
      i = j;
    }
    if (spec === '' || !/^@?[^@\s]+(@.*)?$/.test(spec))
      throw new LockfileError(path, `malformed entry key ${JSON.stringify(spec)}`, { line });
    specs.push(spec);
    while (i < end && text.charCodeAt(i) === 32) i++;
    if (i >= end) return specs;
    if (text.charCodeAt(i) !== 44)
      throw new LockfileError(path, `expected "," between the specifiers of an entry key`, { line });
    i++;
  }
}

// A two-space field line, `key value` (either side possibly quoted); keeps `version`, `resolved` and
// `integrity`.
function readField(path: string, text: string, from: number, stop: number, line: number, entry: Entry): void {
  let key: string;
  let i: number;
  if (text.charCodeAt(from) === 34) {
    const close = quotedEnd(text, from, stop);
    if (close === -1) throw new LockfileError(path, 'unterminated quoted field name', { line });
    key = unquote(path, text, from, close, line);
    i = close;
  } else {
    i = from;
    while (i < stop && text.charCodeAt(i) !== 32) i++;
    key = text.slice(from, i);
  }
  if ((key.endsWith(':') && i < stop) || text.charCodeAt(i) === 58)
    throw new LockfileError(path, NOT_CLASSIC, { line });
  if (key !== 'version' && key !== 'resolved' && key !== 'integrity') return;
  while (i < stop && text.charCodeAt(i) === 32) i++;
  let end = stop;
  while (end > i && text.charCodeAt(end - 1) === 32) end--;
  if (i >= end) throw new LockfileError(path, `"${key}" has no value`, { line });
  let value: string;
  if (text.charCodeAt(i) === 34) {
    const close = quotedEnd(text, i, end + 1);
    if (close !== end) throw new LockfileError(path, `malformed quoted value of "${key}"`, { line });
    value = unquote(path, text, i, close, line);
  } else {
    value = text.slice(i, end);
  }
  if (key === 'version') entry.version = value;
  else if (key === 'resolved') entry.resolved = value;
  else entry.integrity = value;
}

// Splits `name@range` at the `@` that ends the name (a scope's leading `@` belongs to the name).
function splitSpec(spec: string): { name: string; range: string } {
  const at = spec.indexOf('@', 1);
  return at === -1 ? { name: spec, range: '' } : { name: spec.slice(0, at), range: spec.slice(at + 1) };
}

function isGitRange(range: string): boolean {
  return (
    /^(git\+|git:|github:|gitlab:|bitbucket:|gist:|ssh:)/.test(range) ||
    /^[\w.-]+\/[\w.-]+(#.*)?$/.test(range) ||
    /^https?:\/\/[^#]*\.git(#.*)?$/.test(range)
  );
}

// Whether a `resolved` value is a git checkout (or a GitHub tarball of one commit).
function isGitResolution(resolved: string): boolean {
  if (/^(git\+|git:|ssh:)/.test(resolved) || resolved.startsWith('https://codeload.github.com/')) return true;
  // A repository URL without an archive name, pinned to a commit: `https://github.com/a/b#<sha>`.
  return /^https?:\/\/[^#]+#[0-9a-f]{7,40}$/.test(resolved) && !/\.(tgz|tar\.gz|tar|zip)#/.test(resolved);
}

// What one specifier's range asks for.
function sourceOfRange(range: string): PackageSource {
  if (range.startsWith('npm:')) return 'registry';
  if (range.startsWith('file:')) return 'path';
  if (range.startsWith('link:') || range.startsWith('portal:')) return 'link';
  if (isGitRange(range)) return 'git';
  if (/^https?:/.test(range)) return 'url';
  return 'registry';
}

// The package an `npm:` range names: `npm:bar@^1` -> `bar`; `npm:^1` names none (the same package).
function aliasTarget(range: string): string | undefined {
  if (!range.startsWith('npm:')) return undefined;
  const target = range.slice(4);
  const at = target.indexOf('@', 1);
  if (at > 0) return target.slice(0, at);
  return target.startsWith('@') && target.includes('/') ? target : undefined;
}

function finish(
  path: string,
  entry: Entry,
  packages: LockfilePackage[],
  warnings: LockfileWarning[],
  entries: Entry[],
  sources: boolean,
): void {
  const first = entry.specs[0]!;
  if (entry.version === undefined)
    throw new LockfileError(path, `entry ${first} has no version`, { line: entry.line });
  let name: string;
  let alias: string | undefined;
  let source: PackageSource;
  if (entry.specs.length === 1) {
    const { name: keyName, range } = splitSpec(first);
    name = aliasTarget(range) ?? keyName;
    if (name !== keyName) alias = keyName;
    source = sourceOfRange(range);
  } else {
    // The real package is what an `npm:` alias names: yarn writes the plain and the aliased specifier
    // of a `resolutions` override on one entry (`ms@2.1.2, "ms@npm:other@0.3.0"` is `other`).
    const parsed = entry.specs.map((spec) => {
      const { name: keyName, range } = splitSpec(spec);
      return { keyName, range, target: aliasTarget(range) };
    });
    const targets = new Set(parsed.flatMap((p) => (p.target === undefined ? [] : [p.target])));
    const plainNames = new Set(parsed.map((p) => p.keyName));
    name = parsed.find((p) => p.target !== undefined)?.target ?? parsed[0]!.keyName;
    if (targets.size > 1 || (targets.size === 0 && plainNames.size > 1))
      warnings.push({
        message: `entry ${first} names different packages (${[...(targets.size > 1 ? targets : plainNames)].join(', ')}); reported as ${name}`,
        line: entry.line,
      });
    alias = parsed.find((p) => p.keyName !== name)?.keyName;
    source = 'registry';
    for (const { range } of parsed) if (source === 'registry') source = sourceOfRange(range);
  }
  const resolved = entry.resolved;
  if (resolved !== undefined && isGitResolution(resolved)) source = 'git';
  const pkg: LockfilePackage = {
    ecosystem: 'npm',
    name,
    version: entry.version,
    line: entry.line,
    source,
  };
  if (alias !== undefined) pkg.alias = alias;
  if ((sources || source !== 'registry') && resolved !== undefined) pkg.resolved = resolved;
  if (sources && entry.integrity !== undefined) pkg.integrity = entry.integrity;
  packages.push(pkg);
  entries.push(entry);
}
