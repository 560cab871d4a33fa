import {
  dependencyPaths,
  isLockfileError,
  readLockfile,
  unsupportedLockfileReason,
  type LockfileResult,
} from '../lockfiles/index.js';
import { packageId, packageVersionKey, transitivityOf } from '../domain/index.js';
import {
  coversLockfile,
  defaultSources,
  hasRules,
  noRulesMessage,
  type Policy,
  type SourcesPolicy,
  type VulnerabilityPolicy,
} from '../policy/index.js';
import { applyExceptions } from './apply-exceptions.js';
import { diffLockfile, groupVersions, isOwnCode, type EntryChange } from './diff-lockfile.js';
import { markOutsideRepository } from './local-source.js';
import { evaluatePackage, type Candidate } from './evaluate-package.js';
import { evaluateSource, locationAllowed } from './evaluate-source.js';
import { judgeVulnerabilities, type GateAdvisorySource } from './judge-vulnerabilities.js';
import { judgeSupplyChain } from './judge-supply-chain.js';
import type { RegistrySource } from '../registries/index.js';
import { matchMoves, projectFolder, versionKeys, type LockfileOrigin } from './match-moves.js';
import { sourceLocation } from './source-location.js';
import {
  lookupDeniedElsewhere,
  lookupOrgUsage,
  type GatePlatform,
  type OrgUsageAnswer,
  type UsageQuestion,
} from './org-usage.js';
import { describePolicyChange } from './policy-source.js';
import { shownPath } from './shown-path.js';
import type {
  ExceptionUse,
  Finding,
  LockfilePair,
  LockfileReport,
  PolicyFrom,
  Report,
  ReportNote,
  VulnerabilityReport,
  SourceRewrite,
  SupplyChainReport,
} from './types.js';

export interface GateOptions {
  /** Each changed lockfile's two sides; the gate keeps those the policy's `paths` cover. */
  lockfiles: readonly LockfilePair[];
  policy: Policy;
  now: Date;
  toolVersion: string;
  /** `audit`: the head lockfiles are checked whole, as if every package were introduced. */
  mode: 'diff' | 'audit';
  base?: string;
  head?: string;
  /** How the edge chose the base, said on the report's first line (`merge base of origin/main (5dc5ba4)`). */
  baseLabel?: string;
  /** The platform to ask; absent when the local policy alone is checked. */
  platform?: GatePlatform;
  /** Where the edge read the policy from (choosePolicySide): said in the report. */
  policyFrom?: PolicyFrom;
  /**
   * The policy file on both sides of the change, when the base's judges it: an edit is reported as a
   * notice (what it changes), and does not apply to this check.
   */
  policyChange?: { path: string; base?: string; head?: string };
  /** Notes the edge has to add (a policy read from a side that lets the change relax it, ...). */
  notes?: readonly ReportNote[];
  /**
   * The advisory sources the policy's `vulnerabilities.sources` name, as the edge set them up (one it
   * could not, with why: it counts as a source that cannot answer). Unused without `vulnerabilities:`.
   */
  advisorySources?: readonly GateAdvisorySource[];
  /** Where `supplyChain` reads registry facts (the edge finds the registry as npm does). */
  registry?: RegistrySource;
  /** Packages the repository's own pnpm, bun or yarn settings allow to run install scripts. */
  scriptAllowances?: ReadonlySet<string>;
  signal?: AbortSignal;
}

interface ReadPair {
  path: string;
  /** Where the base side was read (another path for a rename, a move or a migration). */
  basePath: string;
  base: LockfileResult | undefined;
  head: LockfileResult | undefined;
  /** The base was refused (a link): it stays unread and is never matched with another lockfile. */
  baseRefused: boolean;
  origin?: LockfileOrigin;
  changes: EntryChange[];
  paths: (string[] | undefined)[];
}

/**
 * Per package entry, the shortest chain of names from a direct dependency. A version installed at
 * several places (npm's nested node_modules) gets the shortest chain of any of its copies.
 */
