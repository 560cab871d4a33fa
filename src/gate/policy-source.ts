import { parse } from 'yaml';
import type { ReportNote } from './types.js';

/** Where a policy can be read from: a commit of the change or the working tree. */
export type PolicySide = 'base' | 'head' | 'worktree';

/** What started the gate: an Action event, or `depgate check` (`local`, in CI or not). */
export type GateTrigger = 'pull_request' | 'merge_group' | 'push' | 'audit' | 'local';

export interface PolicySideContext {
  trigger: GateTrigger;
  /** `CI=true` in the environment (the CLI). */
  ci?: boolean;
  /** A base was named (`--base`): the change is a change under review. */
  baseGiven?: boolean;
  /** A head commit was named (`--head`); else the head is the working tree. */
  headGiven?: boolean;
  /** What the user asked for (`--policy-from`), when they did. */
  requested?: PolicySide;
}

export interface PolicySideChoice {
  side: PolicySide;
  /** Why this side, in a few words for the log. */
  why: string;
  /** When the chosen side lets the change relax its own check where it should not (in CI): say it loudly. */
  warning?: string;
}

/**
 * The side of the change the policy is read from. A change cannot relax its own check: a pull request
 * and a merge group are judged with the base's policy, and so is a push (the branch before it, or for a
 * new branch its merge base with the default branch), and `depgate check` in CI (`CI=true`) or whenever
 * a base is named. An audit has no change under review and reads the head. Locally,
 * with no base named, the policy of what is being checked is used (the working tree, or `--head`), so
 * that a policy can be tried before it is pushed; `--policy-from` chooses any side.
 */
export function choosePolicySide(context: PolicySideContext): PolicySideChoice {
  switch (context.trigger) {
    case 'pull_request':
    case 'merge_group':
      return { side: 'base', why: 'the base of the change: a change cannot relax its own check' };
    case 'push':
      // GitHub matches required checks by name, so a push's green check can stand in for a pull
      // request's: a push that empties the policy must not pass by it.
      return { side: 'base', why: 'the branch before the push: a push cannot relax its own check' };
    case 'audit':
      return { side: 'head', why: 'the audited commit' };
    case 'local':
      break;
  }
  const underReview = context.ci === true || context.baseGiven === true;
  if (context.requested !== undefined) {
    const choice: PolicySideChoice = { side: context.requested, why: '--policy-from' };
    if (context.requested !== 'base' && context.ci === true)
      choice.warning = `the policy was read from the ${context.requested === 'head' ? 'head commit' : 'working tree'} (--policy-from ${context.requested}) in CI: a change can relax its own check this way; CI should read it from the base`;
    return choice;
  }
  if (underReview)
    return {
      side: 'base',
      why: `${context.ci === true ? 'in CI' : '--base given'}: a change cannot relax its own check`,
    };
  return context.headGiven === true
    ? { side: 'head', why: 'locally with no --base: the commit checked' }
    : { side: 'worktree', why: 'locally with no --base: a policy is tried before it is committed' };
}

/**
 * The most characters of a policy file read to describe a change's edit of it (a policy is a few
 * kilobytes; this is hundreds of times that).
 */
export const MAX_DESCRIBED_POLICY = 256_000;

/** The policy's top-level keys (read-policy.ts); anything else a change writes is "other keys". */
const KEYS = ['deny', 'exceptions', 'licenses', 'newToOrg', 'preExisting', 'paths'] as const;

function parsed(text: string | undefined): Record<string, unknown> | undefined | 'invalid' {
  if (text === undefined) return undefined;
  try {
    const value: unknown = parse(text, { maxAliasCount: 100 });
    if (value === null || value === undefined) return {};
    return typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** Lines only one side has, counted as multisets (a policy is small; the head's may be anything). */
function lineCounts(base: string, head: string): { removed: number; added: number } {
  const count = new Map<string, number>();
  for (const line of base.split('\n')) count.set(line, (count.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of head.split('\n')) {
    const left = count.get(line) ?? 0;
    if (left > 0) count.set(line, left - 1);
    else added++;
  }
  let removed = 0;
  for (const n of count.values()) removed += n;
  return { removed, added };
}

const size = (value: unknown): string =>
  Array.isArray(value) ? `${value.length}` : value === undefined ? 'none' : 'set';

/**
 * The notice for a change that edits the policy file while the base's policy judges it: what the edit
 * changes, key by key (no text of the file is echoed: it is the change's to write), and that it takes
 * effect once merged. Undefined when the policy file is the same on both sides.
 */
export function describePolicyChange(change: {
  path: string;
  base?: string;
  head?: string;
  /** The commit the base's policy was read at. */
  baseCommit?: string;
}): ReportNote | undefined {
  const { path, base, head } = change;
  if (base === head) return undefined;
  const at = change.baseCommit === undefined ? '' : ` (at ${change.baseCommit.slice(0, 7)})`;
  const tail = `: this check judged it with the base's policy${at}, since a change cannot relax its own check; the edited policy applies once it is merged`;
  if (head === undefined)
    return { level: 'notice', message: `the change deletes ${path}${tail}`, file: path };
  const parts: string[] = [];
  // The edited file is the change's to write and only described, never applied: past the size of any
  // real policy it is not parsed at all (a 10 MB file took the YAML parser most of a minute).
  const tooLarge = [base, head].find((text) => text !== undefined && text.length > MAX_DESCRIBED_POLICY);
  if (tooLarge !== undefined) {
    const which = tooLarge === head ? 'the edited file' : 'the base file';
    parts.push(
      `${which} is ${tooLarge.length} characters, over the ${MAX_DESCRIBED_POLICY} a policy is read to describe an edit: not compared`,
    );
    const what = base === undefined ? `the change adds ${path}` : `the change edits ${path}`;
    return { level: 'notice', message: `${what} (${parts.join('; ')})${tail}`, file: path };
  }
  const before = parsed(base);
  const after = parsed(head);
  if (base !== undefined) {
    const { removed, added } = lineCounts(base, head);
    parts.push(`${removed} line${removed === 1 ? '' : 's'} removed, ${added} added`);
  }
  if (after === 'invalid') parts.push('the edited file is not a valid policy mapping');
  else if (before !== 'invalid') {
    for (const key of KEYS) {
      const [b, h] = [before?.[key], after?.[key]];
      if (JSON.stringify(b) === JSON.stringify(h)) continue;
      parts.push(
        Array.isArray(b) || Array.isArray(h) ? `${key} ${size(b)} -> ${size(h)} entries` : `${key} changed`,
      );
    }
    const known = new Set<string>(KEYS);
    const others = (o: Record<string, unknown> | undefined) =>
      JSON.stringify(Object.entries(o ?? {}).filter(([k]) => !known.has(k)));
    if (others(before) !== others(after)) parts.push('other keys changed');
  }
  const what = base === undefined ? `the change adds ${path}` : `the change edits ${path}`;
  return {
    level: 'notice',
    message: `${what}${parts.length === 0 ? '' : ` (${parts.join('; ')})`}${tail}`,
    file: path,
  };
}
