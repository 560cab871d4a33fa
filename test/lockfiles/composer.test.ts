import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readComposerLock } from '../../src/lockfiles/composer/read-composer.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'php', 'composerlock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'composer', 'spec', 'fixtures', 'projects');
const FIXTURES = fixturePath('composer');

const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/php/composerlock/testdata/not-json.txt': { line: 1, reason: /not valid JSON/ },
  'osv-scalibr/language/php/composerlock/testdata/null.jsontest': { line: 1, reason: /not a composer.lock/ },
  'dependabot-core/composer/spec/fixtures/projects/doctored/composer.lock': {
    line: 111,
    reason: /packages\[2\] has no "name"/,
  },
  'dependabot-core/composer/spec/fixtures/projects/gutted/composer.lock': {
    line: 1,
    reason: /not a composer.lock/,
  },
  'dependabot-core/composer/spec/fixtures/projects/unparseable_lockfile/composer.lock': {
    line: 1,
    reason: /not valid JSON/,
  },
};

/** dependabot lockfiles with a reviewed golden file (all osv-scalibr files have one). */
const REVIEWED = [
  'alternative_source',
  'development_dependencies',
  'git_source',
  'git_source_bad_ref',
  'git_source_conflict_at_latest',
  'git_source_git_url',
  'integer_version',
  'laravel_nova',
  'null_dependencies_with_lockfile',
  'path_source',
  'path_source_with_dev_prefix',
  'v_prefix',
].map((project) => join(DEPENDABOT, project, 'composer.lock'));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readComposerLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.dev === true ? ':dev' : ''}`;

function failure(text: string, file = 'composer.lock'): LockfileError {
  return lockfileErrorOf(() => readComposerLock(file, text), file);
}

/** Every package sits at the line of its own "name" key; no two entries are the same. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('composer');
  expect(result.format).toMatch(/^composer-lock(@\d+\.\d+\.\d+)?$/);
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.version).not.toBe('');
    const quoted = [JSON.stringify(pkg.name), JSON.stringify(pkg.name).replace(/\//g, '\\/')];
    const line = lines[pkg.line - 1] ?? '';
    expect(
      quoted.some((name) =>
        new RegExp(`"name":\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(line),
      ),
      `${pkg.name} at line ${pkg.line}: ${line}`,
    ).toBe(true);
    expect(typeof pkg.dev).toBe('boolean');
    expect(pkg.direct).toBeUndefined();
  }
  const keys = result.packages.map((p) => `${p.name}@${p.version}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readComposerLock', () => {
  it('finds every composer.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(9);
    expect(filesUnder(DEPENDABOT)).toHaveLength(52);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'no-dev/composer.lock',
      'sources-and-licenses/composer.lock',
    ]);
    for (const file of REVIEWED) expect(corpusFiles).toContain(file);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every package at its "name" line, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readComposerLock(file, text));
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

  it('tells path, VCS and registry packages apart from what composer.lock records', () => {
    const { packages } = read(join(FIXTURES, 'sources-and-licenses', 'composer.lock'));
    expect(packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['10 acme/local-tools@dev-main:path', 'packages/local-tools'],
      [
        '24 acme/forked-client@dev-fix-timeouts:git',
        'https://github.com/acme/forked-client.git#1f2e3d4c5b6a79881726354453627180a9b8c7d6',
      ],
      ['42 acme/source-only@1.4.0:git', 'git@git.example.com:acme/source-only.git#v1.4.0'],
      [
        '52 doctrine/common@dev-master:registry',
        'https://github.com/doctrine/common.git#d9e9b2b3ef2ff8f3a1c5d1b1c8e8f1f0a7b6c5d4',
      ],
      ['71 wpackagist-plugin/akismet@20240101:registry', undefined],
      ['85 symfony/polyfill-php80@v1.29.0:registry', undefined],
      ['112 phpunit/php-code-coverage@10.1.11:registry:dev', undefined],
    ]);
  });

  it('puts an entry at its own "name" line, not at a nested author\'s name', () => {
    const text = readText(join(FIXTURES, 'sources-and-licenses', 'composer.lock'));
    const polyfill = readComposerLock('composer.lock', text).packages.find(
      (p) => p.name === 'symfony/polyfill-php80',
    );
    expect(text.split('\n')[(polyfill?.line ?? 0) - 1]?.trim()).toBe('"name": "symfony/polyfill-php80",');
  });

  it('joins several licenses with OR, parenthesising a compound one, and keeps a string license', () => {
    const { packages } = read(join(FIXTURES, 'sources-and-licenses', 'composer.lock'));
    expect(packages.map((p) => [p.name, p.licenses?.[0]])).toEqual([
      ['acme/local-tools', undefined],
      ['acme/forked-client', 'MIT'],
      ['acme/source-only', 'proprietary'],
      ['doctrine/common', 'MIT'],
      ['wpackagist-plugin/akismet', undefined],
      ['symfony/polyfill-php80', 'MIT'],
      ['phpunit/php-code-coverage', 'BSD-3-Clause OR (GPL-2.0-only AND MIT)'],
    ]);
  });

  it('keeps versions as composer writes them, v prefix and branch names included', CORPUS_TEST, () => {
    expect(read(join(DEPENDABOT, 'v_prefix', 'composer.lock')).packages.map((p) => p.version)).toEqual([
      'v1.0.2',
      'v1.0.1',
    ]);
  });

  it('reads a number written as a version, with a warning at its line', () => {
    const result = read(join(FIXTURES, 'sources-and-licenses', 'composer.lock'));
    expect(result.warnings).toEqual([
      {
        message: 'wpackagist-plugin/akismet: version 20240101 is a number, not a string; read as "20240101"',
        line: 71,
      },
    ]);
  });

  it('reads "packages-dev": null (a lockfile written with --no-dev) as no dev packages', () => {
    expect(read(join(FIXTURES, 'no-dev', 'composer.lock')).packages.map(brief)).toEqual([
      '4 psr/log@3.0.0:registry',
    ]);
  });

  it('names the plugin API version in the format when the lockfile carries it', () => {
    expect(read(join(FIXTURES, 'sources-and-licenses', 'composer.lock')).format).toBe('composer-lock@2.6.0');
    expect(read(join(FIXTURES, 'no-dev', 'composer.lock')).format).toBe('composer-lock');
  });

  it('reads the same packages from CRLF line ends and after a byte-order mark', () => {
    const file = join(FIXTURES, 'sources-and-licenses', 'composer.lock');
    expect(readComposerLock(file, `\uFEFF${readText(file).replace(/\n/g, '\r\n')}`)).toEqual(read(file));
  });

  it(
    'reads a minified lockfile with every package on line 1, and an empty one as no packages',
    CORPUS_TEST,
    () => {
      const file = join(FIXTURES, 'sources-and-licenses', 'composer.lock');
      const minified = readComposerLock(file, JSON.stringify(JSON.parse(readText(file))));
      expect(minified.packages.map((p) => p.line)).toEqual([1, 1, 1, 1, 1, 1, 1]);
      expect(minified.packages.map((p) => p.name)).toEqual(read(file).packages.map((p) => p.name));
      expect(read(join(OSV, 'empty.json')).packages).toEqual([]);
    },
  );

  it.each([
    [
      'an entry without a name',
      '{\n  "packages": [\n    {\n      "version": "1.0.0"\n    }\n  ]\n}',
      3,
      /packages\[0\] has no "name"/,
    ],
    [
      'an entry that is a string',
      '{\n  "packages": [],\n  "packages-dev": [\n    "a/b"\n  ]\n}',
      4,
      /packages-dev\[0\] is not an object/,
    ],
    [
      'a version that is an object',
      '{"packages": [\n{"name": "a/b", "version": {"v": 1}}]}',
      2,
      /packages\[0\] \(a\/b\) has no "version"/,
    ],
    [
      '"packages" that is an object',
      '{\n  "_readme": [],\n  "packages": {}\n}',
      3,
      /"packages" must be an array/,
    ],
    ['no "packages" key', '{"_readme": ["This File Intentionally Left Blank"]}', 1, /not a composer.lock/],
    ['a top-level array', '[]', 1, /not a composer.lock/],
    ['truncated JSON', '{\n  "packages": [\n    {"name": "a/b", "version": "1.0.0"}', 3, /not valid JSON/],
    ['git conflict markers', '{\n<<<<<<< HEAD\n  "packages": []\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('composer.lock:')).toBe(true);
  });
});
