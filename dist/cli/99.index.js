export const id = 99;
export const ids = [99];
export const modules = {

/***/ 99:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEmulatorCommand: () => (/* binding */ runEmulatorCommand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/lockfiles/types.ts
/** Ecosystem names as the platform spells them (see decisions.md, "Ecosystem names"). */
const ECOSYSTEMS = [
    'npm',
    'pypi',
    'gomod',
    'cargo',
    'maven',
    'gem',
    'composer',
    'nuget',
    'pub',
    'swiftpm',
    'hex',
    'cocoapods',
];

;// CONCATENATED MODULE: ./src/lockfiles/versions/composer-order.ts
/**
 * Composer's ordering, as PHP's version_compare orders versions: `-`, `_` and `+` read as `.`, a dot
 * goes between letters and digits, then parts compare one by one: numbers numerically, and the special
 * forms dev < alpha = a < beta = b < RC = rc < (a number) < pl = p; other words rank lowest. When one
 * version runs out, a further number makes the other newer and a further special form older
 * (`1.0.0` > `1.0`, `1.0-beta` < `1.0`). A leading `v` is ignored. Branch versions (`dev-main`) have no
 * order and cannot be compared.
 */
function compareComposer(a, b) {
    const x = canonical(a);
    const y = canonical(b);
    if (x === undefined || y === undefined)
        return undefined;
    return compareLists(x, y);
}
function compareLists(x, y) {
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const l = x[i];
        const r = y[i];
        // The rest of the longer version is weighed against a bare number, as PHP does.
        if (l === undefined)
            return isNumber(r) ? -1 : compareLists(['#'], y.slice(i));
        if (r === undefined)
            return isNumber(l) ? 1 : compareLists(x.slice(i), ['#']);
        const c = compareParts(l, r);
        if (c !== 0)
            return c;
    }
    return 0;
}
const isNumber = (part) => /^\d+$/.test(part);
function canonical(version) {
    const text = version.trim().replace(/^v(?=\d)/i, '');
    if (!/^\d/.test(text))
        return undefined;
    return text
        .replace(/[-_+]/g, '.')
        .replace(/(\d)(?=[^\d.])|([^\d.])(?=\d)/g, '$1$2.')
        .split('.')
        .filter((p) => p !== '');
}
function specialRank(part) {
    const forms = [
        ['dev', 0],
        ['alpha', 1],
        ['a', 1],
        ['beta', 2],
        ['b', 2],
        ['RC', 3],
        ['rc', 3],
        ['#', 4],
        ['pl', 5],
        ['p', 5],
    ];
    for (const [form, rank] of forms)
        if (part.startsWith(form))
            return rank;
    return -6;
}
function compareParts(l, r) {
    const ln = isNumber(l);
    const rn = isNumber(r);
    if (ln && rn) {
        const d = BigInt(l) - BigInt(r);
        return d === 0n ? 0 : d < 0n ? -1 : 1;
    }
    return Math.sign(specialRank(ln ? '#' : l) - specialRank(rn ? '#' : r));
}

// EXTERNAL MODULE: ./node_modules/semver/index.js
var semver = __webpack_require__(2088);
var semver_default = /*#__PURE__*/__webpack_require__.n(semver);
;// CONCATENATED MODULE: ./src/lockfiles/versions/semver-order.ts

/**
 * SemVer 2 ordering (npm, cargo, hex, swiftpm, pub, cocoapods). Lenient about a leading `v` or `=` and
 * surrounding spaces (npm's loose mode); pre-releases order below their release; build metadata is
 * ignored for order.
 */
function parseSemver(version) {
    return semver_default().parse(version.trim(), { loose: true }) ?? undefined;
}
function compareSemver(a, b) {
    const x = parseSemver(a);
    const y = parseSemver(b);
    return x === undefined || y === undefined ? undefined : x.compare(y);
}

;// CONCATENATED MODULE: ./src/lockfiles/versions/go-order.ts

/**
 * Go module versions: semver with a required `v` (`v1.2.3`), pseudo-versions
 * (`v0.0.0-20191109021931-daa7c04131f5`) ordered as the pre-releases they are, and `+incompatible`
 * ignored for order.
 */
function compareGo(a, b) {
    const x = parseGo(a);
    const y = parseGo(b);
    return x === undefined || y === undefined ? undefined : x.compare(y);
}
function parseGo(version) {
    const text = version.trim().replace(/\+incompatible$/, '');
    if (!/^v\d/.test(text))
        return undefined;
    return parseSemver(text.slice(1));
}

;// CONCATENATED MODULE: ./src/lockfiles/versions/maven-order.ts
/**
 * Maven's ComparableVersion ordering: items split at `.`, `-` and digit/letter transitions; known
 * qualifiers alpha < beta < milestone < rc = cr < snapshot < "" = ga = final = release < sp, then other
 * qualifiers alphabetically; trailing null items trimmed. Every string is a Maven version, so this
 * never fails to parse a non-empty string.
 */
function compareMaven(a, b) {
    if (a.trim() === '' || b.trim() === '')
        return undefined;
    return compareItems(parseMaven(a), parseMaven(b));
}
const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES = { ga: '', final: '', release: '', cr: 'rc' };
function qualifierKey(q) {
    const value = ALIASES[q] ?? q;
    const index = QUALIFIERS.indexOf(value);
    return index === -1 ? `${QUALIFIERS.length}-${value}` : String(index);
}
function parseMaven(version) {
    const text = version.trim().toLowerCase();
    const root = [];
    let list = root;
    const stack = [root];
    let start = 0;
    let isDigit = false;
    const push = (token, digit) => {
        if (digit)
            list.push(token.length > 15 ? BigInt(token) : Number(token));
        else {
            // Single letters followed by digits are shorthands: a1 = alpha-1, b1 = beta-1, m1 = milestone-1.
            list.push(token);
        }
    };
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '.') {
            if (i === start)
                list.push(0);
            else
                push(text.slice(start, i), isDigit);
            start = i + 1;
        }
        else if (c === '-') {
            if (i === start)
                list.push(0);
            else
                push(text.slice(start, i), isDigit);
            start = i + 1;
            const sub = [];
            list.push(sub);
            list = sub;
            stack.push(sub);
        }
        else if (c >= '0' && c <= '9') {
            if (!isDigit && i > start) {
                let token = text.slice(start, i);
                if (token.length === 1 && (token === 'a' || token === 'b' || token === 'm'))
                    token = { a: 'alpha', b: 'beta', m: 'milestone' }[token];
                list.push(token);
                start = i;
                const sub = [];
                list.push(sub);
                list = sub;
                stack.push(sub);
            }
            isDigit = true;
        }
        else {
            if (isDigit && i > start) {
                push(text.slice(start, i), true);
                start = i;
                const sub = [];
                list.push(sub);
                list = sub;
                stack.push(sub);
            }
            isDigit = false;
        }
    }
    if (text.length > start)
        push(text.slice(start), isDigit);
    // Innermost lists first, so that a list emptied by trimming is itself trimmed from its parent.
    for (const l of stack.reverse())
        normalize(l);
    return root;
}
function isNull(item) {
    if (typeof item === 'number')
        return item === 0;
    if (typeof item === 'bigint')
        return item === 0n;
    if (typeof item === 'string')
        return qualifierKey(item) === qualifierKey('');
    return item.length === 0;
}
function normalize(list) {
    for (let i = list.length - 1; i >= 0; i--) {
        const item = list[i];
        if (isNull(item))
            list.splice(i, 1);
        else if (!Array.isArray(item))
            break;
    }
}
function compareItem(a, b) {
    if (a === undefined) {
        if (b === undefined)
            return 0;
        return -compareItem(b, undefined);
    }
    if (typeof a === 'number' || typeof a === 'bigint') {
        if (b === undefined)
            return isNull(a) ? 0 : 1;
        if (typeof b === 'number' || typeof b === 'bigint')
            return a < b ? -1 : a > b ? 1 : 0;
        return 1; // numbers are newer than qualifiers and lists
    }
    if (typeof a === 'string') {
        if (b === undefined)
            return cmp(qualifierKey(a), qualifierKey(''));
        if (typeof b === 'string')
            return cmp(qualifierKey(a), qualifierKey(b));
        return -1; // qualifiers are older than numbers and lists
    }
    if (b === undefined)
        return a.length === 0 ? 0 : compareItem(a[0], undefined);
    if (typeof b === 'number' || typeof b === 'bigint')
        return -1;
    if (typeof b === 'string')
        return 1;
    return compareItems(a, b);
}
function compareItems(a, b) {
    const length = Math.max(a.length, b.length);
    for (let i = 0; i < length; i++) {
        const result = i >= a.length ? -compareItem(b[i], undefined) : compareItem(a[i], b[i]);
        if (result !== 0)
            return result;
    }
    return 0;
}
const cmp = (x, y) => (x < y ? -1 : x > y ? 1 : 0);

