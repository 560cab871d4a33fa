import { parseEcosystem } from '../domain/index.js';
import {
  TRANSITIVITY,
  type Dependency,
  type Deployment,
  type LockfileSummary,
  type Notification,
  type Project,
  type RepositorySummary,
} from './types.js';
import {
  asObject,
  optionalBoolean,
  optionalId,
  optionalInteger,
  optionalString,
  optionalStringId,
  ShapeError,
  stringArray,
  stringField,
  type Obj,
} from './validate.js';
const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
// A Map, not an object: a wire value such as "toString" must not find a prototype member.
const TRANSITIVITY_OF = new Map<string, Dependency['transitivity']>(Object.entries(TRANSITIVITY));

function lineNumber(v: unknown): number | undefined | false {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') return Number.isInteger(v) ? v : false;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return false;
}

/**
 * The common case without building error paths: a well-formed dependency in either shape, or
 * undefined when anything is off (the caller then runs the checking path for the exact field).
 */
function normalizeDependencyFast(value: unknown): Dependency | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const pkg = o.package as Record<string, unknown> | undefined | null;
  if (pkg !== undefined && pkg !== null && (typeof pkg !== 'object' || Array.isArray(pkg))) return undefined;
  const name = pkg?.name ?? o.name;
  if (!isStr(name) || name === '') return undefined;
  const version = pkg?.versionSpecifier ?? o.version ?? '';
  if (!isStr(version)) return undefined;
  const t = o.transitivity;
  const transitivity =
    t === undefined || t === null ? 'unknown' : isStr(t) ? TRANSITIVITY_OF.get(t) : undefined;
  if (transitivity === undefined) return undefined;
  const licenses = o.licenses ?? [];
  if (!Array.isArray(licenses)) return undefined;
  for (const l of licenses) if (!isStr(l)) return undefined;
  const { ecosystem, repositoryId, resolvedUrl } = o;
  const id = typeof o.id === 'number' && Number.isSafeInteger(o.id) ? String(o.id) : o.id;
  if (!optStr(id) || !optStr(ecosystem) || !optStr(resolvedUrl)) return undefined;
  let repo: string | undefined;
  if (repositoryId !== undefined && repositoryId !== null && repositoryId !== '') {
    if (isStr(repositoryId)) {
      if (!/^\d+$/.test(repositoryId)) return undefined;
      repo = repositoryId;
    } else if (typeof repositoryId === 'number' && Number.isInteger(repositoryId))
      repo = String(repositoryId);
    else return undefined;
  }
  let lockfilePath: unknown;
  let url: unknown;
  let line: number | undefined | false;
  let column: number | undefined | false;
  const at = o.definedAt as Record<string, unknown> | undefined | null;
  if (at !== undefined && at !== null) {
    if (typeof at !== 'object' || Array.isArray(at)) return undefined;
    lockfilePath = at.path;
    url = at.url;
    line = lineNumber(at.startLine);
    column = lineNumber(at.startCol);
    if (!optStr(lockfilePath) || !optStr(url) || line === false || column === false) return undefined;
  }
  // One object shape for every dependency (absent fields left undefined) keeps property access monomorphic.
  const dep: Dependency = {
    id: (id ?? undefined) as string | undefined,
    name,
    version,
    ecosystem: isStr(ecosystem) ? parseEcosystem(ecosystem) : undefined,
    repositoryId: repo,
    lockfilePath: (lockfilePath ?? undefined) as string | undefined,
    line: line as number | undefined,
    column: column as number | undefined,
    transitivity,
    licenses: licenses as string[],
    resolvedUrl: (resolvedUrl ?? undefined) as string | undefined,
    url: (url ?? undefined) as string | undefined,
  };
  return dep;
}

/**
 * The dependencies of a listing page: the fast path for each, and the checking path (which names the
 * wrong field) only for one that the fast path refuses.
 */
export function normalizeDependencies(values: readonly unknown[], path: string): Dependency[] {
  const out = new Array<Dependency>(values.length);
  for (let i = 0; i < values.length; i++)
    out[i] = normalizeDependencyFast(values[i]) ?? normalizeDependency(values[i], `${path}[${i}]`);
  return out;
}

/**
 * One dependency from either shape: the spec's `{id, name, version}` or the real service's
 * `{package: {name, versionSpecifier}, definedAt, transitivity, ...}`. Real fields win when both exist.
 */
