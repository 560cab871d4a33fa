import { SetupError } from '../edge-shared/index.js';

/** What a run compares, from its event's own payload fields. */
export type GateTarget =
  /** A pull request: its file list names the changed lockfiles; base is the merge base of the two SHAs. */
  | {
      kind: 'pull';
      event: 'pull_request' | 'pull_request_target';
      number: number;
      baseSha: string;
      headSha: string;
      /** The head is in another repository (a fork): its token usually cannot write. */
      fork: boolean;
      /** The branch the pull request targets (`pull_request.base.ref`), to name the base. */
      baseRef?: string;
      /** `pull_request.changed_files`, to tell when the file list stops at the API's cap. */
      changedFiles: number | undefined;
    }
  /** Two commits: the trees are compared (merge queue, push; a new branch against the default branch). */
  | {
      kind: 'range';
      event: 'merge_group' | 'push';
      /** Undefined for a new branch: compared with `defaultBranch`'s merge base. */
      baseSha: string | undefined;
      defaultBranch: string | undefined;
      headSha: string;
    }
  /** No change to compare (dispatch, schedule): the head's lockfiles are audited whole. */
  | { kind: 'audit'; event: string; headSha: string }
  /** Nothing to check (a deleted branch). */
  | { kind: 'none'; event: string; reason: string };

const ZERO_SHA = /^0{40}$/;
export const SUPPORTED_EVENTS = [
  'pull_request',
  'pull_request_target',
  'merge_group',
  'push',
  'workflow_dispatch',
  'schedule',
] as const;

type Json = Record<string, unknown>;

function field(payload: Json, path: string, event: string): unknown {
  let value: unknown = payload;
  for (const key of path.split('.')) value = (value as Json | undefined)?.[key];
  if (value === undefined || value === null)
    throw new SetupError(`the ${event} event's payload has no ${path} (GITHUB_EVENT_PATH)`);
  return value;
}
const sha = (payload: Json, path: string, event: string): string => {
  const value = field(payload, path, event);
  if (typeof value !== 'string' || !/^[0-9a-f]{40}$/i.test(value))
    throw new SetupError(`the ${event} event's ${path} is not a commit SHA: ${JSON.stringify(value)}`);
  return value;
};

/**
 * The base and head of the run from the event's payload. `sha` is GITHUB_SHA, which dispatch and schedule
 * audit. An event the gate does not know is a SetupError that lists those it does.
 */
export function resolveEvent(eventName: string, payload: Json, headSha: string): GateTarget {
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pr = field(payload, 'pull_request', eventName) as Json;
      const number = field(pr, 'number', `${eventName} event's pull_request`);
      const baseRepo = (pr.base as Json | undefined)?.repo as Json | undefined;
      const headRepo = (pr.head as Json | undefined)?.repo as Json | null | undefined;
      const changed = pr.changed_files;
      const baseRef = (pr.base as Json | undefined)?.ref;
      return {
        ...(typeof baseRef === 'string' && baseRef !== '' ? { baseRef } : {}),
        kind: 'pull',
        event: eventName,
        number: Number(number),
        baseSha: sha(payload, 'pull_request.base.sha', eventName),
        headSha: sha(payload, 'pull_request.head.sha', eventName),
        // A deleted fork leaves head.repo null: still a fork, and its token is still read-only.
        fork: headRepo === null || (headRepo?.full_name ?? null) !== (baseRepo?.full_name ?? null),
        changedFiles: typeof changed === 'number' ? changed : undefined,
      };
    }
    case 'merge_group':
      return {
        kind: 'range',
        event: 'merge_group',
        baseSha: sha(payload, 'merge_group.base_sha', eventName),
        defaultBranch: undefined,
        headSha: sha(payload, 'merge_group.head_sha', eventName),
      };
    case 'push': {
      if (payload.deleted === true || ZERO_SHA.test(String(payload.after)))
        return { kind: 'none', event: 'push', reason: 'the push deleted the branch: nothing to check' };
      const after = sha(payload, 'after', eventName);
      const before = typeof payload.before === 'string' ? payload.before : '';
      const created = payload.created === true || ZERO_SHA.test(before) || before === '';
      const repository = payload.repository as Json | undefined;
      const defaultBranch =
        typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
      if (created && defaultBranch === undefined)
        throw new SetupError(
          `the push event's payload has no repository.default_branch to compare a new branch with`,
        );
      return {
        kind: 'range',
        event: 'push',
        baseSha: created ? undefined : sha(payload, 'before', eventName),
        defaultBranch: created ? defaultBranch : undefined,
        headSha: after,
      };
    }
    case 'workflow_dispatch':
    case 'schedule':
      if (!/^[0-9a-f]{40}$/i.test(headSha))
        throw new SetupError(`GITHUB_SHA is not a commit SHA: ${JSON.stringify(headSha)}`);
      return { kind: 'audit', event: eventName, headSha };
    default:
      throw new SetupError(
        `depgate does not run on ${eventName} events: use it on ${SUPPORTED_EVENTS.join(', ')}`,
      );
  }
}
