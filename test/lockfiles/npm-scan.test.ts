import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import { resetScanPaths, scanPaths } from '../../src/lockfiles/syntax/scan-paths.js';
import { generatePackageLock } from '../bench/generate-lockfiles.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { fixtureKey, CORPUS_TEST } from '../helpers/paths.js';
import { itEachFile } from '../helpers/reader-tests.js';
import { applyMutation, textMutation } from '../helpers/mutations.js';
import { referenceReadNpmLockfile } from './npm-scan-reference.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

/** The whole outcome of a read as one string: the result with edges, or the error's reason and line. */
function outcome(read: typeof readNpmLockfile, text: string): string {
  try {
    return JSON.stringify(read('package-lock.json', text, { edges: true }));
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return `error at ${error.line}: ${error.reason}`;
  }
}

function expectSameAsReference(text: string): void {
  expect(outcome(readNpmLockfile, text)).toBe(outcome(referenceReadNpmLockfile, text));
}

const samples = findLockfileSamples()
  .filter((s) => s.kind === 'npm')
  .map((s) => ({ path: s.path, text: readFileSync(s.path, 'utf8') }));

describe('the npm reader against its reference', () => {
  it('finds npm files worth comparing', CORPUS_TEST, () => {
    expect(samples.length).toBeGreaterThan(20);
  });

  itEachFile(
    samples,
    (s) => s.path,
    (s) => [fixtureKey(s.path), s] as const,
    '%s reads the same',
    (_key, sample) => {
      expectSameAsReference(sample.text);
    },
  );

  // Dependencies on tarball URLs, however their specs are spelled: the reader reads the specs of
  // installed packages only when the strings that may read as `http…` are not all accounted for.
  const URL_SPECS = [
    'https://example.com/x-1.0.0.tgz',
    'http://example.com/x-1.0.0.tgz',
    '\\u0068ttps://example.com/x-1.0.0.tgz',
    'h\\u0074tp://example.com/x-1.0.0.tgz',
    'htt\\u0070s://example.com/x-1.0.0.tgz',
  ];
  // `funding` URLs and a dependency named `http…` beside the URL spec: none is a spec that is a URL.
  const OTHER_URLS = [
    '',
    '"funding": { "url": "https://example.com/fund" }, "peerDependencies": { "http-x": "1" }, ',
    '"funding": ["https://example.com/fund", { "url": "https://example.com/f" }], ',
  ];
  function withUrlSpec(spec: string, list: string, resolved: string, others = ''): string {
    return `{
  "lockfileVersion": 3,
  "packages": {
    "": { "dependencies": { "a": "1" } },
    "node_modules/a": {
      "version": "1.0.0",
      "resolved": "https://registry.npmjs.org/a/-/a-1.0.0.tgz",
      ${others}"${list}": { "x": "${spec}" }
    },
    "node_modules/x": { "version": "1.0.0"${resolved} }
  }
}
`;
  }
  const urlCases = URL_SPECS.flatMap((spec) =>
    ['dependencies', 'optionalDependencies', 'peerDependencies', 'dep\\u0065ndencies'].flatMap((list) =>
      [
        '',
        ', "resolved": "https://example.com/x-1.0.0.tgz"',
        ', "resolved": "git+https://h.com/x.git"',
      ].flatMap((resolved) => OTHER_URLS.map((others) => withUrlSpec(spec, list, resolved, others))),
    ),
  );

  it('reads dependencies on tarball URLs the same, however spelled', () => {
    for (const text of urlCases) {
      expectSameAsReference(text);
      const x = readNpmLockfile('package-lock.json', text).packages.find((p) => p.path === 'node_modules/x');
      expect(x?.source).not.toBe('registry');
    }
  });

  // Keys whose order or spelling the line scan has to see through: escapes, repeats, integer-like keys,
  // a second `packages` object (JSON.parse keeps the last), a root key spelled with an escape.
  const entry = (version: string) => `{\n      "version": "${version}"\n    }`;
  const keyCases = [
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/\\u0061": ${entry('1.0.0')},\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": ${entry('1.0.0')},\n    "node_modules/a": ${entry('2.0.0')},\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": ${entry('1.0.0')},\n    "7": ${entry('2.0.0')},\n    "\\u0038": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": ${entry('1.0.0')}\n  },\n  "p\\u0061ckages": {\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": ${entry('1.0.0')}\n  },\n  "p\\u0061ckages": {\n\n    "node_modules/a": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {},\n  "packages": {\n    "node_modules/a": ${entry('1.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": ${entry('1.0.0')}\n  },\n  "packages": {\n    "node_modules/a": ${entry('2.0.0')}\n  }\n}`,
    // Nested deeper than the skim reads, and a nested key laid out as an entry's would be.
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": {"x": [[[[[[[1]]]]]]]},\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "packages": {\n    "node_modules/a": {"version": "1.0.0", "x": {\n    "node_modules/b": {}}},\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
    `{"lockfileVersion": 3, "name": "{\\"", "packages": {\n    "node_modules/a": {"version": "1.0.0", "x": "}]"},\n    "node_modules/b": ${entry('2.0.0')}\n  }\n}`,
  ];

  it('finds the lines of keys the same, however spelled or ordered', () => {
    for (const text of keyCases) {
      JSON.parse(text);
      expectSameAsReference(text);
    }
  });

  it(
    'finds the keys of every file npm wrote member by member, and leaves the others to the scan',
    CORPUS_TEST,
    () => {
      const paths = (text: string) => {
        resetScanPaths();
        readNpmLockfile('package-lock.json', text);
        return { fast: scanPaths.fast, fallback: scanPaths.fallback };
      };
      const written = samples.filter(
        (s) => /"packages": \{/.test(s.text) && !s.path.includes('hand-written'),
      );
      expect(written.length).toBeGreaterThan(20);
      for (const sample of written) {
        resetScanPaths();
        readNpmLockfile(sample.path, sample.text);
        // A backslash after `packages` opens (an escaped quote in a `deprecated` message: mocha's
        // coffee-script entry) may spell a key or a URL, so the scan reads that file.
        const escaped = sample.text.indexOf('\\', sample.text.indexOf('"packages": {')) !== -1;
        expect(escaped ? scanPaths.fallback : scanPaths.fast, sample.path).toEqual({ 'npm-keys': 1 });
      }
      // Keys spelled with escapes, repeated or integer-like, a second `packages`, values nested deeper
      // than six levels: the scan reads them.
      for (const text of keyCases.slice(0, 8))
        expect(paths(text), text).toEqual({ fast: {}, fallback: { 'npm-keys': 1 } });
      // A nested key laid out as an entry's, and brackets in strings, are skipped within their entry.
      for (const text of keyCases.slice(8))
        expect(paths(text), text).toEqual({ fast: { 'npm-keys': 1 }, fallback: {} });
      // Where URL specs stand beside other URLs, with no escape: each entry counts its own.
      const plainUrls = urlCases.filter((text) => !text.includes('\\'));
      expect(plainUrls.length).toBeGreaterThan(20);
      for (const text of plainUrls) expect(paths(text).fast).toEqual({ 'npm-keys': 1 });
    },
  );

  it('reads an entry too long for the regular expressions through the scan, with the same lines', () => {
    const items = `[${'1,'.repeat(9_000_000)}1]`;
    const text = `{"lockfileVersion": 3, "packages": {\n  "node_modules/a": {"version": "1.0.0", "x": ${items}},\n  "node_modules/b": {"version": "2.0.0"}\n}}\n`;
    resetScanPaths();
    const { packages } = readNpmLockfile('package-lock.json', text);
    expect(scanPaths.fallback).toEqual({ 'npm-keys': 1 });
    expect(packages.map((p) => `${p.name}@${p.version}:${p.line}`)).toEqual(['a@1.0.0:2', 'b@2.0.0:3']);
  });

  it('reads generated lockfiles the same', () => {
    for (const seed of [1, 2, 3]) expectSameAsReference(generatePackageLock(256 * 1024, seed));
  });

  // Edits that reach the reader's rarer paths: links, folders, aliases, URL and git specs, flags,
  // licenses, conflict markers, integer-like keys, wrong types.
  const PIECES = [
    '<<<<<<< HEAD\n',
    '\n=======\n',
    '\n>>>>>>> theirs\n',
    '\n||||||| base\n',
    '"link": true, "resolved": "packages/a",',
    '"node_modules/x": {"link": true, "resolved": "packages/a"},',
    '"packages/a": {"name": "a", "version": "1.0.0", "license": "MIT"},',
    '"packages/b": {"version": "2.0.0", "dev": true},',
    '"123": {"version": "1.0.0"},',
    '"node_modules/7": {"version": "1.0.0"},',
    '"name": "real-name",',
    '"name": "",',
    '"version": "",',
    '"version": 1,',
    '"dev": true,',
    '"dev": "yes",',
    '"optional": true,',
    '"devOptional": true,',
    '"peer": true,',
    '"license": {"type": "MIT"},',
    '"license": ["MIT", {"type": "ISC"}],',
    '"license": "",',
    '"resolved": "git+ssh://git@github.com/a/b.git#abc",',
    '"resolved": "file:../x.tgz",',
    '"resolved": "http://example.com/x-1.0.0.tgz",',
    '"dependencies": {"x": "https://example.com/x.tgz"},',
    '"dependencies": {"x": "\\u0068ttp://example.com/x.tgz"},',
    '"optionalDependencies": {"x": "h\\u0074tps://example.com/x.tgz"},',
    '"peerDependencies": {"x": "http://example.com/x.tgz"},',
    '"resolved": "\\u0068ttps://example.com/x.tgz",',
    '"funding": {"url": "https://example.com"},',
    '"dependencies": {"x": "file:packages/a"},',
    '"dependencies": 5,',
    '"workspaces": ["packages/*"],',
    '"workspaces": "packages/*",',
    '"node_modules/a/node_modules/x": {"version": "3.0.0"},',
    '"": {"dependencies": {"x": "1"}},',
    '"lockfileVersion": 1,',
    '"packages": {},',
    '\\u0041',
    '"',
    '{',
    '}',
    ',',
    '\n',
  ];
  const mutation = textMutation({ pieces: PIECES, extra: ['insert-after-brace'] });

  it('reads mutated real files the same', () => {
    const pool = [
      ...samples.filter((s) => s.text.length < 64 * 1024),
      ...urlCases.map((text) => ({ path: 'url-spec', text })),
      ...keyCases.map((text) => ({ path: 'key-case', text })),
    ];
    expect(pool.length).toBeGreaterThan(5);
    let read = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: pool.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        (index, edits) => {
          const text = edits.reduce(applyMutation, pool[index]!.text);
          const ours = outcome(readNpmLockfile, text);
          if (!ours.startsWith('error')) read++;
          expect(ours).toBe(outcome(referenceReadNpmLockfile, text));
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // The property means something only if many mutated files are still read.
    expect(read).toBeGreaterThan(RUNS / 4);
  });
});
