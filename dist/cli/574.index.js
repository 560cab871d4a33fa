export const id = 574;
export const ids = [574];
export const modules = {

/***/ 4574:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SQ: () => (/* reexport */ ECOSYSTEMS),
  Zy: () => (/* reexport */ compareVersions),
  ri: () => (/* reexport */ isValidVersion),
  oc: () => (/* reexport */ licenseIds),
  MO: () => (/* reexport */ packageKey),
  aM: () => (/* reexport */ parseBound),
  WM: () => (/* reexport */ parseEcosystem),
  KN: () => (/* reexport */ satisfiesBound),
  Wu: () => (/* reexport */ transitivityOf)
});

// UNUSED EXPORTS: isEcosystem, normalizeComposerVersion, packageVersionKey

;// CONCATENATED MODULE: ./src/domain/ecosystem.ts
/** Ecosystem names as the platform spells them (decisions.md, "Ecosystem names"). */
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
const KNOWN = new Set(ECOSYSTEMS);
/**
 * Other spellings people and tools use for the same ecosystems (OSV's names, registry names, package
 * manager names), so a policy that says `PyPI`, `go` or `rubygems` means what its author meant.
 */
const ALIASES = {
    go: 'gomod',
    golang: 'gomod',
    pip: 'pypi',
    python: 'pypi',
    rubygems: 'gem',
    ruby: 'gem',
    gems: 'gem',
    'crates.io': 'cargo',
    crates: 'cargo',
    rust: 'cargo',
    packagist: 'composer',
    php: 'composer',
    swift: 'swiftpm',
    swiftpackage: 'swiftpm',
    dart: 'pub',
    elixir: 'hex',
    erlang: 'hex',
    yarn: 'npm',
    pnpm: 'npm',
    javascript: 'npm',
    java: 'maven',
    gradle: 'maven',
    dotnet: 'nuget',
    pods: 'cocoapods',
};
function isEcosystem(text) {
    return KNOWN.has(text);
}
/**
 * The ecosystem a name means, case-insensitively, with the usual other spellings (`PyPI`, `go`,
 * `crates.io`, `RubyGems`); undefined for a name no ecosystem has.
 */
function parseEcosystem(text) {
    const lower = text.trim().toLowerCase();
    if (isEcosystem(lower))
        return lower;
    return Object.hasOwn(ALIASES, lower) ? ALIASES[lower] : undefined;
}

;// CONCATENATED MODULE: ./src/domain/licenses.ts
/** Operators of SPDX expressions; every other word of one is a license or exception id. */
const SPDX_OPERATORS = new Set(['and', 'or', 'with']);
/**
 * The lowercased SPDX ids that license entries name. An entry is an id (`MIT`) or an expression
 * (`MIT OR Apache-2.0`), whose ids all count: the platform sends ids, lockfiles often expressions.
 */
function licenseIds(licenses) {
    const ids = [];
    for (const entry of licenses) {
        for (const word of entry.toLowerCase().split(/[\s()]+/)) {
            if (word !== '' && !SPDX_OPERATORS.has(word))
                ids.push(word);
        }
    }
    return ids;
}

;// CONCATENATED MODULE: ./src/domain/package-key.ts
/**
 * The identity of a package name within its ecosystem: two names with the same key are the same
 * package to the registry, so a policy written `Django` matches a lockfile's `django`.
 *
 * - PyPI: PEP 503 normalisation (lowercase, runs of `-`, `_` and `.` become one `-`).
 * - npm, NuGet, Composer, pub, hex, crates.io: names are unique regardless of case (crates.io also
 *   treats `-` and `_` as the same name).
 * - Maven: `group:artifact`, case kept (Maven coordinates are case-sensitive); a `group/artifact`
 *   spelling is read as the same coordinates.
 * - Go: module paths are case-sensitive (the proxy escapes capitals), so the path is kept as written.
 * - RubyGems, CocoaPods and SwiftPM keep their case (RubyGems allows names that differ only in case);
 *   SwiftPM package URLs drop a trailing `.git` and `/`.
 */
function packageKey(ecosystem, name) {
    const trimmed = name.trim();
    switch (ecosystem) {
        case 'pypi':
            return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
        case 'cargo':
            return trimmed.toLowerCase().replace(/_/g, '-');
        case 'npm':
        case 'nuget':
        case 'composer':
        case 'pub':
        case 'hex':
            return trimmed.toLowerCase();
        case 'maven':
            return trimmed.replace('/', ':');
        case 'swiftpm':
            return trimmed.replace(/\/+$/, '').replace(/\.git$/, '');
        case 'gomod':
        case 'gem':
        case 'cocoapods':
            return trimmed;
    }
}
/** One key for a package version across ecosystems: `npm:lodash@4.17.21`. */
function packageVersionKey(ecosystem, name, version) {
    return `${ecosystem}:${packageKey(ecosystem, name)}@${version}`;
}

