import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo, shallowClone, type Files } from '../helpers/git-repo.js';

const ROOT = join(import.meta.dirname, '../..');
const demo = (side: string, path: string) => ({ copy: join(ROOT, 'examples/demo', side, path) });
const POLICY: Files = { '.github/depgate.yml': 'deny:\n  - name: left-pad\n    reason: unmaintained\n' };
const BASE: Files = { ...POLICY, 'package-lock.json': demo('base', 'package-lock.json') };
const HEAD: Files = { ...POLICY, 'package-lock.json': demo('head', 'package-lock.json') };

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const check = (cwd: string, args: string[] = []) =>
  runDepgate(['check', '--format', 'json', '--platform', 'off', ...args], { cwd, env: { CI: 'true' } });
const blocked = (stdout: string) =>
  (JSON.parse(stdout) as Report).findings.filter((f) => f.blocking).map((f) => f.name);

describe('depgate check in a shallow clone, made as a default actions/checkout makes it (fetch-depth: 1)', () => {
  it('fetches the default branch and deepens to the merge base, then checks the change', async () => {
    const origin = makeRepo(BASE, HEAD);
    const { clone } = shallowClone(origin, 'change');
    expect(git(clone, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const run = await check(clone);
    expect(run.stderr).toContain('this clone is shallow and holds no default branch: fetching origin/main');
    expect(run.stderr).toContain('git fetch --deepen=10');
    expect(run.stderr).not.toMatch(/Command failed|\n\s+at /);
    expect(run.code).toBe(1);
    expect(blocked(run.stdout)).toContain('left-pad');
    expect((JSON.parse(run.stdout) as Report).base).toBe(git(origin, 'rev-parse', 'main'));
  });

  it('fetches a --base commit the clone does not hold, by its SHA, one commit deep', async () => {
    const origin = makeRepo(BASE, HEAD);
    const { clone } = shallowClone(origin, 'change');
    const baseSha = git(origin, 'rev-parse', 'main');
    const run = await check(clone, ['--base', baseSha, '--head', 'HEAD']);
    expect(run.stderr).toContain(`does not hold '${baseSha}': fetching it from origin (one commit deep)`);
    expect(run.code).toBe(1);
    expect(blocked(run.stdout)).toContain('left-pad');
    expect(git(clone, 'rev-parse', '--is-shallow-repository')).toBe('true'); // nothing more than needed
  });

  it('says which fetch-depth to set when the remote cannot be reached (exit 2, no stack trace)', async () => {
    const origin = makeRepo(BASE, HEAD);
    const { clone, remote } = shallowClone(origin, 'change');
    rmSync(remote, { recursive: true, force: true });
    const run = await check(clone);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('this clone is shallow');
    expect(run.stderr).toContain('fetch-depth: 0');
    expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('never shows credentials of the remote URL when it cannot be reached (exit 2)', async () => {
    const origin = makeRepo(BASE, HEAD);
    const { clone } = shallowClone(origin, 'change');
    git(clone, 'remote', 'set-url', 'origin', 'http://x-access-token:SECRET-TOKEN@127.0.0.1:9/acme/web.git');
    const run = await check(clone);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('fetch-depth: 0');
    expect(run.stderr + run.stdout).not.toContain('SECRET-TOKEN');
  });

  it('says which fetch-depth to set for a --base it cannot fetch (exit 2)', async () => {
    const origin = makeRepo(BASE, HEAD);
    const { clone } = shallowClone(origin, 'change');
    const run = await check(clone, ['--base', '0'.repeat(40)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`'${'0'.repeat(40)}' is not in it; fetching it failed`);
    expect(run.stderr).toContain('fetch-depth: 0');
  });

  it('still refuses an unknown --base in a full clone, without fetching', async () => {
    const origin = makeRepo(BASE, HEAD);
    const run = await check(origin, ['--base', 'no-such-branch']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'no-such-branch' is not a commit");
    expect(run.stderr).not.toContain('shallow');
  });
});
