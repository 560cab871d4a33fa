// The relay's Redis store against a real redis-server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/core/index.js';
import { redisStore, relayOnce, type Sink } from '../../src/relay/index.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';

const note = (id: string): Notification => ({
  id,
  title: `n${id}`,
  description: '',
  severity: 'high',
  status: 'unread',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: 'https://semgrep.dev/x',
  isExternalLink: false,
  linkText: 'Open',
});

describe('redisStore', { tags: ['redis'] }, () => {
  // Started when the suite runs, not when it is collected (it is skipped without redis-server).
  let server: Promise<TestRedis>;
  beforeAll(() => {
    server = startRedis();
  });
  afterAll(async () => (await server).stop());

  it('claims once, keeps done deliveries, lets a released or expired claim be taken again', async () => {
    const store = await redisStore((await server).url);
    try {
      expect(await store.claim('a', 'one', 60_000, 0)).toBe('claimed');
      expect(await store.claim('a', 'two', 60_000, 0)).toBe('busy');
      await store.complete('a', 'one', 60_000, 0);
      expect(await store.claim('a', 'two', 60_000, 0)).toBe('done');
      expect(await store.claim('b', 'one', 60_000, 0)).toBe('claimed');
      await store.release('b', 'two'); // not its claim: nothing happens
      expect(await store.claim('b', 'two', 60_000, 0)).toBe('busy');
      await store.release('b', 'one');
      expect(await store.claim('b', 'two', 60_000, 0)).toBe('claimed');
      expect(await store.claim('c', 'one', 50, 0)).toBe('claimed');
      expect(await store.claim('c', 'two', 60_000, 49)).toBe('busy');
      // The lease ran out without an outcome: the next run takes it over, told to read back first.
      expect(await store.claim('c', 'two', 60_000, 50)).toBe('reclaimed');
      await store.complete('c', 'one', 60_000, 50); // no longer its claim: nothing happens
      expect(await store.claim('c', 'three', 60_000, 100)).toBe('busy');
      await store.complete('c', 'two', 60_000, 100);
      expect(await store.claim('c', 'three', 60_000, 100)).toBe('done');
    } finally {
      await store.close();
    }
  });

  it('delivers each notification once across four overlapping runs sharing it', async () => {
    const url = (await server).url;
    const sent: string[] = [];
    const sink: Sink = {
      minIntervalMs: 0,
      maxDigest: 10,
      send: async ([n]) => {
        await new Promise((r) => setTimeout(r, 1));
        sent.push(n!.id);
        return { ok: true };
      },
    };
    const items = Array.from({ length: 40 }, (_, i) => note(`r${i}`));
    const runOnce = async (owner: string) => {
      const store = await redisStore(url);
      await store.markInitialized();
      async function* list() {
        for (const n of items) yield n;
      }
      try {
        return await relayOnce({
          notifications: list(),
          rules: [{ to: [{ kind: 'slack-webhook', url: 'https://hooks.slack.test/x' }] }],
          store,
          sinks: { 'slack-webhook': sink, 'slack-chat': undefined, github: undefined },
          owner,
          now: () => Date.now(),
          backfill: false,
          // Without the run lock, so the four really overlap and only the claims keep each send once.
          runLock: false,
        });
      } finally {
        await store.close();
      }
    };
    const results = await Promise.all(['a', 'b', 'c', 'd'].map(runOnce));
    expect(results.reduce((n, r) => n + r.posted, 0)).toBe(40);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
  });
});
