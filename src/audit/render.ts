import type { Result } from 'sarif';
import { vulnerabilityFixText, type FindingAdvisory } from '../gate/index.js';
import {
  printable,
  SARIF_KINDS,
  sarifAdvisoryRule,
  sarifFingerprint,
  sarifRules,
  sarifSuppressions,
} from '../report/index.js';
import type { AuditRepository, AuditViolation, RenderableAuditReport } from './types.js';
import { isStreamedRepositories } from './violation-store.js';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The one-line summary printed at the end of every audit. */
export function auditSummary(
  report: Pick<RenderableAuditReport, 'counts' | 'requests' | 'minimumRequests' | 'durationMs'>,
): string {
  const c = report.counts;
  return (
    `audit: ${plural(c.repositoriesScanned, 'repository', 'repositories')} scanned, ${c.repositoriesViolating.toLocaleString('en-US')} violating, ` +
    `${plural(c.violations, 'violation')}${c.excused > 0 ? ` (${c.excused.toLocaleString('en-US')} excused)` : ''}, ` +
    `${c.warnings > 0 ? `${plural(c.warnings, 'warning')}, ` : ''}` +
    `${plural(c.dependenciesRead, 'dependency record', 'dependency records')} read, ` +
    `${plural(report.requests, 'request')} (minimum ${report.minimumRequests}), ${(report.durationMs / 1000).toFixed(1)} s`
  );
}

function describe(v: AuditViolation): string {
  const exception =
    v.exception === undefined
      ? ''
      : v.exception.status === 'valid'
        ? `  excused by ${v.exception.id} (owner ${v.exception.owner}, until ${v.exception.expires})`
        : `  ${v.exception.id} (owner ${v.exception.owner}) expired ${v.exception.expires}`;
  const licenses = v.licenses.length > 0 ? `  [${v.licenses.join(', ')}]` : '';
  // A vulnerability says what the gate says of it: the advisories, the worst, the fix (and what excuses it).
  const what = v.kind === 'vulnerability' ? `: ${v.message}` : v.rule.reason ? `: ${v.rule.reason}` : '';
  return `${v.lockfile}:${v.line}  ${v.name} ${v.version} (${v.transitivity})  ${v.rule.id}${what}${v.kind === 'vulnerability' ? '' : licenses}${exception}`;
}

/** `x` blocks, `!` is reported without blocking (an advisory below failOn), `-` is excused. */
const mark = (v: AuditViolation): string => (v.blocking ? 'x' : v.level === 'warning' ? '!' : '-');

/** Collects lines and hands them out in pieces of about 64 KB. */
class Chunker {
  private out = '';
  /** A line (a newline is added); the text so far when it passed 64 KB, else undefined. */
  line(text: string, eol = '\n'): string | undefined {
    return this.piece(text + eol);
  }
  /** Text as it is; the text so far when it passed 64 KB, else undefined. */
  piece(text: string): string | undefined {
    this.out += text;
    if (this.out.length < JSON_CHUNK) return undefined;
    const full = this.out;
    this.out = '';
    return full;
  }
  rest(): string {
    return this.out;
  }
}

/** Text for a terminal or a log: repositories with violations, then tagging, notes and the summary. */
export function renderAuditText(report: RenderableAuditReport): string {
  return [...renderAuditTextChunks(report)].join('');
}

