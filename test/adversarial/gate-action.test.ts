import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestPayload, pushPayload, runAction, type ActionRun } from '../helpers/action.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

// The Action (dist/index.js) as GitHub runs it, against a GitHub REST server on loopback, platform off:
// the same gate core as `depgate check` (test/adversarial/gate-*.test.ts), reached through the API.
const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = 'requests==2.31.0\n';
const DENIED = 'requests==2.31.0\nevilpkg==1.0.0\n';
const SECRET = 'SECRET_API_KEY abc123supersecret\n';
type Files = Record<string, string | { symlink: string }>;

describe('the Action fails closed on a hostile pull request', () => {
  let github: FakeGitHub;
  let pr = 100;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  function openPull(base: Files, head: Files) {
    const b = github.commit(base);
    const h = github.commit(head, b);
    const number = pr++;
    github.pull(number, b, h);
    return { number, base: b, head: h };
  }
  const runPull = (p: { number: number; base: string; head: string }) =>
    runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, p),
      sha: p.head,
      inputs: { platform: 'off' },
    });
  const everything = (run: ActionRun) =>
    [
      run.stdout,
      run.stderr,
      run.summary,
      JSON.stringify(run.report),
      ...github.comments(pr - 1).map((c) => c.body),
    ].join('\n');

  it('judges a PR that empties the policy with the base policy, and says what the PR does to it', async () => {
    const base = { '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN };
    const p = openPull(base, { '.github/depgate.yml': '', 'requirements.txt': DENIED });
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(run.report!.findings.filter((f) => f.blocking).map((f) => f.name)).toEqual(['evilpkg']);
    expect(run.report!.policyFrom).toEqual({ side: 'base', commit: p.base });
    const notice = run.annotations.find((a) => a.message.startsWith('the change edits .github/depgate.yml'));
    expect(notice).toMatchObject({ level: 'notice', file: '.github/depgate.yml' });
    expect(run.summary).toContain('the change edits .github/depgate.yml');
    expect(run.summary).toMatch(/policy \.github\/depgate\.yml \(from the base [0-9a-f]{7}\)/);
  });

  it('does not blame the PR for a policy edit the base branch made after it branched', async () => {
    const fork = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN });
    const head = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': DENIED }, fork);
    const stricter = `${POLICY}  - name: requests\n    exactNameMatch: true\n    exactVersion: 1.0.0\n`;
    const tip = github.commit({ '.github/depgate.yml': stricter, 'requirements.txt': CLEAN }, fork);
    const number = pr++;
    github.pull(number, tip, head);
    const run = await runPull({ number, base: tip, head });
    expect(run.code).toBe(1);
    expect(run.report!.policyFrom).toEqual({ side: 'base', commit: tip });
    expect(run.report!.notes.filter((n) => n.message.includes('the change edits'))).toEqual([]);
  });

  it('checks a lockfile whose path holds a newline (PR file list and contents API)', async () => {
    const path = 'svc\nx/requirements.txt';
    const p = openPull(
      { '.github/depgate.yml': `${POLICY}paths:\n  include: ["**"]\n`, [path]: CLEAN },
      { '.github/depgate.yml': `${POLICY}paths:\n  include: ["**"]\n`, [path]: DENIED },
    );
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.report!.findings.map((f) => [f.lockfile, f.name])).toEqual([[path, 'evilpkg']]);
    // Shown quoted (Markdown escapes the backslash), never with the raw newline that would break the row.
    expect(run.summary).toMatch(/"svc\\+nx\/requirements\.txt"/);
    expect(run.summary).not.toContain(path);
  });

  it('checks a lockfile whose path holds a newline on a push too (tree comparison)', async () => {
    const path = 'svc\nx/requirements.txt';
    const before = github.commit({ '.github/depgate.yml': POLICY, [path]: CLEAN });
    const after = github.commit({ '.github/depgate.yml': POLICY, [path]: DENIED }, before);
    const run = await runAction({
      github,
      event: 'push',
      payload: pushPayload(github, before, after),
      sha: after,
      inputs: { platform: 'off' },
    });
    expect(run.code).toBe(1);
    expect(run.report!.findings.map((f) => [f.lockfile, f.name])).toEqual([[path, 'evilpkg']]);
  });

  it('fails on a PR lockfile that is a link to a file of the repository, which GitHub would resolve', async () => {
    const base = { '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN };
    const p = openPull(base, {
      '.github/depgate.yml': POLICY,
      '.env': SECRET,
      'requirements.txt': { symlink: '.env' },
    });
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(everything(run)).not.toContain('abc123supersecret');
    expect(everything(run)).not.toContain('SECRET_API_KEY');
    const error = run.annotations.find((a) => a.level === 'error' && a.file === 'requirements.txt');
    expect(error?.message).toMatch(/^a symbolic link \(GitHub answered with its target\) on the head/);
    expect(run.summary).toContain('could not read');
  });

  it('fails on a PR lockfile that is a link out of the repository (GitHub type symlink)', async () => {
    const base = { '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN };
    const p = openPull(base, {
      '.github/depgate.yml': POLICY,
      'requirements.txt': { symlink: '/etc/passwd' },
    });
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(everything(run)).not.toContain('root:');
    expect(run.report!.notes).toContainEqual({
      level: 'error',
      file: 'requirements.txt',
      message: expect.stringMatching(/^a symbolic link \(GitHub type symlink\) on the head/) as string,
    });
  });

  it('fails on a pushed lockfile that is a link (mode 120000 in the tree), and in an audit', async () => {
    const before = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN });
    const after = github.commit(
      { '.github/depgate.yml': POLICY, '.env': SECRET, 'requirements.txt': { symlink: '.env' } },
      before,
    );
    const push = await runAction({
      github,
      event: 'push',
      payload: pushPayload(github, before, after),
      sha: after,
      inputs: { platform: 'off' },
    });
    expect(push.code).toBe(1);
    expect(push.report!.notes.map((n) => [n.level, n.file, n.message.split(' on the ')[0]])).toEqual([
      ['error', 'requirements.txt', 'a symbolic link (git mode 120000)'],
    ]);
    const audit = await runAction({
      github,
      event: 'schedule',
      payload: { schedule: '0 6 * * 1' },
      sha: after,
      inputs: { platform: 'off' },
    });
    expect(audit.code).toBe(1);
    expect(audit.report!.notes.map((n) => n.level)).toEqual(['error']);
    for (const run of [push, audit]) expect(`${run.stdout}${run.summary}`).not.toContain('abc123supersecret');
  });
});
