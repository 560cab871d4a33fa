// The relay under chaos, as it runs for real: `depgate relay --once` child processes against the
// emulator over HTTP, DEPGATE_CHAOS_COUNT notifications (100 by default, 1,000 in CI) each routed to a Slack incoming webhook, a Slack channel
// (chat.postMessage) and the GitHub pull request it links to; every receiver fails about 30% of the
// time at random (errors, 429s with Retry-After, answers dropped after the message was recorded);
// runs are SIGKILLed at random points and restarted, and some overlap; with the Redis store and the
// file store. Every delivery must arrive, and only once where the destination can be read back.
// Then the store's bad days, on up to 300 notifications each: the store lost twice mid-drain (FLUSHDB, the
// state file deleted), Redis stopped in the middle of runs and brought back empty, and runs frozen
// (SIGSTOP) past their lease while others take their claims over.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationRecord } from '../../src/emulator/dataset.js';
import { createRandom } from '../../src/emulator/generate.js';
import { createSeedDataset, SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { readMarker } from '../../src/relay/index.js';
import { BIN } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeSlack, type SlackFault } from '../helpers/fake-slack.js';
import { startFakeGitHub, TOKENS } from '../helpers/github-server.js';
import { redisCli, startRedis, type TestRedis } from '../helpers/redis.js';

/** How many notifications: 100 keeps a contributor's run short, CI sets 1,000 (.ci/run). */
const COUNT = chaosCount(process.env.DEPGATE_CHAOS_COUNT);
/** The store scenarios' share. */
const SMALL = Math.min(300, COUNT);
/**
 * The claims' lease (DEPGATE_RELAY_LEASE), seconds. A run sends nothing once half of it has passed since
 * its claim; the documented residual risk is a run stalled longer than that between its check and the
 * network write. Two seconds keeps that margin above what a loaded 2-core CI machine stalls a process
 * (with 1 s, a CI run once saw a chat message twice), and the test short.
 */
const LEASE_S = 2;

function chaosCount(value: string | undefined): number {
  if (value === undefined || value === '') return 100;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10)
    throw new Error(`DEPGATE_CHAOS_COUNT must be a whole number ≥ 10, not ${value}`);
  return n;
}
const PULLS = 5;
const BOT = 'xoxb-chaos-bot-token';
/** The baseline of the store scenarios: before every chaos notification. */
const SINCE = '2026-11-24T09:00:00Z';

const idList = (count: number) => Array.from({ length: count }, (_, i) => `c-${String(i).padStart(4, '0')}`);

type Scenario = 'faults' | 'store lost' | 'redis stopped' | 'runs frozen';

