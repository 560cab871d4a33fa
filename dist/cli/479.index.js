export const id = 479;
export const ids = [479];
export const modules = {

/***/ 71604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ parseCommand),
/* harmony export */   e: () => (/* binding */ UsageError)
/* harmony export */ });
/* harmony import */ var commander__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48179);
/* harmony import */ var _domain_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(25495);


/** A user-facing usage or input problem: printed without a stack, exit code 2. */
class UsageError extends _domain_index_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo {
    name = 'UsageError';
    kind = 'usage';
}
/**
 * Parses a command's arguments with commander: options with values or flags, choices checked, unknown
 * options and missing or extra arguments refused as UsageError (exit 2), `-h`/`--help` generated from
 * the spec.
 */
function parseCommand(spec, args, io) {
    const command = new commander__WEBPACK_IMPORTED_MODULE_0__/* .Command */ .uB(`depgate ${spec.name}`)
        .description(spec.summary)
        .exitOverride()
        .allowExcessArguments(false)
        .configureOutput({
        writeOut: (text) => io.stdout(text),
        writeErr: () => undefined,
        outputError: () => undefined,
    })
        .helpOption('-h, --help', 'show this help');
    if (spec.args !== undefined)
        command.arguments(spec.args);
    for (const option of spec.options) {
        const made = new commander__WEBPACK_IMPORTED_MODULE_0__/* .Option */ .c$(option.flags, option.description);
        if (option.choices !== undefined)
            made.choices(option.choices);
        command.addOption(made);
    }
    if (spec.after !== undefined)
        command.addHelpText('after', `\n${spec.after.trimEnd()}`);
    try {
        command.parse([...args], { from: 'user' });
    }
    catch (error) {
        if (error instanceof commander__WEBPACK_IMPORTED_MODULE_0__/* .CommanderError */ .b7) {
            if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help')
                return { exit: 0 };
            throw new UsageError(`${error.message.replace(/^error: /, '')} (see depgate ${spec.name} --help)`);
        }
        throw error;
    }
    const flags = new Map();
    const lists = new Map();
    for (const [name, value] of Object.entries(command.opts())) {
        if (value === true)
            flags.set(name, true);
        else if (typeof value === 'string')
            flags.set(name, value);
        else if (Array.isArray(value))
            lists.set(name, value.map(String));
    }
    return { flags, lists, positionals: command.args };
}


/***/ }),

/***/ 58479:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runRelayCommand: () => (/* binding */ runRelayCommand)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(88513);
/* harmony import */ var _emulator_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(95984);
/* harmony import */ var _relay_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(60819);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(311);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(71604);







