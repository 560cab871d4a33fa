import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Transport } from '../core/index.js';
import { describeFailure } from '../edge-shared/index.js';
import { runGate, type GatePlatform, type LockfilePair, type Report } from '../gate/index.js';
import { isLockfilePath } from '../lockfiles/index.js';
import { DEFAULT_POLICY_PATH, defaultPolicy, readPolicy, type Policy } from '../policy/index.js';
import { renderJson, renderMarkdown, renderSarif, renderText } from '../report/index.js';
import { VERSION } from '../version.js';
import { shouldColor } from './color.js';
import {
  changedPaths,
  defaultBase,
  readAtCommit,
  readInWorkingTree,
  repositoryRoot,
  resolveCommit,
} from './git.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';
import { connectPlatform, NO_TOKEN_HELP, platformSettingsFromEnv } from './platform-settings.js';

const FORMATS = ['text', 'markdown', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

const SPEC: CommandSpec = {
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
  NO_COLOR                 no colour in the text report (before FORCE_COLOR)
  FORCE_COLOR              colour even when standard output is not a terminal (0: none)
  TERM=dumb                no colour on that terminal

exit codes: 0 pass, 1 blocked, 2 configuration or usage error (policy, lockfile, git), 3 platform error`,
};

/** What `depgate check` needs beyond its arguments; tests hand in a transport to reach the emulator. */
export interface CheckDeps {
  transport?: Transport;
  now?: () => Date;
  /** Whether standard output is a terminal (colour); default: process.stdout.isTTY. */
  isTty?: boolean;
}

function oneOf<T extends string>(
  name: string,
  value: string | true | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be ${allowed.join(', ')}, not '${String(value)}'`);
}

async function loadPolicy(
  root: string,
  cwd: string,
  file: string | undefined,
  headSha: string | undefined,
  io: CliIo,
): Promise<Policy> {
  if (file !== undefined) {
    const path = resolve(cwd, file);
    let text: string | undefined;
    try {
      text = await readInWorkingTree('/', path);
    } catch (error) {
      throw new UsageError(
        `--policy ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
    if (text === undefined) throw new UsageError(`--policy ${file}: no such file`);
    return readPolicy(text, file);
  }
  const text =
    headSha === undefined
      ? await readInWorkingTree(root, DEFAULT_POLICY_PATH)
      : await readAtCommit(root, headSha, DEFAULT_POLICY_PATH);
  if (text === undefined) {
    io.stderr(`depgate check: no ${DEFAULT_POLICY_PATH}: checking with no deny rules (see docs/policy.md)\n`);
    return defaultPolicy('default');
  }
  return readPolicy(text, DEFAULT_POLICY_PATH);
}

function render(report: Report, format: Format, color: boolean): string {
  switch (format) {
    case 'text':
      return renderText(report, { color });
    case 'markdown':
      return renderMarkdown(report, {});
    case 'json':
      return renderJson(report);
    case 'sarif':
      return `${JSON.stringify(renderSarif(report, { toolVersion: VERSION }), null, 2)}\n`;
  }
}

/** `depgate check`: the gate on a git working tree. Fails closed: an error is never a pass. */
export async function runCheckCommand(args: string[], io: CliIo, deps: CheckDeps = {}): Promise<number> {
  try {
    return await check(args, io, deps);
  } catch (error) {
    const failure = checkFailure(error);
    if (failure === undefined) throw error;
    io.stderr(`depgate check: ${failure.message}\n`);
    return failure.code;
  }
}

async function check(args: string[], io: CliIo, deps: CheckDeps): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags } = parsed;
  const format = oneOf('format', flags.get('format'), FORMATS) ?? 'text';
  const platformFlag =
    oneOf('platform', flags.get('platform'), ['on', 'off'] as const) ??
    oneOf('platform (DEPGATE_PLATFORM)', io.env.DEPGATE_PLATFORM?.trim() || undefined, [
      'on',
      'off',
    ] as const);
  const settings = platformSettingsFromEnv(io.env);
  const platformMode = platformFlag ?? (settings === undefined ? 'off' : 'on');
  if (platformMode === 'on' && settings === undefined)
    throw new UsageError(`the platform check is on but no token is set: ${NO_TOKEN_HELP}`);

  const root = await repositoryRoot(io.cwd);
  const baseFlag = flags.get('base');
  const headFlag = flags.get('head');
  const base =
    typeof baseFlag === 'string'
      ? { ref: baseFlag, sha: await resolveCommit(root, baseFlag) }
      : await defaultBase(root);
  const head =
    typeof headFlag === 'string' ? { ref: headFlag, sha: await resolveCommit(root, headFlag) } : undefined;
  const policyFlag = flags.get('policy');
  const policy = await loadPolicy(
    root,
    io.cwd,
    typeof policyFlag === 'string' ? policyFlag : undefined,
    head?.sha,
    io,
  );

  const paths = (await changedPaths(root, base.sha, head?.sha)).filter(isLockfilePath).sort();
  const lockfiles: LockfilePair[] = await Promise.all(
    paths.map(async (path) => {
      const pair: LockfilePair = { path };
      const before = await readAtCommit(root, base.sha, path);
      const after =
        head === undefined ? await readInWorkingTree(root, path) : await readAtCommit(root, head.sha, path);
      if (before !== undefined) pair.base = before;
      if (after !== undefined) pair.head = after;
      return pair;
    }),
  );
  const headLabel = head === undefined ? 'the working tree' : head.ref;
  io.stderr(
    `depgate check: ${lockfiles.length} changed lockfile${lockfiles.length === 1 ? '' : 's'} between ${base.ref} (${base.sha.slice(0, 7)}) and ${headLabel}${platformMode === 'on' ? `, asking ${settings!.apiUrl}` : ', platform off'}\n`,
  );

  let platform: GatePlatform | undefined;
  if (platformMode === 'on')
    platform = await connectPlatform(settings!, {
      ...(deps.transport === undefined ? {} : { transport: deps.transport }),
      userAgent: `depgate/${VERSION}`,
    });
  const report = await runGate({
    lockfiles,
    policy,
    now: (deps.now ?? (() => new Date()))(),
    toolVersion: VERSION,
    mode: 'diff',
    base: base.sha,
    head: head?.sha ?? 'working tree',
    ...(platform === undefined ? {} : { platform }),
  });

  const output = flags.get('output');
  const color =
    typeof output !== 'string' &&
    format === 'text' &&
    shouldColor(io.env, deps.isTty ?? process.stdout.isTTY === true);
  const text = render(report, format, color);
  if (typeof output === 'string') {
    await writeFile(resolve(io.cwd, output), text);
    io.stderr(`depgate check: report written to ${output}\n`);
  } else {
    io.stdout(text);
  }
  const { counts } = report;
  io.stderr(
    `depgate check: ${report.verdict === 'block' ? 'blocked' : 'passed'}: ${counts.violations} violation${counts.violations === 1 ? '' : 's'}, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}, ${counts.introduced} introduced\n`,
  );
  return report.verdict === 'block' ? 1 : 0;
}

/** Turns what can go wrong in a check into its message and exit code (2 user-fixable, 3 platform). */
function checkFailure(error: unknown): { message: string; code: number } | undefined {
  const failure = describeFailure(error);
  return failure && { message: failure.message, code: failure.kind === 'config' ? 2 : 3 };
}
