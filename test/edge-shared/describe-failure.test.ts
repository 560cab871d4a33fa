import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/index.js';
import { describeFailure, SetupError } from '../../src/edge-shared/index.js';
import { LockfileError } from '../../src/lockfiles/index.js';
import { readPolicy } from '../../src/policy/index.js';

const policyError = (() => {
  try {
    readPolicy('newToOrg: sometimes\n', '.github/depgate.yml');
  } catch (error) {
    return error;
  }
  throw new Error('the policy was expected to be refused');
})();

describe('describeFailure sorts what a gate run can raise', () => {
  it.each([
    [
      'a lockfile the reader refuses: config, with its file and line',
      new LockfileError('package-lock.json', 'unexpected token', { line: 4, column: 5 }),
      { kind: 'config', file: 'package-lock.json', line: 4 },
      /^package-lock\.json:4:5: unexpected token$/,
    ],
    ['a policy with mistakes: config', policyError, { kind: 'config' }, /newToOrg/],
    ['a setup problem: config', new SetupError('no token'), { kind: 'config' }, /^no token$/],
    [
      'a platform failure: platform, with its advice',
      new ApiError('unavailable', { kind: 'server', method: 'POST', path: '/api/v1/x', status: 503 }),
      { kind: 'platform' },
      /503 unavailable\n {2}hint: the platform had an internal error/,
    ],
  ] as const)('%s', (_, error, expected, message) => {
    const failure = describeFailure(error);
    expect(failure).toMatchObject(expected);
    expect(failure?.message).toMatch(message);
  });

  it('leaves anything else (a bug) to the caller', () => {
    expect(describeFailure(new TypeError('x is undefined'))).toBeUndefined();
  });
});
