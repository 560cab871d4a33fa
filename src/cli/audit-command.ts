import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  auditSummary,
  renderAuditCsvChunks,
  renderAuditJsonChunks,
  renderAuditSarifChunks,
  renderAuditTextChunks,
  runAudit,
  tagProjects,
  type AuditProgress,
  type AuditResult,
} from '../audit/index.js';
import type { Transport } from '../core/index.js';
import { advisorySourcesFor, describeFailure } from '../edge-shared/index.js';
import { DEFAULT_POLICY_PATH, readPolicy, type Policy } from '../policy/index.js';
import { VERSION } from '../version.js';
import { fileSpill } from './audit-spill.js';
import { fullCollector } from './collect-garbage.js';
import { ADVISORY_OPTIONS, advisorySettingsFrom } from './advisory-flags.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';
import { checkOutputPath } from './output-path.js';
import { connectPlatform, NO_TOKEN_HELP, platformSettingsFromEnv } from './platform-settings.js';

const FORMATS = ['text', 'json', 'sarif', 'csv'] as const;
type Format = (typeof FORMATS)[number];

const SPEC: CommandSpec = {
  name: 'audit',
  summary:
    "Checks the whole organization against the policy: the policy's deny rules and denied licenses go to the platform's dependency listing as filters (with vulnerabilities: in the policy, the whole listing is read and every distinct package version is asked of the advisory sources once; with licenses.allow, the whole listing is read and every license judged), the answer is streamed, and every repository, lockfile and line that breaks the policy is listed, with the exceptions that excuse it. Can tag the projects that break it.",
  options: [
    {
      flags: '--policy <file>',
      description: `the policy (default: ${DEFAULT_POLICY_PATH} in the current directory)`,
    },
    {
      flags: '--format <format>',
      description: 'the report: text (default), json, sarif or csv',
      choices: FORMATS,
    },
    { flags: '--output <file>', description: 'write the report there instead of standard output' },
    { flags: '--repository <names...>', description: 'only these repositories (by name)' },
    { flags: '--tag <tag>', description: 'add this tag to every project with a violation' },
    {
      flags: '--untag-clean',
      description: 'with --tag: remove the tag from every project without a violation',
    },
    { flags: '--dry-run', description: 'with --tag: print what would change, change nothing' },
    ...ADVISORY_OPTIONS,
  ],
  after: `environment:
  DEPGATE_API_URL          the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN        an API token with Web API access
  DEPGATE_DEPLOYMENT_ID    numeric deployment id  } both found from the token when unset
  DEPGATE_DEPLOYMENT_SLUG  deployment slug        }
  DEPGATE_OSV_URL          OSV's API, like --osv-url (asked only when the policy has vulnerabilities:)

exit codes: 0 nothing found, 1 violations found, 2 configuration or usage error, 3 platform error (a tag
call that still failed included), advisory source error (vulnerabilities.onError: fail), or the report
could not be written`,
};

export interface AuditDeps {
  transport?: Transport;
  now?: () => Date;
  /** Whether standard error is a terminal (progress); default: process.stderr.isTTY. */
  isTty?: boolean;
}

async function loadPolicy(cwd: string, file: string | undefined): Promise<Policy> {
  const path = file ?? DEFAULT_POLICY_PATH;
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `${file === undefined ? `no ${DEFAULT_POLICY_PATH} here` : `--policy ${file}: no such file`}: the audit needs a policy with deny rules or denied licenses (see docs/policy.md)`
        : `${path}: cannot read it (${code ?? String(error)})`,
    );
  }
  return readPolicy(text, path);
}

// Every format comes in pieces of about 64 KB, each repository read from disk when it is reached: an
// organization's report is tens to hundreds of megabytes, and holding it (or its objects) was the
// audit's peak memory.
function render(report: AuditResult, format: Format): Iterable<string> {
  switch (format) {
    case 'text':
      return renderAuditTextChunks(report);
    case 'json':
      return renderAuditJsonChunks(report);
    case 'sarif':
      return renderAuditSarifChunks(report);
    case 'csv':
      return renderAuditCsvChunks(report);
  }
}

