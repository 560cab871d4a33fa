import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readUvLock } from '../../src/lockfiles/pypi/read-uv.js';
import { arrayTableLines } from '../../src/lockfiles/syntax/toml-lines.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'python', 'uvlock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'uv', 'spec', 'fixtures');
const FIXTURES = fixturePath('uv');

const nameOf = (file: string) => relative(CORPUS, file);
const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);

/** Corpus files that are not readable uv.lock files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/python/uvlock/testdata/not-toml.txt': { line: 1, reason: /not valid TOML/ },
};

/** Every valid corpus file has a reviewed golden file: there are few enough. */
const goldenFiles = [...corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined), ...fixtureFiles];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readUvLock(file, readText(file));
const flags = (p: LockfilePackage) =>
  [p.direct === true ? 'direct' : '', p.dev === true ? 'dev' : '', p.optional === true ? 'optional' : '']
    .filter((flag) => flag !== '')
    .join(',');
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${flags(p) === '' ? '' : `:${flags(p)}`}`;

function failure(text: string, file = 'uv.lock'): LockfileError {
  return lockfileErrorOf(() => readUvLock(file, text), file);
}

/** Every package stands at a `[[package]]` header whose table names it; only the project is left out. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  const headers = lines.flatMap((line, i) => (line.trim() === '[[package]]' ? [i + 1] : []));
  const tableOf = (line: number) =>
    lines.slice(line, (headers.find((h) => h > line) ?? lines.length + 1) - 1).join('\n');
  const projects = headers.filter((line) => /source = \{ (editable|virtual) = "\." \}/.test(tableOf(line)));
  expect(result.ecosystem).toBe('pypi');
  expect(result.format).toMatch(/^uv(@1(\.\d+)?)?$/);
  expect(result.packages.map((p) => p.line)).toEqual(headers.filter((line) => !projects.includes(line)));
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(tableOf(pkg.line), `${pkg.name} at line ${pkg.line}`).toContain(
      `name = ${JSON.stringify(pkg.name)}`,
    );
    if (pkg.source === 'registry') expect(pkg.version).not.toBe('');
    else expect(pkg.resolved).toBeDefined();
    // The lockfile of a project tells direct, dev and optional for every package; without one, none.
    for (const flag of [pkg.direct, pkg.dev, pkg.optional])
      expect(typeof flag).toBe(projects.length > 0 ? 'boolean' : 'undefined');
  }
}

describe('readUvLock', () => {
  it('finds every uv.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(9);
    expect(filesUnder(DEPENDABOT)).toHaveLength(6);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'single-editable/uv.lock',
      'workspace/uv.lock',
    ]);
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
      expectInvariants(text, readUvLock(file, text));
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

  it('leaves the workspace root out, lists members as workspace, and follows extras and dev groups', () => {
    const result = read(join(FIXTURES, 'workspace', 'uv.lock'));
    expect(result.format).toBe('uv@1.2');
    expect(result.packages.map(brief)).toEqual([
      '16 anyio@4.3.0:registry',
      '59 core@:workspace:direct',
      '68 httpx@0.27.0:registry:direct',
      '77 idna@3.7:registry',
      '82 iniconfig@2.0.0:registry:dev',
      '87 markdown-it-py@3.0.0:git:optional',
      '100 linkify-it-py@2.0.3:registry:optional',
      '105 mdurl@0.1.2:url:optional',
      '110 numpy@1.26.4:registry:direct',
      '118 numpy@2.0.0:registry:direct',
      '126 plugin@0.2.0:workspace',
      '134 pytest@8.2.0:registry:direct,dev',
      '143 rich@13.7.1:registry:direct,optional',
      '151 ruff@0.4.4:registry:direct,dev',
      '156 sniffio@1.3.1:registry',
      '161 vendored-tool@1.0.0:path:direct',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('keeps the source of git, url, path and workspace packages as resolved', () => {
    const resolved = Object.fromEntries(
      read(join(FIXTURES, 'workspace', 'uv.lock')).packages.map((p) => [p.name, p.resolved]),
    );
    expect(resolved).toMatchObject({
      core: 'packages/core',
      'markdown-it-py':
        'https://github.com/executablebooks/markdown-it-py?rev=v3.0.0#1b1d1d2e6b1c6bd0e4b5d2ef7a0d7c1b5f6e8a3c',
      mdurl: 'https://files.pythonhosted.org/packages/b3/38/mdurl-0.1.2-py3-none-any.whl',
      'vendored-tool': 'vendor/vendored_tool-1.0.0-py3-none-any.whl',
      httpx: undefined,
    });
  });

  it('leaves an editable project out and keeps a directory dependency off the registry', () => {
    expect(read(join(FIXTURES, 'single-editable', 'uv.lock')).packages.map(brief)).toEqual([
      '4 certifi@2024.2.2:registry:direct',
      '10 helper@0.0.1:path:direct',
    ]);
  });

  it(
    "reads the project's dev group as dev and its runtime dependencies' dependencies as transitive",
    CORPUS_TEST,
    () => {
      const result = read(join(DEPENDABOT, 'dependency_grapher', 'uv_lock_with_relationships.lock'));
      expect(result.format).toBe('uv@1.3');
      const byName = new Map(result.packages.map((p) => [p.name, flags(p)]));
      expect(Object.fromEntries(byName)).toMatchObject({
        flask: 'direct',
        requests: 'direct',
        ruff: 'direct,dev',
        ty: 'direct,dev',
        werkzeug: '',
        urllib3: '',
      });
    },
  );

  it("reads the project's extras as optional, and its dependencies as direct", CORPUS_TEST, () => {
    const result = read(join(OSV, 'grouped-packages.lock'));
    expect(result.packages.filter((p) => p.direct === true).map(brief)).toEqual([
      '4 black@24.10.0:registry:direct,optional',
      '38 click@8.1.7:registry:direct,optional',
      '59 emoji@2.14.0:registry:direct',
      '68 flake8@7.1.1:registry:direct,optional',
    ]);
  });

  it("follows a dependency's extras, and tells dev and optional by what the project's lists reach", () => {
    // app: dependencies [web], extras {cli: [click]}, dev group [pytest];
    // web -> http[socks] (the extra socks of http lists pysocks); click -> colorama; pytest -> colorama;
    // pytest -> pluggy. colorama is reached by the extra and by the dev group, not by the dependencies:
    // optional (the extra), not dev. pysocks only through an extra a dependency asks for: required.
    const pkg = (name: string, deps = '', more = '') =>
      `[[package]]\nname = "${name}"\nversion = "1.0"\nsource = { registry = "https://pypi.org/simple" }\n${deps}${more}\n`;
    const text =
      'version = 1\n\n' +
      '[[package]]\nname = "app"\nversion = "0.1"\nsource = { virtual = "." }\n' +
      'dependencies = [{ name = "web" }]\n\n' +
      '[package.optional-dependencies]\ncli = [{ name = "click" }]\n\n' +
      '[package.dev-dependencies]\ntest = [{ name = "pytest" }]\n\n' +
      pkg('web', 'dependencies = [{ name = "http", extra = ["socks"] }]\n') +
      pkg('http', '', '\n[package.optional-dependencies]\nsocks = [{ name = "pysocks" }]\n') +
      pkg('pysocks') +
      pkg('click', 'dependencies = [{ name = "colorama" }]\n') +
      pkg('pytest', 'dependencies = [{ name = "colorama" }, { name = "pluggy" }]\n') +
      pkg('colorama') +
      pkg('pluggy');
    const result = readUvLock('uv.lock', text);
    expect(Object.fromEntries(result.packages.map((p) => [p.name, flags(p)]))).toEqual({
      web: 'direct',
      http: '',
      pysocks: '',
      click: 'direct,optional',
      pytest: 'direct,dev',
      colorama: 'optional',
      pluggy: 'dev',
    });
  });

  it(
    'leaves direct, dev and optional unset without a project, and warns about a package without a source',
    CORPUS_TEST,
    () => {
      const result = read(join(OSV, 'names-outside-package-block.lock'));
      expect(result.packages.map(brief)).toEqual([
        '3 first-pkg@1.0.0:registry',
        '15 second-pkg@2.0.0:registry',
      ]);
      expect(result.warnings).toEqual([
        { message: 'first-pkg 1.0.0: no source; read as a registry package', line: 3 },
        { message: 'second-pkg 2.0.0: no source; read as a registry package', line: 15 },
      ]);
    },
  );

  it(
    'reads an empty file, a lockfile without packages, or one with only the project, as no packages',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'empty.lock'))).toEqual({
        ecosystem: 'pypi',
        format: 'uv',
        packages: [],
        warnings: [],
      });
      expect(read(join(OSV, 'no-packages.lock')).packages).toEqual([]);
      expect(read(join(OSV, 'no-dependencies.lock')).packages).toEqual([]);
    },
  );

  it('finds [[package]] headers past multi-line strings that quote one, and spaced or commented headers', () => {
    const text = [
      'version = 1',
      'a = """',
      '[[package]]',
      '"""',
      '[[package]]',
      'name = "x"',
      "b = '''",
      '[[package]]',
      "'''",
      'c = "\\"\\"\\"" # """',
      '  [[ package ]] # a comment',
      'name = "y"',
      'd = """x\\"""',
      '[[package]]',
      '"""',
      '[[package.dependencies]]',
      '[[package]]',
      'name = "z"',
    ].join('\n');
    expect(arrayTableLines(text, 'package')).toEqual([5, 11, 17]);
  });

  it.each([
    ['a newer lockfile version', '# uv\nversion = 2\n', 2, /unsupported uv.lock version 2 \(read: 1\)/],
    [
      'a version that is a string',
      'version = "1"\n',
      1,
      /lockfile version must be a positive integer, got "1"/,
    ],
    [
      'a revision that is a string',
      'version = 1\nrevision = "3"\n',
      2,
      /lockfile revision must be an integer/,
    ],
    ['no version', '[[package]]\nname = "a"\nversion = "1"\n', 1, /no lockfile version: not a uv.lock/],
    [
      'a registry package without a version',
      'version = 1\n[[package]]\nname = "a"\nsource = { registry = "https://pypi.org/simple" }\n',
      2,
      /package a: no "version"/,
    ],
    ['a package without a name', 'version = 1\n\n[[package]]\nversion = "1"\n', 3, /package 1: no "name"/],
    [
      'an unknown source',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { svn = "x" }\n',
      2,
      /package a: unknown source "svn"/,
    ],
    [
      'a source value that is not a string',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { registry = 1 }\n',
      2,
      /package a: source: "registry" must be a string/,
    ],
    [
      'dependencies that are not an array',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { virtual = "." }\ndependencies = "b"\n',
      2,
      /"dependencies" must be an array/,
    ],
    [
      'a dependency that is a string',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { virtual = "." }\ndependencies = ["b"]\n',
      2,
      /an entry of "dependencies" is not a table/,
    ],
    [
      'a dependency without a name',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { virtual = "." }\ndependencies = [{ version = "1" }]\n',
      2,
      /dependencies: no "name"/,
    ],
    [
      'dev-dependencies that are not a table',
      'version = 1\n[[package]]\nname = "a"\nversion = "1"\nsource = { virtual = "." }\ndev-dependencies = []\n',
      2,
      /"dev-dependencies" must be a table/,
    ],
    ['a manifest that is not a table', 'version = 1\nmanifest = 1\n', 2, /"manifest" must be a table/],
    [
      'members that are not strings',
      'version = 1\n\n[manifest]\nmembers = [1]\n',
      3,
      /\[manifest\]: "members" must be an array of strings/,
    ],
    [
      'the preview [[distribution]] format',
      'version = 1\n\n[[distribution]]\nname = "a"\n',
      3,
      /preview uv.lock format/,
    ],
    [
      '"package" that is not an array',
      'version = 1\npackage = 1\n',
      2,
      /"package" must be an array of tables/,
    ],
    ['truncated TOML', 'version = 1\n[[package]]\nname = "a', 3, /not valid TOML/],
    ['git conflict markers', 'version = 1\n=======\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('uv.lock:')).toBe(true);
  });
});
