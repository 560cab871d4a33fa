import yaml from 'js-yaml';
import { noteScan } from './scan-paths.js';

/**
 * A reader for the regular YAML that lockfile writers produce (yarn berry's `stringifySyml`, pnpm's
 * js-yaml dump): block mappings by indentation, block sequences of scalars, plain, single- and
 * double-quoted scalars on one line, one-line flow mappings and sequences of scalars (`{integrity:
 * sha512-…}`, `[darwin]`, `{}`), comments, and `---` between documents. It builds the same values as
 * js-yaml's `loadAll` with `json: true` (duplicate keys: the last value wins, at the first key's place),
 * with the failsafe schema (every scalar a string) or, `typed`, the default one (`true`, numbers,
 * `null`, timestamps).
 *
 * Anything else (anchors, aliases, tags, block scalars, multi-line scalars or flow collections, tabs,
 * carriage returns, unusual characters, directives, escapes JSON does not share, indentation it cannot
 * place, top-level keys that open with `<` or `=`, so that no line opening with a git conflict marker
 * is ever read) makes it give up and return undefined: the caller then reads the text with js-yaml, which
 * reads those or reports the error. What it returns it returns only when js-yaml would return the same.
 */
export function scanYamlDocuments(
  text: string,
  typed: boolean,
  sections?: YamlSectionShape,
  keyStarts?: YamlKeyStarts,
): unknown[] | undefined {
  if (keyStarts !== undefined) keyStarts.documents.length = 0;
  if (UNUSUAL.test(text)) {
    noteScan('yaml-documents', false, text.search(UNUSUAL));
    return undefined;
  }
  const scanner = new Scanner(text, typed, undefined, undefined, sections, keyStarts);
  try {
    const documents = scanner.documents();
    noteScan('yaml-documents', true);
    return documents;
  } catch (error) {
    if (error !== GIVE_UP) throw error;
    noteScan('yaml-documents', false, scanner.offset);
    if (keyStarts !== undefined) keyStarts.documents.length = 0;
    return undefined;
  }
}

/**
 * Where the top-level keys of each mapping document start, filled in by `scanYamlDocuments` when it
 * reads the text (left empty when it gives up). With them a caller can look at the lines of some
 * top-level sections without going through the others.
 */
export interface YamlKeyStarts {
  /** One per document that is a mapping (not per empty document), in file order. */
  documents: {
    /** The offset of each top-level key's line (keys start their lines), repeated keys included. */
    offsets: number[];
    /** The 1-based line of each. */
    lines: number[];
    /** Where the document ends: the offset of the `---` line after it, or the length of the text. */
    end: number;
  }[];
}

/** The top-level mapping of a one-document YAML text, key by key in file order. */
export interface YamlEntries {
  keys: string[];
  values: unknown[];
  /** The 1-based line of each key. */
  lines: number[];
}

/** What `scanYamlEntries` keeps of each entry (the value of a top-level key). */
export interface YamlEntryShape {
  /** The keys of an entry's mapping to keep; the other ones are read, then left out. */
  fields: ReadonlySet<string>;
  /**
   * Mappings inside an entry's fields (`dependencies:`) as Maps, in file order: cheaper to build for
   * keys that differ from one entry to the next.
   */
  nestedMaps: boolean;
}

/**
 * What `scanYamlDocuments` builds differently for a reader that walks large sections of each document
 * (pnpm's `packages:` and `snapshots:`): those sections as Maps of their entries in file order, each
 * entry a mapping of only `fields` (the others are read, then left out), and the mappings under
 * `mapFields` of an entry as Maps too. Maps are cheaper to build than objects for keys that differ
 * from one entry to the next. Everything else is built as js-yaml builds it. The scanner gives up
 * on keys that JavaScript orders first (array indexes) in a Map, so a Map's order is always the
 * order of `Object.keys` on js-yaml's object.
 */
export interface YamlSectionShape {
  /** Top-level keys of a document whose mappings are Maps of entries. */
  sections: ReadonlySet<string>;
  /** The keys of an entry's mapping to keep. */
  fields: ReadonlySet<string>;
  /** The kept fields whose mappings are Maps. */
  mapFields: ReadonlySet<string>;
}