/** Characters of the report between two garbage collections while it is written. */
const COLLECT_EVERY = 4 << 20;

/** The pieces, with a garbage collection after every `every` characters of them. */
function* collectEvery(
  chunks: Iterable<string>,
  every: number,
  collect: (() => void) | undefined,
): Generator<string, void, undefined> {
  let since = 0;
  for (const chunk of chunks) {
    yield chunk;
    since += chunk.length;
    if (collect !== undefined && since >= every) {
      collect();
      since = 0;
    }
  }
}

/** The report could not be written whole: the run fails (never a truncated report taken for a whole one). */
class ReportWriteError extends Error {
  override readonly name = 'ReportWriteError';
}

/**
 * Writes the report to a file next to `path`, renamed to `path` once complete: a run that fails half
 * way leaves the earlier file (if any) as it was, never a truncated report. The file's stream sets the
 * pace (a full buffer waits for it to drain).
 */
async function writeReportFile(path: string, chunks: Iterable<string>): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.partial`);
  try {
    await pipeline(Readable.from(chunks), createWriteStream(temp, { flags: 'wx' }));
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Writes the report to standard output, a piece at a time, waiting whenever the pipe is full. */
async function writeReportStdout(io: CliIo, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    io.stdout(chunk);
    await io.stdoutDrained?.();
  }
}

/** `depgate audit`: the organization against the policy. Fails closed: an error is never "nothing found". */
export async function runAuditCommand(args: string[], io: CliIo, deps: AuditDeps = {}): Promise<number> {
  try {
    return await audit(args, io, deps);
  } catch (error) {
    if (error instanceof ReportWriteError) {
      io.stderr(`depgate audit: ${error.message}\n`);
      return 3;
    }
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    io.stderr(`depgate audit: ${failure.message}\n`);
    return failure.kind === 'config' ? 2 : 3;
  }
}

async function audit(args: string[], io: CliIo, deps: AuditDeps): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags, lists } = parsed;
  const format = (flags.get('format') as Format | undefined) ?? 'text';
  const output = flags.get('output');
  const outputPath = typeof output === 'string' ? await checkOutputPath(io.cwd, output) : undefined;
  const tag = flags.get('tag');
  if ((flags.has('untagClean') || flags.has('dryRun')) && typeof tag !== 'string')
    throw new UsageError('--untag-clean and --dry-run go with --tag TAG');
  if (typeof tag === 'string' && !/^[\w.:/-]{1,200}$/.test(tag))
    throw new UsageError(`--tag ${JSON.stringify(tag)}: a tag is letters, digits and . _ - : / (up to 200)`);
  const settings = platformSettingsFromEnv(io.env);
  if (settings === undefined)
    throw new UsageError(`the audit asks the platform: ${NO_TOKEN_HELP.replace(/, or check.*$/, '')}`);
  const policyFlag = flags.get('policy');
  const policy = await loadPolicy(io.cwd, typeof policyFlag === 'string' ? policyFlag : undefined);
  if (
    policy.deny.length === 0 &&
    (policy.licenses.deny ?? []).length === 0 &&
    policy.vulnerabilities === undefined
  )
    throw new UsageError(
      `${policy.source}: no deny rules, no denied licenses and no vulnerabilities: the audit has nothing to look for (see docs/policy.md)`,
    );
  const advisorySettings = advisorySettingsFrom(flags, io.env, io.cwd);

  const platform = await connectPlatform(settings, {
    ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    userAgent: `depgate/${VERSION}`,
  });
  const advisorySources = advisorySourcesFor(policy, advisorySettings, {
    ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    platform,
  });
  const looksFor = [
    `${policy.deny.length} deny rule${policy.deny.length === 1 ? '' : 's'}`,
    ...((policy.licenses.deny ?? []).length > 0
      ? [`${policy.licenses.deny!.length} denied license${policy.licenses.deny!.length === 1 ? '' : 's'}`]
      : []),
    ...(policy.vulnerabilities === undefined
      ? []
      : [
          `known vulnerabilities from ${advisorySources.map((s) => s.label).join(', ')} (failOn ${policy.vulnerabilities.failOn})`,
        ]),
  ];
  io.stderr(
    `depgate audit: ${policy.source} (${looksFor.join(', ')}) against ${platform.deploymentSlug} at ${settings.apiUrl}\n`,
  );
  const tty = deps.isTty ?? process.stderr.isTTY === true;
  const started = performance.now();
  let lastShown = 0;
  const showProgress = (p: AuditProgress) => {
    const now = performance.now();
    if (now - lastShown < 250) return;
    lastShown = now;
    const rate = p.dependencies / Math.max(0.001, (now - started) / 1000);
    io.stderr(
      `\r\x1b[2Kdepgate audit: ${p.dependencies.toLocaleString('en-US')} dependency records read (${Math.round(rate).toLocaleString('en-US')}/s), ${p.violations.toLocaleString('en-US')} violations, ${p.requests} requests`,
    );
  };
  const repositories = lists.get('repository');
  const collect = fullCollector();
  const report = await runAudit(platform, policy, {
    now: (deps.now ?? (() => new Date()))(),
    version: VERSION,
    ...(repositories === undefined ? {} : { repositories }),
    advisorySources,
    // The violations wait on disk, not in memory, until the report is written.
    spill: fileSpill(),
    ...(collect === undefined ? {} : { afterPage: collect }),
    ...(tty ? { onProgress: showProgress } : {}),
  });
  if (tty) io.stderr('\r\x1b[2K');
  try {
    return await finish(report, {
      io,
      platform,
      format,
      outputPath,
      output,
      tag,
      flags,
      repositories,
      collect,
    });
  } finally {
    report.repositories.close();
  }
}

/** Tags the projects if asked, writes the report and says how it went. */
async function finish(
  report: AuditResult,
  run: {
    io: CliIo;
    platform: Awaited<ReturnType<typeof connectPlatform>>;
    format: Format;
    outputPath: string | undefined;
    output: unknown;
    tag: unknown;
    flags: Map<string, unknown>;
    repositories: string[] | undefined;
    collect: (() => void) | undefined;
  },
): Promise<number> {
  const { io, platform, format, outputPath, output, tag, flags, repositories, collect } = run;
  let tagFailed = false;
  if (typeof tag === 'string') {
    const beforeTagging = platform.client.stats().requests;
    report.tagging = await tagProjects(platform, report.repositories.summaries(), {
      tag,
      untagClean: flags.has('untagClean'),
      dryRun: flags.has('dryRun'),
      ...(repositories === undefined ? {} : { within: repositories }),
    });
    tagFailed = report.tagging.failed.length > 0;
    report.requests += platform.client.stats().requests - beforeTagging;
  }

  const chunks = collectEvery(render(report, format), COLLECT_EVERY, collect);
  try {
    if (outputPath !== undefined) {
      await writeReportFile(outputPath, chunks);
      io.stderr(`depgate audit: report written to ${String(output)}\n`);
    } else await writeReportStdout(io, chunks);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ReportWriteError(
      outputPath !== undefined
        ? `could not write the report to ${String(output)} (${why}); nothing was written there`
        : `could not write the whole report to standard output (${why}); what was written is incomplete`,
    );
  }
  if (format !== 'text') io.stderr(`depgate audit: ${auditSummary(report).replace(/^audit: /, '')}\n`);
  if (report.tagging !== undefined && format !== 'text') {
    const t = report.tagging;
    io.stderr(
      `depgate audit: tag ${t.tag}: ${t.dryRun ? 'would add' : 'added'} ${t.added.length}, ${t.dryRun ? 'would remove' : 'removed'} ${t.removed.length}${t.failed.length > 0 ? `, ${t.failed.length} failed` : ''}\n`,
    );
  }
  for (const f of report.tagging?.failed ?? [])
    io.stderr(`depgate audit: tag ${f.action} on ${f.project} failed: ${f.error}\n`);
  if (tagFailed) return 3;
  return report.counts.violations > 0 ? 1 : 0;
}
