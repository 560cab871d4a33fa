import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { describe, expect, it, vi } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import { readYarnLockfile } from '../../src/lockfiles/npm/read-yarn.js';
import type * as yamlScan from '../../src/lockfiles/syntax/yaml-scan.js';
import { scanYamlDocuments, scanYamlEntries } from '../../src/lockfiles/syntax/yaml-scan.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey, CORPUS_TEST } from '../helpers/paths.js';
import { applyMutation, textMutation } from '../helpers/mutations.js';
import { itEachFile } from '../helpers/reader-tests.js';

// The readers call the scanner through this mock, so that a test can turn it off and compare the
// scanner's path with js-yaml's on the same text.
vi.mock('../../src/lockfiles/syntax/yaml-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof yamlScan>();
  return {
    ...original,
    scanYamlDocuments: vi.fn(original.scanYamlDocuments),
    scanYamlEntries: vi.fn(original.scanYamlEntries),
  };
});
const actual = await vi.importActual<typeof yamlScan>('../../src/lockfiles/syntax/yaml-scan.js');
const scan = actual.scanYamlDocuments;
const mockedScan = vi.mocked(scanYamlDocuments);
const mockedEntries = vi.mocked(scanYamlEntries);
const scanCalls = () => mockedScan.mock.calls.length + mockedEntries.mock.calls.length;

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** What js-yaml makes of a text: every document, as the readers load them, or the error's message. */
function jsYaml(text: string, typed: boolean): unknown {
  try {
    return yaml.loadAll(text, null, typed ? { json: true } : { schema: yaml.FAILSAFE_SCHEMA, json: true });
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The scanner's documents, which must be js-yaml's whenever it does not give up. */
function expectScanAgrees(text: string, typed: boolean): boolean {
  const scanned = scan(text, typed);
  if (scanned === undefined) return false;
  expect(scanned).toStrictEqual(jsYaml(text, typed));
  return true;
}

/** A value with its Maps made plain objects (in the same order: no Map holds array-index keys). */
function plain(value: unknown): unknown {
  if (value instanceof Map)
    return Object.fromEntries([...(value as Map<string, unknown>)].map(([k, v]) => [k, plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const SHAPE = {
  fields: new Set(['version', 'resolution', 'dependencies', 'dependenciesMeta']),
  nestedMaps: true,
};

/** The scanner's entries of a one-document text, which must be js-yaml's (their kept fields). */
function expectEntriesAgree(text: string, typed: boolean): boolean {
  const scanned = actual.scanYamlEntries(text, typed, SHAPE);
  if (scanned === undefined) return false;
  const documents = jsYaml(text, typed) as Record<string, unknown>[];
  expect(documents).toHaveLength(1);
  const data = documents[0]!;
  expect(scanned.keys).toStrictEqual(Object.keys(data));
  expect(scanned.lines).toHaveLength(scanned.keys.length);
  scanned.keys.forEach((key, i) => {
    const value = data[key];
    const kept =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([field]) => SHAPE.fields.has(field)))
        : value;
    expect(plain(scanned.values[i]), key).toStrictEqual(plain(kept));
  });
  return true;
}

type Reader = (path: string, text: string, options?: { edges?: boolean }) => unknown;

/** A reader's result, or its LockfileError's reason, file and line. */
function outcome(read: Reader, text: string): unknown {
  try {
    return read('lock', text, { edges: true });
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return { error: error.reason, file: error.file, line: error.line };
  }
}

/** The outcome through the scanner and through js-yaml alone. */
function bothPaths(read: Reader, text: string): { fast: unknown; full: unknown; scans: number } {
  try {
    const before = scanCalls();
    const fast = outcome(read, text);
    const between = scanCalls();
    mockedScan.mockImplementation(() => undefined);
    mockedEntries.mockImplementation(() => undefined);
    const full = outcome(read, text);
    // The scanner was asked as often on either path (and was asked at all: see `scans`).
    expect(scanCalls() - between).toBe(between - before);
    return { fast, full, scans: between - before };
  } finally {
    mockedScan.mockImplementation(actual.scanYamlDocuments);
    mockedEntries.mockImplementation(actual.scanYamlEntries);
  }
}

const isBerry = (text: string) => /^__metadata:/m.test(text);
const samples = findLockfileSamples()
  .filter((s) => s.kind === 'pnpm' || s.kind === 'yarn')
  .map((s) => ({ ...s, key: fixtureKey(s.path), text: readFileSync(s.path, 'utf8').replace(/^\ufeff/, '') }))
  .filter((s) => s.kind === 'pnpm' || isBerry(s.text));
const readerOf = (kind: string): Reader => (kind === 'pnpm' ? readPnpmLockfile : readYarnLockfile);

describe('the YAML scanner', () => {
  it('has berry and pnpm files to compare', CORPUS_TEST, () => {
    expect(samples.filter((s) => s.kind === 'yarn').length).toBeGreaterThan(20);
    expect(samples.filter((s) => s.kind === 'pnpm').length).toBeGreaterThan(40);
  });

  itEachFile(
    samples,
    (s) => s.path,
    (s) => [s.key, s] as const,
    '%s: scanned as js-yaml loads it, and read the same through either',
    (_key, sample) => {
      const typed = sample.kind === 'pnpm';
      // Every lockfile that yarn or pnpm wrote is in the scanner's subset; hand-made ones may not be.
      const scanned = expectScanAgrees(sample.text, typed);
      if (!/[\r\t]/.test(sample.text) && !sample.key.includes('edge')) expect(scanned).toBe(true);
      expectScanAgrees(sample.text, !typed);
      if (!typed && !sample.text.includes('\r')) expect(expectEntriesAgree(sample.text, typed)).toBe(true);
      const { fast, full, scans } = bothPaths(readerOf(sample.kind), sample.text);
      expect(fast).toStrictEqual(full);
      expect(scans).toBeGreaterThan(0);
    },
  );

  const READ = (typed: boolean, text: string) => expect(expectScanAgrees(text, typed)).toBe(true);
  const LEFT = (typed: boolean, text: string) => expect(scan(text, typed)).toBeUndefined();

  it('reads what the lockfile writers write', () => {
    for (const typed of [false, true]) {
      READ(typed, "a: 1\nb:\n  c: d\n  \"e f\": 'g''h'\n");
      READ(typed, '# comment\n\na:\n  # inside\n  b: c # after\n\n  d: {}\n');
      READ(typed, 'a: {integrity: sha512-x+/==, tarball: https://r.org/a/-/a-1.0.0.tgz}\n');
      READ(typed, 'a: {node: \'>=14\', npm: "7"}\nb: []\nc: [x64, arm64]\n');
      READ(typed, 'a:\n  - b\n  - "c"\n  - [d]\nd: 1\n');
      READ(typed, 'a: "x\\"y\\\\z\\u00e9\\n\\/"\n');
      READ(typed, '"a@npm:^1, a@npm:^1.1":\n  version: 1.0.0\n');
      READ(typed, 'a:\nb: ~\nc: null\nd: true\ne: 1.10\nf: 0x1F\ng: .inf\nh: 2001-12-14\ni: 1_000\n');
      READ(typed, '1.0: a\ntrue: b\n~: c\n0o17: d\n');
      READ(typed, 'a: 1\na: 2\nb: 3\na: 4\n');
      READ(typed, 'a:   b   \nc:    \n  d: e\n');
      READ(typed, '---\na: 1\n---\nb: 2\n');
      READ(typed, '---\na: 1\n---\n');
      READ(typed, '# c\n---\na: 1\n---\n---\n');
      READ(typed, 'a:\n     b:\n      c: 1\n     d: 2\ne: 3');
      READ(typed, 'a: x:y\nb: x#y\nc: a[b]{c},d\nd[e]: f\n');
      READ(typed, 'a: 1.2.3\nb: 1.2\nc: +1\n"a\\tb": 1\n');
      READ(typed, 'a: "é ✓"\nb: é\n');
      READ(typed, 'constructor: 1\ntoString:\n  hasOwnProperty: 2\n');
    }
  });

  it('reads the fields an entry leaves out without building them, and agrees with js-yaml', () => {
    // `bin` and `peerDependencies` are not kept: their keys (even array indexes, which a kept Map
    // gives up on) are read and checked, then dropped; their YAML still has to be in the subset.
    const entry = '"a@npm:^1":\n  version: 1.0.0\n  resolution: "a@npm:1.0.0"\n';
    const skipped = `${entry}  bin:\n    "0": x\n    a: [b, c]\n  peerDependencies:\n    b: "*"\n    "12": "^1"\n`;
    expect(expectEntriesAgree(skipped, false)).toBe(true);
    expect(expectEntriesAgree(`${entry}  dependencies:\n    "0": "^1"\n`, false)).toBe(false);
    expect(actual.scanYamlEntries(`${entry}  bin:\n    x: "\\e"\n`, false, SHAPE)).toBeUndefined();
    expect(actual.scanYamlEntries(`${entry}  bin:\n    x: &a y\n`, false, SHAPE)).toBeUndefined();
  });

  it('leaves everything else to js-yaml', () => {
    for (const typed of [false, true]) {
      for (const text of [
        '',
        '\n',
        '# only a comment\n',
        'a: &x 1\nb: *x\n',
        'a: !!str 1\n',
        'a: |\n  text\n',
        'a: >\n  text\n',
        'a: [b,\n  c]\n',
        'a: {b: c,\n  d: e}\n',
        'a: multi\n  line\n',
        'a:\n\tb: 1\n',
        'a: 1\r\nb: 2\r\n',
        'a: "\\x41"\n',
        'a: "\\e"\n',
        'a: "open\n  close"\n',
        '%YAML 1.2\n---\na: 1\n',
        'a: 1\n...\n',
        '--- a\n',
        ' a: 1\n',
        'a: 1\n b: 2\n',
        'a:\n    b: 1\n  c: 2\n',
        'a:\n- b\n',
        '- a\n',
        'a:\n  - b: c\n',
        'a:\n  -\n',
        '? a\n: b\n',
        'a : b\n',
        '"a":b\n',
        "'a':.2\n",
        'a: b: c\n',
        '<<: {a: 1}\n',
        '__proto__: 1\n',
        'a: {__proto__: 1}\n',
        'a: {b: {c: d}}\n',
        'a: [[b]]\n',
        'a: {b}\n',
        'a: {b: }\n',
        'a: @b\n',
        'a: `b\n',
        'a: "b"c\n',
        'a: b\u0085c\n',
        Array.from({ length: 60 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'),
      ]) {
        LEFT(typed, text);
        // And js-yaml reads them, or refuses them, on its own.
        expect(jsYaml(text, typed)).toBeDefined();
      }
    }
    // A timestamp key is a Date to the default schema.
    LEFT(true, '2001-12-14: a\n');
    READ(false, '2001-12-14: a\n');
  });

  /** Mutations of real lockfiles, aimed at what YAML reads differently. */
  const PIECES = [
    '{',
    '}',
    '[',
    ']',
    ':',
    ': ',
    ',',
    ', ',
    '"',
    "'",
    "''",
    '\n',
    ' ',
    '  ',
    '- ',
    '-',
    '#',
    ' #',
    '\\',
    '\\"',
    '\\n',
    '\\x41',
    '&a ',
    '*a',
    '!t ',
    '|',
    '>',
    '---\n',
    '...\n',
    '\r\n',
    '\t',
    '~',
    'null',
    'true',
    '1.0',
    '0x1',
    '2001-01-01',
    '<<',
    '__proto__',
    '%',
    '?',
    '@',
    '\u00e9',
    '\ufeff',
  ];
  const mutation = textMutation({ pieces: PIECES, extra: ['indent-line'] });
  const seeds = samples.filter((s) => s.text.length < 24 * 1024);

  // The berry files are the corpus's; the pnpm ones are in the fixtures too.
  for (const [name, kind, options] of [
    ['berry', 'yarn', CORPUS_TEST],
    ['pnpm', 'pnpm', {}],
  ] as const)
    it(`${name}: mutated real files read the same through the scanner and through js-yaml`, options, () => {
      const pool = seeds.filter((s) => s.kind === kind);
      expect(pool.length).toBeGreaterThan(5);
      let scanned = 0;
      fc.assert(
        fc.property(
          fc.nat({ max: pool.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          (index, edits) => {
            const text = edits.reduce(applyMutation, pool[index]!.text);
            if (expectScanAgrees(text, kind === 'pnpm')) scanned++;
            if (kind === 'yarn') expectEntriesAgree(text, false);
            const { fast, full } = bothPaths(readerOf(kind), text);
            expect(fast).toStrictEqual(full);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      // The property means something only if many mutated files stay within the scanner's subset.
      expect(scanned).toBeGreaterThan(RUNS / 5);
    });
});
