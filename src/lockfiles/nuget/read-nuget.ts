import { LockfileError } from '../errors.js';
import { isObj } from '../syntax/shapes.js';
import { jsonKeyLines, parseJsonLockfile } from '../syntax/json-lines.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

const TYPES = new Set(['Direct', 'Transitive', 'CentralTransitive', 'Project']);

/**
 * NuGet `packages.lock.json` (versions 1 and 2). The file lists the resolved graph once per target
 * framework (`net8.0`) and runtime (`net8.0/linux-x64`); a package is reported once per name (NuGet ids
 * are case-insensitive) and resolved version, at its first line, direct when any target lists it as
 * `Direct`. `CentralTransitive` entries (central package management pinning a transitive package) are
 * transitive. `Project` entries are project references inside the solution: source `workspace`, with
 * version '' since the lockfile does not carry one.
 */
export function readNugetLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data))
    throw new LockfileError(path, 'not a packages.lock.json: the top level is not an object', { line: 1 });
  // One pass for the top-level keys, the targets and their packages; deeper keys are skipped unread.
  const lines = jsonKeyLines(
    text,
    (p) => p.length === 2 || ((p.length === 3 || p.length === 4) && p[1] === 'dependencies'),
    4,
  );
  const version = data.version;
  if (version !== 1 && version !== 2) {
    throw new LockfileError(
      path,
      version === undefined
        ? 'not a packages.lock.json: no "version"'
        : `unsupported packages.lock.json version ${JSON.stringify(version)} (depgate reads versions 1 and 2)`,
      { line: lines.get('\u0000version') ?? 1 },
    );
  }
  const targets = data.dependencies;
  if (!isObj(targets)) {
    throw new LockfileError(path, 'not a packages.lock.json: "dependencies" is missing or not an object', {
      line: lines.get('\u0000dependencies') ?? 1,
    });
  }
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const seen = new Map<string, LockfilePackage>();
  for (const [target, entries] of Object.entries(targets)) {
    const targetLine = lines.get(`\u0000dependencies\u0000${target}`) ?? lines.get('\u0000dependencies') ?? 1;
    if (!isObj(entries))
      throw new LockfileError(path, `target ${JSON.stringify(target)} is not an object`, {
        line: targetLine,
      });
    for (const [name, entry] of Object.entries(entries)) {
      const line = lines.get(`\u0000dependencies\u0000${target}\u0000${name}`) ?? targetLine;
      const where = `${name} (${target})`;
      if (!isObj(entry)) throw new LockfileError(path, `${where} is not an object`, { line });
      if (name === '') throw new LockfileError(path, `a package of ${target} has an empty name`, { line });
      const type = entry.type;
      if (typeof type !== 'string' || !TYPES.has(type)) {
        throw new LockfileError(
          path,
          `${where} has ${type === undefined ? 'no "type"' : `the unknown type ${JSON.stringify(type)}`} (expected Direct, Transitive, CentralTransitive or Project)`,
          { line },
        );
      }
      const resolved = entry.resolved;
      if (type !== 'Project' && (typeof resolved !== 'string' || resolved === '')) {
        throw new LockfileError(path, `${where} has no "resolved" version`, { line });
      }
      const pkgVersion = typeof resolved === 'string' ? resolved : '';
      const key = `${type === 'Project' ? 'project' : 'package'}\u0000${name.toLowerCase()}\u0000${pkgVersion.toLowerCase()}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        if (type === 'Direct') earlier.direct = true;
        continue;
      }
      const pkg: LockfilePackage =
        type === 'Project'
          ? { ecosystem: 'nuget', name, version: pkgVersion, line, source: 'workspace' }
          : {
              ecosystem: 'nuget',
              name,
              version: pkgVersion,
              line,
              source: 'registry',
              direct: type === 'Direct',
            };
      seen.set(key, pkg);
      packages.push(pkg);
    }
  }
  return { ecosystem: 'nuget', format: `nuget-lock@${version}`, packages, warnings };
}