;// CONCATENATED MODULE: ./src/lockfiles/versions/nuget-order.ts
/**
 * NuGet's SemVer 2 ordering: up to four numeric parts (missing ones are 0, so `1.0` == `1.0.0.0`),
 * leading zeros allowed, pre-release labels compared part by part case-insensitively (numeric parts
 * numerically and below alphanumeric ones), build metadata ignored.
 */
function compareNuget(a, b) {
    const x = parseNuget(a);
    const y = parseNuget(b);
    if (x === undefined || y === undefined)
        return undefined;
    for (let i = 0; i < 4; i++) {
        if (x.release[i] !== y.release[i])
            return x.release[i] < y.release[i] ? -1 : 1;
    }
    if (x.pre.length === 0 || y.pre.length === 0)
        return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
    for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
        const l = x.pre[i];
        const r = y.pre[i];
        if (l === undefined)
            return -1;
        if (r === undefined)
            return 1;
        const ln = /^\d+$/.test(l);
        const rn = /^\d+$/.test(r);
        if (ln && rn) {
            const d = BigInt(l) - BigInt(r);
            if (d !== 0n)
                return d < 0n ? -1 : 1;
        }
        else if (ln !== rn)
            return ln ? -1 : 1;
        else {
            const [ll, rl] = [l.toLowerCase(), r.toLowerCase()];
            if (ll !== rl)
                return ll < rl ? -1 : 1;
        }
    }
    return 0;
}
function parseNuget(version) {
    const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?\s*$/.exec(version);
    if (match === null)
        return undefined;
    return {
        release: [1, 2, 3, 4].map((i) => BigInt(match[i] ?? '0')),
        pre: match[5] === undefined ? [] : match[5].split('.'),
    };
}

// EXTERNAL MODULE: ./node_modules/@renovatebot/pep440/index.js
var pep440 = __webpack_require__(8898);
;// CONCATENATED MODULE: ./src/lockfiles/versions/pypi-order.ts

/** PEP 440 ordering (epochs, pre/post/dev releases, local versions) by @renovatebot/pep440. */
function comparePypi(a, b) {
    if ((0,pep440.valid)(a) === null || (0,pep440.valid)(b) === null)
        return undefined;
    return (0,pep440.compare)(a, b);
}

;// CONCATENATED MODULE: ./src/lockfiles/versions/rubygems-order.ts
/**
 * RubyGems' Gem::Version ordering: segments split at dots and at letter/digit boundaries; a segment
 * with letters makes a pre-release (`1.0.a` < `1.0`); trailing zeros do not count (`1.0` == `1`).
 */
function compareRubygems(a, b) {
    const x = segments(a);
    const y = segments(b);
    if (x === undefined || y === undefined)
        return undefined;
    const length = Math.max(x.length, y.length);
    for (let i = 0; i < length; i++) {
        const l = x[i] ?? 0n;
        const r = y[i] ?? 0n;
        if (l === r)
            continue;
        if (typeof l === 'string' && typeof r === 'bigint')
            return -1;
        if (typeof l === 'bigint' && typeof r === 'string')
            return 1;
        return l < r ? -1 : 1;
    }
    return 0;
}
const VALID = /^[0-9][0-9a-zA-Z.]*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
function segments(version) {
    let text = version.trim();
    if (text === '')
        text = '0';
    if (!VALID.test(text))
        return undefined;
    // Gem::Version treats "-" as a pre-release marker: 1.0-rc1 is 1.0.pre.rc1.
    text = text.replace(/-/g, '.pre.');
    const parts = (text.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d+$/.test(s) ? BigInt(s) : s));
    // Canonical form: drop zeros that trail the release part and those just before the first letter.
    while (parts.length > 0 && parts[parts.length - 1] === 0n)
        parts.pop();
    const firstLetter = parts.findIndex((p) => typeof p === 'string');
    if (firstLetter > 0) {
        let cut = firstLetter;
        while (cut > 0 && parts[cut - 1] === 0n)
            cut--;
        parts.splice(cut, firstLetter - cut);
    }
    return parts;
}

;// CONCATENATED MODULE: ./src/lockfiles/versions/pub-order.ts

/**
 * Dart's pub ordering: SemVer, except that build metadata counts (pub_semver orders `1.0.0` below
 * `1.0.0+1`): build parts compare like pre-release parts, numbers below words.
 */
function comparePub(a, b) {
    const x = parseSemver(a);
    const y = parseSemver(b);
    if (x === undefined || y === undefined)
        return undefined;
    const order = x.compare(y);
    if (order !== 0)
        return order;
    return compareBuild(x.build, y.build);
}
function compareBuild(a, b) {
    if (a.length === 0 || b.length === 0)
        return a.length === b.length ? 0 : a.length === 0 ? -1 : 1;
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const l = a[i];
        const r = b[i];
        if (l === undefined)
            return -1;
        if (r === undefined)
            return 1;
        const ln = /^\d+$/.test(l);
        const rn = /^\d+$/.test(r);
        if (ln && rn && l !== r)
            return Number(l) < Number(r) ? -1 : 1;
        if (ln !== rn)
            return ln ? -1 : 1;
        if (l !== r)
            return l < r ? -1 : 1;
    }
    return 0;
}

;// CONCATENATED MODULE: ./src/lockfiles/versions/index.ts








/** Each ecosystem's ordering, by the rules its package manager uses. */
const ORDERINGS = {
    npm: compareSemver,
    cargo: compareSemver,
    hex: compareSemver,
    swiftpm: compareSemver,
    pub: comparePub,
    cocoapods: compareSemver,
    gomod: compareGo,
    pypi: comparePypi,
    gem: compareRubygems,
    maven: compareMaven,
    nuget: compareNuget,
    composer: compareComposer,
};
/**
 * Orders two versions by the ecosystem's rules: negative, 0 or positive like a sort comparator.
 * Undefined when either cannot be parsed (the caller reports "unknown version"); never throws.
 */
function compareVersions(ecosystem, a, b) {
    const order = ORDERINGS[ecosystem](a, b);
    return order === undefined ? undefined : Math.sign(order);
}
/** Whether `version` is a version the ecosystem's ordering can place. */
function isValidVersion(ecosystem, version) {
    return compareVersions(ecosystem, version, version) !== undefined;
}
/** Parses `">=1.2.0"`; a bare version takes `defaultOperator` (none: undefined). Undefined when malformed. */
function parseBound(text, defaultOperator) {
    const match = /^\s*(>=|<=|>|<)?\s*([^\s<>=]\S*)\s*$/.exec(text);
    if (match?.[2] === undefined)
        return undefined;
    const operator = match[1] ?? defaultOperator;
    return operator === undefined ? undefined : { operator, version: match[2] };
}
/** Whether `version` satisfies the bound; undefined when the version or the bound cannot be ordered. */
function satisfiesBound(ecosystem, version, bound) {
    const order = compareVersions(ecosystem, version, bound.version);
    if (order === undefined)
        return undefined;
    switch (bound.operator) {
        case '>=':
            return order >= 0;
        case '>':
            return order > 0;
        case '<':
            return order < 0;
        case '<=':
            return order <= 0;
    }
}

