import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readPipfileLock } from '../../src/lockfiles/pypi/read-pipfile.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'python', 'pipfilelock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'python', 'spec', 'fixtures', 'pipfile_files');
const FIXTURES = fixturePath('pipfile');

const nameOf = (file: string) => relative(CORPUS, file);
const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);

/** Corpus files that are not readable Pipfile.lock files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/python/pipfilelock/testdata/empty-file': { line: 1, reason: /not valid JSON/ },
  'osv-scalibr/language/python/pipfilelock/testdata/not-json.txt': { line: 1, reason: /not valid JSON/ },
  'dependabot-core/python/spec/fixtures/pipfile_files/unparseable.lock': {
    line: 1,
    reason: /not valid JSON/,
  },
  'dependabot-core/python/spec/fixtures/pipfile_files/malformed_default_section.lock': {
    line: 16,
    reason: /"default" must be an object of packages/,
  },
  'dependabot-core/python/spec/fixtures/pipfile_files/malformed_develop_section.lock': {
    line: 53,
    reason: /"develop" must be an object of packages/,
  },
  'dependabot-core/python/spec/fixtures/pipfile_files/edited.lock': {
    line: 37,
    reason: /default\.requests must be an object, got a string/,
  },
  'dependabot-core/python/spec/fixtures/pipfile_files/edited_array.lock': {
    line: 37,
    reason: /default\.requests must be an object, got an array/,
  },
};

/** dependabot lockfiles with a reviewed golden file (every valid osv-scalibr file has one). */
const REVIEWED = [
  'arbitrary_equality.lock',
  'git_source.lock',
  'hard_names.lock',
  'only_dev.lock',
  'path_dependency.lock',
  'path_dependency_not_self.lock',
  'prod_and_dev.lock',
].map((file) => join(DEPENDABOT, file));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readPipfileLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.dev === true ? ':dev' : ''}${p.unpinned === true ? ':unpinned' : ''}`;

function failure(text: string, file = 'Pipfile.lock'): LockfileError {
  return lockfileErrorOf(() => readPipfileLock(file, text), file);
}

/** Every package stands on the line of its own key, inside the section its dev flag names. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  const minified = !text.trim().includes('\n');
  expect(result.ecosystem).toBe('pypi');
  expect(result.format).toMatch(/^pipfile-lock(@[1-6])?$/);
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.ecosystem).toBe('pypi');
    expect(typeof pkg.dev).toBe('boolean');
    expect(pkg.direct).toBeUndefined();
    // Minified files hold everything on line 1; elsewhere the key starts its line.
    if (!minified) expect(lines[pkg.line - 1]?.trim()).toMatch(new RegExp(`^"${pkg.name}": \\{`));
    else expect(text).toContain(`"${pkg.name}":`);
    const sectionStart = text.indexOf(pkg.dev === true ? '"develop"' : '"default"');
    const keyOffset = lines.slice(0, pkg.line - 1).join('\n').length;
    expect(keyOffset).toBeGreaterThanOrEqual(minified ? 0 : sectionStart);
    if (pkg.source === 'registry' && pkg.unpinned !== true) expect(pkg.version).toMatch(/^[0-9]/);
  }
  const keys = result.packages.map((p) => `${p.name}@${p.dev === true}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readPipfileLock', () => {
  it('finds every Pipfile.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(10);
    expect(filesUnder(DEPENDABOT)).toHaveLength(29);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual(['sources/Pipfile.lock']);
    for (const file of REVIEWED) expect(corpusFiles).toContain(file);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every package at its own key, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readPipfileLock(file, text));
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

  it(
    'reads the default section as runtime and the develop section as dev, each package once per section',
    CORPUS_TEST,
    () => {
      const result = read(join(OSV, 'multiple-packages.json'));
      expect(result.packages.map(brief)).toEqual([
        '19 itsdangerous@2.1.2:registry',
        '27 pluggy@1.0.1:registry',
        '32 markupsafe@2.1.1:registry',
        '80 itsdangerous@2.1.2:registry:dev',
        '88 pluggy@1.0.0:registry:dev',
      ]);
    },
  );

  it('drops the == and === of pins, keeps git, path and file entries off the registry, and leaves the project out', () => {
    const result = read(join(FIXTURES, 'sources', 'Pipfile.lock'));
    expect(result.format).toBe('pipfile-lock@6');
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['23 certifi@2024.2.2:registry', undefined],
      ['31 flask@:git', 'https://github.com/pallets/flask.git#2f0c62f5e6e290843f03c1fa70817c7a3c7fd661'],
      ['35 local-lib@0.3.0:path', './libs/local-lib'],
      ['40 pytz@:url', 'https://files.pythonhosted.org/packages/9c/3d/pytz-2024.1-py2.py3-none-any.whl'],
      ['43 regex@2023.12.25:registry', undefined],
      ['49 six@:path', './wheels/six-1.16.0-py2.py3-none-any.whl'],
      ['52 urllib3@2.2.1:registry', undefined],
      ['58 pytest@8.1.1:registry:dev', undefined],
      ['65 unpinned-tool@:registry:dev:unpinned', undefined],
      ['68 urllib3@2.0.7:registry:dev', undefined],
    ]);
    expect(result.warnings).toEqual([{ message: 'develop.unpinned-tool has no pinned version', line: 65 }]);
  });

  it('reads git entries without a version, with the ref as the resolved commit', CORPUS_TEST, () => {
    expect(read(join(OSV, 'no-version.json')).packages.map((p) => [brief(p), p.resolved])).toEqual([
      [
        '19 markupsafe@:git',
        'https://github.com/pallets/markupsafe#b36054111bc1e8bbadb5d0d60158feb72926f467',
      ],
      [
        '26 itsdangerous@:git:dev',
        'https://github.com/pallets/itsdangerous#de09cad488a4d7c7bbcbcdb8e1c2dfde64325f48',
      ],
    ]);
  });

  it('reads a minified lockfile, all on line 1', CORPUS_TEST, () => {
    expect(read(join(OSV, 'minified.json')).packages.map(brief)).toEqual(['1 markupsafe@2.1.1:registry']);
  });

  it('reads empty sections as no packages, and a byte-order mark as nothing', CORPUS_TEST, () => {
    expect(read(join(OSV, 'empty.json')).packages).toEqual([]);
    expect(readPipfileLock('Pipfile.lock', '\ufeff{"_meta": {}, "default": {}}').packages).toEqual([]);
  });

  it('warns about a version that is not a pin and lists the package unpinned', () => {
    const result = readPipfileLock(
      'Pipfile.lock',
      '{\n  "default": {\n    "a": {"version": ">=1.0"}\n  }\n}\n',
    );
    expect(result.packages).toEqual([
      {
        ecosystem: 'pypi',
        name: 'a',
        version: '',
        line: 3,
        source: 'registry',
        dev: false,
        unpinned: true,
        specifier: '>=1.0',
      },
    ]);
    expect(result.warnings).toEqual([{ message: 'default.a: version ">=1.0" is not a pin (==)', line: 3 }]);
  });

  it.each([
    ['an empty file', '', 1, /not valid JSON/],
    ['truncated JSON', '{\n  "default": {\n    "a": {"version": "==1.0"\n', 4, /not valid JSON/],
    ['a JSON array', '[1, 2]', 1, /not a Pipfile.lock/],
    ['a package.json', '{\n  "name": "x",\n  "dependencies": {}\n}\n', 1, /not a Pipfile.lock/],
    [
      'a newer pipfile-spec',
      '{\n  "_meta": {"pipfile-spec": 7},\n  "default": {}\n}\n',
      2,
      /unsupported Pipfile.lock pipfile-spec 7/,
    ],
    [
      'a pipfile-spec that is a string',
      '{\n  "_meta": {"pipfile-spec": "6"}\n}\n',
      2,
      /pipfile-spec must be a positive integer/,
    ],
    ['_meta that is not an object', '{\n  "_meta": 6\n}\n', 2, /"_meta" must be an object/],
    [
      'a version that is a number',
      '{\n  "default": {\n    "a": {"version": 1}\n  }\n}\n',
      3,
      /default\.a: "version" must be a string, got a number/,
    ],
    [
      'hashes that are not strings',
      '{\n  "develop": {\n    "a": {"version": "==1", "hashes": [1]}\n  }\n}\n',
      3,
      /develop\.a: "hashes" must be an array of strings/,
    ],
    [
      'git that is not a string',
      '{\n  "default": {\n    "a": {"git": true}\n  }\n}\n',
      3,
      /"git" must be a string, got a boolean/,
    ],
    [
      'editable that is not a boolean',
      '{\n  "default": {\n    "a": {"path": "./a", "editable": "yes"}\n  }\n}\n',
      3,
      /"editable" must be true or false/,
    ],
    [
      'git conflict markers',
      '{\n  "default": {\n<<<<<<< HEAD\n    "a": {"version": "==1"}\n',
      3,
      /merge conflict/,
    ],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('Pipfile.lock:')).toBe(true);
  });
});
