import { LockfileError } from '../errors.js';
import { type FieldPlace, optionalString, optionalTable, requiredString } from './python-fields.js';
import { isObj } from '../syntax/shapes.js';
import { tomlKeyLine } from '../syntax/toml-lines.js';
import { readPackageTables } from './toml-package-tables.js';
import type { LockfilePackage, LockfileResult, ReadOptions } from '../types.js';

/** The lock-version major this reader knows (PEP 751: a newer major must be refused). */
const MAJOR = 1;

/**
 * PEP 751 `pylock.toml` / `pylock.<name>.toml`: every `[[packages]]` table, at its header's line.
 *
 * Source: `vcs` is `git` (`url#commit-id` in `resolved`); `directory` is `path` (its path in
 * `resolved`), or `workspace` for `.`, the project itself; `archive` is `url` (or `path` for a local
 * archive); a package with `index`, `sdist` or `wheels` is `registry`. A package with no version (a
 * directory or VCS package may leave it out) has version ''. `dependencies` (`{name, version?}`) are
 * the edges (`{ edges: true }`), matched by PEP 503 name and, when given, version. The file does not
 * say which packages are direct or dev, so those are left unset.
 *
 * Format: `pylock@<lock-version>`. A lock-version of another major is refused, as PEP 751 asks.
 */
export function readPylock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const { text, data, packages: tables, warnings } = readPackageTables(path, rawText, 'packages');
  const version = data['lock-version'];
  const versionLine = tomlKeyLine(text, 'lock-version');
  if (typeof version !== 'string')
    throw new LockfileError(
      path,
      version === undefined ? 'no "lock-version": not a pylock.toml' : '"lock-version" must be a string',
      { line: versionLine },
    );
  if (!/^\d+(\.\d+)*$/.test(version) || Number(version.split('.')[0]) !== MAJOR)
    throw new LockfileError(path, `unsupported lock-version ${JSON.stringify(version)} (depgate reads 1.x)`, {
      line: versionLine,
    });

  const packages: LockfilePackage[] = [];
  const wants: { name: string; version?: string }[][] = [];
  for (const { table, line } of tables) {
    const place: FieldPlace = { file: path, where: 'package', line };
    const name = requiredString(place, table, 'name');
    place.where = `package ${name}`;
    const pkgVersion = optionalString(place, table, 'version') ?? '';
    const pkg: LockfilePackage = { ecosystem: 'pypi', name, version: pkgVersion, line, source: 'registry' };
    const vcs = optionalTable(place, table, 'vcs');
    const directory = optionalTable(place, table, 'directory');
    const archive = optionalTable(place, table, 'archive');
    if (vcs !== undefined) {
      pkg.source = 'git';
      const url = optionalString(place, vcs, 'url') ?? optionalString(place, vcs, 'path') ?? '';
      const commit = optionalString(place, vcs, 'commit-id');
      pkg.resolved = commit === undefined ? url : `${url}#${commit}`;
    } else if (directory !== undefined) {
      const dir = requiredString({ ...place, where: `${place.where}: directory` }, directory, 'path');
      pkg.source = dir === '.' || dir === './' ? 'workspace' : 'path';
      pkg.resolved = dir;
    } else if (archive !== undefined) {
      const url = optionalString(place, archive, 'url');
      pkg.source = url === undefined ? 'path' : 'url';
      pkg.resolved = url ?? optionalString(place, archive, 'path') ?? '';
    } else if (pkgVersion === '') {
      throw new LockfileError(path, `${place.where}: no "version" (a package from an index needs one)`, {
        line,
      });
    }
    packages.push(pkg);
    const deps = table.dependencies ?? [];
    if (!Array.isArray(deps))
      throw new LockfileError(path, `${place.where}: "dependencies" must be an array of tables`, { line });
    wants.push(
      deps.map((dep: unknown) => {
        if (!isObj(dep))
          throw new LockfileError(path, `${place.where}: a dependency is not a table`, { line });
        const depPlace = { ...place, where: `${place.where}: a dependency` };
        const depName = optionalString(depPlace, dep, 'name');
        if (depName === undefined)
          throw new LockfileError(path, `${place.where}: a dependency has no "name"`, { line });
        const depVersion = optionalString(depPlace, dep, 'version');
        return depVersion === undefined ? { name: depName } : { name: depName, version: depVersion };
      }),
    );
  }

  const result: LockfileResult = { ecosystem: 'pypi', format: `pylock@${version}`, packages, warnings };
  if (options.edges === true) {
    const byName = new Map<string, number[]>();
    packages.forEach((pkg, i) => {
      const key = normalize(pkg.name);
      byName.set(key, [...(byName.get(key) ?? []), i]);
    });
    result.dependencies = wants.map((refs, from) => {
      const out: number[] = [];
      for (const ref of refs) {
        const candidates = (byName.get(normalize(ref.name)) ?? []).filter(
          (i) => ref.version === undefined || packages[i]!.version === ref.version,
        );
        if (candidates.length === 0)
          warnings.push({
            message: `${packages[from]!.name} depends on ${ref.name}${ref.version === undefined ? '' : ` ${ref.version}`}, which the file does not list`,
            line: packages[from]!.line,
          });
        // Several versions (one per environment marker) are all possible targets.
        for (const to of candidates) if (!out.includes(to)) out.push(to);
      }
      return out;
    });
  }
  return result;
}

/** PEP 503 name normalisation. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}