;// CONCATENATED MODULE: ./src/policy/match-dependency.ts


const KNOWN = new Set(ECOSYSTEMS);
const asEcosystem = (value) => (KNOWN.has(value) ? value : 'npm');
/**
 * One package filter: AND of its name (case-insensitive substring, or case-insensitive whole name with
 * `exactNameMatch`), `exactVersion` (which takes precedence over the bounds) and the bounds. A version
 * that cannot be ordered never matches a bound.
 */
function matchesPackageFilter(dep, filter) {
    if (filter.name !== undefined && filter.name !== '') {
        const want = filter.name.toLowerCase();
        const have = dep.name.toLowerCase();
        if (filter.exactNameMatch === true ? have !== want : !have.includes(want))
            return false;
    }
    if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
        const order = compareVersions(asEcosystem(dep.ecosystem), dep.version, filter.exactVersion);
        return order === undefined ? dep.version === filter.exactVersion : order === 0;
    }
    for (const [text, fallback] of [
        [filter.versionLowerBound, '>='],
        [filter.versionUpperBound, '<='],
    ]) {
        if (text === undefined || text === '')
            continue;
        const bound = parseBound(text, fallback);
        if (bound === undefined)
            return false;
        if (satisfiesBound(asEcosystem(dep.ecosystem), dep.version, bound) !== true)
            return false;
    }
    return true;
}
/**
 * A whole dependency filter: top-level fields combine with AND, array fields match any of their values,
 * and `packageFilters` match when any one filter matches (decisions.md, "Filter semantics").
 */
