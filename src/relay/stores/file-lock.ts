import { link, open, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** A lock held from another machine (a shared disk) counts as left behind once unrefreshed this long. */
const FOREIGN_STALE_MS = 10 * 60_000;
const REFRESH_MS = 60_000;
/**
 * An empty lock file is one being written this instant, or one left by a run killed between creating it
 * and writing its name (only where the file system has no hard links: see `create`). Once this old, it is
 * the second.
 */
const EMPTY_STALE_MS = 30_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type FileLock = { release(): Promise<void> } | { heldBy: string };

/**
 * An exclusive lock file (created with its content: see `create`) naming its holder's process and host. A lock left by a run
 * that died is taken over at once on the same machine (its process is gone: a SIGKILL, a crash) and
 * after ten minutes without a refresh from another machine; a live run's lock is never taken over, so
 * two runs can never both write the state. The takeover renames the very file it judged dead, so only
 * one run can win it.
 */
export async function takeFileLock(lockPath: string): Promise<FileLock> {
  const me = `${process.pid} ${hostname()}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await create(lockPath, me);
      await sweepLeftovers(lockPath);
      const timer = setInterval(() => {
        const t = new Date();
        utimes(lockPath, t, t).catch(() => undefined);
      }, REFRESH_MS);
      timer.unref();
      return {
        release: async () => {
          clearInterval(timer);
          if ((await readFile(lockPath, 'utf8').catch(() => '')) === me) await rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string;
    let mtime: number;
    try {
      text = await readFile(lockPath, 'utf8');
      mtime = (await stat(lockPath)).mtimeMs;
    } catch {
      continue; // released meanwhile: try again
    }
    const [pidText, host] = text.trim().split(/\s+/);
    const pid = Number(pidText);
    // An empty file is a lock being written this instant (live), unless it has stayed empty too long.
    const dead =
      text === ''
        ? Date.now() - mtime > EMPTY_STALE_MS
        : host === hostname()
          ? !(Number.isInteger(pid) && pid > 0 && alive(pid))
          : Date.now() - mtime > FOREIGN_STALE_MS;
    if (!dead) return { heldBy: text.trim() === '' ? 'another run' : `process ${text.trim()}` };
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      await rename(lockPath, aside);
    } catch {
      continue; // another run took it over first
    }
    const moved = await readFile(aside, 'utf8').catch(() => '');
    if (moved !== text) {
      // It was replaced between the read and the rename: that is a live lock, put it back.
      await rename(aside, lockPath).catch(() => undefined);
      return { heldBy: `process ${moved.trim()}` };
    }
    await rm(aside, { force: true });
  }
  return { heldBy: 'another run' };
}

/**
 * Removes the files a run killed mid-step left beside the lock: its name file (`lock.<pid>.new`, killed
 * between writing it and linking it) and a lock it had set aside (`lock.<pid>.stale`). A live run keeps
 * such a file for milliseconds, so only those older than a foreign lock's staleness are removed, which
 * is safe on a disk shared between machines. Best effort: a file that cannot be removed stays.
 */
async function sweepLeftovers(lockPath: string): Promise<void> {
  const dir = dirname(lockPath);
  const prefix = `${basename(lockPath)}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^\d+\.(?:new|stale)$/.test(name.slice(prefix.length))) continue;
    const path = join(dir, name);
    const mtime = await stat(path).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (mtime !== undefined && Date.now() - mtime > FOREIGN_STALE_MS)
      await rm(path, { force: true }).catch(() => undefined);
  }
}

/**
 * Creates the lock file with its holder's name already in it, failing with EEXIST if it exists: the name
 * is written to a file of this process's own, then hard-linked to the lock's path (atomic, exclusive).
 * A lock created empty and written after (`O_EXCL`, then a write) could be left empty for good by a run
 * killed in between, which every later run would take for a live one. File systems without hard links
 * fall back to exactly that, and an empty lock counts as left behind after `EMPTY_STALE_MS`.
 */
async function create(lockPath: string, content: string): Promise<void> {
  const mine = `${lockPath}.${process.pid}.new`;
  await writeFile(mine, content);
  try {
    await link(mine, lockPath);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'EEXIST' ||
      !(code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV')
    )
      throw error;
  } finally {
    await unlink(mine).catch(() => undefined);
  }
  const handle = await open(lockPath, 'wx');
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}
