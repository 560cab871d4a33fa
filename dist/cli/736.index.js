export const id = 736;
export const ids = [736];
export const modules = {

/***/ 28813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ advisorySettingsFrom),
/* harmony export */   f: () => (/* binding */ ADVISORY_OPTIONS)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(72026);


/** `--osv-url` and `--osv-db`, as `check` and `audit` both take them. */
const ADVISORY_OPTIONS = [
    {
        flags: '--osv-url <url>',
        description: "OSV's API for the policy's vulnerabilities check (default: DEPGATE_OSV_URL, else https://api.osv.dev)",
    },
    {
        flags: '--osv-db <dir>',
        description: "read advisories from OSV's per-ecosystem exports in this folder (<dir>/npm/all.zip, ...) instead of the network",
    },
];
/**
 * Where advisories come from, from the flags and the environment: `--osv-url`, else `DEPGATE_OSV_URL`
 * (unless `--osv-db` is given), and `--osv-db` resolved from the working directory. Checked (exit 2).
 */
function advisorySettingsFrom(flags, env, cwd) {
    const osvUrlFlag = flags.get('osvUrl');
    const osvDbFlag = flags.get('osvDb');
    const envOsvUrl = env.DEPGATE_OSV_URL?.trim();
    const settings = {
        ...(typeof osvUrlFlag === 'string'
            ? { osvUrl: osvUrlFlag }
            : envOsvUrl !== undefined && envOsvUrl !== '' && typeof osvDbFlag !== 'string'
                ? { osvUrl: envOsvUrl }
                : {}),
        ...(typeof osvDbFlag === 'string' ? { osvDatabase: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(cwd, osvDbFlag) } : {}),
        names: {
            osvUrl: typeof osvUrlFlag === 'string' ? '--osv-url' : 'DEPGATE_OSV_URL',
            osvDatabase: '--osv-db',
        },
    };
    (0,_edge_shared_index_js__WEBPACK_IMPORTED_MODULE_1__/* .checkAdvisorySettings */ .d_)(settings);
    return settings;
}


/***/ }),

/***/ 48736:
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
// EXTERNAL MODULE: ./src/domain/index.ts + 18 modules
var domain = __webpack_require__(25495);
// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
// EXTERNAL MODULE: ./src/gate/index.ts + 17 modules
var gate = __webpack_require__(93828);
// EXTERNAL MODULE: ./src/policy/index.ts + 9 modules
var src_policy = __webpack_require__(38652);
// EXTERNAL MODULE: ./src/vulns/index.ts + 11 modules
var vulns = __webpack_require__(15398);
;// CONCATENATED MODULE: ./src/audit/vulnerability-batches.ts



/** Distinct package versions per lookup: OSV's batch limit, so that each lookup is one batch request. */
const VULNERABILITY_BATCH = 1000;
/** Records held while their versions wait for a batch; past this a short batch is sent early. */
const MAX_HELD = 100_000;
/** Lookups in flight at once, while the listing streams on. */
const LOOKUPS_IN_FLIGHT = 4;
/**
 * The organization's dependency records, judged for known vulnerabilities as they stream in: each
 * distinct (ecosystem, name as the ecosystem identifies it, version) is asked once, in lookups of
 * 1,000 (so one OSV batch request each), and each record gets the gate's vulnerability finding. A
 * record whose version is not yet answered waits for its batch; once answered, only vulnerable
 * versions are remembered with their advisories (the others as a key). A source that cannot answer
 * fails the audit (`onError: fail`, an AdvisorySourceError) or is left out from then on with a warning.
 */
