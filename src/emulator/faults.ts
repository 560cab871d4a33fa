/** Kinds of trouble the emulator can make on purpose, for tests of clients. */
export type FaultKind =
  | 'status'
  | 'rate-limit'
  | 'latency'
  | 'truncate'
  | 'malformed'
  | 'wrong-shape'
  | 'repeat-cursor'
  | 'endless'
  | 'reset';

export const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'rate-limit',
  'latency',
  'truncate',
  'malformed',
  'wrong-shape',
  'repeat-cursor',
  'endless',
  'reset',
];

/**
 * One fault rule. It applies to the requests its `method` and `route` match, `times` times (absent:
 * to all of them), and can be set when the emulator starts or at runtime (`POST /__emulator/faults`).
 *
 * - `status`: answer `status` (429, 500, 503...) with `{"error"}` and `Retry-After: retryAfter`.
 * - `rate-limit`: let `limit` requests through per `windowMs`, answer the rest 429 with the seconds
 *   until the window ends in `Retry-After`.
 * - `latency`: wait `latencyMs` (through the injected sleep) before answering.
 * - `truncate`, `malformed`, `wrong-shape`: a 200 whose body is cut in half, is not JSON, or has
 *   strings where arrays and objects belong.
 * - `repeat-cursor`: every page carries the same cursor and `hasMore: true`.
 * - `endless`: the listing never ends: every page carries a fresh cursor and `hasMore: true`.
 * - `reset`: no answer at all; the node server destroys the connection.
 */
export interface FaultRule {
  kind: FaultKind;
  /**
   * Which paths: a prefix (`/api/v1/deployments/1234/dependencies`), a pattern where `*` stands for one
   * path segment and which must match the whole path (`/api/v1/deployments/*\/secrets`), or a regular
   * expression starting with `^`. Absent: every route.
   */
  route?: string;
  /** Only requests of this method; absent: every method. */
  method?: string;
  /** For `status`: the status to answer. */
  status?: number;
  /** For `status`: the Retry-After value, seconds or an HTTP date. */
  retryAfter?: string;
  /** For `latency`: added milliseconds. */
  latencyMs?: number;
  /** For `rate-limit`: requests allowed per window. */
  limit?: number;
  /** For `rate-limit`: the window, in milliseconds (default 1000). */
  windowMs?: number;
  /** How many requests it applies to; absent: all of them. */
  times?: number;
}

/** Checks rules from a user or the admin API; returns every problem, each naming its field. */
export function validateFaultRules(value: unknown): { rules: FaultRule[]; problems: string[] } {
  const problems: string[] = [];
  if (!Array.isArray(value)) return { rules: [], problems: ['faults must be an array of rules'] };
  const rules: FaultRule[] = [];
  value.forEach((raw: unknown, i) => {
    const at = `faults[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${at} must be an object`);
      return;
    }
    const r = raw as Record<string, unknown>;
    if (typeof r.kind !== 'string' || !FAULT_KINDS.includes(r.kind as FaultKind)) {
      problems.push(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
      return;
    }
    const rule: FaultRule = { kind: r.kind as FaultKind };
    const known = new Set([
      'kind',
      'route',
      'method',
      'status',
      'retryAfter',
      'latencyMs',
      'limit',
      'windowMs',
      'times',
    ]);
    for (const key of Object.keys(r)) if (!known.has(key)) problems.push(`${at}.${key} is not a rule field`);
    if (r.route !== undefined) {
      if (typeof r.route !== 'string') problems.push(`${at}.route must be a string`);
      else if (compileRoute(r.route) === null) problems.push(`${at}.route is not a valid regular expression`);
      else rule.route = r.route;
    }
    if (r.method !== undefined) {
      if (typeof r.method !== 'string' || !/^[A-Za-z]+$/.test(r.method))
        problems.push(`${at}.method must be an HTTP method`);
      else rule.method = r.method.toUpperCase();
    }
    const integer = (
      key: 'status' | 'latencyMs' | 'limit' | 'windowMs' | 'times',
      min: number,
      max: number,
    ) => {
      const v = r[key];
      if (v === undefined) return;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
        problems.push(`${at}.${key} must be an integer from ${min} to ${max}`);
      else rule[key] = v;
    };
    integer('status', 400, 599);
    integer('latencyMs', 0, 600_000);
    integer('limit', 0, 1_000_000);
    integer('windowMs', 1, 86_400_000);
    integer('times', 1, 1_000_000_000);
    if (rule.kind === 'status' && rule.status === undefined && r.status === undefined)
      problems.push(`${at}.status is required for kind status`);
    if (rule.kind === 'rate-limit' && r.limit === undefined)
      problems.push(`${at}.limit is required for kind rate-limit`);
    if (r.retryAfter !== undefined) {
      if (typeof r.retryAfter === 'number' && Number.isInteger(r.retryAfter) && r.retryAfter >= 0)
        rule.retryAfter = String(r.retryAfter);
      else if (typeof r.retryAfter === 'string' && r.retryAfter.trim() !== '' && !/[\r\n]/.test(r.retryAfter))
        rule.retryAfter = r.retryAfter.trim();
      else problems.push(`${at}.retryAfter must be seconds or an HTTP date`);
    }
    rules.push(rule);
  });
  return { rules, problems };
}

