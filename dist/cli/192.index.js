export const id = 192;
export const ids = [192];
export const modules = {

/***/ 5192:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  QX: () => (/* reexport */ dependencyPaths),
  QI: () => (/* reexport */ isLockfileError),
  d5: () => (/* reexport */ isLockfilePath),
  GQ: () => (/* reexport */ readLockfile)
});

// UNUSED EXPORTS: ECOSYSTEMS, LOCKFILE_READERS, LockfileError, detectLockfileKind, unsupportedLockfileReason

;// CONCATENATED MODULE: ./src/lockfiles/errors.ts
const BRAND = Symbol.for('depgate.LockfileError');
/**
 * The one error every reader raises for input it cannot read: malformed, truncated, conflicted or of an
 * unsupported version. It names the file and, where known, the 1-based line and column.
 */
class LockfileError extends Error {
    name = 'LockfileError';
    [BRAND] = true;
    file;
    line;
    column;
    reason;
    constructor(file, reason, position = {}) {
        const where = position.line === undefined
            ? file
            : `${file}:${position.line}${position.column === undefined ? '' : `:${position.column}`}`;
        super(`${where}: ${reason}`);
        this.file = file;
        this.reason = reason;
        this.line = position.line;
        this.column = position.column;
    }
}
/** Recognises a LockfileError by its brand, so that two bundled copies of this module agree. */
function isLockfileError(value) {
    return typeof value === 'object' && value !== null && value[BRAND] === true;
}

;// CONCATENATED MODULE: ./src/lockfiles/text.ts

/** Offsets of the first character of every line: `starts[i]` is where line i + 1 begins. */
function lineStarts(text) {
    const starts = [0];
    let index = text.indexOf('\n');
    while (index !== -1) {
        starts.push(index + 1);
        index = text.indexOf('\n', index + 1);
    }
    return starts;
}
/** The 1-based line of an offset, by binary search over `lineStarts(text)`. */
function lineOfOffset(starts, offset) {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if ((starts[mid] ?? 0) <= offset)
            low = mid;
        else
            high = mid - 1;
    }
    return low + 1;
}
const MARKERS = ['<<<<<<<', '=======', '>>>>>>>', '|||||||'];
/** The offset of the first line that opens with a conflict marker (then a space, `\r` or the line's end), or -1. */
function conflictMarkerOffset(text) {
    // One indexOf per marker finds candidates far faster than a multiline regex walks every line start.
    let first = -1;
    for (const marker of MARKERS) {
        for (let at = text.startsWith(marker) ? 0 : text.indexOf(`\n${marker}`); at !== -1;) {
            const start = text.charCodeAt(at) === 10 ? at + 1 : at;
            const next = text.charCodeAt(start + 7);
            if (Number.isNaN(next) || next === 32 || next === 10 || next === 13) {
                if (first === -1 || start < first)
                    first = start;
                break;
            }
            at = text.indexOf(`\n${marker}`, start);
        }
    }
    return first;
}
/**
 * Refuses text that holds git merge conflict markers. A conflicted lockfile must never be read as one
 * side or as a silent merge of both: the user has to resolve it first.
 */
function assertNoConflictMarkers(file, text) {
    const offset = conflictMarkerOffset(text);
    if (offset === -1)
        return;
    const line = lineOfOffset(lineStarts(text), offset);
    throw new LockfileError(file, 'unresolved git merge conflict marker; resolve the conflict and commit the lockfile again', {
        line,
    });
}
/** Strips a UTF-8 byte-order mark, which some Windows tools write at the start of JSON lockfiles. */
function stripBom(text) {
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
/** The base name of a path with either separator. */
function baseName(path) {
    const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return cut === -1 ? path : path.slice(cut + 1);
}

;// CONCATENATED MODULE: ./src/lockfiles/detect-lockfile.ts

const EXACT_NAMES = {
    'package-lock.json': 'npm',
    'npm-shrinkwrap.json': 'npm',
    'yarn.lock': 'yarn',
    'pnpm-lock.yaml': 'pnpm',
    'bun.lock': 'bun',
    'Pipfile.lock': 'pipfile',
    'poetry.lock': 'poetry',
    'uv.lock': 'uv',
    'pdm.lock': 'pdm',
    'go.mod': 'gomod',
    'Cargo.lock': 'cargo',
    'Gemfile.lock': 'gemfile',
    'gems.locked': 'gemfile',
    'composer.lock': 'composer',
    'packages.lock.json': 'nuget',
    'maven_dep_tree.txt': 'maven-tree',
    'pom.xml': 'pom',
    'pubspec.lock': 'pubspec',
    'mix.lock': 'mix',
    'Package.resolved': 'swift',
};
/**
 * Which reader a path needs, by file name alone (content is never sniffed: a file called `yarn.lock`
 * that is not one is an error, not a guess). Undefined for files depgate does not read.
 */
function detectLockfileKind(path) {
    const name = baseName(path);
    const exact = EXACT_NAMES[name];
    if (exact !== undefined)
        return exact;
    // Gradle writes gradle.lockfile and, per script, buildscript-gradle.lockfile.
    if (/gradle[^/\\]*\.lockfile$/.test(name))
        return 'gradle';
    if (/^requirements[^/\\]*\.txt$/i.test(name))
        return 'requirements';
    // The pip-tools convention: requirements/base.txt, requirements/dev.txt.
    if (/(^|[/\\])requirements[/\\][^/\\]+\.txt$/i.test(path))
        return 'requirements';
    return undefined;
}
/** Whether depgate reads this path as a lockfile. */
function isLockfilePath(path) {
    return detectLockfileKind(path) !== undefined;
}
/** File names of lockfiles that exist but that depgate cannot read, with the reason to give the user. */
function unsupportedLockfileReason(path) {
    const name = baseName(path);
    if (name === 'bun.lockb') {
        return 'bun.lockb is a binary lockfile; run `bun install --save-text-lockfile` to write the text bun.lock that depgate reads';
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/lockfiles/dependency-paths.ts
/**
 * For every package of a lockfile, the shortest chain of packages that brings it in, as indexes into
 * `packages`, starting at a direct dependency and ending at the package itself (`[i]` for a direct
 * one): `react-scripts > webpack > left-pad`. `undefined` where the lockfile records no edges, or where
 * no direct dependency reaches the package. A breadth-first walk from every direct dependency at once
 * (in lockfile order, so ties resolve the same way on every run): O(packages + edges).
 */
function dependencyPaths(result) {
    const { packages, dependencies } = result;
    const parent = new Int32Array(packages.length).fill(-2); // -2 unseen, -1 a root
    const queue = [];
    for (let i = 0; i < packages.length; i++) {
        if (packages[i].direct === true) {
            parent[i] = -1;
            queue.push(i);
        }
    }
    if (dependencies === undefined) {
        return packages.map((_, i) => (parent[i] === -1 ? [i] : undefined));
    }
    for (let head = 0; head < queue.length; head++) {
        const from = queue[head];
        for (const to of dependencies[from] ?? []) {
            if (parent[to] !== -2)
                continue;
            parent[to] = from;
            queue.push(to);
        }
    }
    return packages.map((_, i) => {
        if (parent[i] === -2)
            return undefined;
        const path = [];
        for (let at = i; at !== -1; at = parent[at])
            path.push(at);
        return path.reverse();
    });
}

;// CONCATENATED MODULE: ./src/lockfiles/bun-jsonc.ts

const QUOTE = 34;
const SLASH = 47;
const STAR = 42;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const NEWLINE = 10;
/**
 * JSON with comments and trailing commas (bun.lock) made plain JSON, in one pass outside strings:
 * comments and trailing commas become spaces, newlines stay, so JSON.parse positions and line numbers
 * still point into the original text. The same pass notes where the top-level keys and the keys of
 * `packages` start (JSON has no raw newlines inside strings, so every newline is seen here).
 */
function prepareBunText(file, text) {
    // Offsets to blank: [start, end) pairs in order. Most files need only their trailing commas.
    const blanks = [];
    const topLines = new Map();
    const packageKeys = new BunKeyLines(text);
    // Per open container: is it an object? Depth 1 is the root object, depth 2 its values.
    const isObject = [];
    let topKey = '';
    let lastSignificant = -1;
    let line = 1;
    const length = text.length;
    let i = 0;
    while (i < length) {
        const c = text.charCodeAt(i);
        if (c === QUOTE) {
            let end = i + 1;
            for (;;) {
                end = text.indexOf('"', end);
                if (end === -1)
                    return { json: text, topLines, packageKeys }; // JSON.parse reports it.
                let backslashes = 0;
                for (let k = end - 1; text.charCodeAt(k) === BACKSLASH; k--)
                    backslashes++;
                if (backslashes % 2 === 0)
                    break;
                end++;
            }
            const depth = isObject.length;
            if ((depth === 1 || (depth === 2 && topKey === 'packages')) && isObject[depth - 1] === true) {
                if (followedByColon(text, end + 1)) {
                    if (depth === 1) {
                        topKey = readKey(text, i, end);
                        if (!topLines.has(topKey))
                            topLines.set(topKey, line);
                    }
                    else {
                        packageKeys.add(i, end, line);
                    }
                }
            }
            lastSignificant = end;
            i = end + 1;
            continue;
        }
        if (c === NEWLINE) {
            line++;
        }
        else if (c === SLASH) {
            const next = text.charCodeAt(i + 1);
            if (next === SLASH) {
                let end = text.indexOf('\n', i);
                if (end === -1)
                    end = length;
                blanks.push(i, end);
                i = end;
                continue;
            }
            if (next === STAR) {
                const close = text.indexOf('*/', i + 2);
                if (close === -1)
                    throw new LockfileError(file, 'unterminated /* comment', { line });
                for (let k = i; k < close; k++)
                    if (text.charCodeAt(k) === NEWLINE)
                        line++;
                blanks.push(i, close + 2);
                i = close + 2;
                continue;
            }
            lastSignificant = i;
        }
        else if (c === 123 || c === 91) {
            isObject.push(c === 123);
            lastSignificant = i;
        }
        else if (c === 125 || c === 93) {
            // A comma right before a closing bracket (past blanks and comments) is a trailing comma.
            if (lastSignificant >= 0 && text.charCodeAt(lastSignificant) === COMMA)
                insertBlank(blanks, lastSignificant, lastSignificant + 1);
            isObject.pop();
            lastSignificant = i;
        }
        else if (c !== 32 && c !== 13 && c !== 9) {
            lastSignificant = i;
        }
        i++;
    }
    if (blanks.length === 0)
        return { json: text, topLines, packageKeys };
    const parts = [];
    let from = 0;
    for (let b = 0; b < blanks.length; b += 2) {
        const start = blanks[b];
        const end = blanks[b + 1];
        parts.push(text.slice(from, start), blankOut(text, start, end));
        from = end;
    }
    parts.push(text.slice(from));
    return { json: parts.join(''), topLines, packageKeys };
}
/**
 * Lines of the keys of `packages`, as offsets in file order. JSON.parse keeps that order (for keys
 * that are not array indices), so the reader asks for the line of its i-th key: a match at the i-th
 * offset costs one comparison; only if the orders disagree are all keys read once into a map.
 */
class BunKeyLines {
    text;
    spans = [];
    lines = [];
    byKey;
    /** Blanking never touches strings, so keys are compared with the original text. */
    constructor(text) {
        this.text = text;
    }
    add(openQuote, closeQuote, line) {
        this.spans.push(openQuote, closeQuote);
        this.lines.push(line);
    }
    lineOf(index, key) {
        const open = this.spans[index * 2];
        const close = this.spans[index * 2 + 1];
        if (open !== undefined && close === open + 1 + key.length && this.text.startsWith(key, open + 1))
            return this.lines[index];
        if (this.byKey === undefined) {
            this.byKey = new Map();
            for (let k = 0; k < this.lines.length; k++) {
                const found = readKey(this.text, this.spans[k * 2], this.spans[k * 2 + 1]);
                if (!this.byKey.has(found))
                    this.byKey.set(found, this.lines[k]);
            }
        }
        return this.byKey.get(key);
    }
}
function readKey(text, open, close) {
    const raw = text.slice(open + 1, close);
    if (!raw.includes('\\'))
        return raw;
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        return raw;
    }
}
function followedByColon(text, from) {
    let i = from;
    for (;;) {
        const c = text.charCodeAt(i);
        if (c === COLON)
            return true;
        if (c !== 32 && c !== 9 && c !== 13 && c !== NEWLINE)
            return false;
        i++;
    }
}
/** Keeps `blanks` in offset order: a trailing comma is found after comments that follow it. */
function insertBlank(blanks, start, end) {
    let at = blanks.length;
    while (at >= 2 && blanks[at - 2] > start)
        at -= 2;
    blanks.splice(at, 0, start, end);
}
/** Spaces in place of text, keeping its newlines so that line numbers do not move. */
function blankOut(text, start, end) {
    const piece = text.slice(start, end);
    return piece.includes('\n') ? piece.replace(/[^\n]/g, ' ') : ' '.repeat(end - start);
}

;// CONCATENATED MODULE: ./src/lockfiles/json-lines.ts


/**
 * Lines of the object keys of a JSON text, found in one linear pass without building a tree: for each
 * key whose path matches `wanted` (the root is '', then the keys of the enclosing objects, outermost
 * first, array elements by their index), the 1-based line it stands on, under the path joined with NUL. Used beside JSON.parse, which keeps no positions.
 */
function jsonKeyLines(text, wanted, 
/** Keys deeper than this path length are skipped unread, so the pass allocates nothing there. */
maxDepth = Number.POSITIVE_INFINITY) {
    const found = new Map();
    const path = [];
    // Per open container: is it an object, and is the next string in it a key?
    const isObject = [];
    // Per open container: how many elements came before the current one (arrays only).
    const elementIndex = [];
    let expectKey = false;
    // The key whose value comes next, so that an opening brace knows its own key.
    let pendingKey;
    let line = 1;
    const length = text.length;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) {
            line++;
        }
        else if (c === 34) {
            // A string: find its end, stepping over escapes.
            let end = i + 1;
            for (;;) {
                end = text.indexOf('"', end);
                if (end === -1)
                    return found;
                let backslashes = 0;
                for (let k = end - 1; text.charCodeAt(k) === 92; k--)
                    backslashes++;
                if (backslashes % 2 === 0)
                    break;
                end++;
            }
            if (expectKey && path.length >= maxDepth) {
                pendingKey = undefined;
                expectKey = false;
            }
            else if (expectKey) {
                const raw = text.slice(i + 1, end);
                const key = raw.includes('\\') ? JSON.parse(`"${raw}"`) : raw;
                path.push(key);
                if (wanted(path))
                    found.set(path.join('\u0000'), line);
                path.pop();
                pendingKey = key;
                expectKey = false;
            }
            i = end;
        }
        else if (c === 123 || c === 91) {
            // A container's key: the key it is the value of, or its index within an enclosing array.
            const inArray = isObject.length > 0 && isObject[isObject.length - 1] === false;
            path.push(inArray ? String(elementIndex[elementIndex.length - 1] ?? 0) : (pendingKey ?? ''));
            isObject.push(c === 123);
            elementIndex.push(0);
            pendingKey = undefined;
            expectKey = c === 123;
        }
        else if (c === 125 || c === 93) {
            path.pop();
            isObject.pop();
            elementIndex.pop();
            expectKey = false;
            pendingKey = undefined;
        }
        else if (c === 44) {
            expectKey = isObject[isObject.length - 1] === true;
            if (!expectKey && elementIndex.length > 0)
                elementIndex[elementIndex.length - 1]++;
            pendingKey = undefined;
        }
    }
    return found;
}
/**
 * JSON.parse with a LockfileError naming the file and line of a syntax error, as Node reports its
 * position (`at position N`, or `line L column C` in newer versions).
 */
function parseJsonLockfile(file, text) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const lineColumn = /line (\d+) column (\d+)/.exec(message);
        if (lineColumn !== null)
            throw new LockfileError(file, `not valid JSON: ${message}`, {
                line: Number(lineColumn[1]),
                column: Number(lineColumn[2]),
            });
        const position = /position (\d+)/.exec(message);
        // Without a position, only the end of input is certain; any other error is reported at line 1.
        const offset = position !== null ? Number(position[1]) : /end of (JSON )?input/i.test(message) ? text.length : 0;
        throw new LockfileError(file, `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`, {
            line: lineOfOffset(lineStarts(text), offset),
        });
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/shapes.ts
/** Whether a parsed value is a mapping (not null, not an array). */
function isObj(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/lockfiles/read-bun.ts





/** The text lockfile versions bun has written: 0 (bun 1.1.39+), 1 (bun 1.2), 2 (bun 1.3+). */
const SUPPORTED_VERSIONS = new Set([0, 1, 2]);
const BINARY_HINT = "bun.lockb is bun's binary lockfile, which depgate does not read; run `bun install --save-text-lockfile` (bun 1.1.39 or later; bun 1.2+ writes bun.lock by default) and commit the text bun.lock";
/** The dependency lists of a workspace or of a package's info object, with what they make a package. */
const LISTS = [
    ['dependencies', 'prod'],
    ['optionalDependencies', 'optional'],
    ['peerDependencies', 'prod'],
    ['devDependencies', 'dev'],
];
const GIT_RESOLUTION = /^(git\+|git:|github:|gitlab:|bitbucket:|ssh:)/;
/**
 * Reads a bun.lock (JSON with trailing commas and comments), lockfileVersion 0, 1 and 2. Every key
 * of `packages` is an install location (`a`, or `a/b` for a `b` nested under `a`) holding a tuple
 * `["name@resolution", ...]`; each becomes one entry with that location as `path`, and the key's last
 * name as `alias` when it differs from the tuple's name (npm aliases). The root package (`@root:`)
 * is the project itself and is not listed. `direct` means listed by a workspace (dependencies,
 * devDependencies, optionalDependencies or peerDependencies, which bun installs); `dev` and
 * `optional` follow what the workspaces' lists reach, resolving each dependency from its location
 * outward as Node does. Packages are in file order. The binary bun.lockb is refused with advice.
 */
function readBunLockfile(path, rawText) {
    if (baseName(path).endsWith('.lockb') || /^#!\/usr\/bin\/env bun\r?\nbun-lockfile-format-v/.test(rawText))
        throw new LockfileError(path, BINARY_HINT, { line: 1 });
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const { json, topLines, packageKeys } = prepareBunText(path, text);
    const data = parseJsonLockfile(path, json);
    if (!isObj(data))
        throw new LockfileError(path, 'not a bun lockfile: expected a JSON object', { line: 1 });
    const topLine = (key) => topLines.get(key) ?? 1;
    const fail = (reason, line) => {
        throw new LockfileError(path, reason, { line });
    };
    const version = data.lockfileVersion;
    if (version === undefined)
        fail('no lockfileVersion: not a bun lockfile', 1);
    if (typeof version !== 'number' || !SUPPORTED_VERSIONS.has(version))
        fail(`unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads bun.lock versions 0, 1 and 2)`, topLine('lockfileVersion'));
    if (!isObj(data.workspaces))
        fail('"workspaces" must be an object', topLine('workspaces'));
    const workspaces = data.workspaces;
    const packagesField = data.packages ?? {};
    if (!isObj(packagesField))
        fail('"packages" must be an object', topLine('packages'));
    const packages = packagesField;
    const warnings = [];
    const entries = new Map();
    const keys = Object.keys(packages);
    for (let index = 0; index < keys.length; index++) {
        const key = keys[index];
        const line = packageKeys.lineOf(index, key) ?? topLine('packages');
        const entry = readEntry(key, packages[key], line, workspaces, fail);
        if (entry !== undefined)
            entries.set(key, entry);
    }
    markUse(workspaces, entries, topLine('workspaces'), warnings, fail);
    const result = [];
    for (const entry of entries.values())
        result.push(entry.pkg);
    result.sort((a, b) => a.line - b.line);
    return { ecosystem: 'npm', format: `bun@${String(version)}`, packages: result, warnings };
}
/** One `packages` tuple; undefined for the root package. */
function readEntry(key, tuple, line, workspaces, fail) {
    const ident = Array.isArray(tuple) ? tuple[0] : undefined;
    if (typeof ident !== 'string')
        return fail(`packages entry "${key}" must be an array that starts with "name@resolution"`, line);
    const at = ident.indexOf('@', 1);
    const name = at === -1 ? '' : ident.slice(0, at);
    if (name === '' || name.endsWith('/'))
        return fail(`packages entry "${key}": "${ident}" is not "name@resolution"`, line);
    const resolution = ident.slice(at + 1);
    const items = tuple;
    if (resolution === 'root:')
        return undefined;
    let source;
    let version = '';
    let resolved;
    let infoAt = 1;
    if (resolution.startsWith('workspace:')) {
        source = 'workspace';
        resolved = resolution.slice('workspace:'.length);
        const member = workspaces[resolved];
        if (isObj(member) && typeof member.version === 'string')
            version = member.version;
    }
    else if (resolution.startsWith('link:')) {
        source = 'link';
        resolved = resolution.slice('link:'.length);
    }
    else if (resolution.startsWith('file:')) {
        source = 'path';
        resolved = resolution.slice('file:'.length);
    }
    else if (GIT_RESOLUTION.test(resolution)) {
        source = 'git';
        resolved = resolution;
    }
    else if (/^https?:\/\//.test(resolution)) {
        source = 'url';
        resolved = resolution;
    }
    else if (/^\d/.test(resolution)) {
        source = 'registry';
        version = resolution;
        // npm tuples: [ident, registry ('' for the default one), info, integrity].
        const registry = items[1];
        if (registry !== undefined && typeof registry !== 'string')
            return fail(`packages entry "${key}": the registry must be a string`, line);
        if (registry !== undefined && registry !== '')
            resolved = registry;
        infoAt = 2;
    }
    else if (/^(\.{0,2}\/|[A-Za-z]:)|\.t(ar\.)?gz$/.test(resolution)) {
        // A local tarball: bun writes its path without a protocol.
        source = 'path';
        resolved = resolution;
    }
    else {
        return fail(`packages entry "${key}": cannot read the resolution "${resolution}"`, line);
    }
    const info = items[infoAt] ?? {};
    if (!isObj(info))
        return fail(`packages entry "${key}": the info object must be an object`, line);
    for (const [list] of LISTS) {
        const deps = info[list];
        if (deps === undefined)
            continue;
        if (!isObj(deps))
            return fail(`packages entry "${key}": ${list} must be an object`, line);
        for (const dep in deps)
            if (typeof deps[dep] !== 'string')
                return fail(`packages entry "${key}": ${list} must map names to version strings`, line);
    }
    const pkg = { ecosystem: 'npm', name, version, line, source };
    const installedAs = lastName(key);
    if (installedAs !== name)
        pkg.alias = installedAs;
    if (resolved !== undefined)
        pkg.resolved = resolved;
    pkg.path = key;
    return { pkg, key, info, workspace: source === 'workspace' };
}
/** The package name a location ends in: `a/b` -> `b`, `a/@s/b` -> `@s/b`. */
function lastName(key) {
    const slash = key.lastIndexOf('/');
    if (slash === -1)
        return key;
    const before = key.lastIndexOf('/', slash - 1);
    const segment = key.slice(before + 1, slash);
    return segment.startsWith('@') ? key.slice(before + 1) : key.slice(slash + 1);
}
/** The location a location is nested in: `a/b` -> `a`, `a/@s/b` -> `a`, `a` -> ''. */
function parentOf(key) {
    const name = lastName(key);
    return key.length === name.length ? '' : key.slice(0, key.length - name.length - 1);
}
/**
 * Where `dep`, required from location `from`, resolves: nested under `from`, then outward. Only
 * locations that hold nested packages (`nests`) are looked into, so that a flat lockfile costs one
 * look-up per dependency.
 */
function resolveFrom(entries, nests, from, dep) {
    let at = from;
    for (;;) {
        if (at === '')
            return entries.has(dep) ? dep : undefined;
        if (nests.has(at)) {
            const key = `${at}/${dep}`;
            if (entries.has(key))
                return key;
        }
        at = parentOf(at);
    }
}
/**
 * Marks direct packages, and dev and optional ones by reachability: dev when only devDependencies of
 * workspaces reach it, optional when only optional dependencies (or optional peers) do.
 */
function markUse(workspaces, entries, workspacesLine, warnings, fail) {
    const roots = [];
    const nests = new Set();
    for (const key of entries.keys()) {
        const parent = parentOf(key);
        if (parent !== '')
            nests.add(parent);
    }
    for (const [dir, member] of Object.entries(workspaces)) {
        const line = workspacesLine;
        if (!isObj(member))
            return fail(`workspace "${dir}" must be an object`, line);
        // A member's own dependencies are nested under its name when they differ from the root's.
        const from = dir === '' || typeof member.name !== 'string' ? '' : member.name;
        for (const [list, role] of LISTS) {
            const deps = member[list];
            if (deps === undefined)
                continue;
            if (!isObj(deps))
                return fail(`${list} of workspace "${dir}" must be an object`, line);
            for (const dep of Object.keys(deps)) {
                const key = resolveFrom(entries, nests, from, dep);
                if (key === undefined) {
                    // bun leaves out peers that nothing provides; anything else missing is worth saying.
                    if (list !== 'peerDependencies')
                        warnings.push({ message: `workspace "${dir}" lists ${dep}, which is not in packages`, line });
                    continue;
                }
                entries.get(key).pkg.direct = true;
                roots.push({ key, role });
            }
        }
    }
    // Each entry's dependencies, resolved once for the three walks below: `[required, optional]`.
    const edges = new Map();
    const edgesOf = (key, entry) => {
        let found = edges.get(key);
        if (found !== undefined)
            return found;
        found = [[], []];
        const optionalPeers = Array.isArray(entry.info.optionalPeers) ? entry.info.optionalPeers : [];
        for (const [list] of LISTS) {
            if (list === 'devDependencies')
                continue;
            const deps = entry.info[list];
            if (!isObj(deps))
                continue;
            const optionalList = list === 'optionalDependencies';
            for (const dep of Object.keys(deps)) {
                const next = resolveFrom(entries, nests, key, dep);
                if (next === undefined)
                    continue;
                const optional = optionalList || (list === 'peerDependencies' && optionalPeers.includes(dep));
                found[optional ? 1 : 0].push(next);
            }
        }
        edges.set(key, found);
        return found;
    };
    const reach = (start, optionalEdges, seen) => {
        const stack = [];
        const visit = (next) => {
            if (seen.has(next))
                return;
            seen.add(next);
            stack.push(next);
        };
        for (const root of start)
            visit(root.key);
        while (stack.length > 0) {
            const key = stack.pop();
            const entry = entries.get(key);
            // A workspace's own lists are roots already.
            if (entry.workspace)
                continue;
            const [always, optional] = edgesOf(key, entry);
            always.forEach(visit);
            if (optionalEdges)
                optional.forEach(visit);
        }
    };
    const prod = new Set();
    reach(roots.filter((r) => r.role !== 'dev'), true, prod);
    const reached = new Set(prod);
    reach(roots, true, reached);
    const required = new Set();
    reach(roots.filter((r) => r.role !== 'optional'), false, required);
    for (const [key, entry] of entries) {
        const { pkg } = entry;
        pkg.direct ??= false;
        if (!reached.has(key))
            continue;
        pkg.dev = !prod.has(key);
        pkg.optional = !required.has(key);
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/toml-lines.ts
/**
 * The 1-based line of each `[[name]]` array-of-tables header, in file order: the i-th table of the
 * parsed array stands at the i-th line returned (smol-toml keeps no positions).
 *
 * One linear pass. A header may be indented, spaced inside its brackets (`[[ package ]]`) and followed
 * by a comment; `[[package.dependencies]]` is another table. Lines inside multi-line strings are not
 * headers: a `description = """...` that quotes a lockfile cannot shift the lines of the tables below.
 */
function arrayTableLines(text, name) {
    const header = new RegExp(`^[ \\t]*${escapeRegExp(name)}[ \\t]*\\]\\][ \\t]*(?:#.*)?\\r?$`);
    const found = [];
    const length = text.length;
    // The next `"""` and `'''`, each found once and searched again only once the scan is past it, so
    // that only the lines that hold one are walked character by character.
    let nextBasic = indexOrEnd(text, '"""', 0);
    let nextLiteral = indexOrEnd(text, "'''", 0);
    let line = 1;
    let start = 0;
    while (start < length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = length;
        let i = start;
        while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9))
            i++;
        if (text.charCodeAt(i) === 91 && text.charCodeAt(i + 1) === 91 && header.test(text.slice(i + 2, end))) {
            found.push(line);
        }
        if (nextBasic < end || nextLiteral < end) {
            // This line opens a multi-line string (or mentions triple quotes inside a string or comment):
            // walk it, and follow any multi-line string to the line it closes on.
            const logicalEnd = endOfLogicalLine(text, i);
            for (let k = text.indexOf('\n', end); k !== -1 && k < logicalEnd; k = text.indexOf('\n', k + 1))
                line++;
            end = logicalEnd;
            if (nextBasic <= end)
                nextBasic = indexOrEnd(text, '"""', end);
            if (nextLiteral <= end)
                nextLiteral = indexOrEnd(text, "'''", end);
        }
        line++;
        start = end + 1;
    }
    return found;
}
function escapeRegExp(value) {
    return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
function indexOrEnd(text, needle, from) {
    const index = text.indexOf(needle, from);
    return index === -1 ? text.length : index;
}
/**
 * From a position on a line, the offset of the newline that ends the line once its strings and
 * comment are stepped over (a multi-line string carries the line on to the one it closes on).
 */
function endOfLogicalLine(text, from) {
    const length = text.length;
    let k = from;
    while (k < length) {
        const c = text.charCodeAt(k);
        if (c === 10)
            return k;
        if (c === 35) {
            // A comment runs to the end of the line.
            const end = text.indexOf('\n', k);
            return end === -1 ? length : end;
        }
        if (c === 34) {
            k = text.startsWith('"""', k) ? closeMultiline(text, k + 3, '"""') : closeSingleLine(text, k + 1, 34);
        }
        else if (c === 39) {
            k = text.startsWith("'''", k) ? closeMultiline(text, k + 3, "'''") : closeSingleLine(text, k + 1, 39);
        }
        else {
            k++;
        }
    }
    return length;
}
/** After the opening quote of a one-line string: the offset just past its closing quote (or its line's end). */
function closeSingleLine(text, from, quote) {
    const length = text.length;
    for (let k = from; k < length; k++) {
        const c = text.charCodeAt(k);
        if (c === 10)
            return k;
        // Only basic strings ("...") have escapes.
        if (c === 92 && quote === 34)
            k++;
        else if (c === quote)
            return k + 1;
    }
    return length;
}
/** After the opening delimiter of a multi-line string: the offset just past its closing delimiter. */
function closeMultiline(text, from, delimiter) {
    let search = from;
    for (;;) {
        const close = text.indexOf(delimiter, search);
        if (close === -1)
            return text.length;
        if (delimiter === '"""') {
            let backslashes = 0;
            for (let k = close - 1; k >= from && text.charCodeAt(k) === 92; k--)
                backslashes++;
            if (backslashes % 2 === 1) {
                search = close + 1;
                continue;
            }
        }
        // Up to two more quotes may end the content: `""""` is a quote, then the delimiter.
        let end = close + 3;
        const quote = delimiter.charCodeAt(0);
        if (text.charCodeAt(end) === quote)
            end++;
        if (text.charCodeAt(end) === quote)
            end++;
        return end;
    }
}
/**
 * The line of a top-level key (`name = ...`) or table header (`[name]`), or 1 when there is none: for
 * errors about that key. A top-level key stands before the first table, so its first match is its own.
 */
function tomlKeyLine(text, name) {
    const key = escapeRegExp(name);
    const match = new RegExp(`^[ \\t]*(?:${key}[ \\t]*=|\\[[ \\t]*${key}[ \\t]*\\])`, 'm').exec(text);
    if (match === null)
        return 1;
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1))
        line++;
    return line;
}

// EXTERNAL MODULE: ./node_modules/smol-toml/dist/index.js + 8 modules
var dist = __webpack_require__(3292);
;// CONCATENATED MODULE: ./src/lockfiles/toml-parse.ts


/** smol-toml's parse with a LockfileError naming the file, line and column of a syntax error. */
function parseTomlLockfile(file, text) {
    try {
        return (0,dist/* parse */.qg)(text);
    }
    catch (error) {
        if (error instanceof dist/* TomlError */.zx) {
            throw new LockfileError(file, `not valid TOML: ${error.message.split('\n')[0] ?? ''}`, {
                line: error.line,
                column: error.column,
            });
        }
        throw new LockfileError(file, `not valid TOML: ${error instanceof Error ? error.message : String(error)}`);
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/read-cargo.ts





/** The newest lockfile version Cargo writes today; a newer one is refused rather than misread. */
const NEWEST_VERSION = 4;
/**
 * Cargo.lock, versions 1 to 4: every `[[package]]` in file order, at the line of its header.
 *
 * A package without `source` is local code: the root crate, a workspace member or a path dependency.
 * The lockfile does not tell these apart (not even which crate is the root, except in v1's `[root]`),
 * so all are listed with source `path`, never `registry`. `registry+` and `sparse+` sources are
 * `registry`; `git+url#commit` is `git` with the source as `resolved`; any other source is `url`, with
 * a warning. Direct means a local crate (or the v1 `[root]`) depends on it, matched by name and, where
 * the reference gives them, version and source. The v1 `[root]` table is the root crate and is not
 * listed; the v1 `[metadata]` checksum table holds no packages.
 *
 * Versions are kept as locked, build metadata included (`0.11.0+wasi-snapshot-preview1` is how
 * crates.io publishes that crate).
 *
 * Format: `cargo@N` from the top-level `version`; without one, `cargo@2` when packages carry
 * `checksum` fields and `cargo@1` otherwise (Cargo's own rule).
 */
function readCargoLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseTomlLockfile(path, text);
    const list = data.package ?? [];
    if (!Array.isArray(list))
        throw new LockfileError(path, '"package" must be an array of tables ([[package]])', {
            line: keyLine(text, /^[ \t]*(?:package[ \t]*=|\[package\])/m),
        });
    const known = ['package', 'version', 'metadata', 'root', 'patch'];
    if (list.length === 0 && Object.keys(data).length > 0 && !known.some((key) => key in data))
        throw new LockfileError(path, 'no [[package]] tables and no lockfile version: not a Cargo.lock', {
            line: 1,
        });
    const version = lockfileVersion(path, text, data, list);
    const warnings = [];
    const lines = arrayTableLines(text, 'package');
    if (lines.length !== list.length) {
        warnings.push({
            message: `found ${lines.length} [[package]] header lines for ${list.length} packages; lines are those of the nearest headers`,
        });
    }
    const lineOf = (i) => lines[Math.min(i, lines.length - 1)] ?? 1;
    // Pass 1: the dependencies of local crates, checking each entry's shape on the way.
    const wanted = new Map();
    const addDependencies = (crate, where, line) => {
        const deps = crate.dependencies;
        if (deps === undefined)
            return;
        if (!Array.isArray(deps))
            throw new LockfileError(path, `${where}: "dependencies" must be an array`, { line });
        for (const dep of deps) {
            if (typeof dep !== 'string')
                throw new LockfileError(path, `${where}: a dependency is not a string`, { line });
            const match = /^(\S+)(?: (\S+))?(?: \((.+)\))?$/.exec(dep);
            if (match === null)
                throw new LockfileError(path, `${where}: malformed dependency ${JSON.stringify(dep)}`, { line });
            const ref = {};
            if (match[2] !== undefined)
                ref.version = match[2];
            if (match[3] !== undefined)
                ref.source = match[3];
            const refs = wanted.get(match[1]);
            if (refs === undefined)
                wanted.set(match[1], [ref]);
            else
                refs.push(ref);
        }
    };
    if (data.root !== undefined) {
        if (!isObj(data.root))
            throw new LockfileError(path, '[root] must be a table', { line: 1 });
        addDependencies(data.root, '[root]', keyLine(text, /^[ \t]*\[root\]/m));
    }
    for (let i = 0; i < list.length; i++) {
        const entry = list[i];
        const line = lineOf(i);
        if (!isObj(entry))
            throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
        if (typeof entry.name !== 'string' || entry.name === '')
            throw new LockfileError(path, `package ${i + 1} has no name`, { line });
        if (typeof entry.version !== 'string' || entry.version === '')
            throw new LockfileError(path, `package ${entry.name} has no version`, { line });
        if (entry.source !== undefined && typeof entry.source !== 'string')
            throw new LockfileError(path, `package ${entry.name} ${entry.version}: "source" must be a string`, {
                line,
            });
        if (entry.source === undefined)
            addDependencies(entry, `package ${entry.name} ${entry.version}`, line);
    }
    // Pass 2: the packages.
    const packages = [];
    for (let i = 0; i < list.length; i++) {
        const entry = list[i];
        const source = entry.source;
        let kind = 'path';
        if (source !== undefined) {
            if (source.startsWith('registry+') || source.startsWith('sparse+'))
                kind = 'registry';
            else if (source.startsWith('git+'))
                kind = 'git';
            else {
                kind = 'url';
                warnings.push({
                    message: `${entry.name} ${entry.version}: unknown source kind ${source}`,
                    line: lineOf(i),
                });
            }
        }
        const pkg = {
            ecosystem: 'cargo',
            name: entry.name,
            version: entry.version,
            line: lineOf(i),
            source: kind,
            direct: isWanted(wanted.get(entry.name), entry.version, source),
        };
        if (kind === 'git' || kind === 'url')
            pkg.resolved = source;
        packages.push(pkg);
    }
    return { ecosystem: 'cargo', format: `cargo@${version}`, packages, warnings };
}
function isWanted(refs, version, source) {
    if (refs === undefined)
        return false;
    // Newer lockfiles name a git source without its `#commit` in references.
    const hash = source === undefined ? -1 : source.indexOf('#');
    const bare = source !== undefined && hash !== -1 ? source.slice(0, hash) : source;
    return refs.some((ref) => (ref.version === undefined || ref.version === version) &&
        (ref.source === undefined || ref.source === source || ref.source === bare));
}
function lockfileVersion(path, text, data, list) {
    const declared = data.version;
    if (declared === undefined) {
        return list.some((p) => isObj(p) && typeof p.checksum === 'string') ? 2 : 1;
    }
    const line = keyLine(text, /^[ \t]*version[ \t]*=/m);
    if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 1)
        throw new LockfileError(path, `lockfile version must be a positive integer, got ${JSON.stringify(declared)}`, {
            line,
        });
    if (declared > NEWEST_VERSION)
        throw new LockfileError(path, `unsupported Cargo.lock version ${declared} (read: 1 to ${NEWEST_VERSION})`, {
            line,
        });
    return declared;
}
/**
 * The line of the first match of a multiline pattern, for errors about top-level keys: they stand
 * before the first table header, so the first match is theirs.
 */
function keyLine(text, pattern) {
    const match = pattern.exec(text);
    if (match === null)
        return 1;
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1))
        line++;
    return line;
}

