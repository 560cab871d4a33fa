export const id = 819;
export const ids = [819];
export const modules = {

/***/ 60819:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gO: () => (/* reexport */ MAX_PUSH_BYTES),
  tJ: () => (/* reexport */ RelayBusyError),
  oX: () => (/* reexport */ fileStore),
  dh: () => (/* reexport */ guardStore),
  vW: () => (/* reexport */ handlePush),
  XW: () => (/* reexport */ handleScheduledRun),
  MV: () => (/* reexport */ isStoreUnavailable),
  Yf: () => (/* reexport */ jsonResponse),
  LK: () => (/* reexport */ memoryStore),
  dc: () => (/* reexport */ redisStore),
  Yu: () => (/* reexport */ relaySettingsFromEnv),
  Do: () => (/* reexport */ runRelay),
  g5: () => (/* reexport */ summaryText)
});

// UNUSED EXPORTS: DeliveryTable, FUNCTION_DEADLINE_MS, GITHUB_COMMENT_MAX, GITHUB_DIGEST_MAX, METADATA_EVENT, PUSH_WINDOW_MS, RulesError, SLACK_DIGEST_MAX, STORE_TIMEOUT_MS, StoreSetupError, StoreUnavailableError, checkPush, commentMarker, destinationKey, escapeGitHub, escapeSlack, githubComment, githubCommentSink, linkedIssue, markerHas, markerSeal, matchesRoute, parseRules, parseSince, readMarker, redisFromEnv, relayOnce, routeNotification, slackChatSink, slackDigest, slackMessage, slackWebhookSink

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
// EXTERNAL MODULE: ./src/edge-shared/index.ts + 7 modules
var edge_shared = __webpack_require__(88513);
;// CONCATENATED MODULE: ./src/relay/safe-link.ts
/** Whitespace, control and format characters (zero-width, bidi): none belongs in a link. */
const UNSAFE = /[\s\p{Cc}\p{Cf}]/u;
/**
 * A notification's link as it may be shown: parsed with `URL`, https only, without credentials, and
 * written back in its serialized (percent-encoded) form; undefined for anything else, and for a link
 * that holds whitespace or control characters, which `URL` would silently drop (a newline in a link is
 * an attempt to break out of it, not a typo) or that is longer than `max`.
 */
