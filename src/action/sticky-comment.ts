import type { GitHubApi, IssueComment } from './github-api.js';

/** Hidden first line that identifies depgate's comment among a PR's comments. */
export const COMMENT_MARKER = '<!-- depgate:sticky-comment -->';
/** GitHub refuses comment bodies longer than this many characters. */
export const COMMENT_LIMIT = 65_536;

export type CommentOutcome = 'created' | 'updated' | 'unchanged' | 'skipped';

export interface CommentResult {
  outcome: CommentOutcome;
  id?: number;
  /** Duplicates (from concurrent runs) deleted. */
  deleted: number;
}

/** The marker and the text, cut to GitHub's limit (the renderer should already have fitted it). */
export function commentBody(markdown: string): string {
  const body = `${COMMENT_MARKER}\n${markdown}`;
  if (body.length <= COMMENT_LIMIT) return body;
  const note = "\n\n_… cut to fit GitHub's comment limit: the job summary has the whole report._\n";
  return body.slice(0, COMMENT_LIMIT - note.length) + note;
}

/** The login the workflow's own token (GITHUB_TOKEN) writes comments as. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

/**
 * The depgate comments this token wrote: the marker is only a hint, since anyone can write it; the
 * author must be the token's own identity (logins are unique and compared as GitHub does, ignoring case).
 */
const ours = (comments: readonly IssueComment[], author: string) =>
  comments
    .filter(
      (c) => c.body.startsWith(COMMENT_MARKER) && c.author?.login.toLowerCase() === author.toLowerCase(),
    )
    .sort((a, b) => a.id - b.id);

/**
 * Keeps exactly one depgate comment of `author` (the token's login) on the PR: updates the oldest in
 * place (PATCH) to `update`, or creates one with `create` when there is none (none when `create` is
 * undefined), and deletes any other (two runs that both found none and both created one end with the
 * oldest kept). A comment by anyone else is never edited or deleted, whatever it starts with.
 */
export async function syncStickyComment(
  api: GitHubApi,
  issue: number,
  plan: { create?: string; update: string },
  author: string,
): Promise<CommentResult> {
  const existing = ours(await api.listComments(issue), author);
  const wanted = existing.length > 0 ? plan.update : plan.create;
  if (wanted === undefined) return { outcome: 'skipped', deleted: 0 };

  if (existing.length === 0) {
    const created = await api.createComment(issue, wanted);
    // Another run may have created its own meanwhile: keep the oldest, holding this run's text.
    const after = ours(await api.listComments(issue), created.author?.login ?? author);
    const keeper = after[0] ?? created;
    let deleted = 0;
    for (const c of after.slice(1)) {
      await api.deleteComment(c.id);
      deleted++;
    }
    if (keeper.id !== created.id && keeper.body !== wanted) await api.updateComment(keeper.id, wanted);
    return { outcome: 'created', id: keeper.id, deleted };
  }

  const [keeper, ...duplicates] = existing as [(typeof existing)[0], ...typeof existing];
  let outcome: CommentOutcome = 'unchanged';
  if (keeper.body !== wanted) {
    await api.updateComment(keeper.id, wanted);
    outcome = 'updated';
  }
  for (const c of duplicates) await api.deleteComment(c.id);
  return { outcome, id: keeper.id, deleted: duplicates.length };
}
