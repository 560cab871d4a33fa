export const id = 323;
export const ids = [323];
export const modules = {

/***/ 1323:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runDemoCommand: () => (/* binding */ runDemoCommand)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(73136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(64738);
/* harmony import */ var _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(78473);
/* harmony import */ var _check_command_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(39105);
/* harmony import */ var _git_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(16094);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(37067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_8___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_8__);
/* harmony import */ var _relay_index_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(13777);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(49256);











const SPEC = {
    name: 'demo',
    summary: `The gate end to end, offline, in seconds (npm start): starts the platform emulator with its seeded organization, builds an example repository in a temporary folder (a base commit, and a change that downgrades lodash below a denied bound, adds minimist under a valid exception, left-pad under an expired one, dayjs which the organization does not use yet, and a new yarn.lock with a package whose license the platform says is GPL-3.0-only), runs \`depgate check\` on it against the emulator, and tags the example project with the verdict.`,
    options: [
        {
            flags: '--keep',
            description: 'keep the example repository (its path is printed) to run depgate check in it yourself',
        },
    ],
};
/** The example repository's two sides, shipped beside the bundle (examples/demo). */
const EXAMPLE = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)((0,node_url__WEBPACK_IMPORTED_MODULE_3__.fileURLToPath)(import.meta.url)), '../../examples/demo');
const PROJECT = 'acme/web';
async function commitSide(repo, side, message) {
    await (0,_git_js__WEBPACK_IMPORTED_MODULE_7__/* .git */ .$Y)(repo, ['rm', '-r', '-q', '--ignore-unmatch', '.']);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.cp)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(EXAMPLE, side), repo, { recursive: true });
    await (0,_git_js__WEBPACK_IMPORTED_MODULE_7__/* .git */ .$Y)(repo, ['add', '-A']);
    await (0,_git_js__WEBPACK_IMPORTED_MODULE_7__/* .git */ .$Y)(repo, [
        '-c',
        'user.name=depgate demo',
        '-c',
        'user.email=demo@depgate.invalid',
        'commit',
        '-q',
        '-m',
        message,
    ]);
}
/** `depgate demo` (`npm start`): the main job on the embedded default. */
async function runDemoCommand(args, io) {
    const parsed = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .parseCommand */ .R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    const emulator = (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .createEmulator */ .Iw)({ dataset: (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .createSeedDataset */ .CW)() });
    const server = await (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .startServer */ .UD)(emulator.handle);
    const repo = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)(), 'depgate-demo-'));
    try {
        io.stdout(`1. The platform emulator is serving the seeded organization '${_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_DEPLOYMENT */ .y1.slug}' at ${server.url}\n`);
        await (0,_git_js__WEBPACK_IMPORTED_MODULE_7__/* .git */ .$Y)(repo, ['init', '-q', '-b', 'main']);
        await commitSide(repo, 'base', 'acme-shop 1.4.0');
        await (0,_git_js__WEBPACK_IMPORTED_MODULE_7__/* .git */ .$Y)(repo, ['checkout', '-q', '-b', 'upgrade-deps']);
        await commitSide(repo, 'head', 'Upgrade express, pin lodash, add minimist, left-pad and video tools');
        io.stdout(`2. An example repository at ${repo}: branch 'upgrade-deps' changes package-lock.json and adds tools/video/yarn.lock\n`);
        const client = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_4__/* .createPlatformClient */ .B4)({
            token: _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_TOKENS */ .ND.api,
            baseUrl: server.url,
            transport: _core_index_js__WEBPACK_IMPORTED_MODULE_4__/* .defaultTransport */ .JT,
        });
        let before = [];
        for await (const project of client.projects(_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_DEPLOYMENT */ .y1.slug).items())
            if (project.name === PROJECT)
                before = project.tags;
        io.stdout(`3. depgate check --base main --head upgrade-deps (against the emulator):\n\n`);
        const env = {
            ...io.env,
            DEPGATE_API_URL: server.url,
            DEPGATE_API_TOKEN: _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_TOKENS */ .ND.api,
            DEPGATE_DEPLOYMENT_ID: undefined,
            DEPGATE_DEPLOYMENT_SLUG: undefined,
            DEPGATE_PLATFORM: undefined,
        };
        const code = await (0,_check_command_js__WEBPACK_IMPORTED_MODULE_6__.runCheckCommand)(['--base', 'main', '--head', 'upgrade-deps'], {
            ...io,
            cwd: repo,
            env,
        });
        if (code !== 0 && code !== 1)
            return code;
        const verdict = code === 1 ? 'block' : 'pass';
        const [add, remove] = verdict === 'block' ? ['deps:blocked', 'deps:clean'] : ['deps:clean', 'deps:blocked'];
        await client.addProjectTags(_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_DEPLOYMENT */ .y1.slug, PROJECT, [add]);
        const after = await client.removeProjectTags(_emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_DEPLOYMENT */ .y1.slug, PROJECT, [remove]);
        io.stdout(`\n4. The verdict is '${verdict}' (exit code ${code}); the project ${PROJECT} is tagged on the platform:\n` +
            `   tags before: ${JSON.stringify(before)}\n   tags after:  ${JSON.stringify(after.tags)}\n`);
        await relayDemo(server.url, io);
        io.stdout(`
What you saw: depgate read both sides of each changed lockfile, worked out what the change adds,
upgrades and removes (and through which dependency each transitive package comes), asked the platform
in one request for licenses and where each package is already used, judged it all against
examples/demo/head/.github/depgate.yml, and tagged the project. Then the relay forwarded the
platform's unread notifications to Slack, each once.

On your own repository:
  npx depgate check --platform off                       the policy in .github/depgate.yml, locally
  npx depgate emulator --token t &                       the same against the emulator
  DEPGATE_API_URL=http://127.0.0.1:8080 DEPGATE_API_TOKEN=t npx depgate check
  DEPGATE_API_TOKEN=<your token> npx depgate check       against the platform itself
`);
        return 0;
    }
    finally {
        await server.close();
        if (flags.has('keep'))
            io.stdout(`\nThe example repository is kept at ${repo}\n`);
        else
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)(repo, { recursive: true, force: true });
    }
}
/** The relay's part of the demo: the emulator's unread notifications to a Slack-compatible receiver. */
async function relayDemo(platformUrl, io) {
    const received = [];
    const slack = (0,node_http__WEBPACK_IMPORTED_MODULE_8__.createServer)((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
            try {
                const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
                received.push(message.blocks?.find((b) => b.type === 'header')?.text?.text ?? '(no header)');
            }
            catch {
                received.push('(not JSON)');
            }
            res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
    });
    await new Promise((resolve) => slack.listen(0, '127.0.0.1', resolve));
    try {
        const port = slack.address().port;
        const webhook = `http://127.0.0.1:${port}/services/T0DEMO/B0DEMO/demo`;
        const settings = { platform: { apiUrl: platformUrl, token: _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_TOKENS */ .ND.api }, webhook, backfill: true };
        const store = (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .memoryStore */ .LK)();
        const summary = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .runRelay */ .Do)(settings, store);
        const again = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .runRelay */ .Do)(settings, store);
        io.stdout(`\n5. depgate relay --once --backfill: the platform's unread notifications to a Slack-compatible webhook at ${webhook}:\n` +
            received.map((title) => `   posted: ${title}\n`).join('') +
            `   ${summary.posted} posted; a second run posted ${again.posted} (each notification goes once)\n`);
    }
    finally {
        await new Promise((resolve) => slack.close(() => resolve()));
    }
}


