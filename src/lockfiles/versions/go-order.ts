import { parseSemver } from './semver-order.js';

/**
 * Go module versions: semver with a required `v` (`v1.2.3`), pseudo-versions
 * (`v0.0.0-20191109021931-daa7c04131f5`) ordered as the pre-releases they are, and `+incompatible`
 * ignored for order.
 */
export function compareGo(a: string, b: string): number | undefined {
  const x = parseGo(a);
  const y = parseGo(b);
  return x === undefined || y === undefined ? undefined : x.compare(y);
}

function parseGo(version: string) {
  const text = version.trim().replace(/\+incompatible$/, '');
  if (!/^v\d/.test(text)) return undefined;
  return parseSemver(text.slice(1));
}
