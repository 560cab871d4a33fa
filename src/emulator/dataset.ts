import type { NotificationSeverity, NotificationStatus, WireTransitivity } from '../core/wire.js';

/** Who a token belongs to and what it may do. */
export interface TokenRecord {
  token: string;
  /** `api`: an API token (v1 operations need `webApi`); `jwt`: a user's JSON Web Token (notifications only). */
  kind: 'api' | 'jwt';
  webApi: boolean;
  deploymentId: number;
  /** The viewer the notifications are read for; admins also see admin-only notifications. */
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
  name: string;
  tags: string[];
  createdAt: string;
  defaultBranch: string;
  latestScanAt: string;
  url: string;
}

export interface RepositoryRecord {
  id: string;
  deploymentId: number;
  name: string;
  archived: boolean;
  hasDependencyPathScan: boolean;
}

export interface DependencyRecord {
  id: string;
  repositoryId: string;
  lockfilePath: string;
  name: string;
  version: string;
  ecosystem: string;
  licenses: readonly string[];
  transitivity: WireTransitivity;
  line: number;
  column: number;
  resolvedUrl?: string;
}

export interface NotificationRecord {
  id: string;
  deploymentId: number;
  /** Omitted: every viewer of the deployment sees it. */
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

export interface FindingRecord {
  id: number;
  deploymentId: number;
  [field: string]: unknown;
}

export interface SecretRecord {
  id: string;
  deploymentId: number;
  [field: string]: unknown;
}

/** Everything the emulator serves. Its JSON form is the `--data FILE` format (see DATASET.md). */
export interface EmulatorDataset {
  deployments: DeploymentRecord[];
  tokens: TokenRecord[];
  projects: ProjectRecord[];
  repositories: RepositoryRecord[];
  dependencies: DependencyRecord[];
  notifications: NotificationRecord[];
  findings: FindingRecord[];
  secrets: SecretRecord[];
}
