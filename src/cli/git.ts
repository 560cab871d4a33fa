import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isUserError } from '../domain/index.js';
import { decodeFileBytes } from '../lockfiles/index.js';
import { UsageError } from './io.js';

/** Lockfiles can be tens of megabytes; git's output is read whole. */
const MAX_BUFFER = 1024 * 1024 * 1024;

/** git refused or is missing: a UsageError of its own kind. */
export class GitError extends UsageError {
  override readonly name = 'GitError';
  override readonly kind = 'git';
}

/**
 * Runs git in `cwd` and returns its standard output; a failure is a GitError with git's own words.
 * Pathspecs are literal (a path with `*` or `:` names that file, never a pattern or a magic word).
 */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  return (await gitBytes(cwd, args)).toString('utf8');
}

/** Runs git like `git`, its standard output as bytes (a blob, decoded by what it is). */
export function gitBytes(cwd: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const argv = ['--literal-pathspecs', ...args];
    execFile('git', argv, { cwd, maxBuffer: MAX_BUFFER, encoding: 'buffer' }, (error, stdout, stderr) => {
      if (error === null) {
        resolve(stdout);
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const said = stderr.toString('utf8');
      if (code === 'ENOENT') reject(new GitError('git is not installed or not on PATH'));
      else reject(new GitError(`git ${args.join(' ')}: ${(said || error.message).trim()}`));
    });
  });
}

export async function repositoryRoot(cwd: string): Promise<string> {
  try {
    return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch (error) {
    if (isUserError(error, 'git') && /not a git repository/i.test(error.message))
      throw new GitError(
        `${cwd} is not inside a git repository: run depgate check in a clone of your repository`,
      );
    throw error;
  }
}

/** Whether `ref` names a commit in the clone. */
export async function refExists(root: string, ref: string): Promise<boolean> {
  try {
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The usual names of the default branch, in the order tried: the remote's HEAD first. */
export async function defaultBranchCandidates(root: string): Promise<string[]> {
  const candidates: string[] = [];
  try {
    const head = (await git(root, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD'])).trim();
    if (head !== '') candidates.push(head.replace(/^refs\/remotes\//, ''));
  } catch {
    // no remote HEAD recorded: try the usual names
  }
  candidates.push('origin/main', 'origin/master', 'main', 'master');
  return candidates;
}

export async function resolveCommit(root: string, ref: string): Promise<string> {
  if (!(await refExists(root, ref))) throw new GitError(`--base/--head: '${ref}' is not a commit in ${root}`);
  return (await git(root, ['rev-parse', `${ref}^{commit}`])).trim();
}

const split0 = (text: string): string[] => text.split('\0').filter((p) => p !== '');

/** Paths changed between `base` and `head` (a commit, or the working tree with untracked files when undefined). */
export async function changedPaths(root: string, base: string, head: string | undefined): Promise<string[]> {
  const diff = split0(
    await git(root, [
      'diff',
      '--name-only',
      '--no-renames',
      '-z',
      base,
      ...(head === undefined ? [] : [head]),
      '--',
    ]),
  );
  if (head !== undefined) return diff;
  const untracked = split0(await git(root, ['ls-files', '--others', '--exclude-standard', '-z']));
  return [...new Set([...diff, ...untracked])];
}

/**
 * What a path is on one side of the change: a regular file's text, or something depgate does not read
 * (a symbolic link, a submodule, a folder), with why; undefined when the side has nothing at the path.
 */
export type SideEntry = { text: string } | { refused: string };

/**
 * A path at a commit, from its tree entry (`git ls-tree`, NUL-separated, so every byte of the path
 * counts): a regular file (mode 100644 or 100755) is read by its blob id; a link (120000) is reported
 * as a link and never resolved; a submodule or a folder is not a file.
 */
export async function readAtCommit(
  root: string,
  commit: string,
  path: string,
): Promise<SideEntry | undefined> {
  const listed = split0(await git(root, ['ls-tree', '-z', '--full-tree', commit, '--', path]));
  for (const entry of listed) {
    const tab = entry.indexOf('\t');
    if (entry.slice(tab + 1) !== path) continue;
    const [mode, type, object] = entry.slice(0, tab).split(' ');
    if (mode === '120000') return { refused: 'a symbolic link (git mode 120000)' };
    if (type === 'commit') return { refused: 'a submodule (git mode 160000)' };
    if (type !== 'blob') return { refused: `not a file (a git ${type ?? 'entry'})` };
    return { text: decodeFileBytes(path, await gitBytes(root, ['cat-file', 'blob', object!])) };
  }
  return undefined;
}

/**
 * A path in the working tree, never through a link: every folder on the way must be a real folder
 * inside the repository (realpath), and the file itself is opened with O_NOFOLLOW and must be a
 * regular file. Undefined when it is not there.
 */
export async function readInWorkingTree(root: string, path: string): Promise<SideEntry | undefined> {
  const full = join(root, path);
  try {
    const folder = await realpath(dirname(full));
    const expected = join(await realpath(root), dirname(path));
    if (folder !== expected) return { refused: 'under a folder that is a symbolic link' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  let handle;
  try {
    // lstat first where O_NOFOLLOW does not exist (Windows); O_NOFOLLOW closes the race elsewhere.
    if ((await lstat(full)).isSymbolicLink()) return { refused: 'a symbolic link' };
    handle = await open(full, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'ELOOP' || code === 'EMLINK') return { refused: 'a symbolic link' };
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { refused: stat.isDirectory() ? 'a folder' : 'not a regular file' };
    return { text: decodeFileBytes(path, await handle.readFile()) };
  } finally {
    await handle.close();
  }
}
