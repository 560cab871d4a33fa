import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { packageKey, type Ecosystem } from '../domain/index.js';
import { affects } from './affected.js';
import { mergeAdvisories } from './merge-advisories.js';
import { osvEcosystem } from './osv-ecosystem.js';
import { OsvRecordError, readOsvRecord, type OsvRecord } from './osv-record.js';
import { queryKey, type AdvisorySource, type PackageQuery, type VulnLookup } from './types.js';

/** An offline OSV database that cannot be read: says which path and what is wrong with it. */
export class OsvDatabaseError extends Error {
  override readonly name = 'OsvDatabaseError';
}

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Records of one ecosystem's export, indexed by package key. */
interface EcosystemIndex {
  byPackage: Map<string, OsvRecord[]>;
  files: number;
}

function parseRecord(text: string, where: string): OsvRecord {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new OsvDatabaseError(`${where}: not valid JSON (${describeError(error)})`);
  }
  try {
    return readOsvRecord(value, where);
  } catch (error) {
    if (error instanceof OsvRecordError) throw new OsvDatabaseError(error.message);
    throw error;
  }
}

function addToIndex(index: EcosystemIndex, ecosystem: Ecosystem, osvName: string, record: OsvRecord): void {
  const keys = new Set<string>();
  for (const entry of record.affected)
    if (entry.package?.ecosystem === osvName) keys.add(packageKey(ecosystem, entry.package.name));
  for (const key of keys) {
    const list = index.byPackage.get(key);
    if (list === undefined) index.byPackage.set(key, [record]);
    else list.push(record);
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The listing of an unpacked export: OSV's own, or the one `unzip -Z1 all.zip` writes. */
const LISTINGS = ['modified_id.csv', 'records.txt'] as const;

/**
 * The record file names an unpacked export must hold, from its listing: OSV's `modified_id.csv`
 * (`<modified>,<id>` a line, or `<modified>,<ecosystem>/<id>`), or `records.txt` (the names in
 * `all.zip`, one a line, as `unzip -Z1 all.zip` prints them). Undefined when the folder has neither.
 */
async function listedRecords(folder: string): Promise<{ listing: string; names: string[] } | undefined> {
  for (const listing of LISTINGS) {
    const path = join(folder, listing);
    if (!(await isFile(path))) continue;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new OsvDatabaseError(`${path}: cannot be read (${describeError(error)})`);
    }
    const names: string[] = [];
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (line === '') continue;
      const field = listing === 'modified_id.csv' ? line.slice(line.lastIndexOf(',') + 1) : line;
      const name = field.slice(field.lastIndexOf('/') + 1);
      if (name !== '') names.push(name.endsWith('.json') ? name : `${name}.json`);
    }
    if (names.length === 0) throw new OsvDatabaseError(`${path}: lists no record`);
    return { listing: path, names };
  }
  return undefined;
}

/** An export that names no record of its own ecosystem is another's, or none: never a full answer. */
function assertOwnEcosystem(index: EcosystemIndex, where: string, osvName: string): void {
  if (index.byPackage.size === 0)
    throw new OsvDatabaseError(
      `${where}: holds no ${osvName} record, so it is not OSV's ${osvName} export (an empty or misplaced one cannot answer for any package)`,
    );
}

/**
 * Reads one ecosystem's export from `<dir>/<OSV name>/`: `all.zip` as OSV publishes it
 * (https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip), else the `*.json` records
 * unpacked from it beside a listing that says which records the export has (OSV's `modified_id.csv`, or
 * `records.txt` from `unzip -Z1 all.zip`), every one of which must be there. A missing folder or
 * listing, a listed record that is absent, a broken zip or a broken record is an error naming its path.
 */
