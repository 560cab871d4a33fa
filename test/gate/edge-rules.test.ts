import { describe, expect, it } from 'vitest';
import {
  inSettingTerms,
  judgeTagFailure,
  loadPolicy,
  planComment,
  policyChangeSinceFork,
  type PolicyFileEntry,
  type PolicySide,
} from '../../src/gate/index.js';

describe('the sticky comment plan', () => {
  const plan = (pullRequest: boolean, mode: 'always' | 'on-failure' | 'never', blocked: boolean) =>
    planComment({ pullRequest, mode, blocked }, (kind) => kind);
  it.each([
    [true, 'always', true, { create: 'report', update: 'report' }],
    [true, 'on-failure', true, { create: 'report', update: 'report' }],
    [true, 'always', false, { create: 'report', update: 'resolved' }],
    [true, 'on-failure', false, { update: 'resolved' }],
    [true, 'never', true, undefined],
    [false, 'always', true, undefined],
  ] as const)('a pull request %s, comment %s, blocked %s: %j', (pr, mode, blocked, expected) => {
    expect(plan(pr, mode, blocked)).toEqual(expected);
  });
});

describe('a tagging failure', () => {
  it('is a warning unless fail-on-tag-error asks to fail, and says which project', () => {
    expect(judgeTagFailure('acme/app', 'down', false)).toEqual({
      message: 'could not tag acme/app on the platform: down',
      fails: false,
    });
    expect(judgeTagFailure('acme/app', 'down', true).fails).toBe(true);
  });
});

describe("the platform client's advice in an edge's words", () => {
  it('names the inputs instead of the variables', () => {
    expect(
      inSettingTerms('set DEPGATE_API_TOKEN; check DEPGATE_API_URL and DEPGATE_API_TOKEN', {
        apiToken: 'the api-token input',
        apiUrl: 'the api-url input',
      }),
    ).toBe('set the api-token input; check the api-url input and the api-token input');
  });
});

describe('the policy, read from the side the gate chose', () => {
  const files = (sides: Partial<Record<PolicySide, PolicyFileEntry>>) => ({
    path: '.github/depgate.yml',
    read: async (side: PolicySide) => sides[side],
    errors: {
      refused: (reason: string) => new Error(`refused: ${reason}`),
      missing: () => new Error('missing'),
    },
  });
  const deny = 'deny:\n  - name: left-pad\n';

  it("judges with the base's policy and tells the head's edit, never applying it", async () => {
    const loaded = await loadPolicy({
      ...files({ base: { text: deny }, head: { text: '' } }),
      side: 'base',
      commit: 'b'.repeat(40),
      changeSide: 'head',
      required: false,
    });
    expect(loaded.policy.deny.map((r) => r.name)).toEqual(['left-pad']);
    expect(loaded.from).toEqual({ side: 'base', commit: 'b'.repeat(40) });
    expect(loaded.change).toEqual({ path: '.github/depgate.yml', base: deny, head: '' });
  });

  it('refuses a link, fails on a required file that is absent, and reads an absent default as no rules', async () => {
    const place = { side: 'head', changeSide: 'head', required: false } as const;
    await expect(
      loadPolicy({ ...files({ head: { refused: 'a symbolic link' } }), ...place }),
    ).rejects.toThrow('refused: a symbolic link');
    await expect(loadPolicy({ ...files({}), ...place, required: true })).rejects.toThrow('missing');
    const loaded = await loadPolicy({ ...files({}), ...place });
    expect(loaded.missing).toBe(true);
    expect(loaded.policy.deny).toEqual([]);
    expect(loaded.change).toBeUndefined();
  });

  it('reads what the change does to the policy from where it branched, when the base moved on', async () => {
    const loaded = {
      ...(await loadPolicy({
        ...files({ base: { text: deny }, head: { text: 'deny: []\n' } }),
        side: 'base',
        commit: 'tip',
        changeSide: 'head',
        required: false,
      })),
    };
    const atFork = async () => ({ text: 'deny: []\n' });
    expect(await policyChangeSinceFork(loaded, 'fork', atFork)).toEqual({
      path: '.github/depgate.yml',
      base: 'deny: []\n',
      head: 'deny: []\n',
    });
    expect(await policyChangeSinceFork(loaded, 'tip', atFork)).toBe(loaded.change);
    expect(await policyChangeSinceFork(loaded, 'fork', async () => undefined)).toEqual({
      path: '.github/depgate.yml',
      head: 'deny: []\n',
    });
  });
});