function safeLink(link, max = 3000) {
    if (UNSAFE.test(link))
        return undefined;
    let url;
    try {
        url = new URL(link);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '')
        return undefined;
    return url.href.length <= max ? url.href : undefined;
}
/** The first code points of `text` that fit in `max` UTF-16 units, `…` ending a cut: never half a pair. */
function cutText(text, max) {
    if (text.length <= max)
        return text;
    let out = '';
    for (const ch of text) {
        if (out.length + ch.length > max - 1)
            break;
        out += ch;
    }
    return `${out}…`;
}

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
/** The path of an http(s) link as written: after the authority, before any `?` or `#`. */
const rawPath = (link) => /^https?:\/\/[^/?#]*(\/[^?#]*)?/i.exec(link)?.[1] ?? '/';
/**
 * The pull request or issue a notification links to: `https://HOST/OWNER/REPO/pull/N` (or `/issues/N`,
 * `/pull/N/files`, ...) on github.com or on `githubHost` (GitHub Enterprise Server). The path must be
 * that as written: the URL parser resolves `..`, `.`, `%2e%2e` and backslashes, so
 * `/acme/web/../../victim/private/pull/1` (which a rule's link pattern for acme/web matches) would
 * otherwise choose another repository; a link whose path the parser changes links nowhere.
 */
function linkedIssue(link, githubHost = 'github.com') {
    // Parsed as the formatters show it: a link with whitespace or control characters links nowhere.
    const href = safeLink(link);
    if (href === undefined)
        return undefined;
    const url = new URL(href);
    if (url.hostname !== 'github.com' && url.hostname !== githubHost)
        return undefined;
    if (rawPath(link) !== url.pathname)
        return undefined;
    const m = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/(?:pull|issues)\/([1-9][0-9]{0,9})(?:[/?#]|$)/.exec(url.pathname);
    return m ? { repository: `${m[1]}/${m[2]}`, number: Number(m[3]) } : undefined;
}
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
/**
 * Every destination of every matching rule, each once (the first rule that names it decides digest or
 * not). A GitHub destination "linked" becomes the PR or issue the notification links to, and is left out
 * for a notification that links to none.
 */
function routeNotification(n, rules, options = {}) {
    const out = [];
    const seen = new Set();
    for (const rule of rules) {
        if (!matchesRoute(n, rule))
            continue;
        for (const given of rule.to) {
            let d = given;
            if (d.kind === 'github' && d.repository === undefined) {
                const linked = linkedIssue(n.link, options.githubHost);
                if (linked === undefined)
                    continue;
                d = { kind: 'github', ...linked };
            }
            const key = JSON.stringify(d);
            if (!seen.has(key)) {
                seen.add(key);
                out.push({ destination: d, digest: rule.digest === true });
            }
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/relay/stores/guard-store.ts
const BRAND = Symbol.for('depgate.StoreUnavailableError');
/**
 * The relay's store did not answer in time, or failed: the run stops at once (nothing is sent that the
 * store has not recorded as claimed) and says so; the next run picks up where this one stopped.
 */
class StoreUnavailableError extends Error {
    name = 'StoreUnavailableError';
    [BRAND] = true;
}
function isStoreUnavailable(error) {
    return typeof error === 'object' && error !== null && error[BRAND] === true;
}
/** How long one store operation may take before the run counts the store as out of reach. */
const STORE_TIMEOUT_MS = 5_000;
/**
 * `work` given `timeoutMs` to settle: a StoreUnavailableError naming the store (`label`) and the step
 * (`op`) when it does not, or when it fails. `onTimeout` lets the caller drop what `work` still holds.
 */
function withinStoreTimeout(label, op, timeoutMs, work, onTimeout = () => undefined) {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
            reject(new StoreUnavailableError(`${label}: no answer to ${op} within ${timeoutMs / 1000} s`));
            onTimeout();
        }, timeoutMs);
        timer.unref?.();
        work().then((value) => {
            clearTimeout(timer);
            resolve(value);
        }, (error) => {
            clearTimeout(timer);
            reject(isStoreUnavailable(error)
                ? error
                : new StoreUnavailableError(`${label}: ${op} failed (${error instanceof Error ? error.message : String(error)})`));
        });
    });
}
/**
 * Every operation of `store` under a timeout, every failure as a StoreUnavailableError naming the store
 * (`label`, never a URL: it may hold a password). `close` gives up after the timeout too, so a store
 * that hangs can never hold a run open.
 */
function guardStore(store, label, timeoutMs = STORE_TIMEOUT_MS) {
    // Once the store has failed, every later operation fails at once (a frozen Redis would otherwise
    // cost a timeout per call: the run-lock release, the close), and closing does not wait for it.
    let failed;
    const g = (op, fn) => async (...args) => {
        if (failed !== undefined)
            throw failed;
        try {
            return await withinStoreTimeout(label, op, timeoutMs, () => fn(...args));
        }
        catch (error) {
            failed = error;
            throw error;
        }
    };
    return {
        claim: g('claim', store.claim.bind(store)),
        complete: g('complete', store.complete.bind(store)),
        release: g('release', store.release.bind(store)),
        initialized: g('initialized', store.initialized.bind(store)),
        markInitialized: g('markInitialized', store.markInitialized.bind(store)),
        recordedBaseline: g('recordedBaseline', store.recordedBaseline.bind(store)),
        recordBaseline: g('recordBaseline', store.recordBaseline.bind(store)),
        lockRun: g('lockRun', store.lockRun.bind(store)),
        unlockRun: g('unlockRun', store.unlockRun.bind(store)),
        close: () => {
            if (failed === undefined)
                return g('close', store.close.bind(store))();
            void store.close().catch(() => undefined);
            return Promise.resolve();
        },
    };
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
/** A rate limit asking for a longer wait than this leaves the destination's rest to the next run. */
const MAX_WAIT_MS = 60_000;
const aborted = (error) => (0,core/* isApiError */.d7)(error) && error.kind === 'aborted';
/** Clocks of the platform, the relay and the destination may differ by this much. */
const CLOCK_SKEW_MS = 10 * 60_000;
/** When a notification was created (epoch ms); 0 when unreadable, so it is never taken as too old. */
function createdAt(n) {
    const t = Date.parse(n.createdAt);
    return Number.isFinite(t) ? t : 0;
}
/**
 * One relay run. Every unread notification is routed; each (notification, destination) delivery is
 * claimed in the store, sent, then marked done, so that no two runs send it and a failed send is retried
 * by a later run. Destinations are served side by side, each paced to its own rate limit; a message is
 * never started after the deadline, and what is left then is counted as deferred. The first run records
 * what is unread without posting it, unless `backfill`.
 */
async function relayOnce(options) {
    const { store, owner, now } = options;
    const leaseMs = options.leaseMs ?? 5 * 60_000;
    const keepMs = options.keepMs ?? 90 * DAY;
    const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const deadlineAt = options.deadlineAt ?? Number.POSITIVE_INFINITY;
    const summary = {
        fetched: 0,
        routed: 0,
        posted: 0,
        messages: 0,
        skipped: 0,
        failed: 0,
        deferred: 0,
        baseline: 0,
        unrecorded: 0,
        busy: false,
        errors: [],
        notes: [],
    };
    const locking = options.runLock !== false;
    // The lock outlives a run that dies, but not by much: the lease of its claims.
    if (locking && !(await store.lockRun(owner, leaseMs, now()))) {
        summary.busy = true;
        return summary;
    }
    // Set when the store fails: every worker stops before its next send (nothing goes out unclaimed).
    let halted;
    let readBackAll = false;
    /** A read-back on a store found empty failed: the next run must read back as well. */
    let unreadable = false;
    /** The run did not reach every unread notification (the deadline cut the listing short). */
    let listingCut = false;
    try {
        const empty = !(await store.initialized());
        const since = await settleBaseline(options.since, await store.recordedBaseline());
        const baselineRun = options.firstRunBaseline !== false;
        if (empty && baselineRun && since === undefined && !options.backfill)
            throw new edge_shared/* SetupError */.w3("the relay's store is empty: this is its first run, or its state was lost (Redis flushed, the " +
                'state file missing). Without a baseline it cannot tell which, so it posts nothing and records ' +
                'nothing. Set DEPGATE_RELAY_SINCE to the time from which notifications are posted (for a first ' +
                `install, now: ${new Date(now()).toISOString()}; older ones are never posted), or pass --backfill ` +
                '(DEPGATE_RELAY_BACKFILL=true) to post every unread notification.');
        // The store may have been lost: whatever this run sends where the destination can be read back
        // (Slack channels, GitHub threads) is looked for there first; an incoming webhook may repeat it.
        readBackAll = empty && baselineRun;
        if (readBackAll)
            summary.notes.push(`the store was empty (a first run, or its state was lost): posting what is unread${since === undefined ? '' : ` and created since ${new Date(since).toISOString()} (DEPGATE_RELAY_SINCE)`}; Slack channels and GitHub threads are read back first, an incoming webhook may repeat what an earlier run sent`);
        else if (options.since === undefined && baselineRun && !options.backfill)
            summary.notes.push(since === undefined
                ? 'DEPGATE_RELAY_SINCE is not set: the first-run baseline lives only in the store, so if the store is lost the relay stops and asks for it'
                : `DEPGATE_RELAY_SINCE is not set: using the baseline recorded in the store when it was given, ${new Date(since).toISOString()} (set the variable for good, so that a lost store does not lose it)`);
        const queues = new Map();
        try {
            for await (const n of options.notifications) {
                summary.fetched++;
                // A notification whose time cannot be read is posted: never dropped for want of a date.
                if (since !== undefined && createdAt(n) > 0 && createdAt(n) < since) {
                    summary.baseline++;
                    continue;
                }
                const routed = routeNotification(n, options.rules, options.githubHost ? { githubHost: options.githubHost } : {});
                if (routed.length > 0)
                    summary.routed++;
                for (const { destination, digest } of routed) {
                    const key = destinationKey(destination);
                    let queue = queues.get(key);
                    if (queue === undefined)
                        queues.set(key, (queue = { destination, key, singles: [], digest: [] }));
                    (digest ? queue.digest : queue.singles).push(n);
                }
            }
        }
        catch (error) {
            // The deadline stopped the listing: deliver what was read; the rest is still unread next run.
            if (!aborted(error))
                throw error;
            listingCut = true;
            summary.errors.push('the run deadline came while listing notifications; the rest waits for the next run');
        }
        const list = [...queues.values()];
        const workers = Array.from({ length: Math.min(options.concurrency ?? 4, list.length) }, async () => {
            for (let queue = list.shift(); queue !== undefined && halted === undefined; queue = list.shift())
                try {
                    await serve(queue);
                }
                catch (error) {
                    halted ??= error instanceof Error ? error : new Error(String(error));
                }
        });
        await Promise.all(workers);
        if (halted !== undefined)
            throw halted;
        // A store found empty is marked as running only once this run has settled every delivery it could
        // see: one it left for later (the deadline, a long rate limit, a run held up) may have been sent
        // before the store was lost, so the next run must read it back too instead of sending it blind.
        if (empty && baselineRun) {
            if (!unreadable && !listingCut && summary.deferred === 0)
                await store.markInitialized();
            else
                summary.notes.push('the store stays marked as found empty until a run settles every unread notification: the next run reads Slack channels and GitHub threads back as well');
        }
        return summary;
    }
    catch (error) {
        if (isStoreUnavailable(error)) {
            const lost = summary.unrecorded > 0
                ? `; ${summary.unrecorded} posted before the store failed could not be recorded as sent: their claims are kept, so the next run reads Slack channels and GitHub threads back before sending them again (an incoming webhook may repeat them)`
                : '';
            throw Object.assign(new StoreUnavailableError(`${error.message}: the run stopped (posted ${summary.posted}, nothing sent without its claim recorded${lost})`), { summary });
        }
        throw error;
    }
    finally {
        if (locking)
            await store.unlockRun(owner).catch(() => undefined);
    }
    /**
     * The baseline of this run: the one configured (DEPGATE_RELAY_SINCE, --since) wins, since it is what
     * the operator set for this run, and is recorded in the store whenever it is new there, so that a
     * later run without the variable still honours it; without one, the baseline recorded earlier.
     */
    async function settleBaseline(given, recorded) {
        if (given === undefined)
            return recorded;
        if (recorded !== given) {
            if (recorded !== undefined)
                summary.notes.push(`DEPGATE_RELAY_SINCE (${new Date(given).toISOString()}) differs from the baseline recorded in the store (${new Date(recorded).toISOString()}): the configured one wins, as what the operator set for this run, and is recorded in its place; notifications created before it are not posted`);
            await store.recordBaseline(given);
        }
        return given;
    }
    async function serve(queue) {
        const sink = options.sinks[queue.destination.kind];
        const total = queue.singles.length + queue.digest.length;
        if (sink === undefined) {
            summary.failed += total;
            summary.errors.push(`${queue.key}: no ${queue.destination.kind} destination is configured`);
            return;
        }
        const units = queue.singles.map((n) => [n]);
        for (let i = 0; i < queue.digest.length; i += sink.maxDigest)
            units.push(queue.digest.slice(i, i + sink.maxDigest));
        let nextAt = 0;
        let left = total;
        for (const unit of units) {
            if (now() >= deadlineAt)
                break;
            let claimed = [];
            const reclaimed = [];
            const claimedAt = now();
            // Of `reclaimed`, those taken over from an earlier run (the rest: claimed afresh on an empty store).
            const takenOver = new Set();
            for (const n of unit) {
                if (halted !== undefined)
                    return;
                const claim = await store.claim(`${n.id}\u0000${queue.key}`, owner, leaseMs, now());
                if (claim === 'claimed' || claim === 'reclaimed')
                    claimed.push(n);
                if (claim === 'reclaimed')
                    takenOver.add(n);
                if (claim === 'reclaimed' || (claim === 'claimed' && readBackAll))
                    reclaimed.push(n);
                if (claim === 'done' || claim === 'busy') {
                    summary.skipped++;
                    left--;
                }
            }
            // An earlier run claimed these and stopped without an outcome (it died, or its answer was lost),
            // or the store was found empty: it may have posted. Where the destination can be read back, look
            // before sending again, as far back as the oldest of them was created (the marker in the message
            // is the record, however long ago that run was; not a window tied to the lease).
            if (reclaimed.length > 0 && sink.alreadyPosted !== undefined) {
                let why = '';
                const found = await sink
                    .alreadyPosted(reclaimed.map((n) => n.id), queue.destination, Math.max(now() - keepMs, Math.min(...reclaimed.map(createdAt)) - CLOCK_SKEW_MS))
                    .catch((error) => {
                    why = ` (${error instanceof Error ? error.message : String(error)})`;
                    return undefined;
                });
                const settled = new Set();
                for (const n of reclaimed) {
                    if (found === undefined) {
                        // Cannot tell: keep a claim taken over from an earlier run until its lease ends; a later
                        // run reads back again. A claim of this run on a store found empty is released, and the
                        // store is not marked as running, so the next run reads back too. Counted as failed, so
                        // that a destination that can never be read back is not quiet about it.
                        if (!takenOver.has(n)) {
                            unreadable = true;
                            await store.release(`${n.id}\u0000${queue.key}`, owner);
                        }
                        summary.failed++;
                    }
                    else if (found.has(n.id)) {
                        await store.complete(`${n.id}\u0000${queue.key}`, owner, keepMs, now());
                        summary.skipped++;
                    }
                    else
                        continue;
                    settled.add(n);
                    left--;
                }
                if (found === undefined)
                    summary.errors.push(`${queue.key}: could not read back whether an earlier run sent ${reclaimed.map((n) => n.id).join(', ')}${why}; not sent, the next run reads back again`);
                claimed = claimed.filter((n) => !settled.has(n));
            }
            if (claimed.length === 0)
                continue;
            const keys = claimed.map((n) => `${n.id}\u0000${queue.key}`);
            const releaseAll = async () => {
                for (const k of keys)
                    await store.release(k, owner);
            };
            let result;
            for (let attempt = 1;; attempt++) {
                const wait = Math.max(0, nextAt - now());
                if (now() + wait >= deadlineAt)
                    break;
                if (wait > 0)
                    await sleep(wait);
                // Another worker found the store out of reach: this claim may not be recorded, so send nothing.
                if (halted !== undefined)
                    break;
                // This run was held up (a paused process, a long wait) until half its lease is gone: another run
                // may take the claim over before this message arrives, so leave it to the next run.
                if (now() - claimedAt >= leaseMs / 2) {
                    summary.errors.push(`${queue.key}: this run was held up past half its claims' lease; next run`);
                    break;
                }
                result = await sink.send(claimed, queue.destination);
                nextAt = now() + (options.minIntervalMs ?? sink.minIntervalMs);
                // A rate limit posted nothing: wait as asked and send again, while the run has time for it.
                if (result.ok || result.retryAfterMs === undefined || attempt >= 3)
                    break;
                if (result.retryAfterMs > MAX_WAIT_MS || now() + result.retryAfterMs >= deadlineAt)
                    break;
                nextAt = now() + result.retryAfterMs;
            }
            if (result === undefined) {
                if (halted !== undefined)
                    return;
                await releaseAll();
                break;
            }
            const ids = claimed.map((n) => n.id).join(', ');
            if (result.ok) {
                summary.unrecorded += claimed.length;
                for (const k of keys)
                    await store.complete(k, owner, keepMs, now());
                summary.unrecorded -= claimed.length;
                summary.posted += claimed.length;
                summary.messages++;
                left -= claimed.length;
                continue;
            }
            if (result.surelyNotPosted) {
                await releaseAll();
                if (result.retryAfterMs !== undefined) {
                    // Rate limited past what the run can wait: the destination's rest waits for the next run.
                    summary.errors.push(`${queue.key}: ${result.error}; ${left} left for the next run`);
                    break;
                }
                summary.failed += claimed.length;
                summary.errors.push(`${ids} to ${queue.key}: ${result.error}`);
            }
            else {
                // The request may have posted and the answer was lost: keep the claims until their lease ends,
                // so a retry waits instead of racing a message that may be there (the residual risk, documented).
                summary.failed += claimed.length;
                summary.errors.push(`${ids} to ${queue.key}: ${result.error} (may have posted)`);
            }
            left -= claimed.length;
        }
        summary.deferred += left;
    }
}

;// CONCATENATED MODULE: ./src/relay/format-slack.ts

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Slack's own escaping: `&`, `<` and `>`, so platform text can never become a mention or a link. */
function escapeSlack(text) {
    return text.replace(/[&<>]/g, (c) => ESCAPES[c]);
}
/**
 * `text` escaped and cut to at most `max` characters once escaped: the cut falls between whole code
 * points of the text, before escaping, so it never leaves half an entity (`&am`) or half a surrogate pair.
 */
function fitSlack(text, max) {
    const escaped = escapeSlack(text);
    if (escaped.length <= max)
        return escaped;
    let out = '';
    for (const ch of text) {
        const e = ESCAPES[ch] ?? ch;
        if (out.length + e.length > max - 1)
            break;
        out += e;
    }
    return `${out}…`;
}
const cut = cutText;
/**
 * A mrkdwn text object that Slack shows as written: without `verbatim`, Slack turns `#channel`, `@user`
 * and bare URLs in the forwarded text into live links and mentions
 * (https://api.slack.com/reference/block-kit/composition-objects#text).
 */
const mrkdwn = (text) => ({ type: 'mrkdwn', text, verbatim: true });
/**
 * A link in mrkdwn (`<url|text>`): the link parsed as a URL (https, no whitespace or control character),
 * and nothing in it can end the link early; none when it is not such a link or longer than `max`.
 */
function mrkdwnLink(url, text, max) {
    const href = safeLink(url, max);
    if (href === undefined)
        return undefined;
    const safe = href.replace(/[|<>]/g, (c) => encodeURIComponent(c));
    return `<${safe}|${fitSlack(cut(text === '' ? 'Open' : text, 75), 300).replace(/\|/g, '¦')}>`;
}
const severityOf = (n) => n.severity.replace(/^SEVERITY_/i, '').toLowerCase();
/** Most notifications one digest lists: a header and a context around one section each, within 50 blocks. */
const SLACK_DIGEST_MAX = 45;
/**
 * One Block Kit message listing several notifications (digest mode): a header with the count, a
 * section per notification (severity, title, the start of the description, its link), a context line.
 */
function slackDigest(ns) {
    if (ns.length === 1)
        return slackMessage(ns[0]);
    const header = `${ns.length} platform notifications`;
    const blocks = [{ type: 'header', text: { type: 'plain_text', text: header, emoji: false } }];
    for (const n of ns.slice(0, SLACK_DIGEST_MAX)) {
        // Each part has its own budget, so the section stays under Slack's 3,000 characters uncut.
        const link = mrkdwnLink(n.link, n.linkText, 1200);
        const lines = [
            `*[${fitSlack(severityOf(n), 50)}] ${fitSlack(cut(n.title, 300), 600)}*`,
            ...(n.description === '' ? [] : [fitSlack(cut(n.description.replace(/\s+/g, ' '), 600), 1000)]),
            ...(link === undefined ? [] : [link]),
        ];
        blocks.push({ type: 'section', text: mrkdwn(lines.join('\n')) });
    }
    blocks.push({
        type: 'context',
        elements: [
            mrkdwn(fitSlack(`${ns[0].createdAt} … ${ns.at(-1).createdAt} · Semgrep AppSec Platform`, 3000)),
        ],
    });
    const text = `${header}: ${ns.map((n) => `[${severityOf(n)}] ${n.title}`).join('; ')}`;
    return { text: fitSlack(text, 3000), blocks };
}
/** The Block Kit message for one notification, within Slack's limits, with a plain-text fallback. */
function slackMessage(n) {
    const title = `[${severityOf(n)}] ${n.title}`;
    const blocks = [
        // Header text is plain_text: Slack shows it as written, so no escaping, only the 150-character limit.
        { type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } },
    ];
    if (n.description !== '')
        blocks.push({ type: 'section', text: mrkdwn(fitSlack(n.description, 3000)) });
    // A button's URL is at most 3,000 characters: a longer link is left out, never cut into a broken one.
    const href = safeLink(n.link, 3000);
    if (href !== undefined)
        blocks.push({
            type: 'actions',
            elements: [
                {
                    type: 'button',
                    text: { type: 'plain_text', text: cut(n.linkText === '' ? 'Open' : n.linkText, 75) },
                    url: href,
                },
            ],
        });
    blocks.push({
        type: 'context',
        elements: [
            mrkdwn(fitSlack(`${n.createdAt}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform`, 3000)),
        ],
    });
    return { text: fitSlack(title, 3000), blocks };
}

// EXTERNAL MODULE: ./src/domain/index.ts + 18 modules
var domain = __webpack_require__(25495);
;// CONCATENATED MODULE: ./src/relay/marker-seal.ts

/** The label of a seal in a marker (`seal:<22 characters>`). */
const SEAL_LABEL = 'seal:';
/**
 * `secret` is `DEPGATE_RELAY_MARKER_KEY`, else the platform token: stable across runs (GitHub's and
 * Slack's tokens may rotate by the hour). Changing it makes older records unreadable, which costs at
 * most a repeated message after the store is lost, never a dropped one.
 */
function markerSeal(secret) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(`depgate-relay-marker\0${secret}`).digest();
    const seal = (place, ids) => (0,external_node_crypto_.createHmac)('sha256', key)
        .update(`${place.toLowerCase()}\n${ids.join(' ')}`)
        .digest()
        .subarray(0, 16)
        .toString('base64url');
    return {
        seal,
        verify(place, ids, given) {
            const want = Buffer.from(seal(place, ids));
            const got = Buffer.from(given);
            return got.length === want.length && (0,external_node_crypto_.timingSafeEqual)(got, want);
        },
    };
}

;// CONCATENATED MODULE: ./src/relay/format-github.ts



/** GitHub's limit on a comment body. */
const GITHUB_COMMENT_MAX = 65_536;
/** Most notifications one digest comment lists. */
const GITHUB_DIGEST_MAX = 50;
/** The hidden marker each relayed comment carries: how a retry finds a comment that did arrive. */
const MARKER_PREFIX = '<!-- depgate-relay:';
/**
 * Platform text made inert in GitHub Markdown: HTML characters become entities, mentions, references
 * and bare links are broken as the gate's own comment breaks them (a word joiner after `@` and `#`:
 * GitHub decodes an entity such as `&#64;` before it looks for mentions, so an entity pings), Markdown
 * punctuation is escaped, and a line cannot start a heading, list, quote or code block.
 */
function escapeGitHub(text) {
    return text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => (0,domain/* breakAutolinks */.q4)(line.trim())
        .replace(/[&<>@#\\`*_{}[\]()!|~:+=-]/g, (c) => ENTITIES[c] ?? `\\${c}`)
        .replace(/^(\d+)\./, '$1\\.'))
        .join('\n');
}
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** An id as the marker may carry it: nothing that could end the HTML comment. */
const markerId = (id) => id.replace(/[^A-Za-z0-9_.:-]/g, '_');
/**
 * The marker: the ids, then the seal of the thread and the ids (marker-seal.ts) when one is given.
 */
function commentMarker(ids, seal) {
    const listed = ids.map(markerId);
    return `${MARKER_PREFIX} ${listed.join(' ')}${seal ? ` ${SEAL_LABEL}${seal(listed)}` : ''} -->`;
}
/** The ids and the seal of a comment's marker (at the start of the body, where the relay writes it). */
function readMarker(body) {
    if (!body.startsWith(MARKER_PREFIX))
        return undefined;
    const end = body.indexOf('-->');
    if (end === -1)
        return undefined;
    const words = body.slice(MARKER_PREFIX.length, end).trim().split(/\s+/);
    const last = words.at(-1);
    const seal = last?.startsWith(SEAL_LABEL) ? last.slice(SEAL_LABEL.length) : undefined;
    return { ids: seal === undefined ? words : words.slice(0, -1), seal };
}
/**
 * Whether a comment body carries the marker of notification `id`; with `verify`, only under a seal it
 * accepts (a marker anyone else wrote does not count).
 */
function markerHas(body, id, verify) {
    const marker = readMarker(body);
    if (marker === undefined || !marker.ids.includes(markerId(id)))
        return false;
    return verify === undefined || (marker.seal !== undefined && verify(marker.ids, marker.seal));
}
const format_github_cut = cutText;
/**
 * The link as Markdown: parsed as a URL (https, no whitespace or control character, at most 2,000
 * characters), so nothing in it can leave the link's parentheses; none otherwise.
 */
function linkLine(n) {
    const href = safeLink(n.link, 2000);
    if (href === undefined)
        return undefined;
    const url = href.replace(/[()<>]/g, (c) => encodeURIComponent(c));
    return `[${escapeGitHub(format_github_cut(n.linkText === '' ? 'Open' : n.linkText, 100))}](${url})`;
}
function section(n, descriptionMax, heading) {
    const severity = n.severity.replace(/^SEVERITY_/i, '').toLowerCase();
    const link = linkLine(n);
    return [
        `${heading} \\[${escapeGitHub(severity)}\\] ${escapeGitHub(format_github_cut(n.title.replace(/\s+/g, ' '), 300))}`,
        ...(n.description === '' ? [] : ['', escapeGitHub(format_github_cut(n.description, descriptionMax))]),
        ...(link === undefined ? [] : ['', link]),
        '',
        `<sub>${escapeGitHub(n.createdAt)}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform</sub>`,
    ].join('\n');
}
/** The comment for one notification, or a digest of several, under GitHub's 65,536-character limit. */
function githubComment(ns, seal) {
    const marker = commentMarker(ns.map((n) => n.id), seal);
    const body = ns.length === 1
        ? section(ns[0], 20_000, '####')
        : [
            `#### ${ns.length} platform notifications`,
            ...ns.map((n) => section(n, Math.floor(40_000 / ns.length), '#####')),
        ].join('\n\n');
    return `${marker}\n${format_github_cut(body, GITHUB_COMMENT_MAX - marker.length - 1)}`;
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __webpack_require__(88532);
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
class RulesError extends domain/* UserError */.yo {
    source;
    problems;
    name = 'RulesError';
    kind = 'rules';
    constructor(source, problems) {
        super(`${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the relay rules:\n` +
            problems.map((p) => `  ${source}:${p.line}: ${p.message}`).join('\n'));
        this.source = source;
        this.problems = problems;
    }
}
/**
 * A field read by `read`: its value, or the problem with it. A problem that starts with `.` names a
 * key inside the field (`.slackWebhook: ...`) and is shown at the field's own line.
 */
const field = (read) => schemas/* unknown */.L5J().transform((input, ctx) => {
    const result = read(input);
    if ('value' in result)
        return result.value;
    ctx.addIssue({ code: 'custom', message: result.problem, input });
    return core_core/* NEVER */.tm;
});
const pattern = field((value) => {
    if (typeof value !== 'string')
        return { problem: 'expected a regular expression as a string' };
    try {
        return { value: new RegExp(value, 'i') };
    }
    catch (error) {
        return { problem: error.message };
    }
});
const MATCH_KEYS = ['severity', 'atLeast', 'adminOnly', 'status', 'text', 'link'];
const match = schemas/* strictObject */.rej({
    severity: field((value) => {
        const list = Array.isArray(value) ? value : [value];
        const names = list.map(severityName);
        return list.length === 0 || names.some((n) => n === undefined)
            ? { problem: `expected one or a list of info, warning, error (got ${JSON.stringify(value)})` }
            : { value: names };
    }).optional(),
    atLeast: field((value) => {
        const name = severityName(value);
        return name === undefined
            ? { problem: `expected info, warning or error (got ${JSON.stringify(value)})` }
            : { value: name };
    }).optional(),
    adminOnly: schemas/* boolean */.zMY({ error: 'expected true or false' }).optional(),
    status: field((value) => {
        const list = Array.isArray(value) ? value : [value];
        return list.some((s) => typeof s !== 'string' || !/^STATUS_[A-Z]+$/.test(s))
            ? { problem: 'expected STATUS_DELIVERED, STATUS_SEEN or STATUS_ARCHIVED' }
            : { value: list };
    }).optional(),
    text: pattern.optional(),
    link: pattern.optional(),
}, { error: (issue) => (issue.code === 'invalid_type' ? 'expected a mapping' : undefined) });
const DESTINATIONS = 'slackWebhook, slackChannel, githubComment';
const destination = field((dest) => {
    const keys = dest !== null && typeof dest === 'object' && !Array.isArray(dest) ? Object.keys(dest) : [];
    if (keys.length !== 1)
        return { problem: `expected exactly one of ${DESTINATIONS}` };
    const kind = keys[0];
    const value = dest[kind];
    const problem = (message) => ({ problem: `.${kind}: ${message}` });
    switch (kind) {
        case 'slackWebhook':
            return typeof value === 'string' && /^https?:\/\//.test(value)
                ? { value: { kind: 'slack-webhook', url: value } }
                : problem('expected an http(s) URL');
        case 'slackChannel':
            return typeof value === 'string' && value.trim() !== ''
                ? { value: { kind: 'slack-chat', channel: value.trim() } }
                : problem('expected a channel id or name');
        case 'githubComment': {
            if (value === 'linked')
                return { value: { kind: 'github' } };
            const fixed = typeof value === 'string'
                ? /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#([1-9][0-9]{0,9})$/.exec(value.trim())
                : null;
            return fixed
                ? { value: { kind: 'github', repository: fixed[1], number: Number(fixed[2]) } }
                : problem(`expected 'linked' (the pull request the notification links to) or OWNER/REPO#NUMBER (got ${JSON.stringify(value)})`);
        }
        default:
            return { problem: `unknown destination '${kind}' (expected: ${DESTINATIONS})` };
    }
});
const ROUTE_KEYS = ['match', 'to', 'digest'];
const route = schemas/* strictObject */.rej({
    match: match.optional(),
    // One destination may be written without its list.
    to: schemas/* preprocess */.vkY((to) => (to === undefined || Array.isArray(to) ? to : [to]), schemas/* array */.YOg(destination, { error: 'expected at least one destination' })
        .min(1, 'expected at least one destination')),
    digest: schemas/* boolean */.zMY({ error: 'expected true or false' }).optional(),
}, { error: (issue) => (issue.code === 'invalid_type' ? 'expected a mapping with match and to' : undefined) });
/** The rules file: a `routes` list; each route's match, its destinations, whether they get a digest. */
const rulesSchema = schemas/* strictObject */.rej({
    routes: schemas/* array */.YOg(route, { error: 'expected a list of routes' }),
});
/** The keys a mapping at `path` may have, for "unknown field" messages. */
function keysAt(path) {
    if (path.length === 0)
        return ['routes'];
    if (path.length === 2)
        return ROUTE_KEYS;
    return MATCH_KEYS;
}
/** `routes[0].match`: the key path as the messages write it. */
function pathText(path) {
    let out = '';
    for (const part of path)
        out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
    return out;
}
/** The line a value at `path` is written on, else the nearest enclosing value's; a key's own line. */
function lineFinder(doc, lines) {
    const nodeAt = (path) => {
        let node = doc.contents;
        for (const part of path) {
            if ((0,dist/* isMap */.jh)(node))
                node = node.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === part)?.value;
            else if ((0,dist/* isSeq */.oP)(node) && typeof part === 'number')
                node = node.items[part];
            else
                return undefined;
        }
        return node ?? undefined;
    };
    const lineOf = (node) => {
        const range = node?.range;
        return range ? lines.linePos(range[0]).line : undefined;
    };
    const at = (path) => {
        for (let n = path.length; n >= 0; n--) {
            const line = lineOf(nodeAt(path.slice(0, n)));
            if (line !== undefined)
                return line;
        }
        return 1;
    };
    const keyAt = (path, key) => {
        const map = nodeAt(path);
        const pair = (0,dist/* isMap */.jh)(map) ? map.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === key) : undefined;
        return lineOf(pair?.key) ?? at(path);
    };
    return { at, keyAt };
}
/**
 * Reads relay rules from YAML or JSON text (JSON is YAML). Shape:
 * `routes: [{ match: {severity, atLeast, adminOnly, status, text, link}, to: [{slackWebhook} | {slackChannel} |
 * {githubComment: linked | OWNER/REPO#N}], digest? }]`.
 * Every mistake is collected with its line before failing.
 */
function parseRules(text, source) {
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter, keepSourceTokens: false });
    const problems = [];
    for (const e of doc.errors)
        problems.push({ line: e.linePos?.[0]?.line ?? 1, message: e.message.split('\n')[0], depth: 0 });
    if (problems.length > 0)
        throw new RulesError(source, problems.map(({ line, message }) => ({ line, message })));
    const where = lineFinder(doc, lineCounter);
    const raw = doc.toJS();
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new RulesError(source, [
            { line: where.at([]), message: 'expected a mapping with a `routes` list' },
        ]);
    const parsed = rulesSchema.safeParse(raw);
    if (parsed.success)
        return parsed.data.routes.map(({ match: m, to, digest }) => {
            const rule = { to };
            if (m?.severity !== undefined)
                rule.severity = m.severity;
            if (m?.atLeast !== undefined)
                rule.atLeast = m.atLeast;
            if (m?.adminOnly !== undefined)
                rule.adminOnly = m.adminOnly;
            if (m?.status !== undefined)
                rule.status = m.status;
            if (m?.text !== undefined)
                rule.titlePattern = m.text;
            if (m?.link !== undefined)
                rule.linkPattern = m.link;
            if (digest === true)
                rule.digest = true;
            return rule;
        });
    for (const issue of parsed.error.issues) {
        const { path } = issue;
        const prefix = path.length === 0 ? '' : `${pathText(path)}: `;
        if (issue.code === 'unrecognized_keys') {
            for (const key of issue.keys)
                problems.push({
                    depth: path.length,
                    line: where.keyAt(path, key),
                    message: `${prefix}unknown field '${key}' (expected: ${keysAt(path).join(', ')})`,
                });
            continue;
        }
        problems.push({
            depth: path.length + 1,
            line: where.at(path),
            message: issue.message.startsWith('.')
                ? `${pathText(path)}${issue.message}`
                : `${prefix}${issue.message}`,
        });
    }
    // In the order they are written; on one line, a mapping's unknown keys before its fields' mistakes.
    problems.sort((a, b) => a.line - b.line || a.depth - b.depth);
    throw new RulesError(source, problems.map(({ line, message }) => ({ line, message })));
}

