export const id = 984;
export const ids = [984];
export const modules = {

/***/ 95984:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  og: () => (/* reexport */ NPM_REGISTRY_PATH),
  s6: () => (/* reexport */ NPM_SEED_PACKUMENTS),
  y1: () => (/* reexport */ SEED_DEPLOYMENT),
  ND: () => (/* reexport */ SEED_TOKENS),
  Iw: () => (/* reexport */ createEmulator),
  CW: () => (/* reexport */ createSeedDataset),
  OD: () => (/* reexport */ generateDataset),
  ty: () => (/* reexport */ loadDatasetFile),
  XQ: () => (/* reexport */ startEmulatorServer),
  UD: () => (/* reexport */ startServer)
});

// UNUSED EXPORTS: DatasetError, EMULATOR_PAGE_BOUNDS, FAULT_KINDS, FaultSet, OSV_SEED_RECORDS, SEED_EXAMPLES, candidatePositions, createEmulatorHandler, createEmulatorState, createHandlerTransport, createNpmRoutes, createOsvRoutes, createRandom, parseDataset, queryDependencies, validateFaultRules

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
;// CONCATENATED MODULE: ./src/emulator/faults.ts

const FAULT_KINDS = [
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
const ruleInteger = (min, max) => {
    const error = `must be an integer from ${min} to ${max}`;
    return schemas/* int */.Whr({ error }).min(min, { error }).max(max, { error }).optional();
};
/** One rule's fields. `kind` is checked first, alone: a rule of no known kind has no other fields. */
const ruleSchema = schemas/* strictObject */.rej({
    kind: schemas/* enum */.k5n(FAULT_KINDS),
    route: schemas/* string */.YjP({ error: 'must be a string' })
        .refine((route) => compileRoute(route) !== null, { error: 'is not a valid regular expression' })
        .optional(),
    method: schemas/* string */.YjP({ error: 'must be an HTTP method' })
        .regex(/^[A-Za-z]+$/, { error: 'must be an HTTP method' })
        .transform((method) => method.toUpperCase())
        .optional(),
    status: ruleInteger(400, 599),
    latencyMs: ruleInteger(0, 600_000),
    limit: ruleInteger(0, 1_000_000),
    windowMs: ruleInteger(1, 86_400_000),
    times: ruleInteger(1, 1_000_000_000),
    // Seconds or an HTTP date, on one line: it becomes a header.
    retryAfter: schemas/* union */.KCZ([
        schemas/* int */.Whr().min(0).transform(String),
        schemas/* string */.YjP()
            .refine((v) => v.trim() !== '' && !/[\r\n]/.test(v))
            .transform((v) => v.trim()),
    ], { error: 'must be seconds or an HTTP date' })
        .optional(),
})
    .superRefine((rule, ctx) => {
    if (rule.kind === 'status' && rule.status === undefined)
        ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required for kind status' });
    if (rule.kind === 'rate-limit' && rule.limit === undefined)
        ctx.addIssue({ code: 'custom', path: ['limit'], message: 'is required for kind rate-limit' });
});
/** Checks rules from a user or the admin API; returns every problem, each naming its field. */
function validateFaultRules(value) {
    if (!Array.isArray(value))
        return { rules: [], problems: ['faults must be an array of rules'] };
    const problems = [];
    const rules = [];
    value.forEach((raw, i) => {
        const at = `faults[${i}]`;
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
            problems.push(`${at} must be an object`);
            return;
        }
        const kind = raw.kind;
        if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind)) {
            problems.push(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
            return;
        }
        const parsed = ruleSchema.safeParse(raw);
        if (parsed.success) {
            const rule = { kind: parsed.data.kind };
            for (const [key, v] of Object.entries(parsed.data))
                if (v !== undefined)
                    Object.assign(rule, { [key]: v });
            rules.push(rule);
            return;
        }
        for (const issue of parsed.error.issues) {
            if (issue.code === 'unrecognized_keys')
                for (const key of issue.keys)
                    problems.push(`${at}.${key} is not a rule field`);
            else
                problems.push(`${at}.${issue.path.join('.')} ${issue.message}`);
        }
    });
    return { rules, problems };
}
/**
 * A route pattern as a regular expression over the path: undefined for a plain prefix, null for a
 * regular expression that does not compile.
 */
