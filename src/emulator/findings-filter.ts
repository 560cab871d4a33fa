import type { FindingRecord, ProjectRecord } from './dataset.js';
import { EmulatorHttpError } from './http.js';
import { type QueryReader, readTime } from './query-params.js';

// The documented query filters of the findings listing (GET /api/v1/deployments/{slug}/findings, the
// reference's `openapi_list_recent_issues`), each read from the finding fields the service answers
// with. docs/emulator.md's route table names the field each filter reads.

export const FINDING_ISSUE_TYPES = ['sast', 'sca', 'ai_sast'] as const;
export const FINDING_STATUSES = [
  'open',
  'fixed',
  'ignored',
  'reviewing',
  'fixing',
  'provisionally_ignored',
] as const;
export const FINDING_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const FINDING_CONFIDENCES = ['low', 'medium', 'high'] as const;
export const FINDING_TRIAGE_REASONS = [
  'acceptable_risk',
  'false_positive',
  'no_time',
  'no_triage_reason',
  'duplicate',
] as const;
export const FINDING_VERDICTS = ['true_positive', 'false_positive'] as const;
/** Supply-chain reachability, as `exposures` takes it and SCA findings carry it (`reachability`). */
export const FINDING_EXPOSURES = [
  'reachable',
  'always_reachable',
  'conditionally_reachable',
  'unreachable',
  'unknown',
] as const;
export const FINDING_TRANSITIVITIES = ['direct', 'transitive', 'unknown'] as const;
export const FINDING_FIX_PR_STATES = ['open', 'merged'] as const;

/** The query parameters the findings listing reads, page and page size included. */
export const FINDINGS_PARAMETERS = [
  'issue_type',
  'since',
  'page',
  'dedup',
  'page_size',
  'repos',
  'repository_ids',
  'status',
  'triage_reasons',
  'severities',
  'ref',
  'policies',
  'rules',
  'categories',
  'confidence',
  'autotriage_verdict',
  'component_tags',
  'exposures',
  'transitivities',
  'is_malicious',
  'click_to_fix_pr_state',
] as const;

/** `ref=_default`: each project's own default branch, whatever it is named. */
const DEFAULT_REF = '_default';

const lower = (v: string) => v.toLowerCase();
const refOf = (r: string) => r.replace(/^refs\/heads\//, '');

/** An object field of a record, or undefined. */
function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'object' && field !== null && !Array.isArray(field)
    ? (field as Record<string, unknown>)
    : undefined;
}

/** A string field, lowercased; undefined when it is not a string. */
function textAt(value: Record<string, unknown> | undefined, key: string): string | undefined {
  const field = value?.[key];
  return typeof field === 'string' ? field.toLowerCase() : undefined;
}

export type FindingsFilter = ((f: FindingRecord) => boolean) & {
  /** `dedup`: one finding per `match_based_id`, the first in listing order. */
  dedup: boolean;
};

/**
 * The findings listing's query, as one predicate over findings of one deployment, whose `projects`
 * resolve `ref=_default` and `repository_ids`. Every bad value is a 400 naming its parameter.
 */
