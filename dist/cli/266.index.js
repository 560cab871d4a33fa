export const id = 266;
export const ids = [266];
export const modules = {

/***/ 28813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ advisorySettingsFrom),
/* harmony export */   f: () => (/* binding */ ADVISORY_OPTIONS)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(88513);


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

/***/ 27266:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAuditCommand: () => (/* binding */ runAuditCommand)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: ./src/domain/index.ts + 18 modules
var domain = __webpack_require__(25495);
// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
// EXTERNAL MODULE: ./src/gate/index.ts + 20 modules
var gate = __webpack_require__(13281);
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

;// CONCATENATED MODULE: ./src/audit/violation-store.ts
/** Whether a value is a list of repositories read as it is iterated (not an array). */
const isStreamedRepositories = (value) => typeof value === 'object' && value !== null && value.streamed === true;
/** A spill in memory: the violations as JSON lines (still less than as objects). */
function memorySpill() {
    let texts = new Map();
    let end = 0;
    const open = () => {
        if (texts === undefined)
            throw new Error('the audit report was closed before it was written');
        return texts;
    };
    return {
        write(text) {
            open().set(end, text);
            end += Buffer.byteLength(text);
        },
        read(offset, bytes) {
            const text = open().get(offset);
            if (text === undefined || Buffer.byteLength(text) !== bytes)
                throw new Error(`the audit report holds nothing at ${offset}`);
            return text;
        },
        close() {
            texts = undefined;
        },
    };
}
/** An Int32Array that grows. */
class IntList {
    data = new Int32Array(1024);
    length = 0;
    push(value) {
        if (this.length === this.data.length) {
            const bigger = new Int32Array(this.data.length * 2);
            bigger.set(this.data);
            this.data = bigger;
        }
        this.data[this.length++] = value;
    }
}
/** Numbers for strings: each distinct string once. */
class Names {
    ids = new Map();
    list = [];
    id(value) {
        let id = this.ids.get(value);
        if (id === undefined) {
            id = this.list.push(value) - 1;
            this.ids.set(value, id);
        }
        return id;
    }
}
/**
 * The audit's violations, written to a spill as they are found (one JSON line each). Memory keeps only
 * what orders the report: for each violation its repository, lockfile, blocking, line, name (as
 * numbers) and where its line is in the spill, about 30 bytes. The report then reads each repository's
 * violations back in its order, one repository at a time, so that every format is written while
 * memory holds one repository: an organization's report of 100,000 violations is a few hundred MB as
 * objects, and more as one SARIF document.
 */
