import type { Ecosystem } from '../domain/index.js';
import { seedFindings, seedSecrets } from './seed-findings.js';
import type { DependencyRecord, EmulatorDataset, LockfileRecord, NotificationRecord } from './dataset.js';

/** Tokens of the seeded dataset, one of each kind the platform knows. */
export const SEED_TOKENS = {
  /** API token with Web API access, admin viewer. */
  api: 'dg_emulator_api_token',
  /** API token without Web API access: v1 calls answer 404, as the real service does. */
  noWebApi: 'dg_emulator_token_without_web_api',
  /** A user's JSON Web Token (not admin): accepted on notifications only. */
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXZAYWNtZS5leGFtcGxlIn0.emulator',
} as const;

export const SEED_DEPLOYMENT = { id: 1234, name: 'Acme Corp', slug: 'acme-corp' } as const;

/**
 * Packages of the seeded dataset that demos and tests build on: a compromised release that a policy
 * denies, a GPL-licensed package, one without any known license, and the archived repository.
 */
export const SEED_EXAMPLES = {
  /** event-stream 3.3.6 shipped the flatmap-stream payload; every policy should deny it. */
  deniedPackage: { ecosystem: 'npm', name: 'event-stream', version: '3.3.6', repository: 'acme/web' },
  gplPackage: {
    ecosystem: 'npm',
    name: '@ffmpeg-installer/linux-x64',
    version: '4.1.0',
    license: 'GPL-3.0-only',
    repository: 'acme/api',
  },
  unknownLicensePackage: {
    ecosystem: 'npm',
    name: 'acme-internal-logger',
    version: '0.3.1',
    repository: 'acme/api',
  },
  archivedRepository: { id: '104', name: 'acme/legacy-billing' },
} as const;

type Dep = [
  name: string,
  version: string,
  licenses: string[],
  transitivity: DependencyRecord['transitivity'],
];

const LOCKFILES: { repositoryId: string; path: string; ecosystem: Ecosystem; deps: Dep[] }[] = [
  {
    repositoryId: '101',
    path: 'package-lock.json',
    ecosystem: 'npm',
    deps: [
      ['react', '18.2.0', ['MIT'], 'DIRECT'],
      ['react-dom', '18.2.0', ['MIT'], 'DIRECT'],
      ['lodash', '4.17.20', ['MIT'], 'DIRECT'],
      ['left-pad', '1.3.0', ['WTFPL'], 'TRANSITIVE'],
      ['event-stream', '3.3.6', ['MIT'], 'TRANSITIVE'],
      ['express', '4.18.2', ['MIT'], 'DIRECT'],
      ['minimist', '1.2.5', ['MIT'], 'TRANSITIVE'],
      ['node-ipc', '10.1.1', ['MIT'], 'TRANSITIVE'],
      ['chalk', '5.3.0', ['MIT'], 'DIRECT'],
      ['colors', '1.4.44-liberty-2', ['MIT'], 'TRANSITIVE'],
      ['ghostscript4js', '3.2.3', ['AGPL-3.0-only'], 'DIRECT'],
      ['typescript', '5.4.5', ['Apache-2.0'], 'DIRECT'],
    ],
  },
  {
    repositoryId: '101',
    path: 'packages/ui/yarn.lock',
    ecosystem: 'npm',
    deps: [
      ['react', '18.3.1', ['MIT'], 'DIRECT'],
      ['lodash', '4.17.21', ['MIT'], 'TRANSITIVE'],
      ['classnames', '2.5.1', ['MIT'], 'DIRECT'],
    ],
  },
  {
    repositoryId: '102',
    path: 'poetry.lock',
    ecosystem: 'pypi',
    deps: [
      ['django', '4.2.11', ['BSD-3-Clause'], 'DIRECT'],
      ['requests', '2.31.0', ['Apache-2.0'], 'DIRECT'],
      ['urllib3', '1.26.18', ['MIT'], 'TRANSITIVE'],
      ['pyyaml', '5.3.1', ['MIT'], 'DIRECT'],
      ['mysqlclient', '2.2.4', ['GPL-2.0-or-later'], 'DIRECT'],
      ['certifi', '2024.2.2', ['MPL-2.0'], 'TRANSITIVE'],
    ],
  },
  {
    repositoryId: '102',
    path: 'go.mod',
    ecosystem: 'gomod',
    deps: [
      ['github.com/gin-gonic/gin', 'v1.9.1', ['MIT'], 'DIRECT'],
      ['golang.org/x/crypto', 'v0.0.0-20220314234659-1baeb1ce4c0b', ['BSD-3-Clause'], 'TRANSITIVE'],
      ['github.com/stretchr/testify', 'v1.8.4', ['MIT'], 'DIRECT'],
    ],
  },
  {
    repositoryId: '103',
    path: 'Cargo.lock',
    ecosystem: 'cargo',
    deps: [
      ['serde', '1.0.197', ['MIT', 'Apache-2.0'], 'DIRECT'],
      ['tokio', '1.36.0', ['MIT'], 'DIRECT'],
      ['openssl', '0.10.64', ['Apache-2.0'], 'TRANSITIVE'],
    ],
  },
  {
    repositoryId: '103',
    path: 'services/ledger/pom.xml',
    ecosystem: 'maven',
    deps: [
      ['org.apache.logging.log4j:log4j-core', '2.14.1', ['Apache-2.0'], 'DIRECT'],
      ['com.fasterxml.jackson.core:jackson-databind', '2.16.1', ['Apache-2.0'], 'DIRECT'],
      ['mysql:mysql-connector-java', '8.0.33', ['GPL-2.0-only'], 'DIRECT'],
    ],
  },
  {
    repositoryId: '104',
    path: 'Gemfile.lock',
    ecosystem: 'gem',
    deps: [
      ['rails', '6.1.7', ['MIT'], 'DIRECT'],
      ['nokogiri', '1.13.10', ['MIT'], 'TRANSITIVE'],
    ],
  },
  // Appended, not inserted: dependency ids follow the order of this list, and clients' tests pin some.
  {
    repositoryId: '102',
    path: 'admin/package-lock.json',
    ecosystem: 'npm',
    deps: [
      ['@ffmpeg-installer/linux-x64', '4.1.0', ['GPL-3.0-only'], 'DIRECT'],
      ['acme-internal-logger', '0.3.1', [], 'DIRECT'],
      ['axios', '1.6.8', ['MIT'], 'DIRECT'],
      ['follow-redirects', '1.15.6', ['MIT'], 'TRANSITIVE'],
      ['form-data', '4.0.0', ['MIT'], 'UNKNOWN_TRANSITIVITY'],
    ],
  },
  {
    repositoryId: '102',
    path: 'tools/requirements.txt',
    ecosystem: 'pypi',
    deps: [
      ['pyqt5', '5.15.10', ['GPL-3.0-only'], 'DIRECT'],
      ['Pillow', '10.3.0', ['HPND'], 'DIRECT'],
    ],
  },
  {
    repositoryId: '102',
    path: 'sync/packages.lock.json',
    ecosystem: 'nuget',
    deps: [
      ['Newtonsoft.Json', '13.0.1', ['MIT'], 'DIRECT'],
      ['Serilog', '3.1.1', ['Apache-2.0'], 'DIRECT'],
    ],
  },
];

