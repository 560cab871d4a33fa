import { compareVersions, type Ecosystem } from '../domain/index.js';
import { matchesAnyGlob, type SignalMode, type SupplyChainPolicy } from '../policy/index.js';
import {
  registryKey,
  typosquatOf,
  type PackageFacts,
  type RegistryLookup,
  type RegistrySource,
  type VersionFacts,
} from '../registries/index.js';
import { findingOf, type Candidate } from './evaluate-package.js';
import type { Finding, FindingLevel, ReportNote, SupplyChainFacts, SupplyChainReport } from './types.js';

export interface SupplyChainInput {
  policy: SupplyChainPolicy;
  /** Where registry facts come from; absent, every name counts as unanswered (never a silent pass). */
  registry?: RegistrySource;
  candidates: readonly Candidate[];
  now: Date;
  /**
   * Names the repository itself allows to run install scripts: pnpm `onlyBuiltDependencies`, bun
   * `trustedDependencies`, yarn `dependenciesMeta.<name>.built` (read by the edge, see `scriptAllowances`).
   */
  repositoryAllowsScripts?: ReadonlySet<string>;
  signal?: AbortSignal;
}

export interface SupplyChainOutcome {
  findings: Finding[];
  notes: ReportNote[];
  report: SupplyChainReport;
}

const LEVEL: Record<Exclude<SignalMode, 'off'>, FindingLevel> = { fail: 'error', warn: 'warning' };
const MINUTE = 60_000;

/** "2 hours", "3 days", "40 minutes": how long ago, coarsely. */
function ago(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hour');
  return unit(Math.floor(minutes / 1440), 'day');
}

/** `2025-09-11 15:10 UTC`: the minute a version leaves the cooldown. */
const minuteText = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The newest version below `version`, old enough at `cutoff` (a prerelease only for a prerelease). */
function pinFor(
  ecosystem: Ecosystem,
  version: string,
  facts: PackageFacts,
  cutoff: number,
): string | undefined {
  const pre = version.includes('-');
  let best: string | undefined;
  for (const [v, f] of facts.versions) {
    if (f.published === undefined || Date.parse(f.published) > cutoff || f.deprecated !== undefined) continue;
    if (!pre && v.includes('-')) continue;
    if ((compareVersions(ecosystem, v, version) ?? 0) >= 0) continue;
    if (best === undefined || (compareVersions(ecosystem, v, best) ?? 0) > 0) best = v;
  }
  return best;
}

/** The version published just before `version`, by the registry's publish times. */
function previousRelease(version: string, facts: PackageFacts): string | undefined {
  const at = facts.versions.get(version)?.published;
  if (at === undefined) return undefined;
  const time = Date.parse(at);
  let best: { v: string; t: number } | undefined;
  for (const [v, f] of facts.versions) {
    if (v === version || f.published === undefined) continue;
    const t = Date.parse(f.published);
    if (t < time && (best === undefined || t > best.t)) best = { v, t };
  }
  return best?.v;
}

/**
 * The supply-chain check: what the registries say about every version the change introduces (asked once
 * per distinct name), judged by `supplyChain`: the release-age cooldown, install scripts, provenance
 * lost against the version replaced or the previous release, deprecation; and added names one edit from
 * a popular one. A registry that cannot answer leaves an `error` note (the check fails, the registry
 * named) under `onError: fail`, else a warning; a 404 a notice (an error under `onError: fail` unless
 * the name is excluded from the cooldown).
 */
