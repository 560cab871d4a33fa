import { createHash } from 'node:crypto';
import { isApiError, type Notification } from '../core/index.js';
import { SetupError } from '../edge-shared/index.js';
import { routeNotification, type RouteRule } from './route.js';
import { isStoreUnavailable, StoreUnavailableError } from './stores/guard-store.js';
import type { Destination, RelayStore, RelaySummary, SendResult, Sink } from './types.js';

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
  /** This run's identity, for claims and the run lock. */
  owner: string;
  now: () => number;
  /** Waits between two messages to one destination; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Forward what is already unread on the first run instead of recording it. */
  backfill: boolean;
  /**
   * The baseline, from configuration (DEPGATE_RELAY_SINCE, epoch ms): notifications created before it
   * are never posted, whatever the store holds. It is what lets a run that finds the store empty (a
   * first run, or a lost store) deliver without flooding and without dropping anything newer.
   */
  since?: number;
  /** Whether this run may end the first-run baseline (false for pushes: the first poll still records). */
  firstRunBaseline?: boolean;
  /** How long a claim holds before another run may retry it (longer than one send). */
  leaseMs?: number;
  /** How long a done delivery is remembered (default 90 days). */
  keepMs?: number;
  /** No message is started after this time (epoch ms): what is left is deferred to the next run. */
  deadlineAt?: number;
  /** Take the run lock first (default true); pushes skip it, since the claims alone keep them once. */
  runLock?: boolean;
  /** Destinations served at the same time (default 4); each destination is paced on its own. */
  concurrency?: number;
  /** Least time between two messages to one destination, instead of each sink's own (Slack: 1 s). */
  minIntervalMs?: number;
  /** For GitHub destinations "linked": the GitHub Enterprise host links may point to. */
  githubHost?: string;
}

const DAY = 86_400_000;
/** A rate limit asking for a longer wait than this leaves the destination's rest to the next run. */
const MAX_WAIT_MS = 60_000;

interface Queue {
  destination: Destination;
  key: string;
  singles: Notification[];
  digest: Notification[];
}

const aborted = (error: unknown) => isApiError(error) && error.kind === 'aborted';

/** Clocks of the platform, the relay and the destination may differ by this much. */
const CLOCK_SKEW_MS = 10 * 60_000;

/** When a notification was created (epoch ms); 0 when unreadable, so it is never taken as too old. */
function createdAt(n: Notification): number {
  const t = Date.parse(n.createdAt);
  return Number.isFinite(t) ? t : 0;
}

/**
 * One relay run. Every unread notification is routed; each (notification, destination) delivery is
 * claimed in the store, sent, then marked done, so that no two runs send it and a failed send is retried
 * by a later run. Destinations are served side by side, each paced to its own rate limit; a message is
 * never started after the deadline, and what is left then is counted as deferred. The first run records
 * what is unread without posting it, unless `backfill`.
 */
