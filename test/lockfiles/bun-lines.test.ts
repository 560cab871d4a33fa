import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { readBunLines } from '../../src/lockfiles/npm/read-bun-lines.js';
import { readBunTree } from '../../src/lockfiles/npm/read-bun-tree.js';
import { readBunLockfile } from '../../src/lockfiles/npm/read-bun.js';
import { assertNoConflictMarkers, stripBom } from '../../src/lockfiles/syntax/text.js';
import { generateBunLock } from '../bench/generate-lockfiles.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, itEachFile } from '../helpers/reader-tests.js';

// `readBunLines` reads the files bun writes without building their JSON tree; `readBunTree` reads any
// bun.lock. Whatever the text, the reader must give what the tree reader gives: the same packages,
// lines, warnings and order, or the same error.

const files = [
  ...filesUnder(corpusPath('osv-scalibr', 'language', 'javascript', 'bunlock', 'testdata')),
  ...filesUnder(corpusPath('dependabot-core', 'bun'), (name) => name === 'bun.lock'),
  ...filesUnder(fixturePath('bun'), (name) => name === 'bun.lock' || name.endsWith('.jsonc')),
];
const texts = files.map((file) => [file, readFileSync(file, 'utf8')] as const);

/** What a read gives, as text: the result, or the error's fields. */
function outcome(read: () => unknown): string {
  try {
    return JSON.stringify(read());
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    const { reason, line, column, message } = error;
    return `error ${JSON.stringify({ reason, line, column, message })}`;
  }
}

/** The tree reader behind the same steps as `readBunLockfile` (binary files aside). */
function byTree(text: string): string {
  return outcome(() => {
    const plain = stripBom(text);
    assertNoConflictMarkers('bun.lock', plain);
    return readBunTree('bun.lock', plain);
  });
}

/** Asserts that the reader and the line reader (when it reads the text at all) agree with the tree. */
function expectSame(text: string): 'lines' | 'tree' {
  const expected = byTree(text);
  expect(outcome(() => readBunLockfile('bun.lock', text))).toBe(expected);
  const plain = stripBom(text);
  let lines: unknown;
  try {
    assertNoConflictMarkers('bun.lock', plain);
    lines = readBunLines('bun.lock', plain);
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return 'tree';
  }
  if (lines === undefined) return 'tree';
  expect(JSON.stringify(lines)).toBe(expected);
  return 'lines';
}

const sample = readFileSync(fixturePath('bun', 'bun1.4-app', 'bun.lock'), 'utf8');
const monorepo = readFileSync(fixturePath('bun', 'bun1.2-monorepo', 'bun.lock'), 'utf8');
const generated = generateBunLock(40_000, 11);

/** A small lockfile around the given `packages` lines and workspace dependencies. */
const lockfile = (entries: string[], deps = '"a": "^1.0.0", "b": "^1.0.0"') =>
  `{\n  "lockfileVersion": 1,\n  "workspaces": {\n    "": {\n      "name": "app",\n      "dependencies": { ${deps} },\n    },\n  },\n  "packages": {\n${entries
    .map((e) => `    ${e},\n`)
    .join('\n')}  }\n}\n`;