;// CONCATENATED MODULE: ./src/relay/signed-push.ts


/** Largest push body read, in bytes. */
const MAX_PUSH_BYTES = 256 * 1024;
/** A signed `timestamp` further than this from now is refused (replays). */
const PUSH_WINDOW_MS = 5 * 60_000;
function equalHex(given, wanted) {
    const a = Buffer.from(given);
    const b = Buffer.from(wanted);
    return a.length === b.length && (0,external_node_crypto_.timingSafeEqual)(a, b);
}
/**
 * The JSON text without the whitespace between its tokens (strings kept as written): the compact form a
 * sender signs. One pass, no parsing, so a hostile body costs nothing before its signature is checked.
 */
function compactJson(raw) {
    let out = '';
    let from = 0;
    let inString = false;
    for (let i = 0; i < raw.length; i++) {
        const c = raw.charCodeAt(i);
        if (inString) {
            if (c === 0x5c)
                i++; // a backslash: the next character is escaped
            else if (c === 0x22)
                inString = false;
        }
        else if (c === 0x22)
            inString = true;
        else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
            out += raw.slice(from, i);
            from = i + 1;
        }
    }
    return out + raw.slice(from);
}
/**
 * Checks a signed notification push, in this order, so that nothing of an unsigned body is parsed: the
 * size; HMAC-SHA256 hex in `X-Semgrep-Signature-256` (optionally `sha256=`-prefixed) over the raw body
 * or over its compact form (the same JSON without whitespace between tokens: what the platform signs),
 * both compared in constant time; then the JSON; a signed `timestamp` (Unix seconds or ISO 8601) within
 * five minutes, required (a push without one could be replayed for ever); the body is `{notification}`,
 * `{notifications: [...]}` or one notification.
 */
