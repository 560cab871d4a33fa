import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/core/index.js';
import {
  memoryStore,
  parseRules,
  relayOnce,
  RulesError,
  routeNotification,
  slackChatSink,
  markerSeal,
} from '../../src/relay/index.js';
import { startFakeSlack } from '../helpers/fake-slack.js';

const SEAL = markerSeal('relay-test-marker-key');

const BOT = 'xoxb-chat-sink-secret-42';
let slack: Awaited<ReturnType<typeof startFakeSlack>>;
beforeAll(async () => {
  slack = await startFakeSlack({ botToken: BOT });
});
afterAll(() => slack.close());

const INJECT = '<!channel> <@U123> & <https://evil.example|click> @here';
const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  title: `Finding ${id}`,
  description: INJECT,
  severity: 'SEVERITY_ERROR',
  status: 'STATUS_DELIVERED',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: 'https://github.com/acme/web/pull/42',
  isExternalLink: false,
  linkText: 'View pull request',
  ...over,
});
const C = { kind: 'slack-chat' as const, channel: 'C-SEC' };

describe('slackChatSink (chat.postMessage through @slack/web-api)', () => {
  it('posts Block Kit with the bot token and the notification id in message metadata, every text escaped', async () => {
    slack.posted.length = 0;
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    expect(await sink.send([note('n-1')], C)).toEqual({ ok: true });
    const m = slack.posted[0]!;
    expect(m).toMatchObject({ via: 'chat.postMessage', target: 'C-SEC', authorization: `Bearer ${BOT}` });
    expect(m.metadata).toEqual({
      event_type: 'depgate_notification',
      event_payload: { id: 'n-1', ids: 'n-1', seal: SEAL.seal('slack:C-SEC', ['n-1']) },
    });
    const mrkdwn = JSON.stringify(m.blocks.filter((b) => (b as { type: string }).type === 'section'));
    expect(mrkdwn).not.toMatch(/<[!@]/);
    expect(mrkdwn).toContain('&lt;!channel&gt;');
  });

  it('says a refusal (ok:false), a 500 and a 429 did not post, without waiting or retrying blindly', async () => {
    slack.posted.length = 0;
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    slack.faults.push({ error: 'channel_not_found' }, { status: 429, retryAfter: 30 }, { status: 500 });
    expect(await sink.send([note('a')], C)).toMatchObject({
      ok: false,
      surelyNotPosted: true,
      error: 'Slack answered channel_not_found',
    });
    const limited = await sink.send([note('b')], C);
    expect(limited).toMatchObject({ ok: false, surelyNotPosted: true });
    expect(JSON.stringify(limited)).toContain('retry after 30');
    expect(await sink.send([note('c')], C)).toMatchObject({ ok: false });
    expect(slack.posted).toHaveLength(0);
    const wrong = slackChatSink('xoxb-wrong-token', { apiUrl: slack.apiUrl, seal: SEAL });
    const r = await wrong.send([note('d')], C);
    expect(r).toMatchObject({ ok: false, error: 'Slack answered invalid_auth' });
    expect(JSON.stringify(r)).not.toContain('xoxb');
  });

  it("waits a short 429's Retry-After and sends again; a long one is left for the next run", async () => {
    slack.posted.length = 0;
    const waited: number[] = [];
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    const store = memoryStore();
    await store.markInitialized();
    let clock = 1_000;
    const run = (id: string) =>
      relayOnce({
        notifications: (async function* () {
          yield note(id);
        })(),
        rules: [{ to: [C] }],
        store,
        sinks: { 'slack-chat': sink, 'slack-webhook': undefined, github: undefined },
        owner: Math.random().toString(36),
        now: () => clock,
        sleep: async (ms) => {
          waited.push(ms);
          clock += ms;
        },
        backfill: false,
      });
    slack.faults.push({ status: 429, retryAfter: 2 });
    expect(await run('r-1')).toMatchObject({ posted: 1, deferred: 0 });
    expect(waited).toEqual([2000]);
    slack.faults.push({ status: 429, retryAfter: 120 });
    const later = await run('r-2');
    expect(later).toMatchObject({ posted: 0, failed: 0, deferred: 1 });
    expect(later.errors.join()).toContain('retry after 120 s');
    expect(slack.posted.map((m) => m.metadata?.event_payload.id)).toEqual(['r-1']);
    // The next run sends it.
    expect(await run('r-2')).toMatchObject({ posted: 1 });
  });

  it('reads the channel back when the answer is lost: a message that arrived counts as posted, once', async () => {
    slack.posted.length = 0;
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    slack.faults.push({ drop: true });
    expect(await sink.send([note('lost-1')], C)).toEqual({ ok: true });
    expect(slack.posted).toHaveLength(1);
    // Through relayOnce: the delivery is done, and the next run does not post it again.
    const store = memoryStore();
    await store.markInitialized();
    slack.faults.push({ drop: true });
    const run = () =>
      relayOnce({
        notifications: (async function* () {
          yield note('lost-2');
        })(),
        rules: [{ to: [C] }],
        store,
        sinks: { 'slack-chat': sink, 'slack-webhook': undefined, github: undefined },
        owner: Math.random().toString(36),
        now: () => 1_000,
        backfill: false,
      });
    expect(await run()).toMatchObject({ posted: 1, failed: 0 });
    expect(await run()).toMatchObject({ posted: 0, skipped: 1 });
    expect(slack.posted.filter((m) => m.metadata?.event_payload.id === 'lost-2')).toHaveLength(1);
  });

  it("counts only messages it sealed: another app's message with the same metadata event is not a record", async () => {
    slack.posted.length = 0;
    const since = Date.now() - 1000;
    // A message with the relay's metadata event and no seal (the fake channel takes one bot token).
    const other = new WebClient(BOT, { slackApiUrl: slack.apiUrl.replace(/\/?$/, '/') });
    await other.chat.postMessage({
      channel: 'C-SEC',
      text: 'looks relayed',
      metadata: { event_type: 'depgate_notification', event_payload: { id: 'f-1', ids: 'f-1' } },
    });
    expect(slack.posted).toHaveLength(1);
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    expect(await sink.alreadyPosted!(['f-1'], C, since)).toEqual(new Set());
    expect(await sink.send([note('f-1')], C)).toEqual({ ok: true });
    expect(await sink.alreadyPosted!(['f-1'], C, since)).toEqual(new Set(['f-1']));
    // Under another key, the relay's own message is not one of this relay's.
    const rekeyed = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: markerSeal('another-key') });
    expect(await rekeyed.alreadyPosted!(['f-1'], C, since)).toEqual(new Set());
  });
});

