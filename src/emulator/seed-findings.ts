import type { FindingRecord, SecretRecord } from './dataset.js';

// Findings and secrets in the shapes the platform's public API reference documents
// (https://semgrep.dev/api/v1/docs/#tag/finding, #tag/SecretsService); DATASET.md cites each field.

interface SastSeed {
  repo: string;
  rule: string;
  message: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  confidence: 'low' | 'medium' | 'high';
  status: 'open' | 'fixed' | 'ignored' | 'reviewing' | 'fixing' | 'provisionally_ignored';
  file: string;
  line: number;
  cwe: string[];
  owasp: string[];
  classes: string[];
  ref?: string;
  since: string;
  /** `categories` and `rule.category`; default `security`. */
  category?: string;
  /** Why an ignored finding was ignored; default `false_positive` for an ignored one. */
  triageReason?: 'acceptable_risk' | 'false_positive' | 'no_time' | 'duplicate';
  /** The assistant's verdict (`assistant.autotriage`), when it has looked at the finding. */
  autotriage?: { verdict: 'true_positive' | 'false_positive'; reason: string };
  /** The assistant's component tag (`assistant.component`). */
  component?: { tag: string; risk: 'low' | 'medium' | 'high' };
  /** The policy that sourced the rule (`sourcing_policy`). */
  policy?: keyof typeof POLICIES;
  /** The state of the fix pull request opened from the finding (`click_to_fix_pr_state`). */
  fixPr?: 'open' | 'merged';
}

/** The policies findings are sourced from, as `sourcing_policy` carries them. */
const POLICIES = {
  default: { id: 4101, name: 'Default Policy', slug: 'default-policy' },
  payments: { id: 4102, name: 'Payments Hardening', slug: 'payments-hardening' },
};

interface ScaSeed extends SastSeed {
  cve: string;
  reachability: 'reachable' | 'always_reachable' | 'conditionally_reachable' | 'unreachable' | 'unknown';
  dependency: { package: string; version: string; ecosystem: string; transitivity: 'direct' | 'transitive' };
  lockfile: string;
  lockfileLine: number;
  /** Absent: no fixed version (a malicious package is removed, not upgraded). */
  fixedIn?: string;
  /** A malicious package (a malware advisory), not a vulnerable one. */
  malicious?: boolean;
}

const SAST: SastSeed[] = [
  {
    repo: 'acme/web',
    rule: 'javascript.express.security.audit.xss.direct-response-write',
    message: 'Detected directly writing to a Response object from user-defined input.',
    severity: 'high',
    confidence: 'medium',
    status: 'open',
    file: 'src/server.js',
    line: 42,
    cwe: ["CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')"],
    owasp: ['A03:2021 - Injection', 'A07:2017 - Cross-Site Scripting (XSS)'],
    classes: ['Cross-Site-Scripting (XSS)'],
    since: '2026-11-10T10:00:00Z',
    autotriage: { verdict: 'true_positive', reason: 'req.query.name reaches res.write without escaping.' },
    component: { tag: 'user data', risk: 'high' },
    policy: 'default',
    fixPr: 'open',
  },
  {
    repo: 'acme/api',
    rule: 'python.django.security.injection.sql.sql-injection-using-raw',
    message: 'Data from the request is passed to raw(): this could lead to SQL injection.',
    severity: 'critical',
    confidence: 'high',
    status: 'open',
    file: 'app/views.py',
    line: 88,
    cwe: ["CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')"],
    owasp: ['A03:2021 - Injection', 'A01:2017 - Injection'],
    classes: ['SQL Injection'],
    since: '2026-11-12T09:30:00Z',
    autotriage: { verdict: 'true_positive', reason: 'The raw query is built from request.GET.' },
    component: { tag: 'database', risk: 'high' },
    policy: 'default',
  },
  {
    repo: 'acme/payments',
    rule: 'java.lang.security.audit.crypto.weak-hash.use-of-md5',
    message: 'Detected MD5 hash algorithm which is considered insecure.',
    severity: 'medium',
    confidence: 'high',
    status: 'fixed',
    file: 'services/ledger/src/main/java/Ledger.java',
    line: 17,
    cwe: ['CWE-328: Use of Weak Hash'],
    owasp: ['A02:2021 - Cryptographic Failures'],
    classes: ['Cryptographic Issues'],
    since: '2026-10-02T08:00:00Z',
    autotriage: {
      verdict: 'true_positive',
      reason: 'MD5 digests ledger entries that are checked for tampering.',
    },
    component: { tag: 'payments', risk: 'high' },
    policy: 'payments',
    // Fixed by the pull request opened from the finding.
    fixPr: 'merged',
  },
  {
    repo: 'acme/web',
    rule: 'javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop',
    message: 'Possibility of prototype polluting function detected.',
    severity: 'low',
    confidence: 'low',
    status: 'ignored',
    file: 'src/util/merge.js',
    line: 9,
    cwe: ['CWE-915: Improperly Controlled Modification of Dynamically-Determined Object Attributes'],
    owasp: ['A08:2021 - Software and Data Integrity Failures'],
    classes: ['Mass Assignment'],
    since: '2026-09-15T12:00:00Z',
    autotriage: { verdict: 'false_positive', reason: 'The merged keys are constants, never user input.' },
    component: { tag: 'utilities', risk: 'low' },
    policy: 'default',
  },
  {
    repo: 'acme/web',
    rule: 'javascript.express.security.audit.xss.direct-response-write',
    message: 'Detected directly writing to a Response object from user-defined input.',
    severity: 'high',
    confidence: 'medium',
    status: 'open',
    file: 'src/server.js',
    line: 42,
    cwe: ["CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')"],
    owasp: ['A03:2021 - Injection'],
    classes: ['Cross-Site-Scripting (XSS)'],
    // The same match on a feature branch: `dedup=true` lists it once.
    ref: 'refs/heads/feature/login',
    since: '2026-11-18T16:45:00Z',
    // Not looked at by the assistant yet: autotriage_verdict leaves it out.
    policy: 'default',
  },
  {
    repo: 'acme/api',
    rule: 'python.lang.correctness.useless-eqeq.useless-eqeq',
    message:
      'This expression is always True: `x == x`. If testing for floating point NaN, use `math.isnan(x)`.',
    severity: 'low',
    confidence: 'medium',
    status: 'ignored',
    file: 'app/metrics.py',
    line: 23,
    cwe: [],
    owasp: [],
    classes: [],
    since: '2026-10-20T14:10:00Z',
    category: 'correctness',
    triageReason: 'acceptable_risk',
    policy: 'default',
  },
];

