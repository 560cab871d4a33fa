import { createClient } from 'redis';
import type { ClaimResult, RelayStore } from '../types.js';

const PREFIX = 'depgate:relay:';

// Compare-and-set in one step, so a run whose lease ran out cannot overwrite the claim of the run that
// took the delivery over.
const COMPLETE = `local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], 'done', 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Any Redis (`REDIS_URL`, managed ones included): a claim is `SET key claimed:<owner> NX PX lease`, done
 * is `done` kept for 90 days; both compare-and-set through Lua. Several relays (Vercel's scheduler can
 * fire twice) share it safely.
 */
export async function redisStore(url: string): Promise<RelayStore> {
  const client = createClient({ url });
  client.on('error', () => undefined); // surfaced by the commands that fail
  await client.connect();
  const key = (k: string) => `${PREFIX}delivery:${k}`;
  return {
    async claim(k, owner, leaseMs): Promise<ClaimResult> {
      const set = await client.set(key(k), `claimed:${owner}`, {
        condition: 'NX',
        expiration: { type: 'PX', value: leaseMs },
      });
      if (set === 'OK') return 'claimed';
      return (await client.get(key(k))) === 'done' ? 'done' : 'busy';
    },
    async complete(k, owner, keepMs) {
      await client.eval(COMPLETE, { keys: [key(k)], arguments: [`claimed:${owner}`, String(keepMs)] });
    },
    async release(k, owner) {
      await client.eval(RELEASE, { keys: [key(k)], arguments: [`claimed:${owner}`] });
    },
    async initialized() {
      return (await client.get(`${PREFIX}initialized`)) !== null;
    },
    async markInitialized() {
      await client.set(`${PREFIX}initialized`, new Date().toISOString());
    },
    async lockRun(owner, ttlMs) {
      const set = await client.set(`${PREFIX}run-lock`, owner, {
        condition: 'NX',
        expiration: { type: 'PX', value: ttlMs },
      });
      return set === 'OK';
    },
    async unlockRun(owner) {
      await client.eval(RELEASE, { keys: [`${PREFIX}run-lock`], arguments: [owner] });
    },
    async close() {
      await client.close();
    },
  };
}
