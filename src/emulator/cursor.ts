/** FNV-1a over a string: a short, stable fingerprint of a filter to bind cursors to it. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** An opaque cursor: the position to resume at and the fingerprint of the filter it belongs to. */
export function encodeCursor(position: number, filterKey: string): string {
  return Buffer.from(`${position}.${fingerprint(filterKey)}`, 'utf8').toString('base64url');
}

export type CursorResult = { ok: true; position: number } | { ok: false; reason: string };

/** Reads a cursor back; a malformed one, or one made for another filter, is refused. */
export function decodeCursor(cursor: string, filterKey: string): CursorResult {
  if (cursor.length > 64) return { ok: false, reason: 'malformed cursor' };
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,12})\.([0-9a-z]+)$/.exec(text);
  if (match === null) return { ok: false, reason: 'malformed cursor' };
  if (match[2] !== fingerprint(filterKey))
    return { ok: false, reason: 'cursor was issued for a different filter' };
  return { ok: true, position: Number(match[1]) };
}
