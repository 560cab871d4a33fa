import { randomUUID } from 'node:crypto';
import type { Transport } from '../core/index.js';
import {
  connectPlatform,
  platformSettingsFromEnv,
  SetupError,
  type PlatformSettings,
} from '../edge-shared/index.js';
import { relayOnce } from './deliver.js';
import type { RouteRule } from './route.js';
import { slackWebhookSink } from './sinks/slack-webhook.js';
import type { RelayStore, RelaySummary } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What one relay run needs, from the environment (the CLI and the Vercel function read the same). */
export interface RelaySettings {
  platform: PlatformSettings;
  webhook: string;
  backfill: boolean;
}

/** Reads the relay's settings; a missing or malformed one is a SetupError that names the variable. */
export function relaySettingsFromEnv(env: Env): RelaySettings {
  const platform = platformSettingsFromEnv(env);
  if (platform === undefined)
    throw new SetupError('set DEPGATE_API_TOKEN to a token that can read notifications');
  const webhook = env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
  if (webhook === undefined || webhook === '')
    throw new SetupError('set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL');
  if (!/^https?:\/\//.test(webhook)) throw new SetupError('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
  return { platform, webhook, backfill: env.DEPGATE_RELAY_BACKFILL === 'true' };
}

export interface RelayRunDeps {
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
  const platform = await connectPlatform(settings.platform, {
    ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    ...(deps.userAgent === undefined ? {} : { userAgent: deps.userAgent }),
  });
  const rules: RouteRule[] = [{ to: [{ kind: 'slack-webhook', url: settings.webhook }] }];
  return relayOnce({
    notifications: platform.client.notifications(platform.deploymentId).items(),
    rules,
    store,
    sinks: {
      'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
      'slack-chat': undefined,
      github: undefined,
    },
    owner: randomUUID(),
    now: deps.now ?? (() => Date.now()),
    backfill: settings.backfill,
  });
}

/** The run's one-line summary. */
export function summaryText(summary: RelaySummary): string {
  return `fetched ${summary.fetched}, routed ${summary.routed}, posted ${summary.posted}, skipped ${summary.skipped} (already sent), recorded ${summary.recorded}${summary.recorded > 0 ? ' (first run: already unread, not posted; --backfill posts them)' : ''}, failed ${summary.failed}`;
}
