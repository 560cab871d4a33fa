// A Redis that takes the connection and never completes the handshake: a stopped redis-server (SIGSTOP:
// the kernel still accepts for it), a silent TCP peer, a peer that answers garbage. node-redis's
// connectTimeout bounds only the TCP connect, so before the store put its connect under its own
// timeout, `depgate relay --once` ran for ever and `relay serve` never answered. Each entry point is
// run as users run it (the built CLI as a child process, api/*.ts as Vercel calls them); each must end
// with the store's exit code (4) or a 503 and a message that names Redis and not its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../api/relay.js';
import { POST } from '../../api/webhook.js';
import { BIN, runDepgate } from '../helpers/cli.js';
import { HAS_REDIS, startRedis, type TestRedis } from '../helpers/redis.js';
import { HOUR, notificationRecord, relayEnv, startPlatform } from './relay-world.js';

const CRON = 'cron-handshake-secret';
const PUSH = 'push-handshake-secret-0123456789';
const HANDSHAKE =
  /cannot reach Redis \(REDIS_URL\) \(it took the connection but did not answer within 5 s[^)]*\)/;

/** A loopback TCP server that accepts and then, per `mode`, says nothing or answers every byte with garbage. */
async function startPeer(mode: 'silent' | 'garbage') {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (mode === 'garbage') socket.on('data', () => socket.write('\u0000\u00ffnot redis\r\n?'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    // A password in the URL: it must never reach the output.
    url: `redis://relay:hunter2-handshake@127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A real redis-server, stopped (SIGSTOP) before the relay connects; stop() resumes and ends it. */
async function startFrozenRedis() {
  const redis: TestRedis = await startRedis();
  process.kill(redis.pid, 'SIGSTOP');
  return { url: redis.url, close: () => redis.stop() };
}

type Peer = { url: string; close: () => Promise<void> };
const peers: Record<string, () => Promise<Peer>> = {
  'a silent TCP peer': () => startPeer('silent'),
  'a peer that answers garbage': () => startPeer('garbage'),
};
if (HAS_REDIS) peers['a redis-server stopped with SIGSTOP'] = startFrozenRedis;

/** `depgate relay serve` as a child process; resolves once it listens. */
async function startServe(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'relay', 'serve', '--port', '0'], {
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
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A serve left hanging by its store would not end on SIGTERM: the test's cleanup still does.
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

describe.each(Object.keys(peers))('REDIS_URL at %s', (name) => {
  const platform = startPlatform([notificationRecord('h1')]);
  let peer: Peer;
  let env: Record<string, string>;
  beforeAll(async () => {
    peer = await peers[name]!();
    env = relayEnv((await platform).url, {
      REDIS_URL: peer.url,
      // Nothing may reach it: the run stops before the first claim.
      DEPGATE_SLACK_WEBHOOK_URL: 'http://127.0.0.1:1/services/T0/B0/never',
      DEPGATE_RELAY_SINCE: new Date(Date.now() - 2 * HOUR).toISOString(),
      CRON_SECRET: CRON,
      DEPGATE_WEBHOOK_SECRET: PUSH,
    });
  });
  afterAll(() => peer.close());

  it('relay --once ends with exit 4, says the store did not answer, and nothing was sent', async () => {
    const run = await runDepgate(['relay', '--once'], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(new RegExp(`${HANDSHAKE.source}; nothing was sent`));
    expect(run.stderr).not.toContain('hunter2');
  }, 30_000);

  describe('the functions', () => {
    const saved = { ...process.env };
    let serve: Awaited<ReturnType<typeof startServe>> | undefined;
    beforeAll(() => Object.assign(process.env, env));
    afterEach(async () => {
      await serve?.stop();
      serve = undefined;
    });
    afterAll(() => {
      process.env = saved;
    });

    it('api/relay.ts answers 503 naming the store', async () => {
      const res = await GET(
        new Request('https://relay.example/api/relay', { headers: { authorization: `Bearer ${CRON}` } }),
      );
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toMatch(HANDSHAKE);
      expect(text).not.toContain('hunter2');
    }, 30_000);

    it('api/webhook.ts answers a signed push 503, so the sender sends it again', async () => {
      const body = JSON.stringify({
        notification: { ...notificationRecord('h2'), deploymentId: undefined },
        timestamp: Math.floor(Date.now() / 1000),
      });
      const res = await POST(
        new Request('https://relay.example/api/webhook', {
          method: 'POST',
          body,
          headers: {
            'x-semgrep-signature-256': `sha256=${createHmac('sha256', PUSH).update(body).digest('hex')}`,
          },
        }),
      );
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(HANDSHAKE);
    }, 30_000);

    it('relay serve answers 503, and answers again after (it is not left hanging)', async () => {
      serve = await startServe(env);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${serve.url}/api/relay`, { headers: { authorization: `Bearer ${CRON}` } });
        expect(res.status).toBe(503);
        expect(await res.text()).toMatch(HANDSHAKE);
      }
      const health = await fetch(`${serve.url}/healthz`);
      expect(health.status).toBe(200);
      expect(serve.stderr()).not.toContain('hunter2');
    }, 30_000);
  });
});