function createVulnerabilityBatches(options) {
    const { policy, emit } = options;
    const batchSize = options.batchSize ?? VULNERABILITY_BATCH;
    const maxHeld = options.maxHeld ?? MAX_HELD;
    const concurrency = Math.max(1, options.concurrency ?? LOOKUPS_IN_FLIGHT);
    const states = options.sources.map((source) => ({
        source,
        requests: 0,
        minimumRequests: 0,
        unsupported: new Map(),
    }));
    const vulnerable = new Map();
    // Versions answered without an advisory, by `packageId`: an organization has hundreds
    // of thousands, and one short version string each under a shared package entry costs a fraction of
    // a composed key per version.
    const clean = new Map();
    // Versions not yet sent, and those whose lookup is in flight (records keep joining them until it answers).
    const waiting = new Map();
    const inFlight = new Map();
    const running = new Set();
    let failure;
    const notes = [];
    let held = 0;
    let queried = 0;
    let lookups = 0;
    const judge = (item, candidate, answer) => {
        const finding = (0,gate/* vulnerabilityFinding */.mN)(candidate, answer, policy);
        if (finding !== undefined)
            emit(item, finding);
    };
    /** Fails the audit, or leaves the sources out with a warning, as `onError` says. */
    const fail = (failures) => {
        if (failures.length === 0)
            return;
        if (policy.onError === 'fail')
            throw new gate/* AdvisorySourceError */.no(failures.map((f) => ({ label: f.state.source.label, error: f.error })));
        for (const f of failures) {
            if (f.state.failed !== undefined)
                continue;
            f.state.failed = f.error;
            notes.push((0,gate/* sourceFailedNote */.jz)(f.state.source.label, f.error));
        }
    };
    let checkedAvailable = false;
    const checkAvailable = () => {
        if (checkedAvailable)
            return;
        checkedAvailable = true;
        fail(states.flatMap((state) => 'unavailable' in state.source ? [{ state, error: state.source.unavailable }] : []));
    };
    const told = new Set();
    const said = (message, level) => {
        if (told.has(message))
            return;
        told.add(message);
        notes.push({ level, message });
    };
    async function lookup(batch) {
        const queries = batch.map(([, entry]) => entry.query);
        lookups++;
        queried += queries.length;
        const asking = states.filter((s) => s.failed === undefined && !('unavailable' in s.source));
        const settled = await Promise.all(asking.map(async (state) => {
            try {
                const answer = await state.source.lookup(queries, options.signal);
                return { state, answer };
            }
            catch (error) {
                // The requests a failed lookup made count too.
                state.requests += (0,vulns/* requestsOf */.uD)(error) ?? 0;
                return { state, error: (0,gate/* describeSourceError */.zJ)(error) };
            }
        }));
        fail(settled.flatMap((s) => ('error' in s ? [{ state: s.state, error: s.error }] : [])));
        const answers = new Map();
        for (const s of settled) {
            if (!('answer' in s) || s.answer === undefined)
                continue;
            const { state, answer } = s;
            state.requests += answer.requests;
            state.minimumRequests += answer.minimumRequests ?? answer.requests;
            for (const q of answer.unsupported)
                state.unsupported.set(q.ecosystem, (state.unsupported.get(q.ecosystem) ?? 0) + 1);
            // What the source could not read, or left out, in the records of this batch: once per run.
            for (const message of answer.warnings ?? [])
                said(`${state.source.label}: ${message}`, 'warning');
            for (const message of answer.notices ?? [])
                said(`${state.source.label}: ${message}`, 'notice');
            for (const [key, found] of answer.found) {
                let list = answers.get(key);
                if (list === undefined)
                    answers.set(key, (list = []));
                list.push({ label: state.source.label, found });
            }
        }
        for (const [key, { query, items }] of batch) {
            inFlight.delete(key);
            held -= items.length;
            const merged = (0,gate/* mergeAnswers */.O$)(query.ecosystem, answers.get((0,vulns/* queryKey */.qv)(query)) ?? []);
            if (merged.advisories.length === 0) {
                const pkg = (0,domain/* packageId */.sG)(query);
                let versions = clean.get(pkg);
                if (versions === undefined)
                    clean.set(pkg, (versions = new Set()));
                versions.add(query.version);
                continue;
            }
            vulnerable.set(key, merged);
            for (const { item, candidate } of items)
                judge(item, candidate, merged);
        }
    }
    /** Sends the next batch of waiting versions; its failure is kept for settle and finish to throw. */
    function send() {
        const batch = [];
        for (const [key, entry] of waiting) {
            batch.push([key, entry]);
            waiting.delete(key);
            inFlight.set(key, entry);
            if (batch.length === batchSize)
                break;
        }
        const done = lookup(batch).then(() => void running.delete(done), (error) => {
            running.delete(done);
            failure ??= { error };
        });
        running.add(done);
    }
    const rethrow = () => {
        if (failure !== undefined)
            throw failure.error;
    };
    return {
        /** A record to judge; its finding is emitted now if its version is answered, else after its batch. */
        offer(item, candidate) {
            const { version } = candidate.pkg;
            const pkg = (0,domain/* packageId */.sG)(candidate.pkg);
            if (clean.get(pkg)?.has(version) === true)
                return;
            const key = `${pkg}\u0000${version}`;
            const known = vulnerable.get(key);
            if (known !== undefined)
                return judge(item, candidate, known);
            let entry = waiting.get(key) ?? inFlight.get(key);
            if (entry === undefined)
                waiting.set(key, (entry = { query: candidate.pkg, items: [] }));
            entry.items.push({ item, candidate });
            held++;
        },
        /**
         * Sends the full batches (and a short one when too many records wait), a few in flight at once
         * while the listing streams on; waits only when that many are in flight.
         */
        async settle() {
            checkAvailable();
            rethrow();
            const due = () => waiting.size >= batchSize || (held >= maxHeld && waiting.size > 0);
            while (due()) {
                // Too many records held: let the answers in flight release theirs before a short batch is sent.
                while (running.size >= concurrency ||
                    (running.size > 0 && held >= maxHeld && waiting.size < batchSize))
                    await Promise.race(running);
                rethrow();
                if (due())
                    send();
            }
        },
        /** Sends what is left, and waits for every answer. */
        async finish() {
            checkAvailable();
            while (waiting.size > 0) {
                while (running.size >= concurrency)
                    await Promise.race(running);
                rethrow();
                send();
            }
            while (running.size > 0)
                await Promise.race(running);
            rethrow();
        },
        /** What was asked and answered, for the report; the notes to add to it. */
        summary() {
            const out = [...notes];
            const report = {
                failOn: policy.failOn,
                sources: states.map((s) => {
                    const error = s.failed ?? ('unavailable' in s.source ? s.source.unavailable : undefined);
                    return {
                        label: s.source.label,
                        status: error === undefined ? 'answered' : 'failed',
                        requests: s.requests,
                        ...(error === undefined ? {} : { error }),
                    };
                }),
                queried,
                lookups,
                requests: states.reduce((n, s) => n + s.requests, 0),
                minimumRequests: states.reduce((n, s) => n + s.minimumRequests, 0),
                vulnerable: vulnerable.size,
                unsupported: [],
            };
            for (const s of states) {
                const sorted = [...s.unsupported].sort(([a], [b]) => (a < b ? -1 : 1));
                for (const [ecosystem, packages] of sorted)
                    report.unsupported.push({ source: s.source.label, ecosystem, packages });
                if (sorted.length > 0)
                    out.push((0,gate/* unsupportedNote */.cl)(s.source.label, new Map(sorted)));
            }
            return { report, notes: out };
        },
    };
}

