import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readCargoLock } from '../../src/lockfiles/cargo/read-cargo.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST, byCorpus } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV = corpusPath('osv-scalibr', 'language', 'rust', 'cargolock', 'testdata');
const DEPENDABOT = corpusPath('dependabot-core', 'cargo', 'spec', 'fixtures', 'lockfiles');
const FIXTURES = fixturePath('cargo');

const corpusFiles = [...filesUnder(OSV), ...filesUnder(DEPENDABOT)];
const fixtureFiles = filesUnder(FIXTURES);
const nameOf = (file: string) => relative(CORPUS, file);

/** Corpus files that are not Cargo.lock files, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/rust/cargolock/testdata/not-toml.txt': { line: 1, reason: /not valid TOML/ },
  'dependabot-core/cargo/spec/fixtures/lockfiles/unparseable': { line: 1, reason: /not valid TOML/ },
};

/** dependabot lockfiles with a reviewed golden file (all osv-scalibr files have one). */
const REVIEWED = [
  'bad_name',
  'bare_version_specified',
  'duplicate_source_versions',
  'git_dependency_multiple_refs',
  'git_dependency_ssh',
  'old_lockfile',
  'path_dependency',
  'sparse_registry_dependency',
  'sparse_registry_workspace_shadow',
  'virtual_workspace',
  'virtual_workspace_old_format',
  'workspace_dependencies',
].map((file) => join(DEPENDABOT, file));

const goldenFiles = [
  ...filesUnder(OSV).filter((file) => BROKEN[nameOf(file)] === undefined),
  ...REVIEWED,
  ...fixtureFiles,
];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..') ? relative(FIXTURES, file) : nameOf(file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readCargoLock(file, readText(file));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}`;

function failure(text: string, file = 'Cargo.lock'): LockfileError {
  return lockfileErrorOf(() => readCargoLock(file, text), file);
}

