// Anyone can write a PR comment that starts with depgate's hidden marker. Run as GitHub runs it
// (dist/index.js against a GitHub REST server that sends each comment's `user`), the Action edits and
// deletes only comments its own token wrote, whichever token that is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/action/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { startFakeGitHub, TOKENS, USERS, type FakeGitHub } from '../helpers/github-server.js';
import { npmLockfile } from '../helpers/npm-lockfile.js';

const LOCK = (deps: Record<string, string>) =>
  npmLockfile(Object.fromEntries(Object.entries(deps).map(([n, v]) => [n, { version: v, license: 'MIT' }])));
const POLICY = 'deny:\n  - name: left-pad\n    exactNameMatch: true\n    reason: unmaintained\n';

describe('the sticky comment adopts only comments its own token wrote', () => {
  let github: FakeGitHub;
  let pr = 1;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());

  function openPull() {
    const base = github.commit({ '.github/depgate.yml': POLICY, 'package-lock.json': LOCK({}) });
    const head = github.commit(
      { '.github/depgate.yml': POLICY, 'package-lock.json': LOCK({ 'left-pad': '1.3.0' }) },
      base,
    );
    const number = pr++;
    github.pull(number, base, head);
    return { number, base, head };
  }
  const run = (p: ReturnType<typeof openPull>, inputs: Record<string, string> = {}) =>
    runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, p),
      sha: p.head,
      inputs: { platform: 'off', ...inputs },
    });

  it("with the workflow's token, never edits or deletes a marked comment by a person or another account", async () => {
    const p = openPull();
    const bait = `${COMMENT_MARKER}\nI wrote this by hand: @acme/security-team please look`;
    const human = github.addComment(p.number, bait, USERS.octocat);
    const ci = github.addComment(p.number, `${COMMENT_MARKER}\nan old run with a personal token`, USERS.ci);
    const otherBot = { login: 'evil-app[bot]', id: 777, type: 'Bot' } as const;
    const app = github.addComment(p.number, `${COMMENT_MARKER}\nan app's comment`, otherBot);

    const first = await run(p);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('depgate: PR comment created');
    const after = github.comments(p.number);
    expect(after.find((c) => c.id === human)?.body).toBe(bait);
    expect(after.find((c) => c.id === ci)?.body).toBe(`${COMMENT_MARKER}\nan old run with a personal token`);
    expect(after.find((c) => c.id === app)?.body).toBe(`${COMMENT_MARKER}\nan app's comment`);
    const ours = after.filter((c) => c.login === USERS.actions.login);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain('left-pad');
    // No request touched the others' comments.
    for (const id of [human, ci, app])
      expect(github.log.filter((l) => l.includes(`/issues/comments/${id}`))).toEqual([]);

    // The next run updates its own comment in place, still leaving the others alone.
    const second = await run(p);
    expect(second.stdout).toMatch(/depgate: PR comment (unchanged|updated)/);
    expect(github.comments(p.number).map((c) => c.id)).toEqual([human, ci, app, ours[0]!.id]);
    expect(github.comments(p.number).find((c) => c.id === human)?.body).toBe(bait);
  });

  it('with a personal token, adopts its account’s comment (GET /user) and nobody else’s', async () => {
    const p = openPull();
    const human = github.addComment(p.number, `${COMMENT_MARKER}\nby hand`, USERS.octocat);
    const bot = github.addComment(p.number, `${COMMENT_MARKER}\nby the workflow token`, USERS.actions);
    const mine = github.addComment(p.number, `${COMMENT_MARKER}\nan earlier run`, USERS.ci);

    const result = await run(p, { 'github-token': TOKENS.personal });
    expect(result.code).toBe(1);
    expect(github.log).toContain('GET /user');
    expect(result.stdout).toContain('depgate: PR comment updated');
    const after = github.comments(p.number);
    expect(after.map((c) => c.id)).toEqual([human, bot, mine]);
    expect(after.find((c) => c.id === mine)!.body).toContain('left-pad');
    expect(after.find((c) => c.id === human)!.body).toBe(`${COMMENT_MARKER}\nby hand`);
    expect(after.find((c) => c.id === bot)!.body).toBe(`${COMMENT_MARKER}\nby the workflow token`);
  });

  it('with comment-author stated, adopts that login’s comment only', async () => {
    const p = openPull();
    const human = github.addComment(p.number, `${COMMENT_MARKER}\nby hand`, USERS.octocat);
    const mine = github.addComment(p.number, `${COMMENT_MARKER}\nan earlier run`, USERS.actions);
    const result = await run(p, { 'comment-author': 'github-actions[bot]' });
    expect(result.stdout).toContain('depgate: PR comment updated');
    expect(github.comments(p.number).map((c) => c.id)).toEqual([human, mine]);
    expect(github.comments(p.number)[0]!.body).toBe(`${COMMENT_MARKER}\nby hand`);
  });

  it("with a GitHub App's token and no comment-author, learns its login from the comment it creates", async () => {
    const p = openPull();
    const human = github.addComment(p.number, `${COMMENT_MARKER}\nby hand`, USERS.octocat);
    const app = { 'github-token': TOKENS.app };
    const first = await run(p, app);
    expect(first.stdout).toContain('depgate: PR comment created');
    const [, created] = github.comments(p.number);
    expect(created!.login).toBe(USERS.app.login);
    // GitHub tells an installation token no login, so the next run creates one, sees by GitHub's answer
    // that it is the App's, and keeps the older one: one comment of the App, the person's untouched.
    const second = await run(p, app);
    expect(second.stdout).toContain('depgate: PR comment created, 1 duplicate(s) deleted');
    expect(github.comments(p.number).map((c) => c.id)).toEqual([human, created!.id]);
    expect(github.comments(p.number)[0]!.body).toBe(`${COMMENT_MARKER}\nby hand`);
    // Stated, the login is adopted at once: no comment created.
    const third = await run(p, { ...app, 'comment-author': USERS.app.login });
    expect(third.stdout).toMatch(/depgate: PR comment (unchanged|updated)/);
    expect(github.comments(p.number).map((c) => c.id)).toEqual([human, created!.id]);
  });

  it('refuses a comment-author that is not a login', async () => {
    const p = openPull();
    const result = await run(p, { 'comment-author': 'octocat, someone-else' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('input comment-author');
    expect(github.comments(p.number)).toEqual([]);
  });
});
