export const id = 453;
export const ids = [453];
export const modules = {

/***/ 58453:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runParseCommand: () => (/* binding */ runParseCommand)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _lockfiles_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(22166);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(30115);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(71604);





const SPEC = {
    name: 'parse',
    summary: 'Reads one lockfile and prints its packages. The reader is chosen by file name (below).',
    args: '<lockfile>',
    options: [
        {
            flags: '--format <format>',
            description: 'json (default): {"ecosystem", "format", "packages", "warnings"}; text: a table',
            choices: ['json', 'text'],
        },
        {
            flags: '--as <name>',
            description: 'read the file as if it were named NAME (needed for - : standard input)',
        },
    ],
    after: `lockfiles read:
  npm       package-lock.json, npm-shrinkwrap.json, yarn.lock (v1 and berry), pnpm-lock.yaml, bun.lock
  pypi      requirements*.txt, requirements/*.txt, Pipfile.lock, poetry.lock, uv.lock, pdm.lock
  pypi      pylock.toml, pylock.*.toml
  gomod     go.mod, vendor/modules.txt
  cargo     Cargo.lock
  gem       Gemfile.lock, gems.locked
  composer  composer.lock
  nuget     packages.lock.json, paket.lock, obj/project.assets.json
  swiftpm   Package.resolved
  cocoapods Podfile.lock
  pub       pubspec.lock
  hex       mix.lock
  maven     gradle.lockfile, *gradle*.lockfile, maven_dep_tree.txt, pom.xml
  maven     gradle/verification-metadata.xml

An empty file is read with the warning "empty file: no packages"; a binary file is refused.

exit codes: 0 read, 2 unreadable input (the reason, with file and line, on stderr)`,
};
/** `depgate parse`: read one lockfile and print what it holds. */
async function runParseCommand(args, io) {
    const parsed = (0,_io_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCommand */ .R)(SPEC, args, io);
    if ('exit' in parsed)
        return parsed.exit;
    const { flags, positionals } = parsed;
    const format = flags.get('format') ?? 'json';
    if (format !== 'json' && format !== 'text')
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e(`--format must be json or text, not '${String(format)}'`);
    const file = positionals[0] ?? '';
    const as = flags.get('as');
    if (file === '-' && typeof as !== 'string')
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .e('reading standard input needs --as NAME');
    // Messages name the file as the user gave it, and the name it is read as when --as differs.
    const shown = file === '-' ? 'standard input' : file;
    const name = typeof as === 'string' ? as : file;
    const suffix = typeof as === 'string' && as !== file ? ` (read as ${as})` : '';
    const where = (line, column) => `${shown}${line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`}${suffix}`;
    let bytes;
    try {
        bytes = file === '-' ? await readStdin() : (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(io.cwd, file));
    }
    catch (error) {
        const code = error.code;
        io.stderr(`depgate parse: cannot read ${shown}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? error)}\n`);
        return 2;
    }
    let result;
    try {
        result = (0,_lockfiles_index_js__WEBPACK_IMPORTED_MODULE_2__/* .readLockfile */ .GQ)(name, (0,_lockfiles_index_js__WEBPACK_IMPORTED_MODULE_2__/* .decodeLockfileBytes */ .Hv)(name, bytes));
    }
    catch (error) {
        if (!(0,_lockfiles_index_js__WEBPACK_IMPORTED_MODULE_2__/* .isLockfileError */ .QI)(error))
            throw error;
        io.stderr(`depgate parse: ${where(error.line, error.column)}: ${error.reason}\n`);
        return 2;
    }
    io.stdout(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : renderText(where(), result));
    for (const warning of result.warnings)
        io.stderr(`${warning.notice === true ? 'note' : 'warning'}: ${where(warning.line)}: ${warning.message}\n`);
    return 0;
}
function renderText(file, result) {
    const rows = result.packages.map((p) => [
        String(p.line),
        p.alias === undefined ? p.name : `${p.name} (as ${p.alias})`,
        p.version === '' ? (p.specifier ?? '(unpinned)') : p.version,
        p.source,
        p.direct === undefined ? '' : p.direct ? 'direct' : 'transitive',
        [p.dev ? 'dev' : '', p.optional ? 'optional' : ''].filter(Boolean).join(','),
        p.licenses?.join(', ') ?? '',
    ]);
    const header = ['line', 'name', 'version', 'source', 'kind', 'scope', 'license'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells) => cells
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd();
    return [
        `${file}: ${result.format} (${result.ecosystem}), ${(0,_report_index_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(result.packages.length, 'package')}`,
        line(header),
        ...rows.map(line),
        '',
    ].join('\n');
}
async function readStdin() {
    const chunks = [];
    for await (const chunk of process.stdin)
        chunks.push(chunk);
    return Buffer.concat(chunks);
}


/***/ })

};
