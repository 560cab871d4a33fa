import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLockfile } from '../../src/gate/index.js';
import { readLockfile, type LockfilePackage, type LockfileResult } from '../../src/lockfiles/index.js';

const demo = (side: 'base' | 'head', path: string): string =>
  readFileSync(join(import.meta.dirname, '../../examples/demo', side, path), 'utf8');

const brief = (changes: ReturnType<typeof diffLockfile>) =>
  changes.map(({ change: c }) =>
    `${c.kind} ${c.name} ${c.from ?? ''}${c.from && c.to ? ' -> ' : ''}${c.to ?? ''}`.trim(),
  );

function result(packages: Partial<LockfilePackage>[]): LockfileResult {
  return {
    ecosystem: 'npm',
    format: 'test',
    warnings: [],
    packages: packages.map((p, i) => ({
      ecosystem: 'npm',
      name: 'x',
      version: '1.0.0',
      line: i + 1,
      source: 'registry',
      ...p,
    })),
  };
}

describe('diffLockfile on lockfiles written by npm', () => {
  const base = readLockfile('package-lock.json', demo('base', 'package-lock.json'));
  const head = readLockfile('package-lock.json', demo('head', 'package-lock.json'));
  const changes = diffLockfile(base, head);

  it('finds the upgrade, the downgrade and the three added packages the manifest asked for', () => {
    const direct = changes.filter((c) => c.change.transitivity === 'direct');
    expect(brief(direct)).toEqual([
      'added dayjs 1.11.13',
      'upgraded express 4.18.2 -> 4.19.2',
      'added left-pad 1.3.0',
      'downgraded lodash 4.17.21 -> 4.17.20',
      'added minimist 1.2.5',
    ]);
  });

  it('points every change at its entry in the head lockfile', () => {
    const text = demo('head', 'package-lock.json').split('\n');
    for (const { change } of changes) {
      if (change.kind === 'removed') continue;
      expect(text[change.line - 1], `${change.name}`).toContain(`node_modules/${change.name}"`);
    }
  });

  it('reports what express 4.19.2 moved among its own dependencies as transitive changes', () => {
    const transitive = changes.filter((c) => c.change.transitivity === 'transitive');
    expect(transitive.length).toBeGreaterThan(0);
    expect(brief(transitive)).toContain('upgraded body-parser 1.20.1 -> 1.20.2');
  });

  it('says nothing of packages that did not change', () => {
    expect(changes.map((c) => c.change.name)).not.toContain('accepts');
  });
});

describe('diffLockfile compares each package as a set of versions', () => {
  it.each([
    [
      'a new lockfile adds everything',
      undefined,
      [{ name: 'a' }, { name: 'b' }],
      ['added a 1.0.0', 'added b 1.0.0'],
    ],
    ['a deleted lockfile removes everything', [{ name: 'a' }], undefined, ['removed a 1.0.0']],
    [
      'a second version beside the first is added, not an upgrade',
      [{ name: 'a', version: '1.0.0' }],
      [
        { name: 'a', version: '1.0.0' },
        { name: 'a', version: '2.0.0' },
      ],
      ['added a 2.0.0'],
    ],
    [
      'two versions that move are paired in version order',
      [
        { name: 'a', version: '1.0.0' },
        { name: 'a', version: '2.0.0' },
      ],
      [
        { name: 'a', version: '1.1.0' },
        { name: 'a', version: '2.1.0' },
      ],
      ['upgraded a 1.0.0 -> 1.1.0', 'upgraded a 2.0.0 -> 2.1.0'],
    ],
    [
      'one version collapsing two is one upgrade and one removal',
      [
        { name: 'a', version: '1.0.0' },
        { name: 'a', version: '2.0.0' },
      ],
      [{ name: 'a', version: '3.0.0' }],
      ['upgraded a 1.0.0 -> 3.0.0', 'removed a 2.0.0'],
    ],
    [
      'a downgrade is called one',
      [{ name: 'a', version: '2.0.0' }],
      [{ name: 'a', version: '1.9.9' }],
      ['downgraded a 2.0.0 -> 1.9.9'],
    ],
    [
      'versions the ecosystem cannot order are a change',
      [{ name: 'a', version: 'github:x/y#abc' }],
      [{ name: 'a', version: 'github:x/y#def' }],
      ['changed a github:x/y#abc -> github:x/y#def'],
    ],
    [
      'the same package under another case is the same package',
      [{ name: 'Left-Pad', version: '1.0.0' }],
      [{ name: 'left-pad', version: '1.0.0' }],
      [],
    ],
    [
      "the user's own workspace and path packages are not dependencies",
      [],
      [
        { name: 'app', source: 'workspace' as const },
        { name: 'lib', source: 'path' as const },
        { name: 'ui', source: 'link' as const },
      ],
      [],
    ],
  ])('%s', (_title, before, after, want) => {
    const changes = diffLockfile(before && result(before), after && result(after));
    expect(brief(changes)).toEqual(want);
  });
});
