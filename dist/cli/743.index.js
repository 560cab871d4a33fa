export const id = 743;
export const ids = [743,130];
export const modules = {

/***/ 28813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ advisorySettingsFrom),
/* harmony export */   f: () => (/* binding */ ADVISORY_OPTIONS)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(88513);


/** `--osv-url` and `--osv-db`, as `check` and `audit` both take them. */
const ADVISORY_OPTIONS = [
    {
        flags: '--osv-url <url>',
        description: "OSV's API for the policy's vulnerabilities check (default: DEPGATE_OSV_URL, else https://api.osv.dev)",
    },
    {
        flags: '--osv-db <dir>',
        description: "read advisories from OSV's per-ecosystem exports in this folder (<dir>/npm/all.zip, ...) instead of the network",
    },
];
/**
 * Where advisories come from, from the flags and the environment: `--osv-url`, else `DEPGATE_OSV_URL`
 * (unless `--osv-db` is given), and `--osv-db` resolved from the working directory. Checked (exit 2).
 */
function advisorySettingsFrom(flags, env, cwd) {
    const osvUrlFlag = flags.get('osvUrl');
    const osvDbFlag = flags.get('osvDb');
    const envOsvUrl = env.DEPGATE_OSV_URL?.trim();
    const settings = {
        ...(typeof osvUrlFlag === 'string'
            ? { osvUrl: osvUrlFlag }
            : envOsvUrl !== undefined && envOsvUrl !== '' && typeof osvDbFlag !== 'string'
                ? { osvUrl: envOsvUrl }
                : {}),
        ...(typeof osvDbFlag === 'string' ? { osvDatabase: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(cwd, osvDbFlag) } : {}),
        names: {
            osvUrl: typeof osvUrlFlag === 'string' ? '--osv-url' : 'DEPGATE_OSV_URL',
            osvDatabase: '--osv-db',
        },
    };
    (0,_edge_shared_index_js__WEBPACK_IMPORTED_MODULE_1__/* .checkAdvisorySettings */ .d_)(settings);
    return settings;
}


/***/ }),

/***/ 22130:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCheckCommand: () => (/* binding */ runCheckCommand)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/edge-shared/index.ts + 7 modules
var edge_shared = __webpack_require__(88513);
// EXTERNAL MODULE: ./src/gate/index.ts + 20 modules
var gate = __webpack_require__(13281);
// EXTERNAL MODULE: ./src/lockfiles/index.ts + 67 modules
var src_lockfiles = __webpack_require__(22166);
// EXTERNAL MODULE: ./src/policy/index.ts + 9 modules
var src_policy = __webpack_require__(38652);
// EXTERNAL MODULE: ./src/report/index.ts + 7 modules
var src_report = __webpack_require__(30115);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/cli/advisory-flags.ts
var advisory_flags = __webpack_require__(28813);
;// CONCATENATED MODULE: ./src/cli/color.ts
/**
 * Whether text output gets ANSI colour, by the usual rules in their usual order: `NO_COLOR` (any
 * non-empty value) turns it off; else `FORCE_COLOR` turns it on (`0` or `false` off), even into a pipe;
 * else colour goes only to a terminal whose `TERM` is not `dumb`.
 * https://no-color.org, https://force-color.org
 */
function shouldColor(env, isTty) {
    if (env.NO_COLOR !== undefined && env.NO_COLOR !== '')
        return false;
    const force = env.FORCE_COLOR;
    if (force !== undefined)
        return force !== '0' && force.toLowerCase() !== 'false';
    return isTty && env.TERM !== 'dumb';
}

// EXTERNAL MODULE: ./src/cli/git.ts
var git = __webpack_require__(16094);
// EXTERNAL MODULE: ./src/cli/output-path.ts
var output_path = __webpack_require__(96593);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./src/cli/find-base.ts


/**
 * What to do about a shallow clone, said once wherever depgate gives up on one: a default
 * actions/checkout step fetches a single commit (fetch-depth: 1), which holds neither the default
 * branch nor the merge base. https://github.com/actions/checkout#fetch-all-history-for-all-tags-and-branches
 */
