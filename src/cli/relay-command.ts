import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Transport } from '../core/index.js';
import { describeFailure, isSetupError } from '../edge-shared/index.js';
import {
  fileStore,
  RelayBusyError,
  relaySettingsFromEnv,
  RulesError,
  runRelay,
  summaryText,
} from '../relay/index.js';
import { VERSION } from '../version.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';

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
    {
      flags: '--rules <file>',
      description:
        'routing rules (YAML or JSON): which notifications go to which Slack webhooks and channels (see docs/relay.md); default DEPGATE_RELAY_RULES, else everything to DEPGATE_SLACK_WEBHOOK_URL',
    },
  ],
  after: `environment:
  DEPGATE_API_URL             the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN           an API token (or a user JWT: notifications are per viewer)
  DEPGATE_DEPLOYMENT_ID       numeric deployment id (found from the token when unset)
  DEPGATE_SLACK_WEBHOOK_URL   without rules: the Slack incoming webhook every notification goes to
  DEPGATE_RELAY_RULES         routing rules as YAML or JSON text (like --rules)
  SLACK_BOT_TOKEN             bot token for slackChannel destinations (chat.postMessage)
  SLACK_API_URL               Slack Web API base URL (default https://slack.com/api/)
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
  let settings;
  try {
    const rulesPath = flags.get('rules');
    let rulesFile;
    if (typeof rulesPath === 'string') {
      try {
        rulesFile = { text: await readFile(resolve(io.cwd, rulesPath), 'utf8'), source: rulesPath };
      } catch (error) {
        throw new UsageError(
          `--rules ${rulesPath}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
    }
    settings = relaySettingsFromEnv(io.env, rulesFile);
  } catch (error) {
    if (isSetupError(error) || error instanceof RulesError) throw new UsageError(error.message);
    throw error;
  }
  if (flags.has('backfill')) settings.backfill = true;
  const now = deps.now ?? (() => Date.now());
  const statePath = resolve(io.cwd, io.env.DEPGATE_STATE_FILE ?? '.depgate-relay-state.json');
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
    const summary = await runRelay(settings, store, { ...deps, now, userAgent: `depgate/${VERSION}` });
    for (const error of summary.errors) io.stderr(`depgate relay: ${error}\n`);
    io.stderr(`depgate relay: ${summaryText(summary)}\n`);
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
