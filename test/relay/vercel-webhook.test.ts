// api/webhook.ts called as Vercel calls a Web-standard function: POST(request) -> Response, with the
// platform settings (the emulator), Slack's Web API (a fake on loopback) and a real redis-server.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../api/webhook.js';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { redisStore } from '../../src/relay/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';

const SECRET = 'push-secret-0123456789abcdef';
const BOT = 'xoxb-push-secret-bot-55';
const INJECT = '<!channel> <@U1> & <https://evil.example|x> @here';

describe('signed pushes to api/webhook.ts', { tags: ['redis'] }, () => {
  const emulator = startTestEmulator();
  // Started when the suite runs, not when it is collected (it is skipped without redis-server).
  let redis: Promise<TestRedis>;
  beforeAll(() => {
    redis = startRedis();
  });
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  const saved = { ...process.env };
  beforeAll(async () => {
    slack = await startFakeSlack({ botToken: BOT });
    Object.assign(process.env, {
      DEPGATE_API_URL: (await emulator).url,
      DEPGATE_API_TOKEN: SEED_TOKENS.api,
      REDIS_URL: (await redis).url,
      DEPGATE_WEBHOOK_SECRET: SECRET,
      SLACK_BOT_TOKEN: BOT,
      SLACK_API_URL: slack.apiUrl,
      DEPGATE_RELAY_RULES: 'routes: [{ to: [{ slackChannel: C-PUSH }] }]',
    });
  });
  afterAll(async () => {
    process.env = saved;
    await slack.close();
    await (await redis).stop();
  });

  const body = (id: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify(
      {
        notification: {
          id,
          title: INJECT,
          description: INJECT,
          severity: 'SEVERITY_ERROR',
          status: 'STATUS_DELIVERED',
          adminOnly: false,
          createdAt: INJECT,
          link: 'https://github.com/acme/web/pull/1',
          isExternalLink: false,
          linkText: INJECT,
        },
        timestamp: Math.floor(Date.now() / 1000),
        ...extra,
      },
      null,
      2,
    );
  const push = (text: string, opts: { secret?: string; form?: 'raw' | 'compact'; sign?: boolean } = {}) => {
    const signed = opts.form === 'compact' ? JSON.stringify(JSON.parse(text)) : text;
    const sig = createHmac('sha256', opts.secret ?? SECRET)
      .update(signed)
      .digest('hex');
    return POST(
      new Request('https://relay.example/api/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.sign === false ? {} : { 'x-semgrep-signature-256': `sha256=${sig}` }),
        },
        body: text,
      }),
    );
  };

  it('posts a push signed over the raw body or the compact JSON once, every text escaped', async () => {
    slack.posted.length = 0;
    const b = body('push-1');
    const first = await push(b);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ posted: 1, failed: 0 });
    const again = await push(b, { form: 'compact' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ posted: 0, skipped: 1 });
    expect(slack.posted).toHaveLength(1);
    // A push leaves the first scheduled run its record-only baseline (no flood after the first push).
    const store = await redisStore((await redis).url);
    expect(await store.initialized()).toBe(false);
    await store.close();
    const m = slack.posted[0]!;
    const mrkdwn = JSON.stringify([
      m.text,
      m.blocks.filter((x) => ['section', 'context'].includes((x as { type: string }).type)),
    ]);
    expect(mrkdwn).not.toMatch(/<[!@]/);
    expect(mrkdwn).not.toContain('<https://evil');
  });

  it('refuses unsigned, badly signed, stale, oversized and malformed pushes, and any push without a secret', async () => {
    const b = body('push-2');
    expect((await push(b, { sign: false })).status).toBe(401);
    expect((await push(b, { secret: 'not-the-secret' })).status).toBe(401);
    expect((await push(body('push-3', { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(
      401,
    );
    expect((await push(body('push-4', { timestamp: Math.floor(Date.now() / 1000) }))).status).toBe(200);
    expect((await push(JSON.stringify({ pad: 'x'.repeat(300_000) }))).status).toBe(413);
    const malformed = await push(
      JSON.stringify({ notification: 'not an object', timestamp: Math.floor(Date.now() / 1000) }),
    );
    expect(malformed.status).toBe(400);
    expect((await push('not json')).status).toBe(400);
    expect((await push('not json', { secret: 'wrong' })).status).toBe(401);
    process.env.DEPGATE_WEBHOOK_SECRET = '';
    expect((await push(b)).status).toBe(401);
    process.env.DEPGATE_WEBHOOK_SECRET = SECRET;
    const texts = [await (await push(b, { secret: 'x' })).text(), await malformed.text()];
    for (const t of texts) {
      expect(t).not.toContain(SECRET);
      expect(t).not.toContain(BOT);
    }
  });
});
