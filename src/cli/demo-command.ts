import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlatformClient, defaultTransport } from '../core/index.js';
import {
  createEmulator,
  createSeedDataset,
  NPM_REGISTRY_PATH,
  SEED_DEPLOYMENT,
  SEED_TOKENS,
  startServer,
} from '../emulator/index.js';
import { runCheckCommand } from './check-command.js';
import { supplyChainDemo } from './demo-supply-chain.js';
import { git } from './git.js';
import { createServer } from 'node:http';
import { memoryStore, runRelay } from '../relay/index.js';
import { type CliIo, type CommandSpec, parseCommand } from './io.js';

const SPEC: CommandSpec = {
  name: 'demo',
  summary: `The gate end to end, offline, in seconds (npm start): starts the platform emulator with its seeded organization, builds an example repository in a temporary folder (a base commit, and a change that downgrades lodash below a denied bound, adds minimist under a valid exception, left-pad under an expired one, dayjs which the organization does not use yet, and a new yarn.lock with a package whose license the platform says is GPL-3.0-only, and an injected entry in services/payments that points ip-address 10.2.0 at another host with another integrity), runs \`depgate check\` on it against the emulator, and tags the example project with the verdict.`,
  options: [
    {
      flags: '--keep',
      description: 'keep the example repository (its path is printed) to run depgate check in it yourself',
    },
  ],
};

/** The example repository's two sides, shipped beside the bundle (examples/demo). */
const EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '../../examples/demo');
const PROJECT = 'acme/web';
const VULNERABILITIES_KEY =
  "vulnerabilities: { failOn: high } # added by the demo: known advisories from the emulator's OSV API\n";

async function commitSide(repo: string, side: 'base' | 'head', message: string): Promise<void> {
  await git(repo, ['rm', '-r', '-q', '--ignore-unmatch', '.']);
  await cp(join(EXAMPLE, side), repo, { recursive: true });
  // The one key that turns the vulnerability check on; the demo's OSV is the emulator's.
  await appendFile(join(repo, '.github/depgate.yml'), VULNERABILITIES_KEY);
  await git(repo, ['add', '-A']);
  await git(repo, [
    '-c',
    'user.name=depgate demo',
    '-c',
    'user.email=demo@depgate.invalid',
    'commit',
    '-q',
    '-m',
    message,
  ]);
}