function dataset(count = COUNT) {
  const data = createSeedDataset();
  data.notifications = idList(count).map((id, i): NotificationRecord => ({
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
  scenario: Scenario;
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
  const head = ['scenario', 'destination', 'store', 'sent', 'duplicates', 'lost', 'dropped answers'];
  const lines = rows.map((r) =>
    [r.scenario, r.destination, r.store, r.sent, r.duplicates, r.lost, r.droppedAnswers].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    [
      `relay chaos (${COUNT.toLocaleString('en')} notifications, ~30% receiver faults, SIGKILLed and overlapping runs):`,
      fmt(head),
      ...lines.map(fmt),
      ...notes,
    ].join('\n'),
  );
});

interface StoreHand {
  /** Loses everything the store holds (FLUSHDB, the state file deleted). */
  lose?: () => void;
  /** Redis, to stop mid-run and bring back empty on its port. */
  redis?: { current: TestRedis };
}

async function chaos(
  emulatorUrl: string,
  storeName: 'redis' | 'file',
  storeEnv: Record<string, string>,
  seed: number,
  scenario: Scenario = 'faults',
  hand: StoreHand = {},
) {
  const ids = scenario === 'faults' ? idList(COUNT) : idList(SMALL);
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
    clock: () => Date.now(),
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
    DEPGATE_RELAY_LEASE: String(LEASE_S),
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
        .flatMap((c) => readMarker(c.body)?.ids ?? ['?']),
    );
    return { webhook, chat, github };
  };
  const complete = () => Object.values(delivered()).every((m) => ids.every((id) => m.has(id)));

  let kills = 0;
  let runs = 0;
  let losses = 0;
  let frozen = 0;
  let storeExits = 0;
  // Webhook messages sent before a loss of the store: the window a lost store may repeat there.
  let repeatable = 0;
  const webhookCount = () => slack.posted.filter((m) => m.via === 'webhook').length;
  const start = (overlap: boolean): { child: ChildProcess; done: Promise<number | null> } => {
    runs++;
    // The fault scenario backfills an empty store; the store scenarios keep a baseline in configuration,
    // as a lost store requires.
    const args = scenario === 'faults' ? ['relay', '--once', '--backfill'] : ['relay', '--once'];
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        ...env,
        ...(scenario === 'faults' ? {} : { DEPGATE_RELAY_SINCE: SINCE }),
        ...(overlap ? { DEPGATE_RELAY_RUN_LOCK: 'false' } : {}),
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    return {
      child,
      done: new Promise((resolve) =>
        child.on('exit', (code) => {
          if (code === 4) storeExits++;
          resolve(code);
        }),
      ),
    };
  };

  for (let round = 0; round < 120 && !complete(); round++) {
    const overlap = round % 3 === 2;
    const group = overlap ? [start(true), start(true)] : [start(false)];
    const victim = group[Math.floor(random() * group.length)]!;
    const at = (round < 4 ? 150 : 50) + Math.floor(random() * 900);
    if (scenario === 'redis stopped' && (round === 1 || round === 4)) {
      // Redis goes away in the middle of the run(s), and comes back empty (no persistence) afterwards.
      setTimeout(() => void hand.redis!.current.stop(), at);
    } else if (scenario === 'runs frozen' && round < 8) {
      // The run is frozen past its lease while the next one takes its claims over, then resumes.
      setTimeout(() => {
        if (victim.child.exitCode !== null || !victim.child.kill('SIGSTOP')) return;
        frozen++;
        const other = start(true);
        setTimeout(() => victim.child.kill('SIGCONT'), LEASE_S * 1000 + 1500);
        group.push(other);
      }, at);
    } else if (round < 4 || random() < 0.5) {
      // The first rounds, which hold most of the work, are always cut short; later ones half the time.
      setTimeout(() => {
        if (victim.child.exitCode === null && victim.child.kill('SIGKILL')) kills++;
      }, at);
    }
    await Promise.all(group.map((g) => g.done));
    // Frozen runs add a run to the group while it is awaited: wait for those too.
    await Promise.all(group.map((g) => g.done));
    if (scenario === 'redis stopped' && (round === 1 || round === 4)) {
      repeatable = webhookCount();
      losses++;
      const port = hand.redis!.current.port;
      await hand.redis!.current.stop();
      hand.redis!.current = await startRedis({ port });
    }
    if (scenario === 'store lost' && (round === 1 || round === 4)) {
      repeatable = webhookCount();
      losses++;
      hand.lose!();
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  // Once everything arrived, a run that is not killed sends nothing more where the destination can be
  // read back. (At the webhook it may still resend one whose answer was dropped: a counted duplicate.)
  const readable = () =>
    slack.posted.filter((m) => m.via === 'chat.postMessage').length +
    Array.from({ length: PULLS }, (_, p) => gh.comments(p + 1)).flat().length;
  const before = readable();
  await new Promise((r) => setTimeout(r, LEASE_S * 1000 + 100)); // every lease of an earlier run has run out
  const final = await start(false).done;
  expect(final === 0 || final === 1).toBe(true);
  expect(readable()).toBe(before);

  const got = delivered();
  for (const [destination, seen] of Object.entries(got) as [keyof typeof drops, Map<string, number>][]) {
    const sent = ids.filter((id) => seen.has(id)).length;
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    rows.push({
      scenario,
      destination,
      store: storeName,
      sent,
      duplicates: total - sent,
      lost: ids.length - sent,
      droppedAnswers: drops[destination],
    });
  }
  notes.push(
    `${scenario}, ${storeName} store: ${runs} runs, ${kills} killed with SIGKILL` +
      (losses > 0
        ? `, store lost ${losses} times (webhook messages before the last loss: ${repeatable})`
        : '') +
      (frozen > 0 ? `, ${frozen} frozen past their lease` : '') +
      (storeExits > 0 ? `, ${storeExits} stopped by the store (exit 4)` : ''),
  );
  await slack.close();
  await gh.close();
  return { got, drops, kills, runs, ids, repeatable, losses, frozen };
}

function check(result: Awaited<ReturnType<typeof chaos>>) {
  const { got, drops, kills, ids, repeatable, losses, frozen } = result;
  for (const seen of Object.values(got)) expect(ids.filter((id) => !seen.has(id))).toEqual([]);
  const dups = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) - m.size;
  // Read back before any resend: never a duplicate in a channel or a pull request.
  expect(dups(got.chat)).toBe(0);
  expect(dups(got.github)).toBe(0);
  // An incoming webhook cannot be read back: a duplicate needs a dropped answer or a run killed
  // between its send and its record.
  // A lost store may repeat at the webhook what was sent before the loss (the stated window); a run
  // frozen past its lease may have its message in flight when the next run sends it again.
  expect(dups(got.webhook)).toBeLessThanOrEqual(drops.webhook + kills + losses * repeatable + frozen);
  expect(kills + losses + frozen).toBeGreaterThan(0);
}

describe('relay chaos', { timeout: 600_000 }, () => {
  const emulator = startTestEmulator({ dataset: dataset() });
  const small = startTestEmulator({ dataset: dataset(SMALL) });
  it(
    'with the Redis store: every delivery arrives, none twice where it can be read back',
    { tags: ['redis'] },
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

  it(
    'the Redis store flushed twice mid-drain: nothing lost, repeats only at the webhook',
    { tags: ['redis'] },
    async () => {
      const redis = await startRedis();
      try {
        const result = await chaos((await small).url, 'redis', { REDIS_URL: redis.url }, 7001, 'store lost', {
          lose: () => expect(redisCli(redis.port, 'FLUSHDB')).toBe('OK'),
        });
        check(result);
      } finally {
        await redis.stop();
      }
    },
  );

  it('the state file deleted twice mid-drain: the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'depgate-chaos-'));
    const state = join(dir, 'state.json');
    try {
      const result = await chaos(
        (await small).url,
        'file',
        { DEPGATE_STATE_FILE: state },
        7002,
        'store lost',
        {
          lose: () => rmSync(state, { force: true }),
        },
      );
      check(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Redis stopped in the middle of runs and back empty: the same', { tags: ['redis'] }, async () => {
    const current = await startRedis();
    const hand = { redis: { current } };
    try {
      const result = await chaos(
        (await small).url,
        'redis',
        { REDIS_URL: current.url },
        7003,
        'redis stopped',
        hand,
      );
      check(result);
    } finally {
      await hand.redis.current.stop();
    }
  });

  it('runs frozen past their lease while others take over: the same', { tags: ['redis'] }, async () => {
    const redis = await startRedis();
    try {
      check(await chaos((await small).url, 'redis', { REDIS_URL: redis.url }, 7004, 'runs frozen'));
    } finally {
      await redis.stop();
    }
  });

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
