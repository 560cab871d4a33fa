import { LockfileError } from '../errors.js';
import { isObj, type Obj } from '../syntax/shapes.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import { arrayTableLines, tomlKeyLine } from '../syntax/toml-lines.js';
import { parseTomlLockfile } from '../syntax/toml-parse.js';
import { scanTomlLockfile } from '../syntax/toml-scan.js';
import type { LockfileWarning } from '../types.js';

/** One `[[package]]` table with the line of its header. */
export interface PackageTable {
  table: Obj;
  line: number;
}

export interface TomlPackageTables {
  /** The text as read (without a byte-order mark), for line look-ups of other keys. */
  text: string;
  /** The whole parsed document. */
  data: Obj;
  packages: PackageTable[];
  warnings: LockfileWarning[];
}

/**
 * `unread` keys of the tables are never looked at by the caller: the scanner checks them but leaves
 * null in their place (the full parser keeps them). `scan: false` for a caller whose own scan of the
 * text gave up already.
 *
 * Reads a TOML lockfile whose packages are a `[[package]]` array of tables (poetry.lock, uv.lock,
 * pdm.lock; `[[packages]]` in pylock.toml, by `key`): refuses conflict markers and invalid TOML, checks that `package` is an array of tables,
 * and pairs each table with the line of its header. When the headers cannot be matched one to one
 * (packages written as an inline array), each package takes the nearest header's line, with a warning.
 */
export function readPackageTables(
  path: string,
  rawText: string,
  key = 'package',
  options: { unread?: ReadonlySet<string>; scan?: boolean } = {},
): TomlPackageTables {
  const text = stripBom(rawText);
  // The scanner reads the regular TOML the tools write in one pass, with the header lines; anything
  // else goes to smol-toml. A scanned `key` is always an array of `[[key]]` tables, one header line
  // each, and a scanned text holds no conflict marker.
  const scanned = options.scan === false ? undefined : scanTomlLockfile(text, key, options.unread);
  if (scanned !== undefined) {
    const tables = (scanned.data[key] ?? []) as Obj[];
    const packages = tables.map((table, i) => ({ table, line: scanned.lines[i]! }));
    return { text, data: scanned.data, packages, warnings: [] };
  }
  assertNoConflictMarkers(path, text);
  const data = parseTomlLockfile(path, text);
  const list = data[key] ?? [];
  if (!Array.isArray(list))
    throw new LockfileError(path, `"${key}" must be an array of tables ([[${key}]])`, {
      line: tomlKeyLine(text, key),
    });
  const warnings: LockfileWarning[] = [];
  const lines = arrayTableLines(text, key);
  if (lines.length !== list.length) {
    warnings.push({
      message: `found ${lines.length} [[${key}]] header lines for ${list.length} packages; lines are those of the nearest headers`,
    });
  }
  const fallback = lines.length === 0 ? tomlKeyLine(text, key) : 1;
  const packages: PackageTable[] = [];
  for (let i = 0; i < list.length; i++) {
    const table: unknown = list[i];
    const line = lines[Math.min(i, lines.length - 1)] ?? fallback;
    if (!isObj(table)) throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
    packages.push({ table, line });
  }
  return { text, data, packages, warnings };
}
