import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readGoMod } from '../../src/lockfiles/gomod/read-go-mod.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, CORPUS_TEST, corpusPath, fixturePath } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'golang', 'gomod', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'go_modules');
const FIXTURES = fixturePath('gomod');

const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files that are not go.mod files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/golang/gomod/testdata/not-go-mod.mod': {
    line: 1,
    reason: /unknown directive "this"/,
  },
  // go.sum files sit beside the go.mod files they belong to.
  'osv-scalibr/language/golang/gomod/testdata/indirect-1.16.sum': { line: 1, reason: /unknown directive/ },
  'osv-scalibr/language/golang/gomod/testdata/indirect-1.23.sum': { line: 1, reason: /unknown directive/ },
};

/** dependabot go.mod files with a reviewed golden file (all osv-scalibr files have one). */
const REVIEWED = [
  'go_mods/git_dependency.mod',
  'go_mods/go.mod',
  'projects/go_1.17/go.mod',
  'projects/go_retracted/go.mod',
  'projects/graphing_dependencies/go.mod',
  'projects/invalid_pseudo_version/go.mod',
  'projects/module_path_and_version_changed/go.mod',
  'projects/monorepo/cmd/go.mod',
  'projects/no_dependencies/go.mod',
  'projects/replace/go.mod',
  'projects/unrecognized_import/go.mod',
  'projects/workspace/go.mod',
].map((file) => join(DEPENDABOT, 'spec', 'fixtures', file));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readGoMod(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.alias === undefined ? '' : `${p.alias} => `}${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}`;

function failure(text: string, file = 'go.mod'): LockfileError {
  return lockfileErrorOf(() => readGoMod(file, text), file);
}

/** What every result must satisfy, whatever the file: lines that name the package, no twin entries. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('gomod');
  expect(result.format).toMatch(/^go\.mod(@\d+\.\d+(\.\d+)?)?$/);
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.line).toBeGreaterThanOrEqual(1);
    expect(pkg.line).toBeLessThanOrEqual(lines.length);
    expect(lines[pkg.line - 1], `${pkg.name} at line ${pkg.line}`).toContain(pkg.alias ?? pkg.name);
    expect(typeof pkg.direct).toBe('boolean');
    if (pkg.source === 'registry') expect(pkg.version).toMatch(/^v\d/);
    else expect([pkg.source, pkg.version, typeof pkg.resolved]).toEqual(['path', '', 'string']);
  }
  const keys = result.packages.map((p) => `${p.name}@${p.version}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readGoMod', () => {
  it('finds every go.mod of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(17);
    expect(filesUnder(DEPENDABOT)).toHaveLength(54);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual(['replace-and-exclude/go.mod']);
    for (const file of REVIEWED) expect(corpusFiles).toContain(file);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every package at a line naming it, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readGoMod(file, text));
    },
  );

  itEachFile(
    goldenFiles,
    (file) => file,
    (file) =>
      [relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file), file] as const,
    '%s reads as its reviewed golden file',
    (_name, file) => {
      expectGolden(file, read(file));
    },
  );

  it('marks a requirement indirect only by its own "// indirect" or "// indirect;" comment', () => {
    const text = [
      'module example.com/m',
      'go 1.21',
      'require (',
      '\tgithub.com/a/a v1.0.0 // indirect',
      '\tgithub.com/b/b v1.0.0 // indirect; needed by the linker',
      '\tgithub.com/c/c v1.0.0 // indirectly used, still listed as direct',
      '\t// indirect',
      '\tgithub.com/d/d v1.0.0',
      ')',
      'require github.com/e/e v1.0.0 //indirect',
    ].join('\n');
    expect(readGoMod('go.mod', text).packages.map((p) => `${p.name}:${String(p.direct)}`)).toEqual([
      'github.com/a/a:false',
      'github.com/b/b:false',
      'github.com/c/c:true',
      'github.com/d/d:true',
      'github.com/e/e:false',
    ]);
  });

  it('applies a versioned replacement before a bare one, and reports what the build fetches', () => {
    expect(read(join(FIXTURES, 'replace-and-exclude', 'go.mod')).packages.map(brief)).toEqual([
      '14 github.com/pkg/errors@v0.9.1:registry:direct',
      '15 github.com/quoted/path@v1.0.0:registry:direct',
      '16 github.com/raw/path@v1.1.0:registry',
      '17 golang.org/x/sys@v0.20.0:registry',
      '18 golang.org/x/text@v0.14.0:registry:direct',
      '19 github.com/forked/lib => github.com/fork/lib@v1.2.1:registry:direct',
      '20 github.com/forked/lib/v2@v2.3.1:registry:direct',
      '21 example.com/local@:path:direct',
      '22 rsc.io/quote@v1.5.2:registry:direct',
      '25 github.com/single/line@v0.3.0:registry',
    ]);
  });

  it(
    'replaces each required version by its own replacement, and ignores replacements of modules not required',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'replace-different.mod')).packages.map(brief)).toEqual([
        '2 golang.org/x/net => example.com/fork/foe@v1.4.5:registry:direct',
        '3 golang.org/x/net => example.com/fork/foe@v1.4.2:registry:direct',
      ]);
      expect(read(join(OSV, 'replace-mixed.mod')).packages.map(brief)).toEqual([
        '2 golang.org/x/net => example.com/fork/net@v1.4.5:registry:direct',
        '3 golang.org/x/net@v0.5.6:registry:direct',
      ]);
      expect(read(join(OSV, 'replace-not-required.mod')).packages.map(brief)).toEqual([
        '2 golang.org/x/net@v0.5.6:registry:direct',
        '3 github.com/BurntSushi/toml@v1.0.0:registry:direct',
      ]);
    },
  );

  it(
    'keeps a module replaced by a local directory off the registry, with the directory as resolved',
    CORPUS_TEST,
    () => {
      const { packages } = read(join(OSV, 'replace-local.mod'));
      expect(packages[0]).toEqual({
        ecosystem: 'gomod',
        name: 'golang.org/x/net',
        version: '',
        line: 2,
        source: 'path',
        direct: true,
        resolved: './fork/net',
      });
      const quoted = readGoMod(
        'go.mod',
        'module m\ngo 1.21\nrequire a.example/x v1.0.0\nreplace a.example/x => "./dir // not a comment"\n',
      );
      expect(quoted.packages[0]?.resolved).toBe('./dir // not a comment');
    },
  );

  it('reports excluded versions as warnings, and a requirement of an excluded version at its own line', () => {
    expect(read(join(FIXTURES, 'replace-and-exclude', 'go.mod')).warnings).toEqual([
      {
        message: 'rsc.io/quote v1.5.2 is required but excluded: the go command uses the next higher version',
        line: 22,
      },
      { message: 'exclude rsc.io/quote v1.5.2: that version is never used', line: 38 },
      { message: 'exclude golang.org/x/text v0.13.0: that version is never used', line: 41 },
    ]);
  });

  it('never lists the module itself, and names the go version in the format', CORPUS_TEST, () => {
    const result = read(join(FIXTURES, 'replace-and-exclude', 'go.mod'));
    expect(result.format).toBe('go.mod@1.22');
    expect(result.packages.map((p) => p.name)).not.toContain('example.com/app');
    expect(read(join(OSV, 'toolchain-with-suffix.mod')).format).toBe('go.mod@1.23.5');
  });

  it(
    'warns that a go.mod before go 1.17, or without a go directive, may leave out indirect requirements',
    CORPUS_TEST,
    () => {
      expect(read(join(OSV, 'indirect-1.16.mod')).warnings).toEqual([
        {
          message:
            'go 1.16: before go 1.17 a go.mod may leave out indirect requirements, which go.sum then holds',
        },
      ]);
      expect(read(join(OSV, 'one-package.mod')).warnings[0]?.message).toMatch(
        /^no go directive \(read as go 1.16\)/,
      );
      expect(read(join(OSV, 'indirect-1.23.mod')).warnings).toEqual([]);
      expect(read(join(OSV, 'empty.mod')).warnings).toEqual([]);
    },
  );

  it('warns about a version the go command would still have to resolve, and keeps it as written', () => {
    const result = readGoMod('go.mod', 'module m\ngo 1.21\nrequire github.com/a/b master\n');
    expect(result.packages[0]?.version).toBe('master');
    expect(result.warnings).toEqual([
      {
        message:
          'github.com/a/b master: not a canonical module version; the go command resolves it when it next runs',
        line: 3,
      },
    ]);
  });

  it('reads the same packages from CRLF line ends and after a byte-order mark', () => {
    const file = join(FIXTURES, 'replace-and-exclude', 'go.mod');
    const lf = read(file);
    expect(readGoMod(file, `\uFEFF${readText(file).replace(/\n/g, '\r\n')}`)).toEqual(lf);
  });

  it('reads an empty file or one of comments only as no packages', () => {
    expect(readGoMod('go.mod', '').packages).toEqual([]);
    expect(readGoMod('go.mod', '// nothing yet\n\n').packages).toEqual([]);
    expect(readGoMod('go.mod', 'module m\nrequire ()\n').packages).toEqual([]);
  });

  it.each([
    ['an unterminated block', 'module m\nrequire (\n  a.example/x v1.0.0\n', 2, /unterminated require block/],
    ['an unknown directive', 'module m\n\nrequires a.example/x v1.0.0\n', 3, /unknown directive "requires"/],
    ['a ")" outside a block', 'module m\n)\n', 2, /unexpected "\)" outside a block/],
    [
      'a requirement without a version',
      'module m\nrequire (\n  a.example/x\n)\n',
      3,
      /require needs a module path and a version/,
    ],
    [
      'a replace without "=>"',
      'module m\nreplace a.example/x v1.0.0 b.example/y v1.0.0\n',
      2,
      /replace needs/,
    ],
    [
      'a replacement module without a version',
      'module m\nreplace a.example/x => b.example/y\n',
      2,
      /has no version and is not a local directory/,
    ],
    [
      'a local replacement with a version',
      'module m\nreplace a.example/x => ./x v1.0.0\n',
      2,
      /must be a module and a version/,
    ],
    [
      'two different replacements of one module',
      'module m\nreplace a.example/x => ./x\nreplace a.example/x => ./y\n',
      3,
      /conflicting replacements for a.example\/x \(the first is on line 2\)/,
    ],
    ['an unterminated string', 'module m\nrequire "a.example/x v1.0.0\n', 2, /unterminated quoted string/],
    [
      'a bracket in a requirement',
      'module m\nrequire [a.example/x] v1.0.0\n',
      2,
      /unexpected "\[" in require directive/,
    ],
    ['text after a block\'s ")"', 'module m\nrequire (\n) extra\n', 3, /unexpected "extra" after "\)"/],
    [
      'git conflict markers',
      'module m\n<<<<<<< HEAD\nrequire a.example/x v1.0.0\n=======\n',
      2,
      /merge conflict/,
    ],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('go.mod:')).toBe(true);
  });
});
