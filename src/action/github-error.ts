const BRAND = Symbol.for('depgate.GitHubError');

/** A failed GitHub API call: status, the route and GitHub's own message. Recognised by its brand. */
export class GitHubError extends Error {
  override readonly name = 'GitHubError';
  readonly [BRAND] = true;

  constructor(
    readonly route: string,
    readonly status: number,
    detail: string,
  ) {
    super(`GitHub API ${route}: ${status} ${detail}`);
  }
}

export function isGitHubError(value: unknown): value is GitHubError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** What the user can do about a GitHub API failure, by status. */
export function gitHubAdvice(status: number): string {
  if (status === 401) return 'the github-token input is missing or invalid';
  if (status === 403)
    return 'the token lacks a permission: the workflow needs `permissions: contents: read` (and `pull-requests: write` for the comment)';
  if (status === 404)
    return 'not found: check that the token can read this repository (`permissions: contents: read`)';
  if (status === 429 || status >= 500) return 'GitHub is unavailable or rate limiting: re-run the job later';
  return 'GitHub refused the request';
}