;// CONCATENATED MODULE: ./src/domain/transitivity.ts
/** A lockfile entry's transitivity from what the format records (`direct` is absent when it does not). */
function transitivityOf(entry) {
    return entry.direct === undefined ? 'unknown' : entry.direct ? 'direct' : 'transitive';
}

;// CONCATENATED MODULE: ./src/domain/versions/make-order.ts
/** Past this length a text is not a version of any ecosystem; refusing it keeps parsing cheap. */
const MAX_VERSION_LENGTH = 256;
/** Entries per cache generation: two generations hold at most twice this many parsed versions. */
const GENERATION_SIZE = 8192;
/**
 * Builds a comparator from an ecosystem's parser and its order over parsed versions. Parsed versions are
 * cached, since callers such as the emulator compare the same few versions across a million rows. The
 * cache keeps two generations: a full young generation becomes the old one and a hit in the old one is
 * moved back, so the versions in use stay while a stream of one-off versions cannot grow memory.
 * Parsers see the text trimmed; a parser that throws on odd input counts as a refusal, so the
 * comparator never throws.
 */
function makeOrder(parse, compare) {
    let young = new Map();
    let old = new Map();
    const lookup = (version) => {
        let parsed = young.get(version);
        if (parsed === undefined) {
            parsed = old.get(version);
            if (parsed === undefined)
                parsed = safeParse(parse, version);
            if (young.size >= GENERATION_SIZE) {
                old = young;
                young = new Map();
            }
            young.set(version, parsed);
        }
        return parsed ?? undefined;
    };
    return (a, b) => {
        if (typeof a !== 'string' || typeof b !== 'string')
            return undefined;
        const x = lookup(a);
        if (x === undefined)
            return undefined;
        const y = lookup(b);
        if (y === undefined)
            return undefined;
        const order = compare(x, y);
        return order < 0 ? -1 : order > 0 ? 1 : 0;
    };
}
function safeParse(parse, version) {
    const text = version.trim();
    if (text === '' || text.length > MAX_VERSION_LENGTH)
        return null;
    try {
        return parse(text) ?? null;
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./src/domain/versions/rubygems-order.ts

const GEM_VERSION = /^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
/**
 * RubyGems ordering, as `Gem::Version#<=>` compares versions. A `-` starts a pre-release (`1.0-rc1` is
 * `1.0.pre.rc1`); numbers and words split apart (`1.0a1` is `1 0 a 1`); trailing zeros of the numbers
 * and of the rest do not count (`1.0` = `1`, `1.0.a.0` = `1.0.a`); a missing part is 0; a word is older
 * than any number (`1.0.a` < `1.0`), words compare byte by byte (`B` < `a`), numbers by value of any size.
 * Written out here because @renovatebot/ruby-semver compares words by locale and numbers as doubles.
 * Gem::Version reads a blank string as `0`; we refuse it, since a blank version in a lockfile means none.
 */
const compareRubygems = makeOrder(parseGem, (a, b) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const x = a[i] ?? 0;
        const y = b[i] ?? 0;
        if (x === y)
            continue;
        const xWord = typeof x === 'string';
        if (xWord !== (typeof y === 'string'))
            return xWord ? -1 : 1;
        return x < y ? -1 : 1;
    }
    return 0;
});
function parseGem(version) {
    if (!GEM_VERSION.test(version))
        return undefined;
    const segments = segmentsOf(version.replace(/-/g, '.pre.'));
    // Gem::Version#canonical_segments: drop trailing zeros of the leading numbers and of the rest.
    let words = segments.findIndex((s) => typeof s === 'string');
    if (words === -1)
        words = segments.length;
    const release = segments.slice(0, words);
    const rest = segments.slice(words);
    while (release.length > 0 && release[release.length - 1] === 0)
        release.pop();
    while (rest.length > 0 && rest[rest.length - 1] === 0)
        rest.pop();
    return release.concat(rest);
}
/** The numbers and words of a version, as Ruby's `scan(/[0-9]+|[a-z]+/i)` finds them. */
function segmentsOf(version) {
    return (version.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => {
        if (!/^[0-9]/.test(s))
            return s;
        if (s.length < 16)
            return Number(s);
        const value = BigInt(s);
        return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
    });
}

;// CONCATENATED MODULE: ./src/domain/versions/cocoapods-order.ts


