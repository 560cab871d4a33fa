import { LockfileError } from '../errors.js';
import { parseYamlLockfile } from '../syntax/parse-yaml.js';
import { isObj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

/** `Name (1.2.3)` or `Name/Subspec (1.2.3)`, as CocoaPods writes a resolved pod. */
const POD = /^(\S+) \(([^()]+)\)$/;

/**
 * CocoaPods `Podfile.lock`: every pod of `PODS`, at the line of its entry.
 *
 * A subspec (`PINCache/Core`) is part of its pod: it is reported under the pod's name (`PINCache`),
 * once per pod and version, at the first line that resolves it. Direct: the pod (or one of its subspecs)
 * is named in `DEPENDENCIES`. Source: a pod under `EXTERNAL SOURCES` is `git` (`:git`, with
 * `CHECKOUT OPTIONS`' commit in `resolved`), `path` (`:path`) or `url` (`:podspec`, `:http`); any other
 * is `registry` (the trunk or a private spec repo, from `SPEC REPOS`). Edges: each pod's listed
 * dependencies (`- Name (~> 1.0)`), resolved by pod name, with `{ edges: true }`.
 *
 * Format: `podfile-lock` (COCOAPODS is the version of the tool that wrote it, kept out of the format).
 */
export function readPodfileLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseYamlLockfile(path, text);
  if (!isObj(data) || !('PODS' in data)) {
    // CocoaPods drops empty sections when it writes the file, so a Podfile without pods gives only
    // `PODFILE CHECKSUM` and `COCOAPODS` (the version that wrote it): no packages, as an empty file.
    if (isObj(data) && 'COCOAPODS' in data && !('DEPENDENCIES' in data) && !('SPEC CHECKSUMS' in data))
      return {
        ecosystem: 'cocoapods',
        format: 'podfile-lock',
        packages: [],
        warnings: [{ message: 'empty file: no packages' }],
        ...(options.edges === true ? { dependencies: [] } : {}),
      };
    throw new LockfileError(path, 'no PODS section: not a Podfile.lock', { line: 1 });
  }
  const sections = sectionLines(text);
  const podsLine = sections.get('PODS') ?? 1;
  const pods = data.PODS ?? [];
  if (!Array.isArray(pods)) throw new LockfileError(path, 'PODS must be a list of pods', { line: podsLine });
  const itemLines = listItemLines(text, podsLine);
  const lineOf = (i: number): number => itemLines[i] ?? podsLine;
  const warnings: LockfileWarning[] = [];
  if (itemLines.length !== pods.length)
    warnings.push({
      message: `found ${itemLines.length} PODS entry lines for ${pods.length} pods; lines are those of the nearest entries`,
      line: podsLine,
    });

  const direct = new Set<string>();
  const dependencies = data.DEPENDENCIES ?? [];
  if (!Array.isArray(dependencies))
    throw new LockfileError(path, 'DEPENDENCIES must be a list', { line: sections.get('DEPENDENCIES') ?? 1 });
  for (const dependency of dependencies)
    if (typeof dependency === 'string') direct.add(rootName(dependency.split(' ')[0]!));

  const external = isObj(data['EXTERNAL SOURCES']) ? data['EXTERNAL SOURCES'] : {};
  const checkout = isObj(data['CHECKOUT OPTIONS']) ? data['CHECKOUT OPTIONS'] : {};
  const packages: LockfilePackage[] = [];
  const indexOf = new Map<string, number>();
  const wants: string[][] = [];

  pods.forEach((entry: unknown, i) => {
    const line = lineOf(i);
    let head: string;
    let deps: unknown[] = [];
    if (typeof entry === 'string') head = entry;
    else if (isObj(entry) && Object.keys(entry).length === 1) {
      head = Object.keys(entry)[0]!;
      const listed = entry[head];
      if (listed !== null && !Array.isArray(listed))
        throw new LockfileError(path, `PODS: the dependencies of ${head} must be a list`, { line });
      deps = listed ?? [];
    } else
      throw new LockfileError(path, 'PODS: an entry is neither "Name (version)" nor one such key', { line });
    const match = POD.exec(head.trim());
    if (match === null)
      throw new LockfileError(path, `PODS: ${JSON.stringify(head)} is not "Name (version)"`, { line });
    const name = rootName(match[1]!);
    const version = match[2]!.trim();
    const key = `${name}@${version}`;
    let index = indexOf.get(key);
    if (index === undefined) {
      index = packages.length;
      indexOf.set(key, index);
      indexOf.set(name, indexOf.get(name) ?? index);
      packages.push(
        podPackage(path, name, version, line, direct.has(name), external[name], checkout[name], warnings),
      );
      wants.push([]);
    }
    for (const dep of deps) {
      if (typeof dep !== 'string')
        throw new LockfileError(path, `PODS: a dependency of ${head} is not a string`, { line });
      const depName = rootName(dep.split(' ')[0]!);
      if (depName !== name) wants[index]!.push(depName);
    }
  });

  const result: LockfileResult = { ecosystem: 'cocoapods', format: 'podfile-lock', packages, warnings };
  if (options.edges === true) {
    result.dependencies = wants.map((names, from) => {
      const out = new Set<number>();
      for (const depName of names) {
        const to = indexOf.get(depName);
        if (to === undefined)
          warnings.push({
            message: `${packages[from]!.name} depends on ${depName}, which PODS does not list`,
            line: packages[from]!.line,
          });
        else out.add(to);
      }
      return [...out];
    });
  }
  return result;
}