function compileRoute(route) {
    if (!route.startsWith('^') && !route.includes('*'))
        return undefined;
    try {
        if (route.startsWith('^'))
            return new RegExp(route);
        const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
        return new RegExp(`^${escaped.replace(/\*/g, '[^/]+')}$`);
    }
    catch {
        return null;
    }
}
/** The live rules: each application spends one of its `times`. Replaced whole at runtime. */
class FaultSet {
    rules = [];
    constructor(rules = []) {
        this.set(rules);
    }
    set(rules) {
        this.rules = rules.map((rule) => ({
            rule: { ...rule, ...(rule.method === undefined ? {} : { method: rule.method.toUpperCase() }) },
            pattern: rule.route === undefined ? undefined : compileRoute(rule.route),
            windowStart: Number.NEGATIVE_INFINITY,
            windowCount: 0,
        }));
    }
    /** The rules as they stand (with what is left of their `times`). */
    list() {
        return this.rules.map((r) => ({ ...r.rule }));
    }
    /** Takes the first rule of one of `kinds` that applies to this request, spending one of its `times`. */
    take(method, path, kinds) {
        for (const live of this.rules) {
            const { rule } = live;
            if (!kinds.includes(rule.kind) || !applies(live, method, path))
                continue;
            if (rule.times !== undefined) {
                if (rule.times <= 0)
                    continue;
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
    rateLimit(method, path, nowMs) {
        for (const live of this.rules) {
            const { rule } = live;
            if (rule.kind !== 'rate-limit' || !applies(live, method, path))
                continue;
            if (rule.times !== undefined && rule.times <= 0)
                continue;
            const windowMs = rule.windowMs ?? 1000;
            if (nowMs >= live.windowStart + windowMs || nowMs < live.windowStart) {
                live.windowStart = nowMs;
                live.windowCount = 0;
            }
            live.windowCount++;
            if (live.windowCount > (rule.limit ?? 0)) {
                if (rule.times !== undefined)
                    rule.times--;
                return Math.max(1, Math.ceil((live.windowStart + windowMs - nowMs) / 1000));
            }
        }
        return undefined;
    }
}
function applies(live, method, path) {
    const { rule, pattern } = live;
    if (rule.method !== undefined && rule.method !== method)
        return false;
    if (rule.route === undefined)
        return true;
    // A pattern that does not compile (possible only for rules that skipped validation) matches nothing.
    if (pattern === null)
        return false;
    return pattern === undefined ? path.startsWith(rule.route) : pattern.test(path);
}
/** Header on a response the node server must answer by destroying the connection. */
const RESET_HEADER = 'x-emulator-reset';
/** The handler's way to say "reset the connection": a response no server may send as it is. */
function resetResponse() {
    return new Response(null, { status: 599, headers: { [RESET_HEADER]: '1' } });
}
function faults_isResetResponse(response) {
    return response.headers.get(RESET_HEADER) !== null;
}

;// CONCATENATED MODULE: ./src/emulator/seed-findings.ts
/** The policies findings are sourced from, as `sourcing_policy` carries them. */
const POLICIES = {
    default: { id: 4101, name: 'Default Policy', slug: 'default-policy' },
    payments: { id: 4102, name: 'Payments Hardening', slug: 'payments-hardening' },
};
const SAST = [
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
        message: 'This expression is always True: `x == x`. If testing for floating point NaN, use `math.isnan(x)`.',
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
const AI_SAST = [
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
const SCA = [
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
        message: 'flatmap-stream is malicious: it steals cryptocurrency wallets (shipped through event-stream 3.3.6).',
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
const hex = (n, width) => n.toString(16).padStart(width, '0').slice(-width);
function sastRecord(s, id, deploymentId) {
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
        assistant: s.autotriage === undefined && s.component === undefined
            ? null
            : { autotriage: s.autotriage ?? null, component: s.component ?? null },
    };
}
function scaRecord(s, id, deploymentId) {
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
        fix_recommendations: s.fixedIn === undefined ? [] : [{ package: s.dependency.package, version: s.fixedIn }],
        usage: s.reachability === 'unreachable' || s.malicious === true
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
function seedFindings(deploymentId) {
    return [
        ...SAST.map((s, i) => sastRecord(s, 70001 + i, deploymentId)),
        ...SCA.map((s, i) => scaRecord(s, 71001 + i, deploymentId)),
        ...AI_SAST.map((s, i) => ({ ...sastRecord(s, 72001 + i, deploymentId), issueType: 'ai_sast' })),
    ];
}
const SECRETS = [
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
function seedSecrets(deploymentId) {
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

;// CONCATENATED MODULE: ./src/emulator/seed.ts

/** Tokens of the seeded dataset, one of each kind the platform knows. */
const SEED_TOKENS = {
    /** API token with Web API access, admin viewer. */
    api: 'dg_emulator_api_token',
    /** API token without Web API access: v1 calls answer 404, as the real service does. */
    noWebApi: 'dg_emulator_token_without_web_api',
    /** A user's JSON Web Token (not admin): accepted on notifications only. */
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXZAYWNtZS5leGFtcGxlIn0.emulator',
};
const SEED_DEPLOYMENT = { id: 1234, name: 'Acme Corp', slug: 'acme-corp' };
/**
 * Packages of the seeded dataset that demos and tests build on: a compromised release that a policy
 * denies, a GPL-licensed package, one without any known license, and the archived repository.
 */
const SEED_EXAMPLES = {
    /** event-stream 3.3.6 shipped the flatmap-stream payload; every policy should deny it. */
    deniedPackage: { ecosystem: 'npm', name: 'event-stream', version: '3.3.6', repository: 'acme/web' },
    gplPackage: {
        ecosystem: 'npm',
        name: '@ffmpeg-installer/linux-x64',
        version: '4.1.0',
        license: 'GPL-3.0-only',
        repository: 'acme/api',
    },
    unknownLicensePackage: {
        ecosystem: 'npm',
        name: 'acme-internal-logger',
        version: '0.3.1',
        repository: 'acme/api',
    },
    archivedRepository: { id: '104', name: 'acme/legacy-billing' },
};
const LOCKFILES = [
    {
        repositoryId: '101',
        path: 'package-lock.json',
        ecosystem: 'npm',
        deps: [
            ['react', '18.2.0', ['MIT'], 'DIRECT'],
            ['react-dom', '18.2.0', ['MIT'], 'DIRECT'],
            ['lodash', '4.17.20', ['MIT'], 'DIRECT'],
            ['left-pad', '1.3.0', ['WTFPL'], 'TRANSITIVE'],
            ['event-stream', '3.3.6', ['MIT'], 'TRANSITIVE'],
            ['express', '4.18.2', ['MIT'], 'DIRECT'],
            ['minimist', '1.2.5', ['MIT'], 'TRANSITIVE'],
            ['node-ipc', '10.1.1', ['MIT'], 'TRANSITIVE'],
            ['chalk', '5.3.0', ['MIT'], 'DIRECT'],
            ['colors', '1.4.44-liberty-2', ['MIT'], 'TRANSITIVE'],
            ['ghostscript4js', '3.2.3', ['AGPL-3.0-only'], 'DIRECT'],
            ['typescript', '5.4.5', ['Apache-2.0'], 'DIRECT'],
        ],
    },
    {
        repositoryId: '101',
        path: 'packages/ui/yarn.lock',
        ecosystem: 'npm',
        deps: [
            ['react', '18.3.1', ['MIT'], 'DIRECT'],
            ['lodash', '4.17.21', ['MIT'], 'TRANSITIVE'],
            ['classnames', '2.5.1', ['MIT'], 'DIRECT'],
        ],
    },
    {
        repositoryId: '102',
        path: 'poetry.lock',
        ecosystem: 'pypi',
        deps: [
            ['django', '4.2.11', ['BSD-3-Clause'], 'DIRECT'],
            ['requests', '2.31.0', ['Apache-2.0'], 'DIRECT'],
            ['urllib3', '1.26.18', ['MIT'], 'TRANSITIVE'],
            ['pyyaml', '5.3.1', ['MIT'], 'DIRECT'],
            ['mysqlclient', '2.2.4', ['GPL-2.0-or-later'], 'DIRECT'],
            ['certifi', '2024.2.2', ['MPL-2.0'], 'TRANSITIVE'],
        ],
    },
    {
        repositoryId: '102',
        path: 'go.mod',
        ecosystem: 'gomod',
        deps: [
            ['github.com/gin-gonic/gin', 'v1.9.1', ['MIT'], 'DIRECT'],
            ['golang.org/x/crypto', 'v0.0.0-20220314234659-1baeb1ce4c0b', ['BSD-3-Clause'], 'TRANSITIVE'],
            ['github.com/stretchr/testify', 'v1.8.4', ['MIT'], 'DIRECT'],
        ],
    },
    {
        repositoryId: '103',
        path: 'Cargo.lock',
        ecosystem: 'cargo',
        deps: [
            ['serde', '1.0.197', ['MIT', 'Apache-2.0'], 'DIRECT'],
            ['tokio', '1.36.0', ['MIT'], 'DIRECT'],
            ['openssl', '0.10.64', ['Apache-2.0'], 'TRANSITIVE'],
        ],
    },
    {
        repositoryId: '103',
        path: 'services/ledger/pom.xml',
        ecosystem: 'maven',
        deps: [
            ['org.apache.logging.log4j:log4j-core', '2.14.1', ['Apache-2.0'], 'DIRECT'],
            ['com.fasterxml.jackson.core:jackson-databind', '2.16.1', ['Apache-2.0'], 'DIRECT'],
            ['mysql:mysql-connector-java', '8.0.33', ['GPL-2.0-only'], 'DIRECT'],
        ],
    },
    {
        repositoryId: '104',
        path: 'Gemfile.lock',
        ecosystem: 'gem',
        deps: [
            ['rails', '6.1.7', ['MIT'], 'DIRECT'],
            ['nokogiri', '1.13.10', ['MIT'], 'TRANSITIVE'],
        ],
    },
    // Appended, not inserted: dependency ids follow the order of this list, and clients' tests pin some.
    {
        repositoryId: '102',
        path: 'admin/package-lock.json',
        ecosystem: 'npm',
        deps: [
            ['@ffmpeg-installer/linux-x64', '4.1.0', ['GPL-3.0-only'], 'DIRECT'],
            ['acme-internal-logger', '0.3.1', [], 'DIRECT'],
            ['axios', '1.6.8', ['MIT'], 'DIRECT'],
            ['follow-redirects', '1.15.6', ['MIT'], 'TRANSITIVE'],
            ['form-data', '4.0.0', ['MIT'], 'UNKNOWN_TRANSITIVITY'],
        ],
    },
    {
        repositoryId: '102',
        path: 'tools/requirements.txt',
        ecosystem: 'pypi',
        deps: [
            ['pyqt5', '5.15.10', ['GPL-3.0-only'], 'DIRECT'],
            ['Pillow', '10.3.0', ['HPND'], 'DIRECT'],
        ],
    },
    {
        repositoryId: '102',
        path: 'sync/packages.lock.json',
        ecosystem: 'nuget',
        deps: [
            ['Newtonsoft.Json', '13.0.1', ['MIT'], 'DIRECT'],
            ['Serilog', '3.1.1', ['Apache-2.0'], 'DIRECT'],
        ],
    },
];
/** A lockfile the repository has but in which the platform found no dependencies (a new, empty one). */
const EMPTY_LOCKFILES = [
    { repositoryId: '103', path: 'tools/Cargo.lock', ecosystem: 'cargo' },
];
function dependencies() {
    const out = [];
    for (const lockfile of LOCKFILES) {
        lockfile.deps.forEach(([name, version, licenses, transitivity], i) => {
            out.push({
                id: String(9000 + out.length + 1),
                repositoryId: lockfile.repositoryId,
                lockfilePath: lockfile.path,
                name,
                version,
                ecosystem: lockfile.ecosystem,
                licenses,
                transitivity,
                line: 10 + i * 12,
                column: 5,
                ...(lockfile.ecosystem === 'npm'
                    ? { resolvedUrl: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz` }
                    : {}),
            });
        });
    }
    return out;
}
function notifications() {
    const base = { deploymentId: SEED_DEPLOYMENT.id, isExternalLink: false };
    return [
        {
            ...base,
            id: 'n-1',
            title: 'New critical reachable finding',
            description: 'lodash 4.17.20: prototype pollution (CVE-2021-23337) is reachable in acme/web.',
            severity: 'SEVERITY_ERROR',
            status: 'STATUS_DELIVERED',
            adminOnly: false,
            createdAt: '2026-11-20T09:15:00Z',
            link: 'https://github.com/acme/web/pull/42',
            linkText: 'View pull request',
        },
        {
            ...base,
            id: 'n-2',
            title: 'License policy violation',
            description: 'ghostscript4js (AGPL-3.0-only) was added to acme/web.',
            severity: 'SEVERITY_WARNING',
            status: 'STATUS_DELIVERED',
            adminOnly: false,
            createdAt: '2026-11-20T10:02:00Z',
            link: 'https://github.com/acme/web/pull/43',
            linkText: 'View pull request',
        },
        {
            ...base,
            id: 'n-3',
            title: 'Weekly supply chain digest',
            description: '12 new dependencies across 3 projects.',
            severity: 'SEVERITY_INFO',
            status: 'STATUS_DELIVERED',
            adminOnly: false,
            createdAt: '2026-11-20T11:00:00Z',
            link: 'https://semgrep.dev/orgs/acme-corp/supply-chain',
            linkText: 'Open dashboard',
        },
        {
            ...base,
            id: 'n-4',
            title: 'API token expires soon',
            description: 'The token "ci-gate" expires in 7 days.',
            severity: 'SEVERITY_WARNING',
            status: 'STATUS_DELIVERED',
            adminOnly: true,
            createdAt: '2026-11-21T08:30:00Z',
            link: 'https://semgrep.dev/orgs/acme-corp/settings/tokens',
            linkText: 'Manage tokens',
        },
        {
            ...base,
            id: 'n-5',
            title: 'Scan failed',
            description: 'The full scan of acme/payments failed: lockfile could not be parsed.',
            severity: 'SEVERITY_ERROR',
            status: 'STATUS_DELIVERED',
            adminOnly: false,
            createdAt: '2026-11-21T12:45:00Z',
            link: 'https://github.com/acme/payments/pull/7',
            linkText: 'View pull request',
        },
        {
            ...base,
            id: 'n-6',
            title: 'Old finding triaged',
            description: 'minimist 1.2.5 was marked as fixed.',
            severity: 'SEVERITY_INFO',
            status: 'STATUS_SEEN',
            adminOnly: false,
            createdAt: '2026-11-18T16:00:00Z',
            link: 'https://semgrep.dev/orgs/acme-corp/supply-chain',
            linkText: 'Open',
        },
        {
            ...base,
            id: 'n-7',
            title: 'Archived alert',
            description: 'This notification was archived.',
            severity: 'SEVERITY_ERROR',
            status: 'STATUS_ARCHIVED',
            adminOnly: false,
            createdAt: '2026-11-17T16:00:00Z',
            link: 'https://semgrep.dev/orgs/acme-corp',
            linkText: 'Open',
        },
        {
            ...base,
            id: 'n-8',
            title: 'SSO configuration changed',
            description: 'An administrator changed the SSO provider.',
            severity: 'SEVERITY_INFO',
            status: 'STATUS_DELIVERED',
            adminOnly: true,
            createdAt: '2026-11-21T14:10:00Z',
            link: 'https://semgrep.dev/orgs/acme-corp/settings/sso',
            linkText: 'Review',
        },
    ];
}
/** The default dataset: one deployment with a few repositories, lockfiles, dependencies and alerts. */
function createSeedDataset() {
    const d = SEED_DEPLOYMENT.id;
    const project = (id, name, tags) => ({
        id,
        deploymentId: d,
        name,
        tags,
        createdAt: '2025-03-01T12:00:00Z',
        defaultBranch: 'refs/heads/main',
        latestScanAt: '2026-11-21T06:00:00Z',
        url: `https://github.com/${name}`,
    });
    return {
        deployments: [{ ...SEED_DEPLOYMENT }, { id: 5678, name: 'Other Org', slug: 'other-org' }],
        tokens: [
            {
                token: SEED_TOKENS.api,
                kind: 'api',
                webApi: true,
                deploymentId: d,
                viewer: 'admin@acme.example',
                admin: true,
                description: 'API token with Web API access (admin)',
            },
            {
                token: SEED_TOKENS.noWebApi,
                kind: 'api',
                webApi: false,
                deploymentId: d,
                viewer: 'ci@acme.example',
                admin: false,
                description: 'API token without Web API access',
            },
            {
                token: SEED_TOKENS.jwt,
                kind: 'jwt',
                webApi: false,
                deploymentId: d,
                viewer: 'dev@acme.example',
                admin: false,
                description: 'user JWT (notifications only)',
            },
        ],
        // One id space: a project's id is its repository's id in the dependency listings (decisions.md).
        projects: [
            project(101, 'acme/web', ['team:frontend']),
            project(102, 'acme/api', ['team:backend']),
            project(103, 'acme/payments', ['team:payments', 'pci']),
            project(104, 'acme/legacy-billing', []),
            { ...project(301, 'other/app', []), deploymentId: 5678 },
        ],
        repositories: [
            { id: '101', deploymentId: d, name: 'acme/web', archived: false, hasDependencyPathScan: true },
            { id: '102', deploymentId: d, name: 'acme/api', archived: false, hasDependencyPathScan: false },
            { id: '103', deploymentId: d, name: 'acme/payments', archived: false, hasDependencyPathScan: true },
            {
                id: '104',
                deploymentId: d,
                name: 'acme/legacy-billing',
                archived: true,
                hasDependencyPathScan: false,
            },
        ],
        lockfiles: [
            ...LOCKFILES.map(({ repositoryId, path, ecosystem }) => ({ repositoryId, path, ecosystem })),
            ...EMPTY_LOCKFILES,
        ],
        dependencies: dependencies(),
        notifications: notifications(),
        findings: seedFindings(d),
        secrets: seedSecrets(d),
    };
}

;// CONCATENATED MODULE: ./src/emulator/generate.ts

/** mulberry32: a tiny seeded PRNG, so that a seed gives the same dataset on every machine. */
function createRandom(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
const SHAPES = [
    { ecosystem: 'npm', lockfile: 'package-lock.json', version: (a, b, c) => `${a}.${b}.${c}` },
    { ecosystem: 'pypi', lockfile: 'poetry.lock', version: (a, b, c) => `${a}.${b}.${c}` },
    { ecosystem: 'gomod', lockfile: 'go.mod', version: (a, b, c) => `v${a}.${b}.${c}` },
    { ecosystem: 'cargo', lockfile: 'Cargo.lock', version: (a, b, c) => `${a}.${b}.${c}` },
    { ecosystem: 'maven', lockfile: 'pom.xml', version: (a, b, c) => `${a}.${b}.${c}` },
];
const VERSIONS_PER_ECOSYSTEM = 64;
/** Licenses in rough real-world proportions; each array is shared by every record that has it. */
const LICENSES = [
    ['MIT'],
    ['MIT'],
    ['MIT'],
    ['Apache-2.0'],
    ['BSD-3-Clause'],
    ['ISC'],
    ['GPL-3.0-only'],
    ['MIT', 'Apache-2.0'],
    [],
];
/**
 * A large deterministic dataset on top of the seeded one: `repositories` x `dependenciesPerRepository`
 * more dependencies (10,000 x 100 gives 1,000,000), each repository with a project of its own name,
 * one ecosystem, and one lockfile (every fourth, a monorepo, two). Every 50th repository is archived.
 *
 * Memory: the records share their name, version, path and license strings and arrays, so a record
 * costs its own object and id string (about 140 bytes); the emulator's indexes are typed arrays
 * (see dependency-index.ts). 1,000,000 dependencies take about 150 MB and well under a second to make.
 */
function generateDataset(options) {
    const random = createRandom(options.seed ?? 42);
    const dataset = createSeedDataset();
    const distinct = Math.max(1, options.distinctPackages ?? 20_000);
    const names = Array.from({ length: distinct }, (_, i) => `pkg-${i.toString(36)}`);
    const versions = SHAPES.map((shape) => Array.from({ length: VERSIONS_PER_ECOSYSTEM }, (_, i) => shape.version(i % 8, Math.floor(i / 8), (i * 7) % 10)));
    const dependencies = dataset.dependencies;
    const lockfiles = dataset.lockfiles;
    let nextId = 1_000_000;
    for (let r = 0; r < options.repositories; r++) {
        const repositoryId = String(100_000 + r);
        const name = `gen/repo-${r}`;
        dataset.repositories.push({
            id: repositoryId,
            deploymentId: SEED_DEPLOYMENT.id,
            name,
            archived: r % 50 === 49,
            hasDependencyPathScan: r % 3 === 0,
        });
        dataset.projects.push({
            id: 100_000 + r, // the repository's id: one id space
            deploymentId: SEED_DEPLOYMENT.id,
            name,
            tags: r % 10 === 0 ? ['generated'] : [],
            createdAt: '2025-01-01T00:00:00Z',
            defaultBranch: 'refs/heads/main',
            latestScanAt: '2026-11-01T00:00:00Z',
            url: `https://github.com/${name}`,
        });
        const shape = SHAPES[r % SHAPES.length];
        const shapeVersions = versions[r % SHAPES.length];
        const paths = r % 4 === 0 ? [shape.lockfile, `services/app/${shape.lockfile}`] : [shape.lockfile];
        for (const path of paths)
            lockfiles.push({ repositoryId, path, ecosystem: shape.ecosystem });
        const perLockfile = Math.ceil(options.dependenciesPerRepository / paths.length);
        for (let i = 0; i < options.dependenciesPerRepository; i++) {
            // The product of two draws skews towards low indices: a few packages are everywhere, most are rare.
            const pick = Math.floor(random() * random() * distinct);
            const inLockfile = i % perLockfile;
            dependencies.push({
                id: String(nextId++),
                repositoryId,
                lockfilePath: paths[Math.floor(i / perLockfile)],
                name: names[pick],
                version: shapeVersions[Math.floor(random() * VERSIONS_PER_ECOSYSTEM)],
                ecosystem: shape.ecosystem,
                licenses: LICENSES[pick % LICENSES.length],
                transitivity: inLockfile < 10 ? 'DIRECT' : i % 97 === 0 ? 'UNKNOWN_TRANSITIVITY' : 'TRANSITIVE',
                line: 3 + inLockfile * 9,
                column: 5,
            });
        }
    }
    return dataset;
}

;// CONCATENATED MODULE: ./src/emulator/http.ts
/** An error that renders itself as the platform's `{"error": "..."}` body with its status. */
class EmulatorHttpError extends Error {
    status;
    headers;
    name = 'EmulatorHttpError';
    constructor(status, message, headers = {}) {
        super(message);
        this.status = status;
        this.headers = headers;
    }
    toResponse() {
        return jsonResponse(this.status, { error: this.message }, this.headers);
    }
}
/** A JSON response with its Content-Length set, so that the request log can count the bytes. */
function jsonResponse(status, body, headers = {}) {
    return textResponse(status, JSON.stringify(body), headers);
}
function textResponse(status, text, headers = {}) {
    return new Response(text, {
        status,
        headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(text)),
            ...headers,
        },
    });
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Reads a JSON body: an empty one is `{}`; anything unparsable is a 400 that says where it broke. */
async function readJsonBody(request) {
    const text = await request.text();
    if (text.trim() === '')
        return {};
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new EmulatorHttpError(400, `request body is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
}
/**
 * The fields of a JSON object body, each readable by its camelCase or snake_case name (the real
 * service takes both; null reads as unset, as in protobuf JSON). Other keys are noted, not refused.
 */
function bodyFields(body, known) {
    if (!isObject(body))
        throw new EmulatorHttpError(400, `request body must be a JSON object, got ${kindOf(body)}`);
    const snake = (camel) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const accepted = new Set(known.flatMap((k) => [k, snake(k)]));
    return {
        get(camel) {
            const value = body[camel] ?? body[snake(camel)];
            return value === null ? undefined : value;
        },
        /** Refuses any other key (the emulator's own admin routes: a misspelt fault must not pass). */
        rejectUnknown() {
            const unknown = Object.keys(body).filter((k) => !accepted.has(k));
            if (unknown.length > 0)
                throw new EmulatorHttpError(400, `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in the request body (known: ${known.join(', ')})`);
        },
        /**
         * Unknown keys are ignored, as the service's JSON gateway does by default (public callers send
         * extra fields), and noted in the request log so a misspelt `pagesize` can still be found.
         */
        noteUnknown(note) {
            const unknown = Object.keys(body).filter((k) => !accepted.has(k));
            if (unknown.length > 0)
                note(`ignored unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in the request body (known: ${known.join(', ')})`);
        },
    };
}
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
/** Page-size defaults and bounds the emulator enforces (decisions.md, "Pagination"). */
const EMULATOR_PAGE_BOUNDS = {
    dependencies: { default: 1000, min: 1, max: 10_000 },
    lockfiles: { default: 5, min: 1, max: 100 },
    repositories: { default: 5, min: 1, max: 100 },
    notifications: { default: 20, min: 1, max: 100 },
    // No documented maximum: serve at least 10,000 (public callers ask for 2,000).
    secrets: { default: 100, min: 1, max: 10_000 },
    findings: { default: 100, min: 100, max: 3000 },
    projects: { default: 100, min: 1, max: 10_000 },
};
/**
 * A page size from a body (a number, or a decimal string: protobuf JSON takes both for integers) or
 * a query parameter. Absent or empty: the default. Anything else outside min..max, 0 included, is a
 * 400 naming the field and the bounds.
 */
function readPageSize(value, field, bounds) {
    if (value === undefined || value === '')
        return bounds.default;
    // A JSON body field is protobuf-mapped on the real service, where 0 is the same as absent.
    if (value === 0)
        return bounds.default;
    const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n))
        throw new EmulatorHttpError(400, `${field} must be an integer from ${bounds.min} to ${bounds.max}, got ${describeValue(value)}`);
    if (n < bounds.min || n > bounds.max)
        throw new EmulatorHttpError(400, `${field} must be from ${bounds.min} to ${bounds.max}, got ${n}`);
    return n;
}
/** A non-negative integer query parameter (`page`); absent or empty: 0. */
function readOffset(value, field) {
    if (value === null || value === '')
        return 0;
    if (!/^\d{1,9}$/.test(value))
        throw new EmulatorHttpError(400, `${field} must be a non-negative integer, got ${describeValue(value)}`);
    return Number(value);
}
function describeValue(value) {
    if (typeof value === 'string')
        return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return kindOf(value);
}

// EXTERNAL MODULE: ./src/domain/index.ts + 18 modules
var domain = __webpack_require__(25495);
// EXTERNAL MODULE: ./src/vulns/index.ts + 11 modules
var vulns = __webpack_require__(15398);
;// CONCATENATED MODULE: ./src/emulator/cursor.ts
/** FNV-1a over a string: a short, stable fingerprint of a filter to bind cursors to it. */
function fingerprint(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return (hash >>> 0).toString(36);
}
/** An opaque cursor: the position to resume at and the fingerprint of the filter it belongs to. */
function encodeCursor(position, filterKey) {
    return Buffer.from(`${position}.${fingerprint(filterKey)}`, 'utf8').toString('base64url');
}
/** Reads a cursor back; a malformed one, or one made for another filter, is refused. */
function decodeCursor(cursor, filterKey) {
    if (cursor.length > 64)
        return { ok: false, reason: 'malformed cursor' };
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const match = /^(\d{1,12})\.([0-9a-z]+)$/.exec(text);
    if (match === null)
        return { ok: false, reason: 'malformed cursor' };
    if (match[2] !== fingerprint(filterKey))
        return { ok: false, reason: 'cursor was issued for a different filter' };
    return { ok: true, position: Number(match[1]) };
}

;// CONCATENATED MODULE: ./src/emulator/osv-seed.ts
// Real published OSV records, trimmed (references cut to the advisory's own page, long details to their
// first sentence, Go's symbol lists dropped); ids, aliases, summaries, severities and affected ranges are
// as published in github/advisory-database, pypa/advisory-database, golang/vulndb and rustsec/advisory-db
// (RUSTSEC records in the OSV form osv.dev serves them: `patched`/`unaffected` become SEMVER events).
// They cover the seeded dataset's vulnerable versions and the demo: lodash 4.17.20, minimist 1.2.5,
// event-stream 3.3.6, PyYAML 5.3.1, golang.org/x/crypto of 2022, log4j-core 2.14.1 and openssl 0.10.64.
const ghsa = (severity, reviewedAt) => ({
    database_specific: {
        severity,
        github_reviewed: true,
        ...(reviewedAt === undefined ? {} : { github_reviewed_at: reviewedAt }),
    },
});
const advisoryPage = (id) => [{ type: 'ADVISORY', url: `https://github.com/advisories/${id}` }];
const range = (type, ...events) => ({ type, events });
/** The emulator's OSV database: what `GET /v1/vulns/{id}` serves and `POST /v1/querybatch` matches. */
const OSV_SEED_RECORDS = [
    {
        schema_version: '1.3.0',
        id: 'GHSA-35jh-r3h4-6jhm',
        modified: '2022-02-08T21:35:09Z',
        published: '2021-05-06T16:05:51Z',
        aliases: ['CVE-2021-23337'],
        summary: 'Command Injection in lodash',
        details: '`lodash` versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'npm', name: 'lodash' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
            },
            {
                package: { ecosystem: 'npm', name: 'lodash-es' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
            },
        ],
        references: advisoryPage('GHSA-35jh-r3h4-6jhm'),
        ...ghsa('HIGH', '2021-03-31T23:59:26Z'),
    },
    {
        schema_version: '1.4.0',
        id: 'GHSA-29mw-wpgm-hmr9',
        modified: '2023-09-05T22:58:25Z',
        published: '2022-01-06T20:30:46Z',
        aliases: ['CVE-2020-28500'],
        summary: 'Regular Expression Denial of Service (ReDoS) in lodash',
        details: 'All versions of package lodash prior to 4.17.21 are vulnerable to Regular Expression Denial of Service (ReDoS) via the `toNumber`, `trim` and `trimEnd` functions.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
        affected: [
            {
                package: { ecosystem: 'npm', name: 'lodash' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
            },
            {
                package: { ecosystem: 'npm', name: 'lodash-es' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
            },
            {
                package: { ecosystem: 'npm', name: 'lodash.trimend' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { last_affected: '4.5.1' })],
            },
            {
                package: { ecosystem: 'npm', name: 'lodash.trim' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { last_affected: '4.5.1' })],
            },
        ],
        references: advisoryPage('GHSA-29mw-wpgm-hmr9'),
        ...ghsa('MODERATE', '2021-03-19T22:45:28Z'),
    },
    {
        schema_version: '1.4.0',
        id: 'GHSA-xvch-5gv4-984h',
        modified: '2023-02-27T14:47:14Z',
        published: '2022-03-18T00:01:09Z',
        aliases: ['CVE-2021-44906'],
        summary: 'Prototype Pollution in minimist',
        details: 'Minimist prior to 1.2.6 and 0.2.4 is vulnerable to Prototype Pollution via file `index.js`, function `setKey()` (lines 69-95).',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'npm', name: 'minimist' },
                ranges: [range('ECOSYSTEM', { introduced: '1.0.0' }, { fixed: '1.2.6' })],
            },
            {
                package: { ecosystem: 'npm', name: 'minimist' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.2.4' })],
            },
        ],
        references: advisoryPage('GHSA-xvch-5gv4-984h'),
        ...ghsa('CRITICAL', '2022-03-18T23:13:40Z'),
    },
    {
        schema_version: '1.3.0',
        id: 'GHSA-mh6f-8j2x-4483',
        modified: '2021-09-15T20:08:26Z',
        published: '2018-11-26T23:58:21Z',
        aliases: [],
        summary: 'Critical severity vulnerability that affects event-stream and flatmap-stream',
        details: 'The NPM package `flatmap-stream` is considered malicious.  A malicious actor added this package as a dependency to the NPM `event-stream` package in version `3.3.6`.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'npm', name: 'event-stream' },
                ranges: [range('ECOSYSTEM', { introduced: '3.3.6' }, { fixed: '4.0.0' })],
                versions: ['3.3.6'],
            },
            {
                package: { ecosystem: 'npm', name: 'flatmap-stream' },
                ranges: [range('ECOSYSTEM', { introduced: '0' })],
            },
        ],
        references: advisoryPage('GHSA-mh6f-8j2x-4483'),
        ...ghsa('CRITICAL', '2020-06-16T21:46:17Z'),
    },
    {
        schema_version: '1.2.0',
        id: 'GHSA-8q59-q68h-6hv4',
        modified: '2021-09-28T19:04:49Z',
        published: '2021-03-25T21:26:26Z',
        aliases: ['CVE-2020-14343'],
        summary: 'Improper Input Validation in PyYAML',
        details: 'A vulnerability was discovered in the PyYAML library in versions before 5.4, where it is susceptible to arbitrary code execution when it processes untrusted YAML files through the full_load method or with the FullLoader loader.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'PyPI', name: 'PyYAML' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '5.4' })],
            },
        ],
        references: advisoryPage('GHSA-8q59-q68h-6hv4'),
        ...ghsa('CRITICAL'),
    },
    {
        id: 'PYSEC-2021-142',
        modified: '2021-08-27T03:22:18.913334Z',
        published: '2021-02-09T21:15:00Z',
        aliases: ['CVE-2020-14343', 'GHSA-8q59-q68h-6hv4'],
        details: 'A vulnerability was discovered in the PyYAML library in versions before 5.4, where it is susceptible to arbitrary code execution when it processes untrusted YAML files through the full_load method or with the FullLoader loader.',
        affected: [
            {
                package: { name: 'pyyaml', ecosystem: 'PyPI', purl: 'pkg:pypi/pyyaml' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '5.4' })],
                versions: [
                    '3.01',
                    '3.02',
                    '3.03',
                    '3.04',
                    '3.05',
                    '3.06',
                    '3.07',
                    '3.08',
                    '3.09',
                    '3.10',
                    '3.11',
                    '3.12',
                    '3.13',
                    '3.13b1',
                    '3.13rc1',
                    '4.2b1',
                    '4.2b2',
                    '4.2b4',
                    '5.1',
                    '5.1.1',
                    '5.1.2',
                    '5.1b1',
                    '5.1b3',
                    '5.1b5',
                    '5.1b7',
                    '5.2',
                    '5.2b1',
                    '5.3',
                    '5.3.1',
                    '5.3b1',
                    '5.4b1',
                    '5.4b2',
                ],
            },
        ],
        references: [
            { type: 'REPORT', url: 'https://bugzilla.redhat.com/show_bug.cgi?id=1860466' },
            { type: 'ADVISORY', url: 'https://github.com/advisories/GHSA-8q59-q68h-6hv4' },
        ],
    },
    {
        schema_version: '1.4.0',
        id: 'GHSA-45x7-px36-x8w8',
        modified: '2023-12-19T20:35:35Z',
        published: '2023-12-18T19:22:09Z',
        aliases: ['CVE-2023-48795'],
        summary: 'Prefix Truncation Attack against ChaCha20-Poly1305 and Encrypt-then-MAC aka Terrapin',
        details: "Terrapin is a prefix truncation attack targeting the SSH protocol. More precisely, Terrapin breaks the integrity of SSH's secure channel.",
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N' }],
        affected: [
            {
                package: { ecosystem: 'crates.io', name: 'russh' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.40.2' })],
            },
            {
                package: { ecosystem: 'Go', name: 'golang.org/x/crypto' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.17.0' })],
            },
            {
                package: { ecosystem: 'PyPI', name: 'paramiko' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '3.4.0' })],
            },
        ],
        references: advisoryPage('GHSA-45x7-px36-x8w8'),
        ...ghsa('MODERATE', '2023-12-18T19:22:09Z'),
    },
    {
        schema_version: '1.3.1',
        id: 'GO-2023-2402',
        modified: '0001-01-01T00:00:00Z',
        published: '0001-01-01T00:00:00Z',
        aliases: ['CVE-2023-48795', 'GHSA-45x7-px36-x8w8'],
        summary: 'Man-in-the-middle attacker can compromise integrity of secure channel in golang.org/x/crypto',
        details: 'A protocol weakness allows a MITM attacker to compromise the integrity of the secure channel before it is established, allowing the attacker to prevent transmission of a number of messages immediately after the secure channel is established without either side being aware.',
        affected: [
            {
                package: { name: 'golang.org/x/crypto', ecosystem: 'Go' },
                ranges: [range('SEMVER', { introduced: '0' }, { fixed: '0.17.0' })],
                ecosystem_specific: { imports: [{ path: 'golang.org/x/crypto/ssh' }] },
            },
        ],
        references: [
            { type: 'REPORT', url: 'https://go.dev/issue/64784' },
            { type: 'FIX', url: 'https://go.dev/cl/550715' },
        ],
        database_specific: { url: 'https://pkg.go.dev/vuln/GO-2023-2402' },
    },
    {
        schema_version: '1.3.0',
        id: 'GHSA-jfh8-c2jp-5v3q',
        modified: '2022-03-25T20:56:18Z',
        published: '2021-12-10T00:40:56Z',
        aliases: ['CVE-2021-44228'],
        summary: 'Remote code injection in Log4j',
        details: 'Log4j versions prior to 2.16.0 are subject to a remote code execution vulnerability via the ldap JNDI parser.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.15.0' })],
            },
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.3.1' })],
            },
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '2.4' }, { fixed: '2.12.2' })],
            },
        ],
        references: advisoryPage('GHSA-jfh8-c2jp-5v3q'),
        ...ghsa('CRITICAL', '2021-12-10T00:40:41Z'),
    },
    {
        schema_version: '1.2.0',
        id: 'GHSA-7rjr-3q55-vv33',
        modified: '2022-02-24T18:12:21Z',
        published: '2021-12-14T18:01:28Z',
        aliases: ['CVE-2021-45046'],
        summary: 'Incomplete fix for Apache Log4j vulnerability',
        details: 'The fix to address CVE-2021-44228 in Apache Log4j 2.15.0 was incomplete in certain non-default configurations.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
        affected: [
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.16.0' })],
            },
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.12.2' })],
            },
        ],
        references: advisoryPage('GHSA-7rjr-3q55-vv33'),
        ...ghsa('CRITICAL'),
    },
    {
        schema_version: '1.2.0',
        id: 'GHSA-p6xc-xr62-6r2g',
        modified: '2022-08-11T21:38:34Z',
        published: '2021-12-18T18:00:07Z',
        aliases: ['CVE-2021-45105'],
        summary: 'Apache Log4j2 vulnerable to Improper Input Validation and Uncontrolled Recursion',
        details: 'Apache Log4j2 versions 2.0-alpha1 through 2.16.0 (excluding 2.12.3) did not protect from uncontrolled recursion from self-referential lookups.',
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:H' }],
        affected: [
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '2.4.0' }, { fixed: '2.12.3' })],
            },
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.17.0' })],
            },
            {
                package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
                ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.3.1' })],
            },
        ],
        references: advisoryPage('GHSA-p6xc-xr62-6r2g'),
        ...ghsa('HIGH'),
    },
    {
        id: 'RUSTSEC-2025-0004',
        modified: '2025-02-03T00:00:00Z',
        published: '2025-02-02T12:00:00Z',
        aliases: ['GHSA-rpmj-rpgj-qmpm'],
        summary: 'ssl::select_next_proto use after free',
        details: "In `openssl` versions before `0.10.70`, `ssl::select_next_proto` can return a slice pointing into the `server` argument's buffer but with a lifetime bound to the `client` argument.",
        affected: [
            {
                package: { ecosystem: 'crates.io', name: 'openssl', purl: 'pkg:cargo/openssl' },
                ranges: [range('SEMVER', { introduced: '0.0.0-0' }, { fixed: '0.10.70' })],
                ecosystem_specific: {
                    affects: { functions: ['openssl::ssl::select_next_proto'], os: [], arch: [] },
                },
                database_specific: { categories: ['memory-exposure'], cvss: null, informational: null },
            },
        ],
        references: [
            { type: 'PACKAGE', url: 'https://crates.io/crates/openssl' },
            { type: 'ADVISORY', url: 'https://rustsec.org/advisories/RUSTSEC-2025-0004.html' },
        ],
    },
    {
        id: 'RUSTSEC-2025-0022',
        modified: '2025-04-05T00:00:00Z',
        published: '2025-04-04T12:00:00Z',
        aliases: [],
        summary: 'Use-After-Free in `Md::fetch` and `Cipher::fetch`',
        details: 'When a `Some(...)` value was passed to the `properties` argument of either of these functions, a use-after-free would result.',
        affected: [
            {
                package: { ecosystem: 'crates.io', name: 'openssl', purl: 'pkg:cargo/openssl' },
                ranges: [range('SEMVER', { introduced: '0.10.39' }, { fixed: '0.10.72' })],
                database_specific: { categories: ['memory-corruption'], cvss: null, informational: null },
            },
        ],
        references: [
            { type: 'PACKAGE', url: 'https://crates.io/crates/openssl' },
            { type: 'ADVISORY', url: 'https://rustsec.org/advisories/RUSTSEC-2025-0022.html' },
        ],
    },
];

