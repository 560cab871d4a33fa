import type { PackageRule, Policy, PolicyException } from '../../src/policy/index.js';

/** A policy built in code, every default as the policy file's, for tests of the gate alone. */
export function buildPolicy(
  over: Partial<Omit<Policy, 'deny' | 'exceptions'>> & {
    deny?: Omit<PackageRule, 'index' | 'at'>[];
    exceptions?: Omit<PolicyException, 'index' | 'at'>[];
  } = {},
): Policy {
  const { deny = [], exceptions = [], ...rest } = over;
  return {
    source: 'test-policy.yml',
    licenses: { unknown: 'ignore' },
    newToOrg: 'off',
    preExisting: 'report',
    paths: { include: ['**'], exclude: [] },
    ...rest,
    deny: deny.map((r, index) => ({ ...r, index, at: { line: 2 + index, column: 5 } })),
    exceptions: exceptions.map((e, index) => ({ ...e, index, at: { line: 20 + index, column: 5 } })),
  };
}
