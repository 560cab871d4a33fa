export const id = 182;
export const ids = [182];
export const modules = {

/***/ 28182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  tJ: () => (/* reexport */ RelayBusyError),
  mX: () => (/* reexport */ RulesError),
  oX: () => (/* reexport */ fileStore),
  LK: () => (/* reexport */ memoryStore),
  Yu: () => (/* reexport */ run_relay_relaySettingsFromEnv),
  Do: () => (/* reexport */ runRelay),
  g5: () => (/* reexport */ run_relay_summaryText)
});

// UNUSED EXPORTS: DeliveryTable, MAX_PUSH_BYTES, METADATA_EVENT, PUSH_WINDOW_MS, checkPush, destinationKey, escapeSlack, jsonResponse, matchesRoute, parseRules, redisStore, relayOnRedis, relayOnce, routeNotification, slackChatSink, slackMessage, slackWebhookSink

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/relay/route.ts
/** The platform's severities (info, warning, error) ranked beside the usual finding scale. */
const SEVERITY_RANK = {
    info: 0,
    low: 1,
    warning: 2,
    medium: 2,
    high: 3,
    error: 3,
    critical: 4,
};
function severityRank(severity) {
    return SEVERITY_RANK[severity.toLowerCase().replace(/^severity_/, '')] ?? -1;
}
function matchesRoute(n, rule) {
    if (rule.severity !== undefined && !rule.severity.some((s) => s.toLowerCase() === n.severity.toLowerCase()))
        return false;
    if (rule.atLeast !== undefined && severityRank(n.severity) < severityRank(rule.atLeast))
        return false;
    if (rule.adminOnly !== undefined && n.adminOnly !== rule.adminOnly)
        return false;
    if (rule.status !== undefined && !rule.status.some((s) => s.toLowerCase() === n.status.toLowerCase()))
        return false;
    if (rule.titlePattern !== undefined && !rule.titlePattern.test(`${n.title}\n${n.description}`))
        return false;
    if (rule.linkPattern !== undefined && !rule.linkPattern.test(n.link))
        return false;
    return true;
}
/** Every destination of every matching rule, each once. */
function routeNotification(n, rules) {
    const out = [];
    const seen = new Set();
    for (const rule of rules) {
        if (!matchesRoute(n, rule))
            continue;
        for (const d of rule.to) {
            const key = JSON.stringify(d);
            if (!seen.has(key)) {
                seen.add(key);
                out.push(d);
            }
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/relay/deliver.ts


/** A destination's name in the store: a webhook URL is a secret, so only its hash is kept. */
function destinationKey(d) {
    switch (d.kind) {
        case 'slack-webhook':
            return `slack-webhook:${(0,external_node_crypto_.createHash)('sha256').update(d.url).digest('hex').slice(0, 16)}`;
        case 'slack-chat':
            return `slack:${d.channel}`;
        case 'github':
            return `github:${d.repository ?? 'linked'}#${d.number ?? 'linked'}`;
    }
}
const DAY = 86_400_000;
/**
 * One relay run: every unread notification, routed; each (notification, destination) claimed in the
 * store, sent, then marked done, so that no two runs send it and a failed send is retried by a later
 * run. The first run records what is unread without posting it, unless `backfill`.
 */
async function relayOnce(options) {
    const { store, owner } = options;
    const leaseMs = options.leaseMs ?? 5 * 60_000;
    const keepMs = options.keepMs ?? 90 * DAY;
    const summary = {
        fetched: 0,
        routed: 0,
        posted: 0,
        skipped: 0,
        failed: 0,
        recorded: 0,
        errors: [],
    };
    const first = !(await store.initialized());
    for await (const n of options.notifications) {
        summary.fetched++;
        const destinations = routeNotification(n, options.rules);
        if (destinations.length > 0)
            summary.routed++;
        for (const destination of destinations) {
            const key = `${n.id}\u0000${destinationKey(destination)}`;
            const claim = await store.claim(key, owner, leaseMs, options.now());
            if (claim !== 'claimed') {
                summary.skipped++;
                continue;
            }
            if (first && !options.backfill) {
                await store.complete(key, owner, keepMs, options.now());
                summary.recorded++;
                continue;
            }
            const sink = options.sinks[destination.kind];
            if (sink === undefined) {
                await store.release(key, owner);
                summary.failed++;
                summary.errors.push(`${n.id}: no ${destination.kind} destination is configured`);
                continue;
            }
            const result = await sink.send(n, destination);
            if (result.ok) {
                await store.complete(key, owner, keepMs, options.now());
                summary.posted++;
            }
            else if (result.surelyNotPosted) {
                // Known not to have posted: a later run retries.
                await store.release(key, owner);
                summary.failed++;
                summary.errors.push(`${n.id} to ${destinationKey(destination)}: ${result.error}`);
            }
            else {
                // The request may have posted and the answer was lost: keep the claim until its lease ends, so
                // a retry waits instead of racing a message that may be there (the residual risk, documented).
                summary.failed++;
                summary.errors.push(`${n.id} to ${destinationKey(destination)}: ${result.error} (may have posted)`);
            }
        }
    }
    if (first && options.firstRunBaseline !== false)
        await store.markInitialized();
    return summary;
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./src/relay/rules-file.ts

const SEVERITIES = ['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR'];
function severityName(value) {
    if (typeof value !== 'string')
        return undefined;
    const upper = value.toUpperCase();
    const name = upper.startsWith('SEVERITY_') ? upper : `SEVERITY_${upper}`;
    return SEVERITIES.includes(name) ? name : undefined;
}
/** Every mistake of a rules file, each with its line. */
class RulesError extends Error {
    source;
    problems;
    name = 'RulesError';
    constructor(source, problems) {
        super(`${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the relay rules:\n` +
            problems.map((p) => `  ${source}:${p.line}: ${p.message}`).join('\n'));
        this.source = source;
        this.problems = problems;
    }
}
/**
 * Reads relay rules from YAML or JSON text (JSON is YAML). Shape:
 * `routes: [{ match: {severity, atLeast, adminOnly, status, text, link}, to: [{slackWebhook} | {slackChannel}] }]`.
 * Every mistake is collected with its line before failing.
 */
function parseRules(text, source) {
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter, keepSourceTokens: false });
    const problems = [];
    const lineOf = (node) => {
        const range = node?.range;
        return range ? lineCounter.linePos(range[0]).line : 1;
    };
    for (const e of doc.errors)
        problems.push({ line: e.linePos?.[0]?.line ?? 1, message: e.message.split('\n')[0] });
    if (problems.length > 0)
        throw new RulesError(source, problems);
    const root = doc.contents;
    const get = (node, key) => node && typeof node === 'object' && 'get' in node
        ? node.get(key, true)
        : undefined;
    const js = (node) => node && typeof node === 'object' && 'toJSON' in node ? node.toJSON() : node;
    const items = (node) => node && typeof node === 'object' && 'items' in node && Array.isArray(node.items)
        ? node.items
        : undefined;
    const isMap = (node) => js(node) !== null && typeof js(node) === 'object' && !Array.isArray(js(node));
    if (!isMap(root))
        throw new RulesError(source, [
            { line: lineOf(root), message: 'expected a mapping with a `routes` list' },
        ]);
    for (const pair of items(root) ?? []) {
        const key = js(pair.key);
        if (key !== 'routes')
            problems.push({
                line: lineOf(pair.key),
                message: `unknown field '${String(key)}' (expected: routes)`,
            });
    }
    const routesNode = get(root, 'routes');
    const routeNodes = Array.isArray(js(routesNode)) ? (items(routesNode) ?? []) : undefined;
    if (routeNodes === undefined)
        problems.push({ line: lineOf(routesNode ?? root), message: 'routes: expected a list of routes' });
    const routes = [];
    (routeNodes ?? []).forEach((routeNode, r) => {
        const where = `routes[${r}]`;
        if (!isMap(routeNode)) {
            problems.push({ line: lineOf(routeNode), message: `${where}: expected a mapping with match and to` });
            return;
        }
        for (const pair of items(routeNode) ?? []) {
            const key = String(js(pair.key));
            if (!['match', 'to'].includes(key))
                problems.push({
                    line: lineOf(pair.key),
                    message: `${where}: unknown field '${key}' (expected: match, to)`,
                });
        }
        const match = {};
        const matchNode = get(routeNode, 'match');
        if (matchNode !== undefined && !isMap(matchNode))
            problems.push({ line: lineOf(matchNode), message: `${where}.match: expected a mapping` });
        for (const pair of isMap(matchNode) ? (items(matchNode) ?? []) : []) {
            const keyNode = pair.key;
            const valueNode = pair.value;
            const key = String(js(keyNode));
            const value = js(valueNode);
            const at = { line: lineOf(valueNode ?? keyNode) };
            switch (key) {
                case 'severity': {
                    const list = Array.isArray(value) ? value : [value];
                    const names = list.map(severityName);
                    if (list.length === 0 || names.some((n) => n === undefined))
                        problems.push({
                            ...at,
                            message: `${where}.match.severity: expected one or a list of info, warning, error (got ${JSON.stringify(value)})`,
                        });
                    else
                        match.severity = names;
                    break;
                }
                case 'atLeast': {
                    const name = severityName(value);
                    if (name === undefined)
                        problems.push({
                            ...at,
                            message: `${where}.match.atLeast: expected info, warning or error (got ${JSON.stringify(value)})`,
                        });
                    else
                        match.atLeast = name;
                    break;
                }
                case 'adminOnly':
                    if (typeof value !== 'boolean')
                        problems.push({ ...at, message: `${where}.match.adminOnly: expected true or false` });
                    else
                        match.adminOnly = value;
                    break;
                case 'status': {
                    const list = Array.isArray(value) ? value : [value];
                    if (list.some((s) => typeof s !== 'string' || !/^STATUS_[A-Z]+$/.test(s)))
                        problems.push({
                            ...at,
                            message: `${where}.match.status: expected STATUS_DELIVERED, STATUS_SEEN or STATUS_ARCHIVED`,
                        });
                    else
                        match.status = list;
                    break;
                }
                case 'text':
                case 'link': {
                    if (typeof value !== 'string') {
                        problems.push({
                            ...at,
                            message: `${where}.match.${key}: expected a regular expression as a string`,
                        });
                        break;
                    }
                    try {
                        match[key === 'text' ? 'titlePattern' : 'linkPattern'] = new RegExp(value, 'i');
                    }
                    catch (error) {
                        problems.push({ ...at, message: `${where}.match.${key}: ${error.message}` });
                    }
                    break;
                }
                default:
                    problems.push({
                        line: lineOf(keyNode),
                        message: `${where}.match: unknown field '${key}' (expected: severity, atLeast, adminOnly, status, text, link)`,
                    });
            }
        }
        const toNode = get(routeNode, 'to');
        const toItems = Array.isArray(js(toNode))
            ? (items(toNode) ?? [])
            : toNode === undefined
                ? undefined
                : [toNode];
        if (toItems === undefined || toItems.length === 0)
            problems.push({
                line: lineOf(toNode ?? routeNode),
                message: `${where}.to: expected at least one destination`,
            });
        const to = [];
        (toItems ?? []).forEach((destNode, d) => {
            const dw = `${where}.to[${d}]`;
            const dest = js(destNode);
            const keys = dest && typeof dest === 'object' && !Array.isArray(dest) ? Object.keys(dest) : [];
            if (keys.length !== 1) {
                problems.push({
                    line: lineOf(destNode),
                    message: `${dw}: expected exactly one of slackWebhook, slackChannel, githubComment`,
                });
                return;
            }
            const kind = keys[0];
            const value = dest[kind];
            let made;
            if (kind === 'slackWebhook') {
                if (typeof value !== 'string' || !/^https?:\/\//.test(value))
                    problems.push({ line: lineOf(destNode), message: `${dw}.slackWebhook: expected an http(s) URL` });
                else
                    made = { kind: 'slack-webhook', url: value };
            }
            else if (kind === 'slackChannel') {
                if (typeof value !== 'string' || value.trim() === '')
                    problems.push({
                        line: lineOf(destNode),
                        message: `${dw}.slackChannel: expected a channel id or name`,
                    });
                else
                    made = { kind: 'slack-chat', channel: value.trim() };
            }
            else if (kind === 'githubComment') {
                problems.push({
                    line: lineOf(destNode),
                    message: `${dw}.githubComment: GitHub comment destinations are not delivered by this version yet`,
                });
            }
            else {
                problems.push({
                    line: lineOf(destNode),
                    message: `${dw}: unknown destination '${kind}' (expected: slackWebhook, slackChannel)`,
                });
            }
            if (made)
                to.push(made);
        });
        routes.push({ ...match, to });
    });
    if (problems.length > 0)
        throw new RulesError(source, problems);
    return routes;
}

// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
;// CONCATENATED MODULE: ./src/relay/signed-push.ts


/** Largest push body read, in bytes. */
const MAX_PUSH_BYTES = (/* unused pure expression or super */ null && (256 * 1024));
/** A signed `timestamp` further than this from now is refused (replays). */
const PUSH_WINDOW_MS = (/* unused pure expression or super */ null && (5 * 60_000));
function equalHex(given, wanted) {
    const a = Buffer.from(given);
    const b = Buffer.from(wanted);
    return a.length === b.length && timingSafeEqual(a, b);
}
/**
 * Checks a signed notification push: HMAC-SHA256 hex in `X-Semgrep-Signature-256` (optionally
 * `sha256=`-prefixed) over the raw body or over its compact re-serialized JSON (the platform signs the
 * latter), compared in constant time; an optional signed `timestamp` (Unix seconds or ISO 8601) within
 * five minutes; the body is `{notification}`, `{notifications: [...]}` or one notification.
 */
function checkPush(raw, signatureHeader, secret, now) {
    const given = (signatureHeader ?? '')
        .trim()
        .replace(/^sha256=/i, '')
        .toLowerCase();
    if (given === '')
        return { ok: false, status: 401, error: 'unsigned: X-Semgrep-Signature-256 is missing' };
    const sign = (text) => createHmac('sha256', secret).update(text).digest('hex');
    let parsed;
    try {
        parsed = JSON.parse(raw);
    }
    catch {
        // Say nothing about the body to a sender who cannot sign it.
        if (!equalHex(given, sign(raw)))
            return { ok: false, status: 401, error: 'bad signature' };
        return { ok: false, status: 400, error: 'the body is not JSON' };
    }
    // Both forms are always computed and compared, so timing does not tell which one was tried.
    const matches = [sign(raw), sign(JSON.stringify(parsed))].map((s) => equalHex(given, s));
    if (!matches.some(Boolean))
        return { ok: false, status: 401, error: 'bad signature' };
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: false, status: 400, error: 'the body must be a JSON object' };
    const body = parsed;
    if (body.timestamp !== undefined) {
        const t = body.timestamp;
        const at = typeof t === 'number' ? t * 1000 : typeof t === 'string' ? Date.parse(t) : NaN;
        if (!Number.isFinite(at) || Math.abs(now - at) > PUSH_WINDOW_MS)
            return { ok: false, status: 401, error: 'timestamp outside the 5-minute window (or unreadable)' };
    }
    const list = Array.isArray(body.notifications)
        ? body.notifications
        : body.notification !== undefined
            ? [body.notification]
            : [body];
    try {
        return { ok: true, notifications: list.map((n, i) => normalizeNotification(n, `notifications[${i}]`)) };
    }
    catch (error) {
        return { ok: false, status: 400, error: error instanceof Error ? error.message : String(error) };
    }
}

// EXTERNAL MODULE: ./node_modules/@slack/web-api/dist/index.js
var web_api_dist = __webpack_require__(85105);
;// CONCATENATED MODULE: ./src/relay/format-slack.ts
/** Slack's own escaping: `&`, `<` and `>`, so platform text can never become a mention or a link. */
function escapeSlack(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
function cut(text, max) {
    return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
/** The Block Kit message for one notification, within Slack's limits, with a plain-text fallback. */
function slackMessage(n) {
    const severity = n.severity.replace(/^SEVERITY_/i, '').toLowerCase();
    const title = `[${severity}] ${n.title}`;
    const blocks = [
        // Header text is plain_text: Slack shows it as written, so no escaping, only the 150-character limit.
        { type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } },
    ];
    if (n.description !== '')
        blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(escapeSlack(n.description), 3000) } });
    if (/^https:\/\//.test(n.link))
        blocks.push({
            type: 'actions',
            elements: [
                {
                    type: 'button',
                    text: { type: 'plain_text', text: cut(n.linkText === '' ? 'Open' : n.linkText, 75) },
                    url: n.link.slice(0, 3000),
                },
            ],
        });
    blocks.push({
        type: 'context',
        elements: [
            {
                type: 'mrkdwn',
                text: escapeSlack(`${n.createdAt}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform`),
            },
        ],
    });
    return { text: cut(escapeSlack(title), 3000), blocks };
}

;// CONCATENATED MODULE: ./src/relay/sinks/slack-chat.ts


/** The message metadata event every relayed message carries: how a retry finds what is already there. */
const METADATA_EVENT = 'depgate_notification';
/**
 * Slack's Web API `chat.postMessage` through @slack/web-api (base URL configurable: SLACK_API_URL),
 * its own retries off and rate-limited calls rejected, so no blind retry posts twice. Each message
 * carries the notification id in its metadata; when an answer is lost, the channel is read back
 * (`conversations.history` with metadata) before the send counts as failed, so a message that did
 * arrive is recorded as posted instead of being sent again.
 */
function slackChatSink(token, options = {}) {
    const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
    const apiUrl = options.apiUrl;
    const client = new web_api_dist.WebClient(token, {
        ...(apiUrl ? { slackApiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/` } : {}),
        retryConfig: { retries: 0 },
        rejectRateLimitedCalls: true,
        timeout: options.timeoutMs ?? 15_000,
        logger: {
            debug() { },
            info() { },
            warn() { },
            error() { },
            setLevel() { },
            getLevel: () => 'error',
            setName() { },
        },
    });
    async function alreadyPosted(channel, id, sinceSec) {
        try {
            const res = await client.conversations.history({
                channel,
                oldest: String(sinceSec),
                include_all_metadata: true,
                limit: 200,
            });
            return (res.messages ?? []).some((m) => {
                const md = m.metadata;
                return md?.event_type === METADATA_EVENT && md.event_payload?.id === id;
            });
        }
        catch {
            return false;
        }
    }
    return {
        async send(n, destination) {
            if (destination.kind !== 'slack-chat')
                return { ok: false, error: 'not a Slack channel', surelyNotPosted: true };
            const started = Math.floor(Date.now() / 1000) - 60;
            const message = slackMessage(n);
            for (let attempt = 0;; attempt++) {
                try {
                    await client.chat.postMessage({
                        channel: destination.channel,
                        text: message.text,
                        blocks: message.blocks,
                        metadata: { event_type: METADATA_EVENT, event_payload: { id: n.id } },
                    });
                    return { ok: true };
                }
                catch (error) {
                    const e = error;
                    switch (e.code) {
                        case web_api_dist.ErrorCode.RateLimitedError:
                            // A 429 posted nothing: waiting Retry-After and sending again cannot double-post.
                            if (attempt === 0 && e.retryAfter * 1000 <= maxRetryAfterMs) {
                                await sleep(e.retryAfter * 1000);
                                continue;
                            }
                            return {
                                ok: false,
                                error: `Slack rate limit (retry after ${e.retryAfter} s)`,
                                surelyNotPosted: true,
                            };
                        case web_api_dist.ErrorCode.PlatformError:
                            // `ok: false` is Slack saying it did not post.
                            return { ok: false, error: `Slack answered ${String(e.data.error)}`, surelyNotPosted: true };
                        case web_api_dist.ErrorCode.HTTPError:
                            if (e.statusCode < 500)
                                return { ok: false, error: `Slack answered HTTP ${e.statusCode}`, surelyNotPosted: true };
                            break;
                        default:
                            break;
                    }
                    // No usable answer: the message may be there. Read the channel back before calling it failed.
                    if (await alreadyPosted(destination.channel, n.id, started))
                        return { ok: true };
                    return {
                        ok: false,
                        error: 'no answer from Slack (not found in the channel either)',
                        surelyNotPosted: true,
                    };
                }
            }
        },
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/relay/stores/memory.ts
/** The store's rules over a plain map: shared by the memory store (tests) and the file store. */
class DeliveryTable {
    deliveries;
    isInitialized;
    constructor(deliveries = {}, isInitialized = false) {
        this.deliveries = deliveries;
        this.isInitialized = isInitialized;
    }
    claim(key, owner, leaseMs, now) {
        const current = this.deliveries[key];
        if (current !== undefined && current.until > now)
            return current.state === 'done' ? 'done' : 'busy';
        this.deliveries[key] = { state: 'claimed', owner, until: now + leaseMs };
        return 'claimed';
    }
    complete(key, owner, keepMs, now) {
        const current = this.deliveries[key];
        if (current?.state === 'claimed' && current.owner !== owner)
            return;
        this.deliveries[key] = { state: 'done', until: now + keepMs };
    }
    release(key, owner) {
        const current = this.deliveries[key];
        if (current?.state === 'claimed' && current.owner === owner)
            delete this.deliveries[key];
    }
    /** Forgets done deliveries past their keep time. */
    prune(now) {
        for (const [key, d] of Object.entries(this.deliveries))
            if (d.state === 'done' && d.until <= now)
                delete this.deliveries[key];
    }
}
/** In memory, for tests and one-off runs. */
function memoryStore() {
    const table = new DeliveryTable();
    return {
        table,
        claim: (key, owner, leaseMs, now) => Promise.resolve(table.claim(key, owner, leaseMs, now)),
        complete: (key, owner, keepMs, now) => Promise.resolve(table.complete(key, owner, keepMs, now)),
        release: (key, owner) => Promise.resolve(table.release(key, owner)),
        initialized: () => Promise.resolve(table.isInitialized),
        markInitialized: () => {
            table.isInitialized = true;
            return Promise.resolve();
        },
        close: () => Promise.resolve(),
    };
}

;// CONCATENATED MODULE: ./src/relay/stores/file.ts


/** A run lock older than this is taken to be left by a run that died. */
const STALE_LOCK_MS = 15 * 60_000;
class RelayBusyError extends Error {
    name = 'RelayBusyError';
}
/**
 * A JSON file (the CLI's default, `DEPGATE_STATE_FILE`): read once, written atomically (temporary file,
 * then rename) after every change, under a lock file held for the run so two runs never interleave.
 */
async function fileStore(path, now) {
    const lock = `${path}.lock`;
    try {
        const handle = await (0,promises_.open)(lock, 'wx');
        await handle.writeFile(`${process.pid} ${new Date(now).toISOString()}\n`);
        await handle.close();
    }
    catch (error) {
        if (error.code !== 'EEXIST')
            throw error;
        const age = now - (await (0,promises_.stat)(lock)).mtimeMs;
        if (age < STALE_LOCK_MS)
            throw new RelayBusyError(`another relay run holds ${lock} (since ${Math.round(age / 1000)} s); this run does nothing`);
        await (0,promises_.rm)(lock, { force: true });
        return fileStore(path, now);
    }
    let table;
    try {
        const data = JSON.parse(await (0,promises_.readFile)(path, 'utf8'));
        table = new DeliveryTable(data.deliveries ?? {}, data.initialized === true);
    }
    catch (error) {
        const code = error.code;
        if (code !== 'ENOENT') {
            await (0,promises_.rm)(lock, { force: true });
            throw new Error(`${path}: cannot read the relay's state (${code ?? error.message}); move it away to start afresh`);
        }
        table = new DeliveryTable();
    }
    table.prune(now);
    const save = async () => {
        const tmp = `${path}.${process.pid}.tmp`;
        await (0,promises_.writeFile)(tmp, `${JSON.stringify({ version: 1, initialized: table.isInitialized, deliveries: table.deliveries })}\n`);
        await (0,promises_.rename)(tmp, path);
    };
    return {
        claim: async (key, owner, leaseMs, at) => {
            const result = table.claim(key, owner, leaseMs, at);
            if (result === 'claimed')
                await save();
            return result;
        },
        complete: async (key, owner, keepMs, at) => {
            table.complete(key, owner, keepMs, at);
            await save();
        },
        release: async (key, owner) => {
            table.release(key, owner);
            await save();
        },
        initialized: () => Promise.resolve(table.isInitialized),
        markInitialized: async () => {
            table.isInitialized = true;
            await save();
        },
        close: async () => {
            await save();
            await (0,promises_.rm)(lock, { force: true });
        },
    };
}

// EXTERNAL MODULE: ./node_modules/redis/dist/index.js
var redis_dist = __webpack_require__(31672);
;// CONCATENATED MODULE: ./src/relay/stores/redis.ts

const PREFIX = 'depgate:relay:';
// Compare-and-set in one step, so a run whose lease ran out cannot overwrite the claim of the run that
// took the delivery over.
const COMPLETE = (/* unused pure expression or super */ null && (`local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], 'done', 'PX', ARGV[2]) return 1 end
return 0`));
const RELEASE = (/* unused pure expression or super */ null && (`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`));
/**
 * Any Redis (`REDIS_URL`, managed ones included): a claim is `SET key claimed:<owner> NX PX lease`, done
 * is `done` kept for 90 days; both compare-and-set through Lua. Several relays (Vercel's scheduler can
 * fire twice) share it safely.
 */
async function redis_redisStore(url) {
    const client = createClient({ url });
    client.on('error', () => undefined); // surfaced by the commands that fail
    await client.connect();
    const key = (k) => `${PREFIX}delivery:${k}`;
    return {
        async claim(k, owner, leaseMs) {
            const set = await client.set(key(k), `claimed:${owner}`, {
                condition: 'NX',
                expiration: { type: 'PX', value: leaseMs },
            });
            if (set === 'OK')
                return 'claimed';
            return (await client.get(key(k))) === 'done' ? 'done' : 'busy';
        },
        async complete(k, owner, keepMs) {
            await client.eval(COMPLETE, { keys: [key(k)], arguments: [`claimed:${owner}`, String(keepMs)] });
        },
        async release(k, owner) {
            await client.eval(RELEASE, { keys: [key(k)], arguments: [`claimed:${owner}`] });
        },
        async initialized() {
            return (await client.get(`${PREFIX}initialized`)) !== null;
        },
        async markInitialized() {
            await client.set(`${PREFIX}initialized`, new Date().toISOString());
        },
        async close() {
            await client.close();
        },
    };
}

// EXTERNAL MODULE: ./src/edge-shared/index.ts + 5 modules
var edge_shared = __webpack_require__(77454);
;// CONCATENATED MODULE: ./src/relay/sinks/slack-webhook.ts

/**
 * Slack incoming webhooks: POST the message as JSON; Slack answers `ok` (200) or an error text. No
 * retry here: a webhook takes no idempotency key, so only an answer that says nothing was posted (a
 * 4xx, a 429) lets a later run retry; a lost answer may have posted.
 */
function slackWebhookSink(fetchImpl) {
    return {
        async send(n, destination) {
            if (destination.kind !== 'slack-webhook')
                return { ok: false, error: 'not a webhook', surelyNotPosted: true };
            let response;
            try {
                response = await fetchImpl(destination.url, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify(slackMessage(n)),
                    signal: AbortSignal.timeout(15_000),
                });
            }
            catch (error) {
                const connectFailed = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(String(error.cause ?? error));
                return {
                    ok: false,
                    error: connectFailed ? 'the webhook could not be reached' : 'no answer from the webhook',
                    surelyNotPosted: connectFailed,
                };
            }
            const body = (await response.text()).slice(0, 200);
            if (response.ok)
                return { ok: true };
            return {
                ok: false,
                error: `Slack answered ${response.status}${body === '' ? '' : `: ${body}`}`,
                surelyNotPosted: response.status < 500,
            };
        },
    };
}

;// CONCATENATED MODULE: ./src/relay/run-relay.ts






/**
 * Reads the relay's settings; a missing or malformed one is a SetupError that names the variable.
 * Rules come from `rulesFile` (the CLI's --rules), else DEPGATE_RELAY_RULES (YAML or JSON text); with
 * neither, every notification goes to DEPGATE_SLACK_WEBHOOK_URL. A rules mistake is a RulesError listing
 * each one with its line.
 */
function run_relay_relaySettingsFromEnv(env, rulesFile) {
    const platform = (0,edge_shared/* platformSettingsFromEnv */.ME)(env);
    if (platform === undefined)
        throw new edge_shared/* SetupError */.w3('set DEPGATE_API_TOKEN to a token that can read notifications');
    const token = env.SLACK_BOT_TOKEN?.trim();
    const apiUrl = env.SLACK_API_URL?.trim();
    if (apiUrl && !/^https?:\/\//.test(apiUrl))
        throw new edge_shared/* SetupError */.w3('SLACK_API_URL must be an http(s) URL');
    const slack = token ? { token, ...(apiUrl ? { apiUrl } : {}) } : undefined;
    const backfill = env.DEPGATE_RELAY_BACKFILL === 'true';
    const inline = env.DEPGATE_RELAY_RULES;
    const given = rulesFile ??
        (inline !== undefined && inline.trim() !== ''
            ? { text: inline, source: 'DEPGATE_RELAY_RULES' }
            : undefined);
    if (given !== undefined) {
        const rules = parseRules(given.text, given.source);
        if (slack === undefined && rules.some((r) => r.to.some((d) => d.kind === 'slack-chat')))
            throw new edge_shared/* SetupError */.w3(`${given.source}: slackChannel destinations need SLACK_BOT_TOKEN`);
        return { platform, rules, backfill, ...(slack ? { slack } : {}) };
    }
    const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
    if (webhook === undefined || webhook === '')
        throw new edge_shared/* SetupError */.w3('set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL, or give routing rules (DEPGATE_RELAY_RULES or --rules FILE)');
    if (!/^https?:\/\//.test(webhook))
        throw new edge_shared/* SetupError */.w3('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
    return {
        platform,
        rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }],
        backfill,
        ...(slack ? { slack } : {}),
    };
}
/** One run: every unread notification to the webhook, each once, through the given store. */
async function runRelay(settings, store, deps = {}) {
    const given = deps.given;
    const notifications = given !== undefined
        ? (async function* () {
            yield* given;
        })()
        : await (async () => {
            const platform = await (0,edge_shared/* connectPlatform */.c0)(settings.platform, {
                ...(deps.transport === undefined ? {} : { transport: deps.transport }),
                ...(deps.userAgent === undefined ? {} : { userAgent: deps.userAgent }),
            });
            return platform.client.notifications(platform.deploymentId).items();
        })();
    return relayOnce({
        notifications,
        rules: settings.rules,
        store,
        sinks: {
            'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
            'slack-chat': settings.slack ? slackChatSink(settings.slack.token, settings.slack) : undefined,
            github: undefined,
        },
        owner: (0,external_node_crypto_.randomUUID)(),
        now: deps.now ?? (() => Date.now()),
        // A push is meant to be posted, and leaves the first scheduled run its record-only baseline.
        backfill: given !== undefined || settings.backfill,
        firstRunBaseline: given === undefined,
    });
}
/** The run's one-line summary. */
function run_relay_summaryText(summary) {
    return `fetched ${summary.fetched}, routed ${summary.routed}, posted ${summary.posted}, skipped ${summary.skipped} (already sent), recorded ${summary.recorded}${summary.recorded > 0 ? ' (first run: already unread, not posted; --backfill posts them)' : ''}, failed ${summary.failed}`;
}

;// CONCATENATED MODULE: ./src/relay/serverless.ts



const jsonResponse = (status, body) => new Response(`${JSON.stringify(body)}\n`, { status, headers: { 'content-type': 'application/json' } });
/**
 * The serverless functions' common part (api/relay.ts, api/webhook.ts): settings from the environment,
 * the Redis store (`REDIS_URL`, required: a function keeps nothing between calls), one relay run, its
 * summary as JSON (502 when a delivery failed), the store closed whatever happens. A configuration
 * mistake answers 500 with its message; Redis out of reach 503; a platform failure `platformStatus`.
 */
async function relayOnRedis(env, label, platformStatus, run) {
    const redisUrl = env.REDIS_URL;
    if (redisUrl === undefined || redisUrl === '')
        return jsonResponse(500, { error: 'set REDIS_URL: a serverless relay keeps what it sent in Redis' });
    let settings;
    try {
        settings = relaySettingsFromEnv(env);
    }
    catch (error) {
        return jsonResponse(500, { error: error instanceof Error ? error.message : String(error) });
    }
    let store;
    try {
        store = await redisStore(redisUrl);
    }
    catch {
        return jsonResponse(503, { error: 'cannot reach Redis at REDIS_URL' });
    }
    try {
        const summary = await run(settings, store);
        console.log(`${label}: ${summaryText(summary)}`);
        return jsonResponse(summary.failed > 0 ? 502 : 200, summary);
    }
    catch (error) {
        const failure = describeFailure(error);
        if (failure === undefined)
            throw error;
        return jsonResponse(failure.kind === 'platform' ? platformStatus : 500, { error: failure.message });
    }
    finally {
        await store.close();
    }
}

;// CONCATENATED MODULE: ./src/relay/index.ts
// The notification relay: unread platform notifications to Slack (and GitHub), each once.














/***/ })

};
