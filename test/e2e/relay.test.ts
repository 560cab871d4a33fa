// `depgate relay --once` as a scheduler runs it: a child process against the emulator over HTTP, posting
// to a Slack-compatible incoming webhook on loopback, its state in a file.
import { createServer, type Server } from 'node:http';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';

interface Posted {
  text: string;
  blocks: unknown[];
}

let server: Server;
let webhook = '';
const posted: Posted[] = [];
let answer = 200;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (answer === 200) posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Posted);
      // Slack's incoming webhooks answer `ok`, or an error text with its status.
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'invalid_payload');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  webhook = `http://127.0.0.1:${address.port}/services/T000/B000/XXXXSECRETXXXX`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('depgate relay --once', () => {
  const emulator = startTestEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'depgate-relay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const relay = async (args: string[], state: string) =>
    runDepgate(['relay', '--once', ...args], {
      cwd: dir,
      env: {
        DEPGATE_API_URL: (await emulator).url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        DEPGATE_SLACK_WEBHOOK_URL: webhook,
        DEPGATE_STATE_FILE: state,
      },
    });

  it('asks for a baseline on an empty store, keeps to it, forwards with --backfill, never posts twice', async () => {
    const refused = await relay([], 'plain.json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/store is empty: this is its first run, or its state was lost/);
    expect(refused.stderr).toMatch(/set DEPGATE_RELAY_SINCE/i);
    const first = await relay(['--since', new Date().toISOString()], 'plain.json');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /fetched (\d+), routed 0, posted 0, skipped 0 \(already sent\), failed 0, deferred 0, \1 created before DEPGATE_RELAY_SINCE \(not posted\)/,
    );
    expect(first.stderr).toMatch(/note: the store was empty \(a first run, or its state was lost\)/);
    expect(posted).toHaveLength(0);

    const backfill = await relay(['--backfill'], 'backfill.json');
    expect(backfill.code).toBe(0);
    const count = Number(/posted (\d+)/.exec(backfill.stderr)![1]);
    expect(count).toBeGreaterThan(0);
    expect(posted).toHaveLength(count);
    expect(posted[0]!.blocks.length).toBeGreaterThan(1);

    const again = await relay([], 'backfill.json');
    expect(again.stderr).toContain(`posted 0, skipped ${count}`);
    expect(posted).toHaveLength(count);

    const state = readFileSync(join(dir, 'backfill.json'), 'utf8');
    for (const out of [refused.stderr, first.stdout, first.stderr, backfill.stderr, again.stderr, state]) {
      expect(out).not.toContain(SEED_TOKENS.api);
      expect(out).not.toContain('XXXXSECRETXXXX');
    }
  });

  it('exits 1 when Slack refuses, and the next run retries', async () => {
    answer = 400;
    const refused = await relay(['--backfill'], 'retry.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Slack answered 400: invalid_payload');
    answer = 200;
    const before = posted.length;
    const retried = await relay([], 'retry.json');
    expect(retried.code).toBe(0);
    expect(posted.length).toBeGreaterThan(before);
  });

  it('waits on a lock file being written, and takes over one left empty by a run killed while creating it', async () => {
    // A run killed between creating its lock file and writing its name into it left it empty; every
    // later run took it for a lock being written and did nothing, for good.
    const state = join(dir, 'orphan.json');
    writeFileSync(`${state}.lock`, '');
    const young = await relay(['--backfill'], state);
    expect(young.code).toBe(0);
    expect(young.stderr).toMatch(
      /another relay run \(another run\) holds .*orphan\.json\.lock; this run does nothing/,
    );
    expect(existsSync(state)).toBe(false);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${state}.lock`, old, old);
    const before = posted.length;
    const run = await relay(['--backfill'], state);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('holds');
    expect(posted.length).toBeGreaterThan(before);
    // The run released its lock, and left none of its own files behind.
    expect(readdirSync(dir).filter((f) => f.startsWith('orphan.json'))).toEqual(['orphan.json']);
  });

  it('removes the files a killed run left beside the lock once they are old, and keeps young ones', async () => {
    // A run killed between writing its name file and linking it left `lock.<pid>.new`; one killed while
    // taking over a dead lock left `lock.<pid>.stale`. A young one may belong to a live run on a shared disk.
    const state = join(dir, 'litter.json');
    const old = new Date(Date.now() - 11 * 60_000);
    for (const name of ['litter.json.lock.4242.new', 'litter.json.lock.4243.stale']) {
      writeFileSync(join(dir, name), '4242 elsewhere\n');
      utimesSync(join(dir, name), old, old);
    }
    writeFileSync(join(dir, 'litter.json.lock.4244.new'), '4244 elsewhere\n');
    writeFileSync(join(dir, 'litter.json.lock.notes'), 'not ours\n');
    utimesSync(join(dir, 'litter.json.lock.notes'), old, old);
    const run = await relay(['--backfill'], state);
    expect(run.code).toBe(0);
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith('litter.json'))
        .sort(),
    ).toEqual(['litter.json', 'litter.json.lock.4244.new', 'litter.json.lock.notes']);
  });

  it('says what to set when the webhook is missing (exit 2)', async () => {
    const run = await runDepgate(['relay', '--once'], { cwd: dir, env: { DEPGATE_API_TOKEN: 't' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DEPGATE_SLACK_WEBHOOK_URL');
  });
});

describe('the shipped deployment files', () => {
  const root = join(import.meta.dirname, '../..');

  it("the example scheduled workflow's relay command is one the CLI accepts", async () => {
    const { parse } = await import('yaml');
    const workflow = parse(readFileSync(join(root, 'examples/relay/depgate-relay.yml'), 'utf8')) as {
      on: { schedule: { cron: string }[] };
      jobs: { relay: { steps: { run?: string; env?: Record<string, string> }[] } };
    };
    expect(workflow.on.schedule[0]!.cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    const step = workflow.jobs.relay.steps.find((s) => s.run?.includes('relay'))!;
    expect(Object.keys(step.env!)).toEqual(
      expect.arrayContaining(['DEPGATE_API_TOKEN', 'DEPGATE_SLACK_WEBHOOK_URL']),
    );
    const args = step.run!.replace(/^node depgate\/bin\/depgate\.js /, '').split(/\s+/);
    // Without a token the flags are accepted and the missing setting is named (exit 2).
    const run = await runDepgate(args, { env: {} });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DEPGATE_API_TOKEN');
    expect(run.stderr).not.toMatch(/unknown option|error: /);
  });

  it("vercel.json gives the functions more time than the relay's run deadline", async () => {
    const { FUNCTION_DEADLINE_MS } = await import('../../src/relay/index.js');
    const vercel = JSON.parse(readFileSync(join(root, 'vercel.json'), 'utf8')) as {
      crons: { path: string }[];
      functions: Record<string, { maxDuration: number }>;
    };
    expect(vercel.crons.map((c) => c.path)).toContain('/api/relay');
    for (const fn of ['api/relay.ts', 'api/webhook.ts'])
      expect(vercel.functions[fn]!.maxDuration * 1000).toBeGreaterThan(FUNCTION_DEADLINE_MS + 10_000);
  });
});