function matchesDependencyFilter(dep, filter) {
    if (dep.archived && filter.includeArchived !== true)
        return false;
    if (filter.name !== undefined &&
        filter.name !== '' &&
        !dep.name.toLowerCase().includes(filter.name.toLowerCase()))
        return false;
    if (filter.version !== undefined && filter.version !== '' && dep.version !== filter.version)
        return false;
    if (filter.lockfilePath !== undefined &&
        filter.lockfilePath !== '' &&
        dep.lockfilePath !== filter.lockfilePath)
        return false;
    if (filter.license !== undefined && filter.license.length > 0) {
        const wanted = new Set(filter.license.map((l) => l.toLowerCase()));
        if (!dep.licenses.some((l) => wanted.has(l.toLowerCase())))
            return false;
    }
    if (filter.repositoryId !== undefined &&
        filter.repositoryId.length > 0 &&
        !filter.repositoryId.some((id) => String(id) === dep.repositoryId)) {
        return false;
    }
    if (filter.ecosystem !== undefined &&
        filter.ecosystem.length > 0 &&
        !filter.ecosystem.some((e) => e.toLowerCase() === dep.ecosystem))
        return false;
    if (filter.transitivity !== undefined &&
        filter.transitivity.length > 0 &&
        !filter.transitivity.includes(dep.transitivity))
        return false;
    if (filter.packageFilters !== undefined &&
        filter.packageFilters.length > 0 &&
        !filter.packageFilters.some((p) => matchesPackageFilter(dep, p))) {
        return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/policy/validate-filter.ts

const TRANSITIVITIES = new Set(['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY']);
/**
 * Checks a dependency filter as it arrived over the wire (camelCase or snake_case keys) and returns it
 * in camelCase with every problem found, each naming its field path.
 */
function validateDependencyFilter(value, path = 'dependencyFilter') {
    const problems = [];
    const filter = {};
    if (value === undefined || value === null)
        return { filter, problems };
    if (typeof value !== 'object' || Array.isArray(value))
        return { filter, problems: [{ field: path, message: 'must be an object' }] };
    const obj = value;
    const get = (camel, snake) => (obj[camel] !== undefined ? obj[camel] : obj[snake]);
    const str = (camel, snake) => {
        const v = get(camel, snake);
        if (v === undefined || v === null)
            return undefined;
        if (typeof v !== 'string')
            problems.push({ field: `${path}.${camel}`, message: 'must be a string' });
        return typeof v === 'string' ? v : undefined;
    };
    const strArray = (camel, snake, allowNumbers = false) => {
        const v = get(camel, snake);
        if (v === undefined || v === null)
            return undefined;
        if (!Array.isArray(v)) {
            problems.push({ field: `${path}.${camel}`, message: 'must be an array' });
            return undefined;
        }
        const out = [];
        v.forEach((item, i) => {
            if (typeof item === 'string' ||
                (allowNumbers && typeof item === 'number' && Number.isInteger(item) && item >= 0))
                out.push(item);
            else
                problems.push({
                    field: `${path}.${camel}[${i}]`,
                    message: allowNumbers ? 'must be an id' : 'must be a string',
                });
        });
        return out;
    };
    const includeArchived = get('includeArchived', 'include_archived');
    if (includeArchived !== undefined && includeArchived !== null) {
        if (typeof includeArchived !== 'boolean')
            problems.push({ field: `${path}.includeArchived`, message: 'must be a boolean' });
        else
            filter.includeArchived = includeArchived;
    }
    const name = str('name', 'name');
    if (name !== undefined)
        filter.name = name;
    const version = str('version', 'version');
    if (version !== undefined)
        filter.version = version;
    const lockfilePath = str('lockfilePath', 'lockfile_path');
    if (lockfilePath !== undefined)
        filter.lockfilePath = lockfilePath;
    const license = strArray('license', 'license');
    if (license !== undefined)
        filter.license = license;
    const repositoryId = strArray('repositoryId', 'repository_id', true);
    if (repositoryId !== undefined) {
        repositoryId.forEach((id, i) => {
            if (typeof id === 'string' && !/^\d+$/.test(id))
                problems.push({ field: `${path}.repositoryId[${i}]`, message: 'must be a numeric id' });
        });
        filter.repositoryId = repositoryId;
    }
    const ecosystem = strArray('ecosystem', 'ecosystem');
    if (ecosystem !== undefined)
        filter.ecosystem = ecosystem;
    const transitivity = strArray('transitivity', 'transitivity');
    if (transitivity !== undefined) {
        transitivity.forEach((t, i) => {
            if (!TRANSITIVITIES.has(String(t)))
                problems.push({
                    field: `${path}.transitivity[${i}]`,
                    message: 'must be DIRECT, TRANSITIVE or UNKNOWN_TRANSITIVITY',
                });
        });
        filter.transitivity = transitivity;
    }
    const packageFilters = get('packageFilters', 'package_filters');
    if (packageFilters !== undefined && packageFilters !== null) {
        if (!Array.isArray(packageFilters))
            problems.push({ field: `${path}.packageFilters`, message: 'must be an array' });
        else {
            filter.packageFilters = [];
            packageFilters.forEach((pf, i) => {
                const at = `${path}.packageFilters[${i}]`;
                if (typeof pf !== 'object' || pf === null || Array.isArray(pf)) {
                    problems.push({ field: at, message: 'must be an object' });
                    return;
                }
                const p = pf;
                const pick = (camel, snake) => (p[camel] !== undefined ? p[camel] : p[snake]);
                const out = {};
                for (const [camel, snake] of [
                    ['name', 'name'],
                    ['exactVersion', 'exact_version'],
                    ['versionLowerBound', 'version_lower_bound'],
                    ['versionUpperBound', 'version_upper_bound'],
                ]) {
                    const v = pick(camel, snake);
                    if (v === undefined || v === null)
                        continue;
                    if (typeof v !== 'string')
                        problems.push({ field: `${at}.${camel}`, message: 'must be a string' });
                    else
                        out[camel] = v;
                }
                const exact = pick('exactNameMatch', 'exact_name_match');
                if (exact !== undefined && exact !== null) {
                    if (typeof exact !== 'boolean')
                        problems.push({ field: `${at}.exactNameMatch`, message: 'must be a boolean' });
                    else
                        out.exactNameMatch = exact;
                }
                if (out.versionLowerBound !== undefined && out.versionLowerBound !== '') {
                    const b = parseBound(out.versionLowerBound, '>=');
                    if (b === undefined || (b.operator !== '>=' && b.operator !== '>'))
                        problems.push({ field: `${at}.versionLowerBound`, message: 'must be a version with >= or >' });
                }
                if (out.versionUpperBound !== undefined && out.versionUpperBound !== '') {
                    const b = parseBound(out.versionUpperBound, '<=');
                    if (b === undefined || (b.operator !== '<=' && b.operator !== '<'))
                        problems.push({ field: `${at}.versionUpperBound`, message: 'must be a version with <= or <' });
                }
                filter.packageFilters.push(out);
            });
        }
    }
    return { filter, problems };
}

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
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const match = /^(\d{1,12})\.([0-9a-z]+)$/.exec(text);
    if (match === null)
        return { ok: false, reason: 'malformed cursor' };
    if (match[2] !== fingerprint(filterKey))
        return { ok: false, reason: 'cursor was issued for a different filter' };
    return { ok: true, position: Number(match[1]) };
}

;// CONCATENATED MODULE: ./src/emulator/faults.ts
const FAULT_KINDS = [
    'status',
    'latency',
    'truncate',
    'malformed',
    'wrong-shape',
    'repeat-cursor',
    'endless',
    'reset',
];
/** Checks rules coming from a user or the admin API; returns problems naming the field. */
function validateFaultRules(value) {
    const problems = [];
    if (!Array.isArray(value))
        return { rules: [], problems: ['faults must be an array'] };
    const rules = [];
    value.forEach((raw, i) => {
        const at = `faults[${i}]`;
        if (typeof raw !== 'object' || raw === null) {
            problems.push(`${at} must be an object`);
            return;
        }
        const r = raw;
        if (typeof r.kind !== 'string' || !FAULT_KINDS.includes(r.kind)) {
            problems.push(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
            return;
        }
        const rule = { kind: r.kind };
        if (r.route !== undefined) {
            if (typeof r.route !== 'string')
                problems.push(`${at}.route must be a string`);
            else if (r.route.startsWith('^')) {
                try {
                    new RegExp(r.route);
                    rule.route = r.route;
                }
                catch {
                    problems.push(`${at}.route is not a valid regular expression`);
                }
            }
            else
                rule.route = r.route;
        }
        if (r.method !== undefined) {
            if (typeof r.method !== 'string')
                problems.push(`${at}.method must be a string`);
            else
                rule.method = r.method.toUpperCase();
        }
        if (r.status !== undefined) {
            if (typeof r.status !== 'number' || !Number.isInteger(r.status) || r.status < 400 || r.status > 599)
                problems.push(`${at}.status must be an HTTP error status`);
            else
                rule.status = r.status;
        }
        else if (rule.kind === 'status')
            problems.push(`${at}.status is required for kind status`);
        if (r.retryAfter !== undefined) {
            if (typeof r.retryAfter !== 'string' && typeof r.retryAfter !== 'number')
                problems.push(`${at}.retryAfter must be seconds or an HTTP date`);
            else
                rule.retryAfter = String(r.retryAfter);
        }
        if (r.latencyMs !== undefined) {
            if (typeof r.latencyMs !== 'number' || r.latencyMs < 0)
                problems.push(`${at}.latencyMs must be a non-negative number`);
            else
                rule.latencyMs = r.latencyMs;
        }
        if (r.times !== undefined) {
            if (typeof r.times !== 'number' || !Number.isInteger(r.times) || r.times < 1)
                problems.push(`${at}.times must be a positive integer`);
            else
                rule.times = r.times;
        }
        rules.push(rule);
    });
    return { rules, problems };
}
/** The live set of rules; each application counts against `times`. */
class FaultSet {
    rules = [];
    constructor(rules = []) {
        this.set(rules);
    }
    set(rules) {
        this.rules = rules.map((r) => ({ ...r }));
    }
    list() {
        return this.rules.map((r) => ({ ...r }));
    }
    /** Takes the first rule of one of `kinds` that applies to this request, spending one of its `times`. */
    take(method, path, kinds) {
        for (const rule of this.rules) {
            if (!kinds.includes(rule.kind))
                continue;
            if (rule.method !== undefined && rule.method !== method)
                continue;
            if (rule.route !== undefined &&
                !(rule.route.startsWith('^') ? new RegExp(rule.route).test(path) : path.startsWith(rule.route)))
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
}
/** Header on a response the node server must answer by destroying the connection. */
const RESET_HEADER = 'x-emulator-reset';

;// CONCATENATED MODULE: ./src/emulator/state.ts

function createEmulatorState(dataset) {
    const repositories = new Map(dataset.repositories.map((r) => [r.id, r]));
    const byDeployment = new Map();
    const byRepository = new Map();
    const byName = new Map();
    dataset.dependencies.forEach((dep, i) => {
        const repo = repositories.get(dep.repositoryId);
        if (repo === undefined)
            return;
        push(byDeployment, repo.deploymentId, i);
        push(byRepository, dep.repositoryId, i);
        let names = byName.get(repo.deploymentId);
        if (names === undefined) {
            names = new Map();
            byName.set(repo.deploymentId, names);
        }
        push(names, dep.name.toLowerCase(), i);
    });
    return { dataset, repositories, byDeployment, byRepository, byName };
}
function push(map, key, value) {
    const list = map.get(key);
    if (list === undefined)
        map.set(key, [value]);
    else
        list.push(value);
}
/** Merges ascending position lists into one ascending list without duplicates. */
function mergeAscending(lists) {
    if (lists.length === 1)
        return [...lists[0]];
    return [...new Set(lists.flat())].sort((a, b) => a - b);
}
/**
 * The positions a filter can match, in a stable order: from the exact-name index when every package
 * filter names one package exactly, from the repository lists when repositories are named, else all
 * of the deployment's dependencies.
 */
function candidatePositions(state, deploymentId, filter) {
    const packageFilters = filter.packageFilters ?? [];
    if (packageFilters.length > 0 &&
        packageFilters.every((p) => p.exactNameMatch === true && p.name !== undefined && p.name !== '')) {
        const names = state.byName.get(deploymentId);
        return mergeAscending(packageFilters.map((p) => names?.get(p.name.toLowerCase()) ?? []));
    }
    if (filter.repositoryId !== undefined && filter.repositoryId.length > 0) {
        return mergeAscending(filter.repositoryId.map((id) => {
            const repo = state.repositories.get(String(id));
            return repo?.deploymentId === deploymentId ? (state.byRepository.get(String(id)) ?? []) : [];
        }));
    }
    return state.byDeployment.get(deploymentId) ?? [];
}
function toMatchable(state, dep) {
    return {
        name: dep.name,
        version: dep.version,
        ecosystem: dep.ecosystem,
        licenses: dep.licenses,
        lockfilePath: dep.lockfilePath,
        repositoryId: dep.repositoryId,
        transitivity: dep.transitivity,
        archived: state.repositories.get(dep.repositoryId)?.archived ?? false,
    };
}
/**
 * One page of matching dependencies starting at candidate index `start`. `next` is the candidate index
 * of the first match after the page, found by looking ahead, so `hasMore` is never a false promise.
 */
function queryDependencies(state, candidates, filter, start, pageSize) {
    const items = [];
    const deps = state.dataset.dependencies;
    for (let i = start; i < candidates.length; i++) {
        const dep = deps[candidates[i]];
        if (!matchesDependencyFilter(toMatchable(state, dep), filter))
            continue;
        if (items.length === pageSize)
            return { items, next: i };
        items.push(dep);
    }
    return { items, next: undefined };
}

;// CONCATENATED MODULE: ./src/emulator/handler.ts





/** An error that renders itself as the platform's `{"error": "..."}` body. */
class HttpError extends Error {
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}
const json = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
/** Page-size bounds and defaults the emulator enforces (decisions.md, "Pagination"). */
const EMULATOR_PAGE_BOUNDS = {
    dependencies: { default: 1000, min: 1, max: 10_000 },
    lockfiles: { default: 5, min: 1, max: 100 },
    repositories: { default: 5, min: 1, max: 100 },
    notifications: { default: 20, min: 1, max: 100 },
    secrets: { default: 100, min: 1, max: 1000 },
    findings: { default: 100, min: 1, max: 3000 },
    projects: { default: 100, min: 1, max: 1000 },
};
function pageSize(value, field, bounds) {
    if (value === undefined || value === null || value === '')
        return bounds.default;
    const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n))
        throw new HttpError(400, `${field} must be an integer`);
    if (n === 0 && field !== 'limit')
        return bounds.default; // protobuf: 0 is the unset default
    if (n < bounds.min || n > bounds.max)
        throw new HttpError(400, `${field} must be between ${bounds.min} and ${bounds.max}, got ${n}`);
    return n;
}
function nonNegativeInt(value, field) {
    if (value === null || value === '')
        return 0;
    if (!/^\d+$/.test(value))
        throw new HttpError(400, `${field} must be a non-negative integer`);
    return Number(value);
}
/** Reads a JSON body: empty means `{}`, anything unparsable is a 400 naming the problem. */
async function readJson(request) {
    const text = await request.text();
    if (text.trim() === '')
        return {};
    try {
        return JSON.parse(text);
    }
    catch {
        throw new HttpError(400, 'request body is not valid JSON');
    }
}
function asBodyObject(body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new HttpError(400, 'request body must be a JSON object');
    return body;
}
const pick = (obj, camel, snake) => obj[camel] !== undefined ? obj[camel] : obj[snake];
function renderDependency(dep, repositoryName) {
    return {
        id: dep.id,
        name: dep.name,
        version: dep.version,
        repositoryId: dep.repositoryId,
        definedAt: {
            path: dep.lockfilePath,
            startLine: String(dep.line),
            startCol: String(dep.column),
            endLine: String(dep.line),
            endCol: String(dep.column + dep.name.length),
            url: `https://github.com/${repositoryName}/blob/HEAD/${dep.lockfilePath}#L${dep.line}`,
        },
        transitivity: dep.transitivity,
        package: { name: dep.name, versionSpecifier: dep.version },
        ecosystem: dep.ecosystem,
        licenses: dep.licenses,
        ...(dep.resolvedUrl === undefined ? {} : { resolvedUrl: dep.resolvedUrl }),
    };
}
function renderProject(p) {
    return {
        id: p.id,
        name: p.name,
        tags: p.tags,
        created_at: p.createdAt,
        default_branch: p.defaultBranch,
        latest_scan_at: p.latestScanAt,
        managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } },
        primary_branch: p.defaultBranch,
        url: p.url,
    };
}
/** Tag rules: strings, trimmed, 1..128 characters, no control characters. */
function validateTags(value) {
    if (!Array.isArray(value))
        throw new HttpError(400, 'tags must be an array of strings');
    return value.map((tag, i) => {
        if (typeof tag !== 'string')
            throw new HttpError(400, `tags[${i}] must be a string`);
        const trimmed = tag.trim();
        if (trimmed.length < 1 || trimmed.length > 128)
            throw new HttpError(400, `tags[${i}] must be 1 to 128 characters`);
        // eslint-disable-next-line no-control-regex
        if (/[\u0000-\u001f\u007f]/.test(trimmed))
            throw new HttpError(400, `tags[${i}] contains a control character`);
        return trimmed;
    });
}
/** Decodes `org/repo` or `org%2Frepo`; empty, `.` and `..` segments are refused, never resolved. */
function decodeProjectName(raw) {
    let name;
    try {
        name = raw
            .split('/')
            .map((s) => decodeURIComponent(s))
            .join('/');
    }
    catch {
        throw new HttpError(400, 'project name is not valid percent-encoding');
    }
    if (name.split('/').some((s) => s === '' || s === '.' || s === '..'))
        throw new HttpError(400, 'project name must not contain empty, "." or ".." segments');
    return name;
}
/**
 * The platform API as a Web-standard `Request -> Response` handler over a dataset, with fault
 * injection and a request log. Bad input always gets a 4xx with `{"error"}`, never a 500.
 */
