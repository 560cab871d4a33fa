import { describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/seed.js';
import { call, D, seededEmulator, SLUG } from './support.js';

/** One request of every operation, each as it succeeds with the seeded API token. */
const OPERATIONS: [string, string, string, unknown?][] = [
  ['deployments', 'GET', '/api/v1/deployments'],
  ['notifications', 'GET', `/api/notifications/in-app/deployments/${D}`],
  ['dependencies', 'POST', `/api/v1/deployments/${D}/dependencies`, {}],
  ['repositories', 'POST', `/api/v1/deployments/${D}/dependencies/repositories`, {}],
  ['lockfiles', 'POST', `/api/v1/deployments/${D}/dependencies/repositories/101/lockfiles`, {}],
  ['projects', 'GET', `/api/v1/deployments/${SLUG}/projects`],
  ['findings', 'GET', `/api/v1/deployments/${SLUG}/findings`],
  ['secrets', 'GET', `/api/v1/deployments/${D}/secrets`],
  ['add tags', 'PUT', `/api/v1/deployments/${SLUG}/projects/acme/web/tags`, { tags: ['x'] }],
  ['remove tags', 'DELETE', `/api/v1/deployments/${SLUG}/projects/acme/web/tags?tags=x`],
];

describe('authentication', () => {
  it.each(OPERATIONS)(
    '%s answers 200 to the API token with Web API access',
    async (_name, method, path, body) => {
      expect((await call(seededEmulator(), method, path, { body })).status).toBe(200);
    },
  );

  it.each(OPERATIONS)('%s answers 401 without a token', async (_name, method, path, body) => {
    const answer = await call(seededEmulator(), method, path, { body, token: null });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/missing bearer token/);
  });

  it.each(OPERATIONS)('%s answers 401 to an unknown token', async (_name, method, path, body) => {
    expect((await call(seededEmulator(), method, path, { body, token: 'nope' })).status).toBe(401);
  });

  it.each(OPERATIONS)(
    '%s answers 404 to an API token without Web API access, as the real service does',
    async (_name, method, path, body) => {
      const answer = await call(seededEmulator(), method, path, { body, token: SEED_TOKENS.noWebApi });
      expect([answer.status, answer.body]).toEqual([404, { error: 'not found' }]);
    },
  );

  it.each(OPERATIONS.filter(([name]) => name !== 'notifications'))(
    '%s answers 401 to a user JWT: v1 operations take API tokens only',
    async (_name, method, path, body) => {
      const answer = await call(seededEmulator(), method, path, { body, token: SEED_TOKENS.jwt });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatch(/accepted on notifications only/);
    },
  );

  it('takes a user JWT on notifications', async () => {
    const answer = await call(seededEmulator(), 'GET', `/api/notifications/in-app/deployments/${D}`, {
      token: SEED_TOKENS.jwt,
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['a Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['a bearer without a token', 'Bearer'],
    ['two tokens', `Bearer ${SEED_TOKENS.api} extra`],
  ])('refuses %s with 401', async (_title, authorization) => {
    const answer = await call(seededEmulator(), 'GET', '/api/v1/deployments', {
      token: null,
      headers: { authorization },
    });
    expect(answer.status).toBe(401);
  });

  it('reads the scheme case-insensitively', async () => {
    const answer = await call(seededEmulator(), 'GET', '/api/v1/deployments', {
      token: null,
      headers: { authorization: `bearer ${SEED_TOKENS.api}` },
    });
    expect(answer.status).toBe(200);
  });

  it('checks the token before reading the body, so garbage from a stranger is a 401', async () => {
    const answer = await call(seededEmulator(), 'POST', `/api/v1/deployments/${D}/dependencies`, {
      raw: '{not json',
      token: null,
    });
    expect(answer.status).toBe(401);
  });

  it.each([
    ['by id', 'POST', '/api/v1/deployments/5678/dependencies', {}],
    ['by id, on notifications', 'GET', '/api/notifications/in-app/deployments/5678'],
    ['by slug', 'GET', '/api/v1/deployments/other-org/projects'],
    ['that does not exist', 'GET', '/api/v1/deployments/99999/secrets'],
  ])('answers 404 for a deployment the token does not belong to, %s', async (_title, method, path, body?) => {
    const answer = await call(seededEmulator(), method, path, { body });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/deployment .* not found/);
  });

  it('says which identifier a path takes when given the other', async () => {
    const bySlug = await call(seededEmulator(), 'POST', `/api/v1/deployments/${SLUG}/dependencies`, {
      body: {},
    });
    expect([bySlug.status, bySlug.body.error]).toEqual([
      400,
      'deployment id must be a number (this path takes the id, not the slug), got "acme-corp"',
    ]);
    const byId = await call(seededEmulator(), 'GET', `/api/v1/deployments/${D}/findings`);
    expect([byId.status, byId.body.error]).toEqual([
      404,
      'deployment "1234" not found (this path takes the slug, not the numeric id)',
    ]);
  });
});