export function normalizeDependency(value: unknown, path: string): Dependency {
  const obj = asObject(value, path);
  const pkg =
    obj.package === undefined || obj.package === null ? undefined : asObject(obj.package, `${path}.package`);
  const name = (pkg && optionalString(pkg, 'name', `${path}.package`)) ?? optionalString(obj, 'name', path);
  if (name === undefined || name === '')
    throw new ShapeError(
      `${path}.package.name`,
      'a package name (package.name or name)',
      pkg?.name ?? obj.name,
    );
  const version =
    (pkg && optionalString(pkg, 'versionSpecifier', `${path}.package`)) ??
    optionalString(obj, 'version', path) ??
    '';
  const definedAt =
    obj.definedAt === undefined || obj.definedAt === null
      ? undefined
      : asObject(obj.definedAt, `${path}.definedAt`);
  const rawTransitivity = optionalString(obj, 'transitivity', path);
  const transitivity = rawTransitivity === undefined ? 'unknown' : TRANSITIVITY_OF.get(rawTransitivity);
  if (transitivity === undefined) {
    throw new ShapeError(
      `${path}.transitivity`,
      'DIRECT, TRANSITIVE or UNKNOWN_TRANSITIVITY',
      rawTransitivity,
    );
  }
  const dep: Dependency = {
    name,
    version,
    transitivity,
    licenses: stringArray(obj, 'licenses', path),
  };
  const id = optionalStringId(obj, 'id', path);
  if (id !== undefined) dep.id = id;
  const ecosystem = optionalString(obj, 'ecosystem', path);
  const known = ecosystem === undefined ? undefined : parseEcosystem(ecosystem);
  if (known !== undefined) dep.ecosystem = known;
  const repositoryId = optionalId(obj, 'repositoryId', path);
  if (repositoryId !== undefined) dep.repositoryId = repositoryId;
  const resolvedUrl = optionalString(obj, 'resolvedUrl', path);
  if (resolvedUrl !== undefined) dep.resolvedUrl = resolvedUrl;
  if (definedAt !== undefined) {
    const where = `${path}.definedAt`;
    const lockfilePath = optionalString(definedAt, 'path', where);
    if (lockfilePath !== undefined) dep.lockfilePath = lockfilePath;
    const line = optionalInteger(definedAt, 'startLine', where);
    if (line !== undefined) dep.line = line;
    const column = optionalInteger(definedAt, 'startCol', where);
    if (column !== undefined) dep.column = column;
    const url = optionalString(definedAt, 'url', where);
    if (url !== undefined) dep.url = url;
  }
  return dep;
}

function requiredStringId(obj: Obj, path: string): string {
  const id = optionalStringId(obj, 'id', path);
  if (id === undefined || id === '') throw new ShapeError(`${path}.id`, 'a non-empty id', obj.id);
  return id;
}

export function normalizeNotification(value: unknown, path: string): Notification {
  const obj = asObject(value, path);
  return {
    id: requiredStringId(obj, path),
    title: optionalString(obj, 'title', path) ?? '',
    description: optionalString(obj, 'description', path) ?? '',
    severity: optionalString(obj, 'severity', path) ?? 'SEVERITY_INFO',
    status: optionalString(obj, 'status', path) ?? 'STATUS_DELIVERED',
    adminOnly: optionalBoolean(obj, 'adminOnly', path),
    createdAt: optionalString(obj, 'createdAt', path) ?? '',
    link: optionalString(obj, 'link', path) ?? '',
    isExternalLink: optionalBoolean(obj, 'isExternalLink', path),
    linkText: optionalString(obj, 'linkText', path) ?? '',
  };
}

export function normalizeLockfileSummary(value: unknown, path: string): LockfileSummary {
  const obj = asObject(value, path);
  return {
    lockfilePath: stringField(obj, 'lockfilePath', path),
    numDependencies: optionalInteger(obj, 'numDependencies', path) ?? 0,
  };
}

export function normalizeRepositorySummary(value: unknown, path: string): RepositorySummary {
  const obj = asObject(value, path);
  const id = optionalId(obj, 'id', path);
  if (id === undefined) throw new ShapeError(`${path}.id`, 'an id', obj.id);
  return {
    id,
    name: stringField(obj, 'name', path),
    numDependencies: optionalInteger(obj, 'numDependencies', path) ?? 0,
    hasDependencyPathScan: optionalBoolean(obj, 'hasDependencyPathScan', path),
  };
}

export function normalizeProject(value: unknown, path: string): Project {
  const obj = asObject(value, path);
  const id = optionalInteger(obj, 'id', path);
  if (id === undefined) throw new ShapeError(`${path}.id`, 'an integer', obj.id);
  return { ...obj, id, name: stringField(obj, 'name', path), tags: stringArray(obj, 'tags', path) };
}

export function normalizeDeployment(value: unknown, path: string): Deployment {
  const obj = asObject(value, path);
  const id = optionalInteger(obj, 'id', path);
  if (id === undefined) throw new ShapeError(`${path}.id`, 'an integer', obj.id);
  return { id, name: stringField(obj, 'name', path), slug: stringField(obj, 'slug', path) };
}

/** Items of a passthrough listing (findings, secrets): objects, kept as they came. */
export function normalizeRecord(value: unknown, path: string): Obj {
  return asObject(value, path);
}
