import { LockfileError } from '../errors.js';

const QUOTE = 34;
const SLASH = 47;
const STAR = 42;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const NEWLINE = 10;

/** A bun.lock made plain JSON, with the lines of the keys the reader reports. */
export interface BunText {
  /** The text with comments and trailing commas blanked: same length, same lines. */
  json: string;
  /** Lines of the top-level keys. */
  topLines: Map<string, number>;
  /** Lines of the keys of the top-level `packages` object, in file order (see `lineOf`). */
  packageKeys: BunKeyLines;
}

/**
 * JSON with comments and trailing commas (bun.lock) made plain JSON, in one pass outside strings:
 * comments and trailing commas become spaces, newlines stay, so JSON.parse positions and line numbers
 * still point into the original text. The same pass notes where the top-level keys and the keys of
 * `packages` start (JSON has no raw newlines inside strings, so every newline is seen here).
 */
export function prepareBunText(file: string, text: string): BunText {
  // Offsets to blank: [start, end) pairs in order. Most files need only their trailing commas.
  const blanks: number[] = [];
  const topLines = new Map<string, number>();
  const packageKeys = new BunKeyLines(text);
  // Per open container: is it an object? Depth 1 is the root object, depth 2 its values.
  const isObject: boolean[] = [];
  let topKey = '';
  let lastSignificant = -1;
  let line = 1;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = i + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end === -1) return { json: text, topLines, packageKeys }; // JSON.parse reports it.
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        end++;
      }
      const depth = isObject.length;
      if ((depth === 1 || (depth === 2 && topKey === 'packages')) && isObject[depth - 1] === true) {
        if (followedByColon(text, end + 1)) {
          if (depth === 1) {
            topKey = readKey(text, i, end);
            if (!topLines.has(topKey)) topLines.set(topKey, line);
          } else {
            packageKeys.add(i, end, line);
          }
        }
      }
      lastSignificant = end;
      i = end + 1;
      continue;
    }
    if (c === NEWLINE) {
      line++;
    } else if (c === SLASH) {
      const next = text.charCodeAt(i + 1);
      if (next === SLASH) {
        let end = text.indexOf('\n', i);
        if (end === -1) end = length;
        blanks.push(i, end);
        i = end;
        continue;
      }
      if (next === STAR) {
        const close = text.indexOf('*/', i + 2);
        if (close === -1) throw new LockfileError(file, 'unterminated /* comment', { line });
        for (let k = i; k < close; k++) if (text.charCodeAt(k) === NEWLINE) line++;
        blanks.push(i, close + 2);
        i = close + 2;
        continue;
      }
      lastSignificant = i;
    } else if (c === 123 || c === 91) {
      isObject.push(c === 123);
      lastSignificant = i;
    } else if (c === 125 || c === 93) {
      // A comma right before a closing bracket (past blanks and comments) is a trailing comma.
      if (lastSignificant >= 0 && text.charCodeAt(lastSignificant) === COMMA)
        insertBlank(blanks, lastSignificant, lastSignificant + 1);
      isObject.pop();
      lastSignificant = i;
    } else if (c !== 32 && c !== 13 && c !== 9) {
      lastSignificant = i;
    }
    i++;
  }
  if (blanks.length === 0) return { json: text, topLines, packageKeys };
  const parts: string[] = [];
  let from = 0;
  for (let b = 0; b < blanks.length; b += 2) {
    const start = blanks[b]!;
    const end = blanks[b + 1]!;
    parts.push(text.slice(from, start), blankOut(text, start, end));
    from = end;
  }
  parts.push(text.slice(from));
  return { json: parts.join(''), topLines, packageKeys };
}

/**
 * Lines of the keys of `packages`, as offsets in file order. JSON.parse keeps that order (for keys
 * that are not array indices), so the reader asks for the line of its i-th key: a match at the i-th
 * offset costs one comparison; only if the orders disagree are all keys read once into a map.
 */
export class BunKeyLines {
  private readonly spans: number[] = [];
  private readonly lines: number[] = [];
  private byKey: Map<string, number> | undefined;

