import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../src/domain/index.js';
import { coversLockfile, matchesRule, type PackageRule } from '../../src/policy/index.js';

const at = { line: 1, column: 1 };
const rule = (r: Omit<PackageRule, 'index' | 'at'>): PackageRule => ({ ...r, index: 0, at });
const pkg = (
  name: string,
  version: string,
  ecosystem: Ecosystem = 'npm',
  lockfilePath = 'package-lock.json',
) => ({
  ecosystem,
  name,
  version,
  lockfilePath,
});

describe('matchesRule', () => {
  it('bounds carry their operator', () => {
    const r = rule({ name: 'lodash', exactNameMatch: true, versionUpperBound: '<4.17.21' });
    expect(matchesRule(pkg('lodash', '4.17.20'), r)).toBe(true);
    expect(matchesRule(pkg('lodash', '4.17.21'), r)).toBe(false);
    expect(matchesRule(pkg('lodash', '4.17.21'), { ...r, versionUpperBound: '<=4.17.21' })).toBe(true);
    expect(matchesRule(pkg('lodash.merge', '1.0.0'), r)).toBe(false);
  });

  it('a name without exactNameMatch is a case-insensitive substring', () => {
    const r = rule({ name: 'Lodash' });
    expect(matchesRule(pkg('lodash.merge', '1.0.0'), r)).toBe(true);
    expect(matchesRule(pkg('underscore', '1.0.0'), r)).toBe(false);
  });

  it('exact names compare as the ecosystem identifies packages', () => {
    const r = rule({ name: 'typing_extensions', exactNameMatch: true, ecosystem: 'pypi' });
    expect(matchesRule(pkg('Typing-Extensions', '4.0.0', 'pypi', 'poetry.lock'), r)).toBe(true);
    expect(matchesRule(pkg('typing-extensions', '4.0.0', 'npm'), r)).toBe(false); // another ecosystem
  });

  it('a Swift package is its repository URL, however the rule spells it (OSV SwiftURL form)', () => {
    const nimble = pkg('github.com/Quick/Nimble', '13.0.0', 'swiftpm', 'Package.resolved');
    for (const name of [
      'github.com/Quick/Nimble',
      'https://github.com/Quick/Nimble.git',
      'git@github.com:Quick/Nimble',
    ])
      expect(matchesRule(nimble, rule({ name, exactNameMatch: true, ecosystem: 'swiftpm' }))).toBe(true);
    expect(matchesRule(nimble, rule({ name: 'github.com/someone/Nimble', exactNameMatch: true }))).toBe(
      false,
    );
    // SwiftPM's short identity is a substring of the URL, not the exact name.
    expect(matchesRule(nimble, rule({ name: 'nimble' }))).toBe(true);
    expect(matchesRule(nimble, rule({ name: 'nimble', exactNameMatch: true, ecosystem: 'swiftpm' }))).toBe(
      false,
    );
  });

  it('exact versions compare by the ecosystem ordering', () => {
    const r = rule({ name: 'django', exactNameMatch: true, exactVersion: '4.2' });
    expect(matchesRule(pkg('Django', '4.2.0', 'pypi'), r)).toBe(true);
    expect(matchesRule(pkg('Django', '4.2.1', 'pypi'), r)).toBe(false);
  });

  it('a version the ecosystem cannot order never passes a bound silently', () => {
    const r = rule({ name: 'lodash', exactNameMatch: true, versionLowerBound: '>=4.0.0' });
    expect(matchesRule(pkg('lodash', 'github:lodash/lodash#main'), r)).toBe('unknown-version');
    expect(matchesRule(pkg('lodash', ''), r)).toBe('unknown-version');
    expect(matchesRule(pkg('other', ''), r)).toBe(false); // the name decides first
  });

  it('paths narrow a rule to lockfiles', () => {
    const r = rule({ name: 'left-pad', paths: ['apps/**'] });
    expect(matchesRule(pkg('left-pad', '1.3.0', 'npm', 'apps/web/package-lock.json'), r)).toBe(true);
    expect(matchesRule(pkg('left-pad', '1.3.0', 'npm', 'package-lock.json'), r)).toBe(false);
  });
});

describe('coversLockfile', () => {
  it('includes, then excludes, dotfiles too', () => {
    const policy = { paths: { include: ['**'], exclude: ['examples/**', '**/test/fixtures/**'] } };
    expect(coversLockfile(policy, 'package-lock.json')).toBe(true);
    expect(coversLockfile(policy, '.config/yarn.lock')).toBe(true);
    expect(coversLockfile(policy, 'examples/a/yarn.lock')).toBe(false);
    expect(coversLockfile(policy, 'pkg/test/fixtures/x/package-lock.json')).toBe(false);
  });
});