;// CONCATENATED MODULE: ./src/emulator/osv-routes.ts





/** OSV's documented limit of queries in one batch. */
const BATCH_LIMIT = 1000;
/**
 * OSV's errors are gRPC-gateway statuses: `{"code": 3, "message": "..."}` with the HTTP status of the
 * code (3 INVALID_ARGUMENT -> 400, 5 NOT_FOUND -> 404).
 */
class OsvStatus extends Error {
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
    }
    toResponse() {
        return jsonResponse(this.status, { code: this.status === 404 ? 5 : 3, message: this.message });
    }
}
/**
 * `POST /v1/querybatch` and `GET /v1/vulns/{id}` over a fixed set of records, in OSV's wire format
 * (https://google.github.io/osv.dev/api/): results in query order, `{}` for a query with no advisory,
 * `vulns: [{id, modified}]` otherwise, paged per query with `next_page_token` (sent back as the query's
 * `page_token`). No authentication, as OSV's public API has none.
 */
function createOsvRoutes(options = {}) {
    const records = options.records ?? OSV_SEED_RECORDS;
    const pageSize = Math.max(1, options.pageSize ?? 2);
    const byId = new Map();
    const byPackage = new Map();
    records.forEach((raw, i) => {
        const record = (0,vulns/* readOsvRecord */.AQ)(raw, `OSV seed record ${i}`);
        const entry = { raw: raw, record };
        byId.set(record.id, entry);
        const keys = new Set();
        for (const affected of record.affected) {
            const ecosystem = affected.package && (0,vulns/* ecosystemOfOsv */.y1)(affected.package.ecosystem);
            if (ecosystem === undefined || affected.package === undefined)
                continue;
            keys.add((0,domain/* packageId */.sG)({ ecosystem, name: affected.package.name }));
        }
        for (const key of keys)
            byPackage.set(key, [...(byPackage.get(key) ?? []), entry]);
    });
    const run = async (handler) => {
        try {
            return await handler();
        }
        catch (error) {
            if (error instanceof OsvStatus)
                return error.toResponse();
            throw error;
        }
    };
    function matches(ecosystem, name, version) {
        const candidates = byPackage.get((0,domain/* packageId */.sG)({ ecosystem, name })) ?? [];
        return candidates
            .filter((c) => (0,vulns/* affects */.bB)(c.record, ecosystem, name, version))
            .sort((a, b) => a.record.id.localeCompare(b.record.id));
    }
    return [
        {
            methods: ['POST'],
            pattern: /^\/v1\/querybatch$/,
            run: (request) => run(async () => {
                const body = await readJsonBody(request);
                if (!isObject(body) || !Array.isArray(body.queries))
                    throw new OsvStatus(400, 'queries must be a list of queries');
                if (body.queries.length > BATCH_LIMIT)
                    throw new OsvStatus(400, `Too many queries: at most ${BATCH_LIMIT} per batch`);
                const results = body.queries.map((query, i) => {
                    const where = `queries[${i}]`;
                    if (!isObject(query) || !isObject(query.package))
                        throw new OsvStatus(400, `${where}: a package query needs package.name and package.ecosystem`);
                    const { name, ecosystem: osvName } = query.package;
                    const version = query.version;
                    if (typeof name !== 'string' || name === '' || typeof osvName !== 'string' || osvName === '')
                        throw new OsvStatus(400, `${where}: a package query needs package.name and package.ecosystem`);
                    if (version !== undefined && typeof version !== 'string')
                        throw new OsvStatus(400, `${where}: version must be a string`);
                    const token = query.page_token;
                    if (token !== undefined && typeof token !== 'string')
                        throw new OsvStatus(400, `${where}: page_token must be a string`);
                    const ecosystem = (0,vulns/* ecosystemOfOsv */.y1)(osvName);
                    // An ecosystem OSV has that the emulator does not hold (Debian, Alpine...) has no advisory here.
                    if (ecosystem === undefined || version === undefined || version === '')
                        return {};
                    const key = `${osvName}\u0000${name}\u0000${version}`;
                    let start = 0;
                    if (token !== undefined && token !== '') {
                        const decoded = decodeCursor(token, key);
                        if (!decoded.ok)
                            throw new OsvStatus(400, `${where}: invalid page_token (${decoded.reason})`);
                        start = decoded.position;
                    }
                    const all = matches(ecosystem, name, version);
                    if (start > all.length)
                        throw new OsvStatus(400, `${where}: invalid page_token`);
                    const page = all.slice(start, start + pageSize);
                    if (page.length === 0)
                        return {};
                    const end = start + page.length;
                    return {
                        vulns: page.map((m) => ({ id: m.record.id, modified: m.record.modified ?? '' })),
                        ...(end < all.length ? { next_page_token: encodeCursor(end, key) } : {}),
                    };
                });
                return jsonResponse(200, { results });
            }),
        },
        {
            methods: ['GET'],
            pattern: /^\/v1\/vulns\/([^/]+)$/,
            run: (_request, [rawId]) => run(async () => {
                let id;
                try {
                    id = decodeURIComponent(rawId ?? '');
                }
                catch {
                    throw new OsvStatus(400, 'id is not valid percent-encoding');
                }
                const entry = byId.get(id);
                if (entry === undefined)
                    throw new OsvStatus(404, 'Bug not found.');
                return jsonResponse(200, entry.raw);
            }),
        },
    ];
}

