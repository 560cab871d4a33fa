import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { readGradleVerificationMetadata } from '../../src/lockfiles/maven/read-gradle-verification.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, itEachFile, lockfileErrorOf } from '../helpers/reader-tests.js';

const DIR = corpusPath('osv-scalibr', 'language', 'java', 'gradleverificationmetadataxml', 'testdata');
const XML = filesUnder(DIR, (name) => name.endsWith('.xml'));
// The corpus names its files after their test case; each is read as the file it stands for.
const NAME = 'gradle/verification-metadata.xml';
const read = (path: string) => readLockfile(NAME, readFileSync(path, 'utf8'));
const brief = (path: string) => read(path).packages.map((p) => `${p.line} ${p.name}@${p.version}`);

describe('readGradleVerificationMetadata', () => {
  it('finds the corpus files', CORPUS_TEST, () => {
    expect(XML).toHaveLength(10);
  });

  itEachFile(
    XML,
    (f) => f,
    (f) => [basename(f), f] as const,
    '%s reads as its reviewed golden file',
    (_name, path) => {
      expectGolden(path, read(path));
    },
  );

  it.each([
    [
      'two-packages.xml',
      ['10 org.apache.pdfbox:pdfbox@2.0.17', '18 com.github.javaparser:javaparser-core@3.6.11'],
    ],
    ['one-package.xml', undefined],
    ['single-quotes.xml', ['5 org.apache.pdfbox:pdfbox@2.0.17']],
    ['attribute-order.xml', ['6 org.apache.pdfbox:pdfbox@2.0.17']],
    ['multi-line.xml', ['5 org.apache.pdfbox:pdfbox@2.0.17']],
    ['duplicates.xml', ['5 org.apache.pdfbox:pdfbox@2.0.17']],
    ['missing-attribute.xml', []],
    ['empty.xml', []],
  ])('reads %s at the lines of its component tags', CORPUS_TEST, (name, expected) => {
    const got = brief(`${DIR}/${name}`);
    if (expected === undefined) expect(got).toHaveLength(1);
    else expect(got).toEqual(expected);
  });

  it('keeps odd but real versions as written', CORPUS_TEST, () => {
    expect(brief(`${DIR}/odd-versions.xml`).map((b) => b.split('@')[1])).toContain('9+181-r4173-1');
  });

  it('says what it skipped or folded', CORPUS_TEST, () => {
    expect(read(`${DIR}/missing-attribute.xml`).warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '6: a <component> without group: skipped (Gradle writes all three)',
      '12: a <component> without name: skipped (Gradle writes all three)',
      '18: a <component> without version: skipped (Gradle writes all three)',
    ]);
    expect(read(`${DIR}/duplicates.xml`).warnings).toEqual([
      {
        message: 'org.apache.pdfbox:pdfbox@2.0.17 is listed twice (first at line 5); reported once',
        line: 12,
      },
    ]);
  });

  it.each([
    ['<project/>', 1, /not a Gradle verification-metadata\.xml/],
    [
      '<verification-metadata>\n<components>\n<component group="a" name="b" version="1">\n</verification-metadata>',
      4,
      /closes <component>/,
    ],
    [
      '<verification-metadata><components><component group="a&b" name="x" version="1"/></components></verification-metadata>',
      1,
      /bare "&"/,
    ],
  ])('refuses %j at line %i', (text, line, reason) => {
    const error = lockfileErrorOf(() => readGradleVerificationMetadata(NAME, text));
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it('refuses the corpus file that is not XML', CORPUS_TEST, () => {
    const text = readFileSync(`${DIR}/not-xml.txt`, 'utf8');
    expect(lockfileErrorOf(() => readLockfile(NAME, text)).reason).toMatch(/not an XML document/);
  });

  it('is chosen for gradle/verification-metadata.xml only', () => {
    expect(detectLockfileKind('gradle/verification-metadata.xml')).toBe('gradle-verification');
    expect(detectLockfileKind('app\\gradle\\verification-metadata.xml')).toBe('gradle-verification');
    expect(detectLockfileKind('verification-metadata.xml')).toBeUndefined();
  });
});
