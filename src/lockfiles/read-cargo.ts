import { LockfileError } from './errors.js';
import { isObj, type Obj } from './shapes.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import { arrayTableLines } from './toml-lines.js';
import { parseTomlLockfile } from './toml-parse.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from './types.js';

/**
 * Cargo.lock (versions 1 to 4). A package without `source` is a local crate: a workspace member or a
 * path dependency, reported as `path`, never as a registry crate. Direct means a local crate depends on
 * it (the lockfile lists each crate's dependencies as `name`, `name version` or `name version (source)`).
 */
export function readCargoLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseTomlLockfile(path, text);
  const list = data.package ?? [];
  if (!Array.isArray(list))
    throw new LockfileError(path, '"package" must be an array of tables ([[package]])', { line: 1 });
  if (
    list.length === 0 &&
    data.version === undefined &&
    data.metadata === undefined &&
    Object.keys(data).length > 0
  ) {
    throw new LockfileError(path, 'no [[package]] tables and no lockfile version: not a Cargo.lock', {
      line: 1,
    });
  }
  const lines = arrayTableLines(text, 'package');
  const warnings: LockfileWarning[] = [];
  const local = list.filter((p) => isObj(p) && p.source === undefined) as Obj[];
  const directNames = new Set<string>();
  for (const crate of local) {
    if (!Array.isArray(crate.dependencies)) continue;
    for (const dep of crate.dependencies) if (typeof dep === 'string') directNames.add(dep.split(' ')[0]!);
  }
  const packages: LockfilePackage[] = [];
  list.forEach((entry: unknown, i) => {
    const line = lines[i] ?? 1;
    if (!isObj(entry)) throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
    if (typeof entry.name !== 'string' || entry.name === '')
      throw new LockfileError(path, `package ${i + 1} has no name`, { line });
    if (typeof entry.version !== 'string')
      throw new LockfileError(path, `package ${entry.name} has no version`, { line });
    const source = typeof entry.source === 'string' ? entry.source : undefined;
    const pkg: LockfilePackage = {
      ecosystem: 'cargo',
      name: entry.name,
      version: entry.version,
      line,
      source:
        source === undefined
          ? 'path'
          : source.startsWith('git+')
            ? 'git'
            : source.startsWith('registry+') || source.startsWith('sparse+')
              ? 'registry'
              : 'url',
      direct: source !== undefined && directNames.has(entry.name),
    };
    if (source !== undefined && pkg.source !== 'registry') pkg.resolved = source;
    packages.push(pkg);
  });
  const version = typeof data.version === 'number' ? data.version : 1;
  return { ecosystem: 'cargo', format: `cargo@${version}`, packages, warnings };
}
