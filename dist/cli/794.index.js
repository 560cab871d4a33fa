export const id = 794;
export const ids = [794];
export const modules = {

/***/ 4738:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ql: () => (/* reexport */ DEFAULT_BASE_URL),
  zX: () => (/* reexport */ TRANSITIVITY),
  B4: () => (/* reexport */ createPlatformClient),
  JT: () => (/* reexport */ defaultTransport),
  d7: () => (/* reexport */ isApiError)
});

// UNUSED EXPORTS: ApiError, DEFAULT_RETRY, PAGE_BOUNDS, WIRE_TRANSITIVITY, clampPageSize, encodeProjectName, isRetryableStatus, kindOfStatus, nextMixedCursor, nextOffsetPage, nextQueryCursor, normalizeDependencies, normalizeDependency, paginateItems, paginatePages, parseRetryAfter, redactSecrets, retryDelay

;// CONCATENATED MODULE: ./src/core/errors.ts
const BRAND = Symbol.for('depgate.ApiError');
const HINTS = {
    auth: 'check the API token (DEPGATE_API_TOKEN): it may be missing, mistyped, revoked or expired',
    'not-found': 'check the deployment slug or id and the project name, and that the token has "Web API" access enabled (the platform answers 404 to tokens without it)',
    'rate-limited': 'the platform is rate limiting this token; retry later or lower the request rate',
    server: 'the platform had an internal error; retry later, and report it if it persists',
    'bad-request': 'the request was refused as malformed; check the filter values and page sizes',
    'bad-response': 'the platform answered with data of an unexpected shape; check DEPGATE_API_URL points at the platform API',
    network: 'could not reach the platform; check DEPGATE_API_URL and the network',
    timeout: 'the platform did not answer in time; retry later or raise the timeout',
    pagination: 'the platform kept paginating past the page cap or repeated a cursor; the listing was stopped',
};
/** A failed platform call. Recognise it with `isApiError`, not `instanceof` (bundles may hold two copies). */
class ApiError extends Error {
    name = 'ApiError';
    [BRAND] = true;
    kind;
    method;
    path;
    status;
    bodySnippet;
    retryAfterMs;
    field;
    attempts;
    hint;
    constructor(message, details) {
        const status = details.status === undefined ? '' : ` ${details.status}`;
        super(`${details.method} ${details.path}:${status} ${message}`, details.cause === undefined ? undefined : { cause: details.cause });
        this.kind = details.kind;
        this.method = details.method;
        this.path = details.path;
        this.status = details.status;
        this.bodySnippet = details.bodySnippet;
        this.retryAfterMs = details.retryAfterMs;
        this.field = details.field;
        this.attempts = details.attempts;
        this.hint = details.hint ?? HINTS[details.kind];
    }
    /** A plain object for logs and JSON output; carries no secret since none was ever stored. */
    toJSON() {
        return {
            name: this.name,
            kind: this.kind,
            message: this.message,
            method: this.method,
            path: this.path,
            status: this.status,
            field: this.field,
            bodySnippet: this.bodySnippet,
            retryAfterMs: this.retryAfterMs,
            attempts: this.attempts,
            hint: this.hint,
        };
    }
}
function isApiError(value) {
    return typeof value === 'object' && value !== null && value[BRAND] === true;
}
/** The error kind for an HTTP status that is not a success. */
function kindOfStatus(status) {
    if (status === 401 || status === 403)
        return 'auth';
    if (status === 404)
        return 'not-found';
    if (status === 429)
        return 'rate-limited';
    if (status >= 500)
        return 'server';
    return 'bad-request';
}
// Query parameters that carry credentials in URLs people paste (signed links, proxies, webhooks).
const SECRET_PARAM = /([?&](?:token|access_token|api_key|apikey|key|secret|client_secret|password|sig|signature|auth)=)[^&#\s"']*/gi;
/**
 * Replaces every occurrence of each secret, any bearer header value and the value of any
 * credential-like query parameter (`?token=`, `&api_key=`, ...) with `***`. Secrets shorter than 4
 * characters are left alone: redacting them would garble every message without protecting anything.
 */
function redactSecrets(text, secrets) {
    let out = text;
    for (const secret of secrets) {
        if (secret.length >= 4)
            out = out.split(secret).join('***');
    }
    return out.replace(/(bearer\s+)[^\s"',]+/gi, '$1***').replace(SECRET_PARAM, '$1***');
}
/**
 * A transport failure made safe to keep as an error's `cause`: its name, redacted message and code
 * (`ECONNRESET`, ...), without the original object, which may hold request headers.
 */
function redactedCause(error, secrets) {
    const original = error instanceof Error ? error : undefined;
    const cause = new Error(redactSecrets(original?.message ?? String(error), secrets));
    cause.name = original?.name ?? 'Error';
    const code = original?.code;
    if (typeof code === 'string')
        Object.assign(cause, { code });
    return cause;
}
/** The first characters of a body, redacted, on one line. */
function snippet(body, secrets, max = 300) {
    const flat = redactSecrets(body, secrets).replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

// EXTERNAL MODULE: ./src/domain/index.ts + 16 modules
var domain = __webpack_require__(4574);
;// CONCATENATED MODULE: ./src/core/types.ts
/** The wire's transitivity in the domain's terms: the one table that translates it (and back). */
const TRANSITIVITY = {
    DIRECT: 'direct',
    TRANSITIVE: 'transitive',
    UNKNOWN_TRANSITIVITY: 'unknown',
};
const WIRE_TRANSITIVITY = {
    direct: 'DIRECT',
    transitive: 'TRANSITIVE',
    unknown: 'UNKNOWN_TRANSITIVITY',
};

;// CONCATENATED MODULE: ./src/core/validate.ts
/**
 * Small shape checkers for response bodies. A wrong shape becomes a ShapeError naming the JSON path;
 * the client turns it into a `bad-response` ApiError. Protobuf JSON omits default values, so absent
 * arrays read as empty and absent booleans as false.
 */
class ShapeError extends Error {
    field;
    expected;
    actual;
    name = 'ShapeError';
    constructor(field, expected, actual) {
        super(`field '${field}' should be ${expected}, got ${describe(actual)}`);
        this.field = field;
        this.expected = expected;
        this.actual = actual;
    }
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'string')
        return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    if (typeof value === 'object')
        return 'an object';
    return typeof value === 'number' || typeof value === 'boolean' ? `${typeof value} ${value}` : typeof value;
}
function asObject(value, field) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ShapeError(field, 'an object', value);
    return value;
}
/** An array field; absent reads as empty. */
function arrayField(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null)
        return [];
    if (!Array.isArray(value))
        throw new ShapeError(join(path, key), 'an array', value);
    return value;
}
function stringField(obj, key, path) {
    const value = obj[key];
    if (typeof value !== 'string')
        throw new ShapeError(join(path, key), 'a string', value);
    return value;
}
function optionalString(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null)
        return undefined;
    if (typeof value !== 'string')
        throw new ShapeError(join(path, key), 'a string', value);
    return value;
}
function optionalBoolean(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null)
        return false;
    if (typeof value !== 'boolean')
        throw new ShapeError(join(path, key), 'a boolean', value);
    return value;
}
/** A number that may travel as a string (protobuf int64/uint64 mapping). */
function optionalInteger(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null || value === '')
        return undefined;
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n))
        throw new ShapeError(join(path, key), 'an integer', value);
    return n;
}
/** A 64-bit id as a string, whether it travelled as a number or a string. */
function optionalId(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null || value === '')
        return undefined;
    if (typeof value === 'number' && Number.isInteger(value))
        return String(value);
    if (typeof value === 'string' && /^\d+$/.test(value))
        return value;
    throw new ShapeError(join(path, key), 'an id (digits)', value);
}
/**
 * An id the spec types as a string (dependency and notification ids) that a producer may still send
 * as a number: read as a string either way.
 */
function optionalStringId(obj, key, path) {
    const value = obj[key];
    if (value === undefined || value === null)
        return undefined;
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' && Number.isSafeInteger(value))
        return String(value);
    throw new ShapeError(join(path, key), 'a string id', value);
}
/** An array of strings, returned as it came (validated in place, not copied: listings are large). */
function stringArray(obj, key, path) {
    const list = arrayField(obj, key, path);
    for (let i = 0; i < list.length; i++) {
        if (typeof list[i] !== 'string')
            throw new ShapeError(`${join(path, key)}[${i}]`, 'a string', list[i]);
    }
    return list;
}
function join(path, key) {
    return path === '' ? key : `${path}.${key}`;
}

;// CONCATENATED MODULE: ./src/core/normalize.ts



