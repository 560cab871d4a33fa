import { readFile, rename, writeFile } from 'node:fs/promises';
import lockfile from 'proper-lockfile';
import type { RelayStore } from '../types.js';
import { DeliveryTable } from './memory.js';

/**
 * A lock whose holder stopped refreshing it for this long is taken over: the holder refreshes it every
 * half of that, so only a run that died (a SIGKILL, a power cut) leaves one this old.
 */
const STALE_LOCK_MS = 10_000;

export class RelayBusyError extends Error {
  override readonly name = 'RelayBusyError';
}

/**
 * A JSON file (the CLI's default, `DEPGATE_STATE_FILE`): read once, written atomically (temporary file,
 * then rename) after every change, under a lock held for the whole run (proper-lockfile: a `.lock`
 * directory, refreshed while the run lives and taken over once it goes stale), so two runs on the same
 * file never interleave. The lock is the run lock.
 */
export async function fileStore(path: string, now: number): Promise<RelayStore> {
  let compromised: Error | undefined;
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(path, {
      realpath: false,
      stale: STALE_LOCK_MS,
      update: STALE_LOCK_MS / 2,
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new RelayBusyError(`another relay run holds ${path}.lock; this run does nothing`);
    throw new Error(
      `${path}.lock: cannot take the relay's lock (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let table: DeliveryTable;
  try {
    const data = JSON.parse(await readFile(path, 'utf8')) as {
      initialized?: boolean;
      deliveries?: Record<string, never>;
    };
    table = new DeliveryTable(data.deliveries ?? {}, data.initialized === true);
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
  // Destinations are served side by side: writes go one at a time, each with the latest table.
  let writing: Promise<void> = Promise.resolve();
  let serial = 0;
  const write = async () => {
    const tmp = `${path}.${process.pid}.${serial++}.tmp`;
    await writeFile(
      tmp,
      `${JSON.stringify({ version: 1, initialized: table.isInitialized, deliveries: table.deliveries })}\n`,
    );
    await rename(tmp, path);
  };
  const save = (): Promise<void> => {
    // Another run took the lock over (this one stalled past the stale time): stop rather than
    // overwrite what it records.
    if (compromised !== undefined)
      return Promise.reject(
        new Error(`${path}.lock was taken over by another run (${compromised.message}); this run stops`),
      );
    const next = writing.then(write);
    writing = next.catch(() => undefined);
    return next;
  };
  return {
    claim: async (key, owner, leaseMs, at) => {
      const result = table.claim(key, owner, leaseMs, at);
      if (result === 'claimed') await save();
      return result;
    },
    complete: async (key, owner, keepMs, at) => {
      table.complete(key, owner, keepMs, at);
      await save();
    },
    release: async (key, owner) => {
      table.release(key, owner);
      await save();
    },
    initialized: () => Promise.resolve(table.isInitialized),
    markInitialized: async () => {
      table.isInitialized = true;
      await save();
    },
    // The file lock, held since the store opened, is the run lock.
    lockRun: () => Promise.resolve(true),
    unlockRun: () => Promise.resolve(),
    close: async () => {
      try {
        if (compromised === undefined) await save();
      } finally {
        await unlock().catch(() => undefined);
      }
    },
  };
}
