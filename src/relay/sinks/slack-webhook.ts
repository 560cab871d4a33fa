import type { Notification } from '../../core/index.js';
import { slackMessage } from '../format-slack.js';
import type { Destination, SendResult, Sink } from '../types.js';

/**
 * Slack incoming webhooks: POST the message as JSON; Slack answers `ok` (200) or an error text. No
 * retry here: a webhook takes no idempotency key, so only an answer that says nothing was posted (a
 * 4xx, a 429) lets a later run retry; a lost answer may have posted.
 */
export function slackWebhookSink(fetchImpl: typeof fetch): Sink {
  return {
    async send(n: Notification, destination: Destination): Promise<SendResult> {
      if (destination.kind !== 'slack-webhook')
        return { ok: false, error: 'not a webhook', surelyNotPosted: true };
      let response: Response;
      try {
        response = await fetchImpl(destination.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(slackMessage(n)),
          signal: AbortSignal.timeout(15_000),
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
      const body = (await response.text()).slice(0, 200);
      if (response.ok) return { ok: true };
      return {
        ok: false,
        error: `Slack answered ${response.status}${body === '' ? '' : `: ${body}`}`,
        surelyNotPosted: response.status < 500,
      };
    },
  };
}