/** The text report in pieces of about 64 KB, each repository read when it is reached. */
export function* renderAuditTextChunks(report: RenderableAuditReport): Generator<string, void, undefined> {
  const out = new Chunker();
  const emit = function* (line: string) {
    const full = out.line(line);
    if (full !== undefined) yield full;
  };
  let any = false;
  for (const repo of report.repositories) {
    any = true;
    yield* emit(`${repo.name}  (${plural(repo.blocking, 'violation')})`);
    for (const file of repo.lockfiles)
      for (const v of file.violations) yield* emit(`  ${mark(v)} ${describe(v)}`);
  }
  if (!any) yield* emit('No repository breaks the policy.');
  const t = report.tagging;
  if (t !== undefined) {
    const verb = t.dryRun ? 'would ' : '';
    yield* emit('');
    yield* emit(
      `tag ${t.tag}: ${verb}add to ${t.added.length}, ${verb}remove from ${t.removed.length}, ${t.unchanged} already right`,
    );
    for (const p of t.added) yield* emit(`  + ${p}`);
    for (const p of t.removed) yield* emit(`  - ${p}`);
    for (const p of t.noProject) yield* emit(`  ! ${p}: no project of that name, not tagged`);
    for (const f of t.failed) yield* emit(`  ! ${f.project}: ${f.action} failed: ${f.error}`);
  }
  for (const e of report.exceptions.filter((e) => e.status === 'unused'))
    yield* emit(`note: ${e.id} (owner ${e.owner}) matched nothing in the organization`);
  for (const n of report.notes) yield* emit(`${n.level}: ${n.message}`);
  const vulns = report.vulnerabilities;
  if (vulns !== undefined)
    yield* emit(
      `known vulnerabilities (failOn ${vulns.failOn}): ${plural(vulns.queried, 'distinct package version')} asked of ${vulns.sources
        .map((s) => `${s.label}${s.status === 'failed' ? ' (could not answer)' : ''}`)
        .join(
          ', ',
        )} in ${plural(vulns.requests, 'request')}, ${vulns.vulnerable.toLocaleString('en-US')} vulnerable`,
    );
  yield* emit('');
  yield `${out.rest()}${auditSummary(report)}\n`;
}

/** A CSV cell: quoted when needed, and never a formula when opened in a spreadsheet. */
function cell(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  'repository',
  'lockfile',
  'line',
  'ecosystem',
  'name',
  'version',
  'transitivity',
  'licenses',
  'kind',
  'rule',
  'reason',
  'status',
  'exception',
  'exception_owner',
  'exception_expires',
  'advisories',
  'fix',
] as const;

/** A vulnerability's advisories in a cell: `GHSA-... (high) GHSA-... (moderate)`. */
const advisoryCell = (advisories: readonly FindingAdvisory[] | undefined): string | undefined =>
  advisories?.map((a) => `${a.id} (${a.severity})`).join(' ');

/** One row per violation (RFC 4180), excused ones included with their status. */
export function renderAuditCsv(report: RenderableAuditReport): string {
  return [...renderAuditCsvChunks(report)].join('');
}

/** The CSV report in pieces of about 64 KB, each repository read when it is reached. */
export function* renderAuditCsvChunks(report: RenderableAuditReport): Generator<string, void, undefined> {
  const out = new Chunker();
  const row = function* (cells: (string | number | undefined)[]) {
    const full = out.line(cells.map(cell).join(','), '\r\n');
    if (full !== undefined) yield full;
  };
  yield* row([...CSV_HEADER]);
  for (const repo of report.repositories)
    for (const file of repo.lockfiles)
      for (const v of file.violations)
        yield* row([
          v.repository,
          v.lockfile,
          v.line,
          v.ecosystem,
          v.name,
          v.version,
          v.transitivity,
          v.licenses.join(' AND '),
          v.kind,
          v.rule.id,
          v.rule.reason,
          v.blocking ? 'violation' : v.level === 'warning' ? 'warning' : 'excused',
          v.exception?.id,
          v.exception?.owner,
          v.exception?.expires,
          advisoryCell(v.advisories),
          v.fix,
        ]);
  yield out.rest();
}

/** GitHub code scanning refuses a SARIF run with more results than this. */
export const SARIF_MAX_RESULTS_PER_RUN = 25_000;

const INFORMATION_URI = 'https://github.com/depgate/depgate';