;// CONCATENATED MODULE: ./src/emulator/npm-packuments.json
const npm_packuments_namespaceObject = /*#__PURE__*/JSON.parse('{"chalk":{"name":"chalk","dist-tags":{"latest":"5.6.2"},"time":{"5.6.0":"2025-08-17T21:44:26.811000+00:00","5.6.2":"2025-09-08T15:04:26.266000+00:00"},"versions":{"5.6.0":{"name":"chalk","version":"5.6.0","dist":{"integrity":"sha512-46QrSQFyVSEyYAgQ22hQ+zDa60YHA4fBstHmtSApj1Y5vKtG27fWowW03jCk5KcbXEWPZUIR894aARCA/G1kfQ==","shasum":"a1a8d294ea3526dbb77660f12649a08490e33ab8","tarball":"https://registry.npmjs.org/chalk/-/chalk-5.6.0.tgz"}},"5.6.2":{"name":"chalk","version":"5.6.2","dist":{"integrity":"sha512-7NzBL0rN6fMUW+f7A6Io4h40qQlG+xGmtMxfbnH/K7TAtt8JQWVQK+6g0UXKMeVJoyV5EkkNsErQ8pVD3bLHbA==","shasum":"b1238b6e23ea337af71c7f8a295db5af0c158aea","tarball":"https://registry.npmjs.org/chalk/-/chalk-5.6.2.tgz"}}}},"debug":{"name":"debug","dist-tags":{"latest":"4.4.3"},"time":{"4.4.0":"2024-12-06T17:55:20.963000+00:00","4.4.1":"2025-05-13T22:55:09.883000+00:00","4.4.3":"2025-09-13T19:28:59.839000+00:00"},"versions":{"4.4.0":{"name":"debug","version":"4.4.0","dist":{"integrity":"sha512-6WTZ/IxCY/T6BALoZHaE4ctp9xm+Z5kY/pzYaCHRFeyVhojxlrm+46y68HA6hr0TcwEssoxNiDEUJQjfPZ/RYA==","shasum":"2b3f2aea2ffeb776477460267377dc8710faba8a","tarball":"https://registry.npmjs.org/debug/-/debug-4.4.0.tgz"}},"4.4.1":{"name":"debug","version":"4.4.1","dist":{"integrity":"sha512-KcKCqiftBJcZr++7ykoDIEwSa3XWowTfNPo92BYxjXiyYEVrUQh2aLyhxBCwww+heortUFxEJYcRzosstTEBYQ==","shasum":"e5a8bc6cbc4c6cd3e64308b0693a3d4fa550189b","tarball":"https://registry.npmjs.org/debug/-/debug-4.4.1.tgz"}},"4.4.3":{"name":"debug","version":"4.4.3","dist":{"integrity":"sha512-RGwwWnwQvkVfavKVt22FGLw+xYSdzARwm0ru6DhTVA3umU5hZc28V3kO4stgYryrTlLpuvgI9GiijltAjNbcqA==","shasum":"c6ae432d9bd9662582fce08709b038c58e9e3d6a","tarball":"https://registry.npmjs.org/debug/-/debug-4.4.3.tgz"}}}},"esbuild":{"name":"esbuild","dist-tags":{"latest":"0.25.0"},"time":{"0.25.0":"2025-02-18T20:30:47.083000+00:00"},"versions":{"0.25.0":{"name":"esbuild","version":"0.25.0","scripts":{"postinstall":"node install.js"},"dist":{"integrity":"sha512-BXq5mqc8ltbaN34cDqWuYKyNhX8D/Z0J1xdtdQ8UcIIIyJyz+ZMKUt58tF3SrZ85jcfN/PZYhjR5uDQAYNVbuw==","shasum":"0de1787a77206c5a79eeb634a623d39b5006ce92","tarball":"https://registry.npmjs.org/esbuild/-/esbuild-0.25.0.tgz"}}}},"request":{"name":"request","dist-tags":{"latest":"2.88.2"},"time":{"2.88.0":"2024-11-22T23:22:40.680000+00:00","2.88.2":"2024-03-13T20:02:36.490000+00:00"},"versions":{"2.88.0":{"name":"request","version":"2.88.0","dist":{"integrity":"sha512-NAqBSrijGLZdM0WZNsInLJpkJokL72XYjUpnB0iwsRgxh7dB6COrHnTBNwN0E+lHDAJzu7kLAkDeY08z2/A0hg==","shasum":"9c2fca4f7d35b592efe57c7f0a55e81052124fef","tarball":"https://registry.npmjs.org/request/-/request-2.88.0.tgz"}},"2.88.2":{"name":"request","version":"2.88.2","dist":{"integrity":"sha512-MsvtOrfG9ZcrOwAW+Qi+F6HbD0CWXEh9ou77uOb7FM2WPhwT7smM833PzanhJLsgXjN89Ir6V2PczXNnMpwKhw==","shasum":"d73c918731cb5a87da047e207234146f664d12b3","tarball":"https://registry.npmjs.org/request/-/request-2.88.2.tgz"}}}},"lodash":{"name":"lodash","dist-tags":{"latest":"4.17.21"},"time":{"4.17.20":"2024-11-22T20:25:35.014000+00:00","4.17.21":"2024-02-23T22:24:08.672000+00:00"},"versions":{"4.17.20":{"name":"lodash","version":"4.17.20","dist":{"integrity":"sha512-PlhdFcillOINfeV7Ni6oF1TAEayyZBoZ8bcshTHqOYJYlrqzRK5hagpagky5o4HfCzzd1TRkXPMFq6cKk9rGmA==","shasum":"b44a9b6297bcb698f1c51a3545a2b3b368d59c52","tarball":"https://registry.npmjs.org/lodash/-/lodash-4.17.20.tgz"}},"4.17.21":{"name":"lodash","version":"4.17.21","dist":{"integrity":"sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==","shasum":"679591c564c3bffaae8454cf0b3df370c3d6911c","tarball":"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"}}}}}');
;// CONCATENATED MODULE: ./src/emulator/npm-seed.ts
// Not npm-seed.json: the bundler would take a JSON file of the module's own name for the module.

/**
 * Real npm packuments, recorded on 2026-11-28 from https://registry.npmjs.org (`GET /<name>`) and trimmed
 * to what depgate reads: `dist-tags`, `time` and, of a few versions each, the install-time `scripts` and
 * `dist`. Packages: chalk 5.6.0 and 5.6.2 (5.6.2 is the release that replaced the compromised 5.6.1 of
 * 2025-09-08), debug 4.4.0, 4.4.1 and 4.4.3, esbuild 0.25.0 (a real `postinstall`), request 2.88.0 and
 * 2.88.2, lodash 4.17.20 and 4.17.21.
 *
 * The registry reachable from where this was recorded serves trimmed documents: `time` and `scripts` are
 * there, `deprecated`, `dist.attestations`, `dist.signatures` and `_npmUser` are not. Those fields are
 * modelled below from npm's documented shape
 * (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md, https://docs.npmjs.com/generating-provenance-statements):
 * `deprecated` on request 2.88.2 with request's real deprecation message, and a provenance attestation
 * on debug 4.4.0 and 4.4.1 but none on 4.4.3, so that an upgrade to 4.4.3 is a provenance regression.
 */
function modelled() {
    const docs = structuredClone(npm_packuments_namespaceObject);
    const attest = (name, version) => {
        const dist = docs[name].versions[version].dist;
        dist.attestations = {
            url: `https://registry.npmjs.org/-/npm/v1/attestations/${name}@${version}`,
            provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
        };
    };
    attest('debug', '4.4.0');
    attest('debug', '4.4.1');
    docs.request.versions['2.88.2'].deprecated =
        'request has been deprecated, see https://github.com/request/request/issues/3142';
    return docs;
}
/** The seeded packuments by name, as the emulator serves them. */
const NPM_SEED_PACKUMENTS = modelled();

;// CONCATENATED MODULE: ./src/emulator/npm-routes.ts


/** Where the emulator serves its npm registry: a registry with a path, as Artifactory or Nexus serve one. */
const NPM_REGISTRY_PATH = '/npm';
/** npm's own answer for a name it does not have. */
const notFound = () => jsonResponse(404, { error: 'Not found' });
function decodeName(raw) {
    try {
        return decodeURIComponent(raw);
    }
    catch {
        return undefined;
    }
}
/**
 * npm's registry read routes (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md) under
 * `/npm`: `GET /npm/<name>` the packument, `GET /npm/<name>/<version or dist-tag>` one version's
 * manifest; a scoped name as npm sends it, `/@scope%2fname` (or `/@scope/name`). No authentication: a
 * public registry's reads need none.
 */
function createNpmRoutes(options = {}) {
    const packuments = options.packuments ?? NPM_SEED_PACKUMENTS;
    const lookup = (raw) => {
        const name = decodeName(raw);
        return name === undefined ? undefined : packuments[name];
    };
    return [
        {
            methods: ['GET'],
            pattern: /^\/npm\/((?:@[^/]+(?:\/|%2[fF]))?[^/@][^/]*)$/,
            run: async (_request, [raw]) => {
                const doc = lookup(raw ?? '');
                return doc === undefined ? notFound() : jsonResponse(200, doc);
            },
        },
        {
            methods: ['GET'],
            pattern: /^\/npm\/((?:@[^/]+(?:\/|%2[fF]))?[^/@][^/]*)\/([^/]+)$/,
            run: async (_request, [raw, rawVersion]) => {
                const doc = lookup(raw ?? '');
                const wanted = decodeName(rawVersion ?? '') ?? '';
                const version = doc?.['dist-tags']?.[wanted] ?? wanted;
                const manifest = doc?.versions?.[version];
                return manifest === undefined ? notFound() : jsonResponse(200, manifest);
            },
        },
    ];
}

// EXTERNAL MODULE: ./src/policy/index.ts + 9 modules
var policy = __webpack_require__(38652);
;// CONCATENATED MODULE: ./src/emulator/auth.ts

/**
 * The token of a request. 401 without one or for an unknown one. A user JWT on an operation that
 * takes API tokens only is a 401 too: the credential is valid, but not for this API, and the fix is
 * the same as for a wrong token (use an API token). An API token without the Web API scope gets the
 * real service's 404, on every operation.
 */
function authenticate(request, dataset, scheme) {
    const header = request.headers.get('authorization') ?? '';
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (match === null)
        throw new EmulatorHttpError(401, 'missing bearer token: send Authorization: Bearer <API_TOKEN>');
    const token = dataset.tokens.find((t) => t.token === match[1]);
    if (token === undefined)
        throw new EmulatorHttpError(401, 'invalid or expired token');
    if (token.kind === 'jwt' && scheme === 'api-token')
        throw new EmulatorHttpError(401, 'this operation takes an API token; a user JSON Web Token is accepted on notifications only');
    if (token.kind === 'api' && !token.webApi)
        throw new EmulatorHttpError(404, 'not found');
    return token;
}
/** The deployment of a numeric id in a path, if the token belongs to it; else 404 (never 403). */
function deploymentById(dataset, token, raw) {
    if (!/^\d{1,20}$/.test(raw))
        throw new EmulatorHttpError(400, `deployment id must be a number (this path takes the id, not the slug), got ${JSON.stringify(raw)}`);
    const deployment = dataset.deployments.find((d) => String(d.id) === BigInt(raw).toString());
    if (deployment === undefined || token.deploymentId !== deployment.id)
        throw new EmulatorHttpError(404, `deployment ${raw} not found`);
    return deployment;
}
/** The deployment of a slug in a path, if the token belongs to it; else 404. */
function deploymentBySlug(dataset, token, slug) {
    const deployment = dataset.deployments.find((d) => d.slug === slug);
    if (deployment === undefined || token.deploymentId !== deployment.id) {
        const hint = /^\d+$/.test(slug) ? ' (this path takes the slug, not the numeric id)' : '';
        throw new EmulatorHttpError(404, `deployment ${JSON.stringify(slug)} not found${hint}`);
    }
    return deployment;
}

;// CONCATENATED MODULE: ./src/emulator/query-params.ts

// The platform is a Python application: its query parameters are read by the usual Python parsers
// (pydantic, marshmallow, and the protobuf gateway for the secrets listing). The readers here are as
// lenient as those are, and refuse what they refuse with a 400 that names the parameter.
const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', 'off', '0']);
/**
 * A boolean as pydantic and marshmallow read one: `true`, `True`, `1`, `yes`, `on` (and `t`, `y`), or
 * their false counterparts, in any case. Anything else, the empty string included, is a 400.
 */
function readBoolean(text, name) {
    const word = text.trim().toLowerCase();
    if (TRUE_WORDS.has(word))
        return true;
    if (FALSE_WORDS.has(word))
        return false;
    throw new EmulatorHttpError(400, `${name} must be a boolean (true or false; also 1/0, yes/no, on/off), got ${describeValue(text)}`);
}
/** A time from a query: Unix seconds (the reference types `since` as a number) or ISO 8601; in ms. */
function readTime(text, name) {
    const ms = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) * 1000 : Date.parse(text);
    if (Number.isNaN(ms))
        throw new EmulatorHttpError(400, `${name} must be a Unix timestamp or an ISO 8601 time, got ${describeValue(text)}`);
    return ms;
}
/**
 * Reads `query` for one listing. `aliases` maps a parameter's other spelling to its name (the gateway
 * behind the secrets listing takes `validationState` as well as `validation_state`).
 */
