import { createHash } from 'node:crypto';
import type { Notification } from '../core/index.js';
import { routeNotification, type RouteRule } from './route.js';
import type { Destination, RelayStore, RelaySummary, Sink } from './types.js';

/** A destination's name in the store: a webhook URL is a secret, so only its hash is kept. */
export function destinationKey(d: Destination): string {
  switch (d.kind) {
    case 'slack-webhook':
      return `slack-webhook:${createHash('sha256').update(d.url).digest('hex').slice(0, 16)}`;
    case 'slack-chat':
      return `slack:${d.channel}`;
    case 'github':
      return `github:${d.repository ?? 'linked'}#${d.number ?? 'linked'}`;
  }
}

export interface RelayRunOptions {
  notifications: AsyncIterable<Notification>;
  rules: readonly RouteRule[];
  store: RelayStore;
  sinks: Record<Destination['kind'], Sink | undefined>;
  /** This run's identity, for claims. */
  owner: string;
  now: () => number;
  /** Forward what is already unread on the first run instead of recording it. */
  backfill: boolean;
  /** Whether this run may end the first-run baseline (false for pushes: the first poll still records). */
  firstRunBaseline?: boolean;
  /** How long a claim holds before another run may retry it (longer than one send). */
  leaseMs?: number;
  /** How long a done delivery is remembered (default 90 days). */
  keepMs?: number;
}

const DAY = 86_400_000;

/**
 * One relay run: every unread notification, routed; each (notification, destination) claimed in the
 * store, sent, then marked done, so that no two runs send it and a failed send is retried by a later
 * run. The first run records what is unread without posting it, unless `backfill`.
 */
export async function relayOnce(options: RelayRunOptions): Promise<RelaySummary> {
  const { store, owner } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const keepMs = options.keepMs ?? 90 * DAY;
  const summary: RelaySummary = {
    fetched: 0,
    routed: 0,
    posted: 0,
    skipped: 0,
    failed: 0,
    recorded: 0,
    errors: [],
  };
  const first = !(await store.initialized());
  for await (const n of options.notifications) {
    summary.fetched++;
    const destinations = routeNotification(n, options.rules);
    if (destinations.length > 0) summary.routed++;
    for (const destination of destinations) {
      const key = `${n.id}\u0000${destinationKey(destination)}`;
      const claim = await store.claim(key, owner, leaseMs, options.now());
      if (claim !== 'claimed') {
        summary.skipped++;
        continue;
      }
      if (first && !options.backfill) {
        await store.complete(key, owner, keepMs, options.now());
        summary.recorded++;
        continue;
      }
      const sink = options.sinks[destination.kind];
      if (sink === undefined) {
        await store.release(key, owner);
        summary.failed++;
        summary.errors.push(`${n.id}: no ${destination.kind} destination is configured`);
        continue;
      }
      const result = await sink.send(n, destination);
      if (result.ok) {
        await store.complete(key, owner, keepMs, options.now());
        summary.posted++;
      } else if (result.surelyNotPosted) {
        // Known not to have posted: a later run retries.
        await store.release(key, owner);
        summary.failed++;
        summary.errors.push(`${n.id} to ${destinationKey(destination)}: ${result.error}`);
      } else {
        // The request may have posted and the answer was lost: keep the claim until its lease ends, so
        // a retry waits instead of racing a message that may be there (the residual risk, documented).
        summary.failed++;
        summary.errors.push(`${n.id} to ${destinationKey(destination)}: ${result.error} (may have posted)`);
      }
    }
  }
  if (first && options.firstRunBaseline !== false) await store.markInitialized();
  return summary;
}
