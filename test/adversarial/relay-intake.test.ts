// A hostile sender and hostile platform text against the relay's real entry points: api/webhook.ts as
// Vercel calls it, `depgate relay serve` and `depgate relay --once` as child processes, with Slack and
// GitHub receivers on loopback. Pushes are refused before anything of an unsigned body is parsed or read
// past the limit; a busy store is answered so the sender retries; links cannot inject text; secrets do
// not reach the output; Slack's limits are kept without breaking entities, characters or buttons.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../api/webhook.js';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { MAX_PUSH_BYTES } from '../../src/relay/index.js';
import { BIN, runDepgate } from '../helpers/cli.js';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { startFakeGitHub, TOKENS } from '../helpers/github-server.js';
import { notificationRecord, relayEnv, startPlatform } from './relay-world.js';

const SECRET = 'push-intake-secret-0123456789';
const HOOK = 'T0INT/B0INT/intakewebhooksecretpath';
const sign = (text: string) => `sha256=${createHmac('sha256', SECRET).update(text).digest('hex')}`;
const pushBody = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    notification: { ...notificationRecord(id), deploymentId: undefined },
    timestamp: Math.floor(Date.now() / 1000),
    ...extra,
  });

describe('signed pushes to api/webhook.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'depgate-intake-'));
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  const saved = { ...process.env };
  beforeAll(async () => {
    slack = await startFakeSlack();
    Object.assign(process.env, {
      DEPGATE_API_TOKEN: SEED_TOKENS.api,
      DEPGATE_API_URL: 'http://127.0.0.1:1',
      DEPGATE_WEBHOOK_SECRET: SECRET,
      DEPGATE_SLACK_WEBHOOK_URL: slack.webhookUrl(HOOK),
      DEPGATE_RELAY_PACE: '0',
    });
  });
  afterAll(async () => {
    process.env = saved;
    await slack.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // No Redis here: the function's store is never reached by what is refused (REDIS_URL is unset, so a
  // push that got that far would answer 500 "set REDIS_URL").
  const post = (body: BodyInit, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    POST(new Request('https://relay.example/api/webhook', { method: 'POST', body, headers, ...init }));

  it('refuses a signed push without a timestamp (it could be replayed for ever)', async () => {
    const body = JSON.stringify({ notification: notificationRecord('no-ts') });
    const res = await post(body, { 'x-semgrep-signature-256': sign(body) });
    expect(res.status).toBe(401);
    expect(await res.text()).toMatch(/no timestamp/);
    expect(slack.posted).toEqual([]);
  });

  it('answers a 200 KB nest of brackets 401 when unsigned and 400 when signed: never a 500', async () => {
    const nest = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const unsigned = await post(nest, { 'x-semgrep-signature-256': 'sha256=00' });
    expect(unsigned.status).toBe(401);
    const signed = await post(nest, { 'x-semgrep-signature-256': sign(nest) });
    expect(signed.status).toBe(400);
    // Deep objects, signed: read as JSON without a stack overflow, then refused for what they lack.
    const objects = `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`;
    const deep = await post(objects, { 'x-semgrep-signature-256': sign(objects) });
    expect(deep.status).toBe(401);
    expect(await deep.text()).toMatch(/no timestamp/);
  });

  it('stops reading a body at the limit, and refuses a declared length over it without reading', async () => {
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 65_536;
          if (pulled > 100 * 1024 * 1024) controller.close();
          else controller.enqueue(new Uint8Array(65_536).fill(0x20));
        },
      });
    const res = await post(endless(), { 'x-semgrep-signature-256': 'sha256=00' }, {
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(MAX_PUSH_BYTES + 3 * 65_536);
    pulled = 0;
    const declared = await post(
      endless(),
      { 'content-length': String(100 * 1024 * 1024), 'x-semgrep-signature-256': 'sha256=00' },
      { duplex: 'half' } as RequestInit,
    );
    expect(declared.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(2 * 65_536);
  });
});

/** `depgate relay serve` as a child process; resolves once it listens. */
async function startServe(env: Record<string, string>, cwd: string) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'relay', 'serve', '--port', '0'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /relay listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', () => reject(new Error(`relay serve exited: ${err}`)));
  });
  return {
    url,
    stderr: () => err,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('depgate relay serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'depgate-serve-'));
  const state = join(dir, 'state.json');
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  let serve: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    slack = await startFakeSlack();
    serve = await startServe(
      relayEnv('http://127.0.0.1:1', {
        DEPGATE_WEBHOOK_SECRET: SECRET,
        DEPGATE_SLACK_WEBHOOK_URL: slack.webhookUrl(HOOK),
        DEPGATE_STATE_FILE: state,
      }),
      dir,
    );
  });
  afterAll(async () => {
    await serve.stop();
    await slack.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Streams up to 100 MB to POST /api/webhook over a raw socket until the server answers (or closes the
   * connection); the status line it answered and how much was written by then.
   */
  const flood = (declare: boolean) =>
    new Promise<{ status: string; written: number }>((resolve) => {
      const total = 100 * 1024 * 1024;
      const { port } = new URL(serve.url);
      const socket = connect(Number(port), '127.0.0.1');
      let written = 0;
      let received = '';
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        socket.destroy();
        resolve({ status: received.split('\r\n')[0] ?? '', written });
      };
      socket.on('data', (b: Buffer) => {
        received += b.toString('latin1');
        if (received.includes('\r\n\r\n')) finish();
      });
      socket.on('error', finish);
      socket.on('close', finish);
      const chunk = Buffer.alloc(65_536, 0x20);
      const frame = declare
        ? chunk
        : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      socket.write(
        `POST /api/webhook HTTP/1.1\r\nhost: 127.0.0.1\r\n${declare ? `content-length: ${total}` : 'transfer-encoding: chunked'}\r\n\r\n`,
      );
      const write = () => {
        while (!done && written < total) {
          written += chunk.length;
          if (!socket.write(frame)) return void socket.once('drain', write);
        }
      };
      write();
    });

  it('answers 413 at the limit without reading 100 MB, declared or streamed', async () => {
    const declared = await flood(true);
    expect(declared.status).toMatch(/^HTTP\/1\.1 413 /);
    const streamed = await flood(false);
    expect(streamed.status).toMatch(/^HTTP\/1\.1 413 /);
    // The old server read all of it before answering; now the answer comes at the limit (what is
    // written past it sits in the sockets' buffers).
    expect(streamed.written).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);

  it('answers a push that finds the store busy 503 with Retry-After, so the sender sends it again', async () => {
    // Another run holds the state file's lock (a live process: this one).
    writeFileSync(`${state}.lock`, `${process.pid} ${hostname()}\n`);
    const body = pushBody('busy-1');
    const send = () =>
      fetch(`${serve.url}/api/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-semgrep-signature-256': sign(body) },
        body,
      });
    const busy = await send();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(slack.posted).toEqual([]);
    rmSync(`${state}.lock`);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ posted: 1 });
    expect(slack.posted).toHaveLength(1);
  });
});

describe('links, secrets and Slack limits through depgate relay --once', () => {
  const INJECTED = 'https://github.com/acme/web/pull/7?\n\n@acme/security-team #12';
  const platform = startPlatform([
    notificationRecord('inject', { link: INJECTED, title: 'Link test', description: 'plain' }),
    notificationRecord('limits', {
      title: `${'😀'.repeat(200)}`,
      description: `${'&'.repeat(1000)}<!channel>`,
      link: `https://semgrep.dev/orgs/acme/findings?q=${'a'.repeat(3100)}`,
      linkText: '🔗'.repeat(100),
    }),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'depgate-links-'));
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  let gh: Awaited<ReturnType<typeof startFakeGitHub>>;
  beforeAll(async () => {
    slack = await startFakeSlack({ botToken: 'xoxb-links' });
    gh = await startFakeGitHub('acme', 'web');
  });
  afterAll(async () => {
    await slack.close();
    await gh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never lets a link carry text into a comment, a message or a button', async () => {
    const run = await runDepgate(['relay', '--once', '--backfill'], {
      cwd: dir,
      env: relayEnv((await platform).url, {
        SLACK_BOT_TOKEN: 'xoxb-links',
        SLACK_API_URL: slack.apiUrl,
        GITHUB_TOKEN: TOKENS.write,
        GITHUB_API_URL: gh.url,
        DEPGATE_STATE_FILE: join(dir, 'links.json'),
        DEPGATE_RELAY_RULES: JSON.stringify({
          routes: [
            {
              to: [
                { slackWebhook: slack.webhookUrl(HOOK) },
                { slackChannel: 'C-LINKS' },
                { githubComment: 'acme/web#3' },
                { githubComment: 'linked' },
              ],
            },
            {
              match: { text: 'Link test' },
              digest: true,
              to: [{ slackWebhook: slack.webhookUrl('T/B/digestpath') }],
            },
          ],
        }),
      }),
    });
    expect(run.code).toBe(0);
    const comments = gh.comments(3).map((c) => c.body);
    expect(comments).toHaveLength(2);
    const injected = comments.find((c) => c.includes('Link test'))!;
    expect(injected).not.toMatch(/@acme|#12|security-team/);
    // The link pointed to PR 7 only by way of the injected text: it is not taken as a link at all.
    expect(gh.comments(7)).toEqual([]);
    const messages = slack.posted.filter((m) => JSON.stringify(m).includes('Link test'));
    expect(messages).toHaveLength(3);
    for (const m of messages) {
      const text = JSON.stringify(m);
      expect(text).not.toMatch(/security-team|#12/);
      expect(m.blocks.some((b) => (b as { type: string }).type === 'actions')).toBe(false);
    }
  });

  it('keeps Slack limits by cutting before escaping, by code point, and drops a button it cannot fit', () => {
    const messages = slack.posted.filter((m) => m.text.includes('😀'));
    expect(messages).toHaveLength(2);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const m of messages) {
      const text = JSON.stringify(m.blocks) + m.text;
      expect(text).not.toMatch(lone);
      expect(m.blocks.some((b) => (b as { type: string }).type === 'actions')).toBe(false);
      for (const b of m.blocks as { type: string; text?: { type: string; text: string } }[]) {
        if (b.type === 'header') expect(b.text!.text.length).toBeLessThanOrEqual(150);
        if (b.type !== 'section') continue;
        const t = b.text!.text;
        expect(t.length).toBeLessThanOrEqual(3000);
        // Every `&` is a whole entity, the cut falls between entities, and no mention survives.
        expect(t.replace(/&(amp|lt|gt);/g, '')).not.toMatch(/&/);
        expect(t).not.toContain('<!channel>');
      }
    }
  });

  it('redacts a webhook URL a failing receiver echoes, and the password of DEPGATE_API_URL', async () => {
    const echo: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(400).end(`no_service: http://127.0.0.1${req.url ?? ''} is unknown`));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const port = (echo.address() as { port: number }).port;
      const run = await runDepgate(['relay', '--once', '--backfill'], {
        cwd: dir,
        env: relayEnv((await platform).url, {
          DEPGATE_SLACK_WEBHOOK_URL: `http://127.0.0.1:${port}/services/${HOOK}`,
          DEPGATE_STATE_FILE: join(dir, 'echo.json'),
        }),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Slack answered 400: no_service');
      expect(run.stderr).not.toContain('intakewebhooksecretpath');
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
    const creds = await runDepgate(['relay', '--once', '--backfill'], {
      cwd: dir,
      env: relayEnv('http://alice:pl4tf0rm-pass@127.0.0.1:1', {
        DEPGATE_SLACK_WEBHOOK_URL: slack.webhookUrl(HOOK),
        DEPGATE_STATE_FILE: join(dir, 'creds.json'),
      }),
    });
    expect(creds.code).toBe(3);
    expect(creds.stderr).toMatch(/network error/);
    expect(creds.stderr).not.toContain('pl4tf0rm-pass');
  }, 30_000);
});
