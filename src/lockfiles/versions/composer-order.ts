/**
 * Composer's ordering, as PHP's version_compare orders versions: `-`, `_` and `+` read as `.`, a dot
 * goes between letters and digits, then parts compare one by one: numbers numerically, and the special
 * forms dev < alpha = a < beta = b < RC = rc < (a number) < pl = p; other words rank lowest. When one
 * version runs out, a further number makes the other newer and a further special form older
 * (`1.0.0` > `1.0`, `1.0-beta` < `1.0`). A leading `v` is ignored. Branch versions (`dev-main`) have no
 * order and cannot be compared.
 */
export function compareComposer(a: string, b: string): number | undefined {
  const x = canonical(a);
  const y = canonical(b);
  if (x === undefined || y === undefined) return undefined;
  return compareLists(x, y);
}

function compareLists(x: readonly string[], y: readonly string[]): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const l = x[i];
    const r = y[i];
    // The rest of the longer version is weighed against a bare number, as PHP does.
    if (l === undefined) return isNumber(r!) ? -1 : compareLists(['#'], y.slice(i));
    if (r === undefined) return isNumber(l) ? 1 : compareLists(x.slice(i), ['#']);
    const c = compareParts(l, r);
    if (c !== 0) return c;
  }
  return 0;
}

const isNumber = (part: string) => /^\d+$/.test(part);

function canonical(version: string): string[] | undefined {
  const text = version.trim().replace(/^v(?=\d)/i, '');
  if (!/^\d/.test(text)) return undefined;
  return text
    .replace(/[-_+]/g, '.')
    .replace(/(\d)(?=[^\d.])|([^\d.])(?=\d)/g, '$1$2.')
    .split('.')
    .filter((p) => p !== '');
}

function specialRank(part: string): number {
  const forms: [string, number][] = [
    ['dev', 0],
    ['alpha', 1],
    ['a', 1],
    ['beta', 2],
    ['b', 2],
    ['RC', 3],
    ['rc', 3],
    ['#', 4],
    ['pl', 5],
    ['p', 5],
  ];
  for (const [form, rank] of forms) if (part.startsWith(form)) return rank;
  return -6;
}

function compareParts(l: string, r: string): number {
  const ln = isNumber(l);
  const rn = isNumber(r);
  if (ln && rn) {
    const d = BigInt(l) - BigInt(r);
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  }
  return Math.sign(specialRank(ln ? '#' : l) - specialRank(rn ? '#' : r));
}
