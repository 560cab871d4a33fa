import { makeOrder } from './make-order.js';

// Composer's `((?:[.-]?\d+)*+)` is possessive; JS has no possessive quantifiers, and the plain form
// backtracks exponentially on a long run of digits. This form matches the same texts unambiguously.
const MODIFIER = '[._-]?(?:(stable|beta|b|RC|alpha|a|patch|pl|p)((?:[.-]?\\d+(?:[.-]\\d+)*)?))?([.-]?dev)?';
const CLASSICAL = new RegExp(`^v?(\\d{1,5})(\\.\\d+)?(\\.\\d+)?(\\.\\d+)?${MODIFIER}$`, 'i');
const DATE = new RegExp(`^v?(\\d{4}(?:[.:-]?\\d{2}){1,6}(?:[.:-]?\\d{1,3}){0,2})${MODIFIER}$`, 'i');
const NUMBERED_BRANCH = /^v?(\d+)(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?$/i;
const STABILITIES: Readonly<Record<string, string>> = {
  a: 'alpha',
  b: 'beta',
  p: 'patch',
  pl: 'patch',
  rc: 'RC',
};

/**
 * Composer's version normalization, as composer/semver's `VersionParser::normalize` does it: `v1.2` ->
 * `1.2.0.0`, `1.0.0-b2` -> `1.0.0.0-beta2`, `1.0-RC1-dev` -> `1.0.0.0-RC1-dev`, `2.0.x-dev` ->
 * `2.0.9999999.9999999-dev`, `2023-01-31` -> `2023.01.31`, build metadata and `@stability` flags dropped.
 * Undefined for a branch (`dev-main`, `master`) and for texts Composer refuses.
 */
export function normalizeComposerVersion(version: string): string | undefined {
  let text = version.trim();
  const alias = /^([^,\s]+) +as +[^,\s]+$/.exec(text);
  if (alias !== null) text = alias[1]!;
  text = text.replace(/@(?:stable|RC|beta|alpha|dev)$/i, '');
  if (/^dev-/i.test(text) || ['master', 'trunk', 'default'].includes(text)) return undefined;
  const build = /^([^,\s+]+)\+\S+$/.exec(text);
  if (build !== null) text = build[1]!;

  let match = CLASSICAL.exec(text);
  let normalized: string;
  let index: number;
  if (match !== null) {
    normalized = match[1]! + (match[2] || '.0') + (match[3] || '.0') + (match[4] || '.0');
    index = 5;
  } else {
    match = DATE.exec(text);
    if (match === null) return numberedBranch(text);
    normalized = match[1]!.replace(/\D/g, '.');
    index = 2;
  }
  const stability = match[index];
  if (stability) {
    if (stability === 'stable') return normalized;
    const lower = stability.toLowerCase();
    normalized += `-${STABILITIES[lower] ?? lower}${(match[index + 1] ?? '').replace(/^[.-]+/, '')}`;
  }
  if (match[index + 2]) normalized += '-dev';
  return normalized;
}

/** `1.x-dev`, `2.0.*-dev`: the dev version of a numbered branch, above every release it can hold. */
function numberedBranch(text: string): string | undefined {
  const dev = /^(.*?)[.-]?dev$/i.exec(text);
  const match = dev === null ? null : NUMBERED_BRANCH.exec(dev[1]!.trim());
  if (match === null) return undefined;
  let normalized = '';
  for (let i = 1; i < 5; i++) normalized += match[i]?.replace(/[*X]/g, 'x') ?? '.x';
  return `${normalized.replace(/x/g, '9999999')}-dev`;
}

/**
 * Composer (Packagist) ordering: both versions normalized as Composer normalizes them, then ordered as
 * PHP's `version_compare` orders the normalized texts, which is how Composer sorts versions and checks
 * constraints. So `1.0` = `1.0.0` = `v1.0.0.0`, stability suffixes order dev < alpha < beta < RC <
 * (release) < patch, case-insensitively (`1.0.0-ALPHA` = `1.0.0-alpha`), and `-stable` is the release.
 * Branches (`dev-main`, `dev-master`) have no place among releases: Composer's constraints never match
 * them, so we cannot order them and return undefined. Numbered branches (`2.x-dev`) order above every
 * `2.*` release, as Composer orders them.
 */
export const compareComposer = makeOrder((version) => {
  const normalized = normalizeComposerVersion(version);
  return normalized === undefined ? undefined : canonicalParts(normalized);
}, compareParts);

/**
 * PHP's `php_canonicalize_version` split at its dots: `-`, `_` and `+` become dots and a dot goes between
 * digits and letters (`1.0.0.0-beta2` -> `1 0 0 0 beta 2`). Normalized texts hold nothing else.
 */
function canonicalParts(normalized: string): string[] {
  return normalized
    .replace(/[-_+]/g, '.')
    .replace(/(?<=[0-9])(?=[^0-9.])|(?<=[^0-9.])(?=[0-9])/g, '.')
    .split('.')
    .filter((part) => part !== '');
}

const LONG_MAX = 2n ** 63n - 1n;
const FORMS: readonly [string, number][] = [
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

/** PHP's `compare_special_version_forms`: a part ranks by the first form it starts with, -1 for none. */
function formRank(part: string): number {
  for (const [form, order] of FORMS) if (part.startsWith(form)) return order;
  return -1;
}

const isNumber = (part: string) => part.charCodeAt(0) >= 48 && part.charCodeAt(0) <= 57;

function comparePart(a: string, b: string): number {
  if (isNumber(a) && isNumber(b)) {
    // strtol saturates at LONG_MAX.
    const [x, y] = [a, b].map((n) => (n.length > 18 ? bigMin(BigInt(n)) : BigInt(n)));
    return x! < y! ? -1 : x! > y! ? 1 : 0;
  }
  return Math.sign(formRank(isNumber(a) ? '#N#' : a) - formRank(isNumber(b) ? '#N#' : b));
}

const bigMin = (n: bigint) => (n > LONG_MAX ? LONG_MAX : n);

/** PHP's `php_version_compare` over canonical parts, including how it weighs the rest of a longer one. */
function compareParts(a: readonly string[], b: readonly string[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const order = comparePart(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  // A further number makes the longer version newer; a further word is weighed against a bare number.
  if (a.length > shared) return isNumber(a[shared]!) ? 1 : compareParts(a.slice(shared), ['#N#']);
  if (b.length > shared) return isNumber(b[shared]!) ? -1 : compareParts(['#N#'], b.slice(shared));
  return 0;
}
