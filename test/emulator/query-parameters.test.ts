// Every documented query parameter of the findings and secrets listings, over raw HTTP against the
// emulator served on 127.0.0.1, written as real scripts write them: comma-separated and repeated lists,
// Python's `True`, `+` for a space.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/handler.js';
import { FINDINGS_PARAMETERS } from '../../src/emulator/findings-filter.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { FINDINGS_CASES, FINDINGS_REFUSALS, rows, SECRETS_CASES, SECRETS_REFUSALS } from './query-cases.js';
import { ROOT } from '../helpers/paths.js';
import { D, SLUG } from './support.js';

const emulator = createEmulator({ dataset: createSeedDataset(), sleep: async () => {} });
const server = await startEmulatorServer({ handler: emulator.handle });
afterAll(() => server.close());
const auth = { authorization: `Bearer ${SEED_TOKENS.api}` };

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { headers: auth });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const ids = (list: unknown) => (list as { id: unknown }[]).map((x) => x.id);
const FINDINGS = `/api/v1/deployments/${SLUG}/findings`;
const SECRETS = `/api/v1/deployments/${D}/secrets`;

describe('the findings listing over HTTP', () => {
  it('has a case for every documented parameter but the page ones, which have their own', () => {
    expect(Object.keys(FINDINGS_CASES).sort()).toEqual(
      FINDINGS_PARAMETERS.filter((p) => p !== 'page' && p !== 'page_size').sort(),
    );
  });

  it.each(rows(FINDINGS_CASES))('%s: ?%s', async (_, query, expected) => {
    const answer = await get(`${FINDINGS}?${query}`);
    expect([answer.status, ids(answer.body.findings)]).toEqual([200, expected]);
  });

  it.each([
    ['page=0&page_size=100', [70001, 70002, 70003, 70004, 70005, 70006]],
    ['page=1&page_size=100', []],
    ['page_size=3000&issue_type=sca', [71001, 71002, 71003, 71004]],
  ])('pages with ?%s', async (query, expected) => {
    const answer = await get(`${FINDINGS}?${query}`);
    expect([answer.status, ids(answer.body.findings)]).toEqual([200, expected]);
  });

  it.each(FINDINGS_REFUSALS)('refuses ?%s with a 400 naming the parameter', async (query, message) => {
    const answer = await get(`${FINDINGS}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('ignores an unknown parameter, as the service does, and notes it in the request log', async () => {
    emulator.log.length = 0;
    const answer = await get(`${FINDINGS}?status=open&colour=red&colour=blue`);
    expect([answer.status, ids(answer.body.findings)]).toEqual([200, [70001, 70002, 70005]]);
    expect(emulator.log.at(-1)?.notes).toEqual(['ignored unknown query parameter colour']);
  });
});

describe('the secrets listing over HTTP', () => {
  it.each(rows(SECRETS_CASES))('%s: ?%s', async (_, query, expected) => {
    const answer = await get(`${SECRETS}?${query}`);
    expect([answer.status, ids(answer.body.findings)]).toEqual([200, expected]);
  });

  it('pages a filtered listing, the cursor bound to its filter', async () => {
    const open = 'status=FINDING_STATUS_OPEN';
    const first = await get(`${SECRETS}?${open}&limit=2`);
    expect(ids(first.body.findings)).toEqual(['80001', '80002']);
    const cursor = first.body.cursor as string;
    const second = await get(`${SECRETS}?${open}&limit=2&cursor=${cursor}`);
    expect([ids(second.body.findings), second.body.cursor]).toEqual([['80004'], '']);
    const foreign = await get(`${SECRETS}?status=FINDING_STATUS_FIXED&limit=2&cursor=${cursor}`);
    expect(foreign.status).toBe(400);
  });

  it.each(SECRETS_REFUSALS)('refuses ?%s with a 400 naming the parameter', async (query, message) => {
    const answer = await get(`${SECRETS}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });
});

describe("the emulator's route table (docs/emulator.md)", () => {
  const doc = readFileSync(join(ROOT, 'docs/emulator.md'), 'utf8');
  const secrets = ['cursor', 'limit', 'status', 'severity', 'repo', 'validation_state', 'since'];

  it.each([...FINDINGS_PARAMETERS.map((p) => ['findings', p]), ...secrets.map((p) => ['secrets', p])])(
    'has a row for the %s parameter %s',
    (listing, parameter) => {
      const section = doc.split(/^### /m).find((s) => s.toLowerCase().startsWith(listing))!;
      expect(section).toContain(`| \`${parameter}\` |`);
    },
  );
});
