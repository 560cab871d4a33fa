import type { WireDependency, WireNotification, WireProject } from '../core/index.js';
import type { DependencyRecord, NotificationRecord, ProjectRecord } from './dataset.js';

/**
 * A dependency in the superset shape (decisions.md, "Dependency objects"): the spec's `id`, `name`
 * and `version` and the real service's `repositoryId`, `definedAt` (line and column numbers as
 * strings, as protobuf JSON writes 64-bit integers), `transitivity`, `package`, `ecosystem`,
 * `licenses` and `resolvedUrl`, so that clients exercise both shapes.
 */
export function renderDependency(dep: DependencyRecord, repositoryName: string): WireDependency {
  const endLine = dep.endLine ?? dep.line;
  const endColumn = dep.endColumn ?? dep.column + dep.name.length;
  return {
    id: dep.id,
    name: dep.name,
    version: dep.version,
    repositoryId: dep.repositoryId,
    definedAt: {
      path: dep.lockfilePath,
      startLine: String(dep.line),
      startCol: String(dep.column),
      endLine: String(endLine),
      endCol: String(endColumn),
      url: `https://github.com/${repositoryName}/blob/HEAD/${dep.lockfilePath}#L${dep.line}`,
    },
    transitivity: dep.transitivity,
    package: { name: dep.name, versionSpecifier: dep.version },
    ecosystem: dep.ecosystem,
    licenses: [...dep.licenses],
    ...(dep.resolvedUrl === undefined ? {} : { resolvedUrl: dep.resolvedUrl }),
  };
}

/** A project as the projects and tags operations return it (snake_case, as the spec's sample). */
export function renderProject(project: ProjectRecord): WireProject {
  return {
    id: project.id,
    name: project.name,
    tags: [...project.tags],
    created_at: project.createdAt,
    default_branch: project.defaultBranch,
    latest_scan_at: project.latestScanAt,
    managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } },
    primary_branch: project.defaultBranch,
    url: project.url,
  };
}

export function renderNotification(n: NotificationRecord): WireNotification {
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    severity: n.severity,
    status: n.status,
    adminOnly: n.adminOnly,
    createdAt: n.createdAt,
    link: n.link,
    isExternalLink: n.isExternalLink,
    linkText: n.linkText,
  };
}

/** A finding or secret as stored, without the emulator's own bookkeeping field. */
export function renderPassThrough<T extends { deploymentId: number }>(record: T): Omit<T, 'deploymentId'> {
  const { deploymentId: _deploymentId, ...rest } = record;
  return rest;
}
