// DELETE /api/v1/deployments/{slug}/projects/{project_name}: "Delete a project ... This will also
// delete all of the associated findings." Through the handler, and over HTTP on 127.0.0.1 as the
// public bulk-deletion script calls it (raw slashes in the name; success is a 200).
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/handler.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { call, D, seededEmulator, SLUG } from './support.js';

const ids = (list: unknown) => (list as { id: unknown }[]).map((x) => x.id);
const PROJECTS = `/api/v1/deployments/${SLUG}/projects`;

describe('deleting a project', () => {
  it.each([
    ['with raw slashes', 'acme/web'],
    ['percent-encoded', 'acme%2Fweb'],
    ['percent-encoded in lower case', 'acme%2fweb'],
  ])('removes it %s, with its findings and secrets, and answers 200', async (_, name) => {
    const emulator = seededEmulator();
    const answer = await call(emulator, 'DELETE', `${PROJECTS}/${name}`);
    expect([answer.status, answer.body]).toEqual([200, {}]);
    expect((await call(emulator, 'GET', `${PROJECTS}/acme/web`)).status).toBe(404);
    const projects = await call(emulator, 'GET', PROJECTS);
    expect((projects.body.projects as { name: string }[]).map((p) => p.name)).not.toContain('acme/web');
    const findings = await call(
      emulator,
      'GET',
      `/api/v1/deployments/${SLUG}/findings?issue_type=sast&issue_type=sca&issue_type=ai_sast`,
    );
    // acme/web's 70001, 70004, 70005, 71001 and 71004 are gone; the other projects' stay.
    expect(ids(findings.body.findings)).toEqual([70002, 70003, 70006, 71002, 71003, 72001]);
    const secrets = await call(emulator, 'GET', `/api/v1/deployments/${D}/secrets`);
    expect(ids(secrets.body.findings)).toEqual(['80001', '80003', '80004', '80005']);
  });

  it('answers 404 for a project that does not exist, or no longer does', async () => {
    const emulator = seededEmulator();
    expect((await call(emulator, 'DELETE', `${PROJECTS}/acme/api`)).status).toBe(200);
    const again = await call(emulator, 'DELETE', `${PROJECTS}/acme/api`);
    expect([again.status, again.body]).toEqual([404, { error: 'project "acme/api" not found' }]);
  });

  it("leaves another deployment's project of the same name alone", async () => {
    const dataset = createSeedDataset();
    const other = await call(seededEmulator({ dataset }), 'DELETE', `${PROJECTS}/other/app`);
    expect(other.status).toBe(404);
    expect(dataset.projects.map((p) => p.name)).toContain('other/app');
  });

  it.each([
    ['an empty segment', 'acme//web'],
    ['a dot-dot segment', 'acme%2F..%2Fweb'],
  ])('refuses a name with %s with a 400', async (_, name) => {
    const answer = await call(seededEmulator(), 'DELETE', `${PROJECTS}/${name}`);
    expect(answer.status).toBe(400);
  });

  it('keeps DELETE .../tags for removing tags, not the project', async () => {
    const emulator = seededEmulator();
    const answer = await call(emulator, 'DELETE', `${PROJECTS}/acme/payments/tags?tags=pci`);
    expect([answer.status, (answer.body.project as { tags: string[] }).tags]).toEqual([
      200,
      ['team:payments'],
    ]);
    expect((await call(emulator, 'GET', `${PROJECTS}/acme/payments`)).status).toBe(200);
  });

  it('needs an API token like every v1 operation', async () => {
    const answer = await call(seededEmulator(), 'DELETE', `${PROJECTS}/acme/web`, { token: null });
    expect(answer.status).toBe(401);
  });
});

const server = await startEmulatorServer({
  handler: createEmulator({ dataset: createSeedDataset(), sleep: async () => {} }).handle,
});
afterAll(() => server.close());
const auth = { authorization: `Bearer ${SEED_TOKENS.api}` };

describe('deleting a project over HTTP', () => {
  it.each([
    ['raw slashes', 'acme/web'],
    ['%2F', 'acme%2Fapi'],
  ])('takes the name with %s and answers 200, then 404', async (_, name) => {
    const url = `${server.url}${PROJECTS}/${name}`;
    const first = await fetch(url, { method: 'DELETE', headers: auth });
    expect([first.status, await first.json()]).toEqual([200, {}]);
    const second = await fetch(url, { method: 'DELETE', headers: auth });
    expect(second.status).toBe(404);
    expect(((await second.json()) as { error: string }).error).toMatch(/^project "acme\/\w+" not found$/);
  });
});