;// CONCATENATED MODULE: ./src/lockfiles/read-composer.ts




const SECTIONS = [
    ['packages', false],
    ['packages-dev', true],
];
/** Version-control kinds composer records in `source.type`. */
const VCS = new Set(['git', 'hg', 'svn', 'fossil', 'perforce']);
/**
 * composer.lock: `packages`, then `packages-dev` (`dev: true`), each entry at the line of its `"name"`
 * key (the line of its `{` when it has none, for errors).
 *
 * Versions are kept as composer writes them: `v1.2.3` keeps its `v` (composer shows and compares it so,
 * and Packagist tags carry it), branches stay `dev-main`. The `license` array is an SPDX expression
 * joined with ` OR ` (composer's meaning of several licenses; a compound member is parenthesised).
 *
 * composer.lock does not name the repository a package came from, so the source is read from what it
 * does record: `path` for a `dist` (or `source`) of type `path`, with the directory as `resolved`;
 * `git` for a version-control `source` that composer installs without a `dist`, or a `dev-` branch of
 * a package with no Packagist `notification-url` (a VCS repository); `registry` otherwise. A registry
 * package on a `dev-` branch gets its commit as `resolved`, since the version alone pins nothing.
 * Direct dependencies are named in composer.json, not here: `direct` is not set.
 *
 * Format: `composer-lock@<plugin-api-version>` (`composer-lock` for files written before composer 2).
 */
function readComposerLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data) || !('packages' in data))
        throw new LockfileError(path, 'expected an object with a "packages" array: not a composer.lock', {
            line: 1,
        });
    const lines = composerLines(text);
    const warnings = [];
    const packages = [];
    for (const [section, dev] of SECTIONS) {
        const list = data[section];
        if (list === undefined || list === null)
            continue;
        if (!Array.isArray(list))
            throw new LockfileError(path, `"${section}" must be an array`, { line: lines.keys.get(section) ?? 1 });
        const found = lines.entries.get(section) ?? [];
        for (let i = 0; i < list.length; i++) {
            const entry = list[i];
            const line = found[i]?.nameLine ?? found[i]?.line ?? 1;
            packages.push(read_composer_readEntry(path, entry, `${section}[${i}]`, line, dev, warnings));
        }
    }
    const api = data['plugin-api-version'];
    return {
        ecosystem: 'composer',
        format: typeof api === 'string' && api !== '' ? `composer-lock@${api}` : 'composer-lock',
        packages,
        warnings,
    };
}
function read_composer_readEntry(path, entry, where, line, dev, warnings) {
    if (!isObj(entry))
        throw new LockfileError(path, `${where} is not an object`, { line });
    const name = entry.name;
    if (typeof name !== 'string' || name.trim() === '')
        throw new LockfileError(path, `${where} has no "name"`, { line });
    let version = entry.version;
    if (typeof version === 'number' && Number.isFinite(version)) {
        const written = String(version);
        warnings.push({
            message: `${name}: version ${written} is a number, not a string; read as "${written}"`,
            line,
        });
        version = written;
    }
    if (typeof version !== 'string' || version.trim() === '')
        throw new LockfileError(path, `${where} (${name}) has no "version"`, { line });
    const dist = isObj(entry.dist) ? entry.dist : undefined;
    const src = isObj(entry.source) ? entry.source : undefined;
    const devBranch = version.startsWith('dev-');
    let source = 'registry';
    let resolved;
    if (dist?.type === 'path' || src?.type === 'path') {
        source = 'path';
        resolved = stringField(dist, 'url') ?? stringField(src, 'url');
    }
    else if (src !== undefined &&
        typeof src.type === 'string' &&
        VCS.has(src.type) &&
        (dist === undefined || (devBranch && entry['notification-url'] === undefined))) {
        source = 'git';
        resolved = vcsRef(src);
    }
    else if (devBranch && src !== undefined) {
        resolved = vcsRef(src);
    }
    const pkg = { ecosystem: 'composer', name, version, line, source, dev };
    const license = licenseExpression(entry.license);
    if (license !== undefined)
        pkg.licenses = [license];
    if (resolved !== undefined && resolved !== '')
        pkg.resolved = resolved;
    return pkg;
}
function stringField(object, key) {
    const value = object?.[key];
    return typeof value === 'string' ? value : undefined;
}
function vcsRef(src) {
    const url = stringField(src, 'url');
    if (url === undefined)
        return undefined;
    const reference = stringField(src, 'reference');
    return reference === undefined || reference === '' ? url : `${url}#${reference}`;
}
/** Several licenses in composer mean any of them (https://getcomposer.org/doc/04-schema.md#license). */
function licenseExpression(license) {
    if (typeof license === 'string')
        return license.trim() === '' ? undefined : license;
    if (!Array.isArray(license))
        return undefined;
    const ids = license
        .filter((l) => typeof l === 'string' && l.trim() !== '')
        .map((l) => l.trim());
    if (ids.length <= 1)
        return ids[0];
    return ids.map((id) => (/\s/.test(id) && !/^\(.*\)$/.test(id) ? `(${id})` : id)).join(' OR ');
}
/**
 * One linear pass over the JSON text (already known to parse): the line of each top-level key, and for
 * each element of the top-level `packages` and `packages-dev` arrays, its first line and the line of
 * its own `"name"` key. Strings are stepped over whole, so their contents never count.
 */
function composerLines(text) {
    const keys = new Map();
    const entries = new Map();
    // Per open container: '{' or '['.
    const stack = [];
    let line = 1;
    let expectKey = false;
    let topKey;
    let section;
    let expectElement = false;
    let current;
    const length = text.length;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) {
            line++;
            continue;
        }
        if (c === 32 || c === 9 || c === 13)
            continue;
        const depth = stack.length;
        // The first character of an element of a packages array.
        if (depth === 2 && section !== undefined && expectElement && c !== 93) {
            current = { line };
            section.push(current);
            expectElement = false;
        }
        if (c === 34) {
            let end = i + 1;
            for (;;) {
                end = text.indexOf('"', end);
                if (end === -1)
                    return { keys, entries };
                let backslashes = 0;
                for (let k = end - 1; text.charCodeAt(k) === 92; k--)
                    backslashes++;
                if (backslashes % 2 === 0)
                    break;
                end++;
            }
            if (expectKey) {
                const raw = text.slice(i + 1, end);
                const key = raw.includes('\\') ? JSON.parse(`"${raw}"`) : raw;
                if (depth === 1) {
                    topKey = key;
                    if (!keys.has(key))
                        keys.set(key, line);
                }
                else if (depth === 3 && current !== undefined && key === 'name' && current.nameLine === undefined) {
                    current.nameLine = line;
                }
                expectKey = false;
            }
            i = end;
        }
        else if (c === 123 || c === 91) {
            stack.push(c);
            expectKey = c === 123;
            if (depth === 1 && c === 91 && (topKey === 'packages' || topKey === 'packages-dev')) {
                section = [];
                entries.set(topKey, section);
                expectElement = true;
            }
        }
        else if (c === 125 || c === 93) {
            stack.pop();
            expectKey = false;
            if (depth === 2)
                section = undefined;
        }
        else if (c === 44) {
            expectKey = stack[stack.length - 1] === 123;
            if (depth === 2 && section !== undefined)
                expectElement = true;
        }
    }
    return { keys, entries };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-gemfile.ts


/** Sections whose `specs:` list resolved gems. */
const SOURCE_SECTIONS = new Set(['GEM', 'GIT', 'PATH', 'PLUGIN SOURCE']);
/** Sections Bundler writes that list no gems of their own (CHECKSUMS repeats the specs with hashes). */
const OTHER_SECTIONS = new Set(['PLATFORMS', 'DEPENDENCIES', 'RUBY VERSION', 'BUNDLED WITH', 'CHECKSUMS']);
/** Bundler's own split of a spec line: the version runs to the first `-`, the platform follows. */
const SPEC = /^([^\s(]+) \(([^-)\s]+)(?:-([^)\s]+))?\)$/;
/**
 * Gemfile.lock and gems.locked: the specs of every GEM, GIT, PATH and PLUGIN SOURCE section, in file
 * order, at the line of the spec (`    name (version)`). Six-space lines under a spec are its
 * requirements, not packages.
 *
 * Versions lose their platform tail as Bundler splits them (`1.13.0-x86_64-linux` -> `1.13.0`), and
 * the platform variants of one gem version in one source are one entry, at the first variant's line.
 * GEM specs are `registry`; GIT specs are `git` with `resolved` = `remote@revision`; PATH specs are
 * `path` with the directory as `resolved`, except PATH `.`, which holds the project's own gems (from a
 * `gemspec` line): those are not listed, and their requirements count as direct; PLUGIN SOURCE specs are `url` with the plugin's remote as `resolved`. Direct: named under
 * DEPENDENCIES (`name!` there means pinned to a GIT or PATH source).
 *
 * Unknown sections are skipped with a warning (Bundler adds sections over time). Format:
 * `gemfile-lock@<BUNDLED WITH>` (`gemfile-lock` without it).
 */
function readGemfileLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const packages = [];
    const warnings = [];
    const seen = new Set();
    const direct = new Set();
    let sawDependencies = false;
    let sawKnownSection = false;
    let section;
    let source;
    let inSpecs = false;
    let bundledWith;
    function fail(line, reason) {
        throw new LockfileError(path, reason, { line });
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const lineNo = i + 1;
        const raw = lines[i];
        const end = raw.charCodeAt(raw.length - 1) === 13 ? raw.length - 1 : raw.length;
        let indent = 0;
        while (indent < end && raw.charCodeAt(indent) === 32)
            indent++;
        if (indent === end)
            continue;
        // A spec's requirement, the commonest line of all, is passed over before any other work.
        if (indent === 6 && inSpecs && source !== undefined && !source.own)
            continue;
        const body = raw.slice(indent, end);
        if (body.trim() === '')
            continue;
        if (indent === 0) {
            if (!/^[A-Z][A-Z ]*$/.test(body))
                fail(lineNo, `expected a section name (GEM, GIT, PATH, DEPENDENCIES, ...), got ${JSON.stringify(body)}: not a Gemfile.lock`);
            section = body;
            inSpecs = false;
            source = undefined;
            if (SOURCE_SECTIONS.has(body)) {
                sawKnownSection = true;
                const kind = body === 'GIT' ? 'git' : body === 'PATH' ? 'path' : body === 'PLUGIN SOURCE' ? 'url' : 'registry';
                source = { kind, remote: '', revision: '', own: false };
            }
            else if (OTHER_SECTIONS.has(body)) {
                sawKnownSection = true;
                if (body === 'DEPENDENCIES')
                    sawDependencies = true;
            }
            else {
                warnings.push({ message: `unknown section ${body}: skipped`, line: lineNo });
            }
            continue;
        }
        if (section === undefined)
            fail(lineNo, 'indented line before any section: not a Gemfile.lock');
        if (section === 'DEPENDENCIES') {
            if (indent !== 2)
                fail(lineNo, `DEPENDENCIES entries are indented by two spaces, got ${indent}`);
            const name = /^([^\s!(]+)(?: \([^)]*\))?!?$/.exec(body)?.[1];
            if (name === undefined)
                fail(lineNo, `malformed dependency line ${JSON.stringify(body)} (expected "name", "name (requirement)", optionally with "!")`);
            direct.add(name);
            continue;
        }
        if (source === undefined)
            continue; // PLATFORMS, RUBY VERSION, BUNDLED WITH, CHECKSUMS, unknown sections
        if (indent === 2) {
            if (body === 'specs:') {
                inSpecs = true;
                continue;
            }
            const option = /^([a-z_]+): ?(.*)$/.exec(body);
            if (option === null)
                fail(lineNo, `malformed ${section} option ${JSON.stringify(body)} (expected "key: value" or "specs:")`);
            const key = option[1] ?? '';
            const value = option[2] ?? '';
            // GEM may list several remotes; the first one names the source.
            if (key === 'remote' && source.remote === '')
                source.remote = value;
            if (key === 'revision')
                source.revision = value;
            if (section === 'PATH' && key === 'remote')
                source.own = value === '.' || value === './';
            continue;
        }
        if (indent === 6 && inSpecs) {
            // A requirement of the spec above; those of the project's own gems are direct dependencies.
            if (source.own)
                direct.add(/^[^\s(!]+/.exec(body)?.[0] ?? body);
            continue;
        }
        if (indent !== 4 || !inSpecs)
            fail(lineNo, inSpecs
                ? `unexpected indentation ${indent} in specs (specs 4, their requirements 6)`
                : `spec line before "specs:" in ${section}`);
        const spec = SPEC.exec(body);
        if (spec === null)
            fail(lineNo, `malformed spec line ${JSON.stringify(body)} (expected "name (version)")`);
        const name = spec[1] ?? '';
        const version = spec[2] ?? '';
        if (source.own)
            continue;
        const key = `${name}\u0000${version}\u0000${section}\u0000${source.remote}\u0000${source.revision}`;
        if (seen.has(key))
            continue;
        seen.add(key);
        const pkg = { ecosystem: 'gem', name, version, line: lineNo, source: source.kind };
        if (source.kind === 'git')
            pkg.resolved = source.revision === '' ? source.remote : `${source.remote}@${source.revision}`;
        else if (source.kind !== 'registry')
            pkg.resolved = source.remote;
        packages.push(pkg);
    }
    if (!sawKnownSection && text.trim() !== '')
        fail(1, 'no GEM, GIT, PATH, PLATFORMS or DEPENDENCIES section: not a Gemfile.lock');
    // BUNDLED WITH holds one version line; read it here to keep the loop about packages.
    const bundled = /^BUNDLED WITH\r?\n[ \t]+(\S+)/m.exec(text);
    if (bundled !== null)
        bundledWith = bundled[1];
    if (sawDependencies)
        for (const pkg of packages)
            pkg.direct = direct.has(pkg.name);
    return {
        ecosystem: 'gem',
        format: bundledWith === undefined ? 'gemfile-lock' : `gemfile-lock@${bundledWith}`,
        packages,
        warnings,
    };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-go-mod.ts


/** The directives the go command knows (golang.org/x/mod/modfile); any other word is an error there too. */
const DIRECTIVES = new Set([
    'module',
    'go',
    'toolchain',
    'godebug',
    'require',
    'exclude',
    'replace',
    'retract',
    'tool',
    'ignore',
]);
/** Canonical module versions: `v1.2.3`, pre-release and `+incompatible` tails, pseudo-versions. */
const CANONICAL = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
/**
 * go.mod: every `require` (single lines and blocks) in file order, at the line of its entry.
 * `// indirect` marks a requirement transitive (`direct: false`); others are direct.
 *
 * `replace` is applied to the requirements it names (a versioned `old v1 => ...` before a bare
 * `old => ...`). A replacement by another module reports that module as `name`, the required path as
 * `alias` and the replacement's version: that is the code the build fetches. A replacement by a local
 * directory reports the required path as `name`, source `path`, version '' (no registry version is
 * built) and the directory as `resolved`. Replacements of modules the file does not require are not
 * reported (the go.mod of go >= 1.17 requires every module in the build).
 *
 * `exclude` does not remove a requirement: each excluded version is reported as a warning, and a
 * requirement of an excluded version gets its own warning (the go command then uses the next higher
 * version). `module`, `go`, `toolchain`, `godebug`, `retract`, `tool` and `ignore` add no package; an
 * unknown directive is an error, as it is for the go command.
 *
 * Format: `go.mod@<go directive>` (`go.mod` without one). Before go 1.17 a go.mod may leave out
 * indirect requirements (they are in go.sum); a warning says so.
 */
function readGoMod(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const requires = [];
    const replaces = new Map();
    const excluded = new Set();
    const warnings = [];
    let goVersion;
    let block;
    function fail(line, reason) {
        throw new LockfileError(path, reason, { line });
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const lineNo = i + 1;
        const { tokens, comment } = goModTokens(path, lines[i], lineNo);
        if (tokens.length === 0)
            continue;
        const first = tokens[0];
        if (block !== undefined) {
            if (first.punct && first.text === ')') {
                if (tokens.length > 1)
                    fail(lineNo, `unexpected ${JSON.stringify(tokens[1].text)} after ")"`);
                block = undefined;
                continue;
            }
            handle(block.verb, tokens, lineNo, comment);
            continue;
        }
        if (first.punct)
            fail(lineNo, `unexpected ${JSON.stringify(first.text)} outside a block`);
        if (!DIRECTIVES.has(first.text))
            fail(lineNo, `unknown directive ${JSON.stringify(first.text)}: not a go.mod line`);
        const rest = tokens.slice(1);
        if (rest.length >= 1 && rest[0].punct && rest[0].text === '(') {
            if (rest.length === 2 && rest[1].punct && rest[1].text === ')')
                continue;
            if (rest.length > 1)
                fail(lineNo, `unexpected ${JSON.stringify(rest[1].text)} after "${first.text} ("`);
            block = { verb: first.text, line: lineNo };
            continue;
        }
        handle(first.text, rest, lineNo, comment);
    }
    if (block !== undefined)
        fail(block.line, `unterminated ${block.verb} block: missing ")"`);
    function words(verb, args, lineNo) {
        for (const token of args) {
            if (token.punct && verb !== 'retract')
                fail(lineNo, `unexpected ${JSON.stringify(token.text)} in ${verb} directive`);
        }
        return args.map((t) => t.text);
    }
    function handle(verb, args, lineNo, comment) {
        const fields = words(verb, args, lineNo);
        switch (verb) {
            case 'require': {
                if (fields.length !== 2)
                    fail(lineNo, `require needs a module path and a version, got ${JSON.stringify(fields.join(' '))}`);
                const [module, version] = fields;
                if (!CANONICAL.test(version)) {
                    warnings.push({
                        message: `${module} ${version}: not a canonical module version; the go command resolves it when it next runs`,
                        line: lineNo,
                    });
                }
                requires.push({ module, version, line: lineNo, indirect: isIndirect(comment) });
                return;
            }
            case 'replace': {
                const arrow = fields.indexOf('=>');
                if (arrow !== 1 && arrow !== 2)
                    fail(lineNo, `replace needs "module [version] => target [version]", got ${JSON.stringify(fields.join(' '))}`);
                const target = fields.slice(arrow + 1);
                const local = target.length === 1 && isLocalPath(target[0]);
                if (!(local || (target.length === 2 && !isLocalPath(target[0]))))
                    fail(lineNo, target.length === 1
                        ? `replacement ${JSON.stringify(target[0])} has no version and is not a local directory (./ or ../)`
                        : `replace target must be a module and a version, or a local directory, got ${JSON.stringify(target.join(' '))}`);
                const key = arrow === 2 ? `${fields[0]}@${fields[1]}` : fields[0];
                const replacement = {
                    module: target[0],
                    version: local ? '' : target[1],
                    line: lineNo,
                };
                const earlier = replaces.get(key);
                if (earlier !== undefined &&
                    (earlier.module !== replacement.module || earlier.version !== replacement.version))
                    fail(lineNo, `conflicting replacements for ${key.replace('@', ' ')} (the first is on line ${earlier.line})`);
                replaces.set(key, replacement);
                return;
            }
            case 'exclude': {
                if (fields.length !== 2)
                    fail(lineNo, `exclude needs a module path and a version, got ${JSON.stringify(fields.join(' '))}`);
                excluded.add(`${fields[0]}@${fields[1]}`);
                warnings.push({ message: `exclude ${fields.join(' ')}: that version is never used`, line: lineNo });
                return;
            }
            case 'go':
                if (fields.length !== 1)
                    fail(lineNo, `go needs one version, got ${JSON.stringify(fields.join(' '))}`);
                goVersion = fields[0];
                return;
            case 'module':
                if (fields.length !== 1)
                    fail(lineNo, `module needs one path, got ${JSON.stringify(fields.join(' '))}`);
                return;
            default:
                // toolchain, godebug, retract, tool, ignore: nothing the build downloads is named here.
                return;
        }
    }
    const packages = requires.map((r) => {
        const pkg = {
            ecosystem: 'gomod',
            name: r.module,
            version: r.version,
            line: r.line,
            source: 'registry',
            direct: !r.indirect,
        };
        if (excluded.has(`${r.module}@${r.version}`)) {
            warnings.push({
                message: `${r.module} ${r.version} is required but excluded: the go command uses the next higher version`,
                line: r.line,
            });
        }
        const replacement = replaces.get(`${r.module}@${r.version}`) ?? replaces.get(r.module);
        if (replacement === undefined)
            return pkg;
        if (replacement.version === '') {
            pkg.source = 'path';
            pkg.version = '';
            pkg.resolved = replacement.module;
            return pkg;
        }
        if (replacement.module !== r.module) {
            pkg.name = replacement.module;
            pkg.alias = r.module;
        }
        pkg.version = replacement.version;
        return pkg;
    });
    warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    if (packages.length > 0 && (goVersion === undefined || goVersionBefore117(goVersion))) {
        warnings.unshift({
            message: `${goVersion === undefined ? 'no go directive (read as go 1.16)' : `go ${goVersion}`}: before go 1.17 a go.mod may leave out indirect requirements, which go.sum then holds`,
        });
    }
    return {
        ecosystem: 'gomod',
        format: goVersion === undefined ? 'go.mod' : `go.mod@${goVersion}`,
        packages,
        warnings,
    };
}
/** Go's rule: the line's own trailing comment is `// indirect` or starts with `// indirect;`. */
function isIndirect(comment) {
    if (comment === undefined)
        return false;
    const body = comment.slice(2).trim();
    return body === 'indirect' || body.startsWith('indirect;');
}
/** modfile.IsDirectoryPath: a replacement without a version must be a local directory. */
function isLocalPath(target) {
    return (target === '.' ||
        target === '..' ||
        /^\.\.?[/\\]/.test(target) ||
        target.startsWith('/') ||
        target.startsWith('\\') ||
        /^[A-Za-z]:[/\\]/.test(target));
}
function goVersionBefore117(version) {
    const match = /^(\d+)\.(\d+)/.exec(version);
    if (match === null)
        return false;
    const major = Number(match[1]);
    return major < 1 || (major === 1 && Number(match[2]) < 17);
}
const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',']);
/**
 * The tokens of one line as the go command's lexer sees them: `//` starts a comment outside strings,
 * `"..."` strings take Go escapes, `` `...` `` strings are raw, and `( ) [ ] { } ,` stand alone.
 */
