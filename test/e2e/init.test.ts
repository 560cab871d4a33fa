import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Report } from '../../src/gate/index.js';
import { readPolicy } from '../../src/policy/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';

function freshRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'depgate-init-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  return repo;
}

interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: { gate: { steps: { uses: string; with: Record<string, unknown> }[] } };
}

describe('depgate init: a starting policy and a workflow that needs no secret', () => {
  const emulator = startTestEmulator();
  it('writes both at the root of the repository, from a subfolder, and the policy loads', async () => {
    const repo = freshRepo();
    execFileSync('mkdir', ['-p', join(repo, 'web/app')]);
    const run = await runDepgate(['init'], { cwd: join(repo, 'web/app') });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('wrote ../../.github/depgate.yml');
    const policyText = readFileSync(join(repo, '.github/depgate.yml'), 'utf8');
    const policy = readPolicy(policyText, '.github/depgate.yml');
    expect(policy.deny?.map((r) => r.name)).toEqual(['event-stream']);
    expect(policy.vulnerabilities).toMatchObject({ failOn: 'high', sources: ['osv'] });
    expect(policyText.split('\n').filter((l) => l.startsWith('#')).length).toBeGreaterThan(10);

    const workflowText = readFileSync(join(repo, '.github/workflows/depgate.yml'), 'utf8');
    expect(workflowText).not.toContain('secrets.');
    const workflow = parse(workflowText) as Workflow;
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'merge_group']);
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(workflow.jobs.gate.steps).toEqual([{ uses: 'depgate/depgate@main', with: { platform: 'off' } }]);
  });

  it('writes a policy that depgate check reads and judges with (a denied package blocks)', async () => {
    const repo = freshRepo();
    expect((await runDepgate(['init', '--no-workflow'], { cwd: repo })).code).toBe(0);
    expect(existsSync(join(repo, '.github/workflows/depgate.yml'))).toBe(false);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
        cwd: repo,
      });
    git('add', '-A');
    git('commit', '-q', '-m', 'policy');
    const lock = {
      name: 'app',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', dependencies: { 'event-stream': '3.3.6' } },
        'node_modules/event-stream': {
          version: '3.3.6',
          resolved: 'https://registry.npmjs.org/event-stream/-/event-stream-3.3.6.tgz',
          integrity:
            'sha512-dGXNg4F/FgVzlApjzItL+7naHutA3fDqbV/zAZqDDlXTjiMnQmZKu+prImWKszeBM5UQeGvAl3u1wBiKeDh61g==',
        },
      },
    };
    writeFileSync(join(repo, 'package-lock.json'), JSON.stringify(lock, null, 2));
    // OSV is asked for what the change brings: the emulator's OSV routes, on loopback.
    const run = await runDepgate(['check', '--platform', 'off', '--format', 'json'], {
      cwd: repo,
      env: { DEPGATE_OSV_URL: (await emulator).url },
    });
    expect(run.stderr).toContain('policy .github/depgate.yml from the working tree');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.findings.filter((f) => f.blocking).map((f) => `${f.kind} ${f.name}`)).toContain(
      'denied event-stream',
    );
    expect(run.stderr).not.toMatch(/unexpected error|mistake/);
  });

  it('refuses to replace a file that exists, writing nothing, unless --force (exit 2)', async () => {
    const repo = freshRepo();
    execFileSync('mkdir', ['-p', join(repo, '.github')]);
    writeFileSync(join(repo, '.github/depgate.yml'), 'newToOrg: off\n');
    const refused = await runDepgate(['init'], { cwd: repo });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '.github/depgate.yml already exists: nothing written (--force replaces it)',
    );
    expect(readFileSync(join(repo, '.github/depgate.yml'), 'utf8')).toBe('newToOrg: off\n');
    expect(existsSync(join(repo, '.github/workflows/depgate.yml'))).toBe(false);

    const forced = await runDepgate(['init', '--force', '--action', `depgate/depgate@${'a'.repeat(40)}`], {
      cwd: repo,
    });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(repo, '.github/depgate.yml'), 'utf8')).toContain('event-stream');
    expect(readFileSync(join(repo, '.github/workflows/depgate.yml'), 'utf8')).toContain(
      `uses: depgate/depgate@${'a'.repeat(40)}`,
    );
  });

  it('has its own --help', async () => {
    const run = await runDepgate(['init', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--force');
    expect(run.stdout).toContain("platform: 'off'");
  });
});