const POD_VERSION = /^[0-9]+(?:\.[0-9a-zA-Z-]+)*(?:\+[0-9a-zA-Z.-]+)?$/;
/**
 * CocoaPods ordering, as `Pod::Version` compares versions: dot-separated parts (`3.2` and `1.0.2.3` are
 * versions), build metadata after `+` ignored, numbers and words split apart (`1.0.0-beta.11` is
 * `1 0 0 beta 11`). The leading numbers compare with trailing zeros dropped (`1.0` = `1.0.0`); then a
 * version without words is newer than one with (`1.0.0-rc.1` < `1.0.0`), and words compare part by part,
 * numbers below words. CocoaPods breaks ties between equal versions by their text when sorting
 * (`1` before `1.0`); its `==`, `<=` and `>=` do not, and neither do we.
 */
const compareCocoapods = makeOrder(parsePod, (a, b) => {
    const order = compareSegments(a.release, b.release, false);
    return order !== 0 ? order : compareSegments(a.prerelease, b.prerelease, true);
});
function parsePod(version) {
    if (!POD_VERSION.test(version))
        return undefined;
    const segments = segmentsOf(version.replace(/\+.*$/, ''));
    let words = segments.findIndex((s) => typeof s === 'string');
    if (words === -1)
        words = segments.length;
    const release = segments.slice(0, words);
    while (release.length > 0 && release[release.length - 1] === 0)
        release.pop();
    return { release, prerelease: segments.slice(words) };
}
function compareSegments(a, b, prerelease) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const x = a[i];
        const y = b[i];
        if (x === y)
            continue;
        // A missing first pre-release part means no pre-release at all, which is the newer version.
        if (x === undefined)
            return prerelease && i === 0 ? 1 : -1;
        if (y === undefined)
            return prerelease && i === 0 ? -1 : 1;
        const xWord = typeof x === 'string';
        if (xWord !== (typeof y === 'string'))
            return xWord ? 1 : -1;
        if (x < y)
            return -1;
        if (x > y)
            return 1;
    }
    return 0;
}

;// CONCATENATED MODULE: ./src/domain/versions/composer-order.ts

