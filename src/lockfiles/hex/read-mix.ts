import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

/**
 * mix.lock: the Elixir map `%{"key": {:hex, :name, "version", ...}, "key": {:git, "url", "ref", [...]}}`,
 * one entry per dependency in file order, at the line of its key.
 *
 * `:hex` entries are `registry` (hex.pm, a hex.pm organization or a self-hosted hex repository): the
 * name is the package's real name (the second element), and the map key, when it differs (a dependency
 * declared with `hex: :real_name`), is the `alias`. `:git` entries are `git`, named by their key, with
 * `resolved` = `url#commit` and version '' (mix.lock records no version for them). Entries of any other
 * kind are skipped with a warning. mix.lock does not say which dependencies are direct or dev-only.
 *
 * The text is read with a tokenizer for the subset of Elixir terms mix writes: maps, tuples, lists,
 * keyword lists, atoms, strings, charlists, numbers, `true`/`false`/`nil` and `#` comments. Format:
 * `mix-lock`.
 */
export function readMixLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const result: LockfileResult = { ecosystem: 'hex', format: 'mix-lock', packages: [], warnings: [] };
  const parser = new MixTermParser(path, text);
  parser.skipSpace();
  if (parser.atEnd()) return result;
  const top = parser.parseValue(0);
  parser.skipSpace();
  if (!parser.atEnd()) parser.fail('unexpected text after the lock map');
  if (top.t !== 'map')
    throw new LockfileError(path, 'expected a map %{...}: not a mix.lock', { line: top.line });
  for (const entry of top.entries) {
    const pkg = readEntry(path, entry, result.warnings);
    if (pkg !== undefined) result.packages.push(pkg);
  }
  return result;
}

function readEntry(path: string, entry: MapEntry, warnings: LockfileWarning[]): LockfilePackage | undefined {
  const { key, value, line } = entry;
  if ((key.t !== 'str' && key.t !== 'atom') || key.v === '')
    throw new LockfileError(path, 'a lock entry key must be a dependency name', { line });
  const depName = key.v;
  if (value.t !== 'tuple' || value.items[0]?.t !== 'atom')
    throw new LockfileError(path, `${depName}: expected a tuple such as {:hex, ...} or {:git, ...}`, {
      line,
    });
  const items = value.items;
  const kind = (items[0] as Atom).v;
  if (kind === 'hex') {
    const name = items[1];
    const version = items[2];
    if (name?.t !== 'atom' || name.v === '')
      throw new LockfileError(path, `${depName}: a :hex entry needs the package name as its second element`, {
        line,
      });
    if (version?.t !== 'str' || version.v === '')
      throw new LockfileError(path, `${depName}: a :hex entry needs the version as its third element`, {
        line,
      });
    const pkg: LockfilePackage = {
      ecosystem: 'hex',
      name: name.v,
      version: version.v,
      line,
      source: 'registry',
    };
    if (name.v !== depName) pkg.alias = depName;
    return pkg;
  }
  if (kind === 'git') {
    const url = items[1];
    const ref = items[2];
    if (url?.t !== 'str' || url.v === '')
      throw new LockfileError(
        path,
        `${depName}: a :git entry needs the repository URL as its second element`,
        {
          line,
        },
      );
    if (ref?.t !== 'str' || ref.v === '')
      throw new LockfileError(path, `${depName}: a :git entry needs the commit as its third element`, {
        line,
      });
    return {
      ecosystem: 'hex',
      name: depName,
      version: '',
      line,
      source: 'git',
      resolved: `${url.v}#${ref.v}`,
    };
  }
  warnings.push({ message: `${depName}: unknown dependency kind :${kind}; skipped`, line });
  return undefined;
}

interface Atom {
  t: 'atom';
  v: string;
  line: number;
}
interface MapEntry {
  key: Term;
  value: Term;
  line: number;
}
type Term =
  | Atom
  | { t: 'str'; v: string; line: number }
  | { t: 'num'; v: string; line: number }
  | { t: 'tuple'; items: Term[]; line: number }
  | { t: 'list'; items: Term[]; line: number }
  | { t: 'map'; entries: MapEntry[]; line: number };

/** Nesting deeper than any mix.lock needs is refused, so hostile input cannot exhaust the stack. */
const MAX_DEPTH = 64;

const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdentChar = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57) || c === 64;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** A recursive-descent reader of the Elixir terms mix.lock holds, with the line of every term. */
class MixTermParser {
  private pos = 0;
  private line = 1;

  constructor(
    private readonly path: string,
    private readonly text: string,
  ) {}

