import type { Ecosystem, PackageDependency, PackageName, Transitivity } from '../domain/index.js';
import type { SeverityThreshold } from '../policy/index.js';
import type { Advisory } from '../vulns/types.js';

/** The check's outcome: `block` when anything the change introduces breaks the policy. */
export type Verdict = 'pass' | 'block';

/** How one package of a lockfile changed between base and head. */
export type ChangeKind = 'added' | 'removed' | 'upgraded' | 'downgraded' | 'changed' | 'source-changed';

/**
 * How an entry's integrity moved in a `source-changed` change: `changed`, another value under the same
 * algorithm (different content for the same version); `removed` or `added`; `rewritten`, values that
 * cannot be compared (another algorithm or cache key, files added to or dropped from a release).
 */
export type IntegrityChange = 'changed' | 'removed' | 'added' | 'rewritten';

/**
 * One package version that the change adds, removes or moves (a set per name: several versions can
 * coexist): the domain's package, with its two versions instead of one.
 */
export interface PackageChange extends PackageName {
  kind: ChangeKind;
  /** The version on the base (absent for `added`). */
  from?: string;
  /** The version on the head (absent for `removed`). */
  to?: string;
  /** 1-based line of the head entry (of the base entry for `removed`). */
  line: number;
  transitivity: Transitivity;
  dev?: boolean;
  /** The shortest chain of names from a direct dependency to this package, when the format records edges. */
  path?: string[];
  /**
   * A base lockfile of the same project (same folder and ecosystem) that already had the new version:
   * the change does not introduce it (it is judged as pre-existing).
   */
  inBase?: string;
  /** `source-changed`: the source the base recorded for this version (absent: none, the default registry). */
  fromSource?: string;
  /** `source-changed`: the source the head records (absent: none, the default registry). */
  toSource?: string;
  /** `source-changed`: how the integrity moved, when it did. */
  integrity?: IntegrityChange;
  /** Part of a mass rewrite to an allowed host, told in one line (`LockfileReport.sourceRewrites`). */
  folded?: boolean;
}

/** Many entries whose source moved from one allowed host to another, integrity unchanged: one line. */
export interface SourceRewrite {
  fromHost: string;
  toHost: string;
  count: number;
}

/** What a lockfile's change amounts to. */
export interface LockfileReport {
  /** Repository-relative path. */
  path: string;
  ecosystem: Ecosystem;
  /** The head's format (`package-lock@3`), or the base's when the file was deleted. */
  format: string;
  /** `added` or `deleted` when the whole file is new or gone. */
  status: 'added' | 'modified' | 'deleted' | 'unchanged';
  changes: PackageChange[];
  counts: {
    added: number;
    removed: number;
    upgraded: number;
    downgraded: number;
    changed: number;
    /** Same version, another source or integrity (present when some are). */
    sourceChanged?: number;
  };
  /** Mass source rewrites between allowed hosts, each summarised in one line (their changes are `folded`). */
  sourceRewrites?: SourceRewrite[];
  /** Whether the format records dependency edges (paths can be shown). */
  edgesRecorded: boolean;
  /**
   * The lockfile of the same name this one replaces, deleted by the change in another folder (a move):
   * the changes are counted from it, not from nothing.
   */
  movedFrom?: string;
  /**
   * The lockfile of another format of the same ecosystem this one replaces, deleted by the change
   * (yarn.lock -> pnpm-lock.yaml, pdm.lock -> uv.lock): the changes are counted from it.
   */
  migratedFrom?: { path: string; format: string };
}

/** What a finding is about. */
export type FindingKind =
  /** A deny rule matched (and no valid exception excused it). */
  | 'denied'
  /** The license is denied, or not in the allow list. */
  | 'license'
  /** No license is known for the package (neither the lockfile nor the platform says). */
  | 'license-unknown'
  /** The version cannot be ordered by its ecosystem's rules, so a version bound could not be decided. */
  | 'version-unknown'
  /** No repository of the organization uses the package yet. */
  | 'new-to-org'
  /** The version has known advisories (all of them in one finding: `advisories`, `fix`). */
  | 'vulnerability'
  /**
   * Where the entry is fetched from, or its integrity, breaks `sources`: a host or scheme not allowed,
   * an integrity changed for the same version, a git source not pinned to a commit, no integrity.
   */
  | 'source'
  /**
   * What the registries say of an introduced version breaks `supplyChain`: published within the
   * cooldown, install scripts not allowed, provenance lost, deprecated, or a name imitating a popular one.
   */
  | 'supply-chain';

/** How much a finding weighs: `error` blocks (unless it is pre-existing), `warning` and `notice` do not. */
export type FindingLevel = 'error' | 'warning' | 'notice';

