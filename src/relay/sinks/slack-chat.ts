import { ErrorCode, WebClient, type WebAPICallError } from '@slack/web-api';
import type { Notification } from '../../core/index.js';
import { SLACK_DIGEST_MAX, slackDigest } from '../format-slack.js';
import type { MarkerSeal } from '../marker-seal.js';
import type { Destination, SendResult, Sink } from '../types.js';

/** The message metadata event every relayed message carries: how a retry finds what is already there. */
export const METADATA_EVENT = 'depgate_notification';

/**
 * Slack's Web API `chat.postMessage` through @slack/web-api (base URL configurable: SLACK_API_URL),
 * its own retries off and rate-limited calls rejected, so no blind retry posts twice (the relay waits
 * out a 429's Retry-After itself). Each message carries the notification ids in its metadata, sealed
 * (marker-seal.ts); when an
 * answer is lost, the channel is read back (`conversations.history` with metadata) before the send
 * counts as failed, so a message that did arrive is recorded as posted instead of being sent again.
 */
export function slackChatSink(
  token: string,
  options: { seal: MarkerSeal; apiUrl?: string; timeoutMs?: number },
): Sink {
  const { seal } = options;
  const place = (channel: string) => `slack:${channel}`;
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

  /** Which of `ids` have a message of this relay in the channel since `sinceSec` (undefined: cannot tell). */
  async function postedIds(
    channel: string,
    ids: readonly string[],
    sinceSec: number,
    strict = false,
  ): Promise<Set<string> | undefined> {
    const wanted = new Set(ids);
    const found = new Set<string>();
    try {
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const res = await client.conversations.history({
          channel,
          oldest: String(sinceSec),
          include_all_metadata: true,
          limit: 200,
          ...(cursor ? { cursor } : {}),
        });
        for (const m of res.messages ?? []) {
          const md = (m as { metadata?: { event_type?: string; event_payload?: Record<string, unknown> } })
            .metadata;
          if (md?.event_type !== METADATA_EVENT) continue;
          const payload = md.event_payload ?? {};
          const listed = typeof payload.ids === 'string' ? payload.ids.split(',') : [];
          // Only a message whose metadata this relay sealed counts (another app could write the event).
          if (typeof payload.seal !== 'string' || !seal.verify(place(channel), listed, payload.seal))
            continue;
          for (const id of listed) if (wanted.has(id)) found.add(id);
        }
        cursor = res.response_metadata?.next_cursor || undefined;
        if (found.size === wanted.size || !res.has_more || cursor === undefined) return found;
      }
      if (strict) throw new Error('more than 4,000 messages since the notification was created');
      return undefined;
    } catch (error) {
      // Read-backs before a send say why they could not read (a wrong token is not a busy channel).
      if (strict)
        throw error instanceof Error && /^more than/.test(error.message)
          ? error
          : new Error(
              (error as WebAPICallError).code === ErrorCode.PlatformError
                ? `Slack answered ${String((error as { data?: { error?: string } }).data?.error)}`
                : error instanceof Error
                  ? error.message
                  : String(error),
            );
      return undefined;
    }
  }

  return {
    minIntervalMs: 1_000,
    maxDigest: SLACK_DIGEST_MAX,
    alreadyPosted: (ids, destination, sinceMs) =>
      destination.kind === 'slack-chat'
        ? postedIds(destination.channel, ids, Math.floor(sinceMs / 1000), true)
        : Promise.resolve(undefined),
    async send(batch: readonly Notification[], destination: Destination): Promise<SendResult> {
      if (destination.kind !== 'slack-chat')
        return { ok: false, error: 'not a Slack channel', surelyNotPosted: true };
      const started = Math.floor(Date.now() / 1000) - 60;
      const message = slackDigest(batch);
      const ids = batch.map((n) => n.id);
      try {
        await client.chat.postMessage({
          channel: destination.channel,
          text: message.text,
          blocks: message.blocks as never,
          metadata: {
            event_type: METADATA_EVENT,
            event_payload: {
              id: ids[0]!,
              ids: ids.join(','),
              seal: seal.seal(place(destination.channel), ids),
            },
          },
        });
        return { ok: true };
      } catch (error) {
        const e = error as WebAPICallError;
        switch (e.code) {
          case ErrorCode.RateLimitedError:
            // A 429 posted nothing: the relay waits Retry-After and sends again, or leaves it to the next run.
            return {
              ok: false,
              error: `Slack rate limit (retry after ${e.retryAfter} s)`,
              surelyNotPosted: true,
              retryAfterMs: e.retryAfter * 1000,
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
        const found = await postedIds(destination.channel, ids.slice(0, 1), started);
        if (found?.size === 1) return { ok: true };
        if (found !== undefined)
          return {
            ok: false,
            error: 'no answer from Slack (not found in the channel either)',
            surelyNotPosted: true,
          };
        return {
          ok: false,
          error: 'no answer from Slack, and the channel could not be read back',
          surelyNotPosted: false,
        };
      }
    },
  };
}
