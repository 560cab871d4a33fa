/**
 * Maven's ComparableVersion ordering: items split at `.`, `-` and digit/letter transitions; known
 * qualifiers alpha < beta < milestone < rc = cr < snapshot < "" = ga = final = release < sp, then other
 * qualifiers alphabetically; trailing null items trimmed. Every string is a Maven version, so this
 * never fails to parse a non-empty string.
 */
export function compareMaven(a: string, b: string): number | undefined {
  if (a.trim() === '' || b.trim() === '') return undefined;
  return compareItems(parseMaven(a), parseMaven(b));
}

type Item = number | bigint | string | Item[];

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' };

function qualifierKey(q: string): string {
  const value = ALIASES[q] ?? q;
  const index = QUALIFIERS.indexOf(value);
  return index === -1 ? `${QUALIFIERS.length}-${value}` : String(index);
}

function parseMaven(version: string): Item[] {
  const text = version.trim().toLowerCase();
  const root: Item[] = [];
  let list = root;
  const stack: Item[][] = [root];
  let start = 0;
  let isDigit = false;
  const push = (token: string, digit: boolean) => {
    if (digit) list.push(token.length > 15 ? BigInt(token) : Number(token));
    else {
      // Single letters followed by digits are shorthands: a1 = alpha-1, b1 = beta-1, m1 = milestone-1.
      list.push(token);
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '.') {
      if (i === start) list.push(0);
      else push(text.slice(start, i), isDigit);
      start = i + 1;
    } else if (c === '-') {
      if (i === start) list.push(0);
      else push(text.slice(start, i), isDigit);
      start = i + 1;
      const sub: Item[] = [];
      list.push(sub);
      list = sub;
      stack.push(sub);
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        let token = text.slice(start, i);
        if (token.length === 1 && (token === 'a' || token === 'b' || token === 'm'))
          token = { a: 'alpha', b: 'beta', m: 'milestone' }[token]!;
        list.push(token);
        start = i;
        const sub: Item[] = [];
        list.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        push(text.slice(start, i), true);
        start = i;
        const sub: Item[] = [];
        list.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = false;
    }
  }
  if (text.length > start) push(text.slice(start), isDigit);
  // Innermost lists first, so that a list emptied by trimming is itself trimmed from its parent.
  for (const l of stack.reverse()) normalize(l);
  return root;
}

function isNull(item: Item): boolean {
  if (typeof item === 'number') return item === 0;
  if (typeof item === 'bigint') return item === 0n;
  if (typeof item === 'string') return qualifierKey(item) === qualifierKey('');
  return item.length === 0;
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i]!;
    if (isNull(item)) list.splice(i, 1);
    else if (!Array.isArray(item)) break;
  }
}

function compareItem(a: Item | undefined, b: Item | undefined): number {
  if (a === undefined) {
    if (b === undefined) return 0;
    return -compareItem(b, undefined);
  }
  if (typeof a === 'number' || typeof a === 'bigint') {
    if (b === undefined) return isNull(a) ? 0 : 1;
    if (typeof b === 'number' || typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    return 1; // numbers are newer than qualifiers and lists
  }
  if (typeof a === 'string') {
    if (b === undefined) return cmp(qualifierKey(a), qualifierKey(''));
    if (typeof b === 'string') return cmp(qualifierKey(a), qualifierKey(b));
    return -1; // qualifiers are older than numbers and lists
  }
  if (b === undefined) return a.length === 0 ? 0 : compareItem(a[0], undefined);
  if (typeof b === 'number' || typeof b === 'bigint') return -1;
  if (typeof b === 'string') return 1;
  return compareItems(a, b);
}

function compareItems(a: Item[], b: Item[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const result = i >= a.length ? -compareItem(b[i], undefined) : compareItem(a[i], b[i]);
    if (result !== 0) return result;
  }
  return 0;
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
