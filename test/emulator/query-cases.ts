// Queries of the findings and secrets listings against the seeded dataset (seed-findings.ts), with the
// ids each one must answer, read off the seed's records. Shared by the raw-HTTP tests (test/emulator)
// and the client's (test/core), so that both paths answer every documented parameter the same way.

/** [query string as a caller writes it, ids in listing order] */
export type QueryCase = readonly [query: string, ids: readonly (number | string)[]];

const SAST = [70001, 70002, 70003, 70004, 70005, 70006];
const SCA = [71001, 71002, 71003, 71004];

/** Every filter of the findings listing; page and page_size are the paginators' (see the tests). */
export const FINDINGS_CASES: Record<string, readonly QueryCase[]> = {
  issue_type: [
    ['', SAST],
    ['issue_type=sast', SAST],
    ['issue_type=sca', SCA],
    ['issue_type=ai_sast', [72001]],
    ['issue_type=SCA', SCA],
    // Repeated, as the platform's MCP server sends its default: each type listed.
    ['issue_type=sast&issue_type=sca', [...SAST, ...SCA]],
    ['issue_type=sca,ai_sast', [...SCA, 72001]],
  ],
  since: [
    ['since=2026-11-11T00:00:00Z', [70002, 70005]],
    [`since=${Date.parse('2026-11-11T00:00:00Z') / 1000}`, [70002, 70005]],
    [`since=${Date.parse('2026-11-13T00:00:00Z') / 1000}.5&issue_type=sca`, [71002, 71003, 71004]],
    ['since=', SAST],
  ],
  dedup: [
    ['dedup=true', [70001, 70002, 70003, 70004, 70006]],
    ['dedup=True', [70001, 70002, 70003, 70004, 70006]],
    ['dedup=1', [70001, 70002, 70003, 70004, 70006]],
    ['dedup=yes', [70001, 70002, 70003, 70004, 70006]],
    ['dedup=on', [70001, 70002, 70003, 70004, 70006]],
    ['dedup=false', SAST],
    ['dedup=False', SAST],
    ['dedup=0', SAST],
    ['dedup=no', SAST],
    ['dedup=off', SAST],
    // As a script writes it: Python's True, a comma-joined list.
    ['issue_type=sca&dedup=True&page_size=100&repos=acme/web,acme/api', [71001, 71002, 71004]],
  ],
  repos: [
    ['repos=acme/api,acme/payments', [70002, 70003, 70006]],
    ['repos=acme/api&repos=acme/payments', [70002, 70003, 70006]],
    ['repos=acme%2Fweb', [70001, 70004, 70005]],
    // What `requests` writes for ",".join([...]): the comma encoded too.
    ['repos=acme%2Fweb%2Cacme%2Fapi', [70001, 70002, 70004, 70005, 70006]],
    ['issue_type=sca&repos=acme/web', [71001, 71004]],
    ['repos=acme/nothing', []],
  ],
  repository_ids: [
    // A finding's repository is its project (one id space): acme/web is 101, acme/payments 103.
    ['repository_ids=101', [70001, 70004, 70005]],
    ['repository_ids=101,103', [70001, 70003, 70004, 70005]],
    ['repository_ids=102&repository_ids=103&issue_type=sca', [71002, 71003]],
    ['repository_ids=999', []],
  ],
  status: [
    ['status=open', [70001, 70002, 70005]],
    ['status=ignored', [70004, 70006]],
    ['issue_type=sca&status=reviewing', [71003]],
    ['status=fixed,ignored', [70003, 70004, 70006]],
  ],
  triage_reasons: [
    ['triage_reasons=acceptable_risk', [70006]],
    ['triage_reasons=false_positive', [70004]],
    ['triage_reasons=acceptable_risk&triage_reasons=false_positive', [70004, 70006]],
    ['triage_reasons=no_triage_reason', [70001, 70002, 70003, 70005]],
    ['triage_reasons=duplicate,no_time', []],
  ],
  severities: [
    ['severities=critical&severities=high', [70001, 70002, 70005]],
    ['severities=HIGH', [70001, 70005]],
    ['severities=low', [70004, 70006]],
    ['issue_type=sca&severities=critical', [71002, 71003, 71004]],
  ],
  ref: [
    ['ref=main', [70001, 70002, 70003, 70004, 70006]],
    ['ref=refs/heads/feature/login', [70005]],
    ['ref=_default', [70001, 70002, 70003, 70004, 70006]],
    ['ref=develop', []],
  ],
  policies: [
    ['policies=payments-hardening', [70003]],
    ['policies=4101', [70001, 70002, 70004, 70005, 70006]],
    ['policies=payments-hardening,4101', SAST],
    ['policies=default-policy&issue_type=ai_sast', []],
  ],
  rules: [
    ['rules=javascript.express.security.audit.xss.direct-response-write', [70001, 70005]],
    [
      'rules=java.lang.security.audit.crypto.weak-hash.use-of-md5&rules=python.lang.correctness.useless-eqeq.useless-eqeq',
      [70003, 70006],
    ],
    ['issue_type=sca&rules=ssc-1f7d30e8-log4j-log4shell', [71003]],
  ],
  categories: [
    ['categories=correctness', [70006]],
    ['categories=security', [70001, 70002, 70003, 70004, 70005]],
    ['categories=Security,correctness', SAST],
    ['categories=performance', []],
  ],
  confidence: [
    ['confidence=high', [70002, 70003]],
    ['confidence=high&confidence=medium', [70001, 70002, 70003, 70005, 70006]],
    ['confidence=low', [70004]],
    ['issue_type=sca&confidence=high', SCA],
  ],
  autotriage_verdict: [
    ['autotriage_verdict=true_positive', [70001, 70002, 70003]],
    ['autotriage_verdict=false_positive', [70004]],
    ['issue_type=sca&autotriage_verdict=true_positive', [71001]],
    ['issue_type=sca&autotriage_verdict=false_positive', [71002]],
    // The platform's MCP server, as it calls by default (httpx: lists as repeated keys).
    [
      'issue_type=sast&issue_type=sca&status=open&autotriage_verdict=true_positive&page=0&page_size=100',
      [70001, 70002, 71001],
    ],
    [
      'issue_type=sast&issue_type=sca&status=open&confidence=high&autotriage_verdict=true_positive&page=0&page_size=100',
      [70002, 71001],
    ],
  ],
  component_tags: [
    ['component_tags=payments', [70003]],
    ['component_tags=user+data', [70001]],
    ['component_tags=user%20data&component_tags=database', [70001, 70002]],
    ['issue_type=sca&component_tags=payments,user data', [71001, 71003]],
  ],
  exposures: [
    ['issue_type=sca&exposures=reachable,always_reachable', [71001, 71003, 71004]],
    ['issue_type=sca&exposures=reachable&exposures=always_reachable', [71001, 71003, 71004]],
    ['issue_type=sca&exposures=unreachable', [71002]],
    ['issue_type=sca&exposures=conditionally_reachable,unknown', []],
  ],
  transitivities: [
    ['issue_type=sca&transitivities=direct', [71001, 71003]],
    ['issue_type=sca&transitivities=transitive', [71002, 71004]],
    ['issue_type=sca&transitivities=direct&transitivities=transitive', SCA],
    ['issue_type=sca&transitivities=unknown', []],
  ],
  is_malicious: [
    ['issue_type=sca&is_malicious=true', [71004]],
    ['issue_type=sca&is_malicious=True', [71004]],
    ['issue_type=sca&is_malicious=1', [71004]],
    ['issue_type=sca&is_malicious=false', [71001, 71002, 71003]],
    ['issue_type=sca&is_malicious=off', [71001, 71002, 71003]],
  ],
  click_to_fix_pr_state: [
    ['click_to_fix_pr_state=open', [70001]],
    ['click_to_fix_pr_state=merged', [70003]],
    ['click_to_fix_pr_state=open,merged', [70001, 70003]],
    ['issue_type=sca&click_to_fix_pr_state=open', [71001]],
  ],
};

