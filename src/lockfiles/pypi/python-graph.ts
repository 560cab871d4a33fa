import { parse } from 'smol-toml';
import { isObj } from '../syntax/shapes.js';
import type { LockfilePackage, LockfileWarning } from '../types.js';

/** PEP 503 name normalisation. */
export function normalizePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * The project name a PEP 508 requirement string names (`Foo_Bar[extra] >=1; python_version < "3.11"`
 * -> `foo-bar`), PEP 503-normalised; undefined for what names no package (an editable `-e` line, a
 * bare URL).
 */
export function requirementName(requirement: string): string | undefined {
  const match = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(requirement);
  return match === null ? undefined : normalizePypiName(match[1]!);
}

/** Indexes of `packages` by normalised name (a name locked at several versions has several). */
export function indexByName(packages: readonly LockfilePackage[]): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  packages.forEach((pkg, index) => {
    const key = normalizePypiName(pkg.name);
    const list = byName.get(key);
    if (list === undefined) byName.set(key, [index]);
    else list.push(index);
  });
  return byName;
}

/**
 * Edges from the names each package depends on: every locked package of that name (markers and
 * extras do not narrow it; the lockfile keeps only what some platform needs). Names the lockfile does
 * not lock (a dependency no platform resolved) and self-references are dropped.
 */
export function resolveNames(
  names: readonly (readonly string[])[],
  byName: ReadonlyMap<string, readonly number[]>,
): number[][] {
  return names.map((list, from) => {
    const out = new Set<number>();
    for (const name of list) for (const to of byName.get(name) ?? []) if (to !== from) out.add(to);
    return [...out];
  });
}

/**
 * Direct and dev from the pyproject.toml beside a poetry.lock or pdm.lock: the packages named by
 * `[project].dependencies`, `[project.optional-dependencies]`, `[tool.poetry.dependencies]` are direct;
 * those named only by `[dependency-groups]`, `[tool.poetry.group.<g>.dependencies]` (groups other than
 * `main`), `[tool.poetry.dev-dependencies]` or `[tool.pdm.dev-dependencies]` are direct and dev; every
 * other package is transitive. A manifest that is not TOML leaves directness unknown, with a warning.
 */
export function markDirectFromPyproject(
  manifest: string,
  packages: LockfilePackage[],
  warnings: LockfileWarning[],
): void {
  let data: Record<string, unknown>;
  try {
    data = parse(manifest.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    warnings.push({
      message: `pyproject.toml beside it is not TOML (${message}): which packages are direct is not known`,
    });
    return;
  }
  const prod = new Set<string>();
  const dev = new Set<string>();
  const addRequirements = (list: unknown, into: Set<string>): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (typeof item !== 'string') continue; // `{include-group = ...}` names no package
      const name = requirementName(item);
      if (name !== undefined) into.add(name);
    }
  };
  const addKeys = (table: unknown, into: Set<string>): void => {
    if (!isObj(table)) return;
    for (const name of Object.keys(table)) if (name !== 'python') into.add(normalizePypiName(name));
  };
  const eachList = (table: unknown, into: Set<string>): void => {
    if (isObj(table)) for (const list of Object.values(table)) addRequirements(list, into);
  };

  const project = data.project;
  if (isObj(project)) {
    addRequirements(project.dependencies, prod);
    eachList(project['optional-dependencies'], prod);
  }
  eachList(data['dependency-groups'], dev);
  const tool = isObj(data.tool) ? data.tool : {};
  const poetry = tool.poetry;
  if (isObj(poetry)) {
    addKeys(poetry.dependencies, prod);
    addKeys(poetry['dev-dependencies'], dev);
    if (isObj(poetry.group))
      for (const [group, table] of Object.entries(poetry.group))
        if (isObj(table)) addKeys(table.dependencies, group === 'main' ? prod : dev);
  }
  const pdm = tool.pdm;
  if (isObj(pdm)) eachList(pdm['dev-dependencies'], dev);

  for (const pkg of packages) {
    const key = normalizePypiName(pkg.name);
    pkg.direct = prod.has(key) || dev.has(key);
    if (dev.has(key) && !prod.has(key)) pkg.dev = true;
  }
}
