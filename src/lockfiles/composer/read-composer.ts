import { LockfileError } from '../errors.js';
import { parseJsonLockfile } from '../syntax/json-lines.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

const SECTIONS = [
  ['packages', false],
  ['packages-dev', true],
] as const;
type Section = (typeof SECTIONS)[number][0];

/** Version-control kinds composer records in `source.type`. */
const VCS = new Set(['git', 'hg', 'svn', 'fossil', 'perforce']);

/**
 * composer.lock: `packages`, then `packages-dev` (`dev: true`), each entry at the line of its `"name"`
 * key (the line of its `{` when it has none, for errors).
 *
 * Versions are kept as composer writes them: `v1.2.3` keeps its `v` (composer shows and compares it so,
 * and Packagist tags carry it), branches stay `dev-main`. The `license` array is an SPDX expression
 * joined with ` OR ` (composer's meaning of several licenses; a compound member is parenthesised).
 *
 * composer.lock does not name the repository a package came from, so the source is read from what it
 * does record: `path` for a `dist` (or `source`) of type `path`, with the directory as `resolved`;
 * `git` for a version-control `source` that composer installs without a `dist`, or a `dev-` branch of
 * a package with no Packagist `notification-url` (a VCS repository); `registry` otherwise. A registry
 * package on a `dev-` branch gets its commit as `resolved`, since the version alone pins nothing.
 * Direct dependencies are named in composer.json, not here: `direct` is not set.
 *
 * Format: `composer-lock@<plugin-api-version>` (`composer-lock` for files written before composer 2).
 */
export function readComposerLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data) || !('packages' in data))
    throw new LockfileError(path, 'expected an object with a "packages" array: not a composer.lock', {
      line: 1,
    });
  const lines = composerLines(text);
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  for (const [section, dev] of SECTIONS) {
    const list = data[section];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list))
      throw new LockfileError(path, `"${section}" must be an array`, { line: lines.keys.get(section) ?? 1 });
    const found = lines.entries.get(section) ?? [];
    for (let i = 0; i < list.length; i++) {
      const entry: unknown = list[i];
      const line = found[i]?.nameLine ?? found[i]?.line ?? 1;
      packages.push(
        readEntry(path, entry, `${section}[${i}]`, line, dev, warnings, options.sources === true),
      );
    }
  }
  const api = data['plugin-api-version'];
  return {
    ecosystem: 'composer',
    format: typeof api === 'string' && api !== '' ? `composer-lock@${api}` : 'composer-lock',
    packages,
    warnings,
  };
}

function readEntry(
  path: string,
  entry: unknown,
  where: string,
  line: number,
  dev: boolean,
  warnings: LockfileWarning[],
  sources: boolean,
): LockfilePackage {
  if (!isObj(entry)) throw new LockfileError(path, `${where} is not an object`, { line });
  const name = entry.name;
  if (typeof name !== 'string' || name.trim() === '')
    throw new LockfileError(path, `${where} has no "name"`, { line });
  let version: unknown = entry.version;
  if (typeof version === 'number' && Number.isFinite(version)) {
    const written = String(version);
    warnings.push({
      message: `${name}: version ${written} is a number, not a string; read as "${written}"`,
      line,
    });
    version = written;
  }
  if (typeof version !== 'string' || version.trim() === '')
    throw new LockfileError(path, `${where} (${name}) has no "version"`, { line });

  const dist = isObj(entry.dist) ? entry.dist : undefined;
  const src = isObj(entry.source) ? entry.source : undefined;
  const devBranch = version.startsWith('dev-');
  let source: PackageSource = 'registry';
  let resolved: string | undefined;
  if (dist?.type === 'path' || src?.type === 'path') {
    source = 'path';
    resolved = stringField(dist, 'url') ?? stringField(src, 'url');
  } else if (
    src !== undefined &&
    typeof src.type === 'string' &&
    VCS.has(src.type) &&
    (dist === undefined || (devBranch && entry['notification-url'] === undefined))
  ) {
    source = 'git';
    resolved = vcsRef(src);
  } else if (devBranch && src !== undefined) {
    resolved = vcsRef(src);
  }
  const pkg: LockfilePackage = { ecosystem: 'composer', name, version, line, source, dev };
  const license = licenseExpression(entry.license);
  if (license !== undefined) pkg.licenses = [license];
  if (sources && source === 'registry' && resolved === undefined) resolved = stringField(dist, 'url');
  if (resolved !== undefined && resolved !== '') pkg.resolved = resolved;
  if (sources) {
    // GitHub zipballs have an empty `shasum`: the commit they are cut from is then what pins the
    // content (`ref:<commit>`), and a release re-cut from another commit changes it.
    const shasum = stringField(dist, 'shasum');
    const reference = stringField(dist, 'reference') ?? stringField(src, 'reference');
    if (shasum !== undefined && shasum !== '') pkg.integrity = shasum;
    else if (reference !== undefined && reference !== '') pkg.integrity = `ref:${reference}`;
  }
  return pkg;
}