/**
 * SARIF 2.1.0, one run per repository: each result is at its lockfile's path in that repository
 * (`%SRCROOT%` is the repository's root), so the path exists where the run is uploaded, and each run
 * has its own category (`automationDetails.id`). Rule ids are the kinds of finding `depgate check` uses
 * (stable across policy edits, with help text); excused violations carry `suppressions`. A run keeps
 * at most 25,000 results, the most severe first (blocking before excused, then by kind, repository
 * order), and says in a notification and its properties how many it cut.
 */
export function renderAuditSarif(
  report: RenderableAuditReport,
  maxResultsPerRun = SARIF_MAX_RESULTS_PER_RUN,
): string {
  return [...renderAuditSarifChunks(report, maxResultsPerRun)].join('');
}

/** A placeholder for a run's results while the rest of the run is formatted. */
const RESULTS_HERE = '\u0000results';

/**
 * The SARIF report in pieces of about 64 KB, `JSON.stringify(sarif, null, 2)` and a newline byte for
 * byte: each repository is read when it is reached, its run formatted around its results, which are
 * made and formatted one at a time.
 */
export function* renderAuditSarifChunks(
  report: RenderableAuditReport,
  maxResultsPerRun = SARIF_MAX_RESULTS_PER_RUN,
): Generator<string, void, undefined> {
  const rules = sarifRules(INFORMATION_URI);
  // In the file, a run is at 4 spaces, its results at 8.
  const at4 = (text: string) => text.replace(/\n/g, '\n    ');
  const at8 = (text: string) => text.replace(/\n/g, '\n        ');
  const out = new Chunker();
  const put = function* (text: string) {
    const full = out.piece(text);
    if (full !== undefined) yield full;
  };
  yield* put(
    `{\n  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",\n  "version": "2.1.0",\n  "runs": [`,
  );
  let runs = 0;
  for (const repo of report.repositories) {
    const { run, results } = sarifRun(repo, report.tool.version, rules, maxResultsPerRun);
    const [before, after] = JSON.stringify(run, null, 2).split(JSON.stringify(RESULTS_HERE)) as [
      string,
      string,
    ];
    yield* put(`${runs++ === 0 ? '' : ','}\n    ${at4(before)}`);
    let count = 0;
    for (const result of results)
      yield* put(`${count++ === 0 ? '[' : ','}\n        ${at8(JSON.stringify(result, null, 2))}`);
    yield* put(count === 0 ? '[]' : '\n      ]');
    yield* put(at4(after));
  }
  // A clean organization still uploads one run, with no results, so earlier alerts close.
  if (runs === 0) {
    const clean = {
      tool: {
        driver: {
          name: 'depgate',
          version: report.tool.version,
          informationUri: INFORMATION_URI,
          rules,
        },
      },
      automationDetails: { id: 'depgate-audit/' },
      results: [],
    };
    yield* put(`\n    ${at4(JSON.stringify(clean, null, 2))}`);
  }
  yield `${out.rest()}\n  ]\n}\n`;
}