/**
 * How a value is built: as js-yaml builds it; as a section, an entry or a Map field of a
 * `YamlSectionShape`; or not at all (a field an entry leaves out: read, checked, then dropped).
 */
const PLAIN = 0;
const SECTION = 1;
const ENTRY = 2;
const MAPPED = 3;
const SKIPPED = 4;

/**
 * The entries of a text that is one YAML mapping, as `scanYamlDocuments` reads it: in the order of
 * js-yaml's `Object.keys`, each with its line. Undefined when the scanner gives up, and also for
 * repeated top-level keys and for keys that JavaScript orders first (array indexes: `0`, `12`) in
 * the top-level mapping or in a Map.
 *
 * It gives up on every text with a line that opens with a git conflict marker (`<<<<<<<`, `=======`,
 * `>>>>>>>`, `|||||||`), as `scanYamlDocuments` does: a caller may leave the check for them to the
 * path that reads what the scanner did not.
 */
export function scanYamlEntries(
  text: string,
  typed: boolean,
  shape?: YamlEntryShape,
): YamlEntries | undefined {
  if (UNUSUAL.test(text)) {
    noteScan('yaml-entries', false, text.search(UNUSUAL));
    return undefined;
  }
  const entries: YamlEntries = { keys: [], values: [], lines: [] };
  const scanner = new Scanner(text, typed, entries, shape);
  try {
    const documents = scanner.documents();
    const one = documents.length === 1 && documents[0] !== null;
    noteScan('yaml-entries', one, one ? -1 : text.length);
    return one ? entries : undefined;
  } catch (error) {
    if (error !== GIVE_UP) throw error;
    noteScan('yaml-entries', false, scanner.offset);
    return undefined;
  }
}

/** Keys a JavaScript object enumerates before the others. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const isArrayIndex = (key: string) =>
  key.charCodeAt(0) <= 57 && ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * Characters the scanner leaves to js-yaml: tabs, carriage returns, other controls (js-yaml refuses
 * most), NEL and the Unicode line and paragraph separators, lone or paired surrogates, byte-order marks
 * and the non-characters U+FFFE, U+FFFF.
 */
// eslint-disable-next-line no-control-regex
const UNUSUAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/;

/** Thrown inside the scanner when it meets YAML it does not read; caught by `scanYamlDocuments`. */
const GIVE_UP = new Error('outside the scanned subset of YAML');

/** Deeper nesting is left to js-yaml, which refuses it past its own limit. */
const MAX_DEPTH = 40;

const LF = 10;
const SPACE = 32;
const DQUOTE = 34;
const HASH = 35;
const SQUOTE = 39;
const COMMA = 44;
const DASH = 45;
const COLON = 58;
const LESS = 60;
const EQUALS = 61;
const LBRACKET = 91;
const RBRACKET = 93;
const LBRACE = 123;
const RBRACE = 125;

/** Characters that cannot start a plain scalar here (the scanner also leaves `-`, `?`, `:` out). */
const NOT_PLAIN_START = new Uint8Array(128);
for (const c of '-?:,[]{}#&*!|>\'"%@` ') NOT_PLAIN_START[c.charCodeAt(0)] = 1;

/** First characters of plain scalars that the default schema may read as something other than a string. */
const MAYBE_TYPED = new Uint8Array(128);
for (const c of '0123456789+-.~nNtTfF<') MAYBE_TYPED[c.charCodeAt(0)] = 1;

interface ImplicitType {
  resolve: (data: string) => boolean;
  construct: (data: string) => unknown;
}
/** The default schema's implicit types in js-yaml's own order: null, bool, int, float, timestamp, merge. */
const IMPLICIT = (yaml.DEFAULT_SCHEMA as unknown as { compiledImplicit: ImplicitType[] }).compiledImplicit;

/** A plain scalar as the default schema reads it. */
function resolvePlain(data: string): unknown {
  const c = data.charCodeAt(0);
  if (c >= 128 || MAYBE_TYPED[c] === 0) return data;
  // Of the scalars starting with a letter, only null and the booleans are typed: at most five letters.
  if (c >= 65 && data.length > 5) return data;
  // Versions (`1.2.3`): no null, bool, int, float or timestamp has two dots.
  const dot = data.indexOf('.');
  if (dot !== -1 && data.indexOf('.', dot + 1) !== -1) return data;
  for (const type of IMPLICIT) if (type.resolve(data)) return type.construct(data);
  return data;
}

