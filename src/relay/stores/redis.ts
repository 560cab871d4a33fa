import { createClient } from 'redis';
import type { ClaimResult, RelayStore } from '../types.js';
import { guardStore, STORE_TIMEOUT_MS, StoreUnavailableError, withinStoreTimeout } from './guard-store.js';

const PREFIX = 'depgate:relay:';

// A claim is `claimed:<owner>:<lease end, ms>`, kept past its lease (for `keep`), so a later run that
// takes it over knows an earlier run may have posted. All steps compare and set in one Lua call.
const CLAIM = `local v = redis.call('GET', KEYS[1])
local value = 'claimed:' .. ARGV[1] .. ':' .. ARGV[3]
if v == false then redis.call('SET', KEYS[1], value, 'PX', ARGV[4]) return 'claimed' end
if v == 'done' then return 'done' end
local lease = tonumber(string.match(v, ':(%d+)$'))
if lease ~= nil and lease > tonumber(ARGV[2]) then return 'busy' end
redis.call('SET', KEYS[1], value, 'PX', ARGV[4])
return 'reclaimed'`;
const OWNED = `local v = redis.call('GET', KEYS[1])
local mine = v ~= false and string.sub(v, 1, string.len(ARGV[1])) == ARGV[1]`;
const COMPLETE = `${OWNED}
if v == false or mine then redis.call('SET', KEYS[1], 'done', 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `${OWNED}
if mine then return redis.call('DEL', KEYS[1]) end
return 0`;
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
/** How long a claim's record outlives its lease: long enough for any later run to see it. */
const CLAIM_RECORD_MS = 7 * 86_400_000;

/** How the store is named in messages: never the URL, which may hold a password. */
const LABEL = 'Redis (REDIS_URL)';

/**
 * Any Redis (`REDIS_URL`, managed ones included): a claim records its owner and lease end, done is
 * `done` kept for 90 days, each step a compare-and-set in Lua; the run lock is `SET NX PX`. Several
 * relays (Vercel's scheduler can fire twice) share it safely. A Redis out of reach fails fast: the
 * connection is given `timeoutMs`, a dropped one two quick reconnections, every command `timeoutMs`
 * (a StoreUnavailableError), instead of the client's default of retrying for ever.
 */
export async function redisStore(url: string, options: { timeoutMs?: number } = {}): Promise<RelayStore> {
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const client = createClient({
    url,
    socket: {
      connectTimeout: timeoutMs,
      reconnectStrategy: (retries, cause) => (retries >= 2 ? cause : 100 * (retries + 1)),
    },
    // A command sent while the connection is down fails at once rather than waiting in a queue.
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
  });
  client.on('error', () => undefined); // surfaced by the commands that fail
  const drop = () => {
    try {
      client.destroy();
    } catch {
      // already closed by the failed connection
    }
  };
  // connectTimeout bounds the TCP connect only: a peer that takes the connection and then never
  // answers the handshake (a stopped Redis, a silent port, something that is not Redis) would hold
  // connect() open for ever, so the whole of it runs under the store's timeout too.
  const unreachable = (reason: string) => new StoreUnavailableError(`cannot reach ${LABEL} (${reason})`);
  let timedOut = false;
  try {
    await withinStoreTimeout(
      LABEL,
      'connect',
      timeoutMs,
      () =>
        client.connect().catch((error: unknown) => {
          throw unreachable((error as NodeJS.ErrnoException).code ?? (error as Error).message);
        }),
      () => {
        timedOut = true;
        drop();
      },
    );
  } catch (error) {
    drop();
    throw timedOut
      ? unreachable(
          `it took the connection but did not answer within ${timeoutMs / 1000} s: a stopped or overloaded server, or not Redis`,
        )
      : error;
  }
  const key = (k: string) => `${PREFIX}delivery:${k}`;
  return guardStore(
    {
      async claim(k, owner, leaseMs, now): Promise<ClaimResult> {
        const result = await client.eval(CLAIM, {
          keys: [key(k)],
          arguments: [owner, String(now), String(now + leaseMs), String(leaseMs + CLAIM_RECORD_MS)],
        });
        return result as ClaimResult;
      },
      async complete(k, owner, keepMs) {
        await client.eval(COMPLETE, { keys: [key(k)], arguments: [`claimed:${owner}:`, String(keepMs)] });
      },
      async release(k, owner) {
        await client.eval(RELEASE, { keys: [key(k)], arguments: [`claimed:${owner}:`] });
      },
      async initialized() {
        return (await client.get(`${PREFIX}initialized`)) !== null;
      },
      async markInitialized() {
        await client.set(`${PREFIX}initialized`, new Date().toISOString());
      },
      async recordedBaseline() {
        const value = Number(await client.get(`${PREFIX}baseline`));
        return Number.isFinite(value) && value > 0 ? value : undefined;
      },
      async recordBaseline(since) {
        await client.set(`${PREFIX}baseline`, String(since));
      },
      async lockRun(owner, ttlMs) {
        const set = await client.set(`${PREFIX}run-lock`, owner, {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        });
        return set === 'OK';
      },
      async unlockRun(owner) {
        await client.eval(UNLOCK, { keys: [`${PREFIX}run-lock`], arguments: [owner] });
      },
      async close() {
        if (!client.isReady) {
          client.destroy();
          return;
        }
        // A graceful close waits for every pending reply: not for long from a Redis that stopped answering.
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            client.close(),
            new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('close')), 1_000))),
          ]);
        } catch {
          client.destroy();
        } finally {
          clearTimeout(timer);
        }
      },
    },
    LABEL,
    timeoutMs,
  );
}