/**
 * A route pattern as a regular expression over the path: undefined for a plain prefix, null for a
 * regular expression that does not compile.
 */
function compileRoute(route: string): RegExp | undefined | null {
  if (!route.startsWith('^') && !route.includes('*')) return undefined;
  try {
    if (route.startsWith('^')) return new RegExp(route);
    const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${escaped.replace(/\*/g, '[^/]+')}$`);
  } catch {
    return null;
  }
}

interface LiveRule {
  rule: FaultRule;
  pattern: RegExp | undefined | null;
  windowStart: number;
  windowCount: number;
}

/** The live rules: each application spends one of its `times`. Replaced whole at runtime. */
export class FaultSet {
  private rules: LiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({
      rule: { ...rule, ...(rule.method === undefined ? {} : { method: rule.method.toUpperCase() }) },
      pattern: rule.route === undefined ? undefined : compileRoute(rule.route),
      windowStart: Number.NEGATIVE_INFINITY,
      windowCount: 0,
    }));
  }

  /** The rules as they stand (with what is left of their `times`). */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r.rule }));
  }

  /** Takes the first rule of one of `kinds` that applies to this request, spending one of its `times`. */
  take(method: string, path: string, kinds: readonly FaultKind[]): FaultRule | undefined {
    for (const live of this.rules) {
      const { rule } = live;
      if (!kinds.includes(rule.kind) || !applies(live, method, path)) continue;
      if (rule.times !== undefined) {
        if (rule.times <= 0) continue;
        rule.times--;
      }
      return rule;
    }
    return undefined;
  }

  /**
   * Counts this request against the rate-limit rules that apply; when one is over its limit, the
   * seconds until its window ends (at least 1).
   */
  rateLimit(method: string, path: string, nowMs: number): number | undefined {
    for (const live of this.rules) {
      const { rule } = live;
      if (rule.kind !== 'rate-limit' || !applies(live, method, path)) continue;
      if (rule.times !== undefined && rule.times <= 0) continue;
      const windowMs = rule.windowMs ?? 1000;
      if (nowMs >= live.windowStart + windowMs || nowMs < live.windowStart) {
        live.windowStart = nowMs;
        live.windowCount = 0;
      }
      live.windowCount++;
      if (live.windowCount > (rule.limit ?? 0)) {
        if (rule.times !== undefined) rule.times--;
        return Math.max(1, Math.ceil((live.windowStart + windowMs - nowMs) / 1000));
      }
    }
    return undefined;
  }
}

function applies(live: LiveRule, method: string, path: string): boolean {
  const { rule, pattern } = live;
  if (rule.method !== undefined && rule.method !== method) return false;
  if (rule.route === undefined) return true;
  // A pattern that does not compile (possible only for rules that skipped validation) matches nothing.
  if (pattern === null) return false;
  return pattern === undefined ? path.startsWith(rule.route) : pattern.test(path);
}

/** Header on a response the node server must answer by destroying the connection. */
export const RESET_HEADER = 'x-emulator-reset';

/** The handler's way to say "reset the connection": a response no server may send as it is. */
export function resetResponse(): Response {
  return new Response(null, { status: 599, headers: { [RESET_HEADER]: '1' } });
}

export function isResetResponse(response: Response): boolean {
  return response.headers.get(RESET_HEADER) !== null;
}
