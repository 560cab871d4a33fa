import { describe, expect, it } from 'vitest';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { readLockfile } from '../../src/lockfiles/index.js';
import { firstJsonError, parseJsonLockfile } from '../../src/lockfiles/syntax/json-lines.js';

const SAMPLE = `{
  "name": "app",
  "lockfileVersion": 3,
  "packages": {
    "": { "name": "app", "dependencies": { "a": "^1.0.0" } },
    "node_modules/a": { "version": "1.0.0", "resolved": "https://registry.npmjs.org/a/-/a-1.0.0.tgz", "tags": [1, 2.5e3, true, null, "x\\u0041"] }
  }
}
`;

function refusal(text: string) {
  try {
    parseJsonLockfile('package-lock.json', text);
  } catch (error) {
    if (isLockfileError(error)) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('JSON errors name the line and column, never the bytes', () => {
  it('says where a broken lockfile goes wrong without quoting it (a secret stays out of logs)', () => {
    const error = refusal('{\n  "name": "app",\n  "env": "X=SUPERSECRET123" oops\n}\n');
    expect(error.message).not.toContain('SUPERSECRET');
    expect(error.message).not.toContain('oops');
    expect([error.line, error.column]).toEqual([3, 29]);
    expect(error.reason).toBe('not valid JSON: expected "," or "}" after a value');
    const read = (() => {
      try {
        readLockfile('package-lock.json', '{"token": "ghp_SECRET', {});
      } catch (e) {
        return e as Error;
      }
    })()!;
    expect(read.message).not.toContain('ghp_SECRET');
    expect(read.message).toMatch(/package-lock\.json:1:22: not valid JSON: the text ends inside a string/);
  });

  it('finds the same place JSON.parse stops at, for every one-character cut and insertion of a lockfile', () => {
    let compared = 0;
    for (let i = 0; i < SAMPLE.length; i++) {
      for (const broken of [
        SAMPLE.slice(0, i) + SAMPLE.slice(i + 1),
        `${SAMPLE.slice(0, i)}}${SAMPLE.slice(i)}`,
      ]) {
        let position: number | undefined;
        try {
          JSON.parse(broken);
          continue;
        } catch (error) {
          const at = /position (\d+)/.exec((error as Error).message);
          position = at === null ? undefined : Number(at[1]);
        }
        const found = firstJsonError(broken);
        expect(found.reason).not.toBe('nothing is wrong');
        // Node 20 says where it stopped; newer Node does not, and then only the refusal is compared.
        if (position !== undefined && !/ends inside/.test(found.reason)) {
          expect(found.offset, JSON.stringify(broken)).toBe(position);
          compared++;
        }
      }
    }
    if (process.versions.node.startsWith('20.')) expect(compared).toBeGreaterThan(100);
  });

  it('reads what JSON.parse reads: a byte-order mark, deep nesting, and empty containers', () => {
    expect(firstJsonError(`\ufeff{"a": [], "b": {}, "c": [[[]]]}`).reason).toBe('nothing is wrong');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(firstJsonError(deep).reason).toBe('nothing is wrong');
    expect(firstJsonError('{"a": 1,}').reason).toBe('expected a quoted key');
    expect(firstJsonError('[1,]').reason).toBe('an unexpected character where a value belongs');
  });
});
