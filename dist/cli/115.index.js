export const id = 115;
export const ids = [115];
export const modules = {

/***/ 32857:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AY: () => (/* reexport */ FILTERS_PER_REQUEST),
  FW: () => (/* reexport */ applyExceptions),
  n1: () => (/* reexport */ choosePolicySide),
  iy: () => (/* reexport */ denyRulesFilter),
  Rg: () => (/* reexport */ runGate),
  pS: () => (/* reexport */ shownPath)
});

// UNUSED EXPORTS: describePolicyChange, diffLockfile, isExpired, lookupOrgUsage

// EXTERNAL MODULE: ./src/policy/index.ts + 25 modules
var src_policy = __webpack_require__(40714);
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

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./src/gate/policy-source.ts

/**
 * The side of the change the policy is read from. A change cannot relax its own check: a pull request
 * and a merge group are judged with the base's policy, and so is `depgate check` in CI (`CI=true`) or
 * whenever a base is named. A push and an audit have no change under review and read the head. Locally,
 * with no base named, the policy of what is being checked is used (the working tree, or `--head`), so
 * that a policy can be tried before it is pushed; `--policy-from` chooses any side.
 */
function choosePolicySide(context) {
    switch (context.trigger) {
        case 'pull_request':
        case 'merge_group':
            return { side: 'base', why: 'the base of the change: a change cannot relax its own check' };
        case 'push':
            return { side: 'head', why: 'the pushed commit' };
        case 'audit':
            return { side: 'head', why: 'the audited commit' };
        case 'local':
            break;
    }
    const underReview = context.ci === true || context.baseGiven === true;
    if (context.requested !== undefined) {
        const choice = { side: context.requested, why: '--policy-from' };
        if (context.requested !== 'base' && context.ci === true)
            choice.warning = `the policy was read from the ${context.requested === 'head' ? 'head commit' : 'working tree'} (--policy-from ${context.requested}) in CI: a change can relax its own check this way; CI should read it from the base`;
        return choice;
    }
    if (underReview)
        return {
            side: 'base',
            why: `${context.ci === true ? 'in CI' : '--base given'}: a change cannot relax its own check`,
        };
    return context.headGiven === true
        ? { side: 'head', why: 'the commit checked (locally, no --base)' }
        : { side: 'worktree', why: 'the working tree (locally, no --base)' };
}
/** The policy's top-level keys (read-policy.ts); anything else a change writes is "other keys". */
const KEYS = ['deny', 'exceptions', 'licenses', 'newToOrg', 'preExisting', 'paths'];
function parsed(text) {
    if (text === undefined)
        return undefined;
    try {
        const value = (0,dist/* parse */.qg)(text, { maxAliasCount: 100 });
        if (value === null || value === undefined)
            return {};
        return typeof value === 'object' && !Array.isArray(value)
            ? value
            : 'invalid';
    }
    catch {
        return 'invalid';
    }
}
/** Lines only one side has, counted as multisets (a policy is small; the head's may be anything). */
function lineCounts(base, head) {
    const count = new Map();
    for (const line of base.split('\n'))
        count.set(line, (count.get(line) ?? 0) + 1);
    let added = 0;
    for (const line of head.split('\n')) {
        const left = count.get(line) ?? 0;
        if (left > 0)
            count.set(line, left - 1);
        else
            added++;
    }
    let removed = 0;
    for (const n of count.values())
        removed += n;
    return { removed, added };
}
const size = (value) => Array.isArray(value) ? `${value.length}` : value === undefined ? 'none' : 'set';
/**
 * The notice for a change that edits the policy file while the base's policy judges it: what the edit
 * changes, key by key (no text of the file is echoed: it is the change's to write), and that it takes
 * effect once merged. Undefined when the policy file is the same on both sides.
 */
function describePolicyChange(change) {
    const { path, base, head } = change;
    if (base === head)
        return undefined;
    const at = change.baseCommit === undefined ? '' : ` (at ${change.baseCommit.slice(0, 7)})`;
    const tail = `: this check judged it with the base's policy${at}, since a change cannot relax its own check; the edited policy applies once it is merged`;
    if (head === undefined)
        return { level: 'notice', message: `the change deletes ${path}${tail}`, file: path };
    const before = parsed(base);
    const after = parsed(head);
    const parts = [];
    if (base !== undefined) {
        const { removed, added } = lineCounts(base, head);
        parts.push(`${removed} line${removed === 1 ? '' : 's'} removed, ${added} added`);
    }
    if (after === 'invalid')
        parts.push('the edited file is not a valid policy mapping');
    else if (before !== 'invalid') {
        for (const key of KEYS) {
            const [b, h] = [before?.[key], after?.[key]];
            if (JSON.stringify(b) === JSON.stringify(h))
                continue;
            parts.push(Array.isArray(b) || Array.isArray(h) ? `${key} ${size(b)} -> ${size(h)} entries` : `${key} changed`);
        }
        const known = new Set(KEYS);
        const others = (o) => JSON.stringify(Object.entries(o ?? {}).filter(([k]) => !known.has(k)));
        if (others(before) !== others(after))
            parts.push('other keys changed');
    }
    const what = base === undefined ? `the change adds ${path}` : `the change edits ${path}`;
    return {
        level: 'notice',
        message: `${what}${parts.length === 0 ? '' : ` (${parts.join('; ')})`}${tail}`,
        file: path,
    };
}

