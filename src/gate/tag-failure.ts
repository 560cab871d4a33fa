/** What a failure to tag the project on the platform does to the run. */
export interface TagFailureOutcome {
  /** The note for the job summary and the log. */
  message: string;
  /** Whether the run fails for it (else it is a warning). */
  fails: boolean;
}

/**
 * Tagging is a report of the verdict, not part of it: a platform that cannot tag never fails the run
 * unless the user asked for it (`fail-on-tag-error`); either way the failure is told, never dropped.
 */
export function judgeTagFailure(project: string, reason: string, failOnTagError: boolean): TagFailureOutcome {
  return { message: `could not tag ${project} on the platform: ${reason}`, fails: failOnTagError };
}