function stringField(object: Obj | undefined, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === 'string' ? value : undefined;
}

function vcsRef(src: Obj): string | undefined {
  const url = stringField(src, 'url');
  if (url === undefined) return undefined;
  const reference = stringField(src, 'reference');
  return reference === undefined || reference === '' ? url : `${url}#${reference}`;
}

/** Several licenses in composer mean any of them (https://getcomposer.org/doc/04-schema.md#license). */
function licenseExpression(license: unknown): string | undefined {
  if (typeof license === 'string') return license.trim() === '' ? undefined : license;
  if (!Array.isArray(license)) return undefined;
  const ids = license
    .filter((l): l is string => typeof l === 'string' && l.trim() !== '')
    .map((l) => l.trim());
  if (ids.length <= 1) return ids[0];
  return ids.map((id) => (/\s/.test(id) && !/^\(.*\)$/.test(id) ? `(${id})` : id)).join(' OR ');
}

interface EntryLines {
  /** The line of the entry's first character (`{` for an object). */
  line: number;
  /** The line of the entry's own `"name"` key, when it has one. */
  nameLine?: number;
}

/**
 * One linear pass over the JSON text (already known to parse): the line of each top-level key, and for
 * each element of the top-level `packages` and `packages-dev` arrays, its first line and the line of
 * its own `"name"` key. Strings are stepped over whole, so their contents never count.
 */
function composerLines(text: string): { keys: Map<string, number>; entries: Map<Section, EntryLines[]> } {
  const keys = new Map<string, number>();
  const entries = new Map<Section, EntryLines[]>();
  // Per open container: '{' or '['.
  const stack: number[] = [];
  let line = 1;
  let expectKey = false;
  let topKey: string | undefined;
  let section: EntryLines[] | undefined;
  let expectElement = false;
  let current: EntryLines | undefined;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) continue;
    const depth = stack.length;
    // The first character of an element of a packages array.
    if (depth === 2 && section !== undefined && expectElement && c !== 93) {
      current = { line };
      section.push(current);
      expectElement = false;
    }
    if (c === 34) {
      let end = i + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end === -1) return { keys, entries };
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        end++;
      }
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (depth === 1) {
          topKey = key;
          if (!keys.has(key)) keys.set(key, line);
        } else if (depth === 3 && current !== undefined && key === 'name' && current.nameLine === undefined) {
          current.nameLine = line;
        }
        expectKey = false;
      }
      i = end;
    } else if (c === 123 || c === 91) {
      stack.push(c);
      expectKey = c === 123;
      if (depth === 1 && c === 91 && (topKey === 'packages' || topKey === 'packages-dev')) {
        section = [];
        entries.set(topKey, section);
        expectElement = true;
      }
    } else if (c === 125 || c === 93) {
      stack.pop();
      expectKey = false;
      if (depth === 2) section = undefined;
    } else if (c === 44) {
      expectKey = stack[stack.length - 1] === 123;
      if (depth === 2 && section !== undefined) expectElement = true;
    }
  }
  return { keys, entries };
}