export async function relayOnce(options: RelayRunOptions): Promise<RelaySummary> {
  const { store, owner, now } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const keepMs = options.keepMs ?? 90 * DAY;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadlineAt = options.deadlineAt ?? Number.POSITIVE_INFINITY;
  const summary: RelaySummary = {
    fetched: 0,
    routed: 0,
    posted: 0,
    messages: 0,
    skipped: 0,
    failed: 0,
    deferred: 0,
    baseline: 0,
    unrecorded: 0,
    busy: false,
    errors: [],
    notes: [],
  };
  const locking = options.runLock !== false;
  // The lock outlives a run that dies, but not by much: the lease of its claims.
  if (locking && !(await store.lockRun(owner, leaseMs, now()))) {
    summary.busy = true;
    return summary;
  }
  // Set when the store fails: every worker stops before its next send (nothing goes out unclaimed).
  let halted: Error | undefined;
  let readBackAll = false;
  /** A read-back on a store found empty failed: the next run must read back as well. */
  let unreadable = false;
  /** The run did not reach every unread notification (the deadline cut the listing short). */
  let listingCut = false;
  try {
    const empty = !(await store.initialized());
    const since = await settleBaseline(options.since, await store.recordedBaseline());
    const baselineRun = options.firstRunBaseline !== false;
    if (empty && baselineRun && since === undefined && !options.backfill)
      throw new SetupError(
        "the relay's store is empty: this is its first run, or its state was lost (Redis flushed, the " +
          'state file missing). Without a baseline it cannot tell which, so it posts nothing and records ' +
          'nothing. Set DEPGATE_RELAY_SINCE to the time from which notifications are posted (for a first ' +
          `install, now: ${new Date(now()).toISOString()}; older ones are never posted), or pass --backfill ` +
          '(DEPGATE_RELAY_BACKFILL=true) to post every unread notification.',
      );
    // The store may have been lost: whatever this run sends where the destination can be read back
    // (Slack channels, GitHub threads) is looked for there first; an incoming webhook may repeat it.
    readBackAll = empty && baselineRun;
    if (readBackAll)
      summary.notes.push(
        `the store was empty (a first run, or its state was lost): posting what is unread${since === undefined ? '' : ` and created since ${new Date(since).toISOString()} (DEPGATE_RELAY_SINCE)`}; Slack channels and GitHub threads are read back first, an incoming webhook may repeat what an earlier run sent`,
      );
    else if (options.since === undefined && baselineRun && !options.backfill)
      summary.notes.push(
        since === undefined
          ? 'DEPGATE_RELAY_SINCE is not set: the first-run baseline lives only in the store, so if the store is lost the relay stops and asks for it'
          : `DEPGATE_RELAY_SINCE is not set: using the baseline recorded in the store when it was given, ${new Date(since).toISOString()} (set the variable for good, so that a lost store does not lose it)`,
      );
    const queues = new Map<string, Queue>();
    try {
      for await (const n of options.notifications) {
        summary.fetched++;
        // A notification whose time cannot be read is posted: never dropped for want of a date.
        if (since !== undefined && createdAt(n) > 0 && createdAt(n) < since) {
          summary.baseline++;
          continue;
        }
        const routed = routeNotification(
          n,
          options.rules,
          options.githubHost ? { githubHost: options.githubHost } : {},
        );
        if (routed.length > 0) summary.routed++;
        for (const { destination, digest } of routed) {
          const key = destinationKey(destination);
          let queue = queues.get(key);
          if (queue === undefined) queues.set(key, (queue = { destination, key, singles: [], digest: [] }));
          (digest ? queue.digest : queue.singles).push(n);
        }
      }
    } catch (error) {
      // The deadline stopped the listing: deliver what was read; the rest is still unread next run.
      if (!aborted(error)) throw error;
      listingCut = true;
      summary.errors.push(
        'the run deadline came while listing notifications; the rest waits for the next run',
      );
    }

    const list = [...queues.values()];
    const workers = Array.from({ length: Math.min(options.concurrency ?? 4, list.length) }, async () => {
      for (let queue = list.shift(); queue !== undefined && halted === undefined; queue = list.shift())
        try {
          await serve(queue);
        } catch (error) {
          halted ??= error instanceof Error ? error : new Error(String(error));
        }
    });
    await Promise.all(workers);
    if (halted !== undefined) throw halted;
    // A store found empty is marked as running only once this run has settled every delivery it could
    // see: one it left for later (the deadline, a long rate limit, a run held up) may have been sent
    // before the store was lost, so the next run must read it back too instead of sending it blind.
    if (empty && baselineRun) {
      if (!unreadable && !listingCut && summary.deferred === 0) await store.markInitialized();
      else
        summary.notes.push(
          'the store stays marked as found empty until a run settles every unread notification: the next run reads Slack channels and GitHub threads back as well',
        );
    }
    return summary;
  } catch (error) {
    if (isStoreUnavailable(error)) {
      const lost =
        summary.unrecorded > 0
          ? `; ${summary.unrecorded} posted before the store failed could not be recorded as sent: their claims are kept, so the next run reads Slack channels and GitHub threads back before sending them again (an incoming webhook may repeat them)`
          : '';
      throw Object.assign(
        new StoreUnavailableError(
          `${error.message}: the run stopped (posted ${summary.posted}, nothing sent without its claim recorded${lost})`,
        ),
        { summary },
      );
    }
    throw error;
  } finally {
    if (locking) await store.unlockRun(owner).catch(() => undefined);
  }

  /**
   * The baseline of this run: the one configured (DEPGATE_RELAY_SINCE, --since) wins, since it is what
   * the operator set for this run, and is recorded in the store whenever it is new there, so that a
   * later run without the variable still honours it; without one, the baseline recorded earlier.
   */
  async function settleBaseline(given: number | undefined, recorded: number | undefined) {
    if (given === undefined) return recorded;
    if (recorded !== given) {
      if (recorded !== undefined)
        summary.notes.push(
          `DEPGATE_RELAY_SINCE (${new Date(given).toISOString()}) differs from the baseline recorded in the store (${new Date(recorded).toISOString()}): the configured one wins, as what the operator set for this run, and is recorded in its place; notifications created before it are not posted`,
        );
      await store.recordBaseline(given);
    }
    return given;
  }

  async function serve(queue: Queue): Promise<void> {
    const sink = options.sinks[queue.destination.kind];
    const total = queue.singles.length + queue.digest.length;
    if (sink === undefined) {
      summary.failed += total;
      summary.errors.push(`${queue.key}: no ${queue.destination.kind} destination is configured`);
      return;
    }
    const units: Notification[][] = queue.singles.map((n) => [n]);
    for (let i = 0; i < queue.digest.length; i += sink.maxDigest)
      units.push(queue.digest.slice(i, i + sink.maxDigest));
    let nextAt = 0;
    let left = total;
    for (const unit of units) {
      if (now() >= deadlineAt) break;
      let claimed: Notification[] = [];
      const reclaimed: Notification[] = [];
      const claimedAt = now();
      // Of `reclaimed`, those taken over from an earlier run (the rest: claimed afresh on an empty store).
      const takenOver = new Set<Notification>();
      for (const n of unit) {
        if (halted !== undefined) return;
        const claim = await store.claim(`${n.id}\u0000${queue.key}`, owner, leaseMs, now());
        if (claim === 'claimed' || claim === 'reclaimed') claimed.push(n);
        if (claim === 'reclaimed') takenOver.add(n);
        if (claim === 'reclaimed' || (claim === 'claimed' && readBackAll)) reclaimed.push(n);
        if (claim === 'done' || claim === 'busy') {
          summary.skipped++;
          left--;
        }
      }
      // An earlier run claimed these and stopped without an outcome (it died, or its answer was lost),
      // or the store was found empty: it may have posted. Where the destination can be read back, look
      // before sending again, as far back as the oldest of them was created (the marker in the message
      // is the record, however long ago that run was; not a window tied to the lease).
      if (reclaimed.length > 0 && sink.alreadyPosted !== undefined) {
        let why = '';
        const found = await sink
          .alreadyPosted(
            reclaimed.map((n) => n.id),
            queue.destination,
            Math.max(now() - keepMs, Math.min(...reclaimed.map(createdAt)) - CLOCK_SKEW_MS),
          )
          .catch((error: unknown) => {
            why = ` (${error instanceof Error ? error.message : String(error)})`;
            return undefined;
          });
        const settled = new Set<Notification>();
        for (const n of reclaimed) {
          if (found === undefined) {
            // Cannot tell: keep a claim taken over from an earlier run until its lease ends; a later
            // run reads back again. A claim of this run on a store found empty is released, and the
            // store is not marked as running, so the next run reads back too. Counted as failed, so
            // that a destination that can never be read back is not quiet about it.
            if (!takenOver.has(n)) {
              unreadable = true;
              await store.release(`${n.id}\u0000${queue.key}`, owner);
            }
            summary.failed++;
          } else if (found.has(n.id)) {
            await store.complete(`${n.id}\u0000${queue.key}`, owner, keepMs, now());
            summary.skipped++;
          } else continue;
          settled.add(n);
          left--;
        }
        if (found === undefined)
          summary.errors.push(
            `${queue.key}: could not read back whether an earlier run sent ${reclaimed.map((n) => n.id).join(', ')}${why}; not sent, the next run reads back again`,
          );
        claimed = claimed.filter((n) => !settled.has(n));
      }
      if (claimed.length === 0) continue;
      const keys = claimed.map((n) => `${n.id}\u0000${queue.key}`);
      const releaseAll = async () => {
        for (const k of keys) await store.release(k, owner);
      };
      let result: SendResult | undefined;
      for (let attempt = 1; ; attempt++) {
        const wait = Math.max(0, nextAt - now());
        if (now() + wait >= deadlineAt) break;
        if (wait > 0) await sleep(wait);
        // Another worker found the store out of reach: this claim may not be recorded, so send nothing.
        if (halted !== undefined) break;
        // This run was held up (a paused process, a long wait) until half its lease is gone: another run
        // may take the claim over before this message arrives, so leave it to the next run.
        if (now() - claimedAt >= leaseMs / 2) {
          summary.errors.push(`${queue.key}: this run was held up past half its claims' lease; next run`);
          break;
        }
        result = await sink.send(claimed, queue.destination);
        nextAt = now() + (options.minIntervalMs ?? sink.minIntervalMs);
        // A rate limit posted nothing: wait as asked and send again, while the run has time for it.
        if (result.ok || result.retryAfterMs === undefined || attempt >= 3) break;
        if (result.retryAfterMs > MAX_WAIT_MS || now() + result.retryAfterMs >= deadlineAt) break;
        nextAt = now() + result.retryAfterMs;
      }
      if (result === undefined) {
        if (halted !== undefined) return;
        await releaseAll();
        break;
      }
      const ids = claimed.map((n) => n.id).join(', ');
      if (result.ok) {
        summary.unrecorded += claimed.length;
        for (const k of keys) await store.complete(k, owner, keepMs, now());
        summary.unrecorded -= claimed.length;
        summary.posted += claimed.length;
        summary.messages++;
        left -= claimed.length;
        continue;
      }
      if (result.surelyNotPosted) {
        await releaseAll();
        if (result.retryAfterMs !== undefined) {
          // Rate limited past what the run can wait: the destination's rest waits for the next run.
          summary.errors.push(`${queue.key}: ${result.error}; ${left} left for the next run`);
          break;
        }
        summary.failed += claimed.length;
        summary.errors.push(`${ids} to ${queue.key}: ${result.error}`);
      } else {
        // The request may have posted and the answer was lost: keep the claims until their lease ends,
        // so a retry waits instead of racing a message that may be there (the residual risk, documented).
        summary.failed += claimed.length;
        summary.errors.push(`${ids} to ${queue.key}: ${result.error} (may have posted)`);
      }
      left -= claimed.length;
    }
    summary.deferred += left;
  }
}
