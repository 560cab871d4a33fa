import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from './io.js';

/** Lockfiles can be tens of megabytes; git's output is read whole. */
const MAX_BUFFER = 1024 * 1024 * 1024;

export class GitError extends UsageError {}

/** Runs git in `cwd` and returns its standard output; a failure is a GitError with git's own words. */
export function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) {
        resolve(stdout);
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') reject(new GitError('git is not installed or not on PATH'));
      else reject(new GitError(`git ${args.join(' ')}: ${(stderr || error.message).trim()}`));
    });
  });
}

export async function repositoryRoot(cwd: string): Promise<string> {
  try {
    return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message))
      throw new GitError(
        `${cwd} is not inside a git repository: run depgate check in a clone of your repository`,
      );
    throw error;
  }
}

async function refExists(root: string, ref: string): Promise<boolean> {
  try {
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The default base: where the current branch left the default branch (`git merge-base`), the default
 * branch being the remote's HEAD, else `origin/main`, `origin/master`, `main` or `master`.
 */
export async function defaultBase(root: string): Promise<{ ref: string; sha: string }> {
  const candidates: string[] = [];
  try {
    const head = (await git(root, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD'])).trim();
    if (head !== '') candidates.push(head.replace(/^refs\/remotes\//, ''));
  } catch {
    // no remote HEAD recorded: try the usual names
  }
  candidates.push('origin/main', 'origin/master', 'main', 'master');
  for (const ref of candidates) {
    if (!(await refExists(root, ref))) continue;
    const sha = (await git(root, ['merge-base', 'HEAD', ref])).trim();
    return { ref, sha };
  }
  throw new GitError(
    'cannot find the default branch (tried origin/HEAD, origin/main, origin/master, main, master): pass --base REF',
  );
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

/** A file's text at a commit, or undefined when the commit has no such file. */
export async function readAtCommit(root: string, commit: string, path: string): Promise<string | undefined> {
  const listed = await git(root, ['ls-tree', '-z', '--name-only', commit, '--', path]);
  if (split0(listed).length === 0) return undefined;
  return git(root, ['show', `${commit}:${path}`]);
}

/** A file's text in the working tree, or undefined when it is not there. */
export async function readInWorkingTree(root: string, path: string): Promise<string | undefined> {
  try {
    return await readFile(join(root, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
