import { randomUUID } from 'node:crypto';
import type { Notification, Transport } from '../core/index.js';
import {
  connectPlatform,
  platformSettingsFromEnv,
  SetupError,
  type PlatformSettings,
} from '../edge-shared/index.js';
import { relayOnce } from './deliver.js';
import { markerSeal } from './marker-seal.js';
import type { RouteRule } from './route.js';
import { parseRules } from './rules-file.js';
import { slackChatSink } from './sinks/slack-chat.js';
import { githubCommentSink } from './sinks/github-comment.js';
import { slackWebhookSink } from './sinks/slack-webhook.js';
import type { RelayStore, RelaySummary } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What one relay run needs, from the environment (the CLI and the Vercel function read the same). */
export interface RelaySettings {
  platform: PlatformSettings;
  /** Where each notification goes: the rules given, or everything to DEPGATE_SLACK_WEBHOOK_URL. */
  rules: RouteRule[];
  backfill: boolean;
  /**
   * The baseline (DEPGATE_RELAY_SINCE, epoch ms): notifications created before it are never posted.
   * It lives in configuration, not in the store, so a lost store is never taken for a first run.
   */
  since?: number;
  /** SLACK_BOT_TOKEN and SLACK_API_URL, for slackChannel destinations. */
  slack?: { token: string; apiUrl?: string };
  /** GITHUB_TOKEN, GITHUB_API_URL and the host of GITHUB_SERVER_URL, for githubComment destinations. */
  github?: { token: string; apiUrl?: string; host?: string };
  /** Time budget of one run in ms (DEPGATE_RELAY_DEADLINE, seconds): no message starts after it. */
  deadlineMs?: number;
  /** Take the run lock (DEPGATE_RELAY_RUN_LOCK=false lets several runs share a backlog through the claims). */
  runLock: boolean;
  /** How long a claim holds before another run may take it over (DEPGATE_RELAY_LEASE, seconds; default 300). */
  leaseMs?: number;
  /** Least time between two messages to one destination (DEPGATE_RELAY_PACE, ms), for receivers without Slack's limit. */
  paceMs?: number;
  /** How long a done delivery is remembered (DEPGATE_RELAY_KEEP_DAYS; default 90 days). */
  keepMs?: number;
  /**
   * The secret that seals the records read back from GitHub threads and Slack channels
   * (DEPGATE_RELAY_MARKER_KEY; default the platform token): see marker-seal.ts.
   */
  markerKey?: string;
}

function number(name: string, value: string | undefined, min: number): number | undefined {
  const text = value?.trim();
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min)
    throw new SetupError(`${name} must be a number of at least ${min} (got ${JSON.stringify(value)})`);
  return n;
}

/** A time as ISO 8601 or Unix seconds. */
export function parseSince(name: string, value: string | undefined): number | undefined {
  const v = value?.trim();
  if (v === undefined || v === '') return undefined;
  const t = /^\d+(\.\d+)?$/.test(v) ? Number(v) * 1000 : /^\d{4}-\d\d-\d\d/.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(t))
    throw new SetupError(
      `${name} must be a time, ISO 8601 (2026-11-25T09:00:00Z) or Unix seconds (got ${JSON.stringify(value)})`,
    );
  return t;
}

const url = (name: string, value: string | undefined): string | undefined => {
  const v = value?.trim();
  if (v === undefined || v === '') return undefined;
  if (!/^https?:\/\//.test(v)) throw new SetupError(`${name} must be an http(s) URL`);
  return v;
};

/**
 * Reads the relay's settings; a missing or malformed one is a SetupError that names the variable.
 * Rules come from `rulesFile` (the CLI's --rules), else DEPGATE_RELAY_RULES (YAML or JSON text); with
 * neither, every notification goes to DEPGATE_SLACK_WEBHOOK_URL. A rules mistake is a RulesError listing
 * each one with its line.
 */
export function relaySettingsFromEnv(env: Env, rulesFile?: { text: string; source: string }): RelaySettings {
  const platform = platformSettingsFromEnv(env);
  if (platform === undefined)
    throw new SetupError('set DEPGATE_API_TOKEN to a token that can read notifications');
  const token = env.SLACK_BOT_TOKEN?.trim();
  const apiUrl = url('SLACK_API_URL', env.SLACK_API_URL);
  const slack = token ? { token, ...(apiUrl ? { apiUrl } : {}) } : undefined;
  const githubToken = env.GITHUB_TOKEN?.trim();
  const githubApi = url('GITHUB_API_URL', env.GITHUB_API_URL);
  const githubServer = url('GITHUB_SERVER_URL', env.GITHUB_SERVER_URL);
  const github = githubToken
    ? {
        token: githubToken,
        ...(githubApi ? { apiUrl: githubApi } : {}),
        ...(githubServer ? { host: new URL(githubServer).hostname } : {}),
      }
    : undefined;
  const backfill = flag('DEPGATE_RELAY_BACKFILL', env.DEPGATE_RELAY_BACKFILL, false);
  const since = parseSince('DEPGATE_RELAY_SINCE', env.DEPGATE_RELAY_SINCE);
  const runLock = flag('DEPGATE_RELAY_RUN_LOCK', env.DEPGATE_RELAY_RUN_LOCK, true);
  const deadline = number('DEPGATE_RELAY_DEADLINE', env.DEPGATE_RELAY_DEADLINE, 0.001);
  const deadlineMs = deadline === undefined ? undefined : deadline * 1000;
  const lease = number('DEPGATE_RELAY_LEASE', env.DEPGATE_RELAY_LEASE, 0.1);
  const paceMs = number('DEPGATE_RELAY_PACE', env.DEPGATE_RELAY_PACE, 0);
  const keepDays = number('DEPGATE_RELAY_KEEP_DAYS', env.DEPGATE_RELAY_KEEP_DAYS, 1);
  const markerKey = env.DEPGATE_RELAY_MARKER_KEY?.trim();
  const common = {
    platform,
    backfill,
    runLock,
    ...(since === undefined ? {} : { since }),
    ...(slack ? { slack } : {}),
    ...(github ? { github } : {}),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    ...(lease === undefined ? {} : { leaseMs: lease * 1000 }),
    ...(paceMs === undefined ? {} : { paceMs }),
    ...(keepDays === undefined ? {} : { keepMs: keepDays * 86_400_000 }),
    ...(markerKey ? { markerKey } : {}),
  };
  const inline = env.DEPGATE_RELAY_RULES;
  const given =
    rulesFile ??
    (inline !== undefined && inline.trim() !== ''
      ? { text: inline, source: 'DEPGATE_RELAY_RULES' }
      : undefined);
  if (given !== undefined) {
    const rules = parseRules(given.text, given.source);
    if (slack === undefined && rules.some((r) => r.to.some((d) => d.kind === 'slack-chat')))
      throw new SetupError(`${given.source}: slackChannel destinations need SLACK_BOT_TOKEN`);
    if (github === undefined && rules.some((r) => r.to.some((d) => d.kind === 'github')))
      throw new SetupError(`${given.source}: githubComment destinations need GITHUB_TOKEN`);
    return { ...common, rules };
  }
  const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
  if (webhook === undefined || webhook === '')
    throw new SetupError(
      'set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL, or give routing rules (DEPGATE_RELAY_RULES or --rules FILE)',
    );
  if (!/^https?:\/\//.test(webhook)) throw new SetupError('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
  return { ...common, rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }] };
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw new SetupError(`${name} must be true or false (got ${JSON.stringify(value)})`);
}

