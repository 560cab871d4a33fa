import { readFile } from 'node:fs/promises';
import type { WireTransitivity } from '../core/index.js';
import { ECOSYSTEMS, UserError } from '../domain/index.js';
import type { EmulatorDataset } from './dataset.js';

/** A dataset that cannot be served: the file, and every problem with its field path. */
export class DatasetError extends UserError {
  override readonly name = 'DatasetError';
  readonly kind = 'dataset';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, 50);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(
      problems.length === 1
        ? `${file}: ${problems[0]}`
        : `${file}: invalid dataset (${problems.length} problems):\n  ${shown.join('\n  ')}${more}`,
    );
  }
}

type Type =
  | 'string'
  | 'text' // a non-empty string
  | 'boolean'
  | 'integer' // a non-negative safe integer
  | 'uint64' // a decimal string or a non-negative integer, stored as a string
  | 'strings'
  | readonly string[]; // one of these

interface Field {
  type: Type;
  /** Absent: the field is required. A function derives the default from the record. */
  default?: unknown;
}

const opt = (type: Type, value?: unknown): Field => ({ type, default: value });
const req = (type: Type): Field => ({ type });

const TRANSITIVITIES: readonly WireTransitivity[] = ['DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY'];
const EPOCH = '1970-01-01T00:00:00Z';

/** Each section's fields. `passThrough` sections keep fields they do not know (findings, secrets). */
const SECTIONS: Record<keyof EmulatorDataset, { fields: Record<string, Field>; passThrough?: boolean }> = {
  deployments: { fields: { id: req('integer'), name: req('text'), slug: req('text') } },
  tokens: {
    fields: {
      token: req('text'),
      kind: req(['api', 'jwt']),
      webApi: opt('boolean'),
      deploymentId: req('integer'),
      viewer: opt('text'),
      admin: opt('boolean', false),
      description: opt('string'),
    },
  },
  projects: {
    fields: {
      id: req('integer'),
      deploymentId: req('integer'),
      name: req('text'),
      tags: opt('strings', []),
      createdAt: opt('string', EPOCH),
      defaultBranch: opt('string', 'refs/heads/main'),
      latestScanAt: opt('string', EPOCH),
      url: opt('string'),
    },
  },
  repositories: {
    fields: {
      id: req('uint64'),
      deploymentId: req('integer'),
      name: req('text'),
      archived: opt('boolean', false),
      hasDependencyPathScan: opt('boolean', false),
      projectName: opt('text'),
    },
  },
  lockfiles: { fields: { repositoryId: req('uint64'), path: req('text'), ecosystem: req(ECOSYSTEMS) } },
  dependencies: {
    fields: {
      id: opt('uint64'),
      repositoryId: req('uint64'),
      lockfilePath: req('text'),
      name: req('text'),
      version: req('string'),
      ecosystem: opt(ECOSYSTEMS),
      licenses: opt('strings', []),
      transitivity: opt(TRANSITIVITIES, 'UNKNOWN_TRANSITIVITY'),
      line: opt('integer', 1),
      column: opt('integer', 1),
      endLine: opt('integer'),
      endColumn: opt('integer'),
      resolvedUrl: opt('string'),
    },
  },
  notifications: {
    fields: {
      id: req('text'),
      deploymentId: req('integer'),
      viewer: opt('text'),
      title: req('string'),
      description: opt('string', ''),
      severity: req(['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR']),
      status: req(['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED']),
      adminOnly: opt('boolean', false),
      createdAt: opt('string', EPOCH),
      link: opt('string', ''),
      isExternalLink: opt('boolean', false),
      linkText: opt('string', ''),
    },
  },
  findings: { fields: { id: req('integer'), deploymentId: req('integer') }, passThrough: true },
  secrets: { fields: { id: req('text'), deploymentId: req('integer') }, passThrough: true },
};

