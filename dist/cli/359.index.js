export const id = 359;
export const ids = [359];
export const modules = {

/***/ 359:
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
;// CONCATENATED MODULE: ./src/lockfiles/versions/make-order.ts
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

;// CONCATENATED MODULE: ./src/lockfiles/versions/rubygems-order.ts

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

;// CONCATENATED MODULE: ./src/lockfiles/versions/cocoapods-order.ts


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

;// CONCATENATED MODULE: ./src/lockfiles/versions/composer-order.ts

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

;// CONCATENATED MODULE: ./src/lockfiles/versions/compare-digits.ts
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

;// CONCATENATED MODULE: ./src/lockfiles/versions/go-order.ts


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

;// CONCATENATED MODULE: ./src/lockfiles/versions/maven-order.ts


const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES = { ga: '', final: '', release: '', cr: 'rc' };
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
    return { qualifier: ALIASES[name] ?? name };
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

;// CONCATENATED MODULE: ./src/lockfiles/versions/nuget-order.ts

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

;// CONCATENATED MODULE: ./src/lockfiles/versions/pub-order.ts

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
;// CONCATENATED MODULE: ./src/lockfiles/versions/pypi-order.ts



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
;// CONCATENATED MODULE: ./src/lockfiles/versions/semver-order.ts


/**
 * SemVer 2 ordering, by the `semver` package in its loose mode (npm; also cargo, hex and SwiftPM, whose
 * versions are SemVer). Pre-releases order below their release (`1.0.0-alpha < 1.0.0`), never dropped;
 * build metadata does not count (`1.0.0+a` = `1.0.0`). Loose mode also reads what npm itself accepts
 * in a lockfile or a range: a leading `v` or `=`, leading zeros, a pre-release without its hyphen
 * (`1.2.3beta`). Numbers past 2^53 are refused, as npm refuses them; cargo would take them up to 2^64.
 */
const compareSemver = makeOrder((version) => semver_default().parse(version, { loose: true }) ?? undefined, (a, b) => a.compare(b));

;// CONCATENATED MODULE: ./src/lockfiles/versions/index.ts










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

;// CONCATENATED MODULE: ./src/policy/match-package.ts

/**
 * Whether a package matches one package filter: the AND of its name, its exact version and its
 * bounds (decisions.md, "Filter semantics"). Empty or absent fields do not constrain (protobuf sends
 * no empty strings, so an empty one reads as unset).
 *
 * - `name`: case-insensitive substring; with `exactNameMatch`, the case-insensitive whole name. npm
 *   names are lowercase, and the other registries treat names case-insensitively (PyPI, NuGet,
 *   Composer) or never publish two names that differ only in case, so case is never a difference.
 * - `exactVersion`: equal by the ecosystem's ordering (`1.0` is `1.0.0` in PyPI and Maven); text
 *   equality when either side cannot be ordered. It takes precedence over the bounds.
 * - `versionLowerBound` / `versionUpperBound`: with their operator (`>=1.2.0`, `>1.2.0`, `<2.0.0`,
 *   `<=2.0.0`); a bare version reads as inclusive. A version or bound that cannot be ordered never
 *   matches, so an unknown version is never taken to be inside (or outside) a range.
 */
function matchesPackageFilter(pkg, filter) {
    return matchesPackageName(pkg.name, filter) && matchesPackageVersion(pkg, filter);
}
function matchesPackageName(name, filter) {
    if (filter.name === undefined || filter.name === '')
        return true;
    const want = filter.name.toLowerCase();
    const have = name.toLowerCase();
    return filter.exactNameMatch === true ? have === want : have.includes(want);
}
function matchesPackageVersion(pkg, filter) {
    // The ordering table guards itself against names it does not know: an unknown ecosystem has none.
    const ecosystem = pkg.ecosystem.toLowerCase();
    if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
        const order = compareVersions(ecosystem, pkg.version, filter.exactVersion);
        return order === undefined ? pkg.version === filter.exactVersion : order === 0;
    }
    for (const [text, bare] of [
        [filter.versionLowerBound, '>='],
        [filter.versionUpperBound, '<='],
    ]) {
        if (text === undefined || text === '')
            continue;
        const bound = parseBound(text, bare);
        if (bound === undefined || satisfiesBound(ecosystem, pkg.version, bound) !== true)
            return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/policy/match-dependency.ts

const isSet = (text) => text !== undefined && text !== '';
const isAny = (list) => list !== undefined && list.length > 0;
/** Operators of SPDX expressions; every other word of one is a license or exception id. */
const SPDX_OPERATORS = new Set(['and', 'or', 'with']);
/** The lowercased SPDX ids that a dependency's license entries name (ids or expressions). */
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
/**
 * Whether a dependency matches a dependency filter (decisions.md, "Filter semantics"): the top-level
 * fields combine with AND, each array field matches any of its values, and `packageFilters` match when
 * any one of them does (see `matchesPackageFilter`). Empty strings and empty arrays do not constrain.
 *
 * - `name`: case-insensitive substring. `version`: the exact text. `lockfilePath`: the exact path.
 * - `license`: any of, as SPDX ids, case-insensitively. `repositoryId`: any of (numbers or strings).
 * - `ecosystem`: any of, case-insensitively. `transitivity`: any of.
 * - `includeArchived`: dependencies of archived repositories match only when it is true; then they
 *   match as well as the others (the real service was seen to return only archived ones).
 */
function matchesDependencyFilter(dep, filter) {
    if (dep.archived && filter.includeArchived !== true)
        return false;
    if (isSet(filter.name) && !dep.name.toLowerCase().includes(filter.name.toLowerCase()))
        return false;
    if (isSet(filter.version) && dep.version !== filter.version)
        return false;
    if (isSet(filter.lockfilePath) && dep.lockfilePath !== filter.lockfilePath)
        return false;
    if (isAny(filter.license)) {
        const have = new Set(licenseIds(dep.licenses));
        if (!filter.license.some((id) => have.has(id.toLowerCase())))
            return false;
    }
    if (isAny(filter.repositoryId) && !filter.repositoryId.some((id) => String(id) === dep.repositoryId))
        return false;
    if (isAny(filter.ecosystem)) {
        const ecosystem = dep.ecosystem.toLowerCase();
        if (!filter.ecosystem.some((e) => e.toLowerCase() === ecosystem))
            return false;
    }
    if (isAny(filter.transitivity) && !filter.transitivity.includes(dep.transitivity))
        return false;
    if (isAny(filter.packageFilters) && !filter.packageFilters.some((p) => matchesPackageFilter(dep, p)))
        return false;
    return true;
}

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

;// CONCATENATED MODULE: ./src/policy/validate-filter.ts


const TRANSITIVITIES = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];
const KNOWN_ECOSYSTEMS = new Set(ECOSYSTEMS);
const MAX_UINT64 = 2n ** 64n - 1n;
/**
 * Reads fields of one JSON object by their camelCase name or their snake_case one (the real service
 * takes both), records a problem for each wrong one, and remembers which keys it was asked about so
 * that the rest can be reported as unknown.
 */
function createReader(obj, path, problems) {
    const known = new Set();
    const at = (camel) => `${path}.${camel}`;
    const problem = (camel, message) => problems.push({ field: at(camel), message });
    function get(camel) {
        const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        known.add(camel).add(snake);
        const a = Object.hasOwn(obj, camel) ? obj[camel] : undefined;
        const b = snake !== camel && Object.hasOwn(obj, snake) ? obj[snake] : undefined;
        if (a !== undefined &&
            a !== null &&
            b !== undefined &&
            b !== null &&
            JSON.stringify(a) !== JSON.stringify(b))
            problem(camel, `is given twice, as ${camel} and as ${snake}, with different values`);
        // Protobuf JSON reads null as "unset".
        return a ?? b ?? undefined;
    }
    return {
        problem,
        string(camel) {
            const v = get(camel);
            if (v === undefined || typeof v === 'string')
                return v;
            problem(camel, `must be a string, got ${describe(v)}`);
            return undefined;
        },
        boolean(camel) {
            const v = get(camel);
            if (v === undefined || typeof v === 'boolean')
                return v;
            problem(camel, `must be true or false, got ${describe(v)}`);
            return undefined;
        },
        /** An array whose items `item` checks; it returns undefined for a bad item, after saying why. */
        array(camel, item) {
            const v = get(camel);
            if (v === undefined)
                return undefined;
            if (!Array.isArray(v)) {
                problem(camel, `must be an array, got ${describe(v)}`);
                return undefined;
            }
            const out = [];
            v.forEach((value, i) => {
                const checked = item(value, `${at(camel)}[${i}]`);
                if (checked !== undefined)
                    out.push(checked);
            });
            return out;
        },
        /** Reports every key nobody asked about: a misspelt field must not widen a filter silently. */
        unknownKeys() {
            for (const key of Object.keys(obj)) {
                if (!known.has(key))
                    problems.push({
                        field: `${path}.${key}`,
                        message: `is not a field here (known: ${listKnown(known)})`,
                    });
            }
        },
    };
}
function listKnown(known) {
    return [...known].filter((k) => !k.includes('_')).join(', ');
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'string')
        return `the string ${JSON.stringify(value.slice(0, 40))}`;
    if (typeof value === 'number' || typeof value === 'boolean')
        return `${typeof value} ${value}`;
    return typeof value === 'object' ? 'an object' : typeof value;
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * Checks a dependency filter as it arrives over the wire or from a policy file: camelCase or snake_case
 * keys, null for unset. Returns the filter in camelCase (repository ids as canonical decimal strings,
 * ecosystems lowercased) and every problem found, each naming its field path under `path`. A filter
 * with problems must not be used: the emulator answers 400 with them, a policy loader reports them.
 */
function validateDependencyFilter(value, path = 'dependencyFilter') {
    const problems = [];
    const filter = {};
    if (value === undefined || value === null)
        return { filter, problems };
    if (!isObject(value))
        return { filter, problems: [{ field: path, message: `must be an object, got ${describe(value)}` }] };
    const read = createReader(value, path, problems);
    const includeArchived = read.boolean('includeArchived');
    if (includeArchived !== undefined)
        filter.includeArchived = includeArchived;
    for (const key of ['name', 'version', 'lockfilePath']) {
        const text = read.string(key);
        if (text !== undefined)
            filter[key] = text;
    }
    const license = read.array('license', (v, field) => stringItem(v, field, problems));
    if (license !== undefined)
        filter.license = license;
    const repositoryId = read.array('repositoryId', (v, field) => repositoryIdItem(v, field, problems));
    if (repositoryId !== undefined)
        filter.repositoryId = repositoryId;
    const ecosystem = read.array('ecosystem', (v, field) => {
        const text = stringItem(v, field, problems)?.toLowerCase();
        if (text === undefined || KNOWN_ECOSYSTEMS.has(text))
            return text;
        problems.push({ field, message: `is not an ecosystem (known: ${ECOSYSTEMS.join(', ')})` });
        return undefined;
    });
    if (ecosystem !== undefined)
        filter.ecosystem = ecosystem;
    const transitivity = read.array('transitivity', (v, field) => {
        if (typeof v === 'string' && TRANSITIVITIES.includes(v))
            return v;
        problems.push({ field, message: `must be one of ${TRANSITIVITIES.join(', ')}, got ${describe(v)}` });
        return undefined;
    });
    if (transitivity !== undefined)
        filter.transitivity = transitivity;
    const packageFilters = read.array('packageFilters', (v, field) => packageFilterItem(v, field, problems));
    if (packageFilters !== undefined)
        filter.packageFilters = packageFilters;
    read.unknownKeys();
    return { filter, problems };
}
function stringItem(value, field, problems) {
    if (typeof value === 'string')
        return value;
    problems.push({ field, message: `must be a string, got ${describe(value)}` });
    return undefined;
}
/** A uint64 repository id, as protobuf JSON carries it: a decimal string, or a number. */
function repositoryIdItem(value, field, problems) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return String(value);
    if (typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) <= MAX_UINT64)
        return BigInt(value).toString();
    problems.push({
        field,
        message: `must be a repository id (a non-negative integer), got ${describe(value)}`,
    });
    return undefined;
}
function packageFilterItem(value, path, problems) {
    if (!isObject(value)) {
        problems.push({ field: path, message: `must be an object, got ${describe(value)}` });
        return undefined;
    }
    const read = createReader(value, path, problems);
    const out = {};
    for (const key of ['name', 'exactVersion', 'versionLowerBound', 'versionUpperBound']) {
        const text = read.string(key);
        if (text !== undefined)
            out[key] = text;
    }
    const exact = read.boolean('exactNameMatch');
    if (exact !== undefined)
        out.exactNameMatch = exact;
    checkBound(out.versionLowerBound, 'versionLowerBound', ['>=', '>'], read);
    checkBound(out.versionUpperBound, 'versionUpperBound', ['<=', '<'], read);
    read.unknownKeys();
    return out;
}
function checkBound(text, key, operators, read) {
    if (text === undefined || text === '')
        return;
    const bound = parseBound(text, operators[0]);
    if (bound === undefined)
        read.problem(key, `must be one version with an operator, like "${operators[0]}1.2.0", got ${JSON.stringify(text)}`);
    else if (!operators.includes(bound.operator))
        read.problem(key, `takes ${operators.join(' or ')}, not ${bound.operator} (got ${JSON.stringify(text)})`);
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
