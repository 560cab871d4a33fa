import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** A side of a repository: files by path, each a text, a file or folder to copy, or a symbolic link to a target. */
export type Files = Record<string, string | Buffer | { copy: string } | { symlink: string }>;

const run = (cwd: string, args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], {
    cwd,
    stdio: 'pipe',
  });

function writeSide(repo: string, files: Files): void {
  run(repo, ['rm', '-r', '-q', '--ignore-unmatch', '.']);
  for (const [path, content] of Object.entries(files)) {
    const target = join(repo, path);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof content === 'string' || Buffer.isBuffer(content)) writeFileSync(target, content);
    else if ('symlink' in content) symlinkSync(content.symlink, target);
    else cpSync(content.copy, target);
  }
  run(repo, ['add', '-A']);
}

/**
 * A real git repository in a temporary folder, removed after the file's tests: `main` holds the base,
 * the branch `change` the head (committed unless `uncommitted`, then left in the working tree).
 */
export function makeRepo(base: Files, head: Files, options: { uncommitted?: boolean } = {}): string {
  const repo = mkdtempSync(join(tmpdir(), 'depgate-repo-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  run(repo, ['init', '-q', '-b', 'main']);
  writeSide(repo, base);
  run(repo, ['commit', '-q', '--allow-empty', '-m', 'base']);
  run(repo, ['checkout', '-q', '-b', 'change']);
  writeSide(repo, head);
  if (options.uncommitted !== true) run(repo, ['commit', '-q', '--allow-empty', '-m', 'head']);
  return repo;
}

/**
 * A clone of `repo` made the way actions/checkout makes one by default: `git init`, the remote
 * `origin` at a file:// URL (a bare copy of `repo` whose HEAD is `main`, as GitHub's default branch
 * is), one commit fetched one deep (`git fetch --depth=1 origin +SHA:REF`) and checked out detached.
 * `ref` is the branch whose tip is fetched (the pull request's head, or the pushed branch); `as` the
 * ref it is stored under. Both folders are removed after the file's tests.
 */
export function shallowClone(
  repo: string,
  ref: string,
  as = `refs/remotes/origin/${ref}`,
): { clone: string; remote: string } {
  const clone = mkdtempSync(join(tmpdir(), 'depgate-shallow-'));
  const remote = `${clone}-origin.git`;
  afterAll(() => {
    rmSync(clone, { recursive: true, force: true });
    rmSync(remote, { recursive: true, force: true });
  });
  run(tmpdir(), ['clone', '-q', '--bare', repo, remote]);
  run(remote, ['symbolic-ref', 'HEAD', 'refs/heads/main']);
  const sha = execFileSync('git', ['rev-parse', `${ref}^{commit}`], { cwd: remote, encoding: 'utf8' }).trim();
  run(clone, ['init', '-q']);
  run(clone, ['remote', 'add', 'origin', `file://${remote}`]);
  run(clone, ['fetch', '-q', '--no-tags', '--depth=1', 'origin', `+${sha}:${as}`]);
  run(clone, ['checkout', '-q', '--detach', sha]);
  return { clone, remote };
}