/** One repository's run, its results to be made one at a time (placeholder `RESULTS_HERE`). */
function sarifRun(
  repo: AuditRepository,
  version: string,
  rules: ReturnType<typeof sarifRules>,
  maxResultsPerRun: number,
): { run: object; results: Iterable<Result> } {
  const violations = repo.lockfiles
    .flatMap((file) => file.violations.map((v) => ({ file: file.path, v })))
    .sort((a, b) => severity(a.v) - severity(b.v));
  const kept = violations.slice(0, maxResultsPerRun);
  const cut = violations.slice(maxResultsPerRun);
  // Each advisory of a vulnerability is its own rule (with a help link to it), after the kinds' rules.
  const runRules = [...rules];
  const advisoryIndex = new Map<string, number>();
  const advisoryRuleIndex = (a: FindingAdvisory): number => {
    let at = advisoryIndex.get(a.id);
    if (at === undefined) {
      at = runRules.push(sarifAdvisoryRule(a)) - 1;
      advisoryIndex.set(a.id, at);
    }
    return at;
  };
  const location = (file: string, v: AuditViolation) => [
    {
      physicalLocation: {
        artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' },
        ...(v.line > 0 ? { region: { startLine: v.line } } : {}),
      },
    },
  ];
  const levelOf = (v: AuditViolation) => (v.blocking ? 'error' : v.level === 'warning' ? 'warning' : 'note');
  // The advisories' rules come before the results in the run: each is numbered in the order the
  // results name it.
  for (const { v } of kept)
    if (v.kind === 'vulnerability') for (const a of v.advisories ?? []) advisoryRuleIndex(a);
  const resultsOf = ({ file, v }: { file: string; v: AuditViolation }): Result | Result[] => {
    if (v.kind === 'vulnerability')
      return (v.advisories ?? []).map((a) => {
        const excused = a.exception?.status === 'valid';
        const suppressions = sarifSuppressions(a.exception);
        const fix = vulnerabilityFixText(v.name, v.version, v.fix, v.fixAfter);
        return {
          ruleId: printable(a.id),
          ruleIndex: advisoryRuleIndex(a),
          level: excused ? 'note' : levelOf(v),
          message: {
            text: printable(`${v.name} ${v.version}: ${a.id} (${a.severity}) ${a.summary}; ${fix}`),
          },
          locations: location(file, v),
          partialFingerprints: {
            'depgatePackage/v1': sarifFingerprint(
              `${file}\u0000${a.id}\u0000${v.ecosystem}\u0000${v.name}\u0000${v.version}`,
            ),
          },
          properties: {
            repository: repo.name,
            policyRule: v.rule.id,
            ecosystem: v.ecosystem,
            package: v.name,
            version: v.version,
            transitivity: v.transitivity,
            severity: a.severity,
            aliases: a.aliases,
            ...(v.fix === undefined ? {} : { fix: v.fix }),
            ...(v.organization === undefined ? {} : { organization: v.organization }),
            ...(a.exception === undefined ? {} : { exception: a.exception }),
          },
          ...(suppressions ? { suppressions } : {}),
        };
      });
    const suppressions = sarifSuppressions(v.exception);
    return {
      ruleId: `depgate/${v.kind}`,
      ruleIndex: SARIF_KINDS.indexOf(v.kind),
      level: levelOf(v),
      message: { text: v.message },
      locations: location(file, v),
      partialFingerprints: {
        'depgatePackage/v1': sarifFingerprint(
          `${file}\u0000${v.kind}\u0000${v.ecosystem}\u0000${v.name}\u0000${v.version}`,
        ),
      },
      properties: {
        repository: repo.name,
        policyRule: v.rule.id,
        ...(v.rule.reason ? { policyReason: v.rule.reason } : {}),
        ecosystem: v.ecosystem,
        package: v.name,
        version: v.version,
        transitivity: v.transitivity,
        licenses: v.licenses,
        ...(v.exception ? { exception: v.exception } : {}),
      },
      ...(suppressions ? { suppressions } : {}),
    };
  };
  const results = (function* () {
    for (const one of kept) {
      const made = resultsOf(one);
      if (Array.isArray(made)) yield* made;
      else yield made;
    }
  })();
  const cutBlocking = cut.filter((c) => c.v.blocking).length;
  const cutNote =
    cut.length === 0
      ? undefined
      : `${repo.name}: ${cut.length.toLocaleString('en-US')} of ${violations.length.toLocaleString('en-US')} results cut to stay within ${maxResultsPerRun.toLocaleString('en-US')} per run (${cutBlocking.toLocaleString('en-US')} blocking, ${(cut.length - cutBlocking).toLocaleString('en-US')} excused); the JSON or CSV report has them all`;
  const run = {
    tool: {
      driver: {
        name: 'depgate',
        version,
        informationUri: INFORMATION_URI,
        rules: runRules,
      },
    },
    automationDetails: { id: `depgate-audit/${repo.name}/` },
    invocations: [
      {
        executionSuccessful: true,
        ...(cutNote
          ? { toolExecutionNotifications: [{ level: 'warning', message: { text: cutNote } }] }
          : {}),
      },
    ],
    originalUriBaseIds: {
      '%SRCROOT%': { description: { text: `The root of the repository ${repo.name}` } },
    },
    results: RESULTS_HERE,
    properties: {
      repository: repo.name,
      results: violations.length,
      ...(cut.length > 0 ? { cut: { results: cut.length, blocking: cutBlocking } } : {}),
    },
  };
  return { run, results };
}