function createQueryReader(query, aliases = {}) {
    const asked = new Set();
    const values = (name) => {
        asked.add(name);
        const out = query.getAll(name);
        for (const [alias, target] of Object.entries(aliases))
            if (target === name) {
                asked.add(alias);
                out.push(...query.getAll(alias));
            }
        return out;
    };
    const single = (name) => {
        const all = values(name);
        if (new Set(all).size > 1)
            throw new EmulatorHttpError(400, `${name} takes one value, got ${all.length}: ${all.map((v) => describeValue(v)).join(', ')}`);
        return all[0];
    };
    return {
        list(name, { allowed, normalize = (v) => v } = {}) {
            const items = values(name)
                .flatMap((v) => v.split(','))
                .map((v) => normalize(v.trim()))
                .filter((v) => v !== '');
            if (allowed !== undefined)
                for (const item of items)
                    if (!allowed.includes(item))
                        throw new EmulatorHttpError(400, `${name} must be among ${allowed.join(', ')}, got ${describeValue(item)}`);
            return [...new Set(items)];
        },
        single,
        boolean(name, fallback) {
            const text = single(name);
            return text === undefined ? fallback : readBoolean(text, name);
        },
        noteUnknown(note) {
            const unknown = [...new Set(query.keys())].filter((k) => !asked.has(k));
            if (unknown.length > 0)
                note(`ignored unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
        },
    };
}

;// CONCATENATED MODULE: ./src/emulator/findings-filter.ts


// The documented query filters of the findings listing (GET /api/v1/deployments/{slug}/findings, the
// reference's `openapi_list_recent_issues`), each read from the finding fields the service answers
// with. docs/emulator.md's route table names the field each filter reads.
const FINDING_ISSUE_TYPES = ['sast', 'sca', 'ai_sast'];
const FINDING_STATUSES = [
    'open',
    'fixed',
    'ignored',
    'reviewing',
    'fixing',
    'provisionally_ignored',
];
const FINDING_SEVERITIES = ['low', 'medium', 'high', 'critical'];
const FINDING_CONFIDENCES = ['low', 'medium', 'high'];
const FINDING_TRIAGE_REASONS = [
    'acceptable_risk',
    'false_positive',
    'no_time',
    'no_triage_reason',
    'duplicate',
];
const FINDING_VERDICTS = ['true_positive', 'false_positive'];
/** Supply-chain reachability, as `exposures` takes it and SCA findings carry it (`reachability`). */
const FINDING_EXPOSURES = [
    'reachable',
    'always_reachable',
    'conditionally_reachable',
    'unreachable',
    'unknown',
];
const FINDING_TRANSITIVITIES = ['direct', 'transitive', 'unknown'];
const FINDING_FIX_PR_STATES = ['open', 'merged'];
/** The query parameters the findings listing reads, page and page size included. */
const FINDINGS_PARAMETERS = (/* unused pure expression or super */ null && ([
    'issue_type',
    'since',
    'page',
    'dedup',
    'page_size',
    'repos',
    'repository_ids',
    'status',
    'triage_reasons',
    'severities',
    'ref',
    'policies',
    'rules',
    'categories',
    'confidence',
    'autotriage_verdict',
    'component_tags',
    'exposures',
    'transitivities',
    'is_malicious',
    'click_to_fix_pr_state',
]));
/** `ref=_default`: each project's own default branch, whatever it is named. */
const DEFAULT_REF = '_default';
const lower = (v) => v.toLowerCase();
const refOf = (r) => r.replace(/^refs\/heads\//, '');
/** An object field of a record, or undefined. */
function objectAt(value, key) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const field = value[key];
    return typeof field === 'object' && field !== null && !Array.isArray(field)
        ? field
        : undefined;
}
/** A string field, lowercased; undefined when it is not a string. */
function textAt(value, key) {
    const field = value?.[key];
    return typeof field === 'string' ? field.toLowerCase() : undefined;
}
/**
 * The findings listing's query, as one predicate over findings of one deployment, whose `projects`
 * resolve `ref=_default` and `repository_ids`. Every bad value is a 400 naming its parameter.
 */
function readFindingsFilter(query, projects) {
    // A repeated issue_type lists each type (the platform's own MCP server sends sast and sca both).
    const issueTypes = query.list('issue_type', { allowed: FINDING_ISSUE_TYPES, normalize: lower });
    const types = new Set(issueTypes.length > 0 ? issueTypes : ['sast']);
    const repos = new Set(query.list('repos'));
    const repositoryIds = query.list('repository_ids');
    for (const id of repositoryIds)
        if (!/^\d{1,20}$/.test(id))
            throw new EmulatorHttpError(400, `repository_ids must be numeric ids, got ${JSON.stringify(id)}`);
    const ids = new Set(repositoryIds.map((id) => BigInt(id).toString()));
    const statuses = new Set(query.list('status', { allowed: FINDING_STATUSES, normalize: lower }));
    const reasons = new Set(query.list('triage_reasons', { allowed: FINDING_TRIAGE_REASONS, normalize: lower }));
    const severities = new Set(query.list('severities', { allowed: FINDING_SEVERITIES, normalize: lower }));
    const ref = query.single('ref');
    const policies = new Set(query.list('policies'));
    const rules = new Set(query.list('rules'));
    const categories = new Set(query.list('categories', { normalize: lower }));
    const confidences = new Set(query.list('confidence', { allowed: FINDING_CONFIDENCES, normalize: lower }));
    const verdicts = new Set(query.list('autotriage_verdict', { allowed: FINDING_VERDICTS, normalize: lower }));
    const components = new Set(query.list('component_tags', { normalize: lower }));
    const exposures = new Set(query.list('exposures', { allowed: FINDING_EXPOSURES, normalize: lower }));
    const transitivities = new Set(query.list('transitivities', { allowed: FINDING_TRANSITIVITIES, normalize: lower }));
    const maliciousText = query.single('is_malicious');
    const malicious = maliciousText === undefined ? undefined : query.boolean('is_malicious', false);
    const prStates = new Set(query.list('click_to_fix_pr_state', { allowed: FINDING_FIX_PR_STATES, normalize: lower }));
    const sinceText = query.single('since');
    const since = sinceText === undefined || sinceText === '' ? undefined : readTime(sinceText, 'since');
    const dedup = query.boolean('dedup', false);
    const byName = new Map(projects.map((p) => [p.name, p]));
    const predicate = (f) => {
        if (!types.has(typeof f.issueType === 'string' ? f.issueType : 'sast'))
            return false;
        const repository = objectAt(f, 'repository');
        const name = typeof repository?.name === 'string' ? repository.name : undefined;
        if (repos.size > 0 && (name === undefined || !repos.has(name)))
            return false;
        if (ids.size > 0) {
            // The finding's repository id when it carries one; else its project's (one id space).
            const own = repository?.id;
            const id = typeof own === 'number' || typeof own === 'string'
                ? String(own)
                : name === undefined
                    ? undefined
                    : byName.get(name)?.id.toString();
            if (id === undefined || !ids.has(id))
                return false;
        }
        if (statuses.size > 0 && !statuses.has(String(f.status).toLowerCase()))
            return false;
        if (reasons.size > 0 && !reasons.has(textAt(f, 'triage_reason') ?? 'no_triage_reason'))
            return false;
        if (severities.size > 0 && !severities.has(String(f.severity).toLowerCase()))
            return false;
        if (ref === DEFAULT_REF) {
            const branch = name === undefined ? undefined : byName.get(name)?.defaultBranch;
            if (branch === undefined || refOf(String(f.ref)) !== refOf(branch))
                return false;
        }
        else if (ref !== undefined && refOf(String(f.ref)) !== refOf(ref))
            return false;
        if (policies.size > 0) {
            const policy = objectAt(f, 'sourcing_policy');
            const names = [policy?.slug, policy?.id, policy?.name].filter((v) => v !== undefined).map(String);
            if (!names.some((n) => policies.has(n)))
                return false;
        }
        if (rules.size > 0) {
            const rule = typeof f.rule_name === 'string' ? f.rule_name : objectAt(f, 'rule')?.name;
            if (typeof rule !== 'string' || !rules.has(rule))
                return false;
        }
        if (categories.size > 0) {
            const own = Array.isArray(f.categories) ? f.categories : [];
            if (!own.some((c) => typeof c === 'string' && categories.has(c.toLowerCase())))
                return false;
        }
        if (confidences.size > 0) {
            const confidence = textAt(f, 'confidence') ?? textAt(objectAt(f, 'rule'), 'confidence');
            if (confidence === undefined || !confidences.has(confidence))
                return false;
        }
        const assistant = objectAt(f, 'assistant');
        if (verdicts.size > 0) {
            const verdict = textAt(objectAt(assistant, 'autotriage'), 'verdict');
            if (verdict === undefined || !verdicts.has(verdict))
                return false;
        }
        if (components.size > 0) {
            const tag = textAt(objectAt(assistant, 'component'), 'tag');
            if (tag === undefined || !components.has(tag))
                return false;
        }
        if (exposures.size > 0 && !exposures.has(textAt(f, 'reachability') ?? 'unknown'))
            return false;
        if (transitivities.size > 0) {
            const t = textAt(objectAt(f, 'found_dependency'), 'transitivity');
            if (!transitivities.has(t === 'direct' || t === 'transitive' ? t : 'unknown'))
                return false;
        }
        if (malicious !== undefined && (f.is_malicious === true) !== malicious)
            return false;
        if (prStates.size > 0) {
            const state = textAt(f, 'click_to_fix_pr_state');
            if (state === undefined || !prStates.has(state))
                return false;
        }
        if (since !== undefined && !(Date.parse(String(f.relevant_since)) >= since))
            return false;
        return true;
    };
    return Object.assign(predicate, { dedup });
}

;// CONCATENATED MODULE: ./src/emulator/project-tags.ts

const MAX_TAG_LENGTH = 128;
/** Tag rules (decisions.md): strings, trimmed, 1..128 characters, no control characters. */
function validateTags(value, field = 'tags') {
    if (!Array.isArray(value))
        throw new EmulatorHttpError(400, `${field} must be an array of strings, got ${kindOf(value)}`);
    return value.map((tag, i) => {
        if (typeof tag !== 'string')
            throw new EmulatorHttpError(400, `${field}[${i}] must be a string, got ${kindOf(tag)}`);
        const trimmed = tag.trim();
        if (trimmed.length < 1 || trimmed.length > MAX_TAG_LENGTH)
            throw new EmulatorHttpError(400, `${field}[${i}] must be 1 to ${MAX_TAG_LENGTH} characters after trimming, got ${trimmed.length}`);
        // eslint-disable-next-line no-control-regex
        if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed))
            throw new EmulatorHttpError(400, `${field}[${i}] must not contain control characters`);
        return trimmed;
    });
}
/**
 * A project name from its path segments: `org/repo` (raw slashes) or `org%2Frepo`, each segment
 * percent-decoded. Empty, `.` and `..` segments are refused, never resolved: a name never walks
 * out of its deployment.
 */
function decodeProjectName(raw) {
    let name;
    try {
        name = raw
            .split('/')
            .map((segment) => decodeURIComponent(segment))
            .join('/');
    }
    catch {
        throw new EmulatorHttpError(400, 'project name is not valid percent-encoding');
    }
    if (name.split('/').some((s) => s === '' || s === '.' || s === '..'))
        throw new EmulatorHttpError(400, `project name ${JSON.stringify(name)} must not have empty, "." or ".." segments`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(name))
        throw new EmulatorHttpError(400, 'project name must not contain control characters');
    return name;
}
/**
 * The tags a PUT adds. Callers are known to send `{"tags": [...]}`, a bare array (as the spec's body
 * schema says), or the full `{deploymentSlug, projectName, tags}`; in the last, names that disagree
 * with the path are a 400 rather than a guess at which one was meant.
 */
async function readTagsToAdd(request, slug, projectName) {
    const body = await readJsonBody(request);
    if (Array.isArray(body))
        return validateTags(body);
    if (!isObject(body))
        throw new EmulatorHttpError(400, `request body must be an array of tags or {"tags": [...]}, got ${kindOf(body)}`);
    for (const key of Object.keys(body)) {
        if (!['tags', 'deploymentSlug', 'deployment_slug', 'projectName', 'project_name'].includes(key))
            throw new EmulatorHttpError(400, `unknown field ${JSON.stringify(key)} (known: tags, deploymentSlug, projectName)`);
    }
    const bodySlug = body.deploymentSlug ?? body.deployment_slug;
    if (bodySlug !== undefined && bodySlug !== null && bodySlug !== slug)
        throw new EmulatorHttpError(400, `deploymentSlug ${JSON.stringify(bodySlug)} does not match the path's ${JSON.stringify(slug)}`);
    const bodyName = body.projectName ?? body.project_name;
    if (bodyName !== undefined && bodyName !== null && bodyName !== projectName)
        throw new EmulatorHttpError(400, `projectName ${JSON.stringify(bodyName)} does not match the path's ${JSON.stringify(projectName)}`);
    if (body.tags === undefined)
        throw new EmulatorHttpError(400, 'tags is required: send {"tags": ["..."]}');
    return validateTags(body.tags);
}
/**
 * The tags a DELETE removes: `?tags=a&tags=b` (what the spec says), `?tags=a,b`, or a JSON body
 * `{"tags": [...]}` or `[...]`. Naming no tag at all is a 400: it is a caller's mistake, not a no-op.
 */
async function readTagsToRemove(request, url) {
    const fromQuery = url.searchParams.getAll('tags');
    if (fromQuery.length > 0)
        return validateTags(fromQuery.flatMap((t) => t.split(',')).filter((t) => t.trim() !== ''));
    // An empty removal (no `tags` query, `{}` or `{"tags": []}`) leaves the project as it is: public
    // scripts send it, and the service answers 200.
    const body = await readJsonBody(request);
    const tags = Array.isArray(body) ? body : isObject(body) ? body.tags : body;
    if (tags === undefined || tags === null)
        return [];
    return validateTags(tags);
}
/** Sets the project's tags to exactly this list (PATCH of one project). */
async function readTagsToSet(request) {
    const body = await readJsonBody(request);
    if (!isObject(body) || body.tags === undefined)
        throw new EmulatorHttpError(400, 'send {"tags": [...]}: the project\'s tags become that list');
    return [...new Set(validateTags(body.tags))];
}
/** Adds tags as a union: existing order kept, new ones appended once. Idempotent. */
function addTags(project, tags) {
    for (const tag of tags)
        if (!project.tags.includes(tag))
            project.tags.push(tag);
}
/** Removes the listed tags from this project; tags it does not have are ignored. */
function removeTags(project, tags) {
    const drop = new Set(tags);
    project.tags = project.tags.filter((t) => !drop.has(t));
}

;// CONCATENATED MODULE: ./src/emulator/render.ts
/**
 * A dependency in the superset shape (decisions.md, "Dependency objects"): the spec's `id`, `name`
 * and `version` and the real service's `repositoryId`, `definedAt` (line and column numbers as
 * strings, as protobuf JSON writes 64-bit integers), `transitivity`, `package`, `ecosystem`,
 * `licenses` and `resolvedUrl`, so that clients exercise both shapes.
 */
function renderDependency(dep, repositoryName) {
    const endLine = dep.endLine ?? dep.line;
    const endColumn = dep.endColumn ?? dep.column + dep.name.length;
    return {
        id: dep.id,
        name: dep.name,
        version: dep.version,
        repositoryId: dep.repositoryId,
        definedAt: {
            path: dep.lockfilePath,
            startLine: String(dep.line),
            startCol: String(dep.column),
            endLine: String(endLine),
            endCol: String(endColumn),
            url: `https://github.com/${repositoryName}/blob/HEAD/${dep.lockfilePath}#L${dep.line}`,
        },
        transitivity: dep.transitivity,
        package: { name: dep.name, versionSpecifier: dep.version },
        ecosystem: dep.ecosystem,
        licenses: [...dep.licenses],
        ...(dep.resolvedUrl === undefined ? {} : { resolvedUrl: dep.resolvedUrl }),
    };
}
/** A project as the projects and tags operations return it (snake_case, as the spec's sample). */
function renderProject(project) {
    return {
        id: project.id,
        name: project.name,
        tags: [...project.tags],
        created_at: project.createdAt,
        default_branch: project.defaultBranch,
        latest_scan_at: project.latestScanAt,
        managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } },
        primary_branch: project.defaultBranch,
        url: project.url,
    };
}
function renderNotification(n) {
    return {
        id: n.id,
        title: n.title,
        description: n.description,
        severity: n.severity,
        status: n.status,
        adminOnly: n.adminOnly,
        createdAt: n.createdAt,
        link: n.link,
        isExternalLink: n.isExternalLink,
        linkText: n.linkText,
    };
}
/** A finding or secret as stored, without the emulator's own bookkeeping field. */
function renderPassThrough(record) {
    const { deploymentId: _deploymentId, ...rest } = record;
    return rest;
}

;// CONCATENATED MODULE: ./src/emulator/secrets-filter.ts

// The documented query filters of the secrets listing (GET /api/v1/deployments/{id}/secrets, the
// reference's SecretsService): status, severity, repo, validation_state and since. The service reads
// them through its protobuf gateway: enum values by their names, lists as repeated keys.
/** `FINDING_STATUS_UNSPECIFIED` is the protobuf default: the same as no status at all. */
const SECRET_STATUSES = [
    'FINDING_STATUS_UNSPECIFIED',
    'FINDING_STATUS_OPEN',
    'FINDING_STATUS_IGNORED',
    'FINDING_STATUS_FIXED',
    'FINDING_STATUS_REMOVED',
    'FINDING_STATUS_UNKNOWN',
    'FINDING_STATUS_PROVISIONALLY_IGNORED',
];
const SECRET_SEVERITIES = [
    'SEVERITY_UNSPECIFIED',
    'SEVERITY_LOW',
    'SEVERITY_MEDIUM',
    'SEVERITY_HIGH',
    'SEVERITY_CRITICAL',
];
const SECRET_VALIDATION_STATES = [
    'VALIDATION_STATE_UNSPECIFIED',
    'VALIDATION_STATE_CONFIRMED_VALID',
    'VALIDATION_STATE_CONFIRMED_INVALID',
    'VALIDATION_STATE_VALIDATION_ERROR',
    'VALIDATION_STATE_NO_VALIDATOR',
];
/** The secrets listing's parameters under their other spelling (the gateway takes JSON names too). */
const SECRETS_ALIASES = { validationState: 'validation_state' };
const unspecified = (v) => !v.endsWith('_UNSPECIFIED');
/** The secrets listing's query, as one predicate; every bad value is a 400 naming its parameter. */
function readSecretsFilter(query) {
    const statuses = query.list('status', { allowed: SECRET_STATUSES }).filter(unspecified);
    const severities = query.list('severity', { allowed: SECRET_SEVERITIES }).filter(unspecified);
    const repos = query.list('repo');
    const states = query.list('validation_state', { allowed: SECRET_VALIDATION_STATES }).filter(unspecified);
    const sinceText = query.single('since');
    const since = sinceText === undefined || sinceText === '' ? undefined : readTime(sinceText, 'since');
    const predicate = (s) => {
        if (statuses.length > 0 && !statuses.includes(String(s.status)))
            return false;
        if (severities.length > 0 && !severities.includes(String(s.severity)))
            return false;
        if (repos.length > 0) {
            const repository = s.repository;
            if (typeof repository?.name !== 'string' || !repos.includes(repository.name))
                return false;
        }
        if (states.length > 0 && !states.includes(String(s.validationState)))
            return false;
        // Changed since: the last update, or the creation when the record has no update time.
        if (since !== undefined && !(Date.parse(String(s.updatedAt ?? s.createdAt)) >= since))
            return false;
        return true;
    };
    const sorted = (list) => [...list].sort();
    const key = JSON.stringify([
        sorted(statuses),
        sorted(severities),
        sorted(repos),
        sorted(states),
        since ?? null,
    ]);
    return Object.assign(predicate, { key });
}

// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
;// CONCATENATED MODULE: ./src/emulator/dependency-index.ts
const NO_REPOSITORY = 0xffffffff;
const TRANSITIVITIES = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];
/** Interns values: the same value gets the same small number. */
class Pool {
    values = [];
    ids = new Map();
    id(key, value) {
        let id = this.ids.get(key);
        if (id === undefined) {
            id = this.values.length;
            this.values.push(value);
            this.ids.set(key, id);
        }
        return id;
    }
}
/**
 * Groups positions 0..count-1 by a key in 0..keys-1 (or -1: in no group) with one counting sort:
 * the positions of a group come out ascending, as one slice of a single typed array.
 */
function groupPositions(count, keys, keyOf) {
    const offsets = new Uint32Array(keys + 1);
    const keyAt = new Int32Array(count);
    for (let i = 0; i < count; i++) {
        const key = keyOf(i);
        keyAt[i] = key;
        if (key >= 0)
            offsets[key + 1]++;
    }
    for (let k = 0; k < keys; k++)
        offsets[k + 1] += offsets[k];
    const positions = new Uint32Array(offsets[keys]);
    const fill = offsets.slice(0, keys);
    for (let i = 0; i < count; i++) {
        const key = keyAt[i];
        if (key >= 0)
            positions[fill[key]++] = i;
    }
    return { group: (key) => positions.subarray(offsets[key], offsets[key + 1]) };
}
/** Builds the columns and the per-deployment, per-repository and per-name groups of a dataset. */
function createDependencyIndex(dependencies, repositories) {
    const count = dependencies.length;
    const repositoryIds = new Map(repositories.map((r, i) => [r.id, i]));
    const names = new Pool();
    const paths = new Pool();
    const ecosystems = new Pool();
    const licenseSets = new Pool();
    const licenseSetByArray = new Map();
    const versions = [];
    const versionsByEcosystem = new Map();
    const columns = {
        repository: new Uint32Array(count),
        name: new Uint32Array(count),
        version: new Uint32Array(count),
        lockfilePath: new Uint32Array(count),
        licenses: new Uint32Array(count),
        ecosystem: new Uint32Array(count),
        transitivity: new Uint8Array(count),
    };
    for (let i = 0; i < count; i++) {
        const dep = dependencies[i];
        columns.repository[i] = repositoryIds.get(dep.repositoryId) ?? NO_REPOSITORY;
        columns.name[i] = names.id(dep.name, dep.name);
        columns.lockfilePath[i] = paths.id(dep.lockfilePath, dep.lockfilePath);
        const ecosystem = ecosystems.id(dep.ecosystem, dep.ecosystem);
        columns.ecosystem[i] = ecosystem;
        // Generated records share their license arrays: look the array itself up before its contents.
        let licenses = licenseSetByArray.get(dep.licenses);
        if (licenses === undefined) {
            licenses = licenseSets.id(dep.licenses.join('\n'), dep.licenses);
            licenseSetByArray.set(dep.licenses, licenses);
        }
        columns.licenses[i] = licenses;
        let byVersion = versionsByEcosystem.get(ecosystem);
        if (byVersion === undefined)
            versionsByEcosystem.set(ecosystem, (byVersion = new Map()));
        let version = byVersion.get(dep.version);
        if (version === undefined) {
            version = versions.push({ ecosystem: dep.ecosystem, version: dep.version }) - 1;
            byVersion.set(dep.version, version);
        }
        columns.version[i] = version;
        columns.transitivity[i] = Math.max(0, TRANSITIVITIES.indexOf(dep.transitivity));
    }
    const deploymentIds = [...new Set(repositories.map((r) => r.deploymentId))];
    const deploymentSlot = new Map(deploymentIds.map((id, slot) => [id, slot]));
    const slotOf = (position) => {
        const repository = columns.repository[position];
        return repository === NO_REPOSITORY ? -1 : deploymentSlot.get(repositories[repository].deploymentId);
    };
    const byDeploymentGroups = groupPositions(count, deploymentIds.length, slotOf);
    const byRepositoryGroups = groupPositions(count, repositories.length, (i) => columns.repository[i] === NO_REPOSITORY ? -1 : columns.repository[i]);
    // Exact-name filters compare case-insensitively, so names group by their lowercase form.
    const lowerNames = new Pool();
    const lowerOfName = names.values.map((name) => lowerNames.id(name.toLowerCase(), name.toLowerCase()));
    const groups = lowerNames.values.length;
    const byNameGroups = groupPositions(count, deploymentIds.length * groups, (i) => {
        const slot = slotOf(i);
        return slot < 0 ? -1 : slot * groups + lowerOfName[columns.name[i]];
    });
    const byDeployment = new Map();
    const byName = new Map();
    deploymentIds.forEach((id, slot) => {
        byDeployment.set(id, byDeploymentGroups.group(slot));
        const perName = new Map();
        lowerNames.values.forEach((lower, g) => {
            const positions = byNameGroups.group(slot * groups + g);
            if (positions.length > 0)
                perName.set(lower, positions);
        });
        byName.set(id, perName);
    });
    const byRepository = new Map(repositories.map((r, i) => [r.id, byRepositoryGroups.group(i)]));
    return {
        count,
        ...columns,
        repositories,
        names: names.values,
        versions,
        lockfilePaths: paths.values,
        licenseSets: licenseSets.values,
        ecosystems: ecosystems.values,
        transitivities: TRANSITIVITIES,
        byDeployment,
        byRepository,
        byName,
    };
}

