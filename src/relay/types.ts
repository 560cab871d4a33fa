import type { Notification } from '../core/index.js';

/** Where a notification goes. */
export type Destination =
  | { kind: 'slack-webhook'; url: string }
  | { kind: 'slack-chat'; channel: string }
  | { kind: 'github'; repository?: string; number?: number };

/** A stable name for a destination, for bookkeeping and summaries (never a secret: webhook URLs are hashed). */
export type DestinationKey = string;

/** What a sink does with one notification: posted, or failed (and whether it surely did not post). */
export type SendResult = { ok: true } | { ok: false; error: string; surelyNotPosted: boolean };

export interface Sink {
  send(notification: Notification, destination: Destination): Promise<SendResult>;
}

/** How a delivery stands in the store. */
export type ClaimResult = 'claimed' | 'done' | 'busy';

/**
 * The relay's memory: which (notification, destination) deliveries are done, which are claimed by a
 * run (with a lease, so a crashed run's claim expires and a later run retries), and which notifications
 * were already unread when the relay first ran.
 */
export interface RelayStore {
  claim(key: string, owner: string, leaseMs: number, now: number): Promise<ClaimResult>;
  complete(key: string, owner: string, keepMs: number, now: number): Promise<void>;
  release(key: string, owner: string): Promise<void>;
  /** Whether the relay has run before (false on the first run: what is unread is recorded, not posted). */
  initialized(): Promise<boolean>;
  markInitialized(): Promise<void>;
  close(): Promise<void>;
}

export interface RelaySummary {
  fetched: number;
  routed: number;
  posted: number;
  skipped: number;
  failed: number;
  /** Recorded on the first run without posting (no flood on install). */
  recorded: number;
  errors: string[];
}