function pathNames(result: LockfileResult | undefined): (string[] | undefined)[] {
  if (result?.dependencies === undefined) return [];
  const chains = dependencyPaths(result);
  const best = new Map<string, number[]>();
  const keyOf = (i: number) => `${result.packages[i]!.name}\u0000${result.packages[i]!.version}`;
  chains.forEach((chain, i) => {
    if (chain === undefined) return;
    const known = best.get(keyOf(i));
    if (known === undefined || chain.length < known.length) best.set(keyOf(i), chain);
  });
  return result.packages.map((_, i) => best.get(keyOf(i))?.map((at) => result.packages[at]!.name));
}

const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function originOf(
  from: string,
  to: string,
  base: LockfileResult,
  head: LockfileResult,
): LockfileOrigin | undefined {
  if (base.ecosystem !== head.ecosystem) return undefined;
  return { from, kind: nameOf(from) === nameOf(to) ? 'moved' : 'migrated', similarity: 0 };
}

/**
 * A lockfile the change adds takes as its base the one it replaces (matchMoves: a move or a
 * migration), which then is not reported apart: what the head holds is compared with what that
 * base held, so a move introduces nothing and a migration what really differs.
 */
function matchDeletedWithAdded(pairs: ReadPair[]): void {
  const deleted = pairs.filter((p) => p.head === undefined && p.base !== undefined);
  const added = pairs.filter((p) => p.base === undefined && p.head !== undefined && !p.baseRefused);
  if (deleted.length === 0 || added.length === 0) return;
  const origins = matchMoves(
    deleted.map((p) => ({ path: p.path, result: p.base! })),
    added.map((p) => ({ path: p.path, result: p.head! })),
  );
  const consumed = new Set<string>();
  for (const pair of added) {
    const origin = origins.get(pair.path);
    if (origin === undefined) continue;
    const from = deleted.find((p) => p.path === origin.from)!;
    pair.base = from.base;
    pair.basePath = from.basePath;
    pair.origin = origin;
    consumed.add(from.path);
  }
  for (let i = pairs.length - 1; i >= 0; i--)
    if (pairs[i]!.head === undefined && consumed.has(pairs[i]!.path)) pairs.splice(i, 1);
}

/**
 * A version counts as introduced only if no lockfile of the same project that the change replaces (one
 * it deletes in the same folder, or in its `requirements/` folder for Python, of the same ecosystem:
 * the rest of a migration, eight requirements files become one pdm.lock) already had it: such a change is marked `inBase`. A lockfile the change
 * leaves in place is another set of dependencies (requirements/test.txt beside requirements/prod.txt):
 * what it holds is not installed by the one changed, so it carries nothing over.
 */
function markKnownVersions(pairs: ReadPair[]): void {
  const bases = pairs.flatMap((p) =>
    p.head === undefined && p.base !== undefined ? [{ path: p.basePath, result: p.base }] : [],
  );
  if (bases.length === 0) return;
  const keysByPath = new Map<string, Set<string>>();
  for (const pair of pairs) {
    // Only a lockfile the change adds (or moved or migrated here) replaces others; one it edits in place
    // takes nothing from a file deleted beside it (test requirements merged into production ones are new there).
    if (pair.head === undefined || (pair.base !== undefined && pair.origin === undefined)) continue;
    const folder = projectFolder(pair.path);
    // pip projects keep their pins in a `requirements/` folder beside the project file.
    const requirements = folder === '' ? 'requirements' : `${folder}/requirements`;
    const others = bases.filter(
      (b) =>
        b.result !== pair.base &&
        b.result.ecosystem === pair.head!.ecosystem &&
        (projectFolder(b.path) === folder ||
          (b.result.ecosystem === 'pypi' && projectFolder(b.path) === requirements)),
    );
    for (const { change } of pair.changes) {
      if (change.to === undefined) continue;
      const key = packageVersionKey(change.ecosystem, change.name, change.to);
      for (const other of others) {
        let keys = keysByPath.get(other.path);
        if (keys === undefined) keysByPath.set(other.path, (keys = versionKeys(other.result)));
        if (!keys.has(key)) continue;
        change.inBase = other.path;
        break;
      }
    }
  }
}

