import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGitHubApi,
  retryGitHubRequests,
  syncStickyComment,
  COMMENT_LIMIT,
  COMMENT_MARKER,
} from '../../src/action/index.js';
import { ACTIONS_BOT_LOGIN as BOT, commentBody } from '../../src/action/sticky-comment.js';
import { mapLimit } from '../../src/action/map-limit.js';
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

describe('the sticky comment over a GitHub REST server', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());
  const api = () =>
    createGitHubApi(getOctokit(TOKENS.write, { baseUrl: github.url }), { owner: 'acme', repo: 'web' });

  it('two runs that start together end with one comment holding one of their texts', async () => {
    const [a, b] = [api(), api()];
    await Promise.all([
      syncStickyComment(a, 7, { create: commentBody('run A'), update: commentBody('run A') }, BOT),
      syncStickyComment(b, 7, { create: commentBody('run B'), update: commentBody('run B') }, BOT),
    ]);
    const comments = github.comments(7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/^<!-- depgate:sticky-comment -->\nrun [AB]$/);
  });

  it('pages through a long comment list (Link headers) to find its own', async () => {
    for (let i = 0; i < 230; i++) github.addComment(8, `comment ${i}`);
    const id = github.addComment(8, `${COMMENT_MARKER}\nold`);
    const result = await syncStickyComment(api(), 8, { update: commentBody('new') }, BOT);
    expect(result).toEqual({ outcome: 'updated', id, deleted: 0 });
    expect(github.log.filter((l) => l.startsWith('GET /repos/acme/web/issues/8/comments'))).toHaveLength(3);
  });

  it('creates nothing when only an existing comment is to be resolved', async () => {
    expect(await syncStickyComment(api(), 9, { update: commentBody('resolved') }, BOT)).toEqual({
      outcome: 'skipped',
      deleted: 0,
    });
    expect(github.comments(9)).toEqual([]);
  });

  it("cuts a body to GitHub's 65,536 characters, saying where the rest is, and GitHub accepts it", async () => {
    const body = commentBody('x'.repeat(100_000));
    expect(body.length).toBe(COMMENT_LIMIT);
    expect(body).toContain('job summary');
    await syncStickyComment(api(), 10, { create: body, update: body }, BOT);
    expect(github.comments(10)[0]!.body).toBe(body);
  });
});

describe('GitHub requests GitHub asks to retry', () => {
  it('retries 502s and a secondary rate limit (Retry-After), pages included, and gives up on a 403 without one', async () => {
    const github = await startFakeGitHub();
    try {
      const sleeps: number[] = [];
      const api = createGitHubApi(
        retryGitHubRequests(getOctokit(TOKENS.write, { baseUrl: github.url }), {
          sleep: async (ms) => void sleeps.push(ms),
          random: () => 0.5,
        }),
        { owner: 'acme', repo: 'web' },
      );
      for (let i = 0; i < 150; i++) github.addComment(1, `c${i}`);
      github.fail(2, 502);
      expect(await api.listComments(1)).toHaveLength(150);
      github.fail(1, 403, { 'retry-after': '3' });
      expect(await api.listComments(1)).toHaveLength(150);
      expect(sleeps).toEqual([250, 500, 3000]);
      github.fail(1, 403);
      await expect(api.listComments(1)).rejects.toThrow(/403/);
    } finally {
      await github.close();
    }
  });
});

describe('mapLimit', () => {
  it('keeps at most `limit` calls in flight and the input order', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapLimit([...Array(20).keys()], 3, async (n) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return n * 2;
    });
    expect(peak).toBe(3);
    expect(out).toEqual([...Array(20).keys()].map((n) => n * 2));
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    await expect(
      mapLimit([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('two');
        return n;
      }),
    ).rejects.toThrow('two');
    expect(started).toEqual([1, 2]);
  });
});
