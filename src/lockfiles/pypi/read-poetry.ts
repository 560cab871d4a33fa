import { hashesOf, joinHashes } from '../file-hashes.js';
import { LockfileError } from '../errors.js';
import {
  type FieldPlace,
  optionalBoolean,
  optionalString,
  optionalStringArray,
  optionalTable,
  requiredString,
} from './python-fields.js';
import { indexByName, markDirectFromPyproject, normalizePypiName, resolveNames } from './python-graph.js';
import { isObj } from '../syntax/shapes.js';
import { readPackageTables } from './toml-package-tables.js';
import { tomlKeyLine } from '../syntax/toml-lines.js';
import type { LockfilePackage, LockfileResult, PackageSource, ReadOptions } from '../types.js';

/** Poetry refuses a lockfile of a newer major lock-version; so do we. */
const NEWEST_MAJOR = 2;

/** Keys of a package table this reader never looks at: the hashes of its files are most of the file. */
const UNREAD: ReadonlySet<string> = new Set(['files']);

/**
 * poetry.lock, lock-version 1.x and 2.x: every `[[package]]` in file order, at the line of its header,
 * with the name and version as written (names are compared PEP 503-normalised elsewhere).
 *
 * Dev: `category = "dev"` in lockfiles up to 1.x; from Poetry 2, a package whose `groups` leave out
 * `main` (Poetry's own rule: groups other than `main` hold development dependencies only). Lock-version
 * 2.0 written by Poetry 1.5 to 1.8 has neither field, and dev is then left unset. `optional` as written.
 * Direct dependencies are not recorded in poetry.lock: `direct` is set only from the pyproject.toml
 * beside it (`options.manifest`, see `markDirectFromPyproject`); the project itself is never listed.
 *
 * Edges (`options.edges`): the names under `[package.dependencies]` (optional ones, pulled by an extra,
 * included), resolved by PEP 503 name to every locked package of that name.
 *
 * Sources: none or `legacy` (a private index) are `registry`; `git` is `git` with `url#commit` as
 * `resolved`; `directory` and a local `file` are `path`; `url` and a remote `file` are `url`.
 *
 * Format: `poetry@<lock-version>`, or `poetry` (with a warning) when `[metadata]` has none.
 */
