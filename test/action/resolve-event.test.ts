import { describe, expect, it } from 'vitest';
import { resolveEvent } from '../../src/action/index.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const Z = '0'.repeat(40);
const repo = (name: string) => ({ full_name: name, default_branch: 'main' });

describe("resolveEvent: each event's base and head from its own payload", () => {
  it.each([
    [
      'pull_request',
      {
        pull_request: {
          number: 3,
          changed_files: 2,
          base: { sha: A, repo: repo('acme/web') },
          head: { sha: B, repo: repo('acme/web') },
        },
      },
      { kind: 'pull', number: 3, baseSha: A, headSha: B, fork: false, changedFiles: 2 },
    ],
    [
      'pull_request_target',
      {
        pull_request: {
          number: 4,
          base: { sha: A, repo: repo('acme/web') },
          head: { sha: B, repo: repo('someone/web') },
        },
      },
      { kind: 'pull', event: 'pull_request_target', fork: true },
    ],
    [
      'pull_request',
      { pull_request: { number: 5, base: { sha: A, repo: repo('acme/web') }, head: { sha: B, repo: null } } },
      { kind: 'pull', fork: true },
    ],
    ['merge_group', { merge_group: { base_sha: A, head_sha: B } }, { kind: 'range', baseSha: A, headSha: B }],
    [
      'push',
      { before: A, after: B, repository: repo('acme/web') },
      { kind: 'range', baseSha: A, headSha: B },
    ],
    [
      'push',
      { before: Z, after: B, created: true, repository: repo('acme/web') },
      { kind: 'range', baseSha: undefined, defaultBranch: 'main', headSha: B },
    ],
    ['push', { before: A, after: Z, deleted: true }, { kind: 'none' }],
    ['workflow_dispatch', { inputs: {} }, { kind: 'audit', headSha: B }],
    ['schedule', { schedule: '0 6 * * 1' }, { kind: 'audit', headSha: B }],
  ])('%s', (event, payload, expected) => {
    expect(resolveEvent(event, payload, B)).toMatchObject(expected);
  });

  it('names the missing field and the events it supports', () => {
    expect(() => resolveEvent('pull_request', { pull_request: { number: 1, base: {} } }, B)).toThrow(
      /pull_request event's payload has no pull_request\.base\.sha/,
    );
    expect(() => resolveEvent('issues', {}, B)).toThrow(
      /pull_request, pull_request_target, merge_group, push/,
    );
  });
});