/** A map key of two field values (which may be anything until checked). */
const pair = (a: unknown, b: unknown): string => JSON.stringify([a, b]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function check(type: Type, value: unknown): { ok: true; value: unknown } | { ok: false; expected: string } {
  if (Array.isArray(type))
    return typeof value === 'string' && type.includes(value)
      ? { ok: true, value }
      : { ok: false, expected: `one of ${type.join(', ')}` };
  switch (type) {
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : { ok: false, expected: 'a string' };
    case 'text':
      return typeof value === 'string' && value.trim() !== ''
        ? { ok: true, value }
        : { ok: false, expected: 'a non-empty string' };
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, expected: 'true or false' };
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? { ok: true, value }
        : { ok: false, expected: 'a non-negative integer' };
    case 'uint64':
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return { ok: true, value: String(value) };
      return typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) < 2n ** 64n
        ? { ok: true, value: BigInt(value).toString() }
        : { ok: false, expected: 'a numeric id (digits, as a string or a number)' };
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? { ok: true, value: [...value] }
        : { ok: false, expected: 'an array of strings' };
    default:
      return { ok: false, expected: 'nothing' };
  }
}

const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};

/** Checks one record against its section's fields and fills the defaults. */
function readRecord(
  section: keyof EmulatorDataset,
  raw: unknown,
  at: string,
  problems: string[],
): Record<string, unknown> | undefined {
  const spec = SECTIONS[section];
  if (!isObject(raw)) {
    problems.push(`${at} must be an object, got ${shown(raw)}`);
    return undefined;
  }
  const out: Record<string, unknown> = spec.passThrough === true ? { ...raw } : {};
  for (const [key, field] of Object.entries(spec.fields)) {
    const value = raw[key];
    if (value === undefined || value === null) {
      if (!('default' in field)) problems.push(`${at}.${key} is required`);
      else if (field.default !== undefined)
        out[key] = Array.isArray(field.default) ? [...(field.default as unknown[])] : field.default;
      continue;
    }
    const result = check(field.type, value);
    if (result.ok) out[key] = result.value;
    else problems.push(`${at}.${key} must be ${result.expected}, got ${shown(value)}`);
  }
  if (spec.passThrough !== true) {
    for (const key of Object.keys(raw))
      if (!(key in spec.fields))
        problems.push(
          `${at}.${key} is not a field of ${section} (known: ${Object.keys(spec.fields).join(', ')})`,
        );
  }
  return out;
}

/** Reports records whose `key` (as `keyOf` reads it) an earlier record already has. */
function duplicates(
  records: readonly Record<string, unknown>[],
  at: (i: number) => string,
  field: string,
  problems: string[],
  keyOf: (r: Record<string, unknown>) => unknown = (r) => r[field],
) {
  const seen = new Map<unknown, number>();
  records.forEach((r, i) => {
    const key = keyOf(r);
    if (r[field] === undefined) return;
    const first = seen.get(key);
    if (first !== undefined)
      problems.push(`${at(i)}.${field} ${shown(r[field])} is already used by ${at(first)}`);
    else seen.set(key, i);
  });
}

/**
 * Reads a user's dataset (DATASET.md): one JSON object of optional sections. Every problem is
 * reported at once with its field path (`dependencies[3].repositoryId "77" is not a repository`);
 * optional fields get their defaults; references between sections must resolve. `file` names the
 * source in messages.
 */
