import { LockfileError } from '../errors.js';
import { jsonKeyLines, parseJsonLockfile } from '../syntax/json-lines.js';
import { isObj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, ReadOptions } from '../types.js';

/**
 * NuGet's `obj/project.assets.json` (versions 3 and 4), the restore result of one project: every entry
 * of `libraries` (`Name/1.2.3`), at the line of its key. `type: package` is a `registry` package;
 * `type: project` is a project reference in the same solution, source `workspace` with its path as
 * `resolved`. Direct: named in the project's own dependencies (`project.frameworks.*.dependencies`,
 * or, in files without them, `projectFileDependencyGroups`); the rest are transitive. Edges
 * (`{ edges: true }`): each target's `dependencies`, resolved to the version that target selected.
 *
 * Format: `project-assets@<version>`.
 */
export function readNugetAssets(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data))
    throw new LockfileError(path, 'not a project.assets.json: the top level is not an object', { line: 1 });
  const lines = jsonKeyLines(text, (p) => p.length === 2 || (p.length === 3 && p[1] === 'libraries'), 3);
  const lineOf = (...keys: string[]): number => lines.get(['', ...keys].join('\u0000')) ?? 1;
  const version = data.version;
  if (version !== 3 && version !== 4)
    throw new LockfileError(
      path,
      version === undefined
        ? 'not a project.assets.json: no "version"'
        : `unsupported project.assets.json version ${JSON.stringify(version)} (depgate reads versions 3 and 4)`,
      { line: lineOf('version') },
    );
  const libraries = data.libraries;
  if (!isObj(libraries))
    throw new LockfileError(path, 'not a project.assets.json: no "libraries" object', {
      line: lineOf(libraries === undefined ? 'version' : 'libraries'),
    });

  const direct = directNames(data);
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  const indexOf = new Map<string, number>();
  for (const [key, entry] of Object.entries(libraries)) {
    const line = lineOf('libraries', key);
    const slash = key.lastIndexOf('/');
    if (slash <= 0 || slash === key.length - 1)
      throw new LockfileError(path, `libraries: ${JSON.stringify(key)} is not "Name/version"`, { line });
    if (!isObj(entry)) throw new LockfileError(path, `libraries.${key} must be an object`, { line });
    const name = key.slice(0, slash);
    const pkgVersion = key.slice(slash + 1);
    const pkg: LockfilePackage = {
      ecosystem: 'nuget',
      name,
      version: pkgVersion,
      line,
      source: 'registry',
      direct: direct.has(name.toLowerCase()),
    };
    if (entry.type === 'project') {
      pkg.source = 'workspace';
      if (typeof entry.path === 'string') pkg.resolved = entry.path;
    } else if (entry.type !== 'package') {
      warnings.push({ message: `${key}: unknown library type ${JSON.stringify(entry.type)}`, line });
    }
    indexOf.set(`${name.toLowerCase()}/${pkgVersion.toLowerCase()}`, packages.length);
    packages.push(pkg);
  }

  const result: LockfileResult = {
    ecosystem: 'nuget',
    format: `project-assets@${String(version)}`,
    packages,
    warnings,
  };
  if (options.edges === true) {
    const edges = packages.map(() => new Set<number>());
    const targets = isObj(data.targets) ? data.targets : {};
    for (const target of Object.values(targets)) {
      if (!isObj(target)) continue;
      // What this target selected, by name.
      const selected = new Map<string, number>();
      for (const key of Object.keys(target)) {
        const index = indexOf.get(key.toLowerCase());
        if (index !== undefined) selected.set(key.slice(0, key.lastIndexOf('/')).toLowerCase(), index);
      }
      for (const [key, entry] of Object.entries(target)) {
        const from = indexOf.get(key.toLowerCase());
        if (from === undefined || !isObj(entry) || !isObj(entry.dependencies)) continue;
        for (const depName of Object.keys(entry.dependencies)) {
          const to = selected.get(depName.toLowerCase());
          if (to !== undefined) edges[from]!.add(to);
        }
      }
    }
    result.dependencies = edges.map((set) => [...set].sort((a, b) => a - b));
  }
  return result;
}

/** Lower-cased names of the project's own dependencies and project references. */
function directNames(data: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const project = isObj(data.project) ? data.project : {};
  const frameworks = isObj(project.frameworks) ? project.frameworks : {};
  for (const framework of Object.values(frameworks))
    if (isObj(framework) && isObj(framework.dependencies))
      for (const name of Object.keys(framework.dependencies)) names.add(name.toLowerCase());
  const groups = isObj(data.projectFileDependencyGroups) ? data.projectFileDependencyGroups : {};
  for (const group of Object.values(groups))
    if (Array.isArray(group))
      for (const entry of group) if (typeof entry === 'string') names.add(entry.split(' ')[0]!.toLowerCase());
  return names;
}
