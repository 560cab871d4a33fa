import { makeOrder } from './make-order.js';

type Part = bigint | string;

interface PubVersion {
  numbers: [bigint, bigint, bigint];
  prerelease: Part[];
  build: Part[];
}

const PUB_VERSION =
  /^v?([0-9]+)\.([0-9]+)\.([0-9]+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** Dart's `int` is 64-bit: pub refuses larger version numbers and reads larger parts as words. */
const INT_MAX = 2n ** 63n - 1n;

/**
 * Dart pub ordering, as pub_semver's `Version.compareTo` orders versions: SemVer, except that build
 * metadata counts (`1.0.0` < `1.0.0+1` < `1.0.0+2`), parts comparing like pre-release parts. Leading
 * zeros are allowed, as pub allows them. We also read a leading `v`, which pub does not.
 */
export const comparePub = makeOrder(parsePub, (a, b) => {
  for (let i = 0; i < 3; i++) {
    if (a.numbers[i] !== b.numbers[i]) return a.numbers[i]! < b.numbers[i]! ? -1 : 1;
  }
  const [ap, bp] = [a.prerelease.length > 0, b.prerelease.length > 0];
  if (ap !== bp) return ap ? -1 : 1;
  const order = compareParts(a.prerelease, b.prerelease);
  if (order !== 0) return order;
  const [ab, bb] = [a.build.length > 0, b.build.length > 0];
  if (ab !== bb) return ab ? 1 : -1;
  return compareParts(a.build, b.build);
});

function parsePub(version: string): PubVersion | undefined {
  const match = PUB_VERSION.exec(version);
  if (match === null) return undefined;
  const numbers = [match[1]!, match[2]!, match[3]!].map((n) => BigInt(n));
  if (numbers.some((n) => n > INT_MAX)) return undefined;
  return {
    numbers: numbers as [bigint, bigint, bigint],
    prerelease: splitParts(match[4]),
    build: splitParts(match[5]),
  };
}

function splitParts(text: string | undefined): Part[] {
  if (text === undefined) return [];
  return text.split('.').map((part) => {
    if (!/^[0-9]+$/.test(part)) return part;
    const value = BigInt(part);
    return value > INT_MAX ? part : value;
  });
}

/** pub_semver's `_compareLists`: a missing part is lowest, numbers come before words. */
function compareParts(a: readonly Part[], b: readonly Part[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNumber = typeof x === 'bigint';
    if (xNumber !== (typeof y === 'bigint')) return xNumber ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
