// `npm run bench -- relay`: the relay's own cost per notification, and how long a backlog takes to drain
// under Slack's one-message-a-second limit.
//
// 1. Overhead: 1,000 notifications through relayOnce (routing, a claim and a record per delivery in a
//    real redis-server or in the state file, the Slack message built and posted) to a loopback webhook
//    that answers at once, against the floor: the same messages POSTed by a bare loop with the same
//    fetch. The difference per notification is the relay's overhead (aim <= 2 ms with Redis).
// 2. Drain: 1,000 notifications to one webhook that enforces one message a second (429 with
//    Retry-After when sent faster), on a simulated clock: one message each vs digest mode, and how many
//    45-second function runs each needs.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Notification } from '../../src/core/index.js';
import {
  FUNCTION_DEADLINE_MS,
  fileStore,
  memoryStore,
  redisStore,
  relayOnce,
  slackMessage,
  slackWebhookSink,
  type RelayStore,
  type RouteRule,
} from '../../src/relay/index.js';
import { createClient } from 'redis';
import { HAS_REDIS, startRedis } from '../helpers/redis.js';
import { median, printTable } from './measure.js';

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);

const notes: Notification[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `b-${i}`,
  title: `Finding ${i}: prototype pollution in lodash`,
  description: `lodash 4.17.20 is reachable in acme/service-${i % 50} <!channel>`,
  severity: i % 3 === 0 ? 'SEVERITY_ERROR' : 'SEVERITY_WARNING',
  status: 'STATUS_DELIVERED',
  adminOnly: false,
  createdAt: '2026-11-24T10:00:00Z',
  link: `https://github.com/acme/service-${i % 50}/pull/${i}`,
  isExternalLink: true,
  linkText: 'View pull request',
}));

// A webhook that answers `ok` at once, or, when `limited`, enforces one message per simulated second.
let clock = 0;
let lastAt = -Infinity;
let limited = false;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (limited && clock - lastAt < 1000) {
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('rate_limited');
      return;
    }
    lastAt = clock;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/services/T/B/bench`;
const rules: RouteRule[] = [{ to: [{ kind: 'slack-webhook', url }] }];

async function* list(items: readonly Notification[]) {
  yield* items;
}

async function relayRun(store: RelayStore): Promise<number> {
  await store.markInitialized();
  const started = performance.now();
  const summary = await relayOnce({
    notifications: list(notes),
    rules,
    store,
    sinks: { 'slack-webhook': slackWebhookSink(fetch), 'slack-chat': undefined, github: undefined },
    owner: `bench-${Math.random()}`,
    now: () => Date.now(),
    minIntervalMs: 0,
    backfill: false,
  });
  const elapsed = performance.now() - started;
  if (summary.posted !== COUNT) throw new Error(`posted ${summary.posted} of ${COUNT}`);
  return elapsed;
}

async function bareRun(): Promise<number> {
  const started = performance.now();
  for (const n of notes) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(slackMessage(n)),
    });
    await res.text();
  }
  return performance.now() - started;
}

const redis = HAS_REDIS ? await startRedis() : undefined;
const dir = mkdtempSync(join(tmpdir(), 'depgate-relay-bench-'));
const stores: [string, () => Promise<RelayStore>][] = [
  ['memory', async () => memoryStore()],
  ['file', async () => fileStore(join(dir, `state-${Math.random()}.json`), Date.now())],
  ...(redis
    ? ([
        [
          'redis',
          async () => {
            // Each run starts from an empty Redis, as the file and memory stores do.
            const client = await createClient({ url: redis.url }).connect();
            await client.flushAll();
            await client.close();
            return redisStore(redis.url);
          },
        ],
      ] as [string, () => Promise<RelayStore>][])
    : []),
];

const times = new Map<string, number[]>([
  ['bare', []],
  ...stores.map(([name]) => [name, []] as [string, number[]]),
]);
// Warm up, then interleave every variant in each round so drift hits all alike.
await bareRun();
for (let i = 0; i < ITERATIONS; i++) {
  times.get('bare')!.push(await bareRun());
  for (const [name, open] of stores) {
    const store = await open();
    if (name === 'redis')
      await (
        await import('redis')
      )
        .createClient({ url: redis!.url })
        .connect()
        .then(async (c) => {
          await c.flushAll();
          await c.close();
        });
    try {
      times.get(name)!.push(await relayRun(store));
    } finally {
      await store.close();
    }
  }
}
const bare = median(times.get('bare')!);
console.log(
  `relay overhead: ${COUNT} notifications to a loopback webhook, median of ${ITERATIONS} interleaved runs`,
);
printTable(
  ['variant', 'total', 'per notification', 'overhead per notification', 'ratio to bare'],
  [
    ['bare POST loop (floor)', `${bare.toFixed(0)} ms`, `${(bare / COUNT).toFixed(3)} ms`, '-', '1.00x'],
    ...stores.map(([name]) => {
      const t = median(times.get(name)!);
      return [
        `relay, ${name} store`,
        `${t.toFixed(0)} ms`,
        `${(t / COUNT).toFixed(3)} ms`,
        `${((t - bare) / COUNT).toFixed(3)} ms${name === 'redis' ? ' (aim <= 2 ms)' : ''}`,
        `${(t / bare).toFixed(2)}x`,
      ];
    }),
  ],
);
if (!redis) console.log('(redis-server is not installed: the Redis row is left out)');

// Drain under the limit, on a simulated clock: sleeps move the clock instead of waiting.
async function drain(digest: boolean, deadlineMs?: number) {
  clock = 0;
  lastAt = -Infinity;
  limited = true;
  const store = memoryStore();
  await store.markInitialized();
  let runs = 0;
  let messages = 0;
  for (let posted = 0; posted < COUNT;) {
    runs++;
    const start = clock;
    const summary = await relayOnce({
      notifications: list(notes),
      rules: [{ ...rules[0]!, ...(digest ? { digest: true } : {}) }],
      store,
      sinks: { 'slack-webhook': slackWebhookSink(fetch), 'slack-chat': undefined, github: undefined },
      owner: `drain-${runs}`,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      ...(deadlineMs === undefined ? {} : { deadlineAt: start + deadlineMs }),
      backfill: false,
    });
    posted += summary.posted;
    messages += summary.messages;
    if (summary.posted === 0 && summary.failed > 0) throw new Error(summary.errors.join('; '));
    if (runs > 10_000) throw new Error('no progress');
    // The next scheduled run starts 5 minutes after this one started.
    if (posted < COUNT) clock = start + 5 * 60_000;
  }
  return { seconds: clock / 1000, runs, messages };
}

const rows: string[][] = [];
for (const digest of [false, true]) {
  const once = await drain(digest);
  const fn = await drain(digest, FUNCTION_DEADLINE_MS);
  rows.push([
    digest ? 'digest (45 per message)' : 'one message each',
    String(once.messages),
    `${once.seconds.toFixed(0)} s`,
    `${fn.runs} (${fn.runs === 1 ? 'done in the first' : `about ${((fn.runs - 1) * 5).toFixed(0)} min`})`,
  ]);
}
console.log(
  `\ndrain: ${COUNT} notifications to one webhook limited to one message a second (simulated clock)`,
);
printTable(['mode', 'messages', 'one unbounded run (CLI)', '45 s function runs every 5 min'], rows);

receiver.close();
await redis?.stop();
rmSync(dir, { recursive: true, force: true });