function createEmulator(options) {
    const state = createEmulatorState(options.dataset);
    const faults = new FaultSet(options.faults ?? []);
    const log = [];
    const now = options.now ?? (() => new Date());
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const logLimit = options.logLimit ?? 10_000;
    const { dataset } = state;
    let endlessCounter = 0;
    function authenticate(request, allowJwt) {
        const header = request.headers.get('authorization') ?? '';
        const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
        if (match === null)
            throw new HttpError(401, 'missing bearer token: send Authorization: Bearer <API_TOKEN>');
        const token = dataset.tokens.find((t) => t.token === match[1]);
        if (token === undefined)
            throw new HttpError(401, 'invalid or expired token');
        if (token.kind === 'jwt' && !allowJwt)
            throw new HttpError(401, 'this endpoint needs an API token; a user JSON Web Token is accepted on notifications only');
        // The real service answers 404 to a token without the Web API scope.
        if (token.kind === 'api' && !token.webApi && !allowJwt)
            throw new HttpError(404, 'not found');
        return token;
    }
    function deploymentById(token, raw) {
        if (!/^\d+$/.test(raw))
            throw new HttpError(400, `deployment id must be numeric, got ${JSON.stringify(raw)}`);
        const id = Number(raw);
        const deployment = dataset.deployments.find((d) => d.id === id);
        if (deployment === undefined || token.deploymentId !== id)
            throw new HttpError(404, `deployment ${raw} not found`);
        return deployment;
    }
    function deploymentBySlug(token, slug) {
        const deployment = dataset.deployments.find((d) => d.slug === slug);
        if (deployment === undefined || token.deploymentId !== deployment.id)
            throw new HttpError(404, `deployment ${JSON.stringify(slug)} not found`);
        return deployment;
    }
    function readFilter(body, allowArchived) {
        const raw = pick(body, 'dependencyFilter', 'dependency_filter');
        const { filter, problems } = validateDependencyFilter(raw);
        if (!allowArchived && filter.includeArchived !== undefined)
            problems.push({
                field: 'dependencyFilter.includeArchived',
                message: 'is not accepted by this listing',
            });
        if (problems.length > 0)
            throw new HttpError(400, problems.map((p) => `${p.field} ${p.message}`).join('; '));
        return filter;
    }
    function readCursor(value, key, endless) {
        if (endless || value === undefined || value === null || value === '')
            return 0;
        if (typeof value !== 'string')
            throw new HttpError(400, 'cursor must be a string');
        const decoded = decodeCursor(value, key);
        if (!decoded.ok)
            throw new HttpError(400, decoded.reason);
        return decoded.position;
    }
    const routes = [
        {
            method: 'GET',
            pattern: /^\/api\/v1\/deployments\/?$/,
            run: async (request) => {
                const token = authenticate(request, false);
                return json(200, { deployments: dataset.deployments.filter((d) => d.id === token.deploymentId) });
            },
        },
        {
            method: 'GET',
            pattern: /^\/api\/notifications\/in-app\/deployments\/([^/]+)$/,
            run: async (request, match, { endless, url }) => {
                const token = authenticate(request, true);
                const deployment = deploymentById(token, decodeURIComponent(match[1]));
                const limit = pageSize(url.searchParams.get('limit'), 'limit', EMULATOR_PAGE_BOUNDS.notifications);
                const visible = dataset.notifications.filter((n) => n.deploymentId === deployment.id &&
                    n.status === 'STATUS_DELIVERED' &&
                    (!n.adminOnly || token.admin) &&
                    (n.viewer === undefined || n.viewer === token.viewer));
                const key = `notifications:${token.viewer}`;
                const start = readCursor(url.searchParams.get('cursor'), key, endless);
                const page = visible.slice(start, start + limit).map(({ deploymentId: _d, viewer: _v, ...n }) => n);
                const end = start + limit;
                return json(200, { notifications: page, cursor: end < visible.length ? encodeCursor(end, key) : '' });
            },
        },
        {
            method: 'POST',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies$/,
            run: async (request, match, { endless }) => {
                const token = authenticate(request, false);
                const deployment = deploymentById(token, decodeURIComponent(match[1]));
                const body = asBodyObject(await readJson(request));
                const size = pageSize(pick(body, 'pageSize', 'page_size'), 'pageSize', EMULATOR_PAGE_BOUNDS.dependencies);
                const filter = readFilter(body, true);
                const key = `dependencies:${deployment.id}:${JSON.stringify(filter)}`;
                const start = readCursor(body.cursor, key, endless);
                const candidates = candidatePositions(state, deployment.id, filter);
                const { items, next } = queryDependencies(state, candidates, filter, start, size);
                return json(200, {
                    dependencies: items.map((d) => renderDependency(d, state.repositories.get(d.repositoryId)?.name ?? '')),
                    ...(next === undefined ? {} : { cursor: encodeCursor(next, key), hasMore: true }),
                });
            },
        },
        {
            method: 'POST',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories$/,
            run: async (request, match, { endless }) => {
                const token = authenticate(request, false);
                const deployment = deploymentById(token, decodeURIComponent(match[1]));
                const body = asBodyObject(await readJson(request));
                const size = pageSize(pick(body, 'pageSize', 'page_size'), 'page_size', EMULATOR_PAGE_BOUNDS.repositories);
                const repos = dataset.repositories.filter((r) => r.deploymentId === deployment.id && (state.byRepository.get(r.id)?.length ?? 0) > 0);
                let start = 0;
                const cursor = body.cursor;
                if (!endless && cursor !== undefined && cursor !== null && cursor !== '') {
                    const n = typeof cursor === 'string' && /^\d+$/.test(cursor) ? Number(cursor) : cursor;
                    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > repos.length)
                        throw new HttpError(400, 'cursor must be a position returned by this listing');
                    start = n;
                }
                const end = start + size;
                return json(200, {
                    repositorySummaries: repos.slice(start, end).map((r) => ({
                        id: r.id,
                        name: r.name,
                        numDependencies: state.byRepository.get(r.id)?.length ?? 0,
                        hasDependencyPathScan: r.hasDependencyPathScan,
                    })),
                    ...(end < repos.length ? { cursor: end, hasMore: true } : {}),
                });
            },
        },
        {
            method: 'POST',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/dependencies\/repositories\/([^/]+)\/lockfiles$/,
            run: async (request, match, { endless }) => {
                const token = authenticate(request, false);
                const deployment = deploymentById(token, decodeURIComponent(match[1]));
                const repositoryId = decodeURIComponent(match[2]);
                const repo = state.repositories.get(repositoryId);
                if (!/^\d+$/.test(repositoryId) || repo === undefined || repo.deploymentId !== deployment.id)
                    throw new HttpError(404, `repository ${repositoryId} not found`);
                const body = asBodyObject(await readJson(request));
                const size = pageSize(pick(body, 'pageSize', 'page_size'), 'pageSize', EMULATOR_PAGE_BOUNDS.lockfiles);
                const filter = { ...readFilter(body, false), includeArchived: true };
                const counts = new Map();
                for (const position of state.byRepository.get(repositoryId) ?? []) {
                    const dep = dataset.dependencies[position];
                    if (!counts.has(dep.lockfilePath))
                        counts.set(dep.lockfilePath, 0);
                    if (matchesDependencyFilter(toMatchable(state, dep), filter))
                        counts.set(dep.lockfilePath, counts.get(dep.lockfilePath) + 1);
                }
                const summaries = [...counts]
                    .filter(([, n]) => n > 0)
                    .map(([lockfilePath, numDependencies]) => ({ lockfilePath, numDependencies }));
                const key = `lockfiles:${repositoryId}:${JSON.stringify(filter)}`;
                const start = readCursor(body.cursor, key, endless);
                const end = start + size;
                return json(200, {
                    lockfileSummaries: summaries.slice(start, end),
                    ...(end < summaries.length ? { cursor: encodeCursor(end, key), hasMore: true } : {}),
                });
            },
        },
        {
            method: 'GET',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects$/,
            run: async (request, match, { url }) => {
                const token = authenticate(request, false);
                const deployment = deploymentBySlug(token, decodeURIComponent(match[1]));
                const size = pageSize(url.searchParams.get('page_size'), 'page_size', EMULATOR_PAGE_BOUNDS.projects);
                const page = nonNegativeInt(url.searchParams.get('page'), 'page');
                const projects = dataset.projects.filter((p) => p.deploymentId === deployment.id);
                return json(200, { projects: projects.slice(page * size, page * size + size).map(renderProject) });
            },
        },
        {
            method: 'GET',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/findings$/,
            run: async (request, match, { url }) => {
                const token = authenticate(request, false);
                const deployment = deploymentBySlug(token, decodeURIComponent(match[1]));
                const size = pageSize(url.searchParams.get('page_size'), 'page_size', EMULATOR_PAGE_BOUNDS.findings);
                const page = nonNegativeInt(url.searchParams.get('page'), 'page');
                const findings = dataset.findings
                    .filter((f) => f.deploymentId === deployment.id)
                    .map(({ deploymentId: _d, ...f }) => f);
                return json(200, { findings: findings.slice(page * size, page * size + size) });
            },
        },
        {
            method: 'GET',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/secrets$/,
            run: async (request, match, { endless, url }) => {
                const token = authenticate(request, false);
                const deployment = deploymentById(token, decodeURIComponent(match[1]));
                const limit = pageSize(url.searchParams.get('limit'), 'limit', EMULATOR_PAGE_BOUNDS.secrets);
                const secrets = dataset.secrets
                    .filter((s) => s.deploymentId === deployment.id)
                    .map(({ deploymentId: _d, ...s }) => s);
                const key = `secrets:${deployment.id}`;
                const start = readCursor(url.searchParams.get('cursor'), key, endless);
                const end = start + limit;
                return json(200, {
                    findings: secrets.slice(start, end),
                    cursor: end < secrets.length ? encodeCursor(end, key) : '',
                    previous: start > 0 ? encodeCursor(Math.max(0, start - limit), key) : '',
                });
            },
        },
        {
            method: 'PUT|DELETE',
            pattern: /^\/api\/v1\/deployments\/([^/]+)\/projects\/(.+)\/tags$/,
            run: async (request, match, { url }) => {
                const token = authenticate(request, false);
                const deployment = deploymentBySlug(token, decodeURIComponent(match[1]));
                const name = decodeProjectName(match[2]);
                const project = dataset.projects.find((p) => p.deploymentId === deployment.id && p.name === name);
                if (project === undefined)
                    throw new HttpError(404, `project ${JSON.stringify(name)} not found`);
                if (request.method === 'PUT') {
                    const body = await readJson(request);
                    const tags = validateTags(Array.isArray(body) ? body : asBodyObject(body).tags);
                    for (const tag of tags)
                        if (!project.tags.includes(tag))
                            project.tags.push(tag);
                }
                else {
                    let tags = url.searchParams.getAll('tags').flatMap((t) => t.split(','));
                    if (tags.length === 0) {
                        const body = await readJson(request);
                        tags = validateTags(Array.isArray(body) ? body : (asBodyObject(body).tags ?? []));
                    }
                    else
                        tags = validateTags(tags);
                    project.tags = project.tags.filter((t) => !tags.includes(t));
                }
                return json(200, { project: renderProject(project) });
            },
        },
    ];
    async function admin(request, path) {
        if (path === '/__emulator/requests' && request.method === 'GET')
            return json(200, { requests: log });
        if (path === '/__emulator/requests' && request.method === 'DELETE') {
            log.length = 0;
            return json(200, { requests: [] });
        }
        if (path === '/__emulator/faults') {
            if (request.method === 'GET')
                return json(200, { faults: faults.list() });
            if (request.method === 'DELETE') {
                faults.set([]);
                return json(200, { faults: [] });
            }
            if (request.method === 'POST' || request.method === 'PUT') {
                const body = asBodyObject(await readJson(request));
                const { rules, problems } = validateFaultRules(body.faults);
                if (problems.length > 0)
                    throw new HttpError(400, problems.join('; '));
                faults.set(rules);
                return json(200, { faults: faults.list() });
            }
            throw new HttpError(405, `method ${request.method} not allowed`);
        }
        throw new HttpError(404, `no route for ${request.method} ${path}`);
    }
    async function route(request, url, path) {
        if (path.startsWith('/__emulator/'))
            return admin(request, path);
        const before = faults.take(request.method, path, ['status', 'reset', 'latency']);
        if (before?.kind === 'reset')
            return new Response(null, { status: 599, headers: { [RESET_HEADER]: '1' } });
        if (before?.kind === 'status') {
            return json(before.status ?? 503, { error: `injected fault: ${before.status ?? 503}` }, before.retryAfter === undefined ? {} : { 'retry-after': before.retryAfter });
        }
        if (before?.kind === 'latency')
            await sleep(before.latencyMs ?? 0);
        // Both listing faults serve the first page again whatever cursor comes in, then lie about the next one.
        const listingFault = faults.take(request.method, path, ['endless', 'repeat-cursor']);
        const endless = listingFault !== undefined;
        let methodMismatch = false;
        for (const r of routes) {
            const match = r.pattern.exec(path);
            if (match === null)
                continue;
            if (!r.method.split('|').includes(request.method)) {
                methodMismatch = true;
                continue;
            }
            const response = await r.run(request, match, { endless, url });
            if (listingFault === undefined)
                return afterFaults(request, path, response);
            const cursor = listingFault.kind === 'endless' ? `endless-${++endlessCounter}` : 'repeated-cursor';
            return transform(response, (body) => ({ ...body, cursor, hasMore: true }));
        }
        if (methodMismatch)
            throw new HttpError(405, `method ${request.method} not allowed on ${path}`);
        throw new HttpError(404, `no route for ${request.method} ${path}`);
    }
    async function transform(response, change) {
        if (response.status !== 200)
            return response;
        const body = JSON.parse(await response.text());
        return json(200, change(body));
    }
    async function afterFaults(request, path, response) {
        const rule = faults.take(request.method, path, ['truncate', 'malformed', 'wrong-shape']);
        if (rule === undefined || response.status !== 200)
            return response;
        const text = await response.text();
        switch (rule.kind) {
            case 'truncate':
                return new Response(text.slice(0, Math.floor(text.length / 2)), {
                    status: 200,
                    headers: { 'content-type': 'application/json' },
                });
            case 'malformed':
                return new Response(`{"error": oops, ${text.slice(1, 40)}`, {
                    status: 200,
                    headers: { 'content-type': 'application/json' },
                });
            case 'wrong-shape': {
                const body = JSON.parse(text);
                for (const key of Object.keys(body))
                    if (Array.isArray(body[key]))
                        body[key] = 'not-an-array';
                if (body.project !== undefined)
                    body.project = { id: 'not-a-number' };
                return json(200, body);
            }
            default:
                return new Response(text, response);
        }
    }
    async function handle(request) {
        const url = new URL(request.url);
        const path = url.pathname;
        let response;
        try {
            response = await route(request, url, path);
        }
        catch (error) {
            response =
                error instanceof HttpError
                    ? json(error.status, { error: error.message })
                    : json(500, {
                        error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
                    });
        }
        const bytes = Number(response.headers.get('content-length') ?? 0);
        log.push({
            method: request.method,
            path,
            query: url.search,
            status: response.status,
            bytes,
            at: now().toISOString(),
        });
        if (log.length > logLimit)
            log.splice(0, log.length - logLimit);
        return response;
    }
    return { handle, faults, log, state };
}

