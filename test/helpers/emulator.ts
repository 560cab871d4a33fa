import { afterAll } from 'vitest';
import { createPlatformClient, type PlatformClientOptions } from '../../src/core/client.js';
import { defaultTransport } from '../../src/core/transport.js';
import type { EmulatorDataset } from '../../src/emulator/dataset.js';
import type { FaultRule } from '../../src/emulator/faults.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startServer } from '../../src/emulator/server.js';

/**
 * The emulator on a real loopback port, torn down after the file's tests, and a client of it over real
 * HTTP (cross-fetch) whose sleeps are recorded instead of waited.
 */
export async function startTestEmulator(options: { dataset?: EmulatorDataset; faults?: FaultRule[] } = {}) {
  const emulator = createEmulator({
    dataset: options.dataset ?? createSeedDataset(),
    faults: options.faults ?? [],
    sleep: async () => {},
  });
  const server = await startServer(emulator.handle);
  afterAll(() => server.close());
  const sleeps: number[] = [];
  let clock = 0;
  const client = (overrides: Partial<PlatformClientOptions> = {}) =>
    createPlatformClient({
      token: SEED_TOKENS.api,
      baseUrl: server.url,
      transport: defaultTransport,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      now: () => clock,
      random: () => 0.5,
      timeoutMs: 5_000,
      ...overrides,
    });
  return { emulator, server, url: server.url, client, sleeps };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
