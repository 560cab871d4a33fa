import { afterAll } from 'vitest';
import { defaultTransport, type Transport } from '../../src/core/index.js';
import {
  createEmulator,
  createSeedDataset,
  startServer,
  type FaultRule,
  type OsvDatabaseOptions,
} from '../../src/emulator/index.js';
import { osvSource, type OsvSourceOptions } from '../../src/vulns/index.js';

/** What the client sent: each request's method, URL, headers and parsed body. */
export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The emulator on a loopback port (closed after the file's tests), serving OSV's API, and an OSV source
 * pointed at it as a user points one at a mirror: by URL, over real HTTP; sleeps recorded, not waited.
 */
export async function startOsvEmulator(options: { osv?: OsvDatabaseOptions; faults?: FaultRule[] } = {}) {
  const emulator = createEmulator({
    dataset: createSeedDataset(),
    faults: options.faults ?? [],
    sleep: async () => {},
    ...(options.osv === undefined ? {} : { osv: options.osv }),
  });
  const server = await startServer(emulator.handle);
  afterAll(() => server.close());
  const sent: Sent[] = [];
  const sleeps: number[] = [];
  const recording: Transport = async (url, init) => {
    sent.push({
      method: init.method,
      url,
      headers: init.headers,
      body: init.body === undefined ? undefined : (JSON.parse(init.body) as unknown),
    });
    return defaultTransport(url, init);
  };
  const source = (overrides: Partial<OsvSourceOptions> = {}) =>
    osvSource({
      url: server.url,
      fetch: recording,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      timeoutMs: 10_000,
      ...overrides,
    });
  const reset = () => {
    sent.length = 0;
    sleeps.length = 0;
    emulator.log.length = 0;
  };
  return { emulator, server, url: server.url, source, sent, sleeps, reset };
}

/** The seeded dataset's vulnerable versions and the demo's, as a lockfile lists them. */
export const SEEDED = {
  lodash: { ecosystem: 'npm', name: 'lodash', version: '4.17.20' },
  minimist: { ecosystem: 'npm', name: 'minimist', version: '1.2.5' },
  eventStream: { ecosystem: 'npm', name: 'event-stream', version: '3.3.6' },
  pyyaml: { ecosystem: 'pypi', name: 'PyYAML', version: '5.3.1' },
  crypto: { ecosystem: 'gomod', name: 'golang.org/x/crypto', version: 'v0.0.0-20220314234659-1baeb1ce4c0b' },
  log4j: { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
  openssl: { ecosystem: 'cargo', name: 'openssl', version: '0.10.64' },
} as const;