// Composer's `((?:[.-]?\d+)*+)` is possessive; JS has no possessive quantifiers, and the plain form
// backtracks exponentially on a long run of digits. This form matches the same texts unambiguously.
const MODIFIER = '[._-]?(?:(stable|beta|b|RC|alpha|a|patch|pl|p)((?:[.-]?\\d+(?:[.-]\\d+)*)?))?([.-]?dev)?';
const CLASSICAL = new RegExp(`^v?(\\d{1,5})(\\.\\d+)?(\\.\\d+)?(\\.\\d+)?${MODIFIER}$`, 'i');
const DATE = new RegExp(`^v?(\\d{4}(?:[.:-]?\\d{2}){1,6}(?:[.:-]?\\d{1,3}){0,2})${MODIFIER}$`, 'i');
const NUMBERED_BRANCH = /^v?(\d+)(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?$/i;
const STABILITIES = {
    a: 'alpha',
    b: 'beta',
    p: 'patch',
    pl: 'patch',
    rc: 'RC',
};
/**
 * Composer's version normalization, as composer/semver's `VersionParser::normalize` does it: `v1.2` ->
 * `1.2.0.0`, `1.0.0-b2` -> `1.0.0.0-beta2`, `1.0-RC1-dev` -> `1.0.0.0-RC1-dev`, `2.0.x-dev` ->
 * `2.0.9999999.9999999-dev`, `2023-01-31` -> `2023.01.31`, build metadata and `@stability` flags dropped.
 * Undefined for a branch (`dev-main`, `master`) and for texts Composer refuses.
 */
function normalizeComposerVersion(version) {
    let text = version.trim();
    const alias = /^([^,\s]+) +as +[^,\s]+$/.exec(text);
    if (alias !== null)
        text = alias[1];
    text = text.replace(/@(?:stable|RC|beta|alpha|dev)$/i, '');
    if (/^dev-/i.test(text) || ['master', 'trunk', 'default'].includes(text))
        return undefined;
    const build = /^([^,\s+]+)\+\S+$/.exec(text);
    if (build !== null)
        text = build[1];
    let match = CLASSICAL.exec(text);
    let normalized;
    let index;
    if (match !== null) {
        normalized = match[1] + (match[2] || '.0') + (match[3] || '.0') + (match[4] || '.0');
        index = 5;
    }
    else {
        match = DATE.exec(text);
        if (match === null)
            return numberedBranch(text);
        normalized = match[1].replace(/\D/g, '.');
        index = 2;
    }
    const stability = match[index];
    if (stability) {
        if (stability === 'stable')
            return normalized;
        const lower = stability.toLowerCase();
        normalized += `-${STABILITIES[lower] ?? lower}${(match[index + 1] ?? '').replace(/^[.-]+/, '')}`;
    }
    if (match[index + 2])
        normalized += '-dev';
    return normalized;
}
/** `1.x-dev`, `2.0.*-dev`: the dev version of a numbered branch, above every release it can hold. */
function numberedBranch(text) {
    const dev = /^(.*?)[.-]?dev$/i.exec(text);
    const match = dev === null ? null : NUMBERED_BRANCH.exec(dev[1].trim());
    if (match === null)
        return undefined;
    let normalized = '';
    for (let i = 1; i < 5; i++)
        normalized += match[i]?.replace(/[*X]/g, 'x') ?? '.x';
    return `${normalized.replace(/x/g, '9999999')}-dev`;
}
/**
 * Composer (Packagist) ordering: both versions normalized as Composer normalizes them, then ordered as
 * PHP's `version_compare` orders the normalized texts, which is how Composer sorts versions and checks
 * constraints. So `1.0` = `1.0.0` = `v1.0.0.0`, stability suffixes order dev < alpha < beta < RC <
 * (release) < patch, case-insensitively (`1.0.0-ALPHA` = `1.0.0-alpha`), and `-stable` is the release.
 * Branches (`dev-main`, `dev-master`) have no place among releases: Composer's constraints never match
 * them, so we cannot order them and return undefined. Numbered branches (`2.x-dev`) order above every
 * `2.*` release, as Composer orders them.
 */
const compareComposer = makeOrder((version) => {
    const normalized = normalizeComposerVersion(version);
    return normalized === undefined ? undefined : canonicalParts(normalized);
}, compareParts);
/**
 * PHP's `php_canonicalize_version` split at its dots: `-`, `_` and `+` become dots and a dot goes between
 * digits and letters (`1.0.0.0-beta2` -> `1 0 0 0 beta 2`). Normalized texts hold nothing else.
 */
function canonicalParts(normalized) {
    return normalized
        .replace(/[-_+]/g, '.')
        .replace(/(?<=[0-9])(?=[^0-9.])|(?<=[^0-9.])(?=[0-9])/g, '.')
        .split('.')
        .filter((part) => part !== '');
}
const LONG_MAX = 2n ** 63n - 1n;
const FORMS = [
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
/** PHP's `compare_special_version_forms`: a part ranks by the first form it starts with, -1 for none. */
function formRank(part) {
    for (const [form, order] of FORMS)
        if (part.startsWith(form))
            return order;
    return -1;
}
const isNumber = (part) => part.charCodeAt(0) >= 48 && part.charCodeAt(0) <= 57;
function comparePart(a, b) {
    if (isNumber(a) && isNumber(b)) {
        // strtol saturates at LONG_MAX.
        const [x, y] = [a, b].map((n) => (n.length > 18 ? bigMin(BigInt(n)) : BigInt(n)));
        return x < y ? -1 : x > y ? 1 : 0;
    }
    return Math.sign(formRank(isNumber(a) ? '#N#' : a) - formRank(isNumber(b) ? '#N#' : b));
}
const bigMin = (n) => (n > LONG_MAX ? LONG_MAX : n);
/** PHP's `php_version_compare` over canonical parts, including how it weighs the rest of a longer one. */
function compareParts(a, b) {
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) {
        const order = comparePart(a[i], b[i]);
        if (order !== 0)
            return order;
    }
    // A further number makes the longer version newer; a further word is weighed against a bare number.
    if (a.length > shared)
        return isNumber(a[shared]) ? 1 : compareParts(a.slice(shared), ['#N#']);
    if (b.length > shared)
        return isNumber(b[shared]) ? -1 : compareParts(['#N#'], b.slice(shared));
    return 0;
}

;// CONCATENATED MODULE: ./src/domain/versions/compare-digits.ts
/**
 * Orders two runs of ASCII digits by value, whatever their length (leading zeros do not count), so that
 * numbers past 2^53 order exactly without BigInt.
 */
function compareDigits(a, b) {
    const x = stripZeros(a);
    const y = stripZeros(b);
    if (x.length !== y.length)
        return x.length < y.length ? -1 : 1;
    return x < y ? -1 : x > y ? 1 : 0;
}
function stripZeros(digits) {
    let i = 0;
    while (i < digits.length - 1 && digits.charCodeAt(i) === 48)
        i++;
    return i === 0 ? digits : digits.slice(i);
}

;// CONCATENATED MODULE: ./src/domain/versions/go-order.ts


const NUMBER = '(0|[1-9][0-9]*)';
const IDENTIFIER = '(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)';
const BUILD = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const GO_VERSION = new RegExp(`^v?${NUMBER}(?:\\.${NUMBER}(?:\\.${NUMBER}(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?(?:\\+${BUILD})?)?)?$`);
/**
 * Go module ordering, as golang.org/x/mod/semver orders versions: SemVer without leading zeros, numbers
 * of any size, `v1` and `v1.2` short for `v1.0.0` and `v1.2.0`. Pseudo-versions are pre-releases and
 * order as such (`v1.2.4-0.20191109021931-daa7c04131f5` sits between `v1.2.3` and `v1.2.4`), and build
 * metadata such as `+incompatible` does not count. The go command requires the leading `v`; we also
 * read `1.2.3` as `v1.2.3`, because policy bounds and advisories often leave it out.
 */
const compareGo = makeOrder(parseGo, (a, b) => {
    for (let i = 0; i < 3; i++) {
        const order = compareDigits(a.numbers[i], b.numbers[i]);
        if (order !== 0)
            return order;
    }
    return comparePrerelease(a.prerelease, b.prerelease);
});
function parseGo(version) {
    const match = GO_VERSION.exec(version);
    if (match === null)
        return undefined;
    return {
        numbers: [match[1], match[2] ?? '0', match[3] ?? '0'],
        prerelease: match[4] === undefined ? [] : match[4].split('.'),
    };
}
const isNumeric = (identifier) => /^[0-9]+$/.test(identifier);
/** SemVer precedence of pre-release identifiers: none is highest, numbers below words, longer wins ties. */
function comparePrerelease(a, b) {
    if (a.length === 0 || b.length === 0)
        return b.length - a.length;
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const x = a[i];
        const y = b[i];
        if (x === y)
            continue;
        const xNumeric = isNumeric(x);
        const yNumeric = isNumeric(y);
        if (xNumeric && yNumeric)
            return compareDigits(x, y);
        if (xNumeric !== yNumeric)
            return xNumeric ? -1 : 1;
        return x < y ? -1 : 1;
    }
    return a.length - b.length;
}

