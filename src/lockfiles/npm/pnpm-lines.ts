import type { YamlKeyStarts } from '../syntax/yaml-scan.js';

/** Where things start in one YAML document of a pnpm-lock.yaml, by 1-based line. */
export interface PnpmDocumentLines {
  /** The document's first line (its first top-level key). */
  start: number;
  /** Top-level keys: `lockfileVersion`, `importers`, `packages`, `snapshots`, ... */
  top: Map<string, number>;
  /** Keys of the top-level `packages:` mapping. */
  packages: PnpmKeyLines;
  /** Keys of the top-level `importers:` mapping. */
  importers: Map<string, number>;
  /** Dependency names listed by an importer, under `importer NUL name` (first section wins). */
  dependencies: Map<string, number>;
}

/** The importer sections whose keys name dependencies (the last two only in pnpm 11's env document). */
export const PNPM_DEPENDENCY_SECTIONS: ReadonlySet<string> = new Set([
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'configDependencies',
  'packageManagerDependencies',
]);

const SPACE = 32;
const HASH = 35;
const CR = 13;

/**
 * Finds the lines of the keys the pnpm reader reports, in one pass over the text: top-level keys, the
 * keys of `packages:` (indent 2), of `importers:` (indent 2) and the dependency names listed by each
 * importer (indent 6 under `importers:`, or indent 2 under a top-level `dependencies:` in single-project
 * files of lockfile v5 and v6). pnpm writes block style with two-space indents; keys written otherwise
 * are not found here and the reader falls back to an enclosing line. Returns one entry per YAML document
 * that has at least one top-level key, in file order.
 */
export function scanPnpmLines(text: string): PnpmDocumentLines[] {
  const documents: PnpmDocumentLines[] = [];
  let current: PnpmDocumentLines | undefined;
  const place: Place = { section: '', importer: '', subsection: '' };
  let lineNo = 0;
  let start = 0;
  const length = text.length;
  while (start <= length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    lineNo++;
    const c0 = text.charCodeAt(start);
    if (c0 === SPACE) {
      if (current !== undefined) indentedLine(text, start, end, lineNo, current, place);
    } else if (c0 === 45 && text.startsWith('---', start) && isBlankOrSpace(text, start + 3, end)) {
      current = undefined;
      place.section = '';
    } else if (c0 === 46 && text.startsWith('...', start) && isBlankOrSpace(text, start + 3, end)) {
      current = undefined;
      place.section = '';
    } else if (start < end && c0 !== HASH && c0 !== CR && c0 !== 9) {
      const key = keyAt(text, start, end);
      if (current === undefined) {
        current = newDocument(text, lineNo);
        documents.push(current);
      }
      place.section = key ?? '';
      place.importer = '';
      place.subsection = '';
      if (key !== undefined) setFirst(current.top, key, lineNo);
    }
    start = end + 1;
  }
  return documents;
}

/**
 * `scanPnpmLines` for a text that the YAML scanner has read, which told where each top-level key
 * starts: the same lines, found by going through the lines of the sections that have keys to find
 * (`packages:`, `importers:`, a single project's dependency sections) and no others. In such a text
 * every line at column 0 is a top-level key, a comment, or a `---` between documents.
 */
export function pnpmLinesOfSections(text: string, starts: YamlKeyStarts): PnpmDocumentLines[] {
  return starts.documents.map(({ offsets, lines, end }) => {
    const current = newDocument(text, lines[0]!);
    for (let i = 0; i < offsets.length; i++) {
      const at = offsets[i]!;
      let lineEnd = text.indexOf('\n', at);
      if (lineEnd === -1) lineEnd = text.length;
      const key = keyAt(text, at, lineEnd);
      if (key === undefined) continue;
      let lineNo = lines[i]!;
      setFirst(current.top, key, lineNo);
      if (key !== 'packages' && key !== 'importers' && !PNPM_DEPENDENCY_SECTIONS.has(key)) continue;
      const place: Place = { section: key, importer: '', subsection: '' };
      const stop = offsets[i + 1] ?? end;
      for (let start = lineEnd + 1; start < stop;) {
        let lineStop = text.indexOf('\n', start);
        if (lineStop === -1) lineStop = text.length;
        lineNo++;
        if (text.charCodeAt(start) === SPACE) indentedLine(text, start, lineStop, lineNo, current, place);
        start = lineStop + 1;
      }
    }
    return current;
  });
}

function newDocument(text: string, start: number): PnpmDocumentLines {
  return {
    start,
    top: new Map(),
    packages: new PnpmKeyLines(text),
    importers: new Map(),
    dependencies: new Map(),
  };
}

/** Where the line pass is: the top-level section, and under `importers:` the importer and its section. */
interface Place {
  section: string;
  importer: string;
  subsection: string;
}

