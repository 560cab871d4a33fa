export const id = 323;
export const ids = [323,997];
export const modules = {

/***/ 12997:
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
// EXTERNAL MODULE: ./src/edge-shared/index.ts + 5 modules
var edge_shared = __webpack_require__(77454);
// EXTERNAL MODULE: ./src/gate/index.ts + 5 modules
var gate = __webpack_require__(69832);
// EXTERNAL MODULE: ./src/lockfiles/index.ts + 49 modules
var src_lockfiles = __webpack_require__(4056);
// EXTERNAL MODULE: ./src/policy/index.ts + 24 modules
var policy = __webpack_require__(37166);
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

;// CONCATENATED MODULE: ./src/report/describe.ts
/** `4.17.21 -> 4.17.20`, `+ 1.3.0` (added), or the version alone for a pre-existing package. */
function describe_changeText(f, mode = 'diff') {
    if (mode === 'audit')
        return f.version === '' ? '(no version)' : f.version;
    if (f.previousVersion !== undefined)
        return `${f.previousVersion} -> ${f.version}`;
    if (f.change === 'added')
        return `+ ${f.version}`;
    return f.version === '' ? '(no version)' : f.version;
}
/** Why the package is there: `direct`, the chain from a direct dependency, or what is known of it. */
function describe_whyText(f) {
    if (f.transitivity === 'direct')
        return 'direct';
    if (f.path !== undefined && f.path.length > 1)
        return f.path.join(' > ');
    if (!f.pathRecorded)
        return f.transitivity === 'transitive' ? 'transitive (path not recorded)' : 'path not recorded';
    return f.transitivity === 'transitive' ? 'transitive' : 'not reached from a direct dependency';
}
function exceptionText(e) {
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
/** What a finding says in a table cell: the message, then the rule's line, exception and org usage. */
function describe_findingDetails(f) {
    const parts = [f.message];
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
    return `${verdict}: ${plural(counts.violations, 'violation')}, ${plural(counts.warnings, 'warning')}; ${what}`;
}
function sourceLine(report) {
    const platform = report.platform.mode === 'off'
        ? 'platform off'
        : `platform ${report.platform.deploymentSlug ?? ''} (${plural(report.platform.requests ?? 0, 'request')})`.replace('  ', ' ');
    return `policy ${report.policy}; ${platform}`;
}
/** Findings of one lockfile that the change brings in (pre-existing ones are reported apart). */
function introducedFindings(report, lockfile) {
    return report.findings.filter((f) => f.lockfile === lockfile && !f.preExisting);
}
function lockfileCounts(counts) {
    const parts = Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${kind}`);
    return parts.length === 0 ? 'no package changed' : parts.join(', ');
}
function changeBrief(c) {
    if (c.kind === 'added')
        return `+ ${c.name} ${c.to ?? ''}`.trimEnd();
    if (c.kind === 'removed')
        return `- ${c.name} ${c.from ?? ''}`.trimEnd();
    return `${c.name} ${c.from ?? ''} -> ${c.to ?? ''}`;
}
/** The direct dependencies a lockfile's change moves, in a line (the first `limit`), and how many transitive. */
function directChangesText(lockfile, limit = 12) {
    const direct = lockfile.changes.filter((c) => c.transitivity === 'direct');
    const others = lockfile.changes.length - direct.length;
    if (lockfile.changes.length === 0)
        return undefined;
    const shown = direct.slice(0, limit).map(changeBrief);
    if (direct.length > limit)
        shown.push(`${direct.length - limit} more`);
    const tail = others > 0
        ? `${shown.length > 0 ? '; ' : ''}${plural(others, 'other change')} (transitive or not known to be direct)`
        : '';
    return `${shown.join(', ')}${tail}`;
}

;// CONCATENATED MODULE: ./src/report/render-markdown.ts

/** Rows shown before the rest of a table folds into `<details>`. */
const VISIBLE_ROWS = 10;
const DEFAULT_MARKDOWN_LENGTH = 65_000;
/** Text made inert in Markdown and HTML: table pipes, tags, emphasis, code, links; one line. */
function escapeMarkdown(text) {
    return text.replace(/\r?\n/g, ' ').replace(/[\\`*_[\]<>|~&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`));
}
function changeCell(f, mode) {
    if (mode === 'audit')
        return escapeMarkdown(f.version);
    if (f.previousVersion !== undefined)
        return `${escapeMarkdown(f.previousVersion)} → ${escapeMarkdown(f.version)}`;
    if (f.change === 'added')
        return `added ${escapeMarkdown(f.version)}`;
    return escapeMarkdown(f.version);
}
function whyCell(f) {
    if (f.transitivity !== 'direct' && f.path !== undefined && f.path.length > 1)
        return f.path.map(escapeMarkdown).join(' → ');
    return escapeMarkdown(describe_whyText(f));
}
function levelCell(f) {
    if (f.blocking)
        return '**block**';
    return f.level === 'notice' ? 'note' : f.level === 'warning' ? 'warn' : 'error';
}
function row(f, mode = 'diff') {
    const details = describe_findingDetails(f).map(escapeMarkdown).join('<br>');
    return `| ${levelCell(f)} | **${escapeMarkdown(f.name)}** | ${changeCell(f, mode)} | ${whyCell(f)} | ${f.line} | ${details} |`;
}
const HEADER = '| | Package | Change | Why it is there | Line | Finding |\n|---|---|---|---|---|---|';
/** A table of findings, the first rows visible and the rest folded. */
function table(findings, mode) {
    const out = [HEADER, ...findings.slice(0, VISIBLE_ROWS).map((f) => row(f, mode))];
    if (findings.length > VISIBLE_ROWS) {
        out.push('', `<details><summary>${plural(findings.length - VISIBLE_ROWS, 'more finding')}</summary>`, '', HEADER, ...findings.slice(VISIBLE_ROWS).map((f) => row(f, mode)), '', '</details>');
    }
    return out;
}
/** Renders with at most `budget` finding rows; says how many it left out. */
function render(report, options, budget) {
    const out = [];
    const title = options.title ?? 'depgate';
    out.push(`### ${escapeMarkdown(title)}: ${report.verdict === 'block' ? 'blocked' : 'passed'}`, '');
    const summary = summaryLine(report);
    out.push(`**${escapeMarkdown(summary.slice(summary.indexOf(':') + 2))}**`, '');
    out.push(escapeMarkdown(sourceLine(report)), '');
    let left = budget;
    let omitted = 0;
    const take = (findings) => {
        const shown = findings.slice(0, Math.max(0, left));
        left -= shown.length;
        omitted += findings.length - shown.length;
        return shown;
    };
    for (const lockfile of report.lockfiles) {
        const all = introducedFindings(report, lockfile.path);
        const status = lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
        out.push(`#### ${escapeMarkdown(lockfile.path)}`, '', `${escapeMarkdown(lockfile.format)}${status}: ${lockfileCounts(lockfile.counts)}`, '');
        const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
        if (moved !== undefined)
            out.push(`Changes: ${escapeMarkdown(moved).replaceAll(' -\\> ', ' → ')}`, '');
        if (all.length === 0) {
            out.push('Nothing against the policy.', '');
            continue;
        }
        const shown = take(all);
        if (shown.length > 0)
            out.push(...table(shown, report.mode), '');
        if (shown.length < all.length)
            out.push(`_${plural(all.length - shown.length, 'more finding')} in this lockfile not shown here._`, '');
    }
    const pre = report.findings.filter((f) => f.preExisting);
    if (pre.length > 0) {
        const failing = pre.some((f) => f.blocking);
        out.push(`<details><summary>Already on the base branch: ${plural(pre.length, 'finding')} (${failing ? 'failing the check: preExisting is fail' : 'not failing the check'})</summary>`, '');
        const shown = take(pre);
        if (shown.length > 0)
            out.push(HEADER, ...shown.map((f) => row(f).replace('| ', `| ${escapeMarkdown(f.lockfile)}: `)), '');
        if (shown.length < pre.length)
            out.push(`_${plural(pre.length - shown.length, 'more')} not shown here._`, '');
        out.push('</details>', '');
    }
    if (report.exceptions.length > 0) {
        out.push('#### Exceptions', '', '| Exception | Status | Owner | Expires | Matched | Reason |', '|---|---|---|---|---|---|');
        for (const e of report.exceptions) {
            const status = e.status === 'expired' ? '**expired**' : e.status;
            out.push(`| ${e.id}${e.line === undefined ? '' : ` (line ${e.line})`} | ${status} | ${escapeMarkdown(e.owner)} | ${e.expires} | ${e.matched} | ${escapeMarkdown(e.reason)} |`);
        }
        out.push('');
    }
    if (report.notes.length > 0) {
        out.push('#### Notes', '');
        for (const n of report.notes.slice(0, 50)) {
            const where = n.file === undefined ? '' : `${escapeMarkdown(n.file)}${n.line === undefined ? '' : `:${n.line}`}: `;
            out.push(`- ${n.level}: ${where}${escapeMarkdown(n.message)}`);
        }
        if (report.notes.length > 50)
            out.push(`- ${plural(report.notes.length - 50, 'more note')} in the full report`);
        out.push('');
    }
    if (omitted > 0) {
        out.push(`**${plural(omitted, 'finding')} not shown to stay within the size limit**: the job summary, the JSON report or \`depgate check\` list them all.`, '');
    }
    if (options.footer !== undefined)
        out.push(options.footer);
    return `${out.join('\n').trimEnd()}\n`;
}
/**
 * The report as GitHub Markdown (job summary, PR comment): status, counts, per lockfile a table whose
 * rows beyond the first ten fold into `<details>`, pre-existing findings apart, exceptions, notes. Cut
 * to `maxLength` at a row boundary (never a broken table or an unclosed `<details>`), saying how many
 * findings it left out.
 */
function renderMarkdown(report, options = {}) {
    const max = options.maxLength ?? DEFAULT_MARKDOWN_LENGTH;
    const full = render(report, options, Number.POSITIVE_INFINITY);
    if (full.length <= max)
        return full;
    // The most rows that fit: rendering is linear, so a binary search costs a few renders.
    let low = 0;
    let high = report.findings.length;
    while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (render(report, options, mid).length <= max)
            low = mid;
        else
            high = mid - 1;
    }
    const cut = render(report, options, low);
    if (cut.length <= max)
        return cut;
    // Even with no rows it does not fit (thousands of lockfiles or notes): the headline and a pointer.
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
};
const KINDS = Object.keys(RULES);
/** FNV-1a, for fingerprints that stay the same across runs for the same package in the same lockfile. */
function fingerprint(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
}
/** The report as SARIF 2.1.0 (code scanning): results at lockfile lines, one rule per kind of finding. */
function renderSarif(report, options) {
    const informationUri = options.informationUri ?? 'https://github.com/depgate/depgate';
    const rules = KINDS.map((kind) => ({
        id: `depgate/${kind}`,
        name: RULES[kind].name,
        shortDescription: { text: RULES[kind].short },
        fullDescription: { text: RULES[kind].help },
        help: { text: RULES[kind].help, markdown: `**${RULES[kind].short}.** ${RULES[kind].help}` },
        helpUri: `${informationUri}/blob/main/docs/policy.md`,
        defaultConfiguration: { level: kind === 'denied' || kind === 'license' ? 'error' : 'warning' },
    }));
    const results = report.findings.map((f) => ({
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
            'depgatePackage/v1': fingerprint(`${f.lockfile}\u0000${f.kind}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`),
        },
        properties: {
            policyRule: f.rule.id,
            blocking: f.blocking,
            preExisting: f.preExisting,
            ecosystem: f.ecosystem,
            package: f.name,
            version: f.version,
            ...(f.exception === undefined
                ? {}
                : { exception: f.exception.id, exceptionStatus: f.exception.status }),
        },
    }));
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
/** The report for a terminal: the verdict first, then per lockfile its findings in aligned columns. */
function renderText(report, options) {
    const paint = (style, text) => options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
    const out = [];
    const verdict = summaryLine(report);
    out.push(`depgate ${paint(report.verdict === 'block' ? 'red' : 'green', verdict.split(':')[0].toUpperCase())}:${verdict.slice(verdict.indexOf(':') + 1)}`);
    out.push(paint('dim', sourceLine(report)));
    const table = (findings) => {
        const rows = findings.map((f) => [
            levelLabel(f),
            `${f.name}`,
            describe_changeText(f, report.mode),
            `line ${f.line}`,
            describe_whyText(f),
        ]);
        const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length)));
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
                out.push(`  ${' '.repeat(widths[0])}  ${paint('dim', '-')} ${detail}`);
        });
    };
    for (const lockfile of report.lockfiles) {
        const findings = introducedFindings(report, lockfile.path);
        out.push('');
        const status = lockfile.status === 'added' ? ', new file' : lockfile.status === 'deleted' ? ', deleted' : '';
        out.push(`${paint('bold', lockfile.path)} (${lockfile.format}${status}): ${lockfileCounts(lockfile.counts)}`);
        const moved = report.mode === 'diff' ? directChangesText(lockfile) : undefined;
        if (moved !== undefined)
            out.push(`  ${paint('dim', `changes: ${moved}`)}`);
        if (findings.length === 0)
            out.push(`  ${paint('green', 'nothing against the policy')}`);
        else
            table(findings);
    }
    const pre = report.findings.filter((f) => f.preExisting);
    if (pre.length > 0) {
        out.push('');
        out.push(paint('bold', `Already on the base (${plural(pre.length, 'finding')}, ${pre.some((f) => f.blocking) ? 'failing: preExisting is fail' : 'not failing the check'}):`));
        const byLockfile = new Map();
        for (const f of pre)
            byLockfile.set(f.lockfile, [...(byLockfile.get(f.lockfile) ?? []), f]);
        for (const [lockfile, findings] of byLockfile) {
            out.push(`  ${lockfile}`);
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
            out.push(`  ${e.id.padEnd(14)} ${status}  owner ${e.owner}, expires ${e.expires}, matched ${e.matched}: ${e.reason}`);
        }
    }
    if (report.notes.length > 0) {
        out.push('');
        out.push(paint('bold', 'Notes:'));
        for (const n of report.notes) {
            const where = n.file === undefined ? '' : `${n.file}${n.line === undefined ? '' : `:${n.line}`}: `;
            out.push(`  ${paint(n.level === 'warning' ? 'yellow' : 'dim', n.level)}  ${where}${n.message}`);
        }
    }
    return `${out.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/index.ts
// The report renderers: the gate's Report as terminal text, GitHub Markdown, JSON, SARIF and annotations.







// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/cli/git.ts
var git = __webpack_require__(16094);
// EXTERNAL MODULE: ./src/cli/io.ts + 1 modules
var cli_io = __webpack_require__(49256);
// EXTERNAL MODULE: ./src/cli/platform-settings.ts
var platform_settings = __webpack_require__(80197);
;// CONCATENATED MODULE: ./src/cli/check-command.ts











const FORMATS = ['text', 'markdown', 'json', 'sarif'];
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
    ],
    after: `environment:
  DEPGATE_API_URL          the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN        an API token with Web API access
  DEPGATE_DEPLOYMENT_ID    numeric deployment id  } both found from the token when unset
  DEPGATE_DEPLOYMENT_SLUG  deployment slug        }
  DEPGATE_PLATFORM         on or off, like --platform
  NO_COLOR                 no colour in the text report

