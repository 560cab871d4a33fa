import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/core/index.js';
import { escapeSlack, memoryStore, relayOnce, slackMessage, type Sink } from '../../src/relay/index.js';

const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  title: `Finding ${id}`,
  description: 'A new <b>critical</b> finding & more <!channel>',
  severity: 'high',
  status: 'unread',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: 'https://semgrep.dev/orgs/acme/findings/1',
  isExternalLink: false,
  linkText: 'View finding',
  ...over,
});

async function* list(items: Notification[]) {
  for (const n of items) {
    await Promise.resolve();
    yield n;
  }
}

function recordingSink(fail: (id: string) => 'ok' | 'refused' | 'lost' = () => 'ok') {
  const sent: string[] = [];
  const sink: Sink = {
    minIntervalMs: 0,
    maxDigest: 10,
    send: async ([n]) => {
      await Promise.resolve();
      const outcome = fail(n!.id);
      if (outcome === 'ok') {
        sent.push(n!.id);
        return { ok: true };
      }
      return { ok: false, error: outcome, surelyNotPosted: outcome === 'refused' };
    },
  };
  return { sink, sent };
}

const WEBHOOK = { to: [{ kind: 'slack-webhook' as const, url: 'https://hooks.slack.test/T/B/secret' }] };

function run(
  items: Notification[],
  store: ReturnType<typeof memoryStore>,
  sink: Sink,
  extra: { backfill?: boolean; now?: number; runLock?: boolean; since?: number } = {},
) {
  return relayOnce({
    notifications: list(items),
    rules: [WEBHOOK],
    store,
    sinks: { 'slack-webhook': sink, 'slack-chat': undefined, github: undefined },
    owner: Math.random().toString(36),
    now: () => extra.now ?? 1_000_000,
    backfill: extra.backfill ?? false,
    runLock: extra.runLock ?? true,
    ...(extra.since === undefined ? {} : { since: extra.since }),
  });
}

describe('relayOnce', () => {
  it('posts nothing from an empty store without a baseline, and says how to give one', async () => {
    const store = memoryStore();
    const { sink, sent } = recordingSink();
    await expect(run([note('1')], store, sink)).rejects.toThrow(
      /store is empty: this is its first run, or its state was lost.*DEPGATE_RELAY_SINCE/,
    );
    expect(sent).toEqual([]);
    expect(await store.initialized()).toBe(false);
  });

  it('never posts what was created before the baseline, and posts what is newer once', async () => {
    const store = memoryStore();
    const { sink, sent } = recordingSink();
    const since = Date.parse('2026-11-24T12:00:00Z');
    const old = [note('1'), note('2')];
    const fresh = note('3', { createdAt: '2026-11-24T13:00:00Z' });
    expect(await run(old, store, sink, { since })).toMatchObject({ fetched: 2, baseline: 2, posted: 0 });
    expect(await run([...old, fresh], store, sink, { since })).toMatchObject({ posted: 1, baseline: 2 });
    expect(await run([fresh], store, sink, { since })).toMatchObject({ posted: 0, skipped: 1 });
    expect(sent).toEqual(['3']);
  });

  it('keeps the baseline first given: a run without it still never posts what is older', async () => {
    const store = memoryStore();
    const { sink, sent } = recordingSink();
    const since = Date.parse('2026-11-24T12:00:00Z');
    const old = note('1');
    const fresh = note('2', { createdAt: '2026-11-24T13:00:00Z' });
    expect(await run([old], store, sink, { since })).toMatchObject({ baseline: 1, posted: 0 });
    expect(await store.recordedBaseline()).toBe(since);
    const later = await run([old, fresh], store, sink);
    expect(later).toMatchObject({ baseline: 1, posted: 1 });
    expect(later.notes.join('\n')).toContain('using the baseline recorded in the store');
    expect(sent).toEqual(['2']);
  });

  it('uses a different baseline given later, records it, and says which wins and why', async () => {
    const store = memoryStore();
    const { sink, sent } = recordingSink();
    const first = Date.parse('2026-11-24T12:00:00Z');
    const earlier = Date.parse('2026-11-24T09:00:00Z');
    await run([note('1')], store, sink, { since: first });
    const moved = await run([note('1')], store, sink, { since: earlier });
    expect(moved).toMatchObject({ baseline: 0, posted: 1 });
    expect(moved.notes.join('\n')).toContain(
      'DEPGATE_RELAY_SINCE (2026-11-24T09:00:00.000Z) differs from the baseline recorded in the store (2026-11-24T12:00:00.000Z): the configured one wins',
    );
    expect(await store.recordedBaseline()).toBe(earlier);
    expect(sent).toEqual(['1']);
  });

  it('forwards what is unread on the first run with backfill', async () => {
    const store = memoryStore();
    const { sink, sent } = recordingSink();
    expect(await run([note('1'), note('2')], store, sink, { backfill: true })).toMatchObject({ posted: 2 });
    expect(sent).toEqual(['1', '2']);
  });

  it('sends each notification once when two runs overlap', async () => {
    const store = memoryStore();
    await store.markInitialized();
    const { sink, sent } = recordingSink();
    const items = Array.from({ length: 50 }, (_, i) => note(String(i)));
    const [a, b] = await Promise.all([
      run(items, store, sink, { runLock: false }),
      run(items, store, sink, { runLock: false }),
    ]);
    expect(a.posted + b.posted).toBe(50);
    expect(new Set(sent).size).toBe(50);
    expect(sent).toHaveLength(50);
  });

  it('retries a refused send next run, and holds one that may have posted until its lease ends', async () => {
    const store = memoryStore();
    await store.markInitialized();
    let outcome: 'ok' | 'refused' | 'lost' = 'refused';
    const { sink, sent } = recordingSink(() => outcome);
    expect(await run([note('1')], store, sink)).toMatchObject({ failed: 1, posted: 0 });
    outcome = 'ok';
    expect(await run([note('1')], store, sink)).toMatchObject({ posted: 1 });
    outcome = 'lost';
    expect(await run([note('2')], store, sink)).toMatchObject({ failed: 1 });
    outcome = 'ok';
    expect(await run([note('2')], store, sink)).toMatchObject({ skipped: 1, posted: 0 }); // still claimed
    expect(await run([note('2')], store, sink, { now: 1_000_000 + 6 * 60_000 })).toMatchObject({ posted: 1 });
    expect(sent).toEqual(['1', '2']);
  });
});