function goModTokens(path, raw, lineNo) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const tokens = [];
    let i = 0;
    while (i < line.length) {
        const c = line[i];
        if (c === ' ' || c === '\t' || c === '\v' || c === '\f') {
            i++;
        }
        else if (c === '/' && line[i + 1] === '/') {
            return { tokens, comment: line.slice(i).trimEnd() };
        }
        else if (PUNCT.has(c)) {
            tokens.push({ text: c, punct: true });
            i++;
        }
        else if (c === '"') {
            let end = i + 1;
            while (end < line.length && line[end] !== '"')
                end += line[end] === '\\' ? 2 : 1;
            if (end >= line.length)
                throw new LockfileError(path, 'unterminated quoted string', { line: lineNo, column: i + 1 });
            tokens.push({ text: unquoteGo(path, line.slice(i, end + 1), lineNo, i + 1), punct: false });
            i = end + 1;
        }
        else if (c === '`') {
            const end = line.indexOf('`', i + 1);
            if (end === -1)
                throw new LockfileError(path, 'unterminated raw string', { line: lineNo, column: i + 1 });
            tokens.push({ text: line.slice(i + 1, end), punct: false });
            i = end + 1;
        }
        else {
            let end = i;
            while (end < line.length) {
                const d = line[end];
                if (d === ' ' || d === '\t' || d === '\v' || d === '\f' || d === '"' || d === '`' || PUNCT.has(d))
                    break;
                if (d === '/' && line[end + 1] === '/')
                    break;
                end++;
            }
            tokens.push({ text: line.slice(i, end), punct: false });
            i = end;
        }
    }
    return { tokens };
}
/** A Go interpreted string literal; escapes beyond JSON's (`\a`, `\x41`, octal) are refused with the column. */
function unquoteGo(path, literal, line, column) {
    try {
        const value = JSON.parse(literal.replace(/\\'/g, "'"));
        if (typeof value === 'string')
            return value;
    }
    catch {
        // reported below
    }
    throw new LockfileError(path, `unsupported escape in quoted string ${literal}`, { line, column });
}

;// CONCATENATED MODULE: ./src/lockfiles/read-gradle.ts


/**
 * A configuration of a test source set: `test…` (testCompileClasspath, testRuntimeClasspath,
 * testAnnotationProcessor, testFixturesRuntimeClasspath) or `…Test…` (integrationTestRuntimeClasspath,
 * Android's debugUnitTestRuntimeClasspath and debugAndroidTestCompileClasspath).
 */
const TEST_CONFIGURATION = /^test(?:[A-Z]|$)|Test(?:[A-Z]|$)/;
/** `group:module:version`, as Gradle writes a locked module: three non-empty parts without blanks. */
const MODULE = /^([^:\s=,]+):([^:\s=,]+):([^:\s=,]+)$/;
/**
 * Gradle dependency lockfiles: the single-file `gradle.lockfile` (and `buildscript-gradle.lockfile`,
 * `settings-gradle.lockfile`) of Gradle 6 and later, lines `group:module:version=conf1,conf2` with
 * `#` comments and an `empty=` line; and the older per-configuration files
 * (`gradle/dependency-locks/<configuration>.lockfile`, bare `group:module:version` lines).
 *
 * Name is `group:module`. Gradle locks resolved module versions only, so every entry is a registry
 * package. The file does not tell direct from transitive. `dev` is true when every configuration that
 * lists the module is a test configuration (see TEST_CONFIGURATION); build-only configurations such as
 * `annotationProcessor`, `developmentOnly` or a build script's `classpath` are not counted as dev,
 * since they run in real builds. A line that is not a comment, an `empty=` line or a lock entry is an
 * error, as it is for Gradle itself.
 */
function readGradleLockfile(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const packages = [];
    // Per-configuration files (Gradle 4.8 to 5) are named after their configuration and hold no `=`.
    const name = baseName(path);
    const legacy = name.endsWith('.lockfile') && !/gradle[^/\\]*\.lockfile$/.test(name);
    const legacyConfiguration = name.slice(0, -'.lockfile'.length);
    const legacyDev = legacy && TEST_CONFIGURATION.test(legacyConfiguration);
    let start = 0;
    let lineNo = 0;
    while (start <= text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = text.length;
        lineNo++;
        const line = text.slice(start, end).trim();
        start = end + 1;
        if (line === '' || line.startsWith('#') || line.startsWith('empty='))
            continue;
        const cut = line.indexOf('=');
        const coordinates = legacy ? line : line.slice(0, cut);
        const configurations = legacy ? '' : line.slice(cut + 1);
        const module = cut === -1 && !legacy ? null : MODULE.exec(coordinates);
        if (module === null || (!legacy && (configurations === '' || configurations.includes('=')))) {
            throw new LockfileError(path, `not a Gradle lock entry: ${JSON.stringify(line.slice(0, 80))} (expected group:module:version=configurations)`, { line: lineNo });
        }
        const names = configurations.split(',');
        if (!legacy && names.some((conf) => conf.trim() === '')) {
            throw new LockfileError(path, `empty configuration name in ${JSON.stringify(line.slice(0, 80))}`, {
                line: lineNo,
            });
        }
        packages.push({
            ecosystem: 'maven',
            name: `${module[1]}:${module[2]}`,
            version: module[3],
            line: lineNo,
            source: 'registry',
            dev: legacy ? legacyDev : names.every((conf) => TEST_CONFIGURATION.test(conf.trim())),
        });
    }
    return {
        ecosystem: 'maven',
        format: legacy ? 'gradle-lockfile-legacy' : 'gradle-lockfile',
        packages,
        warnings: [],
    };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-maven-tree.ts


const SCOPES = new Set(['compile', 'provided', 'runtime', 'test', 'system', 'import']);
/** A Maven log level prefix, as `mvn` prints it (`[INFO] `, `[WARNING] `). */
const LOG_PREFIX = /^\[(INFO|WARNING|WARN|ERROR|DEBUG)\](?: |$)/;
/** ANSI colour codes that `mvn` writes when its output goes to a terminal (`-Dstyle.color=always`). */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** One part of a coordinate: no blanks, no colons, not empty. */
const PART = /^[^\s:]+$/;
/** The other `-DoutputType`s of the plugin, recognised only to say what to run instead. */
const OTHER_OUTPUT_TYPES = [
    [/^\s*\{/, 'JSON'],
    [/^\s*digraph\b/, 'DOT'],
    [/^\s*<(\?xml|graphml)/, 'GraphML'],
    [/^\d+ [^\s:]+:[^\s:]+:/, 'TGF'],
];
/**
 * The text output of `mvn dependency:tree` (maven-dependency-plugin), as written with
 * `-DoutputFile=maven_dep_tree.txt` or captured from the console with its `[INFO] ` prefixes. Several
 * modules of a reactor build give several trees, one after the other.
 *
 * Each tree starts with the module itself (`group:artifact:packaging:version`), which is not a
 * dependency; below it, `+- ` and `\- ` entries indented by `|  ` or three spaces per level:
 * `group:artifact:type[:classifier]:version:scope`, then annotations such as `(optional)`,
 * `(version managed from 1.0)` or `(scope not updated to compile)`. Depth 1 is direct. Scope
 * `test` is dev; scope `system` (a jar from the file system) is source `path`. An entry that is another
 * module of the same file, or a `-SNAPSHOT` of the module's own group and version (a sibling module of
 * the same build), is source `workspace`. Verbose-mode entries in parentheses (`(g:a:jar:1:compile
 * - omitted for duplicate)`) were not resolved into the build and are skipped. Each module keeps its own
 * entries, so an artifact used by two modules is listed twice, at two lines.
 */
function readMavenDepTree(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const other = OTHER_OUTPUT_TYPES.find(([pattern]) => pattern.test(text));
    if (other !== undefined) {
        throw new LockfileError(path, `this is the ${other[1]} output of dependency:tree; depgate reads its text output (-DoutputType=text, the default)`, { line: 1 });
    }
    // Console output carries log prefixes (coloured on a terminal); a file written by the plugin has
    // none, and then every line must belong to a tree.
    const logged = /^\[(?:INFO|WARNING|WARN|ERROR|DEBUG)\]/m.test(text) || text.includes('\u001b[');
    const packages = [];
    const warnings = [];
    const modules = [];
    // The module each entry of `packages` belongs to.
    const owners = [];
    let current;
    let depth = 0;
    let start = 0;
    let lineNo = 0;
    while (start < text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = text.length;
        lineNo++;
        let line = text.slice(start, end);
        start = end + 1;
        if (line.includes('\u001b'))
            line = line.replace(ANSI, '');
        if (line.endsWith('\r'))
            line = line.slice(0, -1);
        if (logged) {
            const prefix = LOG_PREFIX.exec(line);
            // Only `[INFO]` lines hold the tree; warnings, errors and unprefixed download progress do not.
            if (prefix === null || prefix[1] !== 'INFO')
                continue;
            line = line.slice(prefix[0].length);
        }
        if (line.trim() === '')
            continue;
        const glyph = treePrefix(line);
        if (glyph === undefined) {
            const root = parseRoot(line);
            if (root === undefined) {
                if (logged)
                    continue; // build log: `Building x 1.0`, `BUILD SUCCESS`, separators
                throw new LockfileError(path, `not a dependency:tree line: ${JSON.stringify(line.slice(0, 80))} (expected group:artifact:packaging:version or a +- / \\- entry)`, { line: lineNo });
            }
            current = { ...root, line: lineNo };
            modules.push(current);
            depth = 0;
            continue;
        }
        if (current === undefined) {
            throw new LockfileError(path, 'a dependency entry before any project line', { line: lineNo });
        }
        if (glyph.depth > depth + 1) {
            throw new LockfileError(path, `entry nested ${glyph.depth} levels deep under an entry of depth ${depth}`, {
                line: lineNo,
            });
        }
        depth = glyph.depth;
        const body = line.slice(glyph.length);
        // Verbose mode shows entries Maven left out of the build in parentheses.
        if (body.startsWith('('))
            continue;
        const entry = parseEntry(body);
        if (typeof entry === 'string')
            throw new LockfileError(path, entry, { line: lineNo });
        const pkg = {
            ecosystem: 'maven',
            name: entry.name,
            version: entry.version,
            line: lineNo,
            source: entry.scope === 'system' ? 'path' : 'registry',
            direct: glyph.depth === 1,
            dev: entry.scope === 'test',
        };
        if (entry.optional)
            pkg.optional = true;
        packages.push(pkg);
        owners.push(current);
    }
    if (modules.length === 0) {
        throw new LockfileError(path, text.trim() === ''
            ? 'empty file: not a dependency:tree output (it starts with the project line)'
            : 'not a dependency:tree output: no project line (group:artifact:packaging:version) found', { line: 1 });
    }
    const local = new Set(modules.map((m) => `${m.name}@${m.version}`));
    packages.forEach((pkg, i) => {
        if (pkg.source !== 'registry')
            return;
        const module = owners[i];
        // A snapshot of the module's own group and version can only be a sibling module of the same build.
        const sibling = pkg.version === module.version &&
            pkg.version.endsWith('-SNAPSHOT') &&
            pkg.name.slice(0, pkg.name.indexOf(':')) === module.name.slice(0, module.name.indexOf(':'));
        if (sibling || local.has(`${pkg.name}@${pkg.version}`))
            pkg.source = 'workspace';
    });
    return { ecosystem: 'maven', format: 'maven-dep-tree', packages, warnings };
}
/** The depth and length of a tree line's indentation and branch glyph, or undefined for other lines. */
function treePrefix(line) {
    let i = 0;
    let depth = 1;
    for (;;) {
        const three = line.slice(i, i + 3);
        if (three === '+- ' || three === '\\- ')
            return { depth, length: i + 3 };
        if (three !== '|  ' && three !== '   ')
            return undefined;
        i += 3;
        depth++;
    }
}
function parseRoot(line) {
    const parts = line.trim().split(':');
    // group:artifact:packaging:version, or with a classifier before the version.
    if ((parts.length !== 4 && parts.length !== 5) || !parts.every((p) => PART.test(p)))
        return undefined;
    return { name: `${parts[0]}:${parts[1]}`, version: parts[parts.length - 1] };
}
/** Reads `group:artifact:type[:classifier]:version:scope` and its annotations, or says what is wrong. */
function parseEntry(body) {
    const space = body.indexOf(' ');
    const coordinates = space === -1 ? body : body.slice(0, space);
    const annotations = space === -1 ? '' : body.slice(space + 1);
    const parts = coordinates.split(':');
    if ((parts.length !== 5 && parts.length !== 6) || !parts.every((p) => PART.test(p))) {
        return `not a dependency coordinate: ${JSON.stringify(coordinates.slice(0, 80))} (expected group:artifact:type[:classifier]:version:scope)`;
    }
    const scope = parts[parts.length - 1];
    if (!SCOPES.has(scope))
        return `unknown scope ${JSON.stringify(scope)} in ${coordinates}`;
    return {
        name: `${parts[0]}:${parts[1]}`,
        version: parts[parts.length - 2],
        scope,
        optional: /(^|\s)\(optional\)/.test(annotations),
    };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-mix.ts


/**
 * mix.lock: the Elixir map `%{"key": {:hex, :name, "version", ...}, "key": {:git, "url", "ref", [...]}}`,
 * one entry per dependency in file order, at the line of its key.
 *
 * `:hex` entries are `registry` (hex.pm, a hex.pm organization or a self-hosted hex repository): the
 * name is the package's real name (the second element), and the map key, when it differs (a dependency
 * declared with `hex: :real_name`), is the `alias`. `:git` entries are `git`, named by their key, with
 * `resolved` = `url#commit` and version '' (mix.lock records no version for them). Entries of any other
 * kind are skipped with a warning. mix.lock does not say which dependencies are direct or dev-only.
 *
 * The text is read with a tokenizer for the subset of Elixir terms mix writes: maps, tuples, lists,
 * keyword lists, atoms, strings, charlists, numbers, `true`/`false`/`nil` and `#` comments. Format:
 * `mix-lock`.
 */
function readMixLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const result = { ecosystem: 'hex', format: 'mix-lock', packages: [], warnings: [] };
    const parser = new MixTermParser(path, text);
    parser.skipSpace();
    if (parser.atEnd())
        return result;
    const top = parser.parseValue(0);
    parser.skipSpace();
    if (!parser.atEnd())
        parser.fail('unexpected text after the lock map');
    if (top.t !== 'map')
        throw new LockfileError(path, 'expected a map %{...}: not a mix.lock', { line: top.line });
    for (const entry of top.entries) {
        const pkg = read_mix_readEntry(path, entry, result.warnings);
        if (pkg !== undefined)
            result.packages.push(pkg);
    }
    return result;
}
function read_mix_readEntry(path, entry, warnings) {
    const { key, value, line } = entry;
    if ((key.t !== 'str' && key.t !== 'atom') || key.v === '')
        throw new LockfileError(path, 'a lock entry key must be a dependency name', { line });
    const depName = key.v;
    if (value.t !== 'tuple' || value.items[0]?.t !== 'atom')
        throw new LockfileError(path, `${depName}: expected a tuple such as {:hex, ...} or {:git, ...}`, {
            line,
        });
    const items = value.items;
    const kind = items[0].v;
    if (kind === 'hex') {
        const name = items[1];
        const version = items[2];
        if (name?.t !== 'atom' || name.v === '')
            throw new LockfileError(path, `${depName}: a :hex entry needs the package name as its second element`, {
                line,
            });
        if (version?.t !== 'str' || version.v === '')
            throw new LockfileError(path, `${depName}: a :hex entry needs the version as its third element`, {
                line,
            });
        const pkg = {
            ecosystem: 'hex',
            name: name.v,
            version: version.v,
            line,
            source: 'registry',
        };
        if (name.v !== depName)
            pkg.alias = depName;
        return pkg;
    }
    if (kind === 'git') {
        const url = items[1];
        const ref = items[2];
        if (url?.t !== 'str' || url.v === '')
            throw new LockfileError(path, `${depName}: a :git entry needs the repository URL as its second element`, {
                line,
            });
        if (ref?.t !== 'str' || ref.v === '')
            throw new LockfileError(path, `${depName}: a :git entry needs the commit as its third element`, {
                line,
            });
        return {
            ecosystem: 'hex',
            name: depName,
            version: '',
            line,
            source: 'git',
            resolved: `${url.v}#${ref.v}`,
        };
    }
    warnings.push({ message: `${depName}: unknown dependency kind :${kind}; skipped`, line });
    return undefined;
}
/** Nesting deeper than any mix.lock needs is refused, so hostile input cannot exhaust the stack. */
const MAX_DEPTH = 64;
const isIdentStart = (c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdentChar = (c) => isIdentStart(c) || (c >= 48 && c <= 57) || c === 64;
const isSpace = (c) => c === 32 || c === 9 || c === 10 || c === 13;
/** A recursive-descent reader of the Elixir terms mix.lock holds, with the line of every term. */
class MixTermParser {
    path;
    text;
    pos = 0;
    line = 1;
    constructor(path, text) {
        this.path = path;
        this.text = text;
    }
    fail(reason, line = this.line) {
        throw new LockfileError(this.path, reason, { line });
    }
    atEnd() {
        return this.pos >= this.text.length;
    }
    /** Skips whitespace and `#` comments, counting lines. */
    skipSpace() {
        const text = this.text;
        while (this.pos < text.length) {
            const c = text.charCodeAt(this.pos);
            if (c === 10) {
                this.line++;
                this.pos++;
            }
            else if (isSpace(c)) {
                this.pos++;
            }
            else if (c === 35) {
                const end = text.indexOf('\n', this.pos);
                this.pos = end === -1 ? text.length : end;
            }
            else {
                return;
            }
        }
    }
    peek(offset = 0) {
        return this.text.charCodeAt(this.pos + offset);
    }
    /** What stands at the current position, for error messages: a word, a quoted start or one character. */
    describe() {
        if (this.atEnd())
            return 'the end of the file (truncated?)';
        const rest = this.text.slice(this.pos, this.pos + 24);
        const word = /^(?:[A-Za-z_][\w@]*|"[^"\n]{0,20}"?)/.exec(rest)?.[0];
        return JSON.stringify(word ?? rest[0]);
    }
    /** Fails when the text ends inside a container opened at `line`. */
    failIfEnded(what, close, line) {
        if (this.atEnd())
            this.fail(`unterminated ${what}: the file ends before the "${close}" of line ${line}`);
    }
    parseValue(depth) {
        if (depth > MAX_DEPTH)
            this.fail(`terms nested deeper than ${MAX_DEPTH}`);
        this.skipSpace();
        const line = this.line;
        const c = this.peek();
        if (c === 37 && this.peek(1) === 123) {
            this.pos += 2;
            return { t: 'map', entries: this.parseMapEntries(depth), line };
        }
        if (c === 123) {
            this.pos++;
            return { t: 'tuple', items: this.parseItems(125, depth), line };
        }
        if (c === 91) {
            this.pos++;
            return { t: 'list', items: this.parseItems(93, depth), line };
        }
        if (c === 34 || c === 39)
            return { t: 'str', v: this.parseString(c), line };
        if (c === 58) {
            this.pos++;
            if (this.peek() === 34)
                return { t: 'atom', v: this.parseString(34), line };
            const name = this.parseIdent();
            if (name === undefined)
                this.fail(`expected an atom name after ":", found ${this.describe()}`);
            return { t: 'atom', v: name, line };
        }
        if ((c >= 48 && c <= 57) || (c === 45 && this.peek(1) >= 48 && this.peek(1) <= 57)) {
            const number = /^-?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 64))?.[0] ??
                '';
            this.pos += number.length;
            return { t: 'num', v: number, line };
        }
        const word = this.parseIdent();
        if (word === 'true' || word === 'false' || word === 'nil')
            return { t: 'atom', v: word, line };
        this.fail(`unexpected ${word === undefined ? this.describe() : JSON.stringify(word)} where a value was expected`, line);
    }
    /** Items up to `close`, commas between, a trailing comma allowed; `key: value` items become pairs. */
    parseItems(close, depth) {
        const items = [];
        const open = this.line;
        for (;;) {
            this.skipSpace();
            this.failIfEnded(close === 125 ? 'tuple' : 'list', String.fromCharCode(close), open);
            if (this.peek() === close) {
                this.pos++;
                return items;
            }
            const line = this.line;
            const key = this.tryKeywordKey();
            if (key !== undefined) {
                // A keyword pair [ref: "x"] is the tuple {:ref, "x"} in Elixir.
                items.push({ t: 'tuple', items: [{ t: 'atom', v: key, line }, this.parseValue(depth + 1)], line });
            }
            else {
                items.push(this.parseValue(depth + 1));
            }
            this.skipSpace();
            this.failIfEnded(close === 125 ? 'tuple' : 'list', String.fromCharCode(close), open);
            const c = this.peek();
            if (c === 44)
                this.pos++;
            else if (c !== close)
                this.fail(`expected "," or "${String.fromCharCode(close)}", found ${this.describe()}`);
        }
    }
    parseMapEntries(depth) {
        const entries = [];
        const open = this.line;
        for (;;) {
            this.skipSpace();
            this.failIfEnded('map', '}', open);
            if (this.peek() === 125) {
                this.pos++;
                return entries;
            }
            const line = this.line;
            const keyword = this.tryKeywordKey();
            let key;
            if (keyword !== undefined) {
                key = { t: 'atom', v: keyword, line };
            }
            else {
                key = this.parseValue(depth + 1);
                this.skipSpace();
                if (this.peek() !== 61 || this.peek(1) !== 62)
                    this.fail(`expected "=>" or "key:" in a map, found ${this.describe()}`);
                this.pos += 2;
            }
            entries.push({ key, value: this.parseValue(depth + 1), line });
            this.skipSpace();
            this.failIfEnded('map', '}', open);
            const c = this.peek();
            if (c === 44)
                this.pos++;
            else if (c !== 125)
                this.fail(`expected "," or "}" in a map, found ${this.describe()}`);
        }
    }
    /** `name: ` or `"name": ` (a keyword key, an atom in Elixir); leaves the position unchanged otherwise. */
    tryKeywordKey() {
        const start = this.pos;
        const startLine = this.line;
        let key;
        const c = this.peek();
        if (c === 34)
            key = this.parseString(34);
        else if (isIdentStart(c))
            key = this.parseIdent();
        if (key !== undefined &&
            this.peek() === 58 &&
            (isSpace(this.peek(1)) || this.pos + 1 >= this.text.length)) {
            this.pos++;
            return key;
        }
        this.pos = start;
        this.line = startLine;
        return undefined;
    }
    parseIdent() {
        const start = this.pos;
        if (!isIdentStart(this.peek()))
            return undefined;
        while (isIdentChar(this.peek()))
            this.pos++;
        // Atoms may end in ? or !, and module-style atoms hold dots (:Elixir.Foo).
        while (this.peek() === 46 && isIdentStart(this.peek(1))) {
            this.pos++;
            while (isIdentChar(this.peek()))
                this.pos++;
        }
        if (this.peek() === 63 || this.peek() === 33)
            this.pos++;
        return this.text.slice(start, this.pos);
    }
    /** A "string" or 'charlist' with backslash escapes; strings may span lines. */
    parseString(quote) {
        const text = this.text;
        const startLine = this.line;
        let out = '';
        let i = this.pos + 1;
        let chunk = i;
        for (;;) {
            if (i >= text.length)
                this.fail('unterminated string', startLine);
            const c = text.charCodeAt(i);
            if (c === quote)
                break;
            if (c === 10)
                this.line++;
            if (c === 92) {
                out += text.slice(chunk, i);
                const next = text[i + 1];
                if (next === undefined)
                    this.fail('unterminated string', startLine);
                if (next === '\n')
                    this.line++;
                out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
                i += 2;
                chunk = i;
                continue;
            }
            i++;
        }
        out += text.slice(chunk, i);
        this.pos = i + 1;
        return out;
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/read-npm.ts




// The dependency lists of a project (the root or a workspace member) that npm installs.
const PROJECT_LISTS = [
    'dependencies',
    'devDependencies',
    'optionalDependencies',
    'peerDependencies',
];
// The lists of an installed package whose specs can name a tarball URL.
const PACKAGE_LISTS = ['dependencies', 'optionalDependencies', 'peerDependencies'];
/**
 * Reads package-lock.json and npm-shrinkwrap.json, lockfileVersion 1, 2 and 3.
 *
 * Versions 2 and 3 are read from the flat `packages` map (the legacy `dependencies` tree that version 2
 * keeps beside it is ignored); version 1 from the nested `dependencies` tree, walked to every depth.
 * Every install location is one entry, with its key as `path` (`node_modules/a/node_modules/b`), on the
 * line of its key, in file order. Aliases (`"node_modules/foo": {"name": "bar"}`, v1 `npm:bar@1.0.0`)
 * come out under the real name with `alias` set. A link (`"link": true`) is listed once per install
 * location, with the name and version of the folder it points to, as `workspace` when that folder is a
 * workspace member and `link` otherwise; a folder no link points to is listed as such. `file:` tarballs
 * are `path`, git dependencies `git`, tarball-URL dependencies `url` (with `resolved`).
 *
 * `direct` (v2 and v3 only; v1 does not record the root's dependencies) means that the root package or a
 * workspace member lists it, resolved from that project's folder outward as Node does. `dev` and
 * `optional` are npm's own flags; npm's `devOptional` (needed by development tooling and, optionally,
 * by production code) is not dev-only, so it reads as `dev: false, optional: true`. npm's `peer` flag is
 * not reported apart. `license` is read from v2 and v3 entries.
 */
function readNpmLockfile(path, rawText, options = {}) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data))
        throw new LockfileError(path, 'not an npm lockfile: expected a JSON object with lockfileVersion', {
            line: 1,
        });
    const version = data.lockfileVersion;
    if (version === undefined)
        throw new LockfileError(path, 'no lockfileVersion: not an npm lockfile', { line: 1 });
    if (version !== 1 && version !== 2 && version !== 3)
        throw new LockfileError(path, `unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`, { line: lineOfTopKey(text, 'lockfileVersion') });
    const format = `package-lock@${version}`;
    const warnings = [];
    if (version === 1 || data.packages === undefined) {
        if (version !== 1) {
            if (data.dependencies === undefined)
                throw new LockfileError(path, `lockfileVersion ${version} needs a "packages" object`, { line: 1 });
            warnings.push({
                message: `lockfileVersion ${version} without "packages": read from the legacy "dependencies" tree`,
                line: 1,
            });
        }
        return { ecosystem: 'npm', format, packages: readTree(path, text, data, warnings), warnings };
    }
    const { packages, entries } = readPackages(path, text, data, warnings);
    const result = { ecosystem: 'npm', format, packages, warnings };
    if (options.edges === true)
        result.dependencies = edgesOf(entries, packages);
    return result;
}
// Raises the reader's one error for a wrong value, naming the entry and its line.
function fail(file, reason, line) {
    throw new LockfileError(file, reason, { line });
}
// The package name an install path ends in (`a/node_modules/@s/b` -> `@s/b`), or undefined for a folder.
function installedName(key) {
    const at = key.lastIndexOf('node_modules/');
    if (at === -1 || (at > 0 && key.charCodeAt(at - 1) !== 47))
        return undefined;
    const name = key.slice(at + 'node_modules/'.length);
    return name === '' ? undefined : name;
}
// The last segment of a folder path, the name npm gives a folder package without a `name`.
function folderName(key) {
    const trimmed = key.replace(/\/+$/, '');
    return trimmed.slice(trimmed.lastIndexOf('/') + 1) || key;
}
function isGitSpec(value) {
    return (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:|ssh:)/.test(value) ||
        /^[\w.-]+\/[\w.-]+(#.*)?$/.test(value));
}
function isTarballPath(value) {
    return /\.(tgz|tar\.gz|tar)$/i.test(value);
}
// Where a v2/v3 install entry comes from, by its `resolved` field (absent for registry packages at times).
function sourceOfResolved(resolved) {
    // Registry tarballs (`https://…`) are nearly all of them; git URLs are `git+https:`, not `https:`.
    if (resolved === undefined || resolved.startsWith('https://'))
        return 'registry';
    if (isGitSpec(resolved))
        return 'git';
    if (resolved.startsWith('file:'))
        return 'path';
    return 'registry';
}
// The version in a tarball's file name (`…/isarray-2.0.5.tgz` -> `2.0.5`), as npm reads it for v1
// entries whose version is the tarball itself; '' when the name does not follow `<name>-<version>`.
function versionFromTarball(name, spec) {
    const file = spec.replace(/[?#].*$/, '').replace(/^.*[/\\]/, '');
    const base = name.slice(name.lastIndexOf('/') + 1);
    const match = /^(.*)\.(tgz|tar\.gz|tar)$/i.exec(file);
    if (match === null || !file.startsWith(`${base}-`))
        return '';
    const version = match[1].slice(base.length + 1);
    return /^\d+\.\d+\.\d+/.test(version) ? version : '';
}
// A license as npm records it: a string, or (old manifests) `{type}` objects.
function licenseOf(value) {
    if (typeof value === 'string')
        return value === '' ? undefined : value;
    if (isObj(value) && typeof value.type === 'string')
        return value.type;
    if (Array.isArray(value)) {
        const types = value
            .map((l) => (isObj(l) && typeof l.type === 'string' ? l.type : typeof l === 'string' ? l : ''))
            .filter((t) => t !== '');
        if (types.length === 1)
            return types[0];
        return types.length > 0 ? `(${types.join(' OR ')})` : undefined;
    }
    return undefined;
}
// Turns npm workspace globs (`packages/*`, `apps/**`, `!packages/old`) into one folder matcher.
function workspaceMatcher(file, root, line) {
    let patterns = root.workspaces;
    if (patterns === undefined)
        return () => false;
    if (isObj(patterns))
        patterns = patterns.packages;
    if (!Array.isArray(patterns) || patterns.some((p) => typeof p !== 'string'))
        fail(file, 'packages[""].workspaces must be a list of folder patterns', line);
    const include = [];
    const exclude = [];
    for (const raw of patterns) {
        const negated = raw.startsWith('!');
        const pattern = (negated ? raw.slice(1) : raw).replace(/^(\.\/)+/, '').replace(/\/+$/, '');
        const source = pattern
            .split(/(\*\*\/|\*\*|\*|\?)/)
            .map((part) => part === '**/'
            ? '(?:.*/)?'
            : part === '**'
                ? '.*'
                : part === '*'
                    ? '[^/]*'
                    : part === '?'
                        ? '[^/]'
                        : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
            .join('');
        (negated ? exclude : include).push(new RegExp(`^${source}$`));
    }
    return (folder) => include.some((r) => r.test(folder)) && !exclude.some((r) => r.test(folder));
}
// The install entry a dependency `name` of the package at `from` resolves to: `from/node_modules/name`,
// then the same in each enclosing folder, as Node's module resolution walks up.
function read_npm_resolveFrom(entries, from, name) {
    let dir = from;
    for (;;) {
        if (dir !== 'node_modules' && !dir.endsWith('/node_modules')) {
            const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
            if (Object.hasOwn(entries, candidate))
                return candidate;
        }
        if (dir === '')
            return undefined;
        const cut = dir.lastIndexOf('/');
        dir = cut === -1 ? '' : dir.slice(0, cut);
    }
}
// The folder key a `file:` spec names, relative to the project folder `from` (`file:./a/../b` -> `b`).
function folderOfFileSpec(from, spec) {
    const parts = from === '' ? [] : from.split('/');
    for (const part of spec.slice('file:'.length).split('/')) {
        if (part === '' || part === '.')
            continue;
        if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..')
            parts.pop();
        else
            parts.push(part);
    }
    return parts.join('/');
}
function readPackages(file, text, data, warnings) {
    const entries = data.packages;
    if (!isObj(entries))
        fail(file, `"packages" must be an object of install locations`, lineOfTopKey(text, 'packages'));
    // The keys, entries, lines and installed names are kept in arrays: `packages` can hold 100,000 keys.
    const keys = Object.keys(entries);
    const count = keys.length;
    const lineAt = packageKeyLines(text, keys);
    // For error messages only, so a linear search is fine.
    const lineOf = (key) => lineAt[keys.indexOf(key)] ?? 1;
    const rootEntry = entries[''] ?? {};
    if (!isObj(rootEntry))
        fail(file, 'packages[""] (the root project) must be an object', lineOf(''));
    const isWorkspace = workspaceMatcher(file, rootEntry, lineOf(''));
    // One pass to check every entry's shape, find link targets and workspace member folders, and note
    // dependencies on tarball URLs: those look like registry packages in their own entry, and only the
    // spec that asked for them says otherwise (rare: a first-character test passes over the others).
    const values = new Array(count);
    const installed = new Array(count);
    const linkTargets = new Set();
    const projects = [''];
    const urlSpecs = [];
    for (let i = 0; i < count; i++) {
        const key = keys[i];
        const entry = entries[key];
        if (!isObj(entry))
            fail(file, `packages["${key}"] must be an object`, lineAt[i]);
        values[i] = entry;
        const name = key === '' ? undefined : installedName(key);
        installed[i] = name;
        for (const list of name === undefined ? PROJECT_LISTS : PACKAGE_LISTS) {
            const deps = entry[list];
            if (!isObj(deps))
                continue;
            for (const dep in deps) {
                const spec = deps[dep];
                if (typeof spec === 'string' && spec.charCodeAt(0) === 104 && /^https?:/.test(spec))
                    urlSpecs.push({ from: key, name: dep });
            }
        }
        if (key === '')
            continue;
        checkEntry(file, key, entry, lineOf);
        if (entry.link === true) {
            if (typeof entry.resolved !== 'string' || entry.resolved === '')
                fail(file, `packages["${key}"] is a link without a "resolved" folder`, lineOf(key));
            linkTargets.add(entry.resolved);
        }
        else if (name === undefined && isWorkspace(key)) {
            projects.push(key);
        }
    }
    // Direct: what the root and the workspace members list, resolved from their folders.
    const direct = new Set();
    for (const project of projects) {
        const entry = (project === '' ? rootEntry : entries[project]);
        for (const list of PROJECT_LISTS) {
            const deps = entry[list];
            if (deps === undefined)
                continue;
            if (!isObj(deps))
                fail(file, `packages["${project}"].${list} must be an object`, lineOf(project));
            for (const name in deps) {
                const target = read_npm_resolveFrom(entries, project, name);
                if (target !== undefined) {
                    direct.add(target);
                    continue;
                }
                // A `file:` folder that no link points to is found by its path instead.
                const spec = deps[name];
                if (typeof spec === 'string' && spec.startsWith('file:'))
                    direct.add(folderOfFileSpec(project, spec));
            }
        }
    }
    const fromUrl = new Set();
    for (const { from, name } of urlSpecs) {
        const target = read_npm_resolveFrom(entries, from, name);
        if (target !== undefined)
            fromUrl.add(target);
    }
    const out = [];
    let ordered = true;
    for (let i = 0; i < count; i++) {
        const key = keys[i];
        if (key === '')
            continue;
        const entry = values[i];
        const asInstalled = installed[i];
        const line = lineAt[i];
        let pkg;
        if (entry.link === true) {
            pkg = readLink(key, entry, entries, line, asInstalled, isWorkspace, warnings);
        }
        else if (asInstalled === undefined) {
            // A folder: a workspace member or linked folder, listed through the links that point to it.
            if (linkTargets.has(key))
                continue;
            const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : folderName(key);
            pkg = {
                ecosystem: 'npm',
                name,
                version: typeof entry.version === 'string' ? entry.version : '',
                line,
                source: isWorkspace(key) ? 'workspace' : 'link',
                resolved: key,
                path: key,
            };
            setFlags(pkg, entry);
            setLicense(pkg, entry.license);
        }
        else {
            const { name: realName, version, resolved, } = entry;
            const name = realName === undefined || realName === '' ? asInstalled : realName;
            if (version === undefined || version === '')
                warnings.push({ message: `${key} has no version`, line });
            // A URL spec can also name a git repository, which `resolved` then shows.
            let source = sourceOfResolved(resolved);
            if (source === 'registry' && fromUrl.has(key))
                source = 'url';
            pkg = { ecosystem: 'npm', name, version: version ?? '', line, source, path: key };
            if (name !== asInstalled)
                pkg.alias = asInstalled;
            if (source !== 'registry' && resolved !== undefined)
                pkg.resolved = resolved;
            setFlags(pkg, entry);
            setLicense(pkg, entry.license);
        }
        pkg.direct = direct.has(key);
        if (out.length > 0 && out[out.length - 1].line > line)
            ordered = false;
        out.push(pkg);
    }
    // Object key order is file order except for integer-like keys, which JavaScript puts first.
    if (!ordered)
        out.sort((a, b) => a.line - b.line);
    return { packages: out, entries };
}
/**
 * Each package's dependencies as npm resolves them: a name resolves from the package's own folder up
 * through the enclosing node_modules folders. A link's dependencies are its target folder's, resolved
 * from there; a folder (workspace member, linked folder) also counts its devDependencies.
 */
function edgesOf(entries, packages) {
    // Install locations as a tree: per folder, the packages of its own node_modules by name. Names are
    // then looked up as they are (no key is built per dependency: 100,000 entries list ~150,000 names).
    const children = new Map();
    const place = (key, index) => {
        const cut = key.lastIndexOf('node_modules/');
        if (cut === -1 || (cut > 0 && key.charCodeAt(cut - 1) !== 47))
            return;
        const dir = cut === 0 ? '' : key.slice(0, cut - 1);
        let names = children.get(dir);
        if (names === undefined)
            children.set(dir, (names = new Map()));
        const name = key.slice(cut + 'node_modules/'.length);
        if (!names.has(name))
            names.set(name, index);
    };
    const folderIndex = new Map();
    packages.forEach((pkg, i) => {
        place(pkg.path, i);
        folderIndex.set(pkg.path, i);
        // A link's target folder has no package of its own: what resolves to it is the link.
        if (pkg.resolved !== undefined && (pkg.source === 'link' || pkg.source === 'workspace'))
            if (!folderIndex.has(pkg.resolved))
                folderIndex.set(pkg.resolved, i);
    });
    // The node_modules folders a package's names resolve through, innermost first, shared by siblings.
    const chains = new Map();
    const chainOf = (dir) => {
        let chain = chains.get(dir);
        if (chain !== undefined)
            return chain;
        const cut = dir.lastIndexOf('/');
        const outer = dir === '' ? [] : chainOf(cut === -1 ? '' : dir.slice(0, cut));
        const own = children.get(dir);
        chain = own === undefined ? outer : [own, ...outer];
        chains.set(dir, chain);
        return chain;
    };
    return packages.map((pkg, i) => {
        const key = pkg.path;
        const own = entries[key];
        const from = own.link === true && typeof own.resolved === 'string' ? own.resolved : key;
        const entry = entries[from];
        const edges = [];
        if (!isObj(entry))
            return edges;
        const isFolder = installedName(from) === undefined;
        const chain = chainOf(from);
        for (const list of isFolder ? PROJECT_LISTS : PACKAGE_LISTS) {
            const deps = entry[list];
            if (!isObj(deps))
                continue;
            for (const name in deps) {
                let at;
                for (let d = 0; at === undefined && d < chain.length; d++)
                    at = chain[d].get(name);
                if (at !== undefined && at !== i && !edges.includes(at))
                    edges.push(at);
            }
        }
        return edges;
    });
}
// A link lists the folder it points to: its name and version, installed under the link's own name.
function readLink(key, entry, entries, line, asInstalled, isWorkspace, warnings) {
    const target = entry.resolved;
    const folder = entries[target];
    if (!isObj(folder))
        warnings.push({ message: `${key} links to ${target}, which has no entry in "packages"`, line });
    const real = isObj(folder) ? folder : {};
    const name = typeof real.name === 'string' && real.name !== '' ? real.name : (asInstalled ?? key);
    const pkg = {
        ecosystem: 'npm',
        name,
        version: typeof real.version === 'string' ? real.version : '',
        line,
        source: isWorkspace(target) ? 'workspace' : 'link',
        resolved: target,
        path: key,
    };
    if (asInstalled !== undefined && asInstalled !== name)
        pkg.alias = asInstalled;
    // npm flags the link; a hand-written file may flag only the folder.
    const flagged = entry.dev !== undefined || entry.optional !== undefined || entry.devOptional !== undefined;
    setFlags(pkg, flagged ? entry : real);
    setLicense(pkg, real.license);
    return pkg;
}
function setLicense(pkg, value) {
    const license = licenseOf(value);
    if (license !== undefined)
        pkg.licenses = [license];
}
function setFlags(pkg, entry) {
    const devOptional = entry.devOptional === true;
    pkg.dev = entry.dev === true && !devOptional;
    pkg.optional = entry.optional === true || devOptional;
}
const STRING_FIELDS = ['name', 'version', 'resolved'];
const FLAG_FIELDS = ['link', 'dev', 'optional', 'devOptional'];
// Refuses an entry whose fields the reader relies on have the wrong type.
function checkEntry(file, key, entry, lineOf) {
    const { name, version, resolved, link, dev, optional, devOptional } = entry;
    // The common case in one expression; the field at fault is looked for only when something is wrong.
    if ((name === undefined || typeof name === 'string') &&
        (version === undefined || typeof version === 'string') &&
        (resolved === undefined || typeof resolved === 'string') &&
        (link === undefined || typeof link === 'boolean') &&
        (dev === undefined || typeof dev === 'boolean') &&
        (optional === undefined || typeof optional === 'boolean') &&
        (devOptional === undefined || typeof devOptional === 'boolean'))
        return;
    for (const field of STRING_FIELDS) {
        const value = entry[field];
        if (value !== undefined && typeof value !== 'string')
            fail(file, `packages["${key}"].${field} must be a string, got ${JSON.stringify(value)}`, lineOf(key));
    }
    for (const field of FLAG_FIELDS) {
        const value = entry[field];
        if (value !== undefined && typeof value !== 'boolean')
            fail(file, `packages["${key}"].${field} must be true or false, got ${JSON.stringify(value)}`, lineOf(key));
    }
}
// The v1 tree: entries keyed by name, each with a version, flags and its own nested `dependencies`.
function readTree(file, text, data, warnings) {
    const top = data.dependencies;
    if (top === undefined)
        return [];
    const lines = treeKeyLines(text);
    if (!isObj(top))
        fail(file, '"dependencies" must be an object', lineOfTopKey(text, 'dependencies'));
    const out = [];
    let ordered = true;
    // Depth-first, entries before their nested trees (file order), with an explicit stack: real trees
    // nest deeply and a crafted one must not overflow the call stack.
    const stack = [
        { deps: top, names: Object.keys(top), at: 0, prefix: '' },
    ];
    while (stack.length > 0) {
        const frame = stack[stack.length - 1];
        if (frame.at >= frame.names.length) {
            stack.pop();
            continue;
        }
        const name = frame.names[frame.at++];
        const installPath = `${frame.prefix}node_modules/${name}`;
        const line = lines.get(installPath) ?? 1;
        const entry = frame.deps[name];
        if (!isObj(entry))
            fail(file, `dependencies entry ${installPath} must be an object`, line);
        const pkg = readTreeEntry(file, name, installPath, entry, line, warnings);
        if (out.length > 0 && out[out.length - 1].line > line)
            ordered = false;
        out.push(pkg);
        const nested = entry.dependencies;
        if (nested === undefined)
            continue;
        if (!isObj(nested))
            fail(file, `${installPath}: "dependencies" must be an object`, line);
        stack.push({ deps: nested, names: Object.keys(nested), at: 0, prefix: `${installPath}/` });
    }
    // As for `packages`: integer-like names come first in key order, so put them back in file order.
    if (!ordered)
        out.sort((a, b) => a.line - b.line);
    return out;
}
function readTreeEntry(file, name, installPath, entry, line, warnings) {
    const raw = entry.version;
    if (typeof raw !== 'string' || raw === '')
        fail(file, `${installPath} has no version`, line);
    for (const field of ['resolved', 'from']) {
        if (entry[field] !== undefined && typeof entry[field] !== 'string')
            fail(file, `${installPath}: "${field}" must be a string`, line);
    }
    for (const field of ['dev', 'optional']) {
        if (entry[field] !== undefined && typeof entry[field] !== 'boolean')
            fail(file, `${installPath}: "${field}" must be true or false`, line);
    }
    const resolved = entry.resolved;
    let realName = name;
    let version = raw;
    let source = 'registry';
    let where;
    if (raw.startsWith('npm:')) {
        // An alias: `npm:<real name>@<version>`, the real name possibly scoped.
        const spec = raw.slice(4);
        const at = spec.lastIndexOf('@');
        if (at <= 0)
            fail(file, `${installPath}: malformed alias version ${JSON.stringify(raw)}`, line);
        realName = spec.slice(0, at);
        version = spec.slice(at + 1);
    }
    else if (raw.startsWith('file:')) {
        // npm links `file:` folders and unpacks `file:` tarballs; v1 records neither's version, and npm
        // itself takes a tarball's from its file name.
        source = isTarballPath(raw) ? 'path' : 'link';
        version = source === 'path' ? versionFromTarball(name, raw) : '';
        where = raw;
    }
    else if (isGitSpec(raw)) {
        source = 'git';
        version = '';
        where = raw;
    }
    else if (/^https?:/.test(raw)) {
        source = 'url';
        version = versionFromTarball(name, raw);
        where = raw;
    }
    else if (resolved !== undefined && isGitSpec(resolved)) {
        source = 'git';
        where = resolved;
    }
    else if (resolved?.startsWith('file:') === true) {
        source = 'path';
        where = resolved;
    }
    if (source === 'registry' && !/^\d/.test(version))
        warnings.push({ message: `${installPath} has an unusual version ${JSON.stringify(raw)}`, line });
    const pkg = {
        ecosystem: 'npm',
        name: realName,
        version,
        line,
        source,
        path: installPath,
        dev: entry.dev === true,
        optional: entry.optional === true,
    };
    if (realName !== name)
        pkg.alias = name;
    if (where !== undefined)
        pkg.resolved = where;
    return pkg;
}
// The index just past the closing quote of the JSON string that opens at `start`, or -1 if unclosed.
function stringEnd(text, start) {
    let end = start + 1;
    for (;;) {
        end = text.indexOf('"', end);
        if (end === -1)
            return -1;
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 92; k--)
            backslashes++;
        if (backslashes % 2 === 0)
            return end + 1;
        end++;
    }
}
function keyText(text, start, end) {
    const raw = text.slice(start + 1, end - 1);
    return raw.includes('\\') ? JSON.parse(`"${raw}"`) : raw;
}
// The line of a key of the root object (for errors about it), 1 when not found.
function lineOfTopKey(text, key) {
    const at = text.indexOf(`"${key}"`);
    if (at === -1)
        return 1;
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1))
        line++;
    return line;
}
// Where the keys of the root's `packages` object stand, in one pass over the text (JSON.parse keeps no
// positions): the offset of each key's opening quote and its line, in file order. Strings are skipped
// whole and braces outside them counted, so indentation does not matter; a string directly inside the
// root or `packages` is a key when a colon follows it. The pass ends with the `packages` object unless
// another `packages` key follows (JSON.parse reads the last of duplicate keys).
function scanPackageKeys(text) {
    const offsets = [];
    const lines = [];
    let depth = 0;
    let line = 1;
    let lastTopIsPackages = false;
    let inPackages = false;
    const length = text.length;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) {
            const end = stringEnd(text, i);
            if (end === -1)
                break;
            if (depth === 1 || (depth === 2 && inPackages)) {
                let j = end;
                let next = text.charCodeAt(j);
                while (next === 32 || next === 10 || next === 13 || next === 9)
                    next = text.charCodeAt(++j);
                if (next === 58) {
                    if (depth === 2) {
                        offsets.push(i);
                        lines.push(line);
                    }
                    else {
                        lastTopIsPackages = end - i === 10 && text.startsWith('packages', i + 1);
                    }
                }
            }
            i = end - 1;
        }
        else if (c === 123) {
            depth++;
            if (depth === 2)
                inPackages = lastTopIsPackages;
        }
        else if (c === 125) {
            depth--;
            if (depth === 1 && inPackages) {
                inPackages = false;
                if (text.indexOf('"packages"', i) === -1)
                    break;
            }
        }
        else if (c === 10) {
            line++;
        }
    }
    return { offsets, lines };
}
// The line of each key of `packages`, in the order of `keys` (Object.keys of the parsed object). The
// scan finds the same keys in the same order unless keys repeat, carry escapes or look like integers
// (which JavaScript orders first); then the lines are matched by key text instead.
function packageKeyLines(text, keys) {
    const { offsets, lines } = scanPackageKeys(text);
    const count = keys.length;
    let aligned = offsets.length === count;
    for (let i = 0; aligned && i < count; i++) {
        const key = keys[i];
        const at = offsets[i] + 1;
        aligned = text.startsWith(key, at) && text.charCodeAt(at + key.length) === 34;
    }
    if (aligned)
        return lines;
    const byKey = new Map();
    for (let i = 0; i < offsets.length; i++) {
        const at = offsets[i];
        byKey.set(keyText(text, at, stringEnd(text, at)), lines[i]);
    }
    return keys.map((key) => byKey.get(key) ?? 1);
}
// Lines of the entries of a v1 `dependencies` tree, by install path (`node_modules/a/node_modules/b`),
// in one pass. Entry keys stand at even depths under a chain of `dependencies` keys; the chain and the
// path so far are kept per depth, so the pass stays linear however deep the tree nests.
function treeKeyLines(text) {
    const lines = new Map();
    // Per depth: the last key read there, whether the object at that depth is part of the tree, and
    // (at entry depths) the install path of the last entry.
    const lastKey = [''];
    const inTree = [false];
    const pathAt = [''];
    const isObject = [false];
    let depth = 0;
    let line = 1;
    let expectKey = false;
    const length = text.length;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10)
            line++;
        else if (c === 34) {
            const end = stringEnd(text, i);
            if (end === -1)
                break;
            if (expectKey) {
                // Keys are read only where they can matter: in the root and inside the tree's objects.
                if (inTree[depth] === true) {
                    const key = keyText(text, i, end);
                    lastKey[depth] = key;
                    if (depth >= 2 && depth % 2 === 0) {
                        const path = depth === 2 ? `node_modules/${key}` : `${pathAt[depth - 2]}/node_modules/${key}`;
                        pathAt[depth] = path;
                        lines.set(path, line);
                    }
                }
                else {
                    lastKey[depth] = '';
                }
                expectKey = false;
            }
            i = end - 1;
        }
        else if (c === 123 || c === 91) {
            const parentInTree = inTree[depth] === true;
            const parentKey = lastKey[depth] ?? '';
            depth++;
            isObject[depth] = c === 123;
            // An entries object is the value of a `dependencies` key (odd depth); an entry is any key's value
            // in an entries object (even depth).
            inTree[depth] =
                depth === 1
                    ? c === 123
                    : c === 123 && parentInTree && (depth % 2 === 1 || parentKey === 'dependencies');
            lastKey[depth] = '';
            expectKey = c === 123;
        }
        else if (c === 125 || c === 93) {
            depth--;
            expectKey = false;
        }
        else if (c === 44) {
            expectKey = isObject[depth] === true;
        }
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/lockfiles/read-nuget.ts




const TYPES = new Set(['Direct', 'Transitive', 'CentralTransitive', 'Project']);
/**
 * NuGet `packages.lock.json` (versions 1 and 2). The file lists the resolved graph once per target
 * framework (`net8.0`) and runtime (`net8.0/linux-x64`); a package is reported once per name (NuGet ids
 * are case-insensitive) and resolved version, at its first line, direct when any target lists it as
 * `Direct`. `CentralTransitive` entries (central package management pinning a transitive package) are
 * transitive. `Project` entries are project references inside the solution: source `workspace`, with
 * version '' since the lockfile does not carry one.
 */
function readNugetLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data))
        throw new LockfileError(path, 'not a packages.lock.json: the top level is not an object', { line: 1 });
    // One pass for the top-level keys, the targets and their packages; deeper keys are skipped unread.
    const lines = jsonKeyLines(text, (p) => p.length === 2 || ((p.length === 3 || p.length === 4) && p[1] === 'dependencies'), 4);
    const version = data.version;
    if (version !== 1 && version !== 2) {
        throw new LockfileError(path, version === undefined
            ? 'not a packages.lock.json: no "version"'
            : `unsupported packages.lock.json version ${JSON.stringify(version)} (depgate reads versions 1 and 2)`, { line: lines.get('\u0000version') ?? 1 });
    }
    const targets = data.dependencies;
    if (!isObj(targets)) {
        throw new LockfileError(path, 'not a packages.lock.json: "dependencies" is missing or not an object', {
            line: lines.get('\u0000dependencies') ?? 1,
        });
    }
    const packages = [];
    const warnings = [];
    const seen = new Map();
    for (const [target, entries] of Object.entries(targets)) {
        const targetLine = lines.get(`\u0000dependencies\u0000${target}`) ?? lines.get('\u0000dependencies') ?? 1;
        if (!isObj(entries))
            throw new LockfileError(path, `target ${JSON.stringify(target)} is not an object`, {
                line: targetLine,
            });
        for (const [name, entry] of Object.entries(entries)) {
            const line = lines.get(`\u0000dependencies\u0000${target}\u0000${name}`) ?? targetLine;
            const where = `${name} (${target})`;
            if (!isObj(entry))
                throw new LockfileError(path, `${where} is not an object`, { line });
            if (name === '')
                throw new LockfileError(path, `a package of ${target} has an empty name`, { line });
            const type = entry.type;
            if (typeof type !== 'string' || !TYPES.has(type)) {
                throw new LockfileError(path, `${where} has ${type === undefined ? 'no "type"' : `the unknown type ${JSON.stringify(type)}`} (expected Direct, Transitive, CentralTransitive or Project)`, { line });
            }
            const resolved = entry.resolved;
            if (type !== 'Project' && (typeof resolved !== 'string' || resolved === '')) {
                throw new LockfileError(path, `${where} has no "resolved" version`, { line });
            }
            const pkgVersion = typeof resolved === 'string' ? resolved : '';
            const key = `${type === 'Project' ? 'project' : 'package'}\u0000${name.toLowerCase()}\u0000${pkgVersion.toLowerCase()}`;
            const earlier = seen.get(key);
            if (earlier !== undefined) {
                if (type === 'Direct')
                    earlier.direct = true;
                continue;
            }
            const pkg = type === 'Project'
                ? { ecosystem: 'nuget', name, version: pkgVersion, line, source: 'workspace' }
                : {
                    ecosystem: 'nuget',
                    name,
                    version: pkgVersion,
                    line,
                    source: 'registry',
                    direct: type === 'Direct',
                };
            seen.set(key, pkg);
            packages.push(pkg);
        }
    }
    return { ecosystem: 'nuget', format: `nuget-lock@${version}`, packages, warnings };
}

