import { joinHashes } from '../file-hashes.js';
import { LockfileError } from '../errors.js';
import { jsonKeyLines, parseJsonLockfile } from '../syntax/json-lines.js';
import { type FieldPlace, optionalBoolean, optionalString, optionalStringArray } from './python-fields.js';
import { isObj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

/** The newest `_meta.pipfile-spec` pipenv writes; a newer one is refused rather than misread. */
const NEWEST_SPEC = 6;

const SECTIONS = [
  ['default', false],
  ['develop', true],
] as const;

/**
 * Pipfile.lock: the packages of `default` and of `develop` (dev), each at the line of its key, in file
 * order within each section, `default` first. The name is the key as pipenv wrote it (pipenv writes
 * names lowercased, others compare them PEP 503-normalised).
 *
 * The version is the pin without its operator (`==2.1.1` and `===2.1.1` give `2.1.1`); markers are
 * ignored. A `git` entry is `git` with `url#ref` as `resolved`; a `path` entry, or a `file` that is not
 * an http(s) URL, is `path`; a remote `file` is `url`. An editable or plain entry at path `.` is the
 * project itself and is not listed. A registry entry without a version is listed unpinned, with a
 * warning. Pipfile.lock does not record which packages are direct, so `direct` is never set.
 *
 * A package locked in both sections is listed once per section: the sections are separate entries of
 * the file (and may pin different versions), and only the `develop` one is dev.
 *
 * Format: `pipfile-lock@<pipfile-spec>`, or `pipfile-lock` when `_meta` does not give it.
 */
export function readPipfileLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data) || !('_meta' in data || 'default' in data || 'develop' in data)) {
    throw new LockfileError(path, 'expected "_meta", "default" and "develop" objects: not a Pipfile.lock', {
      line: 1,
    });
  }
  const lines = jsonKeyLines(
    text,
    (p) => (p.length === 3 && (p[1] === 'default' || p[1] === 'develop')) || p.length === 2,
    3,
  );
  const keyLine = (...keys: string[]): number => lines.get(['', ...keys].join('\u0000')) ?? 1;

  let format = 'pipfile-lock';
  const meta = data._meta;
  if (meta !== undefined) {
    if (!isObj(meta)) throw new LockfileError(path, '"_meta" must be an object', { line: keyLine('_meta') });
    const spec = meta['pipfile-spec'];
    if (spec !== undefined) {
      if (typeof spec !== 'number' || !Number.isInteger(spec) || spec < 1)
        throw new LockfileError(
          path,
          `_meta.pipfile-spec must be a positive integer, got ${JSON.stringify(spec)}`,
          {
            line: keyLine('_meta'),
          },
        );
      if (spec > NEWEST_SPEC)
        throw new LockfileError(
          path,
          `unsupported Pipfile.lock pipfile-spec ${spec} (read: up to ${NEWEST_SPEC})`,
          {
            line: keyLine('_meta'),
          },
        );
      format = `pipfile-lock@${spec}`;
    }
  }

  // The indexes `_meta.sources` names, by name: an entry's `index` picks one, the first is the default.
  const indexes = options.sources === true ? indexUrls(meta) : undefined;
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  for (const [section, dev] of SECTIONS) {
    const deps = data[section];
    if (deps === undefined) continue;
    if (!isObj(deps))
      throw new LockfileError(path, `"${section}" must be an object of packages`, { line: keyLine(section) });
    for (const [name, entry] of Object.entries(deps)) {
      const line = keyLine(section, name);
      const place: FieldPlace = { file: path, where: `${section}.${name}`, line };
      if (!isObj(entry))
        throw new LockfileError(path, `${place.where} must be an object, got ${typeName(entry)}`, { line });
      const pkg = readEntry(place, name, entry, dev, warnings);
      if (pkg === undefined) continue;
      if (indexes !== undefined) keepSource(pkg, entry, indexes);
      packages.push(pkg);
    }
  }
  return { ecosystem: 'pypi', format, packages, warnings };
}

function indexUrls(meta: unknown): { byName: Map<string, string>; first?: string } {
  const byName = new Map<string, string>();
  let first: string | undefined;
  const list = isObj(meta) ? meta.sources : undefined;
  if (Array.isArray(list))
    for (const item of list) {
      if (!isObj(item) || typeof item.url !== 'string') continue;
      first ??= item.url;
      if (typeof item.name === 'string') byName.set(item.name, item.url);
    }
  return first === undefined ? { byName } : { byName, first };
}

// A registry entry's index URL (by its `index` name, else the first source) and its hashes.
function keepSource(
  pkg: LockfilePackage,
  entry: Record<string, unknown>,
  indexes: { byName: Map<string, string>; first?: string },
): void {
  if (pkg.source === 'registry') {
    const index = typeof entry.index === 'string' ? entry.index : undefined;
    const url = index === undefined ? indexes.first : (indexes.byName.get(index) ?? index);
    if (url !== undefined && url !== '') pkg.resolved = url;
  }
  const hashes = Array.isArray(entry.hashes) ? (entry.hashes as string[]) : [];
  const integrity = joinHashes(hashes);
  if (integrity !== undefined) pkg.integrity = integrity;
}

function readEntry(
  place: FieldPlace,
  name: string,
  entry: Record<string, unknown>,
  dev: boolean,
  warnings: LockfileWarning[],
): LockfilePackage | undefined {
  const version = optionalString(place, entry, 'version');
  const git = optionalString(place, entry, 'git');
  const ref = optionalString(place, entry, 'ref');
  const localPath = optionalString(place, entry, 'path');
  const file = optionalString(place, entry, 'file');
  optionalBoolean(place, entry, 'editable');
  optionalStringArray(place, entry, 'hashes');

  let source: PackageSource = 'registry';
  let resolved: string | undefined;
  if (git !== undefined) {
    source = 'git';
    resolved = ref === undefined || ref === '' ? git : `${git}#${ref}`;
  } else if (localPath !== undefined) {
    // The project installing itself (`-e .`), not a dependency.
    if (/^\.[\\/]?$/.test(localPath)) return undefined;
    source = 'path';
    resolved = localPath;
  } else if (file !== undefined) {
    source = /^https?:\/\//i.test(file) ? 'url' : 'path';
    resolved = file;
  }
  const pkg: LockfilePackage = {
    ecosystem: 'pypi',
    name,
    version: version === undefined ? '' : version.replace(/^===?\s*/, ''),
    line: place.line,
    source,
    dev,
  };
  if (resolved !== undefined) pkg.resolved = resolved;
  if (source === 'registry' && (pkg.version === '' || pkg.version === '*')) {
    pkg.version = '';
    pkg.unpinned = true;
    if (version !== undefined) pkg.specifier = version;
    warnings.push({ message: `${place.where} has no pinned version`, line: place.line });
  } else if (version !== undefined && !/^===?/.test(version)) {
    // Pipenv always pins with ==; anything else is a hand edit that does not name one version.
    pkg.version = '';
    pkg.unpinned = true;
    pkg.specifier = version;
    warnings.push({
      message: `${place.where}: version ${JSON.stringify(version)} is not a pin (==)`,
      line: place.line,
    });
  }
  return pkg;
}

function typeName(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}