async function loadEcosystem(dir: string, ecosystem: Ecosystem, osvName: string): Promise<EcosystemIndex> {
  const folder = join(dir, osvName);
  const zipPath = join(folder, 'all.zip');
  const index: EcosystemIndex = { byPackage: new Map(), files: 0 };
  if (await isFile(zipPath)) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(zipPath);
    } catch (error) {
      throw new OsvDatabaseError(`${zipPath}: cannot be read (${describeError(error)})`);
    }
    index.files++;
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, { filter: (file) => file.name.endsWith('.json') });
    } catch (error) {
      throw new OsvDatabaseError(`${zipPath}: not a readable zip archive (${describeError(error)})`);
    }
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const [name, content] of Object.entries(entries)) {
      let text: string;
      try {
        text = decoder.decode(content);
      } catch {
        throw new OsvDatabaseError(`${zipPath}: ${name} is not UTF-8 text`);
      }
      addToIndex(index, ecosystem, osvName, parseRecord(text, `${zipPath}: ${name}`));
    }
    assertOwnEcosystem(index, zipPath, osvName);
    return index;
  }
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    throw new OsvDatabaseError(
      `${folder}: no ${osvName} export here (expected ${zipPath}, or the *.json records unpacked from it with their listing)`,
    );
  }
  const listed = await listedRecords(folder);
  if (listed === undefined)
    throw new OsvDatabaseError(
      `${folder}: ${names.some((n) => n.endsWith('.json')) ? 'records' : 'nothing'} without all.zip or a listing of the export (modified_id.csv, or records.txt from \`unzip -Z1 all.zip\`), so depgate cannot tell a complete ${osvName} export from a partial one`,
    );
  const present = new Set(names);
  const missing = listed.names.filter((name) => !present.has(name));
  if (missing.length > 0)
    throw new OsvDatabaseError(
      `${folder}: ${missing.length} of the ${listed.names.length} records ${listed.listing} lists are missing (first: ${missing[0]}): an incomplete export cannot say a package has no advisory`,
    );
  for (const name of [...new Set(listed.names)].sort()) {
    const path = join(folder, name);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new OsvDatabaseError(`${path}: cannot be read (${describeError(error)})`);
    }
    index.files++;
    addToIndex(index, ecosystem, osvName, parseRecord(text, path));
  }
  assertOwnEcosystem(index, folder, osvName);
  return index;
}

/**
 * Advisories from a folder of OSV's per-ecosystem exports, for runners without network access:
 * `<dir>/npm/all.zip`, `<dir>/PyPI/all.zip`... (or their unpacked `*.json`). The source reads the exports
 * of the ecosystems it is asked about once (the first lookup that asks), and matches versions against the records' ranges itself.
 * An ecosystem asked about whose export is missing fails the lookup (never "no advisories").
 */
export function osvOfflineSource(dir: string): AdvisorySource {
  // Each ecosystem's export is read once for the life of the source (the audit looks up in batches).
  const loaded = new Map<Ecosystem, Promise<EcosystemIndex>>();
  return {
    label: `osv offline (${dir})`,
    async lookup(queries, signal) {
      let dirStat;
      try {
        dirStat = await stat(dir);
      } catch {
        throw new OsvDatabaseError(`${dir}: the offline OSV database folder does not exist`);
      }
      if (!dirStat.isDirectory())
        throw new OsvDatabaseError(`${dir}: the offline OSV database is not a folder`);

      const unsupported: PackageQuery[] = [];
      const byEcosystem = new Map<Ecosystem, PackageQuery[]>();
      for (const query of queries) {
        if (osvEcosystem(query.ecosystem) === undefined) unsupported.push(query);
        else {
          const list = byEcosystem.get(query.ecosystem);
          if (list === undefined) byEcosystem.set(query.ecosystem, [query]);
          else list.push(query);
        }
      }
      const found: VulnLookup['found'] = new Map();
      const warnings = new Set<string>();
      const warn = (message: string) => warnings.add(message);
      let requests = 0;
      for (const [ecosystem, list] of byEcosystem) {
        signal?.throwIfAborted();
        let loading = loaded.get(ecosystem);
        if (loading === undefined) {
          loading = loadEcosystem(dir, ecosystem, osvEcosystem(ecosystem)!);
          loaded.set(ecosystem, loading);
          // A failed read is not remembered: the next lookup reads (and fails, or succeeds) again.
          loading.catch(() => loaded.delete(ecosystem));
          requests += (await loading).files;
        }
        const index = await loading;
        for (const query of list) {
          const candidates = index.byPackage.get(packageKey(ecosystem, query.name)) ?? [];
          const matching = candidates.filter((r) => affects(r, ecosystem, query.name, query.version, warn));
          // Every record of the package is known here: the fix is checked against all of them.
          const merged = mergeAdvisories(matching, ecosystem, query.name, query.version, {
            known: candidates,
            warn,
          });
          if (merged !== undefined) found.set(queryKey(query), merged);
        }
      }
      return { found, requests, unsupported, ...(warnings.size === 0 ? {} : { warnings: [...warnings] }) };
    },
  };
}
