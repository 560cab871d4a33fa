import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';

const ROOT = join(import.meta.dirname, '../..');
const demo = (side: string) => ({ copy: join(ROOT, 'examples/demo', side, 'package-lock.json') });
const BASE: Files = { 'package-lock.json': demo('base') };
const HEAD: Files = { 'package-lock.json': demo('head') };
const count = (text: string, part: string) => text.split(part).length - 1;

describe("a new user's first depgate check, with no policy yet", () => {
  it('warns once on stderr that there is no policy, and points at depgate init', async () => {
    const repo = makeRepo(BASE, HEAD, { uncommitted: true });
    const run = await runDepgate(['check', '--platform', 'off', '--format', 'json'], { cwd: repo });
    expect(run.code).toBe(0);
    expect(count(run.stderr, 'warning:')).toBe(1);
    expect(run.stderr).toContain(
      'warning: no .github/depgate.yml at the working tree: checking with no rules, so nothing can block a change but the sources checks; depgate init writes a starting policy',
    );
    expect(run.stderr).toContain(
      'policy none (no .github/depgate.yml) from the working tree (locally with no --base: a policy is tried before it is committed)',
    );
    expect(run.stderr).not.toMatch(/\(the working tree|\)\)/);
  });

  it('names a --base given by its SHA once, not as "3c0e08d (3c0e08d)"', async () => {
    const repo = makeRepo(BASE, HEAD);
    const sha = execFileSync('git', ['rev-parse', 'main'], { cwd: repo, encoding: 'utf8' }).trim();
    const run = await runDepgate(
      ['check', '--platform', 'off', '--base', sha.slice(0, 7), '--head', 'change'],
      {
        cwd: repo,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`1 changed lockfile between ${sha.slice(0, 7)} and change (`);
    expect(run.stderr).not.toContain(`${sha.slice(0, 7)} (${sha.slice(0, 7)})`);
    expect(run.stdout).toContain(`against ${sha.slice(0, 7)}`);
  });

  it.each([
    ['a folder that does not exist', '/nonexistent/dir/x.json', 'the folder /nonexistent/dir does not exist'],
    ['a folder', '.', 'that is a folder; name a file'],
  ])('refuses --output into %s before doing any work (exit 2)', async (_what, output, said) => {
    const repo = makeRepo(BASE, HEAD);
    for (const command of [['check', '--platform', 'off', '--base', 'main', '--head', 'change'], ['audit']]) {
      const run = await runDepgate([...command, '--format', 'json', '--output', output], { cwd: repo });
      expect(run.stderr).toContain(`depgate ${command[0]}: --output ${output}: ${said}`);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(/unexpected error|changed lockfile/);
    }
  });
});