/** AI-powered scan findings (`issue_type=ai_sast`). */
const AI_SAST: SastSeed[] = [
  {
    repo: 'acme/payments',
    rule: 'ai.idor.missing-ownership-check',
    message: 'The invoice is looked up by the id in the path without checking that it belongs to the caller.',
    severity: 'high',
    confidence: 'medium',
    status: 'open',
    file: 'services/billing/src/main/java/InvoiceController.java',
    line: 57,
    cwe: ['CWE-639: Authorization Bypass Through User-Controlled Key'],
    owasp: ['A01:2021 - Broken Access Control'],
    classes: ['Improper Authorization'],
    since: '2026-11-19T08:40:00Z',
    autotriage: { verdict: 'true_positive', reason: 'Any signed-in customer can read any invoice.' },
    component: { tag: 'payments', risk: 'high' },
  },
];

const SCA: ScaSeed[] = [
  {
    repo: 'acme/web',
    rule: 'ssc-5e0f2a6c-lodash-prototype-pollution',
    message: 'lodash before 4.17.21 is vulnerable to command injection via template.',
    severity: 'high',
    confidence: 'high',
    status: 'open',
    file: 'src/render.js',
    line: 12,
    cwe: ["CWE-77: Improper Neutralization of Special Elements used in a Command ('Command Injection')"],
    owasp: ['A06:2021 - Vulnerable and Outdated Components'],
    classes: ['Command Injection'],
    since: '2026-11-11T11:00:00Z',
    cve: 'CVE-2021-23337',
    reachability: 'reachable',
    dependency: { package: 'lodash', version: '4.17.20', ecosystem: 'npm', transitivity: 'direct' },
    lockfile: 'package-lock.json',
    lockfileLine: 34,
    fixedIn: '4.17.21',
    autotriage: {
      verdict: 'true_positive',
      reason: 'template() is called with a user-supplied options object.',
    },
    component: { tag: 'user data', risk: 'high' },
    fixPr: 'open',
  },
  {
    repo: 'acme/api',
    rule: 'ssc-9b1c44d2-pyyaml-full-load',
    message: 'PyYAML before 5.4 allows arbitrary code execution through full_load.',
    severity: 'critical',
    confidence: 'high',
    status: 'open',
    file: 'app/config.py',
    line: 5,
    cwe: ['CWE-20: Improper Input Validation'],
    owasp: ['A06:2021 - Vulnerable and Outdated Components'],
    classes: ['Code Injection'],
    since: '2026-11-13T07:20:00Z',
    cve: 'CVE-2020-14343',
    reachability: 'unreachable',
    dependency: { package: 'pyyaml', version: '5.3.1', ecosystem: 'pypi', transitivity: 'transitive' },
    lockfile: 'poetry.lock',
    lockfileLine: 46,
    fixedIn: '5.4',
    autotriage: {
      verdict: 'false_positive',
      reason: 'full_load is never called: the vulnerable code is unreachable.',
    },
  },
  {
    repo: 'acme/payments',
    rule: 'ssc-1f7d30e8-log4j-log4shell',
    message: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP endpoints.',
    severity: 'critical',
    confidence: 'high',
    status: 'reviewing',
    file: 'services/ledger/src/main/java/Ledger.java',
    line: 30,
    cwe: ['CWE-502: Deserialization of Untrusted Data'],
    owasp: ['A06:2021 - Vulnerable and Outdated Components'],
    classes: ['Insecure Deserialization'],
    since: '2026-11-14T13:00:00Z',
    cve: 'CVE-2021-44228',
    reachability: 'always_reachable',
    dependency: {
      package: 'org.apache.logging.log4j:log4j-core',
      version: '2.14.1',
      ecosystem: 'maven',
      transitivity: 'direct',
    },
    lockfile: 'services/ledger/pom.xml',
    lockfileLine: 10,
    fixedIn: '2.17.1',
    component: { tag: 'payments', risk: 'high' },
  },
  {
    repo: 'acme/web',
    rule: 'ssc-c2b4e8f1-flatmap-stream-malicious',
    message:
      'flatmap-stream is malicious: it steals cryptocurrency wallets (shipped through event-stream 3.3.6).',
    severity: 'critical',
    confidence: 'high',
    status: 'open',
    file: 'package-lock.json',
    line: 61,
    cwe: ['CWE-506: Embedded Malicious Code'],
    owasp: ['A08:2021 - Software and Data Integrity Failures'],
    classes: ['Malicious Code'],
    since: '2026-11-16T06:30:00Z',
    cve: 'GHSA-mh6f-8j2x-4483',
    // Malware runs on install: reachable whatever the code calls.
    reachability: 'always_reachable',
    dependency: { package: 'flatmap-stream', version: '0.1.1', ecosystem: 'npm', transitivity: 'transitive' },
    lockfile: 'package-lock.json',
    lockfileLine: 61,
    malicious: true,
  },
];