;// CONCATENATED MODULE: ./src/emulator/load-dataset.ts
class DatasetError extends Error {
    name = 'DatasetError';
}
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
function fields(spec) {
    return (value, path, problems) => {
        if (!isObj(value)) {
            problems.push(`${path} must be an object`);
            return;
        }
        for (const [key, type] of Object.entries(spec)) {
            const v = value[key];
            const at = `${path}.${key}`;
            const ok = type === 'string'
                ? typeof v === 'string'
                : type === '?string'
                    ? v === undefined || typeof v === 'string'
                    : type === 'number'
                        ? typeof v === 'number' && Number.isFinite(v)
                        : type === 'boolean'
                            ? typeof v === 'boolean'
                            : type === 'id'
                                ? (typeof v === 'string' && /^\d+$/.test(v)) ||
                                    (typeof v === 'number' && Number.isInteger(v) && v >= 0)
                                : Array.isArray(v) && v.every((x) => typeof x === 'string');
            if (!ok)
                problems.push(`${at} must be ${type === 'string[]' ? 'an array of strings' : type === 'id' ? 'a numeric id' : type.replace('?', 'an optional ')}`);
        }
    };
}
const SECTIONS = {
    deployments: fields({ id: 'number', name: 'string', slug: 'string' }),
    tokens: fields({
        token: 'string',
        kind: 'string',
        webApi: 'boolean',
        deploymentId: 'number',
        viewer: 'string',
        admin: 'boolean',
    }),
    projects: fields({ id: 'number', deploymentId: 'number', name: 'string', tags: 'string[]' }),
    repositories: fields({ id: 'id', deploymentId: 'number', name: 'string', archived: 'boolean' }),
    dependencies: fields({
        repositoryId: 'id',
        lockfilePath: 'string',
        name: 'string',
        version: 'string',
        ecosystem: 'string',
        licenses: 'string[]',
        transitivity: 'string',
    }),
    notifications: fields({
        id: 'string',
        deploymentId: 'number',
        title: 'string',
        severity: 'string',
        status: 'string',
        adminOnly: 'boolean',
    }),
    findings: fields({ id: 'number', deploymentId: 'number' }),
    secrets: fields({ id: 'string', deploymentId: 'number' }),
};
const ENUMS = {
    tokens: { kind: ['api', 'jwt'] },
    dependencies: { transitivity: ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'] },
    notifications: {
        severity: ['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR'],
        status: ['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED'],
    },
};
/**
 * Reads a user's dataset (the JSON form of EmulatorDataset, see DATASET.md). Every problem is listed
 * at once with its field path; missing sections are empty; defaults fill optional fields.
 */
function parseDataset(text, file) {
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (error) {
        throw new DatasetError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!isObj(raw))
        throw new DatasetError(`${file}: the dataset must be a JSON object with deployments, tokens, projects, ...`);
    const problems = [];
    for (const key of Object.keys(raw))
        if (!(key in SECTIONS))
            problems.push(`${key}: unknown section (expected one of ${Object.keys(SECTIONS).join(', ')})`);
    const out = {};
    for (const [section, check] of Object.entries(SECTIONS)) {
        const list = raw[section] ?? [];
        if (!Array.isArray(list)) {
            problems.push(`${section} must be an array`);
            continue;
        }
        list.forEach((item, i) => {
            check(item, `${section}[${i}]`, problems);
            for (const [field, allowed] of Object.entries(ENUMS[section] ?? {})) {
                const v = isObj(item) ? item[field] : undefined;
                if (typeof v === 'string' && !allowed.includes(v))
                    problems.push(`${section}[${i}].${field} must be one of ${allowed.join(', ')}`);
            }
        });
        out[section] = list;
    }
    if (problems.length > 0)
        throw new DatasetError(`${file}: invalid dataset:\n  ${problems.slice(0, 50).join('\n  ')}${problems.length > 50 ? `\n  ... and ${problems.length - 50} more` : ''}`);
    const data = out;
    data.repositories = data.repositories.map((r) => ({
        ...r,
        id: String(r.id),
        hasDependencyPathScan: r.hasDependencyPathScan ?? false,
    }));
    data.dependencies = data.dependencies.map((d, i) => ({
        ...d,
        id: d.id === undefined ? String(i + 1) : String(d.id),
        repositoryId: String(d.repositoryId),
        line: typeof d.line === 'number' ? d.line : 1,
        column: typeof d.column === 'number' ? d.column : 1,
    }));
    data.projects = data.projects.map((p) => ({
        ...p,
        createdAt: p.createdAt ?? '1970-01-01T00:00:00Z',
        defaultBranch: p.defaultBranch ?? 'refs/heads/main',
        latestScanAt: p.latestScanAt ?? '1970-01-01T00:00:00Z',
        url: p.url ?? `https://github.com/${p.name}`,
        tags: [...p.tags],
    }));
    data.notifications = data.notifications.map((n) => ({
        ...n,
        description: n.description ?? '',
        createdAt: n.createdAt ?? '1970-01-01T00:00:00Z',
        link: n.link ?? '',
        isExternalLink: n.isExternalLink ?? false,
        linkText: n.linkText ?? '',
    }));
    return data;
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
                    ? { resolvedUrl: `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz` }
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
        projects: [
            project(201, 'acme/web', ['team:frontend']),
            project(202, 'acme/api', ['team:backend']),
            project(203, 'acme/payments', ['team:payments', 'pci']),
            project(204, 'acme/legacy-billing', []),
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
        dependencies: dependencies(),
        notifications: notifications(),
        findings: Array.from({ length: 7 }, (_, i) => ({
            id: 70001 + i,
            deploymentId: d,
            ref: 'refs/heads/main',
            repository: {
                name: ['acme/web', 'acme/api', 'acme/payments'][i % 3],
                url: `https://github.com/${['acme/web', 'acme/api', 'acme/payments'][i % 3]}`,
            },
            rule_name: [
                'ssc-lodash-proto-pollution',
                'python.django.security.injection.sql',
                'javascript.express.security.audit.xss',
            ][i % 3],
            rule_message: 'A vulnerable or insecure pattern was found.',
            severity: ['high', 'medium', 'low', 'critical'][i % 4],
            state: 'unresolved',
            status: 'open',
            created_at: `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
            location: {
                file_path: ['package-lock.json', 'app/views.py', 'src/server.js'][i % 3],
                line: 10 + i,
                column: 1,
            },
        })),
        secrets: Array.from({ length: 5 }, (_, i) => ({
            id: `s-${i + 1}`,
            deploymentId: d,
            type: ['AWS Access Key', 'GitHub Token', 'Slack Webhook', 'Stripe Key', 'Private Key'][i],
            findingPath: `config/settings-${i}.env`,
            repository: { name: 'acme/payments', url: 'https://github.com/acme/payments' },
            severity: i % 2 === 0 ? 'high' : 'medium',
            status: 'open',
            validationState: i === 0 ? 'valid' : 'unvalidated',
            createdAt: `2026-11-0${i + 1}T08:00:00Z`,
        })),
    };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/emulator/server.ts


/** Largest request body the server reads; the platform's requests are small JSON documents. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
async function toRequest(req, origin) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES)
            return undefined;
        chunks.push(chunk);
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value))
            for (const v of value)
                headers.append(key, v);
        else if (value !== undefined)
            headers.set(key, value);
    }
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
    return new Request(new URL(req.url ?? '/', origin), {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
    });
}
async function send(res, response) {
    if (response.headers.get(RESET_HEADER) !== null) {
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
/** Serves a `Request -> Response` handler with node:http on 127.0.0.1 (port 0 picks a free one). */
async function startServer(handle, options = {}) {
    const host = options.host ?? '127.0.0.1';
    const server = (0,external_node_http_.createServer)((req, res) => {
        void (async () => {
            try {
                const origin = `http://${req.headers.host ?? host}`;
                const request = await toRequest(req, origin);
                const response = request === undefined
                    ? Response.json({ error: 'request body too large' }, { status: 413 })
                    : await handle(request);
                await send(res, response);
            }
            catch (error) {
                if (!res.headersSent) {
                    res.writeHead(500, { 'content-type': 'application/json' });
                    res.end(JSON.stringify({
                        error: `internal emulator error: ${error instanceof Error ? error.message : String(error)}`,
                    }));
                }
                else
                    res.destroy();
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
    return {
        url: `http://${host}:${port}`,
        port,
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/emulator-command.ts







const HELP = `usage: depgate emulator [--port N] [--data FILE] [--token T]

Serves the platform API on http://127.0.0.1:N from a dataset (the seeded default, or --data FILE in
the format of src/emulator/DATASET.md) until interrupted.

options:
  --port N      port to listen on (default 8080; 0 picks a free port)
  --data FILE   load this dataset instead of the seeded one
  --token T     also accept T as an API token with Web API access for the first deployment
                (or set DEPGATE_EMULATOR_TOKEN)

admin routes (no auth, local only): GET /__emulator/requests (request log),
GET|POST|DELETE /__emulator/faults (fault injection, body {"faults": [...]})
`;
/** `depgate emulator`: the platform API served locally until the process is asked to stop. */
async function runEmulatorCommand(args, io) {
    const { flags, positionals } = (0,cli_io/* parseArgs */.Z)(args, { strings: ['port', 'data', 'token'], booleans: ['help'] });
    if (flags.has('help')) {
        io.stdout(HELP);
        return 0;
    }
    if (positionals.length > 0)
        throw new cli_io/* UsageError */.e(`unexpected argument '${positionals[0]}'`);
    const portText = flags.get('port');
    const port = portText === undefined ? 8080 : Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new cli_io/* UsageError */.e(`--port must be a port number, not '${String(portText)}'`);
    const dataFile = flags.get('data');
    let dataset;
    if (typeof dataFile === 'string') {
        let text;
        try {
            text = (0,external_node_fs_.readFileSync)((0,external_node_path_.resolve)(io.cwd, dataFile), 'utf8');
        }
        catch (error) {
            io.stderr(`depgate emulator: cannot read --data ${dataFile}: ${error.code ?? String(error)}\n`);
            return 2;
        }
        try {
            dataset = parseDataset(text, dataFile);
        }
        catch (error) {
            if (!(error instanceof DatasetError))
                throw error;
            io.stderr(`depgate emulator: ${error.message}\n`);
            return 2;
        }
    }
    else
        dataset = createSeedDataset();
    const extra = flags.get('token') ?? io.env.DEPGATE_EMULATOR_TOKEN;
    const deployment = dataset.deployments[0] ?? SEED_DEPLOYMENT;
    if (typeof extra === 'string' && extra !== '') {
        dataset.tokens.push({
            token: extra,
            kind: 'api',
            webApi: true,
            deploymentId: deployment.id,
            viewer: 'cli@emulator',
            admin: true,
            description: 'API token with Web API access (from --token)',
        });
    }
    const emulator = createEmulator({ dataset });
    let server;
    try {
        server = await startServer(emulator.handle, { port });
    }
    catch (error) {
        const code = error.code;
        io.stderr(`depgate emulator: cannot listen on 127.0.0.1:${port}: ${code === 'EADDRINUSE' ? 'the port is in use (try --port 0)' : String(code ?? error)}\n`);
        return 2;
    }
    io.stdout(`listening on ${server.url}\n`);
    io.stdout(`deployment ${deployment.id} (slug ${deployment.slug})\n`);
    io.stdout('tokens:\n');
    for (const t of dataset.tokens) {
        io.stdout(`  ${t.token}  ${t.description ?? `${t.kind}${t.webApi ? ' with Web API access' : ''}`} (deployment ${t.deploymentId})\n`);
    }
    await io.stopSignal;
    await server.close();
    io.stdout('emulator stopped\n');
    return 0;
}


/***/ })

};
