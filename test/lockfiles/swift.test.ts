import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readPackageResolved } from '../../src/lockfiles/swiftpm/read-swift.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixtureKey, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV_DIR = corpusPath('osv-scalibr', 'language', 'swift', 'packageresolved', 'testdata');
const DEPENDABOT_DIR = corpusPath('dependabot-core', 'swift');
const FIXTURE_DIR = fixturePath('swift');

const read = (file: string) => readPackageResolved(file, readFileSync(file, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.resolved === undefined ? '' : ` ${p.resolved}`}`;
const projects = (...parts: string[]) =>
  join(DEPENDABOT_DIR, 'spec', 'fixtures', 'projects', ...parts, 'Package.resolved');
const xcode = (project: string) =>
  join(
    DEPENDABOT_DIR,
    'spec',
    'fixtures',
    'projects',
    project,
    'MyApp.xcodeproj',
    'project.xcworkspace',
    'xcshareddata',
    'swiftpm',
    'Package.resolved',
  );

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readPackageResolved(file, text), file);
}

/** Files broken on purpose (by their key), with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'corpus/osv-scalibr/language/swift/packageresolved/testdata/empty': { line: 1, reason: /not valid JSON/ },
  'corpus/osv-scalibr/language/swift/packageresolved/testdata/invalid': { line: 1, reason: /not valid JSON/ },
  [fixtureKey(xcode('xcode_project_invalid_json'))]: { line: 1, reason: /not valid JSON/ },
  [fixtureKey(xcode('xcode_project_unknown_schema'))]: {
    line: 3,
    reason: /unsupported Package.resolved version 99/,
  },
  'fixtures/swift/error-no-location.json': { line: 5, reason: /alamofire has no "location"/ },
  'fixtures/swift/error-no-state.json': { line: 22, reason: /mona.linkedlist has no "state"/ },
  'fixtures/swift/error-pin-string.json': { line: 2, reason: /pin 1 is not an object/ },
  'fixtures/swift/error-pins-object.json': { line: 2, reason: /"pins" is not an array/ },
  'fixtures/swift/error-unknown-kind.json': { line: 22, reason: /unsupported kind "artifactBundle"/ },
  'fixtures/swift/error-unpinned.json': {
    line: 39,
    reason: /swiftlint is pinned to neither a version nor a revision/,
  },
  'fixtures/swift/error-v1-without-object.json': { line: 1, reason: /"object.pins" is missing/ },
  'fixtures/swift/error-version-string.json': { line: 3, reason: /unsupported Package.resolved version "2"/ },
};

const files = [...filesUnder(OSV_DIR), ...filesUnder(DEPENDABOT_DIR), ...filesUnder(FIXTURE_DIR)];

describe('readPackageResolved', () => {
  it('finds every corpus file and fixture', CORPUS_TEST, () => {
    expect(filesUnder(OSV_DIR)).toHaveLength(4);
    expect(filesUnder(DEPENDABOT_DIR)).toHaveLength(45);
    expect(files.map(fixtureKey)).toEqual(expect.arrayContaining(Object.keys(BROKEN)));
  });

  itEachFile(
    files,
    (file) => file,
    (file) => [fixtureKey(file), file] as const,
    '%s reads as its reviewed golden file, or fails at its line',
    (key, file) => {
      const broken = BROKEN[key];
      if (broken !== undefined) {
        const error = failure(file);
        expect(error.line).toBe(broken.line);
        expect(error.reason).toMatch(broken.reason);
        return;
      }
      expectGolden(file, read(file));
    },
  );

  it.each([
    ['1', xcode('xcode_project_v1_resolved')],
    ['2', projects('double_parentheses')],
    ['3', xcode('xcode_project_v3_resolved')],
  ])('reads version %s', CORPUS_TEST, (version, file) => {
    const result = read(file);
    expect(result.format).toBe(`package-resolved@${version}`);
    expect(result.packages.map((p) => `${p.name}@${p.version}`)).toHaveLength(1);
  });

  it('names v1 pins by their repository URL, as v2 files do, not by the display name', () => {
    const { packages } = read(fixturePath('swift', 'v1-display-names', 'Package.resolved'));
    expect(packages.map(brief)).toEqual([
      '5 github.com/google/swift-benchmark@0.1.0:registry',
      '14 github.com/onevcat/Kingfisher@7.10.2:registry',
      '23 github.com/SnapKit/SnapKit@:git https://github.com/SnapKit/SnapKit.git/#e74fe2a978d1216c3602b129447c7301573cc2d8',
    ]);
  });

  it('names a package alike in the v1 file of a checkout and the v2 file of the project', CORPUS_TEST, () => {
    const v1 = read(projects('Example', '.build', 'checkouts', 'swift-case-paths'));
    const v2 = read(projects('Example'));
    const url = 'github.com/google/swift-benchmark';
    const inV1 = v1.packages.find((p) => p.name === url);
    expect(inV1).toBeDefined();
    expect(readFileSync(projects('Example'), 'utf8').includes(url)).toBe(true);
    expect(v2.packages.some((p) => p.name === url)).toBe(true);
  });

  it('reports each kind of pin with its source: versioned, local, registry, branch and revision', () => {
    const { packages } = read(fixturePath('swift', 'mixed-kinds', 'Package.resolved'));
    expect(packages.map(brief)).toEqual([
      '5 github.com/Alamofire/Alamofire@5.9.1:registry',
      '14 design-system@:path /Users/dev/src/design-system#0d1c6b4a9d2e3f405162738495a6b7c8d9e0f1a2',
      '22 mona.linkedlist@1.2.0:registry',
      '30 github.com/pointfreeco/swift-snapshot-testing@:git https://github.com/pointfreeco/swift-snapshot-testing#c097f955b4e724690f0fc8ffb7a6d4b881c9c4e3',
      '39 github.com/realm/SwiftLint@:git git@github.com:realm/SwiftLint.git#b515723b16eba33f15c4677ee65f3fef2ce8c255',
    ]);
  });

  it.each([
    [
      'a branch pin',
      'xcode_project_branch_pin',
      '4 github.com/Quick/Quick@:git https://github.com/Quick/Quick.git#6213ba7a06febe8fef60563a4a7d26a4085783cf',
    ],
    [
      'a revision-only pin',
      'xcode_project_revision_only',
      '4 github.com/apple/swift-nio@:git https://github.com/apple/swift-nio.git#6213ba7a06febe8fef60563a4a7d26a4085783cf',
    ],
  ])('reads %s from the corpus as git with an empty version', CORPUS_TEST, (_case, project, expected) => {
    expect(read(xcode(project)).packages.map(brief)).toEqual([expected]);
  });

  it('gives no packages, and no error, for files with no pins', CORPUS_TEST, () => {
    expect(read(xcode('xcode_project_empty_pins')).packages).toEqual([]);
    expect(read(fixturePath('swift', 'v3-no-pins', 'Package.resolved')).packages).toEqual([]);
  });

  it.each(['__proto__', 'toString', 'constructor'])(
    'refuses the kind %s, however it is spelled in JavaScript',
    (kind) => {
      const text = `{\n  "pins" : [\n    {\n      "identity" : "x",\n      "kind" : "${kind}",\n      "location" : "https://example.com/x.git",\n      "state" : { "version" : "1.0.0" }\n    }\n  ],\n  "version" : 2\n}\n`;
      expect(failure('Package.resolved', text)).toMatchObject({
        line: 4,
        reason: `x has the unsupported kind "${kind}"`,
      });
    },
  );

  it('refuses git conflict markers at their line', CORPUS_TEST, () => {
    const text = readFileSync(projects('conflicts'), 'utf8');
    const conflicted = text.replace(
      '"version": "3.1.1"',
      '<<<<<<< HEAD\n"version": "3.1.1"\n=======\n"version": "3.1.2"\n>>>>>>> main',
    );
    expect(failure('Package.resolved', conflicted).reason).toMatch(/merge conflict/);
  });

  it(
    'gives a result or a LockfileError for mutated and truncated files, never another exception',
    CORPUS_TEST,
    () => {
      const seeds = [
        fixturePath('swift', 'mixed-kinds', 'Package.resolved'),
        fixturePath('swift', 'v1-display-names', 'Package.resolved'),
        projects('conflicts'),
      ].map((f) => readFileSync(f, 'utf8'));
      fc.assert(
        fc.property(
          fc.nat(seeds.length - 1),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.nat(40),
          fc.constantFrom('', '{', '}', '[', ']', '"', ',', ':', 'null', '1', '""', '\n', '"/"'),
          (seed, at, cut, insert) => {
            const text = seeds[seed]!;
            const i = Math.floor(text.length * at);
            try {
              const result = readPackageResolved(
                'Package.resolved',
                text.slice(0, i) + insert + text.slice(i + cut),
              );
              for (const p of result.packages) expect(p.name).not.toBe('');
            } catch (error) {
              if (!isLockfileError(error)) throw error;
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
