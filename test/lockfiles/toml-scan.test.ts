import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'smol-toml';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readCargoLock } from '../../src/lockfiles/cargo/read-cargo.js';
import { readUvLock } from '../../src/lockfiles/pypi/read-uv.js';
import { arrayTableLines } from '../../src/lockfiles/syntax/toml-lines.js';
import { scanTomlLockfile } from '../../src/lockfiles/syntax/toml-scan.js';
import { CORPUS, CORPUS_TEST, FIXTURES, fixtureKey, HAS_CORPUS, inCorpus } from '../helpers/paths.js';
import { itEachFile } from '../helpers/reader-tests.js';

type Reader = (path: string, text: string) => unknown;

function filesUnder(dir: string): string[] {
  if (!HAS_CORPUS && inCorpus(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

const isLockfile = (path: string) => !/\.(toml|json|md|rb)$/.test(path);
const cargoFiles = [
  ...filesUnder(join(CORPUS, 'osv-scalibr/language/rust/cargolock/testdata')),
  ...filesUnder(join(CORPUS, 'dependabot-core/cargo/spec/fixtures/lockfiles')),
  ...filesUnder(join(FIXTURES, 'cargo')),
].filter(isLockfile);
const uvFiles = [
  ...filesUnder(join(CORPUS, 'osv-scalibr/language/python/uvlock/testdata')),
  ...filesUnder(join(CORPUS, 'dependabot-core/uv/spec/fixtures')),
  ...filesUnder(join(FIXTURES, 'uv')),
].filter(isLockfile);
const read = (path: string) => readFileSync(path, 'utf8');

/** The values smol-toml parses, as plain data (its tables have no prototype; the scanner's do). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** What smol-toml reads of a text, with the header lines of `[[package]]`; undefined when it refuses it. */
function fullParse(text: string): { data: unknown; lines: number[] } | undefined {
  try {
    return { data: plain(parse(text)), lines: arrayTableLines(text, 'package') };
  } catch {
    return undefined;
  }
}

/** The scanner must read a text exactly as smol-toml does, or give up: never accept what smol-toml refuses. */
function expectSameAsFullParse(text: string): 'scanned' | 'fell back' {
  const scanned = scanTomlLockfile(text, 'package');
  if (scanned === undefined) return 'fell back';
  const full = fullParse(text);
  expect(full, 'the scanner accepted a text smol-toml refuses').toBeDefined();
  expect(plain(scanned.data)).toEqual(full!.data);
  expect(scanned.lines).toEqual(full!.lines);
  return 'scanned';
}

/** The result of a reader as text (key order included), or its error with file, line and column. */
function outcome(reader: Reader, text: string): string {
  try {
    return JSON.stringify(reader('Cargo.lock', text));
  } catch (error) {
    const e = error as { name?: string; message?: string; line?: number; column?: number };
    return JSON.stringify({ error: e.name, message: e.message, line: e.line, column: e.column });
  }
}

// The same readers with the scanner switched off: every text goes through smol-toml.
let fullCargo: Reader;
let fullUv: Reader;
const noScan = vi.fn(() => undefined);
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('../../src/lockfiles/syntax/toml-scan.js', () => ({ scanTomlLockfile: noScan }));
  fullCargo = (await import('../../src/lockfiles/cargo/read-cargo.js')).readCargoLock;
  fullUv = (await import('../../src/lockfiles/pypi/read-uv.js')).readUvLock;
  vi.doUnmock('../../src/lockfiles/syntax/toml-scan.js');
  vi.resetModules();
});

describe('the TOML lockfile scanner', () => {
  it('finds the Cargo.lock and uv.lock files of the corpus and fixtures', CORPUS_TEST, () => {
    expect(cargoFiles.length).toBeGreaterThan(40);
    expect(uvFiles.length).toBeGreaterThan(10);
  });

  itEachFile(
    [...cargoFiles, ...uvFiles],
    (path) => path,
    (path) => [fixtureKey(path), path] as const,
    '%s: reads as smol-toml does, or falls back',
    (_key, path) => {
      expectSameAsFullParse(read(path).replace(/^\uFEFF/, ''));
    },
  );

  it('reads nearly every real file itself', () => {
    const scanned = [...cargoFiles, ...uvFiles].filter(
      (path) => scanTomlLockfile(read(path), 'package') !== undefined,
    );
    // The rest: two files that are not TOML, one unparseable, one with a multi-line string.
    expect(scanned.length).toBeGreaterThanOrEqual(cargoFiles.length + uvFiles.length - 4);
  });

  it('keeps unread keys of the [[package]] tables as null, after checking them', () => {
    const unread = new Set(['sdist', 'wheels']);
    for (const path of uvFiles) {
      const text = read(path);
      const scanned = scanTomlLockfile(text, 'package', unread);
      if (scanned === undefined) continue;
      const full = fullParse(text)!.data as { package?: Record<string, unknown>[] };
      for (const table of full.package ?? []) for (const key of unread) if (key in table) table[key] = null;
      expect(plain(scanned.data)).toEqual(full);
    }
    // A broken unread value is still refused.
    const broken = '[[package]]\nname = "a"\nwheels = [{ url = "x", url = "y" }]\n';
    expect(scanTomlLockfile(broken, 'package', unread)).toBeUndefined();
    expect(scanTomlLockfile(broken.replace('url = "y"', 'hash = "y"'), 'package', unread)).toBeDefined();
    expect(
      scanTomlLockfile('[[package]]\nsdist = { a = 1 }\nsdist = 2\n', 'package', unread),
    ).toBeUndefined();
    expect(scanTomlLockfile('[[package]]\nsdist = { a = 1.5 }\n', 'package', unread)).toBeUndefined();
    expect(scanTomlLockfile('[[package]]\nsdist = { a = 1 }\n[package.sdist]\n', 'package', unread)).toBe(
      undefined,
    );
  });

  describe('on odd but valid TOML: reads it as smol-toml does, or falls back', () => {
    const cases: [string, string, 'scanned' | 'fell back'][] = [
      [
        'comments at line ends',
        'version = 4 # v\n[[package]] # p\nname = "a" # n\ndependencies = [ # d\n "b", # b\n] # e\n',
        'scanned',
      ],
      ['single-quoted strings', "[[package]]\nname = 'a'\nversion = '1'\npath = 'C:\\dir'\n", 'scanned'],
      [
        'simple escapes',
        '[[package]]\nname = "a\\"b\\\\c\\td\\n\\r\\b\\f"\npath = "..\\\\lib\\\\"\n',
        'scanned',
      ],
      ['an escape in an unread value', '[[package]]\nname = "a"\nwheels = [{ url = "a\\"b" }]\n', 'scanned'],
      ['a hex escape', '[[package]]\nname = "\\x41"\n', 'fell back'],
      ['an ESC escape', '[[package]]\nname = "\\e"\n', 'fell back'],
      ['a unicode escape', '[[package]]\nname = "\\u00e9"\n', 'fell back'],
      [
        'CRLF line ends',
        'version = 4\r\n\r\n[[package]]\r\nname = "a"\r\ndependencies = [\r\n "b",\r\n]\r\n',
        'scanned',
      ],
      [
        'out-of-order keys',
        '[[package]]\ndependencies = ["b"]\nsource = "registry+x"\nversion = "1"\nname = "a"\n',
        'scanned',
      ],
      ['dotted keys', '[[package]]\nname = "a"\nsource.registry = "x"\n', 'fell back'],
      [
        'quoted keys',
        '[[package]]\n"name" = "a"\n\'version\' = "1"\nsource = { "registry" = "x" }\n',
        'scanned',
      ],
      ['Cargo v1 checksums', '[metadata]\n"checksum a 1.0.0 (registry+https://x)" = "00"\n', 'scanned'],
      ['an empty quoted key', '"" = 1\n', 'fell back'],
      ['a quoted key with an escape', '"a\\"b" = 1\n', 'scanned'],
      ['a quoted header', '[[ "package" ]]\n', 'fell back'],
      ['a dotted quoted key', '"a"."b" = 1\n', 'fell back'],
      ['spaced headers', '[[ package ]]\nname = "a"\n', 'fell back'],
      ['multi-line strings', '[[package]]\nname = """a"""\n', 'fell back'],
      ['multi-line literal strings', "[[package]]\nname = '''a'''\n", 'fell back'],
      ['empty strings', '[[package]]\nname = ""\nversion = \'\'\n', 'scanned'],
      ['floats', 'version = 4.0\n', 'fell back'],
      ['signed integers', 'version = +4\n', 'fell back'],
      ['integers with underscores', 'size = 1_000\n', 'fell back'],
      ['dates', 'when = 1979-05-27\n', 'fell back'],
      ['booleans', 'a = true\nb = false\nc = [true, false]\n', 'scanned'],
      ['a zero', 'a = 0\n', 'scanned'],
      ['large integers', 'a = 123456789012345\n', 'scanned'],
      ['integers beyond 15 digits', 'a = 1234567890123456\n', 'fell back'],
      ['nested arrays and inline tables', 'a = [[1, 2], [], {}, { b = [ { c = "d" } ] }]\n', 'scanned'],
      ['arrays over lines with comments', 'a = [\n  # first\n  1,\n\n  2 # second\n  ,3,\n]\n', 'scanned'],
      ['an inline table with a trailing comma', 'a = { b = 1, }\n', 'fell back'],
      ['an inline table over lines', 'a = {\n b = 1 }\n', 'fell back'],
      ['tabs and indentation', '\t[[package]]\n\tname\t=\t"a"\t\n  version = "1"\n', 'scanned'],
      [
        'sub-tables of the last package',
        '[[package]]\nname = "a"\n[package.metadata]\nx = 1\n[package.metadata.deep]\ny = 2\n[[package]]\nname = "b"\n[package.metadata]\nx = 3\n',
        'scanned',
      ],
      ['an implicit table defined later', '[a.b]\nc = 1\n[a]\nd = 2\n', 'fell back'],
      [
        'arrays of sub-tables',
        '[[package]]\nname = "a"\n[[package.wheels]]\nurl = "x"\n[[package.wheels]]\nurl = "y"\n',
        'scanned',
      ],
      ['no trailing newline', '[[package]]\nname = "a"', 'scanned'],
      ['only comments', '# nothing\n\n# here\n', 'scanned'],
      ['an empty text', '', 'scanned'],
      ['a key named like an Object method', 'constructor = 1\n', 'fell back'],
      ['a __proto__ key', '__proto__ = 1\n', 'fell back'],
      ['a tab in a string', 'a = "b\tc"\n', 'scanned'],
      ['non-ASCII text', 'a = "é ü 中"\n# ✓\n', 'scanned'],
      ['package as a table', '[package]\nname = "a"\n', 'fell back'],
      ['package as an inline array', 'package = [{ name = "a" }]\n', 'fell back'],
    ];
    it.each(cases)('%s', (_name, text, expected) => {
      expect(expectSameAsFullParse(text)).toBe(expected);
    });
  });

  describe('on invalid TOML: always falls back, so that smol-toml names the error', () => {
    const cases: [string, string][] = [
      ['a repeated key', '[[package]]\nname = "a"\nname = "b"\n'],
      ['a repeated key in an inline table', 'a = { b = 1, b = 2 }\n'],
      ['a redefined table', '[a]\n[a]\n'],
      ['a table over a value', 'a = 1\n[a]\n'],
      ['an array of tables over a table', '[a]\n[[a]]\n'],
      ['a header through a value', 'a = 1\n[a.b]\n'],
      ['a header through an inline table', 'a = { b = 1 }\n[a.c]\n'],
      ['a header through a static array', 'a = [{ b = 1 }]\n[a.c]\n'],
      ['an unterminated string', 'a = "b\n'],
      ['an unterminated array', 'a = [1, 2\n'],
      ['an unterminated inline table', 'a = { b = 1\n'],
      ['a missing value', 'a =\n'],
      ['two values on a line', 'a = 1 b = 2\n'],
      ['a header and a key on a line', '[a] b = 1\n'],
      ['a control character in a string', 'a = "b\u0001"\n'],
      ['an unknown escape', 'a = "b\\q"\n'],
      ['a backslash at the end of a string', 'a = "b\\"\n'],
      ['a repeated quoted key', '"a" = 1\na = 2\n'],
      ['a control character in a comment', '# a\u0000\n'],
      ['DEL in a string', 'a = "\u007f"\n'],
      ['a bare carriage return', 'a = 1\rb = 2\n'],
      ['a leading zero', 'a = 01\n'],
      ['an empty array element', 'a = [,]\n'],
      ['a missing comma', 'a = [1 2]\n'],
      ['a bad boolean', 'a = tru\n'],
      ['a word', 'a = maybe\n'],
      ['a conflict marker', '[[package]]\n<<<<<<< HEAD\nname = "a"\n=======\nname = "b"\n>>>>>>> x\n'],
      ['an empty key', '= 1\n'],
      ['a header without its end', '[[package]\nname = "a"\n'],
    ];
    it.each(cases)('%s', (_name, text) => {
      expect(scanTomlLockfile(text, 'package')).toBeUndefined();
      expect(scanTomlLockfile(text, 'package', new Set(['a', 'name']))).toBeUndefined();
    });
  });

  describe('in the readers: the same packages, lines, warnings and errors as the full parse', () => {
    it('compares with readers that really skip the scanner', () => {
      const text = '[[package]]\nname = "a"\nversion = "1"\n';
      expect(scanTomlLockfile(text, 'package')).toBeDefined();
      noScan.mockClear();
      fullCargo('Cargo.lock', text);
      fullUv('uv.lock', `version = 1\n${text}source = { registry = "x" }\n`);
      expect(noScan).toHaveBeenCalledTimes(2);
    });

    itEachFile(
      cargoFiles,
      (path) => path,
      (path) => [fixtureKey(path), path] as const,
      'Cargo.lock %s',
      (_key, path) => {
        const text = read(path);
        expect(outcome(readCargoLock, text)).toBe(outcome(fullCargo, text));
      },
    );
    itEachFile(
      uvFiles,
      (path) => path,
      (path) => [fixtureKey(path), path] as const,
      'uv.lock %s',
      (_key, path) => {
        const text = read(path);
        expect(outcome(readUvLock, text)).toBe(outcome(fullUv, text));
      },
    );

    it('on mutated real files: the same result or the same error', () => {
      const seeds = [...cargoFiles, ...uvFiles]
        .map((path) => ({ path, text: read(path) }))
        .filter(({ text }) => text.length < 48 * 1024);
      const pieces = [
        '"',
        "'",
        '\\',
        '\n',
        '\r\n',
        '\r',
        '[',
        ']',
        '{',
        '}',
        ',',
        '=',
        '#',
        ' ',
        '.',
        '"""',
        '\t',
        '\u0000',
        '[[package]]\n',
        '[package.metadata]\n',
        'x = 1\n',
        'a.b = 1\n',
        'name = "x"\n',
        'source = { virtual = "." }\n',
        '<<<<<<< HEAD\n',
        '1979-05-27',
        '1.5',
        '-1',
        'true',
        'é',
        '\\"',
        '\\n',
        '\\u0041',
        '\\\\',
        '"k" = 1\n',
        "'k' = 2\n",
      ];
      const edit = fc.oneof(
        fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), insert: fc.constantFrom(...pieces) }),
        fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.integer({ min: 1, max: 8 }) }),
        fc.record({
          line: fc.double({ min: 0, max: 1, noNaN: true }),
          copyTo: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
      );
      type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;
      const apply = (text: string, e: Edit): string => {
        if ('insert' in e) {
          const at = Math.floor(text.length * e.at);
          return text.slice(0, at) + e.insert + text.slice(at);
        }
        if ('remove' in e) {
          const at = Math.floor(text.length * e.at);
          return text.slice(0, at) + text.slice(at + e.remove);
        }
        const lines = text.split('\n');
        const from = Math.floor(lines.length * e.line) % lines.length;
        lines.splice(Math.floor(lines.length * e.copyTo), 0, lines[from]!);
        return lines.join('\n');
      };
      let scanned = 0;
      fc.assert(
        fc.property(
          fc.nat({ max: seeds.length - 1 }),
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          (index, edits, crlf) => {
            let text = edits.reduce(apply, seeds[index]!.text);
            if (crlf) text = text.replace(/\r?\n/g, '\r\n');
            if (expectSameAsFullParse(text) === 'scanned') scanned++;
            expect(outcome(readCargoLock, text)).toBe(outcome(fullCargo, text));
            expect(outcome(readUvLock, text)).toBe(outcome(fullUv, text));
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: 20261125 },
      );
      // The property says something only if many mutated texts still go through the scanner.
      expect(scanned).toBeGreaterThan(50);
    });
  });
});
