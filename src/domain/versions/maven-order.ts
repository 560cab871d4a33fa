import { compareDigits } from './compare-digits.js';
import { makeOrder } from './make-order.js';

/** ComparableVersion's items: a number (digits, leading zeros stripped), a qualifier, or a sub-list. */
type Item = { digits: string } | { qualifier: string } | Item[];

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Readonly<Record<string, string>> = { ga: '', final: '', release: '', cr: 'rc' };
const SHORTHANDS: Readonly<Record<string, string>> = { a: 'alpha', b: 'beta', m: 'milestone' };
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));

/** Maven's meta-versions and unresolved properties: texts Maven would order, but that name no release. */
const NOT_A_VERSION = /^(?:latest|release)$|\$\{|\s/i;

/**
 * Maven ordering, as Maven 3.9's `ComparableVersion` orders versions. Parts split at `.`, `-` and at
 * every change between digits and letters; a `-` (or a letter part after a dot, as in `1.0.RC1`) opens a
 * sub-list that orders below a further number (`1-1` < `1.1`). Qualifiers order alpha < beta <
 * milestone < rc = cr < snapshot < "" = ga = final = release < sp, then any other word alphabetically,
 * case-insensitively; `a1`, `b1`, `m1` are alpha-1, beta-1, milestone-1. Trailing zeros and empty
 * qualifiers do not count (`1.0-ga` = `1`). Numbers have any size. Maven orders any text; we refuse
 * blank texts, texts with spaces, `${...}` properties and the meta-versions LATEST and RELEASE.
 */
export const compareMaven = makeOrder(parseMaven, (a, b) => compareList(a, b));

function parseMaven(version: string): Item[] | undefined {
  if (NOT_A_VERSION.test(version)) return undefined;
  const text = version.toLowerCase();
  const root: Item[] = [];
  let list = root;
  const lists: Item[][] = [root];
  const open = () => {
    const sub: Item[] = [];
    list.push(sub);
    list = sub;
    lists.push(sub);
  };
  let isDigit = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '.' || c === '-') {
      list.push(i === start ? { digits: '0' } : item(isDigit, text.slice(start, i)));
      start = i + 1;
      if (c === '-') open();
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        // "1.0.RC1" orders like "1.0-RC1": a qualifier followed by digits opens a sub-list.
        if (list.length > 0) open();
        list.push(qualifier(text.slice(start, i), true));
        start = i;
        open();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(item(true, text.slice(start, i)));
        start = i;
        open();
      }
      isDigit = false;
    }
  }
  if (text.length > start) {
    if (!isDigit && list.length > 0) open();
    list.push(item(isDigit, text.slice(start)));
  }
  // Innermost lists first, so that a list emptied by trimming is itself trimmed from its parent.
  for (const l of lists.reverse()) trimNulls(l);
  return root;
}

function item(isDigit: boolean, text: string): Item {
  return isDigit ? { digits: text.replace(/^0+(?=.)/, '') } : qualifier(text, false);
}

function qualifier(text: string, followedByDigit: boolean): Item {
  const name = followedByDigit && text.length === 1 ? (SHORTHANDS[text] ?? text) : text;
  return { qualifier: ALIASES[name] ?? name };
}

/** ListItem.normalize: drop trailing zeros, empty qualifiers and empty lists, looking past sub-lists. */
function trimNulls(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i]!;
    if (isNull(last)) list.splice(i, 1);
    else if (!Array.isArray(last)) break;
  }
}

function isNull(item: Item): boolean {
  if (Array.isArray(item)) return item.length === 0;
  return 'digits' in item ? item.digits === '0' : item.qualifier === '';
}

/** StringItem.comparableQualifier: the known qualifiers by rank, then the others alphabetically. */
function rank(qualifier: string): string {
  const index = QUALIFIERS.indexOf(qualifier);
  return index === -1 ? `${QUALIFIERS.length}-${qualifier}` : String(index);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `a.compareTo(b)` of ComparableVersion's items, where undefined is Java's null (a missing item). */
function compareItem(a: Item, b: Item | undefined): number {
  if (Array.isArray(a)) {
    if (b === undefined) {
      for (const inner of a) {
        const order = compareItem(inner, undefined);
        if (order !== 0) return order;
      }
      return 0;
    }
    if (Array.isArray(b)) return compareList(a, b);
    return 'digits' in b ? -1 : 1;
  }
  if ('digits' in a) {
    if (b === undefined) return a.digits === '0' ? 0 : 1;
    if (!Array.isArray(b) && 'digits' in b) return compareDigits(a.digits, b.digits);
    return 1;
  }
  if (b === undefined) return compareText(rank(a.qualifier), RELEASE_INDEX);
  if (Array.isArray(b) || 'digits' in b) return -1;
  return compareText(rank(a.qualifier), rank(b.qualifier));
}

function compareList(a: readonly Item[], b: readonly Item[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const l = a[i];
    const r = b[i];
    const order = l === undefined ? (r === undefined ? 0 : -compareItem(r, undefined)) : compareItem(l, r);
    if (order !== 0) return order;
  }
  return 0;
}