const commit = '71bbed12f950de8335006d7f91112263d8504f1b';
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width);

function sastRecord(s: SastSeed, id: number, deploymentId: number): FindingRecord {
  const repoUrl = `https://github.com/${s.repo}`;
  const ref = s.ref ?? 'refs/heads/main';
  return {
    id,
    deploymentId,
    issueType: 'sast',
    ref,
    first_seen_scan_id: 30_000_000 + id,
    syntactic_id: hex(id * 2654435761, 32),
    // One match, whatever the branch: what `dedup` collapses on.
    match_based_id: hex((s.repo + s.rule + s.file + s.line).length * 40503 + s.line, 32),
    repository: { name: s.repo, url: repoUrl },
    line_of_code_url: `${repoUrl}/blob/${commit}/${s.file}#L${s.line}`,
    state: s.status === 'fixed' ? 'fixed' : s.status === 'ignored' ? 'muted' : 'unresolved',
    triage_state: s.status === 'ignored' ? 'ignored' : s.status === 'reviewing' ? 'reviewing' : 'untriaged',
    status: s.status,
    severity: s.severity,
    confidence: s.confidence,
    categories: [s.category ?? 'security'],
    created_at: s.since,
    relevant_since: s.since,
    rule_name: s.rule,
    rule_message: s.message,
    location: { file_path: s.file, line: s.line, column: 5, end_line: s.line, end_column: 40 },
    triaged_at: s.status === 'ignored' ? s.since : null,
    triage_comment: s.status === 'ignored' ? 'the merged object never holds user input' : null,
    triage_reason: s.status === 'ignored' ? (s.triageReason ?? 'false_positive') : null,
    state_updated_at: s.status === 'open' ? null : s.since,
    external_ticket: null,
    review_comments: [],
    sourcing_policy: s.policy === undefined ? null : { ...POLICIES[s.policy] },
    click_to_fix_pr_state: s.fixPr ?? null,
    rule: {
      name: s.rule,
      message: s.message,
      confidence: s.confidence,
      category: s.category ?? 'security',
      subcategories: [s.category === 'correctness' ? 'audit' : 'vuln'],
      vulnerability_classes: s.classes,
      cwe_names: s.cwe,
      owasp_names: s.owasp,
    },
    assistant:
      s.autotriage === undefined && s.component === undefined
        ? null
        : { autotriage: s.autotriage ?? null, component: s.component ?? null },
  };
}