class ViolationStore {
    spill;
    written = 0;
    // The index: one entry per violation.
    repository = new IntList();
    lockfile = new IntList();
    line = new IntList();
    name = new IntList();
    /** 1: blocking. */
    blocking = new IntList();
    start = new IntList();
    bytes = new IntList();
    repositoryIds = new Names();
    repositoryNames = [];
    lockfiles = new Names();
    names = new Names();
    constructor(spill = memorySpill()) {
        this.spill = spill;
    }
    get size() {
        return this.repository.length;
    }
    /** Keeps a violation as it is now (exceptions applied, `blocking` set). */
    add(v) {
        const text = `${JSON.stringify(v)}\n`;
        const length = Buffer.byteLength(text);
        const repository = this.repositoryIds.id(v.repositoryId);
        if (repository === this.repositoryNames.length)
            this.repositoryNames.push(v.repository);
        this.repository.push(repository);
        this.lockfile.push(this.lockfiles.id(v.lockfile));
        this.line.push(v.line);
        this.name.push(this.names.id(v.name));
        this.blocking.push(v.blocking ? 1 : 0);
        // Offsets as int32: a report of 2 GB on disk is some 20 million violations, far past any organization.
        if (this.written > 0x7fff_ffff - length)
            throw new Error('the audit found more violations than one report can hold (2 GB)');
        this.start.push(this.written);
        this.bytes.push(length);
        this.written += length;
        this.spill.write(text);
    }
    /** The repositories in report order, to be read one at a time. */
    finish() {
        const count = this.size;
        const repositories = this.repositoryNames.length;
        // Each repository's violations in the order they were found (a counting sort: stable).
        const first = new Int32Array(repositories + 1);
        const blocking = new Int32Array(repositories);
        for (let i = 0; i < count; i++) {
            first[this.repository.data[i] + 1]++;
            if (this.blocking.data[i] === 1)
                blocking[this.repository.data[i]]++;
        }
        for (let r = 0; r < repositories; r++)
            first[r + 1] += first[r];
        const members = new Int32Array(count);
        const next = first.slice(0, repositories);
        for (let i = 0; i < count; i++)
            members[next[this.repository.data[i]]++] = i;
        const summaries = [];
        for (let r = 0; r < repositories; r++)
            summaries.push({
                name: this.repositoryNames[r],
                id: this.repositoryIds.list[r],
                blocking: blocking[r],
                violations: first[r + 1] - first[r],
                index: r,
            });
        // Most blocking first, then by name; ties keep the order found (sort is stable).
        summaries.sort((a, b) => b.blocking - a.blocking || a.name.localeCompare(b.name));
        const byIndex = new Map(summaries.map((s) => [s.index, s]));
        const load = (r) => this.read(members.subarray(first[r], first[r + 1]), byIndex.get(r));
        return {
            streamed: true,
            length: repositories,
            summaries: () => summaries.map(({ name, id, blocking, violations }) => ({ name, id, blocking, violations })),
            *[Symbol.iterator]() {
                for (const s of summaries)
                    yield load(s.index);
            },
            toJSON: () => summaries.map((s) => load(s.index)),
            close: () => this.spill.close(),
        };
    }
    /** One repository: its lockfiles by path, each one's violations blocking first, then by line and name. */
    read(found, summary) {
        // Lockfiles by path; equal paths keep the order found.
        const order = [];
        const rank = new Map();
        for (const i of found) {
            const file = this.lockfile.data[i];
            if (!rank.has(file)) {
                rank.set(file, order.length);
                order.push(file);
            }
        }
        const paths = order.map((file) => this.lockfiles.list[file]);
        const sortedFiles = order.map((_, k) => k).sort((a, b) => paths[a].localeCompare(paths[b]));
        sortedFiles.forEach((k, position) => rank.set(order[k], position));
        const sorted = Array.from(found).sort((a, b) => rank.get(this.lockfile.data[a]) - rank.get(this.lockfile.data[b]) ||
            this.blocking.data[b] - this.blocking.data[a] ||
            this.line.data[a] - this.line.data[b] ||
            this.names.list[this.name.data[a]].localeCompare(this.names.list[this.name.data[b]]));
        const lockfiles = sortedFiles.map((k) => ({ path: paths[k], violations: [] }));
        for (const i of sorted) {
            const text = this.spill.read(this.start.data[i], this.bytes.data[i]);
            lockfiles[rank.get(this.lockfile.data[i])].violations.push(JSON.parse(text));
        }
        return { name: summary.name, id: summary.id, lockfiles, blocking: summary.blocking };
    }
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
 * The whole organization against the policy, without holding the dependency listing. The deny rules
 * go to the platform as package filters that are never narrower than the rules (every spelling the
 * ecosystem takes for the name, no versions), the denied licenses as its `license` filter; with
 * `vulnerabilities:`, the whole listing is read once instead. The answers stream page by page
 * (largest page), and every record is judged with the gate's own judge and words (`evaluatePackage`,
 * the vulnerability finding): only what it finds is kept. Known vulnerabilities are asked once per
 * distinct package version, 1,000 at a time. Exceptions apply as in the gate (valid ones excuse,
 * expired ones warn, by advisory for vulnerabilities); the findings are grouped by repository and
 * lockfile with their lines. The violations are written to disk as each page is judged, and the report
 * reads them back one repository at a time (see ViolationStore): memory does not grow with them.
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
    // Violations go to disk as they are found (exceptions applied a page at a time): memory keeps what
    // orders the report and, when more than one query is asked, the keys that spot a record that two
    // queries answered (one query lists each record once).
    const queries = auditQueries(policy);
    const seen = queries.length > 1 ? new Set() : undefined;
    let found = 0;
    const spill = options.spill ?? memorySpill();
    const store = new ViolationStore(spill);
    let pending = [];
    const matched = new Array(policy.exceptions.length).fill(0);
    const exceptionNotes = [];
    let expiredNotes = 0;
    let blocking = 0;
    let warnings = 0;
    const keep = (d, finding) => {
        if (seen !== undefined) {
            // The record's id when the platform sends one (short), else where it is; then what was found.
            const where = d.id ??
                `${d.repositoryId}\u0000${d.lockfilePath ?? ''}\u0000${d.ecosystem ?? ''}\u0000${d.name}\u0000${d.version}\u0000${d.line ?? 0}`;
            const key = `${where}\u0000${finding.kind}\u0000${finding.rule.id}`;
            if (seen.has(key))
                return;
            seen.add(key);
        }
        // The finding is the gate's, kept as it is (no copy) until it is written.
        const violation = finding;
        violation.repository = names.get(d.repositoryId ?? '') ?? `repository ${d.repositoryId ?? '?'}`;
        violation.repositoryId = d.repositoryId ?? '';
        pending.push(violation);
        progress.violations = ++found;
    };
    /** Exceptions applied as in the gate, then each violation written. */
    const settle = () => {
        if (pending.length === 0)
            return;
        const { uses, notes: expired } = (0,gate/* applyExceptions */.FW)(pending, policy.exceptions, options.now, policy.vulnerabilities?.failOn);
        uses.forEach((use, i) => (matched[i] += use.matched));
        expiredNotes += expired.length;
        exceptionNotes.push(...expired.slice(0, 50 - exceptionNotes.length));
        for (const v of pending) {
            v.blocking = v.level === 'error';
            if (v.blocking)
                blocking++;
            else if (v.level === 'warning')
                warnings++;
            store.add(v);
        }
        pending = [];
    };
    try {
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
        for (const filter of queries) {
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
                settle();
                report();
                options.afterPage?.();
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
        settle();
        // Phase 4: the exceptions' uses, then the report.
        const uses = (0,gate/* applyExceptions */.FW)([], policy.exceptions, options.now).uses.map((use, i) => ({
            ...use,
            status: use.status === 'expired' ? 'expired' : matched[i] > 0 ? 'valid' : 'unused',
            matched: matched[i],
        }));
        notes.push(...exceptionNotes);
        if (expiredNotes > 50)
            notes.push({
                level: 'warning',
                message: `${expiredNotes - 50} more expired-exception warnings`,
            });
        const repositories = store.finish();
        const requests = client.stats().requests -
            before +
            (vulnerabilityReport?.sources
                .filter((s) => s.label !== 'platform')
                .reduce((n, s) => n + s.requests, 0) ?? 0);
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
                repositoriesViolating: repositories.summaries().filter((r) => r.blocking > 0).length,
                violations: blocking,
                excused: store.size - blocking - warnings,
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
    catch (error) {
        spill.close();
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/audit/tag-projects.ts
/**
 * Brings the projects' tags in line with the audit: `tag` on every project with a blocking violation,
 * and with `untagClean`, off every project that has it and none. The projects' current tags are read
 * first, so only what must change is called (running it again changes nothing). Calls go a few at a
 * time; the client retries what the platform asks to retry (429, 5xx); what still fails gets one more
 * pass and is then reported, never skipped silently.
 */
async function tagProjects(platform, 
/** The report's repositories, without their violations (`repositories.summaries()`). */
repositories, options) {
    const { client, deploymentSlug } = platform;
    const current = new Map();
    for await (const project of client.projects(deploymentSlug).items())
        current.set(project.name.toLowerCase(), { name: project.name, tags: project.tags });
    const violating = new Set(repositories.filter((r) => r.blocking > 0).map((r) => r.name.toLowerCase()));
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
    for (const repo of repositories) {
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
/** Collects lines and hands them out in pieces of about 64 KB. */
class Chunker {
    out = '';
    /** A line (a newline is added); the text so far when it passed 64 KB, else undefined. */
    line(text, eol = '\n') {
        return this.piece(text + eol);
    }
    /** Text as it is; the text so far when it passed 64 KB, else undefined. */
    piece(text) {
        this.out += text;
        if (this.out.length < JSON_CHUNK)
            return undefined;
        const full = this.out;
        this.out = '';
        return full;
    }
    rest() {
        return this.out;
    }
}
/** Text for a terminal or a log: repositories with violations, then tagging, notes and the summary. */
function renderAuditText(report) {
    return [...renderAuditTextChunks(report)].join('');
}
/** The text report in pieces of about 64 KB, each repository read when it is reached. */
function* renderAuditTextChunks(report) {
    const out = new Chunker();
    const emit = function* (line) {
        const full = out.line(line);
        if (full !== undefined)
            yield full;
    };
    let any = false;
    for (const repo of report.repositories) {
        any = true;
        yield* emit(`${repo.name}  (${plural(repo.blocking, 'violation')})`);
        for (const file of repo.lockfiles)
            for (const v of file.violations)
                yield* emit(`  ${mark(v)} ${describe(v)}`);
    }
    if (!any)
        yield* emit('No repository breaks the policy.');
    const t = report.tagging;
    if (t !== undefined) {
        const verb = t.dryRun ? 'would ' : '';
        yield* emit('');
        yield* emit(`tag ${t.tag}: ${verb}add to ${t.added.length}, ${verb}remove from ${t.removed.length}, ${t.unchanged} already right`);
        for (const p of t.added)
            yield* emit(`  + ${p}`);
        for (const p of t.removed)
            yield* emit(`  - ${p}`);
        for (const p of t.noProject)
            yield* emit(`  ! ${p}: no project of that name, not tagged`);
        for (const f of t.failed)
            yield* emit(`  ! ${f.project}: ${f.action} failed: ${f.error}`);
    }
    for (const e of report.exceptions.filter((e) => e.status === 'unused'))
        yield* emit(`note: ${e.id} (owner ${e.owner}) matched nothing in the organization`);
    for (const n of report.notes)
        yield* emit(`${n.level}: ${n.message}`);
    const vulns = report.vulnerabilities;
    if (vulns !== undefined)
        yield* emit(`known vulnerabilities (failOn ${vulns.failOn}): ${plural(vulns.queried, 'distinct package version')} asked of ${vulns.sources
            .map((s) => `${s.label}${s.status === 'failed' ? ' (could not answer)' : ''}`)
            .join(', ')} in ${plural(vulns.requests, 'request')}, ${vulns.vulnerable.toLocaleString('en-US')} vulnerable`);
    yield* emit('');
    yield `${out.rest()}${auditSummary(report)}\n`;
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
    return [...renderAuditCsvChunks(report)].join('');
}
/** The CSV report in pieces of about 64 KB, each repository read when it is reached. */
function* renderAuditCsvChunks(report) {
    const out = new Chunker();
    const row = function* (cells) {
        const full = out.line(cells.map(cell).join(','), '\r\n');
        if (full !== undefined)
            yield full;
    };
    yield* row([...CSV_HEADER]);
    for (const repo of report.repositories)
        for (const file of repo.lockfiles)
            for (const v of file.violations)
                yield* row([
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
                ]);
    yield out.rest();
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
    return [...renderAuditSarifChunks(report, maxResultsPerRun)].join('');
}
/** A placeholder for a run's results while the rest of the run is formatted. */
const RESULTS_HERE = '\u0000results';
/**
 * The SARIF report in pieces of about 64 KB, `JSON.stringify(sarif, null, 2)` and a newline byte for
 * byte: each repository is read when it is reached, its run formatted around its results, which are
 * made and formatted one at a time.
 */
function* renderAuditSarifChunks(report, maxResultsPerRun = SARIF_MAX_RESULTS_PER_RUN) {
    const rules = (0,src_report/* sarifRules */.VS)(INFORMATION_URI);
    // In the file, a run is at 4 spaces, its results at 8.
    const at4 = (text) => text.replace(/\n/g, '\n    ');
    const at8 = (text) => text.replace(/\n/g, '\n        ');
    const out = new Chunker();
    const put = function* (text) {
        const full = out.piece(text);
        if (full !== undefined)
            yield full;
    };
    yield* put(`{\n  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",\n  "version": "2.1.0",\n  "runs": [`);
    let runs = 0;
    for (const repo of report.repositories) {
        const { run, results } = sarifRun(repo, report.tool.version, rules, maxResultsPerRun);
        const [before, after] = JSON.stringify(run, null, 2).split(JSON.stringify(RESULTS_HERE));
        yield* put(`${runs++ === 0 ? '' : ','}\n    ${at4(before)}`);
        let count = 0;
        for (const result of results)
            yield* put(`${count++ === 0 ? '[' : ','}\n        ${at8(JSON.stringify(result, null, 2))}`);
        yield* put(count === 0 ? '[]' : '\n      ]');
        yield* put(at4(after));
    }
    // A clean organization still uploads one run, with no results, so earlier alerts close.
    if (runs === 0) {
        const clean = {
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
        };
        yield* put(`\n    ${at4(JSON.stringify(clean, null, 2))}`);
    }
    yield `${out.rest()}\n  ]\n}\n`;
}
/** One repository's run, its results to be made one at a time (placeholder `RESULTS_HERE`). */
function sarifRun(repo, version, rules, maxResultsPerRun) {
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
    const levelOf = (v) => (v.blocking ? 'error' : v.level === 'warning' ? 'warning' : 'note');
    // The advisories' rules come before the results in the run: each is numbered in the order the
    // results name it.
    for (const { v } of kept)
        if (v.kind === 'vulnerability')
            for (const a of v.advisories ?? [])
                advisoryRuleIndex(a);
    const resultsOf = ({ file, v }) => {
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
    };
    const results = (function* () {
        for (const one of kept) {
            const made = resultsOf(one);
            if (Array.isArray(made))
                yield* made;
            else
                yield made;
        }
    })();
    const cutBlocking = cut.filter((c) => c.v.blocking).length;
    const cutNote = cut.length === 0
        ? undefined
        : `${repo.name}: ${cut.length.toLocaleString('en-US')} of ${violations.length.toLocaleString('en-US')} results cut to stay within ${maxResultsPerRun.toLocaleString('en-US')} per run (${cutBlocking.toLocaleString('en-US')} blocking, ${(cut.length - cutBlocking).toLocaleString('en-US')} excused); the JSON or CSV report has them all`;
    const run = {
        tool: {
            driver: {
                name: 'depgate',
                version,
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
        results: RESULTS_HERE,
        properties: {
            repository: repo.name,
            results: violations.length,
            ...(cut.length > 0 ? { cut: { results: cut.length, blocking: cutBlocking } } : {}),
        },
    };
    return { run, results };
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
    // The report's repositories read from disk: walked one at a time, never all at once (toJSON).
    if (isStreamedRepositories(value))
        return value;
    if (value !== null &&
        typeof value === 'object' &&
        typeof value.toJSON === 'function')
        value = value.toJSON(key);
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}
const walked = (value, depth) => depth < JSON_WALK_DEPTH &&
    value !== null &&
    typeof value === 'object' &&
    (Array.isArray(value) ||
        isStreamedRepositories(value) ||
        Object.getPrototypeOf(value) === Object.prototype);
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
    if (Array.isArray(value) || isStreamedRepositories(value)) {
        let i = 0;
        for (const raw of value) {
            const item = jsonValue(raw, String(i));
            const head = i === 0 ? `[\n${inner}` : `,\n${inner}`;
            i++;
            if (walked(item, depth + 1)) {
                yield head;
                yield* jsonPieces(item, inner, depth + 1);
            }
            else
                yield head + jsonLeaf(item, inner);
        }
        yield i === 0 ? '[]' : `\n${indent}]`;
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





// EXTERNAL MODULE: ./src/edge-shared/index.ts + 7 modules
var edge_shared = __webpack_require__(88513);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./src/cli/audit-spill.ts




/** Writes go to the file in pieces of about this many characters. */
const WRITE_CHUNK = 1 << 20;
/**
 * The audit's violations in a file of the temporary folder, readable by this user only, until the
 * report is written. On POSIX systems the file leaves the folder as soon as it is opened (the open file
 * keeps it), so nothing is left behind however the process ends; elsewhere it is deleted at close().
 */
function fileSpill(folder = (0,external_node_os_.tmpdir)()) {
    const path = (0,external_node_path_.join)(folder, `depgate-audit-${process.pid}-${(0,external_node_crypto_.randomUUID)()}.jsonl`);
    let fd = (0,external_node_fs_.openSync)(path, 'wx+', 0o600);
    let unlinked = false;
    try {
        (0,external_node_fs_.unlinkSync)(path);
        unlinked = true;
    }
    catch {
        // Windows keeps an open file's name: it is removed at close().
    }
    let pending = '';
    const open = () => {
        if (fd === undefined)
            throw new Error('the audit report was closed before it was written');
        return fd;
    };
    const flush = () => {
        if (pending === '')
            return;
        (0,external_node_fs_.writeSync)(open(), pending);
        pending = '';
    };
    let buffer = Buffer.alloc(0);
    return {
        write(text) {
            pending += text;
            if (pending.length >= WRITE_CHUNK)
                flush();
        },
        read(offset, bytes) {
            flush();
            if (buffer.length < bytes)
                buffer = Buffer.allocUnsafe(Math.max(bytes, 2 * buffer.length, 4096));
            let got = 0;
            while (got < bytes) {
                const n = (0,external_node_fs_.readSync)(open(), buffer, got, bytes - got, offset + got);
                if (n === 0)
                    throw new Error(`${path} ended early: the audit's working file was changed while in use`);
                got += n;
            }
            return buffer.toString('utf8', 0, bytes);
        },
        close() {
            if (fd === undefined)
                return;
            (0,external_node_fs_.closeSync)(fd);
            fd = undefined;
            pending = '';
            if (!unlinked)
                try {
                    (0,external_node_fs_.unlinkSync)(path);
                }
                catch {
                    // Already gone.
                }
        },
    };
}

// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(78877);
// EXTERNAL MODULE: external "node:vm"
var external_node_vm_ = __webpack_require__(30714);
;// CONCATENATED MODULE: ./src/cli/collect-garbage.ts


/**
 * A full garbage collection, for a long run that streams: V8 grows its heap with the garbage that
 * outlives a few young-generation collections (each page of 10,000 records of the listing does), and
 * only shrinks it much later, so that a streamed audit of a million records reached twice the memory
 * of one of a hundred thousand while holding the same. Collecting between pages and between pieces
 * of the report keeps the peak to what is live. Undefined where V8 does not give it.
 */
function fullCollector() {
    const exposed = globalThis.gc;
    if (typeof exposed === 'function')
        return exposed;
    try {
        // Exposes `gc` to contexts made from now on (this one's globals are already set up).
        (0,external_node_v8_.setFlagsFromString)('--expose-gc');
        const gc = (0,external_node_vm_.runInNewContext)('gc');
        return typeof gc === 'function' ? gc : undefined;
    }
    catch {
        return undefined;
    }
}

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
call that still failed included), advisory source error (vulnerabilities.onError: fail), or the report
could not be written`,
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
// Every format comes in pieces of about 64 KB, each repository read from disk when it is reached: an
// organization's report is tens to hundreds of megabytes, and holding it (or its objects) was the
// audit's peak memory.
function render(report, format) {
    switch (format) {
        case 'text':
            return renderAuditTextChunks(report);
        case 'json':
            return renderAuditJsonChunks(report);
        case 'sarif':
            return renderAuditSarifChunks(report);
        case 'csv':
            return renderAuditCsvChunks(report);
    }
}
/** Characters of the report between two garbage collections while it is written. */
const COLLECT_EVERY = 4 << 20;
/** The pieces, with a garbage collection after every `every` characters of them. */
function* collectEvery(chunks, every, collect) {
    let since = 0;
    for (const chunk of chunks) {
        yield chunk;
        since += chunk.length;
        if (collect !== undefined && since >= every) {
            collect();
            since = 0;
        }
    }
}
/** The report could not be written whole: the run fails (never a truncated report taken for a whole one). */
class ReportWriteError extends Error {
    name = 'ReportWriteError';
}
/**
 * Writes the report to a file next to `path`, renamed to `path` once complete: a run that fails half
 * way leaves the earlier file (if any) as it was, never a truncated report. The file's stream sets the
 * pace (a full buffer waits for it to drain).
 */
async function writeReportFile(path, chunks) {
    const temp = (0,external_node_path_.join)((0,external_node_path_.dirname)(path), `.${(0,external_node_path_.basename)(path)}.${(0,external_node_crypto_.randomUUID)().slice(0, 8)}.partial`);
    try {
        await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.from(chunks), (0,external_node_fs_.createWriteStream)(temp, { flags: 'wx' }));
        await (0,promises_.rename)(temp, path);
    }
    catch (error) {
        await (0,promises_.rm)(temp, { force: true }).catch(() => undefined);
        throw error;
    }
}
/** Writes the report to standard output, a piece at a time, waiting whenever the pipe is full. */
async function writeReportStdout(io, chunks) {
    for (const chunk of chunks) {
        io.stdout(chunk);
        await io.stdoutDrained?.();
    }
}
/** `depgate audit`: the organization against the policy. Fails closed: an error is never "nothing found". */
async function runAuditCommand(args, io, deps = {}) {
    try {
        return await audit(args, io, deps);
    }
    catch (error) {
        if (error instanceof ReportWriteError) {
            io.stderr(`depgate audit: ${error.message}\n`);
            return 3;
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
    const collect = fullCollector();
    const report = await runAudit(platform, policy, {
        now: (deps.now ?? (() => new Date()))(),
        version: version/* VERSION */.x,
        ...(repositories === undefined ? {} : { repositories }),
        advisorySources,
        // The violations wait on disk, not in memory, until the report is written.
        spill: fileSpill(),
        ...(collect === undefined ? {} : { afterPage: collect }),
        ...(tty ? { onProgress: showProgress } : {}),
    });
    if (tty)
        io.stderr('\r\x1b[2K');
    try {
        return await finish(report, {
            io,
            platform,
            format,
            outputPath,
            output,
            tag,
            flags,
            repositories,
            collect,
        });
    }
    finally {
        report.repositories.close();
    }
}
/** Tags the projects if asked, writes the report and says how it went. */
async function finish(report, run) {
    const { io, platform, format, outputPath, output, tag, flags, repositories, collect } = run;
    let tagFailed = false;
    if (typeof tag === 'string') {
        const beforeTagging = platform.client.stats().requests;
        report.tagging = await tagProjects(platform, report.repositories.summaries(), {
            tag,
            untagClean: flags.has('untagClean'),
            dryRun: flags.has('dryRun'),
            ...(repositories === undefined ? {} : { within: repositories }),
        });
        tagFailed = report.tagging.failed.length > 0;
        report.requests += platform.client.stats().requests - beforeTagging;
    }
    const chunks = collectEvery(render(report, format), COLLECT_EVERY, collect);
    try {
        if (outputPath !== undefined) {
            await writeReportFile(outputPath, chunks);
            io.stderr(`depgate audit: report written to ${String(output)}\n`);
        }
        else
            await writeReportStdout(io, chunks);
    }
    catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new ReportWriteError(outputPath !== undefined
            ? `could not write the report to ${String(output)} (${why}); nothing was written there`
            : `could not write the whole report to standard output (${why}); what was written is incomplete`);
    }
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
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(88513);
// The Action reaches the platform the same way: one connectPlatform for both edges.

const NO_TOKEN_HELP = 'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';


/***/ })

};