;// CONCATENATED MODULE: ./src/domain/versions/maven-order.ts


const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const maven_order_ALIASES = { ga: '', final: '', release: '', cr: 'rc' };
const SHORTHANDS = { a: 'alpha', b: 'beta', m: 'milestone' };
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));
/** Maven's meta-versions and unresolved properties: texts Maven would order, but that name no release. */
const NOT_A_VERSION = /^(?:latest|release)$|\$\{|\s/i;
/**
 * Maven ordering, as Maven 3.9's `ComparableVersion` orders versions. Parts split at `.`, `-` and at
 * every change between digits and letters; a `-` (or a letter part after a dot, as in `1.0.RC1`) opens a
 * sub-list that orders below a further number (`1-1` < `1.1`). Qualifiers order alpha < beta <
 * milestone < rc = cr < snapshot < "" = ga = final = release < sp, then any other word alphabetically,
 * case-insensitively; `a1`, `b1`, `m1` are alpha-1, beta-1, milestone-1. Trailing zeros and empty
 * qualifiers do not count (`1.0-ga` = `1`). Numbers have any size. Maven orders any text; we refuse
 * blank texts, texts with spaces, `${...}` properties and the meta-versions LATEST and RELEASE.
 */
const compareMaven = makeOrder(parseMaven, (a, b) => compareList(a, b));
function parseMaven(version) {
    if (NOT_A_VERSION.test(version))
        return undefined;
    const text = version.toLowerCase();
    const root = [];
    let list = root;
    const lists = [root];
    const open = () => {
        const sub = [];
        list.push(sub);
        list = sub;
        lists.push(sub);
    };
    let isDigit = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '.' || c === '-') {
            list.push(i === start ? { digits: '0' } : item(isDigit, text.slice(start, i)));
            start = i + 1;
            if (c === '-')
                open();
        }
        else if (c >= '0' && c <= '9') {
            if (!isDigit && i > start) {
                // "1.0.RC1" orders like "1.0-RC1": a qualifier followed by digits opens a sub-list.
                if (list.length > 0)
                    open();
                list.push(qualifier(text.slice(start, i), true));
                start = i;
                open();
            }
            isDigit = true;
        }
        else {
            if (isDigit && i > start) {
                list.push(item(true, text.slice(start, i)));
                start = i;
                open();
            }
            isDigit = false;
        }
    }
    if (text.length > start) {
        if (!isDigit && list.length > 0)
            open();
        list.push(item(isDigit, text.slice(start)));
    }
    // Innermost lists first, so that a list emptied by trimming is itself trimmed from its parent.
    for (const l of lists.reverse())
        trimNulls(l);
    return root;
}
function item(isDigit, text) {
    return isDigit ? { digits: text.replace(/^0+(?=.)/, '') } : qualifier(text, false);
}
function qualifier(text, followedByDigit) {
    const name = followedByDigit && text.length === 1 ? (SHORTHANDS[text] ?? text) : text;
    return { qualifier: maven_order_ALIASES[name] ?? name };
}
/** ListItem.normalize: drop trailing zeros, empty qualifiers and empty lists, looking past sub-lists. */
function trimNulls(list) {
    for (let i = list.length - 1; i >= 0; i--) {
        const last = list[i];
        if (isNull(last))
            list.splice(i, 1);
        else if (!Array.isArray(last))
            break;
    }
}
function isNull(item) {
    if (Array.isArray(item))
        return item.length === 0;
    return 'digits' in item ? item.digits === '0' : item.qualifier === '';
}
/** StringItem.comparableQualifier: the known qualifiers by rank, then the others alphabetically. */
function rank(qualifier) {
    const index = QUALIFIERS.indexOf(qualifier);
    return index === -1 ? `${QUALIFIERS.length}-${qualifier}` : String(index);
}
const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** `a.compareTo(b)` of ComparableVersion's items, where undefined is Java's null (a missing item). */
function compareItem(a, b) {
    if (Array.isArray(a)) {
        if (b === undefined) {
            for (const inner of a) {
                const order = compareItem(inner, undefined);
                if (order !== 0)
                    return order;
            }
            return 0;
        }
        if (Array.isArray(b))
            return compareList(a, b);
        return 'digits' in b ? -1 : 1;
    }
    if ('digits' in a) {
        if (b === undefined)
            return a.digits === '0' ? 0 : 1;
        if (!Array.isArray(b) && 'digits' in b)
            return compareDigits(a.digits, b.digits);
        return 1;
    }
    if (b === undefined)
        return compareText(rank(a.qualifier), RELEASE_INDEX);
    if (Array.isArray(b) || 'digits' in b)
        return -1;
    return compareText(rank(a.qualifier), rank(b.qualifier));
}
function compareList(a, b) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const l = a[i];
        const r = b[i];
        const order = l === undefined ? (r === undefined ? 0 : -compareItem(r, undefined)) : compareItem(l, r);
        if (order !== 0)
            return order;
    }
    return 0;
}

