export { matchesDependencyFilter, type MatchableDependency } from './match-dependency.js';
export { matchesPackageFilter, type MatchablePackage } from './match-package.js';
export type * from './types.js';
export { ADVISORY_SOURCE_NAMES, SEVERITY_THRESHOLDS } from './types.js';
export { validateDependencyFilter, type FilterProblem } from './validate-filter.js';
export { licenseVerdict, type LicenseVerdict } from './license-verdict.js';
export {
  coversLockfile,
  matchesAnyGlob,
  matchesPackage,
  matchesRule,
  type MatchedPackage,
  type NameEquality,
  type RuleTarget,
} from './match-rule.js';
export { denyRulesFor } from './deny-rule-index.js';
export {
  DEFAULT_POLICY_PATH,
  defaultPolicy,
  defaultSources,
  isPolicyError,
  PolicyError,
  DEFAULT_MINIMUM_RELEASE_AGE,
  parseReleaseAge,
  readPolicy,
  type PolicyProblem,
} from './read-policy.js';
export { hasRules, noRulesMessage } from './has-rules.js';
