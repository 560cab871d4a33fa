export const id = 111;
export const ids = [111];
export const modules = {

/***/ 80197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ME: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.ME),
/* harmony export */   Ms: () => (/* binding */ NO_TOKEN_HELP),
/* harmony export */   c0: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.c0)
/* harmony export */ });
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77454);
// The Action reaches the platform the same way: one connectPlatform for both edges.

const NO_TOKEN_HELP = 'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';


/***/ }),

/***/ 69832:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AY: () => (/* reexport */ FILTERS_PER_REQUEST),
  FW: () => (/* reexport */ applyExceptions),
  iy: () => (/* reexport */ denyRulesFilter),
  Rg: () => (/* reexport */ runGate)
});

// UNUSED EXPORTS: diffLockfile, isExpired, lookupOrgUsage

// EXTERNAL MODULE: ./src/policy/index.ts + 24 modules
var src_policy = __webpack_require__(37166);
;// CONCATENATED MODULE: ./src/gate/apply-exceptions.ts

const DAY_MS = 86_400_000;
/** Whether an exception still excuses at `now`: through the whole of its `expires` day, in UTC. */
function isExpired(exception, now) {
    const [y, m, d] = exception.expires.split('-').map(Number);
    return now.getTime() >= Date.UTC(y, m - 1, d) + DAY_MS;
}
/**
 * Lets the policy's exceptions excuse findings: the first exception that matches a finding's package
 * (and lockfile) either excuses it (valid: the finding becomes a notice that names the exception) or is
 * shown expired beside it (the finding stands, and a warning says so). Returns each exception's use:
 * valid, expired, or unused (it matched nothing: a candidate for removal).
 */
function applyExceptions(findings, exceptions, now) {
    const matched = new Array(exceptions.length).fill(0);
    const notes = [];
    for (const finding of findings) {
        if (finding.level === 'notice')
            continue;
        const target = {
            ecosystem: finding.ecosystem,
            name: finding.name,
            version: finding.version,
            lockfilePath: finding.lockfile,
        };
        const at = exceptions.findIndex((e) => (0,src_policy/* matchesRule */.Ib)(target, e) === true);
        if (at === -1)
            continue;
        const exception = exceptions[at];
        matched[at]++;
        const expired = isExpired(exception, now);
        const ref = {
            id: `exceptions[${exception.index}]`,
            status: expired ? 'expired' : 'valid',
            reason: exception.reason,
            owner: exception.owner,
            expires: exception.expires,
            line: exception.at.line,
        };
        finding.exception = ref;
        if (expired) {
            notes.push({
                level: 'warning',
                message: `${ref.id} (owner ${exception.owner}) expired on ${exception.expires}: it no longer excuses ${finding.name} ${finding.version} in ${finding.lockfile}`,
                file: finding.lockfile,
                line: finding.line,
            });
        }
        else {
            finding.level = 'notice';
            finding.message = `${finding.message} (excused by ${ref.id}, owner ${exception.owner}, until ${exception.expires}: ${exception.reason})`;
        }
    }
    const uses = exceptions.map((e, i) => {
        const use = {
            id: `exceptions[${e.index}]`,
            reason: e.reason,
            owner: e.owner,
            expires: e.expires,
            line: e.at.line,
            status: isExpired(e, now) ? 'expired' : matched[i] > 0 ? 'valid' : 'unused',
            matched: matched[i],
        };
        return use;
    });
    return { uses, notes };
}

// EXTERNAL MODULE: ./src/domain/index.ts + 16 modules
var domain = __webpack_require__(44574);
;// CONCATENATED MODULE: ./src/gate/diff-lockfile.ts

