import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readGemfileLock } from '../../src/lockfiles/gem/read-gemfile.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'ruby', 'gemfilelock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'bundler', 'spec', 'fixtures', 'projects', 'bundler2');
const FIXTURES = fixturePath('gemfile');

const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/ruby/gemfilelock/testdata/invalid.lock': {
    line: 4,
    reason: /malformed spec line \(expected/,
  },
  'dependabot-core/bundler/spec/fixtures/projects/bundler2/invalid_gem_information_in_gemfile/Gemfile.lock': {
    line: 4,
    reason: /malformed spec line \(expected/,
  },
};

/** dependabot lockfiles with a reviewed golden file (all osv-scalibr files have one). */
const REVIEWED = [
  'checksums_bundler_2_7_2/Gemfile.lock',
  'gems_rb/gems.locked',
  'git_source/Gemfile.lock',
  'git_source_with_multiple_deps/Gemfile.lock',
  'imports_gemspec/Gemfile.lock',
  'imports_two_gemspecs/Gemfile.lock',
  'jruby/Gemfile.lock',
  'multiple_path_gems/Gemfile.lock',
  'nested_path_source/nested/Gemfile.lock',
  'no_bundled_with/Gemfile.lock',
  'path_source/Gemfile.lock',
  'platform_windows/Gemfile.lock',
  'sidekiq_pro/Gemfile.lock',
  'specified_plugin_source/Gemfile.lock',
  'top_level_update_with_git_gems/Gemfile.lock',
  'vendored_git/Gemfile.lock',
].map((file) => join(DEPENDABOT, file));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readGemfileLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}`;

function failure(text: string, file = 'Gemfile.lock'): LockfileError {
  return lockfileErrorOf(() => readGemfileLock(file, text), file);
}

/** Every gem sits at its own four-space spec line, without a platform tail; no two entries are the same. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  expect(result.ecosystem).toBe('gem');
  expect(result.format).toMatch(/^gemfile-lock(@\S+)?$/);
  const hasDependencies = lines.includes('DEPENDENCIES');
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.version).toMatch(/^[^-\s]+$/);
    expect(lines[pkg.line - 1], `${pkg.name} at line ${pkg.line}`).toMatch(
      new RegExp(
        `^ {4}${pkg.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(${pkg.version.replace(/\./g, '\\.')}[-)]`,
      ),
    );
    expect(typeof pkg.direct).toBe(hasDependencies ? 'boolean' : 'undefined');
    if (pkg.source !== 'registry') expect(pkg.resolved).toBeTruthy();
  }
  const keys = result.packages.map((p) => `${p.name}@${p.version}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readGemfileLock', () => {
  it('finds every Gemfile.lock and gems.locked of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(12);
    expect(filesUnder(DEPENDABOT)).toHaveLength(152);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'gems-locked/gems.locked',
      'sources-and-platforms/Gemfile.lock',
    ]);
    for (const file of REVIEWED) expect(corpusFiles).toContain(file);
  });

  itEachFile(
    corpusFiles,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads with every gem at its own spec line, or fails at its line',
    (name, file) => {
      const text = readText(file);
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readGemfileLock(file, text));
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

  it('reads every source section, drops platform tails and keeps one entry per gem version', () => {
    expect(read(join(FIXTURES, 'sources-and-platforms', 'Gemfile.lock')).packages.map(brief)).toEqual([
      '6 actionpack@7.2.0.alpha:git:direct',
      '8 activesupport@7.2.0.alpha:git',
      '21 internal_auth@1.0.0:path:direct',
      '27 secret_sauce@2.1.0:url:direct',
      '33 concurrent-ruby@1.2.3:registry',
      '34 faraday@2.9.0:registry:direct',
      '36 faraday-net_http@3.1.0:registry',
      '37 nokogiri@1.16.2:registry:direct',
      '43 racc@1.7.3:registry',
      '44 rack@3.0.9.1:registry',
      '45 sqlite3@1.7.2:registry:direct',
    ]);
  });

  it('names where non-registry gems come from: remote@revision for GIT, the directory for PATH', () => {
    const { packages } = read(join(FIXTURES, 'sources-and-platforms', 'Gemfile.lock'));
    expect(packages.filter((p) => p.source !== 'registry').map((p) => [p.name, p.resolved])).toEqual([
      ['actionpack', 'https://github.com/rails/rails.git@5f2a1b0c6c8f4e0a9d3b7e1f2c4d6e8f0a1b3c5d'],
      ['activesupport', 'https://github.com/rails/rails.git@5f2a1b0c6c8f4e0a9d3b7e1f2c4d6e8f0a1b3c5d'],
      ['internal_auth', 'vendor/gems/internal_auth'],
      ['secret_sauce', 's3://private-gems'],
    ]);
  });

  it(
    "leaves the project's own gemspec gems (PATH .) out and takes their requirements as direct",
    CORPUS_TEST,
    () => {
      const { packages } = read(join(FIXTURES, 'sources-and-platforms', 'Gemfile.lock'));
      expect(packages.map((p) => p.name)).not.toContain('my_gem');
      expect(packages.filter((p) => ['faraday', 'nokogiri'].includes(p.name)).map((p) => p.direct)).toEqual([
        true,
        true,
      ]);
      expect(read(join(DEPENDABOT, 'imports_two_gemspecs', 'Gemfile.lock')).packages.map(brief)).toEqual([
        '12 business@1.13.0:registry:direct',
        '13 statesman@1.3.1:registry:direct',
      ]);
    },
  );

  it('skips CHECKSUMS, PLATFORMS and RUBY VERSION, and warns about a section it does not know', () => {
    const result = read(join(FIXTURES, 'sources-and-platforms', 'Gemfile.lock'));
    expect(result.warnings).toEqual([{ message: 'unknown section FUTURE SECTION: skipped', line: 65 }]);
    expect(result.format).toBe('gemfile-lock@2.5.6');
  });

  it('reads gems.locked like Gemfile.lock, and names the format without BUNDLED WITH', CORPUS_TEST, () => {
    expect(read(join(FIXTURES, 'gems-locked', 'gems.locked')).packages.map(brief)).toEqual([
      '4 business@1.18.0:registry:direct',
      '6 rbtree@0.4.6:registry',
      '7 set@1.1.0:registry',
      '8 sorted_set@1.0.3:registry',
    ]);
    expect(read(join(DEPENDABOT, 'no_bundled_with', 'Gemfile.lock')).format).toBe('gemfile-lock');
  });

  it('leaves direct unset when there is no DEPENDENCIES section to tell', () => {
    const result = readGemfileLock(
      'Gemfile.lock',
      'GEM\n  remote: https://rubygems.org/\n  specs:\n    rake (13.1.0)\n',
    );
    expect(result.packages).toEqual([
      { ecosystem: 'gem', name: 'rake', version: '13.1.0', line: 4, source: 'registry' },
    ]);
  });

  it('reads the same packages from CRLF line ends and after a byte-order mark', () => {
    const file = join(FIXTURES, 'sources-and-platforms', 'Gemfile.lock');
    expect(readGemfileLock(file, `\uFEFF${readText(file).replace(/\n/g, '\r\n')}`)).toEqual(read(file));
  });

  it('reads an empty file, or sections without specs, as no packages', CORPUS_TEST, () => {
    expect(readGemfileLock('Gemfile.lock', '').packages).toEqual([]);
    expect(read(join(OSV, 'no-gem-section.lock')).packages).toEqual([]);
    expect(read(join(OSV, 'no-spec-section.lock')).packages).toEqual([]);
  });

  it.each([
    [
      'a spec without a version',
      'GEM\n  specs:\n    rails 6.1\n',
      3,
      /malformed spec line \(expected "name \(version\)"\)$/,
    ],
    [
      'a spec at three spaces',
      'GEM\n  specs:\n    rails (7.1.0)\n   rack (3.0.0)\n',
      4,
      /unexpected indentation 3 in specs/,
    ],
    [
      'a spec before "specs:"',
      'GEM\n  remote: https://rubygems.org/\n    rails (7.1.0)\n',
      3,
      /spec line before "specs:" in GEM/,
    ],
    [
      'a malformed source option',
      'GIT\n  remote https://x\n',
      2,
      /malformed GIT option "remote https:\/\/x"/,
    ],
    [
      'a malformed dependency',
      'GEM\n  specs:\n\nDEPENDENCIES\n  rails (>= 7\n',
      5,
      /malformed dependency line \(expected/,
    ],
    ['a dependency at four spaces', 'DEPENDENCIES\n    rails\n', 2, /indented by two spaces, got 4/],
    ['an indented line before any section', '  remote: https://rubygems.org/\n', 1, /before any section/],
    ['a text file', 'this is not a lockfile\n', 1, /not a Gemfile.lock/],
    [
      'only unknown sections',
      'SOMETHING\n  else\n',
      1,
      /no GEM, GIT, PATH, PLATFORMS or DEPENDENCIES section/,
    ],
    ['git conflict markers', 'GEM\n  specs:\n<<<<<<< HEAD\n    rails (7.1.0)\n', 3, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('Gemfile.lock:')).toBe(true);
  });
});
