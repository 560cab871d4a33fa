import { describe, expect, it } from 'vitest';
import { isGitPinned } from '../../src/gate/source-location.js';

const ID = '0123456789abcdef0123456789abcdef01234567';
const ID64 = `${ID}${'89abcdef'.repeat(3)}`;

describe('isGitPinned: the reference checked out is a full commit id, where each format writes it', () => {
  it.each([
    ['npm, pnpm, composer', `git+ssh://git@github.com/acme/tool.git#${ID}`],
    ['a SHA-256 repository', `git+https://github.com/acme/tool.git#${ID64}`],
    ['yarn berry', `tool@https://github.com/acme/tool.git#commit=${ID}`],
    ['yarn berry, among other fields', `https://github.com/acme/tool.git#head=main&commit=${ID}`],
    ['Cargo', `git+https://github.com/acme/tool?branch=main#${ID}`],
    ['pip', `git+https://github.com/acme/tool@${ID}#egg=tool`],
    ['Bundler', `https://github.com/acme/tool.git@${ID}`],
    ['pnpm shorthand', `github.com/acme/tool/${ID}`],
    ['a codeload tarball', `https://codeload.github.com/acme/tool/tar.gz/${ID}`],
  ])('%s: pinned', (_, resolved) => {
    expect(isGitPinned(resolved)).toBe(true);
  });

  it.each([
    ['a branch', 'git+https://github.com/acme/tool.git#main'],
    ['no reference', 'git+https://github.com/acme/tool.git'],
    ['a short commit', `git+https://github.com/acme/tool.git#${ID.slice(0, 12)}`],
    ['a repository named like a commit, on a branch', `git+https://github.com/attacker/${ID}.git#main`],
    ['a user named like a commit', `git+https://github.com/${ID}/tool.git#v1.0.0`],
    ['a commit id inside a longer reference', `git+https://github.com/acme/tool.git#${ID}0`],
    ['pip on a branch of a repository named like one', `git+https://github.com/acme/${ID}@main#egg=tool`],
    ['nothing recorded', undefined],
  ])('%s: not pinned', (_, resolved) => {
    expect(isGitPinned(resolved)).toBe(false);
  });
});
