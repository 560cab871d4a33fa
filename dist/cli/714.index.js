export const id = 714;
export const ids = [714];
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

/***/ 30115:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GH: () => (/* reexport */ SARIF_KINDS),
  LS: () => (/* reexport */ plural),
  g$: () => (/* reexport */ printable),
  hF: () => (/* reexport */ renderJson),
  Gc: () => (/* reexport */ renderMarkdown),
  WH: () => (/* reexport */ renderSarif),
  S5: () => (/* reexport */ renderText),
  lX: () => (/* reexport */ sarifAdvisoryRule),
  o8: () => (/* reexport */ sarifFingerprint),
  VS: () => (/* reexport */ sarifRules),
  Yw: () => (/* reexport */ sarifSuppressions)
});

// UNUSED EXPORTS: DEFAULT_MARKDOWN_LENGTH, annotationsOf, codeBlock, codeSpan, escapeMarkdown, summaryLine

// EXTERNAL MODULE: ./src/gate/index.ts + 20 modules
var gate = __webpack_require__(13281);
// EXTERNAL MODULE: ./src/domain/index.ts + 18 modules
var domain = __webpack_require__(25495);
;// CONCATENATED MODULE: ./src/report/escape.ts
// How text a pull request controls (names, versions, paths, licenses, chains, notes quoting a lockfile)
// is made inert in each renderer. Every renderer goes through these functions: nothing a lockfile
// says reaches a comment, a summary or a terminal as markup, a mention, a reference or a control code.

/**
 * Characters that move the cursor, end a line, or reorder what is shown (C0 and C1 controls, DEL, the
 * line and paragraph separators, the bidirectional overrides and isolates of "Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * The text on one line, every control, line break and bidirectional override shown as its escape
 * (`\n`, `\u{1B}`, `\u{202E}`): what the terminal shows is what the lockfile says, and a value can
 * neither forge a line of the report nor recolour or clear the screen.
 */
function printable(text) {
    return text.replace(UNPRINTABLE, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(2, '0')}}`);
}
/**
 * Prose made inert in Markdown and HTML, on one line: table pipes, tags, entities, emphasis, code and
 * links are escaped; mentions (`@octocat`, `@acme/team`, emails), references (`#1`, `GH-1`,
 * `owner/repo#1`) and bare links (`https://`, `www.`) are broken by a word joiner, which is invisible.
 * GitHub finds mentions and references in the rendered text after Markdown, so a backslash cannot stop
 * them: only a character between `@` and the name, or a code span (see `codeSpan`), does.
 */
