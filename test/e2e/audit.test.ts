// `depgate audit` as a user runs it: a child process against the emulator over HTTP, a policy file in a
// temporary folder, the report on stdout (or a file), the summary and exit code as a scheduler sees them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/audit/index.js';
import { createSeedDataset, SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';

const POLICY = `deny:
  - name: event-stream
    exactNameMatch: true
    exactVersion: 3.3.6
    reason: compromised (flatmap-stream)
  - name: lodash
    exactNameMatch: true
    versionUpperBound: "<4.17.21"
    reason: prototype pollution
  - name: log4j-core
    versionLowerBound: ">=2.0.0"
    versionUpperBound: "<2.17.1"
    reason: log4shell
  - name: PyYAML
    exactNameMatch: true
    ecosystem: pypi
    versionUpperBound: "<5.4"
    reason: unsafe load
  - name: string-width
    exactNameMatch: true
    exactVersion: 4.2.3
    reason: aliased copy pulled in by a CLI tool
licenses:
  deny: [GPL-3.0-only, AGPL-3.0-only]
exceptions:
  - name: pyyaml
    exactNameMatch: true
    reason: the loader never sees untrusted input
    owner: "@acme/backend"
    expires: 2099-12-31
  - name: ghostscript4js
    exactNameMatch: true
    reason: migration under way
    owner: "@acme/web"
    expires: 2020-01-31
`;

/** The seeded dataset, plus an npm alias (`string-width-cjs@npm:string-width@4.2.3`: the platform lists the real name). */
function dataset() {
  const data = createSeedDataset();
  data.dependencies.push({
    id: '990001',
    repositoryId: '101',
    lockfilePath: 'package-lock.json',
    name: 'string-width',
    version: '4.2.3',
    ecosystem: 'npm',
    licenses: ['MIT'],
    transitivity: 'TRANSITIVE',
    line: 2201,
    column: 5,
  });
  return data;
}

describe('depgate audit', () => {
  const emulator = startTestEmulator({ dataset: dataset() });
  const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-'));
  writeFileSync(join(dir, 'policy.yml'), POLICY);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const audit = async (args: string[], token: string = SEED_TOKENS.api) =>
    runDepgate(['audit', '--policy', 'policy.yml', ...args], {
      cwd: dir,
      env: { DEPGATE_API_URL: (await emulator).url, DEPGATE_API_TOKEN: token },
    });
  const tagsOf = async (name: string) =>
    (await emulator).emulator.state.dataset.projects.find((p) => p.name === name)!.tags;

  it('lists every violation by repository, lockfile and line, across ecosystems, with exceptions applied', async () => {
    const run = await audit(['--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as AuditReport;
    const rows = report.repositories.flatMap((r) =>
      r.lockfiles.flatMap((f) =>
        f.violations.map(
          (v) =>
            `${r.name} ${f.path}:${v.line} ${v.name}@${v.version} ${v.rule.id} ${v.blocking ? 'x' : '-'}${v.exception ? ` ${v.exception.id}:${v.exception.status}` : ''}`,
        ),
      ),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^acme\/web package-lock\.json:\d+ event-stream@3\.3\.6 deny\[0\] x$/),
        expect.stringMatching(/^acme\/web package-lock\.json:\d+ lodash@4\.17\.20 deny\[1\] x$/),
        expect.stringMatching(
          /^acme\/payments services\/ledger\/pom\.xml:\d+ org\.apache\.logging\.log4j:log4j-core@2\.14\.1 deny\[2\] x$/,
        ),
        expect.stringMatching(
          /^acme\/api poetry\.lock:\d+ pyyaml@5\.3\.1 deny\[3\] - exceptions\[0\]:valid$/,
        ),
        'acme/web package-lock.json:2201 string-width@4.2.3 deny[4] x',
        expect.stringMatching(
          /^acme\/web package-lock\.json:\d+ ghostscript4js@3\.2\.3 licenses\.deny x exceptions\[1\]:expired$/,
        ),
        expect.stringMatching(
          /^acme\/api admin\/package-lock\.json:\d+ @ffmpeg-installer\/linux-x64@4\.1\.0 licenses\.deny x$/,
        ),
        expect.stringMatching(/^acme\/api tools\/requirements\.txt:\d+ pyqt5@5\.15\.10 licenses\.deny x$/),
      ]),
    );
    // lodash 4.17.21 (packages/ui/yarn.lock) is outside the bound; GPL-2.0 is not denied.
    expect(rows.join('\n')).not.toMatch(/lodash@4\.17\.21|mysql/);
    expect(report.counts).toMatchObject({ violations: 7, excused: 1, repositoriesViolating: 3 });
    expect(report.requests).toBeLessThanOrEqual(report.minimumRequests + 1);
    expect(run.stderr).toMatch(/4 repositories scanned, 3 violating, 7 violations \(1 excused\)/);
    expect(run.stderr).not.toContain(SEED_TOKENS.api);
  });

  it('writes text, csv and sarif, and exits 0 when nothing breaks the policy', async () => {
    const text = await audit([]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^acme\/web {2}\(\d+ violations\)/m);
    expect(text.stdout).toContain('excused by exceptions[0] (owner @acme/backend, until 2099-12-31)');
    const csv = await audit(['--format', 'csv', '--output', 'out.csv']);
    expect(csv.code).toBe(1);
    const lines = readFileSync(join(dir, 'out.csv'), 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'repository,lockfile,line,ecosystem,name,version,transitivity,licenses,kind,rule,reason,status,exception,exception_owner,exception_expires,advisories,fix',
    );
    expect(lines).toHaveLength(9);
    expect(lines.some((l) => l.includes(`'@acme/backend`))).toBe(true); // never a spreadsheet formula
    const sarif = JSON.parse((await audit(['--format', 'sarif'])).stdout) as {
      runs: { properties: { repository: string }; results: { ruleId: string; suppressions?: unknown[] }[] }[];
    };
    // One run per repository (its paths are inside it), eight results in all, the excused one suppressed.
    expect(sarif.runs.map((r) => r.properties.repository)).toContain('acme/web');
    const results = sarif.runs.flatMap((r) => r.results);
    expect(results).toHaveLength(8);
    expect(results.filter((r) => r.suppressions)).toHaveLength(1);
    expect(new Set(results.map((r) => r.ruleId))).toEqual(new Set(['depgate/denied', 'depgate/license']));

    writeFileSync(
      join(dir, 'quiet.yml'),
      'deny:\n  - name: not-used-anywhere-at-all\n    exactNameMatch: true\n',
    );
    const quiet = await runDepgate(['audit', '--policy', 'quiet.yml'], {
      cwd: dir,
      env: { DEPGATE_API_URL: (await emulator).url, DEPGATE_API_TOKEN: SEED_TOKENS.api },
    });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('No repository breaks the policy.');
  });

  it("the example nightly workflow's jq step gives code scanning this repository's run, valid SARIF", async () => {
    const { parse } = await import('yaml');
    const { spawnSync } = await import('node:child_process');
    const { sarifValidator } = await import('../helpers/sarif-schema.js');
    const root = join(import.meta.dirname, '../..');
    const workflow = parse(readFileSync(join(root, 'examples/audit/depgate-audit.yml'), 'utf8')) as {
      jobs: { audit: { steps: { run?: string }[] } };
    };
    const step = workflow.jobs.audit.steps.find((s) => s.run?.startsWith('jq '))!.run!;
    await audit(['--format', 'sarif', '--output', 'depgate-audit.sarif']);
    const validate = sarifValidator();
    for (const [repository, results] of [
      ['acme/web', true],
      ['acme/clean-repository', false],
    ] as const) {
      const jq = spawnSync('bash', ['-euo', 'pipefail', '-c', step], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', GITHUB_REPOSITORY: repository },
        encoding: 'utf8',
      });
      expect(jq.status, jq.stderr).toBe(0);
      const sarif = JSON.parse(readFileSync(join(dir, 'depgate-audit.this-repository.sarif'), 'utf8')) as {
        runs: { automationDetails: { id: string }; results: unknown[] }[];
      };
      expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
      expect(sarif.runs).toHaveLength(1);
      expect(sarif.runs[0]!.automationDetails.id).toBe(`depgate-audit/${repository}/`);
      expect(sarif.runs[0]!.results.length > 0).toBe(results);
    }
  });

  it('tags the violating projects, removes the tag from clean ones, and changes nothing on a dry run', async () => {
    const e = (await emulator).emulator.state;
    e.dataset.projects.find((p) => p.name === 'acme/legacy-billing')!.tags = ['deps:blocked'];
    const dry = await audit(['--tag', 'deps:blocked', '--untag-clean', '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('tag deps:blocked: would add to 3, would remove from 1');
    expect(await tagsOf('acme/web')).not.toContain('deps:blocked');
    expect(await tagsOf('acme/legacy-billing')).toContain('deps:blocked');

    const real = await audit(['--tag', 'deps:blocked', '--untag-clean']);
    expect(real.code).toBe(1);
    for (const name of ['acme/web', 'acme/api', 'acme/payments'])
      expect(await tagsOf(name)).toContain('deps:blocked');
    expect(await tagsOf('acme/legacy-billing')).not.toContain('deps:blocked');
    expect(await tagsOf('acme/payments')).toEqual(expect.arrayContaining(['team:payments', 'pci']));

    const again = await audit(['--tag', 'deps:blocked', '--untag-clean']);
    expect(again.stdout).toContain('tag deps:blocked: add to 0, remove from 0');
  });

  it('ends with the same result through 429 and 5xx bursts midway', async () => {
    const clean = JSON.parse((await audit(['--format', 'json'])).stdout) as AuditReport;
    const url = (await emulator).url;
    await fetch(`${url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        faults: [
          {
            kind: 'status',
            status: 429,
            retryAfter: '0',
            route: `/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`,
            times: 2,
          },
          {
            kind: 'status',
            status: 503,
            route: `/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`,
            times: 1,
          },
          { kind: 'status', status: 502, route: '/api/v1/deployments/acme-corp/projects', times: 1 },
        ],
      }),
    });
    const faulty = await audit(['--format', 'json', '--tag', 'deps:blocked']);
    await fetch(`${url}/__emulator/faults`, { method: 'DELETE' });
    expect(faulty.code).toBe(1);
    const report = JSON.parse(faulty.stdout) as AuditReport;
    expect(report.repositories).toEqual(clean.repositories);
    expect(report.tagging?.failed).toEqual([]);
    expect(report.requests).toBeGreaterThan(clean.requests);
  });

  it('fails closed with the hint for a token without Web API access, a missing token and a bad policy', async () => {
    const noWebApi = await audit([], SEED_TOKENS.noWebApi);
    expect(noWebApi.code).toBe(3);
    expect(noWebApi.stderr).toMatch(/Web API/);
    const noToken = await runDepgate(['audit', '--policy', 'policy.yml'], { cwd: dir, env: {} });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('DEPGATE_API_TOKEN');
    writeFileSync(join(dir, 'bad.yml'), 'deny:\n  - nmae: lodash\n');
    const bad = await runDepgate(['audit', '--policy', 'bad.yml'], {
      cwd: dir,
      env: { DEPGATE_API_URL: (await emulator).url, DEPGATE_API_TOKEN: SEED_TOKENS.api },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.yml:2:\d+: deny\[0\]/);
    const unknownRepo = await audit(['--repository', 'acme/nope']);
    expect(unknownRepo.code).toBe(2);
    expect(unknownRepo.stderr).toContain('--repository acme/nope');
    const one = await audit(['--repository', 'acme/payments', '--format', 'json']);
    expect((JSON.parse(one.stdout) as AuditReport).repositories.map((r) => r.name)).toEqual([
      'acme/payments',
    ]);
  });
});

describe('trying the audit at scale, and the shipped workflow', () => {
  it('depgate emulator --generate N serves N more dependencies, the same ones for the same seed', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../helpers/cli.js');
    const serve = async (args: string[]) => {
      const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening on (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exit ${code}: ${err}`)));
      });
      const res = await fetch(`${url}/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SEED_TOKENS.api}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: 10_000, dependencyFilter: { name: 'pkg-' } }),
      });
      const body = (await res.json()) as { dependencies: { name: string; version: string }[] };
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      return { err, names: body.dependencies.map((d) => `${d.name}@${d.version}`) };
    };
    const a = await serve(['--generate', '2500', '--seed', '7']);
    expect(a.err).toContain('generated 2,500 dependencies in 25 repositories (seed 7)');
    expect(a.names.length).toBeGreaterThan(2000); // archived repositories are not listed
    expect((await serve(['--generate', '2500', '--seed', '7'])).names).toEqual(a.names);
    expect((await serve(['--generate', '2500', '--seed', '8'])).names).not.toEqual(a.names);
    const bad = await runDepgate(['emulator', '--generate', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--generate must be a number');
  });

  it("the example nightly workflow's audit commands are ones the CLI accepts", async () => {
    const { parse } = await import('yaml');
    const root = join(import.meta.dirname, '../..');
    const workflow = parse(readFileSync(join(root, 'examples/audit/depgate-audit.yml'), 'utf8')) as {
      jobs: { audit: { steps: { run?: string }[] } };
    };
    const script = workflow.jobs.audit.steps.find((s) => s.run?.includes('audit'))!.run!;
    const commands = script
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .filter((l) => l.includes('depgate.js audit'))
      .map((l) =>
        l
          .trim()
          .replace(/^node \.depgate\/bin\/depgate\.js /, '')
          .split(/\s+/),
      );
    expect(commands.length).toBeGreaterThan(0);
    for (const args of commands) {
      // Without a token the options are accepted and the missing setting is named (exit 2).
      const run = await runDepgate(args, { env: {} });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('DEPGATE_API_TOKEN');
      expect(run.stderr).not.toMatch(/unknown option|error: /);
    }
  });
});
