import type { Notification } from '../core/index.js';
import { safeLink } from './safe-link.js';
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
  /** One message per destination per run, listing every notification of this route, instead of one each. */
  digest?: boolean;
}

/** A destination a notification goes to, and whether it goes in that destination's digest. */
export interface Routed {
  destination: Destination;
  digest: boolean;
}

/** The path of an http(s) link as written: after the authority, before any `?` or `#`. */
const rawPath = (link: string): string | undefined =>
  /^https?:\/\/[^/?#]*(\/[^?#]*)?/i.exec(link)?.[1] ?? '/';

/**
 * The pull request or issue a notification links to: `https://HOST/OWNER/REPO/pull/N` (or `/issues/N`,
 * `/pull/N/files`, ...) on github.com or on `githubHost` (GitHub Enterprise Server). The path must be
 * that as written: the URL parser resolves `..`, `.`, `%2e%2e` and backslashes, so
 * `/acme/web/../../victim/private/pull/1` (which a rule's link pattern for acme/web matches) would
 * otherwise choose another repository; a link whose path the parser changes links nowhere.
 */
export function linkedIssue(
  link: string,
  githubHost = 'github.com',
): { repository: string; number: number } | undefined {
  // Parsed as the formatters show it: a link with whitespace or control characters links nowhere.
  const href = safeLink(link);
  if (href === undefined) return undefined;
  const url = new URL(href);
  if (url.hostname !== 'github.com' && url.hostname !== githubHost) return undefined;
  if (rawPath(link) !== url.pathname) return undefined;
  const m = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/(?:pull|issues)\/([1-9][0-9]{0,9})(?:[/?#]|$)/.exec(
    url.pathname,
  );
  return m ? { repository: `${m[1]}/${m[2]}`, number: Number(m[3]) } : undefined;
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

/**
 * Every destination of every matching rule, each once (the first rule that names it decides digest or
 * not). A GitHub destination "linked" becomes the PR or issue the notification links to, and is left out
 * for a notification that links to none.
 */
export function routeNotification(
  n: Notification,
  rules: readonly RouteRule[],
  options: { githubHost?: string } = {},
): Routed[] {
  const out: Routed[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!matchesRoute(n, rule)) continue;
    for (const given of rule.to) {
      let d = given;
      if (d.kind === 'github' && d.repository === undefined) {
        const linked = linkedIssue(n.link, options.githubHost);
        if (linked === undefined) continue;
        d = { kind: 'github', ...linked };
      }
      const key = JSON.stringify(d);
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ destination: d, digest: rule.digest === true });
      }
    }
  }
  return out;
}