;// CONCATENATED MODULE: ./src/audit/run-audit.ts





/** The dependency listing's largest page. */
const AUDIT_PAGE = 10_000;
/** The repositories listing's largest page. */
const REPOSITORY_PAGE = 100;
/** A repository named with `--repository` that the platform does not list. */
class AuditSetupError extends domain/* UserError */.yo {
    name = 'AuditSetupError';
    kind = 'usage';
}
/**
 * The policy as the audit judges it: deny rules, the license list (allowed or denied), vulnerabilities
 * (see docs/audit.md). An unknown license and "new to the organization" concern what a change adds.
 */
function auditedPolicy(policy) {
    return {
        ...policy,
        licenses: {
            ...(policy.licenses.deny === undefined ? {} : { deny: policy.licenses.deny }),
            ...(policy.licenses.allow === undefined ? {} : { allow: policy.licenses.allow }),
            unknown: 'ignore',
        },
        newToOrg: 'off',
    };
}
/**
 * Phase 1: the repositories' names (the dependency listing gives ids only), and the ids of those
 * `--repository` names.
 */
async function listRepositories(platform, wanted, onPage) {
    const names = new Map();
    let pages = 0;
    for await (const page of platform.client
        .repositories(platform.deploymentId, { pageSize: REPOSITORY_PAGE })
        .pages()) {
        pages++;
        for (const r of page.items)
            names.set(r.id, r.name);
        onPage(names.size);
    }
    if (wanted === undefined || wanted.length === 0)
        return { names, pages };
    const byName = new Map([...names].map(([id, name]) => [name.toLowerCase(), id]));
    const missing = wanted.filter((n) => !byName.has(n.toLowerCase()));
    if (missing.length > 0)
        throw new AuditSetupError(`--repository ${missing.join(', ')}: the platform lists no repository with dependencies by ${missing.length === 1 ? 'that name' : 'those names'} (${names.size} repositories have dependencies${names.size > 0 ? `, e.g. ${[...names.values()].slice(0, 3).join(', ')}` : ''})`);
    return { names, pages, only: wanted.map((n) => byName.get(n.toLowerCase())) };
}
/**
 * Phase 2: what to ask the listing. With vulnerabilities or an allowed-license list, every dependency
 * (one listing: every record is judged for everything at once; a filter cannot ask for "any license
 * but these"); else the deny rules' filters (never narrower than the rules) and the denied licenses.
 */
