export const id = 185;
export const ids = [185];
export const modules = {

/***/ 5185:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAuditCommand: () => (/* binding */ runAuditCommand)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/gate/index.ts + 14 modules
var gate = __webpack_require__(60329);
// EXTERNAL MODULE: ./src/policy/index.ts + 26 modules
var src_policy = __webpack_require__(10060);
;// CONCATENATED MODULE: ./src/audit/run-audit.ts


/** The dependency listing's largest page. */
const AUDIT_PAGE = 10_000;
/** The repositories listing's largest page. */
const REPOSITORY_PAGE = 100;
/** A repository named with `--repository` that the platform does not list. */
class AuditSetupError extends Error {
    name = 'AuditSetupError';
}
const ruleId = (rule) => `deny[${rule.index}]`;
/**
 * The whole organization against the policy, without holding the dependency listing: the deny rules go
 * to the platform as package filters and the denied licenses as its `license` filter, the answers stream
 * page by page (largest page), and only what breaks the policy is kept. Each answer is judged again here
 * with the gate's own code (rule paths, version bounds, SPDX expressions), exceptions apply as in the
 * gate (valid ones excuse, expired ones warn), and the violations are grouped by repository and
 * lockfile with their lines.
 */
async function runAudit(platform, policy, options) {
    const clock = options.clock ?? (() => performance.now());
    const started = clock();
    const { client, deploymentId } = platform;
    const before = client.stats().requests;
    const notes = [];
    const progress = { dependencies: 0, repositories: 0, violations: 0, requests: 0 };
    const report = () => {
        progress.requests = client.stats().requests - before;
        options.onProgress?.({ ...progress });
    };
    // Repository names (the dependency listing gives ids only).
    const names = new Map();
    let repositoryPages = 0;
    for await (const page of client.repositories(deploymentId, { pageSize: REPOSITORY_PAGE }).pages()) {
        repositoryPages++;
        for (const r of page.items)
            names.set(r.id, r.name);
        progress.repositories = names.size;
        report();
    }
    let only;
    if (options.repositories !== undefined && options.repositories.length > 0) {
        const byName = new Map([...names].map(([id, name]) => [name.toLowerCase(), id]));
        const missing = options.repositories.filter((n) => !byName.has(n.toLowerCase()));
        if (missing.length > 0)
            throw new AuditSetupError(`--repository ${missing.join(', ')}: the platform lists no repository with dependencies by ${missing.length === 1 ? 'that name' : 'those names'} (${names.size} repositories have dependencies${names.size > 0 ? `, e.g. ${[...names.values()].slice(0, 3).join(', ')}` : ''})`);
        only = options.repositories.map((n) => byName.get(n.toLowerCase()));
    }
    const found = new Map();
    // Tens of thousands of violations repeat a few hundred names, versions, paths, messages and license
    // lists: keep one copy of each (the listing's JSON gives every record its own).
    const strings = new Map();
    const intern = (text) => {
        const known = strings.get(text);
        if (known !== undefined)
            return known;
        strings.set(text, text);
        return text;
    };
    const licenseLists = new Map();
    const internLicenses = (list) => {
        const key = list.join('\n');
        const known = licenseLists.get(key);
        if (known !== undefined)
            return known;
        licenseLists.set(key, list);
        return list;
    };
    const rules = new Map();
    const sharedRule = (rule) => {
        const known = rules.get(rule.id);
        if (known !== undefined)
            return known;
        rules.set(rule.id, rule);
        return rule;
    };
    let minimumRequests = Math.max(1, repositoryPages);
    // The record's id when the platform sends one (short), else where it is.
    const violationKey = (d, lockfile) => d.id ??
        `${d.repositoryId}\u0000${lockfile}\u0000${d.ecosystem ?? ''}\u0000${d.name}\u0000${d.version}\u0000${d.line ?? 0}`;
    const record = (d, v) => {
        const lockfile = d.lockfilePath ?? '';
        const key = violationKey(d, lockfile);
        if (found.has(key))
            return;
        found.set(key, {
            kind: v.kind,
            level: 'error',
            // Built from the name, the version and the rule, a message repeats as often as they do: one copy
            // of each instead of a fresh concatenation (several string pieces) per violation.
            message: intern(v.message),
            preExisting: false,
            blocking: true,
            repository: names.get(d.repositoryId ?? '') ?? `repository ${d.repositoryId ?? '?'}`,
            repositoryId: intern(d.repositoryId ?? ''),
            lockfile: intern(lockfile),
            line: d.line ?? 0,
            ecosystem: d.ecosystem,
            name: intern(d.name),
            version: intern(d.version),
            transitivity: d.transitivity,
            pathRecorded: false,
            licenses: internLicenses(d.licenses),
            ...(d.licenses.length > 0 ? { licenseSource: 'platform' } : {}),
            rule: sharedRule(v.rule),
        });
        progress.violations = found.size;
    };
    /** Streams one query's answer, page by page, judging each record as it comes. */
    async function stream(filter, judge) {
        if (only !== undefined)
            filter.repositoryId = only;
        let records = 0;
        for await (const page of client.dependencies(deploymentId, filter, { pageSize: AUDIT_PAGE }).pages()) {
            for (const d of page.items) {
                records++;
                progress.dependencies++;
                if (d.ecosystem === undefined || d.repositoryId === undefined)
                    continue;
                if (!(0,src_policy/* coversLockfile */.Gy)(policy, d.lockfilePath ?? ''))
                    continue;
                judge(d);
            }
            report();
        }
        minimumRequests += Math.max(1, Math.ceil(records / AUDIT_PAGE));
    }
    // Deny rules, up to 1,000 filters a query.
    for (let start = 0; start < policy.deny.length; start += gate/* FILTERS_PER_REQUEST */.AY) {
        const batch = policy.deny.slice(start, start + gate/* FILTERS_PER_REQUEST */.AY);
        await stream((0,gate/* denyRulesFilter */.iy)(batch), (d) => {
            const target = {
                ecosystem: d.ecosystem,
                name: d.name,
                version: d.version,
                lockfilePath: d.lockfilePath ?? '',
            };
            for (const rule of batch) {
                const match = (0,src_policy/* matchesRule */.Ib)(target, rule);
                if (match === false)
                    continue;
                const reason = rule.reason === undefined ? '' : `: ${rule.reason}`;
                record(d, {
                    kind: match === true ? 'denied' : 'version-unknown',
                    message: match === true
                        ? `${d.name} ${d.version} is denied by ${ruleId(rule)}${reason}`
                        : `${d.name} ${d.version}: ${ruleId(rule)} bounds the version, and ${d.version} cannot be ordered as a ${d.ecosystem} version`,
                    rule: { id: ruleId(rule), ...(rule.reason ? { reason: rule.reason } : {}), line: rule.at.line },
                });
                return;
            }
        });
    }
    // Denied licenses: the platform narrows by id, the SPDX expression decides (an OR with an allowed choice passes).
    const deniedLicenses = policy.licenses.deny ?? [];
    if (deniedLicenses.length > 0) {
        const licensePolicy = { deny: deniedLicenses, unknown: policy.licenses.unknown };
        await stream({ license: [...deniedLicenses] }, (d) => {
            const verdict = (0,src_policy/* licenseVerdict */.Tt)(d.licenses, licensePolicy);
            if (verdict.status !== 'denied')
                return;
            record(d, {
                kind: 'license',
                message: `${d.name} ${d.version} is under ${verdict.denied?.join(', ') ?? d.licenses.join(', ')}, denied by the policy`,
                rule: { id: 'licenses.deny' },
            });
        });
    }
    if (policy.licenses.allow !== undefined)
        notes.push({
            level: 'notice',
            message: 'licenses.allow is not checked by the audit: an allow list needs every dependency of the organization; list the licenses to refuse under licenses.deny to audit them',
        });
    const violations = [...found.values()];
    const { uses, notes: exceptionNotes } = (0,gate/* applyExceptions */.FW)(violations, policy.exceptions, options.now);
    for (const v of violations)
        v.blocking = v.level === 'error';
    notes.push(...exceptionNotes.slice(0, 50));
    if (exceptionNotes.length > 50)
        notes.push({
            level: 'warning',
            message: `${exceptionNotes.length - 50} more expired-exception warnings`,
        });
    const repositories = group(violations);
    const blocking = violations.filter((v) => v.blocking).length;
    return {
        schemaVersion: 1,
        kind: 'audit',
        tool: { name: 'depgate', version: options.version },
        generatedAt: options.now.toISOString(),
        policy: policy.source,
        deploymentSlug: platform.deploymentSlug,
        repositories,
        exceptions: uses,
        counts: {
            repositoriesScanned: only?.length ?? names.size,
            repositoriesViolating: repositories.filter((r) => r.blocking > 0).length,
            violations: blocking,
            excused: violations.length - blocking,
            dependenciesRead: progress.dependencies,
        },
        requests: client.stats().requests - before,
        minimumRequests,
        durationMs: Math.round(clock() - started),
        notes,
    };
}
function group(violations) {
    const byRepo = new Map();
    for (const v of violations) {
        let lockfiles = byRepo.get(v.repositoryId);
        if (lockfiles === undefined)
            byRepo.set(v.repositoryId, (lockfiles = new Map()));
        let list = lockfiles.get(v.lockfile);
        if (list === undefined)
            lockfiles.set(v.lockfile, (list = []));
        list.push(v);
    }
    const out = [];
    for (const [id, lockfiles] of byRepo) {
        const files = [...lockfiles]
            .map(([path, list]) => ({
            path,
            violations: list.sort((a, b) => Number(b.blocking) - Number(a.blocking) || a.line - b.line || a.name.localeCompare(b.name)),
        }))
            .sort((a, b) => a.path.localeCompare(b.path));
        const first = files[0].violations[0];
        out.push({
            name: first.repository,
            id,
            lockfiles: files,
            blocking: files.reduce((n, f) => n + f.violations.filter((v) => v.blocking).length, 0),
        });
    }
    return out.sort((a, b) => b.blocking - a.blocking || a.name.localeCompare(b.name));
}

;// CONCATENATED MODULE: ./src/audit/tag-projects.ts
/**
 * Brings the projects' tags in line with the audit: `tag` on every project with a blocking violation,
 * and with `untagClean`, off every project that has it and none. The projects' current tags are read
 * first, so only what must change is called (running it again changes nothing). Calls go a few at a
 * time; the client retries what the platform asks to retry (429, 5xx); what still fails gets one more
 * pass and is then reported, never skipped silently.
 */
async function tagProjects(platform, report, options) {
    const { client, deploymentSlug } = platform;
    const current = new Map();
    for await (const project of client.projects(deploymentSlug).items())
        current.set(project.name.toLowerCase(), { name: project.name, tags: project.tags });
    const violating = new Set(report.repositories.filter((r) => r.blocking > 0).map((r) => r.name.toLowerCase()));
    const within = options.within === undefined || options.within.length === 0
        ? undefined
        : new Set(options.within.map((n) => n.toLowerCase()));
    const tagging = {
        tag: options.tag,
        dryRun: options.dryRun,
        added: [],
        removed: [],
        unchanged: 0,
        noProject: [],
        failed: [],
    };
    const work = [];
    for (const repo of report.repositories) {
        if (repo.blocking === 0)
            continue;
        const project = current.get(repo.name.toLowerCase());
        if (project === undefined)
            tagging.noProject.push(repo.name);
        else if (project.tags.includes(options.tag))
            tagging.unchanged++;
        else
            work.push({ project: repo.name, action: 'add' });
    }
    if (options.untagClean) {
        for (const [key, project] of current) {
            if (violating.has(key) || (within !== undefined && !within.has(key)))
                continue;
            if (project.tags.includes(options.tag))
                work.push({ project: project.name, action: 'remove' });
            else
                tagging.unchanged++;
        }
    }
    if (options.dryRun) {
        for (const w of work)
            (w.action === 'add' ? tagging.added : tagging.removed).push(w.project);
        return tagging;
    }
    let pending = work;
    for (let pass = 0; pass < 2 && pending.length > 0; pass++) {
        const failed = [];
        await eachLimited(pending, options.concurrency ?? 4, async (w) => {
            try {
                if (w.action === 'add')
                    await client.addProjectTags(deploymentSlug, w.project, [options.tag]);
                else
                    await client.removeProjectTags(deploymentSlug, w.project, [options.tag]);
                (w.action === 'add' ? tagging.added : tagging.removed).push(w.project);
            }
            catch (error) {
                failed.push({ ...w, error: error instanceof Error ? error.message : String(error) });
            }
        });
        pending = failed;
        if (pass === 1)
            tagging.failed = failed;
    }
    tagging.added.sort();
    tagging.removed.sort();
    return tagging;
}
/** Runs `fn` over `items` with at most `limit` in flight; `fn` handles its own failures. */
async function eachLimited(items, limit, fn) {
    let next = 0;
    const worker = async () => {
        while (next < items.length)
            await fn(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

// EXTERNAL MODULE: ./src/report/index.ts + 7 modules
var src_report = __webpack_require__(30115);
;// CONCATENATED MODULE: ./src/audit/render.ts

const plural = (n, one, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** The one-line summary printed at the end of every audit. */
function auditSummary(report) {
    const c = report.counts;
    return (`audit: ${plural(c.repositoriesScanned, 'repository', 'repositories')} scanned, ${c.repositoriesViolating.toLocaleString('en-US')} violating, ` +
        `${plural(c.violations, 'violation')}${c.excused > 0 ? ` (${c.excused.toLocaleString('en-US')} excused)` : ''}, ` +
        `${plural(c.dependenciesRead, 'dependency record', 'dependency records')} read, ` +
        `${plural(report.requests, 'request')} (minimum ${report.minimumRequests}), ${(report.durationMs / 1000).toFixed(1)} s`);
}
function describe(v) {
    const exception = v.exception === undefined
        ? ''
        : v.exception.status === 'valid'
            ? `  excused by ${v.exception.id} (owner ${v.exception.owner}, until ${v.exception.expires})`
            : `  ${v.exception.id} (owner ${v.exception.owner}) expired ${v.exception.expires}`;
    const licenses = v.licenses.length > 0 ? `  [${v.licenses.join(', ')}]` : '';
    return `${v.lockfile}:${v.line}  ${v.name} ${v.version} (${v.transitivity})  ${v.rule.id}${v.rule.reason ? `: ${v.rule.reason}` : ''}${licenses}${exception}`;
}
/** Text for a terminal or a log: repositories with violations, then tagging, notes and the summary. */
function renderAuditText(report) {
    const out = [];
    if (report.repositories.length === 0)
        out.push('No repository breaks the policy.');
    for (const repo of report.repositories) {
        out.push(`${repo.name}  (${plural(repo.blocking, 'violation')})`);
        for (const file of repo.lockfiles)
            for (const v of file.violations)
                out.push(`  ${v.blocking ? 'x' : '-'} ${describe(v)}`);
    }
    const t = report.tagging;
    if (t !== undefined) {
        const verb = t.dryRun ? 'would ' : '';
        out.push('');
        out.push(`tag ${t.tag}: ${verb}add to ${t.added.length}, ${verb}remove from ${t.removed.length}, ${t.unchanged} already right`);
        for (const p of t.added)
            out.push(`  + ${p}`);
        for (const p of t.removed)
            out.push(`  - ${p}`);
        for (const p of t.noProject)
            out.push(`  ! ${p}: no project of that name, not tagged`);
        for (const f of t.failed)
            out.push(`  ! ${f.project}: ${f.action} failed: ${f.error}`);
    }
    for (const e of report.exceptions.filter((e) => e.status === 'unused'))
        out.push(`note: ${e.id} (owner ${e.owner}) matched nothing in the organization`);
    for (const n of report.notes)
        out.push(`${n.level}: ${n.message}`);
    out.push('', auditSummary(report));
    return `${out.join('\n')}\n`;
}
/** A CSV cell: quoted when needed, and never a formula when opened in a spreadsheet. */
function cell(value) {
    let text = value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text))
        text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const CSV_HEADER = [
    'repository',
    'lockfile',
    'line',
    'ecosystem',
    'name',
    'version',
    'transitivity',
    'licenses',
    'kind',
    'rule',
    'reason',
    'status',
    'exception',
    'exception_owner',
    'exception_expires',
];
/** One row per violation (RFC 4180), excused ones included with their status. */
function renderAuditCsv(report) {
    const rows = [CSV_HEADER.join(',')];
    for (const repo of report.repositories)
        for (const file of repo.lockfiles)
            for (const v of file.violations)
                rows.push([
                    v.repository,
                    v.lockfile,
                    v.line,
                    v.ecosystem,
                    v.name,
                    v.version,
                    v.transitivity,
                    v.licenses.join(' AND '),
                    v.kind,
                    v.rule.id,
                    v.rule.reason,
                    v.blocking ? 'violation' : 'excused',
                    v.exception?.id,
                    v.exception?.owner,
                    v.exception?.expires,
                ]
                    .map(cell)
                    .join(','));
    return `${rows.join('\r\n')}\r\n`;
}
/** GitHub code scanning refuses a SARIF run with more results than this. */
const SARIF_MAX_RESULTS_PER_RUN = 25_000;
const INFORMATION_URI = 'https://github.com/depgate/depgate';
/**
 * SARIF 2.1.0, one run per repository: each result is at its lockfile's path in that repository
 * (`%SRCROOT%` is the repository's root), so the path exists where the run is uploaded, and each run
 * has its own category (`automationDetails.id`). Rule ids are the kinds of finding `depgate check` uses
 * (stable across policy edits, with help text); excused violations carry `suppressions`. A run keeps
 * at most 25,000 results, the most severe first (blocking before excused, then by kind, repository
 * order), and says in a notification and its properties how many it cut.
 */
function renderAuditSarif(report, maxResultsPerRun = SARIF_MAX_RESULTS_PER_RUN) {
    const rules = (0,src_report/* sarifRules */.VS)(INFORMATION_URI);
    const runs = report.repositories.map((repo) => {
        const violations = repo.lockfiles
            .flatMap((file) => file.violations.map((v) => ({ file: file.path, v })))
            .sort((a, b) => severity(a.v) - severity(b.v));
        const kept = violations.slice(0, maxResultsPerRun);
        const cut = violations.slice(maxResultsPerRun);
        const results = kept.map(({ file, v }) => {
            const suppressions = (0,src_report/* sarifSuppressions */.Yw)(v.exception);
            return {
                ruleId: `depgate/${v.kind}`,
                ruleIndex: src_report/* SARIF_KINDS */.GH.indexOf(v.kind),
                level: v.blocking ? 'error' : 'note',
                message: { text: v.message },
                locations: [
                    {
                        physicalLocation: {
                            artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' },
                            ...(v.line > 0 ? { region: { startLine: v.line } } : {}),
                        },
                    },
                ],
                partialFingerprints: {
                    'depgatePackage/v1': (0,src_report/* sarifFingerprint */.o8)(`${file}\u0000${v.kind}\u0000${v.ecosystem}\u0000${v.name}\u0000${v.version}`),
                },
                properties: {
                    repository: repo.name,
                    policyRule: v.rule.id,
                    ...(v.rule.reason ? { policyReason: v.rule.reason } : {}),
                    ecosystem: v.ecosystem,
                    package: v.name,
                    version: v.version,
                    transitivity: v.transitivity,
                    licenses: v.licenses,
                    ...(v.exception ? { exception: v.exception } : {}),
                },
                ...(suppressions ? { suppressions } : {}),
            };
        });
        const cutBlocking = cut.filter((c) => c.v.blocking).length;
        const cutNote = cut.length === 0
            ? undefined
            : `${repo.name}: ${cut.length.toLocaleString('en-US')} of ${violations.length.toLocaleString('en-US')} results cut to stay within ${maxResultsPerRun.toLocaleString('en-US')} per run (${cutBlocking.toLocaleString('en-US')} blocking, ${(cut.length - cutBlocking).toLocaleString('en-US')} excused); the JSON or CSV report has them all`;
        return {
            tool: {
                driver: { name: 'depgate', version: report.tool.version, informationUri: INFORMATION_URI, rules },
            },
            automationDetails: { id: `depgate-audit/${repo.name}/` },
            invocations: [
                {
                    executionSuccessful: true,
                    ...(cutNote
                        ? { toolExecutionNotifications: [{ level: 'warning', message: { text: cutNote } }] }
                        : {}),
                },
            ],
            originalUriBaseIds: {
                '%SRCROOT%': { description: { text: `The root of the repository ${repo.name}` } },
            },
            results,
            properties: {
                repository: repo.name,
                results: violations.length,
                ...(cut.length > 0 ? { cut: { results: cut.length, blocking: cutBlocking } } : {}),
            },
        };
    });
    const sarif = {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        // A clean organization still uploads one run, with no results, so earlier alerts close.
        runs: runs.length > 0
            ? runs
            : [
                {
                    tool: {
                        driver: {
                            name: 'depgate',
                            version: report.tool.version,
                            informationUri: INFORMATION_URI,
                            rules,
                        },
                    },
                    automationDetails: { id: 'depgate-audit/' },
                    results: [],
                },
            ],
    };
    return `${JSON.stringify(sarif, null, 2)}\n`;
}
/** Lower is more severe: blocking before excused, then denied packages and licenses before the rest. */
function severity(v) {
    return (v.blocking ? 0 : 100) + src_report/* SARIF_KINDS */.GH.indexOf(v.kind);
}
/** Where the JSON report stops being walked and each value is stringified whole: one violation. */
const JSON_WALK_DEPTH = 6;
const JSON_CHUNK = 64 * 1024;
/**
 * The JSON report, `JSON.stringify(report, null, 2)` and a newline byte for byte, as a series of
 * strings of about 64 KB: report, repositories, lockfiles and their lists are walked here, each
 * violation is stringified on its own. Writing the chunks as they come keeps the report's memory to
 * one chunk, where one string of the whole (tens of MB for tens of thousands of violations) costs
 * three times its size while it is built, flattened and encoded for the file.
 */
function* renderAuditJsonChunks(report) {
    const root = jsonValue(report, '');
    if (!walked(root, 0)) {
        yield `${jsonLeaf(root, '')}\n`;
        return;
    }
    let out = '';
    for (const piece of jsonPieces(root, '', 0)) {
        out += piece;
        if (out.length >= JSON_CHUNK) {
            yield out;
            out = '';
        }
    }
    yield `${out}\n`;
}
/** What JSON.stringify makes of a value before formatting it: its toJSON, and undefined for what it leaves out. */
function jsonValue(value, key) {
    if (value !== null &&
        typeof value === 'object' &&
        typeof value.toJSON === 'function')
        value = value.toJSON(key);
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}
const walked = (value, depth) => depth < JSON_WALK_DEPTH &&
    value !== null &&
    typeof value === 'object' &&
    (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);
/** A value stringified whole, at `indent` (strings in JSON never hold a raw line break: each one starts a line). */
function jsonLeaf(value, indent) {
    const text = JSON.stringify(value, null, 2);
    if (text === undefined)
        return 'null';
    return indent === '' || !text.includes('\n') ? text : text.replace(/\n/g, `\n${indent}`);
}
/** JSON.stringify's two-space format of an object or array at `indent`, in pieces, walked to a depth. */
function* jsonPieces(value, indent, depth) {
    const inner = `${indent}  `;
    if (Array.isArray(value)) {
        if (value.length === 0) {
            yield '[]';
            return;
        }
        for (let i = 0; i < value.length; i++) {
            const item = jsonValue(value[i], String(i));
            const head = i === 0 ? `[\n${inner}` : `,\n${inner}`;
            if (walked(item, depth + 1)) {
                yield head;
                yield* jsonPieces(item, inner, depth + 1);
            }
            else
                yield head + jsonLeaf(item, inner);
        }
        yield `\n${indent}]`;
        return;
    }
    let first = true;
    for (const name of Object.keys(value)) {
        const item = jsonValue(value[name], name);
        if (item === undefined)
            continue;
        const head = `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(name)}: `;
        first = false;
        if (walked(item, depth + 1)) {
            yield head;
            yield* jsonPieces(item, inner, depth + 1);
        }
        else
            yield head + jsonLeaf(item, inner);
    }
    yield first ? '{}' : `\n${indent}}`;
}

;// CONCATENATED MODULE: ./src/audit/index.ts
// `depgate audit`: the whole organization against the policy, streamed from the platform's listing.




// EXTERNAL MODULE: ./src/edge-shared/index.ts + 6 modules
var edge_shared = __webpack_require__(72026);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/cli/io.ts + 1 modules
var cli_io = __webpack_require__(49256);
// EXTERNAL MODULE: ./src/cli/platform-settings.ts
var platform_settings = __webpack_require__(80197);
;// CONCATENATED MODULE: ./src/cli/audit-command.ts








const FORMATS = ['text', 'json', 'sarif', 'csv'];
const SPEC = {
    name: 'audit',
    summary: "Checks the whole organization against the policy: the policy's deny rules and denied licenses go to the platform's dependency listing as filters, the answer is streamed, and every repository, lockfile and line that breaks the policy is listed, with the exceptions that excuse it. Can tag the projects that break it.",
    options: [
        {
            flags: '--policy <file>',
            description: `the policy (default: ${src_policy/* DEFAULT_POLICY_PATH */.lo} in the current directory)`,
        },
        {
            flags: '--format <format>',
            description: 'the report: text (default), json, sarif or csv',
            choices: FORMATS,
        },
        { flags: '--output <file>', description: 'write the report there instead of standard output' },
        { flags: '--repository <names...>', description: 'only these repositories (by name)' },
        { flags: '--tag <tag>', description: 'add this tag to every project with a violation' },
        {
            flags: '--untag-clean',
            description: 'with --tag: remove the tag from every project without a violation',
        },
        { flags: '--dry-run', description: 'with --tag: print what would change, change nothing' },
    ],
    after: `environment:
  DEPGATE_API_URL          the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN        an API token with Web API access
  DEPGATE_DEPLOYMENT_ID    numeric deployment id  } both found from the token when unset
  DEPGATE_DEPLOYMENT_SLUG  deployment slug        }

exit codes: 0 nothing found, 1 violations found, 2 configuration or usage error, 3 platform error (a tag call that still failed included)`,
};
async function loadPolicy(cwd, file) {
    const path = file ?? src_policy/* DEFAULT_POLICY_PATH */.lo;
    let text;
    try {
        text = await (0,promises_.readFile)((0,external_node_path_.resolve)(cwd, path), 'utf8');
    }
    catch (error) {
        const code = error.code;
        throw new cli_io/* UsageError */.e(code === 'ENOENT'
            ? `${file === undefined ? `no ${src_policy/* DEFAULT_POLICY_PATH */.lo} here` : `--policy ${file}: no such file`}: the audit needs a policy with deny rules or denied licenses (see docs/policy.md)`
            : `${path}: cannot read it (${code ?? String(error)})`);
    }
    return (0,src_policy/* readPolicy */.T4)(text, path);
}
// JSON comes in pieces of about 64 KB: an organization's report can be tens of megabytes, and one
// string of it (then copied again to be written) was the audit's peak memory.
function render(report, format) {
    switch (format) {
        case 'text':
            return renderAuditText(report);
        case 'json':
            return renderAuditJsonChunks(report);
        case 'sarif':
            return renderAuditSarif(report);
        case 'csv':
            return renderAuditCsv(report);
    }
}
/** `depgate audit`: the organization against the policy. Fails closed: an error is never "nothing found". */
async function runAuditCommand(args, io, deps = {}) {
    try {
        return await audit(args, io, deps);
    }
    catch (error) {
        if (error instanceof AuditSetupError) {
            io.stderr(`depgate audit: ${error.message}\n`);
            return 2;
        }
        const failure = (0,edge_shared/* describeFailure */.Ic)(error);
        if (failure === undefined)
            throw error;
        io.stderr(`depgate audit: ${failure.message}\n`);
        return failure.kind === 'config' ? 2 : 3;
    }
}
async function audit(args, io, deps) {
    const parsed = (0,cli_io/* parseCommand */.R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags, lists } = parsed;
    const format = flags.get('format') ?? 'text';
    const tag = flags.get('tag');
    if ((flags.has('untagClean') || flags.has('dryRun')) && typeof tag !== 'string')
        throw new cli_io/* UsageError */.e('--untag-clean and --dry-run go with --tag TAG');
    if (typeof tag === 'string' && !/^[\w.:/-]{1,200}$/.test(tag))
        throw new cli_io/* UsageError */.e(`--tag ${JSON.stringify(tag)}: a tag is letters, digits and . _ - : / (up to 200)`);
    const settings = (0,platform_settings/* platformSettingsFromEnv */.ME)(io.env);
    if (settings === undefined)
        throw new cli_io/* UsageError */.e(`the audit asks the platform: ${platform_settings/* NO_TOKEN_HELP */.Ms.replace(/, or check.*$/, '')}`);
    const policyFlag = flags.get('policy');
    const policy = await loadPolicy(io.cwd, typeof policyFlag === 'string' ? policyFlag : undefined);
    if (policy.deny.length === 0 && (policy.licenses.deny ?? []).length === 0)
        throw new cli_io/* UsageError */.e(`${policy.source}: no deny rules and no denied licenses: the audit has nothing to look for (see docs/policy.md)`);
    const platform = await (0,platform_settings/* connectPlatform */.c0)(settings, {
        ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        userAgent: `depgate/${version/* VERSION */.x}`,
    });
    io.stderr(`depgate audit: ${policy.source} (${policy.deny.length} deny rule${policy.deny.length === 1 ? '' : 's'}${(policy.licenses.deny ?? []).length > 0 ? `, ${policy.licenses.deny.length} denied license${policy.licenses.deny.length === 1 ? '' : 's'}` : ''}) against ${platform.deploymentSlug} at ${settings.apiUrl}\n`);
    const tty = deps.isTty ?? process.stderr.isTTY === true;
    const started = performance.now();
    let lastShown = 0;
    const showProgress = (p) => {
        const now = performance.now();
        if (now - lastShown < 250)
            return;
        lastShown = now;
        const rate = p.dependencies / Math.max(0.001, (now - started) / 1000);
        io.stderr(`\r\x1b[2Kdepgate audit: ${p.dependencies.toLocaleString('en-US')} dependency records read (${Math.round(rate).toLocaleString('en-US')}/s), ${p.violations.toLocaleString('en-US')} violations, ${p.requests} requests`);
    };
    const repositories = lists.get('repository');
    const report = await runAudit(platform, policy, {
        now: (deps.now ?? (() => new Date()))(),
        version: version/* VERSION */.x,
        ...(repositories === undefined ? {} : { repositories }),
        ...(tty ? { onProgress: showProgress } : {}),
    });
    if (tty)
        io.stderr('\r\x1b[2K');
    let tagFailed = false;
    if (typeof tag === 'string') {
        report.tagging = await tagProjects(platform, report, {
            tag,
            untagClean: flags.has('untagClean'),
            dryRun: flags.has('dryRun'),
            ...(repositories === undefined ? {} : { within: repositories }),
        });
        tagFailed = report.tagging.failed.length > 0;
        report.requests = platform.client.stats().requests;
    }
    const text = render(report, format);
    const output = flags.get('output');
    if (typeof output === 'string') {
        await (0,promises_.writeFile)((0,external_node_path_.resolve)(io.cwd, output), text);
        io.stderr(`depgate audit: report written to ${output}\n`);
    }
    else if (typeof text === 'string')
        io.stdout(text);
    else
        for (const chunk of text)
            io.stdout(chunk);
    if (format !== 'text')
        io.stderr(`depgate audit: ${auditSummary(report).replace(/^audit: /, '')}\n`);
    if (report.tagging !== undefined && format !== 'text') {
        const t = report.tagging;
        io.stderr(`depgate audit: tag ${t.tag}: ${t.dryRun ? 'would add' : 'added'} ${t.added.length}, ${t.dryRun ? 'would remove' : 'removed'} ${t.removed.length}${t.failed.length > 0 ? `, ${t.failed.length} failed` : ''}\n`);
    }
    for (const f of report.tagging?.failed ?? [])
        io.stderr(`depgate audit: tag ${f.action} on ${f.project} failed: ${f.error}\n`);
    if (tagFailed)
        return 3;
    return report.counts.violations > 0 ? 1 : 0;
}


/***/ }),

/***/ 80197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ME: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.ME),
/* harmony export */   Ms: () => (/* binding */ NO_TOKEN_HELP),
/* harmony export */   c0: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.c0)
/* harmony export */ });
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(72026);
// The Action reaches the platform the same way: one connectPlatform for both edges.

const NO_TOKEN_HELP = 'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';


/***/ })

};
