import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../src/lockfiles/types.js';
import { compareVersions, isValidVersion } from '../../../src/lockfiles/versions/index.js';
import { corpusPath } from '../../helpers/paths.js';

/**
 * The version-ordering oracles of ../shared/corpus/osv-scalibr/semantic/testdata: each line is
 * `a < b`, `a = b` or `a > b` in that ecosystem's ordering; the *-generated lists are long ascending
 * chains sorted by each ecosystem's own code.
 */
const FILES: [string, Ecosystem][] = [
  ['semver-versions.txt', 'npm'],
  ['semver-versions.txt', 'cargo'],
  ['pypi-versions.txt', 'pypi'],
  ['pypi-versions-generated.txt', 'pypi'],
  ['rubygems-versions.txt', 'gem'],
  ['rubygems-versions-generated.txt', 'gem'],
  ['maven-versions.txt', 'maven'],
  ['maven-versions-generated.txt', 'maven'],
  ['nuget-versions.txt', 'nuget'],
  ['packagist-versions.txt', 'composer'],
  ['packagist-versions-generated.txt', 'composer'],
  ['pub-versions.txt', 'pub'],
];

/**
 * Lines where the oracle and our ordering knowingly part, each with the reason. Kept short and
 * explicit: a new disagreement fails the test.
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {
  // Maven 3.9 reads a "ga" qualifier followed by a sub-list as null; we follow the older ComparableVersion.
  'maven-versions.txt:100': '1-1 = 1-ga-1',
};

/**
 * How many comparisons of each file hold a version we report as unparseable instead of ordering it:
 * PyPI's pre-PEP 440 "legacy" versions (modern pip refuses them too), npm's semver refusing numbers
 * past 2^53 and five-part versions. Pinned, so that a reader change that starts refusing valid
 * versions fails here.
 */
const UNPARSEABLE: Record<string, number> = {
  'semver-versions.txt:npm': 3,
  'semver-versions.txt:cargo': 3,
  'pub-versions.txt:pub': 3,
  'pypi-versions.txt:pypi': 11,
  'pypi-versions-generated.txt:pypi': 69,
  // `dev-foo` is a branch: it has no place in the order of releases.
  'packagist-versions.txt:composer': 2,
};

interface Comparison {
  line: number;
  a: string;
  op: '<' | '=' | '>';
  b: string;
}

function readOracle(file: string): Comparison[] {
  const lines = readFileSync(corpusPath('osv-scalibr', 'semantic', 'testdata', file), 'utf8').split('\n');
  const out: Comparison[] = [];
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (text === '' || text.startsWith('#') || text.startsWith('//')) return;
    const match = /^(.*?) ([<=>]) (.*)$/.exec(text);
    if (match === null) return;
    out.push({ line: i + 1, a: match[1]!, op: match[2] as Comparison['op'], b: match[3]! });
  });
  return out;
}

describe.each(FILES)('%s as %s', (file, ecosystem) => {
  const comparisons = readOracle(file);

  it(`orders each of its ${comparisons.length} comparisons as the ecosystem does`, () => {
    const wrong: string[] = [];
    let checked = 0;
    let unparseable = 0;
    for (const c of comparisons) {
      if (KNOWN_EXCEPTIONS[`${file}:${c.line}`] !== undefined) continue;
      const want = c.op === '<' ? -1 : c.op === '>' ? 1 : 0;
      const got = compareVersions(ecosystem, c.a, c.b);
      const back = compareVersions(ecosystem, c.b, c.a);
      if (
        got === undefined &&
        back === undefined &&
        (!isValidVersion(ecosystem, c.a) || !isValidVersion(ecosystem, c.b))
      ) {
        unparseable++;
        continue;
      }
      checked++;
      if (got !== want || back !== -want)
        wrong.push(`${file}:${c.line}: ${c.a} ${c.op} ${c.b} (got ${String(got)}, reversed ${String(back)})`);
    }
    expect(wrong.slice(0, 30)).toEqual([]);
    expect(checked).toBeGreaterThan(0);
    expect(unparseable).toBe(UNPARSEABLE[`${file}:${ecosystem}`] ?? 0);
  });
});
