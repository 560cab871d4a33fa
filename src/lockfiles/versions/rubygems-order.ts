/**
 * RubyGems' Gem::Version ordering: segments split at dots and at letter/digit boundaries; a segment
 * with letters makes a pre-release (`1.0.a` < `1.0`); trailing zeros do not count (`1.0` == `1`).
 */
export function compareRubygems(a: string, b: string): number | undefined {
  const x = segments(a);
  const y = segments(b);
  if (x === undefined || y === undefined) return undefined;
  const length = Math.max(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const l = x[i] ?? 0n;
    const r = y[i] ?? 0n;
    if (l === r) continue;
    if (typeof l === 'string' && typeof r === 'bigint') return -1;
    if (typeof l === 'bigint' && typeof r === 'string') return 1;
    return l < r ? -1 : 1;
  }
  return 0;
}

const VALID = /^[0-9][0-9a-zA-Z.]*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

function segments(version: string): (bigint | string)[] | undefined {
  let text = version.trim();
  if (text === '') text = '0';
  if (!VALID.test(text)) return undefined;
  // Gem::Version treats "-" as a pre-release marker: 1.0-rc1 is 1.0.pre.rc1.
  text = text.replace(/-/g, '.pre.');
  const parts = (text.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d+$/.test(s) ? BigInt(s) : s));
  // Canonical form: drop zeros that trail the release part and those just before the first letter.
  while (parts.length > 0 && parts[parts.length - 1] === 0n) parts.pop();
  const firstLetter = parts.findIndex((p) => typeof p === 'string');
  if (firstLetter > 0) {
    let cut = firstLetter;
    while (cut > 0 && parts[cut - 1] === 0n) cut--;
    parts.splice(cut, firstLetter - cut);
  }
  return parts;
}
