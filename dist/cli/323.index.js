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
/* harmony import */ var _relay_index_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(66463);
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
        const settings = {
            platform: { apiUrl: platformUrl, token: _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__/* .SEED_TOKENS */ .ND.api },
            rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }],
            backfill: true,
            runLock: true,
        };
        const store = (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .memoryStore */ .LK)();
        // The local receiver has no rate limit: no pause between messages (Slack gets one a second).
        const deps = { sleep: () => Promise.resolve() };
        const summary = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .runRelay */ .Do)(settings, store, deps);
        const again = await (0,_relay_index_js__WEBPACK_IMPORTED_MODULE_9__/* .runRelay */ .Do)(settings, store, deps);
        io.stdout(`\n5. depgate relay --once --backfill: the platform's unread notifications to a Slack-compatible webhook at ${webhook}:\n` +
            received.map((title) => `   posted: ${title}\n`).join('') +
            `   ${summary.posted} posted; a second run posted ${again.posted} (each notification goes once)\n`);
    }
    finally {
        await new Promise((resolve) => slack.close(() => resolve()));
    }
}


/***/ })

};
