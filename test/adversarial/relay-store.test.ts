// The relay on a bad day for its store, run as users run it: `depgate relay --once` as a child process
// and api/relay.ts as Vercel calls it, against a real redis-server that is out of reach, stopped or
// frozen mid-run, or flushed between runs, and a state file that goes missing (an Actions cache miss).
// Every outcome fails closed: a clear message and exit code (a 503 from the function) within seconds,
// nothing sent without its claim recorded, and a lost store never drops a notification silently.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../api/relay.js';
import { runDepgate } from '../helpers/cli.js';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { redisCli, startRedis, type TestRedis } from '../helpers/redis.js';
import { HOUR, notificationRecord, relayEnv, startPlatform } from './relay-world.js';

const BOT = 'xoxb-store-outage-bot';
const HOOK_SECRET = 'T0OUT/B0OUT/outagewebhooksecret';

/**
 * An incoming webhook that calls `onPost(n)` before answering its n-th message (1-based): the test's
 * hand on the store at an exact point of a run.
 */
async function startWebhook(onPost: (n: number) => Promise<void> | void = () => undefined) {
  const posted: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      posted.push(/Finding ([\w-]+)/.exec(body)?.[1] ?? '?');
      void Promise.resolve(onPost(posted.length)).then(() => res.writeHead(200).end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/services/${HOOK_SECRET}`,
    posted,
    set onPost(f: (n: number) => Promise<void> | void) {
      onPost = f;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ids = ['s1', 's2', 's3', 's4', 's5', 's6'];

describe('an unreachable store fails the run fast and loudly', { tags: ['redis'] }, () => {
  const platform = startPlatform(ids.map((id) => notificationRecord(id)));
  const since = new Date(Date.now() - 2 * HOUR).toISOString();
  let hook: Awaited<ReturnType<typeof startWebhook>>;
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    hook = await startWebhook();
  });
  afterAll(() => hook.close());
  afterEach(async () => {
    hook.onPost = () => undefined;
    hook.posted.length = 0;
    await redis?.stop();
    redis = undefined;
  });
  const env = async (redisUrl: string) =>
    relayEnv((await platform).url, {
      REDIS_URL: redisUrl,
      DEPGATE_SLACK_WEBHOOK_URL: hook.url,
      DEPGATE_RELAY_SINCE: since,
    });

  it('REDIS_URL pointing at nothing: exit 4 and a message naming Redis, not its password; nothing posted', async () => {
    const run = await runDepgate(['relay', '--once'], {
      env: await env('redis://relay:hunter2-redis-pass@127.0.0.1:1'),
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /cannot reach Redis \(REDIS_URL\) \([^)]*ECONNREFUSED[^)]*\); nothing was sent/,
    );
    expect(run.stderr).not.toContain('hunter2');
    expect(hook.posted).toEqual([]);
  }, 20_000);

  it('Redis stopped mid-run: the run stops at once, exit 4, nothing posted after it, and it says what it left', async () => {
    redis = await startRedis();
    const r = redis;
    hook.onPost = (n) => (n === 2 ? r.stop() : undefined);
    const run = await runDepgate(['relay', '--once'], { env: await env(r.url) });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/Redis \(REDIS_URL\): (claim|complete) failed/);
    // The second message went out while Redis stopped: posted, its claim recorded, its done-mark lost.
    expect(run.stderr).toMatch(
      /the run stopped \(posted 1, nothing sent without its claim recorded; 1 posted before the store failed could not be recorded as sent/,
    );
    expect(hook.posted).toEqual(['s1', 's2']);
  }, 20_000);

  it('Redis frozen mid-run (it takes the connection but never answers): the timeout stops the run, exit 4', async () => {
    redis = await startRedis();
    const r = redis;
    hook.onPost = (n) => {
      if (n === 3) process.kill(r.pid, 'SIGSTOP');
    };
    const run = await runDepgate(['relay', '--once'], { env: await env(r.url) });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /Redis \(REDIS_URL\): (no answer to complete within 5 s|complete failed \([^)]*\)): the run stopped \(posted 2/,
    );
    expect(hook.posted).toEqual(['s1', 's2', 's3']);
  }, 30_000);

  describe('api/relay.ts, as Vercel calls it', () => {
    const saved = { ...process.env };
    afterAll(() => {
      process.env = saved;
    });
    const call = async (redisUrl: string) => {
      Object.assign(process.env, await env(redisUrl), { CRON_SECRET: 'cron-outage-secret' });
      return GET(
        new Request('https://relay.example.vercel.app/api/relay', {
          headers: { authorization: 'Bearer cron-outage-secret' },
        }),
      );
    };

    it('answers 503 at once when Redis is out of reach, and 503 with what it did when Redis stops mid-run', async () => {
      const down = await call('redis://127.0.0.1:1');
      expect(down.status).toBe(503);
      expect(((await down.json()) as { error: string }).error).toMatch(/cannot reach Redis/);
      expect(hook.posted).toEqual([]);

      redis = await startRedis();
      const r = redis;
      hook.onPost = (n) => (n === 2 ? r.stop() : undefined);
      const stopped = await call(r.url);
      expect(stopped.status).toBe(503);
      const body = (await stopped.json()) as {
        error: string;
        summary: { posted: number; unrecorded: number };
      };
      expect(body.error).toMatch(/the run stopped/);
      expect(body.summary).toMatchObject({ posted: 1, unrecorded: 1 });
      expect(hook.posted).toEqual(['s1', 's2']);
    }, 30_000);
  });
});

describe('a lost store repeats a stated window, never drops, and says so', () => {
  const records = ids.slice(0, 3).map((id) => notificationRecord(id));
  const platform = startPlatform(records);
  const since = new Date(Date.now() - 2 * HOUR).toISOString();
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  const dir = mkdtempSync(join(tmpdir(), 'depgate-store-loss-'));
  beforeAll(async () => {
    slack = await startFakeSlack({ botToken: BOT });
  });
  afterAll(async () => {
    await slack.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const scenario = async (store: Record<string, string>, lose: () => void, next: string) => {
    slack.posted.length = 0;
    const env = relayEnv((await platform).url, {
      ...store,
      SLACK_BOT_TOKEN: BOT,
      SLACK_API_URL: slack.apiUrl,
      DEPGATE_RELAY_RULES: JSON.stringify({
        routes: [{ to: [{ slackWebhook: slack.webhookUrl(HOOK_SECRET) }, { slackChannel: 'C-LOSS' }] }],
      }),
    });
    const first = await runDepgate(['relay', '--once'], { env: { ...env, DEPGATE_RELAY_SINCE: since } });
    expect(first.code).toBe(0);
    const sent = (await platform).notifications.length;
    expect(first.stderr).toContain(`posted ${sent * 2}`);

    lose();
    // A notification arrives while the store is gone: the run after the loss must post it.
    (await platform).notifications.push(notificationRecord(next, {}, 60_000));

    // Without a baseline in configuration, an empty store is not taken for a first run: nothing is
    // recorded as sent, nothing posted, and the run fails saying why.
    const refused = await runDepgate(['relay', '--once'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/store is empty: this is its first run, or its state was lost/);
    expect(slack.posted).toHaveLength(sent * 2);

    const after = await runDepgate(['relay', '--once'], { env: { ...env, DEPGATE_RELAY_SINCE: since } });
    expect(after.code).toBe(0);
    expect(after.stderr).toMatch(/note: the store was empty \(a first run, or its state was lost\)/);
    const count = (via: string, id: string) =>
      slack.posted.filter(
        (m) => m.via === via && (m.metadata?.event_payload.id ?? /Finding ([\w-]+)/.exec(m.text)?.[1]) === id,
      ).length;
    const all = (await platform).notifications.map((n) => n.id);
    // Lost: none. The channel is read back, so nothing repeats there; the webhook, which cannot be read
    // back, repeats what was sent before the loss (the documented window: unread since the baseline).
    for (const id of all) expect(count('chat.postMessage', id)).toBe(1);
    for (const id of all) expect(count('webhook', id)).toBe(id === next ? 1 : 2);
    // The run after that finds the store whole again and sends nothing.
    const quiet = await runDepgate(['relay', '--once'], { env: { ...env, DEPGATE_RELAY_SINCE: since } });
    expect(quiet.stderr).toContain('posted 0');
    return all.length;
  };

  it('Redis flushed (FLUSHDB) between runs', { tags: ['redis'], timeout: 60_000 }, async () => {
    const redis = await startRedis();
    try {
      await scenario(
        { REDIS_URL: redis.url },
        () => expect(redisCli(redis.port, 'FLUSHDB')).toBe('OK'),
        'new-r',
      );
    } finally {
      await redis.stop();
    }
  });

  it('the state file deleted between runs (an Actions cache miss)', async () => {
    const state = join(dir, 'state.json');
    await scenario({ DEPGATE_STATE_FILE: state }, () => rmSync(state), 'new-f');
  }, 60_000);
});
