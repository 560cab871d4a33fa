import { describe, expect, it } from 'vitest';
import {
  isAdvisorySourceError,
  runGate,
  type Finding,
  type GateAdvisorySource,
  type Report,
} from '../../src/gate/index.js';
import type { Policy, VulnerabilityPolicy } from '../../src/policy/index.js';
import { platformSource } from '../../src/vulns/index.js';
import { DEMO_PAIRS } from '../helpers/lockfile-pairs.js';
import { DEMO_ADVISORIES, memoryAdvisorySource } from '../helpers/memory-advisories.js';
import { buildPolicy } from './build-policy.js';

const NOW = new Date('2026-11-24T12:00:00Z');

const brief = (f: Finding) =>
  `${f.blocking ? 'BLOCK' : f.level} ${f.kind} ${f.name}@${f.version}${f.fix ? ` fix ${f.fix}` : ''}${f.preExisting ? ' (pre-existing)' : ''}`;

function vulnPolicy(
  vulnerabilities: Partial<VulnerabilityPolicy> = {},
  over: Parameters<typeof buildPolicy>[0] = {},
): Policy {
  return buildPolicy({
    ...over,
    vulnerabilities: {
      failOn: 'high',
      sources: ['osv'],
      onError: 'fail',
      at: { line: 9, column: 1 },
      ...vulnerabilities,
    },
  });
}

async function gate(policy: Policy, sources: GateAdvisorySource[], now = NOW): Promise<Report> {
  return runGate({
    lockfiles: DEMO_PAIRS,
    policy,
    now,
    toolVersion: '0.0.0-test',
    mode: 'diff',
    base: 'b',
    head: 'h',
    advisorySources: sources,
  });
}

