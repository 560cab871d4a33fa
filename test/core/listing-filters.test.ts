// The client's findings and secrets listings pass every documented filter through to the service:
// the same cases as the emulator's raw-HTTP test, through the client over loopback HTTP.
import { describe, expect, it } from 'vitest';
import { SEED_DEPLOYMENT } from '../../src/emulator/seed.js';
import { collect, startTestEmulator } from '../helpers/emulator.js';
import { FINDINGS_CASES, queryRecord, rows, SECRETS_CASES } from '../emulator/query-cases.js';

const env = await startTestEmulator();
const api = env.client();
const SLUG = SEED_DEPLOYMENT.slug;
const D = SEED_DEPLOYMENT.id;

/** The case's query without the page parameters, which the client sets itself. */
function filters(query: string): Record<string, string | string[]> {
  const { page: _page, page_size: _size, ...rest } = queryRecord(query);
  return rest;
}

describe('the client lists findings with every documented filter', () => {
  it.each(rows(FINDINGS_CASES))('%s: ?%s', async (_, query, expected) => {
    const items = await collect(api.findings(SLUG, { query: filters(query) }).items());
    expect(items.map((f) => f.id)).toEqual(expected);
  });

  it('sends an array as a repeated key, as httpx and URLSearchParams send a list', async () => {
    const paths: string[] = [];
    const client = env.client({ onRequest: (entry) => paths.push(entry.path) });
    const page = await client.listFindingsPage(SLUG, 0, {
      query: { issue_type: ['sast', 'sca'], status: 'open', autotriage_verdict: 'true_positive' },
    });
    expect(paths).toEqual([
      `/api/v1/deployments/${SLUG}/findings?issue_type=sast&issue_type=sca&status=open&autotriage_verdict=true_positive&page=0&page_size=3000`,
    ]);
    expect(page.items.map((f) => f.id)).toEqual([70001, 70002, 71001]);
  });

  it('pages by its own page and page_size, whatever the query says', async () => {
    const second = await api.listFindingsPage(SLUG, 1, { pageSize: 100, query: { page: '0' } });
    expect(second.items).toEqual([]);
  });
});

describe('the client lists secrets with every documented filter', () => {
  it.each(rows(SECRETS_CASES))('%s: ?%s', async (_, query, expected) => {
    const items = await collect(api.secrets(D, { pageSize: 2, query: queryRecord(query) }).items());
    expect(items.map((s) => s.id)).toEqual(expected);
  });
});