/** Bad values: a 400 whose message names the parameter. */
export const FINDINGS_REFUSALS: readonly (readonly [query: string, message: RegExp])[] = [
  ['issue_type=secrets', /^issue_type must be among sast, sca, ai_sast, got "secrets"$/],
  ['since=yesterday', /^since must be a Unix timestamp or an ISO 8601 time, got "yesterday"$/],
  ['since=1&since=2', /^since takes one value, got 2: "1", "2"$/],
  ['dedup=maybe', /^dedup must be a boolean \(true or false; also 1\/0, yes\/no, on\/off\), got "maybe"$/],
  ['dedup=', /^dedup must be a boolean .*, got ""$/],
  ['dedup=true&dedup=false', /^dedup takes one value/],
  ['repository_ids=web', /^repository_ids must be numeric ids, got "web"$/],
  ['status=closed', /^status must be among open, fixed, ignored, reviewing, fixing, provisionally_ignored/],
  ['triage_reasons=lazy', /^triage_reasons must be among acceptable_risk, false_positive, no_time/],
  ['severities=severe', /^severities must be among low, medium, high, critical, got "severe"$/],
  ['ref=main&ref=develop', /^ref takes one value/],
  ['confidence=certain', /^confidence must be among low, medium, high, got "certain"$/],
  ['autotriage_verdict=maybe', /^autotriage_verdict must be among true_positive, false_positive/],
  ['exposures=reachable,sometimes', /^exposures must be among reachable, always_reachable/],
  ['transitivities=indirect', /^transitivities must be among direct, transitive, unknown, got "indirect"$/],
  ['is_malicious=perhaps', /^is_malicious must be a boolean/],
  ['click_to_fix_pr_state=closed', /^click_to_fix_pr_state must be among open, merged, got "closed"$/],
  ['page=-1', /^page must be a non-negative integer/],
  ['page_size=99', /^page_size must be from 100 to 3000, got 99$/],
];

