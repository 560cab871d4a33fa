import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { describe, expect, it, vi } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { pnpmLinesOfSections, scanPnpmLines } from '../../src/lockfiles/npm/pnpm-lines.js';
import { PNPM_SECTIONS, readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import type * as yamlScan from '../../src/lockfiles/syntax/yaml-scan.js';
import { scanYamlDocuments } from '../../src/lockfiles/syntax/yaml-scan.js';
import { generatePnpmV9 } from '../bench/generate-lockfiles.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey, CORPUS_TEST } from '../helpers/paths.js';
import { itEachFile } from '../helpers/reader-tests.js';
import { applyMutation, textMutation } from '../helpers/mutations.js';

// The pnpm reader calls the scanner through this mock, so that a test can turn it off and compare
// the scanner's path (Maps, kept fields only) with js-yaml's (whole objects) on the same text.
vi.mock('../../src/lockfiles/syntax/yaml-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof yamlScan>();
  return { ...original, scanYamlDocuments: vi.fn(original.scanYamlDocuments) };
});
const actual = await vi.importActual<typeof yamlScan>('../../src/lockfiles/syntax/yaml-scan.js');
const mockedScan = vi.mocked(scanYamlDocuments);

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Map) &&
  !(value instanceof Date);

/** A value with every mapping spelled as its entries in order, Maps and objects told apart. */
function ordered(value: unknown): unknown {
  if (value instanceof Map)
    return { map: [...(value as Map<string, unknown>)].map(([k, v]) => [k, ordered(v)]) };
  if (Array.isArray(value)) return value.map(ordered);
  if (isPlain(value)) return { object: Object.keys(value).map((k) => [k, ordered(value[k])]) };
  return value;
}

/** js-yaml's documents as the scanner builds them with the pnpm reader's sections. */
function sectioned(documents: unknown[]): unknown[] {
  const { sections, fields, mapFields } = PNPM_SECTIONS;
  const asMap = (object: Record<string, unknown>) => new Map(Object.keys(object).map((k) => [k, object[k]]));
  const entry = (value: unknown) => {
    if (!isPlain(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!fields.has(key)) continue;
      const field = value[key];
      out[key] = mapFields.has(key) && isPlain(field) ? asMap(field) : field;
    }
    return out;
  };
  return documents.map((document) => {
    if (!isPlain(document)) return document;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(document)) {
      const value = document[key];
      out[key] =
        sections.has(key) && isPlain(value)
          ? new Map(Object.keys(value).map((k) => [k, entry(value[k])]))
          : value;
    }
    return out;
  });
}

/**
 * Whether the scanner read the text; if it did, it built what js-yaml builds, shaped as asked, and
 * the lines found from where its top-level keys start are those of the whole line pass.
 */
function expectSectionedScanAgrees(text: string): boolean {
  const keyStarts: yamlScan.YamlKeyStarts = { documents: [{ offsets: [1], lines: [1], end: 1 }] };
  const scanned = actual.scanYamlDocuments(text, true, PNPM_SECTIONS, keyStarts);
  if (scanned === undefined) {
    expect(keyStarts.documents).toStrictEqual([]);
    return false;
  }
  expect(ordered(scanned)).toStrictEqual(ordered(sectioned(yaml.loadAll(text, null, { json: true }))));
  expect(keyStarts.documents).toHaveLength(scanned.filter((d) => d !== null).length);
  expect(pnpmLinesOfSections(text, keyStarts)).toStrictEqual(scanPnpmLines(text));
  return true;
}

/** The reader's result, or its LockfileError's reason, file and line. */
function outcome(text: string): unknown {
  try {
    return readPnpmLockfile('pnpm-lock.yaml', text, { edges: true });
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return { error: error.reason, file: error.file, line: error.line };
  }
}

/** The reader's outcome through the scanner and through js-yaml alone. */
function bothPaths(text: string): { fast: unknown; full: unknown } {
  try {
    const fast = outcome(text);
    mockedScan.mockImplementation(() => undefined);
    const full = outcome(text);
    return { fast, full };
  } finally {
    mockedScan.mockImplementation(actual.scanYamlDocuments);
  }
}

const samples = findLockfileSamples()
  .filter((s) => s.kind === 'pnpm')
  .map((s) => ({
    path: s.path,
    key: fixtureKey(s.path),
    text: readFileSync(s.path, 'utf8').replace(/^\ufeff/, ''),
  }));

