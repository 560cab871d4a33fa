import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readMavenDepTree } from '../../src/lockfiles/maven/read-maven-tree.js';
import { readPomXml } from '../../src/lockfiles/maven/read-pom.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixtureKey, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const CORPUS_DIR = corpusPath('osv-scalibr', 'language', 'java', 'pomxml', 'testdata');
const FIXTURE_DIR = fixturePath('pom');

const read = (file: string) => readPomXml(file, readFileSync(file, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.dev === true ? ':dev' : ''}${p.optional === true ? ':optional' : ''}${p.unpinned === true ? ` unpinned ${p.specifier}` : ''}`;

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readPomXml(file, text), file);
}

/** Files broken on purpose (by key), with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  [fixtureKey(join(CORPUS_DIR, 'invalid-syntax.xml'))]: {
    line: 3,
    reason: /"<" that starts no tag: "<\$\{Id\}/,
  },
  [fixtureKey(join(CORPUS_DIR, 'not-pom.txt'))]: { line: 1, reason: /not an XML document/ },
  'fixtures/pom/error-bare-ampersand.xml': { line: 4, reason: /a bare "&"/ },
  'fixtures/pom/error-conflict.xml': { line: 6, reason: /merge conflict/ },
  'fixtures/pom/error-mismatched-tag.xml': { line: 5, reason: /<\/groupId> closes <artifactId>/ },
  'fixtures/pom/error-not-project.xml': {
    line: 1,
    reason: /root element is <settings>, not <project>: not a pom.xml/,
  },
  'fixtures/pom/error-truncated.xml': { line: 3, reason: /<dependency> is never closed/ },
  'fixtures/pom/error-two-roots.xml': { line: 10, reason: /a second root element/ },
  'fixtures/pom/error-unclosed-comment.xml': { line: 2, reason: /unclosed comment/ },
  'fixtures/pom/error-unknown-entity.xml': { line: 6, reason: /unknown entity &nbsp;/ },
  'fixtures/pom/error-unquoted-attribute.xml': { line: 1, reason: /malformed start tag <project>/ },
};

// The Maven tree beside the order-service POM is its oracle (see below), not a POM.
const files = [...filesUnder(CORPUS_DIR), ...filesUnder(FIXTURE_DIR)].filter(
  (f) => !f.endsWith('.txt') || f.includes('not-pom'),
);

describe('readPomXml', () => {
  it('finds every corpus file and fixture', CORPUS_TEST, () => {
    expect(filesUnder(CORPUS_DIR)).toHaveLength(20);
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

  it("agrees with Maven's own resolution of the same POM on every direct dependency", () => {
    // maven_dep_tree.txt was written by `mvn dependency:tree -Plegacy-http` for this very pom.xml.
    const dir = fixturePath('pom', 'order-service');
    const pom = read(join(dir, 'pom.xml'));
    const tree = readMavenDepTree(
      'maven_dep_tree.txt',
      readFileSync(join(dir, 'maven_dep_tree.txt'), 'utf8'),
    );
    const key = (p: LockfilePackage) => `${p.name}@${p.version}:${p.source}:${p.dev}:${p.optional === true}`;
    const direct = tree.packages.filter((p) => p.direct === true);
    // The one known gap: junit-jupiter takes its version from an imported BOM, which is not read.
    const fromBom = (p: LockfilePackage) => p.name === 'org.junit.jupiter:junit-jupiter';
    expect(pom.packages.filter((p) => !fromBom(p)).map(key)).toEqual(
      direct.filter((p) => !fromBom(p)).map(key),
    );
    expect(pom.packages.find(fromBom)).toMatchObject({ version: '', dev: true });
    expect(direct.find(fromBom)).toMatchObject({ version: '5.10.2', dev: true });
    expect(pom.warnings).toEqual([
      {
        message:
          'org.junit.jupiter:junit-jupiter has no version here: it comes from a parent POM or an imported BOM, which depgate does not read',
        line: 91,
      },
    ]);
  });

  it(
    'reads declared dependencies only: not dependencyManagement, not plugins, not comments',
    CORPUS_TEST,
    () => {
      const names = (file: string) =>
        read(join(CORPUS_DIR, file)).packages.map((p) => `${p.line} ${p.name}@${p.version}`);
      expect(names('with-dependency-management.xml')).toEqual([
        '7 io.netty:netty-all@4.1.9',
        '12 org.slf4j:slf4j-log4j12@1.7.25',
      ]);
      expect(names('plugin-dependency.xml')).toEqual(['27 com.example:hijack-lib@1.0.0']);
      expect(names('transitive.xml')).toEqual([
        '17 org.direct:alice@1.0.0',
        '22 org.direct:bob@2.0.0',
        '27 org.direct:chris@3.0.0',
      ]);
      const order = read(fixturePath('pom', 'order-service', 'pom.xml')).packages;
      expect(
        order.some((p) => p.name === 'com.example:ghost' || p.name.startsWith('commons-beanutils')),
      ).toBe(false);
    },
  );

  it('warns that a pom.xml with only dependencyManagement declares no dependencies', () => {
    const text = [
      '<project>',
      '  <groupId>org.example</groupId><artifactId>bom</artifactId><version>1</version>',
      '  <packaging>pom</packaging>',
      '  <dependencyManagement>',
      '    <dependencies>',
      '      <dependency><groupId>a</groupId><artifactId>b</artifactId><version>1.0</version></dependency>',
      '      <dependency><groupId>c</groupId><artifactId>d</artifactId><version>2.0</version></dependency>',
      '    </dependencies>',
      '  </dependencyManagement>',
      '</project>',
    ].join('\n');
    const result = readPomXml('pom.xml', text);
    expect(result.packages).toEqual([]);
    expect(result.warnings).toEqual([
      {
        message:
          'this pom.xml declares no dependencies: its <dependencyManagement> only sets the versions of 2 dependencies for the modules that declare them (their pom.xml files list the dependencies)',
        line: 4,
      },
    ]);
    // A file with a dependency of its own says nothing of the kind.
    const withOwn = text.replace(
      '</project>',
      '<dependencies><dependency><groupId>a</groupId><artifactId>b</artifactId></dependency></dependencies></project>',
    );
    expect(readPomXml('pom.xml', withOwn).warnings).toEqual([]);
  });

  it(
    'fills a missing version from this file’s dependencyManagement, and warns when nothing here has it',
    CORPUS_TEST,
    () => {
      const { packages, warnings } = read(join(CORPUS_DIR, 'with-parent.xml'));
      expect(packages.map(brief)).toEqual([
        '18 org.alice:alice@1.0.0:registry',
        '23 org.bob:bob@2.0.0:registry',
        '28 org.chuck:chuck@3.0.0:registry',
        '32 org.frank:frank@:registry',
      ]);
      expect(warnings.map((w) => `${w.line} ${w.message}`)).toEqual([
        '32 org.frank:frank has no version here: it comes from a parent POM or an imported BOM, which depgate does not read',
      ]);
    },
  );

  it('resolves properties: nested, project.* with the parent as fallback, pom.* aliases, entities', () => {
    const { packages } = read(fixturePath('pom', 'edge-cases', 'pom.xml'));
    expect(packages.map(brief)).toEqual([
      '20 com.acme:edge-common@7.1.0:workspace',
      '25 com.acme:edge-legacy@7.1.0:workspace',
      '30 org.other:same-version@7.1.0:registry',
      '35 io.netty:netty-handler@:registry unpinned [4.1.0,4.2.0)',
      '40 io.netty:netty-codec@4.1.104.Final:registry',
      '45 org.cycle:cyclic@:registry',
      '50 org.env:from-environment@:registry',
      '55 org.entities:dotted@1.2.3:registry',
      '60 org.comments:split-version@2.5.0:registry',
      '65 org.cdata:in-cdata@3.0.1:registry',
      '76 org.duplicate:twice@1.0:registry',
      '81 org.duplicate:twice@1.1:registry',
      '87 org.test:test-helpers@0.4:registry:dev',
      '113 io.netty:netty-buffer@4.2.0.Final:registry',
    ]);
  });

  it('warns, with the line and the property, about what it cannot resolve', () => {
    const { warnings } = read(fixturePath('pom', 'edge-cases', 'pom.xml'));
    expect(warnings.map((w) => `${w.line} ${w.message}`)).toEqual([
      '45 the version of org.cycle:cyclic uses ${a.version} (circular), which this pom.xml does not resolve (a parent POM, a profile or the command line may define it)',
      '50 the version of org.env:from-environment uses ${env.LIB_VERSION}, which this pom.xml does not resolve (a parent POM, a profile or the command line may define it)',
      '71 dependency skipped: its name uses ${artifact.name}, which this pom.xml does not resolve',
      '81 org.duplicate:twice is declared twice (also at line 76); Maven keeps only one of them',
    ]);
  });

  it('skips a dependency without groupId, with a warning', CORPUS_TEST, () => {
    const { packages, warnings } = read(join(CORPUS_DIR, 'interpolate-drop.xml'));
    expect(packages.map(brief)).toEqual(['11 com.example:actual-artifact@1.0.0:registry']);
    expect(warnings).toEqual([
      { message: 'dependency skipped: it has no <groupId> (Maven rejects it)', line: 8 },
    ]);
  });

  it(
    'reads profile dependencies with the profile’s own properties and dependencyManagement',
    CORPUS_TEST,
    () => {
      const corpus = read(join(CORPUS_DIR, 'profiles.xml')).packages;
      expect(corpus.map(brief)).toEqual(['15 org.profile:profile-dep@1.2.3:registry']);
      const netty = read(fixturePath('pom', 'edge-cases', 'pom.xml')).packages.find(
        (p) => p.name === 'io.netty:netty-buffer',
      );
      // The profile sets netty.version to 4.2.0.Final and manages netty-buffer with it, scope runtime.
      expect(netty).toMatchObject({ version: '4.2.0.Final', dev: false, direct: true });
    },
  );

  it('keeps each declaration: same name with another classifier, type or version', CORPUS_TEST, () => {
    expect(read(join(CORPUS_DIR, 'with-multiple-classifiers.xml')).packages.map(brief)).toEqual([
      '8 com.example:my-lib@1.0.0:registry',
      '14 com.example:my-lib@1.0.0:registry',
    ]);
    expect(read(join(CORPUS_DIR, 'explicit-jar.xml')).warnings).toEqual([]);
    expect(read(join(CORPUS_DIR, 'multi-version.xml')).packages.map((p) => p.version)).toEqual([
      '1.0.0',
      '1.1.1',
    ]);
  });

  it.each([
    ['[1.2.3]', '1.2.3', undefined],
    ['[ 1.2.3 ]', '1.2.3', undefined],
    ['[1.0,2.0)', '', '[1.0,2.0)'],
    ['(,1.0],[1.2,)', '', '(,1.0],[1.2,)'],
    ['1.0-SNAPSHOT', '1.0-SNAPSHOT', undefined],
  ])('reads the version %s', (written, version, specifier) => {
    const pom = `<project><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>${written}</version></dependency></dependencies></project>`;
    const [pkg] = readPomXml('pom.xml', pom).packages;
    expect(pkg).toMatchObject({ version });
    expect(pkg?.specifier).toBe(specifier);
    expect(pkg?.unpinned).toBe(specifier === undefined ? undefined : true);
  });

  it('refuses a property that doubles itself into a huge value, with a warning and no blow-up', () => {
    const properties = Array.from({ length: 40 }, (_, i) => `<p${i + 1}>\${p${i}}\${p${i}}</p${i + 1}>`).join(
      '',
    );
    const pom = `<project><properties><p0>x</p0>${properties}</properties><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>\${p40}</version></dependency></dependencies></project>`;
    const { packages, warnings } = readPomXml('pom.xml', pom);
    expect(packages[0]?.version).toBe('');
    expect(warnings[0]?.message).toMatch(/longer than 4096 characters/);
  });

  it('gives a result or a LockfileError for mutated and truncated POMs, never another exception', () => {
    const seeds = [
      fixturePath('pom', 'order-service', 'pom.xml'),
      fixturePath('pom', 'edge-cases', 'pom.xml'),
    ].map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(40),
        fc.constantFrom(
          '',
          '<',
          '>',
          '/',
          '</dependency>',
          '<dependency>',
          '${',
          '}',
          '&',
          '<!--',
          '\n',
          '"',
          '<version/>',
        ),
        (seed, at, cut, insert) => {
          const text = seeds[seed]!;
          const i = Math.floor(text.length * at);
          try {
            const result = readPomXml('pom.xml', text.slice(0, i) + insert + text.slice(i + cut));
            for (const p of result.packages) expect(p.name).toMatch(/^[^:]+:[^:]+$/);
          } catch (error) {
            if (!isLockfileError(error)) throw error;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
