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
import type { AuditReport, AuditViolation } from './types.js';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The one-line summary printed at the end of every audit. */
export function auditSummary(report: AuditReport): string {
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

/** Text for a terminal or a log: repositories with violations, then tagging, notes and the summary. */
export function renderAuditText(report: AuditReport): string {
  const out: string[] = [];
  if (report.repositories.length === 0) out.push('No repository breaks the policy.');
  for (const repo of report.repositories) {
    out.push(`${repo.name}  (${plural(repo.blocking, 'violation')})`);
    for (const file of repo.lockfiles)
      for (const v of file.violations) out.push(`  ${mark(v)} ${describe(v)}`);
  }
  const t = report.tagging;
  if (t !== undefined) {
    const verb = t.dryRun ? 'would ' : '';
    out.push('');
    out.push(
      `tag ${t.tag}: ${verb}add to ${t.added.length}, ${verb}remove from ${t.removed.length}, ${t.unchanged} already right`,
    );
    for (const p of t.added) out.push(`  + ${p}`);
    for (const p of t.removed) out.push(`  - ${p}`);
    for (const p of t.noProject) out.push(`  ! ${p}: no project of that name, not tagged`);
    for (const f of t.failed) out.push(`  ! ${f.project}: ${f.action} failed: ${f.error}`);
  }
  for (const e of report.exceptions.filter((e) => e.status === 'unused'))
    out.push(`note: ${e.id} (owner ${e.owner}) matched nothing in the organization`);
  for (const n of report.notes) out.push(`${n.level}: ${n.message}`);
  const vulns = report.vulnerabilities;
  if (vulns !== undefined)
    out.push(
      `known vulnerabilities (failOn ${vulns.failOn}): ${plural(vulns.queried, 'distinct package version')} asked of ${vulns.sources
        .map((s) => `${s.label}${s.status === 'failed' ? ' (could not answer)' : ''}`)
        .join(
          ', ',
        )} in ${plural(vulns.requests, 'request')}, ${vulns.vulnerable.toLocaleString('en-US')} vulnerable`,
    );
  out.push('', auditSummary(report));
  return `${out.join('\n')}\n`;
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
export function renderAuditCsv(report: AuditReport): string {
  const rows = [CSV_HEADER.join(',')];
  for (const repo of report.repositories)
    for (const file of repo.lockfiles)
      for (const v of file.violations)
        rows.push(
          [
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
          ]
            .map(cell)
            .join(','),
        );
  return `${rows.join('\r\n')}\r\n`;
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
export function renderAuditSarif(report: AuditReport, maxResultsPerRun = SARIF_MAX_RESULTS_PER_RUN): string {
  const rules = sarifRules(INFORMATION_URI);
  const runs = report.repositories.map((repo) => {
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
    const levelOf = (v: AuditViolation) =>
      v.blocking ? 'error' : v.level === 'warning' ? 'warning' : 'note';
    const results = kept.flatMap(({ file, v }): Result | Result[] => {
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
    });
    const cutBlocking = cut.filter((c) => c.v.blocking).length;
    const cutNote =
      cut.length === 0
        ? undefined
        : `${repo.name}: ${cut.length.toLocaleString('en-US')} of ${violations.length.toLocaleString('en-US')} results cut to stay within ${maxResultsPerRun.toLocaleString('en-US')} per run (${cutBlocking.toLocaleString('en-US')} blocking, ${(cut.length - cutBlocking).toLocaleString('en-US')} excused); the JSON or CSV report has them all`;
    return {
      tool: {
        driver: {
          name: 'depgate',
          version: report.tool.version,
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
      results,
      properties: {
        repository: repo.name,
        results: violations.length,
        ...(cut.length > 0 ? { cut: { results: cut.length, blocking: cutBlocking } } : {}),
      },
    };
  });
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    // A clean organization still uploads one run, with no results, so earlier alerts close.
    runs:
      runs.length > 0
        ? runs
        : [
            {
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
            },
          ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
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
export function* renderAuditJsonChunks(report: AuditReport): Generator<string, void, undefined> {
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
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/** A value stringified whole, at `indent` (strings in JSON never hold a raw line break: each one starts a line). */
function jsonLeaf(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined) return 'null';
  return indent === '' || !text.includes('\n') ? text : text.replace(/\n/g, `\n${indent}`);
}

/** JSON.stringify's two-space format of an object or array at `indent`, in pieces, walked to a depth. */
function* jsonPieces(value: object, indent: string, depth: number): Generator<string, void, undefined> {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    for (let i = 0; i < value.length; i++) {
      const item = jsonValue(value[i], String(i));
      const head = i === 0 ? `[\n${inner}` : `,\n${inner}`;
      if (walked(item, depth + 1)) {
        yield head;
        yield* jsonPieces(item, inner, depth + 1);
      } else yield head + jsonLeaf(item, inner);
    }
    yield `\n${indent}]`;
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
