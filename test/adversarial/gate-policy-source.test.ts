import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

// A change that adds a denied package, and a commit on top that relaxes the policy that denies it.
const POLICY =
  'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat of a real package"\n';
const BASE = { '.github/depgate.yml': POLICY, 'requirements.txt': 'requests==2.31.0\n' };
const ADDS_DENIED = { 'requirements.txt': 'requests==2.31.0\nevilpkg==1.0.0\n' };

const check = (repo: string, args: string[], env: Record<string, string> = {}) =>
  runDepgate(['check', ...args], { cwd: repo, env });
const json = (stdout: string) => JSON.parse(stdout) as Report;
const blockedBy = (report: Report) => report.findings.filter((f) => f.blocking).map((f) => f.name);

describe('a change cannot relax its own policy (depgate check, as CI runs it)', () => {
  it('blocks the denied package with the base policy when the change empties the policy (--base given)', async () => {
    const repo = makeRepo(BASE, { ...ADDS_DENIED, '.github/depgate.yml': '' });
    const run = await check(repo, ['--base', 'main', '--head', 'change', '--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(blockedBy(report)).toEqual(['evilpkg']);
    expect(report.policyFrom).toMatchObject({ side: 'base' });
    expect(report.policyFrom?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(run.stderr).toMatch(
      /policy \.github\/depgate\.yml from the base commit [0-9a-f]{7} \(--base given/,
    );
    const notice = report.notes.find((n) => n.message.startsWith('the change edits .github/depgate.yml'));
    expect(notice).toMatchObject({ level: 'notice', file: '.github/depgate.yml' });
    expect(notice?.message).toContain('deny 1 -> none entries');
    expect(notice?.message).toContain("judged it with the base's policy");
  });

  it('says where the policy came from and what the change does to it, in the text and Markdown reports too', async () => {
    const repo = makeRepo(BASE, { ...ADDS_DENIED, '.github/depgate.yml': 'deny: []\n' });
    const text = await check(repo, ['--base', 'main', '--head', 'change']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/policy \.github\/depgate\.yml \(from the base [0-9a-f]{7}\)/);
    expect(text.stdout).toContain('the change edits .github/depgate.yml');
    const markdown = await check(repo, ['--base', 'main', '--head', 'change', '--format', 'markdown']);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain('the change edits .github/depgate.yml');
  });

  it('blocks when the change deletes the policy file', async () => {
    const repo = makeRepo(BASE, ADDS_DENIED);
    const run = await check(repo, ['--base', 'main', '--head', 'change', '--format', 'json']);
    expect(run.code).toBe(1);
    expect(blockedBy(json(run.stdout))).toEqual(['evilpkg']);
    expect(json(run.stdout).notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining('the change deletes .github/depgate.yml'),
    );
  });

  it('in CI (CI=true) reads the base policy with no --base, on the working tree of the PR', async () => {
    const repo = makeRepo(BASE, { ...ADDS_DENIED, '.github/depgate.yml': '' }, { uncommitted: true });
    const run = await check(repo, ['--format', 'json'], { CI: 'true' });
    expect(run.code).toBe(1);
    expect(blockedBy(json(run.stdout))).toEqual(['evilpkg']);
    expect(run.stderr).toContain('(in CI: a change cannot relax its own check)');
  });

  it('in CI an explicit --policy inside the repository is read at the base too', async () => {
    const repo = makeRepo(
      { ...BASE, 'ci/policy.yml': POLICY },
      { ...ADDS_DENIED, '.github/depgate.yml': POLICY, 'ci/policy.yml': '' },
    );
    const run = await check(repo, ['--base', 'main', '--head', 'change', '--policy', 'ci/policy.yml'], {
      CI: 'true',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('policy ci/policy.yml from the base commit');
  });

  it('locally, with no --base and no CI, keeps trying the working tree policy (the local case)', async () => {
    const repo = makeRepo(BASE, { ...ADDS_DENIED, '.github/depgate.yml': '' }, { uncommitted: true });
    const run = await check(repo, ['--format', 'json'], { CI: 'false' });
    expect(run.code).toBe(0);
    expect(json(run.stdout).policyFrom).toEqual({ side: 'worktree' });
    expect(run.stderr).toContain('policy .github/depgate.yml from the working tree');
  });

  it('--policy-from head tries the change’s policy, and warns loudly when that is done in CI', async () => {
    const repo = makeRepo(BASE, { ...ADDS_DENIED, '.github/depgate.yml': '' });
    const args = ['--base', 'main', '--head', 'change', '--policy-from', 'head', '--format', 'json'];
    const local = await check(repo, args);
    expect(local.code).toBe(0);
    expect(json(local.stdout).policyFrom).toMatchObject({ side: 'head' });
    // The emptied policy has no rule: said as such, and nothing about where it was read from.
    const localWarnings = json(local.stdout).notes.filter((n) => n.level === 'warning');
    expect(localWarnings.map((n) => n.message)).toEqual([expect.stringMatching(/no rule/i)]);

    const ci = await check(repo, args, { CI: 'true' });
    expect(ci.code).toBe(0);
    expect(ci.stderr).toContain('a change can relax its own check this way');
    const warnings = json(ci.stdout).notes.filter((n) => n.level === 'warning');
    expect(warnings.map((n) => n.message)).toEqual([
      expect.stringContaining('--policy-from head'),
      expect.stringMatching(/no rule/i),
    ]);
  });

  it('refuses an unknown --policy-from (exit 2) and documents the flag in --help', async () => {
    const repo = makeRepo(BASE, ADDS_DENIED);
    const bad = await check(repo, ['--base', 'main', '--policy-from', 'pr']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/policy-from/);
    const help = await check(repo, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--policy-from <side>');
    expect(help.stdout).toContain('CI=true');
  });

  it('does not follow a policy file that is a symbolic link on the base (exit 2)', async () => {
    const repo = makeRepo(
      { 'policy.yml': POLICY, '.github/depgate.yml': { symlink: '../policy.yml' }, 'requirements.txt': '' },
      ADDS_DENIED,
    );
    const run = await check(repo, ['--base', 'main', '--head', 'change']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is a symbolic link');
  });
});