function rootName(name: string): string {
  const slash = name.indexOf('/');
  return slash === -1 ? name : name.slice(0, slash);
}

function podPackage(
  path: string,
  name: string,
  version: string,
  line: number,
  direct: boolean,
  external: unknown,
  checkout: unknown,
  warnings: LockfileWarning[],
): LockfilePackage {
  let source: PackageSource = 'registry';
  let resolved: string | undefined;
  if (external !== undefined) {
    if (!isObj(external))
      throw new LockfileError(path, `EXTERNAL SOURCES: ${name} must be a mapping`, { line });
    const text = (key: string) => (typeof external[key] === 'string' ? external[key] : undefined);
    const git = text(':git');
    if (git !== undefined) {
      source = 'git';
      const commit =
        isObj(checkout) && typeof checkout[':commit'] === 'string' ? checkout[':commit'] : undefined;
      resolved = commit === undefined ? git : `${git}#${commit}`;
    } else if (text(':path') !== undefined) {
      source = 'path';
      resolved = text(':path');
    } else if (text(':podspec') !== undefined || text(':http') !== undefined) {
      source = 'url';
      resolved = text(':podspec') ?? text(':http');
    } else {
      source = 'url';
      warnings.push({ message: `${name}: unknown external source ${JSON.stringify(external)}`, line });
    }
  }
  const pkg: LockfilePackage = { ecosystem: 'cocoapods', name, version, line, source, direct };
  if (resolved !== undefined) pkg.resolved = resolved;
  return pkg;
}

/** The line of each top-level key (`PODS:`, `DEPENDENCIES:`, ...). */
function sectionLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const match = /^([A-Z][A-Z ]*[A-Z]|"[^"]+"):/.exec(line);
    if (match !== null && !lines.has(match[1]!)) lines.set(match[1]!.replace(/^"|"$/g, ''), i + 1);
  });
  return lines;
}

/** The lines of the list items directly under the section that starts at `sectionLine`. */
function listItemLines(text: string, sectionLine: number): number[] {
  const lines = text.split('\n');
  const out: number[] = [];
  let indent = -1;
  for (let i = sectionLine; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '' || /^\s*#/.test(line)) continue;
    const item = /^(\s*)- /.exec(line);
    if (!/^\s/.test(line) && item === null) break;
    if (item === null) continue;
    if (indent === -1) indent = item[1]!.length;
    if (item[1]!.length === indent) out.push(i + 1);
  }
  return out;
}