/** The policy entry behind a finding. */
export interface RuleRef {
  /** `deny[1]`, `licenses.deny`, `licenses.allow`, `licenses.unknown`, `newToOrg`. */
  id: string;
  reason?: string;
  /** Where it is written in the policy file. */
  line?: number;
  /** For a deny rule, when the platform was asked: repositories of the organization that already carry a package it denies. */
  orgRepositories?: number;
}

/** The exception that matched a finding (valid: it excuses; expired: it no longer does). */
export interface ExceptionRef {
  /** `exceptions[0]`. */
  id: string;
  status: 'valid' | 'expired';
  /** For an exception by advisory, the id it names. */
  advisory?: string;
  reason: string;
  owner: string;
  expires: string;
  line?: number;
}

/** A verdict on one package version of a lockfile: the domain's package, where it is, and why it is reported. */
export interface Finding extends PackageDependency {
  kind: FindingKind;
  level: FindingLevel;
  /** One line for a person: what is wrong and what to do. */
  message: string;
  /** True when the base already had this (reported apart; blocks only with `preExisting: fail`). */
  preExisting: boolean;
  /** True when this finding makes the verdict `block`. */
  blocking: boolean;
  lockfile: string;
  /** 1-based line of the entry in the head lockfile. */
  line: number;
  /** The base's version for an upgrade or downgrade (`old -> new`). */
  previousVersion?: string;
  change?: ChangeKind;
  /** Shortest chain from a direct dependency (`['react-scripts', 'webpack', 'left-pad']`). */
  path?: string[];
  /** False when the lockfile's format records no edges, so no path can be shown for a transitive package. */
  pathRecorded: boolean;
  licenses: string[];
  /** Where the licenses came from. */
  licenseSource?: 'lockfile' | 'platform';
  rule: RuleRef;
  exception?: ExceptionRef;
  /** How many repositories of the organization already use this package (any version), when asked. */
  orgRepositories?: number;
  /** For a `vulnerability`: every advisory of this version, worst first (aliases merged). */
  advisories?: FindingAdvisory[];
  /** For a `vulnerability`: the smallest version that fixes every advisory, when one is published. */
  fix?: string;
  /** For a `vulnerability` whose advisories name only the last affected version: a version after it. */
  fixAfter?: string;
  /** For a `vulnerability` with a `fix`: the command the lockfile's package manager takes to apply it. */
  fixCommand?: string;
  /**
   * For a `vulnerability` the platform answered for: the repositories of the organization where this
   * version is already flagged by a supply-chain finding, and those where it was found reachable.
   */
  organization?: { flagged: number; reachable: number; repositories: string[]; reachableIn: string[] };
  /** For a `supply-chain` finding: which signal, and the facts behind it. */
  supplyChain?: SupplyChainFacts;
}

/** The signal a `supply-chain` finding is about, and the registry's facts behind it. */
export interface SupplyChainFacts {
  signal: 'release-age' | 'install-script' | 'provenance' | 'deprecated' | 'typosquat';
  /** The registry that said it (absent for a typosquat, judged from the shipped list). */
  registry?: string;
  /** release-age: when the version was published, and when it is old enough. */
  published?: string;
  allowedFrom?: string;
  /** release-age: the newest older version that is old enough, to pin instead. */
  pin?: string;
  /** install-script: the scripts it runs, and where that was read (`lockfile` or `registry`). */
  scripts?: string[];
  scriptsFrom?: 'lockfile' | 'registry';
  /** provenance: the version that had provenance (the one replaced, or the previous release). */
  attestedVersion?: string;
  /** deprecated: the registry's message. */
  deprecation?: string;
  /** typosquat: the popular name imitated, and how. */
  popular?: string;
  trick?: 'edit' | 'swap' | 'separator';
}

/** What the supply-chain check asked and learned (present when the policy has `supplyChain:`). */
export interface SupplyChainReport {
  /** Each registry asked, whether it answered, and the names it left unanswered. */
  registries: { registry: string; status: 'answered' | 'failed'; error?: string; unanswered?: number }[];
  /** Distinct package names asked about, requests made, and the fewest they could take (one a name). */
  queried: number;
  requests: number;
  minimumRequests: number;
  /** Names the registry answered 404 for. */
  notFound: string[];
  /** Introduced versions of ecosystems no registry is asked about here. */
  unsupported: { ecosystem: Ecosystem; packages: number }[];
}

/** One advisory of a vulnerable version, with the exception that names it (if any). */
export interface FindingAdvisory extends Advisory {
  /** The sources that reported it (`osv (https://api.osv.dev)`). */
  sources: string[];
  /** An exception naming this advisory (or an alias): valid, it no longer counts; expired, it does. */
  exception?: ExceptionRef;
}

