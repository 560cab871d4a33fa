import type { SecretRecord } from './dataset.js';
import { type QueryReader, readTime } from './query-params.js';

// The documented query filters of the secrets listing (GET /api/v1/deployments/{id}/secrets, the
// reference's SecretsService): status, severity, repo, validation_state and since. The service reads
// them through its protobuf gateway: enum values by their names, lists as repeated keys.

/** `FINDING_STATUS_UNSPECIFIED` is the protobuf default: the same as no status at all. */
export const SECRET_STATUSES = [
  'FINDING_STATUS_UNSPECIFIED',
  'FINDING_STATUS_OPEN',
  'FINDING_STATUS_IGNORED',
  'FINDING_STATUS_FIXED',
  'FINDING_STATUS_REMOVED',
  'FINDING_STATUS_UNKNOWN',
  'FINDING_STATUS_PROVISIONALLY_IGNORED',
] as const;
export const SECRET_SEVERITIES = [
  'SEVERITY_UNSPECIFIED',
  'SEVERITY_LOW',
  'SEVERITY_MEDIUM',
  'SEVERITY_HIGH',
  'SEVERITY_CRITICAL',
] as const;
export const SECRET_VALIDATION_STATES = [
  'VALIDATION_STATE_UNSPECIFIED',
  'VALIDATION_STATE_CONFIRMED_VALID',
  'VALIDATION_STATE_CONFIRMED_INVALID',
  'VALIDATION_STATE_VALIDATION_ERROR',
  'VALIDATION_STATE_NO_VALIDATOR',
] as const;

/** The secrets listing's parameters under their other spelling (the gateway takes JSON names too). */
export const SECRETS_ALIASES = { validationState: 'validation_state' } as const;

export interface SecretsFilter {
  (s: SecretRecord): boolean;
  /** What the filter selects, in a stable form: a cursor is bound to it. */
  key: string;
}

const unspecified = (v: string) => !v.endsWith('_UNSPECIFIED');

/** The secrets listing's query, as one predicate; every bad value is a 400 naming its parameter. */
export function readSecretsFilter(query: QueryReader): SecretsFilter {
  const statuses = query.list('status', { allowed: SECRET_STATUSES }).filter(unspecified);
  const severities = query.list('severity', { allowed: SECRET_SEVERITIES }).filter(unspecified);
  const repos = query.list('repo');
  const states = query.list('validation_state', { allowed: SECRET_VALIDATION_STATES }).filter(unspecified);
  const sinceText = query.single('since');
  const since = sinceText === undefined || sinceText === '' ? undefined : readTime(sinceText, 'since');
  const predicate = (s: SecretRecord): boolean => {
    if (statuses.length > 0 && !statuses.includes(String(s.status))) return false;
    if (severities.length > 0 && !severities.includes(String(s.severity))) return false;
    if (repos.length > 0) {
      const repository = s.repository as { name?: unknown } | undefined;
      if (typeof repository?.name !== 'string' || !repos.includes(repository.name)) return false;
    }
    if (states.length > 0 && !states.includes(String(s.validationState))) return false;
    // Changed since: the last update, or the creation when the record has no update time.
    if (since !== undefined && !(Date.parse(String(s.updatedAt ?? s.createdAt)) >= since)) return false;
    return true;
  };
  const sorted = (list: string[]) => [...list].sort();
  const key = JSON.stringify([
    sorted(statuses),
    sorted(severities),
    sorted(repos),
    sorted(states),
    since ?? null,
  ]);
  return Object.assign(predicate, { key });
}
