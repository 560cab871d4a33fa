/**
 * The platform API's wire format: request and response bodies as they travel in JSON, shared by the
 * client (which sends and reads them) and the emulator (which reads and answers them). See
 * ../shared/spec/platform-api.md and decisions.md. Everything here is data; no behaviour.
 */

export type NotificationSeverity = 'SEVERITY_INFO' | 'SEVERITY_WARNING' | 'SEVERITY_ERROR';
export type NotificationStatus = 'STATUS_DELIVERED' | 'STATUS_SEEN' | 'STATUS_ARCHIVED';

export interface WireNotification {
  id: string;
  title: string;
  description: string;
  severity: NotificationSeverity;
  status: NotificationStatus;
  adminOnly: boolean;
  createdAt: string;
  link: string;
  isExternalLink: boolean;
  linkText: string;
}

export interface WireNotificationsResponse {
  notifications?: WireNotification[];
  cursor?: string;
}

export interface WirePackageFilter {
  exactNameMatch?: boolean;
  exactVersion?: string;
  name?: string;
  /** With its operator: `">=1.2.0"` or `">1.2.0"`; a bare version reads as inclusive. */
  versionLowerBound?: string;
  /** With its operator: `"<2.0.0"` or `"<=2.0.0"`; a bare version reads as inclusive. */
  versionUpperBound?: string;
}

export type WireTransitivity = 'DIRECT' | 'TRANSITIVE' | 'UNKNOWN_TRANSITIVITY';

export interface WireDependencyFilter {
  includeArchived?: boolean;
  license?: string[];
  lockfilePath?: string;
  name?: string;
  packageFilters?: WirePackageFilter[];
  repositoryId?: (number | string)[];
  version?: string;
  /** Real-service extensions (decisions.md). */
  ecosystem?: string[];
  transitivity?: WireTransitivity[];
}

export interface WireDependenciesRequest {
  cursor?: string;
  dependencyFilter?: WireDependencyFilter;
  deploymentId?: number | string;
  pageSize?: number;
}

/** The real service's location of a dependency in a lockfile; numbers travel as strings. */
export interface WireDefinedAt {
  path?: string;
  startLine?: string | number;
  startCol?: string | number;
  endLine?: string | number;
  endCol?: string | number;
  url?: string;
  committedAt?: string;
}

/**
 * A dependency as either shape may carry it: the spec's `{id, name, version}` and the real service's
 * `{repositoryId, definedAt, transitivity, package, ecosystem, licenses, resolvedUrl}`. The emulator
 * sends the superset.
 */
export interface WireDependency {
  id?: string;
  name?: string;
  version?: string;
  repositoryId?: string | number;
  definedAt?: WireDefinedAt;
  transitivity?: WireTransitivity;
  package?: { name?: string; versionSpecifier?: string };
  ecosystem?: string;
  licenses?: string[];
  resolvedUrl?: string;
}

export interface WireDependenciesResponse {
  dependencies?: WireDependency[];
  cursor?: string;
  hasMore?: boolean;
}

export interface WireLockfilesRequest {
  cursor?: string;
  dependencyFilter?: Omit<WireDependencyFilter, 'includeArchived'>;
  deploymentId?: string;
  pageSize?: number;
  repositoryId?: string;
}

export interface WireLockfileSummary {
  lockfilePath: string;
  numDependencies: number;
}

export interface WireLockfilesResponse {
  cursor?: string;
  hasMore?: boolean;
  lockfileSummaries?: WireLockfileSummary[];
}

export interface WireRepositoriesRequest {
  cursor?: number | string;
  page_size?: number;
}

export interface WireRepositorySummary {
  id: string | number;
  name: string;
  numDependencies?: number;
  hasDependencyPathScan?: boolean;
}

export interface WireRepositoriesResponse {
  repositorySummaries?: WireRepositorySummary[];
  /** A number in one place of the reference, a string in another: sent back exactly as received. */
  cursor?: number | string;
  hasMore?: boolean;
}

export interface WireProject {
  id: number;
  name: string;
  tags: string[];
  created_at?: string;
  default_branch?: string;
  latest_scan_at?: string;
  managed_scan_config?: { diff_scan?: { enabled: boolean }; full_scan?: { enabled: boolean } };
  primary_branch?: string;
  url?: string;
}

export interface WireProjectResponse {
  project: WireProject;
}

export interface WireProjectsResponse {
  projects?: WireProject[];
}

export interface WireDeployment {
  id: number;
  name: string;
  slug: string;
}

export interface WireDeploymentsResponse {
  deployments?: WireDeployment[];
}

/** A code or supply-chain finding (offset listing). Fields beyond these are passed through. */
export interface WireFinding {
  id: number | string;
  ref?: string;
  repository?: { name: string; url?: string };
  rule_name?: string;
  rule_message?: string;
  severity?: string;
  state?: string;
  status?: string;
  created_at?: string;
  location?: { file_path: string; line: number; column?: number; end_line?: number; end_column?: number };
  [extra: string]: unknown;
}

export interface WireFindingsResponse {
  findings?: WireFinding[];
}

/** A secrets finding (cursor listing). */
export interface WireSecret {
  id: string;
  type?: string;
  findingPath?: string;
  repository?: { name: string; url?: string };
  severity?: string;
  status?: string;
  validationState?: string;
  createdAt?: string;
  [extra: string]: unknown;
}

export interface WireSecretsResponse {
  findings?: WireSecret[];
  cursor?: string;
  previous?: string;
}

export interface WireErrorBody {
  error: string;
}
