import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectLockfiles, createGitHubApi } from '../../src/action/index.js';
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

const lock = (v: string) => `{"lockfileVersion":3,"packages":{"node_modules/x":{"version":"${v}"}}}\n`;

describe('collectLockfiles through the GitHub API, by SHA', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());
  const api = () =>
    createGitHubApi(getOctokit(TOKENS.write, { baseUrl: github.url }), { owner: 'acme', repo: 'web' });

  it('a PR: changed lockfiles from the file list, the base side read at the merge base', async () => {
    const root = github.commit({ 'package-lock.json': lock('1.0.0'), 'a/yarn.lock': '', 'README.md': 'x' });
    const head = github.commit(
      { 'package-lock.json': lock('2.0.0'), 'README.md': 'y', 'b/package-lock.json': lock('1.0.0') },
      root,
    );
    // The base branch moved on after the PR branched: its tip is not what the PR changes.
    const tip = github.commit(
      { 'package-lock.json': lock('9.0.0'), 'a/yarn.lock': '', 'README.md': 'x' },
      root,
    );
    github.pull(1, tip, head);
    const got = await collectLockfiles(api(), {
      kind: 'pull',
      event: 'pull_request',
      number: 1,
      baseSha: tip,
      headSha: head,
      fork: false,
      changedFiles: 4,
    });
    expect(got.base).toBe(root);
    expect(got.lockfiles).toEqual([
      { path: 'a/yarn.lock', base: '' },
      { path: 'b/package-lock.json', head: lock('1.0.0') },
      { path: 'package-lock.json', base: lock('1.0.0'), head: lock('2.0.0') },
    ]);
    expect(got.notices).toEqual([]);
  });

  it('a new branch: compared with the default branch through their merge base', async () => {
    const main = github.commit({ 'package-lock.json': lock('1.0.0') });
    github.branch('main', main);
    const head = github.commit({ 'package-lock.json': lock('1.1.0') }, main);
    const got = await collectLockfiles(api(), {
      kind: 'range',
      event: 'push',
      baseSha: undefined,
      defaultBranch: 'main',
      headSha: head,
    });
    expect(got).toMatchObject({ base: main, head, mode: 'diff' });
    expect(got.lockfiles).toEqual([{ path: 'package-lock.json', base: lock('1.0.0'), head: lock('1.1.0') }]);
    expect(got.notices[0]).toMatch(/new branch: compared with main/);
  });

  it('an audit: every lockfile of the commit, whole', async () => {
    const sha = github.commit({
      'package-lock.json': lock('1.0.0'),
      'svc/Cargo.lock': '# x\n',
      'src/a.ts': '',
    });
    const got = await collectLockfiles(api(), { kind: 'audit', event: 'schedule', headSha: sha });
    expect(got.mode).toBe('audit');
    expect(got.lockfiles.map((l) => [l.path, l.base])).toEqual([
      ['package-lock.json', undefined],
      ['svc/Cargo.lock', undefined],
    ]);
  });
});