const isStr = (v) => typeof v === 'string';
const optStr = (v) => v === undefined || v === null || typeof v === 'string';
// A Map, not an object: a wire value such as "toString" must not find a prototype member.
const TRANSITIVITY_OF = new Map(Object.entries(TRANSITIVITY));
function lineNumber(v) {
    if (v === undefined || v === null || v === '')
        return undefined;
    if (typeof v === 'number')
        return Number.isInteger(v) ? v : false;
    if (typeof v === 'string' && /^-?\d+$/.test(v))
        return Number(v);
    return false;
}
/**
 * The common case without building error paths: a well-formed dependency in either shape, or
 * undefined when anything is off (the caller then runs the checking path for the exact field).
 */
function normalizeDependencyFast(value) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const o = value;
    const pkg = o.package;
    if (pkg !== undefined && pkg !== null && (typeof pkg !== 'object' || Array.isArray(pkg)))
        return undefined;
    const name = pkg?.name ?? o.name;
    if (!isStr(name) || name === '')
        return undefined;
    const version = pkg?.versionSpecifier ?? o.version ?? '';
    if (!isStr(version))
        return undefined;
    const t = o.transitivity;
    const transitivity = t === undefined || t === null ? 'unknown' : isStr(t) ? TRANSITIVITY_OF.get(t) : undefined;
    if (transitivity === undefined)
        return undefined;
    const licenses = o.licenses ?? [];
    if (!Array.isArray(licenses))
        return undefined;
    for (const l of licenses)
        if (!isStr(l))
            return undefined;
    const { ecosystem, repositoryId, resolvedUrl } = o;
    const id = typeof o.id === 'number' && Number.isSafeInteger(o.id) ? String(o.id) : o.id;
    if (!optStr(id) || !optStr(ecosystem) || !optStr(resolvedUrl))
        return undefined;
    let repo;
    if (repositoryId !== undefined && repositoryId !== null && repositoryId !== '') {
        if (isStr(repositoryId)) {
            if (!/^\d+$/.test(repositoryId))
                return undefined;
            repo = repositoryId;
        }
        else if (typeof repositoryId === 'number' && Number.isInteger(repositoryId))
            repo = String(repositoryId);
        else
            return undefined;
    }
    let lockfilePath;
    let url;
    let line;
    let column;
    const at = o.definedAt;
    if (at !== undefined && at !== null) {
        if (typeof at !== 'object' || Array.isArray(at))
            return undefined;
        lockfilePath = at.path;
        url = at.url;
        line = lineNumber(at.startLine);
        column = lineNumber(at.startCol);
        if (!optStr(lockfilePath) || !optStr(url) || line === false || column === false)
            return undefined;
    }
    // One object shape for every dependency (absent fields left undefined) keeps property access monomorphic.
    const dep = {
        id: (id ?? undefined),
        name,
        version,
        ecosystem: isStr(ecosystem) ? (0,domain/* parseEcosystem */.WM)(ecosystem) : undefined,
        repositoryId: repo,
        lockfilePath: (lockfilePath ?? undefined),
        line: line,
        column: column,
        transitivity,
        licenses: licenses,
        resolvedUrl: (resolvedUrl ?? undefined),
        url: (url ?? undefined),
    };
    return dep;
}
/**
 * The dependencies of a listing page: the fast path for each, and the checking path (which names the
 * wrong field) only for one that the fast path refuses.
 */
function normalizeDependencies(values, path) {
    const out = new Array(values.length);
    for (let i = 0; i < values.length; i++)
        out[i] = normalizeDependencyFast(values[i]) ?? normalizeDependency(values[i], `${path}[${i}]`);
    return out;
}
/**
 * One dependency from either shape: the spec's `{id, name, version}` or the real service's
 * `{package: {name, versionSpecifier}, definedAt, transitivity, ...}`. Real fields win when both exist.
 */
function normalizeDependency(value, path) {
    const obj = asObject(value, path);
    const pkg = obj.package === undefined || obj.package === null ? undefined : asObject(obj.package, `${path}.package`);
    const name = (pkg && optionalString(pkg, 'name', `${path}.package`)) ?? optionalString(obj, 'name', path);
    if (name === undefined || name === '')
        throw new ShapeError(`${path}.package.name`, 'a package name (package.name or name)', pkg?.name ?? obj.name);
    const version = (pkg && optionalString(pkg, 'versionSpecifier', `${path}.package`)) ??
        optionalString(obj, 'version', path) ??
        '';
    const definedAt = obj.definedAt === undefined || obj.definedAt === null
        ? undefined
        : asObject(obj.definedAt, `${path}.definedAt`);
    const rawTransitivity = optionalString(obj, 'transitivity', path);
    const transitivity = rawTransitivity === undefined ? 'unknown' : TRANSITIVITY_OF.get(rawTransitivity);
    if (transitivity === undefined) {
        throw new ShapeError(`${path}.transitivity`, 'DIRECT, TRANSITIVE or UNKNOWN_TRANSITIVITY', rawTransitivity);
    }
    const dep = {
        name,
        version,
        transitivity,
        licenses: stringArray(obj, 'licenses', path),
    };
    const id = optionalStringId(obj, 'id', path);
    if (id !== undefined)
        dep.id = id;
    const ecosystem = optionalString(obj, 'ecosystem', path);
    const known = ecosystem === undefined ? undefined : (0,domain/* parseEcosystem */.WM)(ecosystem);
    if (known !== undefined)
        dep.ecosystem = known;
    const repositoryId = optionalId(obj, 'repositoryId', path);
    if (repositoryId !== undefined)
        dep.repositoryId = repositoryId;
    const resolvedUrl = optionalString(obj, 'resolvedUrl', path);
    if (resolvedUrl !== undefined)
        dep.resolvedUrl = resolvedUrl;
    if (definedAt !== undefined) {
        const where = `${path}.definedAt`;
        const lockfilePath = optionalString(definedAt, 'path', where);
        if (lockfilePath !== undefined)
            dep.lockfilePath = lockfilePath;
        const line = optionalInteger(definedAt, 'startLine', where);
        if (line !== undefined)
            dep.line = line;
        const column = optionalInteger(definedAt, 'startCol', where);
        if (column !== undefined)
            dep.column = column;
        const url = optionalString(definedAt, 'url', where);
        if (url !== undefined)
            dep.url = url;
    }
    return dep;
}
function requiredStringId(obj, path) {
    const id = optionalStringId(obj, 'id', path);
    if (id === undefined || id === '')
        throw new ShapeError(`${path}.id`, 'a non-empty id', obj.id);
    return id;
}
function normalizeNotification(value, path) {
    const obj = asObject(value, path);
    return {
        id: requiredStringId(obj, path),
        title: optionalString(obj, 'title', path) ?? '',
        description: optionalString(obj, 'description', path) ?? '',
        severity: optionalString(obj, 'severity', path) ?? 'SEVERITY_INFO',
        status: optionalString(obj, 'status', path) ?? 'STATUS_DELIVERED',
        adminOnly: optionalBoolean(obj, 'adminOnly', path),
        createdAt: optionalString(obj, 'createdAt', path) ?? '',
        link: optionalString(obj, 'link', path) ?? '',
        isExternalLink: optionalBoolean(obj, 'isExternalLink', path),
        linkText: optionalString(obj, 'linkText', path) ?? '',
    };
}
function normalizeLockfileSummary(value, path) {
    const obj = asObject(value, path);
    return {
        lockfilePath: stringField(obj, 'lockfilePath', path),
        numDependencies: optionalInteger(obj, 'numDependencies', path) ?? 0,
    };
}
function normalizeRepositorySummary(value, path) {
    const obj = asObject(value, path);
    const id = optionalId(obj, 'id', path);
    if (id === undefined)
        throw new ShapeError(`${path}.id`, 'an id', obj.id);
    return {
        id,
        name: stringField(obj, 'name', path),
        numDependencies: optionalInteger(obj, 'numDependencies', path) ?? 0,
        hasDependencyPathScan: optionalBoolean(obj, 'hasDependencyPathScan', path),
    };
}
function normalizeProject(value, path) {
    const obj = asObject(value, path);
    const id = optionalInteger(obj, 'id', path);
    if (id === undefined)
        throw new ShapeError(`${path}.id`, 'an integer', obj.id);
    return { ...obj, id, name: stringField(obj, 'name', path), tags: stringArray(obj, 'tags', path) };
}
function normalizeDeployment(value, path) {
    const obj = asObject(value, path);
    const id = optionalInteger(obj, 'id', path);
    if (id === undefined)
        throw new ShapeError(`${path}.id`, 'an integer', obj.id);
    return { id, name: stringField(obj, 'name', path), slug: stringField(obj, 'slug', path) };
}
/** Items of a passthrough listing (findings, secrets): objects, kept as they came. */
function normalizeRecord(value, path) {
    return asObject(value, path);
}

;// CONCATENATED MODULE: ./src/core/paginate.ts


