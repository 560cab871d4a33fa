import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEmulatorCommand } from '../../src/cli/emulator-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { SEED_TOKENS } from '../../src/emulator/seed.js';
import { ROOT } from '../helpers/paths.js';

const FIXTURES = join(ROOT, 'test/emulator/fixtures');

/** The command's io, with its output collected and a stop signal the test resolves. */
function fakeIo(env: Record<string, string> = {}) {
  let stop!: () => void;
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env,
    cwd: FIXTURES,
    stopSignal: new Promise<void>((resolve) => (stop = resolve)),
  };
  return { io, stop, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Runs the command until it prints its address; the caller stops it and awaits `exit`. */
async function started(args: string[], env: Record<string, string> = {}) {
  const fake = fakeIo(env);
  const exit = runEmulatorCommand(args, fake.io);
  for (let i = 0; i < 500 && !fake.stdout().includes('\ntokens'); i++) {
    if (fake.stderr() !== '') throw new Error(fake.stderr());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(fake.stdout())?.[1];
  if (url === undefined) throw new Error(`no address in: ${fake.stdout()}`);
  return { ...fake, url, exit };
}

let blocker: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (blocker === undefined ? resolve() : blocker.close(() => resolve())));
  blocker = undefined;
});

describe('depgate emulator', () => {
  it('listens on loopback, prints the tokens with their kinds, serves the seed, and stops when asked', async () => {
    const running = await started(['--port', '0']);
    expect(running.stdout()).toContain('deployment 1234 "Acme Corp" (slug acme-corp)');
    const tokenLines = running
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('  '));
    expect(tokenLines).toEqual([
      `  ${SEED_TOKENS.api}  API token with Web API access, admin viewer admin@acme.example, deployment 1234`,
      `  ${SEED_TOKENS.noWebApi}  API token without Web API access (v1 and notifications answer 404), non-admin viewer ci@acme.example, deployment 1234`,
      `  ${SEED_TOKENS.jwt}  user JWT (notifications only), non-admin viewer dev@acme.example, deployment 1234`,
    ]);
    const answer = await fetch(`${running.url}/api/v1/deployments`, {
      headers: { authorization: `Bearer ${SEED_TOKENS.api}` },
    });
    expect(answer.status).toBe(200);
    running.stop();
    expect(await running.exit).toBe(0);
    expect(running.stdout()).toMatch(/emulator stopped\n$/);
    await expect(fetch(`${running.url}/api/v1/deployments`)).rejects.toThrow(TypeError);
  });

  it.each([
    ['--token', ['--token', 'my-token'], {}],
    ['DEPGATE_EMULATOR_TOKEN', [], { DEPGATE_EMULATOR_TOKEN: 'my-token' }],
  ])('accepts an extra API token from %s', async (_title, extra, env) => {
    const running = await started(['--port', '0', ...extra], env);
    expect(running.stdout()).toContain('  my-token  API token with Web API access');
    const answer = await fetch(`${running.url}/api/v1/deployments/1234/dependencies`, {
      method: 'POST',
      headers: { authorization: 'Bearer my-token' },
      body: '{"pageSize":1}',
    });
    expect(answer.status).toBe(200);
    running.stop();
    expect(await running.exit).toBe(0);
  });

  it('serves a --data file, relative to the working directory, with the token for its first deployment', async () => {
    const running = await started(['--port=0', '--data', 'monorepo-dataset.json', '--token', 'extra']);
    expect(running.stdout()).toContain('deployment 42 "Globex" (slug globex)');
    const answer = await fetch(`${running.url}/api/v1/deployments`, {
      headers: { authorization: 'Bearer extra' },
    });
    expect(await answer.json()).toEqual({ deployments: [{ id: 42, name: 'Globex', slug: 'globex' }] });
    running.stop();
    expect(await running.exit).toBe(0);
  });

  it.each<[string, string[], RegExp]>([
    [
      'a missing file',
      ['--data', 'no-such.json'],
      /^depgate emulator: --data no-such\.json: cannot be read \(ENOENT\)\n$/,
    ],
    [
      'a broken file, with the field',
      ['--data', 'broken-dataset.json'],
      /--data broken-dataset\.json: invalid dataset .*\n {2}tokens\[0\]\.kind must be one of api, jwt, got "robot"/s,
    ],
  ])('exits 2 for %s, naming the file', async (_title, args, message) => {
    const fake = fakeIo();
    expect(await runEmulatorCommand(args, fake.io)).toBe(2);
    expect(fake.stderr()).toMatch(message);
    expect(fake.stdout()).toBe('');
  });

  it.each<[string[], RegExp]>([
    [['--port', 'eighty'], /--port must be a port number from 0 to 65535, not 'eighty'/],
    [['--port', '70000'], /--port must be a port number/],
    [['--port'], /option '--port <n>' argument missing/],
    [['serve'], /too many arguments/],
    [['--verbose'], /unknown option '--verbose'/],
    [['--port', '0', '--token', 'a b'], /--token must not contain whitespace/],
  ])('exits 2 for bad options %j', async (args, message) => {
    const fake = fakeIo();
    expect(await runCli(['emulator', ...args], fake.io)).toBe(2);
    expect(fake.stderr()).toMatch(message);
  });

  it('exits 1 with a clear message when the port is in use', async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)),
    );
    const fake = fakeIo();
    expect(await runEmulatorCommand(['--port', String(port)], fake.io)).toBe(1);
    expect(fake.stderr()).toBe(
      `depgate emulator: cannot listen on 127.0.0.1:${port}: port ${port} is already in use (choose another with --port N, or --port 0 for a free one)\n`,
    );
  });

  it('prints its help', async () => {
    const fake = fakeIo();
    expect(await runCli(['emulator', '--help'], fake.io)).toBe(0);
    expect(fake.stdout()).toMatch(/^Usage: depgate emulator \[options\]/);
    expect(fake.stdout()).toContain('--port <n>');
  });
});
