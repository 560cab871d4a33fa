import {
  isPlacedDependency,
  type PlatformClient,
  type WireDependencyFilter,
  type WirePackageFilter,
} from '../core/index.js';
import { packageId, type PackageVersion } from '../domain/index.js';
import { matchesRule, type PackageRule } from '../policy/index.js';
import { denyRulesFilters, FILTERS_PER_REQUEST, namesToAsk } from './deny-rules-filter.js';

/** The platform the gate asks, or none (`platform: off`). */
export interface GatePlatform {
  client: PlatformClient;
  deploymentId: number;
  deploymentSlug: string;
}

/** A package the gate wants to know about: by name (any version), or at one version. */
export interface UsageQuestion extends PackageVersion {
  /** Ask about every version (the package is new to this lockfile: is it new to the org?). */
  anyVersion: boolean;
}

/** What the organization's other lockfiles say of one package. */
export interface OrgUsage {
  /** Repositories that use the package, any version. */
  repositories: Set<string>;
  /** Licenses the platform found, per version. */
  licenses: Map<string, string[]>;
}

export interface OrgUsageAnswer {
  /** By `packageId` of the package. */
  usage: Map<string, OrgUsage>;
  requests: number;
  minimumRequests: number;
}

const PAGE = 10_000;

/**
 * Asks the platform's dependency listing, in the fewest requests, about every introduced package at
 * once: package filters per package (each spelling of its name, plus the exact version when only that
 * version's license is wanted), OR-ed, largest page. The answer gives licenses, how many repositories of the
 * organization use each package, and so which packages are new to it.
 */
export async function lookupOrgUsage(
  platform: GatePlatform,
  questions: readonly UsageQuestion[],
): Promise<OrgUsageAnswer> {
  const usage = new Map<string, OrgUsage>();
  const before = platform.client.stats().requests;
  let minimumRequests = 0;
  const unique = new Map<string, UsageQuestion>();
  for (const q of questions) {
    const key = `${packageId(q)}@${q.anyVersion ? '*' : q.version}`;
    if (!unique.has(key)) unique.set(key, q);
  }
  // Each package as every spelling its ecosystem takes for the same name (`typing_extensions` is
  // `typing-extensions`), so one written otherwise elsewhere in the organization is not taken for new;
  // what comes back is matched by the ecosystem's identity below.
  const asked = [...unique.values()].map((q) => {
    const names = namesToAsk(q.ecosystem, q.name);
    const version = q.anyVersion ? {} : { exactVersion: q.version };
    const filters: WirePackageFilter[] = [
      ...names.exact.map((name) => ({ name, exactNameMatch: true, ...version })),
      ...names.contains.map((name) => ({ name, ...version })),
    ];
    return { q, filters };
  });
  const batches: (typeof asked)[] = [];
  let size = 0;
  for (const one of asked) {
    if (batches.length === 0 || size + one.filters.length > FILTERS_PER_REQUEST) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(one);
    size += one.filters.length;
  }
  for (const asking of batches) {
    const batch = asking.map((a) => a.q);
    const packageFilters = asking.flatMap((a) => a.filters);
    const filter: WireDependencyFilter = {
      packageFilters,
      ecosystem: [...new Set(batch.map((q) => q.ecosystem))],
    };
    const wanted = new Set(batch.map(packageId));
    let records = 0;
    for await (const dep of platform.client
      .dependencies(platform.deploymentId, filter, { pageSize: PAGE })
      .items()) {
      records++;
      if (!isPlacedDependency(dep)) continue;
      const key = packageId(dep);
      // Exact-name matching on the platform is case-insensitive; identity is the ecosystem's (PEP 503, ...).
      if (!wanted.has(key)) continue;
      let entry = usage.get(key);
      if (entry === undefined) usage.set(key, (entry = { repositories: new Set(), licenses: new Map() }));
      if (dep.repositoryId !== undefined) entry.repositories.add(dep.repositoryId);
      if (dep.licenses.length > 0 && !entry.licenses.has(dep.version))
        entry.licenses.set(dep.version, dep.licenses);
    }
    minimumRequests += Math.max(1, Math.ceil(records / PAGE));
  }
  return { usage, requests: platform.client.stats().requests - before, minimumRequests };
}

/** A deny rule to ask about, by its index in `deny`. */
export interface DenyQuestion {
  index: number;
  rule: PackageRule;
}

/**
 * Which repositories of the organization already carry a package each deny rule matches: the rules go
 * to the dependency listing as server-side package filters (OR-ed, one request for up to 1,000 rules),
 * and each answer is matched back to its rules with the same code the emulator filters with.
 */
export async function lookupDeniedElsewhere(
  platform: GatePlatform,
  rules: readonly DenyQuestion[],
): Promise<{ repositories: Map<number, Set<string>>; requests: number; minimumRequests: number }> {
  const before = platform.client.stats().requests;
  const repositories = new Map<number, Set<string>>();
  let minimumRequests = 0;
  for (const filter of denyRulesFilters(rules.map(({ rule }) => rule))) {
    let records = 0;
    for await (const dep of platform.client
      .dependencies(platform.deploymentId, filter, { pageSize: PAGE })
      .items()) {
      records++;
      // A record without an ecosystem depgate knows cannot be placed (as in lookupOrgUsage).
      if (dep.repositoryId === undefined || !isPlacedDependency(dep)) continue;
      const target = {
        ecosystem: dep.ecosystem,
        name: dep.name,
        version: dep.version,
        lockfilePath: dep.lockfilePath ?? '',
      };
      for (const { index, rule } of rules) {
        // Paths narrow a rule to this repository's lockfiles: elsewhere the rule's name and versions count.
        const { paths: _here, ...anywhere } = rule;
        if (matchesRule(target, anywhere) !== true) continue;
        let set = repositories.get(index);
        if (set === undefined) repositories.set(index, (set = new Set<string>()));
        set.add(dep.repositoryId);
      }
    }
    minimumRequests += Math.max(1, Math.ceil(records / PAGE));
  }
  return { repositories, requests: platform.client.stats().requests - before, minimumRequests };
}