// EXTERNAL MODULE: ./src/lockfiles/index.ts + 59 modules
var src_lockfiles = __webpack_require__(52222);
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

;// CONCATENATED MODULE: ./src/gate/shown-path.ts
/** Characters that would break a line or hide what a path is: controls, line separators, bidi overrides. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|^\s|\s$/u;
/**
 * A path as a person should read it: as is when it is plain, else JSON-quoted (`"svc\nx/yarn.lock"`),
 * as git quotes such paths, so that a newline or a control character in a file name can neither
 * break a report's line nor pass for another path.
 */
function shownPath(path) {
    return UNSAFE.test(path) ? JSON.stringify(path) : path;
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
    const notes = [...(options.notes ?? [])];
    if (options.policyChange !== undefined && options.policyFrom?.side === 'base') {
        const change = describePolicyChange({
            ...options.policyChange,
            ...(options.policyFrom.commit === undefined ? {} : { baseCommit: options.policyFrom.commit }),
        });
        if (change !== undefined)
            notes.push(change);
    }
    if (!(0,src_policy/* hasRules */.w0)(policy))
        notes.push({ level: 'warning', message: (0,src_policy/* noRulesMessage */.u)(policy) });
    const pairs = [];
    for (const pair of options.lockfiles) {
        // Every changed lockfile is either read, or listed here with why; what cannot be read fails the check.
        const file = pair.path;
        if (!(0,src_policy/* coversLockfile */.Gy)(policy, pair.path)) {
            notes.push({
                level: 'notice',
                message: `outside the policy's paths (paths.include / paths.exclude): not checked`,
                file,
            });
            continue;
        }
        const unsupported = (0,src_lockfiles/* unsupportedLockfileReason */.lU)(pair.path);
        if (unsupported !== undefined) {
            if (pair.head === undefined && pair.unreadable?.head === undefined)
                notes.push({ level: 'notice', message: `deleted; not read (${unsupported})`, file });
            else
                notes.push({
                    level: 'error',
                    message: `not read: ${unsupported}; a lockfile depgate cannot read fails the check`,
                    file,
                });
            continue;
        }
        const refusedHead = pair.unreadable?.head;
        if (refusedHead !== undefined) {
            notes.push({
                level: 'error',
                message: `${refusedHead} on the head: depgate never follows links nor reads what is not a regular file, so this lockfile cannot be checked and the check fails (commit the lockfile itself)`,
                file,
            });
            continue;
        }
        const refusedBase = pair.unreadable?.base;
        if (pair.base === undefined && pair.head === undefined) {
            if (refusedBase !== undefined)
                notes.push({
                    level: 'notice',
                    message: `${refusedBase} on the base, gone on the head: nothing to check`,
                    file,
                });
            else
                notes.push({
                    level: 'error',
                    message: `changed, but neither side could be read at this path (${shownPath(pair.path)}): the check fails`,
                    file,
                });
            continue;
        }
        if (refusedBase !== undefined)
            notes.push({
                level: 'warning',
                message: `${refusedBase} on the base: not read, so every package of the head counts as introduced`,
                file,
            });
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
    const unreadable = notes.some((n) => n.level === 'error');
    const report = {
        schemaVersion: 1,
        verdict: violations > 0 || unreadable ? 'block' : 'pass',
        tool: { name: 'depgate', version: options.toolVersion },
        generatedAt: now.toISOString(),
        mode: options.mode,
        policy: policy.source,
        ...(options.policyFrom === undefined ? {} : { policyFrom: options.policyFrom }),
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








/***/ }),

/***/ 30115:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GH: () => (/* reexport */ SARIF_KINDS),
  LS: () => (/* reexport */ plural),
  hF: () => (/* reexport */ renderJson),
  Gc: () => (/* reexport */ renderMarkdown),
  WH: () => (/* reexport */ renderSarif),
  S5: () => (/* reexport */ renderText),
  o8: () => (/* reexport */ sarifFingerprint),
  VS: () => (/* reexport */ sarifRules),
  Yw: () => (/* reexport */ sarifSuppressions)
});

// UNUSED EXPORTS: DEFAULT_MARKDOWN_LENGTH, annotationsOf, codeBlock, codeSpan, escapeMarkdown, printable, summaryLine

;// CONCATENATED MODULE: ./src/report/escape.ts
// How text a pull request controls (names, versions, paths, licenses, chains, notes quoting a lockfile)
// is made inert in each renderer. Every renderer goes through these functions: nothing a lockfile
// says reaches a comment, a summary or a terminal as markup, a mention, a reference or a control code.
/**
 * Characters that move the cursor, end a line, or reorder what is shown (C0 and C1 controls, DEL, the
 * line and paragraph separators, the bidirectional overrides and isolates of "Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * The text on one line, every control, line break and bidirectional override shown as its escape
 * (`\n`, `\u{1B}`, `\u{202E}`): what the terminal shows is what the lockfile says, and a value can
 * neither forge a line of the report nor recolour or clear the screen.
 */