export function parseDataset(text: string, file: string): EmulatorDataset {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(file, [
      `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  if (!isObject(raw))
    throw new DatasetError(file, [
      'the dataset must be a JSON object with sections (deployments, tokens, ...)',
    ]);
  const problems: string[] = [];
  for (const key of Object.keys(raw))
    if (!(key in SECTIONS))
      problems.push(`${key} is not a section (known: ${Object.keys(SECTIONS).join(', ')})`);

  const sections = {} as Record<keyof EmulatorDataset, Record<string, unknown>[]>;
  const indexes = {} as Record<keyof EmulatorDataset, number[]>;
  for (const section of Object.keys(SECTIONS) as (keyof EmulatorDataset)[]) {
    const list = raw[section] ?? [];
    sections[section] = [];
    indexes[section] = [];
    if (!Array.isArray(list)) {
      problems.push(`${section} must be an array, got ${shown(list)}`);
      continue;
    }
    list.forEach((item: unknown, i) => {
      const record = readRecord(section, item, `${section}[${i}]`, problems);
      if (record !== undefined) {
        sections[section].push(record);
        indexes[section].push(i);
      }
    });
  }
  crossCheck(sections, indexes, problems);
  if (problems.length > 0) throw new DatasetError(file, problems);
  return sections as unknown as EmulatorDataset;
}

/** References between sections, uniqueness, and the defaults that depend on other records. */
function crossCheck(
  s: Record<keyof EmulatorDataset, Record<string, unknown>[]>,
  indexes: Record<keyof EmulatorDataset, number[]>,
  problems: string[],
): void {
  const at = (section: keyof EmulatorDataset, i: number) => `${section}[${indexes[section][i]}]`;
  const unique = (
    section: keyof EmulatorDataset,
    field: string,
    keyOf?: (r: Record<string, unknown>) => unknown,
  ) => duplicates(s[section], (i) => at(section, i), field, problems, keyOf);
  unique('deployments', 'id');
  unique('deployments', 'slug');
  unique('tokens', 'token');
  unique('projects', 'id');
  // Tag operations find a project by deployment and name.
  unique('projects', 'name', (p) => pair(p.deploymentId, p.name));
  unique('repositories', 'id');
  unique('lockfiles', 'path', (l) => pair(l.repositoryId, l.path));
  unique('notifications', 'id');
  unique('findings', 'id');
  unique('secrets', 'id');
  const deployments = new Set(s.deployments.map((d) => d.id));
  for (const section of [
    'tokens',
    'projects',
    'repositories',
    'notifications',
    'findings',
    'secrets',
  ] as const) {
    s[section].forEach((r, i) => {
      if (r.deploymentId !== undefined && !deployments.has(r.deploymentId))
        problems.push(`${at(section, i)}.deploymentId ${shown(r.deploymentId)} is not a deployment`);
    });
  }
  s.tokens.forEach((t) => {
    t.webApi ??= t.kind === 'api';
    t.viewer ??= `${String(t.kind)}-viewer`;
  });
  s.projects.forEach((p, i) => {
    if (
      typeof p.name === 'string' &&
      p.name.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')
    )
      problems.push(
        `${at('projects', i)}.name ${shown(p.name)} must be a path like org/repo, without empty, "." or ".." segments`,
      );
    p.url ??= `https://github.com/${String(p.name)}`;
  });
  const projectKeys = new Map(s.projects.map((p) => [pair(p.deploymentId, p.name), p]));
  const repositories = new Map(s.repositories.map((r) => [r.id, r]));
  s.repositories.forEach((r, i) => {
    if (r.projectName === undefined) return;
    const project = projectKeys.get(pair(r.deploymentId, r.projectName));
    if (project === undefined)
      problems.push(
        `${at('repositories', i)}.projectName ${shown(r.projectName)} is not a project of deployment ${String(r.deploymentId)}`,
      );
    // One id space (decisions.md): callers join the repositories listing and the projects on the id.
    else if (String(project.id) !== String(r.id))
      problems.push(
        `${at('repositories', i)}.id ${shown(r.id)} must be the id of its project ${shown(r.projectName)} (${String(project.id)}): a repository and its project share one id`,
      );
  });
  const lockfiles = new Map<string, Record<string, unknown>>();
  s.lockfiles.forEach((l, i) => {
    if (l.repositoryId !== undefined && !repositories.has(l.repositoryId))
      problems.push(`${at('lockfiles', i)}.repositoryId ${shown(l.repositoryId)} is not a repository`);
    lockfiles.set(pair(l.repositoryId, l.path), l);
  });
  let nextId = 1;
  const ids = new Set(s.dependencies.map((d) => d.id).filter((id) => id !== undefined));
  s.dependencies.forEach((d, i) => {
    if (d.repositoryId !== undefined && !repositories.has(d.repositoryId))
      problems.push(`${at('dependencies', i)}.repositoryId ${shown(d.repositoryId)} is not a repository`);
    const lockfile = lockfiles.get(pair(d.repositoryId, d.lockfilePath));
    if (d.ecosystem === undefined) {
      if (lockfile === undefined)
        problems.push(
          `${at('dependencies', i)}.ecosystem is required when its lockfile is not listed in lockfiles`,
        );
      else d.ecosystem = lockfile.ecosystem;
    }
    if (d.id === undefined) {
      while (ids.has(String(nextId))) nextId++;
      const id = String(nextId);
      d.id = id;
      ids.add(id);
    }
  });
  unique('dependencies', 'id');
}

/** Reads and parses a dataset file; a file that cannot be read is a DatasetError too. */
export async function loadDatasetFile(path: string, name = path): Promise<EmulatorDataset> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatasetError(name, [
      `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`,
    ]);
  }
  return parseDataset(text, name);
}
