import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readGradleLockfile } from '../../src/lockfiles/maven/read-gradle.js';
import { expectGolden } from '../helpers/golden.js';
import { CORPUS_TEST, corpusPath, fixturePath } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const CORPUS_DIR = corpusPath('osv-scalibr', 'language', 'java', 'gradlelockfile', 'testdata');
const FIXTURE_DIR = fixturePath('gradle');

function read(file: string) {
  return readGradleLockfile(file, readFileSync(file, 'utf8'));
}

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readGradleLockfile(file, text), file);
}

/** Corpus and fixture files that are broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'with-bad-pkg': { line: 3, reason: /^not a Gradle lock entry \(expected/ },
  'error-no-configurations.txt': { line: 2, reason: /not a Gradle lock entry/ },
  'error-four-part-coordinates.txt': { line: 2, reason: /group:module:version/ },
  'error-no-version.txt': { line: 3, reason: /not a Gradle lock entry/ },
  'error-conflict.txt': { line: 2, reason: /merge conflict/ },
};

const corpusFiles = filesUnder(CORPUS_DIR);
const fixtureFiles = filesUnder(FIXTURE_DIR);
const nameOf = (file: string) => relative(file.startsWith(CORPUS_DIR) ? CORPUS_DIR : FIXTURE_DIR, file);

describe('readGradleLockfile', () => {
  it('finds every corpus file and every fixture', CORPUS_TEST, () => {
    expect(corpusFiles.map(nameOf)).toEqual([
      '5-pkg',
      'one-pkg',
      'only-comments',
      'only-empty',
      'with-bad-pkg',
    ]);
    expect(fixtureFiles.length).toBeGreaterThanOrEqual(9);
  });

  itEachFile(
    [...corpusFiles, ...fixtureFiles],
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads as its reviewed golden file, or fails at its line',
    (name, file) => {
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(file);
        expect(error.line).toBe(broken.line);
        expect(error.reason).toMatch(broken.reason);
        return;
      }
      expectGolden(file, read(file));
    },
  );

  it('names modules group:artifact, one entry per lock line, on its line', CORPUS_TEST, () => {
    const { packages, format } = read(join(CORPUS_DIR, '5-pkg'));
    expect(format).toBe('gradle-lockfile');
    expect(packages.map((p) => `${p.line} ${p.name}@${p.version}`)).toEqual([
      '5 org.springframework.boot:spring-boot-autoconfigure@2.7.4',
      '6 org.springframework.boot:spring-boot-configuration-processor@2.7.5',
      '7 org.springframework.boot:spring-boot-devtools@2.7.6',
      '8 org.springframework.boot:spring-boot-starter-aop@2.7.7',
      '9 org.springframework.boot:spring-boot-starter-data-jpa@2.7.8',
    ]);
  });

  it.each([
    ['listed only by test configurations', 'com.jayway.jsonpath:json-path', true],
    ['listed only by testRuntimeClasspath', 'net.bytebuddy:byte-buddy', true],
    ['listed only by an integration-test source set', 'org.testcontainers:postgresql', true],
    ['listed by main and test configurations', 'org.yaml:snakeyaml', false],
    ['an annotation processor also on the compile classpath', 'org.projectlombok:lombok', false],
    [
      'only in developmentOnly (a build-only configuration, not a test one)',
      'org.springframework.boot:spring-boot-devtools',
      false,
    ],
  ])('marks a module %s as dev=%s', (_case, name, dev) => {
    const { packages } = read(fixturePath('gradle', 'spring-app', 'gradle.lockfile'));
    expect(packages.find((p) => p.name === name)?.dev).toBe(dev);
  });

  it.each([
    ['espresso, only in androidTest configurations', 'androidx.test.espresso:espresso-core', true],
    ['junit, only in unit and instrumented test configurations', 'junit:junit', true],
    ['the Kotlin standard library, also in debug and release', 'org.jetbrains.kotlin:kotlin-stdlib', false],
  ])('reads Android variant configurations: %s', (_case, name, dev) => {
    const { packages } = read(fixturePath('gradle', 'android', 'gradle.lockfile'));
    expect(packages.find((p) => p.name === name)?.dev).toBe(dev);
  });

  it('reads per-configuration lockfiles of Gradle 4.8 to 5, dev from the configuration in the file name', () => {
    const dir = fixturePath('gradle', 'legacy', 'gradle', 'dependency-locks');
    const test = read(join(dir, 'testCompileClasspath.lockfile'));
    const main = read(join(dir, 'compileClasspath.lockfile'));
    expect(test.format).toBe('gradle-lockfile-legacy');
    expect(test.packages.map((p) => `${p.name}@${p.version}:${p.dev}`)).toEqual([
      'junit:junit@4.12:true',
      'org.hamcrest:hamcrest-core@1.3:true',
    ]);
    expect(main.packages.map((p) => `${p.name}@${p.version}:${p.dev}`)).toEqual([
      'com.google.guava:guava@27.0.1-jre:false',
      'com.google.guava:failureaccess@1.0.1:false',
    ]);
  });

  it('refuses a single-file lock entry without configurations, which Gradle also rejects', () => {
    expect(failure('gradle.lockfile', 'a:b:1=x\nc:d:2\n').line).toBe(2);
    expect(failure('gradle.lockfile', 'a:b:1=x=y\n').line).toBe(1);
    expect(failure('gradle.lockfile', 'a:b:1=x,,y\n').reason).toMatch(/empty configuration/);
  });

  it(
    'gives no packages for a lockfile of comments and empty configurations, and no error',
    CORPUS_TEST,
    () => {
      for (const name of ['only-comments', 'only-empty'])
        expect(read(join(CORPUS_DIR, name)).packages).toEqual([]);
      expect(readGradleLockfile('gradle.lockfile', '').packages).toEqual([]);
    },
  );

  it(
    'gives a result or a LockfileError for mutated and truncated lockfiles, never another exception',
    CORPUS_TEST,
    () => {
      const seeds = [join(CORPUS_DIR, '5-pkg'), fixturePath('gradle', 'spring-app', 'gradle.lockfile')].map(
        (f) => readFileSync(f, 'utf8'),
      );
      fc.assert(
        fc.property(
          fc.nat(seeds.length - 1),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.nat(40),
          fc.constantFrom('', '=', ':', ',', '\n', '#', ' ', '\r\n', '\u0000', 'empty='),
          (seed, at, cut, insert) => {
            const text = seeds[seed]!;
            const i = Math.floor(text.length * at);
            const mutated = text.slice(0, i) + insert + text.slice(i + cut);
            try {
              const result = readGradleLockfile('gradle.lockfile', mutated);
              for (const p of result.packages) expect(p.name).toMatch(/^[^:]+:[^:]+$/);
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