;// CONCATENATED MODULE: ./src/domain/versions/nuget-order.ts

const LABEL = '(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)';
const NUGET_VERSION = new RegExp(`^([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?(?:\\.([0-9]+))?(?:-(${LABEL}(?:\\.${LABEL})*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`);
/** NuGet keeps each version number in a .NET `int`. */
const INT_MAX = 2 ** 31 - 1;
/**
 * NuGet ordering, as NuGet.Versioning's `NuGetVersion` and default `VersionComparer` order versions: one
 * to four numbers, missing ones 0 (`1.0` = `1.0.0.0`), leading zeros allowed (`1.01` = `1.1`), each at
 * most 2^31-1; then a release above its pre-releases, whose dot-separated labels compare one by one:
 * two labels that .NET reads as `int` by value, such a number below a word, words case-insensitively,
 * and more labels newer when the rest are equal. Build metadata after `+` does not count. Numeric labels
 * with leading zeros are refused, as NuGet refuses them, and so is a leading `v`.
 */
const compareNuget = makeOrder(parseNuget, (a, b) => {
    for (let i = 0; i < 4; i++) {
        if (a.numbers[i] !== b.numbers[i])
            return a.numbers[i] < b.numbers[i] ? -1 : 1;
    }
    if (a.labels.length === 0 || b.labels.length === 0)
        return b.labels.length - a.labels.length;
    for (let i = 0; i < Math.min(a.labels.length, b.labels.length); i++) {
        const order = compareLabel(a.labels[i], b.labels[i]);
        if (order !== 0)
            return order;
    }
    return a.labels.length - b.labels.length;
});
function parseNuget(version) {
    const match = NUGET_VERSION.exec(version);
    if (match === null)
        return undefined;
    const numbers = [1, 2, 3, 4].map((i) => Number(match[i] ?? '0'));
    if (numbers.some((n) => n > INT_MAX))
        return undefined;
    return {
        numbers: numbers,
        labels: match[5] === undefined ? [] : match[5].split('.'),
    };
}
/** `int.TryParse` of a label: digits, optionally after a minus sign (labels may hold `-`), within int. */
function asInt(label) {
    if (!/^-?[0-9]+$/.test(label))
        return undefined;
    const value = Number(label);
    return value <= INT_MAX && value >= -INT_MAX - 1 ? value : undefined;
}
function compareLabel(a, b) {
    const x = asInt(a);
    const y = asInt(b);
    if (x !== undefined && y !== undefined)
        return x - y;
    if (x !== undefined || y !== undefined)
        return x !== undefined ? -1 : 1;
    // StringComparer.OrdinalIgnoreCase compares upper-cased UTF-16 code units.
    const [l, r] = [a.toUpperCase(), b.toUpperCase()];
    return l < r ? -1 : l > r ? 1 : 0;
}

