import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The seal of a relayed message's record (the GitHub comment's hidden marker, the Slack message's
 * metadata): an HMAC of the destination and the notification ids, keyed from a secret of the relay's
 * own. A read-back counts only sealed records, so anyone who can comment on a pull request (or an app in
 * a channel) cannot write a marker that makes the relay take a notification for sent and drop it.
 */
export interface MarkerSeal {
  seal(place: string, ids: readonly string[]): string;
  verify(place: string, ids: readonly string[], seal: string): boolean;
}

/** The label of a seal in a marker (`seal:<22 characters>`). */
export const SEAL_LABEL = 'seal:';

/**
 * `secret` is `DEPGATE_RELAY_MARKER_KEY`, else the platform token: stable across runs (GitHub's and
 * Slack's tokens may rotate by the hour). Changing it makes older records unreadable, which costs at
 * most a repeated message after the store is lost, never a dropped one.
 */
export function markerSeal(secret: string): MarkerSeal {
  const key = createHash('sha256').update(`depgate-relay-marker\0${secret}`).digest();
  const seal = (place: string, ids: readonly string[]) =>
    createHmac('sha256', key)
      .update(`${place.toLowerCase()}\n${ids.join(' ')}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  return {
    seal,
    verify(place, ids, given) {
      const want = Buffer.from(seal(place, ids));
      const got = Buffer.from(given);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}
