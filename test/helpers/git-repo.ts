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
