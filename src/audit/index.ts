// `depgate audit`: the whole organization against the policy, streamed from the platform's listing.
export { AUDIT_PAGE, AuditSetupError, runAudit, type AuditOptions } from './run-audit.js';
export { tagProjects, type TagOptions } from './tag-projects.js';
export {
  auditSummary,
  CSV_HEADER,
  renderAuditCsv,
  renderAuditJsonChunks,
  renderAuditSarif,
  SARIF_MAX_RESULTS_PER_RUN,
  renderAuditText,
} from './render.js';
export type * from './types.js';