const LEVEL_ORDER = { error: 0, warning: 1, notice: 2 } as const;

/** Most important first: what blocks, then by level, then where it is. */
function compareFindings(a: Finding, b: Finding): number {
  return (
    Number(b.blocking) - Number(a.blocking) ||
    LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
    Number(a.preExisting) - Number(b.preExisting) ||
    (a.lockfile < b.lockfile ? -1 : a.lockfile > b.lockfile ? 1 : 0) ||
    a.line - b.line
  );
}

/** How many source changes between the same two allowed hosts are told in one line instead of each. */
const FOLD_AT = 10;

/**
 * Mass rewrites of `resolved` (a registry mirror swapped in or out): same-version source changes whose
 * integrity did not change and whose old and new sources are both allowed, grouped by host pair; a group
 * of FOLD_AT or more is told in one line, its changes marked `folded`. Nothing the policy objects to is
 * folded: those changes have findings of their own.
 */
function foldRewrites(changes: readonly EntryChange[], sources: SourcesPolicy): SourceRewrite[] {
  const groups = new Map<string, { rewrite: SourceRewrite; members: EntryChange[] }>();
  for (const entry of changes) {
    const { change, head, base } = entry;
    if (change.kind !== 'source-changed' || head === undefined || base === undefined) continue;
    if (change.integrity === 'changed' || change.integrity === 'removed') continue;
    if (change.fromSource === undefined && change.toSource === undefined) continue;
    // No source recorded is the package manager's configured registry (npm's
    // omit-lockfile-registry-resolved drops every `resolved`): a move to or from it folds too.
    const from = sourceLocation(base.pkg);
    const to = sourceLocation(head.pkg);
    if (from === undefined || to === undefined) continue;
    if (from !== 'default' && !locationAllowed(base.pkg, from, sources)) continue;
    if (to !== 'default' && !locationAllowed(head.pkg, to, sources)) continue;
    const fromHost = from === 'default' ? 'the default registry' : from.host;
    const toHost = to === 'default' ? 'the default registry' : to.host;
    const key = `${fromHost}\u0000${toHost}`;
    let group = groups.get(key);
    if (group === undefined)
      groups.set(key, (group = { rewrite: { fromHost, toHost, count: 0 }, members: [] }));
    group.rewrite.count++;
    group.members.push(entry);
  }
  const out: SourceRewrite[] = [];
  for (const { rewrite, members } of groups.values()) {
    if (rewrite.count < FOLD_AT) continue;
    for (const m of members) m.change.folded = true;
    out.push(rewrite);
  }
  return out;
}

/** Phase 1, before reading: the edge's notes, what the change does to the policy, a policy without rules. */
function openingNotes(options: GateOptions): ReportNote[] {
  const notes: ReportNote[] = [...(options.notes ?? [])];
  if (options.policyChange !== undefined && options.policyFrom?.side === 'base') {
    const change = describePolicyChange({
      ...options.policyChange,
      ...(options.policyFrom.commit === undefined ? {} : { baseCommit: options.policyFrom.commit }),
    });
    if (change !== undefined) notes.push(change);
  }
  if (!hasRules(options.policy)) notes.push({ level: 'warning', message: noRulesMessage(options.policy) });
  return notes;
}

/**
 * Why a changed lockfile is not read, as its note (an `error` fails the check): outside the policy's
 * paths, a lockfile depgate cannot read, a link or not a regular file on the head, gone on both sides.
 * Undefined when it is read.
 */