function printable(text) {
    return text.replace(UNPRINTABLE, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(2, '0')}}`);
}
/** Zero-width, unbreakable: put after `@` or `#` it stops GitHub seeing a mention or a reference. */
const WORD_JOINER = '\u2060';
/**
 * Prose made inert in Markdown and HTML, on one line: table pipes, tags, entities, emphasis, code and
 * links are escaped; mentions (`@octocat`, `@acme/team`, emails), references (`#1`, `GH-1`,
 * `owner/repo#1`) and bare links (`https://`, `www.`) are broken by a word joiner, which is invisible.
 * GitHub finds mentions and references in the rendered text after Markdown, so a backslash cannot stop
 * them: only a character between `@` and the name, or a code span (see `codeSpan`), does.
 */
function escapeMarkdown(text) {
    return printable(text.replace(/\r\n?|\n/g, ' '))
        .replace(/[\\`*_[\]<>|~&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`))
        .replace(/[@#]/g, `$&${WORD_JOINER}`)
        .replace(/\b(gh)-/gi, `$1${WORD_JOINER}-`)
        .replace(/:\/\//g, `:${WORD_JOINER}//`)
        .replace(/\b(www)\./gi, `$1${WORD_JOINER}.`);
}
/**
 * A value (a package name, a version, a path) as a Markdown code span: shown as written, and inside it
 * GitHub links, mentions and references nothing and reads no HTML. The fence is one backtick longer
 * than the longest run in the value; line breaks and controls are shown as escapes (a code span may
 * span lines, and a new line in a table cell ends the row). In a table (`table: true`) pipes are
 * escaped as GFM asks, so that the cell does not split; a backslash right before a pipe then shows
 * doubled (no real package name has one).
 */
function codeSpan(value, options = {}) {
    if (value === '')
        return '_(empty)_';
    let text = printable(value);
    if (options.table === true)
        text = text.replace(/\|/g, '\\|');
    let longest = 0;
    for (const run of text.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    // A space on each side is stripped by the reader: it lets a value start or end with a backtick or a space.
    const pad = /^[`\s]|[`\s]$/.test(text) ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/**
 * Text as a fenced code block: its lines kept, each made printable, fenced by one backtick more than
 * the longest run in it (at least three), so that nothing inside can close the block early.
 */
function codeBlock(text) {
    const lines = text.split(/\r\n?|\n/).map(printable);
    let longest = 2;
    for (const run of text.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    return `${fence}\n${lines.join('\n')}\n${fence}`;
}

;// CONCATENATED MODULE: ./src/report/describe.ts

/** `4.17.21 -> 4.17.20`, `+ 1.3.0` (added), or the version alone for a pre-existing package. */
function describe_changeText(f, mode = 'diff', show = printable) {
    if (mode === 'audit')
        return f.version === '' ? '(no version)' : show(f.version);
    if (f.previousVersion !== undefined)
        return `${show(f.previousVersion)} -> ${show(f.version)}`;
    if (f.change === 'added')
        return `+ ${show(f.version)}`;
    return f.version === '' ? '(no version)' : show(f.version);
}
/** Why the package is there: `direct`, the chain from a direct dependency, or what is known of it. */
function describe_whyText(f, show = printable, arrow = ' > ') {
    if (f.transitivity === 'direct')
        return 'direct';
    if (f.path !== undefined && f.path.length > 1)
        return f.path.map(show).join(arrow);
    if (!f.pathRecorded)
        return f.transitivity === 'transitive' ? 'transitive (path not recorded)' : 'path not recorded';
    return f.transitivity === 'transitive' ? 'transitive' : 'not reached from a direct dependency';
}
function exceptionText(e) {
    return e.status === 'valid'
        ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
        : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses this`;
}
function usageText(f) {
    if (f.orgRepositories === undefined)
        return undefined;
    if (f.orgRepositories === 0)
        return 'used by no repository of the organization yet';
    return `used in ${f.orgRepositories} ${f.orgRepositories === 1 ? 'repository' : 'repositories'} of the organization`;
}
/** What a finding says in a table cell: the message, then the rule's line, exception and org usage. */
function describe_findingDetails(f) {
    const parts = [f.message];
    // A valid exception is already named in the message ("excused by ...").
    if (f.exception !== undefined && !f.message.includes(`excused by ${f.exception.id}`))
        parts.push(exceptionText(f.exception));
    if (f.rule.orgRepositories !== undefined && f.rule.orgRepositories > 0)
        parts.push(`${plural(f.rule.orgRepositories, 'repository', 'repositories')} of the organization already carry a package ${f.rule.id} denies`);
    const usage = usageText(f);
    if (usage !== undefined && f.kind !== 'new-to-org')
        parts.push(usage);
    return parts;
}
function levelLabel(f) {
    if (f.blocking)
        return 'BLOCK';
    if (f.level === 'error')
        return f.preExisting ? 'error' : 'error';
    return f.level === 'warning' ? 'warn' : 'note';
}
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** One sentence for the whole run: verdict, counts and where the answer came from. */
function summaryLine(report) {
    const { counts } = report;
    const verdict = report.verdict === 'block' ? 'blocked' : 'passed';
    const what = report.mode === 'audit'
        ? `${plural(counts.introduced, 'package version')} audited in ${plural(counts.lockfiles, 'lockfile')}`
        : `${plural(counts.introduced, 'package version')} introduced, ${counts.removed} removed, in ${plural(counts.lockfiles, 'changed lockfile')}`;
    const unreadable = report.notes.filter((n) => n.level === 'error').length;
    const unread = unreadable === 0 ? '' : `, ${plural(unreadable, 'lockfile')} it could not read`;
    return `${verdict}: ${plural(counts.violations, 'violation')}${unread}, ${plural(counts.warnings, 'warning')}; ${what}`;
}
function sourceLine(report) {
    const platform = report.platform.mode === 'off'
        ? 'platform off'
        : `platform ${report.platform.deploymentSlug ?? ''} (${plural(report.platform.requests ?? 0, 'request')})`.replace('  ', ' ');
    const from = report.policyFrom;
    const side = from === undefined || from.side === 'file' || from.side === 'inline'
        ? ''
        : ` (from the ${from.side === 'worktree' ? 'working tree' : `${from.side}${from.commit === undefined ? '' : ` ${from.commit.slice(0, 7)}`}`})`;
    return `policy ${report.policy}${side}; ${platform}`;
}
function lockfileCounts(counts) {
    const parts = Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${kind}`);
    return parts.length === 0 ? 'no package changed' : parts.join(', ');
}
function changeBrief(c, show, arrow) {
    const version = (v) => (v === undefined || v === '' ? '' : ` ${show(v)}`);
    if (c.kind === 'added')
        return `+ ${show(c.name)}${version(c.to)}`;
    if (c.kind === 'removed')
        return `- ${show(c.name)}${version(c.from)}`;
    return `${show(c.name)}${version(c.from)}${arrow}${version(c.to).trimStart()}`;
}
/** The direct dependencies a lockfile's change moves, in a line (the first `limit`), and how many transitive. */
function directChangesText(lockfile, options = {}) {
    const { limit = 12, show = printable, arrow = ' -> ' } = options;
    const direct = lockfile.changes.filter((c) => c.transitivity === 'direct');
    const others = lockfile.changes.length - direct.length;
    if (lockfile.changes.length === 0)
        return undefined;
    const shown = direct.slice(0, limit).map((c) => changeBrief(c, show, arrow));
    if (direct.length > limit)
        shown.push(`${direct.length - limit} more`);
    const tail = others > 0
        ? `${shown.length > 0 ? '; ' : ''}${plural(others, 'other change')} (transitive or not known to be direct)`
        : '';
    return `${shown.join(', ')}${tail}`;
}

;// CONCATENATED MODULE: ./src/report/annotations.ts

const RANK = { error: 0, warning: 1, notice: 2 };
/**
 * The report's findings and notes as annotations, most important first (what blocks, then warnings,
 * then notices): GitHub shows only the first few of each level per step, the summary has them all.
 * A pre-existing finding that does not block is a notice: it is not what the change did.
 */
function annotationsOf(report, options = {}) {
    const out = report.findings.map((f) => ({
        level: f.blocking ? 'error' : f.preExisting ? 'notice' : f.level,
        file: f.lockfile,
        line: f.line,
        title: `depgate: ${f.blocking ? 'blocked' : f.kind} ${f.name} ${changeText(f, report.mode)}${f.preExisting ? ' (already on the base)' : ''}`,
        message: [...findingDetails(f), `why it is there: ${whyText(f)}`].join('\n'),
    }));
    for (const n of report.notes) {
        if (n.file === undefined)
            continue;
        const a = { level: n.level, file: n.file, title: 'depgate', message: n.message };
        if (n.line !== undefined)
            a.line = n.line;
        out.push(a);
    }
    const ordered = out
        .map((a, i) => ({ a, i }))
        .sort((x, y) => RANK[x.a.level] - RANK[y.a.level] || x.i - y.i)
        .map(({ a }) => a);
    return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
}

;// CONCATENATED MODULE: ./src/report/render-json.ts
/** The report as JSON, schema version 1 (schema/report-v1.schema.json; fields in docs/report.md). */
function renderJson(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
}

// EXTERNAL MODULE: ./src/gate/index.ts + 7 modules
var gate = __webpack_require__(32857);
;// CONCATENATED MODULE: ./src/report/render-markdown.ts



/** Rows shown before the rest of a table folds into `<details>`. */
const VISIBLE_ROWS = 10;
const DEFAULT_MARKDOWN_LENGTH = 65_000;
const cell = (value) => codeSpan(value, { table: true });
function changeCell(f, mode) {
    if (mode === 'audit' || f.change === undefined)
        return cell(f.version);
    if (f.previousVersion !== undefined)
        return `${cell(f.previousVersion)} → ${cell(f.version)}`;
    if (f.change === 'added')
        return `added ${cell(f.version)}`;
    return cell(f.version);
}
function whyCell(f) {
    if (f.transitivity !== 'direct' && f.path !== undefined && f.path.length > 1)
        return describe_whyText(f, cell, ' → ');
    return escapeMarkdown(describe_whyText(f));
}
/**
 * The finding's message with the package it opens with (`name version`, as the gate writes it) as code
 * spans, the rest escaped as prose: what the lockfile wrote is shown, never read as Markdown.
 */
function messageCell(f) {
    const subjects = [`${f.name} ${f.version}`.trim(), f.name].filter((s) => s !== '');
    for (const subject of subjects) {
        if (!f.message.startsWith(subject))
            continue;
        const rest = escapeMarkdown(f.message.slice(subject.length));
        const shown = subject === f.name ? cell(f.name) : `${cell(f.name)}${f.version === '' ? '' : ` ${cell(f.version)}`}`;
        return `${shown}${rest}`;
    }
    return escapeMarkdown(f.message);
}
function levelCell(f) {
    if (f.blocking)
        return '**block**';
    return f.level === 'notice' ? 'note' : f.level === 'warning' ? 'warn' : 'error';
}
function row(f, mode = 'diff') {
    const [, ...more] = describe_findingDetails(f);
    const details = [messageCell(f), ...more.map(escapeMarkdown)].join('<br>');
    return `| ${levelCell(f)} | **${cell(f.name)}** | ${changeCell(f, mode)} | ${whyCell(f)} | ${f.line} | ${details} |`;
}
const HEADER = '| | Package | Change | Why it is there | Line | Finding |\n|---|---|---|---|---|---|';
/** A table of findings, the first rows visible and the rest folded. */
/** Appends a table of findings, the first rows visible and the rest folded (no spread: any count). */
function table(out, findings, toRow) {
    out.push(HEADER);
    for (const f of findings.slice(0, VISIBLE_ROWS))
        out.push(toRow(f));
    if (findings.length <= VISIBLE_ROWS)
        return;
    out.push('', `<details><summary>${plural(findings.length - VISIBLE_ROWS, 'more finding')}</summary>`, '');
    out.push(HEADER);
    for (let i = VISIBLE_ROWS; i < findings.length; i++)
        out.push(toRow(findings[i]));
    out.push('', '</details>');
}
/** Rows of a table of exceptions or notes past which the rest is counted, not listed. */
const LIST_LIMIT = 50;
/** A note quoting a lockfile can be long: each is cut to this many characters. */
const NOTE_LENGTH = 500;
/** No finding row is shorter than this: bounds how many rows can fit before any is rendered. */
const MIN_ROW_LENGTH = 40;
function groupFindings(report) {
    const byLockfile = new Map();
    const pre = [];
    for (const f of report.findings) {
        if (f.preExisting) {
            pre.push(f);
            continue;
        }
        const list = byLockfile.get(f.lockfile);
        if (list === undefined)
            byLockfile.set(f.lockfile, [f]);
        else
            list.push(f);
    }
    return { byLockfile, pre };
}
/** The sections after the findings (exceptions, notes), bounded whatever the report holds. */
function tailOf(report) {
    const out = [];
    if (report.exceptions.length > 0) {
        out.push('#### Exceptions', '', '| Exception | Status | Owner | Expires | Matched | Reason |', '|---|---|---|---|---|---|');
        for (const e of report.exceptions.slice(0, LIST_LIMIT)) {
            const status = e.status === 'expired' ? '**expired**' : e.status;
            out.push(`| ${e.id}${e.line === undefined ? '' : ` (line ${e.line})`} | ${status} | ${escapeMarkdown(e.owner)} | ${e.expires} | ${e.matched} | ${escapeMarkdown(e.reason)} |`);
        }
        if (report.exceptions.length > LIST_LIMIT)
            out.push('', `_${plural(report.exceptions.length - LIST_LIMIT, 'more exception')} in the full report._`);
        out.push('');
    }
    if (report.notes.length > 0) {
        out.push('#### Notes', '');
        for (const n of report.notes.slice(0, LIST_LIMIT)) {
            const where = n.file === undefined
                ? ''
                : `${codeSpan((0,gate/* shownPath */.pS)(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
            const message = n.message.length > NOTE_LENGTH ? `${n.message.slice(0, NOTE_LENGTH)} (cut)` : n.message;
            out.push(`- ${n.level}: ${where}${escapeMarkdown(message)}`);
        }
        if (report.notes.length > LIST_LIMIT)
            out.push(`- ${plural(report.notes.length - LIST_LIMIT, 'more note')} in the full report`);
        out.push('');
    }
    return out;
}
/**
 * Renders with at most `budget` finding rows, and lockfile sections only while they leave `room`
 * characters for the rest; says how many findings and lockfiles it left out.
 */
function render(report, options, grouped, tail, budget, room) {
    const out = [];
    let length = 0;
    const push = (...lines) => {
        for (const line of lines) {
            out.push(line);
            length += line.length + 1;
        }
    };
    const title = options.title ?? 'depgate';
    push(`### ${escapeMarkdown(title)}: ${report.verdict === 'block' ? 'blocked' : 'passed'}`, '');
    const summary = summaryLine(report);
    push(`**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**`, '');
    push(escapeMarkdown(sourceLine(report)), '');
    let left = budget;
    let omitted = 0;
    const take = (findings) => {
        const shown = findings.slice(0, Math.max(0, left));
        left -= shown.length;
        omitted += findings.length - shown.length;
        return shown;
    };
    const toRow = (f) => row(f, report.mode);
    let lockfilesLeft = 0;
    for (const lockfile of report.lockfiles) {
        const all = grouped.byLockfile.get(lockfile.path) ?? [];
        if (length > room) {
            // Thousands of lockfiles: the rest are counted, not listed.
            lockfilesLeft++;
            omitted += all.length;
            continue;
        }
        const status = lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
        push(`#### ${codeSpan((0,gate/* shownPath */.pS)(lockfile.path))}`, '', `${escapeMarkdown(lockfile.format)}${status}: ${lockfileCounts(lockfile.counts)}`, '');
        const moved = report.mode === 'diff'
            ? directChangesText(lockfile, { show: (v) => codeSpan(v), arrow: ' → ' })
            : undefined;
        if (moved !== undefined)
            push(`Changes: ${moved}`, '');
        if (all.length === 0) {
            push('Nothing against the policy.', '');
            continue;
        }
        const shown = take(all);
        if (shown.length > 0) {
            const lines = [];
            table(lines, shown, toRow);
            for (const line of lines)
                push(line);
            push('');
        }
        if (shown.length < all.length)
            push(`_${plural(all.length - shown.length, 'more finding')} in this lockfile not shown here._`, '');
    }
    if (lockfilesLeft > 0)
        push(`_${plural(lockfilesLeft, 'more changed lockfile')} not shown here._`, '');
    const { pre } = grouped;
    if (pre.length > 0) {
        const failing = pre.some((f) => f.blocking);
        push(`<details><summary>Already on the base branch: ${plural(pre.length, 'finding')} (${failing ? 'failing the check: preExisting is fail' : 'not failing the check'})</summary>`, '');
        const shown = take(pre);
        if (shown.length > 0) {
            push(HEADER);
            for (const f of shown)
                push(row(f).replace('| ', `| ${cell((0,gate/* shownPath */.pS)(f.lockfile))}: `));
            push('');
        }
        if (shown.length < pre.length)
            push(`_${plural(pre.length - shown.length, 'more')} not shown here._`, '');
        push('</details>', '');
    }
    for (const line of tail)
        push(line);
    if (omitted > 0) {
        push(`**${plural(omitted, 'finding')} not shown to stay within the size limit**: the job summary, the JSON report or \`depgate check\` list them all.`, '');
    }
    if (options.footer !== undefined)
        push(options.footer);
    return `${out.join('\n').trimEnd()}\n`;
}
/**
 * The report as GitHub Markdown (job summary, PR comment): status, counts, per lockfile a table whose
 * rows beyond the first ten fold into `<details>`, pre-existing findings apart, exceptions, notes. Cut
 * to `maxLength` at a row boundary (never a broken table or an unclosed `<details>`), saying how many
 * findings it left out. Any report size: no more rows are rendered than could fit in `maxLength`.
 */
function renderMarkdown(report, options = {}) {
    const max = options.maxLength ?? DEFAULT_MARKDOWN_LENGTH;
    const grouped = groupFindings(report);
    const tail = tailOf(report);
    // Room for the tail, the footer and the omitted line after the lockfile sections.
    const room = max - tail.reduce((n, l) => n + l.length + 1, 0) - (options.footer?.length ?? 0) - 300;
    const total = report.findings.length;
    // No more rows than could fit at the shortest row: a huge report is never rendered whole.
    let high = Math.min(total, Math.ceil(max / MIN_ROW_LENGTH));
    if (high === total) {
        const full = render(report, options, grouped, tail, total, room);
        if (full.length <= max)
            return full;
    }
    // The most rows that fit: rendering is linear in the rows shown, so a binary search costs a few renders.
    let low = 0;
    while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (render(report, options, grouped, tail, mid, room).length <= max)
            low = mid;
        else
            high = mid - 1;
    }
    const cut = render(report, options, grouped, tail, low, room);
    if (cut.length <= max)
        return cut;
    // Even with no rows it does not fit (a long footer, a tiny limit): the headline and a pointer.
    const summary = summaryLine(report);
    return `### ${escapeMarkdown(options.title ?? 'depgate')}: ${report.verdict === 'block' ? 'blocked' : 'passed'}\n\n**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**\n\nThe full report is too long for this place: see the job summary or the JSON report.\n${options.footer === undefined ? '' : `\n${options.footer}\n`}`;
}

;// CONCATENATED MODULE: ./src/report/render-sarif.ts

const RULES = {
    denied: {
        name: 'DeniedPackage',
        short: 'A package the policy denies',
        help: 'A deny rule of the policy (.github/depgate.yml) matches this package version. Upgrade or remove it, or add an exception with a reason, an owner and an expiry date.',
    },
    license: {
        name: 'DeniedLicense',
        short: 'A package under a license the policy does not allow',
        help: 'Every way to satisfy the package license expression uses a license the policy denies (licenses.deny), or one outside licenses.allow. Replace the package or add an exception.',
    },
    'license-unknown': {
        name: 'UnknownLicense',
        short: 'A package whose license is not known',
        help: 'Neither the lockfile nor the platform records a license the policy can judge. licenses.unknown decides whether this warns or fails.',
    },
    'version-unknown': {
        name: 'UnorderableVersion',
        short: 'A version a deny rule bound cannot be decided for',
        help: 'The version cannot be ordered by its ecosystem rules (a git reference, a tag), so a version bound of a deny rule cannot be decided. It is never taken as outside the range: pin a released version or add an exception.',
    },
    'new-to-org': {
        name: 'NewToOrganization',
        short: 'A package no repository of the organization uses yet',
        help: 'The platform dependency listing shows no repository of the organization using this package. newToOrg decides whether this warns or fails.',
    },
};
/** The rules' order in a run's `tool.driver.rules` (a result's `ruleIndex`). */
const SARIF_KINDS = Object.keys(RULES);
const KINDS = SARIF_KINDS;
/**
 * One rule per kind of finding, with help text. The ids (`depgate/denied`, ...) never depend on where a
 * rule sits in the policy, so editing the policy does not rename every alert; the policy rule that
 * matched is in each result's properties.
 */
function sarifRules(informationUri) {
    return KINDS.map((kind) => ({
        id: `depgate/${kind}`,
        name: RULES[kind].name,
        shortDescription: { text: RULES[kind].short },
        fullDescription: { text: RULES[kind].help },
        help: { text: RULES[kind].help, markdown: `**${RULES[kind].short}.** ${RULES[kind].help}` },
        helpUri: `${informationUri}/blob/main/docs/policy.md`,
        defaultConfiguration: { level: kind === 'denied' || kind === 'license' ? 'error' : 'warning' },
    }));
}
/**
 * A valid exception as code scanning understands it: the alert opens dismissed, with the exception's
 * reason, owner and expiry as the justification. An expired exception excuses nothing: no suppression.
 */
function sarifSuppressions(exception) {
    if (exception?.status !== 'valid')
        return undefined;
    return [
        {
            kind: 'external',
            status: 'accepted',
            justification: `${exception.id}: ${exception.reason} (owner ${exception.owner}, expires ${exception.expires})`,
        },
    ];
}
/** FNV-1a, for fingerprints that stay the same across runs for the same package in the same lockfile. */
function sarifFingerprint(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
}
/** The report as SARIF 2.1.0 (code scanning): results at lockfile lines, one rule per kind of finding. */
function renderSarif(report, options) {
    const informationUri = options.informationUri ?? 'https://github.com/depgate/depgate';
    const rules = sarifRules(informationUri);
    const results = report.findings.map((f) => ({
        ruleId: `depgate/${f.kind}`,
        ruleIndex: KINDS.indexOf(f.kind),
        level: f.level === 'notice' ? 'note' : f.level,
        message: {
            text: `${f.name} ${describe_changeText(f, report.mode)}: ${describe_findingDetails(f).join('; ')} (why it is there: ${describe_whyText(f)})`,
        },
        locations: [
            {
                physicalLocation: {
                    artifactLocation: { uri: f.lockfile, uriBaseId: '%SRCROOT%' },
                    region: { startLine: f.line },
                },
            },
        ],
        partialFingerprints: {
            'depgatePackage/v1': sarifFingerprint(`${f.lockfile}\u0000${f.kind}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`),
        },
        properties: {
            policyRule: f.rule.id,
            blocking: f.blocking,
            preExisting: f.preExisting,
            ecosystem: f.ecosystem,
            package: f.name,
            version: f.version,
            ...(f.exception === undefined
                ? {}
                : { exception: f.exception.id, exceptionStatus: f.exception.status }),
        },
        ...(f.exception?.status === 'valid' ? { suppressions: sarifSuppressions(f.exception) } : {}),
    }));
    return {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
            {
                tool: { driver: { name: 'depgate', version: options.toolVersion, informationUri, rules } },
                results,
                properties: { verdict: report.verdict, counts: report.counts },
            },
        ],
    };
}

;// CONCATENATED MODULE: ./src/report/render-text.ts



const ANSI = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 };
/** Findings listed in a text report; past it they are counted (the JSON report has them all). */
const TEXT_FINDINGS_LIMIT = 10_000;
/** Columns are padded to the longest value up to this width: a huge name does not widen every row. */
const COLUMN_LIMIT = 60;
/** Notes listed; past it they are counted. */
const NOTES_LIMIT = 1_000;
/**
 * The report for a terminal: the verdict first, then per lockfile its findings in aligned columns. Any
 * report size: past TEXT_FINDINGS_LIMIT findings the rest are counted, not listed.
 */
function renderText(report, options) {
    const paint = (style, text) => options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
    const out = [];
    const verdict = summaryLine(report);
    out.push(`depgate ${paint(report.verdict === 'block' ? 'red' : 'green', verdict.split(':')[0].toUpperCase())}:${verdict.slice(verdict.indexOf(':') + 1)}`);
    out.push(paint('dim', sourceLine(report)));
    let left = TEXT_FINDINGS_LIMIT;
    let omitted = 0;
    const table = (all) => {
        const findings = all.slice(0, Math.max(0, left));
        left -= findings.length;
        omitted += all.length - findings.length;
        const rows = findings.map((f) => [
            levelLabel(f),
            printable(f.name),
            describe_changeText(f, report.mode),
            `line ${f.line}`,
            describe_whyText(f),
        ]);
        const widths = [0, 0, 0, 0];
        for (const r of rows)
            for (let c = 0; c < 4; c++)
                widths[c] = Math.min(COLUMN_LIMIT, Math.max(widths[c], r[c].length));
        findings.forEach((f, i) => {
            const row = rows[i];
            const label = row[0].padEnd(widths[0]);
            const style = f.blocking
                ? 'red'
                : f.level === 'warning'
                    ? 'yellow'
                    : f.level === 'error'
                        ? 'red'
                        : 'dim';
            out.push(`  ${paint(style, label)}  ${paint('bold', row[1].padEnd(widths[1]))}  ${row[2].padEnd(widths[2])}  ${paint('dim', row[3].padEnd(widths[3]))}  ${row[4]}`);
            for (const detail of describe_findingDetails(f))
                out.push(`  ${' '.repeat(widths[0])}  ${paint('dim', '-')} ${printable(detail)}`);
        });
        if (findings.length < all.length)
            out.push(`  ${paint('dim', `... ${plural(all.length - findings.length, 'more finding')} not listed`)}`);
    };
    const byLockfile = new Map();
    for (const f of report.findings) {
        if (f.preExisting)
            continue;
        const list = byLockfile.get(f.lockfile);
        if (list === undefined)
            byLockfile.set(f.lockfile, [f]);
        else
            list.push(f);
    }
    for (const lockfile of report.lockfiles) {
        const findings = byLockfile.get(lockfile.path) ?? [];
        out.push('');
        const status = lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
        out.push(`${paint('bold', printable((0,gate/* shownPath */.pS)(lockfile.path)))} (${printable(lockfile.format)}${status}): ${lockfileCounts(lockfile.counts)}`);
        const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
        if (moved !== undefined)
            out.push(`  ${paint('dim', `changes: ${moved}`)}`);
        if (findings.length === 0)
            out.push(`  ${paint('green', 'nothing against the policy')}`);
        else
            table(findings);
    }
    const pre = report.findings.filter((f) => f.preExisting);
    if (pre.length > 0) {
        out.push('');
        out.push(paint('bold', `Already on the base (${plural(pre.length, 'finding')}, ${pre.some((f) => f.blocking) ? 'failing: preExisting is fail' : 'not failing the check'}):`));
        const preByLockfile = new Map();
        for (const f of pre) {
            const list = preByLockfile.get(f.lockfile);
            if (list === undefined)
                preByLockfile.set(f.lockfile, [f]);
            else
                list.push(f);
        }
        for (const [lockfile, findings] of preByLockfile) {
            out.push(`  ${printable((0,gate/* shownPath */.pS)(lockfile))}`);
            table(findings);
        }
    }
    if (report.exceptions.length > 0) {
        out.push('');
        out.push(paint('bold', 'Exceptions:'));
        for (const e of report.exceptions) {
            const status = e.status === 'valid'
                ? paint('green', 'valid')
                : e.status === 'expired'
                    ? paint('yellow', 'EXPIRED')
                    : paint('dim', 'unused');
            out.push(`  ${e.id.padEnd(14)} ${status}  owner ${printable(e.owner)}, expires ${e.expires}, matched ${e.matched}: ${printable(e.reason)}`);
        }
    }
    if (report.notes.length > 0) {
        out.push('');
        out.push(paint('bold', 'Notes:'));
        for (const n of report.notes.slice(0, NOTES_LIMIT)) {
            const where = n.file === undefined
                ? ''
                : `${printable((0,gate/* shownPath */.pS)(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
            out.push(`  ${paint(n.level === 'error' ? 'red' : n.level === 'warning' ? 'yellow' : 'dim', n.level)}  ${where}${printable(n.message)}`);
        }
        if (report.notes.length > NOTES_LIMIT)
            out.push(`  ${paint('dim', `... ${plural(report.notes.length - NOTES_LIMIT, 'more note')} not listed`)}`);
    }
    if (omitted > 0) {
        out.push('');
        out.push(paint('bold', `${plural(omitted, 'finding')} not listed past the first ${TEXT_FINDINGS_LIMIT.toLocaleString('en-US')}: --format json lists every one`));
    }
    return `${out.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/index.ts
// The report renderers: the gate's Report as terminal text, GitHub Markdown, JSON, SARIF and annotations.









/***/ })

};
