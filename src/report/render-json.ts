import type { Report } from '../gate/index.js';

/** The report as JSON, schema version 1 (schema/report-v1.schema.json; fields in docs/report.md). */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
