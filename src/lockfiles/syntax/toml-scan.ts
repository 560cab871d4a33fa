import type { Obj } from './shapes.js';
import { noteScan } from './scan-paths.js';

/** A document read by {@link scanTomlLockfile}: what smol-toml's `parse` returns, and where the tables stand. */
export interface ScannedToml {
  /** The values smol-toml's `parse` returns for the text (in plain objects), but null for unread keys. */
  data: Obj;
  /** The 1-based line of each `[[name]]` header: the i-th table of `data[name]` stands at `lines[i]`. */
  lines: number[];
}

/** Thrown (never out of this module) when the text leaves the subset the scanner reads: made once, thrown often. */
const OUTSIDE = new Error('outside the subset of TOML that the scanner reads');

/** Deeper nesting than lockfiles ever write is left to the full parser (and its own depth limit). */
const MAX_DEPTH = 32;

/** smol-toml reads integers beyond 2^53 as an error; 15 digits always fit. */
const MAX_DIGITS = 15;

const NOTHING_UNREAD: ReadonlySet<string> = new Set();

/** Keys seen lately, by a hash of their length and first and last characters (see `bareKey`). */
const KEY_SLOTS = 256;
const keyCache: (string | undefined)[] = new Array<string | undefined>(KEY_SLOTS).fill(undefined);

/** The most keys of inline tables open at once (nested) that an unread value may hold. */
const MAX_UNREAD_KEYS = 64;

/**
 * Reads the regular subset of TOML that Cargo and uv write, in one pass that counts lines as it goes,
 * or returns undefined for anything outside that subset: the caller then parses the text in full, so
 * that every file that is not plainly well formed gets the full parser's result or error.
 *
 * The subset: blank lines and comments; `[a.b]` and `[[a.b]]` headers of bare keys, each naming a
 * table not yet defined (or, for `[[...]]`, an existing array of tables), through tables defined by
 * headers or the last table of an array of tables; `key = value` with a bare or quoted key not yet in
 * its table; values that are one-line strings (`'...'`, and `"..."` whose escapes are among `\"`, `\\`,
 * `\b`, `\f`, `\n`, `\r`, `\t`), decimal integers of up to 15 digits, `true`, `false`, arrays (over
 * several lines, with comments) and one-line inline tables (without a trailing comma). Lines end in
 * `\n` or `\r\n`. Everything else (multi-line strings, other escapes, dotted keys, quoted keys in
 * headers, floats, dates, signs, redefined keys or tables, control characters, `__proto__`, ...) is
 * refused, as is a `name` key that is anything but an array of `[[name]]` tables.
 *
 * The `unread` keys of the `[[name]]` tables are values the caller never looks at (uv's `wheels`):
 * they are checked as strictly as the rest, but hold null instead of their value, which saves building
 * most of a large lockfile's objects.
 *
 * Every line this scanner accepts starts with a space, a tab, `#`, `[`, `]`, `{`, `,`, a quote or a
 * bare-key character: never with a git conflict marker, so a scanned text holds none.
 *
 * Expects the text without a byte-order mark.
 */
export function scanTomlLockfile(
  text: string,
  name: string,
  unread: ReadonlySet<string> = NOTHING_UNREAD,
): ScannedToml | undefined {
  // One scanner for all calls (a scan never starts another): optimised code stays valid for its shape
  // across garbage collections, where a fresh object each call would have its shape collected with it.
  const scanner = (shared ??= new Scanner());
  scanner.start(text, unread);
  try {
    const document = scanner.document(name);
    noteScan('toml', true);
    return document;
  } catch (error) {
    if (error !== OUTSIDE) throw error;
    noteScan('toml', false, scanner.offset);
    return undefined;
  } finally {
    scanner.start('', NOTHING_UNREAD);
  }
}

let shared: Scanner | undefined;

