import type { Notification } from '../core/index.js';

/**
 * Where a notification goes. A GitHub destination without `repository` is "the pull request or issue
 * the notification links to"; routing resolves it per notification (see `routeNotification`).
 */
export type Destination =
  | { kind: 'slack-webhook'; url: string }
  | { kind: 'slack-chat'; channel: string }
  | { kind: 'github'; repository?: string; number?: number };

/** A stable name for a destination, for bookkeeping and summaries (never a secret: webhook URLs are hashed). */
export type DestinationKey = string;

/**
 * What a sink did with one message: posted, or failed, saying whether it surely did not post (then a
 * later run may send it again) and, for a rate limit, how long the destination asked to wait.
 */
export type SendResult =
  { ok: true } | { ok: false; error: string; surelyNotPosted: boolean; retryAfterMs?: number };

export interface Sink {
  /** Least time between two messages to one destination (Slack: about one a second). */
  readonly minIntervalMs: number;
  /** Most notifications one digest message lists. */
  readonly maxDigest: number;
  /** One message: a single notification, or a digest listing several. */
  send(batch: readonly Notification[], destination: Destination): Promise<SendResult>;
  /**
   * Which of these notifications already have a message of this relay at the destination since
   * `sinceMs` (undefined: it could not be read). Destinations that can be read back (Slack channels by
   * message metadata, GitHub threads by a hidden marker) have it; incoming webhooks cannot.
   */
  alreadyPosted?(
    ids: readonly string[],
    destination: Destination,
    sinceMs: number,
  ): Promise<Set<string> | undefined>;
}

/**
 * How a delivery stands in the store: claimed by this run, `reclaimed` (claimed by this run after an
 * earlier run's claim ran out without an outcome: that run may have posted before it died, so the
 * destination is read back first where it can be), done, or busy (claimed by a run that is still on it).
 */
export type ClaimResult = 'claimed' | 'reclaimed' | 'done' | 'busy';

/**
 * The relay's memory: which (notification, destination) deliveries are done, which are claimed by a
 * run (with a lease, so a crashed run's claim expires and a later run retries), and which notifications
 * were already unread when the relay first ran.
 */
export interface RelayStore {
  claim(key: string, owner: string, leaseMs: number, now: number): Promise<ClaimResult>;
  complete(key: string, owner: string, keepMs: number, now: number): Promise<void>;
  release(key: string, owner: string): Promise<void>;
  /**
   * Whether the relay has run on this store before. False on a first run and after the store was lost:
   * the relay cannot tell which, so it needs the baseline from configuration (DEPGATE_RELAY_SINCE).
   */
  initialized(): Promise<boolean>;
  markInitialized(): Promise<void>;
  /**
   * The baseline recorded when it was first given (epoch ms; DEPGATE_RELAY_SINCE), undefined when none
   * was: a later run without the variable still never posts what was created before it.
   */
  recordedBaseline(): Promise<number | undefined>;
  recordBaseline(since: number): Promise<void>;
  /**
   * The run lock: true when this run may work (no other run holds it, or its hold ran out). It only
   * saves work: two runs that both work still deliver each notification once, through the claims.
   */
  lockRun(owner: string, ttlMs: number, now: number): Promise<boolean>;
  unlockRun(owner: string): Promise<void>;
  close(): Promise<void>;
}

export interface RelaySummary {
  fetched: number;
  /** Notifications that matched at least one route. */
  routed: number;
  /** Deliveries (notification, destination) posted by this run. */
  posted: number;
  /** Messages sent (a digest is one message for several deliveries). */
  messages: number;
  /** Deliveries already done (or under way in another run). */
  skipped: number;
  failed: number;
  /** Deliveries left for the next run: the run deadline came, or a destination asked to wait. */
  deferred: number;
  /** Created before the configured baseline (DEPGATE_RELAY_SINCE): never posted. */
  baseline: number;
  /** Posted, but the store failed before it was recorded as sent (its claim is kept: read back next run). */
  unrecorded: number;
  /** Another run held the run lock: this one did nothing. */
  busy: boolean;
  errors: string[];
  /** What the run wants the operator to know that is not an error (the store found empty, ...). */
  notes: string[];
}
