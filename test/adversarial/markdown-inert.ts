import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/** Markdown as GitHub reads it (GFM: tables, autolinks, tag filter), as HTML. */
export const renderGfm = (markdown: string): string =>
  micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x?[0-9a-f]+;/gi, (e) =>
      String.fromCodePoint(
        e[2] === 'x' || e[2] === 'X' ? parseInt(e.slice(3, -1), 16) : parseInt(e.slice(2, -1), 10),
      ),
    )
    .replace(/&amp;/g, '&');

/** The text of code spans and blocks, where GitHub finds no mention, reference or link. */
export function codeTexts(html: string): string[] {
  return [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => decode(m[1]!));
}

/**
 * What GitHub would turn into a ping, a reference or a link in the rendered text outside code: the
 * patterns of its mention and reference filters, which run on text nodes after Markdown, and the links
 * and elements Markdown itself made.
 */
export function liveMarkup(html: string, allowedLinks: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(a|img|script|iframe|b|strong|em|h\d|table)\b[^>]*>/gi)) {
    if (m[1]!.toLowerCase() === 'a' && allowedLinks.some((l) => m[0].includes(`href="${l}"`))) continue;
    if (/^<(strong|h\d|table)>$/i.test(m[0])) continue; // the report's own bold, headings and tables
    found.push(m[0]);
  }
  const outside = decode(html.replace(/<code>[\s\S]*?<\/code>/g, ' '));
  for (const pattern of [
    /(?:^|[^\w`])@[a-z0-9][\w-]*(?:\/[\w-]+)?/gi, // @user, @org/team
    /(?:^|[^\w&])#\d+/g, // #1, owner/repo#1
    /\bGH-\d+/gi,
    /https?:\/\/\S+/gi,
    /\bwww\.\S+/gi,
  ])
    for (const hit of outside.matchAll(pattern)) found.push(hit[0].trim());
  return found;
}
