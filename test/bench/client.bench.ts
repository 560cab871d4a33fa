// A full client traversal of a dependencies listing vs a bare fetch loop over the same pages, on real
// loopback HTTP against the emulator: the client's overhead (retry wrapper, validation, normalization,
// pagination guards) as a ratio.
import { createPlatformClient } from '../../src/core/client.js';
import { defaultTransport } from '../../src/core/transport.js';
import type { WireDependencyFilter } from '../../src/core/wire.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startServer } from '../../src/emulator/server.js';
import { median, ms, printTable } from './measure.js';

const REPOSITORIES = Number(process.env.BENCH_REPOSITORIES ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);
const dataset = generateDataset({ repositories: REPOSITORIES, dependenciesPerRepository: 100, seed: 42 });
const emulator = createEmulator({ dataset });
const server = await startServer(emulator.handle);
const filter: WireDependencyFilter = { ecosystem: ['npm'] };
const pageSize = 10_000;
const url = `${server.url}/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`;
const headers = {
  authorization: `Bearer ${SEED_TOKENS.api}`,
  'content-type': 'application/json',
  accept: 'application/json',
};

/** The floor: the same requests with the same transport, parsing JSON and following the cursor, nothing else. */
async function bareLoop(fetchLike: typeof defaultTransport): Promise<number> {
  let cursor: string | undefined;
  let count = 0;
  do {
    const res = await fetchLike(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        dependencyFilter: filter,
        pageSize,
        ...(cursor === undefined ? {} : { cursor }),
      }),
    });
    const body = JSON.parse(await res.text()) as {
      dependencies?: unknown[];
      cursor?: string;
      hasMore?: boolean;
    };
    count += body.dependencies?.length ?? 0;
    cursor = body.hasMore === true ? body.cursor : undefined;
  } while (cursor !== undefined);
  return count;
}

const client = createPlatformClient({
  token: SEED_TOKENS.api,
  baseUrl: server.url,
  transport: defaultTransport,
});
async function clientTraversal(): Promise<number> {
  let count = 0;
  for await (const _ of client.dependencies(SEED_DEPLOYMENT.id, filter, { pageSize }).items()) count++;
  return count;
}

const globalFetch: typeof defaultTransport = (u, init) => fetch(u, init);
const runs: Record<string, number[]> = { client: [], bare: [], bareGlobal: [] };
let items = 0;
await clientTraversal();
await bareLoop(defaultTransport);
for (let i = 0; i < ITERATIONS; i++) {
  for (const [name, run] of (i % 2 === 0
    ? [
        ['client', clientTraversal],
        ['bare', () => bareLoop(defaultTransport)],
        ['bareGlobal', () => bareLoop(globalFetch)],
      ]
    : [
        ['bare', () => bareLoop(defaultTransport)],
        ['client', clientTraversal],
        ['bareGlobal', () => bareLoop(globalFetch)],
      ]) as [string, () => Promise<number>][]) {
    globalThis.gc?.();
    const start = performance.now();
    items = await run();
    runs[name]!.push(performance.now() - start);
  }
}
await server.close();
const pages = Math.ceil(items / pageSize);
console.log(
  `\n## Client: full traversal over loopback HTTP (${items.toLocaleString('en')} dependencies, ${pages} pages of ${pageSize.toLocaleString('en')}, median of ${ITERATIONS})\n`,
);
const c = median(runs.client!);
const b = median(runs.bare!);
const g = median(runs.bareGlobal!);
printTable(
  ['traversal', 'median', 'per page', 'ratio to bare loop (same transport)'],
  [
    [
      'depgate client (cross-fetch)',
      ms(c),
      ms(c / pages),
      `${(c / b).toFixed(3)} (aim <= 1.10) ${c / b <= 1.1 ? 'ok' : 'OVER'}`,
    ],
    ['bare loop (cross-fetch)', ms(b), ms(b / pages), '1.000'],
    ['bare loop (global fetch)', ms(g), ms(g / pages), (g / b).toFixed(3)],
  ],
);
