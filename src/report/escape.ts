// How text a pull request controls (names, versions, paths, licenses, chains, notes quoting a lockfile)
// is made inert in each renderer. Every renderer goes through these functions: nothing a lockfile
// says reaches a comment, a summary or a terminal as markup, a mention, a reference or a control code.
import { breakAutolinks } from '../domain/index.js';

/**
 * Characters that move the cursor, end a line, or reorder what is shown (C0 and C1 controls, DEL, the
 * line and paragraph separators, the bidirectional overrides and isolates of "Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text on one line, every control, line break and bidirectional override shown as its escape
 * (`\n`, `\u{1B}`, `\u{202E}`): what the terminal shows is what the lockfile says, and a value can
 * neither forge a line of the report nor recolour or clear the screen.
 */
export function printable(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (c) => NAMED[c] ?? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(2, '0')}}`,
  );
}

/**
 * Prose made inert in Markdown and HTML, on one line: table pipes, tags, entities, emphasis, code and
 * links are escaped; mentions (`@octocat`, `@acme/team`, emails), references (`#1`, `GH-1`,
 * `owner/repo#1`) and bare links (`https://`, `www.`) are broken by a word joiner, which is invisible.
 * GitHub finds mentions and references in the rendered text after Markdown, so a backslash cannot stop
 * them: only a character between `@` and the name, or a code span (see `codeSpan`), does.
 */
export function escapeMarkdown(text: string): string {
  return breakAutolinks(
    printable(text.replace(/\r\n?|\n/g, ' ')).replace(/[\\`*_[\]<>|~&]/g, (c) =>
      c === '&' ? '&amp;' : `\\${c}`,
    ),
  );
}

/**
 * A value (a package name, a version, a path) as a Markdown code span: shown as written, and inside it
 * GitHub links, mentions and references nothing and reads no HTML. The fence is one backtick longer
 * than the longest run in the value; line breaks and controls are shown as escapes (a code span may
 * span lines, and a new line in a table cell ends the row). In a table (`table: true`) pipes are
 * escaped as GFM asks, so that the cell does not split; a backslash right before a pipe then shows
 * doubled (no real package name has one).
 */
export function codeSpan(value: string, options: { table?: boolean } = {}): string {
  if (value === '') return '_(empty)_';
  let text = printable(value);
  if (options.table === true) text = text.replace(/\|/g, '\\|');
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  // A space on each side is stripped by the reader: it lets a value start or end with a backtick or a space.
  const pad = /^[`\s]|[`\s]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Text as a fenced code block: its lines kept, each made printable, fenced by one backtick more than
 * the longest run in it (at least three), so that nothing inside can close the block early.
 */
export function codeBlock(text: string): string {
  const lines = text.split(/\r\n?|\n/).map(printable);
  let longest = 2;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${lines.join('\n')}\n${fence}`;
}

/** A URL safe to link as written: https, a host, and no character that could end or break a link. */
const LINKABLE = /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9/._~%!$&'*+,;=:@?#-]*)?$/;

/**
 * A Markdown link whose text and target come from outside (an advisory id and its URL): the text as a
 * code span, the target only when it is a plain https URL (no spaces, brackets, quotes or parentheses
 * that could end the link or open HTML); otherwise the text alone, unlinked.
 */
export function markdownLink(text: string, url: string): string {
  const shown = codeSpan(text, { table: true });
  return LINKABLE.test(url) ? `[${shown}](${url})` : shown;
}