export function readFindingsFilter(query: QueryReader, projects: readonly ProjectRecord[]): FindingsFilter {
  // A repeated issue_type lists each type (the platform's own MCP server sends sast and sca both).
  const issueTypes = query.list('issue_type', { allowed: FINDING_ISSUE_TYPES, normalize: lower });
  const types = new Set<string>(issueTypes.length > 0 ? issueTypes : ['sast']);
  const repos = new Set(query.list('repos'));
  const repositoryIds = query.list('repository_ids');
  for (const id of repositoryIds)
    if (!/^\d{1,20}$/.test(id))
      throw new EmulatorHttpError(400, `repository_ids must be numeric ids, got ${JSON.stringify(id)}`);
  const ids = new Set(repositoryIds.map((id) => BigInt(id).toString()));
  const statuses = new Set(query.list('status', { allowed: FINDING_STATUSES, normalize: lower }));
  const reasons = new Set(
    query.list('triage_reasons', { allowed: FINDING_TRIAGE_REASONS, normalize: lower }),
  );
  const severities = new Set(query.list('severities', { allowed: FINDING_SEVERITIES, normalize: lower }));
  const ref = query.single('ref');
  const policies = new Set(query.list('policies'));
  const rules = new Set(query.list('rules'));
  const categories = new Set(query.list('categories', { normalize: lower }));
  const confidences = new Set(query.list('confidence', { allowed: FINDING_CONFIDENCES, normalize: lower }));
  const verdicts = new Set(query.list('autotriage_verdict', { allowed: FINDING_VERDICTS, normalize: lower }));
  const components = new Set(query.list('component_tags', { normalize: lower }));
  const exposures = new Set(query.list('exposures', { allowed: FINDING_EXPOSURES, normalize: lower }));
  const transitivities = new Set(
    query.list('transitivities', { allowed: FINDING_TRANSITIVITIES, normalize: lower }),
  );
  const maliciousText = query.single('is_malicious');
  const malicious = maliciousText === undefined ? undefined : query.boolean('is_malicious', false);
  const prStates = new Set(
    query.list('click_to_fix_pr_state', { allowed: FINDING_FIX_PR_STATES, normalize: lower }),
  );
  const sinceText = query.single('since');
  const since = sinceText === undefined || sinceText === '' ? undefined : readTime(sinceText, 'since');
  const dedup = query.boolean('dedup', false);

  const byName = new Map(projects.map((p) => [p.name, p]));
  const predicate = (f: FindingRecord): boolean => {
    if (!types.has(typeof f.issueType === 'string' ? f.issueType : 'sast')) return false;
    const repository = objectAt(f, 'repository');
    const name = typeof repository?.name === 'string' ? repository.name : undefined;
    if (repos.size > 0 && (name === undefined || !repos.has(name))) return false;
    if (ids.size > 0) {
      // The finding's repository id when it carries one; else its project's (one id space).
      const own = repository?.id;
      const id =
        typeof own === 'number' || typeof own === 'string'
          ? String(own)
          : name === undefined
            ? undefined
            : byName.get(name)?.id.toString();
      if (id === undefined || !ids.has(id)) return false;
    }
    if (statuses.size > 0 && !statuses.has(String(f.status).toLowerCase())) return false;
    if (reasons.size > 0 && !reasons.has(textAt(f, 'triage_reason') ?? 'no_triage_reason')) return false;
    if (severities.size > 0 && !severities.has(String(f.severity).toLowerCase())) return false;
    if (ref === DEFAULT_REF) {
      const branch = name === undefined ? undefined : byName.get(name)?.defaultBranch;
      if (branch === undefined || refOf(String(f.ref)) !== refOf(branch)) return false;
    } else if (ref !== undefined && refOf(String(f.ref)) !== refOf(ref)) return false;
    if (policies.size > 0) {
      const policy = objectAt(f, 'sourcing_policy');
      const names = [policy?.slug, policy?.id, policy?.name].filter((v) => v !== undefined).map(String);
      if (!names.some((n) => policies.has(n))) return false;
    }
    if (rules.size > 0) {
      const rule = typeof f.rule_name === 'string' ? f.rule_name : objectAt(f, 'rule')?.name;
      if (typeof rule !== 'string' || !rules.has(rule)) return false;
    }
    if (categories.size > 0) {
      const own = Array.isArray(f.categories) ? (f.categories as unknown[]) : [];
      if (!own.some((c) => typeof c === 'string' && categories.has(c.toLowerCase()))) return false;
    }
    if (confidences.size > 0) {
      const confidence = textAt(f, 'confidence') ?? textAt(objectAt(f, 'rule'), 'confidence');
      if (confidence === undefined || !confidences.has(confidence)) return false;
    }
    const assistant = objectAt(f, 'assistant');
    if (verdicts.size > 0) {
      const verdict = textAt(objectAt(assistant, 'autotriage'), 'verdict');
      if (verdict === undefined || !verdicts.has(verdict)) return false;
    }
    if (components.size > 0) {
      const tag = textAt(objectAt(assistant, 'component'), 'tag');
      if (tag === undefined || !components.has(tag)) return false;
    }
    if (exposures.size > 0 && !exposures.has(textAt(f, 'reachability') ?? 'unknown')) return false;
    if (transitivities.size > 0) {
      const t = textAt(objectAt(f, 'found_dependency'), 'transitivity');
      if (!transitivities.has(t === 'direct' || t === 'transitive' ? t : 'unknown')) return false;
    }
    if (malicious !== undefined && (f.is_malicious === true) !== malicious) return false;
    if (prStates.size > 0) {
      const state = textAt(f, 'click_to_fix_pr_state');
      if (state === undefined || !prStates.has(state)) return false;
    }
    if (since !== undefined && !(Date.parse(String(f.relevant_since)) >= since)) return false;
    return true;
  };
  return Object.assign(predicate, { dedup });
}