describe('pnpm-lock.yaml through the scanner', () => {
  it('has pnpm files to compare', CORPUS_TEST, () => {
    expect(samples.length).toBeGreaterThan(40);
  });

  itEachFile(
    samples,
    (s) => s.path,
    (s) => [s.key, s] as const,
    '%s: sections scanned as js-yaml reads them, and read the same through either',
    (_key, sample) => {
      const scanned = expectSectionedScanAgrees(sample.text);
      if (!/[\r\t]/.test(sample.text) && !sample.key.includes('edge')) expect(scanned).toBe(true);
      const { fast, full } = bothPaths(sample.text);
      expect(fast).toStrictEqual(full);
    },
  );

  it('builds sections, entries and dependency lists as Maps, in file order', () => {
    const text = [
      "lockfileVersion: '9.0'",
      'packages:',
      '  b@1.0.0:',
      '    resolution: {integrity: sha512-b}',
      '    engines: {node: x}',
      '  a@1.0.0:',
      '    resolution: {integrity: sha512-a}',
      '    hasBin: true',
      'snapshots:',
      '  b@1.0.0: {}',
      '  a@1.0.0:',
      '    optional: true',
      '    dependencies: {z: 1.0.0, b: 1.0.0}',
      '    optionalDependencies:',
      '      y: 2.0.0',
      '      b: 1.0.0',
      '    transitivePeerDependencies:',
      '      - c',
      '',
    ].join('\n');
    expect(expectSectionedScanAgrees(text)).toBe(true);
    const [document] = actual.scanYamlDocuments(text, true, PNPM_SECTIONS) as Record<string, unknown>[];
    const snapshots = document!.snapshots as Map<string, Record<string, unknown>>;
    expect([...snapshots.keys()]).toStrictEqual(['b@1.0.0', 'a@1.0.0']);
    expect(Object.keys(snapshots.get('a@1.0.0')!)).toStrictEqual([
      'optional',
      'dependencies',
      'optionalDependencies',
    ]);
    expect([...(snapshots.get('a@1.0.0')!.dependencies as Map<string, string>).keys()]).toStrictEqual([
      'z',
      'b',
    ]);
    expect((document!.packages as Map<string, unknown>).get('b@1.0.0')).toStrictEqual({
      resolution: { integrity: 'sha512-b' },
    });
  });

  it('reads odd but regular sections as js-yaml does, and leaves array-index keys in them to js-yaml', () => {
    for (const text of [
      "lockfileVersion: '9.0'\npackages: {}\nsnapshots:\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\nsnapshots:\n  a@1.0.0:\n    dependencies: {}\n",
      "lockfileVersion: '9.0'\nsnapshots:\n  a@1.0.0:\n    dependencies:\n      x: 1\n      x: 2\n",
      "lockfileVersion: '9.0'\nsnapshots: [a]\npackages: x\n",
      "lockfileVersion: '9.0'\nsnapshots:\n  a@1.0.0:\n    dependencies: [x]\n",
      "lockfileVersion: '9.0'\nsnapshots:\n  a@1.0.0:\n    dependencies:\n      x:\n        y: 1\n",
      "lockfileVersion: '9.0'\nimporters:\n  .:\n    packages:\n      1: 2\n",
      "---\nlockfileVersion: '9.0'\npackages:\n  a@1.0.0: {}\n---\nlockfileVersion: '9.0'\npackages:\n  b@1.0.0: {}\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {}\npackages:\n  b@1.0.0: {}\n",
    ])
      expect(expectSectionedScanAgrees(text), text).toBe(true);
    for (const text of [
      "lockfileVersion: '9.0'\npackages:\n  '1': {}\n",
      "lockfileVersion: '9.0'\nsnapshots:\n  a@1.0.0:\n    dependencies:\n      0: 1.0.0\n",
      "lockfileVersion: '9.0'\nsnapshots:\n  a@1.0.0:\n    optionalDependencies: {7: 1.0.0}\n",
    ]) {
      expect(actual.scanYamlDocuments(text, true, PNPM_SECTIONS), text).toBeUndefined();
      expect(actual.scanYamlDocuments(text, true)).toBeDefined();
      const { fast, full } = bothPaths(text);
      expect(fast).toStrictEqual(full);
    }
  });

  it('reads the fields an entry leaves out, and still gives up on what js-yaml reads differently there', () => {
    const entry = (fields: string) =>
      `lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n${fields}    resolution: {integrity: x}\n`;
    for (const text of [
      entry('    engines: {node: 1}\n    cpu: [x64, arm64]\n    os:\n      - darwin\n      - "linux"\n'),
      entry(
        '    peerDependencies:\n      b: ^1\n      c: 2\n    peerDependenciesMeta:\n      b:\n        optional: true\n',
      ),
      entry("    deprecated: 'no longer ''kept'''\n    hasBin: true\n    libc: []\n"),
      entry('    transitivePeerDependencies:\n      - x\n      - y # comment\n'),
    ]) {
      expect(expectSectionedScanAgrees(text), text).toBe(true);
      const [document] = actual.scanYamlDocuments(text, true, PNPM_SECTIONS) as Record<string, unknown>[];
      expect((document!.packages as Map<string, unknown>).get('a@1.0.0')).toStrictEqual({
        resolution: { integrity: 'x' },
      });
    }
    for (const text of [
      entry('    engines: {node: &a 1}\n'),
      entry('    os:\n      - *a\n'),
      entry('    deprecated: "\\x41"\n'),
      entry('    peerDependencies:\n      b: |\n        text\n'),
      entry('    bin:\n      <<: {a: 1}\n'),
      entry('    cpu: [x64,\n      arm64]\n'),
    ]) {
      expect(actual.scanYamlDocuments(text, true, PNPM_SECTIONS), text).toBeUndefined();
      const { fast, full } = bothPaths(text);
      expect(fast).toStrictEqual(full);
    }
  });

  it('finds the lines of keys from where the top-level keys start, as the whole line pass does', () => {
    for (const text of [
      "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      a:\n        specifier: ^1\n        version: 1.0.0\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {}\n  \n# comment\n  b@1.0.0: {}\n  # indented comment\nsnapshots:\n  a@1.0.0: {}\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {}\n  a@1.0.0: {}\nsettings: {}\npackages:\n  b@1.0.0: {}\n  a@1.0.0: {}",
      "lockfileVersion: '9.0'\npackages:\n    a@1.0.0: {}\nimporters:\n    .:\n        dependencies:\n            a: 1.0.0\n",
      "lockfileVersion: 5.4\nspecifiers:\n  a: ^1\ndependencies:\n  a: 1.0.0\n  'b': 1.0.0\ndevDependencies:\n  c: 1.0.0\npackages:\n  /a/1.0.0:\n    dev: false\n",
      "---\nlockfileVersion: '9.0'\nimporters:\n  .:\n    configDependencies:\n      a: 1.0.0\n---\n# main\nlockfileVersion: '9.0'\npackages:\n  b@1.0.0: {}\n\n---\n",
      "\"lockfileVersion\": '9.0'\n'packages':\n  \"a@1.0.0\": {}\n  'b@1.0.0': {}\n",
    ])
      expect(expectSectionedScanAgrees(text), text).toBe(true);
  });

  it('reads a generated 9.x file the same through either path', () => {
    const text = generatePnpmV9(300 * 1024, 11);
    expect(expectSectionedScanAgrees(text)).toBe(true);
    const { fast, full } = bothPaths(text);
    expect(fast).toStrictEqual(full);
  });

  /** Mutations of real lockfiles, aimed at what YAML and the reader read differently. */
  const PIECES = [
    '{',
    '}',
    '[',
    ']',
    ':',
    ': ',
    ', ',
    '"',
    "'",
    '\n',
    ' ',
    '  ',
    '- ',
    '#',
    '&a ',
    '*a',
    '---\n',
    '~',
    'null',
    'true',
    '0',
    '12',
    '__proto__',
    '@',
    '(',
    ')',
    '/',
    'link:',
    'file:',
    '1.0.0',
    '\n    dependencies:\n      a: 1.0.0\n',
    '\n    optional: true\n',
    '\n    dependencies: {b: 1.0.0}\n',
    '\n  x@1.0.0: {}\n',
    '\n  0: {}\n',
    '\n      0: 1.0.0\n',
  ];
  const mutation = textMutation({ pieces: PIECES, extra: ['indent-line'] });

  it('reads mutated real files the same through the scanner and through js-yaml', () => {
    const pool = samples.filter((s) => s.text.length < 24 * 1024);
    expect(pool.length).toBeGreaterThan(5);
    let scanned = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: pool.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (index, edits) => {
          const text = edits.reduce(applyMutation, pool[index]!.text);
          if (expectSectionedScanAgrees(text)) scanned++;
          const { fast, full } = bothPaths(text);
          expect(fast).toStrictEqual(full);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // The property means something only if many mutated files stay within the scanner's subset.
    expect(scanned).toBeGreaterThan(RUNS / 5);
  });
});