exit codes: 0 pass, 1 blocked, 2 configuration or usage error (policy, lockfile, git), 3 platform error`,
};
function oneOf(name, value, allowed) {
    if (value === undefined)
        return undefined;
    if (typeof value === 'string' && allowed.includes(value))
        return value;
    throw new cli_io/* UsageError */.e(`--${name} must be ${allowed.join(', ')}, not '${String(value)}'`);
}
async function loadPolicy(root, cwd, file, headSha, io) {
    if (file !== undefined) {
        const path = (0,external_node_path_.resolve)(cwd, file);
        let text;
        try {
            text = await (0,git/* readInWorkingTree */.fp)('/', path);
        }
        catch (error) {
            throw new cli_io/* UsageError */.e(`--policy ${file}: cannot read it (${error.code ?? String(error)})`);
        }
        if (text === undefined)
            throw new cli_io/* UsageError */.e(`--policy ${file}: no such file`);
        return (0,policy/* readPolicy */.T4)(text, file);
    }
    const text = headSha === undefined
        ? await (0,git/* readInWorkingTree */.fp)(root, policy/* DEFAULT_POLICY_PATH */.lo)
        : await (0,git/* readAtCommit */.zX)(root, headSha, policy/* DEFAULT_POLICY_PATH */.lo);
    if (text === undefined) {
        io.stderr(`depgate check: no ${policy/* DEFAULT_POLICY_PATH */.lo}: checking with no deny rules (see docs/policy.md)\n`);
        return (0,policy/* defaultPolicy */.G4)('default');
    }
    return (0,policy/* readPolicy */.T4)(text, policy/* DEFAULT_POLICY_PATH */.lo);
}
function check_command_render(report, format, color) {
    switch (format) {
        case 'text':
            return renderText(report, { color });
        case 'markdown':
            return renderMarkdown(report, {});
        case 'json':
            return renderJson(report);
        case 'sarif':
            return `${JSON.stringify(renderSarif(report, { toolVersion: version/* VERSION */.x }), null, 2)}\n`;
    }
}
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
    const platformFlag = oneOf('platform', flags.get('platform'), ['on', 'off']) ??
        oneOf('platform (DEPGATE_PLATFORM)', io.env.DEPGATE_PLATFORM?.trim() || undefined, [
            'on',
            'off',
        ]);
    const settings = (0,platform_settings/* platformSettingsFromEnv */.ME)(io.env);
    const platformMode = platformFlag ?? (settings === undefined ? 'off' : 'on');
    if (platformMode === 'on' && settings === undefined)
        throw new cli_io/* UsageError */.e(`the platform check is on but no token is set: ${platform_settings/* NO_TOKEN_HELP */.Ms}`);
    const root = await (0,git/* repositoryRoot */.Hn)(io.cwd);
    const baseFlag = flags.get('base');
    const headFlag = flags.get('head');
    const base = typeof baseFlag === 'string'
        ? { ref: baseFlag, sha: await (0,git/* resolveCommit */.WL)(root, baseFlag) }
        : await (0,git/* defaultBase */.px)(root);
    const head = typeof headFlag === 'string' ? { ref: headFlag, sha: await (0,git/* resolveCommit */.WL)(root, headFlag) } : undefined;
    const policyFlag = flags.get('policy');
    const policy = await loadPolicy(root, io.cwd, typeof policyFlag === 'string' ? policyFlag : undefined, head?.sha, io);
    const paths = (await (0,git/* changedPaths */.vl)(root, base.sha, head?.sha)).filter(src_lockfiles/* isLockfilePath */.d5).sort();
    const lockfiles = await Promise.all(paths.map(async (path) => {
        const pair = { path };
        const before = await (0,git/* readAtCommit */.zX)(root, base.sha, path);
        const after = head === undefined ? await (0,git/* readInWorkingTree */.fp)(root, path) : await (0,git/* readAtCommit */.zX)(root, head.sha, path);
        if (before !== undefined)
            pair.base = before;
        if (after !== undefined)
            pair.head = after;
        return pair;
    }));
    const headLabel = head === undefined ? 'the working tree' : head.ref;
    io.stderr(`depgate check: ${lockfiles.length} changed lockfile${lockfiles.length === 1 ? '' : 's'} between ${base.ref} (${base.sha.slice(0, 7)}) and ${headLabel}${platformMode === 'on' ? `, asking ${settings.apiUrl}` : ', platform off'}\n`);
    let platform;
    if (platformMode === 'on')
        platform = await (0,platform_settings/* connectPlatform */.c0)(settings, {
            ...(deps.transport === undefined ? {} : { transport: deps.transport }),
            userAgent: `depgate/${version/* VERSION */.x}`,
        });
    const report = await (0,gate/* runGate */.Rg)({
        lockfiles,
        policy,
        now: (deps.now ?? (() => new Date()))(),
        toolVersion: version/* VERSION */.x,
        mode: 'diff',
        base: base.sha,
        head: head?.sha ?? 'working tree',
        ...(platform === undefined ? {} : { platform }),
    });
    const output = flags.get('output');
    const color = typeof output !== 'string' &&
        format === 'text' &&
        (deps.isTty ?? process.stdout.isTTY === true) &&
        !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
    const text = check_command_render(report, format, color);
    if (typeof output === 'string') {
        await (0,promises_.writeFile)((0,external_node_path_.resolve)(io.cwd, output), text);
        io.stderr(`depgate check: report written to ${output}\n`);
    }
    else {
        io.stdout(text);
    }
    const { counts } = report;
    io.stderr(`depgate check: ${report.verdict === 'block' ? 'blocked' : 'passed'}: ${counts.violations} violation${counts.violations === 1 ? '' : 's'}, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}, ${counts.introduced} introduced\n`);
    return report.verdict === 'block' ? 1 : 0;
}
/** Turns what can go wrong in a check into its message and exit code (2 user-fixable, 3 platform). */
function checkFailure(error) {
    const failure = (0,edge_shared/* describeFailure */.Ic)(error);
    return failure && { message: failure.message, code: failure.kind === 'config' ? 2 : 3 };
}


/***/ }),

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
/* harmony import */ var _emulator_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(99981);
/* harmony import */ var _check_command_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(12997);
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


/***/ }),

/***/ 16094:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ git),
/* harmony export */   Hn: () => (/* binding */ repositoryRoot),
/* harmony export */   WL: () => (/* binding */ resolveCommit),
/* harmony export */   fp: () => (/* binding */ readInWorkingTree),
/* harmony export */   px: () => (/* binding */ defaultBase),
/* harmony export */   vl: () => (/* binding */ changedPaths),
/* harmony export */   zX: () => (/* binding */ readAtCommit)
/* harmony export */ });
/* unused harmony export GitError */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(49256);




/** Lockfiles can be tens of megabytes; git's output is read whole. */
const MAX_BUFFER = 1024 * 1024 * 1024;
class GitError extends _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e {
}
/** Runs git in `cwd` and returns its standard output; a failure is a GitError with git's own words. */
function git(cwd, args) {
    return new Promise((resolve, reject) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', [...args], { cwd, maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (error, stdout, stderr) => {
            if (error === null) {
                resolve(stdout);
                return;
            }
            const code = error.code;
            if (code === 'ENOENT')
                reject(new GitError('git is not installed or not on PATH'));
            else
                reject(new GitError(`git ${args.join(' ')}: ${(stderr || error.message).trim()}`));
        });
    });
}
async function repositoryRoot(cwd) {
    try {
        return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
    }
    catch (error) {
        if (error instanceof GitError && /not a git repository/i.test(error.message))
            throw new GitError(`${cwd} is not inside a git repository: run depgate check in a clone of your repository`);
        throw error;
    }
}
async function refExists(root, ref) {
    try {
        await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * The default base: where the current branch left the default branch (`git merge-base`), the default
 * branch being the remote's HEAD, else `origin/main`, `origin/master`, `main` or `master`.
 */
async function defaultBase(root) {
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
    for (const ref of candidates) {
        if (!(await refExists(root, ref)))
            continue;
        const sha = (await git(root, ['merge-base', 'HEAD', ref])).trim();
        return { ref, sha };
    }
    throw new GitError('cannot find the default branch (tried origin/HEAD, origin/main, origin/master, main, master): pass --base REF');
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
/** A file's text at a commit, or undefined when the commit has no such file. */
async function readAtCommit(root, commit, path) {
    const listed = await git(root, ['ls-tree', '-z', '--name-only', commit, '--', path]);
    if (split0(listed).length === 0)
        return undefined;
    return git(root, ['show', `${commit}:${path}`]);
}
/** A file's text in the working tree, or undefined when it is not there. */
async function readInWorkingTree(root, path) {
    try {
        return await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, path), 'utf8');
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        throw error;
    }
}


/***/ })

};
