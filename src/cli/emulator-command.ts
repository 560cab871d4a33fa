import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createEmulator } from '../emulator/handler.js';
import { DatasetError, parseDataset } from '../emulator/load-dataset.js';
import { createSeedDataset, SEED_DEPLOYMENT } from '../emulator/seed.js';
import { startServer } from '../emulator/server.js';
import { type CliIo, parseArgs, UsageError } from './io.js';

const HELP = `usage: depgate emulator [--port N] [--data FILE] [--token T]

Serves the platform API on http://127.0.0.1:N from a dataset (the seeded default, or --data FILE in
the format of src/emulator/DATASET.md) until interrupted.

options:
  --port N      port to listen on (default 8080; 0 picks a free port)
  --data FILE   load this dataset instead of the seeded one
  --token T     also accept T as an API token with Web API access for the first deployment
                (or set DEPGATE_EMULATOR_TOKEN)

admin routes (no auth, local only): GET /__emulator/requests (request log),
GET|POST|DELETE /__emulator/faults (fault injection, body {"faults": [...]})
`;

/** `depgate emulator`: the platform API served locally until the process is asked to stop. */
export async function runEmulatorCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, positionals } = parseArgs(args, { strings: ['port', 'data', 'token'], booleans: ['help'] });
  if (flags.has('help')) {
    io.stdout(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const portText = flags.get('port');
  const port = portText === undefined ? 8080 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not '${String(portText)}'`);

  const dataFile = flags.get('data');
  let dataset;
  if (typeof dataFile === 'string') {
    let text: string;
    try {
      text = readFileSync(resolve(io.cwd, dataFile), 'utf8');
    } catch (error) {
      io.stderr(
        `depgate emulator: cannot read --data ${dataFile}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`,
      );
      return 2;
    }
    try {
      dataset = parseDataset(text, dataFile);
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      io.stderr(`depgate emulator: ${error.message}\n`);
      return 2;
    }
  } else dataset = createSeedDataset();

  const extra = flags.get('token') ?? io.env.DEPGATE_EMULATOR_TOKEN;
  const deployment = dataset.deployments[0] ?? SEED_DEPLOYMENT;
  if (typeof extra === 'string' && extra !== '') {
    dataset.tokens.push({
      token: extra,
      kind: 'api',
      webApi: true,
      deploymentId: deployment.id,
      viewer: 'cli@emulator',
      admin: true,
      description: 'API token with Web API access (from --token)',
    });
  }

  const emulator = createEmulator({ dataset });
  let server;
  try {
    server = await startServer(emulator.handle, { port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      `depgate emulator: cannot listen on 127.0.0.1:${port}: ${code === 'EADDRINUSE' ? 'the port is in use (try --port 0)' : String(code ?? error)}\n`,
    );
    return 2;
  }
  io.stdout(`listening on ${server.url}\n`);
  io.stdout(`deployment ${deployment.id} (slug ${deployment.slug})\n`);
  io.stdout('tokens:\n');
  for (const t of dataset.tokens) {
    io.stdout(
      `  ${t.token}  ${t.description ?? `${t.kind}${t.webApi ? ' with Web API access' : ''}`} (deployment ${t.deploymentId})\n`,
    );
  }
  await io.stopSignal;
  await server.close();
  io.stdout('emulator stopped\n');
  return 0;
}