function unreadNote(pair: LockfilePair, policy: Policy): ReportNote | undefined {
  const file = pair.path;
  if (!coversLockfile(policy, pair.path))
    return {
      level: 'notice',
      message: `outside the policy's paths (paths.include / paths.exclude): not checked`,
      file,
    };
  const unsupported = unsupportedLockfileReason(pair.path);
  if (unsupported !== undefined)
    return pair.head === undefined && pair.unreadable?.head === undefined
      ? { level: 'notice', message: `deleted; not read (${unsupported})`, file }
      : {
          level: 'error',
          message: `not read: ${unsupported}; a lockfile depgate cannot read fails the check`,
          file,
        };
  const refusedHead = pair.unreadable?.head;
  if (refusedHead !== undefined)
    return {
      level: 'error',
      message: `${refusedHead} on the head: depgate never follows links nor reads what is not a regular file, so this lockfile cannot be checked and the check fails (commit the lockfile itself)`,
      file,
    };
  if (pair.base !== undefined || pair.head !== undefined) return undefined;
  const refusedBase = pair.unreadable?.base;
  return refusedBase !== undefined
    ? { level: 'notice', message: `${refusedBase} on the base, gone on the head: nothing to check`, file }
    : {
        level: 'error',
        message: `changed, but neither side could be read at this path (${shownPath(pair.path)}): the check fails`,
        file,
      };
}

// A folder of test data: what a project's tests read, never what it installs.
const FIXTURE_FOLDER = /(^|\/)(tests?|__tests__|specs?|fixtures?|__fixtures__|testdata|test[-_]data)\//i;

/**
 * A lockfile under a test-fixture folder that cannot be read (a test of the package manager's own
 * errors: poetry's lock-version 999.0, a go.mod of terminal colour codes) is told, not judged, and the
 * check goes on with the others, unless the policy names the lockfiles it covers (`paths.include`) and
 * this is one of them. Undefined for any other lockfile: that one fails the check as unreadable.
 */
function unreadFixtureNote(path: string, error: unknown, policy: Policy): ReportNote | undefined {
  if (!isLockfileError(error) || !FIXTURE_FOLDER.test(path)) return undefined;
  const chosen = !(policy.paths.include.length === 1 && policy.paths.include[0] === '**');
  if (chosen) return undefined;
  const note: ReportNote = {
    level: 'warning',
    message: `cannot be read (${error.reason}); it is under a test-fixture folder, which no install reads, so it is not judged: list it in paths.include to have it checked`,
    file: path,
  };
  if (error.line !== undefined) note.line = error.line;
  return note;
}

/**
 * Phase 2: each changed lockfile read on both sides (sources and integrity too: a same-version change
 * of either is a change; edges and the manifest on the head), or listed in a note with why not: every
 * changed lockfile is either read or told, and what cannot be read fails the check.
 */
