import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeNotification, type Notification } from '../core/index.js';

/** Largest push body read, in bytes. */
export const MAX_PUSH_BYTES = 256 * 1024;
/** A signed `timestamp` further than this from now is refused (replays). */
export const PUSH_WINDOW_MS = 5 * 60_000;

export type PushCheck =
  { ok: true; notifications: Notification[] } | { ok: false; status: 400 | 401 | 413; error: string };

function equalHex(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a signed notification push: HMAC-SHA256 hex in `X-Semgrep-Signature-256` (optionally
 * `sha256=`-prefixed) over the raw body or over its compact re-serialized JSON (the platform signs the
 * latter), compared in constant time; an optional signed `timestamp` (Unix seconds or ISO 8601) within
 * five minutes; the body is `{notification}`, `{notifications: [...]}` or one notification.
 */
export function checkPush(
  raw: string,
  signatureHeader: string | null,
  secret: string,
  now: number,
): PushCheck {
  const given = (signatureHeader ?? '')
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (given === '') return { ok: false, status: 401, error: 'unsigned: X-Semgrep-Signature-256 is missing' };
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Say nothing about the body to a sender who cannot sign it.
    if (!equalHex(given, sign(raw))) return { ok: false, status: 401, error: 'bad signature' };
    return { ok: false, status: 400, error: 'the body is not JSON' };
  }
  // Both forms are always computed and compared, so timing does not tell which one was tried.
  const matches = [sign(raw), sign(JSON.stringify(parsed))].map((s) => equalHex(given, s));
  if (!matches.some(Boolean)) return { ok: false, status: 401, error: 'bad signature' };
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, status: 400, error: 'the body must be a JSON object' };
  const body = parsed as Record<string, unknown>;
  if (body.timestamp !== undefined) {
    const t = body.timestamp;
    const at = typeof t === 'number' ? t * 1000 : typeof t === 'string' ? Date.parse(t) : NaN;
    if (!Number.isFinite(at) || Math.abs(now - at) > PUSH_WINDOW_MS)
      return { ok: false, status: 401, error: 'timestamp outside the 5-minute window (or unreadable)' };
  }
  const list = Array.isArray(body.notifications)
    ? (body.notifications as unknown[])
    : body.notification !== undefined
      ? [body.notification]
      : [body];
  try {
    return { ok: true, notifications: list.map((n, i) => normalizeNotification(n, `notifications[${i}]`)) };
  } catch (error) {
    return { ok: false, status: 400, error: error instanceof Error ? error.message : String(error) };
  }
}