/** The user's own code (workspace members, linked and local folders) is not a dependency to gate. */
const isOwnCode = (pkg) => pkg.source === 'workspace' || pkg.source === 'link' || pkg.source === 'path';
function groupVersions(result) {
    const groups = new Map();
    if (result === undefined)
        return groups;
    result.packages.forEach((pkg, index) => {
        if (isOwnCode(pkg))
            return;
        const key = `${pkg.ecosystem}:${(0,domain/* packageKey */.MO)(pkg.ecosystem, pkg.name)}`;
        let versions = groups.get(key);
        if (versions === undefined)
            groups.set(key, (versions = new Map()));
        if (!versions.has(pkg.version))
            versions.set(pkg.version, { version: pkg.version, index, pkg });
    });
    return groups;
}
function orderOf(ecosystem) {
    return (a, b) => (0,domain/* compareVersions */.Zy)(ecosystem, a.version, b.version) ??
        (a.version < b.version ? -1 : a.version > b.version ? 1 : 0);
}
function changeOf(kind, base, head) {
    const entry = (head ?? base);
    const change = {
        kind,
        ecosystem: entry.pkg.ecosystem,
        name: entry.pkg.name,
        line: entry.pkg.line,
        transitivity: (0,domain/* transitivityOf */.Wu)(entry.pkg),
    };
    if (base !== undefined)
        change.from = base.version;
    if (head !== undefined)
        change.to = head.version;
    if (entry.pkg.dev === true)
        change.dev = true;
    const result = { change };
    if (head !== undefined)
        result.head = head;
    if (base !== undefined)
        result.base = base;
    return result;
}
/**
 * What changed between two sides of one lockfile. Each package is compared as a set of versions (a
 * lockfile may hold several versions of one package, and none is collapsed into another): versions on
 * both sides are unchanged; the versions that left and the versions that came are paired in version
 * order as upgrades (or downgrades, or `changed` when the ecosystem cannot order them), and what is
 * left over is added or removed. Changes come in head-file order, removals after them in base order.
 */
function diffLockfile(base, head) {
    const before = groupVersions(base);
    const after = groupVersions(head);
    const changes = [];
    for (const [key, headVersions] of after) {
        const baseVersions = before.get(key);
        const came = [...headVersions.values()].filter((v) => baseVersions?.has(v.version) !== true);
        if (came.length === 0)
            continue;
        const left = baseVersions === undefined
            ? []
            : [...baseVersions.values()].filter((v) => !headVersions.has(v.version));
        const ecosystem = came[0].pkg.ecosystem;
        const order = orderOf(ecosystem);
        came.sort(order);
        left.sort(order);
        came.forEach((to, i) => {
            const from = left[i];
            if (from === undefined) {
                changes.push(changeOf('added', undefined, to));
                return;
            }
            const cmp = (0,domain/* compareVersions */.Zy)(ecosystem, from.version, to.version);
            changes.push(changeOf(cmp === undefined ? 'changed' : cmp < 0 ? 'upgraded' : 'downgraded', from, to));
        });
    }
    const removed = [];
    for (const [key, baseVersions] of before) {
        const headVersions = after.get(key);
        const left = [...baseVersions.values()].filter((v) => headVersions?.has(v.version) !== true);
        if (left.length === 0)
            continue;
        const came = headVersions === undefined
            ? 0
            : [...headVersions.values()].filter((v) => !baseVersions.has(v.version)).length;
        // The first `came` versions that left were paired with the ones that came, above.
        left.sort(orderOf(left[0].pkg.ecosystem));
        for (const gone of left.slice(came))
            removed.push(changeOf('removed', gone, undefined));
    }
    changes.sort((a, b) => a.change.line - b.change.line);
    removed.sort((a, b) => a.change.line - b.change.line);
    return [...changes, ...removed];
}

;// CONCATENATED MODULE: ./src/gate/org-usage.ts


/**
 * Package filters per request. The listing takes any number of them OR-ed; a bounded batch keeps each
 * request body a reasonable size (1,000 filters is about 80 KB) on a change that introduces thousands.
 */
const FILTERS_PER_REQUEST = 1000;
const PAGE = 10_000;
const usageKey = (ecosystem, name) => `${ecosystem}:${(0,domain/* packageKey */.MO)(ecosystem, name)}`;
/**
 * Asks the platform's dependency listing, in the fewest requests, about every introduced package at
 * once: one package filter per package (exact name, plus the exact version when only that version's
 * license is wanted), OR-ed, largest page. The answer gives licenses, how many repositories of the
 * organization use each package, and so which packages are new to it.
 */
