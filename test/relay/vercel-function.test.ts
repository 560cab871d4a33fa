// api/relay.ts called as Vercel calls a Web-standard function: GET(request) -> Response, with the
// platform (the emulator), Slack (an incoming-webhook receiver) and Redis all real and on loopback.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../api/relay.js';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';

describe('the relay as a Vercel function', { tags: ['redis'] }, () => {
  const emulator = startTestEmulator();
  // Started when the suite runs, not when it is collected (it is skipped without redis-server).
  let redis: Promise<TestRedis>;
  beforeAll(() => {
    redis = startRedis();
  });
  let slack: Server;
  let posts = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    slack = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        posts++;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      DEPGATE_API_URL: (await emulator).url,
      DEPGATE_API_TOKEN: SEED_TOKENS.api,
      DEPGATE_SLACK_WEBHOOK_URL: `http://127.0.0.1:${(slack.address() as { port: number }).port}/services/T/B/SECRET`,
      REDIS_URL: (await redis).url,
      DEPGATE_RELAY_BACKFILL: 'true',
    });
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise<void>((resolve) => slack.close(() => resolve()));
    await (await redis).stop();
  });

  const call = (authorization?: string) =>
    GET(
      new Request('https://relay.example.vercel.app/api/relay', {
        headers: authorization === undefined ? {} : { authorization },
      }),
    );

  it('refuses every call while CRON_SECRET is unset, and a wrong secret', async () => {
    delete process.env.CRON_SECRET;
    expect((await call('Bearer anything')).status).toBe(401);
    process.env.CRON_SECRET = 'cron-secret-value';
    expect((await call('Bearer wrong')).status).toBe(401);
    expect((await call()).status).toBe(401);
  });

  it('forwards every unread notification once, however often the scheduler fires', async () => {
    process.env.CRON_SECRET = 'cron-secret-value';
    const first = await call('Bearer cron-secret-value');
    expect(first.status).toBe(200);
    const summary = (await first.json()) as { posted: number; fetched: number };
    expect(summary.posted).toBeGreaterThan(0);
    expect(posts).toBe(summary.posted);
    const [a, b] = await Promise.all([call('Bearer cron-secret-value'), call('Bearer cron-secret-value')]);
    const again = [(await a.json()) as { posted: number }, (await b.json()) as { posted: number }];
    expect(again[0]!.posted + again[1]!.posted).toBe(0);
    expect(posts).toBe(summary.posted);
    expect(JSON.stringify(summary)).not.toContain(SEED_TOKENS.api);
  });
});
