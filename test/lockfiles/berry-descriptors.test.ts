import { describe, expect, it } from 'vitest';
import { readYarnLockfile } from '../../src/lockfiles/npm/read-yarn.js';

// How the berry reader finds the entry of a dependency's descriptor among the descriptors of the
// keys: split at commas, trimmed, the last key wins for a repeated one, and none of it may depend on
// whether the scanner or js-yaml read the text.

function entry(key: string, resolution: string, deps: Record<string, string> = {}): string {
  const lines = [`"${key}":`, `  version: ${resolution.slice(resolution.lastIndexOf(':') + 1)}`];
  lines.push(`  resolution: "${resolution}"`);
  const names = Object.keys(deps);
  if (names.length > 0) {
    lines.push('  dependencies:');
    for (const name of names) lines.push(`    "${name}": "${deps[name]}"`);
  }
  lines.push('  languageName: node', '  linkType: hard', '');
  return lines.join('\n');
}

function lockfile(root: Record<string, string>, ...entries: string[]): string {
  return [
    '__metadata:\n  version: 8\n  cacheKey: 10c0\n',
    ...entries,
    entry('root@workspace:.', 'root@workspace:.', root).replace('version: .', 'version: 0.0.0-use.local'),
  ].join('\n');
}

/** Each reported package as `resolution-name@version`, with `*` when it is direct, and its edges. */
function summary(text: string): string[] {
  const result = readYarnLockfile('yarn.lock', text, { edges: true });
  return result.packages.map((p, i) => {
    const targets = result.dependencies![i]!.map((t) => result.packages[t]!.version);
    return `${p.name}@${p.version}${p.direct ? '*' : ''}${p.alias === undefined ? '' : ` as ${p.alias}`} -> ${targets.join(' ')}`;
  });
}

describe('berry descriptors', () => {
  it('finds descriptors among several in a key, trimmed, scoped and with the implicit npm:', () => {
    const text = lockfile(
      { a: 'npm:^1.1.0', b: 'npm:~2.0.0', '@s/d': 'npm:^1', e: '^4' },
      entry('a@npm:^1.0.0, a@npm:^1.1.0', 'a@npm:1.2.0', { b: 'npm:^2.0.0' }),
      entry(' b@npm:^2.0.0,b@npm:~2.0.0 ', 'b@npm:2.0.1'),
      entry('@s/d@npm:^1', '@s/d@npm:1.0.5', { '@s/d': 'npm:^1' }),
      entry('e@npm:^4', 'e@npm:4.0.0'),
    );
    expect(summary(text)).toEqual([
      'a@1.2.0* -> 2.0.1',
      'b@2.0.1* -> ',
      '@s/d@1.0.5* -> 1.0.5',
      'e@4.0.0* -> ',
    ]);
  });

  it('gives a repeated descriptor to the last key that has it', () => {
    const text = lockfile(
      { c: 'npm:^3' },
      entry('c@npm:^3, c@npm:^3.1', 'c@npm:3.0.0'),
      entry('c@npm:^3', 'c@npm:3.2.0'),
    );
    expect(summary(text)).toEqual(['c@3.0.0 -> ', 'c@3.2.0* -> ']);
  });

  it('tells apart descriptors that differ only in length or in one character', () => {
    const text = lockfile(
      { f: 'npm:^1', g: 'npm:^1.0' },
      entry('f@npm:^1.0', 'f@npm:1.0.1'),
      entry('f@npm:^1', 'f@npm:1.0.2'),
      entry('g@npm:^1.0', 'g@npm:1.0.3'),
      entry('g@npm:^1.1', 'g@npm:1.1.0'),
    );
    expect(summary(text)).toEqual(['f@1.0.1 -> ', 'f@1.0.2* -> ', 'g@1.0.3* -> ', 'g@1.1.0 -> ']);
  });

  it('keeps empty descriptors and aliases as before', () => {
    const text = lockfile({ h: 'npm:^1' }, entry('h@npm:^1,, x@npm:h@^1', 'h@npm:1.0.0'));
    expect(summary(text)).toEqual(['h@1.0.0* as  -> ']);
  });

  it('reads many entries, each found by its own descriptors', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `p${i.toString(36)}`);
    const root: Record<string, string> = {};
    for (const name of names) root[name] = 'npm:^1.0.0';
    const text = lockfile(
      root,
      ...names.map((n) => entry(`${n}@npm:^1.0.0, ${n}@npm:^1.0.1`, `${n}@npm:1.0.1`)),
    );
    const result = readYarnLockfile('yarn.lock', text);
    expect(result.packages).toHaveLength(3000);
    expect(result.packages.every((p) => p.direct === true)).toBe(true);
  });
});
