import type { Transport } from '../core/index.js';
import {
  advisorySourcesFor,
  checkAdvisorySettings,
  connectPlatform,
  describeFailure,
  SetupError,
  isSetupError,
  registrySourceFor,
} from '../edge-shared/index.js';
import type { RegistrySource } from '../registries/index.js';
import {
  choosePolicySide,
  inSettingTerms,
  isAdvisorySourceError,
  judgeTagFailure,
  loadPolicy,
  planComment,
  policyChangeSinceFork,
  runGate,
  scriptAllowances,
  type GatePlatform,
  type GateTrigger,
  type LoadedPolicy,
  type Report,
  type SettingNames,
  type TagFailureOutcome,
} from '../gate/index.js';
import { DEFAULT_POLICY_PATH, hasRules, isPolicyError, noRulesMessage, readPolicy } from '../policy/index.js';
import {
  annotationsOf,
  codeBlock,
  escapeMarkdown,
  renderJson,
  renderMarkdown,
  renderSarif,
} from '../report/index.js';
import { VERSION } from '../version.js';
import { collectLockfiles } from './collect-lockfiles.js';
import type { GitHubApi } from './github-api.js';
import { gitHubAdvice, isGitHubError } from './github-error.js';
import { readInputs, type ActionInputs, type InputName } from './inputs.js';
import { resolveEvent, type GateTarget } from './resolve-event.js';
import {
  ACTIONS_BOT_LOGIN,
  COMMENT_LIMIT,
  COMMENT_MARKER,
  commentBody,
  syncStickyComment,
} from './sticky-comment.js';
import { tagProject } from './tag-project.js';

export interface AnnotationProps {
  title?: string;
  file?: string;
  startLine?: number;
}

/** The parts of @actions/core the Action uses, handed in (tests run `run` against recorders). */
export interface ActionCore {
  getInput(name: InputName): string;
  setOutput(name: string, value: string | number): void;
  setSecret(secret: string): void;
  setFailed(message: string): void;
  info(message: string): void;
  notice(message: string, props?: AnnotationProps): void;
  warning(message: string, props?: AnnotationProps): void;
  error(message: string, props?: AnnotationProps): void;
  /** Appends Markdown to the job summary (GITHUB_STEP_SUMMARY). */
  appendSummary(markdown: string): Promise<void>;
}

/** Everything the Action touches, built from the process by `processDeps` (main.ts). */
export interface ActionDeps {
  core: ActionCore;
  eventName: string;
  payload: Record<string, unknown>;
  repository: { owner: string; repo: string };
  /** GITHUB_SHA. */
  sha: string;
  /** The run's page, for the comment's pointer to the job summary. */
  runUrl?: string;
  createGitHub(token: string): GitHubApi;
  /** How the platform client sends requests (default cross-fetch). */
  platformTransport?: Transport;
  now(): Date;
  writeFile(path: string, text: string): Promise<void>;
  /** GITHUB_WORKSPACE: relative `sarif` paths are resolved against it. */
  resolvePath(path: string): string;
  /** RUNNER_TEMP: where the JSON report is written. */
  tempDir: string;
  /**
   * The environment `supplyChain` reads: `npm_config_registry`, the `${VAR}`s an .npmrc token names,
   * `DEPGATE_REGISTRY_TIMEOUT_MS`. Absent: none of them.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** How the registry client sends requests (default the runtime's fetch). */
  registryTransport?: Transport;
}

/** GitHub refuses step summaries over 1 MiB; leave room for the notes around the report. */
const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;
/** Annotations past the first few per step are not shown; the summary holds every finding. */
const ANNOTATION_LIMIT = 50;

export const NO_TOKEN_HELP =
  'platform is on but api-token is empty: pass it from a secret (`api-token: ${{ secrets.DEPGATE_API_TOKEN }}`, an API token with Web API access), or set `platform: off` to check the local policy alone. Pull requests from forks get no secrets under `pull_request`: use `pull_request_target` (depgate never checks out their code) or `platform: off`';

/**
 * The Action: one run of the gate on the event of the workflow. Catches everything: a problem is a
 * failed step with its reason (never a stack trace), a block is a failed step unless `warn-only`.
 */
