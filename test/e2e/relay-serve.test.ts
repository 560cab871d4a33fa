// `depgate relay serve` as an operator runs it: a child process answering the Vercel functions'
// requests on node:http, polling the emulator over HTTP and posting to a Slack-compatible webhook and
// to a GitHub-compatible server on loopback; stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { markerHas } from '../../src/relay/index.js';
import { BIN } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

const CRON = 'cron-secret-for-serve-test-77';
let slack: Server;
let webhook = '';
const posted: { text: string }[] = [];
let gh: FakeGitHub;
beforeAll(async () => {
  slack = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  webhook = `http://127.0.0.1:${(slack.address() as { port: number }).port}/services/T1/B1/SERVESECRET`;
  gh = await startFakeGitHub('acme', 'web');
});
afterAll(async () => {
  await new Promise<void>((resolve) => slack.close(() => resolve()));
  await gh.close();
});

function start(env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, [BIN, 'relay', 'serve', '--port', '0'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /relay listening on (http:\/\/\S+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url, exit, out: () => ({ stdout, stderr }) };
}

describe('depgate relay serve', () => {
  const emulator = startTestEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'depgate-serve-'));
  let server: ReturnType<typeof start> | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the scheduled run with the cron secret, delivers to Slack and a GitHub PR once, and stops on SIGTERM', async () => {
    const rules = JSON.stringify({
      routes: [
        { to: [{ slackWebhook: webhook }], digest: true },
        { match: { atLeast: 'warning' }, to: [{ githubComment: 'acme/web#5' }] },
      ],
    });
    server = start(
      {
        DEPGATE_API_URL: (await emulator).url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        DEPGATE_RELAY_RULES: rules,
        DEPGATE_RELAY_BACKFILL: 'true',
        GITHUB_TOKEN: TOKENS.write,
        GITHUB_API_URL: gh.url,
        CRON_SECRET: CRON,
        DEPGATE_STATE_FILE: 'state.json',
      },
      dir,
    );
    const url = await server.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/api/relay`)).status).toBe(401);
    expect((await fetch(`${url}/api/relay`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );

    const first = await fetch(`${url}/api/relay`, { headers: { authorization: `Bearer ${CRON}` } });
    expect(first.status, await first.clone().text()).toBe(200);
    const summary = (await first.json()) as { fetched: number; posted: number; messages: number };
    expect(summary.fetched).toBeGreaterThan(1);
    // Every notification into one Slack digest, the warnings and errors each in a PR comment.
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toContain(`${summary.fetched} platform notifications`);
    const comments = gh.comments(5);
    expect(comments.length).toBeGreaterThan(0);
    expect(summary.posted).toBe(summary.fetched + comments.length);
    expect(summary.messages).toBe(1 + comments.length);
    for (const c of comments) expect(c.body).toMatch(/^<!-- depgate-relay: \S+ seal:[\w-]{22} -->/);

    const again = await fetch(`${url}/api/relay`, { headers: { authorization: `Bearer ${CRON}` } });
    expect(await again.json()).toMatchObject({ posted: 0, skipped: summary.posted });
    expect(posted).toHaveLength(1);
    expect(gh.comments(5)).toHaveLength(comments.length);
    expect(comments.every((c) => markerHas(c.body, c.body.split(' ')[2]!))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
    const { stdout, stderr } = server.out();
    expect(stdout).toContain('relay stopped');
    for (const text of [stdout, stderr]) {
      expect(text).not.toContain(SEED_TOKENS.api);
      expect(text).not.toContain(TOKENS.write);
      expect(text).not.toContain('SERVESECRET');
    }
  });
});
