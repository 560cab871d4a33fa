import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readRequirements } from '../../src/lockfiles/pypi/read-requirements.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder as filesBelow, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'python', 'requirements', 'testdata');
const FIXTURES = fixturePath('requirements');

const filesUnder = (dir: string) => filesBelow(dir, (name) => name.endsWith('.txt'));

const nameOf = (file: string) => relative(CORPUS, file);
/** The corpus has no requirements files under dependabot-core; every requirements file is found by walking. */
const corpusFiles = filesUnder(CORPUS).filter(
  (file) => /(^|\/)requirements[^/]*\.txt$|\/requirements\/[^/]+\.txt$/i.test(file) || file.startsWith(OSV),
);
const fixtureFiles = filesUnder(FIXTURES);

/** Corpus files that are not requirements files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/python/requirements/testdata/invalid.txt': {
    line: 1,
    reason:
      /not a requirements file: 3 of 5 lines are not requirements; the first: not a requirement: what follows the name is no version specifier/,
  },
};

// The real-history files have their oracle in the corpus itself (an independent reading of each
// commit, checked by test/e2e/real-history.test.ts); the others have reviewed golden files.
const inHistory = (file: string) => nameOf(file).startsWith('real-history/');
const goldenFiles = [
  ...corpusFiles.filter((file) => BROKEN[nameOf(file)] === undefined && !inHistory(file)),
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readRequirements(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.unpinned === true ? `:unpinned(${p.specifier ?? ''})` : ''}${p.direct === undefined ? '' : p.direct ? ':direct' : ':transitive'}`;

function failure(text: string, file = 'requirements.txt'): LockfileError {
  return lockfileErrorOf(() => readRequirements(file, text), file);
}

/** Every requirement stands on a line that names it (or its URL), and unpinned means no version. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('pypi');
  expect(result.format).toBe('requirements');
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(lines[pkg.line - 1], `${pkg.name} at line ${pkg.line}`).toContain(pkg.resolved ?? pkg.name);
    expect(pkg.unpinned === true).toBe(pkg.version === '');
    if (pkg.source === 'registry') expect(pkg.resolved).toBeUndefined();
    else expect(pkg.resolved).toBeDefined();
  }
  for (const include of result.includes ?? []) expect(lines[include.line - 1]).toContain(include.path);
  for (const warning of result.warnings) expect(warning.line).toBeGreaterThanOrEqual(1);
}

describe('readRequirements', () => {
  it('finds every requirements file of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(corpusFiles.filter((file) => !inHistory(file))).toHaveLength(13);
    expect(corpusFiles.filter(inHistory).length).toBeGreaterThan(40);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'requirements-dev.txt',
      'requirements.txt',
    ]);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every requirement at its own line, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readRequirements(file, text));
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
    'reads pins with extras, markers, hashes and continuations, at the first line of each',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'per_req_options.txt')).packages.map(brief)).toEqual([
        '1 foo1@1.0:registry',
        '3 foo2@1.0:registry',
        '5 foo3@1.0:registry',
        '7 foo4@1.0:registry',
        '9 foo5@1.0:registry',
        '11 foo6@1.0:registry',
        '15 foo8@1.0:registry',
        '17 foo9@1.0:registry',
        '22 foo11@1.0:registry',
        '24 foo12@1.0:registry',
        '26 foo13@1.0:registry',
        '28 foo14@1.0:registry',
        '32 foo16-Client@1.0:registry',
        '34 foo17--hash@1.0:registry',
        '36 foo18-Client@1.0:registry',
      ]);
    },
  );

  it('warns, with their lines, about requirements pip would refuse', CORPUS_TEST, () => {
    expect(read(join(OSV, 'per_req_options.txt')).warnings).toEqual([
      {
        message: 'not a requirement: what follows the name is no version specifier (==, >=, ~=, ...)',
        line: 13,
      },
      {
        message: 'not a requirement: what follows the name is no version specifier (==, >=, ~=, ...)',
        line: 20,
      },
      {
        message: 'not a requirement: what follows the name is no version specifier (==, >=, ~=, ...)',
        line: 30,
      },
    ]);
  });

  it(
    'reads ==, === and spaced pins as pinned, and ranges, wildcards and bare names as unpinned',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'with_versions.txt')).packages.map(brief)).toEqual([
        '1 nltk@3.2.2:registry',
        '2 tabulate@0.7.7:registry',
        '3 newspaper3k@:registry:unpinned(>=0.2.2)',
        '4 asdf@:registry:unpinned(==0.7.*)',
        '5 qwerty@0.1:registry',
        '7 hy-phen@1.2:registry',
        '8 under_score@1.3:registry',
        '9 pkg.dot.name@5.0.0:registry',
        '10 combination-._-.also_-._valid@:registry:unpinned(>=3.5)',
        '11 yolo@1.0:registry',
        '12 pkg@:registry:unpinned(<=1.2.3)',
      ]);
    },
  );

  it(
    'reports includes and constraints, and reads URL, path and wheel requirements with their source',
    CORPUS_TEST,
    () => {
      const result = read(join(OSV, 'example.txt'));
      expect(result.includes).toEqual([
        { path: 'other-requirements.txt', line: 21, kind: 'requirements' },
        { path: 'constraints.txt', line: 22, kind: 'constraints' },
      ]);
      expect(result.packages.map(brief)).toEqual([
        '3 pytest@:registry:unpinned()',
        '4 pytest-cov@:registry:unpinned()',
        '5 beautifulsoup4@:registry:unpinned()',
        '8 docopt@0.6.1:registry',
        '9 requests@:registry:unpinned(>= 2.8.1, == 2.8.*)',
        '10 urllib3@:url:unpinned()',
        '13 keyring@:registry:unpinned(>= 4.1.1)',
        '15 coverage@:registry:unpinned(!= 3.5)',
        '17 Mopidy-Dirble@:registry:unpinned(~= 1.1)',
        '25 numpy@1.9.2:path',
        '28 wxPython_Phoenix@3.0.3.dev1820+49a8884:url',
      ]);
    },
  );

  it('reports an include of a file that includes it back without following either', CORPUS_TEST, () => {
    expect(read(join(OSV, 'loop.txt'))).toEqual({
      ecosystem: 'pypi',
      format: 'requirements',
      packages: [],
      warnings: [],
      includes: [{ path: 'other-loop.txt', line: 2, kind: 'requirements' }],
    });
  });

  it('tells direct from transitive requirements by pip-compile annotations', () => {
    expect(read(join(FIXTURES, 'requirements.txt')).packages.map(brief)).toEqual([
      '10 asgiref@3.7.2:registry:transitive',
      '14 django@4.2.11:registry:direct',
      '20 djangorestframework@3.15.1:registry:direct',
      '23 sqlparse@0.5.0:registry:transitive',
      '28 typing-extensions@4.11.0:registry:transitive',
    ]);
  });

  it('reads the old one-line annotation style too', () => {
    const result = readRequirements(
      'requirements.txt',
      'django==4.2    # via -r requirements.in\nasgiref==3.7   # via django\n',
    );
    expect(result.packages.map(brief)).toEqual([
      '1 django@4.2:registry:direct',
      '2 asgiref@3.7:registry:transitive',
    ]);
  });

  it('reads hand-written requirements: editable, VCS, URL, path, extras, markers and environment variables', () => {
    const result = read(join(FIXTURES, 'requirements-dev.txt'));
    expect(result.includes).toEqual([
      { path: 'requirements.txt', line: 2, kind: 'requirements' },
      { path: 'base/common.txt', line: 3, kind: 'requirements' },
      { path: 'constraints.txt', line: 4, kind: 'constraints' },
    ]);
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['7 click@:git:unpinned()', 'git+https://github.com/pallets/click.git@8.1.7#egg=click'],
      ['8 black@:git:unpinned()', 'git+https://github.com/psf/black.git@24.3.0'],
      ['9 shared-utils@:path:unpinned()', './libs/shared-utils'],
      ['10 attrs@23.2.0:url', 'https://files.pythonhosted.org/packages/e0/44/attrs-23.2.0-py3-none-any.whl'],
      ['11 pendulum@3.0.0:url', 'https://example.com/dist/pendulum-3.0.0.tar.gz'],
      ['12 tiny_dep@0.4.1:path', 'file:./vendor/tiny_dep-0.4.1-py3-none-any.whl'],
      ['14 Flask@:registry:unpinned(>=2.3,<3)', undefined],
      ['15 pydantic@:registry:unpinned(~=2.7)', undefined],
      ['16 numpy@1.26.4:registry', undefined],
      ['17 torch@2.3.0+cpu:registry', undefined],
      ['18 scipy@1.13.0:registry', undefined],
      ['19 pandas@:registry:unpinned(==2.*)', undefined],
      ['20 rich@:registry:unpinned()', undefined],
      ['21 version-from-env@:registry:unpinned(==${RICH_VERSION})', undefined],
      ['22 requests@2.31.0:registry', undefined],
    ]);
    expect(result.warnings).toEqual([
      { message: '"." is the project in this folder itself: not a dependency, not listed', line: 5 },
      {
        message: '".[dev]" is the project in this folder itself: not a dependency, not listed',
        line: 6,
      },
      {
        message:
          'cannot tell the package name of "https://example.com/archive/main.zip"; write it as `name @ url` or add #egg=name',
        line: 13,
      },
      {
        message: 'version-from-env: the version "==${RICH_VERSION}" comes from an environment variable',
        line: 21,
      },
      { message: 'an option pip does not know', line: 25 },
      {
        message: 'not a requirement: what follows the name is no version specifier (==, >=, ~=, ...)',
        line: 26,
      },
    ]);
  });

  it('reads an empty file, or one of comments and options only, as no requirements', () => {
    expect(readRequirements('requirements.txt', '').packages).toEqual([]);
    expect(
      readRequirements('requirements.txt', '# nothing\n\n--index-url https://x\n--pre\n').packages,
    ).toEqual([]);
  });

  it.each([
    ['-e .', []],
    ['-e .[dev]', []],
    ['.', []],
    ['-e ./', []],
    ['-e ../sibling', ['1 sibling@:path:unpinned()']],
    ['-e git+https://github.com/a/b.git#egg=b', ['1 b@:git:unpinned()']],
    ['git+ssh://git@github.com/a/repo-name.git@v1.0', ['1 repo-name@:git:unpinned()']],
    ['pkg @ git+https://github.com/a/b.git@main', ['1 pkg@:git:unpinned()']],
    ['pkg[extra] @ file:///tmp/pkg-1.0.tar.gz', ['1 pkg@1.0:path']],
    ['other @ https://x.example/pkg-1.0.tar.gz', ['1 other@:url:unpinned()']],
    ['name (>=1.0,<2)', ['1 name@:registry:unpinned(>=1.0,<2)']],
    ['name==1.0 ; python_version < "3.8"', ['1 name@1.0:registry']],
    ['name==1.0;python_version<"3.8"', ['1 name@1.0:registry']],
    ['name == 1.0 \\\n  --hash=sha256:abc \\\n  --hash=sha256:def', ['1 name@1.0:registry']],
    ['a==1 \\\n# comment ends the continuation\nb==2', ['1 a@1:registry', '3 b@2:registry']],
    ['a==1\r\nb==2\r\n', ['1 a@1:registry', '2 b@2:registry']],
    ['\ufeffa==1', ['1 a@1:registry']],
  ])('reads %j', (text, expected) => {
    expect(readRequirements('requirements.txt', text).packages.map(brief)).toEqual(expected);
  });

  it.each([
    ['-e .', '"."'],
    ['-e .[socks]', '".[socks]"'],
    ['.', '"."'],
    ['--editable ./', '"./"'],
  ])('says that %j is the project itself rather than dropping the line', (text, quoted) => {
    const result = readRequirements('requirements.txt', `requests==2.31.0\n${text}\n`);
    expect(result.packages.map(brief)).toEqual(['1 requests@2.31.0:registry']);
    expect(result.warnings).toEqual([
      { message: `${quoted} is the project in this folder itself: not a dependency, not listed`, line: 2 },
    ]);
  });

  it.each([
    ['-rbase.txt', [{ path: 'base.txt', line: 1, kind: 'requirements' }]],
    ['--requirement base.txt', [{ path: 'base.txt', line: 1, kind: 'requirements' }]],
    ['--constraint=c.txt', [{ path: 'c.txt', line: 1, kind: 'constraints' }]],
    ['-c  c.txt  # pins', [{ path: 'c.txt', line: 1, kind: 'constraints' }]],
  ])('reports the include %j', (text, includes) => {
    expect(readRequirements('requirements.txt', text).includes).toEqual(includes);
  });

  it.each([
    ['--hash=sha256:abc', /--hash belongs after a requirement/],
    ['-r', /-r without a file name/],
    ['-e', /-e without a path or URL/],
    ['-e django', /an editable requirement \(-e\) that is not a path or URL/],
    ['name>>1', /what follows the name is no version specifier/],
  ])('warns about %j', (text, message) => {
    const result = readRequirements('requirements.txt', `ok==1\nok2==1\n${text}\n`);
    expect(result.warnings.map((w) => w.line)).toEqual([3]);
    expect(result.warnings[0]?.message).toMatch(message);
  });

  it.each([
    [
      'garbage',
      '%%%\n@@@\n',
      1,
      /no requirement could be read; the first: not a requirement: it does not start with a package name/,
    ],
    ['a JSON file', '{\n  "name": "x",\n  "version": "1.0.0"\n}\n', 1, /no requirement could be read/],
    ['mostly unreadable lines', 'a==1\n?\n!\n', 2, /not a requirements file: 2 of 3 lines/],
    ['git conflict markers', 'a==1\n<<<<<<< HEAD\nb==1\n', 2, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('requirements.txt:')).toBe(true);
  });
});