describe('runGate with known vulnerabilities', () => {
  it('blocks what the change introduces at or above failOn, with every advisory and the fix', async () => {
    const source = memoryAdvisorySource(DEMO_ADVISORIES);
    const report = await gate(vulnPolicy(), [source]);
    expect(report.verdict).toBe('block');
    expect(report.findings.map(brief)).toEqual([
      'BLOCK vulnerability lodash@4.17.20 fix 4.17.21',
      'BLOCK vulnerability minimist@1.2.5 fix 1.2.6',
      'warning vulnerability cookie@0.6.0 fix 0.7.0',
    ]);
    const lodash = report.findings[0]!;
    expect(lodash).toMatchObject({
      previousVersion: '4.17.21',
      change: 'downgraded',
      rule: { id: 'vulnerabilities.failOn', line: 9 },
      message:
        'lodash 4.17.20 has 2 known advisories (worst: high): GHSA-35jh-r3h4-6jhm, GHSA-29mw-wpgm-hmr9; fix: lodash 4.17.20 -> 4.17.21',
      // The command package-lock.json's own package manager takes to apply it.
      fixCommand: 'npm install lodash@4.17.21',
    });
    expect(lodash.advisories!.map((a) => [a.id, a.aliases, a.severity, a.sources])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', ['CVE-2021-23337'], 'high', ['memory']],
      ['GHSA-29mw-wpgm-hmr9', ['CVE-2020-28500'], 'moderate', ['memory']],
    ]);
  });

  it('asks once, in one batch, about each introduced version and the base versions it leaves', async () => {
    const source = memoryAdvisorySource(DEMO_ADVISORIES);
    const report = await gate(vulnPolicy(), [source]);
    expect(source.asked).toHaveLength(1);
    const asked = source.asked[0]!.map((q) => `${q.name}@${q.version}`);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toEqual(
      expect.arrayContaining(['lodash@4.17.20', 'lodash@4.17.21', 'express@4.18.2', 'minimist@1.2.5']),
    );
    // Unchanged versions are not asked while pre-existing findings cannot fail the check.
    expect(asked).not.toContain('accepts@1.3.8');
    expect(report.vulnerabilities).toMatchObject({
      failOn: 'high',
      queried: asked.length,
      requests: 1,
      vulnerable: 3,
    });
  });

  it('reports what the change fixes: an upgrade past the fix', async () => {
    const report = await gate(vulnPolicy(), [memoryAdvisorySource(DEMO_ADVISORIES)]);
    expect(report.vulnerabilities!.fixes).toEqual([
      {
        lockfile: 'package-lock.json',
        ecosystem: 'npm',
        name: 'express',
        from: '4.18.2',
        to: '4.19.2',
        advisories: ['GHSA-rv95-896h-c2vc'],
      },
    ]);
    expect(report.vulnerabilities!.fixed).toBe(1);
    expect(report.notes.map((n) => n.message)).toContain(
      'this change fixes 1 known advisory: express 4.18.2 -> 4.19.2 (GHSA-rv95-896h-c2vc)',
    );
  });

  it.each([
    [
      'critical',
      [
        'BLOCK vulnerability minimist@1.2.5',
        'warning vulnerability cookie@0.6.0',
        'warning vulnerability lodash@4.17.20',
      ],
    ],
    [
      'moderate',
      [
        'BLOCK vulnerability lodash@4.17.20',
        'BLOCK vulnerability minimist@1.2.5',
        'warning vulnerability cookie@0.6.0',
      ],
    ],
    [
      'low',
      [
        'BLOCK vulnerability cookie@0.6.0',
        'BLOCK vulnerability lodash@4.17.20',
        'BLOCK vulnerability minimist@1.2.5',
      ],
    ],
    [
      'none',
      [
        'warning vulnerability cookie@0.6.0',
        'warning vulnerability lodash@4.17.20',
        'warning vulnerability minimist@1.2.5',
      ],
    ],
  ] as const)('judges at failOn: %s', async (failOn, expected) => {
    const report = await gate(vulnPolicy({ failOn }), [memoryAdvisorySource(DEMO_ADVISORIES)]);
    expect(report.findings.map((f) => brief(f).replace(/ fix \S+/, ''))).toEqual(expected);
    expect(report.verdict).toBe(failOn === 'none' ? 'pass' : 'block');
  });

  it('counts an advisory of unknown severity as at the threshold', async () => {
    const seeds = [{ ...DEMO_ADVISORIES[2]!, severity: 'unknown' as const }];
    const report = await gate(vulnPolicy({ failOn: 'critical' }), [memoryAdvisorySource(seeds)]);
    expect(report.findings.map(brief)).toEqual(['BLOCK vulnerability minimist@1.2.5 fix 1.2.6']);
  });

  it("asks about the head's other versions when pre-existing findings fail, and blocks on them", async () => {
    const seeds = [
      ...DEMO_ADVISORIES,
      {
        id: 'GHSA-9wv6-86v2-598j',
        aliases: ['CVE-2024-45296'],
        summary: 'path-to-regexp outputs backtracking regular expressions',
        severity: 'high' as const,
        ecosystem: 'npm' as const,
        name: 'path-to-regexp',
        introduced: '0',
        fixed: '0.1.10',
      },
    ];
    const reported = await gate(vulnPolicy(), [memoryAdvisorySource(seeds)]);
    expect(reported.findings.some((f) => f.name === 'path-to-regexp')).toBe(false);
    const source = memoryAdvisorySource(seeds);
    const failing = await gate(vulnPolicy({}, { preExisting: 'fail' }), [source]);
    expect(source.asked[0]!.map((q) => q.name)).toContain('accepts');
    expect(failing.findings.map(brief)).toContain(
      'BLOCK vulnerability path-to-regexp@0.1.7 fix 0.1.10 (pre-existing)',
    );
  });

  it('excuses an advisory by any alias, and only that one; an expired exception warns', async () => {
    const exception = { reason: 'template() unused', owner: '@web', expires: '2026-12-31' };
    const policy = vulnPolicy(
      { failOn: 'moderate' },
      {
        exceptions: [
          { advisory: 'cve-2021-23337', ...exception },
          { advisory: 'GHSA-xvch-5gv4-984h', ...exception, expires: '2026-11-23' },
          { advisory: 'GHSA-rv95-896h-c2vc', ...exception },
          // A package exception never excuses a vulnerability.
          { name: 'cookie', exactNameMatch: true, ...exception },
        ],
      },
    );
    const report = await gate(policy, [memoryAdvisorySource(DEMO_ADVISORIES)]);
    expect(report.findings.map(brief)).toEqual([
      'BLOCK vulnerability lodash@4.17.20 fix 4.17.21',
      'BLOCK vulnerability minimist@1.2.5 fix 1.2.6',
      'warning vulnerability cookie@0.6.0 fix 0.7.0',
    ]);
    const lodash = report.findings[0]!;
    expect(lodash.advisories!.map((a) => [a.id, a.exception?.status])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', 'valid'],
      ['GHSA-29mw-wpgm-hmr9', undefined],
    ]);
    expect(
      report.notes.some(
        (n) =>
          n.level === 'warning' && n.message.includes('exceptions[1] (owner @web) expired on 2026-11-23'),
      ),
    ).toBe(true);
    expect(report.exceptions.map((e) => [e.id, e.advisory, e.status, e.matched])).toEqual([
      ['exceptions[0]', 'cve-2021-23337', 'valid', 1],
      ['exceptions[1]', 'GHSA-xvch-5gv4-984h', 'expired', 1],
      ['exceptions[2]', 'GHSA-rv95-896h-c2vc', 'unused', 0],
      ['exceptions[3]', undefined, 'unused', 0],
    ]);
  });

  it('lets exceptions excuse every advisory of a version, which then no longer blocks', async () => {
    const exception = { reason: 'not reachable', owner: '@web', expires: '2027-03-31' };
    const policy = vulnPolicy(
      { failOn: 'moderate' },
      {
        exceptions: [
          { advisory: 'GHSA-35jh-r3h4-6jhm', name: 'lodash', exactNameMatch: true, ...exception },
          { advisory: 'CVE-2020-28500', ...exception },
          { advisory: 'GHSA-xvch-5gv4-984h', name: 'left-pad', ...exception },
        ],
      },
    );
    const report = await gate(policy, [memoryAdvisorySource(DEMO_ADVISORIES)]);
    expect(report.findings.map(brief)).toEqual([
      'BLOCK vulnerability minimist@1.2.5 fix 1.2.6',
      'warning vulnerability cookie@0.6.0 fix 0.7.0',
      'notice vulnerability lodash@4.17.20 fix 4.17.21',
    ]);
    expect(report.findings[2]!.message).toContain('(excused: GHSA-35jh-r3h4-6jhm by exceptions[0]');
  });

  it('merges what two sources say about one advisory by its aliases', async () => {
    const osv = memoryAdvisorySource(DEMO_ADVISORIES, { label: 'osv' });
    const other = memoryAdvisorySource(
      [{ ...DEMO_ADVISORIES[0]!, id: 'CVE-2021-23337', aliases: [], severity: 'critical' }],
      { label: 'platform' },
    );
    const report = await gate(vulnPolicy(), [osv, other]);
    const lodash = report.findings.find((f) => f.name === 'lodash')!;
    expect(lodash.advisories!.map((a) => [a.id, a.aliases, a.severity, a.sources])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', ['CVE-2021-23337'], 'critical', ['osv', 'platform']],
      ['GHSA-29mw-wpgm-hmr9', ['CVE-2020-28500'], 'moderate', ['osv']],
    ]);
    expect(report.vulnerabilities!.requests).toBe(2);
  });

  it("merges the platform's SCA findings with OSV's and says where the organization has the version", async () => {
    const sca = (repository: string, reachability: string) => ({
      repository: { name: repository },
      status: 'open',
      severity: 'critical',
      reachability,
      vulnerability_identifier: 'CVE-2021-23337',
      found_dependency: { package: 'lodash', version: '4.17.20', ecosystem: 'npm' },
      fix_recommendations: [{ package: 'lodash', version: '4.17.21' }],
    });
    let requests = 0;
    const findings = [sca('acme/web', 'reachable'), sca('acme/api', 'unreachable')];
    const client = {
      stats: () => ({ requests, retries: 0, failures: 0 }),
      findings: () => ({
        pages: () => {
          throw new Error('not used');
        },
        items: async function* () {
          requests++;
          yield* findings;
        },
      }),
    };
    const platform = platformSource({ client, deploymentSlug: 'acme' });
    const report = await gate(vulnPolicy(), [
      memoryAdvisorySource(DEMO_ADVISORIES, { label: 'osv' }),
      platform,
    ]);
    const lodash = report.findings.find((f) => f.name === 'lodash')!;
    expect(lodash.advisories!.map((a) => [a.id, a.severity, a.sources])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', 'critical', ['osv', 'platform']],
      ['GHSA-29mw-wpgm-hmr9', 'moderate', ['osv']],
    ]);
    expect(lodash.organization).toEqual({
      flagged: 2,
      reachable: 1,
      repositories: ['acme/api', 'acme/web'],
      reachableIn: ['acme/web'],
    });
    expect(lodash.message).toContain('flagged in 2 repositories of the organization, reachable in 1');
    // Versions the platform has no finding for are OSV's alone: no context, and still judged.
    const minimist = report.findings.find((f) => f.name === 'minimist')!;
    expect(minimist.organization).toBeUndefined();
    expect(report.vulnerabilities!.sources.find((s) => s.label === 'platform')).toMatchObject({
      status: 'answered',
      requests: 1,
    });
  });

  it('fails closed, naming the source, when a source cannot answer and onError is fail', async () => {
    const down = memoryAdvisorySource([], {
      label: 'osv (http://127.0.0.1:9)',
      fail: new Error('connect ECONNREFUSED 127.0.0.1:9'),
    });
    const error = await gate(vulnPolicy(), [down]).catch((e: unknown) => e);
    expect(isAdvisorySourceError(error)).toBe(true);
    expect((error as Error).message).toContain('osv (http://127.0.0.1:9): connect ECONNREFUSED 127.0.0.1:9');
    const missing = await gate(vulnPolicy(), [
      { label: 'platform', unavailable: 'no token (DEPGATE_API_TOKEN)' },
    ]).catch((e: unknown) => e);
    expect(isAdvisorySourceError(missing)).toBe(true);
  });

  it('warns, never passes in silence, when a source cannot answer and onError is warn', async () => {
    const down = memoryAdvisorySource([], { label: 'osv', fail: new Error('HTTP 503') });
    const report = await gate(vulnPolicy({ onError: 'warn' }), [
      down,
      memoryAdvisorySource(DEMO_ADVISORIES, { label: 'other' }),
    ]);
    expect(report.notes).toContainEqual({
      level: 'warning',
      message:
        'osv could not answer (HTTP 503): known vulnerabilities were not checked there (vulnerabilities.onError: warn)',
    });
    expect(report.vulnerabilities!.sources).toEqual([
      { label: 'osv', status: 'failed', requests: 0, error: 'HTTP 503' },
      { label: 'other', status: 'answered', requests: 1 },
    ]);
    expect(report.verdict).toBe('block');
  });

  it('lists the ecosystems a source has no database for', async () => {
    const report = await gate(vulnPolicy(), [
      memoryAdvisorySource(DEMO_ADVISORIES, { label: 'osv', supported: ['pypi'] }),
    ]);
    const note = report.notes.find((n) => n.message.startsWith('osv has no advisory database for npm ('));
    expect(note?.level).toBe('notice');
    expect(report.vulnerabilities!.unsupported).toEqual([
      { source: 'osv', ecosystem: 'npm', packages: report.vulnerabilities!.queried },
    ]);
  });

  it('never lets an exception by advisory excuse a deny rule (it names no package, so it would match all)', async () => {
    const policy = vulnPolicy(
      { failOn: 'none' },
      {
        deny: [{ name: 'lodash', exactNameMatch: true, reason: 'pinned' }],
        exceptions: [{ advisory: 'GHSA-35jh-r3h4-6jhm', reason: 'r', owner: 'o', expires: '2099-01-01' }],
      },
    );
    const report = await gate(policy, [memoryAdvisorySource(DEMO_ADVISORIES)]);
    expect(report.findings.filter((f) => f.kind === 'denied').map(brief)).toEqual([
      'BLOCK denied lodash@4.17.20',
    ]);
    expect(report.verdict).toBe('block');
  });

  it('is not asked without the vulnerabilities key', async () => {
    const source = memoryAdvisorySource(DEMO_ADVISORIES);
    const report = await gate(buildPolicy(), [source]);
    expect(source.asked).toEqual([]);
    expect(report.vulnerabilities).toBeUndefined();
  });
});
