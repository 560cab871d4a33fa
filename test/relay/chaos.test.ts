// The relay under chaos, as it runs for real: `depgate relay --once` child processes against the
// emulator over HTTP, 1,000 notifications each routed to a Slack incoming webhook, a Slack channel
// (chat.postMessage) and the GitHub pull request it links to; every receiver fails about 30% of the
// time at random (errors, 429s with Retry-After, answers dropped after the message was recorded);
// runs are SIGKILLed at random points and restarted, and some overlap; with the Redis store and the
// file store. Every delivery must arrive, and only once where the destination can be read back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationRecord } from '../../src/emulator/dataset.js';
import { createRandom } from '../../src/emulator/generate.js';
import { createSeedDataset, SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { BIN } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeSlack, type SlackFault } from '../helpers/fake-slack.js';
import { startFakeGitHub, TOKENS } from '../helpers/github-server.js';
import { HAS_REDIS, startRedis } from '../helpers/redis.js';

const COUNT = 1000;
const PULLS = 5;
const BOT = 'xoxb-chaos-bot-token';

const ids = Array.from({ length: COUNT }, (_, i) => `c-${String(i).padStart(4, '0')}`);

function dataset() {
  const data = createSeedDataset();
  data.notifications = ids.map((id, i): NotificationRecord => ({
    id,
    deploymentId: SEED_DEPLOYMENT.id,
    title: `Chaos ${id}`,
    description: `Notification ${i} <!channel> @here`,
    severity: 'SEVERITY_ERROR',
    status: 'STATUS_DELIVERED',
    adminOnly: false,
    createdAt: '2026-11-24T10:00:00Z',
    link: `https://github.com/acme/web/pull/${(i % PULLS) + 1}`,
    isExternalLink: true,
    linkText: 'View pull request',
  }));
  return data;
}

interface Row {
  destination: string;
  store: string;
  sent: number;
  duplicates: number;
  lost: number;
  droppedAnswers: number;
}

const rows: Row[] = [];
const notes: string[] = [];
afterAll(() => {
  if (rows.length === 0) return;
  const head = ['destination', 'store', 'sent', 'duplicates', 'lost', 'dropped answers'];
  const lines = rows.map((r) =>
    [r.destination, r.store, r.sent, r.duplicates, r.lost, r.droppedAnswers].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    [
      'relay chaos (1,000 notifications, ~30% receiver faults, SIGKILLed and overlapping runs):',
      fmt(head),
      ...lines.map(fmt),
      ...notes,
    ].join('\n'),
  );
});

