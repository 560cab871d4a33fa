export const id = 40;
export const ids = [40];
export const modules = {

/***/ 4040:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  LS: () => (/* reexport */ plural),
  hF: () => (/* reexport */ renderJson),
  Gc: () => (/* reexport */ renderMarkdown),
  WH: () => (/* reexport */ renderSarif),
  S5: () => (/* reexport */ renderText)
});

// UNUSED EXPORTS: DEFAULT_MARKDOWN_LENGTH, annotationsOf, escapeMarkdown, summaryLine

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

;// CONCATENATED MODULE: ./src/report/render-json.ts
/** The report as JSON, schema version 1 (schema/report-v1.schema.json; fields in docs/report.md). */
function renderJson(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
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








/***/ })

};
