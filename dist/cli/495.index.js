export const id = 495;
export const ids = [495];
export const modules = {

/***/ 42495:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runEmulatorCommand: () => (/* binding */ runEmulatorCommand)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _emulator_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(95984);
/* harmony import */ var _domain_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(25495);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(71604);







const SPEC = {
    name: 'emulator',
    summary: `Serves the platform API on http://127.0.0.1:N from a dataset (the seeded default, or --data FILE in the format of src/emulator/DATASET.md) until interrupted, and prints the tokens it accepts.`,
    options: [
        { flags: '--port <n>', description: 'port to listen on (default 8080; 0 picks a free port)' },
        { flags: '--data <file>', description: 'serve this dataset instead of the seeded one' },
        {
            flags: '--generate <n>',
            description: 'serve the seeded dataset plus N generated dependencies (100 per repository, each repository with its project; deterministic: the same N and --seed give the same records), to try the audit at scale',
        },
        { flags: '--seed <n>', description: 'with --generate: the generator seed (default 42)' },
        {
            flags: '--token <token>',
            description: 'also accept this API token with Web API access for the first deployment (or set DEPGATE_EMULATOR_TOKEN)',
        },
    ],
    after: `admin routes (no auth, loopback only):
  GET|DELETE /__emulator/requests            the request log
  GET|POST|DELETE /__emulator/faults          fault injection, body {"faults": [rule, ...]}

exit codes: 0 stopped when asked, 1 could not listen, 2 bad options or dataset`,
};
const DEFAULT_PORT = 8080;
function describeToken(t) {
    const kind = t.kind === 'jwt'
        ? 'user JWT (notifications only)'
        : t.webApi
            ? 'API token with Web API access'
            : 'API token without Web API access (v1 and notifications answer 404)';
    return `${kind}, ${t.admin ? 'admin' : 'non-admin'} viewer ${t.viewer}, deployment ${t.deploymentId}`;
}
/** `depgate emulator`: the platform API served on loopback until the process is asked to stop. */
async function runEmulatorCommand(args, io) {
    const parsed = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .parseCommand */ .R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    const portText = flags.get('port');
    const port = portText === undefined ? DEFAULT_PORT : Number(portText);
    if (typeof portText === 'string' && (!/^\d{1,5}$/.test(portText) || port > 65535))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--port must be a port number from 0 to 65535, not '${portText}'`);
    let dataset;
    const dataFile = flags.get('data');
    const generate = flags.get('generate');
    const seedText = flags.get('seed');
    if (typeof generate === 'string' && typeof dataFile === 'string')
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--generate and --data do not go together: choose one');
    if (typeof seedText === 'string' && typeof generate !== 'string')
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--seed goes with --generate N');
    if (typeof generate === 'string') {
        if (!/^\d{1,8}$/.test(generate) || Number(generate) < 1 || Number(generate) > 20_000_000)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--generate must be a number of dependencies from 1 to 20000000, not '${generate}'`);
        if (typeof seedText === 'string' && !/^\d{1,10}$/.test(seedText))
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--seed must be a whole number, not '${seedText}'`);
        const count = Number(generate);
        const perRepository = Math.min(100, count);
        const repositories = Math.ceil(count / perRepository);
        dataset = (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_1__/* .generateDataset */ .OD)({
            repositories,
            dependenciesPerRepository: perRepository,
            seed: typeof seedText === 'string' ? Number(seedText) : 42,
        });
        io.stderr(`generated ${(repositories * perRepository).toLocaleString('en-US')} dependencies in ${repositories.toLocaleString('en-US')} repositories (seed ${typeof seedText === 'string' ? seedText : 42})\n`);
    }
    else if (typeof dataFile === 'string') {
        try {
            dataset = await (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_1__/* .loadDatasetFile */ .ty)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(io.cwd, dataFile), dataFile);
        }
        catch (error) {
            if (!(0,_domain_index_js__WEBPACK_IMPORTED_MODULE_2__/* .isUserError */ .iU)(error, 'dataset'))
                throw error;
            io.stderr(`depgate emulator: --data ${error.message}\n`);
            return 2;
        }
        if (dataset.deployments.length === 0) {
            io.stderr(`depgate emulator: --data ${dataFile}: deployments is empty; the emulator needs at least one\n`);
            return 2;
        }
    }
    else
        dataset = (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_1__/* .createSeedDataset */ .CW)();
    const deployment = dataset.deployments[0];
    const extra = flags.get('token') ?? io.env.DEPGATE_EMULATOR_TOKEN;
    if (typeof extra === 'string' && extra !== '') {
        if (/\s/.test(extra))
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--token must not contain whitespace (it travels as a bearer token)');
        if (!dataset.tokens.some((t) => t.token === extra)) {
            dataset.tokens.push({
                token: extra,
                kind: 'api',
                webApi: true,
                deploymentId: deployment.id,
                viewer: 'cli@emulator',
                admin: true,
                description: 'from --token or DEPGATE_EMULATOR_TOKEN',
            });
        }
    }
    const emulator = (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_1__/* .createEmulator */ .Iw)({ dataset });
    let server;
    try {
        server = await (0,_emulator_index_js__WEBPACK_IMPORTED_MODULE_1__/* .startEmulatorServer */ .XQ)({ handler: emulator.handle, port });
    }
    catch (error) {
        const code = error.code;
        const why = code === 'EADDRINUSE'
            ? `port ${port} is already in use (choose another with --port N, or --port 0 for a free one)`
            : code === 'EACCES'
                ? `no permission to listen on port ${port} (ports below 1024 need privileges; try --port 0)`
                : error instanceof Error
                    ? error.message
                    : String(error);
        io.stderr(`depgate emulator: cannot listen on 127.0.0.1:${port}: ${why}\n`);
        return 1;
    }
    try {
        io.stdout(`listening on ${server.url}\n`);
        for (const d of dataset.deployments)
            io.stdout(`deployment ${d.id} "${d.name}" (slug ${d.slug})\n`);
        io.stdout(`OSV API at ${server.url} (POST /v1/querybatch, GET /v1/vulns/{id}; no token), seeded with real advisories\n`);
        io.stdout('tokens (send as Authorization: Bearer <token>):\n');
        for (const t of dataset.tokens)
            io.stdout(`  ${t.token}  ${describeToken(t)}\n`);
        await io.stopSignal;
    }
    finally {
        await server.close();
    }
    io.stdout('emulator stopped\n');
    return 0;
}


/***/ }),

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


/***/ })

};
