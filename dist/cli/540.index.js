export const id = 540;
export const ids = [540];
export const modules = {

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

/***/ 21540:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runInitCommand: () => (/* binding */ runInitCommand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/policy/index.ts + 9 modules
var policy = __webpack_require__(38652);
// EXTERNAL MODULE: ./src/cli/git.ts
var git = __webpack_require__(16094);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
;// CONCATENATED MODULE: ./src/cli/starter-files.ts
/**
 * The files `depgate init` writes: a starting policy that blocks something real with no token, and a
 * workflow that runs with zero secrets (`platform: 'off'`), so that a first pull request, a Dependabot
 * pull request and a fork's pull request all get a verdict rather than a setup failure.
 */
const STARTER_POLICY = `# depgate policy: what a change to the lockfiles may bring in (every key: docs/policy.md).
# It is read from the base of each pull request, so a pull request cannot relax its own check: an edit
# to this file applies once it is merged.

# Packages a change may not introduce. "name" is a case-insensitive substring unless exactNameMatch;
# versions are compared by each ecosystem's own ordering.
deny:
  - name: event-stream
    exactNameMatch: true
    ecosystem: npm
    exactVersion: 3.3.6
    reason: 'compromised release (flatmap-stream), 2018'
#  - name: lodash
#    exactNameMatch: true
#    ecosystem: npm
#    versionUpperBound: '<4.17.21'
#    reason: 'prototype pollution (CVE-2021-23337): use 4.17.21 or later'

# Excuses for a finding: the same keys as a rule, plus who owns it and until when (a UTC day). After
# that day the finding blocks again.
# exceptions:
#   - name: lodash
#     exactNameMatch: true
#     exactVersion: 4.17.20
#     reason: 'pinned by a vendor SDK'
#     owner: '@your-org/your-team'
#     expires: 2027-01-31

# Licenses (SPDX ids), from the lockfile where it records them, else from the platform (platform: on).
# Use allow: [MIT, Apache-2.0, ...] instead of deny to list what is accepted.
licenses:
  deny: [AGPL-3.0-only, AGPL-3.0-or-later]
  unknown: warn # warn | fail | ignore: a package whose license is not known

# Known vulnerabilities of what a change introduces, from OSV (https://api.osv.dev, no token needed).
vulnerabilities:
  failOn: high # none | low | moderate | high | critical: the lowest severity that blocks
  sources: [osv] # add platform to read the organization's supply-chain findings (needs the token)
  onError: fail # fail | warn: when OSV cannot answer

# Packages no repository of your organization uses yet (needs the platform: platform: on and a token).
newToOrg: warn # off | warn | fail

# Violations the base branch already had are reported apart and do not fail a pull request.
preExisting: report # report | fail
`;
/** The workflow, for a given `uses:` reference of the Action. */
function starterWorkflow(actionRef) {
    return `# depgate: each pull request's lockfile changes against .github/depgate.yml.
# It needs no secret: platform: 'off' checks the policy, OSV and the sources with the repository's own
# token, so a first run, Dependabot's pull requests (which get no Actions secrets) and pull requests from
# forks all get a verdict. To add the platform (licenses and packages new to the organization, project
# tags), set the DEPGATE_API_TOKEN secret, then platform: 'on' and api-token (README, "The GitHub Action").
name: depgate
on:
  pull_request:
  merge_group:

permissions:
  contents: read # read the lockfiles and the policy by commit SHA
  pull-requests: write # the sticky comment (a fork's pull request gets a read-only token: a notice instead)

jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      # No actions/checkout: both sides of each lockfile are read through the API, never run.
      # Pin the Action to a full commit SHA (docs/releasing.md says why and how to update it).
      - uses: ${actionRef}
        with:
          platform: 'off'
`;
}
/** The `uses:` reference written when none is given: the branch that always holds a built dist/. */
const DEFAULT_ACTION_REF = 'depgate/depgate@main';

;// CONCATENATED MODULE: ./src/cli/init-command.ts







const WORKFLOW_PATH = '.github/workflows/depgate.yml';
const SPEC = {
    name: 'init',
    summary: `Writes a starting policy (${policy/* DEFAULT_POLICY_PATH */.lo}, commented, every key explained) and a GitHub Actions workflow (${WORKFLOW_PATH}) that checks each pull request with no secret (platform: 'off'), at the root of the git repository around the current folder (else in the current folder). Refuses to replace a file that exists, unless --force.`,
    options: [
        { flags: '--force', description: 'replace the files when they exist' },
        {
            flags: '--action <ref>',
            description: `the workflow's uses: reference (default ${DEFAULT_ACTION_REF}; better: depgate/depgate@<full commit SHA>)`,
        },
        { flags: '--no-workflow', description: `write the policy only, not ${WORKFLOW_PATH}` },
    ],
    after: `next steps:
  depgate check --platform off    the policy against what your branch changes, locally
  git add .github && git commit   the policy applies to pull requests once it is on the default branch

exit codes: 0 written, 2 a file exists (without --force) or cannot be written`,
};
async function exists(path) {
    try {
        await (0,promises_.access)(path, external_node_fs_.constants.F_OK);
        return true;
    }
    catch {
        return false;
    }
}
/** `depgate init`: the starting files, never over a file the user has without --force. */
async function runInitCommand(args, io) {
    const parsed = (0,cli_io/* parseCommand */.R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags } = parsed;
    const force = flags.has('force');
    // commander turns --no-workflow into workflow: false, which is not a flag value: absent means written.
    const withWorkflow = !args.includes('--no-workflow');
    const action = flags.get('action');
    if (action !== undefined && (typeof action !== 'string' || !/^[\w.-]+\/[\w./-]+@\S+$/.test(action)))
        throw new cli_io/* UsageError */.e(`--action must look like owner/repo@ref, not '${String(action)}'`);
    let root = io.cwd;
    try {
        root = (await (0,git/* git */.$Y)(io.cwd, ['rev-parse', '--show-toplevel'])).trim();
    }
    catch {
        // not in a git repository: the current folder
    }
    const files = [{ path: policy/* DEFAULT_POLICY_PATH */.lo, text: STARTER_POLICY }];
    if (withWorkflow)
        files.push({
            path: WORKFLOW_PATH,
            text: starterWorkflow(typeof action === 'string' ? action : DEFAULT_ACTION_REF),
        });
    const shown = (path) => (0,external_node_path_.relative)(io.cwd, (0,external_node_path_.join)(root, path)) || path;
    if (!force) {
        const present = [];
        for (const file of files)
            if (await exists((0,external_node_path_.join)(root, file.path)))
                present.push(shown(file.path));
        if (present.length > 0)
            throw new cli_io/* UsageError */.e(`${present.join(' and ')} already exist${present.length === 1 ? 's' : ''}: nothing written (--force replaces ${present.length === 1 ? 'it' : 'them'})`);
    }
    for (const file of files) {
        const full = (0,external_node_path_.join)(root, file.path);
        try {
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(full), { recursive: true });
            // Without --force, 'wx' refuses a file that appeared since the check above.
            await (0,promises_.writeFile)(full, file.text, { flag: force ? 'w' : 'wx' });
        }
        catch (error) {
            throw new cli_io/* UsageError */.e(`cannot write ${shown(file.path)}: ${error.code ?? String(error)}`);
        }
        io.stderr(`depgate init: wrote ${shown(file.path)}\n`);
    }
    io.stderr(`depgate init: next: depgate check --platform off (tries the policy on your branch's changes), then commit .github\n`);
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