;// CONCATENATED MODULE: ./src/domain/versions/pub-order.ts

const PUB_VERSION = /^v?([0-9]+)\.([0-9]+)\.([0-9]+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;
/** Dart's `int` is 64-bit: pub refuses larger version numbers and reads larger parts as words. */
const pub_order_INT_MAX = 2n ** 63n - 1n;
/**
 * Dart pub ordering, as pub_semver's `Version.compareTo` orders versions: SemVer, except that build
 * metadata counts (`1.0.0` < `1.0.0+1` < `1.0.0+2`), parts comparing like pre-release parts. Leading
 * zeros are allowed, as pub allows them. We also read a leading `v`, which pub does not.
 */
const comparePub = makeOrder(parsePub, (a, b) => {
    for (let i = 0; i < 3; i++) {
        if (a.numbers[i] !== b.numbers[i])
            return a.numbers[i] < b.numbers[i] ? -1 : 1;
    }
    const [ap, bp] = [a.prerelease.length > 0, b.prerelease.length > 0];
    if (ap !== bp)
        return ap ? -1 : 1;
    const order = pub_order_compareParts(a.prerelease, b.prerelease);
    if (order !== 0)
        return order;
    const [ab, bb] = [a.build.length > 0, b.build.length > 0];
    if (ab !== bb)
        return ab ? 1 : -1;
    return pub_order_compareParts(a.build, b.build);
});
function parsePub(version) {
    const match = PUB_VERSION.exec(version);
    if (match === null)
        return undefined;
    const numbers = [match[1], match[2], match[3]].map((n) => BigInt(n));
    if (numbers.some((n) => n > pub_order_INT_MAX))
        return undefined;
    return {
        numbers: numbers,
        prerelease: splitParts(match[4]),
        build: splitParts(match[5]),
    };
}
function splitParts(text) {
    if (text === undefined)
        return [];
    return text.split('.').map((part) => {
        if (!/^[0-9]+$/.test(part))
            return part;
        const value = BigInt(part);
        return value > pub_order_INT_MAX ? part : value;
    });
}
/** pub_semver's `_compareLists`: a missing part is lowest, numbers come before words. */
function pub_order_compareParts(a, b) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const x = a[i];
        const y = b[i];
        if (x === y)
            continue;
        if (x === undefined)
            return -1;
        if (y === undefined)
            return 1;
        const xNumber = typeof x === 'bigint';
        if (xNumber !== (typeof y === 'bigint'))
            return xNumber ? -1 : 1;
        return x < y ? -1 : 1;
    }
    return 0;
}

// EXTERNAL MODULE: ./node_modules/@renovatebot/pep440/index.js
var pep440 = __webpack_require__(8898);
;// CONCATENATED MODULE: ./src/domain/versions/pypi-order.ts



const RELEASE = /^v?(?:([0-9]+)!)?([0-9]+(?:\.[0-9]+)*)/i;
/**
 * PEP 440 ordering (epochs, pre-, post- and dev-releases, local versions), as Python's `packaging` orders
 * versions, with validation and parsing by @renovatebot/pep440. The release numbers and local parts are
 * read from the text here: the library turns numbers into doubles (`999999999999999999999999999991`
 * would equal `...999`) and reads local parts such as `1e5` as numbers. Pre-PEP 440 "legacy" versions
 * (`0.7.10p1`, `2013-01-21T20:33:09+0100`) are refused, as pip and `packaging` 22+ refuse them.
 */
