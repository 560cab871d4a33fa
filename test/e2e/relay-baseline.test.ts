// The relay's baseline (DEPGATE_RELAY_SINCE) is kept in the store when it is first given: a later run
// without the variable never posts what was created before it. `depgate relay --once` as a child
// process against the emulator, posting to a Slack-compatible webhook on loopback, with the file store
// and with a real redis-server.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { HAS_REDIS, startRedis } from '../helpers/redis.js';

let server: Server;
let webhook = '';
let posted = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posted++;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhook = `http://127.0.0.1:${(server.address() as { port: number }).port}/services/T0/B0/SECRET`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const redis = startRedis();
afterAll(async () => {
  if (HAS_REDIS) await (await redis).stop();
});
const dir = mkdtempSync(join(tmpdir(), 'depgate-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = startTestEmulator();

const stores: [string, boolean, () => Promise<Record<string, string>>][] = [
  ['the file store', true, () => Promise.resolve({ DEPGATE_STATE_FILE: join(dir, 'state.json') })],
  ['Redis', HAS_REDIS, async () => ({ REDIS_URL: (await redis).url })],
];

describe.each(stores)('the relay baseline, kept in %s', (_name, available, storeEnv) => {
  const relay = async (since?: string) =>
    runDepgate(['relay', '--once'], {
      cwd: dir,
      env: {
        DEPGATE_API_URL: (await emulator).url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        DEPGATE_SLACK_WEBHOOK_URL: webhook,
        ...(await storeEnv()),
        ...(since === undefined ? {} : { DEPGATE_RELAY_SINCE: since }),
      },
    });
  const before = (stderr: string) =>
    Number(/(\d+) created before DEPGATE_RELAY_SINCE/.exec(stderr)?.[1] ?? 0);
  const postedBy = (stderr: string) => Number(/posted (\d+)/.exec(stderr)![1]);

  it.skipIf(!available)(
    'is used by a later run without DEPGATE_RELAY_SINCE, and a different one given wins, saying so',
    async () => {
      posted = 0;
      const install = new Date().toISOString();
      const first = await relay(install);
      expect(first.code).toBe(0);
      const old = before(first.stderr);
      expect(old).toBeGreaterThan(0);
      expect(postedBy(first.stderr)).toBe(0);

      const later = await relay();
      expect(later.code).toBe(0);
      expect(later.stderr).toContain(
        `DEPGATE_RELAY_SINCE is not set: using the baseline recorded in the store when it was given, ${new Date(install).toISOString()}`,
      );
      expect(postedBy(later.stderr)).toBe(0);
      expect(before(later.stderr)).toBe(old);
      expect(posted).toBe(0);

      const moved = await relay('2000-01-01T00:00:00Z');
      expect(moved.code).toBe(0);
      expect(moved.stderr).toContain(
        `DEPGATE_RELAY_SINCE (2000-01-01T00:00:00.000Z) differs from the baseline recorded in the store (${new Date(install).toISOString()}): the configured one wins`,
      );
      expect(postedBy(moved.stderr)).toBe(old);
      expect(posted).toBe(old);

      // The new one is recorded in the old one's place: nothing is posted twice, nothing is refused.
      const after = await relay();
      expect(after.code).toBe(0);
      expect(after.stderr).toContain(
        'using the baseline recorded in the store when it was given, 2000-01-01',
      );
      expect(postedBy(after.stderr)).toBe(0);
      expect(posted).toBe(old);
    },
  );
});
