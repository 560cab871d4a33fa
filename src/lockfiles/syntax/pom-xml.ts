import { LockfileError } from '../errors.js';

/** An element of a parsed POM: its name, the line its start tag is on, child elements and its text. */
export interface PomElement {
  name: string;
  line: number;
  children: PomElement[];
  /** The element's own character data (text and CDATA, entities decoded), untrimmed. */
  text: string;
  /** Its attributes (entities decoded), when it has any. */
  attributes?: Record<string, string>;
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

// XML names: a letter, '_' or ':' (or any non-ASCII character), then also digits, '-', '.'.
const NAME = /[A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;
const END_TAG_END = /\s*>/y;
const ENTITY = /&(#[0-9A-Za-z]*|[A-Za-z_:][\w.:-]*)?(;?)/g;

/**
 * A small, strict XML parser for POM files: elements, text, CDATA, comments, processing instructions,
 * a DOCTYPE (skipped; its entities are never expanded), the five predefined entities and character
 * references. One linear pass; the error names the line. Attributes are kept by name (a POM carries
 * its data in elements; Gradle's verification metadata in attributes). Not a general XML parser:
 * namespaces are kept as written.
 */
export function parsePomXml(file: string, text: string): PomElement {
  // Lines are counted forward only, so that the whole pass stays linear even on one long line.
  let line = 1;
  let linePos = 0;
  let nextNewline = text.indexOf('\n');
  const lineAt = (pos: number): number => {
    while (nextNewline !== -1 && nextNewline < pos) {
      line++;
      nextNewline = text.indexOf('\n', nextNewline + 1);
    }
    linePos = pos;
    return line;
  };
  const fail: (reason: string, pos: number) => never = (reason, pos) => {
    throw new LockfileError(file, reason, { line: lineAt(Math.max(pos, linePos)) });
  };
  const decode = (raw: string, pos: number): string =>
    raw.includes('&')
      ? raw.replace(ENTITY, (match, ref: string | undefined, semicolon: string, offset: number) => {
          if (ref === undefined || semicolon === '')
            fail(
              `a bare "&" in text (write &amp;): ${JSON.stringify(raw.slice(offset, offset + 20))}`,
              pos + offset,
            );
          const known = ref.startsWith('#')
            ? codePoint(ref)
            : Object.prototype.hasOwnProperty.call(PREDEFINED, ref)
              ? PREDEFINED[ref]
              : undefined;
          if (known === undefined) fail(`unknown entity ${match}`, pos + offset);
          return known;
        })
      : raw;

  const stack: PomElement[] = [];
  let root: PomElement | undefined;
  let pos = 0;
  const length = text.length;
  while (pos < length) {
    const lt = text.indexOf('<', pos);
    const end = lt === -1 ? length : lt;
    if (end > pos) {
      const raw = text.slice(pos, end);
      const top = stack[stack.length - 1];
      if (top !== undefined) top.text += decode(raw, pos);
      else if (raw.trim() !== '')
        fail(
          `${root === undefined ? 'not an XML document: text before the root element' : 'text after the root element'}: ${JSON.stringify(raw.trim().slice(0, 40))}`,
          pos + raw.search(/\S/),
        );
    }
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const close = text.indexOf('?>', lt + 2);
      if (close === -1) fail('unclosed processing instruction (<? without ?>)', lt);
      pos = close + 2;
    } else if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close === -1) fail('unclosed comment (<!-- without -->)', lt);
      pos = close + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      if (close === -1) fail('unclosed CDATA section', lt);
      const top = stack[stack.length - 1];
      if (top === undefined) fail('CDATA outside the root element', lt);
      top.text += text.slice(lt + 9, close);
      pos = close + 3;
    } else if (text.startsWith('<!DOCTYPE', lt)) {
      if (root !== undefined || stack.length > 0) fail('a DOCTYPE after the root element started', lt);
      const bracket = text.indexOf('[', lt);
      const gt = text.indexOf('>', lt);
      if (gt === -1) fail('unclosed DOCTYPE', lt);
      // An internal subset ([...]) may hold '>' characters of its own declarations.
      const subsetEnd = bracket !== -1 && bracket < gt ? text.indexOf(']', bracket) : -1;
      if (bracket !== -1 && bracket < gt && subsetEnd === -1) fail('unclosed DOCTYPE internal subset', lt);
      const close = subsetEnd === -1 ? gt : text.indexOf('>', subsetEnd);
      if (close === -1) fail('unclosed DOCTYPE', lt);
      pos = close + 1;
    } else if (next === 0x2f /* / */) {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(text)?.[0];
      if (name === undefined) fail('malformed end tag', lt);
      END_TAG_END.lastIndex = lt + 2 + name.length;
      if (END_TAG_END.exec(text) === null) fail(`malformed end tag </${name}`, lt);
      const open = stack.pop();
      if (open === undefined) fail(`</${name}> closes nothing`, lt);
      if (open.name !== name)
        fail(`</${name}> closes <${open.name}>, which was opened at line ${open.line}`, lt);
      pos = END_TAG_END.lastIndex;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      if (name === undefined)
        fail(`"<" that starts no tag: ${JSON.stringify(text.slice(lt, lt + 20))} (write &lt; in text)`, lt);
      let at = lt + 1 + name.length;
      let attributes: Record<string, string> | undefined;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(text);
        if (attribute === null) break;
        attributes ??= {};
        const raw = attribute[2] ?? attribute[3] ?? '';
        attributes[attribute[1]!] = decode(raw, at + attribute[0].length - raw.length - 1);
        at = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = at;
      const tagEnd = TAG_END.exec(text);
      if (tagEnd === null) fail(`malformed start tag <${name}>`, lt);
      if (root !== undefined && stack.length === 0) fail(`a second root element <${name}>`, lt);
      const element: PomElement = { name: name, line: lineAt(lt), children: [], text: '' };
      if (attributes !== undefined) element.attributes = attributes;
      const parent = stack[stack.length - 1];
      if (parent !== undefined) parent.children.push(element);
      else root = element;
      if (tagEnd[1] !== '/') stack.push(element);
      pos = TAG_END.lastIndex;
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed !== undefined)
    throw new LockfileError(file, `<${unclosed.name}> is never closed (the file ends first)`, {
      line: unclosed.line,
    });
  if (root === undefined) throw new LockfileError(file, 'no root element: not an XML document', { line: 1 });
  return root;
}

function codePoint(ref: string): string | undefined {
  const value = /^#x[0-9a-fA-F]+$/.test(ref)
    ? Number.parseInt(ref.slice(2), 16)
    : /^#[0-9]+$/.test(ref)
      ? Number.parseInt(ref.slice(1), 10)
      : Number.NaN;
  // Only characters XML allows: no NUL or other C0 controls besides tab, newline and carriage return.
  if (!(value === 9 || value === 10 || value === 13 || (value >= 0x20 && value <= 0x10ffff)))
    return undefined;
  if (value >= 0xd800 && value <= 0xdfff) return undefined;
  return String.fromCodePoint(value);
}

/** The first child element of that name, if any. */
export function pomChild(element: PomElement | undefined, name: string): PomElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** All child elements of that name. */
export function pomChildren(element: PomElement | undefined, name: string): PomElement[] {
  return element === undefined ? [] : element.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child element of that name, or undefined when there is none. */
export function pomText(element: PomElement | undefined, name: string): string | undefined {
  const found = pomChild(element, name);
  return found === undefined ? undefined : found.text.trim();
}
