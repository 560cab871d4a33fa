// `depgate audit`: the whole organization against the policy, streamed from the platform's listing.
export { AUDIT_PAGE, AuditSetupError, runAudit, type AuditOptions } from './run-audit.js';
export { tagProjects, type TagOptions } from './tag-projects.js';
export {
  auditSummary,
  CSV_HEADER,
  renderAuditCsv,
  renderAuditCsvChunks,
  renderAuditJsonChunks,
  renderAuditSarif,
  renderAuditSarifChunks,
  SARIF_MAX_RESULTS_PER_RUN,
  renderAuditText,
  renderAuditTextChunks,
} from './render.js';
export {
  isStreamedRepositories,
  memorySpill,
  type AuditRepositories,
  type AuditSpill,
  type AuditRepositorySummary,
} from './violation-store.js';
export type * from './types.js';
