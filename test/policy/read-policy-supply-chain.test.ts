import { describe, expect, it } from 'vitest';
import {
  hasRules,
  isPolicyError,
  parseReleaseAge,
  readPolicy,
  type PolicyProblem,
} from '../../src/policy/index.js';

function problems(yaml: string): string[] {
  try {
    readPolicy(yaml, 'depgate.yml');
  } catch (error) {
    if (isPolicyError(error))
      return error.problems.map((p: PolicyProblem) => `${p.line}:${p.column} ${p.path}: ${p.message}`);
    throw error;
  }
  throw new Error('the policy was read without a mistake');
}

describe('the supplyChain key', () => {
  it('is off when the policy does not write it', () => {
    expect(readPolicy('newToOrg: warn\n', 'p.yml').supplyChain).toBeUndefined();
  });

  it('turns every signal on with its default when written empty', () => {
    const policy = readPolicy('supplyChain:\n', 'p.yml');
    expect(policy.supplyChain).toEqual({
      minimumReleaseAge: '1d',
      minimumReleaseAgeMinutes: 1440,
      minimumReleaseAgeExclude: [],
      installScripts: 'warn',
      allowScripts: [],
      provenance: 'warn',
      deprecated: 'warn',
      typosquat: 'warn',
      onError: 'fail',
      at: { line: 1, column: 1 },
    });
    expect(hasRules(policy)).toBe(true);
  });

  it('reads the keys the issue names, exactly', () => {
    const policy = readPolicy(
      [
        'supplyChain:',
        '  minimumReleaseAge: 72h',
        '  minimumReleaseAgeExclude: ["@acme/*"]',
        '  installScripts: fail',
        '  allowScripts: [esbuild, sharp]',
        '  provenance: fail',
        '  deprecated: off',
        '  typosquat: warn',
        '  onError: warn',
        '',
      ].join('\n'),
      'p.yml',
    );
    expect(policy.supplyChain).toMatchObject({
      minimumReleaseAge: '72h',
      minimumReleaseAgeMinutes: 4320,
      minimumReleaseAgeExclude: ['@acme/*'],
      installScripts: 'fail',
      allowScripts: ['esbuild', 'sharp'],
      provenance: 'fail',
      deprecated: 'off',
      typosquat: 'warn',
      onError: 'warn',
    });
  });

  it.each([
    ['3d', 4320],
    ['72h', 4320],
    ['90m', 90],
    ['0', 0],
    [4320, 4320],
    ['3 d', 4320],
  ] as const)('reads the release age %s as %i minutes', (written, minutes) => {
    expect(parseReleaseAge(written)).toBe(minutes);
  });

  it('reads a bare number as minutes, as pnpm does', () => {
    expect(readPolicy('supplyChain: { minimumReleaseAge: 1440 }\n', 'p.yml').supplyChain).toMatchObject({
      minimumReleaseAge: '1440',
      minimumReleaseAgeMinutes: 1440,
    });
  });

  it('counts a policy of warnings without a cooldown as no rule that can block', () => {
    expect(hasRules(readPolicy('supplyChain: { minimumReleaseAge: 0 }\n', 'p.yml'))).toBe(false);
  });

  it('lists every mistake in the key at its line', () => {
    expect(
      problems(
        [
          'supplyChain:',
          '  minimumReleaseAge: 3 weeks',
          '  minimumReleaseAgeExclude: ["@acme/*"]',
          '  installScripts: block',
          '  allowScripts: esbuild',
          '  onError: ignore',
          '  typosquats: warn',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      `2:22 supplyChain.minimumReleaseAge: "3 weeks" is not a release age: write days (3d), hours (72h) or a whole number of minutes (4320), as pnpm's minimumReleaseAge`,
      '4:19 supplyChain.installScripts: "block" is not one of: off, warn, fail',
      '5:17 supplyChain.allowScripts: expected a list, got "esbuild"',
      '6:12 supplyChain.onError: "ignore" is not one of: fail, warn',
      '7:3 supplyChain.typosquats: unknown key "typosquats" (did you mean "typosquat"?); allowed: minimumReleaseAge, minimumReleaseAgeExclude, installScripts, allowScripts, provenance, deprecated, typosquat, onError',
    ]);
  });

  it('refuses a negative or fractional number of minutes', () => {
    expect(problems('supplyChain: { minimumReleaseAge: -5 }\n')[0]).toContain('is not a release age');
    expect(problems('supplyChain: { minimumReleaseAge: 1.5 }\n')[0]).toContain('is not a release age');
  });
});