;// CONCATENATED MODULE: ./src/emulator/compile-filter.ts





const UNKNOWN = 0;
const NO = 1;
const YES = 2;
/**
 * A yes/no per distinct value of a column, decided by `decide` the first time a dependency with that
 * value is looked at and remembered after: a page through a few hundred dependencies decides a few
 * hundred values, and a full scan at most every distinct value once.
 */
function memo(values, decide) {
    const answers = new Uint8Array(values.length);
    return (id) => {
        let answer = answers[id];
        if (answer === UNKNOWN)
            answers[id] = answer = decide(values[id]) ? YES : NO;
        return answer === YES;
    };
}
/**
 * Asks the shared policy module about one field at a time: a dependency that no other field refuses,
 * with this field's value, against a filter of that field alone. One object, reused.
 */
function createAsker(filter) {
    const scratch = {
        name: '',
        version: '',
        ecosystem: domain/* ECOSYSTEMS */.SQ[0],
        licenses: [],
        lockfilePath: '',
        repositoryId: '',
        transitivity: 'direct',
        archived: false,
    };
    return (field, depField) => {
        const part = { [field]: filter[field] };
        // includeArchived is decided with the repository, whose archived flag is the only one that counts.
        if (field !== 'includeArchived')
            part.includeArchived = true;
        return (value) => {
            const saved = scratch[depField];
            scratch[depField] = value;
            const answer = (0,policy/* matchesDependencyFilter */.zj)(scratch, part);
            scratch[depField] = saved;
            return answer;
        };
    };
}
/**
 * Compiles a filter into a matcher over the index's columns. Each top-level field depends on one
 * column only (they combine with AND), so it is decided once per distinct value of that column by
 * `matchesDependencyFilter` itself, given a filter of that field alone: the semantics stay in
 * src/policy, and a scan reads remembered answers. Package filters (an OR of ANDs of a name test and
 * a version test) become bit masks per distinct name and version: a dependency matches when its two
 * masks share a bit. A property test holds this equal to `matchesDependencyFilter` on every dependency.
 */
function compileFilter(index, filter) {
    const ask = createAsker(filter);
    const repositoryAllowed = ((askArchived, askId) => memo(index.repositories, (r) => askArchived(r.archived) && askId(r.id)))(ask('includeArchived', 'archived'), ask('repositoryId', 'repositoryId'));
    const checks = [];
    if (filter.name !== undefined)
        checks.push([index.name, memo(index.names, ask('name', 'name'))]);
    if (filter.version !== undefined) {
        const askVersion = ask('version', 'version');
        checks.push([index.version, memo(index.versions, (v) => askVersion(v.version))]);
    }
    if (filter.lockfilePath !== undefined)
        checks.push([index.lockfilePath, memo(index.lockfilePaths, ask('lockfilePath', 'lockfilePath'))]);
    if (filter.license !== undefined)
        checks.push([index.licenses, memo(index.licenseSets, ask('license', 'licenses'))]);
    if (filter.ecosystem !== undefined)
        checks.push([index.ecosystem, memo(index.ecosystems, ask('ecosystem', 'ecosystem'))]);
    if (filter.transitivity !== undefined)
        checks.push([
            index.transitivity,
            // The dataset keeps the wire's spelling; the policy module speaks the domain's.
            memo(index.transitivities.map((t) => core/* TRANSITIVITY */.zX[t]), ask('transitivity', 'transitivity')),
        ]);
    const packages = filter.packageFilters === undefined || filter.packageFilters.length === 0
        ? undefined
        : compilePackageFilters(index, filter.packageFilters);
    const repositoryColumn = index.repository;
    return (position) => {
        const repository = repositoryColumn[position];
        if (repository === NO_REPOSITORY || !repositoryAllowed(repository))
            return false;
        for (const [column, allowed] of checks)
            if (!allowed(column[position]))
                return false;
        return packages === undefined || packages(position);
    };
}
/** Bit masks, 32 filters to a word: which filters a name passes, which a version passes. */
function compilePackageFilters(index, filters) {
    const words = Math.ceil(filters.length / 32);
    // The name half and the version half of each filter, asked apart (they AND within a filter).
    const nameParts = filters.map((p) => ({
        name: p.name,
        exactNameMatch: p.exactNameMatch,
    }));
    const versionParts = filters.map((p) => ({
        exactVersion: p.exactVersion,
        versionLowerBound: p.versionLowerBound,
        versionUpperBound: p.versionUpperBound,
    }));
    const nameMasks = createMasks(index.names, words, filters.length, (name, f) => (0,policy/* matchesPackageFilter */.Sk)({ name, version: '', ecosystem: '' }, nameParts[f]));
    const versionMasks = createMasks(index.versions, words, filters.length, (v, f) => (0,policy/* matchesPackageFilter */.Sk)({ name: '', ...v }, versionParts[f]));
    const names = index.name;
    const versions = index.version;
    return (position) => {
        const n = nameMasks.at(names[position]);
        const v = versionMasks.at(versions[position]);
        for (let w = 0; w < words; w++)
            if ((nameMasks.bits[n + w] & versionMasks.bits[v + w]) !== 0)
                return true;
        return false;
    };
}
/** Per distinct value, `words` words of bits (bit f: it passes filter f), filled on first use. */
function createMasks(values, words, filters, passes) {
    const bits = new Uint32Array(values.length * words);
    const known = new Uint8Array(values.length);
    return {
        bits,
        at: (id) => {
            const at = id * words;
            if (known[id] === 0) {
                known[id] = 1;
                for (let f = 0; f < filters; f++)
                    if (passes(values[id], f))
                        bits[at + (f >>> 5)] |= 1 << (f & 31);
            }
            return at;
        },
    };
}

;// CONCATENATED MODULE: ./src/emulator/state.ts


const MATCHER_CACHE_SIZE = 32;
/** The compiled form of a filter, from the cache when a recent request had the same filter. */
function matcherFor(state, filter) {
    const key = JSON.stringify(filter);
    let matcher = state.matchers.get(key);
    if (matcher === undefined) {
        matcher = compileFilter(state.index, filter);
        if (state.matchers.size >= MATCHER_CACHE_SIZE)
            state.matchers.delete(state.matchers.keys().next().value);
    }
    else
        state.matchers.delete(key);
    // Re-inserted last: the Map's order is the order of use, oldest first.
    state.matchers.set(key, matcher);
    return matcher;
}
function createEmulatorState(dataset) {
    const index = createDependencyIndex(dataset.dependencies, dataset.repositories);
    const lockfiles = new Map();
    const seen = new Set();
    const add = (lockfile) => {
        const key = `${lockfile.repositoryId}\n${lockfile.path}`;
        if (seen.has(key))
            return;
        seen.add(key);
        const list = lockfiles.get(lockfile.repositoryId);
        if (list === undefined)
            lockfiles.set(lockfile.repositoryId, [lockfile]);
        else
            list.push(lockfile);
    };
    for (const lockfile of dataset.lockfiles)
        add(lockfile);
    for (const dep of dataset.dependencies)
        add({ repositoryId: dep.repositoryId, path: dep.lockfilePath, ecosystem: dep.ecosystem });
    return {
        dataset,
        index,
        repositories: new Map(dataset.repositories.map((r) => [r.id, r])),
        lockfiles,
        byDeployment: index.byDeployment,
        byRepository: index.byRepository,
        byName: index.byName,
        matchers: new Map(),
    };
}
const EMPTY = new Uint32Array(0);
/** Ascending union of disjoint ascending position lists. */
function union(lists) {
    if (lists.length === 1)
        return lists[0];
    const out = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const list of lists) {
        out.set(list, at);
        at += list.length;
    }
    return out.sort();
}
/**
 * The positions a filter can match, ascending (dataset order, which keeps cursors stable). Exact-name
 * package filters are answered from the name index and named repositories from the repository
 * index, whichever is smaller; other filters go through all of the deployment's dependencies.
 */
function candidatePositions(state, deploymentId, filter) {
    const options = [state.byDeployment.get(deploymentId) ?? EMPTY];
    const packageFilters = filter.packageFilters ?? [];
    if (packageFilters.length > 0 &&
        packageFilters.every((p) => p.exactNameMatch === true && (p.name ?? '') !== '')) {
        const names = state.byName.get(deploymentId);
        const lower = new Set(packageFilters.map((p) => p.name.toLowerCase()));
        options.push(union([...lower].map((name) => names?.get(name) ?? EMPTY)));
    }
    if (filter.repositoryId !== undefined && filter.repositoryId.length > 0) {
        const ids = new Set(filter.repositoryId.map(String));
        options.push(union([...ids].map((id) => state.repositories.get(id)?.deploymentId === deploymentId
            ? (state.byRepository.get(id) ?? EMPTY)
            : EMPTY)));
    }
    return options.reduce((a, b) => (b.length < a.length ? b : a));
}
/**
 * One page of matching dependencies, scanning `candidates` from index `start`. `next` is the
 * candidate index of the first match after the page, found by looking ahead, so that `hasMore` is
 * never a false promise. Takes a filter (compiled here) or an already compiled matcher.
 */
function queryDependencies(state, candidates, filter, start, pageSize) {
    const matches = typeof filter === 'function' ? filter : matcherFor(state, filter);
    const items = [];
    const deps = state.dataset.dependencies;
    for (let i = start; i < candidates.length; i++) {
        const position = candidates[i];
        if (!matches(position))
            continue;
        if (items.length === pageSize)
            return { items, next: i };
        items.push(deps[position]);
    }
    return { items, next: undefined };
}

;// CONCATENATED MODULE: ./src/emulator/routes.ts










