export const id = 160;
export const ids = [160];
export const modules = {

/***/ 6160:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runParseCommand: () => (/* binding */ runParseCommand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
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
const CONFLICT_MARKER = /^(<{7}|={7}|>{7}|\|{7})(?: |$|\r)/m;
/**
 * Refuses text that holds git merge conflict markers. A conflicted lockfile must never be read as one
 * side or as a silent merge of both: the user has to resolve it first.
 */
function assertNoConflictMarkers(file, text) {
    const match = CONFLICT_MARKER.exec(text);
    if (match === null)
        return;
    const line = lineOfOffset(lineStarts(text), match.index);
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

;// CONCATENATED MODULE: ./src/lockfiles/shapes.ts
/** Whether a parsed value is a mapping (not null, not an array). */
function isObj(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/lockfiles/toml-lines.ts
/**
 * The 1-based line of each `[[name]]` array-of-tables header, in order: the i-th entry of the parsed
 * array stands at the i-th line returned. One linear pass; smol-toml keeps no positions.
 */
function arrayTableLines(text, name) {
    const header = `[[${name}]]`;
    const lines = [];
    let lineNo = 0;
    let start = 0;
    while (start <= text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = text.length;
        lineNo++;
        // Headers may be indented and carry a trailing comment; anything else starting with `[[` is another table.
        let i = start;
        while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9))
            i++;
        if (text.startsWith(header, i))
            lines.push(lineNo);
        start = end + 1;
    }
    return lines;
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





/**
 * Cargo.lock (versions 1 to 4). A package without `source` is a local crate: a workspace member or a
 * path dependency, reported as `path`, never as a registry crate. Direct means a local crate depends on
 * it (the lockfile lists each crate's dependencies as `name`, `name version` or `name version (source)`).
 */
function readCargoLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseTomlLockfile(path, text);
    const list = data.package ?? [];
    if (!Array.isArray(list))
        throw new LockfileError(path, '"package" must be an array of tables ([[package]])', { line: 1 });
    if (list.length === 0 &&
        data.version === undefined &&
        data.metadata === undefined &&
        Object.keys(data).length > 0) {
        throw new LockfileError(path, 'no [[package]] tables and no lockfile version: not a Cargo.lock', {
            line: 1,
        });
    }
    const lines = arrayTableLines(text, 'package');
    const warnings = [];
    const local = list.filter((p) => isObj(p) && p.source === undefined);
    const directNames = new Set();
    for (const crate of local) {
        if (!Array.isArray(crate.dependencies))
            continue;
        for (const dep of crate.dependencies)
            if (typeof dep === 'string')
                directNames.add(dep.split(' ')[0]);
    }
    const packages = [];
    list.forEach((entry, i) => {
        const line = lines[i] ?? 1;
        if (!isObj(entry))
            throw new LockfileError(path, `package ${i + 1} is not a table`, { line });
        if (typeof entry.name !== 'string' || entry.name === '')
            throw new LockfileError(path, `package ${i + 1} has no name`, { line });
        if (typeof entry.version !== 'string')
            throw new LockfileError(path, `package ${entry.name} has no version`, { line });
        const source = typeof entry.source === 'string' ? entry.source : undefined;
        const pkg = {
            ecosystem: 'cargo',
            name: entry.name,
            version: entry.version,
            line,
            source: source === undefined
                ? 'path'
                : source.startsWith('git+')
                    ? 'git'
                    : source.startsWith('registry+') || source.startsWith('sparse+')
                        ? 'registry'
                        : 'url',
            direct: source !== undefined && directNames.has(entry.name),
        };
        if (source !== undefined && pkg.source !== 'registry')
            pkg.resolved = source;
        packages.push(pkg);
    });
    const version = typeof data.version === 'number' ? data.version : 1;
    return { ecosystem: 'cargo', format: `cargo@${version}`, packages, warnings };
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

;// CONCATENATED MODULE: ./src/lockfiles/read-composer.ts




/**
 * composer.lock: `packages` and `packages-dev` (dev), versions as written (`v1.2.3`, `dev-main`),
 * licenses joined as an SPDX `OR` expression, and the source from `dist`/`source` (path, git or the
 * registry). Line: the entry's `"name"` line.
 */
function readComposerLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data) || (!Array.isArray(data.packages) && !Array.isArray(data['packages-dev']))) {
        throw new LockfileError(path, 'expected "packages" and "packages-dev" arrays: not a composer.lock', {
            line: 1,
        });
    }
    const lines = jsonKeyLines(text, (p) => p.length === 4 && p[3] === 'name' && (p[1] === 'packages' || p[1] === 'packages-dev'), 4);
    const warnings = [];
    const packages = [];
    for (const [field, dev] of [
        ['packages', false],
        ['packages-dev', true],
    ]) {
        const list = data[field] ?? [];
        if (!Array.isArray(list))
            throw new LockfileError(path, `"${field}" must be an array`, { line: 1 });
        list.forEach((entry, i) => {
            const line = lines.get(['', field, String(i), 'name'].join('\u0000')) ?? 1;
            if (!isObj(entry) || typeof entry.name !== 'string' || entry.name === '') {
                throw new LockfileError(path, `${field}[${i}] needs a name`, { line });
            }
            const version = typeof entry.version === 'string'
                ? entry.version
                : typeof entry.version === 'number'
                    ? String(entry.version)
                    : '';
            if (version === '')
                warnings.push({ message: `${entry.name} has no version`, line });
            const dist = isObj(entry.dist) ? entry.dist : {};
            const src = isObj(entry.source) ? entry.source : {};
            let source = 'registry';
            if (dist.type === 'path' || src.type === 'path')
                source = 'path';
            else if (!isObj(entry.dist) && src.type === 'git')
                source = 'git';
            const pkg = {
                ecosystem: 'composer',
                name: entry.name,
                version,
                line,
                source,
                dev,
            };
            const licenses = Array.isArray(entry.license)
                ? entry.license.filter((l) => typeof l === 'string')
                : [];
            if (licenses.length > 0)
                pkg.license = licenses.length === 1 ? licenses[0] : `(${licenses.join(' OR ')})`;
            if (source !== 'registry')
                pkg.resolved =
                    typeof dist.url === 'string'
                        ? dist.url
                        : typeof src.url === 'string'
                            ? `${src.url}#${typeof src.reference === 'string' ? src.reference : ''}`
                            : '';
            packages.push(pkg);
        });
    }
    return { ecosystem: 'composer', format: 'composer-lock', packages, warnings };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-gemfile.ts


const PLATFORM_TAIL = /-(x86|x64|x86_64|i386|i686|arm|arm64|aarch64|universal|java|jruby|mswin|mswin32|mswin64|mingw|mingw32|x64-mingw32|x64-mingw-ucrt|darwin|linux|freebsd|musl)(?:[-_].*)?$/;
/**
 * Gemfile.lock / gems.locked: the specs of every GEM, GIT, PATH and PLUGIN SOURCE section (4-space
 * `name (version)` lines; 6-space lines are their dependencies). Platform suffixes are dropped from
 * versions (`1.13.0-x86_64-linux` -> `1.13.0`) and platform variants of one version collapse into one
 * entry. Direct: listed under DEPENDENCIES.
 */
function readGemfileLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const packages = [];
    const seen = new Set();
    const direct = new Set();
    let section = '';
    let source = 'registry';
    let remote = '';
    let revision = '';
    let inSpecs = false;
    let sawSection = false;
    const lines = text.split('\n');
    lines.forEach((raw, i) => {
        const line = raw.replace(/\r$/, '');
        const lineNo = i + 1;
        if (line.trim() === '')
            return;
        if (!line.startsWith(' ')) {
            section = line.trim();
            sawSection = true;
            inSpecs = false;
            remote = '';
            revision = '';
            source = section === 'GIT' ? 'git' : section === 'PATH' ? 'path' : 'registry';
            return;
        }
        if (!sawSection)
            throw new LockfileError(path, 'indented line before any section', { line: lineNo });
        const indent = line.length - line.trimStart().length;
        const body = line.trim();
        if (section === 'DEPENDENCIES') {
            const name = /^([^\s!(]+)/.exec(body)?.[1];
            if (name !== undefined)
                direct.add(name);
            return;
        }
        if (!['GEM', 'GIT', 'PATH', 'PLUGIN SOURCE'].includes(section))
            return;
        if (indent === 2) {
            inSpecs = body === 'specs:';
            const kv = /^(remote|revision|ref|branch|tag):\s*(.*)$/.exec(body);
            if (kv?.[1] === 'remote')
                remote = kv[2];
            if (kv?.[1] === 'revision')
                revision = kv[2];
            return;
        }
        if (!inSpecs || indent !== 4)
            return;
        const spec = /^([^\s(]+) \(([^)]+)\)$/.exec(body);
        if (spec === null)
            throw new LockfileError(path, `malformed spec line ${JSON.stringify(body)} (expected "name (version)")`, { line: lineNo });
        const name = spec[1];
        const version = spec[2].replace(PLATFORM_TAIL, '');
        const key = `${name}@${version}@${section}`;
        if (seen.has(key))
            return;
        seen.add(key);
        const pkg = { ecosystem: 'gem', name, version, line: lineNo, source };
        if (source !== 'registry')
            pkg.resolved = revision === '' ? remote : `${remote}@${revision}`;
        packages.push(pkg);
    });
    if (!sawSection && text.trim() !== '')
        throw new LockfileError(path, 'no sections (GEM, DEPENDENCIES, ...): not a Gemfile.lock', { line: 1 });
    for (const pkg of packages)
        pkg.direct = direct.has(pkg.name);
    return { ecosystem: 'gem', format: 'gemfile-lock', packages, warnings: [] };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-go-mod.ts


const unquote = (s) => s.startsWith('"') && s.endsWith('"') && s.length >= 2
    ? s.slice(1, -1)
    : s.startsWith('`') && s.endsWith('`')
        ? s.slice(1, -1)
        : s;
/**
 * go.mod: `require` lines and blocks (`// indirect` marks transitive), `replace` applied to the
 * requirements it names (a local replacement makes the module a `path` package; a module replacement
 * reports the replacement's path and version, with the original as `alias`), `exclude` reported as
 * warnings. The module itself is not a dependency.
 */
function readGoMod(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const requires = [];
    const replaces = new Map();
    const warnings = [];
    let block;
    let blockLine = 0;
    let sawModule = false;
    const lines = text.split('\n');
    lines.forEach((raw, i) => {
        const lineNo = i + 1;
        const comment = raw.indexOf('//');
        const indirect = comment !== -1 && /^\/\/\s*indirect\b/.test(raw.slice(comment).trim());
        const line = (comment === -1 ? raw : raw.slice(0, comment)).trim();
        if (line === '')
            return;
        if (block !== undefined) {
            if (line === ')') {
                block = undefined;
                return;
            }
            handle(block, line, lineNo, indirect);
            return;
        }
        const match = /^(module|go|toolchain|require|replace|exclude|retract|godebug|tool|ignore)\b\s*(.*)$/.exec(line);
        if (match === null)
            throw new LockfileError(path, `unknown directive ${JSON.stringify(line.split(/\s/)[0])}`, {
                line: lineNo,
            });
        const [, verb, rest] = match;
        if (rest === '(') {
            block = verb;
            blockLine = lineNo;
            return;
        }
        if (verb === 'module')
            sawModule = true;
        handle(verb, rest, lineNo, indirect);
    });
    if (block !== undefined)
        throw new LockfileError(path, `unterminated ${block} block: missing ")"`, { line: blockLine });
    if (!sawModule && requires.length === 0 && text.trim() !== '')
        throw new LockfileError(path, 'no module directive: not a go.mod file', { line: 1 });
    function handle(verb, rest, lineNo, indirect) {
        const fields = rest.split(/\s+/).filter(Boolean).map(unquote);
        if (verb === 'require') {
            if (fields.length !== 2)
                throw new LockfileError(path, `require needs a module path and a version, got ${JSON.stringify(rest)}`, { line: lineNo });
            requires.push({ module: fields[0], version: fields[1], line: lineNo, indirect });
        }
        else if (verb === 'replace') {
            const arrow = fields.indexOf('=>');
            if (arrow < 1 || arrow === fields.length - 1)
                throw new LockfileError(path, `replace needs "old [version] => new [version]", got ${JSON.stringify(rest)}`, { line: lineNo });
            const key = arrow === 2 ? `${fields[0]}@${fields[1]}` : fields[0];
            replaces.set(key, { module: fields[arrow + 1], version: fields[arrow + 2] ?? '' });
        }
        else if (verb === 'exclude') {
            warnings.push({ message: `exclude ${fields.join(' ')}: that version is never used`, line: lineNo });
        }
    }
    const packages = requires.map((r) => {
        const replacement = replaces.get(`${r.module}@${r.version}`) ?? replaces.get(r.module);
        const pkg = {
            ecosystem: 'gomod',
            name: r.module,
            version: r.version,
            line: r.line,
            source: 'registry',
            direct: !r.indirect,
        };
        if (replacement !== undefined) {
            if (/^(\.|\/|[A-Za-z]:\\)/.test(replacement.module)) {
                pkg.source = 'path';
                pkg.resolved = replacement.module;
                pkg.version = '';
            }
            else {
                if (replacement.module !== r.module) {
                    pkg.alias = r.module;
                    pkg.name = replacement.module;
                }
                pkg.version = replacement.version;
            }
        }
        return pkg;
    });
    return { ecosystem: 'gomod', format: 'go.mod', packages, warnings };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-npm.ts




const SEP = '\u0000';
/** The package name a `node_modules/...` install path ends in (`a/node_modules/@s/b` -> `@s/b`). */
function nameFromPath(key) {
    const at = key.lastIndexOf('node_modules/');
    return at === -1 ? key : key.slice(at + 'node_modules/'.length);
}
function sourceOf(resolved, version) {
    const r = typeof resolved === 'string' ? resolved : '';
    const v = typeof version === 'string' ? version : '';
    for (const s of [r, v]) {
        if (/^(git\+|git:|github:|gitlab:|bitbucket:)/.test(s) || /^[\w.-]+\/[\w.-]+#/.test(s))
            return 'git';
        if (s.startsWith('file:'))
            return 'path';
        if (s.startsWith('link:'))
            return 'link';
    }
    if (/^https?:/.test(v))
        return 'url';
    return 'registry';
}
function licenseOf(value) {
    if (typeof value === 'string')
        return value;
    if (isObj(value) && typeof value.type === 'string')
        return value.type;
    if (Array.isArray(value)) {
        const types = value
            .map((l) => (isObj(l) && typeof l.type === 'string' ? l.type : typeof l === 'string' ? l : ''))
            .filter(Boolean);
        return types.length > 0 ? `(${types.join(' OR ')})` : undefined;
    }
    return undefined;
}
const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
/**
 * package-lock.json and npm-shrinkwrap.json, lockfileVersion 1 (the nested `dependencies` tree, walked
 * to every depth), 2 and 3 (the flat `packages` map). Aliases come out under the real package name,
 * links and workspace members as `link`/`workspace`, never as registry packages.
 */
function readNpmLockfile(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data))
        throw new LockfileError(path, 'expected a JSON object with lockfileVersion', { line: 1 });
    const version = data.lockfileVersion;
    if (version === undefined)
        throw new LockfileError(path, 'no lockfileVersion: not an npm lockfile', { line: 1 });
    if (version !== 1 && version !== 2 && version !== 3)
        throw new LockfileError(path, `unsupported lockfileVersion ${JSON.stringify(version)} (depgate reads 1, 2 and 3)`, { line: 1 });
    const warnings = [];
    // A version 2 file keeps the legacy tree beside `packages`; one without `packages` is read from the tree.
    const legacy = version === 1 || (data.packages === undefined && isObj(data.dependencies));
    if (legacy && version !== 1) {
        warnings.push({
            message: `lockfileVersion ${version} without "packages": read from the legacy "dependencies" tree`,
            line: 1,
        });
    }
    const packages = legacy ? readV1(path, text, data, warnings) : readPackages(path, text, data, warnings);
    return { ecosystem: 'npm', format: `package-lock@${version}`, packages, warnings };
}
function readPackages(path, text, data, warnings) {
    if (!isObj(data.packages))
        throw new LockfileError(path, `lockfileVersion ${String(data.lockfileVersion)} needs a "packages" object`, { line: 1 });
    const entries = data.packages;
    const lines = jsonKeyLines(text, (p) => p.length === 3 && p[1] === 'packages', 3);
    const lineOf = (key) => lines.get(['', 'packages', key].join(SEP)) ?? 1;
    // Direct dependencies are those the root or a workspace member names, installed at its top level.
    const directAt = new Set();
    const workspaces = new Set();
    for (const [key, entry] of Object.entries(entries)) {
        if (!isObj(entry) || key.includes('node_modules/'))
            continue;
        if (key !== '')
            workspaces.add(key);
        for (const field of DEP_FIELDS) {
            const deps = entry[field];
            if (!isObj(deps))
                continue;
            for (const name of Object.keys(deps)) {
                directAt.add(`node_modules/${name}`);
                if (key !== '')
                    directAt.add(`${key}/node_modules/${name}`);
            }
        }
    }
    const out = [];
    for (const [key, entry] of Object.entries(entries)) {
        if (!key.includes('node_modules/'))
            continue; // the root and workspace member folders are the project itself
        if (!isObj(entry)) {
            warnings.push({ message: `packages["${key}"] is not an object; skipped`, line: lineOf(key) });
            continue;
        }
        const installedAs = nameFromPath(key);
        const line = lineOf(key);
        let pkg;
        if (entry.link === true) {
            const target = typeof entry.resolved === 'string' ? entry.resolved : '';
            const member = entries[target];
            const version = isObj(member) && typeof member.version === 'string' ? member.version : '';
            pkg = {
                ecosystem: 'npm',
                name: isObj(member) && typeof member.name === 'string' ? member.name : installedAs,
                version,
                line,
                source: workspaces.has(target) ? 'workspace' : 'link',
                resolved: target,
                path: key,
            };
        }
        else {
            const realName = typeof entry.name === 'string' && entry.name !== '' ? entry.name : installedAs;
            const version = typeof entry.version === 'string' ? entry.version : '';
            if (version === '')
                warnings.push({ message: `${key} has no version`, line });
            pkg = {
                ecosystem: 'npm',
                name: realName,
                version,
                line,
                source: sourceOf(entry.resolved, entry.version),
                path: key,
            };
            if (realName !== installedAs)
                pkg.alias = installedAs;
            if (typeof entry.resolved === 'string' && pkg.source !== 'registry')
                pkg.resolved = entry.resolved;
        }
        pkg.direct = directAt.has(key);
        pkg.dev = entry.dev === true || entry.devOptional === true;
        pkg.optional = entry.optional === true || entry.devOptional === true;
        const license = licenseOf(entry.license);
        if (license !== undefined)
            pkg.license = license;
        out.push(pkg);
    }
    return out;
}
function readV1(path, text, data, warnings) {
    const lines = jsonKeyLines(text, (p) => p.length >= 3 && p[p.length - 2] === 'dependencies');
    const out = [];
    if (data.dependencies !== undefined && !isObj(data.dependencies))
        throw new LockfileError(path, '"dependencies" must be an object', { line: 1 });
    // Depth-first over the nested trees, with an explicit stack: real trees nest deeply.
    const stack = [
        { deps: data.dependencies ?? {}, keyPath: ['', 'dependencies'], installPath: '' },
    ];
    while (stack.length > 0) {
        const { deps, keyPath, installPath } = stack.pop();
        const children = [];
        for (const [name, entry] of Object.entries(deps)) {
            const entryPath = [...keyPath, name];
            const line = lines.get(entryPath.join(SEP)) ?? 1;
            if (!isObj(entry)) {
                warnings.push({ message: `dependency "${name}" is not an object; skipped`, line });
                continue;
            }
            const installAt = `${installPath}node_modules/${name}`;
            const raw = typeof entry.version === 'string' ? entry.version : '';
            let realName = name;
            let version = raw;
            const alias = /^npm:((?:@[^/]+\/)?[^@]+)@(.+)$/.exec(raw);
            if (alias !== null) {
                realName = alias[1];
                version = alias[2];
            }
            const source = sourceOf(entry.resolved, raw);
            if (source !== 'registry')
                version = typeof entry.version === 'string' && /^\d/.test(entry.version) ? entry.version : '';
            const pkg = {
                ecosystem: 'npm',
                name: realName,
                version,
                line,
                source,
                path: installAt,
                dev: entry.dev === true,
                optional: entry.optional === true,
            };
            if (realName !== name)
                pkg.alias = name;
            if (source !== 'registry')
                pkg.resolved = typeof entry.resolved === 'string' ? entry.resolved : raw;
            out.push(pkg);
            if (isObj(entry.dependencies))
                children.push({
                    deps: entry.dependencies,
                    keyPath: [...entryPath, 'dependencies'],
                    installPath: `${installAt}/`,
                });
        }
        for (let i = children.length - 1; i >= 0; i--)
            stack.push(children[i]);
    }
    return out;
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
    const topLines = jsonKeyLines(text, (p) => p.length === 2);
    const version = data.version;
    if (version !== 1 && version !== 2) {
        throw new LockfileError(path, version === undefined
            ? 'not a packages.lock.json: no "version"'
            : `unsupported packages.lock.json version ${JSON.stringify(version)} (depgate reads versions 1 and 2)`, { line: topLines.get('\u0000version') ?? 1 });
    }
    const targets = data.dependencies;
    if (!isObj(targets)) {
        throw new LockfileError(path, 'not a packages.lock.json: "dependencies" is missing or not an object', {
            line: topLines.get('\u0000dependencies') ?? 1,
        });
    }
    const lines = jsonKeyLines(text, (p) => (p.length === 3 || p.length === 4) && p[1] === 'dependencies');
    const packages = [];
    const warnings = [];
    const seen = new Map();
    for (const [target, entries] of Object.entries(targets)) {
        const targetLine = lines.get(`\u0000dependencies\u0000${target}`) ?? topLines.get('\u0000dependencies') ?? 1;
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

;// CONCATENATED MODULE: ./src/lockfiles/read-pipfile.ts




/**
 * Pipfile.lock: the `default` and `develop` (dev) sections; `==1.2.3` versions without the operator;
 * git, path and editable entries with their source. A package in both sections is reported once per
 * section, as pipenv installs it for both.
 */
function readPipfileLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data) || (!isObj(data.default) && !isObj(data.develop) && !isObj(data._meta))) {
        throw new LockfileError(path, 'expected "_meta", "default" and "develop" objects: not a Pipfile.lock', {
            line: 1,
        });
    }
    const lines = jsonKeyLines(text, (p) => p.length === 3 && (p[1] === 'default' || p[1] === 'develop'), 3);
    const packages = [];
    const warnings = [];
    for (const [section, dev] of [
        ['default', false],
        ['develop', true],
    ]) {
        const deps = data[section];
        if (deps === undefined)
            continue;
        if (!isObj(deps))
            throw new LockfileError(path, `"${section}" must be an object`, { line: 1 });
        for (const [name, entry] of Object.entries(deps)) {
            const line = lines.get(['', section, name].join('\u0000')) ?? 1;
            if (!isObj(entry))
                throw new LockfileError(path, `${section}.${name} must be an object`, { line });
            let source = 'registry';
            let resolved;
            if (typeof entry.git === 'string') {
                source = 'git';
                resolved = `${entry.git}${typeof entry.ref === 'string' ? `#${entry.ref}` : ''}`;
            }
            else if (typeof entry.path === 'string' || typeof entry.file === 'string') {
                source = typeof entry.file === 'string' && /^https?:/.test(entry.file) ? 'url' : 'path';
                resolved = (entry.path ?? entry.file);
            }
            const version = typeof entry.version === 'string' ? entry.version.replace(/^===?/, '') : '';
            if (source === 'registry' && version === '')
                warnings.push({ message: `${name} has no pinned version`, line });
            const pkg = { ecosystem: 'pypi', name, version, line, source, dev };
            if (resolved !== undefined)
                pkg.resolved = resolved;
            packages.push(pkg);
        }
    }
    return { ecosystem: 'pypi', format: 'pipfile-lock', packages, warnings };
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

;// CONCATENATED MODULE: ./src/lockfiles/read-pnpm.ts




const read_pnpm_unquote = (s) => s.length >= 2 && (s[0] === "'" || s[0] === '"') && s[s.length - 1] === s[0] ? s.slice(1, -1) : s;
/** Drops pnpm's peer-dependency suffixes: `1.0.0(react@18.2.0)` (v6+) and `1.0.0_react@18.2.0` (v5). */
function stripPeers(version, v5) {
    const paren = version.indexOf('(');
    let out = paren === -1 ? version : version.slice(0, paren);
    if (v5) {
        const underscore = out.indexOf('_');
        if (underscore !== -1)
            out = out.slice(0, underscore);
    }
    return out;
}
/** Name and version of a `packages` key in any lockfile version: `/a/1.0.0`, `/a@1.0.0`, `a@1.0.0`, with scopes. */
function parseKey(key, v5) {
    const k = key.startsWith('/') ? key.slice(1) : key;
    if (v5) {
        const slash = k.lastIndexOf('/');
        if (slash <= 0)
            return undefined;
        return { name: k.slice(0, slash), version: stripPeers(k.slice(slash + 1), true) };
    }
    const peer = k.indexOf('(');
    const bare = peer === -1 ? k : k.slice(0, peer);
    const at = bare.indexOf('@', 1);
    if (at === -1)
        return undefined;
    return { name: bare.slice(0, at), version: stripPeers(k.slice(at + 1), false) };
}
/**
 * pnpm-lock.yaml, lockfileVersion 5.x, 6 and 9, single or multi-document. Peer suffixes are stripped
 * and the peer variants of one version collapse into one entry (the first, by line). Direct means
 * listed by an importer (the root or a workspace project).
 */
function readPnpmLockfile(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    // pnpm 11 may write a config document before the lockfile proper.
    const documents = parseYamlDocuments(path, text);
    const index = documents.findIndex((d) => isObj(d) && d.lockfileVersion !== undefined);
    if (index === -1) {
        if (documents.every((d) => d === null || d === undefined))
            return { ecosystem: 'npm', format: 'pnpm@empty', packages: [], warnings: [] };
        throw new LockfileError(path, 'no document with a lockfileVersion: not a pnpm lockfile', { line: 1 });
    }
    const data = documents[index];
    const lockVersion = String(data.lockfileVersion);
    const major = Number.parseFloat(lockVersion);
    if (!Number.isFinite(major) || major < 5 || major >= 10)
        throw new LockfileError(path, `unsupported lockfileVersion ${lockVersion} (depgate reads 5.x, 6 and 9)`, {
            line: 1,
        });
    const v5 = major < 6;
    if (data.packages !== undefined && data.packages !== null && !isObj(data.packages))
        throw new LockfileError(path, '"packages" must be a mapping', { line: 1 });
    const warnings = [];
    // Importers: the root project (v5 single-project files carry its fields at the top) and workspace projects.
    const importers = isObj(data.importers) ? Object.values(data.importers).filter(isObj) : [data];
    const direct = new Map();
    const links = [];
    for (const importer of importers) {
        for (const [field, dev, optional] of [
            ['dependencies', false, false],
            ['devDependencies', true, false],
            ['optionalDependencies', false, true],
        ]) {
            const deps = importer[field];
            if (!isObj(deps))
                continue;
            for (const [alias, spec] of Object.entries(deps)) {
                const version = isObj(spec) ? spec.version : spec;
                if (typeof version !== 'string')
                    continue;
                if (version.startsWith('link:')) {
                    links.push({ name: alias, target: version.slice(5), dev });
                    continue;
                }
                // An aliased dependency's version names the real package: `bar@1.0.0`, `/bar@1.0.0` or `/bar/1.0.0`.
                const parsed = /^[\d]/.test(version)
                    ? { name: alias, version: stripPeers(version, v5) }
                    : parseKey(version, v5);
                if (parsed === undefined)
                    continue;
                const key = `${parsed.name}@${parsed.version}`;
                const seen = direct.get(key);
                direct.set(key, { dev: (seen?.dev ?? true) && dev, optional: (seen?.optional ?? true) && optional });
            }
        }
    }
    const lines = packageKeyLines(text);
    const packages = [];
    const seen = new Set();
    for (const [key, entry] of Object.entries(isObj(data.packages) ? data.packages : {})) {
        const line = lines.get(key) ?? 1;
        if (entry !== null && !isObj(entry))
            throw new LockfileError(path, `packages entry ${key} is not a mapping`, { line });
        // Keys without a leading slash name a host: another registry (`registry.example.com/a/1.0.0`) or a git host.
        const hosted = !key.startsWith('/') && v5 ? /^([^/]+)\/(.+)$/.exec(key) : null;
        const gitHost = hosted !== null && /^(github\.com|gitlab\.com|bitbucket\.org)$/.test(hosted[1]);
        const parsed = gitHost
            ? { name: hosted[2], version: '' }
            : parseKey(hosted === null ? key : `/${hosted[2]}`, v5);
        const fields = entry ?? {};
        const resolution = isObj(fields.resolution) ? fields.resolution : {};
        const name = typeof fields.name === 'string' ? fields.name : parsed?.name;
        if (name === undefined) {
            warnings.push({ message: `cannot read a package name from key ${key}; skipped`, line });
            continue;
        }
        const version = typeof fields.version === 'string' ? fields.version : (parsed?.version ?? '');
        let source = gitHost ? 'git' : 'registry';
        if (typeof resolution.tarball === 'string')
            source = tarballSource(resolution.tarball);
        if (typeof resolution.repo === 'string' || resolution.type === 'git')
            source = 'git';
        if (typeof resolution.directory === 'string' || resolution.type === 'directory')
            source = 'path';
        const id = `${name}@${version}`;
        if (seen.has(id))
            continue;
        seen.add(id);
        const pkg = {
            ecosystem: 'npm',
            name,
            version: /^\d/.test(version) ? version : source === 'registry' ? version : '',
            line,
            source,
        };
        const importerUse = direct.get(id) ?? direct.get(`${name}@${parsed?.version ?? ''}`);
        pkg.direct = importerUse !== undefined;
        if (v5 || major < 9) {
            pkg.dev = fields.dev === true;
            pkg.optional = fields.optional === true;
        }
        else if (importerUse !== undefined) {
            pkg.dev = importerUse.dev;
            pkg.optional = importerUse.optional;
        }
        if (source !== 'registry')
            pkg.resolved =
                typeof resolution.tarball === 'string'
                    ? resolution.tarball
                    : typeof resolution.repo === 'string'
                        ? `${resolution.repo}#${typeof resolution.commit === 'string' ? resolution.commit : ''}`
                        : key;
        packages.push(pkg);
    }
    for (const link of links) {
        packages.push({
            ecosystem: 'npm',
            name: link.name,
            version: '',
            line: 1,
            source: 'link',
            direct: true,
            dev: link.dev,
            resolved: link.target,
        });
    }
    return { ecosystem: 'npm', format: `pnpm@${lockVersion}`, packages, warnings };
}
/** A tarball URL from a registry (`/-/name-1.0.0.tgz`) is a registry package; codeload archives are git. */
function tarballSource(tarball) {
    if (tarball.startsWith('file:'))
        return 'path';
    if (/^https:\/\/codeload\.github\.com\//.test(tarball))
        return 'git';
    if (/\/-\/[^/]+\.tgz$/.test(tarball))
        return 'registry';
    return 'url';
}
/** Lines of the keys of the top-level `packages:` mapping, found in one pass over the text. */
function packageKeyLines(text) {
    const lines = new Map();
    let inPackages = false;
    let lineNo = 0;
    let start = 0;
    while (start <= text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = text.length;
        lineNo++;
        const c0 = text.charCodeAt(start);
        if (c0 !== 32 && c0 !== 10 && c0 !== 13 && start < end && c0 !== 35) {
            inPackages = text.startsWith('packages:', start);
        }
        else if (inPackages &&
            c0 === 32 &&
            text.charCodeAt(start + 1) === 32 &&
            text.charCodeAt(start + 2) !== 32) {
            let line = text.slice(start + 2, end);
            if (line.endsWith('\r'))
                line = line.slice(0, -1);
            const colon = line.endsWith(':') ? line.length - 1 : line.lastIndexOf(': ');
            if (colon > 0)
                lines.set(read_pnpm_unquote(line.slice(0, colon)), lineNo);
        }
        start = end + 1;
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/lockfiles/read-pubspec.ts




/**
 * pubspec.lock: the `packages` map with `dependency` (`direct main`, `direct dev`, `direct
 * overridden`, `transitive`) and `source` (`hosted`, `git`, `path`, `sdk`). SDK packages (flutter,
 * flutter_test) come with the SDK: reported as `path` so no registry rule applies to them.
 */
function readPubspecLock(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseYamlLockfile(path, text);
    if (data === undefined || data === null)
        return { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
    if (!isObj(data))
        throw new LockfileError(path, 'expected a mapping with "packages": not a pubspec.lock', { line: 1 });
    if (data.packages === undefined || data.packages === null)
        return { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
    if (!isObj(data.packages))
        throw new LockfileError(path, '"packages" must be a mapping', { line: 1 });
    // Lines of the keys directly under `packages:` (two-space indent).
    const lines = new Map();
    let inPackages = false;
    text.split('\n').forEach((raw, i) => {
        if (/^\S/.test(raw))
            inPackages = raw.startsWith('packages:');
        else if (inPackages) {
            const key = /^ {2}("?)([^\s":]+)\1:\s*$/.exec(raw.replace(/\r$/, ''));
            if (key !== null)
                lines.set(key[2], i + 1);
        }
    });
    const packages = Object.entries(data.packages).map(([name, entry]) => {
        const line = lines.get(name) ?? 1;
        if (!isObj(entry))
            throw new LockfileError(path, `packages.${name} must be a mapping`, { line });
        const kind = typeof entry.dependency === 'string' ? entry.dependency : '';
        const src = typeof entry.source === 'string' ? entry.source : 'hosted';
        const source = src === 'git' ? 'git' : src === 'path' || src === 'sdk' ? 'path' : 'registry';
        const pkg = {
            ecosystem: 'pub',
            name,
            version: typeof entry.version === 'string' ? entry.version : '',
            line,
            source,
            direct: kind.startsWith('direct'),
            dev: kind === 'direct dev',
        };
        if (source === 'git' && isObj(entry.description)) {
            const { url, 'resolved-ref': ref } = entry.description;
            pkg.resolved = `${typeof url === 'string' ? url : ''}#${typeof ref === 'string' ? ref : ''}`;
        }
        return pkg;
    });
    return { ecosystem: 'pub', format: 'pubspec-lock', packages, warnings: [] };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-requirements.ts


const NAME = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$/;
/**
 * requirements*.txt: pinned `name==1.2.3` (and `===`) lines with extras, markers, hashes and line
 * continuations; `-r`/`-c` includes reported in `includes` (not followed); editable, VCS, URL and path
 * requirements with their source; unpinned requirements (`name>=1`, `name`) reported as such; option
 * lines skipped. A line that is none of these is a warning with its line, never silently dropped.
 */
function readRequirements(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const packages = [];
    const warnings = [];
    const includes = [];
    const physical = text.split('\n');
    for (let i = 0; i < physical.length; i++) {
        const lineNo = i + 1;
        let logical = physical[i].replace(/\r$/, '');
        while (logical.endsWith('\\') && i + 1 < physical.length)
            logical = logical.slice(0, -1) + ' ' + physical[++i].replace(/\r$/, '');
        const line = logical.replace(/(^|\s)#.*$/, '').trim();
        if (line === '')
            continue;
        const include = /^(-r|--requirement|-c|--constraint)(?:\s+|=)(\S+)/.exec(line);
        if (include !== null) {
            includes.push({
                path: include[2],
                line: lineNo,
                kind: include[1].startsWith('-c') || include[1] === '--constraint' ? 'constraints' : 'requirements',
            });
            continue;
        }
        const editable = /^(-e|--editable)(?:\s+|=)(.+)$/.exec(line);
        const target = editable === null ? line : editable[2].trim();
        if (editable === null && line.startsWith('-'))
            continue; // --index-url, --hash on its own line, ...
        // VCS, URL and local path requirements: `git+https://...#egg=name`, `name @ https://...`, `./pkg`.
        const direct = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(target);
        const egg = /[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(target);
        if (direct !== null || /^(git\+|hg\+|svn\+|bzr\+|https?:|file:|\.|\/)/.test(target)) {
            const url = direct?.[2] ?? target.split(/\s/)[0];
            const name = direct?.[1] ??
                egg?.[1] ??
                url
                    .replace(/[#?].*$/, '')
                    .replace(/\/$/, '')
                    .split('/')
                    .pop()
                    .replace(/\.git$/, '');
            if (name === '') {
                warnings.push({
                    message: `cannot tell the package name of ${JSON.stringify(url.slice(0, 80))}`,
                    line: lineNo,
                });
                continue;
            }
            const source = /^(git\+|hg\+|svn\+|bzr\+)/.test(url) ? 'git' : /^https?:/.test(url) ? 'url' : 'path';
            packages.push({
                ecosystem: 'pypi',
                name,
                version: '',
                line: lineNo,
                source,
                resolved: url,
                direct: true,
                unpinned: true,
                specifier: url,
            });
            continue;
        }
        const match = NAME.exec(target.split(';')[0].trim());
        if (match === null) {
            warnings.push({ message: `not a requirement: ${JSON.stringify(line.slice(0, 80))}`, line: lineNo });
            continue;
        }
        const name = match[1];
        // Per-requirement options (--hash, --global-option, --config-settings) are not part of the version.
        const spec = match[3].replace(/\s*--[a-z-]+(?:[=\s]\S+)?/g, '').trim();
        const pinned = /^===?\s*([^\s,;*]+)$/.exec(spec);
        if (pinned !== null) {
            packages.push({
                ecosystem: 'pypi',
                name,
                version: pinned[1],
                line: lineNo,
                source: 'registry',
                direct: true,
            });
        }
        else if (spec === '' || /^(~=|!=|<=|>=|<|>|==|===)\s*[^\s,]/.test(spec)) {
            packages.push({
                ecosystem: 'pypi',
                name,
                version: '',
                line: lineNo,
                source: 'registry',
                direct: true,
                unpinned: true,
                specifier: spec,
            });
        }
        else {
            warnings.push({
                message: `cannot read the version requirement ${JSON.stringify(spec.slice(0, 60))} of ${name}`,
                line: lineNo,
            });
        }
    }
    const first = warnings[0];
    if (packages.length === 0 && includes.length === 0 && first !== undefined) {
        throw new LockfileError(path, `no requirement could be read; the first unreadable line is ${first.message.replace(/^not a requirement: /, '')}`, first.line === undefined ? {} : { line: first.line });
    }
    return { ecosystem: 'pypi', format: 'requirements', packages, warnings, includes };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-swift.ts




/**
 * Package.resolved, versions 1 (`object.pins` with `package` and `repositoryURL`) and 2/3 (`pins` with
 * `identity`, `kind` and `location`). Name: the identity (v2/v3) or the package name lowercased (v1).
 * A pin on a branch or revision without a version is `git` with an empty version; local packages are
 * `path`.
 */
function readPackageResolved(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    const data = parseJsonLockfile(path, text);
    if (!isObj(data))
        throw new LockfileError(path, 'expected a JSON object: not a Package.resolved', { line: 1 });
    const version = typeof data.version === 'number' ? data.version : 0;
    const v1 = version === 1;
    if (!v1 && version !== 2 && version !== 3)
        throw new LockfileError(path, `unsupported Package.resolved version ${JSON.stringify(data.version)} (depgate reads 1, 2 and 3)`, { line: 1 });
    const pins = v1 ? (isObj(data.object) ? data.object.pins : undefined) : data.pins;
    if (pins === undefined)
        return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages: [], warnings: [] };
    if (!Array.isArray(pins))
        throw new LockfileError(path, '"pins" must be an array', { line: 1 });
    const lines = jsonKeyLines(text, (p) => p.length === (v1 ? 5 : 4) && p[p.length - 1] === (v1 ? 'package' : 'identity'));
    const packages = pins.map((pin, i) => {
        const line = lines.get((v1 ? ['', 'object', 'pins', String(i), 'package'] : ['', 'pins', String(i), 'identity']).join('\u0000')) ?? 1;
        if (!isObj(pin) || !isObj(pin.state))
            throw new LockfileError(path, `pins[${i}] needs a state`, { line });
        const name = v1
            ? typeof pin.package === 'string'
                ? pin.package.toLowerCase()
                : ''
            : typeof pin.identity === 'string'
                ? pin.identity
                : '';
        if (name === '')
            throw new LockfileError(path, `pins[${i}] has no ${v1 ? 'package' : 'identity'}`, { line });
        const location = v1 ? pin.repositoryURL : pin.location;
        const pinned = typeof pin.state.version === 'string' ? pin.state.version : '';
        const pkg = {
            ecosystem: 'swiftpm',
            name,
            version: pinned,
            line,
            source: pin.kind === 'localSourceControl' || pin.kind === 'fileSystem'
                ? 'path'
                : pinned === ''
                    ? 'git'
                    : 'registry',
        };
        if (pkg.source !== 'registry') {
            const revision = typeof pin.state.revision === 'string'
                ? pin.state.revision
                : typeof pin.state.branch === 'string'
                    ? pin.state.branch
                    : '';
            pkg.resolved = `${typeof location === 'string' ? location : ''}${revision === '' ? '' : `#${revision}`}`;
        }
        return pkg;
    });
    return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages, warnings: [] };
}

;// CONCATENATED MODULE: ./src/lockfiles/read-yarn.ts




/** Splits `name@range` at the `@` that ends the name (a scope's leading `@` belongs to the name). */
function splitSpec(spec) {
    const at = spec.indexOf('@', 1);
    return at === -1 ? { name: spec, range: '' } : { name: spec.slice(0, at), range: spec.slice(at + 1) };
}
const read_yarn_unquote = (s) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);
function sourceOfRange(range, resolved) {
    if (range.startsWith('workspace:'))
        return 'workspace';
    if (range.startsWith('link:') || range.startsWith('portal:'))
        return 'link';
    if (range.startsWith('file:'))
        return 'path';
    if (/^(git\+|git:|github:|gitlab:|bitbucket:|ssh:)/.test(range) ||
        /\.git(#|$)/.test(range) ||
        /^[\w.-]+\/[\w.-]+(#.*)?$/.test(range))
        return 'git';
    if (/^(git\+|git:|ssh:)/.test(resolved) || /^https:\/\/codeload\.github\.com\//.test(resolved))
        return 'git';
    if (/^https?:/.test(range))
        return 'url';
    return 'registry';
}
/**
 * yarn.lock, classic (v1, `# yarn lockfile v1`) and berry (v2+, YAML with `__metadata`). The reader is
 * chosen by content, since both share the file name.
 */
function readYarnLockfile(path, rawText) {
    const text = stripBom(rawText);
    assertNoConflictMarkers(path, text);
    if (/^__metadata:/m.test(text))
        return readBerry(path, text);
    return readClassic(path, text);
}
/**
 * Yarn classic in one pass over the lines: a line at indent 0 ending in `:` opens an entry (one or
 * more comma-separated specifiers), its indent-2 lines carry `version` and `resolved`; deeper lines
 * (dependency lists) are not packages.
 */
function readClassic(path, text) {
    const packages = [];
    const warnings = [];
    let current;
    const finish = () => {
        if (current === undefined)
            return;
        const first = current.specs[0];
        let { name, range } = splitSpec(first);
        let alias;
        const npmAlias = /^npm:((?:@[^/@]+\/)?[^@]+)@(.*)$/.exec(range);
        if (npmAlias !== null) {
            alias = name;
            name = npmAlias[1];
            range = npmAlias[2];
        }
        if (current.version === undefined)
            throw new LockfileError(path, `entry ${first} has no version`, { line: current.line });
        const source = sourceOfRange(range, current.resolved ?? '');
        const pkg = {
            ecosystem: 'npm',
            name,
            version: current.version,
            line: current.line,
            source,
        };
        if (alias !== undefined && alias !== name)
            pkg.alias = alias;
        if (source !== 'registry' && current.resolved !== undefined)
            pkg.resolved = current.resolved;
        packages.push(pkg);
        current = undefined;
    };
    let lineNo = 0;
    let start = 0;
    let sawHeader = false;
    const length = text.length;
    while (start <= length) {
        let end = text.indexOf('\n', start);
        if (end === -1)
            end = length;
        lineNo++;
        let line = text.slice(start, end);
        start = end + 1;
        if (line.endsWith('\r'))
            line = line.slice(0, -1);
        if (line === '')
            continue;
        const c0 = line.charCodeAt(0);
        if (c0 === 35 /* # */) {
            if (line.includes('yarn lockfile v1'))
                sawHeader = true;
            continue;
        }
        if (c0 !== 32 /* space */) {
            finish();
            if (!line.endsWith(':'))
                throw new LockfileError(path, `expected an entry like "name@range:", got ${JSON.stringify(line.slice(0, 60))}`, { line: lineNo });
            const specs = line
                .slice(0, -1)
                .split(/,\s*/)
                .map((s) => read_yarn_unquote(s.trim()))
                .filter((s) => s !== '');
            if (specs.length === 0 || specs.some((s) => !/^@?[^@\s]+(@.+)?$/.test(s))) {
                throw new LockfileError(path, `malformed entry key ${JSON.stringify(line.slice(0, 60))}`, {
                    line: lineNo,
                });
            }
            current = { specs, line: lineNo };
            continue;
        }
        if (current === undefined)
            throw new LockfileError(path, 'indented line outside any entry', { line: lineNo });
        if (line.charCodeAt(2) === 32)
            continue; // indent 4+: dependency lists
        const body = line.slice(2);
        const space = body.indexOf(' ');
        if (space === -1) {
            if (!body.endsWith(':'))
                throw new LockfileError(path, `malformed line ${JSON.stringify(body.slice(0, 60))}`, {
                    line: lineNo,
                });
            continue;
        }
        const key = read_yarn_unquote(body.slice(0, space));
        const value = read_yarn_unquote(body.slice(space + 1).trim());
        if (key === 'version')
            current.version = value;
        else if (key === 'resolved')
            current.resolved = value;
    }
    finish();
    // A file of comments only is what yarn writes for a project without dependencies.
    const onlyComments = text.split('\n').every((l) => l.trim() === '' || l.startsWith('#'));
    if (!sawHeader && packages.length === 0 && !onlyComments)
        throw new LockfileError(path, 'not a yarn lockfile: no entries and no "# yarn lockfile v1" header', {
            line: 1,
        });
    return { ecosystem: 'npm', format: 'yarn@1', packages, warnings };
}
/** Yarn berry: YAML entries keyed by their specifiers, with `resolution` naming the package and protocol. */
function readBerry(path, text) {
    const data = parseYamlLockfile(path, text);
    if (!isObj(data) || !isObj(data.__metadata))
        throw new LockfileError(path, 'a yarn berry lockfile needs a __metadata section', { line: 1 });
    const lockVersion = JSON.stringify(data.__metadata.version ?? '?').replace(/"/g, '');
    // Lines of the top-level keys, by the key text as YAML reads it.
    const lines = new Map();
    let lineNo = 0;
    for (const raw of text.split('\n')) {
        lineNo++;
        if (raw === '' || raw.startsWith(' ') || raw.startsWith('#'))
            continue;
        const key = raw.replace(/\r$/, '').replace(/:\s*$/, '');
        lines.set(read_yarn_unquote(key), lineNo);
    }
    const packages = [];
    const warnings = [];
    for (const [key, entry] of Object.entries(data)) {
        if (key === '__metadata')
            continue;
        const line = lines.get(key) ?? 1;
        if (!isObj(entry))
            throw new LockfileError(path, `entry ${key} is not a mapping`, { line });
        const resolution = typeof entry.resolution === 'string' ? entry.resolution : '';
        if (resolution === '')
            throw new LockfileError(path, `entry ${key} has no resolution`, { line });
        const { name, range: protocolAndRef } = splitSpec(resolution);
        const version = typeof entry.version === 'string'
            ? entry.version
            : typeof entry.version === 'number'
                ? String(entry.version)
                : '';
        if (protocolAndRef === 'workspace:.')
            continue; // the project itself
        let source = 'registry';
        if (protocolAndRef.startsWith('workspace:'))
            source = 'workspace';
        else if (protocolAndRef.startsWith('link:') || protocolAndRef.startsWith('portal:'))
            source = 'link';
        else if (protocolAndRef.startsWith('file:'))
            source = 'path';
        else if (/^(git|github|https?:\/\/.*\.git|ssh)/.test(protocolAndRef) ||
            protocolAndRef.includes('#commit='))
            source = 'git';
        else if (protocolAndRef.startsWith('patch:')) {
            // patch:name@npm%3A1.0.0#./patches/...: the patched package keeps the underlying source.
            const inner = decodeURIComponent(protocolAndRef.slice('patch:'.length).split('#')[0] ?? '');
            source = splitSpec(inner).range.startsWith('npm:') ? 'registry' : 'path';
        }
        else if (/^https?:/.test(protocolAndRef))
            source = 'url';
        const pkg = { ecosystem: 'npm', name, version, line, source };
        const keyName = splitSpec(key.split(',')[0].trim()).name;
        if (keyName !== name)
            pkg.alias = keyName;
        if (source !== 'registry')
            pkg.resolved = resolution;
        if (entry.linkType === 'soft' && source === 'registry')
            pkg.source = 'link';
        packages.push(pkg);
    }
    return { ecosystem: 'npm', format: `yarn-berry@${lockVersion}`, packages, warnings };
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
    composer: readComposerLock,
    nuget: readNugetLock,
    swift: readPackageResolved,
    pubspec: readPubspecLock,
};
/**
 * Reads a lockfile, choosing the reader by file name. Raises a LockfileError (with file and line) for
 * a file it cannot read; never returns an empty result for unreadable input.
 */
function readLockfile(path, text) {
    const kind = detectLockfileKind(path);
    if (kind === undefined) {
        throw new LockfileError(path, unsupportedLockfileReason(path) ?? 'not a lockfile name depgate reads (see `depgate parse --help`)');
    }
    const reader = LOCKFILE_READERS[kind];
    if (reader === undefined)
        throw new LockfileError(path, `reading ${kind} lockfiles is not supported yet`);
    return reader(path, text);
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/parse-command.ts





const HELP = `usage: depgate parse <lockfile> [--format json|text] [--as NAME]

Reads one lockfile and prints its packages. The reader is chosen by file name:
  npm      package-lock.json, npm-shrinkwrap.json, yarn.lock (v1 and berry), pnpm-lock.yaml
  pypi     requirements*.txt, requirements/*.txt
  gomod    go.mod          cargo  Cargo.lock          gem  Gemfile.lock, gems.locked

options:
  --format json|text   json (default): {"ecosystem", "format", "packages", "warnings"}; text: a table
  --as NAME            read the file as if it were named NAME (e.g. --as requirements.txt)
  -                    read standard input (needs --as)

exit codes: 0 read, 2 unreadable input (the reason, with file and line, on stderr)
`;
/** `depgate parse`: read one lockfile and print what it holds. */
async function runParseCommand(args, io) {
    const { flags, positionals } = (0,cli_io/* parseArgs */.Z)(args, { strings: ['format', 'as'], booleans: ['help'] });
    if (flags.has('help')) {
        io.stdout(HELP);
        return 0;
    }
    const format = flags.get('format') ?? 'json';
    if (format !== 'json' && format !== 'text')
        throw new cli_io/* UsageError */.e(`--format must be json or text, not '${String(format)}'`);
    if (positionals.length !== 1)
        throw new cli_io/* UsageError */.e(`expected one lockfile path\n\n${HELP}`);
    const file = positionals[0] ?? '';
    const as = flags.get('as');
    if (file === '-' && typeof as !== 'string')
        throw new cli_io/* UsageError */.e('reading standard input needs --as NAME');
    let text;
    try {
        text = file === '-' ? await readStdin() : (0,external_node_fs_.readFileSync)((0,external_node_path_.resolve)(io.cwd, file), 'utf8');
    }
    catch (error) {
        const code = error.code;
        io.stderr(`depgate parse: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? error)}\n`);
        return 2;
    }
    const name = typeof as === 'string' ? as : file;
    let result;
    try {
        result = readLockfile(name, text);
    }
    catch (error) {
        if (!isLockfileError(error))
            throw error;
        io.stderr(`depgate parse: ${error.message}\n`);
        return 2;
    }
    io.stdout(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : renderText(file, result));
    for (const warning of result.warnings) {
        io.stderr(`warning: ${file}${warning.line === undefined ? '' : `:${warning.line}`}: ${warning.message}\n`);
    }
    return 0;
}
function renderText(file, result) {
    const rows = result.packages.map((p) => [
        String(p.line),
        p.alias === undefined ? p.name : `${p.name} (as ${p.alias})`,
        p.version === '' ? (p.specifier ?? '(unpinned)') : p.version,
        p.source,
        p.direct === undefined ? '' : p.direct ? 'direct' : 'transitive',
        [p.dev ? 'dev' : '', p.optional ? 'optional' : ''].filter(Boolean).join(','),
        p.license ?? '',
    ]);
    const header = ['line', 'name', 'version', 'source', 'kind', 'scope', 'license'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells) => cells
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd();
    return [
        `${file}: ${result.format} (${result.ecosystem}), ${result.packages.length} packages`,
        line(header),
        ...rows.map(line),
        '',
    ].join('\n');
}
async function readStdin() {
    const chunks = [];
    for await (const chunk of process.stdin)
        chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
}


/***/ })

};
