// One judge for `check` and `audit`: the same packages, in lockfiles for `depgate check` and as the
// platform's dependency records for `depgate audit`, get the same findings with the same words, finding
// by finding. Several rules are spelled unlike the lockfiles' names (PyPI's `-`, `_` and `.`, crates.io's
// `-` and `_`, case): the audit's filter must not be narrower than the rules for that to hold.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/audit/index.js';
import { WIRE_TRANSITIVITY } from '../../src/core/index.js';
import { transitivityOf } from '../../src/domain/index.js';
import type { DependencyRecord } from '../../src/emulator/dataset.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/index.js';
import type { Finding, Report } from '../../src/gate/index.js';
import { readLockfile } from '../../src/lockfiles/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { makeRepo } from '../helpers/git-repo.js';
import { ROOT } from '../helpers/paths.js';

const LOCKFILES: Record<string, string> = {
  'package-lock.json': readFileSync(join(ROOT, 'examples/demo/head/package-lock.json'), 'utf8'),
  'tools/video/yarn.lock': readFileSync(join(ROOT, 'examples/demo/head/tools/video/yarn.lock'), 'utf8'),
  'requirements.txt': `# written as people write them
PyYAML==5.3.1
typing_extensions==4.7.1
Django==4.2.11
zope.interface==6.0
ffmpeg-python==0.2.0
`,
  'Cargo.lock': `version = 3

[[package]]
name = "serde_json"
version = "1.0.100"
source = "registry+https://github.com/rust-lang/crates.io-index"

[[package]]
name = "openssl"
version = "0.10.64"
source = "registry+https://github.com/rust-lang/crates.io-index"
`,
};

/** Licenses of the packages whose lockfile records none, as the platform knows them. */
const PLATFORM_LICENSES: Record<string, string[]> = {
  'ffmpeg-python': ['GPL-3.0-only'],
  Django: ['BSD-3-Clause'],
};

const POLICY = `deny:
  - { name: typing-extensions, exactNameMatch: true, reason: spelled with a hyphen }
  - { name: pyyaml, exactNameMatch: true, ecosystem: pypi, versionUpperBound: "<5.4", reason: unsafe load }
  - { name: zope-interface, exactNameMatch: true, ecosystem: pypi }
  - { name: serde-json, exactNameMatch: true, ecosystem: cargo }
  - { name: LODASH, exactNameMatch: true, versionUpperBound: "<4.17.21" }
  - { name: event-stream, exactNameMatch: true }
  - { name: minimis }
  - { name: django, exactNameMatch: true, versionUpperBound: "<5" }
licenses:
  deny: [GPL-3.0-only, AGPL-3.0-only]
  unknown: ignore
newToOrg: off
exceptions:
  - { name: minimist, exactNameMatch: true, reason: build only, owner: "@tools", expires: 2099-12-31 }
`;

/** The lockfiles as the platform's records of one repository (acme/web), one per package entry. */
function dataset() {
  const data = createSeedDataset();
  const repositoryId = data.repositories.find((r) => r.name === 'acme/web')!.id;
  const records: DependencyRecord[] = [];
  for (const [path, text] of Object.entries(LOCKFILES)) {
    for (const pkg of readLockfile(path, text).packages) {
      if (pkg.version === '') continue;
      records.push({
        id: String(900_000 + records.length),
        repositoryId,
        lockfilePath: path,
        name: pkg.name,
        version: pkg.version,
        ecosystem: pkg.ecosystem,
        licenses: pkg.licenses ?? PLATFORM_LICENSES[pkg.name] ?? [],
        transitivity: WIRE_TRANSITIVITY[transitivityOf(pkg)],
        line: pkg.line,
        column: 1,
      });
    }
  }
  data.dependencies = records;
  return data;
}

const AUDITED = new Set(['denied', 'version-unknown', 'license', 'vulnerability']);
const row = (f: Finding) =>
  `${f.lockfile}:${f.line} ${f.ecosystem} ${f.name}@${f.version} ${f.kind} ${f.rule.id} ${f.level} ${f.exception?.id ?? '-'} | ${f.message}`;

describe('check and audit judge alike', () => {
  const emulator = startTestEmulator({ dataset: dataset() });
  const dir = mkdtempSync(join(tmpdir(), 'depgate-agree-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['deny rules and licenses (the listing asked with the rules as filters)', POLICY],
    [
      'an allowed-license list (the whole listing read and judged)',
      POLICY.replace('deny: [GPL-3.0-only, AGPL-3.0-only]', 'allow: [MIT, Apache-2.0, BSD-3-Clause, ISC]'),
    ],
    [
      'with known vulnerabilities too (the whole listing read once)',
      `${POLICY}vulnerabilities:\n  failOn: high\n`,
    ],
  ])('%s: the same findings, finding by finding', async (_, policy) => {
    const url = (await emulator).url;
    const env = { DEPGATE_API_URL: url, DEPGATE_API_TOKEN: SEED_TOKENS.api, DEPGATE_OSV_URL: url };
    const repo = makeRepo(
      { 'README.md': 'nothing yet\n', '.github/depgate.yml': policy },
      { ...LOCKFILES, '.github/depgate.yml': policy },
    );
    const check = await runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--platform', 'on', '--format', 'json'],
      {
        cwd: repo,
        env,
      },
    );
    expect([0, 1], check.stderr).toContain(check.code);
    const gate = JSON.parse(check.stdout) as Report;

    writeFileSync(join(dir, 'policy.yml'), policy);
    const audit = await runDepgate(['audit', '--policy', 'policy.yml', '--format', 'json'], {
      cwd: dir,
      env,
    });
    expect([0, 1], audit.stderr).toContain(audit.code);
    const report = JSON.parse(audit.stdout) as AuditReport;

    const fromCheck = gate.findings
      .filter((f) => AUDITED.has(f.kind))
      .map(row)
      .sort();
    const fromAudit = report.repositories
      .flatMap((r) => r.lockfiles.flatMap((l) => l.violations))
      .map(row)
      .sort();
    expect(fromAudit).toEqual(fromCheck);
    // Not vacuous: names spelled unlike their rules are found, by both.
    for (const name of [
      'typing_extensions',
      'PyYAML',
      'zope.interface',
      'serde_json',
      'ffmpeg-python',
      'lodash',
    ])
      expect(
        fromAudit.some((r) => r.includes(` ${name}@`)),
        name,
      ).toBe(true);
    expect(fromAudit.some((r) => r.includes(' minimist@') && r.includes('exceptions[0]'))).toBe(true);
    if (policy.includes('allow:')) expect(fromAudit.some((r) => r.includes(' licenses.allow '))).toBe(true);
    if (policy.includes('vulnerabilities'))
      expect(fromAudit.some((r) => r.includes(' vulnerability '))).toBe(true);
    // The verdict agrees too.
    expect(report.counts.violations > 0).toBe(gate.verdict === 'block');
  });
});