const SHALLOW_HELP = 'set fetch-depth: 0 on the actions/checkout step (with: fetch-depth: 0) so the clone has the history, or pass --base <the base commit SHA> (on a pull request: ${{ github.event.pull_request.base.sha }})';
/** How far depgate deepens a shallow clone looking for a merge base, step by step: 1,000 commits in all. */
const DEEPEN_STEPS = [10, 40, 150, 800];
/** A shallow clone depgate could not complete: a setup problem (exit 2) that names fetch-depth. */
function shallowCloneError(what) {
    return new git/* GitError */.XS(`this clone is shallow (git rev-parse --is-shallow-repository) and ${what}: ${SHALLOW_HELP}`);
}
async function isShallowRepository(root) {
    try {
        return (await (0,git/* git */.$Y)(root, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
    }
    catch {
        return false;
    }
}
/** The remote to fetch from: `origin` when there is one, else the only one; undefined when none. */
async function fetchRemote(root) {
    const remotes = (await (0,git/* git */.$Y)(root, ['remote'])).split('\n').filter((r) => r !== '');
    if (remotes.includes('origin'))
        return 'origin';
    return remotes.length === 1 ? remotes[0] : undefined;
}
/**
 * git over the network (`fetch`, `ls-remote`), never asking for a password: a CI job has no one to
 * answer (the credentials actions/checkout leaves in the clone's config are used as they are).
 */
function gitRemote(root, args) {
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', args, { cwd: root, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
            if (error === null)
                resolve(stdout);
            // A remote URL may carry credentials (https://user:token@host/...): never shown.
            else
                reject(new git/* GitError */.XS(`git ${args.join(' ')}: ${(stderr || error.message).trim().replace(/\/\/[^/@\s]+@/g, '//***@')}`));
        });
    });
}
/** `git fetch` of what is asked only: no tags, no FETCH_HEAD. */
async function gitFetch(root, args) {
    await gitRemote(root, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', ...args]);
}
/** The remote's default branch name (`git ls-remote --symref`), undefined when it does not say. */
async function remoteDefaultBranch(root, remote) {
    const said = await gitRemote(root, ['ls-remote', '--symref', remote, 'HEAD']);
    return /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(said)?.[1];
}
const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i;
/**
 * Fetches one commit `ref` names into a shallow clone, one commit deep: a full SHA by itself, a branch
 * (`main`, `origin/main`) into its remote-tracking ref. Returns the ref to resolve afterwards.
 */
async function fetchRefShallow(root, remote, ref) {
    if (SHA.test(ref)) {
        await gitFetch(root, ['--depth=1', remote, ref]);
        return ref;
    }
    const branch = ref.startsWith(`${remote}/`) ? ref.slice(remote.length + 1) : ref;
    await gitFetch(root, ['--depth=1', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`]);
    return `${remote}/${branch}`;
}
/**
 * Deepens a shallow clone from both tips (`--deepen`, by their SHAs, so a detached pull-request merge
 * commit is deepened too) until `git merge-base` finds their common ancestor, at most DEEPEN_STEPS in
 * all. Returns the merge base, or undefined when there is none within reach.
 */
async function deepenToMergeBase(root, remote, tips, say) {
    for (const step of DEEPEN_STEPS) {
        say(`deepening the shallow clone by ${step} commits (git fetch --deepen=${step}) to find the merge base`);
        await gitFetch(root, [`--deepen=${step}`, remote, ...tips]);
        const base = await mergeBaseOf(root, tips);
        if (base !== undefined)
            return base;
        if (!(await isShallowRepository(root)))
            return undefined; // the whole history is here: none exists
    }
    return undefined;
}
/** `git merge-base a b`, undefined when git finds none (exit 1). */
async function mergeBaseOf(root, tips) {
    try {
        return (await (0,git/* git */.$Y)(root, ['merge-base', ...tips])).trim() || undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * The commit `ref` names (`--base`, `--head`); in a shallow clone that does not hold it, fetched from
 * the remote one commit deep first (the diff needs the commit's tree, not its history).
 */
async function findCommit(root, ref, say) {
    if (!(await (0,git/* refExists */.SJ)(root, ref))) {
        if (!(await isShallowRepository(root)))
            throw new git/* GitError */.XS(`--base/--head: '${ref}' is not a commit in ${root}`);
        const remote = await fetchRemote(root);
        if (remote === undefined)
            throw shallowCloneError(`'${ref}' is not in it (and it has no remote to fetch it from)`);
        say(`this clone is shallow and does not hold '${ref}': fetching it from ${remote} (one commit deep)`);
        let fetched;
        try {
            fetched = await fetchRefShallow(root, remote, ref);
        }
        catch (error) {
            throw shallowCloneError(`'${ref}' is not in it; fetching it failed: ${error.message}`);
        }
        const found = (await (0,git/* refExists */.SJ)(root, ref)) ? ref : (await (0,git/* refExists */.SJ)(root, fetched)) ? fetched : undefined;
        if (found === undefined)
            throw shallowCloneError(`'${ref}' is not in it, nor on ${remote}`);
        return { ref, sha: (await (0,git/* git */.$Y)(root, ['rev-parse', `${found}^{commit}`])).trim() };
    }
    return { ref, sha: (await (0,git/* git */.$Y)(root, ['rev-parse', `${ref}^{commit}`])).trim() };
}
/**
 * The default base: where HEAD left the default branch (`git merge-base`), the default branch being
 * the remote's HEAD, else `origin/main`, `origin/master`, `main` or `master`. A shallow clone (a default
 * actions/checkout) is completed as far as needed: the default branch fetched one commit deep, then
 * both tips deepened step by step until the merge base is there; when that cannot be done, the error
 * says which fetch-depth to set.
 */
async function findDefaultBase(root, say) {
    const shallow = await isShallowRepository(root);
    let ref;
    for (const candidate of await (0,git/* defaultBranchCandidates */.gb)(root))
        if (await (0,git/* refExists */.SJ)(root, candidate)) {
            ref = candidate;
            break;
        }
    const remote = shallow ? await fetchRemote(root) : undefined;
    if (ref === undefined) {
        if (!shallow)
            throw new git/* GitError */.XS('cannot find the default branch (tried origin/HEAD, origin/main, origin/master, main, master): pass --base REF');
        if (remote === undefined)
            throw shallowCloneError('it holds no default branch (and has no remote to fetch one from)');
        try {
            const branch = await remoteDefaultBranch(root, remote);
            if (branch === undefined)
                throw new git/* GitError */.XS(`${remote} does not say which branch is its default`);
            say(`this clone is shallow and holds no default branch: fetching ${remote}/${branch} (one commit deep)`);
            ref = await fetchRefShallow(root, remote, branch);
        }
        catch (error) {
            throw shallowCloneError(`it holds no default branch; fetching it failed: ${error.message}`);
        }
    }
    const tips = [
        (await (0,git/* git */.$Y)(root, ['rev-parse', 'HEAD^{commit}'])).trim(),
        (await (0,git/* git */.$Y)(root, ['rev-parse', `${ref}^{commit}`])).trim(),
    ];
    const found = await mergeBaseOf(root, tips);
    if (found !== undefined)
        return { ref, sha: found };
    if (!shallow || remote === undefined)
        throw shallow
            ? shallowCloneError(`HEAD and ${ref} have no common commit in it (and it has no remote to fetch more from)`)
            : new git/* GitError */.XS(`HEAD and ${ref} have no common commit (unrelated histories): pass --base REF`);
    let deepened;
    try {
        deepened = await deepenToMergeBase(root, remote, tips, say);
    }
    catch (error) {
        throw shallowCloneError(`HEAD and ${ref} have no common commit in it; fetching more failed: ${error.message}`);
    }
    if (deepened === undefined)
        throw shallowCloneError(`HEAD and ${ref} have no common commit within ${DEEPEN_STEPS.reduce((a, b) => a + b, 0)} commits of history fetched`);
    return { ref, sha: deepened };
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
// EXTERNAL MODULE: ./src/cli/platform-settings.ts
var platform_settings = __webpack_require__(80197);
;// CONCATENATED MODULE: ./src/cli/check-command.ts















const FORMATS = ['text', 'markdown', 'json', 'sarif'];
const POLICY_SIDES = ['base', 'head', 'worktree'];
const SPEC = {
    name: 'check',
    summary: `Checks the lockfiles a change touches against the policy: which packages it adds, upgrades or removes, why each transitive one is there, and whether the policy (and the platform's dependency listing) allows them. Runs in a git working tree: in any CI, or before you push.`,
    options: [
        {
            flags: '--base <ref>',
            description: 'compare from this commit (default: the merge-base of HEAD with the default branch)',
        },
        {
            flags: '--head <ref>',
            description: 'compare to this commit (default: the working tree, untracked files included)',
        },
        {
            flags: '--policy <file>',
            description: 'the policy (default: .github/depgate.yml in the repository; none: no rules)',
        },
        {
            flags: '--policy-from <side>',
            description: 'where the policy is read: base (the base commit: a change cannot relax its own check), head (the --head commit, else HEAD) or worktree; default: base in CI (CI=true) or when --base is given, else the head checked (to try a new policy locally)',
            choices: POLICY_SIDES,
        },
        {
            flags: '--format <format>',
            description: 'the report: text (default), markdown, json or sarif',
            choices: FORMATS,
        },
        {
            flags: '--output <file>',
            description: 'write the report there instead of standard output (the verdict still goes to stderr)',
        },
        {
            flags: '--platform <mode>',
            description: "ask the platform's dependency listing (default: on when DEPGATE_API_TOKEN is set)",
            choices: ['on', 'off'],
        },
        ...advisory_flags/* ADVISORY_OPTIONS */.f,
    ],
    after: `environment:
  DEPGATE_API_URL          the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN        an API token with Web API access
  DEPGATE_DEPLOYMENT_ID    numeric deployment id  } both found from the token when unset
  DEPGATE_DEPLOYMENT_SLUG  deployment slug        }
  DEPGATE_PLATFORM         on or off, like --platform
  DEPGATE_OSV_URL          OSV's API, like --osv-url (asked only when the policy has vulnerabilities:)
  npm_config_registry      the npm registry supplyChain: asks (else .npmrc at the base, else registry.npmjs.org)
  DEPGATE_REGISTRY_TIMEOUT_MS  per-request timeout of the registries (default 30000)
  DEPGATE_NOW              judge release ages at this ISO 8601 time instead of the clock
  CI                       set (true) in CI: the policy is read from the base commit
  NO_COLOR                 no colour in the text report (before FORCE_COLOR)
  FORCE_COLOR              colour even when standard output is not a terminal (0: none)
  TERM=dumb                no colour on that terminal

exit codes: 0 pass, 1 blocked, 2 configuration or usage error (policy, lockfile, git), 3 platform or
advisory source error (vulnerabilities.onError: fail)`,
};
function oneOf(name, value, allowed) {
    if (value === undefined)
        return undefined;
    if (typeof value === 'string' && allowed.includes(value))
        return value;
    throw new cli_io/* UsageError */.e(`--${name} must be ${allowed.join(', ')}, not '${String(value)}'`);
}
/** `CI=true` (GitHub, GitLab, CircleCI, ...) or `CI=1`; `CI=false`, `CI=0` or empty is not CI. */
const isCi = (env) => {
    const value = env.CI?.trim().toLowerCase();
    return value !== undefined && value !== '' && value !== 'false' && value !== '0';
};
/**
 * The policy, read from the side `choice` names: the repository's file (or `--policy` inside the
 * repository) at the base commit, the head commit or the working tree; a `--policy` outside the
 * repository is the operator's file, read as is.
 */
async function loadCheckPolicy(place, io) {
    const { root, file, choice } = place;
    let rel = src_policy/* DEFAULT_POLICY_PATH */.lo;
    if (file !== undefined) {
        const full = (0,external_node_path_.resolve)(place.cwd, file);
        const inside = (0,external_node_path_.relative)(root, full);
        if (inside.startsWith('..') || (0,external_node_path_.isAbsolute)(inside)) {
            let text;
            try {
                text = await (0,promises_.readFile)(full, 'utf8');
            }
            catch (error) {
                const code = error.code;
                throw new cli_io/* UsageError */.e(code === 'ENOENT'
                    ? `--policy ${file}: no such file`
                    : `--policy ${file}: cannot read it (${code ?? String(error)})`);
            }
            return { policy: (0,src_policy/* readPolicy */.T4)(text, file), from: { side: 'file' } };
        }
        rel = inside.split('\\').join('/');
    }
    const headCommit = place.head ?? (await (0,git/* resolveCommit */.WL)(root, 'HEAD'));
    const at = async (side) => side === 'base'
        ? (0,git/* readAtCommit */.zX)(root, place.base, rel)
        : side === 'head'
            ? (0,git/* readAtCommit */.zX)(root, headCommit, rel)
            : (0,git/* readInWorkingTree */.fp)(root, rel);
    const where = {
        base: `the base commit ${place.base.slice(0, 7)}`,
        head: `the head commit ${headCommit.slice(0, 7)}`,
        worktree: 'the working tree',
    };
    const loaded = await (0,gate/* loadPolicy */.tb)({
        path: rel,
        side: choice.side,
        ...(choice.side === 'base'
            ? { commit: place.base }
            : choice.side === 'head'
                ? { commit: headCommit }
                : {}),
        // What the change does to the policy is told, never applied: read the head's side as text only.
        changeSide: place.head === undefined ? 'worktree' : 'head',
        read: at,
        required: file !== undefined,
        errors: {
            refused: (reason) => new cli_io/* UsageError */.e(`${rel} at ${where[choice.side]} is ${reason}: depgate never follows links for its policy; commit the file itself`),
            missing: () => new cli_io/* UsageError */.e(`--policy ${file}: no such file at ${where[choice.side]}`),
        },
    });
    if (loaded.missing)
        io.stderr(`depgate check: warning: no ${src_policy/* DEFAULT_POLICY_PATH */.lo} at ${where[choice.side]}: checking with no rules, so nothing can block a change but the sources checks; depgate init writes a starting policy (docs/policy.md)\n`);
    return loaded;
}
function render(report, format, color) {
    switch (format) {
        case 'text':
            return (0,src_report/* renderText */.S5)(report, { color });
        case 'markdown':
            return (0,src_report/* renderMarkdown */.Gc)(report, {});
        case 'json':
            return (0,src_report/* renderJson */.hF)(report);
        case 'sarif':
            return `${JSON.stringify((0,src_report/* renderSarif */.WH)(report, { toolVersion: version/* VERSION */.x }), null, 2)}\n`;
    }
}
/** A commit for a person: `main (5dc5ba4)`, or `5dc5ba4` alone when it was named by its SHA. */
const commitLabel = ({ ref, sha }) => sha.toLowerCase().startsWith(ref.toLowerCase()) ? sha.slice(0, 7) : `${ref} (${sha.slice(0, 7)})`;
/** `depgate check`: the gate on a git working tree. Fails closed: an error is never a pass. */
async function runCheckCommand(args, io, deps = {}) {
    try {
        return await check(args, io, deps);
    }
    catch (error) {
        const failure = checkFailure(error);
        if (failure === undefined)
            throw error;
        io.stderr(`depgate check: ${failure.message}\n`);
        return failure.code;
    }
}
async function check(args, io, deps) {
    const parsed = (0,cli_io/* parseCommand */.R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    const format = oneOf('format', flags.get('format'), FORMATS) ?? 'text';
    const output = flags.get('output');
    const outputPath = typeof output === 'string' ? await (0,output_path/* checkOutputPath */.$)(io.cwd, output) : undefined;
    const platformFlag = oneOf('platform', flags.get('platform'), ['on', 'off']) ??
        oneOf('platform (DEPGATE_PLATFORM)', io.env.DEPGATE_PLATFORM?.trim() || undefined, [
            'on',
            'off',
        ]);
    const settings = (0,platform_settings/* platformSettingsFromEnv */.ME)(io.env);
    const platformMode = platformFlag ?? (settings === undefined ? 'off' : 'on');
    if (platformMode === 'on' && settings === undefined)
        throw new cli_io/* UsageError */.e(`the platform check is on but no token is set: ${platform_settings/* NO_TOKEN_HELP */.Ms}`);
    const advisorySettings = (0,advisory_flags/* advisorySettingsFrom */.T)(flags, io.env, io.cwd);
    const root = await (0,git/* repositoryRoot */.Hn)(io.cwd);
    const baseFlag = flags.get('base');
    const headFlag = flags.get('head');
    const say = (text) => io.stderr(`depgate check: ${text}\n`);
    const base = typeof baseFlag === 'string' ? await findCommit(root, baseFlag, say) : await findDefaultBase(root, say);
    const head = typeof headFlag === 'string' ? await findCommit(root, headFlag, say) : undefined;
    const policyFlag = flags.get('policy');
    const requested = oneOf('policy-from', flags.get('policyFrom'), POLICY_SIDES);
    const choice = (0,gate/* choosePolicySide */.n1)({
        trigger: 'local',
        ci: isCi(io.env),
        baseGiven: typeof baseFlag === 'string',
        headGiven: head !== undefined,
        ...(requested === undefined ? {} : { requested }),
    });
    const loaded = await loadCheckPolicy({
        root,
        cwd: io.cwd,
        file: typeof policyFlag === 'string' ? policyFlag : undefined,
        choice,
        base: base.sha,
        head: head?.sha,
    }, io);
    const { policy } = loaded;
    const notes = [];
    if (choice.warning !== undefined) {
        notes.push({ level: 'warning', message: choice.warning });
        io.stderr(`depgate check: warning: ${choice.warning}\n`);
    }
    // A missing file was said above, once; a file with no rules in it is said here.
    if (!loaded.missing && !(0,src_policy/* hasRules */.w0)(policy))
        io.stderr(`depgate check: warning: ${(0,src_policy/* noRulesMessage */.u)(policy)}\n`);
    const paths = (await (0,git/* changedPaths */.vl)(root, base.sha, head?.sha)).filter(src_lockfiles/* isAnyLockfilePath */.zC).sort();
    const lockfiles = await Promise.all(paths.map(async (path) => {
        const pair = { path };
        const before = await (0,git/* readAtCommit */.zX)(root, base.sha, path);
        const after = head === undefined ? await (0,git/* readInWorkingTree */.fp)(root, path) : await (0,git/* readAtCommit */.zX)(root, head.sha, path);
        const unreadable = {};
        if (before !== undefined && 'text' in before)
            pair.base = before.text;
        else if (before !== undefined)
            unreadable.base = before.refused;
        if (after !== undefined && 'text' in after)
            pair.head = after.text;
        else if (after !== undefined)
            unreadable.head = after.refused;
        if (Object.keys(unreadable).length > 0)
            pair.unreadable = unreadable;
        // The manifest beside it at the same commit says which packages are direct (never through a link).
        const manifest = (0,src_lockfiles/* manifestPathOf */.Au)(path, pair.head);
        if (manifest !== undefined && pair.head !== undefined) {
            const beside = head === undefined
                ? await (0,git/* readInWorkingTree */.fp)(root, manifest)
                : await (0,git/* readAtCommit */.zX)(root, head.sha, manifest);
            if (beside !== undefined && 'text' in beside)
                pair.headManifest = beside.text;
        }
        return pair;
    }));
    const headLabel = head === undefined ? 'the working tree' : commitLabel(head);
    io.stderr(`depgate check: ${lockfiles.length} changed lockfile${lockfiles.length === 1 ? '' : 's'} between ${commitLabel(base)} and ${headLabel}${platformMode === 'on' ? `, asking ${settings.apiUrl}` : ', platform off'}\n`);
    io.stderr(`depgate check: policy ${loaded.missing ? `none (no ${src_policy/* DEFAULT_POLICY_PATH */.lo})` : policy.source}${loaded.from.side === 'file' ? '' : ` from the ${loaded.from.side === 'worktree' ? 'working tree' : `${loaded.from.side} commit ${loaded.from.commit.slice(0, 7)}`} (${choice.why})`}\n`);
    let platform;
    if (platformMode === 'on')
        platform = await (0,platform_settings/* connectPlatform */.c0)(settings, {
            ...(deps.transport === undefined ? {} : { transport: deps.transport }),
            userAgent: `depgate/${version/* VERSION */.x}`,
        });
    const advisorySources = (0,edge_shared/* advisorySourcesFor */.Bd)(policy, advisorySettings, {
        ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        ...(platform === undefined ? {} : { platform }),
        noPlatform: 'the platform is off (no DEPGATE_API_TOKEN, or --platform off), so its supply-chain findings cannot be asked; set a token or list only osv in vulnerabilities.sources',
    });
    if (advisorySources.length > 0)
        io.stderr(`depgate check: known vulnerabilities from ${advisorySources.map((s) => s.label).join(', ')} (failOn ${policy.vulnerabilities.failOn})\n`);
    // The registry settings and the install-script allow lists are read at the base commit, as the policy
    // is in CI: a change cannot point the check at another registry or allow its own scripts.
    let registry;
    let allowances;
    if (policy.supplyChain !== undefined) {
        const atBase = async (path) => {
            const entry = await (0,git/* readAtCommit */.zX)(root, base.sha, path);
            return entry !== undefined && 'text' in entry ? entry.text : undefined;
        };
        const [npmrc, packageJson, pnpmWorkspace] = await Promise.all(['.npmrc', 'package.json', 'pnpm-workspace.yaml'].map(atBase));
        registry = (0,edge_shared/* registrySourceFor */.ad)(policy, {
            env: io.env,
            ...(npmrc === undefined ? {} : { npmrc }),
            ...(deps.transport === undefined ? {} : { transport: deps.transport }),
        });
        allowances = (0,gate/* scriptAllowances */.LX)({
            ...(packageJson === undefined ? {} : { packageJson }),
            ...(pnpmWorkspace === undefined ? {} : { pnpmWorkspace }),
        });
        io.stderr(`depgate check: supply-chain signals from the npm registry (minimumReleaseAge ${policy.supplyChain.minimumReleaseAge})\n`);
    }
    const now = deps.now ?? clockFrom(io.env);
    const report = await (0,gate/* runGate */.Rg)({
        lockfiles,
        policy,
        advisorySources,
        ...(registry === undefined ? {} : { registry }),
        ...(allowances === undefined ? {} : { scriptAllowances: allowances }),
        now: now(),
        toolVersion: version/* VERSION */.x,
        mode: 'diff',
        base: base.sha,
        baseLabel: typeof baseFlag === 'string' ? commitLabel(base) : `merge base of ${commitLabel(base)}`,
        head: head?.sha ?? 'working tree',
        ...(platform === undefined ? {} : { platform }),
        policyFrom: loaded.from,
        ...(loaded.change === undefined ? {} : { policyChange: loaded.change }),
        notes,
    });
    const color = outputPath === undefined &&
        format === 'text' &&
        shouldColor(io.env, deps.isTty ?? process.stdout.isTTY === true);
    const text = render(report, format, color);
    if (outputPath !== undefined) {
        await (0,promises_.writeFile)(outputPath, text);
        io.stderr(`depgate check: report written to ${output}\n`);
    }
    else {
        io.stdout(text);
    }
    const { counts } = report;
    const unread = report.notes.filter((n) => n.level === 'error' && n.file !== undefined).length;
    io.stderr(`depgate check: ${report.verdict === 'block' ? 'blocked' : 'passed'}: ${counts.violations} violation${counts.violations === 1 ? '' : 's'}${unread === 0 ? '' : `, ${unread} lockfile${unread === 1 ? '' : 's'} it could not read`}, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}, ${counts.introduced} introduced\n`);
    return report.verdict === 'block' ? 1 : 0;
}
/**
 * The clock: the real one, unless `DEPGATE_NOW` (an ISO 8601 time) fixes it, so that a release age
 * is judged at a known instant (tests, replaying a past check).
 */
function clockFrom(env) {
    const fixed = env.DEPGATE_NOW;
    if (fixed === undefined || fixed === '')
        return () => new Date();
    const time = Date.parse(fixed);
    if (Number.isNaN(time))
        throw new cli_io/* UsageError */.e(`DEPGATE_NOW: "${fixed}" is not an ISO 8601 time`);
    return () => new Date(time);
}
/** Turns what can go wrong in a check into its message and exit code (2 user-fixable, 3 platform). */
function checkFailure(error) {
    const failure = (0,edge_shared/* describeFailure */.Ic)(error);
    return failure && { message: failure.message, code: failure.kind === 'config' ? 2 : 3 };
}


/***/ }),

/***/ 80743:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runDemoCommand: () => (/* binding */ runDemoCommand)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./src/core/index.ts + 9 modules
var core = __webpack_require__(64738);
// EXTERNAL MODULE: ./src/emulator/index.ts + 25 modules
var src_emulator = __webpack_require__(95984);
// EXTERNAL MODULE: ./src/cli/check-command.ts + 2 modules
var check_command = __webpack_require__(22130);
// EXTERNAL MODULE: ./src/cli/git.ts
var git = __webpack_require__(16094);
;// CONCATENATED MODULE: ./src/cli/demo-supply-chain.ts






/** The instant the demo judges release ages at: 16 hours after debug 4.4.3 was published. */
const SUPPLY_CHAIN_DEMO_NOW = '2025-09-14T12:00:00Z';
const POLICY = `newToOrg: off
supplyChain:
  minimumReleaseAge: 3d
  installScripts: fail
  provenance: fail
  deprecated: warn
  typosquat: warn
`;
const BASE = { chalk: { version: '5.6.0' }, debug: { version: '4.4.1' } };
const HEAD = {
    chalk: { version: '5.6.2' },
    debug: { version: '4.4.3' },
    esbuild: { version: '0.25.0', script: true },
    request: { version: '2.88.2' },
};
/** A package-lock.json v3 of these direct dependencies, their integrity as the recorded registry has it. */
function lockfile(deps) {
    const integrity = (name, version) => src_emulator/* NPM_SEED_PACKUMENTS */.s6[name].versions[version].dist.integrity;
    const packages = {
        '': {
            name: 'acme-cli',
            version: '1.0.0',
            dependencies: Object.fromEntries(Object.entries(deps).map(([n, d]) => [n, `^${d.version}`])),
        },
    };
    for (const [name, d] of Object.entries(deps))
        packages[`node_modules/${name}`] = {
            version: d.version,
            resolved: `https://registry.npmjs.org/${name}/-/${name}-${d.version}.tgz`,
            integrity: integrity(name, d.version),
            ...(d.script === true ? { hasInstallScript: true } : {}),
        };
    return `${JSON.stringify({ name: 'acme-cli', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}
async function commit(repo, deps, message) {
    await (0,promises_.writeFile)((0,external_node_path_.join)(repo, 'package-lock.json'), lockfile(deps));
    await (0,git/* git */.$Y)(repo, ['add', '-A']);
    await (0,git/* git */.$Y)(repo, [
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
/**
 * The supply-chain part of the demo: a second example repository whose change upgrades debug to a
 * version published hours before (with no provenance where 4.4.1 had it), adds esbuild (an install
 * script) and request (deprecated), checked against the emulator's npm registry (real packuments,
 * recorded) with the clock set to SUPPLY_CHAIN_DEMO_NOW. Returns the check's exit code.
 */
async function supplyChainDemo(registryUrl, io, step) {
    const repo = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'depgate-demo-supply-'));
    try {
        await (0,git/* git */.$Y)(repo, ['init', '-q', '-b', 'main']);
        await (0,promises_.mkdir)((0,external_node_path_.join)(repo, '.github'), { recursive: true });
        await (0,promises_.writeFile)((0,external_node_path_.join)(repo, '.github/depgate.yml'), POLICY);
        await commit(repo, BASE, 'acme-cli 1.0.0');
        await (0,git/* git */.$Y)(repo, ['checkout', '-q', '-b', 'bump']);
        await commit(repo, HEAD, 'Bump debug and chalk, add esbuild and request');
        io.stdout(`\n${step}. Supply chain: another example repository upgrades debug 4.4.1 -> 4.4.3 and adds esbuild and request; depgate check with\n` +
            `   \`supplyChain: { minimumReleaseAge: 3d, installScripts: fail, provenance: fail }\` asks the emulator's npm registry\n` +
            `   (${registryUrl}, packuments recorded from registry.npmjs.org) as if it were ${SUPPLY_CHAIN_DEMO_NOW}:\n\n`);
        return await (0,check_command.runCheckCommand)(['--base', 'main', '--head', 'bump', '--platform', 'off'], {
            ...io,
            cwd: repo,
            env: {
                ...io.env,
                npm_config_registry: registryUrl,
                DEPGATE_NOW: SUPPLY_CHAIN_DEMO_NOW,
                DEPGATE_API_TOKEN: undefined,
                DEPGATE_PLATFORM: 'off',
            },
        });
    }
    finally {
        await (0,promises_.rm)(repo, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    }
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: ./src/relay/index.ts + 18 modules
var relay = __webpack_require__(60819);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
;// CONCATENATED MODULE: ./src/cli/demo-command.ts












const SPEC = {
    name: 'demo',
    summary: `The gate end to end, offline, in seconds (npm start): starts the platform emulator with its seeded organization, builds an example repository in a temporary folder (a base commit, and a change that downgrades lodash below a denied bound, adds minimist under a valid exception, left-pad under an expired one, dayjs which the organization does not use yet, and a new yarn.lock with a package whose license the platform says is GPL-3.0-only, and an injected entry in services/payments that points ip-address 10.2.0 at another host with another integrity), runs \`depgate check\` on it against the emulator, and tags the example project with the verdict.`,
    options: [
        {
            flags: '--keep',
            description: 'keep the example repository (its path is printed) to run depgate check in it yourself',
        },
    ],
};
/** The example repository's two sides, shipped beside the bundle (examples/demo). */
const EXAMPLE = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)), '../../examples/demo');
const PROJECT = 'acme/web';
const VULNERABILITIES_KEY = "vulnerabilities: { failOn: high } # added by the demo: known advisories from the emulator's OSV API\n";
async function commitSide(repo, side, message) {
    await (0,git/* git */.$Y)(repo, ['rm', '-r', '-q', '--ignore-unmatch', '.']);
    await (0,promises_.cp)((0,external_node_path_.join)(EXAMPLE, side), repo, { recursive: true });
    // The one key that turns the vulnerability check on; the demo's OSV is the emulator's.
    await (0,promises_.appendFile)((0,external_node_path_.join)(repo, '.github/depgate.yml'), VULNERABILITIES_KEY);
    await (0,git/* git */.$Y)(repo, ['add', '-A']);
    await (0,git/* git */.$Y)(repo, [
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
    const parsed = (0,cli_io/* parseCommand */.R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    // Ctrl-C (or SIGTERM) stops the demo where it is: the emulator closes its connections, the example
    // repository is removed, and the exit code says it was interrupted (130), never a pass.
    const interrupted = io.stopSignal.then(() => 'interrupted');
    const emulator = (0,src_emulator/* createEmulator */.Iw)({ dataset: (0,src_emulator/* createSeedDataset */.CW)() });
    const server = await (0,src_emulator/* startServer */.UD)(emulator.handle);
    const repo = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'depgate-demo-'));
    try {
        const running = demo();
        // Left behind when interrupted: its failure in the removed folder is of no interest then.
        running.catch(() => undefined);
        const outcome = await Promise.race([running, interrupted]);
        if (outcome !== 'interrupted')
            return outcome;
        io.stderr('\ndepgate demo: interrupted: the emulator is stopped and the example repository removed\n');
        return 130;
    }
    finally {
        await server.close();
        if (flags.has('keep'))
            io.stdout(`\nThe example repository is kept at ${repo}\n`);
        // A git command the signal interrupted may still be letting go of a file in it: retry briefly.
        else
            await (0,promises_.rm)(repo, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    }
    async function demo() {
        io.stdout(`1. The platform emulator is serving the seeded organization '${src_emulator/* SEED_DEPLOYMENT */.y1.slug}' at ${server.url}\n`);
        await (0,git/* git */.$Y)(repo, ['init', '-q', '-b', 'main']);
        await commitSide(repo, 'base', 'acme-shop 1.4.0');
        await (0,git/* git */.$Y)(repo, ['checkout', '-q', '-b', 'upgrade-deps']);
        await commitSide(repo, 'head', 'Upgrade express, pin lodash, add minimist, left-pad and video tools');
        io.stdout(`2. An example repository at ${repo}: branch 'upgrade-deps' changes package-lock.json and services/payments/package-lock.json and adds tools/video/yarn.lock\n`);
        const client = (0,core/* createPlatformClient */.B4)({
            token: src_emulator/* SEED_TOKENS */.ND.api,
            baseUrl: server.url,
            transport: core/* defaultTransport */.JT,
        });
        let before = [];
        for await (const project of client.projects(src_emulator/* SEED_DEPLOYMENT */.y1.slug).items())
            if (project.name === PROJECT)
                before = project.tags;
        io.stdout(`3. depgate check --base main --head upgrade-deps (against the emulator, which also serves OSV's API with real published advisories; the policy has \`vulnerabilities: { failOn: high }\`):\n\n`);
        const env = {
            ...io.env,
            DEPGATE_API_URL: server.url,
            DEPGATE_API_TOKEN: src_emulator/* SEED_TOKENS */.ND.api,
            DEPGATE_DEPLOYMENT_ID: undefined,
            DEPGATE_DEPLOYMENT_SLUG: undefined,
            DEPGATE_PLATFORM: undefined,
            DEPGATE_OSV_URL: server.url,
        };
        const code = await (0,check_command.runCheckCommand)(['--base', 'main', '--head', 'upgrade-deps'], {
            ...io,
            cwd: repo,
            env,
        });
        if (code !== 0 && code !== 1)
            return code;
        const verdict = code === 1 ? 'block' : 'pass';
        const [add, remove] = verdict === 'block' ? ['deps:blocked', 'deps:clean'] : ['deps:clean', 'deps:blocked'];
        await client.addProjectTags(src_emulator/* SEED_DEPLOYMENT */.y1.slug, PROJECT, [add]);
        const after = await client.removeProjectTags(src_emulator/* SEED_DEPLOYMENT */.y1.slug, PROJECT, [remove]);
        io.stdout(`\n4. The verdict is '${verdict}' (exit code ${code}); the project ${PROJECT} is tagged on the platform:\n` +
            `   tags before: ${JSON.stringify(before)}\n   tags after:  ${JSON.stringify(after.tags)}\n`);
        await relayDemo(server.url, io);
        const supplyCode = await supplyChainDemo(`${server.url}${src_emulator/* NPM_REGISTRY_PATH */.og}/`, io, 6);
        if (supplyCode !== 0 && supplyCode !== 1)
            return supplyCode;
        io.stdout(`
What you saw: depgate read both sides of each changed lockfile, worked out what the change adds,
upgrades and removes (and through which dependency each transitive package comes) and which entries
it points at another host with another integrity (lockfile injection), asked the platform in one
request for licenses and where each package is already used, asked OSV's API (served by the emulator)
in one batch for known advisories of what the change introduces and the versions it leaves behind,
judged it all against examples/demo/head/.github/depgate.yml plus \`vulnerabilities: { failOn: high }\`
(a package exception never excuses an advisory: minimist 1.2.5 blocks on its critical one, with its
fix version), and tagged the project. Then the relay forwarded the
platform's unread notifications to Slack, each once. Last, \`supplyChain:\` asked the emulator's npm
registry once per package name: debug 4.4.3 is held back by the 3-day cooldown (pin 4.4.1) and lost
the provenance 4.4.1 had, esbuild runs a postinstall script, and request is deprecated.

On your own repository (after \`npm install -g .\` in this clone: depgate is not on the npm registry):
  depgate check --platform off                           the policy in .github/depgate.yml, locally
  depgate emulator --token t &                           the same against the emulator
  DEPGATE_API_URL=http://127.0.0.1:8080 DEPGATE_API_TOKEN=t depgate check
  DEPGATE_API_TOKEN=<your token> depgate check           against the platform itself
`);
        return 0;
    }
}
/** The relay's part of the demo: the emulator's unread notifications to a Slack-compatible receiver. */
async function relayDemo(platformUrl, io) {
    const received = [];
    const slack = (0,external_node_http_.createServer)((req, res) => {
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
            platform: { apiUrl: platformUrl, token: src_emulator/* SEED_TOKENS */.ND.api },
            rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }],
            backfill: true,
            runLock: true,
        };
        const store = (0,relay/* memoryStore */.LK)();
        // The local receiver has no rate limit: no pause between messages (Slack gets one a second).
        const deps = { sleep: () => Promise.resolve() };
        const summary = await (0,relay/* runRelay */.Do)(settings, store, deps);
        const again = await (0,relay/* runRelay */.Do)(settings, store, deps);
        io.stdout(`\n5. depgate relay --once --backfill: the platform's unread notifications to a Slack-compatible webhook at ${webhook}:\n` +
            received.map((title) => `   posted: ${title}\n`).join('') +
            `   ${summary.posted} posted; a second run posted ${again.posted} (each notification goes once)\n`);
    }
    finally {
        await new Promise((resolve) => slack.close(() => resolve()));
    }
}