/**
 * The keys lockfiles repeat in every entry, by length: the same string each time, so that building
 * an entry's mapping neither copies nor looks up its field names.
 */
const KNOWN_KEYS: (string[] | undefined)[] = [];
for (const key of [
  'bin',
  'cpu',
  'dev',
  'libc',
  'name',
  'os',
  'version',
  'resolution',
  'integrity',
  'tarball',
  'checksum',
  'languageName',
  'linkType',
  'conditions',
  'dependencies',
  'dependenciesMeta',
  'peerDependencies',
  'peerDependenciesMeta',
  'optionalDependencies',
  'devDependencies',
  'optional',
  'engines',
  'hasBin',
  'specifier',
  'requiresBuild',
  'deprecated',
  'transitivePeerDependencies',
  'bundledDependencies',
  'funding',
]) {
  (KNOWN_KEYS[knownSlot(key.length, key.charCodeAt(0))] ??= []).push(key);
}

/** Where `KNOWN_KEYS` files the keys of a length and a first character (all of them ASCII letters). */
function knownSlot(length: number, first: number): number {
  return length * 128 + first;
}

function knownKey(text: string, start: number, end: number): string | undefined {
  const first = text.charCodeAt(start);
  if (first >= 128) return undefined;
  const candidates = KNOWN_KEYS[knownSlot(end - start, first)];
  if (candidates === undefined) return undefined;
  for (const key of candidates) if (text.startsWith(key, start)) return key;
  return undefined;
}

class Scanner {
  /** Start of the current line. */
  private pos = 0;

