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

/**
 * Reads one ecosystem's export from `<dir>/<OSV name>/`: `all.zip` as OSV publishes it
 * (https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip), else the `*.json` records
 * unpacked from it. A missing folder, a broken zip or a broken record is an error naming its path.
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
    return index;
  }
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    throw new OsvDatabaseError(
      `${folder}: no ${osvName} export here (expected ${zipPath}, or the *.json records unpacked from it)`,
    );
  }
  const jsonFiles = names.filter((name) => name.endsWith('.json')).sort();
  if (jsonFiles.length === 0)
    throw new OsvDatabaseError(`${folder}: neither all.zip nor any *.json OSV record in this folder`);
  for (const name of jsonFiles) {
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