function checkPush(raw, signatureHeader, secret, now) {
    if (Buffer.byteLength(raw) > MAX_PUSH_BYTES)
        return { ok: false, status: 413, error: `the body is over ${MAX_PUSH_BYTES} bytes` };
    const given = (signatureHeader ?? '')
        .trim()
        .replace(/^sha256=/i, '')
        .toLowerCase();
    if (given === '')
        return { ok: false, status: 401, error: 'unsigned: X-Semgrep-Signature-256 is missing' };
    const sign = (text) => (0,external_node_crypto_.createHmac)('sha256', secret).update(text).digest('hex');
    // Both forms are always computed and compared, so timing does not tell which one was tried.
    const matches = [sign(raw), sign(compactJson(raw))].map((s) => equalHex(given, s));
    if (!matches.some(Boolean))
        return { ok: false, status: 401, error: 'bad signature' };
    let parsed;
    try {
        parsed = JSON.parse(raw);
    }
    catch {
        return { ok: false, status: 400, error: 'the body is not JSON (or is nested too deep)' };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: false, status: 400, error: 'the body must be a JSON object' };
    const body = parsed;
    const t = body.timestamp;
    if (t === undefined)
        return {
            ok: false,
            status: 401,
            error: 'no timestamp: a push must carry a signed timestamp (Unix seconds or ISO 8601)',
        };
    const at = typeof t === 'number' ? t * 1000 : typeof t === 'string' ? Date.parse(t) : NaN;
    if (!Number.isFinite(at) || Math.abs(now - at) > PUSH_WINDOW_MS)
        return { ok: false, status: 401, error: 'timestamp outside the 5-minute window (or unreadable)' };
    const list = Array.isArray(body.notifications)
        ? body.notifications
        : body.notification !== undefined
            ? [body.notification]
            : [body];
    try {
        return { ok: true, notifications: list.map((n, i) => (0,core/* normalizeNotification */.PO)(n, `notifications[${i}]`)) };
    }
    catch (error) {
        return { ok: false, status: 400, error: error instanceof Error ? error.message : String(error) };
    }
}

// EXTERNAL MODULE: ./node_modules/@slack/web-api/dist/index.js
var web_api_dist = __webpack_require__(85105);
;// CONCATENATED MODULE: ./src/relay/sinks/slack-chat.ts


/** The message metadata event every relayed message carries: how a retry finds what is already there. */
const METADATA_EVENT = 'depgate_notification';
/**
 * Slack's Web API `chat.postMessage` through @slack/web-api (base URL configurable: SLACK_API_URL),
 * its own retries off and rate-limited calls rejected, so no blind retry posts twice (the relay waits
 * out a 429's Retry-After itself). Each message carries the notification ids in its metadata, sealed
 * (marker-seal.ts); when an
 * answer is lost, the channel is read back (`conversations.history` with metadata) before the send
 * counts as failed, so a message that did arrive is recorded as posted instead of being sent again.
 */
