import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readPdmLock } from '../../src/lockfiles/pypi/read-pdm.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'python', 'pdmlock', 'testdata');
/** dependabot keeps its one pdm.lock among the poetry fixtures. */
const DEPENDABOT_PDM = corpusPath(
  'dependabot-core',
  'python',
  'spec',
  'fixtures',
  'poetry_locks',
  'pdm_example.lock',
);
const FIXTURES = fixturePath('pdm');

const nameOf = (file: string) => relative(CORPUS, file);
const corpusFiles = [...filesUnder(OSV), DEPENDABOT_PDM];
const fixtureFiles = filesUnder(FIXTURES);

/** Corpus files that are not readable pdm.lock files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/python/pdmlock/testdata/not-toml.txt': { line: 1, reason: /not valid TOML/ },
};

const goldenFiles = [...corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined), ...fixtureFiles];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readPdmLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.dev === true ? ':dev' : ''}${p.optional === true ? ':optional' : ''}`;

function failure(text: string, file = 'pdm.lock'): LockfileError {
  return lockfileErrorOf(() => readPdmLock(file, text), file);
}

/** Every package stands at a `[[package]]` header whose table names it. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  const headers = lines.flatMap((line, i) => (line.trim() === '[[package]]' ? [i + 1] : []));
  expect(result.ecosystem).toBe('pypi');
  expect(result.format).toMatch(/^pdm(@4(\.\d+)*)?$/);
  for (const pkg of result.packages) {
    expect(headers).toContain(pkg.line);
    const next = headers.find((line) => line > pkg.line) ?? lines.length + 1;
    const table = lines.slice(pkg.line, next - 1).join('\n');
    expect(table, `${pkg.name} at line ${pkg.line}`).toContain(`name = ${JSON.stringify(pkg.name)}`);
    expect(table).toContain(`version = ${JSON.stringify(pkg.version)}`);
    expect(pkg.direct).toBeUndefined();
  }
}

describe('readPdmLock', () => {
  it('finds every pdm.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(9);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual(['groups/pdm.lock']);
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
      expectInvariants(text, readPdmLock(file, text));
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

  it('reads default as runtime, dev as dev, other groups as optional, and lists a package with extras once', () => {
    const result = read(join(FIXTURES, 'groups', 'pdm.lock'));
    expect(result.format).toBe('pdm@4.5.0');
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['13 click@8.1.7:registry', undefined],
      ['26 colorama@0.4.6:registry', undefined],
      ['35 mkdocs@1.6.0:registry:optional', undefined],
      ['43 mylib@0.1.0:path', './libs/mylib'],
      ['52 pytest@8.2.0:registry:dev', undefined],
      [
        '60 requests@2.32.0:git',
        'https://github.com/psf/requests.git#0e322af87745eff34caffe4df68456ebc20d9068',
      ],
      ['70 uvicorn@0.29.0:registry:optional', undefined],
      ['91 uvloop@0.19.0:registry:optional', undefined],
      ['100 vendored@1.0.0:url', 'https://example.com/wheels/vendored-1.0.0-py3-none-any.whl'],
    ]);
    expect(result.packages.map((p) => p.dev)).toEqual([
      false,
      false,
      undefined,
      false,
      true,
      false,
      undefined,
      undefined,
      false,
    ]);
  });

  it("tells PDM's dev group from other groups, as the osv-scalibr cases name them", CORPUS_TEST, () => {
    expect(read(join(OSV, 'dev-dependency.toml')).packages.map(brief)).toEqual([
      '10 pyroute2@0.7.11:registry:dev',
      '22 toml@0.10.2:registry',
      '33 win-inet-pton@1.1.0:registry:dev',
    ]);
    expect(read(join(OSV, 'optional-dependency.toml')).packages.map(brief)).toEqual([
      '10 pyroute2@0.7.11:registry:optional',
      '22 toml@0.10.2:registry',
      '33 win-inet-pton@1.1.0:registry:optional',
    ]);
  });

  it('keeps a package with extras when its plain entry is missing', () => {
    const result = readPdmLock(
      'pdm.lock',
      '[metadata]\nlock_version = "4.4"\n\n[[package]]\nname = "a"\nversion = "1.0"\nextras = ["x"]\ngroups = ["default"]\n',
    );
    expect(result.packages.map(brief)).toEqual(['4 a@1.0:registry']);
  });

  it('reads a lockfile without [metadata], and warns about it', CORPUS_TEST, () => {
    const result = read(DEPENDABOT_PDM);
    expect(result.format).toBe('pdm@4.0');
    const bare = readPdmLock('pdm.lock', '[[package]]\nname = "a"\nversion = "1.0"\n');
    expect(bare.format).toBe('pdm');
    expect(bare.warnings).toEqual([
      { message: 'no [metadata] lock_version; read as a pdm.lock of lock_version 4.x' },
    ]);
  });

  it('reads an empty lockfile, or an empty file, as no packages', CORPUS_TEST, () => {
    expect(read(join(OSV, 'empty.toml')).packages).toEqual([]);
    expect(read(join(OSV, 'empty-file.toml')).packages).toEqual([]);
  });

  it.each([
    [
      'a newer lock_version',
      '[metadata]\nlock_version = "5.0"\n',
      1,
      /unsupported pdm.lock lock_version 5.0 \(read: up to 4.x\)/,
    ],
    [
      'a lock_version that is a number',
      '\n[metadata]\nlock_version = 4\n',
      2,
      /lock_version must be a version string/,
    ],
    [
      'metadata groups that are not strings',
      '[metadata]\nlock_version = "4.4"\ngroups = "default"\n',
      1,
      /\[metadata\]: "groups" must be an array of strings/,
    ],
    ['a poetry.lock', '[metadata]\nlock-version = "2.0"\n', 1, /this is a poetry.lock/],
    ['a package without a name', '[[package]]\nversion = "1.0"\n', 1, /package 1: no "name"/],
    ['a registry package without a version', '[[package]]\nname = "a"\n', 1, /package a: no "version"/],
    [
      'a git url that is not a string',
      '[[package]]\nname = "a"\nversion = "1"\ngit = 1\n',
      1,
      /"git" must be a string/,
    ],
    [
      'groups that are a string',
      '[[package]]\nname = "a"\nversion = "1"\ngroups = "dev"\n',
      1,
      /"groups" must be an array of strings/,
    ],
    ['a cargo lockfile', 'version = 3\n', 1, /not a pdm.lock/],
    ['truncated TOML', '[[package]]\nname = "a', 2, /not valid TOML/],
    ['git conflict markers', '[[package]]\n>>>>>>> theirs\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('pdm.lock:')).toBe(true);
  });
});