function auditQueries(policy) {
    if (policy.vulnerabilities !== undefined || policy.licenses.allow !== undefined)
        return [{}];
    const queries = (0,gate/* denyRulesFilters */.jV)(policy.deny);
    const deniedLicenses = policy.licenses.deny ?? [];
    if (deniedLicenses.length > 0)
        queries.push({ license: [...deniedLicenses] });
    return queries;
}
/** A record of the listing as the gate's judge takes a package version of a lockfile. */
function candidateOf(d) {
    return {
        lockfile: d.lockfilePath ?? '',
        pkg: { ecosystem: d.ecosystem, name: d.name, version: d.version, line: d.line ?? 0 },
        transitivity: d.transitivity,
        preExisting: false,
        pathRecorded: false,
        platformLicenses: d.licenses,
        askNewToOrg: false,
    };
}
/**
 * Keeps one copy of the strings and lists tens of thousands of violations repeat (names, versions,
 * paths, messages, license lists, rules): the listing's JSON gives every record its own.
 */
function createInterner() {
    const strings = new Map();
    const lists = new Map();
    const rules = new Map();
    const text = (value) => {
        const known = strings.get(value);
        if (known !== undefined)
            return known;
        strings.set(value, value);
        return value;
    };
    return {
        text,
        list(list) {
            const key = list.join('\n');
            const known = lists.get(key);
            if (known !== undefined)
                return known;
            lists.set(key, list);
            return list;
        },
        rule(rule) {
            const key = `${rule.id}\u0000${rule.line ?? ''}`;
            const known = rules.get(key);
            if (known !== undefined)
                return known;
            rules.set(key, rule);
            return rule;
        },
    };
}
/**
 * The whole organization against the policy, without holding the dependency listing. The deny rules
 * go to the platform as package filters that are never narrower than the rules (every spelling the
 * ecosystem takes for the name, no versions), the denied licenses as its `license` filter; with
 * `vulnerabilities:`, the whole listing is read once instead. The answers stream page by page
 * (largest page), and every record is judged with the gate's own judge and words (`evaluatePackage`,
 * the vulnerability finding): only what it finds is kept. Known vulnerabilities are asked once per
 * distinct package version, 1,000 at a time. Exceptions apply as in the gate (valid ones excuse,
 * expired ones warn, by advisory for vulnerabilities); the findings are grouped by repository and
 * lockfile with their lines.
 */