/**
 * Walks a listing page by page. Guards against a server that never ends: a cursor seen before, or
 * more pages than `pageCap`, stops the walk with a typed error instead of looping forever.
 */
async function* paginatePages(options) {
    const seen = new Set();
    let cursor;
    for (let pages = 1;; pages++) {
        const page = await options.fetchPage(cursor);
        yield page;
        if (page.next === undefined)
            return;
        const key = `${typeof page.next}:${String(page.next)}`;
        if (seen.has(key)) {
            throw new ApiError(`the server repeated cursor ${JSON.stringify(page.next)} after ${pages} pages`, {
                kind: 'pagination',
                method: options.method,
                path: options.path,
            });
        }
        if (pages >= options.pageCap) {
            throw new ApiError(`the listing did not end within ${options.pageCap} pages`, {
                kind: 'pagination',
                method: options.method,
                path: options.path,
            });
        }
        seen.add(key);
        cursor = page.next;
    }
}
/**
 * Walks a listing item by item. Hand-written rather than a generator delegating to another: a listing
 * can hold millions of items, and each generator hop costs a promise per item.
 */
function paginateItems(options) {
    const pages = paginatePages(options);
    let buffer = [];
    let index = 0;
    let finished = false;
    const iterator = {
        async next() {
            while (index >= buffer.length) {
                if (finished)
                    return { done: true, value: undefined };
                const page = await pages.next();
                if (page.done === true) {
                    finished = true;
                    return { done: true, value: undefined };
                }
                buffer = page.value.items;
                index = 0;
            }
            return { done: false, value: buffer[index++] };
        },
        async return() {
            finished = true;
            buffer = [];
            await pages.return(undefined);
            return { done: true, value: undefined };
        },
        [Symbol.asyncIterator]() {
            return iterator;
        },
    };
    return iterator;
}
/** Clamps a requested page size to a listing's bounds; absent means the largest (fewest round trips). */
function clampPageSize(requested, bounds) {
    if (requested === undefined || !Number.isFinite(requested))
        return bounds.max;
    return Math.min(bounds.max, Math.max(bounds.min, Math.floor(requested)));
}
/**
 * Mixed style (dependencies, lockfiles, repositories): `hasMore` says whether to go on (absent means
 * false, as protobuf JSON omits it), the body's cursor says where. The cursor is returned exactly as
 * received, a number or a string.
 */
function nextMixedCursor(body) {
    if (!optionalBoolean(body, 'hasMore', ''))
        return undefined;
    const cursor = body.cursor;
    if ((typeof cursor === 'string' && cursor !== '') ||
        (typeof cursor === 'number' && Number.isFinite(cursor)))
        return cursor;
    throw new ShapeError('cursor', 'a cursor (the response says hasMore)', cursor);
}
/** Cursor style (notifications, secrets): an empty or absent cursor ends the listing. */
function nextQueryCursor(body) {
    const cursor = body.cursor;
    if (cursor === undefined || cursor === null || cursor === '')
        return undefined;
    if (typeof cursor !== 'string')
        throw new ShapeError('cursor', 'a string', cursor);
    return cursor;
}
/** Offset style (projects, findings): pages count from 0, and a page shorter than asked for is the last. */
function nextOffsetPage(page, pageSize, received) {
    return received < pageSize ? undefined : page + 1;
}

;// CONCATENATED MODULE: ./src/core/retry.ts
/** Statuses worth another attempt: rate limiting and transient server trouble. Never other 4xx. */
function isRetryableStatus(status) {
    return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}
const DEFAULT_RETRY = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };
/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (relative to `now`). Undefined when
 * absent or unreadable; never negative.
 */
function parseRetryAfter(value, now) {
    if (value === null || value === undefined)
        return undefined;
    const text = value.trim();
    if (text === '')
        return undefined;
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.round(Number(text) * 1000);
    // Date.parse reads bare numbers such as "-5" as years; an HTTP date always names its day or month.
    if (!/[a-z]/i.test(text))
        return undefined;
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/**
 * How long to wait before attempt `attempt + 1` (attempt counts from 1): the server's `Retry-After`
 * when given (capped), else exponential backoff with full jitter.
 */
function retryDelay(attempt, policy, random, retryAfterMs) {
    if (retryAfterMs !== undefined)
        return Math.min(retryAfterMs, policy.maxDelayMs);
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return Math.floor(random() * ceiling);
}

;// CONCATENATED MODULE: ./src/core/request.ts


/** `?a=1&b=x&b=y` from a record: undefined values left out, arrays repeated, `''` when empty. */
function buildQuery(query) {
    if (query === undefined)
        return '';
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
        if (value === undefined)
            continue;
        if (Array.isArray(value))
            for (const item of value)
                params.append(key, item);
        else
            params.append(key, String(value));
    }
    const text = params.toString();
    return text === '' ? '' : `?${text}`;
}
class AttemptTimeout extends Error {
}
/**
 * Builds the function that performs one API call: JSON in and out, bearer auth, per-attempt timeout,
 * retries of 429/5xx/network trouble within an overall deadline, and every failure as an ApiError.
 */
function createRequester(options) {
    const base = options.baseUrl.replace(/\/+$/, '');
    const secrets = [options.token];
    const headers = {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        'user-agent': options.userAgent,
    };
    return async (request) => {
        const pathWithQuery = `${request.path}${buildQuery(request.query)}`;
        const safePath = redactSecrets(pathWithQuery, secrets);
        const url = `${base}${pathWithQuery}`;
        const body = request.body === undefined ? undefined : JSON.stringify(request.body);
        const init = {
            method: request.method,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body }),
        };
        const fail = (message, details) => new ApiError(redactSecrets(message, secrets), { ...details, method: request.method, path: safePath });
        const started = options.now();
        for (let attempt = 1;; attempt++) {
            const attemptStarted = options.now();
            const remaining = options.deadlineMs - (attemptStarted - started);
            const outcome = await attemptOnce(url, init, Math.max(1, Math.min(options.timeoutMs, remaining)), attempt);
            const entry = {
                method: request.method,
                path: safePath,
                attempt,
                durationMs: options.now() - attemptStarted,
            };
            if (outcome.ok) {
                report({ ...entry, status: outcome.status }, undefined);
                return outcome.value;
            }
            const { error } = outcome;
            let delayMs;
            if (outcome.retryable && attempt < options.retry.maxAttempts) {
                const delay = retryDelay(attempt, options.retry, options.random, error.retryAfterMs);
                // Waiting past the deadline only to fail later helps nobody: give up now, with the real reason.
                if (options.now() - started + delay < options.deadlineMs)
                    delayMs = delay;
            }
            report({
                ...entry,
                ...(error.status === undefined ? {} : { status: error.status }),
                error: error.message,
                kind: error.kind,
                ...(delayMs === undefined ? {} : { delayMs }),
            }, error);
            if (delayMs === undefined)
                throw error;
            await options.sleep(delayMs);
        }
        function report(entry, error) {
            options.onRequest?.(entry);
            const logger = options.logger;
            if (logger === undefined)
                return;
            const head = `${entry.method} ${entry.path} -> ${entry.status ?? error?.kind ?? 'ok'}`;
            if (error === undefined)
                logger.debug(`${head} (attempt ${entry.attempt}, ${entry.durationMs} ms)`);
            else if (entry.delayMs === undefined)
                logger.debug(`${head}: ${error.message} (attempt ${entry.attempt}, giving up)`);
            else
                (logger.warning ?? logger.debug).call(logger, `${head}: retrying in ${entry.delayMs} ms (attempt ${entry.attempt} of ${options.retry.maxAttempts})`);
        }
        async function attemptOnce(target, requestInit, timeoutMs, attempt) {
            let response;
            let text;
            const controller = new AbortController();
            let timer;
            let timedOut = false;
            try {
                const timeout = new Promise((_, reject) => {
                    timer = setTimeout(() => {
                        timedOut = true;
                        reject(new AttemptTimeout());
                        controller.abort();
                    }, timeoutMs);
                });
                response = await Promise.race([
                    options.transport(target, { ...requestInit, signal: controller.signal }),
                    timeout,
                ]);
                text = await Promise.race([response.text(), timeout]);
            }
            catch (error) {
                // The abort may reject the transport before the timer's own rejection wins the race.
                if (timedOut || error instanceof AttemptTimeout) {
                    return {
                        ok: false,
                        retryable: true,
                        error: fail(`no answer within ${timeoutMs} ms`, { kind: 'timeout', attempts: attempt }),
                    };
                }
                const cause = redactedCause(error, secrets);
                return {
                    ok: false,
                    retryable: true,
                    error: fail(`network error: ${cause.message}`, { kind: 'network', attempts: attempt, cause }),
                };
            }
            finally {
                if (timer !== undefined)
                    clearTimeout(timer);
            }
            const { status } = response;
            if (status >= 200 && status < 300) {
                if (text.trim() === '')
                    return { ok: true, status, value: {} };
                try {
                    return { ok: true, status, value: JSON.parse(text) };
                }
                catch {
                    // A web page instead of JSON means a wrong base URL, and asking again will not change it;
                    // a cut JSON body (proxies cut bodies mid-stream) is worth another try.
                    const html = text.trimStart().startsWith('<');
                    return {
                        ok: false,
                        retryable: !html,
                        error: fail(html ? 'the response is a web page, not JSON' : 'the response body is not valid JSON', {
                            kind: 'bad-response',
                            status,
                            bodySnippet: snippet(text, secrets),
                            attempts: attempt,
                            ...(html
                                ? {
                                    hint: 'check DEPGATE_API_URL: it should be the platform API root, such as https://semgrep.dev',
                                }
                                : {}),
                        }),
                    };
                }
            }
            const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), options.now());
            return {
                ok: false,
                retryable: isRetryableStatus(status),
                error: fail(errorMessage(text), {
                    kind: kindOfStatus(status),
                    status,
                    bodySnippet: snippet(text, secrets),
                    attempts: attempt,
                    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
                }),
            };
        }
    };
}
/** The platform's `{"error": "..."}` message when there is one, else a generic phrase. */
function errorMessage(text) {
    try {
        const parsed = JSON.parse(text);
        if (typeof parsed === 'object' &&
            parsed !== null &&
            typeof parsed.error === 'string') {
            const message = parsed.error;
            return message.length > 300 ? `${message.slice(0, 300)}…` : message;
        }
    }
    catch {
        // Not JSON: fall through to the generic message.
    }
    return 'request failed';
}