async function lookupOrgUsage(platform, questions) {
    const usage = new Map();
    const before = platform.client.stats().requests;
    let minimumRequests = 0;
    const unique = new Map();
    for (const q of questions) {
        const key = `${usageKey(q.ecosystem, q.name)}@${q.anyVersion ? '*' : q.version}`;
        if (!unique.has(key))
            unique.set(key, q);
    }
    const asked = [...unique.values()];
    for (let start = 0; start < asked.length; start += FILTERS_PER_REQUEST) {
        const batch = asked.slice(start, start + FILTERS_PER_REQUEST);
        const packageFilters = batch.map((q) => q.anyVersion
            ? { name: q.name, exactNameMatch: true }
            : { name: q.name, exactNameMatch: true, exactVersion: q.version });
        const filter = {
            packageFilters,
            ecosystem: [...new Set(batch.map((q) => q.ecosystem))],
        };
        const wanted = new Set(batch.map((q) => usageKey(q.ecosystem, q.name)));
        let records = 0;
        for await (const dep of platform.client
            .dependencies(platform.deploymentId, filter, { pageSize: PAGE })
            .items()) {
            records++;
            if (dep.ecosystem === undefined)
                continue;
            const key = usageKey(dep.ecosystem, dep.name);
            // Exact-name matching on the platform is case-insensitive; identity is the ecosystem's (PEP 503, ...).
            if (!wanted.has(key))
                continue;
            let entry = usage.get(key);
            if (entry === undefined)
                usage.set(key, (entry = { repositories: new Set(), licenses: new Map() }));
            if (dep.repositoryId !== undefined)
                entry.repositories.add(dep.repositoryId);
            if (dep.licenses.length > 0 && !entry.licenses.has(dep.version))
                entry.licenses.set(dep.version, dep.licenses);
        }
        minimumRequests += Math.max(1, Math.ceil(records / PAGE));
    }
    return { usage, requests: platform.client.stats().requests - before, minimumRequests };
}
/**
 * Deny rules as the dependency listing's own filter: one package filter per rule (OR-ed), narrowed to
 * the rules' ecosystems when every rule names one. The gate and the audit ask with it.
 */
function denyRulesFilter(rules) {
    const packageFilters = rules.map((rule) => {
        const f = {};
        if (rule.name !== undefined)
            f.name = rule.name;
        if (rule.exactNameMatch !== undefined)
            f.exactNameMatch = rule.exactNameMatch;
        if (rule.exactVersion !== undefined)
            f.exactVersion = rule.exactVersion;
        if (rule.versionLowerBound !== undefined)
            f.versionLowerBound = rule.versionLowerBound;
        if (rule.versionUpperBound !== undefined)
            f.versionUpperBound = rule.versionUpperBound;
        return f;
    });
    const filter = { packageFilters };
    if (rules.every((rule) => rule.ecosystem !== undefined))
        filter.ecosystem = [...new Set(rules.map((rule) => rule.ecosystem))];
    return filter;
}
/**
 * Which repositories of the organization already carry a package each deny rule matches: the rules go
 * to the dependency listing as server-side package filters (OR-ed, one request for up to 1,000 rules),
 * and each answer is matched back to its rules with the same code the emulator filters with.
 */
async function lookupDeniedElsewhere(platform, rules) {
    const before = platform.client.stats().requests;
    const repositories = new Map();
    let minimumRequests = 0;
    for (let start = 0; start < rules.length; start += FILTERS_PER_REQUEST) {
        const batch = rules.slice(start, start + FILTERS_PER_REQUEST);
        const filter = denyRulesFilter(batch.map(({ rule }) => rule));
        let records = 0;
        for await (const dep of platform.client
            .dependencies(platform.deploymentId, filter, { pageSize: PAGE })
            .items()) {
            records++;
            if (dep.repositoryId === undefined)
                continue;
            const target = {
                ecosystem: dep.ecosystem ?? '',
                name: dep.name,
                version: dep.version,
                lockfilePath: dep.lockfilePath ?? '',
            };
            for (const { index, rule } of batch) {
                // Paths narrow a rule to this repository's lockfiles: elsewhere the rule's name and versions count.
                const { paths: _here, ...anywhere } = rule;
                if ((0,src_policy/* matchesRule */.Ib)(target, anywhere) !== true)
                    continue;
                let set = repositories.get(index);
                if (set === undefined)
                    repositories.set(index, (set = new Set()));
                set.add(dep.repositoryId);
            }
        }
        minimumRequests += Math.max(1, Math.ceil(records / PAGE));
    }
    return { repositories, requests: platform.client.stats().requests - before, minimumRequests };
}

// EXTERNAL MODULE: ./src/lockfiles/index.ts + 58 modules
var src_lockfiles = __webpack_require__(15046);
;// CONCATENATED MODULE: ./src/gate/evaluate-package.ts