function readChangedLockfiles(options: GateOptions, notes: ReportNote[]): ReadPair[] {
  const pairs: ReadPair[] = [];
  for (let pair of options.lockfiles) {
    const unread = unreadNote(pair, options.policy);
    if (unread !== undefined) {
      notes.push(unread);
      continue;
    }
    const refusedBase = pair.unreadable?.base;
    if (refusedBase !== undefined)
      notes.push({
        level: 'warning',
        message: `${refusedBase} on the base: not read, so every package of the head counts as introduced`,
        file: pair.path,
      });
    // A rename (git's detection) reads the base by its own name: it may be another format.
    const basePath =
      pair.basePath !== undefined && unsupportedLockfileReason(pair.basePath) === undefined
        ? pair.basePath
        : pair.path;
    // A file renamed from where the policy does not look had nothing judged there: it is added here.
    if (basePath !== pair.path && !coversLockfile(options.policy, basePath)) {
      notes.push({
        level: 'notice',
        message: `renamed from ${shownPath(basePath)}, which the policy's paths do not cover: read as added`,
        file: pair.path,
      });
      pair = { ...pair, base: undefined };
      delete pair.basePath;
    }
    let base: LockfileResult | undefined;
    let head: LockfileResult | undefined;
    try {
      base =
        options.mode === 'audit' || pair.base === undefined
          ? undefined
          : readLockfile(basePath, pair.base, { sources: true });
      head =
        pair.head === undefined
          ? undefined
          : readLockfile(pair.path, pair.head, {
              edges: true,
              sources: true,
              ...(pair.headManifest === undefined ? {} : { manifest: pair.headManifest }),
            });
      markOutsideRepository(base, basePath);
      markOutsideRepository(head, pair.path);
    } catch (error) {
      const note = unreadFixtureNote(pair.path, error, options.policy);
      if (note === undefined) throw error;
      notes.push(note);
      continue;
    }
    for (const warning of head?.warnings ?? []) {
      const note: ReportNote = {
        level: warning.notice === true ? 'notice' : 'warning',
        message: warning.message,
        file: pair.path,
      };
      if (warning.line !== undefined) note.line = warning.line;
      notes.push(note);
    }
    const read: ReadPair = {
      path: pair.path,
      basePath,
      base,
      head,
      baseRefused: refusedBase !== undefined,
      changes: [],
      paths: [],
    };
    if (base !== undefined && head !== undefined && basePath !== pair.path)
      read.origin = originOf(basePath, pair.path, base, head);
    pairs.push(read);
  }
  return pairs;
}

/**
 * Phase 3: the changes of each lockfile, from the base it replaces when it was moved or migrated, with
 * the head's dependency paths; in a diff, a version a base lockfile of the same project already had is
 * marked as not introduced.
 */
function diffChangedLockfiles(pairs: ReadPair[], options: GateOptions): void {
  if (options.mode === 'diff') matchDeletedWithAdded(pairs);
  for (const pair of pairs) {
    pair.changes = diffLockfile(pair.base, pair.head);
    pair.paths = pathNames(pair.head);
  }
  if (options.mode === 'diff') markKnownVersions(pairs);
}

/**
 * Phase 4: what to judge: every introduced version, and (in a diff) the head's unchanged versions,
 * which may be pre-existing violations. A version whose source moved is judged by `sources` (phase 5);
 * by the rest, as the base had it.
 */
function collectCandidates(pairs: readonly ReadPair[], askPlatform: boolean): Candidate[] {
  const candidates: Candidate[] = [];
  for (const pair of pairs) {
    const recorded = pair.head?.dependencies !== undefined;
    const introduced = new Set<number>();
    for (const { change, head, base } of pair.changes) {
      if (head === undefined || change.kind === 'source-changed') continue;
      introduced.add(head.index);
      const candidate: Candidate = {
        lockfile: pair.path,
        pkg: head.pkg,
        transitivity: change.transitivity,
        change: change.kind,
        preExisting: change.inBase !== undefined,
        pathRecorded: recorded,
        askNewToOrg: change.kind === 'added' && change.inBase === undefined && askPlatform,
      };
      if (change.inBase !== undefined && change.inBase !== pair.path) candidate.basePath = change.inBase;
      if (base !== undefined) candidate.previousVersion = base.pkg.version;
      const path = pair.paths[head.index];
      if (path !== undefined) candidate.path = change.path = path;
      candidates.push(candidate);
    }
    if (pair.head === undefined || pair.base === undefined) continue;
    for (const [, versions] of groupVersions(pair.head)) {
      for (const entry of versions.values()) {
        if (introduced.has(entry.index) || isOwnCode(entry.pkg)) continue;
        const candidate: Candidate = {
          lockfile: pair.path,
          pkg: entry.pkg,
          transitivity: transitivityOf(entry.pkg),
          preExisting: true,
          pathRecorded: recorded,
          askNewToOrg: false,
        };
        if (pair.basePath !== pair.path) candidate.basePath = pair.basePath;
        const path = pair.paths[entry.index];
        if (path !== undefined) candidate.path = path;
        candidates.push(candidate);
      }
    }
  }
  return candidates;
}

