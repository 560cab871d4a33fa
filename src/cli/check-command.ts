import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Transport } from '../core/index.js';
import { advisorySourcesFor, describeFailure, registrySourceFor } from '../edge-shared/index.js';
import {
  choosePolicySide,
  loadPolicy,
  runGate,
  scriptAllowances,
  type GatePlatform,
  type LoadedPolicy,
  type LockfilePair,
  type PolicySide,
  type PolicySideChoice,
  type Report,
  type ReportNote,
} from '../gate/index.js';
import { isAnyLockfilePath, manifestPathOf } from '../lockfiles/index.js';
import { DEFAULT_POLICY_PATH, hasRules, noRulesMessage, readPolicy } from '../policy/index.js';
import { renderJson, renderMarkdown, renderSarif, renderText } from '../report/index.js';
import { VERSION } from '../version.js';
import { ADVISORY_OPTIONS, advisorySettingsFrom } from './advisory-flags.js';
import { shouldColor } from './color.js';
import {
  changedPaths,
  readAtCommit,
  readInWorkingTree,
  repositoryRoot,
  resolveCommit,
  type SideEntry,
} from './git.js';
import { checkOutputPath } from './output-path.js';
import { findCommit, findDefaultBase } from './find-base.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';
import { connectPlatform, NO_TOKEN_HELP, platformSettingsFromEnv } from './platform-settings.js';

const FORMATS = ['text', 'markdown', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];
const POLICY_SIDES = ['base', 'head', 'worktree'] as const satisfies readonly PolicySide[];

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
      flags: '--policy-from <side>',
      description:
        'where the policy is read: base (the base commit: a change cannot relax its own check), head (the --head commit, else HEAD) or worktree; default: base in CI (CI=true) or when --base is given, else the head checked (to try a new policy locally)',
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
    ...ADVISORY_OPTIONS,
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

/** `CI=true` (GitHub, GitLab, CircleCI, ...) or `CI=1`; `CI=false`, `CI=0` or empty is not CI. */
const isCi = (env: Readonly<Record<string, string | undefined>>): boolean => {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
};

interface CliPolicyPlace {
  root: string;
  cwd: string;
  file: string | undefined;
  choice: PolicySideChoice;
  base: string;
  /** The head commit, or undefined for the working tree. */
  head: string | undefined;
}

/**
 * The policy, read from the side `choice` names: the repository's file (or `--policy` inside the
 * repository) at the base commit, the head commit or the working tree; a `--policy` outside the
 * repository is the operator's file, read as is.
 */
