/** Whitespace, control and format characters (zero-width, bidi): none belongs in a link. */
const UNSAFE = /[\s\p{Cc}\p{Cf}]/u;

/**
 * A notification's link as it may be shown: parsed with `URL`, https only, without credentials, and
 * written back in its serialized (percent-encoded) form; undefined for anything else, and for a link
 * that holds whitespace or control characters, which `URL` would silently drop (a newline in a link is
 * an attempt to break out of it, not a typo) or that is longer than `max`.
 */
export function safeLink(link: string, max = 3000): string | undefined {
  if (UNSAFE.test(link)) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  return url.href.length <= max ? url.href : undefined;
}

/** The first code points of `text` that fit in `max` UTF-16 units, `…` ending a cut: never half a pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}