/** `depgate demo` (`npm start`): the main job on the embedded default. */
export async function runDemoCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags } = parsed;

  // Ctrl-C (or SIGTERM) stops the demo where it is: the emulator closes its connections, the example
  // repository is removed, and the exit code says it was interrupted (130), never a pass.
  const interrupted = io.stopSignal.then(() => 'interrupted' as const);
  const emulator = createEmulator({ dataset: createSeedDataset() });
  const server = await startServer(emulator.handle);
  const repo = await mkdtemp(join(tmpdir(), 'depgate-demo-'));
  try {
    const running = demo();
    // Left behind when interrupted: its failure in the removed folder is of no interest then.
    running.catch(() => undefined);
    const outcome = await Promise.race([running, interrupted]);
    if (outcome !== 'interrupted') return outcome;
    io.stderr('\ndepgate demo: interrupted: the emulator is stopped and the example repository removed\n');
    return 130;
  } finally {
    await server.close();
    if (flags.has('keep')) io.stdout(`\nThe example repository is kept at ${repo}\n`);
    // A git command the signal interrupted may still be letting go of a file in it: retry briefly.
    else await rm(repo, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  async function demo(): Promise<number> {
    io.stdout(
      `1. The platform emulator is serving the seeded organization '${SEED_DEPLOYMENT.slug}' at ${server.url}\n`,
    );
    await git(repo, ['init', '-q', '-b', 'main']);
    await commitSide(repo, 'base', 'acme-shop 1.4.0');
    await git(repo, ['checkout', '-q', '-b', 'upgrade-deps']);
    await commitSide(repo, 'head', 'Upgrade express, pin lodash, add minimist, left-pad and video tools');
    io.stdout(
      `2. An example repository at ${repo}: branch 'upgrade-deps' changes package-lock.json and services/payments/package-lock.json and adds tools/video/yarn.lock\n`,
    );

    const client = createPlatformClient({
      token: SEED_TOKENS.api,
      baseUrl: server.url,
      transport: defaultTransport,
    });
    let before: string[] = [];
    for await (const project of client.projects(SEED_DEPLOYMENT.slug).items())
      if (project.name === PROJECT) before = project.tags;
    io.stdout(
      `3. depgate check --base main --head upgrade-deps (against the emulator, which also serves OSV's API with real published advisories; the policy has \`vulnerabilities: { failOn: high }\`):\n\n`,
    );
    const env: Record<string, string | undefined> = {
      ...io.env,
      DEPGATE_API_URL: server.url,
      DEPGATE_API_TOKEN: SEED_TOKENS.api,
      DEPGATE_DEPLOYMENT_ID: undefined,
      DEPGATE_DEPLOYMENT_SLUG: undefined,
      DEPGATE_PLATFORM: undefined,
      DEPGATE_OSV_URL: server.url,
    };
    const code = await runCheckCommand(['--base', 'main', '--head', 'upgrade-deps'], {
      ...io,
      cwd: repo,
      env,
    });
    if (code !== 0 && code !== 1) return code;
    const verdict = code === 1 ? 'block' : 'pass';

    const [add, remove] =
      verdict === 'block' ? ['deps:blocked', 'deps:clean'] : ['deps:clean', 'deps:blocked'];
    await client.addProjectTags(SEED_DEPLOYMENT.slug, PROJECT, [add]);
    const after = await client.removeProjectTags(SEED_DEPLOYMENT.slug, PROJECT, [remove]);
    io.stdout(
      `\n4. The verdict is '${verdict}' (exit code ${code}); the project ${PROJECT} is tagged on the platform:\n` +
        `   tags before: ${JSON.stringify(before)}\n   tags after:  ${JSON.stringify(after.tags)}\n`,
    );
    await relayDemo(server.url, io);
    const supplyCode = await supplyChainDemo(`${server.url}${NPM_REGISTRY_PATH}/`, io, 6);
    if (supplyCode !== 0 && supplyCode !== 1) return supplyCode;
    io.stdout(`
What you saw: depgate read both sides of each changed lockfile, worked out what the change adds,
upgrades and removes (and through which dependency each transitive package comes) and which entries
it points at another host with another integrity (lockfile injection), asked the platform in one
request for licenses and where each package is already used, asked OSV's API (served by the emulator)
in one batch for known advisories of what the change introduces and the versions it leaves behind,
judged it all against examples/demo/head/.github/depgate.yml plus \`vulnerabilities: { failOn: high }\`
(a package exception never excuses an advisory: minimist 1.2.5 blocks on its critical one, with its
fix version), and tagged the project. Then the relay forwarded the
platform's unread notifications to Slack, each once. Last, \`supplyChain:\` asked the emulator's npm
registry once per package name: debug 4.4.3 is held back by the 3-day cooldown (pin 4.4.1) and lost
the provenance 4.4.1 had, esbuild runs a postinstall script, and request is deprecated.

On your own repository (after \`npm install -g .\` in this clone: depgate is not on the npm registry):
  depgate check --platform off                           the policy in .github/depgate.yml, locally
  depgate emulator --token t &                           the same against the emulator
  DEPGATE_API_URL=http://127.0.0.1:8080 DEPGATE_API_TOKEN=t depgate check
  DEPGATE_API_TOKEN=<your token> depgate check           against the platform itself
`);
    return 0;
  }
}

/** The relay's part of the demo: the emulator's unread notifications to a Slack-compatible receiver. */
async function relayDemo(platformUrl: string, io: CliIo): Promise<void> {
  const received: string[] = [];
  const slack = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          blocks?: { type: string; text?: { text?: string } }[];
        };
        received.push(message.blocks?.find((b) => b.type === 'header')?.text?.text ?? '(no header)');
      } catch {
        received.push('(not JSON)');
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  try {
    const port = (slack.address() as { port: number }).port;
    const webhook = `http://127.0.0.1:${port}/services/T0DEMO/B0DEMO/demo`;
    const settings = {
      platform: { apiUrl: platformUrl, token: SEED_TOKENS.api },
      rules: [{ to: [{ kind: 'slack-webhook' as const, url: webhook }] }],
      backfill: true,
      runLock: true,
    };
    const store = memoryStore();
    // The local receiver has no rate limit: no pause between messages (Slack gets one a second).
    const deps = { sleep: () => Promise.resolve() };
    const summary = await runRelay(settings, store, deps);
    const again = await runRelay(settings, store, deps);
    io.stdout(
      `\n5. depgate relay --once --backfill: the platform's unread notifications to a Slack-compatible webhook at ${webhook}:\n` +
        received.map((title) => `   posted: ${title}\n`).join('') +
        `   ${summary.posted} posted; a second run posted ${again.posted} (each notification goes once)\n`,
    );
  } finally {
    await new Promise<void>((resolve) => slack.close(() => resolve()));
  }
}