  /** Where the scan stands (where it stopped, after giving up). */
  get offset(): number {
    return this.pos;
  }
  /** 1-based number of the current line. */
  private line = 1;
  /** Indentation of the current line, -1 at the end of the text. */
  private indent = 0;
  private depth = 0;
  private readonly length: number;
  /** The top-level keys read so far, when the top level goes to `entries`. */
  private readonly topKeys = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly typed: boolean,
    private readonly entries: YamlEntries | undefined,
    shape?: YamlEntryShape,
    sections?: YamlSectionShape,
    private readonly keyStarts?: YamlKeyStarts,
  ) {
    this.length = text.length;
    this.fields = shape?.fields;
    this.mapsFrom = shape?.nestedMaps === true ? 3 : MAX_DEPTH + 1;
    this.sections = sections;
  }

  /** The sections built as Maps, if any. */
  private readonly sections: YamlSectionShape | undefined;

  /** The fields kept of each entry (mappings at depth 2), all when undefined. */
  private readonly fields: ReadonlySet<string> | undefined;
  /** The depth from which mappings are Maps. */
  private readonly mapsFrom: number;
  /** Where the keys of the current document start, when asked. */
  private documentStarts: { offsets: number[]; lines: number[]; end: number } | undefined;

  documents(): unknown[] {
    const documents: unknown[] = [];
    // An empty text, or one of comments only: js-yaml's answer depends on details not worth copying.
    if (this.nextContent() !== 0) throw GIVE_UP;
    for (;;) {
      if (this.atDocumentMarker()) {
        this.nextLine(this.pos + 3);
        const indent = this.nextContent();
        if (indent === -1 || this.atDocumentMarker()) {
          documents.push(null);
          if (indent === -1) return documents;
          continue;
        }
        if (indent !== 0) throw GIVE_UP;
      }
      const starts = this.keyStarts === undefined ? undefined : { offsets: [], lines: [], end: 0 };
      if (starts !== undefined) this.keyStarts!.documents.push(starts);
      this.documentStarts = starts;
      documents.push(this.mapping(0, PLAIN));
      if (starts !== undefined) starts.end = this.current() === -1 ? this.length : this.pos;
      if (this.current() === -1) return documents;
      // A top-level mapping ends only at the end of the text or at a document marker.
      if (!this.atDocumentMarker()) throw GIVE_UP;
    }
  }

  /** Whether the current line is exactly `---`. */
  private atDocumentMarker(): boolean {
    const { text, pos } = this;
    if (this.indent !== 0 || !text.startsWith('---', pos)) return false;
    const after = pos + 3;
    if (after === this.length || text.charCodeAt(after) === LF) return true;
    throw GIVE_UP;
  }

  /** Moves to the line after the one holding `at` (the newline or the end of the text). */
  private nextLine(at: number): void {
    this.pos = at + 1;
    this.line++;
  }

  /** The indentation of the current line (-1 at the end of the text). */
  private current(): number {
    return this.indent;
  }

  /** Skips blank and comment lines; returns (and sets `indent` to) the indentation of the line reached. */
  private nextContent(): number {
    const { text, length } = this;
    for (;;) {
      let i = this.pos;
      if (i >= length) return (this.indent = -1);
      while (text.charCodeAt(i) === SPACE) i++;
      const c = text.charCodeAt(i);
      if (c === LF) {
        this.nextLine(i);
        continue;
      }
      if (c === HASH) {
        const end = text.indexOf('\n', i);
        if (end === -1) {
          this.pos = length;
          return (this.indent = -1);
        }
        this.nextLine(end);
        continue;
      }
      if (i >= length) {
        this.pos = length;
        return (this.indent = -1);
      }
      return (this.indent = i - this.pos);
    }
  }

  /** A block mapping whose first key starts the current line at `indent`, built as `role` says. */
  private mapping(indent: number, role: number): Record<string, unknown> | Map<string, unknown> {
    const depth = ++this.depth;
    if (depth > MAX_DEPTH) throw GIVE_UP;
    const { text, sections } = this;
    const asMap = role === SECTION || role === MAPPED || (role !== SKIPPED && depth >= this.mapsFrom);
    const map = asMap ? new Map<string, unknown>() : undefined;
    const out: Record<string, unknown> | undefined = asMap ? undefined : {};
    const fields = role === ENTRY ? sections!.fields : depth === 2 ? this.fields : undefined;
    const starts = depth === 1 ? this.documentStarts : undefined;
    for (;;) {
      const keyLine = this.line;
      if (starts !== undefined) {
        starts.offsets.push(this.pos);
        starts.lines.push(keyLine);
      }
      let at = this.pos + indent;
      const c = text.charCodeAt(at);
      let key: string;
      if (c === DQUOTE || c === SQUOTE) {
        const close = c === DQUOTE ? this.doubleQuotedEnd(at) : this.singleQuotedEnd(at);
        key = this.quoted;
        at = close + 1;
        const next = text.charCodeAt(at + 1);
        if (text.charCodeAt(at) !== COLON || (next !== SPACE && next !== LF && next === next)) throw GIVE_UP;
      } else {
        if (c >= 128 ? false : NOT_PLAIN_START[c] === 1) throw GIVE_UP;
        // Every unindented line that is not blank, a comment or `---` reaches this point as a
        // top-level key, so refusing keys that open with `<` or `=` here (`>` and `|` never start one)
        // means the scanner never reads a line that opens with a git conflict marker.
        if (indent === 0 && (c === LESS || c === EQUALS)) throw GIVE_UP;
        const start = at;
        for (;;) {
          const d = text.charCodeAt(at);
          if (d === COLON) {
            const next = text.charCodeAt(at + 1);
            if (next === SPACE || next === LF || at + 1 === this.length) break;
          } else if (d === LF || d !== d) throw GIVE_UP;
          else if (d === HASH && text.charCodeAt(at - 1) === SPACE) throw GIVE_UP;
          at++;
        }
        if (text.charCodeAt(at - 1) === SPACE) throw GIVE_UP;
        key = knownKey(text, start, at) ?? text.slice(start, at);
        if (this.typed) {
          const resolved = resolvePlain(key);
          // A key that is not a string (`1.0`, `true`, `~`) is one js-yaml spells with String(), and
          // a timestamp or a merge key is better left to it.
          if (typeof resolved !== 'string') {
            if (typeof resolved === 'object' && resolved !== null) throw GIVE_UP;
            key = String(resolved);
          }
        }
      }
      if (key === '__proto__' || key === '<<') throw GIVE_UP;
      const inner =
        role === PLAIN
          ? depth === 1 && sections?.sections.has(key) === true
            ? SECTION
            : fields !== undefined && !fields.has(key)
              ? SKIPPED
              : PLAIN
          : role === SECTION
            ? ENTRY
            : role === ENTRY
              ? sections!.mapFields.has(key)
                ? MAPPED
                : fields!.has(key)
                  ? PLAIN
                  : SKIPPED
              : role === SKIPPED
                ? SKIPPED
                : PLAIN;
      // `at` is on the colon.
      at++;
      while (text.charCodeAt(at) === SPACE) at++;
      const v = text.charCodeAt(at);
      let value: unknown;
      if (v === LF || v !== v || v === HASH) {
        // Nothing after the colon (a comment at most): a nested block, or null.
        if (v === HASH && text.charCodeAt(at - 1) !== SPACE) throw GIVE_UP;
        const end = v === LF ? at : text.indexOf('\n', at);
        if (end === -1) {
          this.pos = this.length;
          this.indent = -1;
        } else {
          this.nextLine(end);
          this.nextContent();
        }
        const next = this.indent;
        if (next > indent) {
          value = this.isSequenceItem(next) ? this.sequence(next, inner) : this.mapping(next, inner);
          if (this.indent > indent) throw GIVE_UP;
        } else {
          if (next === indent && this.isSequenceItem(next)) throw GIVE_UP;
          value = null;
        }
      } else {
        value = this.inlineValue(at, inner);
        this.nextContent();
        if (this.indent > indent) throw GIVE_UP;
      }
      const { entries } = this;
      if (map !== undefined) {
        if (isArrayIndex(key)) throw GIVE_UP;
        map.set(key, value);
      } else if (indent === 0 && entries !== undefined) {
        const { topKeys } = this;
        if (topKeys.has(key) || isArrayIndex(key)) throw GIVE_UP;
        topKeys.add(key);
        entries.keys.push(key);
        entries.values.push(value);
        entries.lines.push(keyLine);
      } else if (role !== SKIPPED && (fields === undefined || fields.has(key))) out![key] = value;
      if (this.indent < indent) break;
      // Same indentation: the next key, unless it is a document marker or a sequence item.
      if (indent === 0 && text.startsWith('---', this.pos)) break;
    }
    this.depth--;
    return map ?? out!;
  }

  private isSequenceItem(indent: number): boolean {
    const at = this.pos + indent;
    if (this.text.charCodeAt(at) !== DASH) return false;
    const next = this.text.charCodeAt(at + 1);
    if (next === SPACE) return true;
    // `-` alone (a null item) or `--…`: not read here.
    if (next === LF || next !== next || indent > 0) throw GIVE_UP;
    return false;
  }

  /**
   * A block sequence of scalars (or one-line flow collections) whose first `- ` is at `indent`; its
   * items are left out when it is `SKIPPED`.
   */
  private sequence(indent: number, role: number): unknown[] {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
    const { text } = this;
    const out: unknown[] = [];
    for (;;) {
      let at = this.pos + indent + 2;
      while (text.charCodeAt(at) === SPACE) at++;
      const c = text.charCodeAt(at);
      if (c === LF || c !== c || c === HASH || c === DASH) throw GIVE_UP;
      const item = this.inlineValue(at, role === SKIPPED ? SKIPPED : PLAIN);
      if (role !== SKIPPED) out.push(item);
      this.nextContent();
      if (this.indent < indent) break;
      if (this.indent > indent || !this.isSequenceItem(indent)) throw GIVE_UP;
    }
    this.depth--;
    return out;
  }

  /**
   * The value that starts at `at` and ends its line (a trailing comment aside); moves to the next line.
   * A flow mapping is built as `role` says.
   */
  private inlineValue(at: number, role: number): unknown {
    const { text } = this;
    const c = text.charCodeAt(at);
    let value: unknown;
    let end: number;
    if (c === DQUOTE || c === SQUOTE) {
      end = (c === DQUOTE ? this.doubleQuotedEnd(at) : this.singleQuotedEnd(at)) + 1;
      value = this.quoted;
    } else if (c === LBRACE || c === LBRACKET) {
      if (++this.depth > MAX_DEPTH) throw GIVE_UP;
      end = c === LBRACE ? this.flowMapping(at, role) : this.flowSequence(at, role);
      value = this.flowValue;
      this.depth--;
    } else {
      if (c >= 128 ? false : NOT_PLAIN_START[c] === 1) throw GIVE_UP;
      let i = at;
      let last = at;
      for (;;) {
        const d = text.charCodeAt(i);
        if (d === LF || d !== d) break;
        if (d === COLON) {
          const next = text.charCodeAt(i + 1);
          if (next === SPACE || next === LF || i + 1 === this.length) throw GIVE_UP;
        } else if (d === HASH && text.charCodeAt(i - 1) === SPACE) break;
        if (d !== SPACE) last = i;
        i++;
      }
      if (role !== SKIPPED) {
        const plain = text.slice(at, last + 1);
        value = this.typed ? resolvePlain(plain) : plain;
      }
      if (text.charCodeAt(i) === HASH) i = text.indexOf('\n', i);
      if (i === -1 || i >= this.length) {
        this.pos = this.length;
        this.indent = -1;
      } else this.nextLine(i);
      return value;
    }
    // After a quoted scalar or a flow collection: spaces, then the end of the line or a comment.
    let i = end;
    while (text.charCodeAt(i) === SPACE) i++;
    const d = text.charCodeAt(i);
    if (d === HASH) {
      if (i === end) throw GIVE_UP;
      i = text.indexOf('\n', i);
    } else if (d !== LF && d === d) throw GIVE_UP;
    if (i === -1 || i >= this.length) {
      this.pos = this.length;
      this.indent = -1;
    } else this.nextLine(i);
    return value;
  }

  /** The decoded text of the last quoted scalar read. */
  private quoted = '';
  /** The value of the last flow collection read. */
  private flowValue: unknown = null;

  /** Reads the double-quoted scalar at `at` into `quoted`; returns the offset of its closing quote. */
  private doubleQuotedEnd(at: number): number {
    const { text } = this;
    let from = at + 1;
    let escaped = false;
    for (;;) {
      const close = text.indexOf('"', from);
      if (close === -1) throw GIVE_UP;
      let backslashes = 0;
      for (let k = close - 1; text.charCodeAt(k) === 92; k--) backslashes++;
      if (backslashes > 0) escaped = true;
      if (backslashes % 2 === 1) {
        from = close + 1;
        continue;
      }
      const inner = text.slice(at + 1, close);
      if (inner.indexOf('\n') !== -1) throw GIVE_UP;
      if (!escaped && inner.indexOf('\\') === -1) this.quoted = inner;
      else {
        // JSON's escapes mean the same in YAML; YAML's others (`\x`, `\e`, `\N`, `\ `…) are left to js-yaml.
        if (inner.replace(/\\["\\/bfnrtu]/g, '').includes('\\')) throw GIVE_UP;
        try {
          this.quoted = JSON.parse(`"${inner}"`) as string;
        } catch {
          throw GIVE_UP;
        }
      }
      return close;
    }
  }

  /** Reads the single-quoted scalar at `at` into `quoted`; returns the offset of its closing quote. */
  private singleQuotedEnd(at: number): number {
    const { text } = this;
    let from = at + 1;
    let doubled = false;
    for (;;) {
      const close = text.indexOf("'", from);
      if (close === -1) throw GIVE_UP;
      if (text.charCodeAt(close + 1) === SQUOTE) {
        doubled = true;
        from = close + 2;
        continue;
      }
      const inner = text.slice(at + 1, close);
      if (inner.indexOf('\n') !== -1) throw GIVE_UP;
      this.quoted = doubled ? inner.replaceAll("''", "'") : inner;
      return close;
    }
  }

  /** A scalar inside a flow collection, starting at `at`; sets `flowValue`, returns where it ends. */
  private flowScalar(at: number, isKey: boolean): number {
    const { text } = this;
    const c = text.charCodeAt(at);
    if (c === DQUOTE || c === SQUOTE) {
      const close = c === DQUOTE ? this.doubleQuotedEnd(at) : this.singleQuotedEnd(at);
      this.flowValue = this.quoted;
      return close + 1;
    }
    if (c >= 128 ? false : NOT_PLAIN_START[c] === 1) throw GIVE_UP;
    let i = at;
    for (;;) {
      const d = text.charCodeAt(i);
      if (d === COLON) {
        const next = text.charCodeAt(i + 1);
        if (next === SPACE) {
          if (isKey) break;
          throw GIVE_UP;
        }
        if (next === COMMA || next === LBRACKET || next === RBRACKET || next === LBRACE || next === RBRACE)
          throw GIVE_UP;
      } else if (d === COMMA || d === RBRACE || d === RBRACKET) {
        if (isKey) throw GIVE_UP;
        break;
      } else if (d === LF || d !== d || d === LBRACE || d === LBRACKET) throw GIVE_UP;
      else if (d === HASH && text.charCodeAt(i - 1) === SPACE) throw GIVE_UP;
      i++;
    }
    if (text.charCodeAt(i - 1) === SPACE) throw GIVE_UP;
    const plain = (isKey ? knownKey(text, at, i) : undefined) ?? text.slice(at, i);
    this.flowValue = this.typed ? resolvePlain(plain) : plain;
    return i;
  }

  /**
   * A one-line flow mapping `{k: v, …}` at `at`, built as `role` says; sets `flowValue`, returns the
   * offset after `}`.
   */
  private flowMapping(at: number, role: number): number {
    const { text } = this;
    const out: Record<string, unknown> = {};
    const map =
      role === SECTION || role === MAPPED || (role !== SKIPPED && this.depth >= this.mapsFrom)
        ? new Map<string, unknown>()
        : undefined;
    const fields = role === ENTRY ? this.sections!.fields : undefined;
    let i = at + 1;
    if (text.charCodeAt(i) === RBRACE) {
      this.flowValue = map ?? out;
      return i + 1;
    }
    for (;;) {
      i = this.flowScalar(i, true);
      const rawKey = this.flowValue;
      let key: string;
      if (typeof rawKey === 'string') key = rawKey;
      else if (typeof rawKey === 'object' && rawKey !== null) throw GIVE_UP;
      else key = String(rawKey);
      if (key === '__proto__' || key === '<<') throw GIVE_UP;
      if (text.charCodeAt(i) !== COLON || text.charCodeAt(i + 1) !== SPACE) throw GIVE_UP;
      i += 2;
      const c = text.charCodeAt(i);
      if (c === SPACE || c === COMMA || c === RBRACE) throw GIVE_UP;
      i = this.flowScalar(i, false);
      if (map === undefined) {
        if (role !== SKIPPED && (fields === undefined || fields.has(key))) out[key] = this.flowValue;
      } else if (isArrayIndex(key)) throw GIVE_UP;
      else map.set(key, this.flowValue);
      const d = text.charCodeAt(i);
      if (d === RBRACE) {
        this.flowValue = map ?? out;
        return i + 1;
      }
      if (d !== COMMA || text.charCodeAt(i + 1) !== SPACE) throw GIVE_UP;
      i += 2;
      const e = text.charCodeAt(i);
      if (e === SPACE || e === COMMA || e === RBRACE) throw GIVE_UP;
    }
  }

  /**
   * A one-line flow sequence `[a, b]` at `at` (its items left out when it is `SKIPPED`); sets
   * `flowValue`, returns the offset after `]`.
   */
  private flowSequence(at: number, role: number): number {
    const { text } = this;
    const out: unknown[] = [];
    let i = at + 1;
    if (text.charCodeAt(i) === RBRACKET) {
      this.flowValue = out;
      return i + 1;
    }
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === COMMA || c === RBRACKET) throw GIVE_UP;
      i = this.flowScalar(i, false);
      if (text.charCodeAt(i) === RBRACE) throw GIVE_UP;
      if (role !== SKIPPED) out.push(this.flowValue);
      const d = text.charCodeAt(i);
      if (d === RBRACKET) {
        this.flowValue = out;
        return i + 1;
      }
      if (d !== COMMA || text.charCodeAt(i + 1) !== SPACE) throw GIVE_UP;
      i += 2;
    }
  }
}