  /** Blanking never touches strings, so keys are compared with the original text. */
  constructor(private readonly text: string) {}

  add(openQuote: number, closeQuote: number, line: number): void {
    this.spans.push(openQuote, closeQuote);
    this.lines.push(line);
  }

  lineOf(index: number, key: string): number | undefined {
    const open = this.spans[index * 2];
    const close = this.spans[index * 2 + 1];
    if (open !== undefined && close === open + 1 + key.length && this.text.startsWith(key, open + 1))
      return this.lines[index];
    if (this.byKey === undefined) {
      this.byKey = new Map();
      for (let k = 0; k < this.lines.length; k++) {
        const found = readKey(this.text, this.spans[k * 2]!, this.spans[k * 2 + 1]!);
        if (!this.byKey.has(found)) this.byKey.set(found, this.lines[k]!);
      }
    }
    return this.byKey.get(key);
  }
}

function readKey(text: string, open: number, close: number): string {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function followedByColon(text: string, from: number): boolean {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === COLON) return true;
    if (c !== 32 && c !== 9 && c !== 13 && c !== NEWLINE) return false;
    i++;
  }
}

/** Keeps `blanks` in offset order: a trailing comma is found after comments that follow it. */
function insertBlank(blanks: number[], start: number, end: number): void {
  let at = blanks.length;
  while (at >= 2 && blanks[at - 2]! > start) at -= 2;
  blanks.splice(at, 0, start, end);
}

/** Spaces in place of text, keeping its newlines so that line numbers do not move. */
function blankOut(text: string, start: number, end: number): string {
  const piece = text.slice(start, end);
  return piece.includes('\n') ? piece.replace(/[^\n]/g, ' ') : ' '.repeat(end - start);
}

/**
 * The `packages` object of a bun.lock as bun writes it, read straight from the text: per entry its key,
 * the line of the key, the tuple's first element, the kinds of its second and third elements, and the
 * names its info object lists. Flat arrays, one slot per entry, in file order.
 */
export interface BunPackageLines {
  /** Offset just past the `}` that closes `packages`. */
  end: number;
  keys: string[];
  lines: number[];
  /** The tuple's first element (always a string: anything else is not read here). */
  idents: string[];
  /** The tuple's second element when it is a string. */
  seconds: (string | undefined)[];
  /**
   * The kinds of the tuple's second and third elements (ABSENT, STRING, OBJECT or OTHER), the second
   * in bits 0-1 and the third in bits 2-3. At most one of them is an object.
   */
  shapes: number[];
  /** Entry i's names are `depNames[depStart[i]]` up to `depStart[i + 1]` (one more slot than entries). */
  depStart: number[];
  /** Names in `dependencies`, `optionalDependencies` and `peerDependencies` of the tuple's object. */
  depNames: string[];
  /** Per name: 1 when the edge is optional (optionalDependencies, or a peer in optionalPeers), else 0. */
  depOptional: number[];
}

export const ABSENT = 0;
export const STRING = 1;
export const OBJECT = 2;
export const OTHER = 3;

const LIST_DEPENDENCIES = 0;
const LIST_OPTIONAL = 1;
const LIST_PEERS = 2;
const LIST_DEV = 3;
const MAX_DEPTH = 64;

/**
 * Reads the body of `packages` from `start` (just past its `{`, on line `line`) in the strict shape of
 * plain JSON plus trailing commas: strings without escapes or control characters, no comments, no
 * numbers, nothing nested deeper than 64 levels, and in each info object no field twice. Any other
 * text gives undefined, so that the caller reads the file the general way and reports what it says.
 */
export function scanBunPackages(text: string, start: number, line: number): BunPackageLines | undefined {
  const scan = new PackagesScan(text, start, line);
  return scan.packages() ? scan.result : undefined;
}

class PackagesScan {
  readonly result: BunPackageLines;
  /** Peers of the current entry wait here until its `optionalPeers` (which may follow them) is read. */
  private peersFrom = 0;
  private optionalPeers: readonly string[] = NO_NAMES;
  /** Offset of the next character to read. */
  private pos: number;