export function readPoetryLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const sources = options.sources === true;
  // The files (and their hashes) are read only when the integrity is wanted.
  const {
    text,
    data,
    packages: tables,
    warnings,
  } = readPackageTables(path, rawText, 'package', sources ? {} : { unread: UNREAD });
  const metadata = data.metadata;
  if (metadata !== undefined && !isObj(metadata))
    throw new LockfileError(path, '"metadata" must be a table', { line: tomlKeyLine(text, 'metadata') });
  if (metadata !== undefined && metadata['lock-version'] === undefined && metadata.lock_version !== undefined)
    throw new LockfileError(path, '[metadata] has lock_version: this is a pdm.lock, not a poetry.lock', {
      line: tomlKeyLine(text, 'metadata'),
    });
  if (
    tables.length === 0 &&
    metadata === undefined &&
    data.package === undefined &&
    Object.keys(data).length > 0
  )
    throw new LockfileError(path, 'no [[package]] tables and no [metadata]: not a poetry.lock', { line: 1 });

  let format = 'poetry';
  const lockVersion = metadata?.['lock-version'];
  if (lockVersion !== undefined) {
    const line = tomlKeyLine(text, 'metadata');
    if (typeof lockVersion !== 'string' || !/^\d+(\.\d+)*$/.test(lockVersion))
      throw new LockfileError(
        path,
        `[metadata] lock-version must be a version string, got ${JSON.stringify(lockVersion)}`,
        {
          line,
        },
      );
    if (Number(lockVersion.split('.')[0]) > NEWEST_MAJOR)
      throw new LockfileError(
        path,
        `unsupported poetry.lock lock-version ${lockVersion} (read: 1.x and ${NEWEST_MAJOR}.x)`,
        { line },
      );
    format = `poetry@${lockVersion}`;
  } else if (tables.length > 0) {
    // Poetry before 1.0 wrote none: nothing for the reader of a report to act on, so a notice.
    warnings.push({
      message: 'no [metadata] lock-version (poetry before 1.0); read as a poetry.lock of lock-version 1.x',
      notice: true,
    });
  }

  // Lock-version 1.x keeps the files apart, by package name: `[metadata.files]`.
  const oldFiles = sources && isObj(metadata?.files) ? metadata.files : undefined;
  const edges = options.edges === true;
  const depNames: string[][] = [];
  const packages: LockfilePackage[] = [];
  for (const [index, { table, line }] of tables.entries()) {
    const place: FieldPlace = { file: path, where: `package ${index + 1}`, line };
    const name = requiredString(place, table, 'name');
    place.where = `package ${name}`;
    const version = requiredString(place, table, 'version');
    const category = optionalString(place, table, 'category');
    const groups = optionalStringArray(place, table, 'groups');
    const optional = optionalBoolean(place, table, 'optional');
    const pkg: LockfilePackage = { ecosystem: 'pypi', name, version, line, source: 'registry' };
    const sourceTable = optionalTable(place, table, 'source');
    if (sourceTable !== undefined) {
      const srcPlace = { ...place, where: `package ${name}: [package.source]` };
      const type = requiredString(srcPlace, sourceTable, 'type');
      const url = optionalString(srcPlace, sourceTable, 'url');
      const kind = sourceKind(type, url);
      if (kind === undefined) {
        pkg.source = 'url';
        warnings.push({ message: `${name} ${version}: unknown source type ${JSON.stringify(type)}`, line });
      } else {
        pkg.source = kind;
      }
      if (pkg.source !== 'registry') {
        if (url === undefined || url === '')
          throw new LockfileError(path, `${srcPlace.where}: a ${type} source needs a "url"`, { line });
        const commit =
          optionalString(srcPlace, sourceTable, 'resolved_reference') ??
          optionalString(srcPlace, sourceTable, 'reference');
        pkg.resolved = kind === 'git' && commit !== undefined && commit !== '' ? `${url}#${commit}` : url;
      } else if (sources && url !== undefined && url !== '') {
        pkg.resolved = url;
      }
    }
    if (sources) {
      const files =
        table.files ?? (oldFiles === undefined ? undefined : filesOfVersion(oldFiles[name], version));
      const integrity = joinHashes(hashesOf(files));
      if (integrity !== undefined) pkg.integrity = integrity;
    }
    if (category !== undefined) pkg.dev = category === 'dev';
    else if (groups !== undefined) pkg.dev = !groups.includes('main');
    if (optional !== undefined) pkg.optional = optional;
    if (edges) {
      const deps = optionalTable(place, table, 'dependencies');
      depNames.push(deps === undefined ? [] : Object.keys(deps).map(normalizePypiName));
    }
    packages.push(pkg);
  }
  const result: LockfileResult = { ecosystem: 'pypi', format, packages, warnings };
  if (edges) result.dependencies = resolveNames(depNames, indexByName(packages));
  if (options.manifest !== undefined) markDirectFromPyproject(options.manifest, packages, warnings);
  return result;
}

/**
 * Lock-version 1.x lists the files of a name under `[metadata.files]`, the files of every version
 * locked under that name together (poetry locks one name at several versions for different Python
 * markers). A version's own files are those whose file name carries it; when none can be told apart
 * (no file names, or names of another shape), all of them.
 */
function filesOfVersion(files: unknown, version: string): unknown {
  if (!Array.isArray(files)) return files;
  const want = version.toLowerCase();
  const own = files.filter(
    (file) => isObj(file) && typeof file.file === 'string' && versionOfFileName(file.file) === want,
  );
  return own.length > 0 ? own : files;
}

/**
 * The version in a Python distribution's file name, lower case: a wheel or egg
 * (`name-1.0-py3-none-any.whl`, where the name holds no `-`) or an sdist (`name-1.0.tar.gz`).
 */
function versionOfFileName(file: string): string | undefined {
  const lower = file.toLowerCase();
  const binary = /^[^-]+-([^-]+)-.*\.(whl|egg)$/.exec(lower);
  if (binary !== null) return binary[1];
  const sdist = /^.+-([^-]+?)\.(tar\.gz|tar\.bz2|tar\.xz|tgz|tar|zip)$/.exec(lower);
  return sdist === null ? undefined : sdist[1];
}

function sourceKind(type: string, url: string | undefined): PackageSource | undefined {
  switch (type) {
    case 'legacy':
      return 'registry';
    case 'git':
      return 'git';
    case 'directory':
      return 'path';
    case 'file':
      return url !== undefined && /^https?:\/\//i.test(url) ? 'url' : 'path';
    case 'url':
      return 'url';
    default:
      return undefined;
  }
}
