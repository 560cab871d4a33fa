import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NPM_SEED_PACKUMENTS } from '../../src/emulator/index.js';
import type { Finding, Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';

// `depgate check` as users run it, against the emulator's npm registry (packuments recorded from
// registry.npmjs.org on 2026-11-28, see src/emulator/npm-seed.ts) and against local servers that are
// down, slow, or answer junk. The clock is fixed with DEPGATE_NOW: 2025-09-14 12:00 UTC is 16 hours
// after debug 4.4.3 was published (as that registry records it) and days after every other version here.
const NOW = '2025-09-14T12:00:00Z';

type Entry = { version: string; script?: boolean };
const integrityOf = (name: string, version: string): string => {
  const doc = NPM_SEED_PACKUMENTS[name] as
    { versions?: Record<string, { dist: { integrity: string } }> } | undefined;
  return (
    doc?.versions?.[version]?.dist.integrity ??
    'sha512-RFVyb1YFKZvNg2x0LpNRxacf0+HE0tmU8ErH+m9+xWUK9maVxARi+EeTMrIAkOLCRLXvOf7lCtYAZNxlEU2+EQ=='
  );
};
/** A package-lock.json v3 with these direct dependencies. */
function lockfile(deps: Record<string, Entry>): string {
  const packages: Record<string, unknown> = {
    '': {
      name: 'app',
      version: '1.0.0',
      dependencies: Object.fromEntries(Object.entries(deps).map(([n, e]) => [n, e.version])),
    },
  };
  for (const [name, e] of Object.entries(deps))
    packages[`node_modules/${name}`] = {
      version: e.version,
      resolved: `https://registry.npmjs.org/${name}/-/${name.replace(/^@[^/]+\//, '')}-${e.version}.tgz`,
      integrity: integrityOf(name, e.version),
      ...(e.script === true ? { hasInstallScript: true } : {}),
    };
  return `${JSON.stringify({ name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

const BASE_DEPS: Record<string, Entry> = {
  chalk: { version: '5.6.0' },
  debug: { version: '4.4.1' },
  lodash: { version: '4.17.20' },
};
const HEAD_DEPS: Record<string, Entry> = {
  chalk: { version: '5.6.2' },
  debug: { version: '4.4.3' },
  lodash: { version: '4.17.21' },
  esbuild: { version: '0.25.0', script: true },
  request: { version: '2.88.2' },
};
const STRICT = `newToOrg: off
supplyChain:
  minimumReleaseAge: 3d
  installScripts: fail
  provenance: fail
  deprecated: warn
  typosquat: warn
`;

function repo(policy: string, head: Record<string, Entry> = HEAD_DEPS, baseExtra: Files = {}): string {
  return makeRepo(
    { 'package-lock.json': lockfile(BASE_DEPS), '.github/depgate.yml': policy, ...baseExtra },
    { 'package-lock.json': lockfile(head), '.github/depgate.yml': policy, ...baseExtra },
  );
}

async function check(dir: string, registry: string, format = 'json', env: Record<string, string> = {}) {
  return runDepgate(
    ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', format],
    {
      cwd: dir,
      env: { npm_config_registry: registry, DEPGATE_NOW: NOW, ...env },
    },
  );
}

/** A string matcher, typed as the string it stands for. */
const containing = (text: string): string => expect.stringContaining(text) as string;

const signals = (r: Report) =>
  r.findings
    .filter((f: Finding) => f.kind === 'supply-chain')
    .map((f) => `${f.blocking ? 'BLOCK' : f.level} ${f.name}@${f.version} ${f.supplyChain!.signal}`)
    .sort();

/** A loopback port nothing listens on: a registry that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A local registry that answers every request with `answer` (or never, for a slow one), recording headers. */
async function localRegistry(answer: { status: number; body: string } | 'hang') {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createHttpServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    if (answer === 'hang') return;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, seen };
}

describe('depgate check with supplyChain, against a local npm registry', () => {
  const emulator = startTestEmulator();
  const registry = async () => `${(await emulator).url}/npm/`;

  it('blocks a fresh version, a lost provenance and an install script, and warns of a deprecated one (exit 1)', async () => {
    const run = await check(repo(STRICT), await registry());
    expect(run.stderr).toContain('supply-chain signals from the npm registry (minimumReleaseAge 3d)');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(signals(report)).toEqual([
      'BLOCK debug@4.4.3 provenance',
      'BLOCK debug@4.4.3 release-age',
      'BLOCK esbuild@0.25.0 install-script',
      'warning request@2.88.2 deprecated',
    ]);
    const age = report.findings.find((f) => f.supplyChain?.signal === 'release-age')!;
    expect(age.message).toBe(
      'debug 4.4.3 was published 16 hours ago (minimumReleaseAge 3d): wait until 2025-09-16 19:28 UTC or pin 4.4.1',
    );
    expect(age.supplyChain).toMatchObject({ pin: '4.4.1', allowedFrom: '2025-09-16T19:28:59.839Z' });
    expect(age.rule.id).toBe('supplyChain.minimumReleaseAge');
    const script = report.findings.find((f) => f.supplyChain?.signal === 'install-script')!;
    expect(script.message).toBe(
      'esbuild 0.25.0 runs an install script (postinstall): add it to supplyChain.allowScripts if you trust it',
    );
    expect(script.supplyChain).toMatchObject({ scripts: ['postinstall'], scriptsFrom: 'lockfile' });
    expect(report.findings.find((f) => f.supplyChain?.signal === 'provenance')!.message).toContain(
      'has no provenance attestation, but the version it replaces, 4.4.1, had one',
    );
    expect(report.findings.find((f) => f.supplyChain?.signal === 'deprecated')!.message).toContain(
      'request has been deprecated, see https://github.com/request/request/issues/3142',
    );
    // One request per distinct name, the fewest possible.
    expect(report.supplyChain).toMatchObject({ queried: 5, requests: 5, minimumRequests: 5, notFound: [] });
  });

  it('says the same facts in text, Markdown and SARIF', async () => {
    const dir = repo(STRICT);
    const text = await check(dir, await registry(), 'text');
    expect(text.stdout).toContain('wait until 2025-09-16 19:28 UTC or pin 4.4.1');
    expect(text.stdout).toContain('supply chain: ');
    const md = await check(dir, await registry(), 'markdown');
    expect(md.stdout).toContain('add it to supplyChain.allowScripts if you trust it');
    const sarif = JSON.parse((await check(dir, await registry(), 'sarif')).stdout) as {
      runs: {
        results: {
          ruleId: string;
          message: { text: string };
          properties: { supplyChain?: { signal: string } };
        }[];
      }[];
    };
    const results = sarif.runs[0]!.results.filter((r) => r.ruleId === 'depgate/supply-chain');
    expect(results.map((r) => r.properties.supplyChain!.signal).sort()).toEqual([
      'deprecated',
      'install-script',
      'provenance',
      'release-age',
    ]);
  });

  it("lets allowScripts and the repository's pnpm onlyBuiltDependencies allow an install script", async () => {
    const allowed = await check(repo(`${STRICT}  allowScripts: [esbuild]\n`), await registry());
    expect(signals(JSON.parse(allowed.stdout) as Report)).not.toContain(
      'BLOCK esbuild@0.25.0 install-script',
    );
    const pnpm = await check(
      repo(STRICT, HEAD_DEPS, {
        'pnpm-workspace.yaml': 'packages: []\nonlyBuiltDependencies:\n  - esbuild\n',
      }),
      await registry(),
    );
    expect(signals(JSON.parse(pnpm.stdout) as Report)).not.toContain('BLOCK esbuild@0.25.0 install-script');
  });

  it('passes versions old enough, with nothing else to say (exit 0)', async () => {
    const head = { chalk: { version: '5.6.2' }, debug: { version: '4.4.1' }, lodash: { version: '4.17.21' } };
    const run = await check(repo(STRICT, head), await registry());
    expect(run.code).toBe(0);
    expect(signals(JSON.parse(run.stdout) as Report)).toEqual([]);
  });

  it('flags an added name one swap from a popular one, and tells a 404 as a private package', async () => {
    const head = { ...BASE_DEPS, lodahs: { version: '1.0.0' } };
    const run = await check(repo(`${STRICT}  onError: warn\n`, head), await registry());
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(signals(report)).toEqual(['warning lodahs@1.0.0 typosquat']);
    expect(report.findings[0]!.message).toContain(
      'looks like the popular package lodash (two letters swapped)',
    );
    expect(report.notes.map((n) => `${n.level} ${n.message}`)).toContainEqual(
      expect.stringMatching(
        /^notice lodahs is not on http:\/\/127\.0\.0\.1:\d+\/npm\/ \(404\): a private package/,
      ),
    );
  });

  it('fails on a 404 under onError: fail unless the name is excluded', async () => {
    const head = { ...BASE_DEPS, '@acme/ui': { version: '2.0.0' } };
    const failed = await check(repo(STRICT, head), await registry());
    expect(failed.code).toBe(1);
    expect((JSON.parse(failed.stdout) as Report).notes).toContainEqual(
      expect.objectContaining({ level: 'error', message: containing('@acme/ui is not on') }),
    );
    const excluded = await check(
      repo(`${STRICT}  minimumReleaseAgeExclude: ["@acme/*"]\n`, head),
      await registry(),
    );
    expect(excluded.code).toBe(0);
  });

  it('fails the check naming a registry that is down', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const run = await check(repo(STRICT), url, 'json', { DEPGATE_REGISTRY_TIMEOUT_MS: '500' });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.verdict).toBe('block');
    expect(report.supplyChain!.registries).toEqual([
      expect.objectContaining({
        registry: url,
        status: 'failed',
        error: containing('network error'),
      }),
    ]);
    expect(report.notes).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: containing(`the registry ${url} could not answer`),
      }),
    );
  });

  it('warns instead under onError: warn, never passing in silence', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const run = await check(repo(`${STRICT}  onError: warn\n`), url, 'json', {
      DEPGATE_REGISTRY_TIMEOUT_MS: '500',
    });
    const report = JSON.parse(run.stdout) as Report;
    expect(report.notes).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: containing('supplyChain.onError: warn'),
      }),
    );
  });

  it('fails the check on a registry that does not answer in time', async () => {
    const slow = await localRegistry('hang');
    const run = await check(repo(STRICT), slow.url, 'json', { DEPGATE_REGISTRY_TIMEOUT_MS: '300' });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.supplyChain!.registries[0]).toMatchObject({
      status: 'failed',
      error: containing('no answer within 300 ms'),
    });
  });

  it.each([
    ['a web page', '<html><body>login</body></html>', 'not JSON'],
    ['another document', '{"ok":true}', 'the document has no versions object'],
  ])('fails the check on a registry that answers %s', async (_what, body, said) => {
    const junk = await localRegistry({ status: 200, body });
    const run = await check(repo(STRICT), junk.url, 'json', { DEPGATE_REGISTRY_TIMEOUT_MS: '500' });
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as Report).supplyChain!.registries[0]!.error).toContain(said);
  });

  it('sends the .npmrc token to its own registry only, and never shows it', async () => {
    const junk = await localRegistry({ status: 200, body: '{"ok":true}' });
    const host = new URL(junk.url).host;
    const npmrc = `registry=${junk.url}\n//${host}/:_authToken=s3cret-token\n//other.example.com/:_authToken=other-token\n`;
    const run = await runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'],
      {
        cwd: repo(STRICT, HEAD_DEPS, { '.npmrc': npmrc }),
        env: { DEPGATE_NOW: NOW },
      },
    );
    expect(junk.seen.length).toBeGreaterThan(0);
    expect(junk.seen.every((r) => r.headers.authorization === 'Bearer s3cret-token')).toBe(true);
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret-token');
  });
});