function scaRecord(s: ScaSeed, id: number, deploymentId: number): FindingRecord {
  const base = sastRecord(s, id, deploymentId);
  const repoUrl = `https://github.com/${s.repo}`;
  return {
    ...base,
    issueType: 'sca',
    vulnerability_identifier: s.cve,
    reachability: s.reachability,
    is_malicious: s.malicious === true,
    reachable_condition: null,
    found_dependency: {
      ...s.dependency,
      lockfile_line_url: `${repoUrl}/blob/${commit}/${s.lockfile}#L${s.lockfileLine}`,
    },
    fix_recommendations:
      s.fixedIn === undefined ? [] : [{ package: s.dependency.package, version: s.fixedIn }],
    usage:
      s.reachability === 'unreachable' || s.malicious === true
        ? null
        : {
            location: {
              path: s.file,
              start_line: s.line,
              start_col: 5,
              end_line: s.line,
              end_col: 40,
              url: `${repoUrl}/blob/${commit}/${s.file}#L${s.line}`,
            },
            external_ticket: null,
          },
  };
}

export function seedFindings(deploymentId: number): FindingRecord[] {
  return [
    ...SAST.map((s, i) => sastRecord(s, 70001 + i, deploymentId)),
    ...SCA.map((s, i) => scaRecord(s, 71001 + i, deploymentId)),
    ...AI_SAST.map((s, i) => ({ ...sastRecord(s, 72001 + i, deploymentId), issueType: 'ai_sast' })),
  ];
}

const SECRETS: {
  type: string;
  path: string;
  repo: string;
  severity: 'SEVERITY_CRITICAL' | 'SEVERITY_HIGH' | 'SEVERITY_MEDIUM' | 'SEVERITY_LOW';
  confidence: 'CONFIDENCE_HIGH' | 'CONFIDENCE_MEDIUM' | 'CONFIDENCE_LOW';
  status: 'FINDING_STATUS_OPEN' | 'FINDING_STATUS_FIXED' | 'FINDING_STATUS_IGNORED';
  validation:
    | 'VALIDATION_STATE_CONFIRMED_VALID'
    | 'VALIDATION_STATE_CONFIRMED_INVALID'
    | 'VALIDATION_STATE_VALIDATION_ERROR'
    | 'VALIDATION_STATE_NO_VALIDATOR';
}[] = [
  {
    type: 'AWS',
    path: 'config/settings-0.env',
    repo: 'acme/payments',
    severity: 'SEVERITY_CRITICAL',
    confidence: 'CONFIDENCE_HIGH',
    status: 'FINDING_STATUS_OPEN',
    validation: 'VALIDATION_STATE_CONFIRMED_VALID',
  },
  {
    type: 'GitHub',
    path: 'scripts/release.sh',
    repo: 'acme/web',
    severity: 'SEVERITY_HIGH',
    confidence: 'CONFIDENCE_HIGH',
    status: 'FINDING_STATUS_OPEN',
    validation: 'VALIDATION_STATE_CONFIRMED_INVALID',
  },
  {
    type: 'Slack',
    path: 'config/settings-2.env',
    repo: 'acme/payments',
    severity: 'SEVERITY_MEDIUM',
    confidence: 'CONFIDENCE_MEDIUM',
    status: 'FINDING_STATUS_FIXED',
    validation: 'VALIDATION_STATE_VALIDATION_ERROR',
  },
  {
    type: 'Stripe',
    path: 'app/billing.py',
    repo: 'acme/api',
    severity: 'SEVERITY_HIGH',
    confidence: 'CONFIDENCE_HIGH',
    status: 'FINDING_STATUS_OPEN',
    validation: 'VALIDATION_STATE_NO_VALIDATOR',
  },
  {
    type: 'Generic Private Key',
    path: 'deploy/id_rsa',
    repo: 'acme/payments',
    severity: 'SEVERITY_LOW',
    confidence: 'CONFIDENCE_LOW',
    status: 'FINDING_STATUS_IGNORED',
    validation: 'VALIDATION_STATE_NO_VALIDATOR',
  },
];

export function seedSecrets(deploymentId: number): SecretRecord[] {
  return SECRETS.map((s, i) => {
    const repoUrl = `https://github.com/${s.repo}`;
    const at = `2026-11-0${i + 1}T08:00:00Z`;
    return {
      // uint64 ids travel as strings.
      id: String(80001 + i),
      deploymentId,
      type: s.type,
      findingPath: `${s.path}:${3 + i}`,
      findingPathUrl: `${repoUrl}/blob/${commit}/${s.path}#L${3 + i}`,
      repository: { name: s.repo, url: repoUrl, visibility: 'REPOSITORY_VISIBILITY_PRIVATE' },
      ref: 'refs/heads/main',
      refUrl: `${repoUrl}/tree/main`,
      ruleHashId: hex((i + 1) * 2246822519, 24),
      severity: s.severity,
      confidence: s.confidence,
      status: s.status,
      validationState: s.validation,
      mode: 'MODE_MONITOR',
      createdAt: at,
      updatedAt: at,
      reviewComments: [],
    };
  });
}
