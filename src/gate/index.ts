export { applyExceptions, isExpired } from './apply-exceptions.js';
export { diffLockfile, type EntryChange } from './diff-lockfile.js';
export { denyRulesFilter, lookupOrgUsage, FILTERS_PER_REQUEST, type GatePlatform } from './org-usage.js';
export { runGate, type GateOptions } from './run-gate.js';
export type * from './types.js';
