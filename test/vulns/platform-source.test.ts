import { describe, expect, it } from 'vitest';
import { indexScaFindings, platformSource, queryKey } from '../../src/vulns/index.js';
import { collect, startTestEmulator } from '../helpers/emulator.js';

const finding = (over: Record<string, unknown>) => ({
  repository: { name: 'acme/web' },
  status: 'open',
  severity: 'high',
  reachability: 'reachable',
  vulnerability_identifier: 'CVE-2021-23337',
  rule_message: 'lodash before 4.17.21 is vulnerable to command injection via template.',
  found_dependency: { package: 'lodash', version: '4.17.20', ecosystem: 'npm' },
  fix_recommendations: [{ package: 'lodash', version: '4.17.21' }],
  ...over,
});

describe('indexScaFindings', () => {
  it('indexes by ecosystem, name and version, one advisory per identifier, counting repositories', () => {
    const index = indexScaFindings([
      finding({}),
      finding({ repository: { name: 'acme/api' }, reachability: 'unreachable', severity: 'critical' }),
      finding({ repository: { name: 'acme/old' }, status: 'fixed' }),
      finding({
        repository: { name: 'acme/api' },
        vulnerability_identifier: 'GHSA-29mw-wpgm-hmr9',
        severity: 'medium',
        reachability: 'conditionally_reachable',
        fix_recommendations: [{ package: 'lodash', version: '4.17.19' }],
      }),
      // Names as the ecosystem compares them: PyPI's normalised names.
      finding({
        found_dependency: { package: 'PyYAML', version: '5.3.1', ecosystem: 'pypi' },
        vulnerability_identifier: 'CVE-2020-14343',
        fix_recommendations: [],
      }),
      // Nothing to index: no identifier, an unknown ecosystem, no dependency.
      finding({ vulnerability_identifier: null }),
      finding({ found_dependency: { package: 'x', version: '1', ecosystem: 'nosuch' } }),
      finding({ found_dependency: undefined }),
    ]);
    expect(index.size).toBe(2);
    const lodash = [...index.values()][0]!;
    expect([...lodash.repositories].sort()).toEqual(['acme/api', 'acme/web']);
    expect([...lodash.reachable].sort()).toEqual(['acme/api', 'acme/web']);
    expect([...lodash.advisories.values()].map((a) => [a.id, a.severity, a.fixed])).toEqual([
      ['CVE-2021-23337', 'critical', '4.17.21'],
      ['GHSA-29mw-wpgm-hmr9', 'moderate', '4.17.19'],
    ]);
  });
});

describe('platformSource against the emulator', async () => {
  const emulator = await startTestEmulator();
  const client = emulator.client();
  const platform = { client, deploymentId: 0, deploymentSlug: '' };
  const [deployment] = await client.getDeployments();
  platform.deploymentId = deployment!.id;
  platform.deploymentSlug = deployment!.slug;

  it('answers only versions the organization has findings for, with the fix and where they are flagged', async () => {
    const lodash = { ecosystem: 'npm' as const, name: 'lodash', version: '4.17.20' };
    const clean = { ecosystem: 'npm' as const, name: 'lodash', version: '4.17.21' };
    const all = await collect(
      client.findings(platform.deploymentSlug, { query: { issue_type: 'sca' } }).items(),
    );
    const before = client.stats().requests;
    const lookup = await platformSource(platform).lookup([lodash, clean]);
    // One listing, every page of it.
    expect(lookup.requests).toBe(client.stats().requests - before);
    expect(lookup.requests).toBe(Math.max(1, Math.ceil(all.length / 3000)));
    expect(lookup.unsupported).toEqual([]);
    // A version the platform has no finding for is unanswered, not reported clean.
    expect(lookup.found.has(queryKey(clean))).toBe(false);
    const answer = lookup.found.get(queryKey(lodash))!;
    expect(answer.advisories.map((a) => [a.id, a.severity, a.fixed])).toEqual([
      ['CVE-2021-23337', 'high', '4.17.21'],
    ]);
    expect(answer.fix).toBe('4.17.21');
    expect(answer.organization).toEqual({ repositories: ['acme/web'], reachable: ['acme/web'] });
  });
});
