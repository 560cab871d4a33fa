import { z } from 'zod';

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

const ruleInteger = (min: number, max: number) => {
  const error = `must be an integer from ${min} to ${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error }).optional();
};

/** One rule's fields. `kind` is checked first, alone: a rule of no known kind has no other fields. */
const ruleSchema = z
  .strictObject({
    kind: z.enum(FAULT_KINDS as unknown as readonly [FaultKind, ...FaultKind[]]),
    route: z
      .string({ error: 'must be a string' })
      .refine((route) => compileRoute(route) !== null, { error: 'is not a valid regular expression' })
      .optional(),
    method: z
      .string({ error: 'must be an HTTP method' })
      .regex(/^[A-Za-z]+$/, { error: 'must be an HTTP method' })
      .transform((method) => method.toUpperCase())
      .optional(),
    status: ruleInteger(400, 599),
    latencyMs: ruleInteger(0, 600_000),
    limit: ruleInteger(0, 1_000_000),
    windowMs: ruleInteger(1, 86_400_000),
    times: ruleInteger(1, 1_000_000_000),
    // Seconds or an HTTP date, on one line: it becomes a header.
    retryAfter: z
      .union(
        [
          z.int().min(0).transform(String),
          z
            .string()
            .refine((v) => v.trim() !== '' && !/[\r\n]/.test(v))
            .transform((v) => v.trim()),
        ],
        { error: 'must be seconds or an HTTP date' },
      )
      .optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === 'status' && rule.status === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required for kind status' });
    if (rule.kind === 'rate-limit' && rule.limit === undefined)
      ctx.addIssue({ code: 'custom', path: ['limit'], message: 'is required for kind rate-limit' });
  });

/** Checks rules from a user or the admin API; returns every problem, each naming its field. */
export function validateFaultRules(value: unknown): { rules: FaultRule[]; problems: string[] } {
  if (!Array.isArray(value)) return { rules: [], problems: ['faults must be an array of rules'] };
  const problems: string[] = [];
  const rules: FaultRule[] = [];
  value.forEach((raw: unknown, i) => {
    const at = `faults[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${at} must be an object`);
      return;
    }
    const kind = (raw as Record<string, unknown>).kind;
    if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind as FaultKind)) {
      problems.push(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
      return;
    }
    const parsed = ruleSchema.safeParse(raw);
    if (parsed.success) {
      const rule: FaultRule = { kind: parsed.data.kind };
      for (const [key, v] of Object.entries(parsed.data))
        if (v !== undefined) Object.assign(rule, { [key]: v });
      rules.push(rule);
      return;
    }
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys')
        for (const key of issue.keys) problems.push(`${at}.${key} is not a rule field`);
      else problems.push(`${at}.${issue.path.join('.')} ${issue.message}`);
    }
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