/** Every filter of the secrets listing (seed-findings.ts SECRETS: ids 80001 to 80005). */
export const SECRETS_CASES: Record<string, readonly QueryCase[]> = {
  status: [
    ['status=FINDING_STATUS_OPEN', ['80001', '80002', '80004']],
    ['status=FINDING_STATUS_FIXED', ['80003']],
    ['status=FINDING_STATUS_IGNORED&status=FINDING_STATUS_FIXED', ['80003', '80005']],
    ['status=FINDING_STATUS_REMOVED', []],
    // The protobuf default: no status at all.
    ['status=FINDING_STATUS_UNSPECIFIED', ['80001', '80002', '80003', '80004', '80005']],
  ],
  severity: [
    ['severity=SEVERITY_HIGH', ['80002', '80004']],
    ['severity=SEVERITY_HIGH&severity=SEVERITY_CRITICAL', ['80001', '80002', '80004']],
    ['severity=SEVERITY_LOW,SEVERITY_MEDIUM', ['80003', '80005']],
  ],
  repo: [
    ['repo=acme/payments', ['80001', '80003', '80005']],
    ['repo=acme/web&repo=acme/api', ['80002', '80004']],
    ['repo=acme/nothing', []],
  ],
  validation_state: [
    ['validation_state=VALIDATION_STATE_NO_VALIDATOR', ['80004', '80005']],
    ['validationState=VALIDATION_STATE_CONFIRMED_VALID', ['80001']],
    [
      'validation_state=VALIDATION_STATE_CONFIRMED_INVALID&validation_state=VALIDATION_STATE_VALIDATION_ERROR',
      ['80002', '80003'],
    ],
  ],
  since: [
    ['since=2026-11-03T00:00:00Z', ['80003', '80004', '80005']],
    [`since=${Date.parse('2026-11-04T00:00:00Z') / 1000}`, ['80004', '80005']],
    ['since=2026-12-01T00:00:00Z', []],
  ],
  combined: [
    ['status=FINDING_STATUS_OPEN&repo=acme/payments', ['80001']],
    ['status=FINDING_STATUS_OPEN&severity=SEVERITY_HIGH&since=2026-11-03T00:00:00Z', ['80004']],
  ],
};

export const SECRETS_REFUSALS: readonly (readonly [query: string, message: RegExp])[] = [
  ['status=open', /^status must be among FINDING_STATUS_UNSPECIFIED, FINDING_STATUS_OPEN, .*, got "open"$/],
  ['severity=HIGH', /^severity must be among SEVERITY_UNSPECIFIED, SEVERITY_LOW, .*, got "HIGH"$/],
  [
    'validation_state=VALID',
    /^validation_state must be among VALIDATION_STATE_UNSPECIFIED, .*, got "VALID"$/,
  ],
  ['since=soon', /^since must be a Unix timestamp or an ISO 8601 time, got "soon"$/],
  ['limit=1&limit=2', /^limit takes one value, got 2/],
];

/** Cases as `[parameter, query, ids]` rows for a table-driven test. */
export function rows(
  cases: Record<string, readonly QueryCase[]>,
): [string, string, readonly (number | string)[]][] {
  return Object.entries(cases).flatMap(([name, list]) =>
    list.map(([q, ids]) => [name, q, ids] as [string, string, readonly (number | string)[]]),
  );
}

/** A query string as the client's `query` option: one value, or an array for a repeated key. */
export function queryRecord(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const known = record[key];
    record[key] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return record;
}
