import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { readPylock } from '../../src/lockfiles/pypi/read-pylock.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf } from '../helpers/reader-tests.js';

const DIR = corpusPath('osv-scalibr', 'language', 'python', 'pylock', 'testdata');
const TOML = filesUnder(DIR, (name) => name.endsWith('.toml'));
// The corpus names its files after their test case; each is read as the pylock.toml it stands for.
const read = (path: string) => readLockfile('pylock.toml', readFileSync(path, 'utf8'), { edges: true });
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.resolved === undefined ? '' : ` ${p.resolved}`}`;

describe('readPylock', () => {
  it('finds the corpus files', CORPUS_TEST, () => {
    expect(TOML.map((f) => basename(f))).toEqual([
      'commits.toml',
      'empty.toml',
      'example.toml',
      'names-outside-package-block.toml',
      'pdm-full.toml',
      'pip-full.toml',
      'pip-just-self.toml',
    ]);
  });

  it.each(TOML.map((f) => [basename(f), f] as const))(
    '%s reads as its reviewed golden file',
    (_name, path) => {
      expectGolden(path, read(path));
    },
  );

  it('reads registry, git and directory packages with their sources (uv export)', CORPUS_TEST, () => {
    const result = read(`${DIR}/commits.toml`);
    expect(result.format).toBe('pylock@1.0');
    expect(result.packages.slice(0, 3).map(brief)).toEqual([
      '7 click@8.2.1:registry',
      '14 mleroc@0.1.0:git https://github.com/Veggente/mleroc.git#735093f03c4d8be70bfaaae44074ac92d7419b6d',
      '19 net-inf-eval@:workspace .',
    ]);
  });

  it('takes names from package tables only, never from strings or tool tables', CORPUS_TEST, () => {
    expect(read(`${DIR}/names-outside-package-block.toml`).packages.map(brief)).toEqual([
      '5 first-pkg@1.0.0:registry',
      '17 second-pkg@2.0.0:registry',
    ]);
  });

  it('resolves dependencies to edges by normalised name', CORPUS_TEST, () => {
    const result = read(`${DIR}/example.toml`);
    expect(result.packages.map((p) => p.name)).toEqual(['attrs', 'cattrs', 'numpy']);
    expect(result.dependencies).toEqual([[], [0], []]);
  });

  it('reads the inline packages array of pip-just-self (the project itself)', CORPUS_TEST, () => {
    const result = read(`${DIR}/pip-just-self.toml`);
    expect(result.packages.map((p) => `${p.name}:${p.source}`)).toEqual(['hspaans-github-io:workspace']);
  });

  it.each([
    ['lock-version = "2.0"\n', 1, /unsupported lock-version "2\.0"/],
    ['created-by = "x"\n[[packages]]\nname = "a"\nversion = "1"\n', 1, /no "lock-version"/],
    ['lock-version = "1.0"\n\n[[packages]]\nversion = "1"\n', 3, /package: no "name"/],
    ['lock-version = "1.0"\n\n[[packages]]\nname = "a"\n', 3, /package a: no "version"/],
    [
      'lock-version = "1.0"\n[[packages]]\nname = "a"\nversion = "1"\ndependencies = "b"\n',
      2,
      /"dependencies" must be/,
    ],
    ['lock-version = "1.0"\n[[packages]\n', 2, /not valid TOML/],
  ])('refuses %j at line %i', (text, line, reason) => {
    const error = lockfileErrorOf(() => readPylock('pylock.toml', text));
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it('refuses the corpus file that is not TOML', CORPUS_TEST, () => {
    expect(lockfileErrorOf(() => read(`${DIR}/not-toml.txt`)).reason).toMatch(/not valid TOML/);
  });

  it('is chosen for pylock.toml and pylock.<name>.toml only', () => {
    expect(detectLockfileKind('pylock.toml')).toBe('pylock');
    expect(detectLockfileKind('sub/pylock.dev.toml')).toBe('pylock');
    expect(detectLockfileKind('pylock.a.b.toml')).toBeUndefined();
    expect(detectLockfileKind('mypylock.toml')).toBeUndefined();
  });
});