;// CONCATENATED MODULE: ./src/lockfiles/python-fields.ts


function wrongType(place, key, expected, value) {
    const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return new LockfileError(place.file, `${place.where}: "${key}" must be ${expected}, got ${got}`, {
        line: place.line,
    });
}
/** A string field, or undefined when absent; any other type is a LockfileError at the entry's line. */
function optionalString(place, entry, key) {
    const value = entry[key];
    if (value === undefined || typeof value === 'string')
        return value;
    throw wrongType(place, key, 'a string', value);
}
/** A non-empty string field that must be present. */
function requiredString(place, entry, key) {
    const value = optionalString(place, entry, key);
    if (value === undefined || value === '')
        throw new LockfileError(place.file, `${place.where}: no "${key}"`, { line: place.line });
    return value;
}
function optionalBoolean(place, entry, key) {
    const value = entry[key];
    if (value === undefined || typeof value === 'boolean')
        return value;
    throw wrongType(place, key, 'true or false', value);
}
function optionalStringArray(place, entry, key) {
    const value = entry[key];
    if (value === undefined)
        return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        return value;
    throw wrongType(place, key, 'an array of strings', value);
}
function optionalTable(place, entry, key) {
    const value = entry[key];
    if (value === undefined || isObj(value))
        return value;
    throw wrongType(place, key, 'a table', value);
}

;// CONCATENATED MODULE: ./src/lockfiles/toml-package-tables.ts





/**
 * Reads a TOML lockfile whose packages are a `[[package]]` array of tables (poetry.lock, uv.lock,
 * pdm.lock): refuses conflict markers and invalid TOML, checks that `package` is an array of tables,
 * and pairs each table with the line of its header. When the headers cannot be matched one to one
 * (packages written as an inline array), each package takes the nearest header's line, with a warning.
 */
