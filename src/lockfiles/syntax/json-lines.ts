import { LockfileError } from '../errors.js';
import { lineOfOffset, lineStarts } from './text.js';

/**
 * Lines of the object keys of a JSON text, found in one linear pass without building a tree: for each
 * key whose path matches `wanted` (the root is '', then the keys of the enclosing objects, outermost
 * first, array elements by their index), the 1-based line it stands on, under the path joined with NUL. Used beside JSON.parse, which keeps no positions.
 */
export function jsonKeyLines(
  text: string,
  wanted: (path: readonly string[]) => boolean,
  /** Keys deeper than this path length are skipped unread, so the pass allocates nothing there. */
  maxDepth = Number.POSITIVE_INFINITY,
): Map<string, number> {
  const found = new Map<string, number>();
  const path: string[] = [];
  // Per open container: is it an object, and is the next string in it a key?
  const isObject: boolean[] = [];
  // Per open container: how many elements came before the current one (arrays only).
  const elementIndex: number[] = [];
  let expectKey = false;
  // The key whose value comes next, so that an opening brace knows its own key.
  let pendingKey: string | undefined;
  let line = 1;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
    } else if (c === 34) {
      // A string: find its end, stepping over escapes.
      let end = i + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end === -1) return found;
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        end++;
      }
      if (expectKey && path.length >= maxDepth) {
        pendingKey = undefined;
        expectKey = false;
      } else if (expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        path.push(key);
        if (wanted(path)) found.set(path.join('\u0000'), line);
        path.pop();
        pendingKey = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 123 || c === 91) {
      // A container's key: the key it is the value of, or its index within an enclosing array.
      const inArray = isObject.length > 0 && isObject[isObject.length - 1] === false;
      path.push(inArray ? String(elementIndex[elementIndex.length - 1] ?? 0) : (pendingKey ?? ''));
      isObject.push(c === 123);
      elementIndex.push(0);
      pendingKey = undefined;
      expectKey = c === 123;
    } else if (c === 125 || c === 93) {
      path.pop();
      isObject.pop();
      elementIndex.pop();
      expectKey = false;
      pendingKey = undefined;
    } else if (c === 44) {
      expectKey = isObject[isObject.length - 1] === true;
      if (!expectKey && elementIndex.length > 0) elementIndex[elementIndex.length - 1]!++;
      pendingKey = undefined;
    }
  }
  return found;
}

/**
 * JSON.parse with a LockfileError naming the file and line of a syntax error, as Node reports its
 * position (`at position N`, or `line L column C` in newer versions).
 */
export function parseJsonLockfile(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    if (lineColumn !== null)
      throw new LockfileError(file, `not valid JSON: ${message}`, {
        line: Number(lineColumn[1]),
        column: Number(lineColumn[2]),
      });
    const position = /position (\d+)/.exec(message);
    // Without a position, only the end of input is certain; any other error is reported at line 1.
    const offset =
      position !== null ? Number(position[1]) : /end of (JSON )?input/i.test(message) ? text.length : 0;
    throw new LockfileError(file, `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`, {
      line: lineOfOffset(lineStarts(text), offset),
    });
  }
}