describe('Slack messages', () => {
  it('escape platform text so it cannot mention or link, and stay within Slack limits', () => {
    expect(escapeSlack('<!channel> & <https://x|y>')).toBe('&lt;!channel&gt; &amp; &lt;https://x|y&gt;');
    const message = slackMessage(note('1', { title: 'T'.repeat(400), description: 'd'.repeat(5000) }));
    const json = JSON.stringify(message);
    expect(json).not.toContain('<!channel>');
    const blocks = message.blocks as { type: string; text?: { text: string } }[];
    expect(blocks[0]!.text!.text.length).toBeLessThanOrEqual(150);
    expect(blocks[1]!.text!.text.length).toBeLessThanOrEqual(3000);
    expect(message.text.length).toBeGreaterThan(0);
  });
});

describe('relay settings', () => {
  it('reads the lease, pace, keep and deadline, and names a bad value', async () => {
    const { relaySettingsFromEnv } = await import('../../src/relay/index.js');
    const base = { DEPGATE_API_TOKEN: 't', DEPGATE_SLACK_WEBHOOK_URL: 'https://hooks.slack.test/x' };
    expect(
      relaySettingsFromEnv({
        ...base,
        DEPGATE_RELAY_LEASE: '2',
        DEPGATE_RELAY_PACE: '0',
        DEPGATE_RELAY_KEEP_DAYS: '30',
        DEPGATE_RELAY_DEADLINE: '45',
        DEPGATE_RELAY_RUN_LOCK: 'false',
      }),
    ).toMatchObject({
      leaseMs: 2000,
      paceMs: 0,
      keepMs: 30 * 86_400_000,
      deadlineMs: 45_000,
      runLock: false,
    });
    expect(() => relaySettingsFromEnv({ ...base, DEPGATE_RELAY_KEEP_DAYS: 'forever' })).toThrow(
      /DEPGATE_RELAY_KEEP_DAYS must be a number of at least 1 \(got "forever"\)/,
    );
    expect(() => relaySettingsFromEnv({ ...base, DEPGATE_RELAY_RUN_LOCK: 'maybe' })).toThrow(
      /DEPGATE_RELAY_RUN_LOCK must be true or false/,
    );
    expect(() =>
      relaySettingsFromEnv({ ...base, DEPGATE_RELAY_RULES: 'routes:\n  - to: [{githubComment: linked}]\n' }),
    ).toThrow(/githubComment destinations need GITHUB_TOKEN/);
  });
});
