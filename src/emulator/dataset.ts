import type { NotificationSeverity, NotificationStatus, WireTransitivity } from '../core/index.js';
import type { Ecosystem, PackageVersion } from '../domain/index.js';

/** Who a token belongs to and what it may do. */
export interface TokenRecord {
  token: string;
  /**
   * `api`: an API token; the v1 operations and notifications need `webApi` (without it they answer
   * 404, as the real service does). `jwt`: a user's JSON Web Token, accepted on notifications only.
   */
  kind: 'api' | 'jwt';
  webApi: boolean;
  deploymentId: number;
  /** The viewer notifications are listed for; admins also see admin-only notifications. */
  viewer: string;
  admin: boolean;
  description?: string;
}

export interface DeploymentRecord {
  id: number;
  name: string;
  slug: string;
}

export interface ProjectRecord {
  id: number;
  deploymentId: number;
  /** The repository formatted as a path (`acme/web`): how the tag operations address a project. */
  name: string;
  /** Changed in place by the tag operations. */
  tags: string[];
  createdAt: string;
  defaultBranch: string;
  latestScanAt: string;
  url: string;
}

export interface RepositoryRecord {
  /** A uint64 as a decimal string. */
  id: string;
  deploymentId: number;
  name: string;
  archived: boolean;
  hasDependencyPathScan: boolean;
  /** The project this repository is scanned as; the repository's name when absent. */
  projectName?: string;
}

/** A lockfile of a repository; listed by the lockfiles operation even while it has no dependencies. */
export interface LockfileRecord {
  repositoryId: string;
  path: string;
  ecosystem: Ecosystem;
}

/**
 * One resolved dependency in one lockfile: the domain's package version, where it is, and its
 * transitivity as the dataset file and the wire spell it (rendered as it is stored). Generated datasets
 * share the strings and license arrays.
 */
export interface DependencyRecord extends PackageVersion {
  id: string;
  repositoryId: string;
  lockfilePath: string;
  licenses: readonly string[];
  transitivity: WireTransitivity;
  /** 1-based line and column of the entry in its lockfile. */
  line: number;
  column: number;
  /** Where the entry ends; the start line and the end of the name when absent. */
  endLine?: number;
  endColumn?: number;
  resolvedUrl?: string;
}

export interface NotificationRecord {
  id: string;
  deploymentId: number;
  /** Absent: every viewer of the deployment sees it. */
  viewer?: string;
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

/** A code or supply-chain finding; fields beyond these are served as they are. */
export interface FindingRecord {
  id: number;
  deploymentId: number;
  [field: string]: unknown;
}

/** A secrets finding; fields beyond these are served as they are. */
export interface SecretRecord {
  id: string;
  deploymentId: number;
  [field: string]: unknown;
}

/**
 * Everything the emulator serves. Its JSON form is the `--data FILE` format (DATASET.md); listings
 * answer in the order of these arrays, which is what keeps cursors stable.
 */
export interface EmulatorDataset {
  deployments: DeploymentRecord[];
  tokens: TokenRecord[];
  projects: ProjectRecord[];
  repositories: RepositoryRecord[];
  lockfiles: LockfileRecord[];
  dependencies: DependencyRecord[];
  notifications: NotificationRecord[];
  findings: FindingRecord[];
  secrets: SecretRecord[];
}
