/** Zero-width, unbreakable: put after `@` or `#` it stops GitHub seeing a mention or a reference. */
const WORD_JOINER = '\u2060';

/**
 * Mentions (`@octocat`, `@acme/team`), references (`#1`, `GH-1`, `owner/repo#1`) and bare links
 * (`https://`, `www.`) broken by a word joiner, which is invisible. GitHub finds them in the rendered
 * text, after Markdown and after entities are decoded, so neither a backslash nor `&#64;` stops them:
 * only a character between `@` and the name does (or a code span). Shared by the gate's report and the
 * relay's comments; other Markdown is left to the caller.
 */
export function breakAutolinks(text: string): string {
  return text
    .replace(/[@#]/g, `$&${WORD_JOINER}`)
    .replace(/\b(gh)-/gi, `$1${WORD_JOINER}-`)
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/\b(www)\./gi, `$1${WORD_JOINER}.`);
}
