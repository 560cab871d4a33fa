import type { ClaimResult, RelayStore } from '../types.js';

type Delivery = { state: 'claimed'; owner: string; until: number } | { state: 'done'; until: number };

/** The store's rules over a plain map: shared by the memory store (tests) and the file store. */
export class DeliveryTable {
  constructor(
    public deliveries: Record<string, Delivery> = {},
    public isInitialized = false,
  ) {}

  runLock: { owner: string; until: number } | undefined;
  /** The baseline recorded when it was first given (epoch ms). */
  baseline: number | undefined;

  lockRun(owner: string, ttlMs: number, now: number): boolean {
    if (this.runLock !== undefined && this.runLock.owner !== owner && this.runLock.until > now) return false;
    this.runLock = { owner, until: now + ttlMs };
    return true;
  }

  unlockRun(owner: string): void {
    if (this.runLock?.owner === owner) this.runLock = undefined;
  }

  claim(key: string, owner: string, leaseMs: number, now: number): ClaimResult {
    const current = this.deliveries[key];
    if (current !== undefined && current.until > now) return current.state === 'done' ? 'done' : 'busy';
    this.deliveries[key] = { state: 'claimed', owner, until: now + leaseMs };
    return current?.state === 'claimed' ? 'reclaimed' : 'claimed';
  }

  complete(key: string, owner: string, keepMs: number, now: number): void {
    const current = this.deliveries[key];
    if (current?.state === 'claimed' && current.owner !== owner) return;
    this.deliveries[key] = { state: 'done', until: now + keepMs };
  }

  release(key: string, owner: string): void {
    const current = this.deliveries[key];
    if (current?.state === 'claimed' && current.owner === owner) delete this.deliveries[key];
  }

  /** Forgets done deliveries past their keep time (a run-out claim is kept: it says to read back). */
  prune(now: number): void {
    for (const [key, d] of Object.entries(this.deliveries))
      if (d.state === 'done' && d.until <= now) delete this.deliveries[key];
  }
}

/** In memory, for tests and one-off runs. */
export function memoryStore(): RelayStore & { table: DeliveryTable } {
  const table = new DeliveryTable();
  return {
    table,
    claim: (key, owner, leaseMs, now) => Promise.resolve(table.claim(key, owner, leaseMs, now)),
    complete: (key, owner, keepMs, now) => Promise.resolve(table.complete(key, owner, keepMs, now)),
    release: (key, owner) => Promise.resolve(table.release(key, owner)),
    initialized: () => Promise.resolve(table.isInitialized),
    markInitialized: () => {
      table.isInitialized = true;
      return Promise.resolve();
    },
    recordedBaseline: () => Promise.resolve(table.baseline),
    recordBaseline: (since) => {
      table.baseline = since;
      return Promise.resolve();
    },
    lockRun: (owner, ttlMs, now) => Promise.resolve(table.lockRun(owner, ttlMs, now)),
    unlockRun: (owner) => Promise.resolve(table.unlockRun(owner)),
    close: () => Promise.resolve(),
  };
}
