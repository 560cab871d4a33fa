import type { Ecosystem } from '../domain/index.js';

/** Where something was written in the policy file, for messages and reports (1-based). */
export interface PolicySource {
  line: number;
  column: number;
}

/**
 * A package rule in the platform's own package-filter shape (`name`, `exactNameMatch`, `exactVersion`,
 * `versionLowerBound`, `versionUpperBound`, bounds with their operator), narrowed by ecosystem and by
 * lockfile path globs. Unset fields do not constrain.
 */
export interface PackageRule {
  name?: string;
  exactNameMatch?: boolean;
  exactVersion?: string;
  /** With its operator: `>=1.2.0` or `>1.2.0`. */
  versionLowerBound?: string;
  /** With its operator: `<2.0.0` or `<=2.0.0`. */
  versionUpperBound?: string;
  ecosystem?: Ecosystem;
  /** Globs of lockfile paths the rule covers (all when unset). */
  paths?: string[];
  reason?: string;
  /** Index in its list (`deny[2]`) and where it was written. */
  index: number;
  at: PolicySource;
}

/** A rule that excuses what it matches, for a reason, owned by someone, until a date. */
export interface PolicyException extends PackageRule {
  /**
   * An advisory id (GHSA, CVE, PYSEC, RUSTSEC, GO, OSV...): the exception excuses that advisory only
   * (any of its aliases matches), on the packages its other keys narrow to (all when none is written).
   * An exception without it never excuses a vulnerability.
   */
  advisory?: string;
  reason: string;
  owner: string;
  /** The last day it excuses, `YYYY-MM-DD` (UTC); from the next day on it no longer excuses, and warns. */
  expires: string;
}

export type LicenseUnknownMode = 'warn' | 'fail' | 'ignore';
export type NewToOrgMode = 'off' | 'warn' | 'fail';
export type PreExistingMode = 'report' | 'fail';
/** The lowest advisory severity that blocks (`none`: advisories are reported, never block). */
export type SeverityThreshold = 'none' | 'low' | 'moderate' | 'high' | 'critical';
export const SEVERITY_THRESHOLDS = ['none', 'low', 'moderate', 'high', 'critical'] as const;
export type AdvisorySourceName = 'osv' | 'platform';
export const ADVISORY_SOURCE_NAMES = ['osv', 'platform'] as const;

/** The `vulnerabilities:` key: known advisories of what a change introduces. */
export interface VulnerabilityPolicy {
  failOn: SeverityThreshold;
  /** Where advisories come from, each asked once per check. */
  sources: AdvisorySourceName[];
  /** A source that cannot answer: `fail` fails the check, `warn` says so in a warning (never silent). */
  onError: 'fail' | 'warn';
  /** Where the key is written, for messages. */
  at?: PolicySource;
}

/** A supply-chain signal's weight: `off` not checked, `warn` reported, `fail` blocks. */
export type SignalMode = 'off' | 'warn' | 'fail';

/**
 * The `supplyChain:` key: what the package registries say about each version a change introduces
 * (publish time, install scripts, provenance, deprecation) and names close to popular ones.
 */
export interface SupplyChainPolicy {
  /** A version published less than this many minutes ago blocks (0: no cooldown). */
  minimumReleaseAgeMinutes: number;
  /** The cooldown as written (`3d`, `72h`, `4320`), for messages. */
  minimumReleaseAge: string;
  /** Names or globs the cooldown does not apply to (picomatch, as pnpm's minimumReleaseAgeExclude). */
  minimumReleaseAgeExclude: string[];
  installScripts: SignalMode;
  /** Packages allowed to run install scripts (beside the repository's own pnpm/bun/yarn allow lists). */
  allowScripts: string[];
  provenance: SignalMode;
  deprecated: SignalMode;
  typosquat: SignalMode;
  /** A registry that cannot answer: `fail` fails the check, `warn` says so in a warning (never silent). */
  onError: 'fail' | 'warn';
  /** Where the key is written, for messages. */
  at?: PolicySource;
}

export interface LicensePolicy {
  /** SPDX ids allowed; a package whose license expression cannot be satisfied by them is a violation. */
  allow?: string[];
  /** SPDX ids denied; a package whose expression can only be satisfied with a denied id is a violation. */
  deny?: string[];
  /** What a package without a known license is. */
  unknown: LicenseUnknownMode;
}

export type SourceCheckMode = 'fail' | 'warn' | 'off';

/**
 * Where packages may be fetched from, and how their integrity may change (lockfile injection: a
 * `resolved` pointed at another host, an integrity swapped for the same version).
 */
export interface SourcesPolicy {
  /**
   * Hosts a registry or git source may name, beside each package manager's default registry (when
   * `defaultHosts`): `registry.example.com`, `*.example.com`, or a host and path prefix
   * (`github.com/rust-lang/crates.io-index`).
   */
  allowedHosts: string[];
  /** Whether each ecosystem's default registries (and the git forges, for git sources) are allowed too. */
  defaultHosts: boolean;
  /** URL schemes a source may use (`https`, `git+https`, `git+ssh`, ...); `http` is not among the defaults. */
  allowedSchemes: string[];
  /** An integrity or checksum that changes for the same package version and source. */
  integrityChange: SourceCheckMode;
  /** An introduced registry entry without integrity in a lockfile that records integrity. */
  missingIntegrity: SourceCheckMode;
  /**
   * An introduced entry checked only by a hash for which collisions can be made: md5 anywhere, sha1
   * where the download is not a registry's own release (a tarball URL, a git archive, a local file).
   */
  weakIntegrity: SourceCheckMode;
  /** A git source not pinned to a full commit id. */
  gitPinned: SourceCheckMode;
  /** Where `sources` is written in the policy file, when it is. */
  at?: PolicySource;
}

/** A policy as read from `.github/depgate.yml` (or inline YAML), every default filled in. */
export interface Policy {
  /** The file it was read from, or `inline`. */
  source: string;
  deny: PackageRule[];
  exceptions: PolicyException[];
  licenses: LicensePolicy;
  newToOrg: NewToOrgMode;
  preExisting: PreExistingMode;
  /** Known vulnerabilities: absent when the policy has no `vulnerabilities:` key (not checked). */
  vulnerabilities?: VulnerabilityPolicy;
  /** Registry signals: absent when the policy has no `supplyChain:` key (not checked). */
  supplyChain?: SupplyChainPolicy;
  /**
   * Sources and integrity of what the change introduces, when the file writes `sources`; absent, the
   * gate judges them by `defaultSources()`.
   */
  sources?: SourcesPolicy;
  /** Which lockfiles the policy covers (globs over repository-relative paths). */
  paths: { include: string[]; exclude: string[] };
}
