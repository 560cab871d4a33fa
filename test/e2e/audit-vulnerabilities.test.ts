// `depgate audit` with the policy's `vulnerabilities:`, as a user runs it: the bundled CLI as a child
// process against the emulator, which serves the platform's API and an OSV API on one port. Every
// dependency of the organization is judged with the gate's judge; each distinct package version is
// asked once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditReport, AuditViolation } from '../../src/audit/index.js';
import { createSeedDataset, OSV_SEED_RECORDS, SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { sarifValidator } from '../helpers/sarif-schema.js';

/** The seeded organization, plus PyYAML 5.3.1 spelled as pip writes it, in another repository. */
function dataset() {
  const data = createSeedDataset();
  data.dependencies.push({
    id: '990101',
    repositoryId: '103',
    lockfilePath: 'tools/requirements.txt',
    name: 'PyYAML',
    version: '5.3.1',
    ecosystem: 'pypi',
    licenses: ['MIT'],
    transitivity: 'DIRECT',
    line: 4,
    column: 1,
  });
  return data;
}

/** A loopback port nothing listens on: an OSV that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const all = (r: AuditReport): AuditViolation[] =>
  r.repositories.flatMap((repo) => repo.lockfiles.flatMap((f) => f.violations));
const vulns = (r: AuditReport) =>
  all(r)
    .filter((v) => v.kind === 'vulnerability')
    .map(
      (v) =>
        `${v.blocking ? 'BLOCK' : v.level} ${v.repository} ${v.lockfile}:${v.line} ${v.name}@${v.version}${v.fix === undefined ? '' : ` fix ${v.fix}`}`,
    )
    .sort();

describe('depgate audit with known vulnerabilities', () => {
  const emulator = startTestEmulator({ dataset: dataset() });
  const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-vulns-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const audit = async (policy: string, args: string[] = [], env: Record<string, string> = {}) => {
    writeFileSync(join(dir, 'policy.yml'), policy);
    const url = (await emulator).url;
    return runDepgate(['audit', '--policy', 'policy.yml', ...args], {
      cwd: dir,
      env: {
        DEPGATE_API_URL: url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        DEPGATE_OSV_URL: url,
        ...env,
      },
    });
  };
  const requests = async () => {
    const url = (await emulator).url;
    return (
      (await (await fetch(`${url}/__emulator/requests`)).json()) as {
        requests: { method: string; path: string }[];
      }
    ).requests;
  };
  const clearRequests = async () =>
    fetch(`${(await emulator).url}/__emulator/requests`, { method: 'DELETE' });

  it('judges every dependency of the organization from OSV and the platform, each distinct version asked once', async () => {
    await clearRequests();
    const run = await audit('vulnerabilities:\n  failOn: high\n  sources: [osv, platform]\n', [
      '--format',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(1);
    const url = (await emulator).url;
    expect(run.stderr).toContain(`known vulnerabilities from osv (${url}), platform (failOn high)`);
    const report = JSON.parse(run.stdout) as AuditReport;
    // The platform's fix for log4j-core (2.17.1) is above OSV's (2.17.0): the fix clears both.
    expect(vulns(report)).toEqual([
      'BLOCK acme/api poetry.lock:46 pyyaml@5.3.1 fix 5.4',
      'BLOCK acme/payments Cargo.lock:34 openssl@0.10.64 fix 0.10.72',
      'BLOCK acme/payments services/ledger/pom.xml:10 org.apache.logging.log4j:log4j-core@2.14.1 fix 2.17.1',
      'BLOCK acme/payments tools/requirements.txt:4 PyYAML@5.3.1 fix 5.4',
      'BLOCK acme/web package-lock.json:34 lodash@4.17.20 fix 4.17.21',
      'BLOCK acme/web package-lock.json:58 event-stream@3.3.6 fix 4.0.0',
      'BLOCK acme/web package-lock.json:82 minimist@1.2.5 fix 1.2.6',
      'warning acme/api go.mod:22 golang.org/x/crypto@v0.0.0-20220314234659-1baeb1ce4c0b fix v0.17.0',
    ]);
    // The gate's words, and the platform's CVE merged with OSV's GHSA by alias, with the organization's context.
    const lodash = all(report).find((v) => v.kind === 'vulnerability' && v.name === 'lodash')!;
    expect(lodash.message).toMatch(
      /^lodash 4\.17\.20 has 2 known advisories \(worst: high\): GHSA-35jh-r3h4-6jhm, GHSA-29mw-wpgm-hmr9; fix: lodash 4\.17\.20 -> 4\.17\.21; flagged in 1 repository of the organization, reachable in 1$/,
    );
    const ghsa = lodash.advisories!.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!;
    expect(ghsa.aliases).toContain('CVE-2021-23337');
    expect(ghsa.sources).toEqual([`osv (${url})`, 'platform']);
    // The archived repository is not listed; lodash 4.17.21 has no advisory.
    expect(all(report).some((v) => v.version === '4.17.21' || v.name === 'nokogiri')).toBe(false);

    const v = report.vulnerabilities!;
    expect(v.sources.map((s) => [s.label, s.status])).toEqual([
      [`osv (${url})`, 'answered'],
      ['platform', 'answered'],
    ]);
    // One lookup: the seeded organization has fewer than 1,000 distinct versions (PyYAML and pyyaml are one).
    expect(v.lookups).toBe(1);
    const distinct = new Set(
      createSeedDataset()
        .dependencies.filter(
          (d) => d.repositoryId !== createSeedDataset().repositories.find((r) => r.archived)!.id,
        )
        .map((d) => `${d.ecosystem}:${d.ecosystem === 'pypi' ? d.name.toLowerCase() : d.name}@${d.version}`),
    );
    expect(v.queried).toBe(distinct.size);
    const log = await requests();
    const batches = log.filter((r) => r.path === '/v1/querybatch');
    const records = log.filter((r) => r.path.startsWith('/v1/vulns/')).map((r) => r.path);
    expect(new Set(records).size).toBe(records.length); // each advisory record fetched once
    // One batch, plus the pages the emulator splits answers into (2 ids a page).
    expect(batches.length).toBeGreaterThanOrEqual(1);
    const findingsPages = log.filter((r) => r.path.endsWith('/findings')).length;
    expect(v.sources.map((s) => s.requests)).toEqual([batches.length + records.length, findingsPages]);
    expect(findingsPages).toBe(1); // the platform's findings are listed once, whatever the batches
    expect(report.requests).toBe(report.minimumRequests);
    expect(report.counts).toMatchObject({ violations: 7, warnings: 1 });
  });

  it('renders text, csv and sarif with the advisories and the fix', async () => {
    const policy = 'vulnerabilities: { failOn: high }\n';
    const text = await audit(policy);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('fix: lodash 4.17.20 -> 4.17.21');
    expect(text.stdout).toMatch(
      /^ {2}x package-lock\.json:82 {2}minimist 1\.2\.5 \(transitive\) {2}vulnerabilities\.failOn: minimist 1\.2\.5 has a known advisory \(worst: critical\)/m,
    );
    expect(text.stdout).toMatch(
      /^known vulnerabilities \(failOn high\): \d+ distinct package versions asked of osv/m,
    );

    const csv = await audit(policy, ['--format', 'csv']);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines[0]!.endsWith(',advisories,fix')).toBe(true);
    expect(lines.find((l) => l.includes(',lodash,'))).toMatch(
      /,vulnerability,vulnerabilities\.failOn,,violation,,,,GHSA-35jh-r3h4-6jhm \(high\) GHSA-29mw-wpgm-hmr9 \(moderate\),4\.17\.21$/,
    );

    const sarifRun = await audit(policy, ['--format', 'sarif']);
    const sarif = JSON.parse(sarifRun.stdout) as {
      runs: {
        properties: { repository: string };
        tool: { driver: { rules: { id: string; helpUri?: string }[] } };
        results: { ruleId: string; ruleIndex: number; level: string }[];
      }[];
    };
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const web = sarif.runs.find((r) => r.properties.repository === 'acme/web')!;
    expect(web.tool.driver.rules).toContainEqual(
      expect.objectContaining({
        id: 'GHSA-35jh-r3h4-6jhm',
        helpUri: 'https://osv.dev/vulnerability/GHSA-35jh-r3h4-6jhm',
      }),
    );
    for (const result of web.results) expect(web.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
    expect(web.results.map((r) => r.ruleId)).toEqual(
      expect.arrayContaining(['GHSA-35jh-r3h4-6jhm', 'GHSA-xvch-5gv4-984h']),
    );
  });

  it('excuses an advisory by any of its aliases until it expires, and reports below failOn without blocking', async () => {
    const run = await audit(
      `vulnerabilities: { failOn: critical }
exceptions:
  - { advisory: CVE-2021-44906, reason: build tool only, owner: "@tools", expires: 2099-12-31 }
  - { advisory: GHSA-jfh8-c2jp-5v3q, reason: patched jar, owner: "@payments", expires: 2020-01-31 }
`,
      ['--format', 'json'],
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as AuditReport;
    const minimist = all(report).find((v) => v.name === 'minimist')!;
    // CVE-2021-44906 is an alias of GHSA-xvch-5gv4-984h, minimist's only advisory: excused.
    expect(minimist).toMatchObject({ level: 'notice', blocking: false });
    expect(minimist.advisories![0]!.exception).toMatchObject({ id: 'exceptions[0]', status: 'valid' });
    // lodash's worst is high, below failOn critical: reported, not blocking.
    const lodash = all(report).find((v) => v.name === 'lodash')!;
    expect(lodash).toMatchObject({ level: 'warning', blocking: false });
    expect(report.counts.warnings).toBeGreaterThanOrEqual(1);
    expect(report.exceptions.map((e) => [e.id, e.status])).toEqual([
      ['exceptions[0]', 'valid'],
      ['exceptions[1]', 'expired'],
    ]);
    expect(report.notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining(
        'exceptions[1] (owner @payments) expired on 2020-01-31: it no longer excuses GHSA-jfh8-c2jp-5v3q',
      ),
    );
    const text = await audit(
      'vulnerabilities: { failOn: critical }\nexceptions:\n  - { advisory: CVE-2021-44906, reason: build tool only, owner: "@tools", expires: 2099-12-31 }\n',
    );
    expect(text.stdout).toMatch(/^ {2}! package-lock\.json:34 {2}lodash 4\.17\.20/m);
    expect(text.stdout).toMatch(/^ {2}- package-lock\.json:82 {2}minimist 1\.2\.5/m);
  });

  it('fails closed when OSV is down (exit 3, said on stderr); goes on with a warning under onError: warn', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const failing = await audit('vulnerabilities: {}\n', ['--format', 'json'], { DEPGATE_OSV_URL: down });
    expect(failing.code).toBe(3);
    expect(failing.stdout).toBe('');
    expect(failing.stderr).toContain(`osv (${down}):`);
    expect(failing.stderr).toContain('vulnerabilities.onError: fail');

    const warned = await audit(
      'deny:\n  - { name: event-stream, exactNameMatch: true }\nvulnerabilities: { onError: warn }\n',
      ['--osv-url', down, '--format', 'json'],
    );
    expect(warned.code).toBe(1);
    const report = JSON.parse(warned.stdout) as AuditReport;
    expect(report.vulnerabilities!.sources).toEqual([
      expect.objectContaining({ label: `osv (${down})`, status: 'failed' }),
    ]);
    expect(report.notes.map((n) => `${n.level}: ${n.message}`)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^warning: osv \\(${down.replace(/[.]/g, '\\.')}\\) could not answer .*vulnerabilities\\.onError: warn`,
        ),
      ),
    );
    expect(all(report).map((v) => `${v.kind} ${v.name}`)).toEqual(['denied event-stream']);
    const text = await audit('vulnerabilities: { onError: warn }\n', ['--osv-url', down]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('could not answer');
    expect(text.stdout).toContain(`osv (${down}) (could not answer)`);
  });

  it('reads an offline OSV database with --osv-db', async () => {
    const db = mkdtempSync(join(tmpdir(), 'depgate-audit-osv-db-'));
    const byFolder = new Map<string, Record<string, unknown>[]>();
    for (const record of OSV_SEED_RECORDS) {
      const affected = record.affected as { package: { ecosystem: string } }[];
      for (const folder of new Set(affected.map((a) => a.package.ecosystem)))
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), record]);
    }
    // The seed has no NuGet record: the export holds one of a package no project uses.
    byFolder.set('NuGet', [
      {
        id: 'GHSA-0000-nuget',
        modified: '2024-01-01T00:00:00Z',
        affected: [{ package: { ecosystem: 'NuGet', name: 'Unused.Package' }, versions: ['1.0.0'] }],
      },
    ]);
    for (const [folder, records] of byFolder) writeUnpackedExport(join(db, folder), records);
    const run = await audit('vulnerabilities: {}\n', ['--osv-db', db, '--format', 'json'], {
      DEPGATE_OSV_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(run.stderr).toContain(`known vulnerabilities from osv offline (${db})`);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as AuditReport;
    expect(vulns(report)).toEqual(
      expect.arrayContaining(['BLOCK acme/web package-lock.json:34 lodash@4.17.20 fix 4.17.21']),
    );
    rmSync(db, { recursive: true, force: true });
  });

  it('tags the projects with a vulnerability (--tag), with a policy of vulnerabilities alone', async () => {
    const run = await audit('vulnerabilities: { failOn: critical }\n', [
      '--tag',
      'deps:vulnerable',
      '--dry-run',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/tag deps:vulnerable: would add to \d+/);
    expect(run.stdout).toContain('  + acme/web');
  });
});
