import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/core/index.js';
import {
  escapeGitHub,
  githubComment,
  githubCommentSink,
  linkedIssue,
  markerHas,
  memoryStore,
  parseRules,
  relayOnce,
  RulesError,
  slackDigest,
  type RouteRule,
  type Sink,
  markerSeal,
} from '../../src/relay/index.js';
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

const SEAL = markerSeal('relay-test-marker-key');

const INJECT = '@octocat see #1 <img src=x onerror=alert(1)> **bold** [x](https://evil.example) `code`';
const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  title: `Finding ${id} @admins`,
  description: INJECT,
  severity: 'SEVERITY_ERROR',
  status: 'STATUS_DELIVERED',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: 'https://github.com/acme/web/pull/42',
  isExternalLink: true,
  linkText: 'View pull request',
  ...over,
});

async function* list(items: readonly Notification[]) {
  for (const n of items) yield n;
}

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub('acme', 'web');
});
afterAll(() => gh.close());

describe('GitHub comments', () => {
  it('finds the pull request or issue a notification links to, on github.com or the configured host', () => {
    expect(linkedIssue('https://github.com/acme/web/pull/42')).toEqual({
      repository: 'acme/web',
      number: 42,
    });
    expect(linkedIssue('https://github.com/acme/web/pull/42/files#diff')).toEqual({
      repository: 'acme/web',
      number: 42,
    });
    expect(linkedIssue('https://github.com/acme/web/issues/7')).toEqual({
      repository: 'acme/web',
      number: 7,
    });
    expect(linkedIssue('https://semgrep.dev/orgs/acme/findings/1')).toBeUndefined();
    // A path the URL parser rewrites links nowhere: as written it names acme/web, parsed another repository.
    expect(linkedIssue('https://github.com/acme/web/../../victim/private/pull/1')).toBeUndefined();
    expect(linkedIssue('https://github.com/acme/web/%2e%2e/%2E%2E/victim/private/pull/1')).toBeUndefined();
    expect(linkedIssue('https://github.com/acme/web/pull/1/..')).toBeUndefined();
    expect(linkedIssue('http://github.com/acme/web/pull/1')).toBeUndefined();
    expect(linkedIssue('https://ghe.acme.internal/a/b/pull/3')).toBeUndefined();
    expect(linkedIssue('https://ghe.acme.internal/a/b/pull/3', 'ghe.acme.internal')).toEqual({
      repository: 'a/b',
      number: 3,
    });
  });

  it('escapes platform text: no mention, no issue link, no HTML, no Markdown', () => {
    const body = githubComment([note('1')]);
    expect(body).not.toMatch(/@octocat|@admins/);
    // A word joiner after `@`, as the gate's report does: an entity (`&#64;`) is decoded before GitHub
    // looks for mentions, so it would still ping.
    expect(body).toContain('\\@\u2060octocat');
    expect(body).not.toMatch(/&#\d+;/);
    expect(body).not.toMatch(/#1\b/);
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/(^|[^\\])\*\*bold/);
    expect(body).not.toMatch(/(^|[^\\])\[x\]/);
    expect(escapeGitHub('# heading\n- item\n1. one\n    code')).toBe(
      '\\#\u2060 heading\n\\- item\n1\\. one\ncode',
    );
    // The marker survives any id, and a huge description still fits GitHub's limit.
    expect(markerHas(githubComment([note('a-->b')]), 'a-->b')).toBe(true);
    expect(githubComment([note('big', { description: 'x'.repeat(200_000) })]).length).toBeLessThanOrEqual(
      65_536,
    );
    const digest = githubComment(
      Array.from({ length: 50 }, (_, i) => note(`d${i}`, { description: 'y'.repeat(5000) })),
    );
    expect(digest.length).toBeLessThanOrEqual(65_536);
    expect(markerHas(digest, 'd49')).toBe(true);
  });

  it('posts a comment on the linked pull request through Octokit, with the hidden marker', async () => {
    const sink = githubCommentSink(TOKENS.write, { apiUrl: gh.url, seal: SEAL });
    expect(await sink.send([note('n-1')], { kind: 'github', repository: 'acme/web', number: 42 })).toEqual({
      ok: true,
    });
    const posted = gh.comments(42).at(-1)!;
    expect(markerHas(posted.body, 'n-1')).toBe(true);
    expect(posted.body).toContain('[View pull request](https://github.com/acme/web/pull/42)');
  });

  it('reads the thread back when the answer is lost: a comment that arrived counts as posted, once', async () => {
    const sink = githubCommentSink(TOKENS.write, { apiUrl: gh.url, seal: SEAL });
    const store = memoryStore();
    await store.markInitialized();
    const rules: RouteRule[] = [{ to: [{ kind: 'github' }] }];
    const run = () =>
      relayOnce({
        notifications: list([note('lost-1')]),
        rules,
        store,
        sinks: { github: sink, 'slack-chat': undefined, 'slack-webhook': undefined },
        owner: Math.random().toString(36),
        now: () => 1_000,
        backfill: false,
      });
    gh.dropCommentAnswers(1);
    expect(await run()).toMatchObject({ posted: 1, failed: 0 });
    expect(await run()).toMatchObject({ posted: 0, skipped: 1 });
    expect(gh.comments(42).filter((c) => markerHas(c.body, 'lost-1'))).toHaveLength(1);
  });

  it('says a refused comment did not post, names the repository, and never shows the token', async () => {
    const read = githubCommentSink(TOKENS.read, { apiUrl: gh.url, seal: SEAL });
    const r = await read.send([note('r')], { kind: 'github', repository: 'acme/web', number: 42 });
    expect(r).toMatchObject({ ok: false, surelyNotPosted: true });
    expect(JSON.stringify(r)).toContain('acme/web#42');
    expect(JSON.stringify(r)).not.toContain(TOKENS.read);
  });

  it('waits out a secondary rate limit (403 with Retry-After) and then posts', async () => {
    const sink = githubCommentSink(TOKENS.write, { apiUrl: gh.url, seal: SEAL });
    const store = memoryStore();
    await store.markInitialized();
    let clock = 0;
    const waits: number[] = [];
    gh.fail(1, 403, { 'retry-after': '3' });
    const before = gh.comments(42).length;
    const summary = await relayOnce({
      notifications: list([note('limited')]),
      rules: [{ to: [{ kind: 'github', repository: 'acme/web', number: 42 }] }],
      store,
      sinks: { github: sink, 'slack-chat': undefined, 'slack-webhook': undefined },
      owner: 'o',
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      backfill: false,
    });
    expect(summary).toMatchObject({ posted: 1, failed: 0 });
    expect(waits.some((w) => w >= 3000)).toBe(true);
    expect(gh.comments(42).length).toBe(before + 1);
  });

  it('reads githubComment destinations from rules, and names a wrong one with its line', () => {
    const rules = parseRules(
      'routes:\n  - to:\n      - githubComment: linked\n      - githubComment: acme/web#7\n    digest: true\n',
      'rules.yml',
    );
    expect(rules[0]).toMatchObject({
      digest: true,
      to: [{ kind: 'github' }, { kind: 'github', repository: 'acme/web', number: 7 }],
    });
    expect(() => parseRules('routes:\n  - to:\n      - githubComment: acme/web\n', 'r.yml')).toThrow(
      /r\.yml:3: .*githubComment: expected 'linked'/,
    );
    expect(() =>
      parseRules('routes:\n  - to: [{slackChannel: C}]\n    digest: yes please\n', 'r.yml'),
    ).toThrow(RulesError);
  });
});

/** A sink that records each message and its batch, with a 1-second pace like Slack. */
function pacedSink() {
  const messages: string[][] = [];
  const sink: Sink = {
    minIntervalMs: 1_000,
    maxDigest: 45,
    send: async (batch) => {
      await Promise.resolve();
      messages.push(batch.map((n) => n.id));
      return { ok: true };
    },
  };
  return { sink, messages };
}

function clockedRun(
  items: readonly Notification[],
  rules: RouteRule[],
  sink: Sink,
  store = memoryStore(),
  extra: { deadlineAt?: number } = {},
) {
  const clock = { now: 0, slept: 0 };
  const summary = relayOnce({
    notifications: list(items),
    rules,
    store,
    sinks: { 'slack-webhook': sink, 'slack-chat': undefined, github: undefined },
    owner: Math.random().toString(36),
    now: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms;
      clock.slept += ms;
    },
    backfill: true,
    ...extra,
  });
  return { summary, clock };
}

