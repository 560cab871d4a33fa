import { compareDigits } from './compare-digits.js';
import { makeOrder } from './make-order.js';

interface GoVersion {
  numbers: [string, string, string];
  prerelease: string[];
}

const NUMBER = '(0|[1-9][0-9]*)';
const IDENTIFIER = '(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)';
const BUILD = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const GO_VERSION = new RegExp(
  `^v?${NUMBER}(?:\\.${NUMBER}(?:\\.${NUMBER}(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?(?:\\+${BUILD})?)?)?$`,
);

/**
 * Go module ordering, as golang.org/x/mod/semver orders versions: SemVer without leading zeros, numbers
 * of any size, `v1` and `v1.2` short for `v1.0.0` and `v1.2.0`. Pseudo-versions are pre-releases and
 * order as such (`v1.2.4-0.20191109021931-daa7c04131f5` sits between `v1.2.3` and `v1.2.4`), and build
 * metadata such as `+incompatible` does not count. The go command requires the leading `v`; we also
 * read `1.2.3` as `v1.2.3`, because policy bounds and advisories often leave it out.
 */
export const compareGo = makeOrder(parseGo, (a, b) => {
  for (let i = 0; i < 3; i++) {
    const order = compareDigits(a.numbers[i]!, b.numbers[i]!);
    if (order !== 0) return order;
  }
  return comparePrerelease(a.prerelease, b.prerelease);
});

function parseGo(version: string): GoVersion | undefined {
  const match = GO_VERSION.exec(version);
  if (match === null) return undefined;
  return {
    numbers: [match[1]!, match[2] ?? '0', match[3] ?? '0'],
    prerelease: match[4] === undefined ? [] : match[4].split('.'),
  };
}

const isNumeric = (identifier: string) => /^[0-9]+$/.test(identifier);

/** SemVer precedence of pre-release identifiers: none is highest, numbers below words, longer wins ties. */
function comparePrerelease(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const xNumeric = isNumeric(x);
    const yNumeric = isNumeric(y);
    if (xNumeric && yNumeric) return compareDigits(x, y);
    if (xNumeric !== yNumeric) return xNumeric ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