// EXTERNAL MODULE: ./node_modules/cross-fetch/dist/node-ponyfill.js
var node_ponyfill = __webpack_require__(3304);
var node_ponyfill_default = /*#__PURE__*/__webpack_require__.n(node_ponyfill);
;// CONCATENATED MODULE: ./src/core/transport.ts
// The only file that imports the HTTP implementation: everything else receives a Transport.

/** The default transport: cross-fetch (node-fetch 2 on Node, the platform's fetch elsewhere). */
const defaultTransport = (url, init) => node_ponyfill_default()(url, init);

;// CONCATENATED MODULE: ./src/core/client.ts







const DEFAULT_BASE_URL = 'https://semgrep.dev';
/** Documented page-size bounds per listing (spec and decisions.md). */
const PAGE_BOUNDS = {
    dependencies: { min: 1, max: 10_000 },
    lockfiles: { min: 1, max: 100 },
    repositories: { min: 1, max: 100 },
    notifications: { min: 1, max: 100 },
    secrets: { min: 1, max: 1000 },
    findings: { min: 1, max: 3000 },
    projects: { min: 1, max: 100 },
};
function configError(message, hint, kind = 'bad-request') {
    return new ApiError(message, { kind, method: '-', path: '-', hint });
}
/**
 * Encodes a project name like `org/repo`: each segment encoded, `/` kept raw. A name with an empty,
 * `.` or `..` segment is refused before any request, so that it can never address another route.
 */
function encodeProjectName(name, context = {
    method: 'PUT',
    path: '/api/v1/deployments/…/projects/…/tags',
}) {
    const segments = name.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..')) {
        throw new ApiError(`invalid project name ${JSON.stringify(name)}: empty, '.' or '..' segments are not allowed`, {
            kind: 'bad-request',
            ...context,
            hint: 'give the project name as the platform shows it, such as org/repo',
        });
    }
    return segments.map(encodeURIComponent).join('/');
}
/** One path segment from an id or slug; an empty, `.` or `..` value is refused before any request. */
function segment(value, what, method, template) {
    const text = String(value);
    if (text.trim() === '' || text === '.' || text === '..') {
        throw new ApiError(`invalid ${what} ${JSON.stringify(text)}`, {
            kind: 'bad-request',
            method,
            path: template,
            hint: `pass the ${what} (getDeployments() lists the token's deployment id and slug)`,
        });
    }
    return encodeURIComponent(text);
}
/**
 * The typed client of the platform API. Every listing has a one-page call (`list…Page`) and a listing
 * (`dependencies(…)`, …) whose `pages()` and `items()` walk all pages. Failures are `ApiError`s
 * (`isApiError`). Throws an `ApiError` at once for an empty token or a base URL that is not http(s).
 */