/** Every package sits at a `[[package]]` header whose table names it; no two entries are the same. */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('cargo');
  expect(result.format).toMatch(/^cargo@[1-4]$/);
  expect(result.warnings).toEqual([]);
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.version).not.toBe('');
    expect(lines[pkg.line - 1]?.trim()).toMatch(/^\[\[package\]\]/);
    const table = lines.slice(pkg.line, pkg.line + 6).join('\n');
    expect(table, `${pkg.name} at line ${pkg.line}`).toContain(`name = ${JSON.stringify(pkg.name)}`);
    // The user's own crates (no source) are neither direct nor transitive; every other crate is one of them.
    if (pkg.source === 'workspace') expect(pkg.direct).toBeUndefined();
    else expect(typeof pkg.direct).toBe('boolean');
    if (pkg.source === 'git') expect(pkg.resolved).toMatch(/^git\+/);
  }
  const keys = result.packages.map((p) => `${p.name}@${p.version}@${p.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('readCargoLock', () => {
  it('finds every Cargo.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(filesUnder(OSV)).toHaveLength(9);
    expect(filesUnder(DEPENDABOT)).toHaveLength(43);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'v1-root-metadata/Cargo.lock',
      'workspace-v4/Cargo.lock',
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
      expectInvariants(text, readCargoLock(file, text));
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

  it('marks direct only the version and source a local crate names, and lists local crates as the user code they are (workspace, never transitive)', () => {
    expect(read(join(FIXTURES, 'workspace-v4', 'Cargo.lock')).packages.map(brief)).toEqual([
      '5 app@0.1.0:workspace',
      '15 core-lib@0.1.0:workspace',
      '22 proc-macro2@1.0.78:registry:direct',
      '31 serde@1.0.196:registry:direct',
      '37 syn@1.0.109:registry',
      '43 syn@2.0.48:registry:direct',
      '49 unicode-ident@1.0.12:registry',
      '55 utf8-ranges@1.0.0:git:direct',
      '60 utf8-ranges@1.0.0:git',
      '65 wasi@0.11.0+wasi-snapshot-preview1:registry',
    ]);
  });

  it('reports a git crate with its source, commit included, as resolved', () => {
    const utf8 = read(join(FIXTURES, 'workspace-v4', 'Cargo.lock')).packages.filter(
      (p) => p.name === 'utf8-ranges',
    );
    expect(utf8.map((p) => p.resolved)).toEqual([
      'git+https://github.com/BurntSushi/utf8-ranges?branch=main#83141b376b93484341c68fbca3ca110ae5cd2708',
      'git+https://github.com/BurntSushi/utf8-ranges?branch=stable#83141b376b93484341c68fbca3ca110ae5cd2708',
    ]);
  });

  it('leaves the v1 [root] crate out, takes its dependencies as direct, and ignores [metadata]', () => {
    const result = read(join(FIXTURES, 'v1-root-metadata', 'Cargo.lock'));
    expect(result.format).toBe('cargo@1');
    expect(result.packages.map(brief)).toEqual([
      '9 libc@0.2.40:registry:direct',
      '14 local-helper@0.1.0:workspace',
      '21 rand@0.3.22:git:direct',
      '26 time@0.1.38:registry',
    ]);
  });

  for (const [rows, options] of byCorpus(
    [
      ['workspace-v4 (version = 4)', join(FIXTURES, 'workspace-v4', 'Cargo.lock'), 'cargo@4'],
      ['a version = 3 file', join(OSV, 'one-package.lock'), 'cargo@3'],
      ['no version, inline checksums', join(DEPENDABOT, 'bare_version_specified'), 'cargo@2'],
      ['no version, a [metadata] table', join(DEPENDABOT, 'old_lockfile'), 'cargo@1'],
    ] as const,
    ([, file]) => file,
  ))
    it.each(rows)('names the lockfile version of %s', options, (_case, file, format) => {
      expect(read(file).format).toBe(format);
    });

  it('keeps build metadata that is part of a published version', CORPUS_TEST, () => {
    expect(read(join(OSV, 'package-with-build-string.lock')).packages[0]?.version).toBe(
      '0.10.2+wasi-snapshot-preview1',
    );
  });

  it('reads a lockfile with only its version, or an empty file, as no packages', CORPUS_TEST, () => {
    expect(read(join(OSV, 'empty.lock')).packages).toEqual([]);
    expect(readCargoLock('Cargo.lock', '').packages).toEqual([]);
    expect(readCargoLock('Cargo.lock', '# comments only\n').packages).toEqual([]);
  });

  it('warns, and falls back to the nearest header line, when packages are not written as [[package]] headers', () => {
    const result = readCargoLock(
      'Cargo.lock',
      'version = 3\npackage = [{ name = "a", version = "1.0.0", source = "registry+https://github.com/rust-lang/crates.io-index" }]\n',
    );
    expect(result.packages.map(brief)).toEqual(['1 a@1.0.0:registry']);
    expect(result.warnings).toEqual([
      { message: 'found 0 [[package]] header lines for 1 packages; lines are those of the nearest headers' },
    ]);
  });

  it('reports an unknown source kind as a url with a warning', () => {
    const result = readCargoLock(
      'Cargo.lock',
      'version = 4\n\n[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "vendored+file:///x"\n',
    );
    expect(result.packages.map((p) => [brief(p), p.resolved])).toEqual([
      ['3 a@1.0.0:url', 'vendored+file:///x'],
    ]);
    expect(result.warnings).toEqual([
      { message: 'a 1.0.0: unknown source kind vendored+file:///x', line: 3 },
    ]);
  });

  it.each([
    [
      'a newer lockfile version',
      '# generated\nversion = 5\n\n[[package]]\nname = "a"\nversion = "1.0.0"\n',
      2,
      /unsupported Cargo.lock version 5 \(read: 1 to 4\)/,
    ],
    [
      'a version that is a string',
      'version = "3"\n',
      1,
      /lockfile version must be a positive integer, got "3"/,
    ],
    [
      'a package without a name',
      'version = 3\n\n[[package]]\nversion = "1.0.0"\n',
      3,
      /package 1 has no name/,
    ],
    [
      'a package without a version',
      'version = 3\n\n[[package]]\nname = "a"\n\n[[package]]\nname = "b"\nversion = ""\n',
      3,
      /package a has no version/,
    ],
    [
      'a source that is not a string',
      'version = 3\n[[package]]\nname = "a"\nversion = "1.0.0"\nsource = 1\n',
      2,
      /"source" must be a string/,
    ],
    [
      'dependencies that are not an array',
      'version = 3\n[[package]]\nname = "a"\nversion = "1.0.0"\ndependencies = "b"\n',
      2,
      /"dependencies" must be an array/,
    ],
    [
      'a malformed dependency',
      'version = 3\n[[package]]\nname = "a"\nversion = "1.0.0"\ndependencies = ["b 1.0 (x) y"]\n',
      2,
      /malformed dependency "b 1.0 \(x\) y"/,
    ],
    [
      '"package" that is not an array',
      'version = 3\npackage = "a"\n',
      2,
      /"package" must be an array of tables/,
    ],
    ['a TOML file of other tables', '[dependencies]\nserde = "1"\n', 1, /not a Cargo.lock/],
    ['truncated TOML', 'version = 3\n\n[[package]]\nname = "a\n', 4, /not valid TOML/],
    ['git conflict markers', 'version = 3\n\n[[package]]\n<<<<<<< HEAD\nname = "a"\n', 4, /merge conflict/],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message.startsWith('Cargo.lock:')).toBe(true);
  });
});
