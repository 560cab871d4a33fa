import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readPoetryLock } from '../../src/lockfiles/pypi/read-poetry.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'python', 'poetrylock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'python', 'spec', 'fixtures', 'poetry_locks');
const FIXTURES = fixturePath('poetry');

const nameOf = (file: string) => relative(CORPUS, file);
const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);

/** Corpus files that are not readable poetry.lock files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/python/poetrylock/testdata/not-toml.txt': { line: 1, reason: /not valid TOML/ },
  // dependabot keeps a pdm.lock among its poetry fixtures; pdm.test.ts reads it as one.
  'dependabot-core/python/spec/fixtures/poetry_locks/pdm_example.lock': {
    line: 88,
    reason: /this is a pdm\.lock, not a poetry\.lock/,
  },
};

/** dependabot lockfiles with a reviewed golden file (every valid osv-scalibr file has one). */
const REVIEWED = [
  'dir_dependency.lock',
  'extras.lock',
  'file_dependency.lock',
  'git_dependency_in_a_subdirectory.lock',
  'poetry_v2_groups_markers.lock',
  'private_secondary_source.lock',
  'python_lower_bound.toml',
  'url_dependency.lock',
].map((file) => join(DEPENDABOT, file));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readPoetryLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.dev === true ? ':dev' : ''}${p.optional === true ? ':optional' : ''}`;

function failure(text: string, file = 'poetry.lock'): LockfileError {
  return lockfileErrorOf(() => readPoetryLock(file, text), file);
}

/** Every package stands at a `[[package]]` header whose table names it, one package per header. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  const headers = lines.flatMap((line, i) => (line.trim() === '[[package]]' ? [i + 1] : []));
  expect(result.ecosystem).toBe('pypi');
  expect(result.format).toMatch(/^poetry(@[12]\.\d+)?$/);
  expect(result.packages.map((p) => p.line)).toEqual(headers);
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.version).not.toBe('');
    const next = headers.find((line) => line > pkg.line) ?? lines.length + 1;
    const table = lines.slice(pkg.line, next - 1).join('\n');
    expect(table, `${pkg.name} at line ${pkg.line}`).toContain(`name = ${JSON.stringify(pkg.name)}`);
    expect(table).toContain(`version = ${JSON.stringify(pkg.version)}`);
    expect(pkg.direct).toBeUndefined();
    if (pkg.source !== 'registry') expect(pkg.resolved).toBeDefined();
  }
}

describe('readPoetryLock', () => {
  it('finds every poetry.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(11);
    expect(filesUnder(DEPENDABOT)).toHaveLength(33);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'v1-sources/poetry.lock',
      'v2-groups/poetry.lock',
    ]);
    for (const file of REVIEWED) expect(corpusFiles).toContain(file);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every package at its own [[package]] header, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readPoetryLock(file, text));
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

  it('takes dev from category = "dev" and reads every source type', () => {
    const result = read(join(FIXTURES, 'v1-sources', 'poetry.lock'));
    expect(result.format).toBe('poetry@2.0');
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['3 black@23.3.0:registry:dev', undefined],
      ['17 click@8.1.3:registry', undefined],
      ['28 internal-utils@2.4.0:registry', undefined],
      ['44 mylib@0.1.0:path', '../mylib'],
      [
        '58 requests@2.31.0:git',
        'https://github.com/psf/requests.git#147c8511ddbfa5e8f71bbf5c18ede0c4ceb3bba4',
      ],
      ['74 toml@0.10.2:url:optional', 'https://github.com/uiri/toml/archive/refs/tags/0.10.2.tar.gz'],
      ['89 wheel-only@1.0.0:path', 'vendor/wheel_only-1.0.0-py3-none-any.whl'],
    ]);
    expect(result.packages.map((p) => p.dev)).toEqual([true, false, false, false, false, false, false]);
  });

  it('takes dev from groups without main, keeps both versions of a forked package, and skips a quoted [[package]]', () => {
    const result = read(join(FIXTURES, 'v2-groups', 'poetry.lock'));
    expect(result.format).toBe('poetry@2.1');
    expect(result.packages.map(brief)).toEqual([
      '3 colorama@0.4.6:registry',
      '15 docs-theme@1.2.0:registry:dev',
      '28 httpx@0.27.0:registry:optional',
      '38 pytest@8.1.1:registry:dev',
      '50 typing-extensions@4.10.0:registry',
      '60 typing-extensions@4.12.2:registry',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('leaves dev unset for a lockfile that records neither category nor groups', CORPUS_TEST, () => {
    const result = read(join(DEPENDABOT, 'dir_dependency.lock'));
    expect(result.format).toBe('poetry@2.0');
    expect(result.packages.every((p) => p.dev === undefined)).toBe(true);
  });

  it('reads optional = true as optional', CORPUS_TEST, () => {
    expect(read(join(OSV, 'optional-package.lock')).packages.map(brief)).toEqual([
      '1 numpy@1.23.3:registry:optional',
    ]);
  });

  it(
    'finds packages by their header even when the name comes after other keys or a quoted name',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'names-outside-package-block.lock')).packages.map(brief)).toEqual([
        '3 first-pkg@1.0.0:registry',
        '15 second-pkg@2.0.0:registry',
      ]);
    },
  );

  it('reads an empty lockfile, or an empty file, as no packages', CORPUS_TEST, () => {
    expect(read(join(OSV, 'empty.lock'))).toEqual({
      ecosystem: 'pypi',
      format: 'poetry@1.1',
      packages: [],
      warnings: [],
    });
    expect(read(join(OSV, 'empty-file.lock')).packages).toEqual([]);
  });

  it(
    'notes, once and as a notice, when [metadata] gives no lock-version (poetry before 1.0)',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'source-legacy.lock')).warnings).toEqual([
        {
          message:
            'no [metadata] lock-version (poetry before 1.0); read as a poetry.lock of lock-version 1.x',
          notice: true,
        },
      ]);
    },
  );

  it('keeps, of the files [metadata.files] lists under a name, those of each locked version', () => {
    // As poetry 1.0 wrote python-poetry/poetry's own lock (commit 7a5de21fc6): keyring at three versions.
    const file = (name: string, hash: string) => `    {file = "${name}", hash = "sha256:${hash}"},\n`;
    const text =
      '[[package]]\nname = "keyring"\nversion = "18.0.1"\n\n[[package]]\nname = "keyring"\nversion = "20.0.1"\n\n' +
      '[[package]]\nname = "six"\nversion = "1.14.0"\n\n[metadata]\nlock-version = "1.0"\ncontent-hash = "x"\npython-versions = "*"\n\n[metadata.files]\nkeyring = [\n' +
      file('keyring-18.0.1-py2.py3-none-any.whl', 'a1') +
      file('keyring-18.0.1.tar.gz', 'a2') +
      file('keyring-20.0.1-py2.py3-none-any.whl', 'b1') +
      file('keyring-20.0.1.tar.gz', 'b2') +
      ']\nsix = [\n' +
      file('six-1.14.0.tar.gz', 'c1') +
      file('six-1.13.0.tar.gz', 'c0') +
      ']\n';
    const result = readPoetryLock('poetry.lock', text, { sources: true });
    expect(result.packages.map((p) => [p.name, p.version, p.integrity])).toEqual([
      ['keyring', '18.0.1', 'sha256:a1,sha256:a2'],
      ['keyring', '20.0.1', 'sha256:b1,sha256:b2'],
      // A stale file of another version is not this version's.
      ['six', '1.14.0', 'sha256:c1'],
    ]);
  });

  it('warns about an unknown source type and keeps the package off the registry', () => {
    const result = readPoetryLock(
      'poetry.lock',
      '[[package]]\nname = "a"\nversion = "1.0"\n\n[package.source]\ntype = "hg"\nurl = "https://hg.example/a"\n\n[metadata]\nlock-version = "2.0"\n',
    );
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['1 a@1.0:url', 'https://hg.example/a'],
    ]);
    expect(result.warnings).toEqual([{ message: 'a 1.0: unknown source type "hg"', line: 1 }]);
  });

  it.each([
    [
      'a newer lock-version',
      '[[package]]\nname = "a"\nversion = "1.0"\n\n[metadata]\nlock-version = "3.0"\n',
      5,
      /unsupported poetry.lock lock-version 3.0 \(read: 1.x and 2.x\)/,
    ],
    [
      'a lock-version that is a number',
      '[metadata]\nlock-version = 2.0\n',
      1,
      /lock-version must be a version string/,
    ],
    ['metadata that is not a table', 'metadata = 1\n', 1, /"metadata" must be a table/],
    ['a package without a name', '\n[[package]]\nversion = "1.0"\n', 2, /package 1: no "name"/],
    [
      'a package without a version',
      '[[package]]\nname = "a"\n\n[[package]]\nname = "b"\nversion = "1"\n',
      1,
      /package a: no "version"/,
    ],
    [
      'a name that is a number',
      '[[package]]\nname = 1\nversion = "1.0"\n',
      1,
      /package 1: "name" must be a string, got a number/,
    ],
    [
      'groups that are not strings',
      '[[package]]\nname = "a"\nversion = "1"\ngroups = [1]\n',
      1,
      /"groups" must be an array of strings/,
    ],
    [
      'optional that is a string',
      '[[package]]\nname = "a"\nversion = "1"\noptional = "no"\n',
      1,
      /"optional" must be true or false/,
    ],
    [
      'a source that is a string',
      '[[package]]\nname = "a"\nversion = "1"\nsource = "git"\n',
      1,
      /"source" must be a table/,
    ],
    [
      'a source without a type',
      '[[package]]\nname = "a"\nversion = "1"\n[package.source]\nurl = "x"\n',
      1,
      /\[package.source\]: no "type"/,
    ],
    [
      'a git source without a url',
      '[[package]]\nname = "a"\nversion = "1"\n[package.source]\ntype = "git"\n',
      1,
      /a git source needs a "url"/,
    ],
    ['"package" that is not an array', 'package = "a"\n', 1, /"package" must be an array of tables/],
    ['a pyproject.toml', '[tool.poetry]\nname = "app"\n', 1, /not a poetry.lock/],
    ['a pdm.lock', '[metadata]\nlock_version = "4.4"\n', 1, /this is a pdm.lock/],
    ['truncated TOML', '[[package]]\nname = "a\n', 2, /not valid TOML/],
    ['git conflict markers', '[[package]]\n<<<<<<< HEAD\nname = "a"\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('poetry.lock:')).toBe(true);
  });
});
