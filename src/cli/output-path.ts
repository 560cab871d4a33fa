import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from './io.js';

/**
 * Checks an `--output` path before any work is done, so that a typo costs a second, not a whole run
 * (and never an "unexpected error" at the end): its folder must exist and be writable, and the path
 * must not be a folder. Returns the absolute path.
 */
export async function checkOutputPath(cwd: string, output: string): Promise<string> {
  const full = resolve(cwd, output);
  const folder = dirname(full);
  const code = async (what: Promise<unknown>): Promise<string | undefined> => {
    try {
      await what;
      return undefined;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? String(error);
    }
  };
  const folderStat = await stat(folder).catch(() => undefined);
  if (folderStat === undefined)
    throw new UsageError(`--output ${output}: the folder ${folder} does not exist (create it first)`);
  if (!folderStat.isDirectory()) throw new UsageError(`--output ${output}: ${folder} is not a folder`);
  const target = await stat(full).catch(() => undefined);
  if (target?.isDirectory() === true)
    throw new UsageError(`--output ${output}: that is a folder; name a file`);
  const denied = await code(access(target === undefined ? folder : full, constants.W_OK));
  if (denied !== undefined)
    throw new UsageError(
      `--output ${output}: cannot write ${target === undefined ? `in the folder ${folder}` : 'that file'} (${denied})`,
    );
  return full;
}
