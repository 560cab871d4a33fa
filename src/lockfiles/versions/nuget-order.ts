/**
 * NuGet's SemVer 2 ordering: up to four numeric parts (missing ones are 0, so `1.0` == `1.0.0.0`),
 * leading zeros allowed, pre-release labels compared part by part case-insensitively (numeric parts
 * numerically and below alphanumeric ones), build metadata ignored.
 */
export function compareNuget(a: string, b: string): number | undefined {
  const x = parseNuget(a);
  const y = parseNuget(b);
  if (x === undefined || y === undefined) return undefined;
  for (let i = 0; i < 4; i++) {
    if (x.release[i] !== y.release[i]) return x.release[i]! < y.release[i]! ? -1 : 1;
  }
  if (x.pre.length === 0 || y.pre.length === 0)
    return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const l = x.pre[i];
    const r = y.pre[i];
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    const ln = /^\d+$/.test(l);
    const rn = /^\d+$/.test(r);
    if (ln && rn) {
      const d = BigInt(l) - BigInt(r);
      if (d !== 0n) return d < 0n ? -1 : 1;
    } else if (ln !== rn) return ln ? -1 : 1;
    else {
      const [ll, rl] = [l.toLowerCase(), r.toLowerCase()];
      if (ll !== rl) return ll < rl ? -1 : 1;
    }
  }
  return 0;
}

function parseNuget(version: string): { release: bigint[]; pre: string[] } | undefined {
  const match =
    /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?\s*$/.exec(
      version,
    );
  if (match === null) return undefined;
  return {
    release: [1, 2, 3, 4].map((i) => BigInt(match[i] ?? '0')),
    pre: match[5] === undefined ? [] : match[5].split('.'),
  };
}
