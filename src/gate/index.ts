export { applyExceptions, isExpired } from './apply-exceptions.js';
export { diffLockfile, type EntryChange } from './diff-lockfile.js';
export { lookupOrgUsage, type GatePlatform } from './org-usage.js';
export { denyRulesFilters, FILTERS_PER_REQUEST } from './deny-rules-filter.js';
export {
  choosePolicySide,
  describePolicyChange,
  type GateTrigger,
  type PolicySide,
  type PolicySideChoice,
  type PolicySideContext,
} from './policy-source.js';
export { runGate, type GateOptions } from './run-gate.js';
export { AdvisorySourceError, isAdvisorySourceError } from './advisory-source-error.js';
export {
  describeSourceError,
  judgeVulnerabilities,
  mergeAnswers,
  severityBlocks,
  sourceFailedNote,
  unsupportedNote,
  vulnerabilityFinding,
  vulnerabilityFixText,
  type GateAdvisorySource,
  type MergedAnswer,
  type UnavailableSource,
} from './judge-vulnerabilities.js';
export { evaluatePackage, findingOf, type Candidate } from './evaluate-package.js';
export { judgeSupplyChain, type SupplyChainInput, type SupplyChainOutcome } from './judge-supply-chain.js';
export { scriptAllowances, type ScriptAllowanceFiles } from './script-allowances.js';
export { shownPath } from './shown-path.js';
export type * from './types.js';
export {
  loadPolicy,
  policyChangeSinceFork,
  type LoadedPolicy,
  type PolicyChange,
  type PolicyFileEntry,
  type PolicyPlace,
} from './load-policy.js';
export { planComment, type CommentBodyKind, type CommentMode, type CommentPlan } from './plan-comment.js';
export { judgeTagFailure, type TagFailureOutcome } from './tag-failure.js';
export { inSettingTerms, type SettingNames } from './setting-names.js';