export async function run(deps: ActionDeps): Promise<void> {
  const { core } = deps;
  const summary: string[] = [];
  try {
    await gate(deps, summary);
  } catch (error) {
    const message = failureMessage(error);
    const failure = describeFailure(error);
    if (failure?.file !== undefined)
      core.error(failure.message, {
        title: 'depgate: cannot read this file',
        file: failure.file,
        ...(failure.line === undefined ? {} : { startLine: failure.line }),
      });
    else if (isPolicyError(error) && error.source !== 'inline')
      // Each mistake annotated where it is written in the policy file.
      for (const p of error.problems)
        core.error(`${p.path === '' ? '' : `${p.path}: `}${p.message}`, {
          title: 'depgate: policy',
          file: error.source,
          startLine: p.line,
        });
    summary.push(`## depgate could not check this change\n\n${codeBlock(message)}\n`);
    core.setFailed(message);
  } finally {
    if (summary.length > 0) {
      try {
        await core.appendSummary(summary.join('\n'));
      } catch (error) {
        core.warning(`could not write the job summary: ${String(error)}`);
      }
    }
  }
}

/** The platform client's advice names the CLI's variables; the Action's user sets inputs. */
const ACTION_SETTING_NAMES: SettingNames = { apiToken: 'the api-token input', apiUrl: 'the api-url input' };

