import type { EmulatorDataset } from './dataset.js';

export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

type Check = (value: unknown, path: string, problems: string[]) => void;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function fields(
  spec: Record<string, 'string' | 'number' | 'boolean' | 'string[]' | 'id' | '?string'>,
): Check {
  return (value, path, problems) => {
    if (!isObj(value)) {
      problems.push(`${path} must be an object`);
      return;
    }
    for (const [key, type] of Object.entries(spec)) {
      const v = value[key];
      const at = `${path}.${key}`;
      const ok =
        type === 'string'
          ? typeof v === 'string'
          : type === '?string'
            ? v === undefined || typeof v === 'string'
            : type === 'number'
              ? typeof v === 'number' && Number.isFinite(v)
              : type === 'boolean'
                ? typeof v === 'boolean'
                : type === 'id'
                  ? (typeof v === 'string' && /^\d+$/.test(v)) ||
                    (typeof v === 'number' && Number.isInteger(v) && v >= 0)
                  : Array.isArray(v) && v.every((x) => typeof x === 'string');
      if (!ok)
        problems.push(
          `${at} must be ${type === 'string[]' ? 'an array of strings' : type === 'id' ? 'a numeric id' : type.replace('?', 'an optional ')}`,
        );
    }
  };
}

const SECTIONS: Record<keyof EmulatorDataset, Check> = {
  deployments: fields({ id: 'number', name: 'string', slug: 'string' }),
  tokens: fields({
    token: 'string',
    kind: 'string',
    webApi: 'boolean',
    deploymentId: 'number',
    viewer: 'string',
    admin: 'boolean',
  }),
  projects: fields({ id: 'number', deploymentId: 'number', name: 'string', tags: 'string[]' }),
  repositories: fields({ id: 'id', deploymentId: 'number', name: 'string', archived: 'boolean' }),
  dependencies: fields({
    repositoryId: 'id',
    lockfilePath: 'string',
    name: 'string',
    version: 'string',
    ecosystem: 'string',
    licenses: 'string[]',
    transitivity: 'string',
  }),
  notifications: fields({
    id: 'string',
    deploymentId: 'number',
    title: 'string',
    severity: 'string',
    status: 'string',
    adminOnly: 'boolean',
  }),
  findings: fields({ id: 'number', deploymentId: 'number' }),
  secrets: fields({ id: 'string', deploymentId: 'number' }),
};

const ENUMS: Partial<Record<keyof EmulatorDataset, Record<string, readonly string[]>>> = {
  tokens: { kind: ['api', 'jwt'] },
  dependencies: { transitivity: ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'] },
  notifications: {
    severity: ['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR'],
    status: ['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED'],
  },
};

/**
 * Reads a user's dataset (the JSON form of EmulatorDataset, see DATASET.md). Every problem is listed
 * at once with its field path; missing sections are empty; defaults fill optional fields.
 */
export function parseDataset(text: string, file: string): EmulatorDataset {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(
      `${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!isObj(raw))
    throw new DatasetError(
      `${file}: the dataset must be a JSON object with deployments, tokens, projects, ...`,
    );
  const problems: string[] = [];
  for (const key of Object.keys(raw))
    if (!(key in SECTIONS))
      problems.push(`${key}: unknown section (expected one of ${Object.keys(SECTIONS).join(', ')})`);
  const out: Record<string, unknown[]> = {};
  for (const [section, check] of Object.entries(SECTIONS) as [keyof EmulatorDataset, Check][]) {
    const list = raw[section] ?? [];
    if (!Array.isArray(list)) {
      problems.push(`${section} must be an array`);
      continue;
    }
    list.forEach((item: unknown, i) => {
      check(item, `${section}[${i}]`, problems);
      for (const [field, allowed] of Object.entries(ENUMS[section] ?? {})) {
        const v = isObj(item) ? item[field] : undefined;
        if (typeof v === 'string' && !allowed.includes(v))
          problems.push(`${section}[${i}].${field} must be one of ${allowed.join(', ')}`);
      }
    });
    out[section] = list;
  }
  if (problems.length > 0)
    throw new DatasetError(
      `${file}: invalid dataset:\n  ${problems.slice(0, 50).join('\n  ')}${problems.length > 50 ? `\n  ... and ${problems.length - 50} more` : ''}`,
    );
  const data = out as unknown as EmulatorDataset;
  data.repositories = data.repositories.map((r) => ({
    ...r,
    id: String(r.id),
    hasDependencyPathScan: r.hasDependencyPathScan ?? false,
  }));
  data.dependencies = data.dependencies.map((d, i) => ({
    ...d,
    id: d.id === undefined ? String(i + 1) : String(d.id),
    repositoryId: String(d.repositoryId),
    line: typeof d.line === 'number' ? d.line : 1,
    column: typeof d.column === 'number' ? d.column : 1,
  }));
  type Project = EmulatorDataset['projects'][number];
  type Notification = EmulatorDataset['notifications'][number];
  data.projects = data.projects.map((p): Project => ({
    ...p,
    createdAt: (p as Partial<Project>).createdAt ?? '1970-01-01T00:00:00Z',
    defaultBranch: (p as Partial<Project>).defaultBranch ?? 'refs/heads/main',
    latestScanAt: (p as Partial<Project>).latestScanAt ?? '1970-01-01T00:00:00Z',
    url: (p as Partial<Project>).url ?? `https://github.com/${p.name}`,
    tags: [...p.tags],
  }));
  data.notifications = data.notifications.map((n): Notification => ({
    ...n,
    description: (n as Partial<Notification>).description ?? '',
    createdAt: (n as Partial<Notification>).createdAt ?? '1970-01-01T00:00:00Z',
    link: (n as Partial<Notification>).link ?? '',
    isExternalLink: (n as Partial<Notification>).isExternalLink ?? false,
    linkText: (n as Partial<Notification>).linkText ?? '',
  }));
  return data;
}
