import type { getOctokit } from '@actions/github';
import { DEFAULT_RETRY, isRetryableStatus, parseRetryAfter, retryDelay } from '../core/index.js';

/** The Octokit of @actions/github, whose request hook the retry wraps (pagination included). */
type Octokit = ReturnType<typeof getOctokit>;

interface ErrorLike {
  status?: number;
  response?: { headers?: Record<string, string | number | undefined> };
}

/**
 * Whether GitHub asks to come back later: 429 and transient 5xx, and the 403 of a rate limit (primary:
 * `x-ratelimit-remaining: 0`; secondary: `retry-after`).
 * https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#handle-rate-limit-errors-appropriately
 */
function waitAsked(error: ErrorLike, now: number): { retry: boolean; afterMs?: number } {
  const status = error.status ?? 0;
  const headers = error.response?.headers ?? {};
  const after = parseRetryAfter(headers['retry-after']?.toString(), now);
  if (status === 403) {
    if (after !== undefined) return { retry: true, afterMs: after };
    if (String(headers['x-ratelimit-remaining']) === '0') {
      const reset = Number(headers['x-ratelimit-reset']) * 1000;
      return { retry: true, afterMs: Number.isFinite(reset) ? Math.max(0, reset - now) : undefined };
    }
    return { retry: false };
  }
  if (!isRetryableStatus(status)) return { retry: false };
  return after === undefined ? { retry: true } : { retry: true, afterMs: after };
}

/**
 * Retries GitHub requests that GitHub asks to retry, with the platform client's backoff (exponential,
 * full jitter, `Retry-After` honoured and capped). Any other failure is thrown at once.
 */
export function retryGitHubRequests(
  octokit: Octokit,
  options: { sleep?: (ms: number) => Promise<void>; random?: () => number; now?: () => number } = {},
): Octokit {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  octokit.hook.wrap('request', async (request, requestOptions) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(requestOptions);
      } catch (error) {
        const asked = waitAsked(error as ErrorLike, now());
        if (!asked.retry || attempt >= DEFAULT_RETRY.maxAttempts) throw error;
        await sleep(retryDelay(attempt, DEFAULT_RETRY, random, asked.afterMs));
      }
    }
  });
  return octokit;
}
