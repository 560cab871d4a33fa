import { LockfileError } from './errors.js';

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