function readPackageTables(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseTomlLockfile(path, text);
    const list = data.package ?? [];
    if (!Array.isArray(list))
        throw new LockfileError(path, '"package" must be an array of tables ([[package]])', {
            line: tomlKeyLine(text, 'package'),
        });
    const warnings = [];
    const lines = arrayTableLines(text, 'package');
    if (lines.length !== list.length) {
        warnings.push({
            message: `found ${lines.length} [[package]] header lines for ${list.length} packages; lines are those of the nearest headers`,
        });
    }
    const fallback = lines.length === 0 ? tomlKeyLine(text, 'package') : 1;
    const packages = [];
    for (let i = 0; i < list.length; i++) {
        const table = list[i];
        const line = lines[Math.min(i, lines.length - 1)] ?? fallback;
        if (!isObj(table))
            throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
        packages.push({ table, line });
    }
    return { text, data, packages, warnings };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pdm.ts





/** PDM refuses a lockfile of a newer major lock_version; so do we. */
const NEWEST_MAJOR = 4;
/**
 * pdm.lock (lock_version 4.x, and older files without one): every `[[package]]` in file order, at the
 * line of its header, name and version as written.
 *
 * Groups: a package in `default` is a runtime dependency (dev and optional false). PDM keeps dev
 * groups and optional-dependency groups (extras) in one namespace and the lockfile does not say which
 * is which, so only PDM's own dev group, `dev` (where `pdm add -d` puts a package), makes a package
 * dev; a package only in other groups is `optional`, with dev left unset. Without `groups`, both are
 * unset. Direct dependencies are not recorded, so `direct` is never set.
 *
 * An entry for a package with extras (`extras = [...]`) repeats the plain entry of the same version
 * and source; it is left out when that plain entry is present.
 *
 * Sources: `git` (with `revision`) is `git`, resolved `url#revision`; `path` is `path`; `url` is `url`
 * (a `file://` url is `path`); otherwise `registry`.
 *
 * Format: `pdm@<lock_version>`, or `pdm` (with a warning) when `[metadata]` has none.
 */
function readPdmLock(path, rawText) {
    const { text, data, packages: tables, warnings } = readPackageTables(path, rawText);
    const metadata = data.metadata;
    const metadataLine = () => tomlKeyLine(text, 'metadata');
    if (metadata !== undefined && !isObj(metadata))
        throw new LockfileError(path, '"metadata" must be a table', { line: metadataLine() });
    if (metadata !== undefined && metadata.lock_version === undefined && metadata['lock-version'] !== undefined)
        throw new LockfileError(path, '[metadata] has lock-version: this is a poetry.lock, not a pdm.lock', {
            line: metadataLine(),
        });
    if (tables.length === 0 &&
        metadata === undefined &&
        data.package === undefined &&
        Object.keys(data).length > 0)
        throw new LockfileError(path, 'no [[package]] tables and no [metadata]: not a pdm.lock', { line: 1 });
    let format = 'pdm';
    const lockVersion = metadata?.lock_version;
    if (lockVersion !== undefined) {
        if (typeof lockVersion !== 'string' || !/^\d+(\.\d+)*$/.test(lockVersion))
            throw new LockfileError(path, `[metadata] lock_version must be a version string, got ${JSON.stringify(lockVersion)}`, { line: metadataLine() });
        if (Number(lockVersion.split('.')[0]) > NEWEST_MAJOR)
            throw new LockfileError(path, `unsupported pdm.lock lock_version ${lockVersion} (read: up to ${NEWEST_MAJOR}.x)`, { line: metadataLine() });
        format = `pdm@${lockVersion}`;
    }
    else if (tables.length > 0) {
        warnings.push({ message: 'no [metadata] lock_version; read as a pdm.lock of lock_version 4.x' });
    }
    if (metadata !== undefined)
        optionalStringArray({ file: path, where: '[metadata]', line: metadataLine() }, metadata, 'groups');
    // Pass 1: every entry's shape, and which entries are plain (without extras).
    const entries = [];
    const plain = new Set();
    for (const [index, { table, line }] of tables.entries()) {
        const place = { file: path, where: `package ${index + 1}`, line };
        const name = requiredString(place, table, 'name');
        place.where = `package ${name}`;
        const pkg = { ecosystem: 'pypi', name, version: '', line, source: 'registry' };
        const git = optionalString(place, table, 'git');
        const localPath = optionalString(place, table, 'path');
        const url = optionalString(place, table, 'url');
        optionalBoolean(place, table, 'editable');
        let source = 'registry';
        if (git !== undefined) {
            source = 'git';
            const revision = optionalString(place, table, 'revision') ?? optionalString(place, table, 'ref');
            pkg.resolved = revision === undefined || revision === '' ? git : `${git}#${revision}`;
        }
        else if (localPath !== undefined) {
            source = 'path';
            pkg.resolved = localPath;
        }
        else if (url !== undefined) {
            source = /^file:/i.test(url) ? 'path' : 'url';
            pkg.resolved = url;
        }
        pkg.source = source;
        const version = optionalString(place, table, 'version');
        if (version === undefined || version === '') {
            // Local and VCS packages may be locked without a version (a dynamic version); an index never is.
            if (source === 'registry')
                throw new LockfileError(path, `${place.where}: no "version"`, { line });
        }
        else {
            pkg.version = version;
        }
        const groups = optionalStringArray(place, table, 'groups');
        if (groups !== undefined) {
            if (groups.includes('default')) {
                pkg.dev = false;
                pkg.optional = false;
            }
            else if (groups.includes('dev')) {
                pkg.dev = true;
                pkg.optional = false;
            }
            else {
                pkg.optional = true;
            }
        }
        const extras = optionalStringArray(place, table, 'extras');
        const withExtras = extras !== undefined && extras.length > 0;
        if (!withExtras)
            plain.add(identity(pkg));
        entries.push({ pkg, extras: withExtras });
    }
    const packages = [];
    for (const { pkg, extras } of entries)
        if (!extras || !plain.has(identity(pkg)))
            packages.push(pkg);
    return { ecosystem: 'pypi', format, packages, warnings };
}
function identity(pkg) {
    return `${pkg.name}\u0000${pkg.version}\u0000${pkg.source}\u0000${pkg.resolved ?? ''}`;
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pipfile.ts





/** The newest `_meta.pipfile-spec` pipenv writes; a newer one is refused rather than misread. */
const NEWEST_SPEC = 6;
const read_pipfile_SECTIONS = [
    ['default', false],
    ['develop', true],
];
/**
 * Pipfile.lock: the packages of `default` and of `develop` (dev), each at the line of its key, in file
 * order within each section, `default` first. The name is the key as pipenv wrote it (pipenv writes
 * names lowercased, others compare them PEP 503-normalised).
 *
 * The version is the pin without its operator (`==2.1.1` and `===2.1.1` give `2.1.1`); markers are
 * ignored. A `git` entry is `git` with `url#ref` as `resolved`; a `path` entry, or a `file` that is not
 * an http(s) URL, is `path`; a remote `file` is `url`. An editable or plain entry at path `.` is the
 * project itself and is not listed. A registry entry without a version is listed unpinned, with a
 * warning. Pipfile.lock does not record which packages are direct, so `direct` is never set.
 *
 * A package locked in both sections is listed once per section: the sections are separate entries of
 * the file (and may pin different versions), and only the `develop` one is dev.
 *
 * Format: `pipfile-lock@<pipfile-spec>`, or `pipfile-lock` when `_meta` does not give it.
 */
function readPipfileLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data) || !('_meta' in data || 'default' in data || 'develop' in data)) {
        throw new LockfileError(path, 'expected "_meta", "default" and "develop" objects: not a Pipfile.lock', {
            line: 1,
        });
    }
    const lines = jsonKeyLines(text, (p) => (p.length === 3 && (p[1] === 'default' || p[1] === 'develop')) || p.length === 2, 3);
    const keyLine = (...keys) => lines.get(['', ...keys].join('\u0000')) ?? 1;
    let format = 'pipfile-lock';
    const meta = data._meta;
    if (meta !== undefined) {
        if (!isObj(meta))
            throw new LockfileError(path, '"_meta" must be an object', { line: keyLine('_meta') });
        const spec = meta['pipfile-spec'];
        if (spec !== undefined) {
            if (typeof spec !== 'number' || !Number.isInteger(spec) || spec < 1)
                throw new LockfileError(path, `_meta.pipfile-spec must be a positive integer, got ${JSON.stringify(spec)}`, {
                    line: keyLine('_meta'),
                });
            if (spec > NEWEST_SPEC)
                throw new LockfileError(path, `unsupported Pipfile.lock pipfile-spec ${spec} (read: up to ${NEWEST_SPEC})`, {
                    line: keyLine('_meta'),
                });
            format = `pipfile-lock@${spec}`;
        }
    }
    const packages = [];
    const warnings = [];
    for (const [section, dev] of read_pipfile_SECTIONS) {
        const deps = data[section];
        if (deps === undefined)
            continue;
        if (!isObj(deps))
            throw new LockfileError(path, `"${section}" must be an object of packages`, { line: keyLine(section) });
        for (const [name, entry] of Object.entries(deps)) {
            const line = keyLine(section, name);
            const place = { file: path, where: `${section}.${name}`, line };
            if (!isObj(entry))
                throw new LockfileError(path, `${place.where} must be an object, got ${typeName(entry)}`, { line });
            const pkg = read_pipfile_readEntry(place, name, entry, dev, warnings);
            if (pkg !== undefined)
                packages.push(pkg);
        }
    }
    return { ecosystem: 'pypi', format, packages, warnings };
}
function read_pipfile_readEntry(place, name, entry, dev, warnings) {
    const version = optionalString(place, entry, 'version');
    const git = optionalString(place, entry, 'git');
    const ref = optionalString(place, entry, 'ref');
    const localPath = optionalString(place, entry, 'path');
    const file = optionalString(place, entry, 'file');
    optionalBoolean(place, entry, 'editable');
    optionalStringArray(place, entry, 'hashes');
    let source = 'registry';
    let resolved;
    if (git !== undefined) {
        source = 'git';
        resolved = ref === undefined || ref === '' ? git : `${git}#${ref}`;
    }
    else if (localPath !== undefined) {
        // The project installing itself (`-e .`), not a dependency.
        if (/^\.[\\/]?$/.test(localPath))
            return undefined;
        source = 'path';
        resolved = localPath;
    }
    else if (file !== undefined) {
        source = /^https?:\/\//i.test(file) ? 'url' : 'path';
        resolved = file;
    }
    const pkg = {
        ecosystem: 'pypi',
        name,
        version: version === undefined ? '' : version.replace(/^===?\s*/, ''),
        line: place.line,
        source,
        dev,
    };
    if (resolved !== undefined)
        pkg.resolved = resolved;
    if (source === 'registry' && (pkg.version === '' || pkg.version === '*')) {
        pkg.version = '';
        pkg.unpinned = true;
        if (version !== undefined)
            pkg.specifier = version;
        warnings.push({ message: `${place.where} has no pinned version`, line: place.line });
    }
    else if (version !== undefined && !/^===?/.test(version)) {
        // Pipenv always pins with ==; anything else is a hand edit that does not name one version.
        pkg.version = '';
        pkg.unpinned = true;
        pkg.specifier = version;
        warnings.push({
            message: `${place.where}: version ${JSON.stringify(version)} is not a pin (==)`,
            line: place.line,
        });
    }
    return pkg;
}
function typeName(value) {
    return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

// EXTERNAL MODULE: ./node_modules/js-yaml/dist/js-yaml.mjs
var js_yaml = __webpack_require__(3243);
;// CONCATENATED MODULE: ./src/lockfiles/parse-yaml.ts


/**
 * Every YAML document of a lockfile (pnpm 11 writes two), with a LockfileError naming the file and
 * line of a syntax error.
 */
function parseYamlDocuments(file, text) {
    try {
        return js_yaml/* default.loadAll */.Ay.loadAll(text, null, { json: true });
    }
    catch (error) {
        const mark = error.mark;
        const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
        throw new LockfileError(file, `not valid YAML: ${reason}`, mark?.line === undefined ? {} : { line: mark.line + 1 });
    }
}
/** The single YAML document of a lockfile (undefined for an empty file). */
function parseYamlLockfile(file, text) {
    const documents = parseYamlDocuments(file, text);
    if (documents.length > 1)
        throw new LockfileError(file, `expected one YAML document, found ${documents.length}`, { line: 1 });
    return documents[0];
}

;// CONCATENATED MODULE: ./src/lockfiles/pnpm-keys.ts
/**
 * pnpm dependency paths (the keys of `packages:` and `snapshots:`, and the versions importers and
 * packages point to), in the three spellings pnpm has used:
 *   lockfile 5.x  `/name/1.0.0`, `/@scope/name/1.0.0_react@18.2.0`, `registry.example.com/name/1.0.0`
 *   lockfile 6.x  `/name@1.0.0`, `/@scope/name@1.0.0(react@18.2.0)`
 *   lockfile 9.x  `name@1.0.0`, `name@1.0.0(react@18.2.0)`, `name@https://...`, `name@file:dir`
 * and, in 5.x and 6.x, keys of packages that do not come from a registry: `file:dir`,
 * `github.com/owner/repo/commit`, `registry.example.com/name/-/name-1.0.0.tgz`.
 */
function keyStyleOf(major) {
    if (major < 6)
        return 'slash';
    if (major < 7)
        return 'at-slash';
    return 'at';
}
/** Hosts whose keys in 5.x and 6.x name a git repository, not a registry. */
const GIT_HOST = /^(github\.com|gitlab\.com|bitbucket\.org)$|[@+]/;
/** Cuts the peer (and patch) suffix of a version: `1.0.0(react@18.2.0)`, or in 5.x `1.0.0_react@18.2.0`. */
function cutPeers(version, style) {
    const paren = version.indexOf('(');
    let out = paren === -1 ? version : version.slice(0, paren);
    if (style === 'slash') {
        const underscore = out.indexOf('_');
        if (underscore !== -1)
            out = out.slice(0, underscore);
    }
    return out;
}
/** A key with its peer suffix removed, as 9.x `packages:` spells the keys of `snapshots:`. */
function cutKeyPeers(key) {
    const at = key.indexOf('@', 1);
    const paren = key.indexOf('(', at === -1 ? 0 : at);
    return paren === -1 ? key : key.slice(0, paren);
}
/** `name/version` (5.x) or `name@version` (6.x and 9.x), scoped or not; undefined if not that shape. */
function splitNameVersion(path, style) {
    if (style === 'slash') {
        const parts = path.split('/');
        const scoped = parts[0]?.startsWith('@') === true;
        const want = scoped ? 3 : 2;
        if (parts.length !== want)
            return undefined;
        const name = scoped ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
        const version = parts[want - 1] ?? '';
        if (name === '' || name === '@' || version === '')
            return undefined;
        return { name, version: cutPeers(version, style) };
    }
    const at = path.indexOf('@', 1);
    if (at <= 0 || at === path.length - 1)
        return undefined;
    const name = path.slice(0, at);
    if (name.endsWith('/'))
        return undefined;
    return { name, version: cutPeers(path.slice(at + 1), style) };
}
const isVersion = (s) => {
    const c = s.charCodeAt(0);
    return c >= 48 && c <= 57;
};
/**
 * Reads a `packages:` key. Undefined when the key has none of pnpm's shapes (not even a host form),
 * which the reader reports as a malformed lockfile.
 */
function parsePnpmKey(key, style) {
    if (key.startsWith('file:'))
        return { kind: 'file' };
    if (key.startsWith('link:'))
        return { kind: 'link' };
    if (key.startsWith('/')) {
        const nv = splitNameVersion(key.slice(1), style === 'at' ? 'at-slash' : style);
        if (nv === undefined)
            return undefined;
        return isVersion(nv.version) ? { kind: 'registry', ...nv } : { kind: 'other', name: nv.name };
    }
    if (style === 'at') {
        const at = key.indexOf('@', 1);
        if (at <= 0 || at === key.length - 1)
            return undefined;
        const name = key.slice(0, at);
        const rest = key.slice(at + 1);
        if (isVersion(rest))
            return { kind: 'registry', name, version: cutPeers(rest, style) };
        const spec = cutPeers(rest, style);
        if (spec.startsWith('file:'))
            return { kind: 'file', name, spec };
        if (spec.startsWith('link:'))
            return { kind: 'link', name, spec };
        return { kind: 'other', name, spec };
    }
    // 5.x and 6.x: a key without a leading slash starts with a host (or is a tarball URL without its scheme).
    const slash = key.indexOf('/');
    if (slash <= 0)
        return undefined;
    const host = key.slice(0, slash);
    if (GIT_HOST.test(host))
        return { kind: 'other' };
    const nv = splitNameVersion(key.slice(slash + 1), style);
    if (nv === undefined || !isVersion(nv.version))
        return { kind: 'other' };
    return { kind: 'registry', ...nv, host };
}
/**
 * The keys a dependency reference may point to, most likely first: importers and packages write
 * `dep: 1.0.0` for `dep` itself, `dep: /real/1.0.0` or `dep: real@1.0.0` for an alias, and the key
 * itself for anything else.
 */
function referenceKeys(depName, ref, style) {
    if (isVersion(ref)) {
        if (style === 'slash')
            return [`/${depName}/${ref}`];
        if (style === 'at-slash')
            return [`/${depName}@${ref}`];
        return [`${depName}@${ref}`];
    }
    // Hand-edited or older files may keep the `./` of the manifest's `file:./dir`; pnpm drops it in keys.
    const refs = ref.startsWith('file:./') ? [ref, `file:${ref.slice('file:./'.length)}`] : [ref];
    if (style === 'at')
        return [...refs.map((r) => `${depName}@${r}`), ...refs];
    return refs;
}

;// CONCATENATED MODULE: ./src/lockfiles/pnpm-lines.ts
/** The importer sections whose keys name dependencies (the last two only in pnpm 11's env document). */
const PNPM_DEPENDENCY_SECTIONS = new Set([
    'dependencies',
    'devDependencies',
    'optionalDependencies',
    'configDependencies',
    'packageManagerDependencies',
]);
const SPACE = 32;
const HASH = 35;
const CR = 13;
/**
 * Finds the lines of the keys the pnpm reader reports, in one pass over the text: top-level keys, the
 * keys of `packages:` (indent 2), of `importers:` (indent 2) and the dependency names listed by each
 * importer (indent 6 under `importers:`, or indent 2 under a top-level `dependencies:` in single-project
 * files of lockfile v5 and v6). pnpm writes block style with two-space indents; keys written otherwise
 * are not found here and the reader falls back to an enclosing line. Returns one entry per YAML document
 * that has at least one top-level key, in file order.
 */
function scanPnpmLines(text) {
    const documents = [];
    let current;
    let section = '';
    let importer = '';
    let subsection = '';
    let lineNo = 0;
    let start = 0;
    const length = text.length;
    while (start <= length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = length;
        lineNo++;
        const c0 = text.charCodeAt(start);
        if (c0 === SPACE) {
            if (current !== undefined) {
                const inPackages = section === 'packages';
                const inImporters = section === 'importers';
                if (inPackages || inImporters || PNPM_DEPENDENCY_SECTIONS.has(section)) {
                    const indent = indentOf(text, start, end);
                    if (indent === 2 && inPackages) {
                        const c2 = text.charCodeAt(start + 2);
                        if (c2 !== HASH && c2 !== 45)
                            current.packages.add(start + 2, lineNo);
                    }
                    else if (indent === 2) {
                        const key = keyAt(text, start + 2, end);
                        if (key !== undefined) {
                            if (inPackages)
                                current.packages.add(start + 2, lineNo);
                            else if (inImporters) {
                                importer = key;
                                subsection = '';
                                setFirst(current.importers, key, lineNo);
                            }
                            else
                                setFirst(current.dependencies, `.\u0000${key}`, lineNo);
                        }
                    }
                    else if (inImporters && indent === 4) {
                        subsection = keyAt(text, start + 4, end) ?? '';
                    }
                    else if (inImporters && indent === 6 && PNPM_DEPENDENCY_SECTIONS.has(subsection)) {
                        const key = keyAt(text, start + 6, end);
                        if (key !== undefined)
                            setFirst(current.dependencies, `${importer}\u0000${key}`, lineNo);
                    }
                }
            }
        }
        else if (c0 === 45 && text.startsWith('---', start) && isBlankOrSpace(text, start + 3, end)) {
            current = undefined;
            section = '';
        }
        else if (c0 === 46 && text.startsWith('...', start) && isBlankOrSpace(text, start + 3, end)) {
            current = undefined;
            section = '';
        }
        else if (start < end && c0 !== HASH && c0 !== CR && c0 !== 9) {
            const key = keyAt(text, start, end);
            if (current === undefined) {
                current = {
                    start: lineNo,
                    top: new Map(),
                    packages: new PnpmKeyLines(text),
                    importers: new Map(),
                    dependencies: new Map(),
                };
                documents.push(current);
            }
            section = key ?? '';
            importer = '';
            subsection = '';
            if (key !== undefined)
                setFirst(current.top, key, lineNo);
        }
        start = end + 1;
    }
    return documents;
}
/**
 * Lines of the keys of a `packages:` mapping, recorded as text offsets in file order. YAML gives the
 * keys in the same order, so the reader asks for the line of its i-th key: a match at the i-th offset
 * costs one comparison; only if the orders disagree (a key spelled in a way the scan did not expect)
 * are all keys read once into a map.
 */
class PnpmKeyLines {
    text;
    offsets = [];
    lines = [];
    byKey;
    constructor(text) {
        this.text = text;
    }
    add(offset, line) {
        this.offsets.push(offset);
        this.lines.push(line);
    }
    /** The line of the `index`-th key, which YAML read as `key`; undefined if the scan did not see it. */
    lineOf(index, key) {
        const offset = this.offsets[index];
        if (offset !== undefined && this.startsWithKey(offset, key))
            return this.lines[index];
        if (this.byKey === undefined) {
            this.byKey = new Map();
            for (let i = 0; i < this.offsets.length; i++) {
                const at = this.offsets[i];
                const end = this.text.indexOf('\n', at);
                const found = keyAt(this.text, at, end === -1 ? this.text.length : end);
                if (found !== undefined)
                    setFirst(this.byKey, found, this.lines[i]);
            }
        }
        return this.byKey.get(key);
    }
    startsWithKey(offset, key) {
        const { text } = this;
        let at = offset;
        const quote = text.charCodeAt(at);
        if (quote === 39 || quote === 34)
            at++;
        if (!text.startsWith(key, at))
            return false;
        at += key.length;
        if (quote === 39 || quote === 34) {
            if (text.charCodeAt(at) !== quote)
                return false;
            at++;
        }
        return text.charCodeAt(at) === 58;
    }
}
function setFirst(map, key, line) {
    if (!map.has(key))
        map.set(key, line);
}
/** Spaces before the first other character, counted up to 7 (deeper lines are never keys we need). */
function indentOf(text, start, end) {
    let i = start;
    const stop = Math.min(end, start + 7);
    while (i < stop && text.charCodeAt(i) === SPACE)
        i++;
    return i - start;
}
function isBlankOrSpace(text, from, end) {
    if (from >= end)
        return true;
    const c = text.charCodeAt(from);
    return c === SPACE || c === CR;
}
/**
 * The mapping key that starts at `from` on a line ending at `end`: plain (up to the `:` that is
 * followed by a space or the end of the line), single-quoted (`''` is a quote) or double-quoted.
 * Undefined when the line holds no key there (a comment, a list item, a bare scalar).
 */
function keyAt(text, from, end) {
    let stop = end;
    if (stop > from && text.charCodeAt(stop - 1) === CR)
        stop--;
    const c = text.charCodeAt(from);
    if (c === 39 || c === 34)
        return quotedKey(text, from, stop, c);
    if (c === HASH || c === 45 || c === SPACE)
        return undefined;
    let colon = text.indexOf(':', from);
    while (colon !== -1 && colon < stop) {
        const next = colon + 1;
        if (next === stop || text.charCodeAt(next) === SPACE) {
            return colon > from ? text.slice(from, colon) : undefined;
        }
        colon = text.indexOf(':', next);
    }
    return undefined;
}
function quotedKey(text, from, stop, quote) {
    if (quote === 39) {
        let out = '';
        let i = from + 1;
        for (;;) {
            const close = text.indexOf("'", i);
            if (close === -1 || close >= stop)
                return undefined;
            out += text.slice(i, close);
            if (text.charCodeAt(close + 1) === 39) {
                out += "'";
                i = close + 2;
                continue;
            }
            return text.charCodeAt(close + 1) === 58 ? out : undefined;
        }
    }
    let i = from + 1;
    for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1 || close >= stop)
            return undefined;
        let backslashes = 0;
        for (let k = close - 1; text.charCodeAt(k) === 92; k--)
            backslashes++;
        if (backslashes % 2 === 1) {
            i = close + 1;
            continue;
        }
        if (text.charCodeAt(close + 1) !== 58)
            return undefined;
        try {
            return JSON.parse(text.slice(from, close + 1));
        }
        catch {
            return undefined;
        }
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pnpm.ts





/** A parsed YAML mapping (js-yaml also gives Dates and Buffers as objects: those are not mappings). */
function isMap(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
/** A string field's value, undefined when absent, null when present but not a string. */
function read_pnpm_optionalString(value) {
    if (value === undefined || value === null)
        return undefined;
    return typeof value === 'string' ? value : null;
}
/** Whether a packages entry says where it was resolved from. */
function hasResolution(fields) {
    const r = fields.resolution;
    return (isMap(r) &&
        (r.type !== undefined || r.repo !== undefined || r.tarball !== undefined || r.directory !== undefined));
}
function isOptionalBoolean(value) {
    return value === undefined || value === null || typeof value === 'boolean';
}
/** What an importer section says about the packages it lists (pnpm 11's env sections are tooling). */
const SECTION_ROLE = {
    dependencies: 'prod',
    optionalDependencies: 'optional',
    devDependencies: 'dev',
    configDependencies: 'dev',
    packageManagerDependencies: 'dev',
};
const GIT_ARCHIVE = /^https?:\/\/(codeload\.github\.com\/|gitlab\.com\/.+\/repository\/archive|bitbucket\.org\/.+\/get\/)/;
const GIT_SPEC = /^(git\+|git:|git@|github:|gitlab:|bitbucket:|ssh:)/;
/** The lines of a document when the scan found no key for it (flow-style YAML). */
const NO_LINES = {
    start: 1,
    top: new Map(),
    packages: new PnpmKeyLines(''),
    importers: new Map(),
    dependencies: new Map(),
};
/**
 * Reads a pnpm-lock.yaml: lockfileVersion 5.x, 6.x and 9.x, including pnpm 11's files of two YAML
 * documents, where an env document (the package manager and config dependencies that pnpm itself
 * installs) comes before the lockfile proper. Packages of the env document are reported too, as direct
 * dev (tooling) packages, after those of the lockfile proper claim their shared entries.
 *
 * One entry per package version and location: the peer variants of one version (`1.0.0(react@18)`
 * and `1.0.0(react@17)`, or `1.0.0_react@18` in 5.x) collapse into one entry, on the line of the
 * first. `direct` means listed by an importer (the root or a workspace project); `dev` and `optional`
 * come from the package's own flags in 5.x and 6.x and, in 9.x (where packages no longer carry them),
 * from which importer sections reach the package through `snapshots:`. Workspace projects and linked
 * folders that importers depend on are listed with source `workspace` or `link` on the line of the
 * dependency that names them. Packages are in file order (by line).
 */
function readPnpmLockfile(path, rawText, options = {}) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const parsed = parseYamlDocuments(path, text);
    const scanned = scanPnpmLines(text);
    const warnings = [];
    const contentful = parsed.filter((d) => d !== null && d !== undefined);
    if (contentful.length === 0) {
        warnings.push({ message: 'the file is empty: no lockfileVersion and no packages' });
        return { ecosystem: 'npm', format: 'pnpm@empty', packages: [], warnings };
    }
    // The scan sees the same documents as YAML when every document has content; if not, lines are
    // looked up by nothing and fall back to line 1 rather than to another document's lines.
    const linesOf = (index) => scanned.length === contentful.length ? (scanned[index] ?? NO_LINES) : NO_LINES;
    const documents = [];
    contentful.forEach((data, index) => {
        const lines = linesOf(index);
        if (!isMap(data))
            throw new LockfileError(path, 'not a pnpm lockfile: the YAML document is not a mapping', {
                line: lines.start,
            });
        if (data.lockfileVersion === undefined && contentful.length > 1) {
            warnings.push({
                message: 'a YAML document without lockfileVersion is not a lockfile; its settings are not read',
                line: lines.start,
            });
            return;
        }
        documents.push({ data, lines, ...lockfileVersionOf(path, data, lines) });
    });
    if (documents.length === 0)
        throw new LockfileError(path, 'no document with a lockfileVersion: not a pnpm lockfile', { line: 1 });
    if (documents.length > 2)
        throw new LockfileError(path, `${documents.length} lockfile documents; pnpm writes one, or two when pnpm 11 writes its env document first`, { line: documents[2].lines.start });
    let main;
    let env;
    if (documents.length === 2) {
        if (!isEnvDocument(documents[0].data))
            throw new LockfileError(path, 'two lockfile documents: only pnpm 11 writes two, and then the first is the env document (configDependencies, packageManagerDependencies)', { line: documents[1].lines.start });
        env = documents[0];
        main = documents[1];
    }
    else if (isEnvDocument(documents[0].data) && parsed.length > 1) {
        // pnpm 11 keeps the env document even when the lockfile proper after it is empty.
        env = documents[0];
    }
    else {
        main = documents[0];
    }
    const reader = new DocumentReader(path, warnings);
    if (main !== undefined)
        reader.read(main, false);
    if (env !== undefined)
        reader.read(env, true);
    const packages = reader.result();
    const format = `pnpm@${(main ?? env).version}`;
    const result = { ecosystem: 'npm', format, packages, warnings };
    if (options.edges === true)
        result.dependencies = reader.graph(packages);
    return result;
}
function lockfileVersionOf(path, data, lines) {
    const raw = data.lockfileVersion;
    const line = lines.top.get('lockfileVersion') ?? lines.start;
    if (raw === undefined || raw === null)
        throw new LockfileError(path, 'no lockfileVersion: not a pnpm lockfile', { line });
    if (typeof raw !== 'string' && typeof raw !== 'number')
        throw new LockfileError(path, 'lockfileVersion must be a number or a string', { line });
    const version = typeof raw === 'number' && Number.isInteger(raw) ? raw.toFixed(1) : String(raw);
    const major = Number.parseFloat(version);
    // 5.x (pnpm 3 to 7, also `5.4-inlineSpecifiers`), 6.x (pnpm 8), 7.0 (pnpm 9 pre-releases), 9.x (pnpm 9+).
    if (!Number.isFinite(major) || major < 5 || major >= 10)
        throw new LockfileError(path, `unsupported lockfileVersion ${version} (depgate reads pnpm lockfiles 5.x, 6.x and 9.x)`, { line });
    return { version, major: Math.floor(major) };
}
/** pnpm 11's env document: one importer that lists only configDependencies / packageManagerDependencies. */
function isEnvDocument(data) {
    if (!isMap(data.importers))
        return false;
    let envSections = 0;
    for (const importer of Object.values(data.importers)) {
        if (importer === null)
            continue;
        if (!isMap(importer))
            return false;
        for (const key of Object.keys(importer)) {
            if (key !== 'configDependencies' && key !== 'packageManagerDependencies')
                return false;
            envSections++;
        }
    }
    return envSections > 0;
}
/** POSIX join of an importer directory and a relative link target: `packages/a` + `../b` = `packages/b`. */
function joinRelative(base, target) {
    const parts = base === '.' || base === '' ? [] : base.split('/');
    for (const part of target.split('/')) {
        if (part === '' || part === '.')
            continue;
        if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..')
            parts.pop();
        else
            parts.push(part);
    }
    return parts.length === 0 ? '.' : parts.join('/');
}
class DocumentReader {
    path;
    warnings;
    entries = new Map();
    links = new Map();
    /** Dependency edges between reported packages (peer variants collapsed, as the packages are). */
    edges = new Map();
    unresolved = 0;
    /** Whether the last `entryOf` made a new entry. */
    created = false;
    firstUnresolved = '';
    constructor(path, warnings) {
        this.path = path;
        this.warnings = warnings;
    }
    fail(reason, line) {
        throw new LockfileError(this.path, reason, { line });
    }
    /** A mapping field of the document, `{}` when absent or null. */
    mapping(data, field, where, line) {
        const value = data[field];
        if (value === undefined || value === null)
            return {};
        if (!isMap(value))
            this.fail(`${where} must be a mapping`, line);
        return value;
    }
    read(doc, isEnv) {
        const { data, lines } = doc;
        const style = keyStyleOf(doc.major);
        const topLine = (key) => lines.top.get(key) ?? lines.start;
        const packages = this.mapping(data, 'packages', '"packages"', topLine('packages'));
        const snapshotsPresent = data.snapshots !== undefined && data.snapshots !== null;
        const snapshots = this.mapping(data, 'snapshots', '"snapshots"', topLine('snapshots'));
        const importers = this.importersOf(data, lines, topLine('importers'));
        const workspaceDirs = new Set(importers.map((i) => i.id));
        // Packages, in file order. Every key (each peer variant) finds its entry through `byKey`: most
        // keys are their entry's identity, so only the others are stored again in `otherKeys`.
        const otherKeys = new Map();
        const byKey = (key) => this.entries.get(key) ?? otherKeys.get(key);
        // Entries first read in this document: an env document never changes the lockfile proper's.
        const docEntries = new Set();
        const packageKeys = [];
        const register = (key, entry, fields, line) => {
            if (this.created)
                docEntries.add(entry);
            if (this.entries.get(key) !== entry)
                otherKeys.set(key, entry);
            if (style !== 'at') {
                entry.devFlags &&= fields.dev === true;
                entry.optionalFlags &&= fields.optional === true;
                packageKeys.push([key, fields, line]);
            }
        };
        // Entries whose name neither the key nor a `name` field tells (pnpm 7 writes git+file
        // dependencies so): named after the first dependency that points to them, if any does.
        const unnamed = new Map();
        // Object.keys then a lookup per key: cheaper than Object.values/entries on maps this large.
        const keys = Object.keys(packages);
        for (let index = 0; index < keys.length; index++) {
            const key = keys[index];
            const value = packages[key];
            const line = lines.packages.lineOf(index, key) ?? topLine('packages');
            let fields = {};
            if (isMap(value))
                fields = value;
            else if (value !== null && value !== undefined)
                this.fail(`packages entry ${key} must be a mapping`, line);
            let parsed = parsePnpmKey(key, style);
            if (parsed === undefined) {
                // Not a dependency path pnpm writes, unless its resolution says where it comes from.
                if (!hasResolution(fields))
                    this.fail(`packages key "${key}" is not a pnpm dependency path`, line);
                parsed = { kind: 'other' };
            }
            if (parsed.name === undefined && typeof fields.name !== 'string') {
                unnamed.set(key, { parsed, fields, line });
                continue;
            }
            const entry = this.entryOf(key, parsed, fields, line, workspaceDirs, style);
            if (entry !== undefined)
                register(key, entry, fields, line);
        }
        // Importers: direct dependencies, aliases, links and workspace projects, and the 9.x graph roots.
        const lookup = (depName, ref) => {
            const keys = referenceKeys(depName, ref, style);
            for (const key of keys) {
                const entry = byKey(key) ?? (style === 'at' ? byKey(cutKeyPeers(key)) : undefined);
                if (entry !== undefined)
                    return { entry, key };
            }
            for (const key of keys) {
                const waiting = unnamed.get(key);
                if (waiting === undefined)
                    continue;
                unnamed.delete(key);
                const fields = { ...waiting.fields, name: depName };
                const entry = this.entryOf(key, waiting.parsed, fields, waiting.line, workspaceDirs, style);
                if (entry === undefined)
                    return undefined;
                register(key, entry, fields, waiting.line);
                this.warnings.push({
                    message: `packages entry ${key} has no name; named ${depName} after the dependency that points to it`,
                    line: waiting.line,
                });
                return { entry, key };
            }
            return undefined;
        };
        const roots = [];
        for (const importer of importers) {
            for (const dep of importer.deps) {
                if (dep.ref.startsWith('link:')) {
                    this.addLink(importer.id, dep, workspaceDirs);
                    continue;
                }
                const found = lookup(dep.name, dep.ref);
                if (found === undefined) {
                    this.warnings.push({
                        message: `importer ${importer.id} lists ${dep.name} at ${dep.ref}, which is not in packages`,
                        line: dep.line,
                    });
                    continue;
                }
                found.entry.direct = true;
                this.noteName(found.entry, dep.name);
                roots.push({ key: found.key, role: dep.role });
            }
        }
        if (style === 'at' || snapshotsPresent) {
            this.walkSnapshots(snapshots, roots, byKey, topLine('snapshots'));
        }
        else {
            // 5.x and 6.x: the flags say dev and optional; dependency lists only tell aliases apart.
            for (const [key, fields, line] of packageKeys) {
                for (const field of ['dependencies', 'optionalDependencies']) {
                    const deps = this.mapping(fields, field, `${field} of ${key}`, line);
                    for (const [depName, ref] of Object.entries(deps)) {
                        if (typeof ref !== 'string')
                            this.fail(`${field} of ${key}: ${depName} must be a string`, line);
                        if (ref.startsWith('link:'))
                            continue;
                        const found = lookup(depName, ref);
                        if (found !== undefined) {
                            this.noteName(found.entry, depName);
                            this.addEdge(byKey(key), found.entry);
                        }
                    }
                }
            }
        }
        for (const [key, waiting] of unnamed) {
            this.warnings.push({
                message: `cannot read a package name from packages key ${key} and no dependency points to it; skipped`,
                line: waiting.line,
            });
        }
        for (const entry of docEntries) {
            const { pkg } = entry;
            pkg.direct = entry.direct;
            if (isEnv) {
                // The package manager and its config dependencies: tooling, whatever the sections say.
                pkg.dev = true;
                pkg.optional = entry.hasSnapshot && entry.optionalFlags;
            }
            else if (style !== 'at' && !snapshotsPresent) {
                pkg.dev = entry.devFlags;
                pkg.optional = entry.optionalFlags;
            }
            else {
                if (entry.reached)
                    pkg.dev = !entry.prodReached;
                if (entry.hasSnapshot)
                    pkg.optional = entry.optionalFlags;
            }
            if (!entry.realNameSeen && entry.alias !== undefined)
                pkg.alias = entry.alias;
        }
        if (this.unresolved > 0) {
            this.warnings.push({
                message: `${this.unresolved} dependency reference(s) in snapshots point to no snapshot (first: ${this.firstUnresolved})`,
                line: topLine('snapshots'),
            });
            this.unresolved = 0;
        }
    }
    noteName(entry, installedAs) {
        if (installedAs === entry.pkg.name)
            entry.realNameSeen = true;
        else
            entry.alias ??= installedAs;
    }
    /** The importers of a document; single-project 5.x and 6.x files carry the root's lists at the top. */
    importersOf(data, lines, importersLine) {
        const sources = [];
        if (data.importers !== undefined && data.importers !== null) {
            if (!isMap(data.importers))
                this.fail('"importers" must be a mapping', importersLine);
            for (const [id, value] of Object.entries(data.importers)) {
                const line = lines.importers.get(id) ?? importersLine;
                if (value === null)
                    continue;
                if (!isMap(value))
                    this.fail(`importer ${id} must be a mapping`, line);
                sources.push([id, value, line]);
            }
        }
        else {
            sources.push(['.', data, lines.start]);
        }
        return sources.map(([id, importer, importerLine]) => {
            const specifiers = isMap(importer.specifiers) ? importer.specifiers : {};
            const deps = [];
            for (const section of PNPM_DEPENDENCY_SECTIONS) {
                const listed = importer[section];
                if (listed === undefined || listed === null)
                    continue;
                const sectionLine = id === '.' && sources.length === 1 ? (lines.top.get(section) ?? importerLine) : importerLine;
                if (!isMap(listed))
                    this.fail(`${section} of importer ${id} must be a mapping`, sectionLine);
                const role = SECTION_ROLE[section] ?? 'prod';
                for (const [name, spec] of Object.entries(listed)) {
                    const line = lines.dependencies.get(`${id}\u0000${name}`) ?? sectionLine;
                    const ref = typeof spec === 'string' ? spec : isMap(spec) ? spec.version : undefined;
                    if (typeof ref !== 'string')
                        this.fail(`${section} of importer ${id}: ${name} has no version string`, line);
                    const specifier = isMap(spec) ? spec.specifier : specifiers[name];
                    deps.push({
                        name,
                        ref,
                        role,
                        line,
                        ...(typeof specifier === 'string' ? { specifier } : {}),
                    });
                }
            }
            return { id, deps };
        });
    }
    /** The entry for one `packages:` key, shared with earlier keys of the same package version. */
    entryOf(key, parsed, fields, line, workspaceDirs, style) {
        const fieldName = read_pnpm_optionalString(fields.name);
        const fieldVersion = read_pnpm_optionalString(fields.version);
        if (fieldName === null || fieldVersion === null)
            this.fail(`packages entry ${key}: name and version must be strings`, line);
        if (!isOptionalBoolean(fields.dev) || !isOptionalBoolean(fields.optional))
            this.fail(`packages entry ${key}: dev and optional must be true or false`, line);
        const resolution = fields.resolution ?? {};
        if (!isMap(resolution))
            this.fail(`packages entry ${key}: resolution must be a mapping`, line);
        const name = fieldName ?? parsed.name;
        const tarball = read_pnpm_optionalString(resolution.tarball) ?? undefined;
        const repo = read_pnpm_optionalString(resolution.repo) ?? undefined;
        const directory = read_pnpm_optionalString(resolution.directory) ?? undefined;
        const commit = read_pnpm_optionalString(resolution.commit) ?? undefined;
        let source;
        let resolved;
        if (resolution.type === 'git' || repo !== undefined) {
            source = 'git';
            resolved = `${repo ?? key}${commit === undefined ? '' : `#${commit}`}`;
        }
        else if (resolution.type === 'directory' || directory !== undefined) {
            source = 'path';
            resolved = directory ?? key.replace(/^file:/, '');
        }
        else if (tarball !== undefined) {
            // A registry package keeps its tarball URL too: it names the registry it came from.
            resolved = tarball;
            if (tarball.startsWith('file:')) {
                source = 'path';
                resolved = tarball.slice('file:'.length);
            }
            else if (GIT_ARCHIVE.test(tarball))
                source = 'git';
            else if (parsed.kind === 'registry')
                source = 'registry';
            else
                source = 'url';
        }
        else if (parsed.kind === 'registry') {
            source = 'registry';
            // 5.x and 6.x name a registry other than the default one by its host: `example.com/foo/1.0.0`.
            if (parsed.host !== undefined)
                resolved = parsed.host;
        }
        else if (parsed.kind === 'file') {
            source = 'path';
            resolved = (parsed.spec ?? key).replace(/^file:/, '');
        }
        else if (parsed.kind === 'link') {
            source = 'link';
            resolved = (parsed.spec ?? key).replace(/^link:/, '');
        }
        else if (name !== undefined && (fieldVersion !== undefined || parsed.spec !== undefined)) {
            // No resolution at all: judge by the key alone.
            const spec = parsed.spec ?? key;
            if (GIT_SPEC.test(spec) ||
                GIT_ARCHIVE.test(spec) ||
                /^(github\.com|gitlab\.com|bitbucket\.org)\//.test(spec))
                source = 'git';
            else if (/^https?:/.test(spec))
                source = 'url';
            resolved = spec;
            source ??= fieldVersion !== undefined ? 'url' : undefined;
        }
        if (name === undefined || name === '' || source === undefined) {
            this.warnings.push({
                message: `cannot read a package name and version from packages key ${key}; skipped`,
                line,
            });
            return undefined;
        }
        if (source === 'path' && resolved !== undefined && workspaceDirs.has(resolved))
            source = 'workspace';
        const version = source === 'registry' ? (parsed.version ?? fieldVersion ?? '') : (fieldVersion ?? '');
        // Peer variants share their resolution, so they share this identity too. A 9.x registry key
        // without peer suffix is `name@version` already: it is its own identity.
        const id = style === 'at' && source === 'registry' && resolved === undefined && key.indexOf('(') === -1
            ? key
            : `${name}@${version}\u0000${source}\u0000${resolved ?? ''}`;
        const existing = this.entries.get(id);
        this.created = existing === undefined;
        if (existing !== undefined)
            return existing;
        const pkg = { ecosystem: 'npm', name, version, line, source };
        if (resolved !== undefined)
            pkg.resolved = resolved;
        const entry = {
            pkg,
            devFlags: true,
            optionalFlags: true,
            prodReached: false,
            reached: false,
            hasSnapshot: false,
            direct: false,
            realNameSeen: false,
        };
        this.entries.set(id, entry);
        return entry;
    }
    addLink(importerId, dep, workspaceDirs) {
        const target = joinRelative(importerId, dep.ref.slice('link:'.length));
        const source = workspaceDirs.has(target) || dep.specifier?.startsWith('workspace:') === true ? 'workspace' : 'link';
        const id = `${dep.name}\u0000${source}\u0000${target}`;
        let link = this.links.get(id);
        if (link === undefined) {
            link = {
                pkg: { ecosystem: 'npm', name: dep.name, version: '', line: dep.line, source, resolved: target },
                devOnly: true,
                optionalOnly: true,
            };
            this.links.set(id, link);
        }
        link.devOnly &&= dep.role === 'dev';
        link.optionalOnly &&= dep.role === 'optional';
    }
    /**
     * 9.x: which snapshots the importers reach, through `dependencies` and `optionalDependencies`, from
     * production roots and from any root; and the `optional` flag of every snapshot.
     */
    walkSnapshots(snapshots, roots, byKey, snapshotsLine) {
        const entryBySnapshot = (key) => key.indexOf('(') === -1 ? byKey(key) : byKey(cutKeyPeers(key));
        for (const key of Object.keys(snapshots)) {
            const snapshot = snapshots[key];
            const isMapping = isMap(snapshot);
            if (!isMapping && snapshot !== null)
                this.fail(`snapshots entry ${key} must be a mapping`, snapshotsLine);
            const entry = entryBySnapshot(key);
            if (entry === undefined)
                continue;
            entry.hasSnapshot = true;
            entry.optionalFlags &&= isMapping && snapshot.optional === true;
        }
        // Production roots first: what they reach is production; dev roots then reach only the rest.
        // Every snapshot is expanded once, so every dependency edge is read once.
        const seen = new Set();
        const stack = [];
        const spread = (prod) => {
            while (stack.length > 0) {
                const key = stack.pop();
                const entry = entryBySnapshot(key);
                if (entry !== undefined) {
                    entry.reached = true;
                    if (prod)
                        entry.prodReached = true;
                }
                const snapshot = snapshots[key];
                if (!isMap(snapshot))
                    continue;
                this.follow(snapshots, key, snapshot.dependencies, 'dependencies', snapshotsLine, entryBySnapshot, seen, stack);
                this.follow(snapshots, key, snapshot.optionalDependencies, 'optionalDependencies', snapshotsLine, entryBySnapshot, seen, stack);
            }
        };
        for (const pass of [true, false]) {
            for (const root of roots) {
                if ((root.role !== 'dev') !== pass || seen.has(root.key) || !Object.hasOwn(snapshots, root.key))
                    continue;
                seen.add(root.key);
                stack.push(root.key);
            }
            spread(pass);
        }
    }
    /** Pushes the unseen snapshots that one dependency list of a snapshot points to. */
    follow(snapshots, from, deps, field, snapshotsLine, entryBySnapshot, seen, stack) {
        if (deps === undefined || deps === null)
            return;
        if (!isMap(deps))
            this.fail(`${field} of snapshot ${from} must be a mapping`, snapshotsLine);
        for (const depName in deps) {
            const ref = deps[depName];
            if (typeof ref !== 'string')
                this.fail(`${field} of snapshot ${from}: ${depName} must be a string`, snapshotsLine);
            if (ref.startsWith('link:'))
                continue;
            let next = `${depName}@${ref}`;
            if (!Object.hasOwn(snapshots, next)) {
                next = undefined;
                for (const candidate of referenceKeys(depName, ref, 'at')) {
                    if (Object.hasOwn(snapshots, candidate)) {
                        next = candidate;
                        break;
                    }
                }
            }
            if (next === undefined) {
                if (this.unresolved++ === 0)
                    this.firstUnresolved = `${from} -> ${depName}: ${ref}`;
                continue;
            }
            const target = entryBySnapshot(next);
            if (target !== undefined) {
                this.noteName(target, depName);
                this.addEdge(entryBySnapshot(from), target);
            }
            if (!seen.has(next)) {
                seen.add(next);
                stack.push(next);
            }
        }
    }
    addEdge(from, to) {
        if (from === undefined || from === to)
            return;
        let set = this.edges.get(from.pkg);
        if (set === undefined)
            this.edges.set(from.pkg, (set = new Set()));
        set.add(to.pkg);
    }
    /** The edges as indexes into `packages`. */
    graph(packages) {
        const index = new Map();
        packages.forEach((pkg, i) => index.set(pkg, i));
        return packages.map((pkg) => {
            const out = [];
            for (const to of this.edges.get(pkg) ?? []) {
                const at = index.get(to);
                if (at !== undefined)
                    out.push(at);
            }
            return out;
        });
    }
    /** Every entry read so far, links included, in file order. */
    result() {
        const out = [];
        for (const entry of this.entries.values())
            out.push(entry.pkg);
        for (const link of this.links.values()) {
            link.pkg.direct = true;
            link.pkg.dev = link.devOnly;
            link.pkg.optional = link.optionalOnly;
            out.push(link.pkg);
        }
        return out.sort((a, b) => a.line - b.line);
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/read-poetry.ts





/** Poetry refuses a lockfile of a newer major lock-version; so do we. */
const read_poetry_NEWEST_MAJOR = 2;
/**
 * poetry.lock, lock-version 1.x and 2.x: every `[[package]]` in file order, at the line of its header,
 * with the name and version as written (names are compared PEP 503-normalised elsewhere).
 *
 * Dev: `category = "dev"` in lockfiles up to 1.x; from Poetry 2, a package whose `groups` leave out
 * `main` (Poetry's own rule: groups other than `main` hold development dependencies only). Lock-version
 * 2.0 written by Poetry 1.5 to 1.8 has neither field, and dev is then left unset. `optional` as written.
 * Direct dependencies are not recorded in poetry.lock, so `direct` is never set; the project itself is
 * never listed.
 *
 * Sources: none or `legacy` (a private index) are `registry`; `git` is `git` with `url#commit` as
 * `resolved`; `directory` and a local `file` are `path`; `url` and a remote `file` are `url`.
 *
 * Format: `poetry@<lock-version>`, or `poetry` (with a warning) when `[metadata]` has none.
 */
function readPoetryLock(path, rawText) {
    const { text, data, packages: tables, warnings } = readPackageTables(path, rawText);
    const metadata = data.metadata;
    if (metadata !== undefined && !isObj(metadata))
        throw new LockfileError(path, '"metadata" must be a table', { line: tomlKeyLine(text, 'metadata') });
    if (metadata !== undefined && metadata['lock-version'] === undefined && metadata.lock_version !== undefined)
        throw new LockfileError(path, '[metadata] has lock_version: this is a pdm.lock, not a poetry.lock', {
            line: tomlKeyLine(text, 'metadata'),
        });
    if (tables.length === 0 &&
        metadata === undefined &&
        data.package === undefined &&
        Object.keys(data).length > 0)
        throw new LockfileError(path, 'no [[package]] tables and no [metadata]: not a poetry.lock', { line: 1 });
    let format = 'poetry';
    const lockVersion = metadata?.['lock-version'];
    if (lockVersion !== undefined) {
        const line = tomlKeyLine(text, 'metadata');
        if (typeof lockVersion !== 'string' || !/^\d+(\.\d+)*$/.test(lockVersion))
            throw new LockfileError(path, `[metadata] lock-version must be a version string, got ${JSON.stringify(lockVersion)}`, {
                line,
            });
        if (Number(lockVersion.split('.')[0]) > read_poetry_NEWEST_MAJOR)
            throw new LockfileError(path, `unsupported poetry.lock lock-version ${lockVersion} (read: 1.x and ${read_poetry_NEWEST_MAJOR}.x)`, { line });
        format = `poetry@${lockVersion}`;
    }
    else if (tables.length > 0) {
        warnings.push({ message: 'no [metadata] lock-version; read as a poetry.lock of lock-version 1.x' });
    }
    const packages = [];
    for (const [index, { table, line }] of tables.entries()) {
        const place = { file: path, where: `package ${index + 1}`, line };
        const name = requiredString(place, table, 'name');
        place.where = `package ${name}`;
        const version = requiredString(place, table, 'version');
        const category = optionalString(place, table, 'category');
        const groups = optionalStringArray(place, table, 'groups');
        const optional = optionalBoolean(place, table, 'optional');
        const pkg = { ecosystem: 'pypi', name, version, line, source: 'registry' };
        const sourceTable = optionalTable(place, table, 'source');
        if (sourceTable !== undefined) {
            const srcPlace = { ...place, where: `package ${name}: [package.source]` };
            const type = requiredString(srcPlace, sourceTable, 'type');
            const url = optionalString(srcPlace, sourceTable, 'url');
            const kind = sourceKind(type, url);
            if (kind === undefined) {
                pkg.source = 'url';
                warnings.push({ message: `${name} ${version}: unknown source type ${JSON.stringify(type)}`, line });
            }
            else {
                pkg.source = kind;
            }
            if (pkg.source !== 'registry') {
                if (url === undefined || url === '')
                    throw new LockfileError(path, `${srcPlace.where}: a ${type} source needs a "url"`, { line });
                const commit = optionalString(srcPlace, sourceTable, 'resolved_reference') ??
                    optionalString(srcPlace, sourceTable, 'reference');
                pkg.resolved = kind === 'git' && commit !== undefined && commit !== '' ? `${url}#${commit}` : url;
            }
        }
        if (category !== undefined)
            pkg.dev = category === 'dev';
        else if (groups !== undefined)
            pkg.dev = !groups.includes('main');
        if (optional !== undefined)
            pkg.optional = optional;
        packages.push(pkg);
    }
    return { ecosystem: 'pypi', format, packages, warnings };
}
function sourceKind(type, url) {
    switch (type) {
        case 'legacy':
            return 'registry';
        case 'git':
            return 'git';
        case 'directory':
            return 'path';
        case 'file':
            return url !== undefined && /^https?:\/\//i.test(url) ? 'url' : 'path';
        case 'url':
            return 'url';
        default:
            return undefined;
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/pom-xml.ts

const PREDEFINED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// XML names: a letter, '_' or ':' (or any non-ASCII character), then also digits, '-', '.'.
const NAME = /[A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*/y;
const ATTRIBUTE = /\s+[A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*\s*=\s*(?:"[^"<]*"|'[^'<]*')/y;
const TAG_END = /\s*(\/?)>/y;
const END_TAG_END = /\s*>/y;
const ENTITY = /&(#[0-9A-Za-z]*|[A-Za-z_:][\w.:-]*)?(;?)/g;
/**
 * A small, strict XML parser for POM files: elements, text, CDATA, comments, processing instructions,
 * a DOCTYPE (skipped; its entities are never expanded), the five predefined entities and character
 * references. One linear pass; the error names the line. Attributes are checked but not kept, since a
 * POM carries its data in elements. Not a general XML parser: namespaces are kept as written.
 */
function parsePomXml(file, text) {
    // Lines are counted forward only, so that the whole pass stays linear even on one long line.
    let line = 1;
    let linePos = 0;
    let nextNewline = text.indexOf('\n');
    const lineAt = (pos) => {
        while (nextNewline !== -1 && nextNewline < pos) {
            line++;
            nextNewline = text.indexOf('\n', nextNewline + 1);
        }
        linePos = pos;
        return line;
    };
    const fail = (reason, pos) => {
        throw new LockfileError(file, reason, { line: lineAt(Math.max(pos, linePos)) });
    };
    const decode = (raw, pos) => raw.includes('&')
        ? raw.replace(ENTITY, (match, ref, semicolon, offset) => {
            if (ref === undefined || semicolon === '')
                fail(`a bare "&" in text (write &amp;): ${JSON.stringify(raw.slice(offset, offset + 20))}`, pos + offset);
            const known = ref.startsWith('#')
                ? codePoint(ref)
                : Object.prototype.hasOwnProperty.call(PREDEFINED, ref)
                    ? PREDEFINED[ref]
                    : undefined;
            if (known === undefined)
                fail(`unknown entity ${match}`, pos + offset);
            return known;
        })
        : raw;
    const stack = [];
    let root;
    let pos = 0;
    const length = text.length;
    while (pos < length) {
        const lt = text.indexOf('<', pos);
        const end = lt === -1 ? length : lt;
        if (end > pos) {
            const raw = text.slice(pos, end);
            const top = stack[stack.length - 1];
            if (top !== undefined)
                top.text += decode(raw, pos);
            else if (raw.trim() !== '')
                fail(`${root === undefined ? 'not an XML document: text before the root element' : 'text after the root element'}: ${JSON.stringify(raw.trim().slice(0, 40))}`, pos + raw.search(/\S/));
        }
        if (lt === -1)
            break;
        const next = text.charCodeAt(lt + 1);
        if (next === 0x3f /* ? */) {
            const close = text.indexOf('?>', lt + 2);
            if (close === -1)
                fail('unclosed processing instruction (<? without ?>)', lt);
            pos = close + 2;
        }
        else if (text.startsWith('<!--', lt)) {
            const close = text.indexOf('-->', lt + 4);
            if (close === -1)
                fail('unclosed comment (<!-- without -->)', lt);
            pos = close + 3;
        }
        else if (text.startsWith('<![CDATA[', lt)) {
            const close = text.indexOf(']]>', lt + 9);
            if (close === -1)
                fail('unclosed CDATA section', lt);
            const top = stack[stack.length - 1];
            if (top === undefined)
                fail('CDATA outside the root element', lt);
            top.text += text.slice(lt + 9, close);
            pos = close + 3;
        }
        else if (text.startsWith('<!DOCTYPE', lt)) {
            if (root !== undefined || stack.length > 0)
                fail('a DOCTYPE after the root element started', lt);
            const bracket = text.indexOf('[', lt);
            const gt = text.indexOf('>', lt);
            if (gt === -1)
                fail('unclosed DOCTYPE', lt);
            // An internal subset ([...]) may hold '>' characters of its own declarations.
            const subsetEnd = bracket !== -1 && bracket < gt ? text.indexOf(']', bracket) : -1;
            if (bracket !== -1 && bracket < gt && subsetEnd === -1)
                fail('unclosed DOCTYPE internal subset', lt);
            const close = subsetEnd === -1 ? gt : text.indexOf('>', subsetEnd);
            if (close === -1)
                fail('unclosed DOCTYPE', lt);
            pos = close + 1;
        }
        else if (next === 0x2f /* / */) {
            NAME.lastIndex = lt + 2;
            const name = NAME.exec(text)?.[0];
            if (name === undefined)
                fail('malformed end tag', lt);
            END_TAG_END.lastIndex = lt + 2 + name.length;
            if (END_TAG_END.exec(text) === null)
                fail(`malformed end tag </${name}`, lt);
            const open = stack.pop();
            if (open === undefined)
                fail(`</${name}> closes nothing`, lt);
            if (open.name !== name)
                fail(`</${name}> closes <${open.name}>, which was opened at line ${open.line}`, lt);
            pos = END_TAG_END.lastIndex;
        }
        else {
            NAME.lastIndex = lt + 1;
            const name = NAME.exec(text)?.[0];
            if (name === undefined)
                fail(`"<" that starts no tag: ${JSON.stringify(text.slice(lt, lt + 20))} (write &lt; in text)`, lt);
            let at = lt + 1 + name.length;
            for (;;) {
                ATTRIBUTE.lastIndex = at;
                if (ATTRIBUTE.exec(text) === null)
                    break;
                at = ATTRIBUTE.lastIndex;
            }
            TAG_END.lastIndex = at;
            const tagEnd = TAG_END.exec(text);
            if (tagEnd === null)
                fail(`malformed start tag <${name}>`, lt);
            if (root !== undefined && stack.length === 0)
                fail(`a second root element <${name}>`, lt);
            const element = { name: name, line: lineAt(lt), children: [], text: '' };
            const parent = stack[stack.length - 1];
            if (parent !== undefined)
                parent.children.push(element);
            else
                root = element;
            if (tagEnd[1] !== '/')
                stack.push(element);
            pos = TAG_END.lastIndex;
        }
    }
    const unclosed = stack[stack.length - 1];
    if (unclosed !== undefined)
        throw new LockfileError(file, `<${unclosed.name}> is never closed (the file ends first)`, {
            line: unclosed.line,
        });
    if (root === undefined)
        throw new LockfileError(file, 'no root element: not an XML document', { line: 1 });
    return root;
}
function codePoint(ref) {
    const value = /^#x[0-9a-fA-F]+$/.test(ref)
        ? Number.parseInt(ref.slice(2), 16)
        : /^#[0-9]+$/.test(ref)
            ? Number.parseInt(ref.slice(1), 10)
            : Number.NaN;
    // Only characters XML allows: no NUL or other C0 controls besides tab, newline and carriage return.
    if (!(value === 9 || value === 10 || value === 13 || (value >= 0x20 && value <= 0x10ffff)))
        return undefined;
    if (value >= 0xd800 && value <= 0xdfff)
        return undefined;
    return String.fromCodePoint(value);
}
/** The first child element of that name, if any. */
function pomChild(element, name) {
    return element?.children.find((c) => c.name === name);
}
/** All child elements of that name. */
function pomChildren(element, name) {
    return element === undefined ? [] : element.children.filter((c) => c.name === name);
}
/** The trimmed text of the first child element of that name, or undefined when there is none. */
function pomText(element, name) {
    const found = pomChild(element, name);
    return found === undefined ? undefined : found.text.trim();
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pom.ts



/** Interpolated values longer than this are refused, so nested properties cannot blow up. */
const MAX_VALUE_LENGTH = 4096;
const PROPERTY_REFERENCE = /\$\{([^${}]*)\}/g;
/**
 * A Maven `pom.xml`, read as the list of dependencies it declares: every `<dependency>` of the
 * project's `<dependencies>` and of each profile's (a profile may be active in some build). All are
 * direct; name `groupId:artifactId`; line of the `<dependency>` element. Scope `test` is dev, scope
 * `system` is source `path` (its `systemPath` in `resolved`), `<optional>true</optional>` is optional.
 * Scope `provided` is kept as an ordinary dependency (it is compiled against and present at run time).
 *
 * `${...}` references are resolved from the file's own `<properties>` and from `project.*`/`pom.*`
 * (`project.version` falls back to the parent's version, as Maven does). A version left unresolved, or
 * missing with no `<dependencyManagement>` entry of this file to supply it, is '' with a warning naming
 * the property (or the gap) and the line: parent POMs and imported BOMs are not read. A version range
 * (`[1.0,2.0)`) is `unpinned` with the range as `specifier`; `[1.0]` is the pinned version 1.0.
 *
 * Not reported: `<dependencyManagement>` entries (constraints, not dependencies; used only to fill in
 * versions and scopes), the parent POM, and build plugins with their dependencies. A dependency on
 * `${project.version}` of the project's own group is a sibling module: source `workspace`.
 */
function readPomXml(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const project = parsePomXml(path, text);
    if (project.name !== 'project') {
        throw new LockfileError(path, `the root element is <${project.name}>, not <project>: not a pom.xml`, {
            line: project.line,
        });
    }
    const warnings = [];
    const packages = [];
    const parent = pomChild(project, 'parent');
    const builtins = new Map();
    for (const field of ['groupId', 'artifactId', 'version']) {
        const own = pomText(project, field);
        const inherited = pomText(parent, field);
        builtins.set(`project.parent.${field}`, inherited);
        builtins.set(`project.${field}`, own === undefined || own === '' ? (field === 'artifactId' ? own : inherited) : own);
    }
    const projectProperties = propertiesOf(project);
    const interpolators = new WeakMap();
    const interpolatorFor = (properties) => {
        let found = interpolators.get(properties);
        if (found === undefined) {
            found = createInterpolate(properties, builtins);
            interpolators.set(properties, found);
        }
        return found;
    };
    const projectManaged = managedOf(project, projectProperties);
    const read = (dependencies, scope) => {
        const seen = new Map();
        for (const dependency of pomChildren(dependencies, 'dependency')) {
            const resolve = interpolatorFor(scope.properties);
            const line = dependency.line;
            const group = resolve(pomText(dependency, 'groupId'));
            const artifact = resolve(pomText(dependency, 'artifactId'));
            if (!group.value || !artifact.value || group.missing.length + artifact.missing.length > 0) {
                const unresolved = [...group.missing, ...artifact.missing];
                warnings.push({
                    message: unresolved.length > 0
                        ? `dependency${scope.where} skipped: its name uses ${unresolved.join(', ')}, which this pom.xml does not resolve`
                        : `dependency${scope.where} skipped: it has no ${group.value ? '<artifactId>' : '<groupId>'} (Maven rejects it)`,
                    line,
                });
                continue;
            }
            const name = `${group.value}:${artifact.value}`;
            const type = resolve(pomText(dependency, 'type')).value || 'jar';
            const classifier = resolve(pomText(dependency, 'classifier')).value;
            const key = `${name}:${type}:${classifier}`;
            const earlier = seen.get(key);
            if (earlier !== undefined) {
                warnings.push({
                    message: `${name} is declared twice${scope.where} (also at line ${earlier}); Maven keeps only one of them`,
                    line,
                });
            }
            seen.set(key, line);
            const managed = scope.managed.map((m) => m.get(key)).find((m) => m !== undefined);
            const rawVersion = pomText(dependency, 'version');
            const dependencyScope = resolve(pomText(dependency, 'scope')).value || managed?.scope || 'compile';
            const pkg = {
                ecosystem: 'maven',
                name,
                version: '',
                line,
                source: 'registry',
                direct: true,
                dev: dependencyScope === 'test',
            };
            if (resolve(pomText(dependency, 'optional')).value === 'true')
                pkg.optional = true;
            let version;
            if (rawVersion !== undefined && rawVersion !== '') {
                const resolved = resolve(rawVersion);
                if (resolved.missing.length > 0) {
                    warnings.push({
                        message: `the version of ${name}${scope.where} uses ${resolved.missing.join(', ')}, which this pom.xml does not resolve (a parent POM, a profile or the command line may define it)`,
                        line,
                    });
                }
                else
                    version = resolved.value;
            }
            else if (managed?.version !== undefined) {
                version = managed.version;
            }
            else {
                warnings.push({
                    message: `${name}${scope.where} has no version here: it comes from a parent POM or an imported BOM, which depgate does not read`,
                    line,
                });
            }
            if (version !== undefined) {
                const exact = /^\[([^,[\]()]+)\]$/.exec(version);
                if (exact !== null)
                    pkg.version = exact[1].trim();
                else if (/^[[(]/.test(version)) {
                    pkg.unpinned = true;
                    pkg.specifier = version;
                }
                else
                    pkg.version = version;
            }
            if (dependencyScope === 'system') {
                pkg.source = 'path';
                const systemPath = resolve(pomText(dependency, 'systemPath'));
                pkg.resolved =
                    systemPath.missing.length > 0 ? (pomText(dependency, 'systemPath') ?? '') : systemPath.value;
            }
            else if ((rawVersion === '${project.version}' || rawVersion === '${pom.version}') &&
                group.value === resolve('${project.groupId}').value) {
                pkg.source = 'workspace';
            }
            packages.push(pkg);
        }
    };
    read(pomChild(project, 'dependencies'), {
        properties: projectProperties,
        managed: [projectManaged],
        where: '',
    });
    for (const profile of pomChildren(pomChild(project, 'profiles'), 'profile')) {
        const id = pomText(profile, 'id') || `at line ${profile.line}`;
        const properties = propertiesOf(profile, projectProperties);
        read(pomChild(profile, 'dependencies'), {
            properties,
            managed: [managedOf(profile, properties), projectManaged],
            where: ` (profile ${id})`,
        });
    }
    function managedOf(owner, properties) {
        const managed = new Map();
        const list = pomChild(pomChild(owner, 'dependencyManagement'), 'dependencies');
        for (const dependency of pomChildren(list, 'dependency')) {
            const resolve = interpolatorFor(properties);
            const group = resolve(pomText(dependency, 'groupId'));
            const artifact = resolve(pomText(dependency, 'artifactId'));
            if (!group.value || !artifact.value)
                continue;
            const key = `${group.value}:${artifact.value}:${resolve(pomText(dependency, 'type')).value || 'jar'}:${resolve(pomText(dependency, 'classifier')).value}`;
            const version = resolve(pomText(dependency, 'version'));
            const scope = resolve(pomText(dependency, 'scope')).value;
            managed.set(key, {
                ...(version.value !== '' && version.missing.length === 0 ? { version: version.value } : {}),
                ...(scope !== '' ? { scope } : {}),
            });
        }
        return managed;
    }
    return { ecosystem: 'maven', format: 'pom', packages, warnings };
}
/** The `<properties>` of a project or profile, in front of `base` (looked up, never copied). */
function propertiesOf(owner, base) {
    const own = new Map();
    for (const property of pomChild(owner, 'properties')?.children ?? [])
        own.set(property.name, property.text.trim());
    return (name) => own.get(name) ?? base?.(name);
}
/**
 * A resolver of `${name}` references, nested ones included, each property expanded once. Unknown names,
 * cycles and values that grow past MAX_VALUE_LENGTH are listed in `missing` (as `${name}` of the innermost
 * property at fault, with the reason unless it is simply undefined); the value then keeps the reference
 * as written.
 */
function createInterpolate(properties, builtins) {
    // Per property: its expanded value, or the names that keep it from resolving.
    const done = new Map();
    const active = new Set();
    const lookup = (name) => {
        const key = name.startsWith('pom.') ? `project.${name.slice(4)}` : name;
        const cached = done.get(key);
        if (cached !== undefined)
            return cached;
        if (active.has(key))
            return { missing: [`\${${name}} (circular)`] };
        const raw = builtins.has(key) ? builtins.get(key) : properties(key);
        let result;
        if (raw === undefined)
            result = { missing: [`\${${name}}`] };
        else {
            active.add(key);
            const expanded = expand(raw);
            active.delete(key);
            result =
                expanded.missing.length > 0
                    ? { missing: expanded.missing }
                    : expanded.value.length > MAX_VALUE_LENGTH
                        ? { missing: [`\${${name}} (longer than ${MAX_VALUE_LENGTH} characters)`] }
                        : { value: expanded.value };
        }
        done.set(key, result);
        return result;
    };
    const expand = (raw) => {
        const missing = [];
        if (!raw.includes('${'))
            return { value: raw, missing };
        const value = raw.replace(PROPERTY_REFERENCE, (reference, name) => {
            const found = lookup(name);
            if ('value' in found)
                return found.value;
            for (const m of found.missing)
                if (!missing.includes(m))
                    missing.push(m);
            return reference;
        });
        return { value, missing };
    };
    return (raw) => (raw === undefined ? { value: '', missing: [] } : expand(raw));
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pubspec.ts




/**
 * pubspec.lock: every entry of the `packages` map, in file order, at the line of its key.
 *
 * `dependency`: `direct main` is direct, `direct dev` direct and dev, `direct overridden` direct (set
 * by `dependency_overrides`; dev is not told), `transitive` not direct (dev is not told either).
 * `source`: `hosted` is `registry` (pub.dev or a self-hosted pub server); `git` is `git` with
 * `resolved` = `url#resolved-ref`; `path` is `path` with the directory as `resolved`. `sdk` packages
 * (flutter, flutter_test, sky_engine) ship with the SDK and are never fetched from a registry: they
 * are reported as `path`, with `resolved` = `sdk:<name of the SDK>`, so no registry rule applies to
 * them. An unknown source is reported as `url` with a warning.
 *
 * Format: `pubspec-lock` (the file carries no format version).
 */
function readPubspecLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseYamlLockfile(path, text);
    const result = { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
    if (data === undefined || data === null)
        return result;
    if (!isObj(data) || !('packages' in data))
        throw new LockfileError(path, 'expected a mapping with "packages": not a pubspec.lock', { line: 1 });
    const { packagesLine, keyLines } = pubspecLines(text);
    if (data.packages === null)
        return result;
    if (!isObj(data.packages))
        throw new LockfileError(path, '"packages" must be a mapping of package names', { line: packagesLine });
    for (const [name, entry] of Object.entries(data.packages)) {
        const line = keyLines.get(name) ?? packagesLine;
        result.packages.push(read_pubspec_readEntry(path, name, entry, line, result.warnings));
    }
    return result;
}
function read_pubspec_readEntry(path, name, entry, line, warnings) {
    if (!isObj(entry))
        throw new LockfileError(path, `packages.${name} must be a mapping`, { line });
    let version = entry.version;
    if (typeof version === 'number') {
        // An unquoted `1.10` reads as the number 1.1: say so rather than guess the digits.
        warnings.push({
            message: `${name}: version ${String(version)} is not quoted; read as "${String(version)}"`,
            line,
        });
        version = String(version);
    }
    if (typeof version !== 'string' || version === '')
        throw new LockfileError(path, `packages.${name} has no "version"`, { line });
    if (typeof entry.source !== 'string')
        throw new LockfileError(path, `packages.${name} has no "source" (hosted, git, path or sdk)`, { line });
    const description = entry.description;
    let source;
    let resolved;
    switch (entry.source) {
        case 'hosted':
            source = 'registry';
            break;
        case 'git': {
            source = 'git';
            const d = isObj(description) ? description : {};
            const url = typeof d.url === 'string' ? d.url : typeof description === 'string' ? description : undefined;
            const ref = typeof d['resolved-ref'] === 'string' ? d['resolved-ref'] : undefined;
            if (url !== undefined)
                resolved = ref === undefined ? url : `${url}#${ref}`;
            break;
        }
        case 'path':
            source = 'path';
            if (isObj(description) && typeof description.path === 'string')
                resolved = description.path;
            break;
        case 'sdk':
            source = 'path';
            resolved = `sdk:${typeof description === 'string' ? description : 'unknown'}`;
            break;
        default:
            source = 'url';
            warnings.push({ message: `${name}: unknown source ${JSON.stringify(entry.source)}`, line });
    }
    const pkg = { ecosystem: 'pub', name, version, line, source };
    const dependency = entry.dependency;
    if (dependency === 'direct main') {
        pkg.direct = true;
        pkg.dev = false;
    }
    else if (dependency === 'direct dev') {
        pkg.direct = true;
        pkg.dev = true;
    }
    else if (dependency === 'direct overridden') {
        pkg.direct = true;
    }
    else if (dependency === 'transitive') {
        pkg.direct = false;
    }
    else if (dependency !== undefined) {
        warnings.push({ message: `${name}: unknown dependency kind ${JSON.stringify(dependency)}`, line });
    }
    if (resolved !== undefined)
        pkg.resolved = resolved;
    return pkg;
}
/**
 * The line of the top-level `packages:` key and of each key directly under it, in one pass over the
 * lines. The child indent is whatever the first child uses (pub writes two spaces; hand-edited files
 * vary). Flow-style mappings (`packages: {a: ...}`) leave keys unfound; they take the `packages:` line.
 */
function pubspecLines(text) {
    const keyLines = new Map();
    let packagesLine = 1;
    let inPackages = false;
    let childIndent = -1;
    let lineNo = 0;
    let start = 0;
    while (start <= text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = text.length;
        lineNo++;
        const lineStart = start;
        start = end + 1;
        if (end > lineStart && text.charCodeAt(end - 1) === 13)
            end--;
        let i = lineStart;
        while (i < end && text.charCodeAt(i) === 32)
            i++;
        const indent = i - lineStart;
        // Blank lines, comments, and lines deeper than a package key need no further look.
        if (i === end || text.charCodeAt(i) === 35)
            continue;
        if (indent === 0) {
            inPackages = /^(packages|"packages"|'packages')\s*:/.test(text.slice(i, end));
            if (inPackages)
                packagesLine = lineNo;
            continue;
        }
        if (!inPackages)
            continue;
        if (childIndent === -1)
            childIndent = indent;
        if (indent !== childIndent)
            continue;
        const key = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s:#"'][^:#]*?))\s*:(?:\s|$)/.exec(text.slice(i, end));
        if (key === null)
            continue;
        const name = key[1] ?? (key[2] === undefined ? key[3] : key[2].replace(/''/g, "'"));
        if (!keyLines.has(name))
            keyLines.set(name, lineNo);
    }
    return { packagesLine, keyLines };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-requirements.ts


/** A PEP 508 name: letters and digits, with `.`, `_` and `-` inside. */
const read_requirements_NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;
/** A PEP 440 specifier clause: `==1.2.*`, `>= 2.8.1`, `===anything`. */
const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$/;
const VERSION_CHARS = /^[A-Za-z0-9._+!*-]+$/;
/** A comment: `#` at the start of a line or after whitespace (`#egg=` in a URL is not one). */
const COMMENT = /(?:^|\s)#(.*)$/;
const read_requirements_VCS = /^(git|hg|svn|bzr)\+/i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const ARCHIVE = /\.(whl|zip|tar\.gz|tgz|tar\.bz2|tbz|tar\.xz|txz|tar)$/i;
/** Options pip accepts on a line of their own, besides -r, -c and -e: read and ignored. */
const GLOBAL_OPTIONS = new Set([
    '-i',
    '--index-url',
    '--extra-index-url',
    '--no-index',
    '-f',
    '--find-links',
    '--no-binary',
    '--only-binary',
    '--prefer-binary',
    '--require-hashes',
    '--pre',
    '--trusted-host',
    '--use-feature',
]);
/** Options that belong after a requirement on its line, not on a line of their own. */
const REQUIREMENT_OPTIONS = new Set([
    '--hash',
    '--global-option',
    '--install-option',
    '--config-settings',
    '-C',
]);
/**
 * requirements*.txt (and `*.txt` under a `requirements/` folder), read as pip reads it, without
 * following includes or expanding environment variables.
 *
 * - `name==1.2.3` and `name===1.2.3` are pinned (extras, markers and per-requirement options such as
 *   `--hash` are allowed; `\` continues a line, and the line is that of the requirement's first line).
 * - `name`, `name>=1`, `name~=1.0`, `name==1.*` are listed with `unpinned: true`, `version: ''` and the
 *   `specifier` as written; so is a version taken from an environment variable (`==${VERSION}`), with a
 *   warning.
 * - `-r`/`--requirement` and `-c`/`--constraint` are reported in `includes`, not followed.
 * - VCS requirements (`git+https://...#egg=name`, editable or not) are `git`, URLs are `url`, local paths
 *   and `file:` URLs are `path`; the name comes from `name @ url`, `#egg=name`, a wheel or sdist file
 *   name (which also gives the version), or the repository or folder name. `.` (as in `-e .`) is the
 *   project itself and is not listed.
 * - Other option lines (`--index-url`, `--find-links`, ...) are ignored.
 * - pip-compile's `# via` annotations tell direct requirements (via `-r file` or the project's
 *   `pyproject.toml`/`setup.py`/`setup.cfg`) from the rest; without them `direct` is left unset, since a
 *   frozen requirements file lists transitive packages too.
 *
 * A line that is no requirement (pip would refuse the file) is a warning with its line. When such lines
 * outnumber the lines that read, the file is not a requirements file, and that is a LockfileError at
 * the first of them. Names are kept as written; others compare them PEP 503-normalised.
 */
function readRequirements(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const packages = [];
    const warnings = [];
    const includes = [];
    const unreadable = [];
    let understood = 0;
    // pip-compile annotations: the package they follow, and its `via` entries.
    const via = new Map();
    let annotating;
    let inVia = false;
    const physical = text.split('\n');
    for (let i = 0; i < physical.length; i++) {
        const lineNo = i + 1;
        let logical = stripCr(physical[i]);
        if (/^\s*#/.test(logical)) {
            const annotation = /^\s*#\s*via\b\s*(.*)$/.exec(logical);
            if (annotating !== undefined && annotation !== null) {
                inVia = true;
                via.get(annotating).push(...splitVia(annotation[1]));
            }
            else if (annotating !== undefined && inVia && /^\s+#\s+\S/.test(logical)) {
                via.get(annotating).push(...splitVia(logical.replace(/^\s*#\s*/, '')));
            }
            else {
                inVia = false;
            }
            continue;
        }
        // pip joins a line ending in `\` with the next, unless the next is a comment line.
        while (logical.endsWith('\\')) {
            logical = logical.slice(0, -1);
            const next = physical[i + 1];
            if (next === undefined)
                break;
            i++;
            if (/^\s*#/.test(next))
                break;
            logical += stripCr(next);
        }
        const comment = COMMENT.exec(logical);
        const content = (comment === null ? logical : logical.slice(0, comment.index)).trim();
        annotating = undefined;
        inVia = false;
        if (content === '')
            continue;
        const parsed = content.startsWith('-')
            ? readOptionLine(content, lineNo, includes)
            : readRequirementLine(content, lineNo, false);
        if (parsed.kind === 'unreadable') {
            const warning = { message: parsed.reason, line: lineNo };
            warnings.push(warning);
            unreadable.push(warning);
            continue;
        }
        understood++;
        if (parsed.kind === 'nameless')
            warnings.push({ message: parsed.reason, line: lineNo });
        if (parsed.kind === 'skip' || parsed.kind === 'nameless')
            continue;
        packages.push(parsed.pkg);
        if (parsed.warning !== undefined)
            warnings.push({ message: parsed.warning, line: lineNo });
        annotating = parsed.pkg;
        via.set(parsed.pkg, []);
        // The old pip-compile style: `name==1.0    # via other`.
        const inline = comment === null ? null : /^\s*via\s+(.*)$/.exec(comment[1]);
        if (inline !== null)
            via.get(parsed.pkg).push(...splitVia(inline[1]));
    }
    const first = unreadable[0];
    if (first !== undefined && unreadable.length > understood) {
        const what = understood === 0
            ? 'no requirement could be read'
            : `not a requirements file: ${unreadable.length} of ${unreadable.length + understood} lines are not requirements`;
        throw new LockfileError(path, `${what}; the first: ${first.message}`, { line: first.line });
    }
    if ([...via.values()].some((entries) => entries.length > 0)) {
        for (const [pkg, entries] of via)
            if (entries.length > 0)
                pkg.direct = entries.some(isDirectVia);
    }
    return { ecosystem: 'pypi', format: 'requirements', packages, warnings, includes };
}
function stripCr(line) {
    return line.endsWith('\r') ? line.slice(0, -1) : line;
}
function splitVia(list) {
    return list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
}
/** pip-compile names a direct requirement's origin: `-r requirements.in`, or `app (pyproject.toml)`. */
function isDirectVia(entry) {
    return /^-r\s/.test(entry) || /\((pyproject\.toml|setup\.py|setup\.cfg)\)$/.test(entry);
}
/** An option line: an include, an editable requirement, an option to ignore, or an unknown option. */
function readOptionLine(content, line, includes) {
    let name;
    let value;
    if (content.startsWith('--')) {
        const match = /^(--[A-Za-z0-9][\w-]*)(?:=|\s+|$)(.*)$/.exec(content);
        if (match === null)
            return { kind: 'unreadable', reason: `unknown option ${quote(content)}` };
        name = match[1];
        value = match[2].trim();
    }
    else {
        // A short option takes its value attached or after a space: `-rbase.txt`, `-r base.txt`.
        name = content.slice(0, 2);
        value = content.slice(2).trim();
    }
    if (name === '-r' || name === '--requirement' || name === '-c' || name === '--constraint') {
        if (value === '')
            return { kind: 'unreadable', reason: `${name} without a file name` };
        const kind = name === '-c' || name === '--constraint' ? 'constraints' : 'requirements';
        includes.push({ path: value.split(/\s+/)[0], line, kind });
        return { kind: 'skip' };
    }
    if (name === '-e' || name === '--editable') {
        if (value === '')
            return { kind: 'unreadable', reason: `${name} without a path or URL` };
        return readRequirementLine(value, line, true);
    }
    if (GLOBAL_OPTIONS.has(name))
        return { kind: 'skip' };
    if (REQUIREMENT_OPTIONS.has(name))
        return { kind: 'unreadable', reason: `${name} belongs after a requirement on the same line` };
    return { kind: 'unreadable', reason: `unknown option ${quote(name)}` };
}
/** A requirement with any per-requirement options (`--hash=...`) after it. */
function readRequirementLine(content, line, editable) {
    // pip takes the words before the first one that starts with `-` as the requirement.
    const words = content.split(/\s+/);
    const optionAt = words.findIndex((word) => word.startsWith('-'));
    const requirement = (optionAt === -1 ? words : words.slice(0, optionAt)).join(' ');
    if (requirement === '')
        return { kind: 'unreadable', reason: `no requirement before ${quote(content)}` };
    const reference = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(requirement);
    if (reference !== null)
        return located(reference[2], reference[1], line);
    if (SCHEME.test(requirement) || read_requirements_VCS.test(requirement) || looksLikePath(requirement))
        return located(requirement.split(/;\s/)[0].trim(), undefined, line);
    if (editable)
        return {
            kind: 'unreadable',
            reason: `${quote(requirement)} is not a path or URL, which an editable requirement needs`,
        };
    return named(requirement, line);
}
function looksLikePath(requirement) {
    const first = requirement.split(/[\s;]/)[0];
    return /^(\.|~|\/|[A-Za-z]:[\\/])/.test(first) || /[\\/]/.test(first) || ARCHIVE.test(first);
}
/** `name [extras] specifiers ; marker`. */
function named(requirement, line) {
    const nameMatch = read_requirements_NAME.exec(requirement);
    if (nameMatch === null)
        return { kind: 'unreadable', reason: `not a requirement: ${quote(requirement)}` };
    const name = nameMatch[1];
    let rest = requirement.slice(name.length).trim();
    const extras = /^\[[^\]]*\]/.exec(rest);
    if (extras !== null)
        rest = rest.slice(extras[0].length).trim();
    const markerAt = rest.indexOf(';');
    let specifier = (markerAt === -1 ? rest : rest.slice(0, markerAt)).trim();
    if (specifier.startsWith('(') && specifier.endsWith(')'))
        specifier = specifier.slice(1, -1).trim();
    const base = { ecosystem: 'pypi', name, version: '', line, source: 'registry' };
    if (specifier === '')
        return { kind: 'package', pkg: { ...base, unpinned: true, specifier } };
    if (specifier.includes('${')) {
        // pip substitutes ${VAR} from the environment when it installs; the version is unknown here.
        return {
            kind: 'package',
            pkg: { ...base, unpinned: true, specifier },
            warning: `${name}: the version ${quote(specifier)} comes from an environment variable`,
        };
    }
    const clauses = specifier.split(',').map((clause) => CLAUSE.exec(clause.trim()));
    for (const clause of clauses) {
        if (clause === null || (clause[1] !== '===' && !VERSION_CHARS.test(clause[2])))
            return {
                kind: 'unreadable',
                reason: `cannot read the version requirement ${quote(specifier)} of ${name}`,
            };
    }
    const only = clauses.length === 1 ? clauses[0] : undefined;
    if (only !== undefined &&
        only !== null &&
        (only[1] === '===' || (only[1] === '==' && !only[2].includes('*'))))
        return { kind: 'package', pkg: { ...base, version: only[2] } };
    return { kind: 'package', pkg: { ...base, unpinned: true, specifier } };
}
/** A requirement by location: a VCS URL, an archive or project URL, or a local path. */
function located(target, givenName, line) {
    const withoutExtras = target.replace(/\[[^\]]*\]$/, '');
    const source = read_requirements_VCS.test(withoutExtras)
        ? 'git'
        : /^file:/i.test(withoutExtras)
            ? 'path'
            : SCHEME.test(withoutExtras)
                ? 'url'
                : 'path';
    // `-e .`: the project itself, not a dependency.
    if (givenName === undefined && /^\.[\\/]?$/.test(withoutExtras))
        return { kind: 'skip' };
    const location = withoutExtras.replace(/[#?].*$/, '');
    const egg = /[#&]egg=([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(withoutExtras);
    const archive = archiveName(location.split(/[\\/]/).pop() ?? '');
    let name = givenName ?? egg?.[1] ?? archive?.name;
    if (name === undefined && (source === 'git' || source === 'path')) {
        // A repository or project folder: its last path segment, without `.git` or `@ref`.
        const last = location
            .replace(/[\\/]+$/, '')
            .split(/[\\/]/)
            .pop() ?? '';
        const guess = last.replace(/@.*$/, '').replace(/\.git$/, '');
        if (read_requirements_NAME.exec(guess)?.[1] === guess)
            name = guess;
    }
    if (name === undefined)
        return {
            kind: 'nameless',
            reason: `cannot tell the package name of ${quote(target)}; write it as \`name @ url\` or add #egg=name`,
        };
    // An archive's file name gives the version, when it is the archive of this package.
    const fromArchive = source !== 'git' && archive !== undefined && normalize(archive.name) === normalize(name);
    const pkg = {
        ecosystem: 'pypi',
        name,
        version: fromArchive ? archive.version : '',
        line,
        source,
        resolved: target,
    };
    if (pkg.version === '')
        pkg.unpinned = true;
    return { kind: 'package', pkg };
}
/** The name and version in a wheel (`name-1.0-py3-none-any.whl`) or sdist (`name-1.0.tar.gz`) file name. */
function archiveName(file) {
    const wheel = /^([^-]+)-([^-]+)(?:-[^-]+)?-[^-]+-[^-]+-[^-]+\.whl$/i.exec(file);
    if (wheel !== null)
        return { name: wheel[1], version: wheel[2] };
    const sdist = /^(.+?)-(\d[^-]*?)\.(zip|tar\.gz|tgz|tar\.bz2|tbz|tar\.xz|txz|tar)$/i.exec(file);
    if (sdist !== null)
        return { name: sdist[1], version: sdist[2] };
    return undefined;
}
/** PEP 503 normalisation, only to tell whether an archive's file name is this package's. */
function normalize(name) {
    return name.toLowerCase().replace(/[-_.]+/g, '-');
}
function quote(text) {
    return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

;// CONCATENATED MODULE: ./src/lockfiles/read-swift.ts




/**
 * SwiftPM's identity of a source-control package: the last path component of its URL, without `.git`,
 * lowercased (`https://github.com/apple/swift-nio.git` and `git@github.com:apple/swift-nio` are both
 * `swift-nio`). Version 2 and 3 files record it; for version 1 files it is derived the same way.
 */
function swiftPackageIdentity(location) {
    const trimmed = location.trim().replace(/[/\\]+$/, '');
    const last = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1);
    return last.replace(/\.git$/i, '').toLowerCase();
}
const KINDS = new Map([
    ['remoteSourceControl', 'registry'],
    ['registry', 'registry'],
    ['localSourceControl', 'path'],
    // Not written by current SwiftPM, but older Xcode builds pinned local packages this way.
    ['fileSystem', 'path'],
]);
/**
 * Package.resolved, version 1 (`object.pins` with `package`, `repositoryURL`) and versions 2 and 3
 * (`pins` with `identity`, `kind`, `location`; version 3 adds `originHash`).
 *
 * Name: the package identity, as SwiftPM keys packages and as v2/v3 files record it; for v1 files it is
 * derived from `repositoryURL` (see swiftPackageIdentity), so that a v1 file and its v2 successor name
 * packages alike (the v1 `package` field is the manifest's display name, e.g. `Benchmark` for
 * swift-benchmark, and is used only when the URL gives no name). Version: `state.version`. A pin on a
 * branch or a bare revision has no version: it is reported with version '', source `git` and
 * `resolved` = `location#revision`. Local packages (`localSourceControl`) are `path`. Line: the line of
 * the pin's `identity` (v1: `package`) key. The file does not tell direct from transitive.
 */
function readPackageResolved(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data))
        throw new LockfileError(path, 'not a Package.resolved: the top level is not an object', { line: 1 });
    // Only the keys that place an error or a pin; the keys inside each pin's state are skipped unread.
    const keyLines = jsonKeyLines(text, (p) => p.length === 2 ||
        (p[1] === 'pins' && p.length === 4 && p[3] === 'identity') ||
        (p[1] === 'object' && (p.length === 3 || (p.length === 5 && p[4] === 'package'))), 5);
    const version = data.version;
    if (version !== 1 && version !== 2 && version !== 3) {
        throw new LockfileError(path, version === undefined
            ? 'not a Package.resolved: no "version"'
            : `unsupported Package.resolved version ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`, { line: keyLines.get('\u0000version') ?? 1 });
    }
    const v1 = version === 1;
    const pins = v1 ? (isObj(data.object) ? data.object.pins : undefined) : data.pins;
    if (!Array.isArray(pins)) {
        const where = v1
            ? (keyLines.get('\u0000object\u0000pins') ?? keyLines.get('\u0000object'))
            : keyLines.get('\u0000pins');
        throw new LockfileError(path, `not a Package.resolved: ${v1 ? '"object.pins"' : '"pins"'} is ${pins === undefined ? 'missing' : 'not an array'}`, { line: where ?? 1 });
    }
    const nameKey = v1 ? 'package' : 'identity';
    const packages = [];
    pins.forEach((pin, i) => {
        const prefix = v1 ? `\u0000object\u0000pins\u0000${i}` : `\u0000pins\u0000${i}`;
        const line = keyLines.get(`${prefix}\u0000${nameKey}`) ??
            keyLines.get(v1 ? '\u0000object\u0000pins' : '\u0000pins') ??
            1;
        if (!isObj(pin))
            throw new LockfileError(path, `pin ${i + 1} is not an object`, { line });
        const location = v1 ? pin.repositoryURL : pin.location;
        const label = typeof pin[nameKey] === 'string' ? pin[nameKey] : `pin ${i + 1}`;
        if (typeof location !== 'string')
            throw new LockfileError(path, `${label} has no ${v1 ? '"repositoryURL"' : '"location"'}`, { line });
        const kind = v1 ? 'remoteSourceControl' : pin.kind;
        const source = typeof kind === 'string' ? KINDS.get(kind) : undefined;
        if (source === undefined) {
            throw new LockfileError(path, `${label} has the unsupported kind ${JSON.stringify(kind)}`, { line });
        }
        const name = v1
            ? swiftPackageIdentity(location) || (typeof pin.package === 'string' ? pin.package.toLowerCase() : '')
            : typeof pin.identity === 'string'
                ? pin.identity
                : '';
        if (name === '')
            throw new LockfileError(path, `${label} has no ${v1 ? 'package name' : '"identity"'}`, { line });
        const state = pin.state;
        if (!isObj(state))
            throw new LockfileError(path, `${name} has no "state"`, { line });
        const pinned = state.version;
        const revision = state.revision;
        if ((pinned !== undefined && pinned !== null && typeof pinned !== 'string') || pinned === '')
            throw new LockfileError(path, `${name} has a version that is not a non-empty string`, { line });
        if (revision !== undefined && revision !== null && typeof revision !== 'string')
            throw new LockfileError(path, `${name} has a revision that is not a string`, { line });
        if (typeof pinned !== 'string' && typeof revision !== 'string' && source !== 'path')
            throw new LockfileError(path, `${name} is pinned to neither a version nor a revision`, { line });
        const pkg = {
            ecosystem: 'swiftpm',
            name,
            version: typeof pinned === 'string' ? pinned : '',
            line,
            source: source === 'registry' && typeof pinned !== 'string' ? 'git' : source,
        };
        if (pkg.source !== 'registry')
            pkg.resolved = typeof revision === 'string' ? `${location}#${revision}` : location;
        packages.push(pkg);
    });
    return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages, warnings: [] };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-uv.ts





/** uv changes `version` only for a format it cannot read the old way (compatible changes bump `revision`). */
const SUPPORTED_VERSION = 1;
const SOURCE_KINDS = ['registry', 'git', 'url', 'path', 'directory', 'editable', 'virtual'];
/**
 * uv.lock (version 1, any revision): every `[[package]]` in file order, at the line of its header, name
 * and version as written (uv writes names normalised).
 *
 * The project itself (`source = { editable = "." }` or `{ virtual = "." }`) is not listed. Other
 * workspace members (named in `[manifest] members`) are `workspace`; other local packages (`path`,
 * `directory`, editable or virtual elsewhere) are `path`; `git` and `url` sources keep their value as
 * `resolved`. A package without a source is read as `registry`, with a warning.
 *
 * When the lockfile holds the project or workspace members, their dependency lists tell the rest:
 * direct = named by one of them (dependencies, extras or dev groups); optional = reachable only through
 * their extras; dev = reachable only through their dev groups (`[package.dev-dependencies]`). Reachability
 * follows every dependency, markers ignored, and a package's extras where a dependency asks for them.
 * Without them (a lockfile of loose packages), direct, dev and optional are left unset.
 *
 * Format: `uv@1`, or `uv@1.<revision>` when the lockfile has a revision.
 */
function readUvLock(path, rawText) {
    const { text, data, packages: tables, warnings } = readPackageTables(path, rawText);
    if (Object.keys(data).length === 0)
        return { ecosystem: 'pypi', format: 'uv', packages: [], warnings };
    if (data.distribution !== undefined)
        throw new LockfileError(path, '[[distribution]] tables are a preview uv.lock format; run `uv lock` to rewrite the lockfile', { line: tomlKeyLine(text, '[distribution]') });
    const format = lockfileFormat(path, text, data);
    let members = new Set();
    const manifest = data.manifest;
    if (manifest !== undefined) {
        const place = { file: path, where: '[manifest]', line: tomlKeyLine(text, 'manifest') };
        if (!isObj(manifest))
            throw new LockfileError(path, '"manifest" must be a table', { line: place.line });
        members = new Set(optionalStringArray(place, manifest, 'members') ?? []);
    }
    const entries = tables.map(({ table, line }, index) => read_uv_readEntry(path, table, line, index, members, warnings));
    const roots = entries.filter((entry) => entry.role !== 'other');
    if (roots.length > 0)
        classify(entries, roots);
    return {
        ecosystem: 'pypi',
        format,
        packages: entries.filter((entry) => entry.role !== 'root').map((entry) => entry.pkg),
        warnings,
    };
}
function lockfileFormat(path, text, data) {
    const version = data.version;
    if (version === undefined)
        throw new LockfileError(path, 'no lockfile version: not a uv.lock', { line: 1 });
    const line = tomlKeyLine(text, 'version');
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
        throw new LockfileError(path, `lockfile version must be a positive integer, got ${JSON.stringify(version)}`, {
            line,
        });
    if (version !== SUPPORTED_VERSION)
        throw new LockfileError(path, `unsupported uv.lock version ${version} (read: ${SUPPORTED_VERSION})`, {
            line,
        });
    const revision = data.revision;
    if (revision === undefined)
        return `uv@${version}`;
    if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 0)
        throw new LockfileError(path, `lockfile revision must be an integer, got ${JSON.stringify(revision)}`, {
            line: tomlKeyLine(text, 'revision'),
        });
    return `uv@${version}.${revision}`;
}
function read_uv_readEntry(path, table, line, index, members, warnings) {
    const place = { file: path, where: `package ${index + 1}`, line };
    const name = requiredString(place, table, 'name');
    place.where = `package ${name}`;
    const version = optionalString(place, table, 'version') ?? '';
    const sourceTable = optionalTable(place, table, 'source');
    let kind = 'registry';
    let value = '';
    if (sourceTable === undefined) {
        warnings.push({ message: `${name} ${version}: no source; read as a registry package`, line });
    }
    else {
        const found = SOURCE_KINDS.find((key) => sourceTable[key] !== undefined);
        if (found === undefined)
            throw new LockfileError(path, `${place.where}: unknown source ${JSON.stringify(Object.keys(sourceTable).join(', '))}`, { line });
        kind = found;
        value = requiredString({ ...place, where: `${place.where}: source` }, sourceTable, found);
    }
    const local = kind === 'editable' || kind === 'virtual' || kind === 'directory' || kind === 'path';
    const role = (kind === 'editable' || kind === 'virtual') && (value === '.' || value === './')
        ? 'root'
        : local && members.has(name)
            ? 'member'
            : 'other';
    if (version === '' && !local && role === 'other')
        throw new LockfileError(path, `${place.where}: no "version"`, { line });
    const source = role === 'member' ? 'workspace' : kind === 'registry' || kind === 'git' || kind === 'url' ? kind : 'path';
    const pkg = { ecosystem: 'pypi', name, version, line, source };
    if (kind !== 'registry')
        pkg.resolved = value;
    const optional = new Map();
    const extras = optionalTable(place, table, 'optional-dependencies');
    if (extras !== undefined)
        for (const extra of Object.keys(extras))
            optional.set(extra, dependencyRefs(place, extras[extra], `optional-dependencies.${extra}`));
    const dev = [];
    const groups = optionalTable(place, table, 'dev-dependencies');
    if (groups !== undefined)
        for (const group of Object.keys(groups))
            dev.push(...dependencyRefs(place, groups[group], `dev-dependencies.${group}`));
    return {
        name,
        version,
        line,
        sourceKey: `${kind}\u0000${value}`,
        role,
        dependencies: dependencyRefs(place, table.dependencies, 'dependencies'),
        optional,
        dev,
        pkg,
    };
}
const NO_EXTRAS = [];
function dependencyRefs(place, value, key) {
    if (value === undefined)
        return [];
    if (!Array.isArray(value))
        throw new LockfileError(place.file, `${place.where}: "${key}" must be an array`, { line: place.line });
    const where = { ...place, where: `${place.where}: ${key}` };
    return value.map((item) => {
        if (!isObj(item))
            throw new LockfileError(place.file, `${place.where}: an entry of "${key}" is not a table`, {
                line: place.line,
            });
        const ref = {
            name: requiredString(where, item, 'name'),
            extras: optionalStringArray(where, item, 'extra') ?? NO_EXTRAS,
        };
        const version = optionalString(where, item, 'version');
        if (version !== undefined)
            ref.version = version;
        const source = optionalTable(where, item, 'source');
        if (source !== undefined) {
            const kind = SOURCE_KINDS.find((k) => source[k] !== undefined);
            if (kind !== undefined)
                ref.source = `${kind}\u0000${String(source[kind])}`;
        }
        return ref;
    });
}
/** Sets direct, dev and optional from what the project and workspace members depend on. */
function classify(entries, roots) {
    const byName = new Map();
    for (const [i, entry] of entries.entries()) {
        const list = byName.get(entry.name);
        if (list === undefined)
            byName.set(entry.name, [i]);
        else
            list.push(i);
    }
    const resolve = (ref) => {
        let found = byName.get(ref.name) ?? [];
        if (found.length > 1 && ref.version !== undefined)
            found = found.filter((i) => entries[i]?.version === ref.version);
        if (found.length > 1 && ref.source !== undefined)
            found = found.filter((i) => entries[i]?.sourceKey === ref.source);
        return found;
    };
    const reach = (start) => {
        const seen = new Uint8Array(entries.length);
        const extrasSeen = new Map();
        const queue = [...start];
        for (let q = 0; q < queue.length; q++) {
            const ref = queue[q];
            for (const i of resolve(ref)) {
                const entry = entries[i];
                if (seen[i] === 0) {
                    seen[i] = 1;
                    queue.push(...entry.dependencies);
                }
                for (const extra of ref.extras) {
                    const done = extrasSeen.get(i) ?? new Set();
                    extrasSeen.set(i, done);
                    if (done.has(extra))
                        continue;
                    done.add(extra);
                    queue.push(...(entry.optional.get(extra) ?? []));
                }
            }
        }
        return seen;
    };
    const required = reach(roots.flatMap((root) => root.dependencies));
    const extras = reach(roots.flatMap((root) => [...root.optional.values()].flat()));
    const devOnly = reach(roots.flatMap((root) => root.dev));
    const direct = new Uint8Array(entries.length);
    for (const root of roots)
        for (const ref of [...root.dependencies, ...[...root.optional.values()].flat(), ...root.dev])
            for (const i of resolve(ref))
                direct[i] = 1;
    for (const [i, entry] of entries.entries()) {
        if (entry.role === 'root')
            continue;
        entry.pkg.direct = direct[i] === 1;
        entry.pkg.dev = devOnly[i] === 1 && required[i] === 0 && extras[i] === 0;
        entry.pkg.optional = extras[i] === 1 && required[i] === 0;
    }
}

;// CONCATENATED MODULE: ./src/lockfiles/read-yarn-berry.ts



// A range that names its protocol (`npm:^1`, `workspace:^`, `https://…`); yarn 2 and 3 leave `npm:` out.
const PROTOCOL = /^[a-z][\w+.-]*:/i;
/**
 * Reads a yarn berry lockfile (yarn 2 and later: YAML with a `__metadata` section). Each entry is
 * keyed by the descriptors that resolved to it (`"a@npm:^1, a@npm:^1.1":`) and names its package and
 * protocol in `resolution`; one package per entry, on the line of its key, in file order. The root
 * workspace (`workspace:.`) is the project itself and is not listed; other workspaces are, as
 * `workspace`.
 *
 * The name is the resolution's (`"foo@npm:bar@^1"` resolves to `bar@npm:1.0.0`: `bar`, with `alias`
 * `foo`; an entry that is both `bar@npm:^1` and an alias carries the alias too). `patch:` resolutions
 * are the patched package's version with the source of the package underneath, and keep the patch
 * resolution as `resolved`; the unpatched entry beside them is listed as well. `link:` and `portal:`
 * are `link`, `file:` is `path`, git resolutions (`#commit=`) are `git`, tarball URLs `url`.
 *
 * `direct` means that a workspace (the root included) lists it, found by the descriptors yarn writes
 * in each workspace entry. `optional` means that only dependencies marked optional
 * (`dependenciesMeta`) reach it; it is left out for entries no workspace reaches. The lockfile merges
 * dev dependencies into `dependencies`, so `dev` is never known and left out. `text` must have had its
 * byte-order mark removed and its conflict markers refused by the caller.
 */
function readYarnBerryLockfile(path, text, options = {}) {
    const data = loadYaml(path, text);
    const lines = topKeyLines(text);
    const lineOf = (key) => lines.get(key) ?? 1;
    if (!isObj(data))
        throw new LockfileError(path, 'not a yarn berry lockfile: expected a mapping of entries', { line: 1 });
    const metadata = data.__metadata;
    if (!isObj(metadata))
        throw new LockfileError(path, 'a yarn berry lockfile needs a __metadata section', {
            line: lineOf('__metadata'),
        });
    const version = metadata.version;
    if (typeof version !== 'string' || !/^\d+$/.test(version))
        throw new LockfileError(path, `__metadata.version must be a number, got ${JSON.stringify(version)}`, {
            line: lineOf('__metadata'),
        });
    const warnings = [];
    const entries = [];
    const byDescriptor = new Map();
    const byName = new Map();
    // Patch entries by the descriptor they patch: yarn applies its built-in patches (`resolve`,
    // `typescript`, `fsevents`) behind the plain descriptor that the dependent wrote.
    const patchesOf = new Map();
    for (const key of Object.keys(data)) {
        if (key === '__metadata')
            continue;
        const entry = read_yarn_berry_readEntry(path, key, data[key], lineOf(key), warnings);
        entries.push(entry);
        for (const descriptor of key.split(',')) {
            const trimmed = descriptor.trim();
            byDescriptor.set(trimmed, entry);
            const { name, range } = splitDescriptor(trimmed);
            const named = byName.get(name);
            if (named === undefined)
                byName.set(name, [entry]);
            else if (!named.includes(entry))
                named.push(entry);
            if (range.startsWith('patch:')) {
                const patched = patchedDescriptor(range);
                if (patched === undefined)
                    continue;
                // Yarn 3 writes the patched descriptor without the `npm:` that the plain entry's key has.
                const inner = splitDescriptor(patched);
                const forms = PROTOCOL.test(inner.range) ? [patched] : [patched, `${inner.name}@npm:${inner.range}`];
                for (const form of forms)
                    patchesOf.set(form, [...(patchesOf.get(form) ?? []), entry]);
            }
        }
    }
    // The entries a dependency of `parent` reaches: its descriptor as written, as yarn binds relative
    // ones to their parent (`::locator=`), with the `npm:` protocol yarn 2 left implicit, or (when a
    // `resolutions` override replaced the descriptor) the only entry of that name.
    const lookup = (descriptor) => {
        const found = byDescriptor.get(descriptor);
        if (found === undefined)
            return undefined;
        const patches = patchesOf.get(descriptor);
        return patches === undefined ? [found] : [found, ...patches];
    };
    const resolve = (parent, name, range) => {
        const named = byName.get(name);
        return (lookup(`${name}@${range}`) ??
            lookup(`${name}@${range}::locator=${encodeURIComponent(parent.resolution)}`) ??
            lookup(`${name}@npm:${range}`) ??
            (named?.length === 1 ? named : []));
    };
    // Each entry's dependencies, resolved once: `[required, optional]` targets.
    const edges = new Map();
    const edgesOf = (entry) => {
        let found = edges.get(entry);
        if (found !== undefined)
            return found;
        found = [[], []];
        for (const name of Object.keys(entry.dependencies)) {
            const meta = entry.meta[name];
            const bucket = found[isObj(meta) && meta.optional === 'true' ? 1 : 0];
            for (const next of resolve(entry, name, entry.dependencies[name]))
                bucket.push(next);
        }
        edges.set(entry, found);
        return found;
    };
    const workspaces = entries.filter((e) => e.workspace);
    const required = new Set();
    const reached = new Set();
    const walk = (seen, optionalEdges) => {
        const stack = [...workspaces];
        const visit = (next) => {
            if (next.workspace || seen.has(next))
                return;
            seen.add(next);
            stack.push(next);
        };
        while (stack.length > 0) {
            const [always, optional] = edgesOf(stack.pop());
            always.forEach(visit);
            if (optionalEdges)
                optional.forEach(visit);
        }
    };
    walk(reached, true);
    walk(required, false);
    for (const workspace of workspaces) {
        for (const targets of edgesOf(workspace))
            for (const target of targets)
                target.pkg.direct = true;
    }
    const packages = [];
    const reported = [];
    for (const entry of entries) {
        if (entry.resolution.endsWith('@workspace:.'))
            continue;
        const { pkg } = entry;
        pkg.direct ??= false;
        if (reached.has(entry))
            pkg.optional = !required.has(entry);
        packages.push(pkg);
        reported.push(entry);
    }
    const result = { ecosystem: 'npm', format: `yarn-berry@${version}`, packages, warnings };
    if (options.edges === true) {
        const index = new Map(reported.map((entry, i) => [entry, i]));
        result.dependencies = reported.map((entry) => {
            const out = [];
            for (const targets of edgesOf(entry))
                for (const target of targets) {
                    const at = index.get(target);
                    if (at !== undefined && !out.includes(at))
                        out.push(at);
                }
            return out;
        });
    }
    return result;
}
function read_yarn_berry_readEntry(path, key, value, line, warnings) {
    if (!isObj(value))
        throw new LockfileError(path, `entry ${key} is not a mapping`, { line });
    const { resolution, version } = value;
    if (typeof resolution !== 'string' || resolution === '')
        throw new LockfileError(path, `entry ${key} has no resolution`, { line });
    if (typeof version !== 'string' || version === '')
        throw new LockfileError(path, `entry ${key} has no version`, { line });
    const dependencies = value.dependencies ?? {};
    if (!isObj(dependencies) || Object.values(dependencies).some((v) => typeof v !== 'string'))
        throw new LockfileError(path, `entry ${key}: "dependencies" must map names to ranges`, { line });
    const meta = value.dependenciesMeta ?? {};
    if (!isObj(meta))
        throw new LockfileError(path, `entry ${key}: "dependenciesMeta" must be a mapping`, { line });
    const { name, range: reference } = splitDescriptor(resolution);
    if (name === '' || reference === '')
        throw new LockfileError(path, `entry ${key}: malformed resolution ${JSON.stringify(resolution)}`, {
            line,
        });
    const source = sourceOfReference(reference, (message) => warnings.push({ message, line }));
    const pkg = { ecosystem: 'npm', name, version, line, source };
    const alias = key
        .split(',')
        .map((d) => splitDescriptor(d.trim()).name)
        .find((n) => n !== name);
    if (alias !== undefined)
        pkg.alias = alias;
    if (source !== 'registry' || reference.startsWith('patch:'))
        pkg.resolved = resolution;
    return { pkg, resolution, workspace: source === 'workspace', dependencies, meta };
}
// Splits `name@reference` at the `@` that ends the name (a scope's leading `@` belongs to the name).
function splitDescriptor(descriptor) {
    const at = descriptor.indexOf('@', 1);
    return at === -1
        ? { name: descriptor, range: '' }
        : { name: descriptor.slice(0, at), range: descriptor.slice(at + 1) };
}
// The descriptor a `patch:` range applies to: `patch:a@npm%3A^1#…` -> `a@npm:^1`.
function patchedDescriptor(range) {
    const hash = range.indexOf('#');
    const inner = range.slice('patch:'.length, hash === -1 ? undefined : hash);
    try {
        return decodeURIComponent(inner);
    }
    catch {
        return undefined;
    }
}
function sourceOfReference(reference, warn) {
    // A patch keeps the source of what it patches (nested patches are peeled one by one).
    let ref = reference;
    for (let depth = 0; ref.startsWith('patch:') && depth < 8; depth++) {
        const inner = patchedDescriptor(ref);
        if (inner === undefined)
            return 'path';
        ref = splitDescriptor(inner).range;
    }
    if (ref.startsWith('npm:'))
        return 'registry';
    if (ref.startsWith('workspace:'))
        return 'workspace';
    if (ref.startsWith('link:') || ref.startsWith('portal:'))
        return 'link';
    // `exec:` builds the package from a script in the project.
    if (ref.startsWith('file:') || ref.startsWith('exec:'))
        return 'path';
    if (/^(git\+|git:|ssh:|github:|gitlab:|bitbucket:)/.test(ref) ||
        /#commit[=:]/.test(ref) ||
        /^https?:\/\/[^#]*\.git(#|$)/.test(ref))
        return 'git';
    if (/^https?:/.test(ref))
        return 'url';
    if (/^\d/.test(ref))
        return 'registry';
    warn(`unknown protocol in resolution reference ${JSON.stringify(reference)}; read as a url`);
    return 'url';
}
// The YAML as yarn itself reads it: every scalar a string (the failsafe schema), so that a version
// like `1.10` never turns into a number.
function loadYaml(path, text) {
    try {
        return js_yaml/* default.load */.Ay.load(text, { schema: js_yaml/* default.FAILSAFE_SCHEMA */.Ay.FAILSAFE_SCHEMA, json: true });
    }
    catch (error) {
        const mark = error.mark;
        const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
        throw new LockfileError(path, `not valid YAML: ${reason}`, mark?.line === undefined ? {} : { line: mark.line + 1 });
    }
}
// Lines of the unindented keys, by the key as YAML reads it (quotes removed), in one pass over the
// lines. A repeated key keeps its last line, as the parsed mapping keeps its last value.
function topKeyLines(text) {
    const lines = new Map();
    let line = 0;
    let start = 0;
    const length = text.length;
    while (start < length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = length;
        line++;
        const c = text.charCodeAt(start);
        if (c !== 32 && c !== 35 && c !== 10 && c !== 13 && c !== 9 && c !== 45 /* - */) {
            const key = keyOfLine(text.slice(start, end));
            if (key !== undefined)
                lines.set(key, line);
        }
        start = end + 1;
    }
    return lines;
}
function keyOfLine(raw) {
    const line = raw.trimEnd();
    if (line.startsWith('"')) {
        let end = 1;
        for (;;) {
            end = line.indexOf('"', end);
            if (end === -1)
                return undefined;
            let backslashes = 0;
            for (let k = end - 1; line.charCodeAt(k) === 92; k--)
                backslashes++;
            if (backslashes % 2 === 0)
                break;
            end++;
        }
        const inner = line.slice(1, end);
        if (!inner.includes('\\'))
            return inner;
        try {
            return JSON.parse(`"${inner}"`);
        }
        catch {
            return inner;
        }
    }
    if (line.startsWith("'")) {
        // Single quotes escape a quote by doubling it.
        let end = 1;
        while (end < line.length && (line[end] !== "'" || line[end + 1] === "'"))
            end += line[end] === "'" ? 2 : 1;
        return end >= line.length ? undefined : line.slice(1, end).replace(/''/g, "'");
    }
    const colon = line.indexOf(': ');
    if (colon !== -1)
        return line.slice(0, colon);
    return line.endsWith(':') ? line.slice(0, -1) : undefined;
}

;// CONCATENATED MODULE: ./src/lockfiles/read-yarn-v1.ts

const NOT_CLASSIC = 'not a yarn lockfile: `key: value` is YAML, and a yarn berry lockfile needs its __metadata section';
/**
 * Reads a yarn classic lockfile (`# yarn lockfile v1`) in a single pass over its lines, without a
 * tokenizer: an unindented line ending in `:` opens an entry keyed by one or more comma-separated
 * specifiers (`"a@^1", a@^1.1:`), its two-space lines carry `version` and `resolved`, and deeper
 * lines (dependency lists) are stepped over. One package per entry, on the entry's key line, in file
 * order; an entry that two specifiers share is one package.
 *
 * Aliases (`"foo@npm:bar@^1"`) come out under the real name with `alias` set. Sources come from the
 * specifiers and `resolved`: `file:` folders are `path` (tarballs too), `link:` is `link`, git
 * specifiers and resolutions are `git`, tarball URLs are `url`; a yarn classic lockfile has no
 * workspace members in it. It does not say which packages are direct, dev or optional (package.json
 * does), so those fields are left out. `text` must have had its byte-order mark removed and its
 * conflict markers refused by the caller.
 */
function readYarnV1Lockfile(path, text) {
    const packages = [];
    const warnings = [];
    // Where each specifier was first seen, to report one that two entries claim.
    const seen = new Map();
    let current;
    // The deepest indent the next line may have: one level below a line that opened a block.
    let allowedIndent = 0;
    let lineNo = 0;
    let contentful = false;
    let commented = false;
    let header = false;
    const length = text.length;
    let start = 0;
    while (start < length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = length;
        lineNo++;
        let stop = end;
        if (stop > start && text.charCodeAt(stop - 1) === 13)
            stop--;
        const lineStart = start;
        start = end + 1;
        let i = lineStart;
        while (i < stop && text.charCodeAt(i) === 32)
            i++;
        if (i === stop)
            continue; // blank
        const indent = i - lineStart;
        const first = text.charCodeAt(i);
        if (first === 35 /* # */) {
            commented = true;
            if (indent === 0 && readComment(path, text.slice(i, stop), lineNo))
                header = true;
            continue;
        }
        contentful = true;
        if (indent === 0) {
            if (current !== undefined)
                finish(path, current, packages, warnings);
            current = { specs: readSpecs(path, text, i, stop, lineNo), line: lineNo };
            for (const spec of current.specs) {
                const before = seen.get(spec);
                if (before !== undefined)
                    warnings.push({
                        message: `${spec} is the key of two entries (lines ${before} and ${lineNo}); yarn reads the last`,
                        line: lineNo,
                    });
                else
                    seen.set(spec, lineNo);
            }
            allowedIndent = 2;
            continue;
        }
        if (current === undefined)
            throw new LockfileError(path, 'indented line outside any entry', { line: lineNo });
        if (indent % 2 !== 0)
            throw new LockfileError(path, `odd indentation (${indent} spaces); yarn indents by two`, {
                line: lineNo,
            });
        if (indent > allowedIndent)
            throw new LockfileError(path, `unexpected indentation (${indent} spaces)`, { line: lineNo });
        let last = stop - 1;
        while (text.charCodeAt(last) === 32)
            last--;
        const opensBlock = text.charCodeAt(last) === 58; /* : */
        allowedIndent = opensBlock ? indent + 2 : indent;
        // Only the entry's own fields matter; dependency lists and other nested blocks are stepped over.
        if (indent !== 2 || opensBlock)
            continue;
        readField(path, text, i, stop, lineNo, current);
    }
    if (current !== undefined)
        finish(path, current, packages, warnings);
    // Comments alone are what yarn writes for a project without dependencies; nothing at all is not.
    if (!contentful && !commented)
        warnings.push({ message: 'the file is empty: no entries' });
    // Without entries, only the header tells a classic lockfile from an empty berry one.
    const format = header || contentful ? 'yarn@1' : 'yarn@empty';
    return { ecosystem: 'npm', format, packages, warnings };
}
// Whether a comment is the `# yarn lockfile v1` header; refuses the header of another version.
function readComment(path, comment, line) {
    const version = /^#\s*yarn lockfile v(\d+)\s*$/.exec(comment);
    if (version === null)
        return false;
    if (version[1] !== '1')
        throw new LockfileError(path, `unsupported yarn lockfile v${version[1]} (depgate reads v1 and berry)`, {
            line,
        });
    return true;
}
// The end (exclusive) of a double-quoted string opening at `at`, or -1 when the line ends first.
function quotedEnd(text, at, stop) {
    let end = at + 1;
    for (;;) {
        end = text.indexOf('"', end);
        if (end === -1 || end >= stop)
            return -1;
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 92; k--)
            backslashes++;
        if (backslashes % 2 === 0)
            return end + 1;
        end++;
    }
}
// A quoted token's text; escapes are JSON's, as yarn writes them.
function unquote(path, text, from, to, line) {
    const raw = text.slice(from + 1, to - 1);
    if (!raw.includes('\\'))
        return raw;
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        throw new LockfileError(path, `malformed escape in ${text.slice(from, to)}`, { line });
    }
}
// The specifiers of an entry's key line: `"@s/a@^1", a@^2:` -> [`@s/a@^1`, `a@^2`].
function readSpecs(path, text, from, stop, line) {
    let end = stop;
    while (end > from && text.charCodeAt(end - 1) === 32)
        end--;
    if (text.charCodeAt(end - 1) !== 58)
        throw new LockfileError(path, `expected an entry like "name@range:", got ${JSON.stringify(text.slice(from, Math.min(stop, from + 60)))}`, { line });
    end--;
    const specs = [];
    let i = from;
    for (;;) {
        while (i < end && text.charCodeAt(i) === 32)
            i++;
        let spec;
        if (text.charCodeAt(i) === 34) {
            const close = quotedEnd(text, i, end);
            if (close === -1)
                throw new LockfileError(path, 'unterminated quoted key', { line });
            spec = unquote(path, text, i, close, line);
            i = close;
        }
        else {
            let j = i;
            while (j < end && text.charCodeAt(j) !== 44)
                j++;
            spec = text.slice(i, j).trimEnd();
            i = j;
        }
        if (spec === '' || !/^@?[^@\s]+(@.*)?$/.test(spec))
            throw new LockfileError(path, `malformed entry key ${JSON.stringify(spec)}`, { line });
        specs.push(spec);
        while (i < end && text.charCodeAt(i) === 32)
            i++;
        if (i >= end)
            return specs;
        if (text.charCodeAt(i) !== 44)
            throw new LockfileError(path, `expected "," between the specifiers of an entry key`, { line });
        i++;
    }
}
// A two-space field line, `key value` (either side possibly quoted); keeps `version` and `resolved`.
function readField(path, text, from, stop, line, entry) {
    let key;
    let i;
    if (text.charCodeAt(from) === 34) {
        const close = quotedEnd(text, from, stop);
        if (close === -1)
            throw new LockfileError(path, 'unterminated quoted field name', { line });
        key = unquote(path, text, from, close, line);
        i = close;
    }
    else {
        i = from;
        while (i < stop && text.charCodeAt(i) !== 32)
            i++;
        key = text.slice(from, i);
    }
    if ((key.endsWith(':') && i < stop) || text.charCodeAt(i) === 58)
        throw new LockfileError(path, NOT_CLASSIC, { line });
    if (key !== 'version' && key !== 'resolved')
        return;
    while (i < stop && text.charCodeAt(i) === 32)
        i++;
    let end = stop;
    while (end > i && text.charCodeAt(end - 1) === 32)
        end--;
    if (i >= end)
        throw new LockfileError(path, `"${key}" has no value`, { line });
    let value;
    if (text.charCodeAt(i) === 34) {
        const close = quotedEnd(text, i, end + 1);
        if (close !== end)
            throw new LockfileError(path, `malformed quoted value of "${key}"`, { line });
        value = unquote(path, text, i, close, line);
    }
    else {
        value = text.slice(i, end);
    }
    if (key === 'version')
        entry.version = value;
    else
        entry.resolved = value;
}
// Splits `name@range` at the `@` that ends the name (a scope's leading `@` belongs to the name).
function splitSpec(spec) {
    const at = spec.indexOf('@', 1);
    return at === -1 ? { name: spec, range: '' } : { name: spec.slice(0, at), range: spec.slice(at + 1) };
}
function isGitRange(range) {
    return (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:|ssh:)/.test(range) ||
        /^[\w.-]+\/[\w.-]+(#.*)?$/.test(range) ||
        /^https?:\/\/[^#]*\.git(#.*)?$/.test(range));
}
// Whether a `resolved` value is a git checkout (or a GitHub tarball of one commit).
function isGitResolution(resolved) {
    if (/^(git\+|git:|ssh:)/.test(resolved) || resolved.startsWith('https://codeload.github.com/'))
        return true;
    // A repository URL without an archive name, pinned to a commit: `https://github.com/a/b#<sha>`.
    return /^https?:\/\/[^#]+#[0-9a-f]{7,40}$/.test(resolved) && !/\.(tgz|tar\.gz|tar|zip)#/.test(resolved);
}
// What one specifier's range asks for.
function sourceOfRange(range) {
    if (range.startsWith('npm:'))
        return 'registry';
    if (range.startsWith('file:'))
        return 'path';
    if (range.startsWith('link:') || range.startsWith('portal:'))
        return 'link';
    if (isGitRange(range))
        return 'git';
    if (/^https?:/.test(range))
        return 'url';
    return 'registry';
}
// The package an `npm:` range names: `npm:bar@^1` -> `bar`; `npm:^1` names none (the same package).
function aliasTarget(range) {
    if (!range.startsWith('npm:'))
        return undefined;
    const target = range.slice(4);
    const at = target.indexOf('@', 1);
    if (at > 0)
        return target.slice(0, at);
    return target.startsWith('@') && target.includes('/') ? target : undefined;
}
function finish(path, entry, packages, warnings) {
    const first = entry.specs[0];
    if (entry.version === undefined)
        throw new LockfileError(path, `entry ${first} has no version`, { line: entry.line });
    let name;
    let alias;
    let source;
    if (entry.specs.length === 1) {
        const { name: keyName, range } = splitSpec(first);
        name = aliasTarget(range) ?? keyName;
        if (name !== keyName)
            alias = keyName;
        source = sourceOfRange(range);
    }
    else {
        // The real package is what an `npm:` alias names: yarn writes the plain and the aliased specifier
        // of a `resolutions` override on one entry (`ms@2.1.2, "ms@npm:other@0.3.0"` is `other`).
        const parsed = entry.specs.map((spec) => {
            const { name: keyName, range } = splitSpec(spec);
            return { keyName, range, target: aliasTarget(range) };
        });
        const targets = new Set(parsed.flatMap((p) => (p.target === undefined ? [] : [p.target])));
        const plainNames = new Set(parsed.map((p) => p.keyName));
        name = parsed.find((p) => p.target !== undefined)?.target ?? parsed[0].keyName;
        if (targets.size > 1 || (targets.size === 0 && plainNames.size > 1))
            warnings.push({
                message: `entry ${first} names different packages (${[...(targets.size > 1 ? targets : plainNames)].join(', ')}); reported as ${name}`,
                line: entry.line,
            });
        alias = parsed.find((p) => p.keyName !== name)?.keyName;
        source = 'registry';
        for (const { range } of parsed)
            if (source === 'registry')
                source = sourceOfRange(range);
    }
    const resolved = entry.resolved;
    if (resolved !== undefined && isGitResolution(resolved))
        source = 'git';
    const pkg = {
        ecosystem: 'npm',
        name,
        version: entry.version,
        line: entry.line,
        source,
    };
    if (alias !== undefined)
        pkg.alias = alias;
    if (source !== 'registry' && resolved !== undefined)
        pkg.resolved = resolved;
    packages.push(pkg);
}

;// CONCATENATED MODULE: ./src/lockfiles/read-yarn.ts




/**
 * Reads a yarn.lock, classic (v1, `# yarn lockfile v1`) or berry (yarn 2 and later, YAML with a
 * `__metadata` section), choosing by content since both share the file name. See
 * `readYarnV1Lockfile` and `readYarnBerryLockfile` for what each reports.
 */
function readYarnLockfile(path, rawText, options = {}) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    if (/^__metadata:/m.test(text))
        return readYarnBerryLockfile(path, text, options);
    // A YAML document marker or a `key: value` first line is berry's syntax without its metadata.
    const firstContent = /^[^#\s].*$/m.exec(text);
    if (firstContent !== null && /^(---|[^\s"]+: |"[^"]*": )/.test(firstContent[0]))
        throw new LockfileError(path, 'not a yarn lockfile: YAML without the __metadata section of yarn berry', {
            line: text.slice(0, firstContent.index).split('\n').length,
        });
    return readYarnV1Lockfile(path, text);
}

;// CONCATENATED MODULE: ./src/lockfiles/read-lockfile.ts






















/** The readers available, by the kind of file they read. */
const LOCKFILE_READERS = {
    npm: readNpmLockfile,
    yarn: readYarnLockfile,
    pnpm: readPnpmLockfile,
    cargo: readCargoLock,
    gomod: readGoMod,
    gemfile: readGemfileLock,
    requirements: readRequirements,
    pipfile: readPipfileLock,
    poetry: readPoetryLock,
    uv: readUvLock,
    pdm: readPdmLock,
    composer: readComposerLock,
    nuget: readNugetLock,
    swift: readPackageResolved,
    pubspec: readPubspecLock,
    gradle: readGradleLockfile,
    'maven-tree': readMavenDepTree,
    pom: readPomXml,
    mix: readMixLock,
    bun: readBunLockfile,
};
/**
 * Reads a lockfile, choosing the reader by file name. Raises a LockfileError (with file and line) for
 * a file it cannot read; never returns an empty result for unreadable input.
 */
function readLockfile(path, text, options = {}) {
    const kind = detectLockfileKind(path);
    if (kind === undefined) {
        throw new LockfileError(path, unsupportedLockfileReason(path) ?? 'not a lockfile name depgate reads (see `depgate parse --help`)');
    }
    const reader = LOCKFILE_READERS[kind];
    if (reader === undefined)
        throw new LockfileError(path, `reading ${kind} lockfiles is not supported yet`);
    return reader(path, text, options);
}

// EXTERNAL MODULE: ./src/domain/index.ts + 16 modules
var domain = __webpack_require__(4574);
;// CONCATENATED MODULE: ./src/lockfiles/types.ts


;// CONCATENATED MODULE: ./src/lockfiles/index.ts
// The lockfile readers' surface: read a lockfile by its name, know which names are lockfiles.







/***/ })

};
