import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPM_SEED_PACKUMENTS } from '../../src/emulator/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { freshActionBundle } from '../helpers/fresh-bundle.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

type Deps = Record<string, { version: string; script?: boolean }>;
function lockfile(deps: Deps): string {
  const integrity = (name: string, version: string): string =>
    (NPM_SEED_PACKUMENTS[name] as { versions: Record<string, { dist: { integrity: string } }> }).versions[
      version
    ]!.dist.integrity;
  const packages: Record<string, unknown> = {
    '': {
      name: 'app',
      version: '1.0.0',
      dependencies: Object.fromEntries(Object.entries(deps).map(([n, d]) => [n, d.version])),
    },
  };
  for (const [name, d] of Object.entries(deps))
    packages[`node_modules/${name}`] = {
      version: d.version,
      resolved: `https://registry.npmjs.org/${name}/-/${name}-${d.version}.tgz`,
      integrity: integrity(name, d.version),
      ...(d.script === true ? { hasInstallScript: true } : {}),
    };
  return `${JSON.stringify({ name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

// The same judge as `depgate check`, reached through the Action: the registry comes from the .npmrc
// at the base commit (read through GitHub's API), the packuments from the emulator (recorded from
// registry.npmjs.org, see src/emulator/npm-seed.ts). The Action runs on the real clock, so every
// recorded version is old enough: what shows is the provenance lost and the install script.
describe('the Action with supplyChain, against a GitHub REST server and the emulator serving npm packuments', () => {
  const emulator = startTestEmulator();
  let github: FakeGitHub;
  let entry = '';
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
    entry = await freshActionBundle();
  }, 900_000);
  afterAll(() => github.close());

  it('blocks a provenance regression and an install script, reading the registry from the base .npmrc', async () => {
    const policy = 'newToOrg: off\nsupplyChain:\n  installScripts: fail\n  provenance: fail\n';
    const npmrc = `registry=${(await emulator).url}/npm/\n`;
    const b = github.commit({
      'package-lock.json': lockfile({ debug: { version: '4.4.1' } }),
      '.npmrc': npmrc,
      '.github/depgate.yml': policy,
    });
    const h = github.commit(
      {
        'package-lock.json': lockfile({
          debug: { version: '4.4.3' },
          esbuild: { version: '0.25.0', script: true },
        }),
        '.npmrc': npmrc,
        '.github/depgate.yml': policy,
      },
      b,
    );
    github.pull(1, b, h);
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number: 1, base: b, head: h, fork: false }),
      sha: h,
      inputs: { platform: 'off', comment: 'always' },
      entry,
    });
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(
      run
        .report!.findings.filter((f) => f.kind === 'supply-chain')
        .map((f) => `${f.name} ${f.supplyChain!.signal}`),
    ).toEqual(['debug provenance', 'esbuild install-script']);
    expect(run.report!.supplyChain).toMatchObject({ queried: 2, requests: 2 });
    const [comment] = github.comments(1);
    expect(comment!.body).toContain('add it to supplyChain.allowScripts if you trust it');
  });
});
