import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { LOCKFILE_READERS } from '../../src/lockfiles/read-lockfile.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { CORPUS, CORPUS_TEST, fixtureKey, HAS_CORPUS } from '../helpers/paths.js';
import { applyMutation, textMutation } from '../helpers/mutations.js';

/** Seeds per kind: the smaller real files, so that each mutated run stays quick. */
const SEEDS_PER_KIND = 8;
const MAX_SEED_BYTES = 64 * 1024;
const RUNS_PER_KIND = Number(process.env.FUZZ_RUNS ?? 250);
// A fixed seed keeps CI repeatable; `FUZZ_SEED=n` explores other inputs locally.
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Corpus folders whose files are named after their test case, not the lockfile: seeds by folder. */
const SEED_FOLDERS: Partial<Record<LockfileKind, string>> = {
  cargo: 'osv-scalibr/language/rust/cargolock/testdata',
  requirements: 'osv-scalibr/language/python/requirements/testdata',
  gemfile: 'osv-scalibr/language/ruby/gemfilelock/testdata',
  gomod: 'osv-scalibr/language/golang/gomod/testdata',
  pipfile: 'osv-scalibr/language/python/pipfilelock/testdata',
  podfile: 'osv-scalibr/language/swift/podfilelock/testdata',
  'gradle-verification': 'osv-scalibr/language/java/gradleverificationmetadataxml/testdata',
  pylock: 'osv-scalibr/language/python/pylock/testdata',
};
const samples = [
  ...findLockfileSamples(),
  // Without the corpus, the fuzzer seeds from our own fixtures alone.
  ...Object.entries(HAS_CORPUS ? SEED_FOLDERS : {}).flatMap(([kind, folder]) =>
    readdirSync(join(CORPUS, folder))
      .sort()
      .map((name) => ({
        path: join(CORPUS, folder, name),
        kind: kind as LockfileKind,
        size: statSync(join(CORPUS, folder, name)).size,
      })),
  ),
];
const seedsByKind = new Map<LockfileKind, { key: string; text: string }[]>();
for (const sample of samples) {
  if (sample.size > MAX_SEED_BYTES || LOCKFILE_READERS[sample.kind] === undefined) continue;
  const seeds = seedsByKind.get(sample.kind) ?? [];
  if (seeds.length >= SEEDS_PER_KIND) continue;
  seeds.push({ key: fixtureKey(sample.path), text: readFileSync(sample.path, 'utf8') });
  seedsByKind.set(sample.kind, seeds);
}

const STRUCTURAL = [
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  '"',
  "'",
  '\n',
  ' ',
  '  ',
  '-',
  '=',
  '#',
  '\\',
  '@',
  '/',
  '\u0000',
  '\ufeff',
  '\r\n',
  '<<<<<<< HEAD\n',
];

/** One edit of a text: the kinds of damage real lockfiles suffer (truncation, bad merges, hand edits). */
const mutation = textMutation({ pieces: STRUCTURAL, maxDelete: 64, maxInsert: 8, extra: ['swap-lines'] });

/** What a reader may do with any input: return a well-formed result or raise a LockfileError. */
function checkOutcome(kind: LockfileKind, text: string): void {
  const reader = LOCKFILE_READERS[kind]!;
  let result;
  try {
    result = reader(`fuzz/${kind}`, text);
  } catch (error) {
    if (isLockfileError(error)) {
      expect(error.file).toBe(`fuzz/${kind}`);
      if (error.line !== undefined) expect(error.line).toBeGreaterThanOrEqual(1);
      return;
    }
    throw error;
  }
  const lineCount = text.split('\n').length;
  expect(Array.isArray(result.packages)).toBe(true);
  expect(Array.isArray(result.warnings)).toBe(true);
  for (const pkg of result.packages) {
    expect(typeof pkg.name).toBe('string');
    expect(pkg.name.length).toBeGreaterThan(0);
    expect(typeof pkg.version).toBe('string');
    expect(Number.isInteger(pkg.line)).toBe(true);
    expect(pkg.line).toBeGreaterThanOrEqual(1);
    expect(pkg.line).toBeLessThanOrEqual(lineCount);
  }
}

describe('every reader, fed mutated and truncated real lockfiles', () => {
  // Our own fixtures seed most kinds; a few have seeds only in the corpus, and without it they skip.
  const seeded = (kind: LockfileKind) => (seedsByKind.has(kind) ? {} : CORPUS_TEST);

  it('has seeds for every kind of lockfile', CORPUS_TEST, () => {
    expect([...seedsByKind.keys()].sort()).toEqual(Object.keys(LOCKFILE_READERS).sort());
    expect(Object.keys(LOCKFILE_READERS).length).toBeGreaterThanOrEqual(7);
  });

  for (const kind of Object.keys(LOCKFILE_READERS) as LockfileKind[]) {
    it(
      `${kind}: returns a well-formed result or raises a LockfileError, never anything else`,
      seeded(kind),
      () => {
        const seeds = seedsByKind.get(kind) ?? [];
        expect(seeds.length).toBeGreaterThan(0);
        fc.assert(
          fc.property(
            fc.nat({ max: seeds.length - 1 }),
            fc.array(mutation, { minLength: 1, maxLength: 4 }),
            (index, edits) => {
              const seed = seeds[index]!;
              const text = edits.reduce(applyMutation, seed.text);
              checkOutcome(kind, text);
            },
          ),
          { numRuns: RUNS_PER_KIND, seed: SEED },
        );
      },
    );

    it(`${kind}: survives arbitrary text and every prefix of a real file`, () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 200 }), (text) => checkOutcome(kind, text)),
        { numRuns: 50, seed: 7 },
      );
      const seed = (seedsByKind.get(kind) ?? [])[0];
      if (seed === undefined) return;
      const step = Math.max(1, Math.floor(seed.text.length / 40));
      for (let cut = 0; cut < seed.text.length; cut += step) checkOutcome(kind, seed.text.slice(0, cut));
    });
  }

  /** Inputs that break parsers by depth or length: recursion, backtracking, quadratic scans. */
  const EXTREMES: Record<string, string> = {
    'deeply nested JSON arrays': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    'deeply nested JSON objects': `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
    'deeply nested YAML flow sequences': `a: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`,
    'YAML indented 5,000 levels deep': Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}a:`).join(
      '\n',
    ),
    'deeply nested TOML arrays': `a = ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`,
    'deeply nested TOML inline tables': `a = ${'{b = '.repeat(20_000)}1${'}'.repeat(20_000)}\n`,
    'deeply nested Elixir maps': `%{"a" => ${'{'.repeat(50_000)}${'}'.repeat(50_000)}}\n`,
    'deeply nested XML': `<project>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</project>`,
    'a 2 MB line': 'a'.repeat(2_000_000),
    'a long run of version-like digits': '1.'.repeat(200_000),
    'a long run of quotes': '"'.repeat(200_000),
  };

  it.each(Object.keys(LOCKFILE_READERS) as LockfileKind[])(
    '%s: reads or refuses extreme depth and length, without a stack overflow',
    (kind) => {
      for (const text of Object.values(EXTREMES)) checkOutcome(kind, text);
    },
  );
});