const comparePypi = makeOrder(parsePypi, (a, b) => {
    return (compareDigits(a.epoch, b.epoch) ||
        compareRelease(a.release, b.release) ||
        compareInfinite(a.pre, b.pre, comparePre) ||
        compareInfinite(a.post, b.post, (x, y) => x - y) ||
        compareInfinite(a.dev, b.dev, (x, y) => x - y) ||
        compareInfinite(a.local, b.local, compareLocal));
});
function parsePypi(version) {
    const parsed = (0,pep440.parse)(version);
    const numbers = RELEASE.exec(version);
    if (parsed === null || numbers === null)
        return undefined;
    const release = numbers[2].split('.');
    while (release.length > 0 && /^0+$/.test(release[release.length - 1]))
        release.pop();
    // The library's types say arrays; an absent part is null.
    const [pre, post, dev] = [parsed.pre, parsed.post, parsed.dev].map((part) => Array.isArray(part) ? [String(part[0]), Number(part[1])] : undefined);
    const plus = version.indexOf('+');
    return {
        epoch: numbers[1] ?? '0',
        release,
        // packaging sorts 1.0.dev0 before 1.0a0 by treating a bare dev release's pre-release as -inf.
        pre: pre ?? (post === undefined && dev !== undefined ? null : undefined),
        post: post?.[1] ?? null,
        dev: dev?.[1],
        local: plus === -1
            ? null
            : version
                .slice(plus + 1)
                .split(/[._-]/)
                .map((part) => (/^[0-9]+$/.test(part) ? { number: part } : { word: part.toLowerCase() })),
    };
}
function compareRelease(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const order = compareDigits(a[i], b[i]);
        if (order !== 0)
            return order;
    }
    return a.length - b.length;
}
/** Orders values where `null` is -infinity and `undefined` is +infinity. */
function compareInfinite(a, b, compare) {
    const rank = (v) => (v === null ? -1 : v === undefined ? 1 : 0);
    const order = rank(a) - rank(b);
    if (order !== 0 || a === null || a === undefined || b === null || b === undefined)
        return order;
    return compare(a, b);
}
function comparePre(a, b) {
    if (a[0] !== b[0])
        return a[0] < b[0] ? -1 : 1;
    return a[1] - b[1];
}
function compareLocal(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const x = a[i];
        const y = b[i];
        if (x.number !== undefined && y.number !== undefined) {
            const order = compareDigits(x.number, y.number);
            if (order !== 0)
                return order;
        }
        else if (x.number !== undefined || y.number !== undefined) {
            return x.number !== undefined ? 1 : -1;
        }
        else if (x.word !== y.word) {
            return x.word < y.word ? -1 : 1;
        }
    }
    return a.length - b.length;
}

// EXTERNAL MODULE: ./node_modules/semver/index.js
var semver = __webpack_require__(2088);
var semver_default = /*#__PURE__*/__webpack_require__.n(semver);
;// CONCATENATED MODULE: ./src/domain/versions/semver-order.ts


/**
 * SemVer 2 ordering, by the `semver` package in its loose mode (npm; also cargo, hex and SwiftPM, whose
 * versions are SemVer). Pre-releases order below their release (`1.0.0-alpha < 1.0.0`), never dropped;
 * build metadata does not count (`1.0.0+a` = `1.0.0`). Loose mode also reads what npm itself accepts
 * in a lockfile or a range: a leading `v` or `=`, leading zeros, a pre-release without its hyphen
 * (`1.2.3beta`). Numbers past 2^53 are refused, as npm refuses them; cargo would take them up to 2^64.
 */
const compareSemver = makeOrder((version) => semver_default().parse(version, { loose: true }) ?? undefined, (a, b) => a.compare(b));

;// CONCATENATED MODULE: ./src/domain/versions/index.ts










/** Each ecosystem's ordering, by the rules its package manager uses (each file says which and how). */
const ORDERINGS = {
    npm: compareSemver,
    cargo: compareSemver,
    hex: compareSemver,
    swiftpm: compareSemver,
    pub: comparePub,
    cocoapods: compareCocoapods,
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
    // Callers may hand over an ecosystem name read from data; an unknown one has no order.
    if (!Object.hasOwn(ORDERINGS, ecosystem))
        return undefined;
    return ORDERINGS[ecosystem](a, b);
}
/** Whether `version` is a version the ecosystem's ordering can place. */
function isValidVersion(ecosystem, version) {
    return compareVersions(ecosystem, version, version) !== undefined;
}
/**
 * Parses a bound as the platform writes it: `">=1.2.0"`, `"> 1.2.0"`, `"<2"`, `"<=2.0.0"`. A bare version
 * takes `defaultOperator` (none: undefined). Undefined when malformed: no version, more than one
 * version or operator (`">=1 <2"`, `">=1,<2"`), or an operator we do not know (`"==1"`, `"~1"`). The
 * version itself is checked later, against the ecosystem, by `satisfiesBound`.
 */
function parseBound(text, defaultOperator) {
    if (typeof text !== 'string')
        return undefined;
    const match = /^\s*(>=|<=|>|<)?\s*([^\s<>=,|~^!]+)\s*$/.exec(text);
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

;// CONCATENATED MODULE: ./src/domain/index.ts
// The concepts every part of depgate shares: a lockfile entry, a platform dependency and a policy rule
// all speak of packages in these terms.







/***/ })

};
