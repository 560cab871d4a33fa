import { LockfileError } from '../errors.js';

/** Offsets of the first character of every line: `starts[i]` is where line i + 1 begins. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let index = text.indexOf('\n');
  while (index !== -1) {
    starts.push(index + 1);
    index = text.indexOf('\n', index + 1);
  }
  return starts;
}

/** The 1-based line of an offset, by binary search over `lineStarts(text)`. */
export function lineOfOffset(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

const MARKERS = ['<<<<<<<', '=======', '>>>>>>>', '|||||||'];

/** The offset of the first line that opens with a conflict marker (then a space, `\r` or the line's end), or -1. */
function conflictMarkerOffset(text: string): number {
  // One indexOf per marker finds candidates far faster than a multiline regex walks every line start.
  let first = -1;
  for (const marker of MARKERS) {
    for (let at = text.startsWith(marker) ? 0 : text.indexOf(`\n${marker}`); at !== -1;) {
      const start = text.charCodeAt(at) === 10 ? at + 1 : at;
      const next = text.charCodeAt(start + 7);
      if (Number.isNaN(next) || next === 32 || next === 10 || next === 13) {
        if (first === -1 || start < first) first = start;
        break;
      }
      at = text.indexOf(`\n${marker}`, start);
    }
  }
  return first;
}

/**
 * Refuses text that holds git merge conflict markers. A conflicted lockfile must never be read as one
 * side or as a silent merge of both: the user has to resolve it first.
 */
export function assertNoConflictMarkers(file: string, text: string): void {
  const offset = conflictMarkerOffset(text);
  if (offset === -1) return;
  const line = lineOfOffset(lineStarts(text), offset);
  throw new LockfileError(
    file,
    'unresolved git merge conflict marker; resolve the conflict and commit the lockfile again',
    {
      line,
    },
  );
}

/** Strips a UTF-8 byte-order mark, which some Windows tools write at the start of JSON lockfiles. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The base name of a path with either separator. */
export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut === -1 ? path : path.slice(cut + 1);
}