function createPlatformClient(options) {
    // Callers pass environment variables straight through, so an absent token arrives as undefined.
    const token = typeof options.token === 'string' ? options.token.trim() : '';
    if (token === '' || !/^[\x21-\x7e]+$/.test(token)) {
        throw configError(token === ''
            ? 'no API token given'
            : 'the API token contains spaces, control or non-ASCII characters, which no token has', 'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform)', 'auth');
    }
    const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    let parsedBase;
    try {
        parsedBase = new URL(baseUrl);
    }
    catch {
        parsedBase = undefined;
    }
    if (parsedBase === undefined || (parsedBase.protocol !== 'https:' && parsedBase.protocol !== 'http:')) {
        throw configError(`invalid base URL ${JSON.stringify(redactSecrets(baseUrl, [token]))}: an absolute http(s) URL is needed`, 'set DEPGATE_API_URL to the platform root, such as https://semgrep.dev, or leave it unset');
    }
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const now = options.now ?? Date.now;
    const pageCap = options.pageCap ?? 10_000;
    const stats = { requests: 0, retries: 0, failures: 0 };
    const secrets = [token];
    const request = createRequester({
        baseUrl,
        token,
        transport: options.transport ?? defaultTransport,
        sleep,
        now,
        random: options.random ?? Math.random,
        retry: {
            ...DEFAULT_RETRY,
            ...options.retry,
            ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
        },
        timeoutMs: options.timeoutMs ?? 30_000,
        deadlineMs: options.deadlineMs ?? 120_000,
        userAgent: options.userAgent ?? 'depgate',
        onRequest: (entry) => {
            stats.requests++;
            if (entry.delayMs !== undefined)
                stats.retries++;
            else if (entry.error !== undefined)
                stats.failures++;
            options.onRequest?.(entry);
        },
        ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    /** Runs a normalizer and turns a shape problem into a `bad-response` ApiError naming the field. */
    async function call(req, build) {
        const body = await request(req);
        try {
            return build(asObject(body, ''));
        }
        catch (error) {
            if (!(error instanceof ShapeError))
                throw error;
            stats.failures++;
            throw new ApiError(redactSecrets(`unexpected response: ${error.message}`, secrets), {
                kind: 'bad-response',
                method: req.method,
                path: redactSecrets(req.path, secrets),
                field: error.field === '' ? '(body)' : error.field,
            });
        }
    }
    function iterate(method, path, fetchPage) {
        return {
            pages: () => paginatePages({ fetchPage, pageCap, method, path }),
            items: () => paginateItems({ fetchPage, pageCap, method, path }),
        };
    }
    const deploymentsPath = (id, method, rest = '') => `/api/v1/deployments/${segment(id, 'deployment id', method, `/api/v1/deployments/{deploymentId}${rest}`)}${rest}`;
    const slugPath = (slug, method, rest) => `/api/v1/deployments/${segment(slug, 'deployment slug', method, `/api/v1/deployments/{deploymentSlug}${rest}`)}${rest}`;
    const notificationsPath = (id) => `/api/notifications/in-app/deployments/${segment(id, 'deployment id', 'GET', '/api/notifications/in-app/deployments/{deploymentId}')}`;
    const lockfilesPath = (deploymentId, repositoryId) => {
        const rest = '/dependencies/repositories/';
        const repo = segment(repositoryId, 'repository id', 'POST', '/api/v1/deployments/{deploymentId}/dependencies/repositories/{repositoryId}/lockfiles');
        return `${deploymentsPath(deploymentId, 'POST', rest)}${repo}/lockfiles`;
    };
    const tagsPath = (slug, projectName, method) => {
        const template = '/api/v1/deployments/{deploymentSlug}/projects/{projectName}/tags';
        const project = encodeProjectName(projectName, { method, path: template });
        return `${slugPath(slug, method, '/projects/')}${project}/tags`;
    };
    const client = {
        /** The token's deployment(s): how a client finds the numeric id and the slug from a token. */
        async getDeployments() {
            const req = { method: 'GET', path: '/api/v1/deployments' };
            return call(req, (body) => arrayField(body, 'deployments', '').map((d, i) => normalizeDeployment(d, `deployments[${i}]`)));
        },
        /** Op 1: one page of unread notifications. `limit` travels as a string, as the spec types it. */
        async listNotificationsPage(deploymentId, cursor, opts = {}) {
            const limit = clampPageSize(opts.pageSize, PAGE_BOUNDS.notifications);
            const req = {
                method: 'GET',
                path: notificationsPath(deploymentId),
                query: { cursor: cursor === '' ? undefined : cursor, limit: String(limit) },
            };
            return call(req, (body) => ({
                items: arrayField(body, 'notifications', '').map((n, i) => normalizeNotification(n, `notifications[${i}]`)),
                next: nextQueryCursor(body),
            }));
        },
        /** Op 1, every page: unread notifications of the calling viewer. */
        notifications(deploymentId, opts = {}) {
            return iterate('GET', notificationsPath(deploymentId), (cursor) => client.listNotificationsPage(deploymentId, cursor, opts));
        },
        /** Op 2: one page of dependencies matching a filter (default page size 10,000, the most). */
        async listDependenciesPage(deploymentId, filter = {}, cursor, opts = {}) {
            const req = {
                method: 'POST',
                path: deploymentsPath(deploymentId, 'POST', '/dependencies'),
                body: {
                    dependencyFilter: filter,
                    pageSize: clampPageSize(opts.pageSize, PAGE_BOUNDS.dependencies),
                    ...(cursor === undefined ? {} : { cursor }),
                },
            };
            return call(req, (body) => ({
                items: normalizeDependencies(arrayField(body, 'dependencies', ''), 'dependencies'),
                next: nextMixedCursor(body),
            }));
        },
        /** Op 2, every page. */
        dependencies(deploymentId, filter = {}, opts = {}) {
            return iterate('POST', deploymentsPath(deploymentId, 'POST', '/dependencies'), (cursor) => client.listDependenciesPage(deploymentId, filter, cursor, opts));
        },
        /** Op 3: one page of lockfile summaries of a repository. */
        async listLockfilesPage(deploymentId, repositoryId, filter = {}, cursor, opts = {}) {
            const req = {
                method: 'POST',
                path: lockfilesPath(deploymentId, repositoryId),
                body: {
                    dependencyFilter: filter,
                    pageSize: clampPageSize(opts.pageSize, PAGE_BOUNDS.lockfiles),
                    ...(cursor === undefined ? {} : { cursor }),
                },
            };
            return call(req, (body) => ({
                items: arrayField(body, 'lockfileSummaries', '').map((l, i) => normalizeLockfileSummary(l, `lockfileSummaries[${i}]`)),
                next: nextMixedCursor(body),
            }));
        },
        /** Op 3, every page. */
        lockfiles(deploymentId, repositoryId, filter = {}, opts = {}) {
            return iterate('POST', lockfilesPath(deploymentId, repositoryId), (cursor) => client.listLockfilesPage(deploymentId, repositoryId, filter, cursor, opts));
        },
        /** Repositories with dependencies: body keys `page_size` and `cursor`; the cursor goes back as received. */
        async listRepositoriesPage(deploymentId, cursor, opts = {}) {
            const req = {
                method: 'POST',
                path: deploymentsPath(deploymentId, 'POST', '/dependencies/repositories'),
                body: {
                    page_size: clampPageSize(opts.pageSize, PAGE_BOUNDS.repositories),
                    ...(cursor === undefined ? {} : { cursor }),
                },
            };
            return call(req, (body) => ({
                items: arrayField(body, 'repositorySummaries', '').map((r, i) => normalizeRepositorySummary(r, `repositorySummaries[${i}]`)),
                next: nextMixedCursor(body),
            }));
        },
        /** Repositories with dependencies, every page. */
        repositories(deploymentId, opts = {}) {
            return iterate('POST', deploymentsPath(deploymentId, 'POST', '/dependencies/repositories'), (cursor) => client.listRepositoriesPage(deploymentId, cursor, opts));
        },
        /** Op 4: adds tags (a union with the existing ones); returns the whole project. */
        async addProjectTags(slug, projectName, tags) {
            const req = { method: 'PUT', path: tagsPath(slug, projectName, 'PUT'), body: { tags } };
            return call(req, (body) => normalizeProject(body.project, 'project'));
        },
        /** Op 5: removes tags from this project (`?tags=a&tags=b`); absent tags are ignored. */
        async removeProjectTags(slug, projectName, tags) {
            const req = {
                method: 'DELETE',
                path: tagsPath(slug, projectName, 'DELETE'),
                query: { tags },
            };
            return call(req, (body) => normalizeProject(body.project, 'project'));
        },
        /** Projects (offset style): one page, numbered from 0. */
        async listProjectsPage(slug, page = 0, opts = {}) {
            const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.projects);
            const req = {
                method: 'GET',
                path: slugPath(slug, 'GET', '/projects'),
                query: { page, page_size: size },
            };
            return call(req, (body) => {
                const items = arrayField(body, 'projects', '').map((p, i) => normalizeProject(p, `projects[${i}]`));
                return { items, next: nextOffsetPage(page, size, items.length) };
            });
        },
        /** Projects, every page. */
        projects(slug, opts = {}) {
            return iterate('GET', slugPath(slug, 'GET', '/projects'), (page) => client.listProjectsPage(slug, page ?? 0, opts));
        },
        /** Code and supply-chain findings (offset style): one page, numbered from 0. Items as sent. */
        async listFindingsPage(slug, page = 0, opts = {}) {
            const size = clampPageSize(opts.pageSize, PAGE_BOUNDS.findings);
            const req = {
                method: 'GET',
                path: slugPath(slug, 'GET', '/findings'),
                query: { ...opts.query, page, page_size: size },
            };
            return call(req, (body) => {
                const items = arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`));
                return { items, next: nextOffsetPage(page, size, items.length) };
            });
        },
        /** Findings, every page. */
        findings(slug, opts = {}) {
            return iterate('GET', slugPath(slug, 'GET', '/findings'), (page) => client.listFindingsPage(slug, page ?? 0, opts));
        },
        /** Secrets (cursor style): an empty cursor starts at the beginning; an empty or absent one ends. */
        async listSecretsPage(deploymentId, cursor, opts = {}) {
            const req = {
                method: 'GET',
                path: deploymentsPath(deploymentId, 'GET', '/secrets'),
                query: { cursor: cursor ?? '', limit: clampPageSize(opts.pageSize, PAGE_BOUNDS.secrets) },
            };
            return call(req, (body) => ({
                items: arrayField(body, 'findings', '').map((f, i) => normalizeRecord(f, `findings[${i}]`)),
                next: nextQueryCursor(body),
            }));
        },
        /** Secrets, every page. */
        secrets(deploymentId, opts = {}) {
            return iterate('GET', deploymentsPath(deploymentId, 'GET', '/secrets'), (cursor) => client.listSecretsPage(deploymentId, cursor, opts));
        },
        /** Counts of what this client has sent so far (a copy). */
        stats() {
            return { ...stats };
        },
    };
    return client;
}

;// CONCATENATED MODULE: ./src/core/index.ts









/***/ }),

/***/ 4794:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lo: () => (/* reexport */ DEFAULT_POLICY_PATH),
  Gy: () => (/* reexport */ coversLockfile),
  G4: () => (/* reexport */ defaultPolicy),
  n4: () => (/* reexport */ isPolicyError),
  Tt: () => (/* reexport */ licenseVerdict),
  zj: () => (/* reexport */ matchesDependencyFilter),
  Sk: () => (/* reexport */ matchesPackageFilter),
  Ib: () => (/* reexport */ matchesRule),
  T4: () => (/* reexport */ readPolicy),
  U$: () => (/* reexport */ validateDependencyFilter)
});

// UNUSED EXPORTS: PolicyError, matchesAnyGlob

// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(4738);
// EXTERNAL MODULE: ./src/domain/index.ts + 16 modules
var domain = __webpack_require__(4574);
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
    // An ecosystem no ordering knows (a dataset may name one) orders nothing: bounds never match.
    const ecosystem = (0,domain/* parseEcosystem */.WM)(pkg.ecosystem);
    if (filter.exactVersion !== undefined && filter.exactVersion !== '') {
        const order = ecosystem === undefined ? undefined : (0,domain/* compareVersions */.Zy)(ecosystem, pkg.version, filter.exactVersion);
        return order === undefined ? pkg.version === filter.exactVersion : order === 0;
    }
    for (const [text, bare] of [
        [filter.versionLowerBound, '>='],
        [filter.versionUpperBound, '<='],
    ]) {
        if (text === undefined || text === '')
            continue;
        const bound = (0,domain/* parseBound */.aM)(text, bare);
        if (bound === undefined || ecosystem === undefined)
            return false;
        if ((0,domain/* satisfiesBound */.KN)(ecosystem, pkg.version, bound) !== true)
            return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/policy/match-dependency.ts



const isSet = (text) => text !== undefined && text !== '';
const isAny = (list) => list !== undefined && list.length > 0;
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
        const have = new Set((0,domain/* licenseIds */.oc)(dep.licenses));
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
    if (isAny(filter.transitivity) && !filter.transitivity.some((t) => core/* TRANSITIVITY */.zX[t] === dep.transitivity))
        return false;
    if (isAny(filter.packageFilters) && !filter.packageFilters.some((p) => matchesPackageFilter(dep, p)))
        return false;
    return true;
}

;// CONCATENATED MODULE: ./src/policy/validate-filter.ts

const TRANSITIVITIES = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];
const KNOWN_ECOSYSTEMS = new Set(domain/* ECOSYSTEMS */.SQ);
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
        problems.push({ field, message: `is not an ecosystem (known: ${domain/* ECOSYSTEMS */.SQ.join(', ')})` });
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
    const bound = (0,domain/* parseBound */.aM)(text, operators[0]);
    if (bound === undefined)
        read.problem(key, `must be one version with an operator, like "${operators[0]}1.2.0", got ${JSON.stringify(text)}`);
    else if (!operators.includes(bound.operator))
        read.problem(key, `takes ${operators.join(' or ')}, not ${bound.operator} (got ${JSON.stringify(text)})`);
}

// EXTERNAL MODULE: ./node_modules/spdx-expression-parse/index.js
var spdx_expression_parse = __webpack_require__(3326);
var spdx_expression_parse_default = /*#__PURE__*/__webpack_require__.n(spdx_expression_parse);
// EXTERNAL MODULE: ./node_modules/spdx-satisfies/index.js
var spdx_satisfies = __webpack_require__(5131);
var spdx_satisfies_default = /*#__PURE__*/__webpack_require__.n(spdx_satisfies);
;// CONCATENATED MODULE: ./src/policy/license-verdict.ts


/** Ways out of an expression larger than this are not enumerated: it is judged unknown. */
const MAX_CHOICES = 512;
const GNU = /^(AGPL|GPL|LGPL|GFDL)-(\d\.\d)(-only|-or-later)?$/;
function leafOf(node) {
    const gnu = GNU.exec(node.license);
    const id = gnu === null
        ? node.license
        : `${gnu[1]}-${gnu[2]}${node.plus === true || gnu[3] === '-or-later' ? '-or-later' : '-only'}`;
    const text = `${node.license}${node.plus === true ? '+' : ''}${node.exception === undefined ? '' : ` WITH ${node.exception}`}`;
    return node.exception === undefined ? { text, id } : { text, id, exception: node.exception };
}
/** The expression as a choice of license sets (OR of ANDs); undefined when too many to enumerate. */
function choices(node) {
    if ('license' in node)
        return [[leafOf(node)]];
    const left = choices(node.left);
    const right = choices(node.right);
    if (left === undefined || right === undefined)
        return undefined;
    if (node.conjunction === 'or')
        return left.length + right.length > MAX_CHOICES ? undefined : [...left, ...right];
    if (left.length * right.length > MAX_CHOICES)
        return undefined;
    return left.flatMap((l) => right.map((r) => [...l, ...r]));
}
function parse(expression) {
    try {
        return spdx_expression_parse_default()(expression.trim());
    }
    catch {
        return undefined;
    }
}
function leavesOf(entries) {
    return entries.flatMap((entry) => {
        const node = parse(entry);
        return node === undefined ? [] : (choices(node) ?? []).flat();
    });
}
/** A policy entry names a leaf when the ids agree and the entry names no exception or the same one. */
function names(entry, leaf) {
    return entry.id === leaf.id && (entry.exception === undefined || entry.exception === leaf.exception);
}
/**
 * Judge a package's licenses: every entry applies at once (the package is under all of them), and an
 * entry is an SPDX expression whose `OR` lets the user choose. With `deny`, a package is denied when
 * every choice includes a denied license; with `allow`, when no choice is made only of allowed ones
 * (SPDX ranges such as `GPL-2.0+` judged by spdx-satisfies). A package with no license, or one that is
 * not an SPDX expression (`BSD`, `SEE LICENSE IN ...`), is `unknown`: the policy decides what that is.
 */
function licenseVerdict(licenses, policy) {
    // Lockfiles repeat a handful of license strings thousands of times: judge each once per policy.
    let memo = verdicts.get(policy);
    if (memo === undefined)
        verdicts.set(policy, (memo = new Map()));
    const key = licenses.join('\n');
    let verdict = memo.get(key);
    if (verdict === undefined)
        memo.set(key, (verdict = judge(licenses, policy)));
    return { ...verdict, ...(verdict.denied === undefined ? {} : { denied: [...verdict.denied] }) };
}
const verdicts = new WeakMap();
function judge(licenses, policy) {
    const entries = licenses.map((l) => l.trim()).filter((l) => l !== '');
    if (entries.length === 0)
        return { status: 'unknown' };
    const nodes = entries.map(parse);
    if (nodes.some((n) => n === undefined))
        return { status: 'unknown' };
    const expression = entries.length === 1 ? entries[0] : entries.map((e) => `(${e})`).join(' AND ');
    const combined = parse(expression);
    const ways = combined === undefined ? undefined : choices(combined);
    if (ways === undefined)
        return { status: 'unknown' };
    if (policy.allow !== undefined) {
        let ok;
        try {
            ok = spdx_satisfies_default()(expression, policy.allow);
        }
        catch {
            return { status: 'unknown' };
        }
        if (ok)
            return { status: 'allowed' };
        const allowed = leavesOf(policy.allow);
        const outside = unique(ways.flat().filter((leaf) => !allowed.some((a) => names(a, leaf))));
        return { status: 'denied', denied: outside.length > 0 ? outside : entries };
    }
    if (policy.deny !== undefined) {
        const denied = leavesOf(policy.deny);
        const isDenied = (leaf) => denied.some((d) => names(d, leaf));
        if (ways.some((way) => !way.some(isDenied)))
            return { status: 'allowed' };
        return { status: 'denied', denied: unique(ways.flat().filter(isDenied)) };
    }
    return { status: 'allowed' };
}
function unique(leaves) {
    return [...new Set(leaves.map((l) => l.text))];
}

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
;// CONCATENATED MODULE: ./src/policy/match-rule.ts


const matchers = new WeakMap();
/** Whether a path matches any of the globs (compiled once per list). */
function matchesAnyGlob(globs, path) {
    let match = matchers.get(globs);
    if (match === undefined) {
        match = globs.length === 0 ? () => false : picomatch_default()([...globs], { dot: true });
        matchers.set(globs, match);
    }
    return match(path);
}
/** Whether the policy covers a lockfile: one of `paths.include` and none of `paths.exclude`. */
function coversLockfile(policy, path) {
    return matchesAnyGlob(policy.paths.include, path) && !matchesAnyGlob(policy.paths.exclude, path);
}
/**
 * Whether a policy rule (deny rule or exception) matches a package: the package-filter semantics the
 * platform and the emulator apply (src/policy/match-package.ts; decisions.md), narrowed by the rule's
 * ecosystem and lockfile paths. Exact names compare as the ecosystem identifies packages (PEP 503 for
 * PyPI: `Typing_Extensions` is `typing-extensions`). `'unknown-version'` when the name matches but the
 * rule bounds a version the ecosystem cannot order: the caller must not take that as outside the range.
 */
function matchesRule(target, rule) {
    const ecosystem = (0,domain/* parseEcosystem */.WM)(target.ecosystem);
    if (rule.ecosystem !== undefined && ecosystem !== rule.ecosystem)
        return false;
    if (rule.paths !== undefined && !matchesAnyGlob(rule.paths, target.lockfilePath))
        return false;
    if (rule.name !== undefined && rule.name !== '') {
        const matched = rule.exactNameMatch === true
            ? ecosystem === undefined
                ? target.name.toLowerCase() === rule.name.toLowerCase()
                : (0,domain/* packageKey */.MO)(ecosystem, target.name) === (0,domain/* packageKey */.MO)(ecosystem, rule.name)
            : target.name.toLowerCase().includes(rule.name.toLowerCase());
        if (!matched)
            return false;
    }
    if (rule.exactVersion !== undefined && rule.exactVersion !== '') {
        const order = ecosystem === undefined ? undefined : (0,domain/* compareVersions */.Zy)(ecosystem, target.version, rule.exactVersion);
        return order === undefined ? target.version === rule.exactVersion : order === 0;
    }
    for (const [text, bare] of [
        [rule.versionLowerBound, '>='],
        [rule.versionUpperBound, '<='],
    ]) {
        if (text === undefined || text === '')
            continue;
        const bound = (0,domain/* parseBound */.aM)(text, bare);
        const inside = bound === undefined || ecosystem === undefined
            ? undefined
            : (0,domain/* satisfiesBound */.KN)(ecosystem, target.version, bound);
        if (inside === undefined)
            return 'unknown-version';
        if (!inside)
            return false;
    }
    return true;
}

// EXTERNAL MODULE: ./node_modules/spdx-license-ids/index.json
var spdx_license_ids = __webpack_require__(5204);
// EXTERNAL MODULE: ./node_modules/spdx-license-ids/deprecated.json
var deprecated = __webpack_require__(3389);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
;// CONCATENATED MODULE: ./src/policy/read-policy.ts







/** Where the gate looks for its policy in a repository. */
const DEFAULT_POLICY_PATH = '.github/depgate.yml';
/** A policy that cannot be used, with every mistake in it (not only the first). */
class PolicyError extends Error {
    name = 'PolicyError';
    source;
    problems;
    constructor(source, problems) {
        const lines = problems.map((p) => `${source}:${p.line}:${p.column}: ${p.path === '' ? '' : `${p.path}: `}${p.message}`);
        super(`${source}: ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} in the policy (docs/policy.md lists every key):\n  ${lines.join('\n  ')}`);
        this.source = source;
        this.problems = problems;
    }
}
function isPolicyError(error) {
    return error instanceof PolicyError;
}
/** The policy used when a repository has none: no rules, licenses not judged, nothing failed but rules. */
function defaultPolicy(source) {
    return {
        source,
        deny: [],
        exceptions: [],
        licenses: { unknown: 'ignore' },
        newToOrg: 'warn',
        preExisting: 'report',
        paths: { include: ['**'], exclude: [] },
    };
}
const TOP_KEYS = ['deny', 'exceptions', 'licenses', 'newToOrg', 'preExisting', 'paths'];
const RULE_KEYS = [
    'name',
    'exactNameMatch',
    'exactVersion',
    'versionLowerBound',
    'versionUpperBound',
    'ecosystem',
    'paths',
    'reason',
];
const EXCEPTION_KEYS = [...RULE_KEYS, 'owner', 'expires'];
const LICENSE_KEYS = ['allow', 'deny', 'unknown'];
const PATHS_KEYS = ['include', 'exclude'];
/** Keys whose YAML numbers are versions or dates: read as written (`1.10` must not become 1.1). */
const VERBATIM_KEYS = new Set(['exactVersion', 'versionLowerBound', 'versionUpperBound', 'expires', 'name']);
const read_policy_text = schemas/* string */.YjP().trim().min(1);
const globs = schemas/* array */.YOg(read_policy_text);
const ruleShape = {
    name: read_policy_text.optional(),
    exactNameMatch: schemas/* boolean */.zMY().optional(),
    exactVersion: read_policy_text.optional(),
    versionLowerBound: read_policy_text.optional(),
    versionUpperBound: read_policy_text.optional(),
    ecosystem: read_policy_text.optional(),
    paths: globs.optional(),
    reason: read_policy_text.optional(),
};
const schema = schemas/* strictObject */.rej({
    deny: schemas/* array */.YOg(schemas/* strictObject */.rej(ruleShape)).optional(),
    exceptions: schemas/* array */.YOg(schemas/* strictObject */.rej({ ...ruleShape, reason: read_policy_text, owner: read_policy_text, expires: read_policy_text })).optional(),
    licenses: schemas/* strictObject */.rej({
        allow: schemas/* array */.YOg(read_policy_text).optional(),
        deny: schemas/* array */.YOg(read_policy_text).optional(),
        unknown: schemas/* enum */.k5n(['warn', 'fail', 'ignore']).optional(),
    })
        .optional(),
    newToOrg: schemas/* enum */.k5n(['off', 'warn', 'fail']).optional(),
    preExisting: schemas/* enum */.k5n(['report', 'fail']).optional(),
    paths: schemas/* strictObject */.rej({ include: globs.optional(), exclude: globs.optional() }).optional(),
});
function pathText(path) {
    let out = '';
    for (const part of path)
        out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
    return out;
}
/** Closest allowed key by edit distance, when it is close enough to be a likely typo. */
function closest(word, allowed) {
    let best;
    let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
    for (const candidate of allowed) {
        const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
        if (d < bestDistance)
            [best, bestDistance] = [candidate, d];
    }
    return best;
}
function editDistance(a, b) {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        let diagonal = row[0];
        row[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const above = row[j];
            row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
            diagonal = above;
        }
    }
    return row[b.length];
}
function keysAt(path) {
    if (path.length === 0)
        return TOP_KEYS;
    if (path[0] === 'deny' && path.length === 2)
        return RULE_KEYS;
    if (path[0] === 'exceptions' && path.length === 2)
        return EXCEPTION_KEYS;
    if (path[0] === 'licenses' && path.length === 1)
        return LICENSE_KEYS;
    if (path[0] === 'paths' && path.length === 1)
        return PATHS_KEYS;
    return [];
}
function read_policy_describe(value) {
    if (value === null || value === undefined)
        return 'nothing';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'a mapping';
    if (typeof value === 'string')
        return `"${value}"`;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
        return `${typeof value} ${value}`;
    return typeof value;
}
const EXPECTED = {
    string: 'a text',
    boolean: 'true or false',
    array: 'a list',
    object: 'a mapping',
};
/** SPDX ids by their lowercased spelling, for "did you mean" on a license id written in the wrong case. */
let spdxByLowercase;
function spdxSuggestion(entry) {
    spdxByLowercase ??= new Map([...deprecated, ...spdx_license_ids].map((id) => [id.toLowerCase(), id]));
    const word = entry.trim().toLowerCase();
    const gnu = /^(a|l)?gpl-(\d\.\d)(\+)?$/.exec(word);
    if (gnu !== null) {
        const id = `${(gnu[1] ?? '').toUpperCase()}GPL-${gnu[2]}`;
        return gnu[3] === '+' ? `${id}-or-later` : `${id}-only or ${id}-or-later`;
    }
    const exact = spdxByLowercase.get(word);
    if (exact !== undefined)
        return exact;
    return closest(entry.trim(), [...spdxByLowercase.values()]);
}
class Collector {
    doc;
    lines;
    problems = [];
    constructor(doc, lines) {
        this.doc = doc;
        this.lines = lines;
    }
    position(offset) {
        const { line, col } = this.lines.linePos(offset);
        return { line, column: col };
    }
    node(path) {
        let node = this.doc.contents;
        for (const part of path) {
            if ((0,dist/* isMap */.jh)(node))
                node = node.items.find((pair) => (0,dist/* isScalar */.jn)(pair.key) && pair.key.value === part)?.value;
            else if ((0,dist/* isSeq */.oP)(node) && typeof part === 'number')
                node = node.items[part];
            else
                return undefined;
        }
        return (node ?? undefined);
    }
    /** Where a value was written: its own node, else the nearest enclosing one that exists. */
    at(path) {
        for (let n = path.length; n >= 0; n--) {
            const node = this.node(path.slice(0, n));
            if (node?.range !== undefined && node.range !== null)
                return this.position(node.range[0]);
        }
        return { line: 1, column: 1 };
    }
    /** Where a key of a mapping was written. */
    keyAt(path, key) {
        const map = this.node(path);
        if ((0,dist/* isMap */.jh)(map)) {
            const pair = map.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === key);
            if ((0,dist/* isScalar */.jn)(pair?.key) && pair.key.range)
                return this.position(pair.key.range[0]);
        }
        return this.at(path);
    }
    add(path, message, where = this.at(path)) {
        this.problems.push({ ...where, path: pathText(path), message });
    }
}
/**
 * Reads a policy file (`.github/depgate.yml`, or inline YAML in the Action): its YAML with positions, the
 * schema, then what the schema cannot say (bounds with the right operators and orderable versions,
 * real dates, SPDX ids, globs). Throws a PolicyError listing every mistake, each at its line and column.
 */
function readPolicy(yamlText, source) {
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(yamlText, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
    const found = new Collector(doc, lines);
    for (const error of doc.errors) {
        const pos = error.linePos?.[0];
        found.problems.push({
            line: pos?.line ?? 1,
            column: pos?.col ?? 1,
            path: '',
            message: error.code === 'DUPLICATE_KEY' ? 'a key written twice in the same mapping' : firstLine(error.message),
        });
    }
    if (found.problems.length > 0)
        throw new PolicyError(source, found.problems);
    if (doc.contents === null || ((0,dist/* isScalar */.jn)(doc.contents) && doc.contents.value === null)) {
        return defaultPolicy(source);
    }
    // Versions and dates are read as written: YAML would make `4.10` the number 4.1.
    (0,dist/* visit */.YR)(doc, {
        Pair(_, pair) {
            if ((0,dist/* isScalar */.jn)(pair.key) && VERBATIM_KEYS.has(String(pair.key.value)) && (0,dist/* isScalar */.jn)(pair.value)) {
                const value = pair.value.value;
                if ((typeof value === 'number' || value instanceof Date) && pair.value.range) {
                    pair.value.value = yamlText.slice(pair.value.range[0], pair.value.range[1]).trim();
                }
            }
        },
    });
    const raw = doc.toJS();
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        found.add([], `the policy must be a mapping with keys such as ${TOP_KEYS.join(', ')}, not ${read_policy_describe(raw)}`);
        throw new PolicyError(source, found.problems);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
        for (const issue of parsed.error.issues)
            schemaProblem(found, issue, raw);
    }
    // Semantic checks run on what has the right shape, so that all mistakes come out at once.
    const data = (parsed.success ? parsed.data : raw);
    const deny = Array.isArray(data.deny) ? data.deny : [];
    const exceptions = Array.isArray(data.exceptions) ? data.exceptions : [];
    deny.forEach((rule, i) => checkRule(found, ['deny', i], rule));
    exceptions.forEach((rule, i) => {
        checkRule(found, ['exceptions', i], rule);
        checkExpires(found, ['exceptions', i, 'expires'], rule.expires);
    });
    checkLicenses(found, data.licenses);
    for (const key of ['include', 'exclude']) {
        const list = data.paths?.[key];
        if (Array.isArray(list))
            list.forEach((glob, i) => checkGlob(found, ['paths', key, i], glob));
    }
    if (found.problems.length > 0) {
        found.problems.sort((a, b) => a.line - b.line || a.column - b.column);
        throw new PolicyError(source, found.problems);
    }
    const policy = parsed.data;
    const licenses = {
        unknown: policy.licenses?.unknown ?? (policy.licenses === undefined ? 'ignore' : 'warn'),
    };
    if (policy.licenses?.allow !== undefined)
        licenses.allow = policy.licenses.allow;
    if (policy.licenses?.deny !== undefined)
        licenses.deny = policy.licenses.deny;
    return {
        source,
        deny: (policy.deny ?? []).map((rule, index) => toRule(rule, index, found.at(['deny', index]))),
        exceptions: (policy.exceptions ?? []).map((rule, index) => ({
            ...toRule(rule, index, found.at(['exceptions', index])),
            reason: rule.reason,
            owner: rule.owner,
            expires: rule.expires,
        })),
        licenses,
        newToOrg: policy.newToOrg ?? 'warn',
        preExisting: policy.preExisting ?? 'report',
        paths: { include: policy.paths?.include ?? ['**'], exclude: policy.paths?.exclude ?? [] },
    };
}
function firstLine(message) {
    return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
function toRule(rule, index, at) {
    const out = { index, at };
    if (rule.name !== undefined)
        out.name = rule.name;
    if (rule.exactNameMatch !== undefined)
        out.exactNameMatch = rule.exactNameMatch;
    if (rule.exactVersion !== undefined)
        out.exactVersion = rule.exactVersion;
    if (rule.versionLowerBound !== undefined)
        out.versionLowerBound = rule.versionLowerBound;
    if (rule.versionUpperBound !== undefined)
        out.versionUpperBound = rule.versionUpperBound;
    if (rule.ecosystem !== undefined)
        out.ecosystem = (0,domain/* parseEcosystem */.WM)(rule.ecosystem);
    if (rule.paths !== undefined)
        out.paths = rule.paths;
    if (rule.reason !== undefined)
        out.reason = rule.reason;
    return out;
}
function valueAt(root, path) {
    let value = root;
    for (const part of path) {
        if (value === null || typeof value !== 'object')
            return undefined;
        value = value[part];
    }
    return value;
}
function schemaProblem(found, issue, raw) {
    const path = issue.path;
    const value = valueAt(raw, path);
    switch (issue.code) {
        case 'unrecognized_keys': {
            const allowed = keysAt(path);
            for (const key of issue.keys) {
                const guess = closest(key, allowed);
                found.add([...path, key], `unknown key "${key}"${guess === undefined ? '' : ` (did you mean "${guess}"?)`}; allowed: ${allowed.join(', ')}`, found.keyAt(path, key));
            }
            return;
        }
        case 'invalid_value':
            found.add(path, `${read_policy_describe(value)} is not one of: ${issue.values.map(String).join(', ')}`);
            return;
        case 'invalid_type':
            if (value === undefined) {
                found.add(path, `required: ${EXPECTED[issue.expected] ?? issue.expected}`, found.at(path.slice(0, -1)));
            }
            else {
                found.add(path, `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${read_policy_describe(value)}`);
            }
            return;
        case 'too_small':
            found.add(path, 'must not be empty');
            return;
        default:
            found.add(path, issue.message);
    }
}
function isText(value) {
    return typeof value === 'string' && value.trim() !== '';
}
function checkRule(found, path, rule) {
    if (rule === null || typeof rule !== 'object')
        return;
    const has = (key) => isText(rule[key]);
    if (!has('name') && !has('exactVersion') && !has('versionLowerBound') && !has('versionUpperBound')) {
        found.add(path, 'the rule matches every package: give it a name, an exactVersion or version bounds');
    }
    if (has('exactVersion') && (has('versionLowerBound') || has('versionUpperBound'))) {
        found.add([...path, 'exactVersion'], 'exactVersion and version bounds together: an exact version takes precedence, so write one or the other');
    }
    let ecosystem;
    if (isText(rule.ecosystem)) {
        ecosystem = (0,domain/* parseEcosystem */.WM)(rule.ecosystem);
        if (ecosystem === undefined) {
            found.add([...path, 'ecosystem'], `"${rule.ecosystem}" is not an ecosystem; one of: ${domain/* ECOSYSTEMS */.SQ.join(', ')}`);
        }
    }
    const lower = read_policy_checkBound(found, [...path, 'versionLowerBound'], rule.versionLowerBound, ['>', '>='], ecosystem);
    const upper = read_policy_checkBound(found, [...path, 'versionUpperBound'], rule.versionUpperBound, ['<', '<='], ecosystem);
    if (lower !== undefined && upper !== undefined && ecosystem !== undefined) {
        const order = (0,domain/* compareVersions */.Zy)(ecosystem, lower, upper);
        if (order !== undefined && order > 0) {
            found.add([...path, 'versionLowerBound'], `the lower bound is above the upper bound (${upper}): no version can match`);
        }
    }
    if (Array.isArray(rule.paths))
        rule.paths.forEach((glob, i) => checkGlob(found, [...path, 'paths', i], glob));
}
/** Checks a bound and returns its version when it is usable. */
function read_policy_checkBound(found, path, value, operators, ecosystem) {
    if (!isText(value))
        return undefined;
    const written = (0,domain/* parseBound */.aM)(value);
    if (written === undefined) {
        const bare = (0,domain/* parseBound */.aM)(value, operators[1]);
        found.add(path, bare === undefined
            ? `"${value}" is not a version bound: write an operator (${operators.join(', ')}) and one version`
            : `"${value}" needs an operator (${operators.join(', ')})`);
        return undefined;
    }
    if (!operators.includes(written.operator)) {
        found.add(path, `"${value}": this bound takes ${operators.join(' or ')}, not ${written.operator}`);
        return undefined;
    }
    if (ecosystem !== undefined && !(0,domain/* isValidVersion */.ri)(ecosystem, written.version)) {
        found.add(path, `"${written.version}" is not a version ${ecosystem} can order`);
        return undefined;
    }
    return written.version;
}
function checkExpires(found, path, value) {
    if (!isText(value))
        return;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    const date = match === null ? undefined : new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
    if (match === null ||
        date === undefined ||
        date.getUTCFullYear() !== +match[1] ||
        date.getUTCMonth() !== +match[2] - 1 ||
        date.getUTCDate() !== +match[3]) {
        found.add(path, `"${value}" is not a date: write YYYY-MM-DD (the last day the exception excuses, UTC)`);
    }
}
function checkLicenses(found, licenses) {
    if (licenses === null || typeof licenses !== 'object')
        return;
    if (licenses.allow !== undefined && licenses.deny !== undefined) {
        found.add(['licenses', 'deny'], 'licenses.allow and licenses.deny together: choose one list');
    }
    for (const key of ['allow', 'deny']) {
        const list = licenses[key];
        if (!Array.isArray(list))
            continue;
        list.forEach((entry, i) => {
            if (!isText(entry))
                return;
            try {
                spdx_expression_parse_default()(entry.trim());
            }
            catch {
                const guess = spdxSuggestion(entry);
                found.add(['licenses', key, i], `"${entry}" is not an SPDX license id or expression${guess === undefined ? '' : ` (did you mean ${guess}?)`}; ids at https://spdx.org/licenses/`);
            }
        });
    }
}
function checkGlob(found, path, glob) {
    if (!isText(glob))
        return;
    try {
        picomatch_default().makeRe(glob);
    }
    catch (error) {
        found.add(path, `"${glob}" is not a glob: ${error instanceof Error ? error.message : String(error)}`);
    }
}

;// CONCATENATED MODULE: ./src/policy/index.ts








/***/ })

};