/***/ }),

/***/ 13777:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  tJ: () => (/* reexport */ RelayBusyError),
  oX: () => (/* reexport */ fileStore),
  LK: () => (/* reexport */ memoryStore),
  Yu: () => (/* reexport */ relaySettingsFromEnv),
  Do: () => (/* reexport */ runRelay),
  g5: () => (/* reexport */ summaryText)
});

// UNUSED EXPORTS: DeliveryTable, destinationKey, escapeSlack, matchesRoute, redisStore, relayOnce, routeNotification, slackMessage, slackWebhookSink

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/relay/route.ts
const SEVERITY_ORDER = ['info', 'low', 'medium', 'high', 'critical'];
function severityRank(severity) {
    return SEVERITY_ORDER.indexOf(severity.toLowerCase().replace(/^severity_/, ''));
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
    if (first)
        await store.markInitialized();
    return summary;
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
var dist = __webpack_require__(31672);
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
async function redisStore(url) {
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




/** Reads the relay's settings; a missing or malformed one is a SetupError that names the variable. */
function relaySettingsFromEnv(env) {
    const platform = (0,edge_shared/* platformSettingsFromEnv */.ME)(env);
    if (platform === undefined)
        throw new edge_shared/* SetupError */.w3('set DEPGATE_API_TOKEN to a token that can read notifications');
    const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
    if (webhook === undefined || webhook === '')
        throw new edge_shared/* SetupError */.w3('set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL');
    if (!/^https?:\/\//.test(webhook))
        throw new edge_shared/* SetupError */.w3('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
    return { platform, webhook, backfill: env.DEPGATE_RELAY_BACKFILL === 'true' };
}
/** One run: every unread notification to the webhook, each once, through the given store. */
async function runRelay(settings, store, deps = {}) {
    const platform = await (0,edge_shared/* connectPlatform */.c0)(settings.platform, {
        ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        ...(deps.userAgent === undefined ? {} : { userAgent: deps.userAgent }),
    });
    const rules = [{ to: [{ kind: 'slack-webhook', url: settings.webhook }] }];
    return relayOnce({
        notifications: platform.client.notifications(platform.deploymentId).items(),
        rules,
        store,
        sinks: {
            'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
            'slack-chat': undefined,
            github: undefined,
        },
        owner: (0,external_node_crypto_.randomUUID)(),
        now: deps.now ?? (() => Date.now()),
        backfill: settings.backfill,
    });
}
/** The run's one-line summary. */
function summaryText(summary) {
    return `fetched ${summary.fetched}, routed ${summary.routed}, posted ${summary.posted}, skipped ${summary.skipped} (already sent), recorded ${summary.recorded}${summary.recorded > 0 ? ' (first run: already unread, not posted; --backfill posts them)' : ''}, failed ${summary.failed}`;
}

;// CONCATENATED MODULE: ./src/relay/index.ts
// The notification relay: unread platform notifications to Slack (and GitHub), each once.










/***/ })

};
