import type { Notification } from '../core/index.js';
import type { Destination } from './types.js';

/** The platform's severities (info, warning, error) ranked beside the usual finding scale. */
const SEVERITY_RANK: Record<string, number> = {
  info: 0,
  low: 1,
  warning: 2,
  medium: 2,
  high: 3,
  error: 3,
  critical: 4,
};

/** One routing rule: every field given must match; the notification goes to every destination listed. */
export interface RouteRule {
  severity?: string[];
  atLeast?: string;
  adminOnly?: boolean;
  status?: string[];
  titlePattern?: RegExp;
  linkPattern?: RegExp;
  to: Destination[];
}

function severityRank(severity: string): number {
  return SEVERITY_RANK[severity.toLowerCase().replace(/^severity_/, '')] ?? -1;
}

export function matchesRoute(n: Notification, rule: RouteRule): boolean {
  if (rule.severity !== undefined && !rule.severity.some((s) => s.toLowerCase() === n.severity.toLowerCase()))
    return false;
  if (rule.atLeast !== undefined && severityRank(n.severity) < severityRank(rule.atLeast)) return false;
  if (rule.adminOnly !== undefined && n.adminOnly !== rule.adminOnly) return false;
  if (rule.status !== undefined && !rule.status.some((s) => s.toLowerCase() === n.status.toLowerCase()))
    return false;
  if (rule.titlePattern !== undefined && !rule.titlePattern.test(`${n.title}\n${n.description}`))
    return false;
  if (rule.linkPattern !== undefined && !rule.linkPattern.test(n.link)) return false;
  return true;
}

/** Every destination of every matching rule, each once. */
export function routeNotification(n: Notification, rules: readonly RouteRule[]): Destination[] {
  const out: Destination[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!matchesRoute(n, rule)) continue;
    for (const d of rule.to) {
      const key = JSON.stringify(d);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(d);
      }
    }
  }
  return out;
}