/***/ }),

/***/ 16094:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ git),
/* harmony export */   Hn: () => (/* binding */ repositoryRoot),
/* harmony export */   SJ: () => (/* binding */ refExists),
/* harmony export */   WL: () => (/* binding */ resolveCommit),
/* harmony export */   XS: () => (/* binding */ GitError),
/* harmony export */   fp: () => (/* binding */ readInWorkingTree),
/* harmony export */   gb: () => (/* binding */ defaultBranchCandidates),
/* harmony export */   vl: () => (/* binding */ changedPaths),
/* harmony export */   zX: () => (/* binding */ readAtCommit)
/* harmony export */ });
/* unused harmony export gitBytes */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _domain_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(25495);
/* harmony import */ var _lockfiles_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(22166);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(71604);







/** Lockfiles can be tens of megabytes; git's output is read whole. */
const MAX_BUFFER = 1024 * 1024 * 1024;
/** git refused or is missing: a UsageError of its own kind. */
class GitError extends _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .e {
    name = 'GitError';
    kind = 'git';
}
/**
 * Runs git in `cwd` and returns its standard output; a failure is a GitError with git's own words.
 * Pathspecs are literal (a path with `*` or `:` names that file, never a pattern or a magic word).
 */
async function git(cwd, args) {
    return (await gitBytes(cwd, args)).toString('utf8');
}
/** Runs git like `git`, its standard output as bytes (a blob, decoded by what it is). */
function gitBytes(cwd, args) {
    return new Promise((resolve, reject) => {
        const argv = ['--literal-pathspecs', ...args];
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', argv, { cwd, maxBuffer: MAX_BUFFER, encoding: 'buffer' }, (error, stdout, stderr) => {
            if (error === null) {
                resolve(stdout);
                return;
            }
            const code = error.code;
            const said = stderr.toString('utf8');
            if (code === 'ENOENT')
                reject(new GitError('git is not installed or not on PATH'));
            else
                reject(new GitError(`git ${args.join(' ')}: ${(said || error.message).trim()}`));
        });
    });
}
async function repositoryRoot(cwd) {
    try {
        return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
    }
    catch (error) {
        if ((0,_domain_index_js__WEBPACK_IMPORTED_MODULE_4__/* .isUserError */ .iU)(error, 'git') && /not a git repository/i.test(error.message))
            throw new GitError(`${cwd} is not inside a git repository: run depgate check in a clone of your repository`);
        throw error;
    }
}
/** Whether `ref` names a commit in the clone. */
async function refExists(root, ref) {
    try {
        await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
        return true;
    }
    catch {
        return false;
    }
}
/** The usual names of the default branch, in the order tried: the remote's HEAD first. */
async function defaultBranchCandidates(root) {
    const candidates = [];
    try {
        const head = (await git(root, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD'])).trim();
        if (head !== '')
            candidates.push(head.replace(/^refs\/remotes\//, ''));
    }
    catch {
        // no remote HEAD recorded: try the usual names
    }
    candidates.push('origin/main', 'origin/master', 'main', 'master');
    return candidates;
}
async function resolveCommit(root, ref) {
    if (!(await refExists(root, ref)))
        throw new GitError(`--base/--head: '${ref}' is not a commit in ${root}`);
    return (await git(root, ['rev-parse', `${ref}^{commit}`])).trim();
}
const split0 = (text) => text.split('\0').filter((p) => p !== '');
/** Paths changed between `base` and `head` (a commit, or the working tree with untracked files when undefined). */
async function changedPaths(root, base, head) {
    const diff = split0(await git(root, [
        'diff',
        '--name-only',
        '--no-renames',
        '-z',
        base,
        ...(head === undefined ? [] : [head]),
        '--',
    ]));
    if (head !== undefined)
        return diff;
    const untracked = split0(await git(root, ['ls-files', '--others', '--exclude-standard', '-z']));
    return [...new Set([...diff, ...untracked])];
}
/**
 * A path at a commit, from its tree entry (`git ls-tree`, NUL-separated, so every byte of the path
 * counts): a regular file (mode 100644 or 100755) is read by its blob id; a link (120000) is reported
 * as a link and never resolved; a submodule or a folder is not a file.
 */
async function readAtCommit(root, commit, path) {
    const listed = split0(await git(root, ['ls-tree', '-z', '--full-tree', commit, '--', path]));
    for (const entry of listed) {
        const tab = entry.indexOf('\t');
        if (entry.slice(tab + 1) !== path)
            continue;
        const [mode, type, object] = entry.slice(0, tab).split(' ');
        if (mode === '120000')
            return { refused: 'a symbolic link (git mode 120000)' };
        if (type === 'commit')
            return { refused: 'a submodule (git mode 160000)' };
        if (type !== 'blob')
            return { refused: `not a file (a git ${type ?? 'entry'})` };
        return { text: (0,_lockfiles_index_js__WEBPACK_IMPORTED_MODULE_5__/* .decodeFileBytes */ .eU)(path, await gitBytes(root, ['cat-file', 'blob', object])) };
    }
    return undefined;
}
/**
 * A path in the working tree, never through a link: every folder on the way must be a real folder
 * inside the repository (realpath), and the file itself is opened with O_NOFOLLOW and must be a
 * regular file. Undefined when it is not there.
 */
async function readInWorkingTree(root, path) {
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, path);
    try {
        const folder = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.realpath)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(full));
        const expected = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.realpath)(root), (0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path));
        if (folder !== expected)
            return { refused: 'under a folder that is a symbolic link' };
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        throw error;
    }
    let handle;
    try {
        // lstat first where O_NOFOLLOW does not exist (Windows); O_NOFOLLOW closes the race elsewhere.
        if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(full)).isSymbolicLink())
            return { refused: 'a symbolic link' };
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(full, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW ?? 0) | (node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NONBLOCK ?? 0));
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        if (code === 'ELOOP' || code === 'EMLINK')
            return { refused: 'a symbolic link' };
        throw error;
    }
    try {
        const stat = await handle.stat();
        if (!stat.isFile())
            return { refused: stat.isDirectory() ? 'a folder' : 'not a regular file' };
        return { text: (0,_lockfiles_index_js__WEBPACK_IMPORTED_MODULE_5__/* .decodeFileBytes */ .eU)(path, await handle.readFile()) };
    }
    finally {
        await handle.close();
    }
}


