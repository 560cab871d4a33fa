export const id = 479;
export const ids = [479];
export const modules = {

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
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(77454);
/* harmony import */ var _relay_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(28182);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(311);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(49256);






const SPEC = {
    name: 'relay',
    summary: "Forwards the platform's unread in-app notifications to Slack, each once: one run polls every unread notification, sends the new ones and records what it sent, so the next run (any scheduler: cron, a scheduled workflow) sends only what is new.",
    options: [
        { flags: '--once', description: 'one run, then exit (the only mode so far)' },
        {
            flags: '--backfill',
            description: 'on the first run, forward what is already unread (by default the first run records it without posting, so installing does not flood the channel)',
        },
        {
            flags: '--rules <file>',
            description: 'routing rules (YAML or JSON): which notifications go to which Slack webhooks and channels (see docs/relay.md); default DEPGATE_RELAY_RULES, else everything to DEPGATE_SLACK_WEBHOOK_URL',
        },
    ],
    after: `environment:
  DEPGATE_API_URL             the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN           an API token (or a user JWT: notifications are per viewer)
  DEPGATE_DEPLOYMENT_ID       numeric deployment id (found from the token when unset)
  DEPGATE_SLACK_WEBHOOK_URL   without rules: the Slack incoming webhook every notification goes to
  DEPGATE_RELAY_RULES         routing rules as YAML or JSON text (like --rules)
  SLACK_BOT_TOKEN             bot token for slackChannel destinations (chat.postMessage)
  SLACK_API_URL               Slack Web API base URL (default https://slack.com/api/)
  DEPGATE_STATE_FILE          what the relay has sent (default .depgate-relay-state.json)
  DEPGATE_RELAY_BACKFILL      true: like --backfill

exit codes: 0 every delivery done, 1 some delivery failed (retried next run), 2 configuration, 3 platform error`,
};
/** `depgate relay --once`: one relay run. */
async function runRelayCommand(args, io, deps = {}) {
    const parsed = (0,_io_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCommand */ .R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    if (!flags.has('once'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e('say --once: one run, for any scheduler (see depgate relay --help)');
    let settings;
    try {
        const rulesPath = flags.get('rules');
        let rulesFile;
        if (typeof rulesPath === 'string') {
            try {
                rulesFile = { text: await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(io.cwd, rulesPath), 'utf8'), source: rulesPath };
            }
            catch (error) {
                throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e(`--rules ${rulesPath}: cannot read it (${error.code ?? 'error'})`);
            }
        }
        settings = (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .relaySettingsFromEnv */ .Yu)(io.env, rulesFile);
    }
    catch (error) {
        if ((0,_edge_shared_index_js__WEBPACK_IMPORTED_MODULE_2__/* .isSetupError */ .oR)(error) || error instanceof _relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .RulesError */ .mX)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e(error.message);
        throw error;
    }
    if (flags.has('backfill'))
        settings.backfill = true;
    const now = deps.now ?? (() => Date.now());
    const statePath = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(io.cwd, io.env.DEPGATE_STATE_FILE ?? '.depgate-relay-state.json');
    let store;
    try {
        store = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .fileStore */ .oX)(statePath, now());
    }
    catch (error) {
        if (error instanceof _relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .RelayBusyError */ .tJ) {
            io.stderr(`depgate relay: ${error.message}\n`);
            return 0;
        }
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e(error instanceof Error ? error.message : String(error));
    }
    try {
        const summary = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .runRelay */ .Do)(settings, store, { ...deps, now, userAgent: `depgate/${_version_js__WEBPACK_IMPORTED_MODULE_5__/* .VERSION */ .x}` });
        for (const error of summary.errors)
            io.stderr(`depgate relay: ${error}\n`);
        io.stderr(`depgate relay: ${(0,_relay_index_js__WEBPACK_IMPORTED_MODULE_3__/* .summaryText */ .g5)(summary)}\n`);
        return summary.failed > 0 ? 1 : 0;
    }
    catch (error) {
        const failure = (0,_edge_shared_index_js__WEBPACK_IMPORTED_MODULE_2__/* .describeFailure */ .Ic)(error);
        if (failure === undefined)
            throw error;
        io.stderr(`depgate relay: ${failure.message}\n`);
        return failure.kind === 'platform' ? 3 : 2;
    }
    finally {
        await store.close();
    }
}


/***/ })

};
