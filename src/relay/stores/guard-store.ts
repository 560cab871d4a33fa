import type { RelayStore } from '../types.js';

const BRAND = Symbol.for('depgate.StoreUnavailableError');

/**
 * The relay's store did not answer in time, or failed: the run stops at once (nothing is sent that the
 * store has not recorded as claimed) and says so; the next run picks up where this one stopped.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly [BRAND] = true;
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

/** How long one store operation may take before the run counts the store as out of reach. */
export const STORE_TIMEOUT_MS = 5_000;

/**
 * `work` given `timeoutMs` to settle: a StoreUnavailableError naming the store (`label`) and the step
 * (`op`) when it does not, or when it fails. `onTimeout` lets the caller drop what `work` still holds.
 */
export function withinStoreTimeout<T>(
  label: string,
  op: string,
  timeoutMs: number,
  work: () => Promise<T>,
  onTimeout: () => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new StoreUnavailableError(`${label}: no answer to ${op} within ${timeoutMs / 1000} s`));
      onTimeout();
    }, timeoutMs);
    timer.unref?.();
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          isStoreUnavailable(error)
            ? error
            : new StoreUnavailableError(
                `${label}: ${op} failed (${error instanceof Error ? error.message : String(error)})`,
              ),
        );
      },
    );
  });
}

/**
 * Every operation of `store` under a timeout, every failure as a StoreUnavailableError naming the store
 * (`label`, never a URL: it may hold a password). `close` gives up after the timeout too, so a store
 * that hangs can never hold a run open.
 */
export function guardStore(store: RelayStore, label: string, timeoutMs = STORE_TIMEOUT_MS): RelayStore {
  // Once the store has failed, every later operation fails at once (a frozen Redis would otherwise
  // cost a timeout per call: the run-lock release, the close), and closing does not wait for it.
  let failed: StoreUnavailableError | undefined;
  const g =
    <A extends unknown[], R>(op: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (failed !== undefined) throw failed;
      try {
        return await withinStoreTimeout(label, op, timeoutMs, () => fn(...args));
      } catch (error) {
        failed = error as StoreUnavailableError;
        throw error;
      }
    };
  return {
    claim: g('claim', store.claim.bind(store)),
    complete: g('complete', store.complete.bind(store)),
    release: g('release', store.release.bind(store)),
    initialized: g('initialized', store.initialized.bind(store)),
    markInitialized: g('markInitialized', store.markInitialized.bind(store)),
    recordedBaseline: g('recordedBaseline', store.recordedBaseline.bind(store)),
    recordBaseline: g('recordBaseline', store.recordBaseline.bind(store)),
    lockRun: g('lockRun', store.lockRun.bind(store)),
    unlockRun: g('unlockRun', store.unlockRun.bind(store)),
    close: () => {
      if (failed === undefined) return g('close', store.close.bind(store))();
      void store.close().catch(() => undefined);
      return Promise.resolve();
    },
  };
}