function isBareKeyChar(c: number): boolean {
  // A-Z a-z 0-9 _ -
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** The characters that may follow a number or boolean: whitespace, the line's end, a comment, `,`, `]`, `}`. */
function endsValue(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 35 || c === 44 || c === 93 || c === 125;
}

class Scanner {
  private s = '';
  private unread = NOTHING_UNREAD;
  private p = 0;

  /** Where the scan stands (where it stopped, after giving up). */
  get offset(): number {
    return this.p;
  }
  private line = 1;
  /** Tables created by a header, explicitly or on the way to a deeper one: other headers may pass through them. */
  private readonly headerTables = new Set<Obj>();
  /** Arrays created by `[[...]]` headers: other headers may extend them or pass through their last table. */
  private readonly tableArrays = new Set<Obj[]>();

  /** Start and end offsets of the keys of the unread inline tables now open, to refuse a repeated key. */
  private readonly keys = new Int32Array(2 * MAX_UNREAD_KEYS);
  private keyCount = 0;

  /** Resets the scanner to the start of a text (and lets go of the previous one's tables). */
  start(text: string, unread: ReadonlySet<string>): void {
    this.s = text;
    this.unread = unread;
    this.p = 0;
    this.line = 1;
    this.keyCount = 0;
    this.headerTables.clear();
    this.tableArrays.clear();
  }

  document(name: string): ScannedToml {
    const s = this.s;
    const n = s.length;
    const root: Obj = {};
    const lines: number[] = [];
    let table = root;
    // Whether `table` is one of the `[[name]]` tables, whose `unread` keys are checked but not kept.
    let inList = false;
    const unread = this.unread;
    while (this.p < n) {
      let c = s.charCodeAt(this.p);
      while (c === 32 || c === 9) c = s.charCodeAt(++this.p);
      if (c === 10) {
        this.p++;
        this.line++;
        continue;
      }
      if (c === 91) {
        const count = lines.length;
        table = this.header(root, name, lines);
        inList = lines.length > count;
      } else if (c !== 35 && c !== 13 && this.p < n) {
        const key = c === 34 || c === 39 ? this.quotedKey(c) : this.bareKey();
        c = this.skipSpaces();
        if (c !== 61) throw OUTSIDE;
        this.p++;
        this.skipSpaces();
        if (table[key] !== undefined) throw OUTSIDE;
        if (inList && unread.has(key)) {
          this.check(0);
          table[key] = null;
        } else {
          table[key] = this.value(0);
        }
      }
      this.endOfLine();
    }
    const list = root[name];
    if (list !== undefined && !this.tableArrays.has(list as Obj[])) throw OUTSIDE;
    return { data: root, lines };
  }

  /** A `[a.b]` or `[[a.b]]` header: the table that the following keys go into. */
  private header(root: Obj, name: string, lines: number[]): Obj {
    const s = this.s;
    const isArray = s.charCodeAt(++this.p) === 91;
    if (isArray) this.p++;
    let key = this.bareKey();
    let parent = root;
    let single = true;
    while (s.charCodeAt(this.p) === 46) {
      this.p++;
      single = false;
      // Pass through the table (or last table of an array of tables) named so far, creating it if new.
      const value = parent[key];
      if (value === undefined) {
        const created: Obj = {};
        this.headerTables.add(created);
        parent[key] = created;
        parent = created;
      } else if (this.headerTables.has(value as Obj)) {
        parent = value as Obj;
      } else if (this.tableArrays.has(value as Obj[])) {
        parent = (value as Obj[])[(value as Obj[]).length - 1]!;
      } else {
        throw OUTSIDE;
      }
      key = this.bareKey();
    }
    if (s.charCodeAt(this.p++) !== 93) throw OUTSIDE;
    if (isArray && s.charCodeAt(this.p++) !== 93) throw OUTSIDE;
    const existing = parent[key];
    const table: Obj = {};
    if (isArray) {
      let list = existing as Obj[] | undefined;
      if (list === undefined) {
        list = [];
        this.tableArrays.add(list);
        parent[key] = list;
      } else if (!this.tableArrays.has(list)) {
        throw OUTSIDE;
      }
      list.push(table);
      if (single && key === name) lines.push(this.line);
    } else {
      if (existing !== undefined) throw OUTSIDE;
      this.headerTables.add(table);
      parent[key] = table;
    }
    return table;
  }

  /**
   * A bare key, never `__proto__` (which plain objects do not store as a key). Lockfiles repeat a few
   * keys thousands of times: each comes from a small cache when it is there, rather than copied out of
   * the text and looked up as a new property name every time.
   */
  private bareKey(): string {
    const s = this.s;
    const start = this.p;
    while (isBareKeyChar(s.charCodeAt(this.p))) this.p++;
    const length = this.p - start;
    if (length === 0) throw OUTSIDE;
    const slot = (length * 31 + s.charCodeAt(start) * 7 + s.charCodeAt(this.p - 1)) & (KEY_SLOTS - 1);
    const cached = keyCache[slot];
    if (cached !== undefined && cached.length === length && sameChars(s, start, cached)) return cached;
    // Joined anew, so that the cache holds a copy and never a slice that keeps the whole text alive.
    const key = Array.from(s.slice(start, this.p)).join('');
    if (key === '__proto__') throw OUTSIDE;
    keyCache[slot] = key;
    return key;
  }

  /** A key in quotes (Cargo's v1 `[metadata]` has them): not empty, not `__proto__`. */
  private quotedKey(quote: number): string {
    const key = this.string(quote);
    if (key === '' || key === '__proto__') throw OUTSIDE;
    return key;
  }

  /** Skips spaces and tabs; returns the character after them. */
  private skipSpaces(): number {
    const s = this.s;
    let c = s.charCodeAt(this.p);
    while (c === 32 || c === 9) c = s.charCodeAt(++this.p);
    return c;
  }

  /** After a header or key/value: spaces, an optional comment, then `\n`, `\r\n` or the end of the text. */
  private endOfLine(): void {
    const s = this.s;
    let c = this.skipSpaces();
    if (c === 35) c = this.comment();
    if (c === 10) {
      this.p++;
      this.line++;
    } else if (c === 13 && s.charCodeAt(this.p + 1) === 10) {
      this.p += 2;
      this.line++;
    } else if (this.p < s.length) {
      throw OUTSIDE;
    }
  }

  /** From a `#`: to the line's end (left unread), refusing control characters; returns the character there. */
  private comment(): number {
    const s = this.s;
    const n = s.length;
    for (this.p++; this.p < n; this.p++) {
      const c = s.charCodeAt(this.p);
      if (c === 10) return c;
      if ((c < 32 && c !== 9) || c === 127) {
        if (c === 13 && s.charCodeAt(this.p + 1) === 10) return c;
        throw OUTSIDE;
      }
    }
    return NaN;
  }

  /** Inside an array: spaces, tabs, line ends and comments; returns the next character. */
  private skipVoid(): number {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.p);
      if (c === 32 || c === 9) {
        this.p++;
      } else if (c === 10) {
        this.p++;
        this.line++;
      } else if (c === 13 && s.charCodeAt(this.p + 1) === 10) {
        this.p += 2;
        this.line++;
      } else if (c === 35) {
        this.comment();
      } else {
        return c;
      }
    }
  }

  private value(depth: number): unknown {
    const s = this.s;
    const c = s.charCodeAt(this.p);
    if (c === 34 || c === 39) return this.string(c);
    if (c === 91) return this.array(depth);
    if (c === 123) return this.inlineTable(depth);
    if (c >= 48 && c <= 57) return this.integer(c);
    if (c === 116 && s.startsWith('true', this.p) && endsValueAt(s, this.p + 4)) {
      this.p += 4;
      return true;
    }
    if (c === 102 && s.startsWith('false', this.p) && endsValueAt(s, this.p + 5)) {
      this.p += 5;
      return false;
    }
    throw OUTSIDE;
  }

  /** A one-line string (a basic one with simple escapes only), opened by `quote` at the current position. */
  private string(quote: number): string {
    const start = this.p + 1;
    const escaped = this.skipString(quote);
    return escaped ? unescape(this.s, start, this.p - 1) : this.s.slice(start, this.p - 1);
  }

  /** Past a string as {@link string} reads it; whether it holds an escape. */
  private skipString(quote: number): boolean {
    const s = this.s;
    const n = s.length;
    const start = this.p + 1;
    // `"""` or `'''` opens a multi-line string.
    if (s.charCodeAt(start) === quote && s.charCodeAt(start + 1) === quote) throw OUTSIDE;
    let escaped = false;
    for (let i = start; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === quote) {
        this.p = i + 1;
        return escaped;
      }
      if (c === 92 && quote === 34) {
        // A backslash starts an escape in a basic string only.
        if (escapedChar(s.charCodeAt(i + 1)) === undefined) throw OUTSIDE;
        escaped = true;
        i++;
      } else if ((c < 32 && c !== 9) || c === 127) {
        throw OUTSIDE;
      }
    }
    throw OUTSIDE;
  }

  /**
   * Past a value that {@link value} would read, checking it the same way (a repeated key of an inline
   * table included) without building it.
   */
  private check(depth: number): void {
    const s = this.s;
    const c = s.charCodeAt(this.p);
    if (c === 34 || c === 39) {
      this.skipString(c);
    } else if (c === 91) {
      if (depth >= MAX_DEPTH) throw OUTSIDE;
      this.p++;
      for (;;) {
        let next = this.skipVoid();
        if (next === 93) break;
        this.check(depth + 1);
        next = this.skipVoid();
        if (next === 93) break;
        if (next !== 44) throw OUTSIDE;
        this.p++;
      }
      this.p++;
    } else if (c === 123) {
      this.checkInlineTable(depth);
    } else {
      this.value(depth);
    }
  }

  /** Past an inline table as {@link inlineTable} reads it, without building it. */
  private checkInlineTable(depth: number): void {
    if (depth >= MAX_DEPTH) throw OUTSIDE;
    const s = this.s;
    const keys = this.keys;
    const first = this.keyCount;
    this.p++;
    let c = this.skipSpaces();
    if (c === 125) {
      this.p++;
      return;
    }
    for (;;) {
      const start = this.p;
      while (isBareKeyChar(s.charCodeAt(this.p))) this.p++;
      const end = this.p;
      if (end === start) throw OUTSIDE;
      for (let k = first; k < this.keyCount; k++) {
        const otherStart = keys[2 * k]!;
        if (keys[2 * k + 1]! - otherStart === end - start && sameSpan(s, otherStart, start, end - start))
          throw OUTSIDE;
      }
      if (this.keyCount === MAX_UNREAD_KEYS) throw OUTSIDE;
      keys[2 * this.keyCount] = start;
      keys[2 * this.keyCount + 1] = end;
      this.keyCount++;
      if (this.skipSpaces() !== 61) throw OUTSIDE;
      this.p++;
      this.skipSpaces();
      this.check(depth + 1);
      c = this.skipSpaces();
      this.p++;
      if (c === 125) break;
      if (c !== 44) throw OUTSIDE;
      this.skipSpaces();
    }
    this.keyCount = first;
  }

  private integer(first: number): number {
    const s = this.s;
    const start = this.p;
    let value = first - 48;
    let c = s.charCodeAt(++this.p);
    if (first !== 48) {
      while (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        c = s.charCodeAt(++this.p);
      }
    }
    if (this.p - start > MAX_DIGITS || !(endsValue(c) || this.p >= s.length)) throw OUTSIDE;
    return value;
  }

  private array(depth: number): unknown[] {
    if (depth >= MAX_DEPTH) throw OUTSIDE;
    this.p++;
    const list: unknown[] = [];
    for (;;) {
      let c = this.skipVoid();
      if (c === 93) break;
      list.push(this.value(depth + 1));
      c = this.skipVoid();
      if (c === 93) break;
      if (c !== 44) throw OUTSIDE;
      this.p++;
    }
    this.p++;
    return list;
  }

  /** A one-line inline table: `{}` or `{ key = value, ... }` without a trailing comma. */
  private inlineTable(depth: number): Obj {
    if (depth >= MAX_DEPTH) throw OUTSIDE;
    const s = this.s;
    this.p++;
    const table: Obj = {};
    let c = this.skipSpaces();
    if (c === 125) {
      this.p++;
      return table;
    }
    for (;;) {
      const first = s.charCodeAt(this.p);
      const key = first === 34 || first === 39 ? this.quotedKey(first) : this.bareKey();
      if (this.skipSpaces() !== 61) throw OUTSIDE;
      this.p++;
      this.skipSpaces();
      if (table[key] !== undefined) throw OUTSIDE;
      table[key] = this.value(depth + 1);
      c = this.skipSpaces();
      this.p++;
      if (c === 125) return table;
      if (c !== 44) throw OUTSIDE;
      this.skipSpaces();
    }
  }
}

