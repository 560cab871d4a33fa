import type { PlatformClient } from '../core/index.js';
import { compareVersions, packageVersionKey, parseEcosystem } from '../domain/index.js';
import {
  queryKey,
  withRequests,
  type Advisory,
  type AdvisorySource,
  type PackageAdvisories,
  type PackageQuery,
  type SeverityBand,
  type VulnLookup,
} from './types.js';

type Obj = Record<string, unknown>;

/** The deployment whose findings are asked (the gate's platform). */
export interface FindingsPlatform {
  client: Pick<PlatformClient, 'findings' | 'stats'>;
  deploymentSlug: string;
}

/** What the organization's supply-chain findings say of one package version. */
export interface PlatformVersionFindings {
  /** One record per vulnerability identifier (CVE, GHSA), as the findings name it. */
  advisories: Map<string, Advisory>;
  /** Repositories of the organization where the version is flagged. */
  repositories: Set<string>;
  /** Those among them where a finding of it was found reachable. */
  reachable: Set<string>;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/** The platform's severities (critical, high, medium, low, info) in GitHub's bands. */
function bandOf(severity: string | undefined): SeverityBand {
  switch (severity?.toLowerCase()) {
    case 'critical':
      return 'critical';
    case 'high':
      return 'high';
    case 'medium':
    case 'moderate':
      return 'moderate';
    case 'low':
    case 'info':
      return 'low';
    default:
      return 'unknown';
  }
}

const REACHABLE = new Set(['reachable', 'always_reachable', 'conditionally_reachable']);

/** Where a person reads an identifier: GitHub's advisory page for a GHSA, NVD's for a CVE. */
function urlOf(id: string): string {
  if (/^GHSA-/i.test(id)) return `https://github.com/advisories/${encodeURIComponent(id)}`;
  if (/^CVE-/i.test(id)) return `https://nvd.nist.gov/vuln/detail/${encodeURIComponent(id.toUpperCase())}`;
  return `https://osv.dev/vulnerability/${encodeURIComponent(id)}`;
}

/**
 * Indexes SCA findings by ecosystem, name (as the ecosystem compares names) and exact version. A
 * finding without a dependency, an ecosystem depgate knows, or a vulnerability identifier is skipped
 * (it can name no advisory); a fixed finding still says the version is affected, but not that a
 * repository has it flagged.
 */
export function indexScaFindings(findings: Iterable<Obj>): Map<string, PlatformVersionFindings> {
  const index = new Map<string, PlatformVersionFindings>();
  for (const f of findings) {
    const dep = obj(f.found_dependency);
    const name = str(dep?.package);
    const version = str(dep?.version);
    const ecosystem = str(dep?.ecosystem) === undefined ? undefined : parseEcosystem(str(dep?.ecosystem)!);
    const id = str(f.vulnerability_identifier);
    if (name === undefined || version === undefined || ecosystem === undefined || id === undefined) continue;
    const key = packageVersionKey(ecosystem, name, version);
    let entry = index.get(key);
    if (entry === undefined)
      index.set(key, (entry = { advisories: new Map(), repositories: new Set(), reachable: new Set() }));
    const repository = str(obj(f.repository)?.name);
    const status = str(f.status)?.toLowerCase();
    if (repository !== undefined && status !== 'fixed') {
      entry.repositories.add(repository);
      if (REACHABLE.has(str(f.reachability)?.toLowerCase() ?? '')) entry.reachable.add(repository);
    }
    const fixes = Array.isArray(f.fix_recommendations) ? f.fix_recommendations : [];
    const fixed = fixes
      .map(obj)
      .filter((r) => r !== undefined && (str(r.package) ?? name).toLowerCase() === name.toLowerCase())
      .map((r) => str(r!.version))
      .find((v) => v !== undefined);
    const severity = bandOf(str(f.severity));
    const upper = id.toUpperCase();
    const known = entry.advisories.get(upper);
    if (known === undefined) {
      const advisory: Advisory = {
        id,
        aliases: [],
        summary: str(f.rule_message) ?? str(obj(f.rule)?.message) ?? '',
        severity,
        url: urlOf(id),
      };
      if (fixed !== undefined) advisory.fixed = fixed;
      entry.advisories.set(upper, advisory);
    } else {
      const rank = { low: 1, moderate: 2, high: 3, critical: 4, unknown: 0 };
      if (rank[severity] > rank[known.severity]) known.severity = severity;
      if (known.fixed === undefined && fixed !== undefined) known.fixed = fixed;
    }
  }
  return index;
}

/**
 * The platform's supply-chain findings as an advisory source: one listing of every SCA finding of the
 * deployment (all pages) per source, indexed by package version. It answers only for versions the
 * organization already has findings for: a version without one is unanswered by it, never "clean".
 * Each answer carries where the organization has the version flagged, and where it is reachable.
 */
export function platformSource(platform: FindingsPlatform): AdvisorySource {
  // One listing for the life of the source: a caller that looks up in batches (the audit) lists once.
  let listing: Promise<Map<string, PlatformVersionFindings>> | undefined;
  const list = async () => {
    const all: Obj[] = [];
    for await (const f of platform.client
      .findings(platform.deploymentSlug, { query: { issue_type: 'sca' } })
      .items())
      all.push(f);
    return indexScaFindings(all);
  };
  return {
    label: 'platform',
    async lookup(queries: readonly PackageQuery[]): Promise<VulnLookup> {
      const before = platform.client.stats().requests;
      if (listing === undefined) {
        listing = list();
        // A failed listing is asked again by the next lookup, never taken as empty.
        listing.catch(() => (listing = undefined));
      }
      let index;
      try {
        index = await listing;
      } catch (error) {
        // The report counts what a failed lookup asked too.
        throw withRequests(error, platform.client.stats().requests - before);
      }
      const found: VulnLookup['found'] = new Map();
      for (const q of queries) {
        const entry = index.get(packageVersionKey(q));
        if (entry === undefined || entry.advisories.size === 0) continue;
        const advisories = [...entry.advisories.values()].map((a) => ({ ...a }));
        // The fix that clears every advisory: the largest of theirs, or none when one has none.
        const fixes = advisories.flatMap((a) => (a.fixed === undefined ? [] : [a.fixed]));
        const answer: PackageAdvisories = {
          advisories,
          organization: {
            repositories: [...entry.repositories].sort(),
            reachable: [...entry.reachable].sort(),
          },
        };
        if (fixes.length === advisories.length) {
          answer.fix = fixes.reduce((a, b) => ((compareVersions(q.ecosystem, b, a) ?? 0) > 0 ? b : a));
        }
        found.set(queryKey(q), answer);
      }
      return { found, requests: platform.client.stats().requests - before, unsupported: [] };
    },
  };
}
