import type { Policy } from './types.js';

/**
 * Whether the policy has a rule that can block a change: a deny rule, a license allow or deny list,
 * `licenses.unknown: fail`, `newToOrg: fail` or `vulnerabilities` with a `failOn` other than none, or `supplyChain` with a cooldown or a signal at `fail`. An empty policy file (or one of warnings only) has none,
 * and the gate says so loudly rather than passing everything in silence.
 */
export function hasRules(policy: Policy): boolean {
  return (
    policy.deny.length > 0 ||
    policy.licenses.allow !== undefined ||
    policy.licenses.deny !== undefined ||
    policy.licenses.unknown === 'fail' ||
    policy.newToOrg === 'fail' ||
    (policy.vulnerabilities !== undefined && policy.vulnerabilities.failOn !== 'none') ||
    (policy.supplyChain !== undefined &&
      (policy.supplyChain.minimumReleaseAgeMinutes > 0 ||
        [
          policy.supplyChain.installScripts,
          policy.supplyChain.provenance,
          policy.supplyChain.deprecated,
          policy.supplyChain.typosquat,
        ].includes('fail')))
  );
}

/** What the gate says when a policy has no rule that can block. */
export function noRulesMessage(policy: Policy): string {
  const where = policy.source === 'default' ? 'no policy file' : policy.source;
  return `no rule is configured (${where}): nothing can block a change but the sources checks (a foreign host, a changed integrity); add deny rules, licenses or vulnerabilities (docs/policy.md)`;
}
