import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { WireTransitivity } from '../core/index.js';
import { ECOSYSTEMS, UserError, type Ecosystem } from '../domain/index.js';
import type { EmulatorDataset } from './dataset.js';
import {
  FINDING_CONFIDENCES,
  FINDING_EXPOSURES,
  FINDING_FIX_PR_STATES,
  FINDING_ISSUE_TYPES,
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  FINDING_TRANSITIVITIES,
  FINDING_TRIAGE_REASONS,
  FINDING_VERDICTS,
} from './findings-filter.js';
import { SECRET_SEVERITIES, SECRET_STATUSES, SECRET_VALIDATION_STATES } from './secrets-filter.js';

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

/** How a value is shown in a problem: JSON, cut at 40 characters. */
const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};

/** The message of a field that is missing or wrong: `is required`, or `must be ..., got ...`. */
const expected =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${what}, got ${shown(issue.input)}`;

const string = () => z.string({ error: expected('a string') });
const text = () => {
  const error = expected('a non-empty string');
  return z.string({ error }).refine((v) => v.trim() !== '', { error });
};
const boolean = () => z.boolean({ error: expected('true or false') });
const integer = () => {
  const error = expected('a non-negative integer');
  return z.int({ error }).min(0, { error });
};
/** A uint64 id: a decimal string or a non-negative integer, kept as a canonical decimal string. */
const uint64 = () =>
  z.union(
    [
      z.int().min(0).transform(String),
      z
        .string()
        .refine((v) => /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n)
        .transform((v) => BigInt(v).toString()),
    ],
    { error: expected('a numeric id (digits, as a string or a number)') },
  );
/** A time the listings compare (`since`): ISO 8601, as the service writes them. */
const time = () => {
  const error = expected('an ISO 8601 time');
  return z.string({ error }).refine((v) => !Number.isNaN(Date.parse(v)), { error });
};
const strings = () => z.array(z.string(), { error: expected('an array of strings') });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: expected(`one of ${values.join(', ')}`) });

const TRANSITIVITIES = [
  'DIRECT',
  'TRANSITIVE',
  'UNKNOWN_TRANSITIVITY',
] as const satisfies readonly WireTransitivity[];
const ECOSYSTEM = oneOf(ECOSYSTEMS as unknown as readonly [Ecosystem, ...Ecosystem[]]);
const EPOCH = '1970-01-01T00:00:00Z';
/** The reasons a finding is triaged with; `no_triage_reason` is the filter's word for none. */
const TRIAGE_REASONS = FINDING_TRIAGE_REASONS.filter((r) => r !== 'no_triage_reason') as unknown as readonly [
  string,
  ...string[],
];

/**
 * Each section's record. Optional fields take their defaults here; defaults that depend on other
 * records (a token's viewer, a dependency's ecosystem) are filled by `crossCheck`. Findings and secrets
 * keep the fields they do not know.
 */
const SECTIONS = {
  deployments: z.strictObject({ id: integer(), name: text(), slug: text() }),
  tokens: z.strictObject({
    token: text(),
    kind: oneOf(['api', 'jwt']),
    webApi: boolean().optional(),
    deploymentId: integer(),
    viewer: text().optional(),
    admin: boolean().default(false),
    description: string().optional(),
  }),
  projects: z.strictObject({
    id: integer(),
    deploymentId: integer(),
    name: text(),
    tags: strings().default(() => []),
    createdAt: string().default(EPOCH),
    defaultBranch: string().default('refs/heads/main'),
    latestScanAt: string().default(EPOCH),
    url: string().optional(),
  }),
  repositories: z.strictObject({
    id: uint64(),
    deploymentId: integer(),
    name: text(),
    archived: boolean().default(false),
    hasDependencyPathScan: boolean().default(false),
    projectName: text().optional(),
  }),
  lockfiles: z.strictObject({ repositoryId: uint64(), path: text(), ecosystem: ECOSYSTEM }),
  dependencies: z.strictObject({
    id: uint64().optional(),
    repositoryId: uint64(),
    lockfilePath: text(),
    name: text(),
    version: string(),
    ecosystem: ECOSYSTEM.optional(),
    licenses: strings().default(() => []),
    transitivity: oneOf(TRANSITIVITIES).default('UNKNOWN_TRANSITIVITY'),
    line: integer().default(1),
    column: integer().default(1),
    endLine: integer().optional(),
    endColumn: integer().optional(),
    resolvedUrl: string().optional(),
  }),
  notifications: z.strictObject({
    id: text(),
    deploymentId: integer(),
    viewer: text().optional(),
    title: string(),
    description: string().default(''),
    severity: oneOf(['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR']),
    status: oneOf(['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED']),
    adminOnly: boolean().default(false),
    createdAt: string().default(EPOCH),
    link: string().default(''),
    isExternalLink: boolean().default(false),
    linkText: string().default(''),
  }),
  // Findings and secrets are served as they are written; the fields the listings filter on are checked.
  findings: z.looseObject({
    id: integer(),
    deploymentId: integer(),
    issueType: oneOf(FINDING_ISSUE_TYPES).optional(),
    repository: z.looseObject({ name: text(), id: z.union([integer(), uint64()]).optional() }).optional(),
    ref: string().optional(),
    status: oneOf(FINDING_STATUSES).optional(),
    severity: oneOf(FINDING_SEVERITIES).optional(),
    confidence: oneOf(FINDING_CONFIDENCES).optional(),
    triage_reason: oneOf(TRIAGE_REASONS).nullish(),
    categories: strings().optional(),
    rule_name: string().optional(),
    relevant_since: time().optional(),
    match_based_id: string().optional(),
    sourcing_policy: z
      .looseObject({ id: integer().optional(), name: string().optional(), slug: string().optional() })
      .nullish(),
    assistant: z
      .looseObject({
        autotriage: z.looseObject({ verdict: oneOf(FINDING_VERDICTS) }).nullish(),
        component: z.looseObject({ tag: string() }).nullish(),
      })
      .nullish(),
    reachability: oneOf(FINDING_EXPOSURES).nullish(),
    found_dependency: z.looseObject({ transitivity: oneOf(FINDING_TRANSITIVITIES).optional() }).nullish(),
    is_malicious: boolean().optional(),
    click_to_fix_pr_state: oneOf(FINDING_FIX_PR_STATES).nullish(),
  }),
  secrets: z.looseObject({
    id: text(),
    deploymentId: integer(),
    repository: z.looseObject({ name: text() }).optional(),
    status: oneOf(SECRET_STATUSES).optional(),
    severity: oneOf(SECRET_SEVERITIES).optional(),
    validationState: oneOf(SECRET_VALIDATION_STATES).optional(),
    createdAt: time().optional(),
    updatedAt: time().optional(),
  }),
} satisfies Record<keyof EmulatorDataset, z.ZodObject>;

/** A map key of two field values (which may be anything until checked). */
const pair = (a: unknown, b: unknown): string => JSON.stringify([a, b]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one record against its section's schema and fills the defaults. */
function readRecord(
  section: keyof EmulatorDataset,
  raw: unknown,
  at: string,
  problems: string[],
): Record<string, unknown> | undefined {
  if (!isObject(raw)) {
    problems.push(`${at} must be an object, got ${shown(raw)}`);
    return undefined;
  }
  const schema = SECTIONS[section];
  // A known field written `null` counts as absent: it takes its default, or is reported missing.
  // Findings and secrets are served as written, and the service writes `null` for what is unset.
  const record = { ...raw };
  if (section !== 'findings' && section !== 'secrets')
    for (const key of Object.keys(schema.shape)) if (record[key] === null) delete record[key];
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  const known = Object.keys(schema.shape).join(', ');
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys)
        problems.push(`${at}.${key} is not a field of ${section} (known: ${known})`);
    else problems.push(`${at}.${issue.path.join('.')} ${issue.message}`);
  }
  // The valid fields still go to the cross-checks, so one run reports every problem.
  const partial: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = (field as z.ZodType).safeParse(record[key]);
    if (value.success && value.data !== undefined) partial[key] = value.data;
  }
  return partial;
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
    if (!Object.hasOwn(SECTIONS, key))
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