/**
 * Lower is more severe: blocking, then reported (below failOn), then excused; within each, denied
 * packages and licenses, then known vulnerabilities, then the rest.
 */
function severity(v: AuditViolation): number {
  const kind = v.kind === 'vulnerability' ? 1.5 : SARIF_KINDS.indexOf(v.kind);
  return (v.blocking ? 0 : v.level === 'warning' ? 100 : 200) + kind;
}

/** Where the JSON report stops being walked and each value is stringified whole: one violation. */
const JSON_WALK_DEPTH = 6;
const JSON_CHUNK = 64 * 1024;

/**
 * The JSON report, `JSON.stringify(report, null, 2)` and a newline byte for byte, as a series of
 * strings of about 64 KB: report, repositories, lockfiles and their lists are walked here, each
 * violation is stringified on its own. Writing the chunks as they come keeps the report's memory to
 * one chunk, where one string of the whole (tens of MB for tens of thousands of violations) costs
 * three times its size while it is built, flattened and encoded for the file.
 */
export function* renderAuditJsonChunks(report: RenderableAuditReport): Generator<string, void, undefined> {
  const root = jsonValue(report, '');
  if (!walked(root, 0)) {
    yield `${jsonLeaf(root, '')}\n`;
    return;
  }
  let out = '';
  for (const piece of jsonPieces(root, '', 0)) {
    out += piece;
    if (out.length >= JSON_CHUNK) {
      yield out;
      out = '';
    }
  }
  yield `${out}\n`;
}

/** What JSON.stringify makes of a value before formatting it: its toJSON, and undefined for what it leaves out. */
function jsonValue(value: unknown, key: string): unknown {
  // The report's repositories read from disk: walked one at a time, never all at once (toJSON).
  if (isStreamedRepositories(value)) return value;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}

const walked = (value: unknown, depth: number): value is object =>
  depth < JSON_WALK_DEPTH &&
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value) ||
    isStreamedRepositories(value) ||
    Object.getPrototypeOf(value) === Object.prototype);

/** A value stringified whole, at `indent` (strings in JSON never hold a raw line break: each one starts a line). */
function jsonLeaf(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined) return 'null';
  return indent === '' || !text.includes('\n') ? text : text.replace(/\n/g, `\n${indent}`);
}

/** JSON.stringify's two-space format of an object or array at `indent`, in pieces, walked to a depth. */
function* jsonPieces(value: object, indent: string, depth: number): Generator<string, void, undefined> {
  const inner = `${indent}  `;
  if (Array.isArray(value) || isStreamedRepositories(value)) {
    let i = 0;
    for (const raw of value as Iterable<unknown>) {
      const item = jsonValue(raw, String(i));
      const head = i === 0 ? `[\n${inner}` : `,\n${inner}`;
      i++;
      if (walked(item, depth + 1)) {
        yield head;
        yield* jsonPieces(item, inner, depth + 1);
      } else yield head + jsonLeaf(item, inner);
    }
    yield i === 0 ? '[]' : `\n${indent}]`;
    return;
  }
  let first = true;
  for (const name of Object.keys(value)) {
    const item = jsonValue((value as Record<string, unknown>)[name], name);
    if (item === undefined) continue;
    const head = `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(name)}: `;
    first = false;
    if (walked(item, depth + 1)) {
      yield head;
      yield* jsonPieces(item, inner, depth + 1);
    } else yield head + jsonLeaf(item, inner);
  }
  yield first ? '{}' : `\n${indent}}`;
}
