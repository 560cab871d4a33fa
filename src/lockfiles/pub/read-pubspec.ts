import { LockfileError } from '../errors.js';
import { parseYamlLockfile } from '../syntax/parse-yaml.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from '../types.js';

/**
 * pubspec.lock: every entry of the `packages` map, in file order, at the line of its key.
 *
 * `dependency`: `direct main` is direct, `direct dev` direct and dev, `direct overridden` direct (set
 * by `dependency_overrides`; dev is not told), `transitive` not direct (dev is not told either).
 * `source`: `hosted` is `registry` (pub.dev or a self-hosted pub server); `git` is `git` with
 * `resolved` = `url#resolved-ref`; `path` is `path` with the directory as `resolved`. `sdk` packages
 * (flutter, flutter_test, sky_engine) ship with the SDK and are never fetched from a registry: they
 * are reported as `path`, with `resolved` = `sdk:<name of the SDK>`, so no registry rule applies to
 * them. An unknown source is reported as `url` with a warning.
 *
 * Format: `pubspec-lock` (the file carries no format version).
 */
export function readPubspecLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseYamlLockfile(path, text);
  const result: LockfileResult = { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
  if (data === undefined || data === null) return result;
  if (!isObj(data) || !('packages' in data))
    throw new LockfileError(path, 'expected a mapping with "packages": not a pubspec.lock', { line: 1 });
  const { packagesLine, keyLines } = pubspecLines(text);
  if (data.packages === null) return result;
  if (!isObj(data.packages))
    throw new LockfileError(path, '"packages" must be a mapping of package names', { line: packagesLine });
  for (const [name, entry] of Object.entries(data.packages)) {
    const line = keyLines.get(name) ?? packagesLine;
    result.packages.push(readEntry(path, name, entry, line, result.warnings));
  }
  return result;
}

function readEntry(
  path: string,
  name: string,
  entry: unknown,
  line: number,
  warnings: LockfileWarning[],
): LockfilePackage {
  if (!isObj(entry)) throw new LockfileError(path, `packages.${name} must be a mapping`, { line });
  let version = entry.version;
  if (typeof version === 'number') {
    // An unquoted `1.10` reads as the number 1.1: say so rather than guess the digits.
    warnings.push({
      message: `${name}: version ${String(version)} is not quoted; read as "${String(version)}"`,
      line,
    });
    version = String(version);
  }
  if (typeof version !== 'string' || version === '')
    throw new LockfileError(path, `packages.${name} has no "version"`, { line });
  if (typeof entry.source !== 'string')
    throw new LockfileError(path, `packages.${name} has no "source" (hosted, git, path or sdk)`, { line });
  const description = entry.description;
  let source: PackageSource;
  let resolved: string | undefined;
  switch (entry.source) {
    case 'hosted':
      source = 'registry';
      break;
    case 'git': {
      source = 'git';
      const d: Obj = isObj(description) ? description : {};
      const url =
        typeof d.url === 'string' ? d.url : typeof description === 'string' ? description : undefined;
      const ref = typeof d['resolved-ref'] === 'string' ? d['resolved-ref'] : undefined;
      if (url !== undefined) resolved = ref === undefined ? url : `${url}#${ref}`;
      break;
    }
    case 'path':
      source = 'path';
      if (isObj(description) && typeof description.path === 'string') resolved = description.path;
      break;
    case 'sdk':
      source = 'path';
      resolved = `sdk:${typeof description === 'string' ? description : 'unknown'}`;
      break;
    default:
      source = 'url';
      warnings.push({ message: `${name}: unknown source ${JSON.stringify(entry.source)}`, line });
  }
  const pkg: LockfilePackage = { ecosystem: 'pub', name, version, line, source };
  const dependency = entry.dependency;
  if (dependency === 'direct main') {
    pkg.direct = true;
    pkg.dev = false;
  } else if (dependency === 'direct dev') {
    pkg.direct = true;
    pkg.dev = true;
  } else if (dependency === 'direct overridden') {
    pkg.direct = true;
  } else if (dependency === 'transitive') {
    pkg.direct = false;
  } else if (dependency !== undefined) {
    warnings.push({ message: `${name}: unknown dependency kind ${JSON.stringify(dependency)}`, line });
  }
  if (resolved !== undefined) pkg.resolved = resolved;
  return pkg;
}

/**
 * The line of the top-level `packages:` key and of each key directly under it, in one pass over the
 * lines. The child indent is whatever the first child uses (pub writes two spaces; hand-edited files
 * vary). Flow-style mappings (`packages: {a: ...}`) leave keys unfound; they take the `packages:` line.
 */
function pubspecLines(text: string): { packagesLine: number; keyLines: Map<string, number> } {
  const keyLines = new Map<string, number>();
  let packagesLine = 1;
  let inPackages = false;
  let childIndent = -1;
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    const lineStart = start;
    start = end + 1;
    if (end > lineStart && text.charCodeAt(end - 1) === 13) end--;
    let i = lineStart;
    while (i < end && text.charCodeAt(i) === 32) i++;
    const indent = i - lineStart;
    // Blank lines, comments, and lines deeper than a package key need no further look.
    if (i === end || text.charCodeAt(i) === 35) continue;
    if (indent === 0) {
      inPackages = /^(packages|"packages"|'packages')\s*:/.test(text.slice(i, end));
      if (inPackages) packagesLine = lineNo;
      continue;
    }
    if (!inPackages) continue;
    if (childIndent === -1) childIndent = indent;
    if (indent !== childIndent) continue;
    const key = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s:#"'][^:#]*?))\s*:(?:\s|$)/.exec(
      text.slice(i, end),
    );
    if (key === null) continue;
    const name = key[1] ?? (key[2] === undefined ? key[3]! : key[2].replace(/''/g, "'"));
    if (!keyLines.has(name)) keyLines.set(name, lineNo);
  }
  return { packagesLine, keyLines };
}