const HOOK = { kind: 'slack-webhook' as const, url: 'https://hooks.slack.test/T/B/x' };

describe('pacing, digests and the run deadline', () => {
  const items = Array.from({ length: 100 }, (_, i) => note(String(i)));

  it('sends one message a second to one destination', async () => {
    const { sink, messages } = pacedSink();
    const { summary, clock } = clockedRun(items.slice(0, 10), [{ to: [HOOK] }], sink);
    expect(await summary).toMatchObject({ posted: 10, messages: 10 });
    expect(messages).toHaveLength(10);
    expect(clock.slept).toBe(9_000);
  });

  it('in digest mode lists many notifications in one message per destination', async () => {
    const { sink, messages } = pacedSink();
    const { summary, clock } = clockedRun(items, [{ to: [HOOK], digest: true }], sink);
    expect(await summary).toMatchObject({ posted: 100, messages: 3, deferred: 0 });
    expect(messages.map((m) => m.length)).toEqual([45, 45, 10]);
    expect(clock.slept).toBe(2_000);
    const message = slackDigest(items.slice(0, 45));
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(message)).not.toContain('<img');
  });

  it('starts no message after the deadline: the rest is deferred and the next run sends it, once', async () => {
    const store = memoryStore();
    const { sink, messages } = pacedSink();
    const first = clockedRun(items.slice(0, 20), [{ to: [HOOK] }], sink, store, { deadlineAt: 5_500 });
    expect(await first.summary).toMatchObject({ posted: 6, deferred: 14, failed: 0 });
    const second = clockedRun(items.slice(0, 20), [{ to: [HOOK] }], sink, store);
    expect(await second.summary).toMatchObject({ posted: 14, skipped: 6, deferred: 0 });
    expect(messages.flat().sort()).toEqual(
      items
        .slice(0, 20)
        .map((n) => n.id)
        .sort(),
    );
  });

  it('a second run while the first holds the run lock does nothing, and says so', async () => {
    const store = memoryStore();
    await store.markInitialized();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: Sink = {
      minIntervalMs: 0,
      maxDigest: 1,
      send: async () => {
        await gate;
        return { ok: true };
      },
    };
    const run = () =>
      relayOnce({
        notifications: list([note('x')]),
        rules: [{ to: [HOOK] }],
        store,
        sinks: { 'slack-webhook': slow, 'slack-chat': undefined, github: undefined },
        owner: Math.random().toString(36),
        now: () => 0,
        backfill: false,
      });
    const a = run();
    await new Promise((r) => setTimeout(r, 5));
    const b = await run();
    expect(b).toMatchObject({ busy: true, posted: 0, fetched: 0 });
    release();
    expect(await a).toMatchObject({ posted: 1 });
    // The lock is released with the run.
    expect(await run()).toMatchObject({ busy: false, skipped: 1 });
  });
});
