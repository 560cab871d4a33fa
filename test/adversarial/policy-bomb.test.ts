// A policy that is a YAML bomb fails the check as a policy mistake at its line (exit 2), never as an
// unexpected error; a policy with no rule says so loudly instead of passing everything in silence.
// Run as users run them: `depgate check` on a real git repository, dist/index.js as GitHub runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { npmLockfile } from '../helpers/npm-lockfile.js';

/** Billion laughs: nine aliases per level, nine levels (387,420,489 strings once expanded). */
function yamlBomb(): string {
  const lines = ['deny:', '  - name: left-pad', '    reason: &l0 "lol"'];
  for (let level = 1; level <= 9; level++)
    lines.push(`x${level}: &l${level} [${Array.from({ length: 9 }, () => `*l${level - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}
const BOMB = yamlBomb();
/** The line of the first alias, where the mistake is reported. */
const BOMB_LINE = BOMB.split('\n').findIndex((l) => l.includes('*l0')) + 1;

const lockfile = (deps: Record<string, string>) => npmLockfile(deps);
const sides = (policy: string) => ({
  base: { '.github/depgate.yml': policy, 'package-lock.json': lockfile({}) },
  head: { '.github/depgate.yml': policy, 'package-lock.json': lockfile({ 'left-pad': '1.3.0' }) },
});

const NO_RULE = /no rule is configured \(\.github\/depgate\.yml\): nothing can block a change/;

describe('depgate check', () => {
  const bomb = sides(BOMB);
  const bombRepo = makeRepo(bomb.base, bomb.head);

  it('a YAML-bomb policy is a policy mistake at file:line (exit 2), not an unexpected error', async () => {
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: bombRepo });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`\\.github/depgate\\.yml:${BOMB_LINE}:\\d+: .*billion laughs`));
    expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('so is a YAML bomb given with --policy', async () => {
    const run = await runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--policy', '.github/depgate.yml'],
      { cwd: bombRepo },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`depgate\\.yml:${BOMB_LINE}:\\d+: `));
  });

  for (const [what, policy] of [
    ['an empty policy file', ''],
    ['a policy of comments only', '# rules to come\n'],
    ['a policy with warnings but no rule', 'newToOrg: warn\nlicenses:\n  unknown: warn\n'],
  ] as const) {
    it(`${what} passes, warning on stderr and in the report that no rule is configured`, async () => {
      const s = sides(policy);
      const repo = makeRepo(s.base, s.head);
      const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'markdown'], {
        cwd: repo,
      });
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`depgate check: warning: ${NO_RULE.source}`));
      expect(run.stdout).toMatch(NO_RULE);
      const text = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
      expect(text.stdout).toMatch(NO_RULE);
    });
  }

  it('a policy with a rule says nothing of the kind', async () => {
    const s = sides('deny:\n  - name: event-stream\n');
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], {
      cwd: makeRepo(s.base, s.head),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/no rule/);
  });
});

describe('the Action', () => {
  let github: FakeGitHub;
  let pr = 1;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());
  const runPull = async (policy: string) => {
    const s = sides(policy);
    const base = github.commit(s.base);
    const head = github.commit(s.head, base);
    const number = pr++;
    github.pull(number, base, head);
    return runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number, base, head }),
      sha: head,
      inputs: { platform: 'off' },
    });
  };

  it('fails the step on a YAML-bomb policy, annotated at its line, with no unexpected error', async () => {
    const run = await runPull(BOMB);
    expect(run.code).toBe(1);
    const errors = run.annotations.filter((a) => a.level === 'error');
    expect(errors).toContainEqual(
      expect.objectContaining({ file: '.github/depgate.yml', line: BOMB_LINE, title: 'depgate: policy' }),
    );
    expect(run.summary).toContain('depgate could not check this change');
    expect(`${run.stdout}${run.summary}`).not.toMatch(/unexpected error/);
    expect(run.outputs.verdict).toBeUndefined();
  });

  it('an empty policy passes with a notice, and the summary says no rule is configured', async () => {
    const run = await runPull('');
    expect(run.code).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    const notices = run.annotations.filter((a) => a.level === 'notice');
    expect(notices.map((n) => n.message).join('\n')).toMatch(NO_RULE);
    expect(run.summary).toMatch(NO_RULE);
  });
});
