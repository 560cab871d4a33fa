import type { Notification } from '../../core/index.js';
import { parseRetryAfter, redactSecrets } from '../../core/index.js';
import { SLACK_DIGEST_MAX, slackDigest } from '../format-slack.js';
import type { Destination, SendResult, Sink } from '../types.js';

/** The forms of a webhook URL's secret a receiver might echo: the URL, its path, each long segment. */
function webhookSecrets(url: string): string[] {
  const out = [url, encodeURIComponent(url)];
  try {
    const { pathname } = new URL(url);
    out.push(pathname, encodeURIComponent(pathname));
    for (const segment of pathname.split('/'))
      if (segment.length >= 8 && segment !== 'services') out.push(segment);
  } catch {
    // not a URL: the whole string is the secret
  }
  return out.sort((a, b) => b.length - a.length);
}

/**
 * Slack incoming webhooks: POST the message as JSON; Slack answers `ok` (200) or an error text. No
 * retry here: a webhook takes no idempotency key and cannot be read back, so only an answer that says
 * nothing was posted (a 4xx, a 429) lets a later run retry; a lost answer may have posted, and is not
 * retried blindly (the residual risk, in docs/relay.md). Slack allows about one message a second.
 */
export function slackWebhookSink(fetchImpl: typeof fetch, options: { timeoutMs?: number } = {}): Sink {
  return {
    minIntervalMs: 1_000,
    maxDigest: SLACK_DIGEST_MAX,
    async send(batch: readonly Notification[], destination: Destination): Promise<SendResult> {
      if (destination.kind !== 'slack-webhook')
        return { ok: false, error: 'not a webhook', surelyNotPosted: true };
      let response: Response;
      try {
        response = await fetchImpl(destination.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(slackDigest(batch)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        const connectFailed = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(
          String((error as Error).cause ?? error),
        );
        return {
          ok: false,
          error: connectFailed ? 'the webhook could not be reached' : 'no answer from the webhook',
          surelyNotPosted: connectFailed,
        };
      }
      let body: string;
      try {
        // A receiver may echo the URL it was called on: its path is the webhook's secret.
        body = redactSecrets((await response.text()).slice(0, 2000), webhookSecrets(destination.url)).slice(
          0,
          200,
        );
      } catch {
        body = '';
      }
      if (response.ok) return { ok: true };
      if (response.status === 429) {
        const after = parseRetryAfter(response.headers.get('retry-after'), Date.now()) ?? 60_000;
        return {
          ok: false,
          error: `Slack rate limit (retry after ${Math.ceil(after / 1000)} s)`,
          surelyNotPosted: true,
          retryAfterMs: after,
        };
      }
      return {
        ok: false,
        error: `Slack answered ${response.status}${body === '' ? '' : `: ${body}`}`,
        surelyNotPosted: response.status < 500,
      };
    },
  };
}
