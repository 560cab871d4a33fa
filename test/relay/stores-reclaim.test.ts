import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/core/index.js';
import {
  fileStore,
  memoryStore,
  RelayBusyError,
  relayOnce,
  slackChatSink,
  slackWebhookSink,
  type RelayStore,
  markerSeal,
} from '../../src/relay/index.js';
import { startFakeSlack } from '../helpers/fake-slack.js';

const SEAL = markerSeal('relay-test-marker-key');

const dir = mkdtempSync(join(tmpdir(), 'depgate-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the file store', () => {
  it('keeps every change in a journal that a later run reads back, and survives a torn last line', async () => {
    const path = join(dir, 'journal.json');
    const a = await fileStore(path, 0);
    expect(await a.claim('k1', 'one', 1000, 0)).toBe('claimed');
    await a.complete('k1', 'one', 10_000, 0);
    expect(await a.claim('k2', 'one', 1000, 0)).toBe('claimed');
    await a.markInitialized();
    // Killed before it closed: the journal alone holds the changes, and the last line is cut short
    // (read as a copy, since this process still holds the original's lock).
    const copy = join(dir, 'journal-copy.json');
    writeFileSync(copy, `${readFileSync(path, 'utf8')}{"k":"k3","v":{"sta`);
    const b = await fileStore(copy, 500);
    expect(await b.initialized()).toBe(true);
    expect(await b.claim('k1', 'two', 1000, 500)).toBe('done');
    expect(await b.claim('k2', 'two', 1000, 500)).toBe('busy');
    expect(await b.claim('k2', 'two', 1000, 1500)).toBe('reclaimed');
    expect(await b.claim('k3', 'two', 1000, 1500)).toBe('claimed');
    await b.close();
    await a.close();
  });

  it('reads the whole-object state of earlier versions, and names a broken line', async () => {
    const old = join(dir, 'v1.json');
    writeFileSync(
      old,
      `${JSON.stringify({ version: 1, initialized: true, deliveries: { x: { state: 'done', until: 9e15 } } })}\n`,
    );
    const store = await fileStore(old, 0);
    expect(await store.claim('x', 'o', 1000, 0)).toBe('done');
    await store.close();
    expect(readFileSync(old, 'utf8').split('\n')[0]).toContain('"version":2');

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"version":2,"initialized":true}\nnot json\n{"k":"a","v":null}\n');
    await expect(fileStore(broken, 0)).rejects.toThrow(
      /broken\.json: cannot read the relay's state \(line 2 is not JSON\)/,
    );
  });

  it('lets one run at a time hold it, and takes over at once the lock of a run that died', async () => {
    const path = join(dir, 'locked.json');
    const first = await fileStore(path, 0);
    await expect(fileStore(path, 0)).rejects.toBeInstanceOf(RelayBusyError);
    await first.close();
    const second = await fileStore(path, 0);
    await second.close();
    // A run that was SIGKILLed left its lock: its process is gone.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${path}.lock`, `${dead} ${hostname()}\n`);
    const third = await fileStore(path, 0);
    await third.close();
    // A live process's lock is never taken over.
    writeFileSync(`${path}.lock`, `${process.pid} ${hostname()}\n`);
    await expect(fileStore(path, 0)).rejects.toThrow(/holds .*locked\.json\.lock/);
    rmSync(`${path}.lock`);
  });
});

const note = (id: string): Notification => ({
  id,
  title: `Finding ${id}`,
  description: 'text',
  severity: 'SEVERITY_ERROR',
  status: 'STATUS_DELIVERED',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: 'https://semgrep.dev/x',
  isExternalLink: false,
  linkText: 'Open',
});

describe('taking over the claim of a run that died after sending', () => {
  const BOT = 'xoxb-reclaim-test';
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  beforeAll(async () => {
    slack = await startFakeSlack({ botToken: BOT });
  });
  afterAll(() => slack.close());

  const C = { kind: 'slack-chat' as const, channel: 'C-RE' };
  const run = (store: RelayStore, sinkKind: 'chat' | 'webhook', ids: string[], now: number) =>
    relayOnce({
      notifications: (async function* () {
        yield* ids.map(note);
      })(),
      rules: [
        { to: [sinkKind === 'chat' ? C : { kind: 'slack-webhook', url: `${slack.url}/services/T/B/re` }] },
      ],
      store,
      sinks: {
        'slack-chat': slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL }),
        'slack-webhook': slackWebhookSink(fetch),
        github: undefined,
      },
      owner: `run-${now}`,
      now: () => now,
      leaseMs: 1000,
      minIntervalMs: 0,
      backfill: false,
    });

  it('keeps reading back after a lost store until a run has settled every notification', async () => {
    // 'q' and 'r' went out before the store was lost (flushed). The first run on the empty store is
    // rate-limited for longer than it may wait on its first send, so it leaves 'r' for later: the
    // next run must still read the channel back instead of posting 'r' a second time.
    const store = memoryStore();
    const C = { kind: 'slack-chat' as const, channel: 'C-LOST' };
    const sink = slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL });
    await sink.send([note('q')], C);
    await sink.send([note('r')], C);
    const backfill = (now: number) =>
      relayOnce({
        notifications: (async function* () {
          yield* ['p', 'r'].map(note);
        })(),
        rules: [{ to: [C] }],
        store,
        sinks: { 'slack-chat': sink, 'slack-webhook': undefined, github: undefined },
        owner: `run-${now}`,
        now: () => now,
        leaseMs: 1000,
        minIntervalMs: 0,
        backfill: true,
      });
    // The read-back of 'p' is answered; its send is rate-limited for two minutes.
    slack.faults.push(undefined as never, { status: 429, retryAfter: 120 });
    const first = await backfill(10_000);
    expect(first).toMatchObject({ posted: 0, deferred: 2 });
    expect(first.notes.join('\n')).toMatch(/stays marked as found empty/);
    expect(await store.initialized()).toBe(false);
    const second = await backfill(20_000);
    expect(second).toMatchObject({ posted: 1, skipped: 1, deferred: 0 });
    expect(await store.initialized()).toBe(true);
    const ids = slack.posted.filter((m) => m.target === 'C-LOST').map((m) => m.metadata?.event_payload.id);
    expect(ids.filter((id) => id === 'r')).toHaveLength(1);
    expect(ids.filter((id) => id === 'p')).toHaveLength(1);
  });

  it('reads the channel back and records what the dead run posted, sending only what it did not', async () => {
    const store = memoryStore();
    await store.markInitialized();
    // The dead run claimed both, posted 'a', and died before recording either.
    await store.claim(`a\u0000slack:C-RE`, 'dead', 1000, 0);
    await store.claim(`b\u0000slack:C-RE`, 'dead', 1000, 0);
    await slackChatSink(BOT, { apiUrl: slack.apiUrl, seal: SEAL }).send([note('a')], C);
    expect(await run(store, 'chat', ['a', 'b'], 500)).toMatchObject({ skipped: 2, posted: 0 });
    const summary = await run(store, 'chat', ['a', 'b'], 1500);
    expect(summary).toMatchObject({ posted: 1, skipped: 1 });
    const ids = slack.posted.filter((m) => m.target === 'C-RE').map((m) => m.metadata?.event_payload.id);
    expect(ids.sort()).toEqual(['a', 'b']);
  });
});
