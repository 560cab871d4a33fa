import { ErrorCode, WebClient, type WebAPICallError } from '@slack/web-api';
import type { Notification } from '../../core/index.js';
import { slackMessage } from '../format-slack.js';
import type { Destination, SendResult, Sink } from '../types.js';

/** The message metadata event every relayed message carries: how a retry finds what is already there. */
export const METADATA_EVENT = 'depgate_notification';

/**
 * Slack's Web API `chat.postMessage` through @slack/web-api (base URL configurable: SLACK_API_URL),
 * its own retries off and rate-limited calls rejected, so no blind retry posts twice. Each message
 * carries the notification id in its metadata; when an answer is lost, the channel is read back
 * (`conversations.history` with metadata) before the send counts as failed, so a message that did
 * arrive is recorded as posted instead of being sent again.
 */
export function slackChatSink(
  token: string,
  options: {
    apiUrl?: string;
    timeoutMs?: number;
    /** A 429's Retry-After up to this long is waited once within the send (default 5 s); longer waits for the next run. */
    maxRetryAfterMs?: number;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Sink {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
  const apiUrl = options.apiUrl;
  const client = new WebClient(token, {
    ...(apiUrl ? { slackApiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/` } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: options.timeoutMs ?? 15_000,
    logger: {
      debug() {},
      info() {},
      warn() {},
      error() {},
      setLevel() {},
      getLevel: () => 'error' as never,
      setName() {},
    },
  });

  async function alreadyPosted(channel: string, id: string, sinceSec: number): Promise<boolean> {
    try {
      const res = await client.conversations.history({
        channel,
        oldest: String(sinceSec),
        include_all_metadata: true,
        limit: 200,
      });
      return (res.messages ?? []).some((m) => {
        const md = (m as { metadata?: { event_type?: string; event_payload?: { id?: unknown } } }).metadata;
        return md?.event_type === METADATA_EVENT && md.event_payload?.id === id;
      });
    } catch {
      return false;
    }
  }

  return {
    async send(n: Notification, destination: Destination): Promise<SendResult> {
      if (destination.kind !== 'slack-chat')
        return { ok: false, error: 'not a Slack channel', surelyNotPosted: true };
      const started = Math.floor(Date.now() / 1000) - 60;
      const message = slackMessage(n);
      for (let attempt = 0; ; attempt++) {
        try {
          await client.chat.postMessage({
            channel: destination.channel,
            text: message.text,
            blocks: message.blocks as never,
            metadata: { event_type: METADATA_EVENT, event_payload: { id: n.id } },
          });
          return { ok: true };
        } catch (error) {
          const e = error as WebAPICallError;
          switch (e.code) {
            case ErrorCode.RateLimitedError:
              // A 429 posted nothing: waiting Retry-After and sending again cannot double-post.
              if (attempt === 0 && e.retryAfter * 1000 <= maxRetryAfterMs) {
                await sleep(e.retryAfter * 1000);
                continue;
              }
              return {
                ok: false,
                error: `Slack rate limit (retry after ${e.retryAfter} s)`,
                surelyNotPosted: true,
              };
            case ErrorCode.PlatformError:
              // `ok: false` is Slack saying it did not post.
              return { ok: false, error: `Slack answered ${String(e.data.error)}`, surelyNotPosted: true };
            case ErrorCode.HTTPError:
              if (e.statusCode < 500)
                return { ok: false, error: `Slack answered HTTP ${e.statusCode}`, surelyNotPosted: true };
              break;
            default:
              break;
          }
          // No usable answer: the message may be there. Read the channel back before calling it failed.
          if (await alreadyPosted(destination.channel, n.id, started)) return { ok: true };
          return {
            ok: false,
            error: 'no answer from Slack (not found in the channel either)',
            surelyNotPosted: true,
          };
        }
      }
    },
  };
}