const ruleLabel = (rule) => {
    const parts = [];
    if (rule.exactVersion !== undefined)
        parts.push(rule.exactVersion);
    if (rule.versionLowerBound !== undefined)
        parts.push(rule.versionLowerBound);
    if (rule.versionUpperBound !== undefined)
        parts.push(rule.versionUpperBound);
    return `${rule.name ?? '*'}${parts.length > 0 ? ` ${parts.join(' ')}` : ''}`;
};
/**
 * The policy's findings on one package version, before exceptions: deny rules (a version its ecosystem
 * cannot order against a rule's bound is `version-unknown`, never a silent pass), licenses (the
 * lockfile's, else the platform's), unknown license, and new to the organization.
 */
function evaluatePackage(candidate, policy) {
    const { pkg } = candidate;
    const findings = [];
    const licenses = pkg.licenses !== undefined && pkg.licenses.length > 0 ? pkg.licenses : (candidate.platformLicenses ?? []);
    const licenseSource = pkg.licenses !== undefined && pkg.licenses.length > 0
        ? 'lockfile'
        : candidate.platformLicenses !== undefined && candidate.platformLicenses.length > 0
            ? 'platform'
            : undefined;
    const add = (kind, level, rule, message) => {
        const finding = {
            kind,
            level,
            message,
            preExisting: candidate.preExisting,
            blocking: false,
            lockfile: candidate.lockfile,
            line: pkg.line,
            ecosystem: pkg.ecosystem,
            name: pkg.name,
            version: pkg.version,
            transitivity: (0,domain/* transitivityOf */.Wu)(pkg),
            pathRecorded: candidate.pathRecorded,
            licenses: [...licenses],
            rule,
        };
        if (candidate.change !== undefined)
            finding.change = candidate.change;
        if (candidate.previousVersion !== undefined)
            finding.previousVersion = candidate.previousVersion;
        if (candidate.path !== undefined)
            finding.path = candidate.path;
        if (licenseSource !== undefined)
            finding.licenseSource = licenseSource;
        if (candidate.orgRepositories !== undefined)
            finding.orgRepositories = candidate.orgRepositories;
        findings.push(finding);
    };
    const subject = `${pkg.name} ${pkg.version}`.trim();
    const target = {
        ecosystem: pkg.ecosystem,
        name: pkg.name,
        version: pkg.version,
        lockfilePath: candidate.lockfile,
    };
    for (const rule of policy.deny) {
        const match = (0,src_policy/* matchesRule */.Ib)(target, rule);
        if (match === false)
            continue;
        const ref = { id: `deny[${rule.index}]`, line: rule.at.line };
        if (rule.reason !== undefined)
            ref.reason = rule.reason;
        if (match === 'unknown-version') {
            add('version-unknown', 'error', ref, `${subject}: version "${pkg.version}" cannot be ordered by ${pkg.ecosystem}'s rules, so ${ref.id} (${ruleLabel(rule)}) cannot be decided`);
        }
        else {
            add('denied', 'error', ref, `${subject} is denied by ${ref.id}${rule.reason === undefined ? '' : `: ${rule.reason}`}`);
        }
    }
    const { licenses: licensePolicy } = policy;
    const checksLicenses = licensePolicy.allow !== undefined || licensePolicy.deny !== undefined;
    const verdict = checksLicenses
        ? (0,src_policy/* licenseVerdict */.Tt)(licenses, licensePolicy)
        : { status: licenses.length === 0 ? 'unknown' : 'allowed' };
    if (verdict.status === 'denied') {
        const id = licensePolicy.allow !== undefined ? 'licenses.allow' : 'licenses.deny';
        const which = 'denied' in verdict && verdict.denied !== undefined && verdict.denied.length > 0
            ? verdict.denied.join(', ')
            : licenses.join(', ');
        add('license', 'error', { id }, licensePolicy.allow !== undefined
            ? `${subject} has license ${licenses.join(' AND ')}, not in licenses.allow`
            : `${subject} has license ${which}, denied by licenses.deny`);
    }
    else if (verdict.status === 'unknown' && licensePolicy.unknown !== 'ignore') {
        add('license-unknown', licensePolicy.unknown === 'fail' ? 'error' : 'warning', { id: 'licenses.unknown' }, licenses.length === 0
            ? `${subject}: no license is known (the lockfile records none${candidate.platformLicenses === undefined ? '' : ' and the platform knows none'})`
            : `${subject}: license "${licenses.join(', ')}" is not an SPDX expression the policy can judge`);
    }
    if (candidate.askNewToOrg && policy.newToOrg !== 'off' && (candidate.orgRepositories ?? 0) === 0) {
        add('new-to-org', policy.newToOrg === 'fail' ? 'error' : 'warning', { id: 'newToOrg' }, `${pkg.name} is new to the organization: no repository uses it yet`);
    }
    return findings;
}