async function loadCheckPolicy(place: CliPolicyPlace, io: CliIo): Promise<LoadedPolicy> {
  const { root, file, choice } = place;
  let rel = DEFAULT_POLICY_PATH;
  if (file !== undefined) {
    const full = resolve(place.cwd, file);
    const inside = relative(root, full);
    if (inside.startsWith('..') || isAbsolute(inside)) {
      let text: string;
      try {
        text = await readFile(full, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new UsageError(
          code === 'ENOENT'
            ? `--policy ${file}: no such file`
            : `--policy ${file}: cannot read it (${code ?? String(error)})`,
        );
      }
      return { policy: readPolicy(text, file), from: { side: 'file' } };
    }
    rel = inside.split('\\').join('/');
  }
  const headCommit = place.head ?? (await resolveCommit(root, 'HEAD'));
  const at = async (side: PolicySide): Promise<SideEntry | undefined> =>
    side === 'base'
      ? readAtCommit(root, place.base, rel)
      : side === 'head'
        ? readAtCommit(root, headCommit, rel)
        : readInWorkingTree(root, rel);
  const where: Record<PolicySide, string> = {
    base: `the base commit ${place.base.slice(0, 7)}`,
    head: `the head commit ${headCommit.slice(0, 7)}`,
    worktree: 'the working tree',
  };
  const loaded = await loadPolicy({
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
      refused: (reason) =>
        new UsageError(
          `${rel} at ${where[choice.side]} is ${reason}: depgate never follows links for its policy; commit the file itself`,
        ),
      missing: () => new UsageError(`--policy ${file}: no such file at ${where[choice.side]}`),
    },
  });
  if (loaded.missing)
    io.stderr(
      `depgate check: warning: no ${DEFAULT_POLICY_PATH} at ${where[choice.side]}: checking with no rules, so nothing can block a change but the sources checks; depgate init writes a starting policy (docs/policy.md)\n`,
    );
  return loaded;
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

/** A commit for a person: `main (5dc5ba4)`, or `5dc5ba4` alone when it was named by its SHA. */
const commitLabel = ({ ref, sha }: { ref: string; sha: string }): string =>
  sha.toLowerCase().startsWith(ref.toLowerCase()) ? sha.slice(0, 7) : `${ref} (${sha.slice(0, 7)})`;

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
  const output = flags.get('output');
  const outputPath = typeof output === 'string' ? await checkOutputPath(io.cwd, output) : undefined;
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

  const advisorySettings = advisorySettingsFrom(flags, io.env, io.cwd);

  const root = await repositoryRoot(io.cwd);
  const baseFlag = flags.get('base');
  const headFlag = flags.get('head');
  const say = (text: string) => io.stderr(`depgate check: ${text}\n`);
  const base =
    typeof baseFlag === 'string' ? await findCommit(root, baseFlag, say) : await findDefaultBase(root, say);
  const head = typeof headFlag === 'string' ? await findCommit(root, headFlag, say) : undefined;
  const policyFlag = flags.get('policy');
  const requested = oneOf('policy-from', flags.get('policyFrom'), POLICY_SIDES);
  const choice = choosePolicySide({
    trigger: 'local',
    ci: isCi(io.env),
    baseGiven: typeof baseFlag === 'string',
    headGiven: head !== undefined,
    ...(requested === undefined ? {} : { requested }),
  });
  const loaded = await loadCheckPolicy(
    {
      root,
      cwd: io.cwd,
      file: typeof policyFlag === 'string' ? policyFlag : undefined,
      choice,
      base: base.sha,
      head: head?.sha,
    },
    io,
  );
  const { policy } = loaded;
  const notes: ReportNote[] = [];
  if (choice.warning !== undefined) {
    notes.push({ level: 'warning', message: choice.warning });
    io.stderr(`depgate check: warning: ${choice.warning}\n`);
  }

  // A missing file was said above, once; a file with no rules in it is said here.
  if (!loaded.missing && !hasRules(policy)) io.stderr(`depgate check: warning: ${noRulesMessage(policy)}\n`);

  const paths = (await changedPaths(root, base.sha, head?.sha)).filter(isAnyLockfilePath).sort();
  const lockfiles: LockfilePair[] = await Promise.all(
    paths.map(async (path) => {
      const pair: LockfilePair = { path };
      const before = await readAtCommit(root, base.sha, path);
      const after =
        head === undefined ? await readInWorkingTree(root, path) : await readAtCommit(root, head.sha, path);
      const unreadable: NonNullable<LockfilePair['unreadable']> = {};
      if (before !== undefined && 'text' in before) pair.base = before.text;
      else if (before !== undefined) unreadable.base = before.refused;
      if (after !== undefined && 'text' in after) pair.head = after.text;
      else if (after !== undefined) unreadable.head = after.refused;
      if (Object.keys(unreadable).length > 0) pair.unreadable = unreadable;
      // The manifest beside it at the same commit says which packages are direct (never through a link).
      const manifest = manifestPathOf(path, pair.head);
      if (manifest !== undefined && pair.head !== undefined) {
        const beside =
          head === undefined
            ? await readInWorkingTree(root, manifest)
            : await readAtCommit(root, head.sha, manifest);
        if (beside !== undefined && 'text' in beside) pair.headManifest = beside.text;
      }
      return pair;
    }),
  );
  const headLabel = head === undefined ? 'the working tree' : commitLabel(head);
  io.stderr(
    `depgate check: ${lockfiles.length} changed lockfile${lockfiles.length === 1 ? '' : 's'} between ${commitLabel(base)} and ${headLabel}${platformMode === 'on' ? `, asking ${settings!.apiUrl}` : ', platform off'}\n`,
  );
  io.stderr(
    `depgate check: policy ${loaded.missing ? `none (no ${DEFAULT_POLICY_PATH})` : policy.source}${loaded.from.side === 'file' ? '' : ` from the ${loaded.from.side === 'worktree' ? 'working tree' : `${loaded.from.side} commit ${loaded.from.commit!.slice(0, 7)}`} (${choice.why})`}\n`,
  );

  let platform: GatePlatform | undefined;
  if (platformMode === 'on')
    platform = await connectPlatform(settings!, {
      ...(deps.transport === undefined ? {} : { transport: deps.transport }),
      userAgent: `depgate/${VERSION}`,
    });
  const advisorySources = advisorySourcesFor(policy, advisorySettings, {
    ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    ...(platform === undefined ? {} : { platform }),
    noPlatform:
      'the platform is off (no DEPGATE_API_TOKEN, or --platform off), so its supply-chain findings cannot be asked; set a token or list only osv in vulnerabilities.sources',
  });
  if (advisorySources.length > 0)
    io.stderr(
      `depgate check: known vulnerabilities from ${advisorySources.map((s) => s.label).join(', ')} (failOn ${policy.vulnerabilities!.failOn})\n`,
    );
  // The registry settings and the install-script allow lists are read at the base commit, as the policy
  // is in CI: a change cannot point the check at another registry or allow its own scripts.
  let registry;
  let allowances: Set<string> | undefined;
  if (policy.supplyChain !== undefined) {
    const atBase = async (path: string) => {
      const entry = await readAtCommit(root, base.sha, path);
      return entry !== undefined && 'text' in entry ? entry.text : undefined;
    };
    const [npmrc, packageJson, pnpmWorkspace] = await Promise.all(
      ['.npmrc', 'package.json', 'pnpm-workspace.yaml'].map(atBase),
    );
    registry = registrySourceFor(policy, {
      env: io.env,
      ...(npmrc === undefined ? {} : { npmrc }),
      ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    });
    allowances = scriptAllowances({
      ...(packageJson === undefined ? {} : { packageJson }),
      ...(pnpmWorkspace === undefined ? {} : { pnpmWorkspace }),
    });
    io.stderr(
      `depgate check: supply-chain signals from the npm registry (minimumReleaseAge ${policy.supplyChain.minimumReleaseAge})\n`,
    );
  }
  const now = deps.now ?? clockFrom(io.env);
  const report = await runGate({
    lockfiles,
    policy,
    advisorySources,
    ...(registry === undefined ? {} : { registry }),
    ...(allowances === undefined ? {} : { scriptAllowances: allowances }),
    now: now(),
    toolVersion: VERSION,
    mode: 'diff',
    base: base.sha,
    baseLabel: typeof baseFlag === 'string' ? commitLabel(base) : `merge base of ${commitLabel(base)}`,
    head: head?.sha ?? 'working tree',
    ...(platform === undefined ? {} : { platform }),
    policyFrom: loaded.from,
    ...(loaded.change === undefined ? {} : { policyChange: loaded.change }),
    notes,
  });

  const color =
    outputPath === undefined &&
    format === 'text' &&
    shouldColor(io.env, deps.isTty ?? process.stdout.isTTY === true);
  const text = render(report, format, color);
  if (outputPath !== undefined) {
    await writeFile(outputPath, text);
    io.stderr(`depgate check: report written to ${output}\n`);
  } else {
    io.stdout(text);
  }
  const { counts } = report;
  const unread = report.notes.filter((n) => n.level === 'error' && n.file !== undefined).length;
  io.stderr(
    `depgate check: ${report.verdict === 'block' ? 'blocked' : 'passed'}: ${counts.violations} violation${counts.violations === 1 ? '' : 's'}${unread === 0 ? '' : `, ${unread} lockfile${unread === 1 ? '' : 's'} it could not read`}, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}, ${counts.introduced} introduced\n`,
  );
  return report.verdict === 'block' ? 1 : 0;
}

/**
 * The clock: the real one, unless `DEPGATE_NOW` (an ISO 8601 time) fixes it, so that a release age
 * is judged at a known instant (tests, replaying a past check).
 */
function clockFrom(env: Readonly<Record<string, string | undefined>>): () => Date {
  const fixed = env.DEPGATE_NOW;
  if (fixed === undefined || fixed === '') return () => new Date();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) throw new UsageError(`DEPGATE_NOW: "${fixed}" is not an ISO 8601 time`);
  return () => new Date(time);
}

/** Turns what can go wrong in a check into its message and exit code (2 user-fixable, 3 platform). */
function checkFailure(error: unknown): { message: string; code: number } | undefined {
  const failure = describeFailure(error);
  return failure && { message: failure.message, code: failure.kind === 'config' ? 2 : 3 };
}