describe('rules files', () => {
  it('lists every mistake with its line', () => {
    const text = [
      'routes:',
      '  - match:',
      '      severity: [loud]',
      '      atLeast: warning',
      '      text: "("',
      '      colour: red',
      '    to:',
      '      - slackWebhok: https://x',
      '  - to: []',
    ].join('\n');
    let error: unknown;
    try {
      parseRules(text, 'rules.yml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulesError);
    expect((error as RulesError).problems.map((p) => p.line)).toEqual(
      expect.arrayContaining([3, 5, 6, 8, 9]),
    );
    expect((error as RulesError).message).toContain("rules.yml:6: routes[0].match: unknown field 'colour'");
  });

  it('routes the platform severities by at-least, admin-only, text and link', () => {
    const rules = parseRules(
      JSON.stringify({
        routes: [
          { match: { atLeast: 'warning', adminOnly: false }, to: [{ slackChannel: 'C1' }] },
          {
            match: { link: 'github\\.com/acme/', text: 'finding' },
            to: [{ slackChannel: 'C1' }, { slackWebhook: 'https://hooks.example/a' }],
          },
        ],
      }),
      'rules.json',
    );
    const to = (n: Notification) => routeNotification(n, rules).map((r) => r.destination);
    expect(to(note('x'))).toEqual([
      { kind: 'slack-chat', channel: 'C1' },
      { kind: 'slack-webhook', url: 'https://hooks.example/a' },
    ]);
    expect(to(note('x', { severity: 'SEVERITY_WARNING', link: 'https://semgrep.dev' }))).toEqual([
      { kind: 'slack-chat', channel: 'C1' },
    ]);
    expect(to(note('x', { severity: 'SEVERITY_INFO', link: 'https://semgrep.dev' }))).toEqual([]);
    expect(to(note('x', { adminOnly: true, link: 'https://semgrep.dev' }))).toEqual([]);
  });
});
