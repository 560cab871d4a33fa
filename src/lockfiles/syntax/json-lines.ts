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
 * JSON.parse with a LockfileError naming the file, line and column of a syntax error and what kind of
 * error it is, never the text there: Node's own message quotes the file (`"X=SECRET" is not valid
 * JSON`), and from Node 22 on it gives no position. The position is found by `firstJsonError`.
 */
export function parseJsonLockfile(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const found = firstJsonError(text);
    const starts = lineStarts(text);
    const line = lineOfOffset(starts, found.offset);
    throw new LockfileError(file, `not valid JSON: ${found.reason}`, {
      line,
      column: found.offset - starts[line - 1]! + 1,
    });
  }
}

const JSON_SPACE = /[ \t\n\r]*/y;
// A string's characters after its opening quote, up to its closing one (JSON forbids raw controls).
// eslint-disable-next-line no-control-regex
const JSON_STRING_CHARS = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

/**
 * Where a text JSON.parse refused first goes wrong, and how (in words of the grammar, not of the
 * text): a plain scan of the JSON grammar, with an explicit stack so that deep nesting cannot overflow.
 */
export function firstJsonError(text: string): { offset: number; reason: string } {
  let at = 0;
  const fail = (reason: string) => ({ offset: Math.min(at, text.length), reason });
  // Past the string whose quote is at `at`; the reason it is broken, if it is.
  const string = (): string | undefined => {
    JSON_STRING_CHARS.lastIndex = at + 1;
    JSON_STRING_CHARS.exec(text);
    at = JSON_STRING_CHARS.lastIndex;
    if (text[at] === '"') {
      at++;
      return undefined;
    }
    if (at >= text.length) return 'the text ends inside a string';
    if (text[at] !== '\\') return 'a control character inside a string';
    // JSON.parse stops at the escape's first wrong character: the letter, or a `\\u`'s hex digit.
    at++;
    if (text[at] === 'u') for (at++; /^[0-9a-fA-F]$/.test(text[at] ?? '');) at++;
    return 'a bad escape inside a string';
  };
  // Past the number at `at`, stopping where JSON.parse would at its first wrong character.
  const digits = (): boolean => {
    const from = at;
    while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
    return at > from;
  };
  const number = (): string | undefined => {
    const bad = 'an unexpected character where a value belongs';
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else if (!digits()) return bad;
    if (text[at] === '.') {
      at++;
      if (!digits()) return bad;
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (!digits()) return bad;
    }
    return undefined;
  };
  const space = () => {
    JSON_SPACE.lastIndex = at;
    JSON_SPACE.exec(text);
    at = JSON_SPACE.lastIndex;
  };
  // The open containers: `{` expecting a key or `}`, or `[`; and whether a value was just read.
  const stack: string[] = [];
  let afterValue = false;
  let expectKey = false;
  // Whether the `{` just opened (no key yet), where `}` may close it.
  let emptyObject = false;
  if (text.charCodeAt(0) === 0xfeff) at = 1;
  for (;;) {
    space();
    if (at >= text.length)
      return fail(stack.length > 0 || !afterValue ? 'the text ends inside a value' : 'nothing is wrong');
    const c = text[at]!;
    if (afterValue) {
      const top = stack[stack.length - 1];
      if (top === undefined) return fail('more text after the value');
      if (c === ',') {
        at++;
        afterValue = false;
        expectKey = top === '{';
        continue;
      }
      if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        at++;
        stack.pop();
        continue;
      }
      return fail(top === '{' ? 'expected "," or "}" after a value' : 'expected "," or "]" after a value');
    }
    if (expectKey) {
      if (c === '}' && emptyObject) {
        at++;
        stack.pop();
        expectKey = false;
        emptyObject = false;
        afterValue = true;
        continue;
      }
      emptyObject = false;
      if (c !== '"') return fail('expected a quoted key');
      const broken = string();
      if (broken !== undefined) return fail(broken);
      space();
      if (text[at] !== ':') return fail('expected ":" after a key');
      at++;
      expectKey = false;
      continue;
    }
    if (c === '{') {
      stack.push('{');
      at++;
      expectKey = true;
      emptyObject = true;
      continue;
    }
    if (c === '[') {
      stack.push('[');
      at++;
      space();
      if (text[at] === ']') {
        at++;
        stack.pop();
        afterValue = true;
      }
      continue;
    }
    if (c === '"') {
      const broken = string();
      if (broken !== undefined) return fail(broken);
    } else if (text.startsWith('true', at) || text.startsWith('null', at)) at += 4;
    else if (text.startsWith('false', at)) at += 5;
    else {
      const broken = number();
      if (broken !== undefined) return fail(broken);
    }
    afterValue = true;
  }
}
