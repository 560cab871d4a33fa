import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { assertNoConflictMarkers } from '../../src/lockfiles/syntax/text.js';

/** The line git's conflict markers stand on, as the plain rule says: a line that opens with one. */
function markerLine(text: string): number | undefined {
  const index = text.split('\n').findIndex((line) => /^(<{7}|={7}|>{7}|\|{7})( |\r|$)/.test(line));
  return index === -1 ? undefined : index + 1;
}

function refusedAt(text: string): number | undefined {
  try {
    assertNoConflictMarkers('lockfile', text);
    return undefined;
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    expect(error.reason).toMatch(/merge conflict marker/);
    return error.line;
  }
}

describe('conflict markers', () => {
  it.each([
    ['<<<<<<< HEAD\na\n=======\nb\n>>>>>>> branch\n', 1],
    ['a: 1\n<<<<<<< HEAD\n', 2],
    ['a: 1\n=======\n', 2],
    ['a: 1\r\n>>>>>>>\r\n', 2],
    ['a\n||||||| base\n', 2],
    ['a\n=======', 2],
    ['a\n========\n', undefined],
    ['a\n <<<<<<< HEAD\n', undefined],
    ['a <<<<<<< b\n', undefined],
    ['<<<<<<<x\n', undefined],
    ['a\n>>>>>>>x\n=======\n', 3],
  ])('find %j at line %s', (text, line) => {
    expect(refusedAt(text)).toBe(line);
  });

  it('are found on the first line that opens with one, in any text', () => {
    const piece = fc.constantFrom('<<<<<<<', '=======', '>>>>>>>', '|||||||', '<', '=', ' ', '\n', '\r', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(refusedAt(text)).toBe(markerLine(text));
      }),
      { numRuns: 2000 },
    );
  });
});
