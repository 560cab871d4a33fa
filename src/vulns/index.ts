// Known vulnerabilities: where advisories come from (OSV's API, an offline OSV export) and how their
// records become depgate's Advisory values. The gate's judge (part 2) imports from here only.
export * from './types.js';
export { affects, entriesFor, readBound, smallestFix, type Fix, type Warn } from './affected.js';
export { mergeAdvisories, osvAdvisoryUrl } from './merge-advisories.js';
export { ecosystemOfOsv, osvEcosystem, osvPackageName, samePackage } from './osv-ecosystem.js';
export { OsvRecordError, readOsvRecord, type OsvRecord } from './osv-record.js';
export { OSV_BATCH_LIMIT, OSV_DEFAULT_URL, osvSource, type OsvSourceOptions } from './osv-source.js';
export { bandOfScore, cvssBaseScore, scoreVector, severityOf, type VectorScore } from './severity.js';
export { OsvDatabaseError, osvOfflineSource } from './osv-offline.js';
export { runPool } from './run-pool.js';
export { indexScaFindings, platformSource, type PlatformVersionFindings } from './platform-source.js';
