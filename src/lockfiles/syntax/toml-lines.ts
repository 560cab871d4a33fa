/**
 * The 1-based line of each `[[name]]` array-of-tables header, in file order: the i-th table of the
 * parsed array stands at the i-th line returned (smol-toml keeps no positions).
 *
 * One linear pass. A header may be indented, spaced inside its brackets (`[[ package ]]`) and followed
 * by a comment; `[[package.dependencies]]` is another table. Lines inside multi-line strings are not
 * headers: a `description = """...` that quotes a lockfile cannot shift the lines of the tables below.
 */
export function arrayTableLines(text: string, name: string): number[] {
  const header = new RegExp(`^[ \\t]*${escapeRegExp(name)}[ \\t]*\\]\\][ \\t]*(?:#.*)?\\r?$`);
  const found: number[] = [];
  const length = text.length;
  // The next `"""` and `'''`, each found once and searched again only once the scan is past it, so
  // that only the lines that hold one are walked character by character.
  let nextBasic = indexOrEnd(text, '"""', 0);
  let nextLiteral = indexOrEnd(text, "'''", 0);
  let line = 1;
  let start = 0;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    let i = start;
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    if (text.charCodeAt(i) === 91 && text.charCodeAt(i + 1) === 91 && header.test(text.slice(i + 2, end))) {
      found.push(line);
    }
    if (nextBasic < end || nextLiteral < end) {
      // This line opens a multi-line string (or mentions triple quotes inside a string or comment):
      // walk it, and follow any multi-line string to the line it closes on.
      const logicalEnd = endOfLogicalLine(text, i);
      for (let k = text.indexOf('\n', end); k !== -1 && k < logicalEnd; k = text.indexOf('\n', k + 1)) line++;
      end = logicalEnd;
      if (nextBasic <= end) nextBasic = indexOrEnd(text, '"""', end);
      if (nextLiteral <= end) nextLiteral = indexOrEnd(text, "'''", end);
    }
    line++;
    start = end + 1;
  }
  return found;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function indexOrEnd(text: string, needle: string, from: number): number {
  const index = text.indexOf(needle, from);
  return index === -1 ? text.length : index;
}

/**
 * From a position on a line, the offset of the newline that ends the line once its strings and
 * comment are stepped over (a multi-line string carries the line on to the one it closes on).
 */
function endOfLogicalLine(text: string, from: number): number {
  const length = text.length;
  let k = from;
  while (k < length) {
    const c = text.charCodeAt(k);
    if (c === 10) return k;
    if (c === 35) {
      // A comment runs to the end of the line.
      const end = text.indexOf('\n', k);
      return end === -1 ? length : end;
    }
    if (c === 34) {
      k = text.startsWith('"""', k) ? closeMultiline(text, k + 3, '"""') : closeSingleLine(text, k + 1, 34);
    } else if (c === 39) {
      k = text.startsWith("'''", k) ? closeMultiline(text, k + 3, "'''") : closeSingleLine(text, k + 1, 39);
    } else {
      k++;
    }
  }
  return length;
}

/** After the opening quote of a one-line string: the offset just past its closing quote (or its line's end). */
function closeSingleLine(text: string, from: number, quote: number): number {
  const length = text.length;
  for (let k = from; k < length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) return k;
    // Only basic strings ("...") have escapes.
    if (c === 92 && quote === 34) k++;
    else if (c === quote) return k + 1;
  }
  return length;
}

/** After the opening delimiter of a multi-line string: the offset just past its closing delimiter. */
function closeMultiline(text: string, from: number, delimiter: '"""' | "'''"): number {
  let search = from;
  for (;;) {
    const close = text.indexOf(delimiter, search);
    if (close === -1) return text.length;
    if (delimiter === '"""') {
      let backslashes = 0;
      for (let k = close - 1; k >= from && text.charCodeAt(k) === 92; k--) backslashes++;
      if (backslashes % 2 === 1) {
        search = close + 1;
        continue;
      }
    }
    // Up to two more quotes may end the content: `""""` is a quote, then the delimiter.
    let end = close + 3;
    const quote = delimiter.charCodeAt(0);
    if (text.charCodeAt(end) === quote) end++;
    if (text.charCodeAt(end) === quote) end++;
    return end;
  }
}

/**
 * The line of a top-level key (`name = ...`) or table header (`[name]`), or 1 when there is none: for
 * errors about that key. A top-level key stands before the first table, so its first match is its own.
 */
export function tomlKeyLine(text: string, name: string): number {
  const key = escapeRegExp(name);
  const match = new RegExp(`^[ \\t]*(?:${key}[ \\t]*=|\\[[ \\t]*${key}[ \\t]*\\])`, 'm').exec(text);
  if (match === null) return 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
