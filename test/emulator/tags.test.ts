import { describe, expect, it } from 'vitest';
import type { WireProject } from '../../src/core/wire.js';
import { call, seededEmulator, SLUG } from './support.js';

const tagsPath = (name: string) => `/api/v1/deployments/${SLUG}/projects/${name}/tags`;
const tagsOf = (answer: { body: Record<string, unknown> }) => (answer.body.project as WireProject).tags;

describe('adding tags (op 4)', () => {
  it.each<[string, unknown]>([
    ['{"tags": [...]}, as public callers send it', { tags: ['deps:blocked'] }],
    ['a bare array, as the spec body schema says', ['deps:blocked']],
    ['the full object', { deploymentSlug: SLUG, projectName: 'acme/api', tags: ['deps:blocked'] }],
    [
      'the full object in snake_case',
      { deployment_slug: SLUG, project_name: 'acme/api', tags: ['deps:blocked'] },
    ],
  ])('takes %s and answers the whole project', async (_title, body) => {
    const answer = await call(seededEmulator(), 'PUT', tagsPath('acme/api'), { body });
    expect(answer.status).toBe(200);
    expect(answer.body.project).toMatchObject({
      id: 102,
      name: 'acme/api',
      tags: ['team:backend', 'deps:blocked'],
    });
  });

  it('makes a union that keeps the order, trims, ignores duplicates and is idempotent', async () => {
    const emulator = seededEmulator();
    await call(emulator, 'PUT', tagsPath('acme/payments'), { body: { tags: [' b ', 'pci', 'a', 'b'] } });
    const again = await call(emulator, 'PUT', tagsPath('acme/payments'), { body: { tags: ['a', 'b'] } });
    expect(tagsOf(again)).toEqual(['team:payments', 'pci', 'b', 'a']);
  });

  it('keeps the tags for later requests and other listings', async () => {
    const emulator = seededEmulator();
    await call(emulator, 'PUT', tagsPath('acme/web'), { body: ['kept'] });
    const projects = await call(emulator, 'GET', `/api/v1/deployments/${SLUG}/projects`);
    expect((projects.body.projects as WireProject[])[0]!.tags).toEqual(['team:frontend', 'kept']);
  });

  it('takes an empty list as a no-op, and a tag of exactly 128 characters', async () => {
    expect(tagsOf(await call(seededEmulator(), 'PUT', tagsPath('acme/web'), { body: [] }))).toEqual([
      'team:frontend',
    ]);
    const long = 'x'.repeat(128);
    expect(tagsOf(await call(seededEmulator(), 'PUT', tagsPath('acme/web'), { body: [long] }))).toContain(
      long,
    );
  });

  it.each<[string, unknown, RegExp]>([
    ['a number', { tags: [1] }, /tags\[0\] must be a string/],
    ['an empty tag', { tags: [''] }, /tags\[0\] must be 1 to 128 characters after trimming, got 0/],
    ['a blank tag', { tags: ['   '] }, /tags\[0\] must be 1 to 128/],
    ['129 characters', { tags: ['x'.repeat(129)] }, /got 129/],
    ['a control character', { tags: ['bad\u0007tag'] }, /tags\[0\] must not contain control characters/],
    ['a newline inside', { tags: ['a\nb'] }, /control characters/],
    ['tags that are not an array', { tags: 'a,b' }, /tags must be an array of strings, got a string/],
    ['no tags at all', {}, /tags is required/],
    ['a string body', 'tag', /must be an array of tags or \{"tags": \[...\]\}/],
    ['a misspelt field', { tag: ['a'] }, /unknown field "tag"/],
    [
      'a body slug that is not the path one',
      { deploymentSlug: 'other-org', tags: ['a'] },
      /deploymentSlug "other-org" does not match the path's "acme-corp"/,
    ],
    [
      'a body project that is not the path one',
      { projectName: 'acme/web', tags: ['a'] },
      /projectName "acme\/web" does not match the path's "acme\/api"/,
    ],
  ])('refuses %s with a 400 that says why', async (_title, body, message) => {
    const answer = await call(seededEmulator(), 'PUT', tagsPath('acme/api'), { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('changes nothing when one tag of the request is bad', async () => {
    const emulator = seededEmulator();
    await call(emulator, 'PUT', tagsPath('acme/api'), { body: ['good', ''] });
    expect(tagsOf(await call(emulator, 'PUT', tagsPath('acme/api'), { body: [] }))).toEqual(['team:backend']);
  });

  it('refuses malformed JSON with a 400', async () => {
    expect((await call(seededEmulator(), 'PUT', tagsPath('acme/api'), { raw: '["a",' })).status).toBe(400);
  });
});

describe('removing tags (op 5)', () => {
  async function withTags(tags: string[]) {
    const emulator = seededEmulator();
    await call(emulator, 'PUT', tagsPath('acme/web'), { body: tags });
    return emulator;
  }

  it.each<[string, string, unknown?]>([
    ['?tags=a&tags=b, as the spec says', '?tags=a&tags=b'],
    ['?tags=a,b', '?tags=a,b'],
    ['a JSON body {"tags": [...]}', '', { tags: ['a', 'b'] }],
    ['a bare JSON array', '', ['a', 'b']],
  ])('takes %s', async (_title, query, body) => {
    const emulator = await withTags(['a', 'b', 'c']);
    const answer = await call(emulator, 'DELETE', `${tagsPath('acme/web')}${query}`, { body });
    expect(answer.status).toBe(200);
    expect(tagsOf(answer)).toEqual(['team:frontend', 'c']);
  });

  it('ignores tags the project does not have, and is idempotent', async () => {
    const emulator = await withTags(['a']);
    await call(emulator, 'DELETE', `${tagsPath('acme/web')}?tags=a&tags=never-there`);
    const again = await call(emulator, 'DELETE', `${tagsPath('acme/web')}?tags=a`);
    expect([again.status, tagsOf(again)]).toEqual([200, ['team:frontend']]);
  });

  it('removes from this project only', async () => {
    const emulator = seededEmulator();
    await call(emulator, 'PUT', tagsPath('acme/web'), { body: ['shared'] });
    await call(emulator, 'PUT', tagsPath('acme/api'), { body: ['shared'] });
    await call(emulator, 'DELETE', `${tagsPath('acme/web')}?tags=shared`);
    expect(tagsOf(await call(emulator, 'PUT', tagsPath('acme/api'), { body: [] }))).toContain('shared');
  });

  it('decodes percent-encoded tags in the query', async () => {
    const emulator = await withTags(['team:a b']);
    const answer = await call(emulator, 'DELETE', `${tagsPath('acme/web')}?tags=team%3Aa%20b`);
    expect(tagsOf(answer)).toEqual(['team:frontend']);
  });

  it.each<[string, string, unknown?]>([
    ['no tags at all', ''],
    ['an empty tags parameter', '?tags='],
    ['an empty list in the body', '', { tags: [] }],
  ])(
    'answers an empty removal (%s) with 200 and the project unchanged, as public scripts expect',
    async (_title, query, body) => {
      const answer = await call(seededEmulator(), 'DELETE', `${tagsPath('acme/web')}${query}`, { body });
      expect(answer.status).toBe(200);
      expect(tagsOf(answer)).toEqual(['team:frontend']);
    },
  );

  it('refuses a bad tag with a 400', async () => {
    const answer = await call(seededEmulator(), 'DELETE', `${tagsPath('acme/web')}?tags=${'x'.repeat(129)}`);
    expect(answer.status).toBe(400);
  });
});

describe('one project', () => {
  const projectPath = (name: string) => `/api/v1/deployments/acme-corp/projects/${name}`;
  it('GET answers {"project": ...}, with raw or encoded slashes', async () => {
    for (const name of ['acme/payments', 'acme%2Fpayments']) {
      const answer = await call(seededEmulator(), 'GET', projectPath(name));
      expect(answer.status).toBe(200);
      expect(answer.body.project).toMatchObject({
        id: 103,
        name: 'acme/payments',
        tags: ['team:payments', 'pci'],
      });
    }
    expect((await call(seededEmulator(), 'GET', projectPath('acme/nope'))).status).toBe(404);
  });

  it('PATCH {"tags": [...]} sets the tags to exactly that list', async () => {
    const emulator = seededEmulator();
    const answer = await call(emulator, 'PATCH', projectPath('acme/web'), {
      body: { tags: ['a', 'b', 'a'] },
    });
    expect([answer.status, tagsOf(answer)]).toEqual([200, ['a', 'b']]);
    expect(tagsOf(await call(emulator, 'GET', projectPath('acme/web')))).toEqual(['a', 'b']);
    const cleared = await call(emulator, 'PATCH', projectPath('acme/web'), { body: { tags: [] } });
    expect(tagsOf(cleared)).toEqual([]);
    expect((await call(emulator, 'PATCH', projectPath('acme/web'), { body: { tag: ['x'] } })).status).toBe(
      400,
    );
  });

  it('keeps PATCH off the tags path (405 there)', async () => {
    const answer = await call(seededEmulator(), 'PATCH', tagsPath('acme/web'), { body: { tags: [] } });
    expect(answer.status).toBe(405);
  });
});

describe('project names in the path', () => {
  it.each([
    ['raw slashes', 'acme/web'],
    ['an encoded slash', 'acme%2Fweb'],
    ['a lowercase encoded slash', 'acme%2fweb'],
  ])('are found with %s', async (_title, name) => {
    expect((await call(seededEmulator(), 'PUT', tagsPath(name), { body: ['x'] })).status).toBe(200);
  });

  it.each([
    ['an empty segment', 'acme//web'],
    ['an encoded dot-dot', 'acme%2F..%2Fweb'],
    ['an encoded dot', 'acme%2F.%2Fweb'],
    ['a leading slash', '%2Facme/web'],
    ['a trailing encoded slash', 'acme/web%2F'],
    ['bad percent-encoding', 'acme/%E0%A4%A'],
    ['an encoded NUL', 'acme/we%00b'],
  ])('are refused with %s: a 400, never a traversal', async (_title, name) => {
    const answer = await call(seededEmulator(), 'PUT', tagsPath(name), { body: ['x'] });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
  });

  it.each([
    ['an unknown project', 'acme/nope'],
    ["another deployment's project", 'other/app'],
  ])('answer 404 for %s', async (_title, name) => {
    const answer = await call(seededEmulator(), 'PUT', tagsPath(name), { body: ['x'] });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/project ".*" not found/);
  });
});
