// The colour rule of the text output: NO_COLOR, then FORCE_COLOR, then a terminal that is not dumb.
import { describe, expect, it } from 'vitest';
import { shouldColor } from '../../src/cli/color.js';

describe('shouldColor', () => {
  it.each<[Record<string, string>, boolean, boolean]>([
    [{}, true, true],
    [{}, false, false],
    [{ TERM: 'dumb' }, true, false],
    [{ TERM: 'xterm-256color' }, true, true],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true], // an empty NO_COLOR is unset (no-color.org)
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: '3', TERM: 'dumb' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
  ])('%j on a terminal: %s -> %s', (env, isTty, expected) => {
    expect(shouldColor(env, isTty)).toBe(expected);
  });
});
