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
 * The JSON text without the whitespace between its tokens (strings kept as written): the compact form a
 * sender signs. One pass, no parsing, so a hostile body costs nothing before its signature is checked.
 */
export function compactJson(raw: string): string {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      out += raw.slice(from, i);
      from = i + 1;
    }
  }
  return out + raw.slice(from);
}

/**
 * Checks a signed notification push, in this order, so that nothing of an unsigned body is parsed: the
 * size; HMAC-SHA256 hex in `X-Semgrep-Signature-256` (optionally `sha256=`-prefixed) over the raw body
 * or over its compact form (the same JSON without whitespace between tokens: what the platform signs),
 * both compared in constant time; then the JSON; a signed `timestamp` (Unix seconds or ISO 8601) within
 * five minutes, required (a push without one could be replayed for ever); the body is `{notification}`,
 * `{notifications: [...]}` or one notification.
 */
export function checkPush(
  raw: string,
  signatureHeader: string | null,
  secret: string,
  now: number,
): PushCheck {
  if (Buffer.byteLength(raw) > MAX_PUSH_BYTES)
    return { ok: false, status: 413, error: `the body is over ${MAX_PUSH_BYTES} bytes` };
  const given = (signatureHeader ?? '')
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (given === '') return { ok: false, status: 401, error: 'unsigned: X-Semgrep-Signature-256 is missing' };
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  // Both forms are always computed and compared, so timing does not tell which one was tried.
  const matches = [sign(raw), sign(compactJson(raw))].map((s) => equalHex(given, s));
  if (!matches.some(Boolean)) return { ok: false, status: 401, error: 'bad signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, status: 400, error: 'the body is not JSON (or is nested too deep)' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, status: 400, error: 'the body must be a JSON object' };
  const body = parsed as Record<string, unknown>;
  const t = body.timestamp;
  if (t === undefined)
    return {
      ok: false,
      status: 401,
      error: 'no timestamp: a push must carry a signed timestamp (Unix seconds or ISO 8601)',
    };
  const at = typeof t === 'number' ? t * 1000 : typeof t === 'string' ? Date.parse(t) : NaN;
  if (!Number.isFinite(at) || Math.abs(now - at) > PUSH_WINDOW_MS)
    return { ok: false, status: 401, error: 'timestamp outside the 5-minute window (or unreadable)' };
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
