import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readMixLock } from '../../src/lockfiles/hex/read-mix.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV_ELIXIR = corpusPath('osv-scalibr', 'language', 'elixir', 'mixlock', 'testdata');
const OSV_ERLANG = corpusPath('osv-scalibr', 'language', 'erlang', 'mixlock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'hex', 'spec', 'fixtures', 'lockfiles');
const FIXTURES = fixturePath('mix');

const corpusFiles = [...filesUnder(OSV_ELIXIR), ...filesUnder(OSV_ERLANG), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/elixir/mixlock/testdata/invalid': {
    line: 3,
    reason: /certifi: a :hex entry needs the package name as its second element/,
  },
};

/** Every valid corpus file and fixture has a reviewed golden file: the set is small. */
const goldenFiles = [...corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined), ...fixtureFiles];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readMixLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.alias === undefined ? '' : `${p.alias} => `}${p.name}@${p.version}:${p.source}`;

function failure(text: string, file = 'mix.lock'): LockfileError {
  return lockfileErrorOf(() => readMixLock(file, text), file);
}

/** Every package sits at the line of its own key; hex packages have a version, git ones a commit. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('hex');
  expect(result.format).toBe('mix-lock');
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    const key = pkg.alias ?? pkg.name;
    expect(lines[pkg.line - 1], `${key} at line ${pkg.line}`).toMatch(
      new RegExp(`^\\s*(%\\{)?\\s*"${key}"(:| =>)`),
    );
    if (pkg.source === 'registry') expect(pkg.version).not.toBe('');
    else expect([pkg.source, pkg.version, pkg.resolved]).toEqual(['git', '', expect.stringMatching(/#\w+$/)]);
  }
  const keys = result.packages.map((p) => `${p.alias ?? p.name}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readMixLock', () => {
  it('finds every mix.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV_ELIXIR)).toHaveLength(3);
    expect(filesUnder(OSV_ERLANG)).toHaveLength(5);
    expect(filesUnder(DEPENDABOT)).toHaveLength(21);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual(['aliases-and-git/mix.lock']);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every package at its key line, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readMixLock(file, text));
    },
  );

  itEachFile(
    goldenFiles,
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s reads as its reviewed golden file',
    (_name, file) => {
      expectGolden(file, read(file));
    },
  );

  it('reads hex and git entries written every way Elixir allows, at the line of their key', () => {
    expect(read(join(FIXTURES, 'aliases-and-git', 'mix.lock')).packages.map(brief)).toEqual([
      '3 castore@1.0.5:registry',
      '4 json => jason@1.4.1:registry',
      '5 private_thing@0.3.0-rc.1:registry',
      '7 phoenix_live_view@:git',
      '8 hamcrest@:git',
      '9 ranch@1.8.0:registry',
      '10 telemetry@1.2.1:registry',
    ]);
  });

  it('reports a package declared under another name by its real name, the key as alias', CORPUS_TEST, () => {
    expect(read(join(DEPENDABOT, 'hex_alias')).packages.map(brief)).toEqual([
      '2 mime@1.2.0:registry',
      '3 plug@1.3.5:registry',
      '4 pulsar => pulsar_elixir@2.8.7:registry',
    ]);
  });

  it(
    'names a git dependency by its key, with the repository and commit as resolved and no version',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV_ERLANG, 'git.lock')).packages).toEqual([
        {
          ecosystem: 'hex',
          name: 'foe',
          version: '',
          line: 2,
          source: 'git',
          resolved: 'https://github.com/my-org/foe.git#a9574ab75d6ed01e1288c453ae1d943d7a964595',
        },
        {
          ecosystem: 'hex',
          name: 'foo',
          version: '',
          line: 3,
          source: 'git',
          resolved: 'https://github.com/my-org/foo.git#fc94cce7830fa4dc455024bc2a83720afe244531',
        },
        {
          ecosystem: 'hex',
          name: 'bar',
          version: '',
          line: 4,
          source: 'git',
          resolved: 'https://github.com/my-org/bar#bef3ee1d3618017061498b96c75043e8449ef9b5',
        },
      ]);
    },
  );

  it(
    'reads hex entries of every length mix has written, from six elements to a future ninth',
    CORPUS_TEST,
    () => {
      expect(read(join(DEPENDABOT, 'really_old_elixir')).packages).toHaveLength(25);
      expect(read(join(DEPENDABOT, 'hex_version_0_20_2')).packages.map(brief)).toContain(
        '7 package@1.2.3:registry',
      );
    },
  );

  it('skips an entry of a kind it does not know, with a warning at its line', () => {
    expect(read(join(FIXTURES, 'aliases-and-git', 'mix.lock')).warnings).toEqual([
      { message: 'vendored: unknown dependency kind :path; skipped', line: 11 },
    ]);
  });

  it('reads the same packages from CRLF line ends and after a byte-order mark', () => {
    const file = join(FIXTURES, 'aliases-and-git', 'mix.lock');
    expect(readMixLock(file, `\uFEFF${readText(file).replace(/\n/g, '\r\n')}`)).toEqual(read(file));
  });

  it('reads an empty map, or an empty file, as no packages', CORPUS_TEST, () => {
    expect(read(join(OSV_ERLANG, 'empty.lock')).packages).toEqual([]);
    expect(read(join(OSV_ELIXIR, 'empty')).packages).toEqual([]);
    expect(readMixLock('mix.lock', '').packages).toEqual([]);
  });

  it('refuses nesting deeper than any lockfile needs instead of exhausting the stack', () => {
    const error = failure(`%{\n"a": ${'['.repeat(100_000)}`);
    expect([error.line, error.reason]).toEqual([2, 'terms nested deeper than 64']);
  });

  it(
    'returns a result or one LockfileError for any damage to a real lockfile, and for every prefix of one',
    CORPUS_TEST,
    () => {
      const seeds = corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined).map(readText);
      const outcome = (text: string) => {
        try {
          const { packages } = readMixLock('mix.lock', text);
          const lineCount = text.split('\n').length;
          for (const pkg of packages) expect(pkg.line).toBeLessThanOrEqual(lineCount);
        } catch (error) {
          if (!isLockfileError(error)) throw error;
        }
      };
      const edit = fc.record({
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        cut: fc.integer({ min: 0, max: 40 }),
        insert: fc.constantFrom(
          '',
          '{',
          '}',
          '[',
          ']',
          '%{',
          ':',
          ',',
          '"',
          "'",
          '#',
          '=>',
          '\n',
          'a: ',
          '\\',
        ),
      });
      fc.assert(
        fc.property(
          fc.nat({ max: seeds.length - 1 }),
          fc.array(edit, { minLength: 1, maxLength: 4 }),
          (index, edits) => {
            let text = seeds[index]!;
            for (const { at, cut, insert } of edits) {
              const position = Math.floor(text.length * at);
              text = text.slice(0, position) + insert + text.slice(position + cut);
            }
            outcome(text);
          },
        ),
        { numRuns: 300, seed: 20261122 },
      );
      const many = readText(join(OSV_ERLANG, 'many.lock'));
      for (let cut = 0; cut < many.length; cut += 97) outcome(many.slice(0, cut));
    },
  );

  it.each([
    [
      'a truncated map',
      '%{\n  "a": {:hex, :a, "1.0.0", "abc", [:mix], [], "hexpm"},\n',
      3,
      /unterminated map: the file ends before the "}" of line 1/,
    ],
    [
      'a truncated entry',
      '%{\n  "a": {:hex, :a, "1.0.0", "abc", [:mix',
      2,
      /unterminated list: the file ends before the "]" of line 2/,
    ],
    [
      'a missing comma',
      '%{\n  "a": {:hex, :a, "1.0.0"}\n  "b": {:hex, :b, "1.0.0"}\n}\n',
      3,
      /expected "," or "}" in a map, found "\\"b\\""/,
    ],
    ['a key without a colon', '%{\n  "a" {:hex, :a, "1.0.0"}\n}\n', 2, /expected "=>" or "key:" in a map/],
    [
      'a hex entry without a version',
      '%{\n  "a": {:hex, :a},\n}\n',
      2,
      /a: a :hex entry needs the version as its third element/,
    ],
    [
      'a git entry without a commit',
      '%{\n  "a": {:git, "https://x/a.git"},\n}\n',
      2,
      /a: a :git entry needs the commit as its third element/,
    ],
    [
      'an entry that is not a tuple',
      '%{\n  "a": "1.0.0",\n}\n',
      2,
      /a: expected a tuple such as \{:hex, ...\}/,
    ],
    [
      'a key that is a number',
      '%{\n  1 => {:hex, :a, "1.0.0"},\n}\n',
      2,
      /a lock entry key must be a dependency name/,
    ],
    ['a top-level list', '[\n  {:hex, :a, "1.0.0"}\n]\n', 1, /expected a map %\{...\}: not a mix.lock/],
    ['text after the map', '%{}\n%{}\n', 2, /unexpected text after the lock map/],
    ['an unterminated string', '%{\n  "a": {:hex, :a, "1.0.0\n}\n', 2, /unterminated string/],
    [
      'a character Elixir terms do not use',
      '%{\n  "a": {:hex, :a, "1.0.0", &}\n}\n',
      2,
      /unexpected "&" where a value was expected/,
    ],
    ['plain text', 'this is not a lockfile\n', 1, /unexpected "this" where a value was expected/],
    ['git conflict markers', '%{\n<<<<<<< HEAD\n  "a": {:hex, :a, "1.0.0"},\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('mix.lock:')).toBe(true);
  });
});