const DEFAULT_SERVE_PORT = 8788;
/** Exit code when the store is out of reach (the run stopped; the next run picks up). */
const STORE_EXIT = 4;
const SPEC = {
    name: 'relay',
    summary: "Forwards the platform's unread in-app notifications to Slack and to GitHub pull request comments, each once. `depgate relay --once` is one run for any scheduler (cron, a scheduled workflow): it polls every unread notification, sends the new ones by the routing rules and records what it sent, so the next run sends only what is new. `depgate relay serve` answers the same requests as the Vercel functions (GET /api/relay, POST /api/webhook) on a plain Node server.",
    args: '[mode]',
    options: [
        { flags: '--once', description: 'one run, then exit' },
        {
            flags: '--backfill',
            description: 'when the store is empty (a first run, or a lost store) and there is no baseline, post every unread notification (without it, or --since, such a run posts nothing and stops with exit 2)',
        },
        {
            flags: '--since <time>',
            description: 'the baseline: notifications created before this time (ISO 8601 or Unix seconds) are never posted; recorded in the store, so a later run without it keeps to it (a different one given later wins, and is recorded); needed when the store is empty (a first run, or a lost store) unless --backfill (default DEPGATE_RELAY_SINCE)',
        },
        {
            flags: '--rules <file>',
            description: 'routing rules (YAML or JSON): which notifications go to which Slack webhooks, Slack channels and GitHub pull requests (see docs/relay.md); default DEPGATE_RELAY_RULES, else everything to DEPGATE_SLACK_WEBHOOK_URL',
        },
        {
            flags: '--deadline <seconds>',
            description: 'start no message after this many seconds; what is left waits for the next run (default DEPGATE_RELAY_DEADLINE, else none)',
        },
        {
            flags: '--port <n>',
            description: `serve: the port to listen on (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)`,
        },
        { flags: '--host <address>', description: 'serve: the address to listen on (default 127.0.0.1)' },
    ],
    after: `usage:
  depgate relay --once [--since TIME | --backfill] [--rules FILE] [--deadline SECONDS]
  depgate relay serve [--port N] [--host ADDRESS]

environment:
  DEPGATE_API_URL             the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN           an API token (or a user JWT: notifications are per viewer)
  DEPGATE_DEPLOYMENT_ID       numeric deployment id (found from the token when unset)
  DEPGATE_SLACK_WEBHOOK_URL   without rules: the Slack incoming webhook every notification goes to
  DEPGATE_RELAY_RULES         routing rules as YAML or JSON text (like --rules)
  SLACK_BOT_TOKEN             bot token for slackChannel destinations (chat.postMessage)
  SLACK_API_URL               Slack Web API base URL (default https://slack.com/api/)
  GITHUB_TOKEN                token for githubComment destinations (issues and pull requests: write)
  GITHUB_API_URL              GitHub API base URL (default https://api.github.com)
  GITHUB_SERVER_URL           GitHub Enterprise Server URL, whose pull request links count as linked
  DEPGATE_STATE_FILE          what the relay has sent, without REDIS_URL (default .depgate-relay-state.json)
  REDIS_URL                   keep what the relay has sent in Redis instead (shared by every runner)
  DEPGATE_RELAY_SINCE         like --since: set it once, at install, so a lost store never drops or floods
  DEPGATE_RELAY_BACKFILL      true: like --backfill
  DEPGATE_RELAY_DEADLINE      like --deadline
  DEPGATE_RELAY_RUN_LOCK      false: let overlapping runs share the work (claims still send each once)
  DEPGATE_RELAY_LEASE         seconds a claim holds before another run may take it over (default 300)
  DEPGATE_RELAY_PACE          ms between two messages to one destination (default: Slack 1000, GitHub 750)
  DEPGATE_RELAY_KEEP_DAYS     days a sent delivery is remembered (default 90; keep it longer than notifications stay unread)
  DEPGATE_RELAY_MARKER_KEY    the secret that seals what Slack and GitHub read-backs count (default DEPGATE_API_TOKEN)
  CRON_SECRET                 serve: GET /api/relay needs Authorization: Bearer $CRON_SECRET
  DEPGATE_WEBHOOK_SECRET      serve: the HMAC secret of signed pushes to POST /api/webhook

exit codes: 0 every delivery done (or deferred to the next run), 1 some delivery failed (retried next run), 2 configuration (an empty store without --since or --backfill too), 3 platform error, 4 the store is out of reach (the run stopped; nothing was sent without its claim recorded)`,
};
/** The relay's store: Redis when REDIS_URL is set, else the state file (with its lock). */
async function openStore(env, cwd, now) {
    const redisUrl = env.REDIS_URL?.trim();
    if (redisUrl) {
        return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .redisStore */ .dc)(redisUrl);
    }
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(cwd, env.DEPGATE_STATE_FILE ?? '.depgate-relay-state.json');
    return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .guardStore */ .dh)(await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .fileStore */ .oX)(path, now), `the state file ${path}`);
}
/** `depgate relay --once` (one relay run) and `depgate relay serve` (the handlers on node:http). */
async function runRelayCommand(args, io, deps = {}) {
    const parsed = (0,_io_js__WEBPACK_IMPORTED_MODULE_5__/* .parseCommand */ .R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags, positionals } = parsed;
    const mode = positionals[0];
    if (mode !== undefined && mode !== 'serve')
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e(`unknown mode '${mode}': say --once for one run, or serve (see depgate relay --help)`);
    const deadline = flags.get('deadline');
    const since = flags.get('since');
    const env = {
        ...io.env,
        ...(typeof deadline === 'string' ? { DEPGATE_RELAY_DEADLINE: deadline } : {}),
        ...(typeof since === 'string' ? { DEPGATE_RELAY_SINCE: since } : {}),
    };
    if (mode === 'serve') {
        if (flags.has('once'))
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e('--once and serve do not go together: choose one');
        return serve(flags, env, io);
    }
    if (flags.has('port') || flags.has('host'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e('--port and --host are for serve');
    if (!flags.has('once'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e('say --once for one run (any scheduler), or serve (see depgate relay --help)');
    // A setup or rules mistake is a user error: the CLI prints it and exits 2.
    const rulesPath = flags.get('rules');
    let rulesFile;
    if (typeof rulesPath === 'string') {
        try {
            rulesFile = { text: await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(io.cwd, rulesPath), 'utf8'), source: rulesPath };
        }
        catch (error) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e(`--rules ${rulesPath}: cannot read it (${error.code ?? 'error'})`);
        }
    }
    const settings = (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .relaySettingsFromEnv */ .Yu)(env, rulesFile);
    if (flags.has('backfill'))
        settings.backfill = true;
    const now = deps.now ?? (() => Date.now());
    let store;
    try {
        store = await openStore(env, io.cwd, now());
    }
    catch (error) {
        if (error instanceof _relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .RelayBusyError */ .tJ) {
            io.stderr(`depgate relay: ${error.message}\n`);
            return 0;
        }
        if ((0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .isStoreUnavailable */ .MV)(error)) {
            io.stderr(`depgate relay: ${error.message}; nothing was sent\n`);
            return STORE_EXIT;
        }
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e(error instanceof Error ? error.message : String(error));
    }
    try {
        const summary = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .runRelay */ .Do)(settings, store, { ...deps, now, userAgent: `depgate/${_version_js__WEBPACK_IMPORTED_MODULE_6__/* .VERSION */ .x}` });
        for (const note of summary.notes)
            io.stderr(`depgate relay: note: ${note}\n`);
        for (const error of summary.errors)
            io.stderr(`depgate relay: ${error}\n`);
        io.stderr(`depgate relay: ${(0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .summaryText */ .g5)(summary)}\n`);
        return summary.failed > 0 ? 1 : 0;
    }
    catch (error) {
        if ((0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .isStoreUnavailable */ .MV)(error)) {
            const partial = error.summary;
            for (const error of partial?.errors ?? [])
                io.stderr(`depgate relay: ${error}\n`);
            io.stderr(`depgate relay: ${error.message}\n`);
            return STORE_EXIT;
        }
        const failure = (0,_edge_shared_index_js__WEBPACK_IMPORTED_MODULE_2__/* .describeFailure */ .Ic)(error);
        if (failure === undefined)
            throw error;
        io.stderr(`depgate relay: ${failure.message}\n`);
        return failure.kind === 'platform' ? 3 : 2;
    }
    finally {
        await store.close().catch((error) => {
            io.stderr(`depgate relay: ${error instanceof Error ? error.message : String(error)}\n`);
        });
    }
}
/** The Vercel functions' handlers on a plain Node server, until SIGINT or SIGTERM. */
async function serve(flags, env, io) {
    const portText = flags.get('port');
    const port = typeof portText === 'string' ? Number(portText) : DEFAULT_SERVE_PORT;
    if (typeof portText === 'string' && (!/^\d{1,5}$/.test(portText) || port > 65535))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .e(`--port must be a port number from 0 to 65535, not '${portText}'`);
    const host = typeof flags.get('host') === 'string' ? flags.get('host') : '127.0.0.1';
    // Settings are read per request, as the functions do; a mistake is better said now, once.
    (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .relaySettingsFromEnv */ .Yu)(env);
    if (!env.CRON_SECRET && !env.DEPGATE_WEBHOOK_SECRET)
        io.stderr('depgate relay: neither CRON_SECRET nor DEPGATE_WEBHOOK_SECRET is set: every request will be refused (401)\n');
    const options = {
        openStore: (e) => openStore(e, io.cwd, Date.now()),
        log: (line) => io.stderr(`${line}\n`),
        userAgent: `depgate/${_version_js__WEBPACK_IMPORTED_MODULE_6__/* .VERSION */ .x}`,
    };
    const route = (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/relay' && request.method === 'GET')
            return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .handleScheduledRun */ .XW)(request, env, options);
        if (path === '/api/webhook' && request.method === 'POST')
            return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .handlePush */ .vW)(request, env, options);
        if (path === '/healthz' && request.method === 'GET')
            return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .jsonResponse */ .Yf)(200, { ok: true });
        return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .jsonResponse */ .Yf)(404, { error: 'not found: GET /api/relay, POST /api/webhook, GET /healthz' });
    };
    const handler = async (request) => {
        try {
            return await route(request);
        }
        catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            io.stderr(`depgate relay: internal error: ${message}\n`);
            return (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .jsonResponse */ .Yf)(500, { error: `internal relay error: ${message}` });
        }
    };
    let server;
    try {
        // Signed pushes are the only bodies: anything longer is refused at the limit, never read whole.
        server = await (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_3__/* .startEmulatorServer */ .XQ)({ handler, port, host, maxBodyBytes: _relay_index_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_PUSH_BYTES */ .gO });
    }
    catch (error) {
        const code = error.code;
        io.stderr(`depgate relay: cannot listen on ${host}:${port}: ${code === 'EADDRINUSE' ? `port ${port} is already in use (choose another with --port N)` : error instanceof Error ? error.message : String(error)}\n`);
        return 1;
    }
    try {
        io.stdout(`relay listening on ${server.url} (GET /api/relay, POST /api/webhook)\n`);
        await io.stopSignal;
    }
    finally {
        await server.close();
    }
    io.stdout('relay stopped\n');
    return 0;
}


/***/ })

};