/***/ }),

/***/ 96593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ checkOutputPath)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(71604);




/**
 * Checks an `--output` path before any work is done, so that a typo costs a second, not a whole run
 * (and never an "unexpected error" at the end): its folder must exist and be writable, and the path
 * must not be a folder. Returns the absolute path.
 */
async function checkOutputPath(cwd, output) {
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(cwd, output);
    const folder = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(full);
    const code = async (what) => {
        try {
            await what;
            return undefined;
        }
        catch (error) {
            return error.code ?? String(error);
        }
    };
    const folderStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(folder).catch(() => undefined);
    if (folderStat === undefined)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: the folder ${folder} does not exist (create it first)`);
    if (!folderStat.isDirectory())
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: ${folder} is not a folder`);
    const target = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(full).catch(() => undefined);
    if (target?.isDirectory() === true)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: that is a folder; name a file`);
    const denied = await code((0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.access)(target === undefined ? folder : full, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.W_OK));
    if (denied !== undefined)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--output ${output}: cannot write ${target === undefined ? `in the folder ${folder}` : 'that file'} (${denied})`);
    return full;
}


/***/ }),

/***/ 80197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ME: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.ME),
/* harmony export */   Ms: () => (/* binding */ NO_TOKEN_HELP),
/* harmony export */   c0: () => (/* reexport safe */ _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__.c0)
/* harmony export */ });
/* harmony import */ var _edge_shared_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(88513);
// The Action reaches the platform the same way: one connectPlatform for both edges.

const NO_TOKEN_HELP = 'set DEPGATE_API_TOKEN to an API token with Web API access (Settings > Tokens on the platform), or check the local policy alone with --platform off (or DEPGATE_PLATFORM=off)';


/***/ })

};