/**
 * Phase 4, with the platform: one batched listing about every introduced version, for who in the
 * organization already uses it and the licenses the platform knows.
 */
async function askOrgUsage(
  platform: GatePlatform,
  candidates: readonly Candidate[],
): Promise<OrgUsageAnswer> {
  const questions: UsageQuestion[] = candidates
    .filter((c) => !c.preExisting)
    .map((c) => ({
      ecosystem: c.pkg.ecosystem,
      name: c.pkg.name,
      version: c.pkg.version,
      anyVersion: c.askNewToOrg,
    }));
  const answer = await lookupOrgUsage(platform, questions);
  for (const c of candidates) {
    if (c.preExisting) continue;
    const usage = answer.usage.get(packageId(c.pkg));
    c.orgRepositories = usage?.repositories.size ?? 0;
    c.platformLicenses = usage?.licenses.get(c.pkg.version) ?? [];
  }
  return answer;
}

/**
 * Formats whose package manager writes an integrity for each registry download it locks: npm 5 and
 * later, yarn berry, pnpm, bun's text lockfile, Cargo and uv. (Not yarn 1: before 1.10 it wrote none,
 * and checks the sha1 at the end of each `resolved` URL instead.)
 */
const ALWAYS_RECORDS_INTEGRITY = /^(package-lock|yarn-berry|pnpm|bun|cargo|uv)@/;

/** Phase 5, sources: where each entry the change brings is fetched from, and its integrity. */
function judgeSources(pairs: readonly ReadPair[], sources: SourcesPolicy): Finding[] {
  const findings: Finding[] = [];
  for (const pair of pairs) {
    // A new lockfile of a format whose package manager records an integrity for every download
    // records them, even when this one has none (written so, it checks nothing it installs).
    const recordsIntegrity =
      pair.head?.packages.some((p) => p.integrity !== undefined) === true ||
      pair.base?.packages.some((p) => p.integrity !== undefined) === true ||
      (pair.base === undefined && pair.head !== undefined && ALWAYS_RECORDS_INTEGRITY.test(pair.head.format));
    for (const { change, head, base } of pair.changes) {
      if (head === undefined || isOwnCode(head.pkg)) continue;
      const path = pair.paths[head.index];
      findings.push(
        ...evaluateSource(
          {
            lockfile: pair.path,
            pkg: head.pkg,
            change,
            recordsIntegrity,
            pathRecorded: pair.head?.dependencies !== undefined,
            ...(base?.pkg.integrity === undefined ? {} : { baseIntegrity: base.pkg.integrity }),
            ...(path === undefined ? {} : { path }),
          },
          sources,
        ),
      );
    }
  }
  return findings;
}

/** The deny rule a `denied` finding names (`deny[3]` -> 3). */
const denyIndexOf = (finding: Finding): number => Number(finding.rule.id.slice(5, -1));

/**
 * Phase 5, with the platform: context for what the change is denied: where the organization already
 * carries what each rule denies (its requests counted in the answer's).
 */
async function addDeniedElsewhere(
  platform: GatePlatform,
  policy: Policy,
  findings: readonly Finding[],
  answer: OrgUsageAnswer,
): Promise<void> {
  const denied = new Set<number>();
  for (const f of findings) if (f.kind === 'denied' && !f.preExisting) denied.add(denyIndexOf(f));
  if (denied.size === 0) return;
  const elsewhere = await lookupDeniedElsewhere(
    platform,
    [...denied].map((index) => ({ index, rule: policy.deny[index]! })),
  );
  answer.requests += elsewhere.requests;
  answer.minimumRequests += elsewhere.minimumRequests;
  for (const f of findings) {
    if (f.kind !== 'denied' || f.preExisting) continue;
    f.rule.orgRepositories = elsewhere.repositories.get(denyIndexOf(f))?.size ?? 0;
  }
}