function escapeMarkdown(text) {
    return (0,domain/* breakAutolinks */.q4)(printable(text.replace(/\r\n?|\n/g, ' ')).replace(/[\\`*_[\]<>|~&]/g, (c) => c === '&' ? '&amp;' : `\\${c}`));
}
/**
 * A value (a package name, a version, a path) as a Markdown code span: shown as written, and inside it
 * GitHub links, mentions and references nothing and reads no HTML. The fence is one backtick longer
 * than the longest run in the value; line breaks and controls are shown as escapes (a code span may
 * span lines, and a new line in a table cell ends the row). In a table (`table: true`) pipes are
 * escaped as GFM asks, so that the cell does not split; a backslash right before a pipe then shows
 * doubled (no real package name has one).
 */
function codeSpan(value, options = {}) {
    if (value === '')
        return '_(empty)_';
    let text = printable(value);
    if (options.table === true)
        text = text.replace(/\|/g, '\\|');
    let longest = 0;
    for (const run of text.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    // A space on each side is stripped by the reader: it lets a value start or end with a backtick or a space.
    const pad = /^[`\s]|[`\s]$/.test(text) ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/**
 * Text as a fenced code block: its lines kept, each made printable, fenced by one backtick more than
 * the longest run in it (at least three), so that nothing inside can close the block early.
 */
function codeBlock(text) {
    const lines = text.split(/\r\n?|\n/).map(printable);
    let longest = 2;
    for (const run of text.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    return `${fence}\n${lines.join('\n')}\n${fence}`;
}
/** A URL safe to link as written: https, a host, and no character that could end or break a link. */
const LINKABLE = /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9/._~%!$&'*+,;=:@?#-]*)?$/;
/**
 * A Markdown link whose text and target come from outside (an advisory id and its URL): the text as a
 * code span, the target only when it is a plain https URL (no spaces, brackets, quotes or parentheses
 * that could end the link or open HTML); otherwise the text alone, unlinked.
 */
function markdownLink(text, url) {
    const shown = codeSpan(text, { table: true });
    return LINKABLE.test(url) ? `[${shown}](${url})` : shown;
}

;// CONCATENATED MODULE: ./src/report/describe.ts


/** `4.17.21 -> 4.17.20`, `+ 1.3.0` (added), or the version alone for a pre-existing package. */
function describe_changeText(f, mode = 'diff', show = printable) {
    if (mode === 'audit')
        return f.version === '' ? '(no version)' : show(f.version);
    if (f.previousVersion !== undefined)
        return `${show(f.previousVersion)} -> ${show(f.version)}`;
    if (f.change === 'added')
        return `+ ${show(f.version)}`;
    return f.version === '' ? '(no version)' : show(f.version);
}
/** Why the package is there: `direct`, the chain from a direct dependency, or what is known of it. */
function describe_whyText(f, show = printable, arrow = ' > ') {
    if (f.transitivity === 'direct')
        return 'direct';
    if (f.path !== undefined && f.path.length > 1)
        return f.path.map(show).join(arrow);
    if (!f.pathRecorded)
        return f.transitivity === 'transitive' ? 'transitive (path not recorded)' : 'path not recorded';
    return f.transitivity === 'transitive' ? 'transitive' : 'not reached from a direct dependency';
}
function exceptionText(e) {
    if (e.advisory !== undefined)
        return e.status === 'valid'
            ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
            : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses ${e.advisory}`;
    return e.status === 'valid'
        ? `excused by ${e.id} (owner ${e.owner}, until ${e.expires}): ${e.reason}`
        : `${e.id} (owner ${e.owner}) expired on ${e.expires}: it no longer excuses this`;
}
function usageText(f) {
    if (f.orgRepositories === undefined)
        return undefined;
    if (f.orgRepositories === 0)
        return 'used by no repository of the organization yet';
    return `used in ${f.orgRepositories} ${f.orgRepositories === 1 ? 'repository' : 'repositories'} of the organization`;
}
/** An advisory in a line: `GHSA-35jh-r3h4-6jhm (high, CVE-2021-23337): Command Injection in lodash`. */
function advisoryText(a) {
    const also = a.aliases.length === 0 ? '' : `, ${a.aliases.join(', ')}`;
    return `${a.id} (${a.severity}${also})${a.summary === '' ? '' : `: ${a.summary}`}`;
}
/** `fix: lodash 4.17.20 -> 4.17.21`, a version after the last affected one, or that none is known. */
function fixText(f) {
    return (0,gate/* vulnerabilityFixText */.Jb)(f.name, f.version, f.fix, f.fixAfter, f.fixCommand);
}
/** What the vulnerability check asked, in a line (absent when the policy does not turn it on). */
function vulnerabilityLine(report) {
    const v = report.vulnerabilities;
    if (v === undefined)
        return undefined;
    const sources = v.sources
        .map((s) => `${s.label} ${s.status === 'failed' ? 'FAILED' : `(${plural(s.requests, 'request')})`}`)
        .join(', ');
    const fixed = v.fixed === 0 ? '' : `; fixes ${plural(v.fixed, 'advisory', 'advisories')}`;
    return `vulnerabilities (failOn ${v.failOn}): ${sources || 'no source'}; ${plural(v.queried, 'package version')} asked, ${v.vulnerable} introduced vulnerable${fixed}`;
}
/** What the supply-chain check asked, in a line (absent when the policy does not turn it on). */
function supplyChainLine(report) {
    const s = report.supplyChain;
    if (s === undefined)
        return undefined;
    const registries = s.registries
        .map((r) => `${r.registry}${r.status === 'failed' ? ' FAILED' : ''}`)
        .join(', ');
    const missing = s.notFound.length === 0 ? '' : `; ${s.notFound.length} not found there`;
    return `supply chain: ${registries || 'no registry asked'}; ${plural(s.queried, 'package name')} asked in ${plural(s.requests, 'request')}${missing}`;
}
/** What a finding says in a table cell: the message, then the rule's line, exception and org usage. */
function describe_findingDetails(f) {
    const parts = [f.message];
    for (const a of f.advisories ?? []) {
        const exception = a.exception === undefined ? '' : ` [${exceptionText(a.exception)}]`;
        parts.push(`${advisoryText(a)} ${a.url}${exception}`);
    }
    if (f.fixCommand !== undefined)
        parts.push(`to fix: ${f.fixCommand}`);
    // A valid exception is already named in the message ("excused by ...").
    if (f.exception !== undefined && !f.message.includes(`excused by ${f.exception.id}`))
        parts.push(exceptionText(f.exception));
    if (f.rule.orgRepositories !== undefined && f.rule.orgRepositories > 0)
        parts.push(`${plural(f.rule.orgRepositories, 'repository', 'repositories')} of the organization already carry a package ${f.rule.id} denies`);
    const usage = usageText(f);
    if (usage !== undefined && f.kind !== 'new-to-org')
        parts.push(usage);
    return parts;
}
function levelLabel(f) {
    if (f.blocking)
        return 'BLOCK';
    if (f.level === 'error')
        return f.preExisting ? 'error' : 'error';
    return f.level === 'warning' ? 'warn' : 'note';
}
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** One sentence for the whole run: verdict, counts and where the answer came from. */
function summaryLine(report) {
    const { counts } = report;
    const verdict = report.verdict === 'block' ? 'blocked' : 'passed';
    const what = report.mode === 'audit'
        ? `${plural(counts.introduced, 'package version')} audited in ${plural(counts.lockfiles, 'lockfile')}`
        : `${plural(counts.introduced, 'package version')} introduced, ${counts.removed} removed, in ${plural(counts.lockfiles, 'changed lockfile')}`;
    const unreadable = report.notes.filter((n) => n.level === 'error').length;
    const unread = unreadable === 0 ? '' : `, ${plural(unreadable, 'lockfile')} it could not read`;
    const against = report.baseLabel === undefined ? '' : `, against ${printable(report.baseLabel)}`;
    return `${verdict}: ${plural(counts.violations, 'violation')}${unread}, ${plural(counts.warnings, 'warning')}; ${what}${against}`;
}
function sourceLine(report) {
    const platform = report.platform.mode === 'off'
        ? 'platform off'
        : `platform ${report.platform.deploymentSlug ?? ''} (${plural(report.platform.requests ?? 0, 'request')})`.replace('  ', ' ');
    const from = report.policyFrom;
    const side = from === undefined || from.side === 'file' || from.side === 'inline'
        ? ''
        : ` (from the ${from.side === 'worktree' ? 'working tree' : `${from.side}${from.commit === undefined ? '' : ` ${from.commit.slice(0, 7)}`}`})`;
    return `policy ${report.policy}${side}; ${platform}`;
}
/** How a count key reads in a sentence (`sourceChanged` is not a word). */
const COUNT_WORDS = { sourceChanged: 'source or integrity changed' };
function lockfileCounts(counts) {
    const parts = Object.entries(counts)
        .filter((entry) => entry[1] !== undefined && entry[1] > 0)
        .map(([kind, n]) => `${n} ${COUNT_WORDS[kind] ?? kind}`);
    return parts.length === 0 ? 'no package changed' : parts.join(', ');
}
function changeBrief(c, show, arrow) {
    const version = (v) => (v === undefined || v === '' ? '' : ` ${show(v)}`);
    if (c.kind === 'added')
        return `+ ${show(c.name)}${version(c.to)}`;
    if (c.kind === 'removed')
        return `- ${show(c.name)}${version(c.from)}`;
    if (c.kind === 'source-changed') {
        const what = [];
        if (c.fromSource !== undefined || c.toSource !== undefined)
            what.push(`source ${show(c.fromSource ?? 'default')}${arrow}${show(c.toSource ?? 'default')}`);
        if (c.integrity !== undefined)
            what.push(`integrity ${c.integrity}`);
        return `${show(c.name)}${version(c.to)} (${what.join(', ')})`;
    }
    return `${show(c.name)}${version(c.from)}${arrow}${version(c.to).trimStart()}`;
}
/**
 * Every package a lockfile's change moves, named in a line: the direct dependencies first, then the
 * transitive ones, then those whose directness the lockfile does not tell, each group capped at
 * `limit` with "N more" (a group one past the cap is shown whole: "1 more" would hide a name to save
 * none). A change of a few packages (a Dependabot bump) is always named in full.
 */
function directChangesText(lockfile, options = {}) {
    const { limit = 12, show = printable, arrow = ' -> ' } = options;
    // Changes told in a rewrite line (sourceRewritesText) are not listed one by one.
    const changes = lockfile.changes.filter((c) => c.folded !== true);
    if (changes.length === 0)
        return undefined;
    const capped = (items) => {
        const cap = items.length <= limit + 1 ? items.length : limit;
        return { shown: items.slice(0, cap), more: items.length - cap };
    };
    const list = (changes) => {
        const { shown, more } = capped(changes);
        return [...shown.map((c) => changeBrief(c, show, arrow)), ...(more > 0 ? [`${more} more`] : [])].join(', ');
    };
    const parts = [];
    // A source or integrity change is named first wherever it is: a reviewer sees only hashes in the diff.
    const named = (c) => c.transitivity === 'direct' || c.kind === 'source-changed';
    const direct = changes.filter(named);
    if (direct.length > 0)
        parts.push(list(direct));
    // Transitive changes grouped by the direct dependency that brings them, where the chain is known.
    const byRoot = new Map();
    for (const c of changes) {
        if (c.transitivity !== 'transitive' || named(c))
            continue;
        const root = c.path !== undefined && c.path.length > 1 ? c.path[0] : '';
        const group = byRoot.get(root);
        if (group === undefined)
            byRoot.set(root, [c]);
        else
            group.push(c);
    }
    const roots = [...byRoot.keys()].sort((a, b) => a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0);
    const { shown: shownRoots, more: moreRoots } = capped(roots);
    for (const root of shownRoots)
        parts.push(`transitive${root === '' ? '' : ` via ${show(root)}`}: ${list(byRoot.get(root))}`);
    if (moreRoots > 0) {
        const left = roots.slice(shownRoots.length).reduce((n, r) => n + byRoot.get(r).length, 0);
        parts.push(`${plural(left, 'more transitive change')} via ${plural(moreRoots, 'other dependency', 'other dependencies')}`);
    }
    const unknown = changes.filter((c) => !named(c) && c.transitivity !== 'transitive');
    if (unknown.length > 0)
        parts.push(`not known to be direct: ${list(unknown)}`);
    return parts.join('; ');
}
/** Package versions a lockfile's change brings in that no base lockfile of the project already had. */
const introducedCount = (lockfile) => lockfile.changes.filter((c) => c.to !== undefined && c.kind !== 'source-changed' && c.inBase === undefined)
    .length;
/**
 * Where a lockfile came from and what the project already had, as sentences: "moved from
 * docs/yarn.lock, 0 packages introduced", "migrated from yarn.lock to pnpm-lock.yaml: 3 added, 2
 * removed", "2 versions already in package-lock.json on the base: not introduced". Paths through
 * `show` (the caller's escaping).
 */
function originLines(lockfile, show = printable) {
    const lines = [];
    if (lockfile.movedFrom !== undefined) {
        const introduced = introducedCount(lockfile);
        const changed = lockfile.changes.length === 0 ? '' : ` (${lockfileCounts(lockfile.counts)})`;
        lines.push(`moved from ${show(lockfile.movedFrom)}, ${plural(introduced, 'package')} introduced${changed}`);
    }
    else if (lockfile.migratedFrom !== undefined) {
        lines.push(`migrated from ${show(lockfile.migratedFrom.path)} (${show(lockfile.migratedFrom.format)}) to ${show(lockfile.path)}: ${lockfileCounts(lockfile.counts)}`);
    }
    const known = new Map();
    for (const c of lockfile.changes)
        if (c.inBase !== undefined)
            known.set(c.inBase, (known.get(c.inBase) ?? 0) + 1);
    for (const [path, n] of known)
        lines.push(`${plural(n, 'version')} already in ${show(path)} on the base (the same project): not introduced`);
    return lines;
}
/** Mass source rewrites between allowed hosts, one line each (`1,043 entries moved from a to b ...`). */
function sourceRewritesText(lockfile, show = printable) {
    return (lockfile.sourceRewrites ?? []).map((r) => `${plural(r.count, 'entry', 'entries')} moved from ${show(r.fromHost)} to ${show(r.toHost)}, same versions, integrity unchanged (both hosts allowed)`);
}

;// CONCATENATED MODULE: ./src/report/annotations.ts

const RANK = { error: 0, warning: 1, notice: 2 };
/**
 * The report's findings and notes as annotations, most important first (what blocks, then warnings,
 * then notices): GitHub shows only the first few of each level per step, the summary has them all.
 * A pre-existing finding that does not block is a notice: it is not what the change did.
 */
function annotationsOf(report, options = {}) {
    const out = report.findings.map((f) => ({
        level: f.blocking ? 'error' : f.preExisting ? 'notice' : f.level,
        file: f.lockfile,
        line: f.line,
        title: `depgate: ${f.blocking ? 'blocked' : f.kind} ${f.name} ${changeText(f, report.mode)}${f.preExisting ? ' (already on the base)' : ''}`,
        message: [...findingDetails(f), `why it is there: ${whyText(f)}`].join('\n'),
    }));
    for (const n of report.notes) {
        if (n.file === undefined)
            continue;
        const a = { level: n.level, file: n.file, title: 'depgate', message: n.message };
        if (n.line !== undefined)
            a.line = n.line;
        out.push(a);
    }
    const ordered = out
        .map((a, i) => ({ a, i }))
        .sort((x, y) => RANK[x.a.level] - RANK[y.a.level] || x.i - y.i)
        .map(({ a }) => a);
    return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
}

;// CONCATENATED MODULE: ./src/report/render-json.ts
/** The report as JSON, schema version 1 (schema/report-v1.schema.json; fields in docs/report.md). */
function renderJson(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/report/render-markdown.ts



/** Rows shown before the rest of a table folds into `<details>`. */
const VISIBLE_ROWS = 10;
const DEFAULT_MARKDOWN_LENGTH = 65_000;
const cell = (value) => codeSpan(value, { table: true });
function changeCell(f, mode) {
    if (mode === 'audit' || f.change === undefined)
        return cell(f.version);
    if (f.previousVersion !== undefined)
        return `${cell(f.previousVersion)} → ${cell(f.version)}`;
    if (f.change === 'added')
        return `added ${cell(f.version)}`;
    return cell(f.version);
}
function whyCell(f) {
    if (f.transitivity !== 'direct' && f.path !== undefined && f.path.length > 1)
        return describe_whyText(f, cell, ' → ');
    return escapeMarkdown(describe_whyText(f));
}
/**
 * The finding's message with the package it opens with (`name version`, as the gate writes it) as code
 * spans, the rest escaped as prose: what the lockfile wrote is shown, never read as Markdown.
 */
function messageCell(f) {
    const subjects = [`${f.name} ${f.version}`.trim(), f.name].filter((s) => s !== '');
    for (const subject of subjects) {
        if (!f.message.startsWith(subject))
            continue;
        const rest = escapeMarkdown(f.message.slice(subject.length));
        const shown = subject === f.name ? cell(f.name) : `${cell(f.name)}${f.version === '' ? '' : ` ${cell(f.version)}`}`;
        return `${shown}${rest}`;
    }
    return escapeMarkdown(f.message);
}
function levelCell(f) {
    if (f.blocking)
        return '**block**';
    return f.level === 'notice' ? 'note' : f.level === 'warning' ? 'warn' : 'error';
}
/** An advisory in a cell: its id linked to the advisory, severity, aliases and summary as prose. */
function advisoryCell(a) {
    const rest = advisoryText(a).slice(a.id.length);
    const exception = a.exception === undefined ? '' : ` _(${escapeMarkdown(exceptionText(a.exception))})_`;
    return `${markdownLink(a.id, a.url)}${escapeMarkdown(rest)}${exception}`;
}
function row(f, mode = 'diff') {
    const [, ...more] = describe_findingDetails(f);
    const advisories = f.advisories ?? [];
    // The fix command as code, so that it reads (and copies) as the shell takes it.
    const command = f.fixCommand === undefined ? undefined : `to fix: ${f.fixCommand}`;
    const details = [
        messageCell(f),
        ...advisories.map(advisoryCell),
        ...more
            .slice(advisories.length)
            .map((d) => d === command ? `to fix: ${codeSpan(f.fixCommand, { table: true })}` : escapeMarkdown(d)),
    ].join('<br>');
    return `| ${levelCell(f)} | **${cell(f.name)}** | ${changeCell(f, mode)} | ${whyCell(f)} | ${f.line} | ${details} |`;
}
const HEADER = '| | Package | Change | Why it is there | Line | Finding |\n|---|---|---|---|---|---|';
/** A table of findings, the first rows visible and the rest folded. */
/** Appends a table of findings, the first rows visible and the rest folded (no spread: any count). */
function table(out, findings, toRow) {
    out.push(HEADER);
    for (const f of findings.slice(0, VISIBLE_ROWS))
        out.push(toRow(f));
    if (findings.length <= VISIBLE_ROWS)
        return;
    out.push('', `<details><summary>${plural(findings.length - VISIBLE_ROWS, 'more finding')}</summary>`, '');
    out.push(HEADER);
    for (let i = VISIBLE_ROWS; i < findings.length; i++)
        out.push(toRow(findings[i]));
    out.push('', '</details>');
}
/** Rows of a table of exceptions or notes past which the rest is counted, not listed. */
const LIST_LIMIT = 50;
/** A note quoting a lockfile can be long: each is cut to this many characters. */
const NOTE_LENGTH = 500;
/** No finding row is shorter than this: bounds how many rows can fit before any is rendered. */
const MIN_ROW_LENGTH = 40;
function groupFindings(report) {
    const byLockfile = new Map();
    const pre = [];
    for (const f of report.findings) {
        if (f.preExisting) {
            pre.push(f);
            continue;
        }
        const list = byLockfile.get(f.lockfile);
        if (list === undefined)
            byLockfile.set(f.lockfile, [f]);
        else
            list.push(f);
    }
    return { byLockfile, pre };
}
/** The sections after the findings (exceptions, notes), bounded whatever the report holds. */
function tailOf(report) {
    const out = [];
    if (report.exceptions.length > 0) {
        out.push('#### Exceptions', '', '| Exception | Status | Owner | Expires | Matched | Reason |', '|---|---|---|---|---|---|');
        for (const e of report.exceptions.slice(0, LIST_LIMIT)) {
            const status = e.status === 'expired' ? '**expired**' : e.status;
            const advisory = e.advisory === undefined ? '' : ` ${codeSpan(e.advisory, { table: true })}`;
            out.push(`| ${e.id}${e.line === undefined ? '' : ` (line ${e.line})`}${advisory} | ${status} | ${escapeMarkdown(e.owner)} | ${e.expires} | ${e.matched} | ${escapeMarkdown(e.reason)} |`);
        }
        if (report.exceptions.length > LIST_LIMIT)
            out.push('', `_${plural(report.exceptions.length - LIST_LIMIT, 'more exception')} in the full report._`);
        out.push('');
    }
    if (report.notes.length > 0) {
        out.push('#### Notes', '');
        for (const n of report.notes.slice(0, LIST_LIMIT)) {
            const where = n.file === undefined
                ? ''
                : `${codeSpan((0,gate/* shownPath */.pS)(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
            const message = n.message.length > NOTE_LENGTH ? `${n.message.slice(0, NOTE_LENGTH)} (cut)` : n.message;
            out.push(`- ${n.level}: ${where}${escapeMarkdown(message)}`);
        }
        if (report.notes.length > LIST_LIMIT)
            out.push(`- ${plural(report.notes.length - LIST_LIMIT, 'more note')} in the full report`);
        out.push('');
    }
    return out;
}
/**
 * Renders with at most `budget` finding rows, and lockfile sections only while they leave `room`
 * characters for the rest; says how many findings and lockfiles it left out.
 */
function render(report, options, grouped, tail, budget, room) {
    const out = [];
    let length = 0;
    const push = (...lines) => {
        for (const line of lines) {
            out.push(line);
            length += line.length + 1;
        }
    };
    const title = options.title ?? 'depgate';
    push(`### ${escapeMarkdown(title)}: ${report.verdict === 'block' ? 'blocked' : 'passed'}`, '');
    const summary = summaryLine(report);
    push(`**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**`, '');
    push(escapeMarkdown(sourceLine(report)), '');
    const vulnerabilities = vulnerabilityLine(report);
    if (vulnerabilities !== undefined)
        push(escapeMarkdown(vulnerabilities), '');
    const supplyChain = supplyChainLine(report);
    if (supplyChain !== undefined)
        push(escapeMarkdown(supplyChain), '');
    let left = budget;
    let omitted = 0;
    const take = (findings) => {
        const shown = findings.slice(0, Math.max(0, left));
        left -= shown.length;
        omitted += findings.length - shown.length;
        return shown;
    };
    const toRow = (f) => row(f, report.mode);
    let lockfilesLeft = 0;
    for (const lockfile of report.lockfiles) {
        const all = grouped.byLockfile.get(lockfile.path) ?? [];
        if (length > room) {
            // Thousands of lockfiles: the rest are counted, not listed.
            lockfilesLeft++;
            omitted += all.length;
            continue;
        }
        const replaces = lockfile.movedFrom !== undefined || lockfile.migratedFrom !== undefined;
        const status = lockfile.status === 'added'
            ? replaces
                ? lockfile.movedFrom !== undefined
                    ? ', moved'
                    : ', migrated'
                : ', new file'
            : lockfile.status === 'deleted'
                ? ', deleted'
                : '';
        push(`#### ${codeSpan((0,gate/* shownPath */.pS)(lockfile.path))}`, '', `${escapeMarkdown(lockfile.format)}${status}: ${lockfileCounts(lockfile.counts)}`, '');
        if (report.mode === 'diff') {
            const origin = originLines(lockfile, (v) => codeSpan((0,gate/* shownPath */.pS)(v)));
            if (origin.length > 0)
                push(origin.map((l) => `${l[0].toUpperCase()}${l.slice(1)}`).join('<br>'), '');
        }
        const moved = report.mode === 'diff'
            ? directChangesText(lockfile, { show: (v) => codeSpan(v), arrow: ' → ' })
            : undefined;
        if (moved !== undefined)
            push(`Changes: ${moved}`, '');
        for (const line of sourceRewritesText(lockfile, (v) => codeSpan(v)))
            push(`Sources: ${line}`, '');
        if (all.length === 0) {
            push('Nothing against the policy.', '');
            continue;
        }
        const shown = take(all);
        if (shown.length > 0) {
            const lines = [];
            table(lines, shown, toRow);
            for (const line of lines)
                push(line);
            push('');
        }
        if (shown.length < all.length)
            push(`_${plural(all.length - shown.length, 'more finding')} in this lockfile not shown here._`, '');
    }
    if (lockfilesLeft > 0)
        push(`_${plural(lockfilesLeft, 'more changed lockfile')} not shown here._`, '');
    const { pre } = grouped;
    if (pre.length > 0) {
        const failing = pre.some((f) => f.blocking);
        push(`<details><summary>Already on the base branch: ${plural(pre.length, 'finding')} (${failing ? 'failing the check: preExisting is fail' : 'not failing the check'})</summary>`, '');
        const shown = take(pre);
        if (shown.length > 0) {
            push(HEADER);
            for (const f of shown)
                push(row(f).replace('| ', `| ${cell((0,gate/* shownPath */.pS)(f.lockfile))}: `));
            push('');
        }
        if (shown.length < pre.length)
            push(`_${plural(pre.length - shown.length, 'more')} not shown here._`, '');
        push('</details>', '');
    }
    for (const line of tail)
        push(line);
    if (omitted > 0) {
        push(`**${plural(omitted, 'finding')} not shown to stay within the size limit**: the job summary, the JSON report or \`depgate check\` list them all.`, '');
    }
    if (options.footer !== undefined)
        push(options.footer);
    return `${out.join('\n').trimEnd()}\n`;
}
/**
 * The report as GitHub Markdown (job summary, PR comment): status, counts, per lockfile a table whose
 * rows beyond the first ten fold into `<details>`, pre-existing findings apart, exceptions, notes. Cut
 * to `maxLength` at a row boundary (never a broken table or an unclosed `<details>`), saying how many
 * findings it left out. Any report size: no more rows are rendered than could fit in `maxLength`.
 */
function renderMarkdown(report, options = {}) {
    const max = options.maxLength ?? DEFAULT_MARKDOWN_LENGTH;
    const grouped = groupFindings(report);
    const tail = tailOf(report);
    // Room for the tail, the footer and the omitted line after the lockfile sections.
    const room = max - tail.reduce((n, l) => n + l.length + 1, 0) - (options.footer?.length ?? 0) - 300;
    const total = report.findings.length;
    // No more rows than could fit at the shortest row: a huge report is never rendered whole.
    let high = Math.min(total, Math.ceil(max / MIN_ROW_LENGTH));
    if (high === total) {
        const full = render(report, options, grouped, tail, total, room);
        if (full.length <= max)
            return full;
    }
    // The most rows that fit: rendering is linear in the rows shown, so a binary search costs a few renders.
    let low = 0;
    while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (render(report, options, grouped, tail, mid, room).length <= max)
            low = mid;
        else
            high = mid - 1;
    }
    const cut = render(report, options, grouped, tail, low, room);
    if (cut.length <= max)
        return cut;
    // Even with no rows it does not fit (a long footer, a tiny limit): the headline and a pointer.
    const summary = summaryLine(report);
    return `### ${escapeMarkdown(options.title ?? 'depgate')}: ${report.verdict === 'block' ? 'blocked' : 'passed'}\n\n**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**\n\nThe full report is too long for this place: see the job summary or the JSON report.\n${options.footer === undefined ? '' : `\n${options.footer}\n`}`;
}

;// CONCATENATED MODULE: ./src/report/render-sarif.ts


const RULES = {
    denied: {
        name: 'DeniedPackage',
        short: 'A package the policy denies',
        help: 'A deny rule of the policy (.github/depgate.yml) matches this package version. Upgrade or remove it, or add an exception with a reason, an owner and an expiry date.',
    },
    license: {
        name: 'DeniedLicense',
        short: 'A package under a license the policy does not allow',
        help: 'Every way to satisfy the package license expression uses a license the policy denies (licenses.deny), or one outside licenses.allow. Replace the package or add an exception.',
    },
    'license-unknown': {
        name: 'UnknownLicense',
        short: 'A package whose license is not known',
        help: 'Neither the lockfile nor the platform records a license the policy can judge. licenses.unknown decides whether this warns or fails.',
    },
    'version-unknown': {
        name: 'UnorderableVersion',
        short: 'A version a deny rule bound cannot be decided for',
        help: 'The version cannot be ordered by its ecosystem rules (a git reference, a tag), so a version bound of a deny rule cannot be decided. It is never taken as outside the range: pin a released version or add an exception.',
    },
    'new-to-org': {
        name: 'NewToOrganization',
        short: 'A package no repository of the organization uses yet',
        help: 'The platform dependency listing shows no repository of the organization using this package. newToOrg decides whether this warns or fails.',
    },
    vulnerability: {
        name: 'KnownVulnerability',
        short: 'A package version with known advisories',
        help: 'An advisory source (OSV, the platform) lists published advisories affecting this version. Upgrade to the fix version, or add an exception naming the advisory. Each advisory is its own rule, with a link to it.',
    },
    source: {
        name: 'PackageSource',
        short: 'A package fetched from a source or with an integrity the policy does not allow',
        help: 'The lockfile entry names a host or URL scheme outside sources.allowedHosts / sources.allowedSchemes, changes the integrity of a version already locked, names a git source not pinned to a commit, or records no integrity (lockfile injection points an entry at another host with a new integrity). Restore the entry (regenerate the lockfile from the registry), or allow the host in the policy.',
    },
    'supply-chain': {
        name: 'SupplyChainSignal',
        short: 'A version the registry shows as risky: too fresh, running install scripts, without provenance, deprecated, or a typosquat',
        help: 'What the package registry says about this introduced version breaks supplyChain in the policy: it was published within minimumReleaseAge (wait, or pin the older version named), it runs install scripts not in allowScripts, it has no provenance attestation where the version it replaces had one, it is deprecated, or its name is one edit from a popular package. The message says which, and what to do.',
    },
};
/**
 * The rules' order in a run's `tool.driver.rules` (a result's `ruleIndex`). A vulnerability is not one
 * of them: each advisory is its own rule (its id, its summary, a help link to it), after these.
 */
const SARIF_KINDS = Object.keys(RULES).filter((k) => k !== 'vulnerability');
const KINDS = SARIF_KINDS;
/**
 * One rule per kind of finding, with help text. The ids (`depgate/denied`, ...) never depend on where a
 * rule sits in the policy, so editing the policy does not rename every alert; the policy rule that
 * matched is in each result's properties.
 */
function sarifRules(informationUri) {
    return KINDS.map((kind) => ({
        id: `depgate/${kind}`,
        name: RULES[kind].name,
        shortDescription: { text: RULES[kind].short },
        fullDescription: { text: RULES[kind].help },
        help: { text: RULES[kind].help, markdown: `**${RULES[kind].short}.** ${RULES[kind].help}` },
        helpUri: `${informationUri}/blob/main/docs/policy.md`,
        defaultConfiguration: {
            level: kind === 'denied' || kind === 'license' || kind === 'source' ? 'error' : 'warning',
        },
    }));
}
/**
 * A valid exception as code scanning understands it: the alert opens dismissed, with the exception's
 * reason, owner and expiry as the justification. An expired exception excuses nothing: no suppression.
 */
function sarifSuppressions(exception) {
    if (exception?.status !== 'valid')
        return undefined;
    return [
        {
            kind: 'external',
            status: 'accepted',
            justification: `${exception.id}: ${exception.reason} (owner ${exception.owner}, expires ${exception.expires})`,
        },
    ];
}
/** FNV-1a, for fingerprints that stay the same across runs for the same package in the same lockfile. */
function sarifFingerprint(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
}
/** GitHub's `security-severity` for a band without a CVSS score: the middle of the band's score range. */
const BAND_SCORE = { critical: 9.5, high: 8.0, moderate: 5.5, low: 2.0, unknown: undefined };
/** An advisory as a SARIF rule: its id, its summary, and a help link to the advisory. */
function sarifAdvisoryRule(a) {
    const summary = printable(a.summary === '' ? a.id : a.summary);
    const aliases = a.aliases.length === 0 ? '' : ` Also known as ${a.aliases.map(printable).join(', ')}.`;
    const score = a.score ?? BAND_SCORE[a.severity];
    return {
        id: printable(a.id),
        name: 'KnownVulnerability',
        shortDescription: { text: summary },
        fullDescription: { text: `${summary} (severity ${a.severity}).${aliases}` },
        help: {
            text: `${summary}. Severity ${a.severity}.${aliases} Details: ${a.url}. Upgrade to the fix version, or add an exception naming the advisory.`,
            markdown: `**${escapeMarkdown(summary)}** (severity ${a.severity}).${escapeMarkdown(aliases)} [Details](${encodeURI(a.url)}). Upgrade to the fix version, or add an exception naming the advisory.`,
        },
        helpUri: a.url,
        defaultConfiguration: { level: 'error' },
        properties: {
            tags: ['security', 'vulnerability', 'dependency'],
            ...(score === undefined ? {} : { 'security-severity': score.toFixed(1) }),
        },
    };
}
/** A vulnerability finding as one result per advisory (each its own rule), at the lockfile line. */
function advisoryResults(f, report, ruleIndex) {
    return (f.advisories ?? []).map((a) => {
        const excused = a.exception?.status === 'valid';
        const fix = fixText(f);
        return {
            ruleId: printable(a.id),
            ruleIndex: ruleIndex(a),
            level: excused ? 'note' : f.level === 'notice' ? 'note' : f.level,
            message: {
                text: printable(`${f.name} ${describe_changeText(f, report.mode)}: ${a.id} (${a.severity}) ${a.summary}; ${fix} (why it is there: ${describe_whyText(f)})`),
            },
            locations: [
                {
                    physicalLocation: {
                        artifactLocation: { uri: f.lockfile, uriBaseId: '%SRCROOT%' },
                        region: { startLine: f.line },
                    },
                },
            ],
            partialFingerprints: {
                'depgatePackage/v1': sarifFingerprint(`${f.lockfile}\u0000${a.id}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`),
            },
            properties: {
                policyRule: f.rule.id,
                blocking: f.blocking && !excused,
                preExisting: f.preExisting,
                ecosystem: f.ecosystem,
                package: f.name,
                version: f.version,
                severity: a.severity,
                aliases: a.aliases,
                ...(f.fix === undefined ? {} : { fix: f.fix }),
                ...(f.fixAfter === undefined ? {} : { fixAfter: f.fixAfter }),
                ...(f.fixCommand === undefined ? {} : { fixCommand: f.fixCommand }),
                ...(a.exception === undefined
                    ? {}
                    : { exception: a.exception.id, exceptionStatus: a.exception.status }),
            },
            ...(excused ? { suppressions: sarifSuppressions(a.exception) } : {}),
        };
    });
}
/**
 * The report as SARIF 2.1.0 (code scanning): results at lockfile lines, one rule per kind of finding,
 * and one per advisory of a vulnerability (help link to the advisory).
 */
function renderSarif(report, options) {
    const informationUri = options.informationUri ?? 'https://github.com/depgate/depgate';
    const rules = sarifRules(informationUri);
    const advisoryIndex = new Map();
    const ruleIndex = (a) => {
        let at = advisoryIndex.get(a.id);
        if (at === undefined) {
            at = rules.push(sarifAdvisoryRule(a)) - 1;
            advisoryIndex.set(a.id, at);
        }
        return at;
    };
    const results = report.findings.flatMap((f) => f.kind === 'vulnerability'
        ? advisoryResults(f, report, ruleIndex)
        : {
            ruleId: `depgate/${f.kind}`,
            ruleIndex: KINDS.indexOf(f.kind),
            level: f.level === 'notice' ? 'note' : f.level,
            message: {
                text: `${f.name} ${describe_changeText(f, report.mode)}: ${describe_findingDetails(f).join('; ')} (why it is there: ${describe_whyText(f)})`,
            },
            locations: [
                {
                    physicalLocation: {
                        artifactLocation: { uri: f.lockfile, uriBaseId: '%SRCROOT%' },
                        region: { startLine: f.line },
                    },
                },
            ],
            partialFingerprints: {
                'depgatePackage/v1': sarifFingerprint(`${f.lockfile}\u0000${f.kind}${f.supplyChain === undefined ? '' : `:${f.supplyChain.signal}`}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`),
            },
            properties: {
                policyRule: f.rule.id,
                blocking: f.blocking,
                preExisting: f.preExisting,
                ecosystem: f.ecosystem,
                package: f.name,
                version: f.version,
                ...(f.supplyChain === undefined ? {} : { supplyChain: f.supplyChain }),
                ...(f.exception === undefined
                    ? {}
                    : { exception: f.exception.id, exceptionStatus: f.exception.status }),
            },
            ...(f.exception?.status === 'valid' ? { suppressions: sarifSuppressions(f.exception) } : {}),
        });
    return {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
            {
                tool: { driver: { name: 'depgate', version: options.toolVersion, informationUri, rules } },
                results,
                properties: { verdict: report.verdict, counts: report.counts },
            },
        ],
    };
}

;// CONCATENATED MODULE: ./src/report/render-text.ts



const ANSI = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 };
/** Findings listed in a text report; past it they are counted (the JSON report has them all). */
const TEXT_FINDINGS_LIMIT = 10_000;
/** Columns are padded to the longest value up to this width: a huge name does not widen every row. */
const COLUMN_LIMIT = 60;
/** Notes listed; past it they are counted. */
const NOTES_LIMIT = 1_000;
/**
 * The report for a terminal: the verdict first, then per lockfile its findings in aligned columns. Any
 * report size: past TEXT_FINDINGS_LIMIT findings the rest are counted, not listed.
 */
function renderText(report, options) {
    const paint = (style, text) => options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
    const out = [];
    const verdict = summaryLine(report);
    out.push(`depgate ${paint(report.verdict === 'block' ? 'red' : 'green', verdict.split(':')[0].toUpperCase())}:${verdict.slice(verdict.indexOf(':') + 1)}`);
    out.push(paint('dim', sourceLine(report)));
    const vulnerabilities = vulnerabilityLine(report);
    if (vulnerabilities !== undefined)
        out.push(paint('dim', printable(vulnerabilities)));
    const supplyChain = supplyChainLine(report);
    if (supplyChain !== undefined)
        out.push(paint('dim', printable(supplyChain)));
    let left = TEXT_FINDINGS_LIMIT;
    let omitted = 0;
    const table = (all) => {
        const findings = all.slice(0, Math.max(0, left));
        left -= findings.length;
        omitted += all.length - findings.length;
        const rows = findings.map((f) => [
            levelLabel(f),
            printable(f.name),
            describe_changeText(f, report.mode),
            `line ${f.line}`,
            describe_whyText(f),
        ]);
        const widths = [0, 0, 0, 0];
        for (const r of rows)
            for (let c = 0; c < 4; c++)
                widths[c] = Math.min(COLUMN_LIMIT, Math.max(widths[c], r[c].length));
        findings.forEach((f, i) => {
            const row = rows[i];
            const label = row[0].padEnd(widths[0]);
            const style = f.blocking
                ? 'red'
                : f.level === 'warning'
                    ? 'yellow'
                    : f.level === 'error'
                        ? 'red'
                        : 'dim';
            out.push(`  ${paint(style, label)}  ${paint('bold', row[1].padEnd(widths[1]))}  ${row[2].padEnd(widths[2])}  ${paint('dim', row[3].padEnd(widths[3]))}  ${row[4]}`);
            for (const detail of describe_findingDetails(f))
                out.push(`  ${' '.repeat(widths[0])}  ${paint('dim', '-')} ${printable(detail)}`);
        });
        if (findings.length < all.length)
            out.push(`  ${paint('dim', `... ${plural(all.length - findings.length, 'more finding')} not listed`)}`);
    };
    const byLockfile = new Map();
    for (const f of report.findings) {
        if (f.preExisting)
            continue;
        const list = byLockfile.get(f.lockfile);
        if (list === undefined)
            byLockfile.set(f.lockfile, [f]);
        else
            list.push(f);
    }
    for (const lockfile of report.lockfiles) {
        const findings = byLockfile.get(lockfile.path) ?? [];
        out.push('');
        const replaces = lockfile.movedFrom !== undefined || lockfile.migratedFrom !== undefined;
        const status = lockfile.status === 'added'
            ? replaces
                ? lockfile.movedFrom !== undefined
                    ? ', moved'
                    : ', migrated'
                : ', new file'
            : lockfile.status === 'deleted'
                ? ', deleted'
                : '';
        out.push(`${paint('bold', printable((0,gate/* shownPath */.pS)(lockfile.path)))} (${printable(lockfile.format)}${status}): ${lockfileCounts(lockfile.counts)}`);
        if (report.mode === 'diff')
            for (const line of originLines(lockfile, (v) => printable((0,gate/* shownPath */.pS)(v))))
                out.push(`  ${line}`);
        const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
        if (moved !== undefined)
            out.push(`  ${paint('dim', `changes: ${moved}`)}`);
        for (const line of sourceRewritesText(lockfile))
            out.push(`  ${paint('dim', `sources: ${line}`)}`);
        if (findings.length === 0)
            out.push(`  ${paint('green', 'nothing against the policy')}`);
        else
            table(findings);
    }
    const pre = report.findings.filter((f) => f.preExisting);
    if (pre.length > 0) {
        out.push('');
        out.push(paint('bold', `Already on the base (${plural(pre.length, 'finding')}, ${pre.some((f) => f.blocking) ? 'failing: preExisting is fail' : 'not failing the check'}):`));
        const preByLockfile = new Map();
        for (const f of pre) {
            const list = preByLockfile.get(f.lockfile);
            if (list === undefined)
                preByLockfile.set(f.lockfile, [f]);
            else
                list.push(f);
        }
        for (const [lockfile, findings] of preByLockfile) {
            out.push(`  ${printable((0,gate/* shownPath */.pS)(lockfile))}`);
            table(findings);
        }
    }
    if (report.exceptions.length > 0) {
        out.push('');
        out.push(paint('bold', 'Exceptions:'));
        for (const e of report.exceptions) {
            const status = e.status === 'valid'
                ? paint('green', 'valid')
                : e.status === 'expired'
                    ? paint('yellow', 'EXPIRED')
                    : paint('dim', 'unused');
            const advisory = e.advisory === undefined ? '' : ` advisory ${printable(e.advisory)},`;
            out.push(`  ${e.id.padEnd(14)} ${status} ${advisory} owner ${printable(e.owner)}, expires ${e.expires}, matched ${e.matched}: ${printable(e.reason)}`);
        }
    }
    if (report.notes.length > 0) {
        out.push('');
        out.push(paint('bold', 'Notes:'));
        for (const n of report.notes.slice(0, NOTES_LIMIT)) {
            const where = n.file === undefined
                ? ''
                : `${printable((0,gate/* shownPath */.pS)(n.file))}${n.line === undefined ? '' : `:${n.line}`}: `;
            out.push(`  ${paint(n.level === 'error' ? 'red' : n.level === 'warning' ? 'yellow' : 'dim', n.level)}  ${where}${printable(n.message)}`);
        }
        if (report.notes.length > NOTES_LIMIT)
            out.push(`  ${paint('dim', `... ${plural(report.notes.length - NOTES_LIMIT, 'more note')} not listed`)}`);
    }
    if (omitted > 0) {
        out.push('');
        out.push(paint('bold', `${plural(omitted, 'finding')} not listed past the first ${TEXT_FINDINGS_LIMIT.toLocaleString('en-US')}: --format json lists every one`));
    }
    return `${out.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/index.ts
// The report renderers: the gate's Report as terminal text, GitHub Markdown, JSON, SARIF and annotations.









/***/ })

};
