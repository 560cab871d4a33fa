import { parse } from '@renovatebot/pep440';
import { compareDigits } from './compare-digits.js';
import { makeOrder } from './make-order.js';

/** packaging's sort key of a version; `null` stands for Python's -infinity, `undefined` for +infinity. */
interface PypiKey {
  epoch: string;
  /** Release numbers, trailing zeros dropped. */
  release: string[];
  /** `[letter, number]` with letters a < b < rc; -inf for a dev release of a final; +inf for a final. */
  pre: [string, number] | null | undefined;
  post: number | null;
  dev: number | undefined;
  /** Local parts: numbers (as digits) above words. -inf when there is no local part. */
  local: { number?: string; word?: string }[] | null;
}

const RELEASE = /^v?(?:([0-9]+)!)?([0-9]+(?:\.[0-9]+)*)/i;

/**
 * PEP 440 ordering (epochs, pre-, post- and dev-releases, local versions), as Python's `packaging` orders
 * versions, with validation and parsing by @renovatebot/pep440. The release numbers and local parts are
 * read from the text here: the library turns numbers into doubles (`999999999999999999999999999991`
 * would equal `...999`) and reads local parts such as `1e5` as numbers. Pre-PEP 440 "legacy" versions
 * (`0.7.10p1`, `2013-01-21T20:33:09+0100`) are refused, as pip and `packaging` 22+ refuse them.
 */
export const comparePypi = makeOrder(parsePypi, (a, b) => {
  return (
    compareDigits(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    compareInfinite(a.pre, b.pre, comparePre) ||
    compareInfinite(a.post, b.post, (x, y) => x - y) ||
    compareInfinite(a.dev, b.dev, (x, y) => x - y) ||
    compareInfinite(a.local, b.local, compareLocal)
  );
});

function parsePypi(version: string): PypiKey | undefined {
  const parsed = parse(version);
  const numbers = RELEASE.exec(version);
  if (parsed === null || numbers === null) return undefined;
  const release = numbers[2]!.split('.');
  while (release.length > 0 && /^0+$/.test(release[release.length - 1]!)) release.pop();
  // The library's types say arrays; an absent part is null.
  const [pre, post, dev] = [parsed.pre, parsed.post, parsed.dev].map((part: unknown) =>
    Array.isArray(part) ? ([String(part[0]), Number(part[1])] as [string, number]) : undefined,
  );
  const plus = version.indexOf('+');
  return {
    epoch: numbers[1] ?? '0',
    release,
    // packaging sorts 1.0.dev0 before 1.0a0 by treating a bare dev release's pre-release as -inf.
    pre: pre ?? (post === undefined && dev !== undefined ? null : undefined),
    post: post?.[1] ?? null,
    dev: dev?.[1],
    local:
      plus === -1
        ? null
        : version
            .slice(plus + 1)
            .split(/[._-]/)
            .map((part) => (/^[0-9]+$/.test(part) ? { number: part } : { word: part.toLowerCase() })),
  };
}

function compareRelease(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareDigits(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** Orders values where `null` is -infinity and `undefined` is +infinity. */
function compareInfinite<T>(
  a: T | null | undefined,
  b: T | null | undefined,
  compare: (x: T, y: T) => number,
): number {
  const rank = (v: T | null | undefined) => (v === null ? -1 : v === undefined ? 1 : 0);
  const order = rank(a) - rank(b);
  if (order !== 0 || a === null || a === undefined || b === null || b === undefined) return order;
  return compare(a, b);
}

function comparePre(a: [string, number], b: [string, number]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] - b[1];
}

function compareLocal(a: PypiKey['local'] & object, b: PypiKey['local'] & object): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.number !== undefined && y.number !== undefined) {
      const order = compareDigits(x.number, y.number);
      if (order !== 0) return order;
    } else if (x.number !== undefined || y.number !== undefined) {
      return x.number !== undefined ? 1 : -1;
    } else if (x.word !== y.word) {
      return x.word! < y.word! ? -1 : 1;
    }
  }
  return a.length - b.length;
}
