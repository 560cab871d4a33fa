import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Transport } from '../core/index.js';
import { connectPlatform, describeFailure } from '../edge-shared/index.js';
import { fileStore, RelayBusyError, relayOnce, slackWebhookSink, type RouteRule } from '../relay/index.js';
import { VERSION } from '../version.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';
import { platformSettingsFromEnv } from './platform-settings.js';

const SPEC: CommandSpec = {
  name: 'relay',
  summary:
    "Forwards the platform's unread in-app notifications to Slack, each once: one run polls every unread notification, sends the new ones and records what it sent, so the next run (any scheduler: cron, a scheduled workflow) sends only what is new.",
  options: [
    { flags: '--once', description: 'one run, then exit (the only mode so far)' },
    {
      flags: '--backfill',
      description:
        'on the first run, forward what is already unread (by default the first run records it without posting, so installing does not flood the channel)',
    },
  ],
  after: `environment:
  DEPGATE_API_URL             the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN           an API token (or a user JWT: notifications are per viewer)
  DEPGATE_DEPLOYMENT_ID       numeric deployment id (found from the token when unset)
  DEPGATE_SLACK_WEBHOOK_URL   the Slack incoming webhook every notification goes to
  DEPGATE_STATE_FILE          what the relay has sent (default .depgate-relay-state.json)
  DEPGATE_RELAY_BACKFILL      true: like --backfill

exit codes: 0 every delivery done, 1 some delivery failed (retried next run), 2 configuration, 3 platform error`,
};

export interface RelayDeps {
  transport?: Transport;
  fetch?: typeof fetch;
  now?: () => number;
}

/** `depgate relay --once`: one relay run. */
export async function runRelayCommand(args: string[], io: CliIo, deps: RelayDeps = {}): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags } = parsed;
  if (!flags.has('once'))
    throw new UsageError('say --once: one run, for any scheduler (see depgate relay --help)');
  const settings = platformSettingsFromEnv(io.env);
  if (settings === undefined)
    throw new UsageError('set DEPGATE_API_TOKEN to a token that can read notifications');
  const webhook = io.env.DEPGATE_SLACK_WEBHOOK_URL?.trim();
  if (webhook === undefined || webhook === '')
    throw new UsageError('set DEPGATE_SLACK_WEBHOOK_URL to a Slack incoming webhook URL');
  if (!/^https?:\/\//.test(webhook)) throw new UsageError('DEPGATE_SLACK_WEBHOOK_URL must be an http(s) URL');
  const backfill = flags.has('backfill') || io.env.DEPGATE_RELAY_BACKFILL === 'true';
  const now = deps.now ?? (() => Date.now());
  const statePath = resolve(io.cwd, io.env.DEPGATE_STATE_FILE ?? '.depgate-relay-state.json');
  const rules: RouteRule[] = [{ to: [{ kind: 'slack-webhook', url: webhook }] }];

  let store;
  try {
    store = await fileStore(statePath, now());
  } catch (error) {
    if (error instanceof RelayBusyError) {
      io.stderr(`depgate relay: ${error.message}\n`);
      return 0;
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  try {
    const platform = await connectPlatform(settings, {
      ...(deps.transport === undefined ? {} : { transport: deps.transport }),
      userAgent: `depgate/${VERSION}`,
    });
    const summary = await relayOnce({
      notifications: platform.client.notifications(platform.deploymentId).items(),
      rules,
      store,
      sinks: {
        'slack-webhook': slackWebhookSink(deps.fetch ?? fetch),
        'slack-chat': undefined,
        github: undefined,
      },
      owner: randomUUID(),
      now,
      backfill,
    });
    for (const error of summary.errors) io.stderr(`depgate relay: ${error}\n`);
    io.stderr(
      `depgate relay: fetched ${summary.fetched}, routed ${summary.routed}, posted ${summary.posted}, skipped ${summary.skipped} (already sent), recorded ${summary.recorded}${summary.recorded > 0 ? ' (first run: already unread, not posted; --backfill posts them)' : ''}, failed ${summary.failed}\n`,
    );
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    io.stderr(`depgate relay: ${failure.message}\n`);
    return failure.kind === 'platform' ? 3 : 2;
  } finally {
    await store.close();
  }
}