/** A change that leaves advisories behind: the base version had them, the head's version has not. */
export interface FixedAdvisories extends PackageName {
  lockfile: string;
  /** The base version that had the advisories. */
  from: string;
  /** The version now (absent when the package was removed). */
  to?: string;
  /** The advisory ids it fixes (the id shown first of each). */
  advisories: string[];
}

/** What the vulnerability check asked and learned (present when the policy has `vulnerabilities:`). */
export interface VulnerabilityReport {
  failOn: SeverityThreshold;
  /** Each source asked, whether it answered, and the requests it took. */
  sources: { label: string; status: 'answered' | 'failed'; requests: number; error?: string }[];
  /** Distinct package versions asked about (introduced, left behind, and pre-existing when they can fail). */
  queried: number;
  /** Requests made to every source together. */
  requests: number;
  /** Introduced package versions with at least one advisory. */
  vulnerable: number;
  /** Distinct advisories the change removes (upgrades past a fix, removals). */
  fixed: number;
  fixes: FixedAdvisories[];
  /** Package versions not checked because a source has no advisory database for their ecosystem. */
  unsupported: { source: string; ecosystem: Ecosystem; packages: number }[];
}

/** What became of each exception of the policy in this run. */
export interface ExceptionUse {
  id: string;
  /** For an exception by advisory, the id it names. */
  advisory?: string;
  reason: string;
  owner: string;
  expires: string;
  line?: number;
  /** `unused`: it matched nothing this change introduces (a candidate for removal). */
  status: 'valid' | 'expired' | 'unused';
  /** Findings it matched. */
  matched: number;
}

/**
 * A problem worth telling that is not a finding (a lockfile warning, a platform notice). `error`: a
 * changed lockfile the gate could not read or place (a symbolic link, not a regular file): it fails
 * the check, since what it would say is unknown.
 */
export interface ReportNote {
  level: 'error' | 'warning' | 'notice';
  message: string;
  file?: string;
  line?: number;
}

/** The gate's whole answer: data, rendered by src/report. JSON schema version 1 (docs in src/report). */
export interface Report {
  schemaVersion: 1;
  verdict: Verdict;
  tool: { name: 'depgate'; version: string };
  /** ISO 8601, from the injected clock. */
  generatedAt: string;
  /** What was compared: refs or SHAs as the caller names them; `audit` when head lockfiles were checked whole. */
  mode: 'diff' | 'audit';
  base?: string;
  head?: string;
  /** How the base was chosen, for a person: `merge base of origin/main (5dc5ba4)`, `main (5dc5ba4)`. */
  baseLabel?: string;
  /** The policy file (or `inline`, or `default`). */
  policy: string;
  /**
   * Where the policy was read from: the base commit (in CI, so that a change cannot relax its own
   * check), the head commit, the working tree, or a file given by path; with the commit when there is one.
   */
  policyFrom?: PolicyFrom;
  lockfiles: LockfileReport[];
  /** Every finding, most important first: blocking, then by level, then by lockfile and line. */
  findings: Finding[];
  exceptions: ExceptionUse[];
  counts: {
    lockfiles: number;
    /** Package versions the change brings in (added, and the changed-to versions). */
    introduced: number;
    removed: number;
    /** Blocking findings. */
    violations: number;
    warnings: number;
    preExisting: number;
  };
  notes: ReportNote[];
  /** The vulnerability check, when the policy turns it on. */
  vulnerabilities?: VulnerabilityReport;
  /** The supply-chain check, when the policy turns it on. */
  supplyChain?: SupplyChainReport;
  platform: {
    /** `off` when the local policy alone was checked. */
    mode: 'on' | 'off';
    /** Requests the gate made to the platform, and the fewest the questions asked could take. */
    requests?: number;
    minimumRequests?: number;
    deploymentSlug?: string;
  };
}

/** Where the policy that judged the change was read from. */
export interface PolicyFrom {
  side: 'base' | 'head' | 'worktree' | 'file' | 'inline';
  commit?: string;
}

/**
 * One lockfile's two sides as text; a side is absent when the file does not exist there. A side the
 * edge would not read (a symbolic link, a submodule, a folder) is named in `unreadable` with why.
 */
export interface LockfilePair {
  /** Repository-relative path (also how the reader is chosen), every byte as git has it. */
  path: string;
  /** The path on the base when the change renamed the file (git's rename detection); else `path`. */
  basePath?: string;
  base?: string;
  head?: string;
  unreadable?: { base?: string; head?: string };
  /**
   * The manifest beside the lockfile on the head (`package.json` beside a yarn classic or npm v1
   * lockfile, `pyproject.toml` beside a poetry.lock or pdm.lock, see `manifestPathOf`), where the
   * lockfile alone does not say which packages are direct.
   */
  headManifest?: string;
}

/** A base lockfile the change did not touch, in the folder of a changed one: what the project already had. */
export interface BaseLockfile {
  path: string;
  text: string;
}