describe('readBunLines', () => {
  itEachFile(
    texts,
    ([file]) => file,
    ([file, text]) => [file.replace(/^.*\/(corpus|fixtures)\//, ''), text] as const,
    'agrees with the tree reader on %s',
    (_name, text) => {
      expectSame(text);
    },
  );

  it('reads the files bun writes line by line', CORPUS_TEST, () => {
    const read = texts.filter(([, text]) => expectSame(text) === 'lines').length;
    // All but the broken ones and the hand-written JSONC with comments in `packages`.
    expect(read).toBeGreaterThanOrEqual(33);
    expect(expectSame(generated)).toBe('lines');
  });

  it.each([
    ['CRLF line ends', sample.replace(/\n/g, '\r\n')],
    ['a byte-order mark', `\uFEFF${sample}`],
    ['comments before packages', sample.replace('"workspaces": {', '/* w */ "workspaces": { // x\n')],
    ['a comment inside packages', sample.replace(/("packages": \{\n)/, '$1    // first\n')],
    ['a comment after packages', sample.replace(/\}\s*$/, '} // end\n')],
    ['no trailing comma after the last entry', sample.replace(/\],(\s*\}\s*\}\s*)$/, ']$1')],
    ['a trailing comma after packages', sample.replace(/\n {2}\}(\s*\}\s*)$/, '\n  },$1')],
    ['trailing commas inside tuples', sample.replace(/"\],\n/g, '",],\n')],
    ['trailing commas inside info objects', sample.replace(/\} \}, "sha/g, '}, }, "sha')],
    ['no trailing newline', sample.trimEnd()],
    ['entries on one line', sample.replace(/\],\n\n {4}"/g, '], "')],
    ['tuples over several lines', sample.replace(/", "", \{/g, '",\n      "",\n      {')],
    ['tabs as indentation', sample.replace(/\n {4}"/g, '\n\t\t"')],
    ['an escape in a key', sample.replace('"ms":', '"\\u006ds":')],
    ['an escape in a package key', sample.replace('\n    "ms": [', '\n    "\\u006ds": [')],
    ['an escape in a name', sample.replace('"ms@', '"\\u006ds@')],
    ['an escape in a dependency', sample.replace('"js-tokens":', '"js-\\u0074okens":')],
    ['keys out of order', monorepo.replace(/("packages": \{\n)([\s\S]*?\n\n)([\s\S]*?\n\n)/, '$1$3$2')],
    [
      'packages before workspaces',
      `{\n  "lockfileVersion": 1,\n  "packages": {},\n  "workspaces": { "": {} }\n}`,
    ],
    ['a key after packages', sample.replace(/\n {2}\}(\s*\}\s*)$/, '\n  },\n  "extra": 1$1')],
    ['packages twice', sample.replace('"workspaces":', '"packages": { "x": ["x@1.0.0"] },\n  "workspaces":')],
    [
      'numbers and literals in info',
      sample.replace(/\{ "dependencies"/, '{ "n": [1, -2.5e3, true, false, null], "dependencies"'),
    ],
    [
      'bin, os and cpu fields',
      sample.replace(
        /\{ "dependencies"/,
        '{ "bin": { "x": "y" }, "os": ["darwin"], "cpu": "x64", "dependencies"',
      ),
    ],
    [
      'deep nesting',
      sample.replace(/\{ "dependencies"/, `{ "deep": ${'['.repeat(200)}${']'.repeat(200)}, "dependencies"`),
    ],
    [
      'info at the end of a workspace tuple',
      monorepo.replace(/workspace:packages\/web"\]/, 'workspace:packages/web", {}]'),
    ],
  ])('agrees with the tree reader with %s', (what, text) => {
    expect(text).not.toBe(what.includes('packages before') ? '' : sample);
    expectSame(text);
  });

  it.each([
    [
      'duplicate keys',
      ['"a": ["a@1.0.0", "", {}, "x"]', '"b": ["b@1.0.0", "", {}, "x"]', '"a": ["a@2.0.0", "", {}, "x"]'],
    ],
    [
      'keys that are array indices',
      [
        '"a": ["a@1.0.0", "", {}, "x"]',
        '"7": ["seven@1.0.0", "", {}, "x"]',
        '"b": ["b@1.0.0", "", { "dependencies": { "7": "1" } }, "x"]',
      ],
    ],
    [
      'keys that start with a digit',
      [
        '"a": ["a@1.0.0", "", {}, "x"]',
        '"7zip-bin": ["7zip-bin@1.0.0", "", {}, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
      ],
    ],
    [
      'a __proto__ key',
      [
        '"a": ["a@1.0.0", "", {}, "x"]',
        '"__proto__": ["p@1.0.0", "", {}, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
      ],
    ],
    [
      'a dependency list twice',
      [
        '"a": ["a@1.0.0", "", { "dependencies": { "b": "1" }, "dependencies": {} }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
      ],
    ],
    [
      'a dependency twice',
      [
        '"a": ["a@1.0.0", "", { "optionalDependencies": { "b": "1", "b": "2" } }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
      ],
    ],
    [
      'optional peers before and after the peers',
      [
        '"a": ["a@1.0.0", "", { "optionalPeers": ["b"], "peerDependencies": { "b": "1", "c": "1" } }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
        '"c": ["c@1.0.0", "", { "peerDependencies": { "d": "1" }, "optionalPeers": [1, "d"] }, "x"]',
        '"d": ["d@1.0.0"]',
      ],
    ],
    [
      'optional peers before the peers',
      [
        '"a": ["a@1.0.0", "", { "optionalPeers": ["b"], "peerDependencies": { "b": "1", "c": "1" } }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
        '"c": ["c@1.0.0"]',
      ],
    ],
    [
      'optional peers that are not a list',
      [
        '"a": ["a@1.0.0", "", { "peerDependencies": { "b": "1" }, "optionalPeers": "b" }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
      ],
    ],
    [
      'a dependency that is not a string',
      ['"a": ["a@1.0.0", "", { "dependencies": { "b": 1 } }, "x"]', '"b": ["b@1.0.0", "", {}, "x"]'],
    ],
    [
      'a list that is not an object',
      ['"a": ["a@1.0.0", "", { "dependencies": ["b"] }, "x"]', '"b": ["b@1.0.0", "", {}, "x"]'],
    ],
    ['a registry that is not a string', ['"a": ["a@1.0.0", {}, {}, "x"]', '"b": ["b@1.0.0", "", {}, "x"]']],
    ['a registry of its own', ['"a": ["a@1.0.0", "https://r.example/", {}, "x"]', '"b": ["b@1.0.0"]']],
    ['info objects in two places', ['"a": ["a@github:x/a#1", {}, {}]', '"b": ["b@1.0.0", "", {}, "x"]']],
    ['an info string', ['"a": ["a@github:x/a#1", "x"]', '"b": ["b@1.0.0", "", {}, "x"]']],
    ['a tuple that is empty', ['"a": []', '"b": ["b@1.0.0", "", {}, "x"]']],
    ['a tuple that is an object', ['"a": { "x": 1 }', '"b": ["b@1.0.0", "", {}, "x"]']],
    [
      'a root package',
      [
        '"app": ["app@root:", { "dependencies": { "a": "1" } }]',
        '"a": ["a@1.0.0", "", { "dependencies": { "app": "1" } }, "x"]',
        '"b": ["b@1.0.0"]',
      ],
    ],
    ['a missing workspace dependency', ['"a": ["a@1.0.0", "", {}, "x"]']],
    [
      'nested copies and odd keys',
      [
        '"a": ["a@1.0.0", "", { "dependencies": { "b": "2", "@s/c": "1", "c/d": "1" } }, "x"]',
        '"b": ["b@1.0.0", "", {}, "x"]',
        '"a/b": ["b@2.0.0", "", { "dependencies": { "a": "1" } }, "x"]',
        '"a/@s/c": ["@s/c@1.0.0", "", { "dependencies": { "b": "1" } }, "x"]',
        '"a/c/d": ["d@1.0.0"]',
        '"/x": ["x@1.0.0"]',
        '"a//b": ["b@3.0.0"]',
        '"@s/c/b": ["b@4.0.0"]',
      ],
    ],
    ['an unknown resolution', ['"a": ["a@latest", "", {}, "x"]', '"b": ["b@1.0.0", "", {}, "x"]']],
    [
      'a control character in a string',
      ['"a": ["a@1.0.0", "", {}, "x\ty"]', '"b": ["b@1.0.0", "", {}, "x"]'],
    ],
  ])('agrees with the tree reader on %s', (_what, entries) => {
    expectSame(lockfile(entries));
  });

  it('agrees with the tree reader on mutated and truncated lockfiles', () => {
    const seeds = [...texts.map(([, text]) => text), generateBunLock(4_000, 3)];
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.nat(4),
            fc.oneof(
              fc.constantFrom(
                '',
                ',',
                '[',
                ']',
                '{',
                '}',
                '"',
                '//',
                '/*',
                '*/',
                '\\',
                '@',
                '/',
                '\n',
                ' ',
                '1',
                'a/',
              ),
              fc.constantFrom(
                '"x": ["x@1.0.0"],',
                '"dependencies": { "a": "1" }, ',
                '"optionalPeers": ["a"], ',
                '\t',
                '\r\n',
              ),
              fc.string({ maxLength: 6 }),
            ),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        (seed, edits, truncate) => {
          let text = seed;
          for (const [at, remove, insert] of edits) {
            const cut = Math.floor(at * text.length);
            text = text.slice(0, cut) + insert + text.slice(cut + remove);
          }
          if (truncate) text = text.slice(0, Math.floor(edits[0]![0] * text.length));
          expectSame(text);
        },
      ),
      { numRuns: 1500, seed: 20260611 },
    );
  });
});