async function runAudit(platform, policy, options) {
    const clock = options.clock ?? (() => performance.now());
    const started = clock();
    const client = platform.client;
    const before = client.stats().requests;
    const notes = [];
    const progress = { dependencies: 0, repositories: 0, violations: 0, requests: 0 };
    const report = () => {
        progress.requests = client.stats().requests - before;
        options.onProgress?.({ ...progress });
    };
    const { names, pages, only } = await listRepositories(platform, options.repositories, (count) => {
        progress.repositories = count;
        report();
    });
    const judged = auditedPolicy(policy);
    const found = new Map();
    const intern = createInterner();
    const keep = (d, finding) => {
        // The record's id when the platform sends one (short), else where it is; then what was found.
        const where = d.id ??
            `${d.repositoryId}\u0000${d.lockfilePath ?? ''}\u0000${d.ecosystem ?? ''}\u0000${d.name}\u0000${d.version}\u0000${d.line ?? 0}`;
        const key = `${where}\u0000${finding.kind}\u0000${finding.rule.id}`;
        if (found.has(key))
            return;
        // The finding is the gate's, kept as it is (no copy): one object per violation, its strings shared.
        const violation = finding;
        violation.message = intern.text(finding.message);
        violation.lockfile = intern.text(finding.lockfile);
        violation.name = intern.text(finding.name);
        violation.version = intern.text(finding.version);
        violation.licenses = intern.list(finding.licenses);
        violation.rule = intern.rule(finding.rule);
        violation.repository = names.get(d.repositoryId ?? '') ?? `repository ${d.repositoryId ?? '?'}`;
        violation.repositoryId = intern.text(d.repositoryId ?? '');
        found.set(key, violation);
        progress.violations = found.size;
    };
    const vulnerabilities = policy.vulnerabilities === undefined
        ? undefined
        : createVulnerabilityBatches({
            policy: policy.vulnerabilities,
            sources: options.advisorySources ?? [],
            emit: keep,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
        });
    // Phase 3: stream each query's answer, judging every record as it comes.
    let minimumRequests = Math.max(1, pages);
    for (const filter of auditQueries(policy)) {
        if (only !== undefined)
            filter.repositoryId = only;
        let records = 0;
        for await (const page of client
            .dependencies(platform.deploymentId, filter, { pageSize: AUDIT_PAGE })
            .pages()) {
            for (const d of page.items) {
                records++;
                progress.dependencies++;
                if (!(0,core/* isPlacedDependency */.Fk)(d) || d.repositoryId === undefined)
                    continue;
                if (!(0,src_policy/* coversLockfile */.Gy)(policy, d.lockfilePath ?? ''))
                    continue;
                const candidate = candidateOf(d);
                for (const finding of (0,gate/* evaluatePackage */.Ak)(candidate, judged))
                    keep(d, finding);
                vulnerabilities?.offer(d, candidate);
            }
            await vulnerabilities?.settle();
            report();
        }
        minimumRequests += Math.max(1, Math.ceil(records / AUDIT_PAGE));
    }
    let vulnerabilityReport;
    if (vulnerabilities !== undefined) {
        await vulnerabilities.finish();
        const summary = vulnerabilities.summary();
        vulnerabilityReport = summary.report;
        notes.push(...summary.notes);
        minimumRequests += vulnerabilityReport.minimumRequests;
    }
    // Phase 4: exceptions, then the report.
    const violations = [...found.values()];
    const { uses, notes: exceptionNotes } = (0,gate/* applyExceptions */.FW)(violations, policy.exceptions, options.now, policy.vulnerabilities?.failOn);
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
    const warnings = violations.filter((v) => v.level === 'warning').length;
    const requests = client.stats().requests -
        before +
        (vulnerabilityReport?.sources.filter((s) => s.label !== 'platform').reduce((n, s) => n + s.requests, 0) ??
            0);
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
            excused: violations.length - blocking - warnings,
            warnings,
            dependenciesRead: progress.dependencies,
        },
        requests,
        minimumRequests,
        durationMs: Math.round(clock() - started),
        notes,
        ...(vulnerabilityReport === undefined ? {} : { vulnerabilities: vulnerabilityReport }),
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
        `${c.warnings > 0 ? `${plural(c.warnings, 'warning')}, ` : ''}` +
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
    // A vulnerability says what the gate says of it: the advisories, the worst, the fix (and what excuses it).
    const what = v.kind === 'vulnerability' ? `: ${v.message}` : v.rule.reason ? `: ${v.rule.reason}` : '';
    return `${v.lockfile}:${v.line}  ${v.name} ${v.version} (${v.transitivity})  ${v.rule.id}${what}${v.kind === 'vulnerability' ? '' : licenses}${exception}`;
}
/** `x` blocks, `!` is reported without blocking (an advisory below failOn), `-` is excused. */
const mark = (v) => (v.blocking ? 'x' : v.level === 'warning' ? '!' : '-');
/** Text for a terminal or a log: repositories with violations, then tagging, notes and the summary. */
function renderAuditText(report) {
    const out = [];
    if (report.repositories.length === 0)
        out.push('No repository breaks the policy.');
    for (const repo of report.repositories) {
        out.push(`${repo.name}  (${plural(repo.blocking, 'violation')})`);
        for (const file of repo.lockfiles)
            for (const v of file.violations)
                out.push(`  ${mark(v)} ${describe(v)}`);
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
    const vulns = report.vulnerabilities;
    if (vulns !== undefined)
        out.push(`known vulnerabilities (failOn ${vulns.failOn}): ${plural(vulns.queried, 'distinct package version')} asked of ${vulns.sources
            .map((s) => `${s.label}${s.status === 'failed' ? ' (could not answer)' : ''}`)
            .join(', ')} in ${plural(vulns.requests, 'request')}, ${vulns.vulnerable.toLocaleString('en-US')} vulnerable`);
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
    'advisories',
    'fix',
];
/** A vulnerability's advisories in a cell: `GHSA-... (high) GHSA-... (moderate)`. */
const advisoryCell = (advisories) => advisories?.map((a) => `${a.id} (${a.severity})`).join(' ');
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
                    v.blocking ? 'violation' : v.level === 'warning' ? 'warning' : 'excused',
                    v.exception?.id,
                    v.exception?.owner,
                    v.exception?.expires,
                    advisoryCell(v.advisories),
                    v.fix,
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
        // Each advisory of a vulnerability is its own rule (with a help link to it), after the kinds' rules.
        const runRules = [...rules];
        const advisoryIndex = new Map();
        const advisoryRuleIndex = (a) => {
            let at = advisoryIndex.get(a.id);
            if (at === undefined) {
                at = runRules.push((0,src_report/* sarifAdvisoryRule */.lX)(a)) - 1;
                advisoryIndex.set(a.id, at);
            }
            return at;
        };
        const location = (file, v) => [
            {
                physicalLocation: {
                    artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' },
                    ...(v.line > 0 ? { region: { startLine: v.line } } : {}),
                },
            },
        ];
        const levelOf = (v) => v.blocking ? 'error' : v.level === 'warning' ? 'warning' : 'note';
        const results = kept.flatMap(({ file, v }) => {
            if (v.kind === 'vulnerability')
                return (v.advisories ?? []).map((a) => {
                    const excused = a.exception?.status === 'valid';
                    const suppressions = (0,src_report/* sarifSuppressions */.Yw)(a.exception);
                    const fix = (0,gate/* vulnerabilityFixText */.Jb)(v.name, v.version, v.fix, v.fixAfter);
                    return {
                        ruleId: (0,src_report/* printable */.g$)(a.id),
                        ruleIndex: advisoryRuleIndex(a),
                        level: excused ? 'note' : levelOf(v),
                        message: {
                            text: (0,src_report/* printable */.g$)(`${v.name} ${v.version}: ${a.id} (${a.severity}) ${a.summary}; ${fix}`),
                        },
                        locations: location(file, v),
                        partialFingerprints: {
                            'depgatePackage/v1': (0,src_report/* sarifFingerprint */.o8)(`${file}\u0000${a.id}\u0000${v.ecosystem}\u0000${v.name}\u0000${v.version}`),
                        },
                        properties: {
                            repository: repo.name,
                            policyRule: v.rule.id,
                            ecosystem: v.ecosystem,
                            package: v.name,
                            version: v.version,
                            transitivity: v.transitivity,
                            severity: a.severity,
                            aliases: a.aliases,
                            ...(v.fix === undefined ? {} : { fix: v.fix }),
                            ...(v.organization === undefined ? {} : { organization: v.organization }),
                            ...(a.exception === undefined ? {} : { exception: a.exception }),
                        },
                        ...(suppressions ? { suppressions } : {}),
                    };
                });
            const suppressions = (0,src_report/* sarifSuppressions */.Yw)(v.exception);
            return {
                ruleId: `depgate/${v.kind}`,
                ruleIndex: src_report/* SARIF_KINDS */.GH.indexOf(v.kind),
                level: levelOf(v),
                message: { text: v.message },
                locations: location(file, v),
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
                driver: {
                    name: 'depgate',
                    version: report.tool.version,
                    informationUri: INFORMATION_URI,
                    rules: runRules,
                },
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
/**
 * Lower is more severe: blocking, then reported (below failOn), then excused; within each, denied
 * packages and licenses, then known vulnerabilities, then the rest.
 */
function severity(v) {
    const kind = v.kind === 'vulnerability' ? 1.5 : src_report/* SARIF_KINDS */.GH.indexOf(v.kind);
    return (v.blocking ? 0 : v.level === 'warning' ? 100 : 200) + kind;
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
// EXTERNAL MODULE: ./src/cli/advisory-flags.ts
var advisory_flags = __webpack_require__(28813);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
// EXTERNAL MODULE: ./src/cli/output-path.ts
var output_path = __webpack_require__(96593);
// EXTERNAL MODULE: ./src/cli/platform-settings.ts
var platform_settings = __webpack_require__(80197);
;// CONCATENATED MODULE: ./src/cli/audit-command.ts










const FORMATS = ['text', 'json', 'sarif', 'csv'];
const SPEC = {
    name: 'audit',
    summary: "Checks the whole organization against the policy: the policy's deny rules and denied licenses go to the platform's dependency listing as filters (with vulnerabilities: in the policy, the whole listing is read and every distinct package version is asked of the advisory sources once; with licenses.allow, the whole listing is read and every license judged), the answer is streamed, and every repository, lockfile and line that breaks the policy is listed, with the exceptions that excuse it. Can tag the projects that break it.",
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
        ...advisory_flags/* ADVISORY_OPTIONS */.f,
    ],
    after: `environment:
  DEPGATE_API_URL          the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN        an API token with Web API access
  DEPGATE_DEPLOYMENT_ID    numeric deployment id  } both found from the token when unset
  DEPGATE_DEPLOYMENT_SLUG  deployment slug        }
  DEPGATE_OSV_URL          OSV's API, like --osv-url (asked only when the policy has vulnerabilities:)

exit codes: 0 nothing found, 1 violations found, 2 configuration or usage error, 3 platform error (a tag
call that still failed included) or advisory source error (vulnerabilities.onError: fail)`,
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
    const output = flags.get('output');
    const outputPath = typeof output === 'string' ? await (0,output_path/* checkOutputPath */.$)(io.cwd, output) : undefined;
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
    if (policy.deny.length === 0 &&
        (policy.licenses.deny ?? []).length === 0 &&
        policy.vulnerabilities === undefined)
        throw new cli_io/* UsageError */.e(`${policy.source}: no deny rules, no denied licenses and no vulnerabilities: the audit has nothing to look for (see docs/policy.md)`);
    const advisorySettings = (0,advisory_flags/* advisorySettingsFrom */.T)(flags, io.env, io.cwd);
    const platform = await (0,platform_settings/* connectPlatform */.c0)(settings, {
        ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        userAgent: `depgate/${version/* VERSION */.x}`,
    });
    const advisorySources = (0,edge_shared/* advisorySourcesFor */.Bd)(policy, advisorySettings, {
        ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        platform,
    });
    const looksFor = [
        `${policy.deny.length} deny rule${policy.deny.length === 1 ? '' : 's'}`,
        ...((policy.licenses.deny ?? []).length > 0
            ? [`${policy.licenses.deny.length} denied license${policy.licenses.deny.length === 1 ? '' : 's'}`]
            : []),
        ...(policy.vulnerabilities === undefined
            ? []
            : [
                `known vulnerabilities from ${advisorySources.map((s) => s.label).join(', ')} (failOn ${policy.vulnerabilities.failOn})`,
            ]),
    ];
    io.stderr(`depgate audit: ${policy.source} (${looksFor.join(', ')}) against ${platform.deploymentSlug} at ${settings.apiUrl}\n`);
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
        advisorySources,
        ...(tty ? { onProgress: showProgress } : {}),
    });
    if (tty)
        io.stderr('\r\x1b[2K');
    let tagFailed = false;
    if (typeof tag === 'string') {
        const beforeTagging = platform.client.stats().requests;
        report.tagging = await tagProjects(platform, report, {
            tag,
            untagClean: flags.has('untagClean'),
            dryRun: flags.has('dryRun'),
            ...(repositories === undefined ? {} : { within: repositories }),
        });
        tagFailed = report.tagging.failed.length > 0;
        report.requests += platform.client.stats().requests - beforeTagging;
    }
    const text = render(report, format);
    if (outputPath !== undefined) {
        await (0,promises_.writeFile)(outputPath, text);
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

/***/ 96593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ checkOutputPath)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(71604);




/**
 * Checks an `--output` path before any work is done, so that a typo costs a second, not a whole run
 * (and never an "unexpected error" at the end): its folder must exist and be writable, and the path
 * must not be a folder. Returns the absolute path.
 */
async function checkOutputPath(cwd, output) {
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(cwd, output);
    const folder = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(full);
    const code = async (what) => {
        try {
            await what;
            return undefined;
        }
        catch (error) {
            return error.code ?? String(error);
        }
    };
    const folderStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(folder).catch(() => undefined);
    if (folderStat === undefined)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: the folder ${folder} does not exist (create it first)`);
    if (!folderStat.isDirectory())
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: ${folder} is not a folder`);
    const target = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(full).catch(() => undefined);
    if (target?.isDirectory() === true)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: that is a folder; name a file`);
    const denied = await code((0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.access)(target === undefined ? folder : full, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.W_OK));
    if (denied !== undefined)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: cannot write ${target === undefined ? `in the folder ${folder}` : 'that file'} (${denied})`);
    return full;
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