/** A path segment, percent-decoded; bad percent-encoding is the caller's 400. */
function segment(raw, what) {
    try {
        return decodeURIComponent(raw ?? '');
    }
    catch {
        throw new EmulatorHttpError(400, `${what} is not valid percent-encoding`);
    }
}
/** A cursor position, or 0 for none; a cursor that is malformed, foreign or past the end is a 400. */
function cursorPosition(value, key, length, context) {
    if (context.ignoreCursor || value === undefined || value === '')
        return 0;
    if (typeof value !== 'string')
        throw new EmulatorHttpError(400, `cursor must be the string a previous page returned, got ${describeValue(value)}`);
    const decoded = decodeCursor(value, key);
    if (!decoded.ok)
        throw new EmulatorHttpError(400, decoded.reason);
    if (decoded.position > length)
        throw new EmulatorHttpError(400, 'cursor points past the end of this listing');
    return decoded.position;
}
/** A uint64 id in a body, as a number or a decimal string; undefined when absent. */
function bodyId(value, field) {
    if (value === undefined)
        return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return String(value);
    if (typeof value === 'string' && /^\d{1,20}$/.test(value))
        return BigInt(value).toString();
    throw new EmulatorHttpError(400, `${field} must be a numeric id, got ${describeValue(value)}`);
}
/** The path says which deployment (or repository); a body that names another one is a 400, not a guess. */
function sameId(bodyValue, field, pathValue) {
    const id = bodyId(bodyValue, field);
    if (id !== undefined && id !== String(pathValue))
        throw new EmulatorHttpError(400, `${field} ${id} in the body does not match ${pathValue} in the path`);
}
function readFilter(value, allowArchived) {
    const { filter, problems } = (0,policy/* validateDependencyFilter */.U$)(value);
    if (!allowArchived && filter.includeArchived !== undefined)
        problems.push({
            field: 'dependencyFilter.includeArchived',
            message: "is not a field of this listing's filter",
        });
    if (problems.length > 0)
        throw new EmulatorHttpError(400, `bad dependencyFilter: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    return filter;
}
/** The API's operations over a state (platform-api.md and decisions.md). */
function createRoutes(state) {
    const { dataset } = state;
    const deploymentPath = (request, raw, scheme = 'api-token') => {
        const token = authenticate(request, dataset, scheme);
        return { token, deployment: deploymentById(dataset, token, segment(raw, 'deployment id')) };
    };
    const slugPath = (request, raw) => {
        const token = authenticate(request, dataset, 'api-token');
        return deploymentBySlug(dataset, token, segment(raw, 'deployment slug'));
    };
    return [
        {
            // The deployments of the token: how a client learns both the numeric id and the slug.
            methods: ['GET'],
            pattern: /^\/api\/v1\/deployments\/?$/,
            run: async (request) => {
                const token = authenticate(request, dataset, 'api-token');
                return jsonResponse(200, {
                    deployments: dataset.deployments
                        .filter((d) => d.id === token.deploymentId)
                        .map(({ id, name, slug }) => ({ id, name, slug })),
                });
            },
        },
        {
            // Op 1: unread (STATUS_DELIVERED) notifications of the calling viewer; admin-only ones for admins.
            methods: ['GET'],
            pattern: /^\/api\/notifications\/in-app\/deployments\/([^/]+)$/,
            run: async (request, [rawId], context) => {
                const { token, deployment } = deploymentPath(request, rawId, 'api-token-or-jwt');
                const { searchParams } = context.url;
                const limit = readPageSize(searchParams.get('limit') ?? undefined, 'limit', EMULATOR_PAGE_BOUNDS.notifications);
                const visible = dataset.notifications.filter((n) => n.deploymentId === deployment.id &&
                    n.status === 'STATUS_DELIVERED' &&
                    (!n.adminOnly || token.admin) &&
                    (n.viewer === undefined || n.viewer === token.viewer));
                const key = `notifications:${deployment.id}:${token.viewer}:${token.admin}`;
                const start = cursorPosition(searchParams.get('cursor') ?? undefined, key, visible.length, context);
                const end = start + limit;
                return jsonResponse(200, {
                    notifications: visible.slice(start, end).map(renderNotification),
                    cursor: end < visible.length ? encodeCursor(end, key) : '',
                });
            },
        },
        {
            // Op 2: dependencies, filtered; superset shape; cursor bound to the filter.
            methods: ['POST'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies$/,
            run: async (request, [rawId], context) => {
                const { deployment } = deploymentPath(request, rawId);
                const body = bodyFields(await readJsonBody(request), [
                    'cursor',
                    'dependencyFilter',
                    'deploymentId',
                    'pageSize',
                ]);
                body.noteUnknown(context.note);
                sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
                const pageSize = readPageSize(body.get('pageSize'), 'pageSize', EMULATOR_PAGE_BOUNDS.dependencies);
                const filter = readFilter(body.get('dependencyFilter'), true);
                const key = `dependencies:${deployment.id}:${JSON.stringify(filter)}`;
                const candidates = candidatePositions(state, deployment.id, filter);
                const start = cursorPosition(body.get('cursor'), key, candidates.length, context);
                const { items, next } = queryDependencies(state, candidates, matcherFor(state, filter), start, pageSize);
                return jsonResponse(200, {
                    dependencies: items.map((d) => renderDependency(d, state.repositories.get(d.repositoryId)?.name ?? '')),
                    // Public callers read both on every page: the last one says hasMore false, with an empty cursor.
                    cursor: next === undefined ? '' : encodeCursor(next, key),
                    hasMore: next !== undefined,
                });
            },
        },
        {
            // Repositories with dependencies: `page_size`, a numeric cursor (the offset), sent back as received.
            methods: ['POST'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories$/,
            run: async (request, [rawId], context) => {
                const { deployment } = deploymentPath(request, rawId);
                const body = bodyFields(await readJsonBody(request), [
                    'cursor',
                    'pageSize',
                    'deploymentId',
                    'dependencyFilter',
                ]);
                body.noteUnknown(context.note);
                sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
                const pageSize = readPageSize(body.get('pageSize'), 'page_size', EMULATOR_PAGE_BOUNDS.repositories);
                // With a dependencyFilter, only repositories holding a matching dependency (the service's reference).
                const rawFilter = body.get('dependencyFilter');
                let holding;
                if (rawFilter !== undefined) {
                    const filter = readFilter(rawFilter, true);
                    const matches = matcherFor(state, filter);
                    holding = new Set();
                    for (const position of candidatePositions(state, deployment.id, filter))
                        if (matches(position))
                            holding.add(state.dataset.dependencies[position].repositoryId);
                }
                const repositories = dataset.repositories.filter((r) => r.deploymentId === deployment.id &&
                    (state.byRepository.get(r.id)?.length ?? 0) > 0 &&
                    (holding === undefined || holding.has(r.id)));
                const cursor = body.get('cursor');
                let start = 0;
                if (!context.ignoreCursor && cursor !== undefined && cursor !== '' && cursor !== 0) {
                    const n = typeof cursor === 'string' && /^\d{1,9}$/.test(cursor) ? Number(cursor) : cursor;
                    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > repositories.length)
                        throw new EmulatorHttpError(400, `cursor must be a position this listing returned, got ${describeValue(cursor)}`);
                    start = n;
                }
                const end = start + pageSize;
                return jsonResponse(200, {
                    repositorySummaries: repositories.slice(start, end).map((r) => ({
                        // A JSON number, like Project.id: callers join the two listings on it.
                        id: Number(r.id),
                        name: r.name,
                        numDependencies: state.byRepository.get(r.id)?.length ?? 0,
                        hasDependencyPathScan: r.hasDependencyPathScan,
                    })),
                    // Always both: the last page says hasMore false, with the numeric cursor 0.
                    cursor: end < repositories.length ? end : 0,
                    hasMore: end < repositories.length,
                });
            },
        },
        {
            // Op 3: lockfiles of one repository with the number of (matching) dependencies in each.
            methods: ['POST'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories\/([^/]+)\/lockfiles$/,
            run: async (request, [rawId, rawRepository], context) => {
                const { deployment } = deploymentPath(request, rawId);
                const repositoryId = segment(rawRepository, 'repository id');
                if (!/^\d{1,20}$/.test(repositoryId))
                    throw new EmulatorHttpError(400, `repository id must be a number, got ${JSON.stringify(repositoryId)}`);
                const canonical = BigInt(repositoryId).toString();
                const repository = state.repositories.get(canonical);
                if (repository === undefined || repository.deploymentId !== deployment.id)
                    throw new EmulatorHttpError(404, `repository ${repositoryId} not found`);
                const body = bodyFields(await readJsonBody(request), [
                    'cursor',
                    'dependencyFilter',
                    'deploymentId',
                    'pageSize',
                    'repositoryId',
                ]);
                body.noteUnknown(context.note);
                sameId(body.get('deploymentId'), 'deploymentId', deployment.id);
                sameId(body.get('repositoryId'), 'repositoryId', canonical);
                const pageSize = readPageSize(body.get('pageSize'), 'pageSize', EMULATOR_PAGE_BOUNDS.lockfiles);
                const filter = readFilter(body.get('dependencyFilter'), false);
                // The repository is named explicitly, so an archived one is listed like any other.
                const matches = matcherFor(state, { ...filter, includeArchived: true });
                const counts = new Map();
                for (const position of state.byRepository.get(canonical) ?? []) {
                    if (!matches(position))
                        continue;
                    const path = state.dataset.dependencies[position].lockfilePath;
                    counts.set(path, (counts.get(path) ?? 0) + 1);
                }
                // Without a filter every lockfile is listed, empty ones too; with one, those it matches in.
                const unfiltered = Object.keys(filter).length === 0;
                const summaries = (state.lockfiles.get(canonical) ?? [])
                    .map((l) => ({ lockfilePath: l.path, numDependencies: counts.get(l.path) ?? 0 }))
                    .filter((s) => unfiltered || s.numDependencies > 0);
                const key = `lockfiles:${deployment.id}:${canonical}:${JSON.stringify(filter)}`;
                const start = cursorPosition(body.get('cursor'), key, summaries.length, context);
                const end = start + pageSize;
                return jsonResponse(200, {
                    lockfileSummaries: summaries.slice(start, end),
                    cursor: end < summaries.length ? encodeCursor(end, key) : '',
                    hasMore: end < summaries.length,
                });
            },
        },
        {
            // All projects (offset pagination).
            methods: ['GET'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects$/,
            run: async (request, [rawSlug], { url }) => {
                const deployment = slugPath(request, rawSlug);
                const projects = dataset.projects.filter((p) => p.deploymentId === deployment.id);
                return jsonResponse(200, {
                    projects: offsetPage(createQueryReader(url.searchParams), EMULATOR_PAGE_BOUNDS.projects, projects).map(renderProject),
                });
            },
        },
        {
            // Code, supply-chain and AI-powered findings (offset pagination, page_size 100..3000), with every
            // query filter of the reference (findings-filter.ts; docs/emulator.md names the field each reads).
            methods: ['GET'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/findings$/,
            run: async (request, [rawSlug], context) => {
                const deployment = slugPath(request, rawSlug);
                const query = createQueryReader(context.url.searchParams);
                const match = readFindingsFilter(query, dataset.projects.filter((p) => p.deploymentId === deployment.id));
                const seen = new Set();
                const findings = dataset.findings.filter((f) => {
                    if (f.deploymentId !== deployment.id || !match(f))
                        return false;
                    if (!match.dedup)
                        return true;
                    if (seen.has(f.match_based_id))
                        return false;
                    seen.add(f.match_based_id);
                    return true;
                });
                const page = offsetPage(query, EMULATOR_PAGE_BOUNDS.findings, findings);
                query.noteUnknown(context.note);
                return jsonResponse(200, { findings: page.map(renderFinding) });
            },
        },
        {
            // Secrets (cursor pagination): the next page's cursor, and the previous page's; the documented
            // filters status, severity, repo, validation_state and since (secrets-filter.ts).
            methods: ['GET'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/secrets$/,
            run: async (request, [rawId], context) => {
                const { deployment } = deploymentPath(request, rawId);
                const query = createQueryReader(context.url.searchParams, SECRETS_ALIASES);
                const limit = readPageSize(query.single('limit'), 'limit', EMULATOR_PAGE_BOUNDS.secrets);
                const match = readSecretsFilter(query);
                const secrets = dataset.secrets.filter((s) => s.deploymentId === deployment.id && match(s));
                const key = `secrets:${deployment.id}:${match.key}`;
                const start = cursorPosition(query.single('cursor'), key, secrets.length, context);
                query.noteUnknown(context.note);
                const end = start + limit;
                return jsonResponse(200, {
                    findings: secrets.slice(start, end).map(renderPassThrough),
                    cursor: end < secrets.length ? encodeCursor(end, key) : '',
                    previous: start > 0 ? encodeCursor(Math.max(0, start - limit), key) : '',
                });
            },
        },
        {
            // Ops 4 and 5: add tags (union) and remove tags; the project name may hold raw slashes or %2F.
            methods: ['PUT', 'DELETE'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(.+)\/tags$/,
            run: async (request, [rawSlug, rawName], { url }) => {
                const deployment = slugPath(request, rawSlug);
                const name = decodeProjectName(rawName ?? '');
                const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
                if (project === undefined)
                    throw new EmulatorHttpError(404, `project ${JSON.stringify(name)} not found`);
                if (request.method === 'PUT')
                    addTags(project, await readTagsToAdd(request, deployment.slug, name));
                else
                    removeTags(project, await readTagsToRemove(request, url));
                return jsonResponse(200, { project: renderProject(project) });
            },
        },
        {
            // One project: GET answers it, PATCH {"tags": [...]} sets its tags to that list, DELETE removes
            // it and, as the reference says, "all of the associated findings" (code, supply-chain, secrets).
            methods: ['GET', 'PATCH', 'DELETE'],
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(?!.*\/tags\/?$)(.+?)\/?$/,
            run: async (request, [rawSlug, rawName]) => {
                const deployment = slugPath(request, rawSlug);
                const name = decodeProjectName(rawName ?? '');
                const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
                if (project === undefined)
                    throw new EmulatorHttpError(404, `project ${JSON.stringify(name)} not found`);
                if (request.method === 'DELETE') {
                    deleteProject(dataset, project);
                    // The reference shows no response body; callers read the status (200) alone.
                    return jsonResponse(200, {});
                }
                if (request.method === 'PATCH')
                    project.tags = await readTagsToSet(request);
                return jsonResponse(200, { project: renderProject(project) });
            },
        },
    ];
}
/** Removes a project and the findings and secrets of its repository, in its deployment. */
function deleteProject(dataset, project) {
    const associated = (r) => r.deploymentId === project.deploymentId &&
        r.repository?.name === project.name;
    dataset.projects = dataset.projects.filter((p) => p !== project);
    dataset.findings = dataset.findings.filter((f) => !associated(f));
    dataset.secrets = dataset.secrets.filter((s) => !associated(s));
}
/** A finding as the listing serves it: without the dataset's own fields. */
function renderFinding(record) {
    const { deploymentId: _d, issueType: _t, ...rest } = record;
    return rest;
}
/** The page of an offset-paginated listing (`page` from 0, `page_size` within its bounds). */
function offsetPage(query, bounds, items) {
    const pageSize = readPageSize(query.single('page_size'), 'page_size', bounds);
    const page = readOffset(query.single('page') ?? null, 'page');
    return items.slice(page * pageSize, (page + 1) * pageSize);
}

;// CONCATENATED MODULE: ./src/emulator/handler.ts







const isState = (value) => 'index' in value;
/**
 * The platform API as a Web-standard `Request -> Response` handler over a dataset, with fault
 * injection, a request log and admin routes under `/__emulator/` (no auth: the emulator is local).
 * Bad input always gets a 4xx with `{"error": "..."}`; a bug in the emulator gets a 500 with the same
 * shape, never an exception.
 */
function createEmulator(options) {
    const state = isState(options.dataset) ? options.dataset : createEmulatorState(options.dataset);
    const faults = options.faults instanceof FaultSet ? options.faults : new FaultSet(options.faults ?? []);
    const log = options.log ?? [];
    const logLimit = options.logLimit ?? 10_000;
    const now = options.now ?? (() => new Date());
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const routes = [...createRoutes(state), ...createOsvRoutes(options.osv), ...createNpmRoutes(options.npm)];
    let endlessCount = 0;
    async function admin(request, path) {
        if (path === '/__emulator/requests') {
            if (request.method === 'GET')
                return jsonResponse(200, { requests: log });
            if (request.method === 'DELETE') {
                log.length = 0;
                return jsonResponse(200, { requests: [] });
            }
            throw methodNotAllowed(request.method, path, ['GET', 'DELETE']);
        }
        if (path === '/__emulator/faults') {
            if (request.method === 'GET')
                return jsonResponse(200, { faults: faults.list() });
            if (request.method === 'DELETE') {
                faults.set([]);
                return jsonResponse(200, { faults: [] });
            }
            if (request.method === 'POST' || request.method === 'PUT') {
                const body = await readJsonBody(request);
                const fields = bodyFields(Array.isArray(body) ? { faults: body } : body, ['faults']);
                fields.rejectUnknown();
                const { rules, problems } = validateFaultRules(fields.get('faults'));
                if (problems.length > 0)
                    throw new EmulatorHttpError(400, problems.join('; '));
                faults.set(rules);
                return jsonResponse(200, { faults: faults.list() });
            }
            throw methodNotAllowed(request.method, path, ['GET', 'POST', 'PUT', 'DELETE']);
        }
        throw new EmulatorHttpError(404, `no admin route ${path} (there are /__emulator/faults and /__emulator/requests)`);
    }
    function findRoute(method, path) {
        const allowed = [];
        for (const route of routes) {
            const match = route.pattern.exec(path);
            if (match === null)
                continue;
            if (route.methods.includes(method))
                return { route, params: match.slice(1) };
            allowed.push(...route.methods);
        }
        if (allowed.length > 0)
            throw methodNotAllowed(method, path, allowed);
        throw new EmulatorHttpError(404, `no route for ${method} ${path}`);
    }
    /** The API with the faults around it, in the order a real failure would show. */
    async function api(request, url, arrivedMs, note) {
        const { method } = request;
        const path = url.pathname;
        const latency = faults.take(method, path, ['latency']);
        if (latency !== undefined)
            await sleep(latency.latencyMs ?? 0);
        const before = faults.take(method, path, ['reset', 'status']);
        if (before?.kind === 'reset')
            return resetResponse();
        if (before?.kind === 'status') {
            const status = before.status ?? 503;
            return jsonResponse(status, { error: `injected fault: ${status}` }, before.retryAfter === undefined ? {} : { 'retry-after': before.retryAfter });
        }
        const retryAfter = faults.rateLimit(method, path, arrivedMs);
        if (retryAfter !== undefined)
            return jsonResponse(429, { error: 'rate limit exceeded' }, { 'retry-after': String(retryAfter) });
        const { route, params } = findRoute(method, path);
        const listing = faults.take(method, path, ['endless', 'repeat-cursor']);
        const response = await route.run(request, params, { url, ignoreCursor: listing !== undefined, note });
        if (response.status !== 200)
            return response;
        if (listing !== undefined) {
            const body = JSON.parse(await response.text());
            // Both serve the first page again whatever cursor comes in; one lies with a fresh cursor every
            // time, the other with the same one. Either way hasMore says there is more.
            const cursor = listing.kind === 'endless' ? `endless-${++endlessCount}` : 'repeated-cursor';
            return jsonResponse(200, { ...body, cursor, hasMore: true });
        }
        const damage = faults.take(method, path, ['truncate', 'malformed', 'wrong-shape']);
        if (damage === undefined)
            return response;
        const text = await response.text();
        switch (damage.kind) {
            case 'truncate':
                return textResponse(200, text.slice(0, Math.floor(text.length / 2)));
            case 'malformed':
                return textResponse(200, `{"error": unquoted, ${text.slice(1, 40)}`);
            default:
                return jsonResponse(200, wrongShape(JSON.parse(text)));
        }
    }
    async function handle(request) {
        const started = now();
        let url;
        let response;
        let requestBytes = 0;
        const notes = [];
        try {
            url = new URL(request.url);
            // Read the body once here so that its size can be logged; routes read it from the copy.
            const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
            requestBytes = Buffer.byteLength(body);
            const copy = new Request(request.url, {
                method: request.method,
                headers: request.headers,
                ...(body === '' ? {} : { body }),
            });
            response = url.pathname.startsWith('/__emulator/')
                ? await admin(copy, url.pathname)
                : await api(copy, url, started.getTime(), (text) => notes.push(text));
        }
        catch (error) {
            response =
                error instanceof EmulatorHttpError
                    ? error.toResponse()
                    : jsonResponse(500, {
                        error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
                    });
        }
        const finished = now();
        log.push({
            method: request.method,
            path: url?.pathname ?? request.url,
            query: url?.search ?? '',
            status: faults_isResetResponse(response) ? 0 : response.status,
            requestBytes,
            bytes: Number(response.headers.get('content-length') ?? 0),
            at: started.toISOString(),
            durationMs: finished.getTime() - started.getTime(),
            ...(notes.length > 0 ? { notes } : {}),
        });
        if (log.length > logLimit)
            log.splice(0, log.length - logLimit);
        return response;
    }
    return { handle, faults, log, state };
}
/**
 * The emulator as a bare `Request -> Response` function. Keep the `faults` set and the `log` array
 * you pass in to change faults and read requests at runtime (or use the admin routes).
 */
function createEmulatorHandler(options) {
    return createEmulator(options).handle;
}
function methodNotAllowed(method, path, allowed) {
    const allow = [...new Set(allowed)].join(', ');
    return new EmulatorHttpError(405, `method ${method} not allowed on ${path} (allowed: ${allow})`, { allow });
}
/** The same body with strings where arrays and objects were: what a client must refuse, not crash on. */
function wrongShape(body) {
    if (!isObject(body))
        return 'not-an-object';
    const out = {};
    for (const [key, value] of Object.entries(body)) {
        out[key] = Array.isArray(value)
            ? 'not-an-array'
            : isObject(value)
                ? { id: 'not-a-number', tags: 'not-an-array' }
                : value;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/emulator/handler-transport.ts

/**
 * A client transport that calls an emulator handler in-process (no socket): for the demo and for tests
 * that do not need real HTTP. A connection-reset fault becomes a network error, as on a real socket.
 */
function createHandlerTransport(handle) {
    return async (url, init) => {
        if (init.signal?.aborted === true)
            throw new Error('the operation was aborted');
        const response = await handle(new Request(url, {
            method: init.method,
            headers: init.headers,
            ...(init.body === undefined ? {} : { body: init.body }),
        }));
        if (isResetResponse(response))
            throw new Error('socket hang up (ECONNRESET)');
        return response;
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/emulator/load-dataset.ts





/** A dataset that cannot be served: the file, and every problem with its field path. */
class DatasetError extends domain/* UserError */.yo {
    file;
    problems;
    name = 'DatasetError';
    kind = 'dataset';
    constructor(file, problems) {
        const shown = problems.slice(0, 50);
        const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
        super(problems.length === 1
            ? `${file}: ${problems[0]}`
            : `${file}: invalid dataset (${problems.length} problems):\n  ${shown.join('\n  ')}${more}`);
        this.file = file;
        this.problems = problems;
    }
}
/** How a value is shown in a problem: JSON, cut at 40 characters. */
const shown = (v) => {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};
/** The message of a field that is missing or wrong: `is required`, or `must be ..., got ...`. */
const expected = (what) => (issue) => issue.input === undefined ? 'is required' : `must be ${what}, got ${shown(issue.input)}`;
const string = () => schemas/* string */.YjP({ error: expected('a string') });
const load_dataset_text = () => {
    const error = expected('a non-empty string');
    return schemas/* string */.YjP({ error }).refine((v) => v.trim() !== '', { error });
};
const load_dataset_boolean = () => schemas/* boolean */.zMY({ error: expected('true or false') });
const integer = () => {
    const error = expected('a non-negative integer');
    return schemas/* int */.Whr({ error }).min(0, { error });
};
/** A uint64 id: a decimal string or a non-negative integer, kept as a canonical decimal string. */
const uint64 = () => schemas/* union */.KCZ([
    schemas/* int */.Whr().min(0).transform(String),
    schemas/* string */.YjP()
        .refine((v) => /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n)
        .transform((v) => BigInt(v).toString()),
], { error: expected('a numeric id (digits, as a string or a number)') });
/** A time the listings compare (`since`): ISO 8601, as the service writes them. */
const time = () => {
    const error = expected('an ISO 8601 time');
    return schemas/* string */.YjP({ error }).refine((v) => !Number.isNaN(Date.parse(v)), { error });
};
const strings = () => schemas/* array */.YOg(schemas/* string */.YjP(), { error: expected('an array of strings') });
const oneOf = (values) => schemas/* enum */.k5n(values, { error: expected(`one of ${values.join(', ')}`) });
const load_dataset_TRANSITIVITIES = [
    'DIRECT',
    'TRANSITIVE',
    'UNKNOWN_TRANSITIVITY',
];
const ECOSYSTEM = oneOf(domain/* ECOSYSTEMS */.SQ);
const EPOCH = '1970-01-01T00:00:00Z';
/** The reasons a finding is triaged with; `no_triage_reason` is the filter's word for none. */
const TRIAGE_REASONS = FINDING_TRIAGE_REASONS.filter((r) => r !== 'no_triage_reason');
/**
 * Each section's record. Optional fields take their defaults here; defaults that depend on other
 * records (a token's viewer, a dependency's ecosystem) are filled by `crossCheck`. Findings and secrets
 * keep the fields they do not know.
 */
const SECTIONS = {
    deployments: schemas/* strictObject */.rej({ id: integer(), name: load_dataset_text(), slug: load_dataset_text() }),
    tokens: schemas/* strictObject */.rej({
        token: load_dataset_text(),
        kind: oneOf(['api', 'jwt']),
        webApi: load_dataset_boolean().optional(),
        deploymentId: integer(),
        viewer: load_dataset_text().optional(),
        admin: load_dataset_boolean().default(false),
        description: string().optional(),
    }),
    projects: schemas/* strictObject */.rej({
        id: integer(),
        deploymentId: integer(),
        name: load_dataset_text(),
        tags: strings().default(() => []),
        createdAt: string().default(EPOCH),
        defaultBranch: string().default('refs/heads/main'),
        latestScanAt: string().default(EPOCH),
        url: string().optional(),
    }),
    repositories: schemas/* strictObject */.rej({
        id: uint64(),
        deploymentId: integer(),
        name: load_dataset_text(),
        archived: load_dataset_boolean().default(false),
        hasDependencyPathScan: load_dataset_boolean().default(false),
        projectName: load_dataset_text().optional(),
    }),
    lockfiles: schemas/* strictObject */.rej({ repositoryId: uint64(), path: load_dataset_text(), ecosystem: ECOSYSTEM }),
    dependencies: schemas/* strictObject */.rej({
        id: uint64().optional(),
        repositoryId: uint64(),
        lockfilePath: load_dataset_text(),
        name: load_dataset_text(),
        version: string(),
        ecosystem: ECOSYSTEM.optional(),
        licenses: strings().default(() => []),
        transitivity: oneOf(load_dataset_TRANSITIVITIES).default('UNKNOWN_TRANSITIVITY'),
        line: integer().default(1),
        column: integer().default(1),
        endLine: integer().optional(),
        endColumn: integer().optional(),
        resolvedUrl: string().optional(),
    }),
    notifications: schemas/* strictObject */.rej({
        id: load_dataset_text(),
        deploymentId: integer(),
        viewer: load_dataset_text().optional(),
        title: string(),
        description: string().default(''),
        severity: oneOf(['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR']),
        status: oneOf(['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED']),
        adminOnly: load_dataset_boolean().default(false),
        createdAt: string().default(EPOCH),
        link: string().default(''),
        isExternalLink: load_dataset_boolean().default(false),
        linkText: string().default(''),
    }),
    // Findings and secrets are served as they are written; the fields the listings filter on are checked.
    findings: schemas/* looseObject */._H3({
        id: integer(),
        deploymentId: integer(),
        issueType: oneOf(FINDING_ISSUE_TYPES).optional(),
        repository: schemas/* looseObject */._H3({ name: load_dataset_text(), id: schemas/* union */.KCZ([integer(), uint64()]).optional() }).optional(),
        ref: string().optional(),
        status: oneOf(FINDING_STATUSES).optional(),
        severity: oneOf(FINDING_SEVERITIES).optional(),
        confidence: oneOf(FINDING_CONFIDENCES).optional(),
        triage_reason: oneOf(TRIAGE_REASONS).nullish(),
        categories: strings().optional(),
        rule_name: string().optional(),
        relevant_since: time().optional(),
        match_based_id: string().optional(),
        sourcing_policy: schemas/* looseObject */._H3({ id: integer().optional(), name: string().optional(), slug: string().optional() })
            .nullish(),
        assistant: schemas/* looseObject */._H3({
            autotriage: schemas/* looseObject */._H3({ verdict: oneOf(FINDING_VERDICTS) }).nullish(),
            component: schemas/* looseObject */._H3({ tag: string() }).nullish(),
        })
            .nullish(),
        reachability: oneOf(FINDING_EXPOSURES).nullish(),
        found_dependency: schemas/* looseObject */._H3({ transitivity: oneOf(FINDING_TRANSITIVITIES).optional() }).nullish(),
        is_malicious: load_dataset_boolean().optional(),
        click_to_fix_pr_state: oneOf(FINDING_FIX_PR_STATES).nullish(),
    }),
    secrets: schemas/* looseObject */._H3({
        id: load_dataset_text(),
        deploymentId: integer(),
        repository: schemas/* looseObject */._H3({ name: load_dataset_text() }).optional(),
        status: oneOf(SECRET_STATUSES).optional(),
        severity: oneOf(SECRET_SEVERITIES).optional(),
        validationState: oneOf(SECRET_VALIDATION_STATES).optional(),
        createdAt: time().optional(),
        updatedAt: time().optional(),
    }),
};
/** A map key of two field values (which may be anything until checked). */
const pair = (a, b) => JSON.stringify([a, b]);
const load_dataset_isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Checks one record against its section's schema and fills the defaults. */
function readRecord(section, raw, at, problems) {
    if (!load_dataset_isObject(raw)) {
        problems.push(`${at} must be an object, got ${shown(raw)}`);
        return undefined;
    }
    const schema = SECTIONS[section];
    // A known field written `null` counts as absent: it takes its default, or is reported missing.
    // Findings and secrets are served as written, and the service writes `null` for what is unset.
    const record = { ...raw };
    if (section !== 'findings' && section !== 'secrets')
        for (const key of Object.keys(schema.shape))
            if (record[key] === null)
                delete record[key];
    const parsed = schema.safeParse(record);
    if (parsed.success)
        return parsed.data;
    const known = Object.keys(schema.shape).join(', ');
    for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys')
            for (const key of issue.keys)
                problems.push(`${at}.${key} is not a field of ${section} (known: ${known})`);
        else
            problems.push(`${at}.${issue.path.join('.')} ${issue.message}`);
    }
    // The valid fields still go to the cross-checks, so one run reports every problem.
    const partial = {};
    for (const [key, field] of Object.entries(schema.shape)) {
        const value = field.safeParse(record[key]);
        if (value.success && value.data !== undefined)
            partial[key] = value.data;
    }
    return partial;
}
/** Reports records whose `key` (as `keyOf` reads it) an earlier record already has. */
function duplicates(records, at, field, problems, keyOf = (r) => r[field]) {
    const seen = new Map();
    records.forEach((r, i) => {
        const key = keyOf(r);
        if (r[field] === undefined)
            return;
        const first = seen.get(key);
        if (first !== undefined)
            problems.push(`${at(i)}.${field} ${shown(r[field])} is already used by ${at(first)}`);
        else
            seen.set(key, i);
    });
}
/**
 * Reads a user's dataset (DATASET.md): one JSON object of optional sections. Every problem is
 * reported at once with its field path (`dependencies[3].repositoryId "77" is not a repository`);
 * optional fields get their defaults; references between sections must resolve. `file` names the
 * source in messages.
 */
function parseDataset(text, file) {
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (error) {
        throw new DatasetError(file, [
            `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        ]);
    }
    if (!load_dataset_isObject(raw))
        throw new DatasetError(file, [
            'the dataset must be a JSON object with sections (deployments, tokens, ...)',
        ]);
    const problems = [];
    for (const key of Object.keys(raw))
        if (!Object.hasOwn(SECTIONS, key))
            problems.push(`${key} is not a section (known: ${Object.keys(SECTIONS).join(', ')})`);
    const sections = {};
    const indexes = {};
    for (const section of Object.keys(SECTIONS)) {
        const list = raw[section] ?? [];
        sections[section] = [];
        indexes[section] = [];
        if (!Array.isArray(list)) {
            problems.push(`${section} must be an array, got ${shown(list)}`);
            continue;
        }
        list.forEach((item, i) => {
            const record = readRecord(section, item, `${section}[${i}]`, problems);
            if (record !== undefined) {
                sections[section].push(record);
                indexes[section].push(i);
            }
        });
    }
    crossCheck(sections, indexes, problems);
    if (problems.length > 0)
        throw new DatasetError(file, problems);
    return sections;
}
/** References between sections, uniqueness, and the defaults that depend on other records. */
function crossCheck(s, indexes, problems) {
    const at = (section, i) => `${section}[${indexes[section][i]}]`;
    const unique = (section, field, keyOf) => duplicates(s[section], (i) => at(section, i), field, problems, keyOf);
    unique('deployments', 'id');
    unique('deployments', 'slug');
    unique('tokens', 'token');
    unique('projects', 'id');
    // Tag operations find a project by deployment and name.
    unique('projects', 'name', (p) => pair(p.deploymentId, p.name));
    unique('repositories', 'id');
    unique('lockfiles', 'path', (l) => pair(l.repositoryId, l.path));
    unique('notifications', 'id');
    unique('findings', 'id');
    unique('secrets', 'id');
    const deployments = new Set(s.deployments.map((d) => d.id));
    for (const section of [
        'tokens',
        'projects',
        'repositories',
        'notifications',
        'findings',
        'secrets',
    ]) {
        s[section].forEach((r, i) => {
            if (r.deploymentId !== undefined && !deployments.has(r.deploymentId))
                problems.push(`${at(section, i)}.deploymentId ${shown(r.deploymentId)} is not a deployment`);
        });
    }
    s.tokens.forEach((t) => {
        t.webApi ??= t.kind === 'api';
        t.viewer ??= `${String(t.kind)}-viewer`;
    });
    s.projects.forEach((p, i) => {
        if (typeof p.name === 'string' &&
            p.name.split('/').some((seg) => seg === '' || seg === '.' || seg === '..'))
            problems.push(`${at('projects', i)}.name ${shown(p.name)} must be a path like org/repo, without empty, "." or ".." segments`);
        p.url ??= `https://github.com/${String(p.name)}`;
    });
    const projectKeys = new Map(s.projects.map((p) => [pair(p.deploymentId, p.name), p]));
    const repositories = new Map(s.repositories.map((r) => [r.id, r]));
    s.repositories.forEach((r, i) => {
        if (r.projectName === undefined)
            return;
        const project = projectKeys.get(pair(r.deploymentId, r.projectName));
        if (project === undefined)
            problems.push(`${at('repositories', i)}.projectName ${shown(r.projectName)} is not a project of deployment ${String(r.deploymentId)}`);
        // One id space (decisions.md): callers join the repositories listing and the projects on the id.
        else if (String(project.id) !== String(r.id))
            problems.push(`${at('repositories', i)}.id ${shown(r.id)} must be the id of its project ${shown(r.projectName)} (${String(project.id)}): a repository and its project share one id`);
    });
    const lockfiles = new Map();
    s.lockfiles.forEach((l, i) => {
        if (l.repositoryId !== undefined && !repositories.has(l.repositoryId))
            problems.push(`${at('lockfiles', i)}.repositoryId ${shown(l.repositoryId)} is not a repository`);
        lockfiles.set(pair(l.repositoryId, l.path), l);
    });
    let nextId = 1;
    const ids = new Set(s.dependencies.map((d) => d.id).filter((id) => id !== undefined));
    s.dependencies.forEach((d, i) => {
        if (d.repositoryId !== undefined && !repositories.has(d.repositoryId))
            problems.push(`${at('dependencies', i)}.repositoryId ${shown(d.repositoryId)} is not a repository`);
        const lockfile = lockfiles.get(pair(d.repositoryId, d.lockfilePath));
        if (d.ecosystem === undefined) {
            if (lockfile === undefined)
                problems.push(`${at('dependencies', i)}.ecosystem is required when its lockfile is not listed in lockfiles`);
            else
                d.ecosystem = lockfile.ecosystem;
        }
        if (d.id === undefined) {
            while (ids.has(String(nextId)))
                nextId++;
            const id = String(nextId);
            d.id = id;
            ids.add(id);
        }
    });
    unique('dependencies', 'id');
}
/** Reads and parses a dataset file; a file that cannot be read is a DatasetError too. */
async function loadDatasetFile(path, name = path) {
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        const code = error.code;
        throw new DatasetError(name, [
            `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`,
        ]);
    }
    return parseDataset(text, name);
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
;// CONCATENATED MODULE: ./src/emulator/server.ts