/** A lockfile the repository has but in which the platform found no dependencies (a new, empty one). */
const EMPTY_LOCKFILES: LockfileRecord[] = [
  { repositoryId: '103', path: 'tools/Cargo.lock', ecosystem: 'cargo' },
];

function dependencies(): DependencyRecord[] {
  const out: DependencyRecord[] = [];
  for (const lockfile of LOCKFILES) {
    lockfile.deps.forEach(([name, version, licenses, transitivity], i) => {
      out.push({
        id: String(9000 + out.length + 1),
        repositoryId: lockfile.repositoryId,
        lockfilePath: lockfile.path,
        name,
        version,
        ecosystem: lockfile.ecosystem,
        licenses,
        transitivity,
        line: 10 + i * 12,
        column: 5,
        ...(lockfile.ecosystem === 'npm'
          ? { resolvedUrl: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz` }
          : {}),
      });
    });
  }
  return out;
}

function notifications(): NotificationRecord[] {
  const base = { deploymentId: SEED_DEPLOYMENT.id, isExternalLink: false };
  return [
    {
      ...base,
      id: 'n-1',
      title: 'New critical reachable finding',
      description: 'lodash 4.17.20: prototype pollution (CVE-2021-23337) is reachable in acme/web.',
      severity: 'SEVERITY_ERROR',
      status: 'STATUS_DELIVERED',
      adminOnly: false,
      createdAt: '2026-11-20T09:15:00Z',
      link: 'https://github.com/acme/web/pull/42',
      linkText: 'View pull request',
    },
    {
      ...base,
      id: 'n-2',
      title: 'License policy violation',
      description: 'ghostscript4js (AGPL-3.0-only) was added to acme/web.',
      severity: 'SEVERITY_WARNING',
      status: 'STATUS_DELIVERED',
      adminOnly: false,
      createdAt: '2026-11-20T10:02:00Z',
      link: 'https://github.com/acme/web/pull/43',
      linkText: 'View pull request',
    },
    {
      ...base,
      id: 'n-3',
      title: 'Weekly supply chain digest',
      description: '12 new dependencies across 3 projects.',
      severity: 'SEVERITY_INFO',
      status: 'STATUS_DELIVERED',
      adminOnly: false,
      createdAt: '2026-11-20T11:00:00Z',
      link: 'https://semgrep.dev/orgs/acme-corp/supply-chain',
      linkText: 'Open dashboard',
    },
    {
      ...base,
      id: 'n-4',
      title: 'API token expires soon',
      description: 'The token "ci-gate" expires in 7 days.',
      severity: 'SEVERITY_WARNING',
      status: 'STATUS_DELIVERED',
      adminOnly: true,
      createdAt: '2026-11-21T08:30:00Z',
      link: 'https://semgrep.dev/orgs/acme-corp/settings/tokens',
      linkText: 'Manage tokens',
    },
    {
      ...base,
      id: 'n-5',
      title: 'Scan failed',
      description: 'The full scan of acme/payments failed: lockfile could not be parsed.',
      severity: 'SEVERITY_ERROR',
      status: 'STATUS_DELIVERED',
      adminOnly: false,
      createdAt: '2026-11-21T12:45:00Z',
      link: 'https://github.com/acme/payments/pull/7',
      linkText: 'View pull request',
    },
    {
      ...base,
      id: 'n-6',
      title: 'Old finding triaged',
      description: 'minimist 1.2.5 was marked as fixed.',
      severity: 'SEVERITY_INFO',
      status: 'STATUS_SEEN',
      adminOnly: false,
      createdAt: '2026-11-18T16:00:00Z',
      link: 'https://semgrep.dev/orgs/acme-corp/supply-chain',
      linkText: 'Open',
    },
    {
      ...base,
      id: 'n-7',
      title: 'Archived alert',
      description: 'This notification was archived.',
      severity: 'SEVERITY_ERROR',
      status: 'STATUS_ARCHIVED',
      adminOnly: false,
      createdAt: '2026-11-17T16:00:00Z',
      link: 'https://semgrep.dev/orgs/acme-corp',
      linkText: 'Open',
    },
    {
      ...base,
      id: 'n-8',
      title: 'SSO configuration changed',
      description: 'An administrator changed the SSO provider.',
      severity: 'SEVERITY_INFO',
      status: 'STATUS_DELIVERED',
      adminOnly: true,
      createdAt: '2026-11-21T14:10:00Z',
      link: 'https://semgrep.dev/orgs/acme-corp/settings/sso',
      linkText: 'Review',
    },
  ];
}

/** The default dataset: one deployment with a few repositories, lockfiles, dependencies and alerts. */
export function createSeedDataset(): EmulatorDataset {
  const d = SEED_DEPLOYMENT.id;
  const project = (id: number, name: string, tags: string[]) => ({
    id,
    deploymentId: d,
    name,
    tags,
    createdAt: '2025-03-01T12:00:00Z',
    defaultBranch: 'refs/heads/main',
    latestScanAt: '2026-11-21T06:00:00Z',
    url: `https://github.com/${name}`,
  });
  return {
    deployments: [{ ...SEED_DEPLOYMENT }, { id: 5678, name: 'Other Org', slug: 'other-org' }],
    tokens: [
      {
        token: SEED_TOKENS.api,
        kind: 'api',
        webApi: true,
        deploymentId: d,
        viewer: 'admin@acme.example',
        admin: true,
        description: 'API token with Web API access (admin)',
      },
      {
        token: SEED_TOKENS.noWebApi,
        kind: 'api',
        webApi: false,
        deploymentId: d,
        viewer: 'ci@acme.example',
        admin: false,
        description: 'API token without Web API access',
      },
      {
        token: SEED_TOKENS.jwt,
        kind: 'jwt',
        webApi: false,
        deploymentId: d,
        viewer: 'dev@acme.example',
        admin: false,
        description: 'user JWT (notifications only)',
      },
    ],
    // One id space: a project's id is its repository's id in the dependency listings (decisions.md).
    projects: [
      project(101, 'acme/web', ['team:frontend']),
      project(102, 'acme/api', ['team:backend']),
      project(103, 'acme/payments', ['team:payments', 'pci']),
      project(104, 'acme/legacy-billing', []),
      { ...project(301, 'other/app', []), deploymentId: 5678 },
    ],
    repositories: [
      { id: '101', deploymentId: d, name: 'acme/web', archived: false, hasDependencyPathScan: true },
      { id: '102', deploymentId: d, name: 'acme/api', archived: false, hasDependencyPathScan: false },
      { id: '103', deploymentId: d, name: 'acme/payments', archived: false, hasDependencyPathScan: true },
      {
        id: '104',
        deploymentId: d,
        name: 'acme/legacy-billing',
        archived: true,
        hasDependencyPathScan: false,
      },
    ],
    lockfiles: [
      ...LOCKFILES.map(({ repositoryId, path, ecosystem }) => ({ repositoryId, path, ecosystem })),
      ...EMPTY_LOCKFILES,
    ],
    dependencies: dependencies(),
    notifications: notifications(),
    findings: seedFindings(d),
    secrets: seedSecrets(d),
  };
}
