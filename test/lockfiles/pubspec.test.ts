import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readPubspecLock } from '../../src/lockfiles/pub/read-pubspec.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'dart', 'pubspec', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'pub', 'spec', 'fixtures', 'projects');
const FIXTURES = fixturePath('pubspec');

const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/dart/pubspec/testdata/not-yaml.txt': { line: 1, reason: /not a pubspec.lock/ },
};

/** Every valid corpus file and fixture has a reviewed golden file: the set is small. */
const goldenFiles = [...corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined), ...fixtureFiles];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readPubspecLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}${p.dev === true ? ':dev' : ''}`;

function failure(text: string, file = 'pubspec.lock'): LockfileError {
  return lockfileErrorOf(() => readPubspecLock(file, text), file);
}

/** Every package sits at the line of its own key under `packages:`; no two entries are the same. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('pub');
  expect(result.format).toBe('pubspec-lock');
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.version).not.toBe('');
    expect(lines[pkg.line - 1], `${pkg.name} at line ${pkg.line}`).toMatch(
      new RegExp(`^\\s+"?${pkg.name}"?:\\s*$`),
    );
    expect(typeof pkg.direct).toBe('boolean');
    if (pkg.source !== 'registry') expect(pkg.resolved).toBeTruthy();
  }
  const keys = result.packages.map((p) => `${p.name}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readPubspecLock', () => {
  it('finds every pubspec.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(10);
    expect(filesUnder(DEPENDABOT)).toHaveLength(12);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual(['all-sources/pubspec.lock']);
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
      expectInvariants(text, readPubspecLock(file, text));
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

  it('reads every dependency kind and source', () => {
    expect(read(join(FIXTURES, 'all-sources', 'pubspec.lock')).packages.map(brief)).toEqual([
      '4 async@2.11.0:registry',
      '12 company_ui@4.2.0:registry:direct',
      '20 flutter@0.0.0:path:direct',
      '25 flutter_lints@3.0.2:registry:direct:dev',
      '33 http@1.2.1:registry:direct',
      '41 local_widgets@0.1.0:path:direct',
      '48 markdown_fork@7.2.2:git:direct',
      '57 mirror_pkg@1.0.0:url',
    ]);
  });

  it('says dev only where pub does: false for "direct main", unset for transitive and overridden', () => {
    const { packages } = read(join(FIXTURES, 'all-sources', 'pubspec.lock'));
    expect(Object.fromEntries(packages.map((p) => [p.name, p.dev]))).toMatchObject({
      async: undefined,
      company_ui: false,
      flutter_lints: true,
      http: undefined,
    });
  });

  it(
    'keeps SDK packages off the registry, naming their SDK, and names git and path origins',
    CORPUS_TEST,
    () => {
      const { packages } = read(join(FIXTURES, 'all-sources', 'pubspec.lock'));
      expect(packages.filter((p) => p.resolved !== undefined).map((p) => [p.name, p.resolved])).toEqual([
        ['flutter', 'sdk:flutter'],
        ['local_widgets', '../local_widgets'],
        ['markdown_fork', 'https://github.com/example/markdown.git#6b1f0e52d2a3c4b5a69788796a5b4c3d2e1f0a9b'],
      ]);
      expect(read(join(OSV, 'source-sdk.lock')).packages.map(brief)).toEqual([
        '4 flutter_web_plugins@0.0.0:path',
      ]);
    },
  );

  it('warns about a source it does not know and reports the package as a url', () => {
    expect(read(join(FIXTURES, 'all-sources', 'pubspec.lock')).warnings).toEqual([
      { message: 'mirror_pkg: unknown source "mirror"', line: 57 },
    ]);
  });

  it('finds key lines whatever the indentation of the packages', CORPUS_TEST, () => {
    expect(read(join(OSV, 'source-path.lock')).packages.map(brief)).toEqual(['4 maa_core@0.0.1:path:direct']);
    const text =
      'packages:\n    a:\n        dependency: transitive\n        source: hosted\n        version: "1.0.0"\n';
    expect(readPubspecLock('pubspec.lock', text).packages.map(brief)).toEqual(['2 a@1.0.0:registry']);
  });

  it('reads an unquoted version that YAML takes for a number, with a warning', () => {
    const text = 'packages:\n  a:\n    dependency: transitive\n    source: hosted\n    version: 1.10\n';
    const result = readPubspecLock('pubspec.lock', text);
    expect(result.packages.map(brief)).toEqual(['2 a@1.1:registry']);
    expect(result.warnings).toEqual([{ message: 'a: version 1.1 is not quoted; read as "1.1"', line: 2 }]);
  });

  it('reads the same packages from CRLF line ends and after a byte-order mark', () => {
    const file = join(FIXTURES, 'all-sources', 'pubspec.lock');
    expect(readPubspecLock(file, `\uFEFF${readText(file).replace(/\n/g, '\r\n')}`)).toEqual(read(file));
  });

  it('reads an empty file, "packages: {}" and an empty "packages:" as no packages', CORPUS_TEST, () => {
    expect(read(join(OSV, 'empty.lock')).packages).toEqual([]);
    expect(read(join(OSV, 'no-packages.lock')).packages).toEqual([]);
    expect(readPubspecLock('pubspec.lock', 'packages:\nsdks:\n  dart: ">=3.0.0 <4.0.0"\n').packages).toEqual(
      [],
    );
  });

  it.each([
    [
      'a package without a version',
      'packages:\n  a:\n    dependency: transitive\n    source: hosted\n',
      2,
      /packages.a has no "version"/,
    ],
    [
      'a package without a source',
      'packages:\n  a:\n    dependency: transitive\n    version: "1.0.0"\n',
      2,
      /packages.a has no "source"/,
    ],
    ['a package that is a string', 'packages:\n  a: "1.0.0"\n', 2, /packages.a must be a mapping/],
    ['"packages" that is a list', '# pub\npackages:\n  - a\n', 2, /"packages" must be a mapping/],
    ['a mapping without "packages"', 'sdks:\n  dart: ">=3.0.0"\n', 1, /not a pubspec.lock/],
    ['a YAML list', '- a\n- b\n', 1, /not a pubspec.lock/],
    ['broken YAML', 'packages:\n  a:\n    version: "1.0.0\n', 4, /not valid YAML/],
    ['git conflict markers', 'packages:\n<<<<<<< HEAD\n  a:\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('pubspec.lock:')).toBe(true);
  });
});
