import { makeOrder } from './make-order.js';

interface NugetVersion {
  numbers: [number, number, number, number];
  labels: string[];
}

const LABEL = '(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)';
const NUGET_VERSION = new RegExp(
  `^([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?(?:\\.([0-9]+))?(?:-(${LABEL}(?:\\.${LABEL})*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`,
);

/** NuGet keeps each version number in a .NET `int`. */
const INT_MAX = 2 ** 31 - 1;

/**
 * NuGet ordering, as NuGet.Versioning's `NuGetVersion` and default `VersionComparer` order versions: one
 * to four numbers, missing ones 0 (`1.0` = `1.0.0.0`), leading zeros allowed (`1.01` = `1.1`), each at
 * most 2^31-1; then a release above its pre-releases, whose dot-separated labels compare one by one:
 * two labels that .NET reads as `int` by value, such a number below a word, words case-insensitively,
 * and more labels newer when the rest are equal. Build metadata after `+` does not count. Numeric labels
 * with leading zeros are refused, as NuGet refuses them, and so is a leading `v`.
 */
export const compareNuget = makeOrder(parseNuget, (a, b) => {
  for (let i = 0; i < 4; i++) {
    if (a.numbers[i] !== b.numbers[i]) return a.numbers[i]! < b.numbers[i]! ? -1 : 1;
  }
  if (a.labels.length === 0 || b.labels.length === 0) return b.labels.length - a.labels.length;
  for (let i = 0; i < Math.min(a.labels.length, b.labels.length); i++) {
    const order = compareLabel(a.labels[i]!, b.labels[i]!);
    if (order !== 0) return order;
  }
  return a.labels.length - b.labels.length;
});

function parseNuget(version: string): NugetVersion | undefined {
  const match = NUGET_VERSION.exec(version);
  if (match === null) return undefined;
  const numbers = [1, 2, 3, 4].map((i) => Number(match[i] ?? '0'));
  if (numbers.some((n) => n > INT_MAX)) return undefined;
  return {
    numbers: numbers as [number, number, number, number],
    labels: match[5] === undefined ? [] : match[5].split('.'),
  };
}

/** `int.TryParse` of a label: digits, optionally after a minus sign (labels may hold `-`), within int. */
function asInt(label: string): number | undefined {
  if (!/^-?[0-9]+$/.test(label)) return undefined;
  const value = Number(label);
  return value <= INT_MAX && value >= -INT_MAX - 1 ? value : undefined;
}

function compareLabel(a: string, b: string): number {
  const x = asInt(a);
  const y = asInt(b);
  if (x !== undefined && y !== undefined) return x - y;
  if (x !== undefined || y !== undefined) return x !== undefined ? -1 : 1;
  // StringComparer.OrdinalIgnoreCase compares upper-cased UTF-16 code units.
  const [l, r] = [a.toUpperCase(), b.toUpperCase()];
  return l < r ? -1 : l > r ? 1 : 0;
}