function endsValueAt(s: string, at: number): boolean {
  return at >= s.length || endsValue(s.charCodeAt(at));
}

/** Whether `s` holds the characters of `key` from `at`. */
function sameChars(s: string, at: number, key: string): boolean {
  for (let i = 0; i < key.length; i++) if (s.charCodeAt(at + i) !== key.charCodeAt(i)) return false;
  return true;
}

/** Whether `s` holds the same `length` characters at `a` as at `b`. */
function sameSpan(s: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (s.charCodeAt(a + i) !== s.charCodeAt(b + i)) return false;
  return true;
}

/**
 * What a backslash followed by `code` stands for in a basic string, or undefined for an escape that the
 * scanner leaves to the full parser (`\u`, `\x`, `\e`, or none at all).
 */
function escapedChar(code: number): string | undefined {
  switch (code) {
    case 34:
      return '"';
    case 92:
      return '\\';
    case 98:
      return '\b';
    case 102:
      return '\f';
    case 110:
      return '\n';
    case 114:
      return '\r';
    case 116:
      return '\t';
    default:
      return undefined;
  }
}

/** A basic string's text between `from` and `to`, its (checked) escapes decoded. */
function unescape(s: string, from: number, to: number): string {
  let value = '';
  let chunk = from;
  for (let i = from; i < to; i++) {
    if (s.charCodeAt(i) !== 92) continue;
    value += s.slice(chunk, i) + escapedChar(s.charCodeAt(i + 1))!;
    i++;
    chunk = i + 1;
  }
  return value + s.slice(chunk, to);
}