function slackChatSink(token, options) {
    const { seal } = options;
    const place = (channel) => `slack:${channel}`;
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
    /** Which of `ids` have a message of this relay in the channel since `sinceSec` (undefined: cannot tell). */
    async function postedIds(channel, ids, sinceSec, strict = false) {
        const wanted = new Set(ids);
        const found = new Set();
        try {
            let cursor;
            for (let page = 0; page < 20; page++) {
                const res = await client.conversations.history({
                    channel,
                    oldest: String(sinceSec),
                    include_all_metadata: true,
                    limit: 200,
                    ...(cursor ? { cursor } : {}),
                });
                for (const m of res.messages ?? []) {
                    const md = m
                        .metadata;
                    if (md?.event_type !== METADATA_EVENT)
                        continue;
                    const payload = md.event_payload ?? {};
                    const listed = typeof payload.ids === 'string' ? payload.ids.split(',') : [];
                    // Only a message whose metadata this relay sealed counts (another app could write the event).
                    if (typeof payload.seal !== 'string' || !seal.verify(place(channel), listed, payload.seal))
                        continue;
                    for (const id of listed)
                        if (wanted.has(id))
                            found.add(id);
                }
                cursor = res.response_metadata?.next_cursor || undefined;
                if (found.size === wanted.size || !res.has_more || cursor === undefined)
                    return found;
            }
            if (strict)
                throw new Error('more than 4,000 messages since the notification was created');
            return undefined;
        }
        catch (error) {
            // Read-backs before a send say why they could not read (a wrong token is not a busy channel).
            if (strict)
                throw error instanceof Error && /^more than/.test(error.message)
                    ? error
                    : new Error(error.code === web_api_dist.ErrorCode.PlatformError
                        ? `Slack answered ${String(error.data?.error)}`
                        : error instanceof Error
                            ? error.message
                            : String(error));
            return undefined;
        }
    }
    return {
        minIntervalMs: 1_000,
        maxDigest: SLACK_DIGEST_MAX,
        alreadyPosted: (ids, destination, sinceMs) => destination.kind === 'slack-chat'
            ? postedIds(destination.channel, ids, Math.floor(sinceMs / 1000), true)
            : Promise.resolve(undefined),
        async send(batch, destination) {
            if (destination.kind !== 'slack-chat')
                return { ok: false, error: 'not a Slack channel', surelyNotPosted: true };
            const started = Math.floor(Date.now() / 1000) - 60;
            const message = slackDigest(batch);
            const ids = batch.map((n) => n.id);
            try {
                await client.chat.postMessage({
                    channel: destination.channel,
                    text: message.text,
                    blocks: message.blocks,
                    metadata: {
                        event_type: METADATA_EVENT,
                        event_payload: {
                            id: ids[0],
                            ids: ids.join(','),
                            seal: seal.seal(place(destination.channel), ids),
                        },
                    },
                });
                return { ok: true };
            }
            catch (error) {
                const e = error;
                switch (e.code) {
                    case web_api_dist.ErrorCode.RateLimitedError:
                        // A 429 posted nothing: the relay waits Retry-After and sends again, or leaves it to the next run.
                        return {
                            ok: false,
                            error: `Slack rate limit (retry after ${e.retryAfter} s)`,
                            surelyNotPosted: true,
                            retryAfterMs: e.retryAfter * 1000,
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
                const found = await postedIds(destination.channel, ids.slice(0, 1), started);
                if (found?.size === 1)
                    return { ok: true };
                if (found !== undefined)
                    return {
                        ok: false,
                        error: 'no answer from Slack (not found in the channel either)',
                        surelyNotPosted: true,
                    };
                return {
                    ok: false,
                    error: 'no answer from Slack, and the channel could not be read back',
                    surelyNotPosted: false,
                };
            }
        },
    };
}

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(50157);
;// CONCATENATED MODULE: ./src/relay/sinks/github-comment.ts



/** GitHub's secondary limit allows about 80 content-creating requests a minute: one every 750 ms. */
const MIN_INTERVAL_MS = 750;
/**
 * GitHub issue and pull request comments through the Octokit of @actions/github (no retry plugin: a
 * blind retry could comment twice), on `GITHUB_API_URL` (GitHub Enterprise Server too). Each comment
 * carries a hidden marker with the notification ids, sealed (marker-seal.ts); when an answer is lost (a timeout, a 5xx), the
 * comments since the send are read back before the send counts as failed, so a comment that did arrive
 * is recorded as posted and never sent again. A rate limit (403 or 429 with Retry-After, or the primary
 * limit spent) posted nothing and is waited out by the relay.
 */
function githubCommentSink(token, options) {
    const { seal } = options;
    const place = (owner, repo, number) => `github:${owner}/${repo}#${number}`;
    const octokit = (0,github/* getOctokit */.Q)(token, {
        baseUrl: (options.apiUrl ?? 'https://api.github.com').replace(/\/+$/, ''),
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
    const timeoutMs = options.timeoutMs ?? 15_000;
    /** Which of `ids` have a comment of this relay in the thread since `since` (undefined: cannot tell). */
    async function postedIds(owner, repo, number, ids, since, strict = false) {
        const found = new Set();
        const thread = place(owner, repo, number);
        const sealed = (listed, given) => seal.verify(thread, listed, given);
        try {
            // Comments since the send, oldest first: a few pages at most.
            for (let page = 1; page <= 20; page++) {
                const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
                    owner,
                    repo,
                    issue_number: number,
                    since,
                    per_page: 100,
                    page,
                    request: { signal: AbortSignal.timeout(timeoutMs) },
                });
                for (const c of data)
                    for (const id of ids)
                        if (markerHas(c.body ?? '', id, sealed))
                            found.add(id);
                if (data.length < 100 || found.size === ids.length)
                    return found;
            }
            if (strict)
                throw new Error('more than 2,000 comments since the notification was created');
            return undefined;
        }
        catch (error) {
            // Read-backs before a send say why they could not read (a wrong token is not a busy channel).
            if (strict)
                throw error instanceof Error && /^more than/.test(error.message)
                    ? error
                    : new Error(error.status !== undefined
                        ? `GitHub answered ${error.status}`
                        : error instanceof Error
                            ? error.message
                            : String(error));
            return undefined;
        }
    }
    return {
        minIntervalMs: MIN_INTERVAL_MS,
        maxDigest: GITHUB_DIGEST_MAX,
        alreadyPosted(ids, destination, sinceMs) {
            if (destination.kind !== 'github' || destination.repository === undefined || !destination.number)
                return Promise.resolve(undefined);
            const [owner, repo] = destination.repository.split('/');
            return postedIds(owner, repo, destination.number, ids, new Date(sinceMs).toISOString(), true);
        },
        async send(batch, destination) {
            if (destination.kind !== 'github' || destination.repository === undefined || !destination.number)
                return { ok: false, error: 'not a GitHub issue or pull request', surelyNotPosted: true };
            const [owner, repo] = destination.repository.split('/');
            const since = new Date(Date.now() - 60_000).toISOString();
            try {
                await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
                    owner,
                    repo,
                    issue_number: destination.number,
                    body: githubComment(batch, (listed) => seal.seal(place(owner, repo, destination.number), listed)),
                    request: { signal: AbortSignal.timeout(timeoutMs) },
                });
                return { ok: true };
            }
            catch (error) {
                const e = error;
                const status = e.response === undefined ? undefined : e.status;
                const headers = e.response?.headers ?? {};
                if (status === 403 || status === 429) {
                    const after = (0,core/* parseRetryAfter */.mu)(headers['retry-after']?.toString(), Date.now());
                    const spent = String(headers['x-ratelimit-remaining']) === '0';
                    if (after !== undefined || spent || status === 429) {
                        const reset = Number(headers['x-ratelimit-reset']) * 1000 - Date.now();
                        // GitHub: without Retry-After, wait until the reset, or at least a minute.
                        const wait = after ?? (spent && Number.isFinite(reset) ? Math.max(0, reset) : 60_000);
                        return {
                            ok: false,
                            error: `GitHub rate limit (retry after ${Math.ceil(wait / 1000)} s)`,
                            surelyNotPosted: true,
                            retryAfterMs: wait,
                        };
                    }
                }
                if (status !== undefined && status < 500) {
                    const hint = status === 401
                        ? ': check GITHUB_TOKEN'
                        : status === 403 || status === 404
                            ? `: check that GITHUB_TOKEN can comment on ${destination.repository} (issues: write, pull requests: write)`
                            : '';
                    return {
                        ok: false,
                        error: `GitHub answered ${status} for ${destination.repository}#${destination.number}${hint}`,
                        surelyNotPosted: true,
                    };
                }
                // No usable answer: the comment may be there. Read the thread back before calling it failed.
                const found = await postedIds(owner, repo, destination.number, [batch[0].id], since);
                if (found?.size === 1)
                    return { ok: true };
                const what = status === undefined ? 'no answer from GitHub' : `GitHub answered ${status}`;
                return found !== undefined
                    ? { ok: false, error: `${what} (not found in the thread either)`, surelyNotPosted: true }
                    : { ok: false, error: `${what}, and the thread could not be read back`, surelyNotPosted: false };
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/relay/sinks/slack-webhook.ts


/** The forms of a webhook URL's secret a receiver might echo: the URL, its path, each long segment. */
function webhookSecrets(url) {
    const out = [url, encodeURIComponent(url)];
    try {
        const { pathname } = new URL(url);
        out.push(pathname, encodeURIComponent(pathname));
        for (const segment of pathname.split('/'))
            if (segment.length >= 8 && segment !== 'services')
                out.push(segment);
    }
    catch {
        // not a URL: the whole string is the secret
    }
    return out.sort((a, b) => b.length - a.length);
}
/**
 * Slack incoming webhooks: POST the message as JSON; Slack answers `ok` (200) or an error text. No
 * retry here: a webhook takes no idempotency key and cannot be read back, so only an answer that says
 * nothing was posted (a 4xx, a 429) lets a later run retry; a lost answer may have posted, and is not
 * retried blindly (the residual risk, in docs/relay.md). Slack allows about one message a second.
 */
function slackWebhookSink(fetchImpl, options = {}) {
    return {
        minIntervalMs: 1_000,
        maxDigest: SLACK_DIGEST_MAX,
        async send(batch, destination) {
            if (destination.kind !== 'slack-webhook')
                return { ok: false, error: 'not a webhook', surelyNotPosted: true };
            let response;
            try {
                response = await fetchImpl(destination.url, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify(slackDigest(batch)),
                    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
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
            let body;
            try {
                // A receiver may echo the URL it was called on: its path is the webhook's secret.
                body = (0,core/* redactSecrets */.fp)((await response.text()).slice(0, 2000), webhookSecrets(destination.url)).slice(0, 200);
            }
            catch {
                body = '';
            }
            if (response.ok)
                return { ok: true };
            if (response.status === 429) {
                const after = (0,core/* parseRetryAfter */.mu)(response.headers.get('retry-after'), Date.now()) ?? 60_000;
                return {
                    ok: false,
                    error: `Slack rate limit (retry after ${Math.ceil(after / 1000)} s)`,
                    surelyNotPosted: true,
                    retryAfterMs: after,
                };
            }
            return {
                ok: false,
                error: `Slack answered ${response.status}${body === '' ? '' : `: ${body}`}`,
                surelyNotPosted: response.status < 500,
            };
        },
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/relay/stores/file-lock.ts



/** A lock held from another machine (a shared disk) counts as left behind once unrefreshed this long. */
const FOREIGN_STALE_MS = 10 * 60_000;
const REFRESH_MS = 60_000;
/**
 * An empty lock file is one being written this instant, or one left by a run killed between creating it
 * and writing its name (only where the file system has no hard links: see `create`). Once this old, it is
 * the second.
 */
const EMPTY_STALE_MS = 30_000;
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * An exclusive lock file (created with its content: see `create`) naming its holder's process and host. A lock left by a run
 * that died is taken over at once on the same machine (its process is gone: a SIGKILL, a crash) and
 * after ten minutes without a refresh from another machine; a live run's lock is never taken over, so
 * two runs can never both write the state. The takeover renames the very file it judged dead, so only
 * one run can win it.
 */
async function takeFileLock(lockPath) {
    const me = `${process.pid} ${(0,external_node_os_.hostname)()}\n`;
    for (let attempt = 0; attempt < 5; attempt++) {
        try {
            await create(lockPath, me);
            await sweepLeftovers(lockPath);
            const timer = setInterval(() => {
                const t = new Date();
                (0,promises_.utimes)(lockPath, t, t).catch(() => undefined);
            }, REFRESH_MS);
            timer.unref();
            return {
                release: async () => {
                    clearInterval(timer);
                    if ((await (0,promises_.readFile)(lockPath, 'utf8').catch(() => '')) === me)
                        await (0,promises_.rm)(lockPath, { force: true });
                },
            };
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
        let text;
        let mtime;
        try {
            text = await (0,promises_.readFile)(lockPath, 'utf8');
            mtime = (await (0,promises_.stat)(lockPath)).mtimeMs;
        }
        catch {
            continue; // released meanwhile: try again
        }
        const [pidText, host] = text.trim().split(/\s+/);
        const pid = Number(pidText);
        // An empty file is a lock being written this instant (live), unless it has stayed empty too long.
        const dead = text === ''
            ? Date.now() - mtime > EMPTY_STALE_MS
            : host === (0,external_node_os_.hostname)()
                ? !(Number.isInteger(pid) && pid > 0 && alive(pid))
                : Date.now() - mtime > FOREIGN_STALE_MS;
        if (!dead)
            return { heldBy: text.trim() === '' ? 'another run' : `process ${text.trim()}` };
        const aside = `${lockPath}.${process.pid}.stale`;
        try {
            await (0,promises_.rename)(lockPath, aside);
        }
        catch {
            continue; // another run took it over first
        }
        const moved = await (0,promises_.readFile)(aside, 'utf8').catch(() => '');
        if (moved !== text) {
            // It was replaced between the read and the rename: that is a live lock, put it back.
            await (0,promises_.rename)(aside, lockPath).catch(() => undefined);
            return { heldBy: `process ${moved.trim()}` };
        }
        await (0,promises_.rm)(aside, { force: true });
    }
    return { heldBy: 'another run' };
}
/**
 * Removes the files a run killed mid-step left beside the lock: its name file (`lock.<pid>.new`, killed
 * between writing it and linking it) and a lock it had set aside (`lock.<pid>.stale`). A live run keeps
 * such a file for milliseconds, so only those older than a foreign lock's staleness are removed, which
 * is safe on a disk shared between machines. Best effort: a file that cannot be removed stays.
 */
async function sweepLeftovers(lockPath) {
    const dir = (0,external_node_path_.dirname)(lockPath);
    const prefix = `${(0,external_node_path_.basename)(lockPath)}.`;
    const names = await (0,promises_.readdir)(dir).catch(() => []);
    for (const name of names) {
        if (!name.startsWith(prefix) || !/^\d+\.(?:new|stale)$/.test(name.slice(prefix.length)))
            continue;
        const path = (0,external_node_path_.join)(dir, name);
        const mtime = await (0,promises_.stat)(path).then((s) => s.mtimeMs, () => undefined);
        if (mtime !== undefined && Date.now() - mtime > FOREIGN_STALE_MS)
            await (0,promises_.rm)(path, { force: true }).catch(() => undefined);
    }
}
/**
 * Creates the lock file with its holder's name already in it, failing with EEXIST if it exists: the name
 * is written to a file of this process's own, then hard-linked to the lock's path (atomic, exclusive).
 * A lock created empty and written after (`O_EXCL`, then a write) could be left empty for good by a run
 * killed in between, which every later run would take for a live one. File systems without hard links
 * fall back to exactly that, and an empty lock counts as left behind after `EMPTY_STALE_MS`.
 */
async function create(lockPath, content) {
    const mine = `${lockPath}.${process.pid}.new`;
    await (0,promises_.writeFile)(mine, content);
    try {
        await (0,promises_.link)(mine, lockPath);
        return;
    }
    catch (error) {
        const code = error.code;
        if (code === 'EEXIST' ||
            !(code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV'))
            throw error;
    }
    finally {
        await (0,promises_.unlink)(mine).catch(() => undefined);
    }
    const handle = await (0,promises_.open)(lockPath, 'wx');
    try {
        await handle.writeFile(content);
    }
    finally {
        await handle.close();
    }
}

;// CONCATENATED MODULE: ./src/relay/stores/memory.ts
/** The store's rules over a plain map: shared by the memory store (tests) and the file store. */
class DeliveryTable {
    deliveries;
    isInitialized;
    constructor(deliveries = {}, isInitialized = false) {
        this.deliveries = deliveries;
        this.isInitialized = isInitialized;
    }
    runLock;
    /** The baseline recorded when it was first given (epoch ms). */
    baseline;
    lockRun(owner, ttlMs, now) {
        if (this.runLock !== undefined && this.runLock.owner !== owner && this.runLock.until > now)
            return false;
        this.runLock = { owner, until: now + ttlMs };
        return true;
    }
    unlockRun(owner) {
        if (this.runLock?.owner === owner)
            this.runLock = undefined;
    }
    claim(key, owner, leaseMs, now) {
        const current = this.deliveries[key];
        if (current !== undefined && current.until > now)
            return current.state === 'done' ? 'done' : 'busy';
        this.deliveries[key] = { state: 'claimed', owner, until: now + leaseMs };
        return current?.state === 'claimed' ? 'reclaimed' : 'claimed';
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
    /** Forgets done deliveries past their keep time (a run-out claim is kept: it says to read back). */
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
        recordedBaseline: () => Promise.resolve(table.baseline),
        recordBaseline: (since) => {
            table.baseline = since;
            return Promise.resolve();
        },
        lockRun: (owner, ttlMs, now) => Promise.resolve(table.lockRun(owner, ttlMs, now)),
        unlockRun: (owner) => Promise.resolve(table.unlockRun(owner)),
        close: () => Promise.resolve(),
    };
}

;// CONCATENATED MODULE: ./src/relay/stores/file.ts



class RelayBusyError extends Error {
    name = 'RelayBusyError';
}
/**
 * A JSON journal (the CLI's default, `DEPGATE_STATE_FILE`) under a lock file held for the whole run
 * (file-lock.ts: a run that died is seen at once on the same machine), so two runs on the same file
 * never interleave. The lock is the run lock.
 */
async function fileStore(path, now) {
    const lock = await takeFileLock(`${path}.lock`);
    if ('heldBy' in lock)
        throw new RelayBusyError(`another relay run (${lock.heldBy}) holds ${path}.lock; this run does nothing (remove the file if no relay is running)`);
    const unlock = () => lock.release();
    let table;
    try {
        table = parseState(await (0,promises_.readFile)(path, 'utf8'));
    }
    catch (error) {
        const code = error.code;
        if (code !== 'ENOENT') {
            await unlock();
            throw new Error(`${path}: cannot read the relay's state (${code ?? error.message}); move it away to start afresh`);
        }
        table = new DeliveryTable();
    }
    table.prune(now);
    // The file is a journal: a snapshot (rewritten atomically when the store opens and closes), then one
    // line appended per change, so a change costs one short append however many deliveries are kept. A
    // run killed mid-append leaves at most a torn last line, which the next read ignores.
    const snapshot = async () => {
        const tmp = `${path}.${process.pid}.tmp`;
        const lines = [
            JSON.stringify({
                version: 2,
                initialized: table.isInitialized,
                ...(table.baseline === undefined ? {} : { baseline: table.baseline }),
            }),
        ];
        for (const [k, v] of Object.entries(table.deliveries))
            lines.push(JSON.stringify({ k, v }));
        await (0,promises_.writeFile)(tmp, `${lines.join('\n')}\n`);
        await (0,promises_.rename)(tmp, path);
    };
    await snapshot();
    const journal = await (0,promises_.open)(path, 'a');
    let writing = Promise.resolve();
    const append = (line) => {
        const next = writing.then(async () => {
            await journal.appendFile(`${JSON.stringify(line)}\n`);
        });
        writing = next.catch(() => undefined);
        return next;
    };
    const record = (k) => append({ k, v: table.deliveries[k] ?? null });
    return {
        claim: async (key, owner, leaseMs, at) => {
            const result = table.claim(key, owner, leaseMs, at);
            if (result === 'claimed' || result === 'reclaimed')
                await record(key);
            return result;
        },
        complete: async (key, owner, keepMs, at) => {
            table.complete(key, owner, keepMs, at);
            await record(key);
        },
        release: async (key, owner) => {
            table.release(key, owner);
            await record(key);
        },
        initialized: () => Promise.resolve(table.isInitialized),
        markInitialized: async () => {
            table.isInitialized = true;
            await append({ initialized: true });
        },
        recordedBaseline: () => Promise.resolve(table.baseline),
        recordBaseline: async (since) => {
            table.baseline = since;
            await append({ baseline: since });
        },
        // The file lock, held since the store opened, is the run lock.
        lockRun: () => Promise.resolve(true),
        unlockRun: () => Promise.resolve(),
        close: async () => {
            try {
                await writing;
                await journal.close();
                await snapshot();
            }
            finally {
                await unlock().catch(() => undefined);
            }
        },
    };
}
/**
 * The state file: the journal (a `{version: 2}` line, then `{k, v}` lines, `v: null` for a removed
 * delivery, `{initialized: true}` and `{baseline: ms}`), or the whole-object form of version 1. A torn last line (a run
 * killed mid-append) is ignored; a broken line before it is an error.
 */
function parseState(text) {
    if (/^\s*\{\s*"version"\s*:\s*1\b/.test(text)) {
        const data = JSON.parse(text);
        return new DeliveryTable(data.deliveries ?? {}, data.initialized === true);
    }
    const table = new DeliveryTable();
    const lines = text.split('\n');
    lines.forEach((line, i) => {
        if (line.trim() === '')
            return;
        let entry;
        try {
            entry = JSON.parse(line);
        }
        catch {
            if (i >= lines.length - 2)
                return; // the torn last line of a run that was killed
            throw new Error(`line ${i + 1} is not JSON`);
        }
        if (entry.initialized === true)
            table.isInitialized = true;
        if (typeof entry.baseline === 'number' && Number.isFinite(entry.baseline))
            table.baseline = entry.baseline;
        if (typeof entry.k === 'string') {
            if (entry.v === null || entry.v === undefined)
                delete table.deliveries[entry.k];
            else
                table.deliveries[entry.k] = entry.v;
        }
    });
    return table;
}

// EXTERNAL MODULE: ./node_modules/redis/dist/index.js
var redis_dist = __webpack_require__(31672);
;// CONCATENATED MODULE: ./src/relay/stores/redis.ts


const PREFIX = 'depgate:relay:';
// A claim is `claimed:<owner>:<lease end, ms>`, kept past its lease (for `keep`), so a later run that
// takes it over knows an earlier run may have posted. All steps compare and set in one Lua call.
const CLAIM = `local v = redis.call('GET', KEYS[1])
local value = 'claimed:' .. ARGV[1] .. ':' .. ARGV[3]
if v == false then redis.call('SET', KEYS[1], value, 'PX', ARGV[4]) return 'claimed' end
if v == 'done' then return 'done' end
local lease = tonumber(string.match(v, ':(%d+)$'))
if lease ~= nil and lease > tonumber(ARGV[2]) then return 'busy' end
redis.call('SET', KEYS[1], value, 'PX', ARGV[4])
return 'reclaimed'`;
const OWNED = `local v = redis.call('GET', KEYS[1])
local mine = v ~= false and string.sub(v, 1, string.len(ARGV[1])) == ARGV[1]`;
const COMPLETE = `${OWNED}
if v == false or mine then redis.call('SET', KEYS[1], 'done', 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `${OWNED}
if mine then return redis.call('DEL', KEYS[1]) end
return 0`;
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
/** How long a claim's record outlives its lease: long enough for any later run to see it. */
const CLAIM_RECORD_MS = 7 * 86_400_000;
/** How the store is named in messages: never the URL, which may hold a password. */
const LABEL = 'Redis (REDIS_URL)';
/**
 * Any Redis (`REDIS_URL`, managed ones included): a claim records its owner and lease end, done is
 * `done` kept for 90 days, each step a compare-and-set in Lua; the run lock is `SET NX PX`. Several
 * relays (Vercel's scheduler can fire twice) share it safely. A Redis out of reach fails fast: the
 * connection is given `timeoutMs`, a dropped one two quick reconnections, every command `timeoutMs`
 * (a StoreUnavailableError), instead of the client's default of retrying for ever.
 */
async function redisStore(url, options = {}) {
    const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
    const client = (0,redis_dist.createClient)({
        url,
        socket: {
            connectTimeout: timeoutMs,
            reconnectStrategy: (retries, cause) => (retries >= 2 ? cause : 100 * (retries + 1)),
        },
        // A command sent while the connection is down fails at once rather than waiting in a queue.
        disableOfflineQueue: true,
        commandOptions: { timeout: timeoutMs },
    });
    client.on('error', () => undefined); // surfaced by the commands that fail
    const drop = () => {
        try {
            client.destroy();
        }
        catch {
            // already closed by the failed connection
        }
    };
    // connectTimeout bounds the TCP connect only: a peer that takes the connection and then never
    // answers the handshake (a stopped Redis, a silent port, something that is not Redis) would hold
    // connect() open for ever, so the whole of it runs under the store's timeout too.
    const unreachable = (reason) => new StoreUnavailableError(`cannot reach ${LABEL} (${reason})`);
    let timedOut = false;
    try {
        await withinStoreTimeout(LABEL, 'connect', timeoutMs, () => client.connect().catch((error) => {
            throw unreachable(error.code ?? error.message);
        }), () => {
            timedOut = true;
            drop();
        });
    }
    catch (error) {
        drop();
        throw timedOut
            ? unreachable(`it took the connection but did not answer within ${timeoutMs / 1000} s: a stopped or overloaded server, or not Redis`)
            : error;
    }
    const key = (k) => `${PREFIX}delivery:${k}`;
    return guardStore({
        async claim(k, owner, leaseMs, now) {
            const result = await client.eval(CLAIM, {
                keys: [key(k)],
                arguments: [owner, String(now), String(now + leaseMs), String(leaseMs + CLAIM_RECORD_MS)],
            });
            return result;
        },
        async complete(k, owner, keepMs) {
            await client.eval(COMPLETE, { keys: [key(k)], arguments: [`claimed:${owner}:`, String(keepMs)] });
        },
        async release(k, owner) {
            await client.eval(RELEASE, { keys: [key(k)], arguments: [`claimed:${owner}:`] });
        },
        async initialized() {
            return (await client.get(`${PREFIX}initialized`)) !== null;
        },
        async markInitialized() {
            await client.set(`${PREFIX}initialized`, new Date().toISOString());
        },
        async recordedBaseline() {
            const value = Number(await client.get(`${PREFIX}baseline`));
            return Number.isFinite(value) && value > 0 ? value : undefined;
        },
        async recordBaseline(since) {
            await client.set(`${PREFIX}baseline`, String(since));
        },
        async lockRun(owner, ttlMs) {
            const set = await client.set(`${PREFIX}run-lock`, owner, {
                condition: 'NX',
                expiration: { type: 'PX', value: ttlMs },
            });
            return set === 'OK';
        },
        async unlockRun(owner) {
            await client.eval(UNLOCK, { keys: [`${PREFIX}run-lock`], arguments: [owner] });
        },
        async close() {
            if (!client.isReady) {
                client.destroy();
                return;
            }
            // A graceful close waits for every pending reply: not for long from a Redis that stopped answering.
            let timer;
            try {
                await Promise.race([
                    client.close(),
                    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('close')), 1_000))),
                ]);
            }
            catch {
                client.destroy();
            }
            finally {
                clearTimeout(timer);
            }
        },
    }, LABEL, timeoutMs);
}

;// CONCATENATED MODULE: ./src/relay/run-relay.ts








function number(name, value, min) {
    const text = value?.trim();
    if (text === undefined || text === '')
        return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min)
        throw new edge_shared/* SetupError */.w3(`${name} must be a number of at least ${min} (got ${JSON.stringify(value)})`);
    return n;
}
/** A time as ISO 8601 or Unix seconds. */
function parseSince(name, value) {
    const v = value?.trim();
    if (v === undefined || v === '')
        return undefined;
    const t = /^\d+(\.\d+)?$/.test(v) ? Number(v) * 1000 : /^\d{4}-\d\d-\d\d/.test(v) ? Date.parse(v) : NaN;
    if (!Number.isFinite(t))
        throw new edge_shared/* SetupError */.w3(`${name} must be a time, ISO 8601 (2026-11-25T09:00:00Z) or Unix seconds (got ${JSON.stringify(value)})`);
    return t;
}
const url = (name, value) => {
    const v = value?.trim();
    if (v === undefined || v === '')
        return undefined;
    if (!/^https?:\/\//.test(v))
        throw new edge_shared/* SetupError */.w3(`${name} must be an http(s) URL`);
    return v;
};
/**
 * Reads the relay's settings; a missing or malformed one is a SetupError that names the variable.
 * Rules come from `rulesFile` (the CLI's --rules), else DEPGATE_RELAY_RULES (YAML or JSON text); with
 * neither, every notification goes to DEPGATE_SLACK_WEBHOOK_URL. A rules mistake is a RulesError listing
 * each one with its line.
 */
function relaySettingsFromEnv(env, rulesFile) {
    const platform = (0,edge_shared/* platformSettingsFromEnv */.ME)(env);
    if (platform === undefined)
        throw new edge_shared/* SetupError */.w3('set DEPGATE_API_TOKEN to a token that can read notifications');
    const token = env.SLACK_BOT_TOKEN?.trim();
    const apiUrl = url('SLACK_API_URL', env.SLACK_API_URL);
    const slack = token ? { token, ...(apiUrl ? { apiUrl } : {}) } : undefined;
    const githubToken = env.GITHUB_TOKEN?.trim();
    const githubApi = url('GITHUB_API_URL', env.GITHUB_API_URL);
    const githubServer = url('GITHUB_SERVER_URL', env.GITHUB_SERVER_URL);
    const github = githubToken
        ? {
            token: githubToken,
            ...(githubApi ? { apiUrl: githubApi } : {}),
            ...(githubServer ? { host: new URL(githubServer).hostname } : {}),
        }
        : undefined;
    const backfill = flag('DEPGATE_RELAY_BACKFILL', env.DEPGATE_RELAY_BACKFILL, false);
    const since = parseSince('DEPGATE_RELAY_SINCE', env.DEPGATE_RELAY_SINCE);
    const runLock = flag('DEPGATE_RELAY_RUN_LOCK', env.DEPGATE_RELAY_RUN_LOCK, true);
    const deadline = number('DEPGATE_RELAY_DEADLINE', env.DEPGATE_RELAY_DEADLINE, 0.001);
    const deadlineMs = deadline === undefined ? undefined : deadline * 1000;
    const lease = number('DEPGATE_RELAY_LEASE', env.DEPGATE_RELAY_LEASE, 0.1);
    const paceMs = number('DEPGATE_RELAY_PACE', env.DEPGATE_RELAY_PACE, 0);
    const keepDays = number('DEPGATE_RELAY_KEEP_DAYS', env.DEPGATE_RELAY_KEEP_DAYS, 1);
    const markerKey = env.DEPGATE_RELAY_MARKER_KEY?.trim();
    const common = {
        platform,
        backfill,
        runLock,
        ...(since === undefined ? {} : { since }),
        ...(slack ? { slack } : {}),
        ...(github ? { github } : {}),
        ...(deadlineMs === undefined ? {} : { deadlineMs }),
        ...(lease === undefined ? {} : { leaseMs: lease * 1000 }),
        ...(paceMs === undefined ? {} : { paceMs }),
        ...(keepDays === undefined ? {} : { keepMs: keepDays * 86_400_000 }),
        ...(markerKey ? { markerKey } : {}),
    };
    const inline = env.DEPGATE_RELAY_RULES;
    const given = rulesFile ??
        (inline !== undefined && inline.trim() !== ''
            ? { text: inline, source: 'DEPGATE_RELAY_RULES' }
            : undefined);
    if (given !== undefined) {
        const rules = parseRules(given.text, given.source);
        if (slack === undefined && rules.some((r) => r.to.some((d) => d.kind === 'slack-chat')))
            throw new edge_shared/* SetupError */.w3(`${given.source}: slackChannel destinations need SLACK_BOT_TOKEN`);
        if (github === undefined && rules.some((r) => r.to.some((d) => d.kind === 'github')))
            throw new edge_shared/* SetupError */.w3(`${given.source}: githubComment destinations need GITHUB_TOKEN`);
        return { ...common, rules };
    }
    const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
    if (webhook === undefined || webhook === '')
        throw new edge_shared/* SetupError */.w3('set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL, or give routing rules (DEPGATE_RELAY_RULES or --rules FILE)');
    if (!/^https?:\/\//.test(webhook))
        throw new edge_shared/* SetupError */.w3('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
    return { ...common, rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }] };
}
function flag(name, value, fallback) {
    const v = value?.trim().toLowerCase();
    if (v === undefined || v === '')
        return fallback;
    if (['true', '1', 'yes'].includes(v))
        return true;
    if (['false', '0', 'no'].includes(v))
        return false;
    throw new edge_shared/* SetupError */.w3(`${name} must be true or false (got ${JSON.stringify(value)})`);
}
/** One run: every unread notification to the webhook, each once, through the given store. */
async function runRelay(settings, store, deps = {}) {
    const now = deps.now ?? (() => Date.now());
    const started = now();
    const deadlineAt = settings.deadlineMs === undefined ? undefined : started + settings.deadlineMs;
    // The listing stops at the deadline too (what was read is still delivered).
    const signal = settings.deadlineMs === undefined ? undefined : AbortSignal.timeout(settings.deadlineMs);
    const given = deps.given;
    const notifications = given !== undefined
        ? (async function* () {
            yield* given;
        })()
        : await (async () => {
            const platform = await (0,edge_shared/* connectPlatform */.c0)(settings.platform, {
                ...(deps.transport === undefined ? {} : { transport: deps.transport }),
                ...(deps.userAgent === undefined ? {} : { userAgent: deps.userAgent }),
                ...(signal === undefined ? {} : { signal }),
            });
            return platform.client.notifications(platform.deploymentId).items();
        })();
    const userAgent = deps.userAgent ?? 'depgate';
    const seal = markerSeal(settings.markerKey ?? settings.platform.token);
    return relayOnce({
        notifications,
        rules: settings.rules,
        store,
        sinks: {
            'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
            'slack-chat': settings.slack
                ? slackChatSink(settings.slack.token, { ...settings.slack, seal })
                : undefined,
            github: settings.github
                ? githubCommentSink(settings.github.token, {
                    seal,
                    ...(settings.github.apiUrl ? { apiUrl: settings.github.apiUrl } : {}),
                    userAgent,
                })
                : undefined,
        },
        owner: (0,external_node_crypto_.randomUUID)(),
        now,
        ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
        ...(deadlineAt === undefined ? {} : { deadlineAt }),
        ...(settings.leaseMs === undefined ? {} : { leaseMs: settings.leaseMs }),
        ...(settings.paceMs === undefined ? {} : { minIntervalMs: settings.paceMs }),
        ...(settings.keepMs === undefined ? {} : { keepMs: settings.keepMs }),
        ...(settings.github?.host ? { githubHost: settings.github.host } : {}),
        // A push is meant to be posted, and leaves the first scheduled run its record-only baseline; the
        // claims alone keep it once, so it never waits for the run lock.
        backfill: given !== undefined || settings.backfill,
        ...(settings.since === undefined ? {} : { since: settings.since }),
        firstRunBaseline: given === undefined,
        runLock: given === undefined && settings.runLock,
    });
}
/** The run's one-line summary. */
function summaryText(summary) {
    if (summary.busy)
        return 'another relay run is under way (it holds the run lock); this run did nothing';
    const parts = [
        `fetched ${summary.fetched}`,
        `routed ${summary.routed}`,
        `posted ${summary.posted}${summary.messages !== summary.posted ? ` in ${summary.messages} message${summary.messages === 1 ? '' : 's'}` : ''}`,
        `skipped ${summary.skipped} (already sent)`,
        `failed ${summary.failed}`,
        `deferred ${summary.deferred}${summary.deferred > 0 ? ' (next run)' : ''}`,
    ];
    if (summary.baseline > 0)
        parts.push(`${summary.baseline} created before DEPGATE_RELAY_SINCE (not posted)`);
    return parts.join(', ');
}

;// CONCATENATED MODULE: ./src/relay/serverless.ts








const jsonResponse = (status, body, headers = {}) => new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'content-type': 'application/json', ...headers },
});
/** How long a push sender is asked to wait before sending again while a run holds the store. */
const BUSY_RETRY_AFTER_S = 10;
/** The relay's store is not configured (no REDIS_URL): the operator sets it. */
class StoreSetupError extends domain/* UserError */.yo {
    name = 'StoreSetupError';
    kind = 'store-setup';
}
/** REDIS_URL's Redis, the only store a serverless function can keep. */
const redisFromEnv = async (env) => {
    const url = env.REDIS_URL;
    if (url === undefined || url === '')
        throw new StoreSetupError('set REDIS_URL: a serverless relay keeps what it sent in Redis');
    return redisStore(url);
};
/** Vercel's maximum duration for the relay functions (vercel.json) less a margin for the last send. */
const FUNCTION_DEADLINE_MS = 45_000;
/**
 * The handlers' common part: settings from the environment, the store, one relay run, its summary as
 * JSON (502 when a delivery failed), the store closed whatever happens. A configuration mistake answers
 * 500 with its message; the store out of reach 503; a platform failure `platformStatus`.
 */
async function relayWithStore(env, label, platformStatus, 
/** A push cannot wait for the next scheduled run: while the store is busy, the sender is told to retry. */
push, options, run) {
    const log = options.log ?? ((line) => console.log(line));
    let settings;
    try {
        settings = relaySettingsFromEnv(env);
    }
    catch (error) {
        return jsonResponse(500, { error: error instanceof Error ? error.message : String(error) });
    }
    if (settings.deadlineMs === undefined && options.defaultDeadlineMs !== undefined)
        settings.deadlineMs = options.defaultDeadlineMs;
    let store;
    try {
        store = await (options.openStore ?? redisFromEnv)(env);
    }
    catch (error) {
        if (error instanceof RelayBusyError) {
            log(`${label}: ${error.message}`);
            // The scheduled run's work waits for the next one; a push is not polled again: the sender retries.
            return push
                ? jsonResponse(503, { busy: true, error: `${error.message}; send it again` }, { 'retry-after': String(BUSY_RETRY_AFTER_S) })
                : jsonResponse(200, { busy: true, message: error.message });
        }
        const message = error instanceof Error ? error.message : String(error);
        log(`${label}: ${message}`);
        return jsonResponse((0,domain/* isUserError */.iU)(error, 'store-setup') ? 500 : 503, { error: message });
    }
    try {
        const summary = await run(settings, store);
        for (const note of summary.notes)
            log(`${label}: note: ${note}`);
        log(`${label}: ${summaryText(summary)}`);
        return jsonResponse(summary.failed > 0 ? 502 : 200, summary);
    }
    catch (error) {
        if (isStoreUnavailable(error)) {
            log(`${label}: ${error.message}`);
            const summary = error.summary;
            return jsonResponse(503, { error: error.message, ...(summary ? { summary } : {}) });
        }
        const failure = (0,edge_shared/* describeFailure */.Ic)(error);
        if (failure === undefined)
            throw error;
        log(`${label}: ${failure.message}`);
        return jsonResponse(failure.kind === 'platform' ? platformStatus : 500, { error: failure.message });
    }
    finally {
        await store.close().catch((error) => log(`${label}: ${String(error)}`));
    }
}
/**
 * The body, read no further than `max` bytes: undefined as soon as it is longer (the rest is never
 * read, whatever the sender declared).
 */
async function readLimited(request, max) {
    if (request.body === null)
        return new Uint8Array();
    const reader = request.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > max) {
            await reader.cancel().catch(() => undefined);
            return undefined;
        }
        chunks.push(value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
        out.set(c, at);
        at += c.byteLength;
    }
    return out;
}
/** Bearer CRON_SECRET, compared in constant time; no secret set refuses every call. */
function authorized(request, secret) {
    if (secret === undefined || secret === '')
        return false;
    const given = Buffer.from(request.headers.get('authorization') ?? '');
    const wanted = Buffer.from(`Bearer ${secret}`);
    return given.length === wanted.length && (0,external_node_crypto_.timingSafeEqual)(given, wanted);
}
/** GET /api/relay: the scheduled run, for callers with `Authorization: Bearer $CRON_SECRET`. */
async function handleScheduledRun(request, env, options = {}) {
    if (!authorized(request, env.CRON_SECRET))
        return jsonResponse(401, { error: 'unauthorized: send Authorization: Bearer $CRON_SECRET' });
    return relayWithStore(env, 'depgate relay', 502, false, options, (settings, store) => runRelay(settings, store, { userAgent: options.userAgent ?? 'depgate-relay' }));
}
/**
 * POST /api/webhook: signed notification pushes, relayed through the same claim-send-mark path as the
 * scheduled run, so a pushed notification that a later poll also finds is posted once.
 */
async function handlePush(request, env, options = {}) {
    const secret = env.DEPGATE_WEBHOOK_SECRET;
    if (secret === undefined || secret === '')
        return jsonResponse(401, {
            error: 'unauthorized: DEPGATE_WEBHOOK_SECRET is not set, so pushes are refused',
        });
    const tooLarge = () => jsonResponse(413, { error: `the body is over ${MAX_PUSH_BYTES} bytes` });
    const declared = request.headers.get('content-length');
    if (declared !== null && !(Number(declared) <= MAX_PUSH_BYTES))
        return tooLarge();
    const bytes = await readLimited(request, MAX_PUSH_BYTES);
    if (bytes === undefined)
        return tooLarge();
    const check = checkPush(new TextDecoder().decode(bytes), request.headers.get('x-semgrep-signature-256'), secret, Date.now());
    if (!check.ok)
        return jsonResponse(check.status, { error: check.error });
    return relayWithStore(env, 'depgate relay (push)', 500, true, options, (settings, store) => runRelay(settings, store, {
        given: check.notifications,
        userAgent: options.userAgent ?? 'depgate-relay',
    }));
}

;// CONCATENATED MODULE: ./src/relay/index.ts
// The notification relay: unread platform notifications to Slack and GitHub comments, each once.


















/***/ })

};
