import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../src/lockfiles/types.js';
import { compareVersions } from '../../../src/domain/versions/index.js';

/**
 * Orderings answered by the ecosystems' own code, run on edge cases and on a sample of the oracle
 * versions (each fixture's header names the tool and its version). Lines are tab-separated `a`,
 * relation, `b`; `?` marks a pair the tool refuses to order. The first lines of each file form the
 * sorted chain of its versions, so a wrong answer anywhere in the order breaks a link.
 */
const FIXTURES: [file: string, ecosystem: Ecosystem][] = [
  ['maven.txt', 'maven'],
  ['pypi.txt', 'pypi'],
  ['rubygems.txt', 'gem'],
  ['composer.txt', 'composer'],
  ['cocoapods.txt', 'cocoapods'],
];

const ANSWER: Record<string, number | undefined> = { '<': -1, '=': 0, '>': 1, '?': undefined };

function readAnswers(file: string): { a: string; relation: string; b: string; line: number }[] {
  const text = readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .map((raw, i) => ({ raw, line: i + 1 }))
    .filter(({ raw }) => raw !== '' && !raw.startsWith('#'))
    .map(({ raw, line }) => {
      const [a, relation, b, ...rest] = raw.split('\t');
      if (a === undefined || b === undefined || rest.length > 0 || !(relation! in ANSWER))
        throw new Error(`${file}:${line}: not "a<TAB>relation<TAB>b": ${raw}`);
      return { a, relation: relation!, b, line };
    });
}

describe.each(FIXTURES)('the answers of the tool in %s', (file, ecosystem) => {
  const answers = readAnswers(file);

  it(`agree with our ${ecosystem} ordering on all ${answers.length} pairs`, () => {
    const wrong = answers
      .filter(({ a, relation, b }) => compareVersions(ecosystem, a, b) !== ANSWER[relation])
      .map(
        ({ a, relation, b, line }) =>
          `${file}:${line}: ${a} ${relation} ${b}: got ${compareVersions(ecosystem, a, b)}`,
      );
    expect(wrong).toEqual([]);
  });
});