  constructor(
    private readonly text: string,
    start: number,
    private line: number,
  ) {
    this.pos = start;
    this.result = {
      end: -1,
      keys: [],
      lines: [],
      idents: [],
      seconds: [],
      shapes: [],
      depStart: [0],
      depNames: [],
      depOptional: [],
    };
  }

  private space(): number {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 13 || c === 9) pos++;
      else if (c === NEWLINE) {
        this.line++;
        pos++;
      } else {
        this.pos = pos;
        return c;
      }
    }
  }

  /** Past a string at `pos` (its opening quote); returns its closing quote's offset, or -1. */
  private string(): number {
    const text = this.text;
    let pos = this.pos + 1;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === QUOTE) {
        this.pos = pos + 1;
        return pos;
      }
      if (!(c >= 32) || c === BACKSLASH) return -1;
      pos++;
    }
  }

  /** After a member or element: the closing bracket's code when it ends the container, 0 to go on, -1. */
  private next(close: number): number {
    let c = this.space();
    if (c === close) {
      this.pos++;
      return close;
    }
    if (c !== COMMA) return -1;
    this.pos++;
    c = this.space();
    if (c === close) {
      this.pos++;
      return close;
    }
    return 0;
  }

  packages(): boolean {
    const out = this.result;
    let c = this.space();
    if (c === 125) {
      this.pos++;
      out.end = this.pos;
      return true;
    }
    for (;;) {
      if (c !== QUOTE) return false;
      const open = this.pos;
      const line = this.line;
      const close = this.string();
      if (close === -1 || this.space() !== COLON) return false;
      this.pos++;
      if (this.space() !== 91) return false;
      this.pos++;
      out.keys.push(this.text.slice(open + 1, close));
      out.lines.push(line);
      if (!this.tuple()) return false;
      out.depStart.push(out.depNames.length);
      const after = this.next(125);
      if (after === -1) return false;
      if (after === 125) {
        out.end = this.pos;
        return true;
      }
      c = this.text.charCodeAt(this.pos);
    }
  }

  /** A tuple from past its `[`. */
  private tuple(): boolean {
    const out = this.result;
    if (this.space() !== QUOTE) return false;
    const open = this.pos;
    const close = this.string();
    if (close === -1) return false;
    out.idents.push(this.text.slice(open + 1, close));
    let second: string | undefined;
    let shapes = 0;
    let info = false;
    let element = 1;
    let after = this.next(93);
    while (after === 0) {
      const c = this.text.charCodeAt(this.pos);
      let kind = OTHER;
      if (c === QUOTE) {
        const start = this.pos;
        const end = this.string();
        if (end === -1) return false;
        if (element === 1) second = this.text.slice(start + 1, end);
        kind = STRING;
      } else if (c === 123 && element <= 2) {
        if (info || !this.info()) return false;
        info = true;
        kind = OBJECT;
      } else if (!this.skip(0)) {
        return false;
      }
      if (element <= 2) shapes |= kind << ((element - 1) * 2);
      element++;
      after = this.next(93);
    }
    if (after === -1) return false;
    out.seconds.push(second);
    out.shapes.push(shapes);
    return true;
  }

  /** An info object from its `{`: the names of its lists, each list an object of strings. */
  private info(): boolean {
    const out = this.result;
    const text = this.text;
    this.pos++;
    this.peersFrom = -1;
    this.optionalPeers = NO_NAMES;
    let seen = 0;
    let c = this.space();
    if (c === 125) {
      this.pos++;
      return true;
    }
    for (;;) {
      if (c !== QUOTE) return false;
      const open = this.pos;
      const close = this.string();
      if (close === -1 || this.space() !== COLON) return false;
      this.pos++;
      c = this.space();
      const length = close - open - 1;
      let list = -1;
      if (length === 12 && text.startsWith('dependencies"', open + 1)) list = LIST_DEPENDENCIES;
      else if (length === 20 && text.startsWith('optionalDependencies"', open + 1)) list = LIST_OPTIONAL;
      else if (length === 16 && text.startsWith('peerDependencies"', open + 1)) list = LIST_PEERS;
      else if (length === 15 && text.startsWith('devDependencies"', open + 1)) list = LIST_DEV;
      else if (length === 13 && text.startsWith('optionalPeers"', open + 1)) list = 4;
      if (list !== -1) {
        if ((seen & (1 << list)) !== 0) return false;
        seen |= 1 << list;
      }
      if (list === 4) {
        if (c === 91) {
          if (!this.names()) return false;
        } else if (!this.skip(1)) return false;
      } else if (list !== -1) {
        if (c !== 123 || !this.list(list)) return false;
      } else if (!this.skip(1)) {
        return false;
      }
      const after = this.next(125);
      if (after === -1) return false;
      if (after === 125) break;
      c = text.charCodeAt(this.pos);
    }
    // A peer is an optional edge when optionalPeers (before or after the peers) names it.
    if (this.peersFrom !== -1) {
      const names = out.depNames;
      const optional = out.depOptional;
      for (let d = this.peersFrom; d < names.length; d++)
        if (optional[d] === LIST_PEERS) optional[d] = this.optionalPeers.includes(names[d]!) ? 1 : 0;
    }
    return true;
  }

  /** One of the dependency lists, from its `{`. */
  private list(list: number): boolean {
    const out = this.result;
    const text = this.text;
    this.pos++;
    let c = this.space();
    if (c === 125) {
      this.pos++;
      return true;
    }
    if (list === LIST_PEERS && this.peersFrom === -1) this.peersFrom = out.depNames.length;
    const edge = list === LIST_DEPENDENCIES ? 0 : list === LIST_OPTIONAL ? 1 : LIST_PEERS;
    for (;;) {
      if (c !== QUOTE) return false;
      const open = this.pos;
      const close = this.string();
      if (close === -1 || this.space() !== COLON) return false;
      this.pos++;
      if (this.space() !== QUOTE || this.string() === -1) return false;
      if (list !== LIST_DEV) {
        out.depNames.push(text.slice(open + 1, close));
        out.depOptional.push(edge);
      }
      const after = this.next(125);
      if (after === -1) return false;
      if (after === 125) return true;
      c = text.charCodeAt(this.pos);
    }
  }

  /** `optionalPeers` as an array, from its `[`: the strings in it. */
  private names(): boolean {
    const names: string[] = [];
    this.optionalPeers = names;
    this.pos++;
    let c = this.space();
    if (c === 93) {
      this.pos++;
      return true;
    }
    for (;;) {
      if (c === QUOTE) {
        const open = this.pos;
        const close = this.string();
        if (close === -1) return false;
        names.push(this.text.slice(open + 1, close));
      } else if (!this.skip(2)) return false;
      const after = this.next(93);
      if (after === -1) return false;
      if (after === 93) return true;
      c = this.text.charCodeAt(this.pos);
    }
  }

  /** Past any JSON value but a number. */
  private skip(depth: number): boolean {
    const c = this.text.charCodeAt(this.pos);
    if (c === QUOTE) return this.string() !== -1;
    if (c === 123 || c === 91) {
      if (depth >= MAX_DEPTH) return false;
      const close = c === 123 ? 125 : 93;
      this.pos++;
      let d = this.space();
      if (d === close) {
        this.pos++;
        return true;
      }
      for (;;) {
        if (c === 123) {
          if (d !== QUOTE || this.string() === -1 || this.space() !== COLON) return false;
          this.pos++;
          this.space();
        }
        if (!this.skip(depth + 1)) return false;
        const after = this.next(close);
        if (after === -1) return false;
        if (after === close) return true;
        d = this.text.charCodeAt(this.pos);
      }
    }
    for (const word of WORDS)
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return true;
      }
    return false;
  }
}

const WORDS = ['true', 'false', 'null'];
const NO_NAMES: readonly string[] = [];