export async function judgeSupplyChain(input: SupplyChainInput): Promise<SupplyChainOutcome> {
  const { policy, now } = input;
  const introduced = input.candidates.filter((c) => !c.preExisting && c.change !== undefined);
  const findings: Finding[] = [];
  const notes: ReportNote[] = [];
  const rule = (key: string) => ({
    id: `supplyChain.${key}`,
    ...(policy.at === undefined ? {} : { line: policy.at.line }),
  });
  const add = (c: Candidate, mode: SignalMode, key: string, facts: SupplyChainFacts, message: string) => {
    if (mode === 'off') return;
    const finding = findingOf(c, 'supply-chain', LEVEL[mode], rule(key), message);
    finding.supplyChain = facts;
    findings.push(finding);
  };

  // Typosquats are judged from the shipped list: no registry is asked.
  if (policy.typosquat !== 'off')
    for (const c of introduced) {
      if (c.change !== 'added' || c.pkg.ecosystem !== 'npm') continue;
      const match = typosquatOf(c.pkg.name);
      if (match === undefined) continue;
      const how =
        match.trick === 'swap'
          ? 'two letters swapped'
          : match.trick === 'edit'
            ? 'one letter apart'
            : 'the same name with other separators or scope';
      add(
        c,
        policy.typosquat,
        'typosquat',
        { signal: 'typosquat', popular: match.popular, trick: match.trick },
        `${c.pkg.name} ${c.pkg.version} looks like the popular package ${match.popular} (${how}): check that ${c.pkg.name} is the package you meant; if it is, add an exception for it`,
      );
    }

  const asksRegistry =
    policy.minimumReleaseAgeMinutes > 0 ||
    policy.installScripts !== 'off' ||
    policy.provenance !== 'off' ||
    policy.deprecated !== 'off';
  const questions = asksRegistry
    ? introduced.map((c) => ({ ecosystem: c.pkg.ecosystem, name: c.pkg.name }))
    : [];
  const lookup: RegistryLookup =
    questions.length === 0
      ? { found: new Map(), notFound: [], failures: [], unsupported: [], requests: 0, minimumRequests: 0 }
      : input.registry === undefined
        ? {
            found: new Map(),
            notFound: [],
            failures: [{ registry: 'the npm registry', error: 'no registry was set up', names: [] }],
            unsupported: [],
            requests: 0,
            minimumRequests: 0,
          }
        : await input.registry.lookup(questions, input.signal);

  const report: SupplyChainReport = {
    registries: [],
    queried: lookup.minimumRequests,
    requests: lookup.requests,
    minimumRequests: lookup.minimumRequests,
    notFound: [...new Set(lookup.notFound.map((n) => n.name))].sort(),
    unsupported: [],
  };
  const answered = new Set([...lookup.found.values()].map((f) => f.registry));
  for (const registry of [...answered].sort()) report.registries.push({ registry, status: 'answered' });
  const failLevel: ReportNote['level'] = policy.onError === 'fail' ? 'error' : 'warning';
  for (const f of lookup.failures) {
    report.registries.push({
      registry: f.registry,
      status: 'failed',
      error: f.error,
      unanswered: f.names.length,
    });
    const shown =
      f.names.length > 5
        ? `${f.names.slice(0, 5).join(', ')} and ${f.names.length - 5} more`
        : f.names.join(', ');
    notes.push({
      level: failLevel,
      message: `the registry ${f.registry} could not answer (${f.error}): the supply-chain signals of ${shown || 'the introduced packages'} were not checked, so ${
        policy.onError === 'fail'
          ? 'the check fails (supplyChain.onError: fail)'
          : 'they are unknown (supplyChain.onError: warn)'
      }`,
    });
  }
  const excluded = (name: string) => matchesAnyGlob(policy.minimumReleaseAgeExclude, name);
  for (const n of lookup.notFound) {
    const fails = policy.onError === 'fail' && !excluded(n.name);
    notes.push({
      level: fails ? 'error' : 'notice',
      message: `${n.name} is not on ${n.registry} (404): a private package served by another registry, or a name that does not exist; its supply-chain signals were not checked${
        fails
          ? ' and the check fails (supplyChain.onError: fail): set its registry in .npmrc (@scope:registry=), or list it in supplyChain.minimumReleaseAgeExclude if it is your own'
          : ''
      }`,
    });
  }
  const byEcosystem = new Map<Ecosystem, number>();
  for (const c of introduced)
    if (asksRegistry && c.pkg.ecosystem !== 'npm')
      byEcosystem.set(c.pkg.ecosystem, (byEcosystem.get(c.pkg.ecosystem) ?? 0) + 1);
  for (const [ecosystem, packages] of [...byEcosystem].sort(([a], [b]) => (a < b ? -1 : 1)))
    report.unsupported.push({ ecosystem, packages });
  if (byEcosystem.size > 0)
    notes.push({
      level: 'notice',
      message: `supply-chain signals are read from the npm registry only: not checked for ${[...byEcosystem]
        .map(([e, n]) => `${e} (${n} package version${n === 1 ? '' : 's'})`)
        .join(', ')}`,
    });

  const scriptAllowed = (name: string) =>
    policy.allowScripts.includes(name) || input.repositoryAllowsScripts?.has(name) === true;
  const cutoff = now.getTime() - policy.minimumReleaseAgeMinutes * MINUTE;
  for (const c of introduced) {
    const { pkg } = c;
    if (pkg.ecosystem !== 'npm') continue;
    const facts = lookup.found.get(registryKey(pkg.ecosystem, pkg.name));
    // Install scripts the lockfile records are known without the registry.
    const fromLockfile = pkg.installScript === true;
    if (facts === undefined) {
      if (fromLockfile) judgeScripts(c, undefined, undefined);
      continue;
    }
    const version: VersionFacts | undefined = facts.versions.get(pkg.version);
    if (version === undefined) {
      notes.push({
        level: failLevel,
        message: `${facts.registry} does not list ${pkg.name} ${pkg.version} (unpublished, or not from this registry): its supply-chain signals were not checked${
          policy.onError === 'fail' ? ', so the check fails (supplyChain.onError: fail)' : ''
        }`,
      });
      if (fromLockfile) judgeScripts(c, undefined, facts.registry);
      continue;
    }
    if (policy.minimumReleaseAgeMinutes > 0 && !excluded(pkg.name)) {
      if (version.published === undefined)
        notes.push({
          level: failLevel,
          message: `${facts.registry} gives no publish time for ${pkg.name} ${pkg.version}: its release age is unknown${
            policy.onError === 'fail' ? ', so the check fails (supplyChain.onError: fail)' : ''
          }`,
        });
      else {
        const published = Date.parse(version.published);
        if (published > cutoff) {
          const allowedFrom = new Date(published + policy.minimumReleaseAgeMinutes * MINUTE);
          const pin = pinFor(pkg.ecosystem, pkg.version, facts, cutoff);
          const finding = findingOf(
            c,
            'supply-chain',
            'error',
            rule('minimumReleaseAge'),
            `${pkg.name} ${pkg.version} was published ${ago(now.getTime() - published)} ago (minimumReleaseAge ${policy.minimumReleaseAge}): wait until ${minuteText(allowedFrom)}${pin === undefined ? '' : ` or pin ${pin}`}`,
          );
          finding.supplyChain = {
            signal: 'release-age',
            registry: facts.registry,
            published: version.published,
            allowedFrom: allowedFrom.toISOString(),
            ...(pin === undefined ? {} : { pin }),
          };
          findings.push(finding);
        }
      }
    }
    judgeScripts(c, version, facts.registry);
    if (policy.provenance !== 'off' && !version.provenance) {
      const replaced = c.previousVersion;
      const attested =
        replaced !== undefined && facts.versions.get(replaced)?.provenance === true
          ? { v: replaced, what: 'the version it replaces' }
          : (() => {
              const prev = previousRelease(pkg.version, facts);
              return prev !== undefined && facts.versions.get(prev)?.provenance === true
                ? { v: prev, what: 'the previous release' }
                : undefined;
            })();
      if (attested !== undefined)
        add(
          c,
          policy.provenance,
          'provenance',
          { signal: 'provenance', registry: facts.registry, attestedVersion: attested.v },
          `${pkg.name} ${pkg.version} has no provenance attestation, but ${attested.what}, ${attested.v}, had one: it may have been published outside the project's CI (a stolen token); check the release before trusting it, or stay on ${attested.v}`,
        );
    }
    if (version.deprecated !== undefined) {
      const text =
        version.deprecated.length > 200 ? `${version.deprecated.slice(0, 199)}…` : version.deprecated;
      add(
        c,
        policy.deprecated,
        'deprecated',
        { signal: 'deprecated', registry: facts.registry, deprecation: version.deprecated },
        `${pkg.name} ${pkg.version} is deprecated on the registry ("${text}"): move to a maintained version or a replacement`,
      );
    }
  }
  return { findings, notes, report };

  function judgeScripts(c: Candidate, version: VersionFacts | undefined, registry: string | undefined): void {
    if (policy.installScripts === 'off') return;
    const fromLockfile = c.pkg.installScript === true;
    const scripts = version?.installScripts ?? (fromLockfile ? [] : undefined);
    if (scripts === undefined || scriptAllowed(c.pkg.name)) return;
    const named = scripts.length === 0 ? 'an install script' : `an install script (${scripts.join(', ')})`;
    add(
      c,
      policy.installScripts,
      'installScripts',
      {
        signal: 'install-script',
        scripts,
        scriptsFrom: fromLockfile ? 'lockfile' : 'registry',
        ...(registry === undefined ? {} : { registry }),
      },
      `${c.pkg.name} ${c.pkg.version} runs ${named}: add it to supplyChain.allowScripts if you trust it`,
    );
  }
}
