import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Transport } from '../core/index.js';
import { describeFailure } from '../edge-shared/index.js';
import { type RunningServer, startEmulatorServer } from '../emulator/index.js';
import {
  fileStore,
  guardStore,
  handlePush,
  isStoreUnavailable,
  handleScheduledRun,
  jsonResponse,
  MAX_PUSH_BYTES,
  redisStore,
  RelayBusyError,
  relaySettingsFromEnv,
  runRelay,
  summaryText,
  type RelayStore,
  type RelaySummary,
} from '../relay/index.js';
import { VERSION } from '../version.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';

const DEFAULT_SERVE_PORT = 8788;
/** Exit code when the store is out of reach (the run stopped; the next run picks up). */
const STORE_EXIT = 4;

const SPEC: CommandSpec = {
  name: 'relay',
  summary:
    "Forwards the platform's unread in-app notifications to Slack and to GitHub pull request comments, each once. `depgate relay --once` is one run for any scheduler (cron, a scheduled workflow): it polls every unread notification, sends the new ones by the routing rules and records what it sent, so the next run sends only what is new. `depgate relay serve` answers the same requests as the Vercel functions (GET /api/relay, POST /api/webhook) on a plain Node server.",
  args: '[mode]',
  options: [
    { flags: '--once', description: 'one run, then exit' },
    {
      flags: '--backfill',
      description:
        'when the store is empty (a first run, or a lost store) and there is no baseline, post every unread notification (without it, or --since, such a run posts nothing and stops with exit 2)',
    },
    {
      flags: '--since <time>',
      description:
        'the baseline: notifications created before this time (ISO 8601 or Unix seconds) are never posted; recorded in the store, so a later run without it keeps to it (a different one given later wins, and is recorded); needed when the store is empty (a first run, or a lost store) unless --backfill (default DEPGATE_RELAY_SINCE)',
    },
    {
      flags: '--rules <file>',
      description:
        'routing rules (YAML or JSON): which notifications go to which Slack webhooks, Slack channels and GitHub pull requests (see docs/relay.md); default DEPGATE_RELAY_RULES, else everything to DEPGATE_SLACK_WEBHOOK_URL',
    },
    {
      flags: '--deadline <seconds>',
      description:
        'start no message after this many seconds; what is left waits for the next run (default DEPGATE_RELAY_DEADLINE, else none)',
    },
    {
      flags: '--port <n>',
      description: `serve: the port to listen on (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)`,
    },
    { flags: '--host <address>', description: 'serve: the address to listen on (default 127.0.0.1)' },
  ],
  after: `usage:
  depgate relay --once [--since TIME | --backfill] [--rules FILE] [--deadline SECONDS]
  depgate relay serve [--port N] [--host ADDRESS]

environment:
  DEPGATE_API_URL             the platform (default https://semgrep.dev)
  DEPGATE_API_TOKEN           an API token (or a user JWT: notifications are per viewer)
  DEPGATE_DEPLOYMENT_ID       numeric deployment id (found from the token when unset)
  DEPGATE_SLACK_WEBHOOK_URL   without rules: the Slack incoming webhook every notification goes to
  DEPGATE_RELAY_RULES         routing rules as YAML or JSON text (like --rules)
  SLACK_BOT_TOKEN             bot token for slackChannel destinations (chat.postMessage)
  SLACK_API_URL               Slack Web API base URL (default https://slack.com/api/)
  GITHUB_TOKEN                token for githubComment destinations (issues and pull requests: write)
  GITHUB_API_URL              GitHub API base URL (default https://api.github.com)
  GITHUB_SERVER_URL           GitHub Enterprise Server URL, whose pull request links count as linked
  DEPGATE_STATE_FILE          what the relay has sent, without REDIS_URL (default .depgate-relay-state.json)
  REDIS_URL                   keep what the relay has sent in Redis instead (shared by every runner)
  DEPGATE_RELAY_SINCE         like --since: set it once, at install, so a lost store never drops or floods
  DEPGATE_RELAY_BACKFILL      true: like --backfill
  DEPGATE_RELAY_DEADLINE      like --deadline
  DEPGATE_RELAY_RUN_LOCK      false: let overlapping runs share the work (claims still send each once)
  DEPGATE_RELAY_LEASE         seconds a claim holds before another run may take it over (default 300)
  DEPGATE_RELAY_PACE          ms between two messages to one destination (default: Slack 1000, GitHub 750)
  DEPGATE_RELAY_KEEP_DAYS     days a sent delivery is remembered (default 90; keep it longer than notifications stay unread)
  DEPGATE_RELAY_MARKER_KEY    the secret that seals what Slack and GitHub read-backs count (default DEPGATE_API_TOKEN)
  CRON_SECRET                 serve: GET /api/relay needs Authorization: Bearer $CRON_SECRET
  DEPGATE_WEBHOOK_SECRET      serve: the HMAC secret of signed pushes to POST /api/webhook

exit codes: 0 every delivery done (or deferred to the next run), 1 some delivery failed (retried next run), 2 configuration (an empty store without --since or --backfill too), 3 platform error, 4 the store is out of reach (the run stopped; nothing was sent without its claim recorded)`,
};

export interface RelayDeps {
  transport?: Transport;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The relay's store: Redis when REDIS_URL is set, else the state file (with its lock). */
async function openStore(env: Env, cwd: string, now: number): Promise<RelayStore> {
  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl) {
    return redisStore(redisUrl);
  }
  const path = resolve(cwd, env.DEPGATE_STATE_FILE ?? '.depgate-relay-state.json');
  return guardStore(await fileStore(path, now), `the state file ${path}`);
}

