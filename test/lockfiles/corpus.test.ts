// @module-tag corpus
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { LOCKFILE_READERS } from '../../src/lockfiles/read-lockfile.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey } from '../helpers/paths.js';

/**
 * Corpus files that are broken on purpose (the projects they come from test their error paths): a
 * reader may refuse these, and only these (or a conflicted, unsupported or foreign file).
 */
const BROKEN = /(invalid|unparseable|doctored|\/not-|no-version|unsupported_lockfile_version)/i;

const samples = findLockfileSamples().filter((s) => LOCKFILE_READERS[s.kind] !== undefined);

/** A sample reads, or fails with its line where it may; throws what is wrong. */
function checkSample(sample: (typeof samples)[number]): void {
  const text = readFileSync(sample.path, 'utf8');
  const reader = LOCKFILE_READERS[sample.kind]!;
  let result;
  try {
    result = reader(sample.path, text);
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    expect(error.line).toBeGreaterThanOrEqual(1);
    expect(
      BROKEN.test(sample.path) || /conflict|not a |unsupported|no module|no document/.test(error.reason),
    ).toBe(true);
    return;
  }
  const lines = text.split('\n');
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.line).toBeGreaterThanOrEqual(1);
    expect(pkg.line).toBeLessThanOrEqual(lines.length);
    // The line of a registry package names it (or its alias, or its install path).
    // (A pom.xml entry stands at its <dependency> line, where groupId:artifactId is never written out.)
    if (pkg.source === 'registry' && pkg.line > 1 && sample.kind !== 'pom') {
      // (Poetry before 1.0 sorted a table's keys, so `name` comes after `category` and `description`.)
      const around = lines.slice(pkg.line - 1, pkg.line + (sample.kind === 'poetry' ? 6 : 2)).join('\n');
      const names = [
        pkg.name,
        JSON.stringify(pkg.name).slice(1, -1), // as written inside a quoted key
        pkg.alias,
        pkg.path,
        pkg.name.split('/').pop(),
      ].filter((n): n is string => n !== undefined);
      expect(
        names.some((n) => around.toLowerCase().includes(n.toLowerCase())),
        `${pkg.name}@${pkg.version} at line ${pkg.line}`,
      ).toBe(true);
    }
  }
}

describe('every real lockfile of the corpus that a reader claims', () => {
  it('is found in numbers worth testing', () => {
    const byKind: Record<string, number> = {};
    for (const s of samples) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    expect(byKind.npm).toBeGreaterThan(20);
    expect(byKind.yarn).toBeGreaterThan(40);
    expect(byKind.pnpm).toBeGreaterThan(40);
    expect(byKind.gemfile).toBeGreaterThan(100);
    expect(byKind.gomod).toBeGreaterThan(40);
  });

  // One test per format, over all of its files: each file that fails is named with what failed.
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  it.each(kinds)('every %s file reads, or fails with its line', (kind) => {
    const failures: string[] = [];
    for (const sample of samples.filter((s) => s.kind === kind))
      try {
        checkSample(sample);
      } catch (error) {
        failures.push(
          `${fixtureKey(sample.path)}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    expect(failures).toEqual([]);
  });
});
