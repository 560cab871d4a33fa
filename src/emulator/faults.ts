/** Kinds of trouble the emulator can make on purpose, for tests of clients. */
export type FaultKind =
  'status' | 'latency' | 'truncate' | 'malformed' | 'wrong-shape' | 'repeat-cursor' | 'endless' | 'reset';

export const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'latency',
  'truncate',
  'malformed',
  'wrong-shape',
  'repeat-cursor',
  'endless',
  'reset',
];

export interface FaultRule {
  kind: FaultKind;
  /** Path prefix the rule applies to (`/api/v1/deployments/1234/dependencies`); `^...` is a regular expression. Absent: every route. */
  route?: string;
  method?: string;
  /** For `status`: the status to answer (429, 500, 503...). */
  status?: number;
  /** For `status`: the Retry-After header value, seconds or an HTTP date. */
  retryAfter?: string;
  /** For `latency`: added milliseconds. */
  latencyMs?: number;
  /** How many requests it applies to; absent: all of them. */
  times?: number;
}

/** Checks rules coming from a user or the admin API; returns problems naming the field. */
export function validateFaultRules(value: unknown): { rules: FaultRule[]; problems: string[] } {
  const problems: string[] = [];
  if (!Array.isArray(value)) return { rules: [], problems: ['faults must be an array'] };
  const rules: FaultRule[] = [];
  value.forEach((raw: unknown, i) => {
    const at = `faults[${i}]`;
    if (typeof raw !== 'object' || raw === null) {
      problems.push(`${at} must be an object`);
      return;
    }
    const r = raw as Record<string, unknown>;
    if (typeof r.kind !== 'string' || !FAULT_KINDS.includes(r.kind as FaultKind)) {
      problems.push(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
      return;
    }
    const rule: FaultRule = { kind: r.kind as FaultKind };
    if (r.route !== undefined) {
      if (typeof r.route !== 'string') problems.push(`${at}.route must be a string`);
      else if (r.route.startsWith('^')) {
        try {
          new RegExp(r.route);
          rule.route = r.route;
        } catch {
          problems.push(`${at}.route is not a valid regular expression`);
        }
      } else rule.route = r.route;
    }
    if (r.method !== undefined) {
      if (typeof r.method !== 'string') problems.push(`${at}.method must be a string`);
      else rule.method = r.method.toUpperCase();
    }
    if (r.status !== undefined) {
      if (typeof r.status !== 'number' || !Number.isInteger(r.status) || r.status < 400 || r.status > 599)
        problems.push(`${at}.status must be an HTTP error status`);
      else rule.status = r.status;
    } else if (rule.kind === 'status') problems.push(`${at}.status is required for kind status`);
    if (r.retryAfter !== undefined) {
      if (typeof r.retryAfter !== 'string' && typeof r.retryAfter !== 'number')
        problems.push(`${at}.retryAfter must be seconds or an HTTP date`);
      else rule.retryAfter = String(r.retryAfter);
    }
    if (r.latencyMs !== undefined) {
      if (typeof r.latencyMs !== 'number' || r.latencyMs < 0)
        problems.push(`${at}.latencyMs must be a non-negative number`);
      else rule.latencyMs = r.latencyMs;
    }
    if (r.times !== undefined) {
      if (typeof r.times !== 'number' || !Number.isInteger(r.times) || r.times < 1)
        problems.push(`${at}.times must be a positive integer`);
      else rule.times = r.times;
    }
    rules.push(rule);
  });
  return { rules, problems };
}

/** The live set of rules; each application counts against `times`. */
export class FaultSet {
  private rules: FaultRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r }));
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Takes the first rule of one of `kinds` that applies to this request, spending one of its `times`. */
  take(method: string, path: string, kinds: readonly FaultKind[]): FaultRule | undefined {
    for (const rule of this.rules) {
      if (!kinds.includes(rule.kind)) continue;
      if (rule.method !== undefined && rule.method !== method) continue;
      if (
        rule.route !== undefined &&
        !(rule.route.startsWith('^') ? new RegExp(rule.route).test(path) : path.startsWith(rule.route))
      )
        continue;
      if (rule.times !== undefined) {
        if (rule.times <= 0) continue;
        rule.times--;
      }
      return rule;
    }
    return undefined;
  }
}

/** Header on a response the node server must answer by destroying the connection. */
export const RESET_HEADER = 'x-emulator-reset';
