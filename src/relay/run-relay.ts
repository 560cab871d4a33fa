import { randomUUID } from 'node:crypto';
import type { Notification, Transport } from '../core/index.js';
import {
  connectPlatform,
  platformSettingsFromEnv,
  SetupError,
  type PlatformSettings,
} from '../edge-shared/index.js';
import { relayOnce } from './deliver.js';
import type { RouteRule } from './route.js';
import { parseRules } from './rules-file.js';
import { slackChatSink } from './sinks/slack-chat.js';
import { slackWebhookSink } from './sinks/slack-webhook.js';
import type { RelayStore, RelaySummary } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What one relay run needs, from the environment (the CLI and the Vercel function read the same). */
export interface RelaySettings {
  platform: PlatformSettings;
  /** Where each notification goes: the rules given, or everything to DEPGATE_SLACK_WEBHOOK_URL. */
  rules: RouteRule[];
  backfill: boolean;
  /** SLACK_BOT_TOKEN and SLACK_API_URL, for slackChannel destinations. */
  slack?: { token: string; apiUrl?: string };
}

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
  const apiUrl = env.SLACK_API_URL?.trim();
  if (apiUrl && !/^https?:\/\//.test(apiUrl)) throw new SetupError('SLACK_API_URL must be an http(s) URL');
  const slack = token ? { token, ...(apiUrl ? { apiUrl } : {}) } : undefined;
  const backfill = env.DEPGATE_RELAY_BACKFILL === 'true';
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
    return { platform, rules, backfill, ...(slack ? { slack } : {}) };
  }
  const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
  if (webhook === undefined || webhook === '')
    throw new SetupError(
      'set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL, or give routing rules (DEPGATE_RELAY_RULES or --rules FILE)',
    );
  if (!/^https?:\/\//.test(webhook)) throw new SetupError('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
  return {
    platform,
    rules: [{ to: [{ kind: 'slack-webhook', url: webhook }] }],
    backfill,
    ...(slack ? { slack } : {}),
  };
}

export interface RelayRunDeps {
  /** Notifications pushed to the relay (a signed webhook): delivered as given, without polling. */
  given?: readonly Notification[];
  transport?: Transport;
  fetch?: typeof fetch;
  now?: () => number;
  userAgent?: string;
}

/** One run: every unread notification to the webhook, each once, through the given store. */
export async function runRelay(
  settings: RelaySettings,
  store: RelayStore,
  deps: RelayRunDeps = {},
): Promise<RelaySummary> {
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
          });
          return platform.client.notifications(platform.deploymentId).items();
        })();
  return relayOnce({
    notifications,
    rules: settings.rules,
    store,
    sinks: {
      'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
      'slack-chat': settings.slack ? slackChatSink(settings.slack.token, settings.slack) : undefined,
      github: undefined,
    },
    owner: randomUUID(),
    now: deps.now ?? (() => Date.now()),
    // A push is meant to be posted, and leaves the first scheduled run its record-only baseline.
    backfill: given !== undefined || settings.backfill,
    firstRunBaseline: given === undefined,
  });
}

/** The run's one-line summary. */
export function summaryText(summary: RelaySummary): string {
  return `fetched ${summary.fetched}, routed ${summary.routed}, posted ${summary.posted}, skipped ${summary.skipped} (already sent), recorded ${summary.recorded}${summary.recorded > 0 ? ' (first run: already unread, not posted; --backfill posts them)' : ''}, failed ${summary.failed}`;
}