/** Records the key that an indented line (`start` is a space) of the current document holds, if wanted. */
function indentedLine(
  text: string,
  start: number,
  end: number,
  lineNo: number,
  current: PnpmDocumentLines,
  place: Place,
): void {
  const { section } = place;
  const inPackages = section === 'packages';
  const inImporters = section === 'importers';
  if (!inPackages && !inImporters && !PNPM_DEPENDENCY_SECTIONS.has(section)) return;
  const indent = indentOf(text, start, end);
  if (indent === 2 && inPackages) {
    const c2 = text.charCodeAt(start + 2);
    if (c2 !== HASH && c2 !== 45) current.packages.add(start + 2, lineNo);
  } else if (indent === 2) {
    const key = keyAt(text, start + 2, end);
    if (key !== undefined) {
      if (inImporters) {
        place.importer = key;
        place.subsection = '';
        setFirst(current.importers, key, lineNo);
      } else setFirst(current.dependencies, `.\u0000${key}`, lineNo);
    }
  } else if (inImporters && indent === 4) {
    place.subsection = keyAt(text, start + 4, end) ?? '';
  } else if (inImporters && indent === 6 && PNPM_DEPENDENCY_SECTIONS.has(place.subsection)) {
    const key = keyAt(text, start + 6, end);
    if (key !== undefined) setFirst(current.dependencies, `${place.importer}\u0000${key}`, lineNo);
  }
}

/**
 * Lines of the keys of a `packages:` mapping, recorded as text offsets in file order. YAML gives the
 * keys in the same order, so the reader asks for the line of its i-th key: a match at the i-th offset
 * costs one comparison; only if the orders disagree (a key spelled in a way the scan did not expect)
 * are all keys read once into a map.
 */
export class PnpmKeyLines {
  private readonly offsets: number[] = [];
  private readonly lines: number[] = [];
  private byKey: Map<string, number> | undefined;

  constructor(private readonly text: string) {}

  add(offset: number, line: number): void {
    this.offsets.push(offset);
    this.lines.push(line);
  }

  /** The line of the `index`-th key, which YAML read as `key`; undefined if the scan did not see it. */
  lineOf(index: number, key: string): number | undefined {
    const offset = this.offsets[index];
    if (offset !== undefined && this.startsWithKey(offset, key)) return this.lines[index];
    if (this.byKey === undefined) {
      this.byKey = new Map();
      for (let i = 0; i < this.offsets.length; i++) {
        const at = this.offsets[i]!;
        const end = this.text.indexOf('\n', at);
        const found = keyAt(this.text, at, end === -1 ? this.text.length : end);
        if (found !== undefined) setFirst(this.byKey, found, this.lines[i]!);
      }
    }
    return this.byKey.get(key);
  }

  private startsWithKey(offset: number, key: string): boolean {
    const { text } = this;
    let at = offset;
    const quote = text.charCodeAt(at);
    if (quote === 39 || quote === 34) at++;
    if (!text.startsWith(key, at)) return false;
    at += key.length;
    if (quote === 39 || quote === 34) {
      if (text.charCodeAt(at) !== quote) return false;
      at++;
    }
    return text.charCodeAt(at) === 58;
  }
}

function setFirst(map: Map<string, number>, key: string, line: number): void {
  if (!map.has(key)) map.set(key, line);
}

/** Spaces before the first other character, counted up to 7 (deeper lines are never keys we need). */
function indentOf(text: string, start: number, end: number): number {
  let i = start;
  const stop = Math.min(end, start + 7);
  while (i < stop && text.charCodeAt(i) === SPACE) i++;
  return i - start;
}

function isBlankOrSpace(text: string, from: number, end: number): boolean {
  if (from >= end) return true;
  const c = text.charCodeAt(from);
  return c === SPACE || c === CR;
}

/**
 * The mapping key that starts at `from` on a line ending at `end`: plain (up to the `:` that is
 * followed by a space or the end of the line), single-quoted (`''` is a quote) or double-quoted.
 * Undefined when the line holds no key there (a comment, a list item, a bare scalar).
 */
export function keyAt(text: string, from: number, end: number): string | undefined {
  let stop = end;
  if (stop > from && text.charCodeAt(stop - 1) === CR) stop--;
  const c = text.charCodeAt(from);
  if (c === 39 || c === 34) return quotedKey(text, from, stop, c);
  if (c === HASH || c === 45 || c === SPACE) return undefined;
  let colon = text.indexOf(':', from);
  while (colon !== -1 && colon < stop) {
    const next = colon + 1;
    if (next === stop || text.charCodeAt(next) === SPACE) {
      return colon > from ? text.slice(from, colon) : undefined;
    }
    colon = text.indexOf(':', next);
  }
  return undefined;
}

function quotedKey(text: string, from: number, stop: number, quote: number): string | undefined {
  if (quote === 39) {
    let out = '';
    let i = from + 1;
    for (;;) {
      const close = text.indexOf("'", i);
      if (close === -1 || close >= stop) return undefined;
      out += text.slice(i, close);
      if (text.charCodeAt(close + 1) === 39) {
        out += "'";
        i = close + 2;
        continue;
      }
      return text.charCodeAt(close + 1) === 58 ? out : undefined;
    }
  }
  let i = from + 1;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close === -1 || close >= stop) return undefined;
    let backslashes = 0;
    for (let k = close - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 1) {
      i = close + 1;
      continue;
    }
    if (text.charCodeAt(close + 1) !== 58) return undefined;
    try {
      return JSON.parse(text.slice(from, close + 1)) as string;
    } catch {
      return undefined;
    }
  }
}
