import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { RelayStore } from '../types.js';
import { DeliveryTable } from './memory.js';

/** A run lock older than this is taken to be left by a run that died. */
const STALE_LOCK_MS = 15 * 60_000;

export class RelayBusyError extends Error {
  override readonly name = 'RelayBusyError';
}

/**
 * A JSON file (the CLI's default, `DEPGATE_STATE_FILE`): read once, written atomically (temporary file,
 * then rename) after every change, under a lock file held for the run so two runs never interleave.
 */
export async function fileStore(path: string, now: number): Promise<RelayStore> {
  const lock = `${path}.lock`;
  try {
    const handle = await open(lock, 'wx');
    await handle.writeFile(`${process.pid} ${new Date(now).toISOString()}\n`);
    await handle.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = now - (await stat(lock)).mtimeMs;
    if (age < STALE_LOCK_MS)
      throw new RelayBusyError(
        `another relay run holds ${lock} (since ${Math.round(age / 1000)} s); this run does nothing`,
      );
    await rm(lock, { force: true });
    return fileStore(path, now);
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
      await rm(lock, { force: true });
      throw new Error(
        `${path}: cannot read the relay's state (${code ?? (error as Error).message}); move it away to start afresh`,
      );
    }
    table = new DeliveryTable();
  }
  table.prune(now);
  const save = async () => {
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(
      tmp,
      `${JSON.stringify({ version: 1, initialized: table.isInitialized, deliveries: table.deliveries })}\n`,
    );
    await rename(tmp, path);
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
    close: async () => {
      await save();
      await rm(lock, { force: true });
    },
  };
}