;// CONCATENATED MODULE: ./src/gate/run-gate.ts






/**
 * Per package entry, the shortest chain of names from a direct dependency. A version installed at
 * several places (npm's nested node_modules) gets the shortest chain of any of its copies.
 */
function pathNames(result) {
    if (result?.dependencies === undefined)
        return [];
    const chains = (0,src_lockfiles/* dependencyPaths */.QX)(result);
    const best = new Map();
    const keyOf = (i) => `${result.packages[i].name}\u0000${result.packages[i].version}`;
    chains.forEach((chain, i) => {
        if (chain === undefined)
            return;
        const known = best.get(keyOf(i));
        if (known === undefined || chain.length < known.length)
            best.set(keyOf(i), chain);
    });
    return result.packages.map((_, i) => best.get(keyOf(i))?.map((at) => result.packages[at].name));
}
const LEVEL_ORDER = { error: 0, warning: 1, notice: 2 };
/** Most important first: what blocks, then by level, then where it is. */
function compareFindings(a, b) {
    return (Number(b.blocking) - Number(a.blocking) ||
        LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
        Number(a.preExisting) - Number(b.preExisting) ||
        (a.lockfile < b.lockfile ? -1 : a.lockfile > b.lockfile ? 1 : 0) ||
        a.line - b.line);
}
/**
 * The gate: reads both sides of each changed lockfile, diffs them, asks the platform (when given) in
 * one batched listing about everything the change introduces, judges it against the policy, applies
 * the exceptions and returns the Report. A verdict is data: `block` is a value, not an error. A lockfile
 * that cannot be read throws its LockfileError (file and line); a platform failure throws its ApiError.
 */