async function chaos(
  emulatorUrl: string,
  storeName: 'redis' | 'file',
  storeEnv: Record<string, string>,
  seed: number,
) {
  const random = createRandom(seed);
  const drops = { webhook: 0, chat: 0, github: 0 };
  const slackFault = (method: string): SlackFault | undefined => {
    if (method !== 'webhook' && method !== 'chat.postMessage' && method !== 'conversations.history')
      return undefined;
    const r = random();
    if (r < 0.1) return { status: 500 };
    if (r < 0.2) return { status: 429, retryAfter: 0 };
    if (r < 0.3 && method !== 'conversations.history') {
      drops[method === 'webhook' ? 'webhook' : 'chat']++;
      return { drop: true };
    }
    return undefined;
  };
  const slack = await startFakeSlack({ botToken: BOT, randomFault: slackFault });
  const gh = await startFakeGitHub('acme', 'web', {
    randomCommentFault: () => {
      const r = random();
      if (r < 0.1) return { status: 502 };
      if (r < 0.2) return { status: 403, headers: { 'retry-after': '0' } };
      if (r < 0.3) {
        drops.github++;
        return 'drop';
      }
      return undefined;
    },
  });
  const rules = JSON.stringify({
    routes: [
      {
        to: [
          { slackWebhook: slack.webhookUrl('T0CHAOS/B0CHAOS/chaoswebhook') },
          { slackChannel: 'C-CHAOS' },
          { githubComment: 'linked' },
        ],
      },
    ],
  });
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DEPGATE_API_URL: emulatorUrl,
    DEPGATE_API_TOKEN: SEED_TOKENS.api,
    DEPGATE_RELAY_RULES: rules,
    SLACK_BOT_TOKEN: BOT,
    SLACK_API_URL: slack.apiUrl,
    GITHUB_TOKEN: TOKENS.write,
    GITHUB_API_URL: gh.url,
    DEPGATE_RELAY_LEASE: '1',
    DEPGATE_RELAY_PACE: '0',
    ...storeEnv,
  };

  const delivered = () => {
    const count = (list: string[]) => {
      const seen = new Map<string, number>();
      for (const id of list) seen.set(id, (seen.get(id) ?? 0) + 1);
      return seen;
    };
    const webhook = count(
      slack.posted.filter((m) => m.via === 'webhook').map((m) => /Chaos (c-\d{4})/.exec(m.text)?.[1] ?? '?'),
    );
    const chat = count(
      slack.posted
        .filter((m) => m.via === 'chat.postMessage')
        .map((m) => m.metadata?.event_payload.id ?? '?'),
    );
    const github = count(
      Array.from({ length: PULLS }, (_, p) => gh.comments(p + 1))
        .flat()
        .flatMap((c) => /^<!-- depgate-relay: (.*?) -->/.exec(c.body)?.[1]?.split(' ') ?? ['?']),
    );
    return { webhook, chat, github };
  };
  const complete = () => Object.values(delivered()).every((m) => ids.every((id) => m.has(id)));

  let kills = 0;
  let runs = 0;
  const start = (overlap: boolean): { child: ChildProcess; done: Promise<number | null> } => {
    runs++;
    const child = spawn(process.execPath, [BIN, 'relay', '--once', '--backfill'], {
      env: { ...env, ...(overlap ? { DEPGATE_RELAY_RUN_LOCK: 'false' } : {}) },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
  };

  for (let round = 0; round < 120 && !complete(); round++) {
    const overlap = round % 3 === 2;
    const group = overlap ? [start(true), start(true)] : [start(false)];
    // The first rounds, which hold most of the work, are always cut short; later ones half the time.
    if (round < 4 || random() < 0.5) {
      const victim = group[Math.floor(random() * group.length)]!;
      setTimeout(
        () => {
          if (victim.child.exitCode === null && victim.child.kill('SIGKILL')) kills++;
        },
        (round < 4 ? 150 : 50) + Math.floor(random() * 900),
      );
    }
    await Promise.all(group.map((g) => g.done));
    await new Promise((r) => setTimeout(r, 150));
  }
  // Once everything arrived, a run that is not killed sends nothing more where the destination can be
  // read back. (At the webhook it may still resend one whose answer was dropped: a counted duplicate.)
  const readable = () =>
    slack.posted.filter((m) => m.via === 'chat.postMessage').length +
    Array.from({ length: PULLS }, (_, p) => gh.comments(p + 1)).flat().length;
  const before = readable();
  await new Promise((r) => setTimeout(r, 1100)); // every lease of an earlier run has run out
  const final = await start(false).done;
  expect(final === 0 || final === 1).toBe(true);
  expect(readable()).toBe(before);

  const got = delivered();
  for (const [destination, seen] of Object.entries(got) as [keyof typeof drops, Map<string, number>][]) {
    const sent = ids.filter((id) => seen.has(id)).length;
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    rows.push({
      destination,
      store: storeName,
      sent,
      duplicates: total - sent,
      lost: COUNT - sent,
      droppedAnswers: drops[destination],
    });
  }
  notes.push(`${storeName} store: ${runs} runs, ${kills} killed with SIGKILL`);
  await slack.close();
  await gh.close();
  return { got, drops, kills, runs };
}

function check(result: Awaited<ReturnType<typeof chaos>>) {
  const { got, drops, kills } = result;
  for (const seen of Object.values(got)) expect(ids.filter((id) => !seen.has(id))).toEqual([]);
  const dups = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) - m.size;
  // Read back before any resend: never a duplicate in a channel or a pull request.
  expect(dups(got.chat)).toBe(0);
  expect(dups(got.github)).toBe(0);
  // An incoming webhook cannot be read back: a duplicate needs a dropped answer or a run killed
  // between its send and its record.
  expect(dups(got.webhook)).toBeLessThanOrEqual(drops.webhook + kills);
  expect(kills).toBeGreaterThan(0);
}

describe('relay chaos', { timeout: 600_000 }, () => {
  const emulator = startTestEmulator({ dataset: dataset() });
  it.skipIf(!HAS_REDIS)(
    'with the Redis store: every delivery arrives, none twice where it can be read back',
    async () => {
      const redis = await startRedis();
      try {
        const seed = 20261125;
        const result = await chaos((await emulator).url, 'redis', { REDIS_URL: redis.url }, seed);
        check(result);
      } finally {
        await redis.stop();
      }
    },
  );

  it('with the file store: the same, through the journal and its lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'depgate-chaos-'));
    try {
      const result = await chaos(
        (await emulator).url,
        'file',
        { DEPGATE_STATE_FILE: join(dir, 'state.json') },
        20261126,
      );
      check(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
