// The audit as SARIF for GitHub code scanning, from a real audit of a generated organization (the
// emulator over HTTP): the official 2.1.0 schema, GitHub's 25,000 results per run, one run per
// repository with paths inside it, stable rule ids with help, and excused violations suppressed.
import { describe, expect, it } from 'vitest';
import { renderAuditSarif, runAudit, SARIF_MAX_RESULTS_PER_RUN } from '../../src/audit/index.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { SEED_DEPLOYMENT } from '../../src/emulator/seed.js';
import { readPolicy } from '../../src/policy/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { sarifValidator } from '../helpers/sarif-schema.js';

interface SarifResult {
  ruleId: string;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[];
  suppressions?: { kind: string; justification: string }[];
  properties: { repository: string; policyRule: string; exception?: { status: string } };
}
interface SarifRun {
  tool: { driver: { rules: { id: string; help: { text: string } }[] } };
  automationDetails: { id: string };
  invocations: { toolExecutionNotifications?: { message: { text: string } }[] }[];
  results: SarifResult[];
  properties: { repository: string; results: number; cut?: { results: number; blocking: number } };
}

const dataset = generateDataset({ repositories: 1, dependenciesPerRepository: 36_000, seed: 11 });
const { client } = await startTestEmulator({ dataset });
const names = [...new Set(dataset.dependencies.map((d) => d.name))];

describe('renderAuditSarif', () => {
  it('writes 30,000+ results that validate, within 25,000 a run, most severe first, saying what was cut', async () => {
    // Every common license denied: nearly every dependency of the organization breaks the policy.
    const policy = readPolicy(
      'licenses:\n  deny: [MIT, Apache-2.0, BSD-3-Clause, GPL-3.0-only, ISC]\n' +
        `exceptions:\n  - name: ${JSON.stringify(names[0])}\n    exactNameMatch: true\n    owner: "@acme/platform"\n    expires: 2099-01-01\n    reason: vendored and patched\n`,
      'policy.yml',
    );
    const report = await runAudit(
      { client: client(), deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug },
      policy,
      { now: new Date('2050-01-01T00:00:00Z'), version: '1.2.3' },
    );
    const total = report.counts.violations + report.counts.excused;
    expect(total).toBeGreaterThan(30_000);

    const sarif = JSON.parse(renderAuditSarif(report)) as { runs: SarifRun[] };
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    expect(sarif.runs.map((r) => r.properties.repository)).toEqual(
      report.repositories.summaries().map((r) => r.name),
    );
    expect(new Set(sarif.runs.map((r) => r.automationDetails.id)).size).toBe(sarif.runs.length);
    const written = sarif.runs.reduce((n, r) => n + r.results.length, 0);
    const cut = sarif.runs.reduce((n, r) => n + (r.properties.cut?.results ?? 0), 0);
    expect(written + cut).toBe(total);
    for (const run of sarif.runs) {
      expect(run.results.length).toBeLessThanOrEqual(SARIF_MAX_RESULTS_PER_RUN);
      for (const r of run.results) {
        // Paths are inside the run's repository, never prefixed with the repository's name.
        expect(r.locations[0]!.physicalLocation.artifactLocation.uriBaseId).toBe('%SRCROOT%');
        expect(
          r.locations[0]!.physicalLocation.artifactLocation.uri.startsWith(run.properties.repository),
        ).toBe(false);
        expect(r.properties.repository).toBe(run.properties.repository);
      }
    }

    // Shrunk to a smaller cap, the same audit cuts: blocking results are kept before excused ones.
    const small = JSON.parse(renderAuditSarif(report, 1_000)) as { runs: SarifRun[] };
    expect(validate(small)).toBe(true);
    const withExcused = small.runs.find((r) => (r.properties.cut?.results ?? 0) > 0)!;
    expect(withExcused.results).toHaveLength(1_000);
    expect(withExcused.results.every((r) => r.level === 'error')).toBe(true);
    expect(withExcused.invocations[0]!.toolExecutionNotifications![0]!.message.text).toMatch(
      /: [\d,]+ of [\d,]+ results cut to stay within 1,000 per run \([\d,]+ blocking, [\d,]+ excused\)/,
    );
  });

  it('names rules by kind with help, so editing the policy renames nothing, and suppresses what an exception excuses', async () => {
    const policyText = (order: string[]) =>
      `deny:\n${order.map((n) => `  - name: ${JSON.stringify(n)}\n    exactNameMatch: true`).join('\n')}\n` +
      `exceptions:\n  - name: ${JSON.stringify(names[1])}\n    exactNameMatch: true\n    owner: "@acme/web"\n    expires: 2099-01-01\n    reason: pinned by the vendor\n`;
    const audit = async (order: string[]) =>
      JSON.parse(
        renderAuditSarif(
          await runAudit(
            { client: client(), deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug },
            readPolicy(policyText(order), 'policy.yml'),
            { now: new Date('2050-01-01T00:00:00Z'), version: '1.2.3' },
          ),
        ),
      ) as { runs: SarifRun[] };
    const a = await audit([names[0]!, names[1]!]);
    const b = await audit(['not-in-the-organization', names[1]!, names[0]!]);
    const ids = (s: { runs: SarifRun[] }) => s.runs.flatMap((r) => r.results.map((x) => x.ruleId)).sort();
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(b)).toEqual(ids(a));
    expect(new Set(ids(a))).toEqual(new Set(['depgate/denied']));
    const rule = a.runs[0]!.tool.driver.rules.find((r) => r.id === 'depgate/denied')!;
    expect(rule.help.text).toContain('deny rule');
    const excused = a.runs
      .flatMap((r) => r.results)
      .filter((r) => r.properties.exception?.status === 'valid');
    expect(excused.length).toBeGreaterThan(0);
    for (const r of excused) {
      expect(r.level).toBe('note');
      expect(r.suppressions).toEqual([
        {
          kind: 'external',
          status: 'accepted',
          justification: 'exceptions[0]: pinned by the vendor (owner @acme/web, expires 2099-01-01)',
        },
      ]);
    }
    expect(a.runs.flatMap((r) => r.results).filter((r) => r.suppressions).length).toBe(excused.length);
  });
});
