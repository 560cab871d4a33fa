// A push that empties the policy and adds a denied package, run through the Action (dist/index.js) as
// GitHub runs it on `push`. GitHub matches required checks by name, so a green push check can satisfy a
// pull request's requirement: the push must be judged by the policy from before it (the event's
// `before`; for a new branch, its merge base with the default branch), never by the pushed commit's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayload, runAction } from '../helpers/action.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = 'requests==2.31.0\n';
const DENIED = 'requests==2.31.0\nevilpkg==1.0.0\n';
const ZERO = '0'.repeat(40);

describe('a push cannot relax its own policy (the Action on push)', () => {
  let github: FakeGitHub;
  let main: string;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
    main = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN });
    github.branch('main', main);
  });
  afterAll(() => github.close());

  const push = (before: string, after: string) =>
    runAction({
      github,
      event: 'push',
      payload: pushPayload(github, before, after),
      sha: after,
      inputs: { platform: 'off' },
    });

  it.each([
    ['empties the policy file', { '.github/depgate.yml': '', 'requirements.txt': DENIED }],
    ['deletes the policy file', { 'requirements.txt': DENIED }],
    [
      'rewrites the policy to deny nothing',
      { '.github/depgate.yml': 'deny: []\n', 'requirements.txt': DENIED },
    ],
  ])('blocks a push that %s and adds a denied package', async (_what, files) => {
    const head = github.commit(files, main);
    const run = await push(main, head);
    expect(run.outputs.verdict).toBe('block');
    expect(run.code).toBe(1);
    expect(run.report!.findings.filter((f) => f.blocking).map((f) => f.name)).toEqual(['evilpkg']);
    // It says where the policy came from, and that the push's own edit was not applied.
    expect(run.stdout).toContain(`from the base ${main.slice(0, 7)}`);
    expect(
      run.report!.notes.some(
        (n) =>
          n.file === '.github/depgate.yml' &&
          /the edited policy applies once it is merged|deletes/.test(n.message),
      ),
    ).toBe(true);
  });

  it('blocks the same on a new branch (before is all zeros): the policy of its merge base with main', async () => {
    const head = github.commit({ '.github/depgate.yml': '', 'requirements.txt': DENIED }, main);
    const run = await push(ZERO, head);
    expect(run.outputs.verdict).toBe('block');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`from the base ${main.slice(0, 7)}`);
  });

  it('still passes a push that keeps the policy and adds nothing denied', async () => {
    const head = github.commit(
      { '.github/depgate.yml': POLICY, 'requirements.txt': `${CLEAN}idna==3.7\n` },
      main,
    );
    const run = await push(main, head);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.code).toBe(0);
  });
});