async function runGate(options) {
    const { policy, now } = options;
    const notes = [];
    const pairs = [];
    for (const pair of options.lockfiles) {
        if (!(0,src_policy/* coversLockfile */.Gy)(policy, pair.path)) {
            notes.push({
                level: 'notice',
                message: `${pair.path} is outside the policy's paths: not checked`,
                file: pair.path,
            });
            continue;
        }
        const base = options.mode === 'audit' || pair.base === undefined ? undefined : (0,src_lockfiles/* readLockfile */.GQ)(pair.path, pair.base);
        const head = pair.head === undefined ? undefined : (0,src_lockfiles/* readLockfile */.GQ)(pair.path, pair.head, { edges: true });
        for (const warning of head?.warnings ?? []) {
            const note = { level: 'warning', message: warning.message, file: pair.path };
            if (warning.line !== undefined)
                note.line = warning.line;
            notes.push(note);
        }
        pairs.push({ path: pair.path, base, head, changes: diffLockfile(base, head), paths: pathNames(head) });
    }
    // Every introduced version, and (in a diff) the head's unchanged versions, which may be pre-existing violations.
    const candidates = [];
    for (const pair of pairs) {
        const recorded = pair.head?.dependencies !== undefined;
        const introduced = new Set();
        for (const { change, head, base } of pair.changes) {
            if (head === undefined)
                continue;
            introduced.add(head.index);
            const candidate = {
                lockfile: pair.path,
                pkg: head.pkg,
                change: change.kind,
                preExisting: false,
                pathRecorded: recorded,
                askNewToOrg: change.kind === 'added' && options.platform !== undefined,
            };
            if (base !== undefined)
                candidate.previousVersion = base.version;
            const path = pair.paths[head.index];
            if (path !== undefined)
                candidate.path = change.path = path;
            candidates.push(candidate);
        }
        if (pair.head === undefined || pair.base === undefined)
            continue;
        for (const [, versions] of groupVersions(pair.head)) {
            for (const entry of versions.values()) {
                if (introduced.has(entry.index) || isOwnCode(entry.pkg))
                    continue;
                const candidate = {
                    lockfile: pair.path,
                    pkg: entry.pkg,
                    preExisting: true,
                    pathRecorded: recorded,
                    askNewToOrg: false,
                };
                const path = pair.paths[entry.index];
                if (path !== undefined)
                    candidate.path = path;
                candidates.push(candidate);
            }
        }
    }
    let answer;
    if (options.platform !== undefined) {
        const questions = candidates
            .filter((c) => !c.preExisting)
            .map((c) => ({
            ecosystem: c.pkg.ecosystem,
            name: c.pkg.name,
            version: c.pkg.version,
            anyVersion: c.askNewToOrg,
        }));
        answer = await lookupOrgUsage(options.platform, questions);
        for (const c of candidates) {
            if (c.preExisting)
                continue;
            const usage = answer.usage.get(usageKey(c.pkg.ecosystem, c.pkg.name));
            c.orgRepositories = usage?.repositories.size ?? 0;
            c.platformLicenses = usage?.licenses.get(c.pkg.version) ?? [];
        }
    }
    const findings = candidates.flatMap((c) => evaluatePackage(c, policy));
    if (options.platform !== undefined && answer !== undefined) {
        // Context for what the change is denied: where the organization already carries what the rule denies.
        const denied = new Set();
        for (const f of findings)
            if (f.kind === 'denied' && !f.preExisting)
                denied.add(Number(f.rule.id.slice(5, -1)));
        if (denied.size > 0) {
            const elsewhere = await lookupDeniedElsewhere(options.platform, [...denied].map((index) => ({ index, rule: policy.deny[index] })));
            answer.requests += elsewhere.requests;
            answer.minimumRequests += elsewhere.minimumRequests;
            for (const f of findings) {
                if (f.kind !== 'denied' || f.preExisting)
                    continue;
                f.rule.orgRepositories = elsewhere.repositories.get(Number(f.rule.id.slice(5, -1)))?.size ?? 0;
            }
        }
    }
    const { uses, notes: exceptionNotes } = applyExceptions(findings, policy.exceptions, now);
    notes.push(...exceptionNotes);
    for (const f of findings) {
        f.blocking = f.level === 'error' && (!f.preExisting || policy.preExisting === 'fail');
    }
    findings.sort(compareFindings);
    const lockfiles = pairs.map((pair) => {
        const side = (pair.head ?? pair.base);
        const counts = { added: 0, removed: 0, upgraded: 0, downgraded: 0, changed: 0 };
        for (const { change } of pair.changes)
            counts[change.kind]++;
        return {
            path: pair.path,
            ecosystem: side.ecosystem,
            format: side.format,
            status: pair.base === undefined && options.mode === 'diff'
                ? 'added'
                : pair.head === undefined
                    ? 'deleted'
                    : pair.changes.length === 0
                        ? 'unchanged'
                        : 'modified',
            changes: pair.changes.map((c) => c.change),
            counts,
            edgesRecorded: pair.head?.dependencies !== undefined,
        };
    });
    const violations = findings.filter((f) => f.blocking).length;
    const report = {
        schemaVersion: 1,
        verdict: violations > 0 ? 'block' : 'pass',
        tool: { name: 'depgate', version: options.toolVersion },
        generatedAt: now.toISOString(),
        mode: options.mode,
        policy: policy.source,
        lockfiles,
        findings,
        exceptions: uses,
        counts: {
            lockfiles: lockfiles.length,
            introduced: lockfiles.reduce((n, l) => n + l.changes.filter((c) => c.to !== undefined).length, 0),
            removed: lockfiles.reduce((n, l) => n + l.counts.removed, 0),
            violations,
            warnings: findings.filter((f) => f.level === 'warning').length,
            preExisting: findings.filter((f) => f.preExisting).length,
        },
        notes,
        platform: { mode: options.platform === undefined ? 'off' : 'on' },
    };
    if (options.base !== undefined)
        report.base = options.base;
    if (options.head !== undefined)
        report.head = options.head;
    if (options.platform !== undefined && answer !== undefined) {
        report.platform.requests = answer.requests;
        report.platform.minimumRequests = answer.minimumRequests;
        report.platform.deploymentSlug = options.platform.deploymentSlug;
    }
    return report;
}

;// CONCATENATED MODULE: ./src/gate/index.ts






/***/ })

};
