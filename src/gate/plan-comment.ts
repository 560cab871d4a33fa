/** When the Action writes its sticky comment on a pull request (the `comment` input). */
export type CommentMode = 'always' | 'on-failure' | 'never';

/** The comment to write: `create` when the pull request has none of ours, `update` when it has one. */
export interface CommentPlan<T> {
  create?: T;
  update: T;
}

/** Which report a comment holds: the run's, or the same marked resolved (the latest run passes). */
export type CommentBodyKind = 'report' | 'resolved';

/**
 * The sticky comment of a run: none outside a pull request or with `never`; a blocked run writes its
 * report (creating the comment or updating it); a clean run rewrites an earlier comment as resolved,
 * and a first clean run says it passed only with `always`. `body` renders each kind the plan needs.
 */
export function planComment<T>(
  run: { pullRequest: boolean; mode: CommentMode; blocked: boolean },
  body: (kind: CommentBodyKind) => T,
): CommentPlan<T> | undefined {
  if (!run.pullRequest || run.mode === 'never') return undefined;
  if (run.blocked) {
    const report = body('report');
    return { create: report, update: report };
  }
  return run.mode === 'always'
    ? { create: body('report'), update: body('resolved') }
    : { update: body('resolved') };
}
