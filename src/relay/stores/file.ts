import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { takeFileLock } from './file-lock.js';
import type { RelayStore } from '../types.js';
import { DeliveryTable } from './memory.js';

export class RelayBusyError extends Error {
  override readonly name = 'RelayBusyError';
}

/**
 * A JSON journal (the CLI's default, `DEPGATE_STATE_FILE`) under a lock file held for the whole run
 * (file-lock.ts: a run that died is seen at once on the same machine), so two runs on the same file
 * never interleave. The lock is the run lock.
 */
export async function fileStore(path: string, now: number): Promise<RelayStore> {
  const lock = await takeFileLock(`${path}.lock`);
  if ('heldBy' in lock)
    throw new RelayBusyError(
      `another relay run (${lock.heldBy}) holds ${path}.lock; this run does nothing (remove the file if no relay is running)`,
    );
  const unlock = () => lock.release();
  let table: DeliveryTable;
  try {
    table = parseState(await readFile(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      await unlock();
      throw new Error(
        `${path}: cannot read the relay's state (${code ?? (error as Error).message}); move it away to start afresh`,
      );
    }
    table = new DeliveryTable();
  }
  table.prune(now);
  // The file is a journal: a snapshot (rewritten atomically when the store opens and closes), then one
  // line appended per change, so a change costs one short append however many deliveries are kept. A
  // run killed mid-append leaves at most a torn last line, which the next read ignores.
  const snapshot = async () => {
    const tmp = `${path}.${process.pid}.tmp`;
    const lines = [
      JSON.stringify({
        version: 2,
        initialized: table.isInitialized,
        ...(table.baseline === undefined ? {} : { baseline: table.baseline }),
      }),
    ];
    for (const [k, v] of Object.entries(table.deliveries)) lines.push(JSON.stringify({ k, v }));
    await writeFile(tmp, `${lines.join('\n')}\n`);
    await rename(tmp, path);
  };
  await snapshot();
  const journal = await open(path, 'a');
  let writing: Promise<void> = Promise.resolve();
  const append = (line: object): Promise<void> => {
    const next = writing.then(async () => {
      await journal.appendFile(`${JSON.stringify(line)}\n`);
    });
    writing = next.catch(() => undefined);
    return next;
  };
  const record = (k: string) => append({ k, v: table.deliveries[k] ?? null });
  return {
    claim: async (key, owner, leaseMs, at) => {
      const result = table.claim(key, owner, leaseMs, at);
      if (result === 'claimed' || result === 'reclaimed') await record(key);
      return result;
    },
    complete: async (key, owner, keepMs, at) => {
      table.complete(key, owner, keepMs, at);
      await record(key);
    },
    release: async (key, owner) => {
      table.release(key, owner);
      await record(key);
    },
    initialized: () => Promise.resolve(table.isInitialized),
    markInitialized: async () => {
      table.isInitialized = true;
      await append({ initialized: true });
    },
    recordedBaseline: () => Promise.resolve(table.baseline),
    recordBaseline: async (since) => {
      table.baseline = since;
      await append({ baseline: since });
    },
    // The file lock, held since the store opened, is the run lock.
    lockRun: () => Promise.resolve(true),
    unlockRun: () => Promise.resolve(),
    close: async () => {
      try {
        await writing;
        await journal.close();
        await snapshot();
      } finally {
        await unlock().catch(() => undefined);
      }
    },
  };
}

type Delivery = DeliveryTable['deliveries'][string];

/**
 * The state file: the journal (a `{version: 2}` line, then `{k, v}` lines, `v: null` for a removed
 * delivery, `{initialized: true}` and `{baseline: ms}`), or the whole-object form of version 1. A torn last line (a run
 * killed mid-append) is ignored; a broken line before it is an error.
 */
export function parseState(text: string): DeliveryTable {
  if (/^\s*\{\s*"version"\s*:\s*1\b/.test(text)) {
    const data = JSON.parse(text) as { initialized?: boolean; deliveries?: Record<string, Delivery> };
    return new DeliveryTable(data.deliveries ?? {}, data.initialized === true);
  }
  const table = new DeliveryTable();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let entry: {
      k?: string;
      v?: Delivery | null;
      initialized?: boolean;
      baseline?: number;
      version?: number;
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      if (i >= lines.length - 2) return; // the torn last line of a run that was killed
      throw new Error(`line ${i + 1} is not JSON`);
    }
    if (entry.initialized === true) table.isInitialized = true;
    if (typeof entry.baseline === 'number' && Number.isFinite(entry.baseline))
      table.baseline = entry.baseline;
    if (typeof entry.k === 'string') {
      if (entry.v === null || entry.v === undefined) delete table.deliveries[entry.k];
      else table.deliveries[entry.k] = entry.v;
    }
  });
  return table;
}
