import { defaultPolicy, readPolicy, type Policy } from '../policy/index.js';
import type { PolicySide } from './policy-source.js';
import type { PolicyFrom } from './types.js';

/** A policy file at one side: its text, or why the edge refused to read it (a link). */
export type PolicyFileEntry = { text: string } | { refused: string };

/** The policy file on both sides of a change, when the base's policy judges it. */
export interface PolicyChange {
  path: string;
  base?: string;
  head?: string;
}

export interface LoadedPolicy {
  policy: Policy;
  from: PolicyFrom;
  change?: PolicyChange;
  /** No policy file where it was read: the policy is the default one (no rules). */
  missing?: true;
}

/** Where and how to read the policy; the edge reads the files and words its errors. */
export interface PolicyPlace {
  /** The file's path in the repository. */
  path: string;
  /** The side the gate chose (`choosePolicySide`), and its commit when it is one. */
  side: PolicySide;
  commit?: string;
  /** Where the change's own policy is, told (never applied) when the base's judges the change. */
  changeSide: PolicySide;
  read(side: PolicySide): Promise<PolicyFileEntry | undefined>;
  /** A file that must exist: its absence is an error, not a check with no rules. */
  required: boolean;
  /** The edge's error for a refused file at the chosen side (a link), and for a required file that is absent. */
  errors: { refused(reason: string): Error; missing(): Error };
}

/**
 * The policy from the side the gate chose: with the base's, the change's own text is read too, so that
 * an edit of the policy is reported and not applied (a change cannot relax its own check). A link is
 * never followed; a missing file is the default policy (no rules) unless the file is required.
 */
export async function loadPolicy(place: PolicyPlace): Promise<LoadedPolicy> {
  const from: PolicyFrom = { side: place.side };
  if (place.commit !== undefined) from.commit = place.commit;
  const [text, theirs] = await Promise.all([
    place.read(place.side).then((entry) => {
      if (entry !== undefined && 'refused' in entry) throw place.errors.refused(entry.refused);
      return entry?.text;
    }),
    place.side === 'base' ? place.read(place.changeSide) : undefined,
  ]);
  const loaded: LoadedPolicy = { policy: defaultPolicy('default'), from };
  if (place.side === 'base') {
    const change: PolicyChange = { path: place.path };
    if (text !== undefined) change.base = text;
    if (theirs !== undefined) change.head = 'text' in theirs ? theirs.text : `(${theirs.refused})`;
    loaded.change = change;
  }
  if (text !== undefined) {
    loaded.policy = readPolicy(text, place.path);
    return loaded;
  }
  if (place.required) throw place.errors.missing();
  loaded.missing = true;
  return loaded;
}

/**
 * What the change itself does to the policy, from where it branched: the base branch may have moved on
 * since, and its later edits are not the change's. The base's side of the change is re-read at the fork
 * point when that is another commit than the one the policy was read at.
 */
export async function policyChangeSinceFork(
  loaded: LoadedPolicy,
  fork: string | undefined,
  readAt: (path: string, commit: string) => Promise<PolicyFileEntry | undefined>,
): Promise<PolicyChange | undefined> {
  const { change } = loaded;
  if (
    change === undefined ||
    change.base === change.head ||
    fork === undefined ||
    fork === loaded.from.commit
  )
    return change;
  const atFork = await readAt(change.path, fork);
  const { base: _tip, ...rest } = change;
  return atFork !== undefined && 'text' in atFork ? { ...rest, base: atFork.text } : rest;
}
