import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { OSV_SEED_RECORDS } from '../../src/emulator/index.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { freshCliBundle } from '../helpers/fresh-bundle.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';
import { ROOT } from '../helpers/paths.js';

const demo = (side: string, path: string) => ({ copy: join(ROOT, 'examples/demo', side, path) });
const BASE: Files = { 'package-lock.json': demo('base', 'package-lock.json') };
const HEAD: Files = {
  'package-lock.json': demo('head', 'package-lock.json'),
  'tools/video/yarn.lock': demo('head', 'tools/video/yarn.lock'),
};
/** The policy on both sides, as in a repository that already uses depgate (CI reads the base's). */
const repoWith = (policy: string) =>
  makeRepo({ ...BASE, '.github/depgate.yml': policy }, { ...HEAD, '.github/depgate.yml': policy });
const json = (stdout: string) => JSON.parse(stdout) as Report;
const brief = (r: Report) =>
  r.findings
    .filter((f) => f.kind === 'vulnerability')
    .map(
      (f) =>
        `${f.blocking ? 'BLOCK' : f.level} ${f.name}@${f.version}${f.fix === undefined ? '' : ` fix ${f.fix}`}`,
    );

/** A loopback port nothing listens on: an OSV that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('depgate check with known vulnerabilities, against the emulator serving OSV over HTTP', () => {
  const emulator = startTestEmulator();
  // The bundle built from the current source: what users run, not the committed dist/ of some earlier state.
  let bundle = '';
  beforeAll(async () => {
    bundle = await freshCliBundle();
  }, 900_000);
  async function check(repo: string, args: string[] = [], env: Record<string, string> = {}) {
    return runDepgate(['check', '--base', 'main', '--head', 'change', '--platform', 'off', ...args], {
      cwd: repo,
      bundle,
      env: { DEPGATE_OSV_URL: (await emulator).url, ...env },
    });
  }

  it('blocks a downgrade to a vulnerable lodash and an added vulnerable minimist, with the fix (exit 1)', async () => {
    const repo = repoWith('vulnerabilities:\n  failOn: high\n');
    const run = await check(repo, ['--format', 'json']);
    expect(run.stderr).toContain(`known vulnerabilities from osv (${(await emulator).url}) (failOn high)`);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(brief(report)).toEqual(['BLOCK lodash@4.17.20 fix 4.17.21', 'BLOCK minimist@1.2.5 fix 1.2.6']);
    const lodash = report.findings.find((f) => f.name === 'lodash')!;
    expect(
      lodash.advisories!.map((a) => [
        a.id,
        a.aliases.includes('CVE-2021-23337') || a.aliases.length > 0,
        a.severity,
      ]),
    ).toEqual([
      ['GHSA-35jh-r3h4-6jhm', true, 'high'],
      ['GHSA-29mw-wpgm-hmr9', true, 'moderate'],
    ]);
    expect(report.vulnerabilities).toMatchObject({ failOn: 'high', vulnerable: 2 });
    // One batch for every version asked, then one record per distinct advisory.
    expect(report.vulnerabilities!.requests).toBeLessThanOrEqual(1 + 3 + report.vulnerabilities!.queried);
  });

  it('shows the verdict to a person with the fix version and the advisory links', async () => {
    const repo = repoWith('vulnerabilities: {}\n');
    const text = await check(repo);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('fix: lodash 4.17.20 -> 4.17.21');
    expect(text.stdout).toContain('https://osv.dev/vulnerability/GHSA-35jh-r3h4-6jhm');
    const md = await check(repo, ['--format', 'markdown']);
    expect(md.stdout).toContain('[`GHSA-xvch-5gv4-984h`](https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h)');
    const sarif = JSON.parse((await check(repo, ['--format', 'sarif'])).stdout) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[];
    };
    expect(sarif.runs[0]!.tool.driver.rules).toContainEqual(
      expect.objectContaining({
        id: 'GHSA-xvch-5gv4-984h',
        helpUri: 'https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h',
      }),
    );
  });

  it.each([
    ['critical', 1, ['warning lodash@4.17.20 fix 4.17.21', 'BLOCK minimist@1.2.5 fix 1.2.6']],
    ['none', 0, ['warning lodash@4.17.20 fix 4.17.21', 'warning minimist@1.2.5 fix 1.2.6']],
  ] as const)('judges at failOn: %s (exit %i)', async (failOn, code, expected) => {
    const run = await check(repoWith(`vulnerabilities: { failOn: ${failOn} }\n`), ['--format', 'json']);
    expect(run.code).toBe(code);
    expect([...brief(json(run.stdout))].sort()).toEqual([...expected].sort());
  });

  it('lets exceptions excuse advisories by any alias until they expire', async () => {
    const repo = repoWith(`vulnerabilities: { failOn: moderate }
exceptions:
  - { advisory: CVE-2021-23337, reason: template() unused, owner: "@web", expires: 2099-12-31 }
  - { advisory: GHSA-29mw-wpgm-hmr9, name: lodash, reason: no user input, owner: "@web", expires: 2099-12-31 }
  - { advisory: CVE-2021-44906, reason: build tool only, owner: "@tools", expires: 2020-01-31 }
`);
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(brief(report)).toEqual(['BLOCK minimist@1.2.5 fix 1.2.6', 'notice lodash@4.17.20 fix 4.17.21']);
    expect(report.exceptions.map((e) => [e.id, e.status, e.matched])).toEqual([
      ['exceptions[0]', 'valid', 1],
      ['exceptions[1]', 'valid', 1],
      ['exceptions[2]', 'expired', 1],
    ]);
    expect(report.notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining(
        'exceptions[2] (owner @tools) expired on 2020-01-31: it no longer excuses GHSA-xvch-5gv4-984h',
      ),
    );
  });

  it('fails closed when OSV is down (exit 3, the source named); warns with onError: warn', async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    const failing = await check(repoWith('vulnerabilities: {}\n'), ['--osv-url', down, '--format', 'json']);
    expect(failing.code).toBe(3);
    expect(failing.stdout).toBe('');
    expect(failing.stderr).toContain(`osv (${down}):`);
    expect(failing.stderr).toContain('vulnerabilities.onError: fail');
    const warning = await check(repoWith('vulnerabilities: { onError: warn }\n'), [
      '--osv-url',
      down,
      '--format',
      'json',
    ]);
    expect(warning.code).toBe(0);
    const notes = json(warning.stdout).notes;
    expect(
      notes.some((n) => n.level === 'warning' && n.message.startsWith(`osv (${down}) could not answer`)),
    ).toBe(true);
  });

  it('reads an offline OSV database folder instead of the network', async () => {
    const db = mkdtempSync(join(tmpdir(), 'depgate-osv-db-'));
    writeUnpackedExport(
      join(db, 'npm'),
      OSV_SEED_RECORDS.filter((record) =>
        (record.affected as { package: { ecosystem: string } }[]).some((a) => a.package.ecosystem === 'npm'),
      ),
    );
    const port = await closedPort();
    const run = await check(repoWith('vulnerabilities: {}\n'), ['--osv-db', db, '--format', 'json'], {
      DEPGATE_OSV_URL: `http://127.0.0.1:${port}`,
    });
    expect(run.stderr).toContain(`known vulnerabilities from osv offline (${db})`);
    expect(run.code).toBe(1);
    expect(brief(json(run.stdout))).toEqual([
      'BLOCK lodash@4.17.20 fix 4.17.21',
      'BLOCK minimist@1.2.5 fix 1.2.6',
    ]);
    const missing = await check(repoWith('vulnerabilities: {}\n'), ['--osv-db', join(db, 'nope')]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('the offline OSV database folder does not exist');
  });

  it('refuses an OSV URL with credentials without printing them (exit 2)', async () => {
    const run = await check(repoWith('vulnerabilities: {}\n'), [
      '--osv-url',
      'https://user:s3cr3t-pass@osv.example',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--osv-url: the URL carries credentials');
    expect(run.stderr + run.stdout).not.toContain('s3cr3t-pass');
  });

  it('says how to run it in --help', async () => {
    const run = await runDepgate(['check', '--help'], { bundle });
    expect(run.stdout).toContain('--osv-url <url>');
    expect(run.stdout).toContain('--osv-db <dir>');
    expect(run.stdout).toContain('DEPGATE_OSV_URL');
  });

  describe("with the platform's supply-chain findings as a source", () => {
    const withPlatform = async (repo: string, args: string[], env: Record<string, string> = {}) =>
      runDepgate(['check', '--base', 'main', '--head', 'change', ...args], {
        cwd: repo,
        bundle,
        env: {
          DEPGATE_OSV_URL: (await emulator).url,
          DEPGATE_API_URL: (await emulator).url,
          DEPGATE_API_TOKEN: SEED_TOKENS.api,
          ...env,
        },
      });

    it('shows where the organization already has the version flagged and reachable, merged with OSV', async () => {
      const repo = repoWith('vulnerabilities:\n  failOn: high\n  sources: [osv, platform]\n');
      const run = await withPlatform(repo, ['--format', 'json']);
      expect(run.stderr).toContain('known vulnerabilities from osv');
      expect(run.code).toBe(1);
      const report = json(run.stdout);
      // The report, organization context included, is what its schema says.
      const ajv = new Ajv2020({ allErrors: true, strict: true });
      ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      const validate = ajv.compile(
        JSON.parse(readFileSync(join(ROOT, 'schema/report-v1.schema.json'), 'utf8')) as object,
      );
      expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
      const lodash = report.findings.find((f) => f.kind === 'vulnerability' && f.name === 'lodash')!;
      expect(lodash.organization).toEqual({
        flagged: 1,
        reachable: 1,
        repositories: ['acme/web'],
        reachableIn: ['acme/web'],
      });
      // The platform's CVE is OSV's GHSA by alias: one advisory, both sources.
      const ghsa = lodash.advisories!.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!;
      expect(ghsa.aliases).toContain('CVE-2021-23337');
      expect(ghsa.sources).toEqual([`osv (${(await emulator).url})`, 'platform']);
      // minimist has no finding on the platform: OSV's answer alone, no context.
      const minimist = report.findings.find((f) => f.kind === 'vulnerability' && f.name === 'minimist')!;
      expect(minimist.organization).toBeUndefined();
      expect(report.vulnerabilities!.sources.map((s) => [s.label, s.status])).toEqual([
        [`osv (${(await emulator).url})`, 'answered'],
        ['platform', 'answered'],
      ]);
      const text = await withPlatform(repo, []);
      expect(text.stdout).toContain('flagged in 1 repository of the organization, reachable in 1');
      const md = await withPlatform(repo, ['--format', 'markdown']);
      expect(md.stdout).toContain('flagged in 1 repository of the organization, reachable in 1');
    });

    it('answers alone: a seeded SCA finding blocks with its fix; versions it has no finding for pass unanswered', async () => {
      const repo = repoWith('vulnerabilities:\n  failOn: high\n  sources: [platform]\n');
      const run = await withPlatform(repo, ['--format', 'json']);
      expect(run.code).toBe(1);
      const report = json(run.stdout);
      expect(brief(report)).toEqual(['BLOCK lodash@4.17.20 fix 4.17.21']);
      const lodash = report.findings.find((f) => f.kind === 'vulnerability')!;
      expect(lodash.advisories!.map((a) => [a.id, a.severity, a.sources])).toEqual([
        ['CVE-2021-23337', 'high', ['platform']],
      ]);
      expect(lodash.message).toContain('reachable in 1');
    });

    it('without a token, the platform is a source that cannot answer (exit 3, or a warning)', async () => {
      const repo = repoWith('vulnerabilities:\n  sources: [osv, platform]\n');
      const run = await check(repo, ['--format', 'json']);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('the platform is off (no DEPGATE_API_TOKEN, or --platform off)');
      const warn = await check(repoWith('vulnerabilities:\n  sources: [osv, platform]\n  onError: warn\n'), [
        '--format',
        'json',
      ]);
      expect(warn.code).toBe(1);
      expect(
        json(warn.stdout)
          .notes.map((n) => n.message)
          .join('\n'),
      ).toContain('platform could not answer');
    });

    it("fails closed when the platform's findings listing fails; onError: warn goes on with OSV", async () => {
      const url = (await emulator).url;
      const route = `/api/v1/deployments/${SEED_DEPLOYMENT.slug}/findings`;
      await fetch(`${url}/__emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults: [{ kind: 'status', status: 400, route }] }),
      });
      try {
        const repo = repoWith('vulnerabilities:\n  sources: [osv, platform]\n');
        const run = await withPlatform(repo, ['--format', 'json']);
        expect(run.code).toBe(3);
        expect(run.stderr).toContain('platform');
        const warn = await withPlatform(
          repoWith('vulnerabilities:\n  sources: [osv, platform]\n  onError: warn\n'),
          ['--format', 'json'],
        );
        expect(warn.code).toBe(1);
        const report = json(warn.stdout);
        expect(report.vulnerabilities!.sources.find((s) => s.label === 'platform')!.status).toBe('failed');
        expect(brief(report)).toContain('BLOCK minimist@1.2.5 fix 1.2.6');
      } finally {
        await fetch(`${url}/__emulator/faults`, { method: 'DELETE' });
      }
    });
  });
});