  fail(reason: string, line = this.line): never {
    throw new LockfileError(this.path, reason, { line });
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** Skips whitespace and `#` comments, counting lines. */
  skipSpace(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 10) {
        this.line++;
        this.pos++;
      } else if (isSpace(c)) {
        this.pos++;
      } else if (c === 35) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end === -1 ? text.length : end;
      } else {
        return;
      }
    }
  }

  private peek(offset = 0): number {
    return this.text.charCodeAt(this.pos + offset);
  }

  /** What stands at the current position, for error messages: a word, a quoted start or one character. */
  private describe(): string {
    if (this.atEnd()) return 'the end of the file (truncated?)';
    const rest = this.text.slice(this.pos, this.pos + 24);
    const word = /^(?:[A-Za-z_][\w@]*|"[^"\n]{0,20}"?)/.exec(rest)?.[0];
    return JSON.stringify(word ?? rest[0]);
  }

  /** Fails when the text ends inside a container opened at `line`. */
  private failIfEnded(what: string, close: string, line: number): void {
    if (this.atEnd()) this.fail(`unterminated ${what}: the file ends before the "${close}" of line ${line}`);
  }

  parseValue(depth: number): Term {
    if (depth > MAX_DEPTH) this.fail(`terms nested deeper than ${MAX_DEPTH}`);
    this.skipSpace();
    const line = this.line;
    const c = this.peek();
    if (c === 37 && this.peek(1) === 123) {
      this.pos += 2;
      return { t: 'map', entries: this.parseMapEntries(depth), line };
    }
    if (c === 123) {
      this.pos++;
      return { t: 'tuple', items: this.parseItems(125, depth), line };
    }
    if (c === 91) {
      this.pos++;
      return { t: 'list', items: this.parseItems(93, depth), line };
    }
    if (c === 34 || c === 39) return { t: 'str', v: this.parseString(c), line };
    if (c === 58) {
      this.pos++;
      if (this.peek() === 34) return { t: 'atom', v: this.parseString(34), line };
      const name = this.parseIdent();
      if (name === undefined) this.fail(`expected an atom name after ":", found ${this.describe()}`);
      return { t: 'atom', v: name, line };
    }
    if ((c >= 48 && c <= 57) || (c === 45 && this.peek(1) >= 48 && this.peek(1) <= 57)) {
      const number =
        /^-?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 64))?.[0] ??
        '';
      this.pos += number.length;
      return { t: 'num', v: number, line };
    }
    const word = this.parseIdent();
    if (word === 'true' || word === 'false' || word === 'nil') return { t: 'atom', v: word, line };
    this.fail(
      `unexpected ${word === undefined ? this.describe() : JSON.stringify(word)} where a value was expected`,
      line,
    );
  }

  /** Items up to `close`, commas between, a trailing comma allowed; `key: value` items become pairs. */
  private parseItems(close: number, depth: number): Term[] {
    const items: Term[] = [];
    const open = this.line;
    for (;;) {
      this.skipSpace();
      this.failIfEnded(close === 125 ? 'tuple' : 'list', String.fromCharCode(close), open);
      if (this.peek() === close) {
        this.pos++;
        return items;
      }
      const line = this.line;
      const key = this.tryKeywordKey();
      if (key !== undefined) {
        // A keyword pair [ref: "x"] is the tuple {:ref, "x"} in Elixir.
        items.push({ t: 'tuple', items: [{ t: 'atom', v: key, line }, this.parseValue(depth + 1)], line });
      } else {
        items.push(this.parseValue(depth + 1));
      }
      this.skipSpace();
      this.failIfEnded(close === 125 ? 'tuple' : 'list', String.fromCharCode(close), open);
      const c = this.peek();
      if (c === 44) this.pos++;
      else if (c !== close)
        this.fail(`expected "," or "${String.fromCharCode(close)}", found ${this.describe()}`);
    }
  }

  private parseMapEntries(depth: number): MapEntry[] {
    const entries: MapEntry[] = [];
    const open = this.line;
    for (;;) {
      this.skipSpace();
      this.failIfEnded('map', '}', open);
      if (this.peek() === 125) {
        this.pos++;
        return entries;
      }
      const line = this.line;
      const keyword = this.tryKeywordKey();
      let key: Term;
      if (keyword !== undefined) {
        key = { t: 'atom', v: keyword, line };
      } else {
        key = this.parseValue(depth + 1);
        this.skipSpace();
        if (this.peek() !== 61 || this.peek(1) !== 62)
          this.fail(`expected "=>" or "key:" in a map, found ${this.describe()}`);
        this.pos += 2;
      }
      entries.push({ key, value: this.parseValue(depth + 1), line });
      this.skipSpace();
      this.failIfEnded('map', '}', open);
      const c = this.peek();
      if (c === 44) this.pos++;
      else if (c !== 125) this.fail(`expected "," or "}" in a map, found ${this.describe()}`);
    }
  }

  /** `name: ` or `"name": ` (a keyword key, an atom in Elixir); leaves the position unchanged otherwise. */
  private tryKeywordKey(): string | undefined {
    const start = this.pos;
    const startLine = this.line;
    let key: string | undefined;
    const c = this.peek();
    if (c === 34) key = this.parseString(34);
    else if (isIdentStart(c)) key = this.parseIdent();
    if (
      key !== undefined &&
      this.peek() === 58 &&
      (isSpace(this.peek(1)) || this.pos + 1 >= this.text.length)
    ) {
      this.pos++;
      return key;
    }
    this.pos = start;
    this.line = startLine;
    return undefined;
  }

  private parseIdent(): string | undefined {
    const start = this.pos;
    if (!isIdentStart(this.peek())) return undefined;
    while (isIdentChar(this.peek())) this.pos++;
    // Atoms may end in ? or !, and module-style atoms hold dots (:Elixir.Foo).
    while (this.peek() === 46 && isIdentStart(this.peek(1))) {
      this.pos++;
      while (isIdentChar(this.peek())) this.pos++;
    }
    if (this.peek() === 63 || this.peek() === 33) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A "string" or 'charlist' with backslash escapes; strings may span lines. */
  private parseString(quote: number): string {
    const text = this.text;
    const startLine = this.line;
    let out = '';
    let i = this.pos + 1;
    let chunk = i;
    for (;;) {
      if (i >= text.length) this.fail('unterminated string', startLine);
      const c = text.charCodeAt(i);
      if (c === quote) break;
      if (c === 10) this.line++;
      if (c === 92) {
        out += text.slice(chunk, i);
        const next = text[i + 1];
        if (next === undefined) this.fail('unterminated string', startLine);
        if (next === '\n') this.line++;
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
        i += 2;
        chunk = i;
        continue;
      }
      i++;
    }
    out += text.slice(chunk, i);
    this.pos = i + 1;
    return out;
  }
}