type Env = Readonly<Record<string, string | undefined>>;

/** `depgate relay --once` (one relay run) and `depgate relay serve` (the handlers on node:http). */
export async function runRelayCommand(args: string[], io: CliIo, deps: RelayDeps = {}): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags, positionals } = parsed;
  const mode = positionals[0];
  if (mode !== undefined && mode !== 'serve')
    throw new UsageError(
      `unknown mode '${mode}': say --once for one run, or serve (see depgate relay --help)`,
    );
  const deadline = flags.get('deadline');
  const since = flags.get('since');
  const env: Env = {
    ...io.env,
    ...(typeof deadline === 'string' ? { DEPGATE_RELAY_DEADLINE: deadline } : {}),
    ...(typeof since === 'string' ? { DEPGATE_RELAY_SINCE: since } : {}),
  };
  if (mode === 'serve') {
    if (flags.has('once')) throw new UsageError('--once and serve do not go together: choose one');
    return serve(flags, env, io);
  }
  if (flags.has('port') || flags.has('host')) throw new UsageError('--port and --host are for serve');
  if (!flags.has('once'))
    throw new UsageError('say --once for one run (any scheduler), or serve (see depgate relay --help)');
  // A setup or rules mistake is a user error: the CLI prints it and exits 2.
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
  const settings = relaySettingsFromEnv(env, rulesFile);
  if (flags.has('backfill')) settings.backfill = true;
  const now = deps.now ?? (() => Date.now());
  let store;
  try {
    store = await openStore(env, io.cwd, now());
  } catch (error) {
    if (error instanceof RelayBusyError) {
      io.stderr(`depgate relay: ${error.message}\n`);
      return 0;
    }
    if (isStoreUnavailable(error)) {
      io.stderr(`depgate relay: ${error.message}; nothing was sent\n`);
      return STORE_EXIT;
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  try {
    const summary = await runRelay(settings, store, { ...deps, now, userAgent: `depgate/${VERSION}` });
    for (const note of summary.notes) io.stderr(`depgate relay: note: ${note}\n`);
    for (const error of summary.errors) io.stderr(`depgate relay: ${error}\n`);
    io.stderr(`depgate relay: ${summaryText(summary)}\n`);
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    if (isStoreUnavailable(error)) {
      const partial = (error as { summary?: RelaySummary }).summary;
      for (const error of partial?.errors ?? []) io.stderr(`depgate relay: ${error}\n`);
      io.stderr(`depgate relay: ${error.message}\n`);
      return STORE_EXIT;
    }
    const failure = describeFailure(error);
    if (failure === undefined) throw error;
    io.stderr(`depgate relay: ${failure.message}\n`);
    return failure.kind === 'platform' ? 3 : 2;
  } finally {
    await store.close().catch((error: unknown) => {
      io.stderr(`depgate relay: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  }
}

/** The Vercel functions' handlers on a plain Node server, until SIGINT or SIGTERM. */
async function serve(flags: Map<string, string | true>, env: Env, io: CliIo): Promise<number> {
  const portText = flags.get('port');
  const port = typeof portText === 'string' ? Number(portText) : DEFAULT_SERVE_PORT;
  if (typeof portText === 'string' && (!/^\d{1,5}$/.test(portText) || port > 65535))
    throw new UsageError(`--port must be a port number from 0 to 65535, not '${portText}'`);
  const host = typeof flags.get('host') === 'string' ? (flags.get('host') as string) : '127.0.0.1';
  // Settings are read per request, as the functions do; a mistake is better said now, once.
  relaySettingsFromEnv(env);
  if (!env.CRON_SECRET && !env.DEPGATE_WEBHOOK_SECRET)
    io.stderr(
      'depgate relay: neither CRON_SECRET nor DEPGATE_WEBHOOK_SECRET is set: every request will be refused (401)\n',
    );
  const options = {
    openStore: (e: Env) => openStore(e, io.cwd, Date.now()),
    log: (line: string) => io.stderr(`${line}\n`),
    userAgent: `depgate/${VERSION}`,
  };
  const route = (request: Request): Promise<Response> | Response => {
    const path = new URL(request.url).pathname;
    if (path === '/api/relay' && request.method === 'GET') return handleScheduledRun(request, env, options);
    if (path === '/api/webhook' && request.method === 'POST') return handlePush(request, env, options);
    if (path === '/healthz' && request.method === 'GET') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { error: 'not found: GET /api/relay, POST /api/webhook, GET /healthz' });
  };
  const handler = async (request: Request): Promise<Response> => {
    try {
      return await route(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr(`depgate relay: internal error: ${message}\n`);
      return jsonResponse(500, { error: `internal relay error: ${message}` });
    }
  };
  let server: RunningServer;
  try {
    // Signed pushes are the only bodies: anything longer is refused at the limit, never read whole.
    server = await startEmulatorServer({ handler, port, host, maxBodyBytes: MAX_PUSH_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      `depgate relay: cannot listen on ${host}:${port}: ${code === 'EADDRINUSE' ? `port ${port} is already in use (choose another with --port N)` : error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  try {
    io.stdout(`relay listening on ${server.url} (GET /api/relay, POST /api/webhook)\n`);
    await io.stopSignal;
  } finally {
    await server.close();
  }
  io.stdout('relay stopped\n');
  return 0;
}