/** Largest request body read; the platform's requests are small JSON documents. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** A `.` or `..` path segment, literal or percent-encoded, which URL parsing would resolve away. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$|\?|#)/i;
const errorBody = (message) => JSON.stringify({ error: message });
function sendError(res, status, message) {
    const body = errorBody(message);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
}
/**
 * Reads the body, up to the limit; undefined as soon as it is larger: a `content-length` over the limit
 * before anything is read, else the first byte past it. The rest is never read (the caller answers 413
 * and closes the connection).
 */
function readBody(req, max) {
    return new Promise((resolve, reject) => {
        const declared = req.headers['content-length'];
        if (declared !== undefined && !(Number(declared) <= max)) {
            resolve(undefined);
            return;
        }
        const chunks = [];
        let size = 0;
        const onData = (chunk) => {
            size += chunk.length;
            if (size > max) {
                req.off('data', onData);
                req.pause();
                resolve(undefined);
            }
            else
                chunks.push(chunk);
        };
        req.on('data', onData);
        req.once('end', () => resolve(Buffer.concat(chunks)));
        req.once('error', reject);
    });
}
/** How long, and how much of the rest of a refused body, a 413 lingers over before the socket closes. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 4 * 1024 * 1024;
/**
 * 413 without reading the rest of the body. Closing the socket at once (`connection: close`, which
 * Node's server ends and destroys as soon as the answer is written) leaves the unread body in the
 * kernel's buffer, and the kernel then sends a reset, which can reach a client still sending before it
 * has read the 413: it sees only "connection reset". So the answer keeps the connection, and the close
 * lingers (RFC 9112, 9.6): what arrives for up to a second, and at most 4 MiB, is discarded unread, then
 * the socket goes.
 */
function refuseTooLarge(req, res, max) {
    const body = errorBody(`request body larger than ${max} bytes`);
    res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body, () => {
        const socket = req.socket;
        let discarded = 0;
        const close = () => {
            clearTimeout(timer);
            socket.destroy();
        };
        const timer = setTimeout(close, LINGER_MS);
        timer.unref();
        req.on('data', (chunk) => {
            discarded += chunk.length;
            if (discarded > LINGER_BYTES)
                close();
        });
        req.once('end', close);
        req.once('error', close);
        socket.once('close', () => clearTimeout(timer));
        req.resume();
    });
}
function toHeaders(req) {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value))
            for (const v of value)
                headers.append(key, v);
        else if (value !== undefined)
            headers.set(key, value);
    }
    return headers;
}
async function send(res, response) {
    if (faults_isResetResponse(response)) {
        // The connection-reset fault: no status line, no body, just a closed socket.
        res.socket?.destroy();
        return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
}
/**
 * Serves a `Request -> Response` handler with node:http: each IncomingMessage becomes a Web Request
 * and each Response is written back, and a connection-reset fault destroys the socket. Request
 * targets with `.` or `..` segments are refused with a 400 here, because URL parsing would resolve
 * them before the handler could see them: a traversal never reaches a route.
 */
async function startEmulatorServer(options) {
    const host = options.host ?? '127.0.0.1';
    const { handler } = options;
    let origin = '';
    const server = (0,external_node_http_.createServer)((req, res) => {
        void (async () => {
            try {
                const target = req.url ?? '/';
                if (!target.startsWith('/'))
                    return sendError(res, 400, 'request target must be a path');
                const path = target.split('?')[0];
                // URL parsing turns a backslash into a slash and then resolves dot segments: refuse both.
                if (DOT_SEGMENT.test(path) || path.includes('\\'))
                    return sendError(res, 400, 'request path must not contain ".", ".." segments or backslashes');
                const max = options.maxBodyBytes ?? MAX_BODY_BYTES;
                const body = await readBody(req, max);
                if (body === undefined)
                    return refuseTooLarge(req, res, max);
                const method = req.method ?? 'GET';
                // The origin is the server's own: a Host header never decides which path is routed.
                const request = new Request(`${origin}${target}`, {
                    method,
                    headers: toHeaders(req),
                    ...(method === 'GET' || method === 'HEAD' || body.length === 0
                        ? {}
                        : { body: new Uint8Array(body) }),
                });
                await send(res, await handler(request));
            }
            catch (error) {
                if (res.headersSent)
                    res.destroy();
                else
                    sendError(res, 500, `internal emulator error: ${error instanceof Error ? error.message : String(error)}`);
            }
        })();
    });
    server.keepAliveTimeout = 5_000;
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    const { port } = server.address();
    const shownHost = host.includes(':') ? `[${host}]` : host;
    origin = `http://${shownHost}:${port}`;
    let closing;
    return {
        url: origin,
        port,
        close: () => (closing ??= new Promise((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
        })),
    };
}
/** `startEmulatorServer` with the handler first, as earlier callers write it. */
function startServer(handler, options = {}) {
    return startEmulatorServer({ handler, ...options });
}

;// CONCATENATED MODULE: ./src/emulator/index.ts














/***/ })

};