function failureMessage(error: unknown): string {
  if (isSetupError(error)) return error.message;
  if (isAdvisorySourceError(error))
    return `known vulnerabilities could not be checked, so nothing is passed: ${error.message}`;
  const failure = describeFailure(error);
  if (failure !== undefined)
    return failure.kind === 'platform'
      ? `the platform failed, so nothing is passed: ${inSettingTerms(failure.message, ACTION_SETTING_NAMES)}`
      : failure.message;
  if (isGitHubError(error)) return `${error.message}\n  hint: ${gitHubAdvice(error.status)}`;
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

/** The gate's name for what started the run; the gate decides which side the policy is read from. */
function triggerOf(target: Exclude<GateTarget, { kind: 'none' }>): GateTrigger {
  if (target.kind === 'pull') return 'pull_request';
  if (target.kind === 'audit') return 'audit';
  return target.event;
}

/**
 * The policy from the side the gate chooses (the base of a pull request or a merge group), read from
 * GitHub at that side's commit; a path the workflow names must exist, the default one may not.
 */
async function loadActionPolicy(
  inputs: ActionInputs,
  api: GitHubApi,
  target: Exclude<GateTarget, { kind: 'none' }>,
  notices: string[],
): Promise<LoadedPolicy> {
  if (inputs.policy.kind === 'inline')
    return { policy: readPolicy(inputs.policy.text, 'inline'), from: { side: 'inline' } };
  const { path, explicit } = inputs.policy;
  const { side } = choosePolicySide({ trigger: triggerOf(target) });
  // A new branch's push has no `before`: its base is where it left the default branch.
  const commit =
    side === 'base' && target.kind !== 'audit'
      ? (target.baseSha ??
        (target.kind === 'range' && target.defaultBranch !== undefined
          ? await api.mergeBase(target.defaultBranch, target.headSha)
          : undefined))
      : target.headSha;
  if (commit === undefined) throw new SetupError('the change has no base commit to read the policy at');
  const loaded = await loadPolicy({
    path,
    side: side === 'base' ? 'base' : 'head',
    commit,
    changeSide: 'head',
    read: (at) => api.readFile(path, at === 'base' ? commit : target.headSha),
    required: explicit && path !== DEFAULT_POLICY_PATH,
    errors: {
      refused: (reason) =>
        new SetupError(
          `input policy: ${path} at ${commit.slice(0, 7)} is ${reason}: depgate does not follow links; commit the policy file itself`,
        ),
      missing: () =>
        new SetupError(
          `input policy: ${path} does not exist at ${commit.slice(0, 7)} (the policy is read from the base of the change, so that a change cannot relax its own check)`,
        ),
    },
  });
  if (loaded.missing) notices.push(`no ${path} at ${commit.slice(0, 7)}: checked with no deny rules`);
  return loaded;
}

function renderSummary(report: Report, title: string): string {
  let max = 1_000_000;
  for (;;) {
    const text = renderMarkdown(report, { maxLength: max, title });
    const bytes = Buffer.byteLength(text);
    if (bytes <= SUMMARY_LIMIT_BYTES || max < 1000) return text;
    max = Math.floor((max * SUMMARY_LIMIT_BYTES) / bytes) - 1000;
  }
}

async function gate(deps: ActionDeps, summary: string[]): Promise<void> {
  const { core } = deps;
  const { owner, repo } = deps.repository;
  const inputs = readInputs((name) => deps.core.getInput(name), `${owner}/${repo}`);
  if (inputs.apiToken !== undefined) core.setSecret(inputs.apiToken);
  if (inputs.githubToken !== undefined) core.setSecret(inputs.githubToken);

  const target = resolveEvent(deps.eventName, deps.payload, deps.sha);
  if (target.kind === 'none') {
    core.notice(`depgate: ${target.reason}`);
    core.setOutput('verdict', 'pass');
    core.setOutput('violations', 0);
    core.setOutput('introduced', 0);
    return;
  }
  if (inputs.platform === 'on' && inputs.apiToken === undefined) throw new SetupError(NO_TOKEN_HELP);
  if (inputs.githubToken === undefined)
    throw new SetupError(
      'github-token is empty: leave it at its default (${{ github.token }}) or pass a token that can read the repository',
    );

  const advisorySettings = {
    ...(inputs.osvUrl === undefined ? {} : { osvUrl: inputs.osvUrl }),
    ...(inputs.osvDatabase === undefined ? {} : { osvDatabase: deps.resolvePath(inputs.osvDatabase) }),
    names: { osvUrl: 'input osv-url', osvDatabase: 'input osv-database' },
  };
  checkAdvisorySettings(advisorySettings);

  const api = deps.createGitHub(inputs.githubToken);
  const notices: string[] = [];
  const token = inputs.apiToken;
  const connect = (apiToken: string) =>
    connectPlatform(
      {
        apiUrl: inputs.apiUrl,
        token: apiToken,
        ...(inputs.deploymentId === undefined ? {} : { deploymentId: inputs.deploymentId }),
        ...(inputs.deploymentSlug === undefined ? {} : { deploymentSlug: inputs.deploymentSlug }),
      },
      {
        userAgent: `depgate-action/${VERSION}`,
        logger: { debug: () => {}, warning: (m: string) => core.warning(m) },
        ...(deps.platformTransport === undefined ? {} : { transport: deps.platformTransport }),
      },
    );
  // The policy, the changed lockfiles and the platform's deployment do not wait on each other.
  // With `platform: on` the check needs the platform: failing to reach it fails the step.
  const [loaded, collected, connected] = await Promise.all([
    loadActionPolicy(inputs, api, target, notices),
    collectLockfiles(api, target),
    inputs.platform === 'on' && token !== undefined ? connect(token) : undefined,
  ]);
  const { policy } = loaded;
  // What the PR itself does to the policy is from where it branched: the base branch may have moved on.
  const policyChange = await policyChangeSinceFork(loaded, collected.base, (path, commit) =>
    api.readFile(path, commit),
  );
  const platform: GatePlatform | undefined = connected;
  if (!hasRules(policy)) core.notice(`depgate: ${noRulesMessage(policy)}`, { title: 'depgate: no rule' });
  notices.push(...collected.notices);
  core.info(
    `depgate: ${deps.eventName}: ${collected.lockfiles.length} lockfile(s) to check${collected.mode === 'audit' ? ' whole' : ''} at ${collected.head.slice(0, 7)}${collected.base === undefined ? '' : ` against ${collected.base.slice(0, 7)}`}; policy ${policy.source}${loaded.from.commit === undefined ? '' : ` from the ${loaded.from.side} ${loaded.from.commit.slice(0, 7)}`}; platform ${inputs.platform}`,
  );

  const advisorySources = advisorySourcesFor(policy, advisorySettings, {
    ...(platform === undefined ? {} : { platform }),
    noPlatform:
      'the platform is off (no api-token, or platform: off), so its supply-chain findings cannot be asked; pass api-token or list only osv in vulnerabilities.sources',
  });
  if (advisorySources.length > 0)
    core.info(
      `depgate: known vulnerabilities from ${advisorySources.map((s) => s.label).join(', ')} (failOn ${policy.vulnerabilities!.failOn})`,
    );
  // The registry settings and install-script allow lists are read where the policy is (the base): a
  // pull request cannot point the check at another registry or allow its own scripts.
  let registry: RegistrySource | undefined;
  let allowances: Set<string> | undefined;
  if (policy.supplyChain !== undefined) {
    const at = loaded.from.commit ?? collected.base ?? collected.head;
    const read = async (path: string) => {
      const entry = await api.readFile(path, at);
      return entry !== undefined && 'text' in entry ? entry.text : undefined;
    };
    const [npmrc, packageJson, pnpmWorkspace] = await Promise.all(
      ['.npmrc', 'package.json', 'pnpm-workspace.yaml'].map(read),
    );
    registry = registrySourceFor(policy, {
      env: deps.env ?? {},
      ...(npmrc === undefined ? {} : { npmrc }),
      ...(deps.registryTransport === undefined ? {} : { transport: deps.registryTransport }),
    });
    allowances = scriptAllowances({
      ...(packageJson === undefined ? {} : { packageJson }),
      ...(pnpmWorkspace === undefined ? {} : { pnpmWorkspace }),
    });
    core.info(
      `depgate: supply-chain signals from the npm registry (minimumReleaseAge ${policy.supplyChain.minimumReleaseAge})`,
    );
  }
  const report = await runGate({
    lockfiles: collected.lockfiles,
    policy,
    advisorySources,
    ...(registry === undefined ? {} : { registry }),
    ...(allowances === undefined ? {} : { scriptAllowances: allowances }),
    now: deps.now(),
    toolVersion: VERSION,
    mode: collected.mode,
    head: collected.head,
    ...(collected.base === undefined ? {} : { base: collected.base }),
    ...(collected.baseLabel === undefined ? {} : { baseLabel: collected.baseLabel }),
    ...(platform === undefined ? {} : { platform }),
    policyFrom: loaded.from,
    ...(policyChange === undefined ? {} : { policyChange }),
  });
  const blocked = report.verdict === 'block';

  const reportPath = `${deps.tempDir}/depgate-report.json`;
  await deps.writeFile(reportPath, renderJson(report));
  if (inputs.sarif !== undefined)
    await deps.writeFile(
      deps.resolvePath(inputs.sarif),
      `${JSON.stringify(renderSarif(report, { toolVersion: VERSION }), null, 2)}\n`,
    );
  core.setOutput('verdict', report.verdict);
  core.setOutput('violations', report.counts.violations);
  core.setOutput('introduced', report.counts.introduced);
  core.setOutput('report', reportPath);

  for (const a of annotationsOf(report, { limit: ANNOTATION_LIMIT })) {
    const props: AnnotationProps = { title: a.title, file: a.file };
    if (a.line !== undefined) props.startLine = a.line;
    core[a.level](a.message, props);
  }

  const title = `depgate: ${inputs.projectName}`;
  if (target.kind === 'pull')
    await writeComment(deps, { inputs, api, target, report, head: collected.head, notices });
  const tagFailure = await tagTheProject(deps, {
    inputs,
    report,
    notices,
    platform,
    connect: token === undefined ? undefined : () => connect(token),
  });

  summary.push(renderSummary(report, title));
  if (notices.length > 0)
    summary.push(`\n${notices.map((n) => `> [!NOTE]\n> ${escapeMarkdown(n)}\n`).join('\n')}`);

  const counts = `${report.counts.violations} violation(s), ${report.counts.warnings} warning(s), ${report.counts.introduced} introduced`;
  if (tagFailure?.fails === true) core.setFailed(`depgate: ${tagFailure.message} (fail-on-tag-error)`);
  if (!blocked) core.info(`depgate: passed: ${counts}`);
  else if (inputs.warnOnly) core.warning(`depgate: blocked (warn-only, the step passes): ${counts}`);
  else core.setFailed(`depgate: blocked: ${counts}; the job summary lists each violation and how to fix it`);
}

interface PhaseContext {
  inputs: ActionInputs;
  report: Report;
  notices: string[];
}

/**
 * The sticky comment on a pull request, as the gate plans it. A token that cannot write comments is a
 * notice (a fork's) or a warning, not a failure: the report is in the job summary.
 */
async function writeComment(
  deps: ActionDeps,
  context: PhaseContext & { api: GitHubApi; target: Extract<GateTarget, { kind: 'pull' }>; head: string },
): Promise<void> {
  const { core } = deps;
  const { inputs, api, target, report, notices } = context;
  const title = `depgate: ${inputs.projectName}`;
  const footer =
    deps.runUrl === undefined ? undefined : `[The whole report is in the job summary](${deps.runUrl})`;
  const room = COMMENT_LIMIT - COMMENT_MARKER.length - 1;
  const blocked = report.verdict === 'block';
  const plan = planComment({ pullRequest: true, mode: inputs.comment, blocked }, (kind) =>
    commentBody(
      renderMarkdown(report, {
        maxLength: room,
        title:
          kind === 'report'
            ? title
            : `${title} (resolved: the latest run at ${context.head.slice(0, 7)} passes)`,
        ...(footer === undefined ? {} : { footer }),
      }),
    ),
  );
  if (plan === undefined) return;
  try {
    // Only the token's own comments are adopted: the login the workflow states, a personal token's
    // account, else the workflow token's bot (an App's token proves its login when it creates one).
    const author = inputs.commentAuthor ?? (await api.authenticatedUser())?.login ?? ACTIONS_BOT_LOGIN;
    const result = await syncStickyComment(api, target.number, plan, author);
    core.info(
      `depgate: PR comment ${result.outcome}${result.deleted > 0 ? `, ${result.deleted} duplicate(s) deleted` : ''}`,
    );
  } catch (error) {
    if (!isGitHubError(error) || (error.status !== 403 && error.status !== 404)) throw error;
    const why = target.fork
      ? `the token of a pull request from a fork cannot write comments, so the report is here and in the log only (use pull_request_target to comment on fork PRs)`
      : `the token cannot write PR comments: give the workflow \`permissions: pull-requests: write\``;
    notices.push(`no PR comment: ${why}`);
    if (target.fork) core.notice(`depgate: no PR comment: ${why}`);
    else core.warning(`depgate: no PR comment: ${why} (${error.message})`);
  }
}

/**
 * Tags the project with the verdict; skipped with a notice without a token. A failure to tag is judged
 * by the gate's tagging policy: told as a warning, or returned to fail the step (`fail-on-tag-error`).
 */
async function tagTheProject(
  deps: ActionDeps,
  context: PhaseContext & {
    platform: GatePlatform | undefined;
    /** Reaches the platform with the api-token; undefined without one. */
    connect: (() => Promise<GatePlatform>) | undefined;
  },
): Promise<TagFailureOutcome | undefined> {
  const { core } = deps;
  const { inputs, report, notices, connect } = context;
  if (connect === undefined) {
    notices.push(`project tags skipped: no api-token given (platform: off)`);
    core.notice('depgate: project tags skipped: no api-token given (platform: off)');
    return undefined;
  }
  try {
    // With `platform: off` the platform is reached for the tags alone, and its failure is a tagging one.
    const platform = context.platform ?? (await connect());
    const project = await tagProject(platform, inputs.projectName, report.verdict, {
      pass: inputs.tagOnPass,
      fail: inputs.tagOnFail,
    });
    core.info(`depgate: ${inputs.projectName} tagged on the platform: ${project.tags.join(', ')}`);
    return undefined;
  } catch (error) {
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    const outcome = judgeTagFailure(
      inputs.projectName,
      inSettingTerms(failure.message, ACTION_SETTING_NAMES),
      inputs.failOnTagError,
    );
    notices.push(`depgate: ${outcome.message}`);
    if (!outcome.fails) core.warning(`depgate: ${outcome.message}`);
    return outcome;
  }
}
