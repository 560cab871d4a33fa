import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readMavenDepTree } from '../../src/lockfiles/maven/read-maven-tree.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { fixturePath } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const FIXTURE_DIR = fixturePath('maven');

const fixture = (...parts: string[]) => fixturePath('maven', ...parts, 'maven_dep_tree.txt');
const read = (file: string) => readMavenDepTree(file, readFileSync(file, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}${p.dev === true ? ':dev' : ''}${p.optional === true ? ':optional' : ''}`;

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readMavenDepTree(file, text), file);
}

/** Fixtures broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'error-bad-coordinates.txt': {
    line: 2,
    reason: /not a dependency coordinate: "org.slf4j:slf4j-api:2.0.9"/,
  },
  'error-conflict.txt': { line: 2, reason: /merge conflict/ },
  'error-depth-jump.txt': { line: 3, reason: /nested 3 levels deep under an entry of depth 1/ },
  'error-dot-output.txt': { line: 1, reason: /DOT output of dependency:tree/ },
  'error-empty.txt': { line: 1, reason: /empty file/ },
  'error-entry-before-project.txt': { line: 1, reason: /before any project line/ },
  'error-json-output.txt': { line: 1, reason: /JSON output of dependency:tree/ },
  'error-stray-line.txt': { line: 3, reason: /^not a dependency:tree line \(expected/ },
  'error-unknown-scope.txt': { line: 3, reason: /unknown scope "testing"/ },
};

const files = filesUnder(FIXTURE_DIR);

describe('readMavenDepTree', () => {
  it('finds every fixture', () => {
    expect(files.map((f) => relative(FIXTURE_DIR, f))).toEqual(expect.arrayContaining(Object.keys(BROKEN)));
    expect(files).toHaveLength(Object.keys(BROKEN).length + 8);
  });

  itEachFile(
    files,
    (file) => file,
    (file) => [relative(FIXTURE_DIR, file), file] as const,
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

  it('reads the file written by -DoutputFile: the project line is not a dependency, depth 1 is direct', () => {
    const { packages, format } = read(fixture('module'));
    expect(format).toBe('maven-dep-tree');
    expect(packages.map(brief).slice(0, 11)).toEqual([
      '2 com.google.guava:guava@32.1.3-jre:registry:direct',
      '3 com.google.guava:failureaccess@1.0.1:registry',
      '4 com.google.guava:listenablefuture@9999.0-empty-to-avoid-conflict-with-guava:registry',
      '5 com.google.code.findbugs:jsr305@3.0.2:registry',
      '6 org.checkerframework:checker-qual@3.37.0:registry',
      '7 com.google.errorprone:error_prone_annotations@2.21.1:registry',
      '8 com.google.j2objc:j2objc-annotations@2.8:registry',
      '9 org.apache.commons:commons-lang3@3.14.0:registry:direct',
      '10 com.google.code.gson:gson@2.10.1:registry:direct:optional',
      '11 com.acme.legacy:legacy-tax-rules@2.3:path:direct',
      '12 org.junit.jupiter:junit-jupiter@5.10.2:registry:direct:dev',
    ]);
    expect(packages.filter((p) => p.dev === true)).toHaveLength(12);
    expect(packages.some((p) => p.name === 'com.acme.shop:shop-core')).toBe(false);
  });

  it('reads the same trees from console output with [INFO] prefixes, skipping the build log', () => {
    const console = read(fixture('console'));
    const appended = read(fixture('reactor-appended'));
    const key = (p: LockfilePackage) => `${p.name}@${p.version}:${p.source}:${p.direct}:${p.dev}`;
    expect(console.packages.map(key)).toEqual(appended.packages.map(key));
    expect(console.packages).toHaveLength(42);
  });

  it('reads coloured console output the same as plain output', () => {
    const key = (p: LockfilePackage) => `${p.name}@${p.version}:${p.direct}:${p.dev}`;
    expect(read(fixture('color')).packages.map(key)).toEqual(read(fixture('module')).packages.map(key));
  });

  it('gives each module of a reactor its own entries, and marks sibling modules as workspace', () => {
    const { packages } = read(fixture('reactor-appended'));
    const core = packages.find((p) => p.name === 'com.acme.shop:shop-core');
    expect(core).toMatchObject({ version: '1.4.0-SNAPSHOT', source: 'workspace', direct: true, line: 26 });
    // guava is listed by shop-core (direct) and again under shop-web (through shop-core).
    expect(packages.filter((p) => p.name === 'com.google.guava:guava').map(brief)).toEqual([
      '3 com.google.guava:guava@32.1.3-jre:registry:direct',
      '27 com.google.guava:guava@32.1.3-jre:registry',
    ]);
  });

  it("takes a snapshot of the module's own group and version for a sibling module, even alone in its file", () => {
    const { packages } = read(fixture('verbose'));
    expect(packages.find((p) => p.name === 'com.acme.shop:shop-core')?.source).toBe('workspace');
    const other = readMavenDepTree(
      'maven_dep_tree.txt',
      'com.acme:app:jar:1.0-SNAPSHOT\n+- com.acme:lib:jar:1.0-SNAPSHOT:compile\n+- com.acme:tools:jar:1.0:compile\n\\- org.other:lib:jar:1.0-SNAPSHOT:compile\n',
    );
    expect(other.packages.map((p) => `${p.name}:${p.source}`)).toEqual([
      'com.acme:lib:workspace',
      'com.acme:tools:registry',
      'org.other:lib:registry',
    ]);
  });

  it('skips verbose entries that Maven omitted from the build', () => {
    const { packages } = read(fixture('verbose'));
    expect(packages.filter((p) => p.name === 'commons-codec:commons-codec').map(brief)).toEqual([
      '10 commons-codec:commons-codec@1.16.1:registry:direct',
    ]);
  });

  it.each([
    ['a classifier', 'io.netty:netty-transport-native-epoll', ['2 4.1.104.Final', '5 4.1.104.Final']],
    ['a managed version annotation', 'io.netty:netty-common', ['3 4.1.104.Final']],
    ['a test-jar with the tests classifier', 'org.testcontainers:testcontainers', ['9 1.19.3']],
  ])('reads coordinates with %s', (_case, name, expected) => {
    const { packages } = read(fixture('classifiers'));
    expect(packages.filter((p) => p.name === name).map((p) => `${p.line} ${p.version}`)).toEqual(expected);
  });

  it('reads Windows line endings', () => {
    expect(read(fixture('windows')).packages.map(brief)).toEqual([
      '2 org.slf4j:slf4j-api@2.0.9:registry:direct',
      '3 ch.qos.logback:logback-classic@1.4.14:registry:direct',
      '4 ch.qos.logback:logback-core@1.4.14:registry',
    ]);
  });

  it('gives no packages for a project without dependencies', () => {
    expect(read(fixture('no-dependencies')).packages).toEqual([]);
  });

  it('refuses a console log in which no tree was printed', () => {
    const error = failure('maven_dep_tree.txt', '[INFO] Scanning for projects...\n[ERROR] BUILD FAILURE\n');
    expect(error.reason).toMatch(/no project line/);
  });

  it('gives a result or a LockfileError for mutated and truncated trees, never another exception', () => {
    const seeds = [fixture('reactor-appended'), fixture('classifiers'), fixture('verbose')].map((f) =>
      readFileSync(f, 'utf8'),
    );
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(40),
        fc.constantFrom('', ':', '+- ', '\\- ', '|  ', '   ', '\n', '(', '[INFO] ', '\r\n', ' (optional)'),
        (seed, at, cut, insert) => {
          const text = seeds[seed]!;
          const i = Math.floor(text.length * at);
          try {
            const result = readMavenDepTree(
              'maven_dep_tree.txt',
              text.slice(0, i) + insert + text.slice(i + cut),
            );
            for (const p of result.packages) expect(p.name).toMatch(/^[^:\s]+:[^:\s]+$/);
          } catch (error) {
            if (!isLockfileError(error)) throw error;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