export interface RelayRunDeps {
  /** Notifications pushed to the relay (a signed webhook): delivered as given, without polling. */
  given?: readonly Notification[];
  transport?: Transport;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  userAgent?: string;
}

/** One run: every unread notification to the webhook, each once, through the given store. */
export async function runRelay(
  settings: RelaySettings,
  store: RelayStore,
  deps: RelayRunDeps = {},
): Promise<RelaySummary> {
  const now = deps.now ?? (() => Date.now());
  const started = now();
  const deadlineAt = settings.deadlineMs === undefined ? undefined : started + settings.deadlineMs;
  // The listing stops at the deadline too (what was read is still delivered).
  const signal = settings.deadlineMs === undefined ? undefined : AbortSignal.timeout(settings.deadlineMs);
  const given = deps.given;
  const notifications =
    given !== undefined
      ? (async function* () {
          yield* given;
        })()
      : await (async () => {
          const platform = await connectPlatform(settings.platform, {
            ...(deps.transport === undefined ? {} : { transport: deps.transport }),
            ...(deps.userAgent === undefined ? {} : { userAgent: deps.userAgent }),
            ...(signal === undefined ? {} : { signal }),
          });
          return platform.client.notifications(platform.deploymentId).items();
        })();
  const userAgent = deps.userAgent ?? 'depgate';
  const seal = markerSeal(settings.markerKey ?? settings.platform.token);
  return relayOnce({
    notifications,
    rules: settings.rules,
    store,
    sinks: {
      'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
      'slack-chat': settings.slack
        ? slackChatSink(settings.slack.token, { ...settings.slack, seal })
        : undefined,
      github: settings.github
        ? githubCommentSink(settings.github.token, {
            seal,
            ...(settings.github.apiUrl ? { apiUrl: settings.github.apiUrl } : {}),
            userAgent,
          })
        : undefined,
    },
    owner: randomUUID(),
    now,
    ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
    ...(deadlineAt === undefined ? {} : { deadlineAt }),
    ...(settings.leaseMs === undefined ? {} : { leaseMs: settings.leaseMs }),
    ...(settings.paceMs === undefined ? {} : { minIntervalMs: settings.paceMs }),
    ...(settings.keepMs === undefined ? {} : { keepMs: settings.keepMs }),
    ...(settings.github?.host ? { githubHost: settings.github.host } : {}),
    // A push is meant to be posted, and leaves the first scheduled run its record-only baseline; the
    // claims alone keep it once, so it never waits for the run lock.
    backfill: given !== undefined || settings.backfill,
    ...(settings.since === undefined ? {} : { since: settings.since }),
    firstRunBaseline: given === undefined,
    runLock: given === undefined && settings.runLock,
  });
}

/** The run's one-line summary. */
export function summaryText(summary: RelaySummary): string {
  if (summary.busy) return 'another relay run is under way (it holds the run lock); this run did nothing';
  const parts = [
    `fetched ${summary.fetched}`,
    `routed ${summary.routed}`,
    `posted ${summary.posted}${summary.messages !== summary.posted ? ` in ${summary.messages} message${summary.messages === 1 ? '' : 's'}` : ''}`,
    `skipped ${summary.skipped} (already sent)`,
    `failed ${summary.failed}`,
    `deferred ${summary.deferred}${summary.deferred > 0 ? ' (next run)' : ''}`,
  ];
  if (summary.baseline > 0) parts.push(`${summary.baseline} created before DEPGATE_RELAY_SINCE (not posted)`);
  return parts.join(', ');
}
