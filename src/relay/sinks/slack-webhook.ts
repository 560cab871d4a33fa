import type { Notification } from '../../core/index.js';
import { parseRetryAfter } from '../../core/index.js';
import { SLACK_DIGEST_MAX, slackDigest } from '../format-slack.js';
import type { Destination, SendResult, Sink } from '../types.js';

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
        body = (await response.text()).slice(0, 200);
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
