import { describe, expect, it } from 'vitest';
import { AuditSetupError } from '../../src/audit/index.js';
import { GitError } from '../../src/cli/git.js';
import { UsageError } from '../../src/cli/io.js';
import { isUserError, type UserError } from '../../src/domain/index.js';
import { SetupError, describeFailure } from '../../src/edge-shared/index.js';
import { DatasetError } from '../../src/emulator/load-dataset.js';
import { LockfileError } from '../../src/lockfiles/index.js';
import { PolicyError } from '../../src/policy/index.js';
import { RulesError } from '../../src/relay/rules-file.js';
import { StoreSetupError } from '../../src/relay/serverless.js';

describe('the user errors', () => {
  const family: [UserError, string][] = [
    [new UsageError('--format must be text'), 'usage'],
    [new GitError('git is not installed'), 'git'],
    [new SetupError('api-token is empty'), 'setup'],
    [new PolicyError('.github/depgate.yml', [{ line: 1, column: 1, path: '', message: 'bad' }]), 'policy'],
    [new LockfileError('package-lock.json', 'truncated', { line: 3 }), 'lockfile'],
    [new RulesError('rules.yml', [{ line: 2, message: 'bad' }]), 'rules'],
    [new DatasetError('data.json', ['deployments[0].id is required']), 'dataset'],
    [new StoreSetupError('set REDIS_URL'), 'store-setup'],
    [new AuditSetupError('acme/nope is not a repository the platform lists'), 'usage'],
  ];

  it.each(family)(
    '%s is one of the family, of its kind, exit 2, sorted as the user’s to fix',
    (error, kind) => {
      expect(isUserError(error)).toBe(true);
      expect(error.kind).toBe(kind);
      expect(error.exitCode).toBe(2);
      expect(isUserError(error, error.kind)).toBe(true);
      expect(describeFailure(error)?.kind).toBe('config');
    },
  );

  it('tells the kinds apart, and recognises a copy from another bundle by its brand', () => {
    expect(isUserError(new SetupError('x'), 'policy', 'rules')).toBe(false);
    expect(isUserError(new Error('x'))).toBe(false);
    expect(isUserError(undefined)).toBe(false);
    const foreign = Object.assign(new Error('from another bundle'), {
      [Symbol.for('depgate.UserError')]: true,
      kind: 'setup',
      exitCode: 2,
    });
    expect(isUserError(foreign, 'setup')).toBe(true);
  });
});
