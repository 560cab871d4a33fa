import { hashesOf, joinHashes } from '../file-hashes.js';
import { LockfileError } from '../errors.js';
import {
  type FieldPlace,
  optionalBoolean,
  optionalString,
  optionalStringArray,
  requiredString,
} from './python-fields.js';
import { indexByName, markDirectFromPyproject, requirementName, resolveNames } from './python-graph.js';
import { isObj } from '../syntax/shapes.js';
import { readPackageTables } from './toml-package-tables.js';
import { tomlKeyLine } from '../syntax/toml-lines.js';
import type { LockfilePackage, LockfileResult, PackageSource, ReadOptions } from '../types.js';

/** PDM refuses a lockfile of a newer major lock_version; so do we. */
const NEWEST_MAJOR = 4;

/**
 * pdm.lock (lock_version 4.x, and older files without one): every `[[package]]` in file order, at the
 * line of its header, name and version as written.
 *
 * Groups: a package in `default` is a runtime dependency (dev and optional false). PDM keeps dev
 * groups and optional-dependency groups (extras) in one namespace and the lockfile does not say which
 * is which, so only PDM's own dev group, `dev` (where `pdm add -d` puts a package), makes a package
 * dev; a package only in other groups is `optional`, with dev left unset. Without `groups`, both are
 * unset. Direct dependencies are not recorded: `direct` is set only from the pyproject.toml beside it
 * (`options.manifest`, see `markDirectFromPyproject`).
 *
 * Edges (`options.edges`): the requirement strings of `dependencies = [...]`, resolved by PEP 503 name
 * (markers, extras and versions stripped); an entry with extras that is left out lends its edges to
 * the plain entry it repeats.
 *
 * An entry for a package with extras (`extras = [...]`) repeats the plain entry of the same version
 * and source; it is left out when that plain entry is present.
 *
 * Sources: `git` (with `revision`) is `git`, resolved `url#revision`; `path` is `path`; `url` is `url`
 * (a `file://` url is `path`); otherwise `registry`.
 *
 * Format: `pdm@<lock_version>`, or `pdm` (with a warning) when `[metadata]` has none.
 */