/** Phase 6: known advisories of what the change introduces and of what it leaves behind. */
async function checkVulnerabilities(
  options: GateOptions,
  vulnerabilityPolicy: VulnerabilityPolicy,
  pairs: readonly ReadPair[],
  candidates: readonly Candidate[],
  findings: Finding[],
  notes: ReportNote[],
): Promise<VulnerabilityReport> {
  const outcome = await judgeVulnerabilities({
    policy: vulnerabilityPolicy,
    sources: options.advisorySources ?? [],
    candidates,
    changes: pairs.map((p) => ({ lockfile: p.path, changes: p.changes })),
    askPreExisting: options.policy.preExisting === 'fail',
    formats: new Map(pairs.flatMap((p) => (p.head === undefined ? [] : [[p.path, p.head.format] as const]))),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  findings.push(...outcome.findings);
  notes.push(...outcome.notes);
  const report = outcome.report;
  if (report.fixed > 0)
    notes.push({
      level: 'notice',
      message: `this change fixes ${report.fixed} known advisor${report.fixed === 1 ? 'y' : 'ies'}: ${report.fixes
        .map((f) => `${f.name} ${f.from} -> ${f.to ?? 'removed'} (${f.advisories.join(', ')})`)
        .join('; ')}`,
    });
  return report;
}

/** Phase 7: the exceptions excuse what they match; then what blocks, most important first. */
function settleFindings(findings: Finding[], policy: Policy, now: Date, notes: ReportNote[]): ExceptionUse[] {
  const { uses, notes: exceptionNotes } = applyExceptions(
    findings,
    policy.exceptions,
    now,
    policy.vulnerabilities?.failOn,
  );
  notes.push(...exceptionNotes);
  for (const f of findings) {
    f.blocking = f.level === 'error' && (!f.preExisting || policy.preExisting === 'fail');
  }
  findings.sort(compareFindings);
  return uses;
}

/** Phase 8: what each lockfile's change amounts to, for the report. */
function lockfileReport(pair: ReadPair, sources: SourcesPolicy, mode: GateOptions['mode']): LockfileReport {
  const side = (pair.head ?? pair.base)!;
  const counts: LockfileReport['counts'] = { added: 0, removed: 0, upgraded: 0, downgraded: 0, changed: 0 };
  for (const { change } of pair.changes) {
    if (change.kind === 'source-changed') counts.sourceChanged = (counts.sourceChanged ?? 0) + 1;
    else counts[change.kind]++;
  }
  const rewrites = foldRewrites(pair.changes, sources);
  const report: LockfileReport = {
    path: pair.path,
    ecosystem: side.ecosystem,
    format: side.format,
    status:
      (pair.base === undefined || pair.origin !== undefined) && mode === 'diff'
        ? 'added'
        : pair.head === undefined
          ? 'deleted'
          : pair.changes.length === 0
            ? 'unchanged'
            : 'modified',
    changes: pair.changes.map((c) => c.change),
    counts,
    ...(rewrites.length === 0 ? {} : { sourceRewrites: rewrites }),
    edgesRecorded: pair.head?.dependencies !== undefined,
  };
  if (pair.origin?.kind === 'moved') report.movedFrom = pair.origin.from;
  else if (pair.origin !== undefined)
    report.migratedFrom = { path: pair.origin.from, format: pair.base!.format };
  return report;
}

/** Phase 8: the Report: the verdict (`block` on a blocking finding or an unread lockfile) and counts. */
function assembleReport(
  options: GateOptions,
  lockfiles: LockfileReport[],
  findings: Finding[],
  uses: ExceptionUse[],
  notes: ReportNote[],
  vulnerabilities: VulnerabilityReport | undefined,
  answer: OrgUsageAnswer | undefined,
): Report {
  const violations = findings.filter((f) => f.blocking).length;
  const unreadable = notes.some((n) => n.level === 'error');
  const report: Report = {
    schemaVersion: 1,
    verdict: violations > 0 || unreadable ? 'block' : 'pass',
    tool: { name: 'depgate', version: options.toolVersion },
    generatedAt: options.now.toISOString(),
    mode: options.mode,
    policy: options.policy.source,
    ...(options.policyFrom === undefined ? {} : { policyFrom: options.policyFrom }),
    lockfiles,
    findings,
    exceptions: uses,
    counts: {
      lockfiles: lockfiles.length,
      introduced: lockfiles.reduce(
        (n, l) =>
          n +
          l.changes.filter((c) => c.to !== undefined && c.kind !== 'source-changed' && c.inBase === undefined)
            .length,
        0,
      ),
      removed: lockfiles.reduce((n, l) => n + l.counts.removed, 0),
      violations,
      // A source that could not answer (`onError: warn`) is a warning too: what it would say is unknown.
      warnings:
        findings.filter((f) => f.level === 'warning').length +
        (vulnerabilities?.sources.filter((s) => s.status === 'failed').length ?? 0),
      preExisting: findings.filter((f) => f.preExisting).length,
    },
    notes,
    ...(vulnerabilities === undefined ? {} : { vulnerabilities }),
    platform: { mode: options.platform === undefined ? 'off' : 'on' },
  };
  if (options.base !== undefined) report.base = options.base;
  if (options.baseLabel !== undefined && options.mode === 'diff') report.baseLabel = options.baseLabel;
  if (options.head !== undefined) report.head = options.head;
  if (options.platform !== undefined && answer !== undefined) {
    report.platform.requests = answer.requests;
    report.platform.minimumRequests = answer.minimumRequests;
    report.platform.deploymentSlug = options.platform.deploymentSlug;
  }
  return report;
}

/**
 * The gate: reads both sides of each changed lockfile, diffs them, asks the platform (when given) in
 * one batched listing about everything the change introduces, judges it against the policy, applies
 * the exceptions and returns the Report. A verdict is data: `block` is a value, not an error. A lockfile
 * that cannot be read throws its LockfileError (file and line); a platform failure throws its ApiError.
 */
export async function runGate(options: GateOptions): Promise<Report> {
  const { policy, platform } = options;
  const notes = openingNotes(options);
  const pairs = readChangedLockfiles(options, notes);
  diffChangedLockfiles(pairs, options);
  const candidates = collectCandidates(pairs, platform !== undefined);
  const answer = platform === undefined ? undefined : await askOrgUsage(platform, candidates);
  const sources = policy.sources ?? defaultSources();
  const findings = [
    ...candidates.flatMap((c) => evaluatePackage(c, policy)),
    ...judgeSources(pairs, sources),
  ];
  if (platform !== undefined && answer !== undefined)
    await addDeniedElsewhere(platform, policy, findings, answer);
  const vulnerabilities =
    policy.vulnerabilities === undefined
      ? undefined
      : await checkVulnerabilities(options, policy.vulnerabilities, pairs, candidates, findings, notes);
  let supplyChain: SupplyChainReport | undefined;
  if (policy.supplyChain !== undefined) {
    const outcome = await judgeSupplyChain({
      policy: policy.supplyChain,
      candidates,
      now: options.now,
      ...(options.registry === undefined ? {} : { registry: options.registry }),
      ...(options.scriptAllowances === undefined
        ? {}
        : { repositoryAllowsScripts: options.scriptAllowances }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    findings.push(...outcome.findings);
    notes.push(...outcome.notes);
    supplyChain = outcome.report;
  }
  const uses = settleFindings(findings, policy, options.now, notes);
  const lockfiles = pairs.map((pair) => lockfileReport(pair, sources, options.mode));
  const report = assembleReport(options, lockfiles, findings, uses, notes, vulnerabilities, answer);
  if (supplyChain !== undefined) report.supplyChain = supplyChain;
  return report;
}
