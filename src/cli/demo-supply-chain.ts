import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NPM_SEED_PACKUMENTS } from '../emulator/index.js';
import { runCheckCommand } from './check-command.js';
import { git } from './git.js';
import type { CliIo } from './io.js';

/** The instant the demo judges release ages at: 16 hours after debug 4.4.3 was published. */
export const SUPPLY_CHAIN_DEMO_NOW = '2025-09-14T12:00:00Z';

const POLICY = `newToOrg: off
supplyChain:
  minimumReleaseAge: 3d
  installScripts: fail
  provenance: fail
  deprecated: warn
  typosquat: warn
`;

type Deps = Record<string, { version: string; script?: boolean }>;
const BASE: Deps = { chalk: { version: '5.6.0' }, debug: { version: '4.4.1' } };
const HEAD: Deps = {
  chalk: { version: '5.6.2' },
  debug: { version: '4.4.3' },
  esbuild: { version: '0.25.0', script: true },
  request: { version: '2.88.2' },
};

/** A package-lock.json v3 of these direct dependencies, their integrity as the recorded registry has it. */
function lockfile(deps: Deps): string {
  const integrity = (name: string, version: string): string =>
    (NPM_SEED_PACKUMENTS[name] as { versions: Record<string, { dist: { integrity: string } }> }).versions[
      version
    ]!.dist.integrity;
  const packages: Record<string, unknown> = {
    '': {
      name: 'acme-cli',
      version: '1.0.0',
      dependencies: Object.fromEntries(Object.entries(deps).map(([n, d]) => [n, `^${d.version}`])),
    },
  };
  for (const [name, d] of Object.entries(deps))
    packages[`node_modules/${name}`] = {
      version: d.version,
      resolved: `https://registry.npmjs.org/${name}/-/${name}-${d.version}.tgz`,
      integrity: integrity(name, d.version),
      ...(d.script === true ? { hasInstallScript: true } : {}),
    };
  return `${JSON.stringify({ name: 'acme-cli', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

async function commit(repo: string, deps: Deps, message: string): Promise<void> {
  await writeFile(join(repo, 'package-lock.json'), lockfile(deps));
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

/**
 * The supply-chain part of the demo: a second example repository whose change upgrades debug to a
 * version published hours before (with no provenance where 4.4.1 had it), adds esbuild (an install
 * script) and request (deprecated), checked against the emulator's npm registry (real packuments,
 * recorded) with the clock set to SUPPLY_CHAIN_DEMO_NOW. Returns the check's exit code.
 */
export async function supplyChainDemo(registryUrl: string, io: CliIo, step: number): Promise<number> {
  const repo = await mkdtemp(join(tmpdir(), 'depgate-demo-supply-'));
  try {
    await git(repo, ['init', '-q', '-b', 'main']);
    await mkdir(join(repo, '.github'), { recursive: true });
    await writeFile(join(repo, '.github/depgate.yml'), POLICY);
    await commit(repo, BASE, 'acme-cli 1.0.0');
    await git(repo, ['checkout', '-q', '-b', 'bump']);
    await commit(repo, HEAD, 'Bump debug and chalk, add esbuild and request');
    io.stdout(
      `\n${step}. Supply chain: another example repository upgrades debug 4.4.1 -> 4.4.3 and adds esbuild and request; depgate check with\n` +
        `   \`supplyChain: { minimumReleaseAge: 3d, installScripts: fail, provenance: fail }\` asks the emulator's npm registry\n` +
        `   (${registryUrl}, packuments recorded from registry.npmjs.org) as if it were ${SUPPLY_CHAIN_DEMO_NOW}:\n\n`,
    );
    return await runCheckCommand(['--base', 'main', '--head', 'bump', '--platform', 'off'], {
      ...io,
      cwd: repo,
      env: {
        ...io.env,
        npm_config_registry: registryUrl,
        DEPGATE_NOW: SUPPLY_CHAIN_DEMO_NOW,
        DEPGATE_API_TOKEN: undefined,
        DEPGATE_PLATFORM: 'off',
      },
    });
  } finally {
    await rm(repo, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
