import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import {
  type PomElement,
  parsePomXml,
  pomChild,
  pomChildren,
  pomText,
} from '../../src/lockfiles/syntax/pom-xml.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

function failure(xml: string): LockfileError {
  return lockfileErrorOf(() => parsePomXml('pom.xml', xml));
}

/** The element tree as `name@line[children]`, to compare structure and lines at a glance. */
const shape = (e: PomElement): string =>
  `${e.name}@${e.line}${e.children.length > 0 ? `[${e.children.map(shape).join(' ')}]` : ''}`;

describe('parsePomXml', () => {
  it('builds the element tree with the line of each start tag', () => {
    const root = parsePomXml(
      'pom.xml',
      '<?xml version="1.0"?>\n<project a="1" b=\'2\'>\n  <a>x</a><b\n   c="3"\n  />\n  <d>\n    <e/>\n  </d>\n</project>\n',
    );
    expect(shape(root)).toBe('project@2[a@3 b@3 d@6[e@7]]');
  });

  it.each([
    ['the five predefined entities', '<v>&lt;&gt;&amp;&quot;&apos;</v>', `<>&"'`],
    ['decimal and hexadecimal character references', '<v>&#49;&#x2E;&#x32;</v>', '1.2'],
    ['CDATA, kept as written', '<v><![CDATA[a & <b>]]></v>', 'a & <b>'],
    ['text around a comment', '<v>1.<!-- x -->0</v>', '1.0'],
    ['text around a processing instruction', '<v>1<?pi data?>.0</v>', '1.0'],
  ])('reads %s in text', (_case, xml, expected) => {
    expect(parsePomXml('pom.xml', xml).text).toBe(expected);
  });

  it('skips a DOCTYPE, with an internal subset, and never expands its entities', () => {
    const xml = '<!DOCTYPE project [\n  <!ENTITY boom "x">\n]>\n<project><v>&boom;</v></project>';
    expect(failure(xml)).toMatchObject({ line: 4, reason: 'unknown entity &boom;' });
    expect(shape(parsePomXml('pom.xml', '<!DOCTYPE project>\n<project/>'))).toBe('project@2');
  });

  it.each([
    [
      'mismatched tags',
      '<project>\n<a>\n</b>\n</project>',
      3,
      /<\/b> closes <a>, which was opened at line 2/,
    ],
    ['an end tag with nothing open', '</project>', 1, /closes nothing/],
    ['a file that ends inside an element', '<project>\n  <a>\n    <b>', 3, /<b> is never closed/],
    ['an unclosed comment', '<project>\n<!-- x\n</project>', 2, /unclosed comment/],
    ['an unclosed CDATA section', '<project><![CDATA[ x </project>', 1, /unclosed CDATA/],
    ['an unclosed processing instruction', '<?xml version="1.0"\n<project/>', 1, /unclosed processing/],
    ['an unclosed DOCTYPE subset', '<!DOCTYPE p [ <!ENTITY a "b">\n<p/>', 1, /unclosed DOCTYPE/],
    ['a bare ampersand', '<project>\n<v>a & b</v></project>', 2, /bare "&"/],
    ['a control character reference', '<v>&#0;</v>', 1, /unknown entity &#0;/],
    [
      'an upper-case X in a character reference (XML is case-sensitive)',
      '<v>&#X32;</v>',
      1,
      /unknown entity &#X32;/,
    ],
    ['a surrogate character reference', '<v>&#xD800;</v>', 1, /unknown entity/],
    ['a "<" that starts no tag', '<project>\n<1a/></project>', 2, /"<" that starts no tag/],
    ['an unquoted attribute', '<project a=1/>', 1, /malformed start tag <project>/],
    ['an attribute value with "<"', '<project a="<"/>', 1, /malformed start tag/],
    ['text before the root', 'hello <project/>', 1, /not an XML document: text before the root element/],
    ['text after the root', '<project/>\n\ntrailing', 3, /text after the root element/],
    ['a second root', '<a/>\n<b/>', 2, /a second root element <b>/],
    ['CDATA outside the root', '<![CDATA[x]]><project/>', 1, /CDATA outside the root/],
    ['a DOCTYPE inside the root', '<project><!DOCTYPE x></project>', 1, /DOCTYPE after the root/],
    ['no element at all', '<!-- only a comment -->\n', 1, /no root element/],
    ['an empty file', '', 1, /no root element/],
  ])('refuses %s, at its line', (_case, xml, line, reason) => {
    const error = failure(xml);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it('keeps attributes by name, in either quotes, entities decoded, only on elements that have them', () => {
    const root = parsePomXml(
      'x.xml',
      `<a>\n  <c group='g&amp;h' name="n" version = "1&#46;0"/>\n  <d/>\n</a>`,
    );
    expect(root.attributes).toBeUndefined();
    expect(root.children[0]).toMatchObject({
      name: 'c',
      line: 2,
      attributes: { group: 'g&h', name: 'n', version: '1.0' },
    });
    expect(root.children[1]?.attributes).toBeUndefined();
    expect(lockfileErrorOf(() => parsePomXml('x.xml', '<a>\n<c v="a & b"/></a>')).line).toBe(2);
  });

  it('finds children and trimmed text by name', () => {
    const root = parsePomXml('pom.xml', '<p><d><g> x </g></d><d><g>y</g></d><e/></p>');
    expect(pomChildren(root, 'd')).toHaveLength(2);
    expect(pomText(pomChild(root, 'd'), 'g')).toBe('x');
    expect(pomText(root, 'e')).toBe('');
    expect(pomText(root, 'missing')).toBeUndefined();
    expect(pomChildren(undefined, 'd')).toEqual([]);
  });

  it('counts lines on one long line and across many lines alike', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `<d><v>${i}</v></d>`);
    expect(parsePomXml('pom.xml', `<p>${many.join('')}</p>`).children.at(-1)?.line).toBe(1);
    expect(parsePomXml('pom.xml', `<p>\n${many.join('\n')}\n</p>`).children.at(-1)?.line).toBe(2001);
  });

  it('gives a tree or a LockfileError for any text, never another exception', () => {
    const pieces = [
      '<',
      '>',
      '/',
      '<a>',
      '</a>',
      '<b/>',
      '&amp;',
      '&',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?',
      '?>',
      '"',
      "'",
      '=',
      ' x="1"',
      '\n',
      'text',
      '<!DOCTYPE',
      '[',
      ']',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        try {
          parsePomXml('pom.xml', parts.join(''));
        } catch (error) {
          if (!isLockfileError(error)) throw error;
          expect(error.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
