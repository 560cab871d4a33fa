import { getOctokit } from '@actions/github';
import type { Notification } from '../../core/index.js';
import { parseRetryAfter } from '../../core/index.js';
import { GITHUB_DIGEST_MAX, githubComment, markerHas } from '../format-github.js';
import type { MarkerSeal } from '../marker-seal.js';
import type { Destination, SendResult, Sink } from '../types.js';

interface RequestErrorLike {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** GitHub's secondary limit allows about 80 content-creating requests a minute: one every 750 ms. */
const MIN_INTERVAL_MS = 750;

/**
 * GitHub issue and pull request comments through the Octokit of @actions/github (no retry plugin: a
 * blind retry could comment twice), on `GITHUB_API_URL` (GitHub Enterprise Server too). Each comment
 * carries a hidden marker with the notification ids, sealed (marker-seal.ts); when an answer is lost (a timeout, a 5xx), the
 * comments since the send are read back before the send counts as failed, so a comment that did arrive
 * is recorded as posted and never sent again. A rate limit (403 or 429 with Retry-After, or the primary
 * limit spent) posted nothing and is waited out by the relay.
 */
export function githubCommentSink(
  token: string,
  options: { seal: MarkerSeal; apiUrl?: string; timeoutMs?: number; userAgent?: string },
): Sink {
  const { seal } = options;
  const place = (owner: string, repo: string, number: number) => `github:${owner}/${repo}#${number}`;
  const octokit = getOctokit(token, {
    baseUrl: (options.apiUrl ?? 'https://api.github.com').replace(/\/+$/, ''),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** Which of `ids` have a comment of this relay in the thread since `since` (undefined: cannot tell). */
  async function postedIds(
    owner: string,
    repo: string,
    number: number,
    ids: readonly string[],
    since: string,
    strict = false,
  ): Promise<Set<string> | undefined> {
    const found = new Set<string>();
    const thread = place(owner, repo, number);
    const sealed = (listed: readonly string[], given: string) => seal.verify(thread, listed, given);
    try {
      // Comments since the send, oldest first: a few pages at most.
      for (let page = 1; page <= 20; page++) {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
          owner,
          repo,
          issue_number: number,
          since,
          per_page: 100,
          page,
          request: { signal: AbortSignal.timeout(timeoutMs) },
        });
        for (const c of data) for (const id of ids) if (markerHas(c.body ?? '', id, sealed)) found.add(id);
        if (data.length < 100 || found.size === ids.length) return found;
      }
      if (strict) throw new Error('more than 2,000 comments since the notification was created');
      return undefined;
    } catch (error) {
      // Read-backs before a send say why they could not read (a wrong token is not a busy channel).
      if (strict)
        throw error instanceof Error && /^more than/.test(error.message)
          ? error
          : new Error(
              (error as RequestErrorLike).status !== undefined
                ? `GitHub answered ${(error as RequestErrorLike).status}`
                : error instanceof Error
                  ? error.message
                  : String(error),
            );
      return undefined;
    }
  }

  return {
    minIntervalMs: MIN_INTERVAL_MS,
    maxDigest: GITHUB_DIGEST_MAX,
    alreadyPosted(ids, destination, sinceMs) {
      if (destination.kind !== 'github' || destination.repository === undefined || !destination.number)
        return Promise.resolve(undefined);
      const [owner, repo] = destination.repository.split('/') as [string, string];
      return postedIds(owner, repo, destination.number, ids, new Date(sinceMs).toISOString(), true);
    },
    async send(batch: readonly Notification[], destination: Destination): Promise<SendResult> {
      if (destination.kind !== 'github' || destination.repository === undefined || !destination.number)
        return { ok: false, error: 'not a GitHub issue or pull request', surelyNotPosted: true };
      const [owner, repo] = destination.repository.split('/') as [string, string];
      const since = new Date(Date.now() - 60_000).toISOString();
      try {
        await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
          owner,
          repo,
          issue_number: destination.number,
          body: githubComment(batch, (listed) => seal.seal(place(owner, repo, destination.number!), listed)),
          request: { signal: AbortSignal.timeout(timeoutMs) },
        });
        return { ok: true };
      } catch (error) {
        const e = error as RequestErrorLike;
        const status = e.response === undefined ? undefined : e.status;
        const headers = e.response?.headers ?? {};
        if (status === 403 || status === 429) {
          const after = parseRetryAfter(headers['retry-after']?.toString(), Date.now());
          const spent = String(headers['x-ratelimit-remaining']) === '0';
          if (after !== undefined || spent || status === 429) {
            const reset = Number(headers['x-ratelimit-reset']) * 1000 - Date.now();
            // GitHub: without Retry-After, wait until the reset, or at least a minute.
            const wait = after ?? (spent && Number.isFinite(reset) ? Math.max(0, reset) : 60_000);
            return {
              ok: false,
              error: `GitHub rate limit (retry after ${Math.ceil(wait / 1000)} s)`,
              surelyNotPosted: true,
              retryAfterMs: wait,
            };
          }
        }
        if (status !== undefined && status < 500) {
          const hint =
            status === 401
              ? ': check GITHUB_TOKEN'
              : status === 403 || status === 404
                ? `: check that GITHUB_TOKEN can comment on ${destination.repository} (issues: write, pull requests: write)`
                : '';
          return {
            ok: false,
            error: `GitHub answered ${status} for ${destination.repository}#${destination.number}${hint}`,
            surelyNotPosted: true,
          };
        }
        // No usable answer: the comment may be there. Read the thread back before calling it failed.
        const found = await postedIds(owner, repo, destination.number, [batch[0]!.id], since);
        if (found?.size === 1) return { ok: true };
        const what = status === undefined ? 'no answer from GitHub' : `GitHub answered ${status}`;
        return found !== undefined
          ? { ok: false, error: `${what} (not found in the thread either)`, surelyNotPosted: true }
          : { ok: false, error: `${what}, and the thread could not be read back`, surelyNotPosted: false };
      }
    },
  };
}
