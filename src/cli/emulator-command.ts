import { resolve } from 'node:path';
import type { EmulatorDataset, TokenRecord } from '../emulator/index.js';
import { createEmulator } from '../emulator/index.js';
import { isUserError } from '../domain/index.js';
import { loadDatasetFile } from '../emulator/index.js';
import { createSeedDataset, generateDataset } from '../emulator/index.js';
import { type RunningServer, startEmulatorServer } from '../emulator/index.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';

const SPEC: CommandSpec = {
  name: 'emulator',
  summary: `Serves the platform API on http://127.0.0.1:N from a dataset (the seeded default, or --data FILE in the format of src/emulator/DATASET.md) until interrupted, and prints the tokens it accepts.`,
  options: [
    { flags: '--port <n>', description: 'port to listen on (default 8080; 0 picks a free port)' },
    { flags: '--data <file>', description: 'serve this dataset instead of the seeded one' },
    {
      flags: '--generate <n>',
      description:
        'serve the seeded dataset plus N generated dependencies (100 per repository, each repository with its project; deterministic: the same N and --seed give the same records), to try the audit at scale',
    },
    { flags: '--seed <n>', description: 'with --generate: the generator seed (default 42)' },
    {
      flags: '--token <token>',
      description:
        'also accept this API token with Web API access for the first deployment (or set DEPGATE_EMULATOR_TOKEN)',
    },
  ],
  after: `admin routes (no auth, loopback only):
  GET|DELETE /__emulator/requests            the request log
  GET|POST|DELETE /__emulator/faults          fault injection, body {"faults": [rule, ...]}

exit codes: 0 stopped when asked, 1 could not listen, 2 bad options or dataset`,
};

const DEFAULT_PORT = 8080;

function describeToken(t: TokenRecord): string {
  const kind =
    t.kind === 'jwt'
      ? 'user JWT (notifications only)'
      : t.webApi
        ? 'API token with Web API access'
        : 'API token without Web API access (v1 and notifications answer 404)';
  return `${kind}, ${t.admin ? 'admin' : 'non-admin'} viewer ${t.viewer}, deployment ${t.deploymentId}`;
}

/** `depgate emulator`: the platform API served on loopback until the process is asked to stop. */
export async function runEmulatorCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags } = parsed;
  const portText = flags.get('port');
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (typeof portText === 'string' && (!/^\d{1,5}$/.test(portText) || port > 65535))
    throw new UsageError(`--port must be a port number from 0 to 65535, not '${portText}'`);

  let dataset: EmulatorDataset;
  const dataFile = flags.get('data');
  const generate = flags.get('generate');
  const seedText = flags.get('seed');
  if (typeof generate === 'string' && typeof dataFile === 'string')
    throw new UsageError('--generate and --data do not go together: choose one');
  if (typeof seedText === 'string' && typeof generate !== 'string')
    throw new UsageError('--seed goes with --generate N');
  if (typeof generate === 'string') {
    if (!/^\d{1,8}$/.test(generate) || Number(generate) < 1 || Number(generate) > 20_000_000)
      throw new UsageError(
        `--generate must be a number of dependencies from 1 to 20000000, not '${generate}'`,
      );
    if (typeof seedText === 'string' && !/^\d{1,10}$/.test(seedText))
      throw new UsageError(`--seed must be a whole number, not '${seedText}'`);
    const count = Number(generate);
    const perRepository = Math.min(100, count);
    const repositories = Math.ceil(count / perRepository);
    dataset = generateDataset({
      repositories,
      dependenciesPerRepository: perRepository,
      seed: typeof seedText === 'string' ? Number(seedText) : 42,
    });
    io.stderr(
      `generated ${(repositories * perRepository).toLocaleString('en-US')} dependencies in ${repositories.toLocaleString('en-US')} repositories (seed ${typeof seedText === 'string' ? seedText : 42})\n`,
    );
  } else if (typeof dataFile === 'string') {
    try {
      dataset = await loadDatasetFile(resolve(io.cwd, dataFile), dataFile);
    } catch (error) {
      if (!isUserError(error, 'dataset')) throw error;
      io.stderr(`depgate emulator: --data ${error.message}\n`);
      return 2;
    }
    if (dataset.deployments.length === 0) {
      io.stderr(
        `depgate emulator: --data ${dataFile}: deployments is empty; the emulator needs at least one\n`,
      );
      return 2;
    }
  } else dataset = createSeedDataset();

  const deployment = dataset.deployments[0]!;
  const extra = flags.get('token') ?? io.env.DEPGATE_EMULATOR_TOKEN;
  if (typeof extra === 'string' && extra !== '') {
    if (/\s/.test(extra))
      throw new UsageError('--token must not contain whitespace (it travels as a bearer token)');
    if (!dataset.tokens.some((t) => t.token === extra)) {
      dataset.tokens.push({
        token: extra,
        kind: 'api',
        webApi: true,
        deploymentId: deployment.id,
        viewer: 'cli@emulator',
        admin: true,
        description: 'from --token or DEPGATE_EMULATOR_TOKEN',
      });
    }
  }

  const emulator = createEmulator({ dataset });
  let server: RunningServer;
  try {
    server = await startEmulatorServer({ handler: emulator.handle, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use (choose another with --port N, or --port 0 for a free one)`
        : code === 'EACCES'
          ? `no permission to listen on port ${port} (ports below 1024 need privileges; try --port 0)`
          : error instanceof Error
            ? error.message
            : String(error);
    io.stderr(`depgate emulator: cannot listen on 127.0.0.1:${port}: ${why}\n`);
    return 1;
  }
  try {
    io.stdout(`listening on ${server.url}\n`);
    for (const d of dataset.deployments) io.stdout(`deployment ${d.id} "${d.name}" (slug ${d.slug})\n`);
    io.stdout(
      `OSV API at ${server.url} (POST /v1/querybatch, GET /v1/vulns/{id}; no token), seeded with real advisories\n`,
    );
    io.stdout('tokens (send as Authorization: Bearer <token>):\n');
    for (const t of dataset.tokens) io.stdout(`  ${t.token}  ${describeToken(t)}\n`);
    await io.stopSignal;
  } finally {
    await server.close();
  }
  io.stdout('emulator stopped\n');
  return 0;
}
