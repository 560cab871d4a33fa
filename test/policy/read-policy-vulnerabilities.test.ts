import { describe, expect, it } from 'vitest';
import { hasRules, isPolicyError, readPolicy, type PolicyProblem } from '../../src/policy/index.js';

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

describe('the vulnerabilities key', () => {
  it('is off when the policy does not write it', () => {
    expect(readPolicy('newToOrg: warn\n', 'p.yml').vulnerabilities).toBeUndefined();
  });

  it('turns the check on with every default when written empty', () => {
    const policy = readPolicy('vulnerabilities:\n', 'p.yml');
    expect(policy.vulnerabilities).toEqual({
      failOn: 'high',
      sources: ['osv'],
      onError: 'fail',
      at: { line: 1, column: 1 },
    });
    expect(hasRules(policy)).toBe(true);
  });

  it('reads a threshold, the sources and what to do when a source cannot answer', () => {
    const policy = readPolicy(
      'preExisting: fail\nvulnerabilities:\n  failOn: moderate\n  sources: [osv, platform]\n  onError: warn\n',
      'p.yml',
    );
    expect(policy.vulnerabilities).toEqual({
      failOn: 'moderate',
      sources: ['osv', 'platform'],
      onError: 'warn',
      at: { line: 2, column: 1 },
    });
  });

  it('counts failOn: none as no rule that can block', () => {
    expect(hasRules(readPolicy('vulnerabilities: { failOn: none }\n', 'p.yml'))).toBe(false);
  });

  it('lists every mistake in the key at its line', () => {
    expect(
      problems(
        'vulnerabilities:\n  failOn: severe\n  sources: [osv, nvd, osv]\n  onError: ignore\n  failon: high\n',
      ),
    ).toEqual([
      '2:11 vulnerabilities.failOn: "severe" is not one of: none, low, moderate, high, critical',
      '3:18 vulnerabilities.sources[1]: "nvd" is not one of: osv, platform',
      '3:23 vulnerabilities.sources[2]: "osv" is listed twice',
      '4:12 vulnerabilities.onError: "ignore" is not one of: fail, warn',
      '5:3 vulnerabilities.failon: unknown key "failon" (did you mean "failOn"?); allowed: failOn, sources, onError',
    ]);
  });

  it('refuses an empty source list and a mapping in place of the key', () => {
    expect(problems('vulnerabilities:\n  sources: []\n')).toEqual([
      '2:12 vulnerabilities.sources: must not be empty',
    ]);
    expect(problems('vulnerabilities: high\n')).toEqual([
      '1:18 vulnerabilities: expected a mapping, got "high"',
    ]);
  });
});

describe('exceptions by advisory', () => {
  it('reads an exception that names an advisory alone, or narrowed to a package', () => {
    const policy = readPolicy(
      `exceptions:
  - { advisory: GHSA-35jh-r3h4-6jhm, reason: not reachable, owner: "@web", expires: 2027-03-31 }
  - advisory: CVE-2021-23337
    name: lodash
    exactNameMatch: true
    reason: template unused
    owner: "@web"
    expires: 2027-03-31
`,
      'p.yml',
    );
    expect(policy.exceptions.map((e) => [e.advisory, e.name, e.index, e.at.line])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', undefined, 0, 2],
      ['CVE-2021-23337', 'lodash', 1, 3],
    ]);
  });

  it('refuses what is not an advisory id, and an exception with neither advisory nor package', () => {
    expect(
      problems(`exceptions:
  - { advisory: "lodash is fine", reason: r, owner: o, expires: 2027-01-01 }
  - { advisory: 2021, reason: r, owner: o, expires: 2027-01-01 }
  - { reason: r, owner: o, expires: 2027-01-01 }
`),
    ).toEqual([
      '2:17 exceptions[0].advisory: "lodash is fine" is not an advisory id: write one such as GHSA-xxxx-xxxx-xxxx, CVE-2021-23337, PYSEC-2021-1 or RUSTSEC-2021-0001',
      '3:17 exceptions[1].advisory: "2021" is not an advisory id: write one such as GHSA-xxxx-xxxx-xxxx, CVE-2021-23337, PYSEC-2021-1 or RUSTSEC-2021-0001',
      '4:5 exceptions[2]: the rule matches every package: give it a name, an exactVersion or version bounds',
    ]);
  });
});