export function readPdmLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const { text, data, packages: tables, warnings } = readPackageTables(path, rawText);
  const metadata = data.metadata;
  const metadataLine = (): number => tomlKeyLine(text, 'metadata');
  if (metadata !== undefined && !isObj(metadata))
    throw new LockfileError(path, '"metadata" must be a table', { line: metadataLine() });
  if (metadata !== undefined && metadata.lock_version === undefined && metadata['lock-version'] !== undefined)
    throw new LockfileError(path, '[metadata] has lock-version: this is a poetry.lock, not a pdm.lock', {
      line: metadataLine(),
    });
  if (
    tables.length === 0 &&
    metadata === undefined &&
    data.package === undefined &&
    Object.keys(data).length > 0
  )
    throw new LockfileError(path, 'no [[package]] tables and no [metadata]: not a pdm.lock', { line: 1 });

  let format = 'pdm';
  const lockVersion = metadata?.lock_version;
  if (lockVersion !== undefined) {
    if (typeof lockVersion !== 'string' || !/^\d+(\.\d+)*$/.test(lockVersion))
      throw new LockfileError(
        path,
        `[metadata] lock_version must be a version string, got ${JSON.stringify(lockVersion)}`,
        { line: metadataLine() },
      );
    if (Number(lockVersion.split('.')[0]) > NEWEST_MAJOR)
      throw new LockfileError(
        path,
        `unsupported pdm.lock lock_version ${lockVersion} (read: up to ${NEWEST_MAJOR}.x)`,
        { line: metadataLine() },
      );
    format = `pdm@${lockVersion}`;
  } else if (tables.length > 0) {
    warnings.push({ message: 'no [metadata] lock_version; read as a pdm.lock of lock_version 4.x' });
  }
  if (metadata !== undefined)
    optionalStringArray({ file: path, where: '[metadata]', line: metadataLine() }, metadata, 'groups');

  // Older files keep the files apart, by `<name> <version>`: `[metadata.files]`.
  const sources = options.sources === true;
  const oldFiles = sources && isObj(metadata?.files) ? metadata.files : undefined;

  // Pass 1: every entry's shape, and which entries are plain (without extras).
  const edges = options.edges === true;
  const entries: { pkg: LockfilePackage; extras: boolean; deps: string[] }[] = [];
  const plain = new Set<string>();
  for (const [index, { table, line }] of tables.entries()) {
    const place: FieldPlace = { file: path, where: `package ${index + 1}`, line };
    const name = requiredString(place, table, 'name');
    place.where = `package ${name}`;
    const pkg: LockfilePackage = { ecosystem: 'pypi', name, version: '', line, source: 'registry' };
    const git = optionalString(place, table, 'git');
    const localPath = optionalString(place, table, 'path');
    const url = optionalString(place, table, 'url');
    optionalBoolean(place, table, 'editable');
    let source: PackageSource = 'registry';
    if (git !== undefined) {
      source = 'git';
      const revision = optionalString(place, table, 'revision') ?? optionalString(place, table, 'ref');
      pkg.resolved = revision === undefined || revision === '' ? git : `${git}#${revision}`;
    } else if (localPath !== undefined) {
      source = 'path';
      pkg.resolved = localPath;
    } else if (url !== undefined) {
      source = /^file:/i.test(url) ? 'path' : 'url';
      pkg.resolved = url;
    }
    pkg.source = source;
    const version = optionalString(place, table, 'version');
    if (version === undefined || version === '') {
      // Local and VCS packages may be locked without a version (a dynamic version); an index never is.
      if (source === 'registry') throw new LockfileError(path, `${place.where}: no "version"`, { line });
    } else {
      pkg.version = version;
    }
    if (sources) {
      const integrity = joinHashes(hashesOf(table.files ?? oldFiles?.[`${name} ${pkg.version}`]));
      if (integrity !== undefined) pkg.integrity = integrity;
    }
    const groups = optionalStringArray(place, table, 'groups');
    if (groups !== undefined) {
      if (groups.includes('default')) {
        pkg.dev = false;
        pkg.optional = false;
      } else if (groups.includes('dev')) {
        pkg.dev = true;
        pkg.optional = false;
      } else {
        pkg.optional = true;
      }
    }
    const extras = optionalStringArray(place, table, 'extras');
    const withExtras = extras !== undefined && extras.length > 0;
    if (!withExtras) plain.add(identity(pkg));
    const deps: string[] = [];
    if (edges)
      for (const requirement of optionalStringArray(place, table, 'dependencies') ?? []) {
        const dep = requirementName(requirement);
        if (dep !== undefined) deps.push(dep);
      }
    entries.push({ pkg, extras: withExtras, deps });
  }

  const packages: LockfilePackage[] = [];
  const depNames: string[][] = [];
  const kept = new Map<string, number>();
  for (const { pkg, extras, deps } of entries)
    if (!extras || !plain.has(identity(pkg))) {
      if (!extras) kept.set(identity(pkg), packages.length);
      packages.push(pkg);
      depNames.push(deps);
    }
  const result: LockfileResult = { ecosystem: 'pypi', format, packages, warnings };
  if (edges) {
    // An entry with extras left out adds what its extras pull in to the plain entry it repeats.
    for (const { pkg, extras, deps } of entries) {
      const at = extras ? kept.get(identity(pkg)) : undefined;
      if (at !== undefined) depNames[at]!.push(...deps);
    }
    result.dependencies = resolveNames(depNames, indexByName(packages));
  }
  if (options.manifest !== undefined) markDirectFromPyproject(options.manifest, packages, warnings);
  return result;
}

function identity(pkg: LockfilePackage): string {
  return `${pkg.name}\u0000${pkg.version}\u0000${pkg.source}\u0000${pkg.resolved ?? ''}`;
}
