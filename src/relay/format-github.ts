import type { Notification } from '../core/index.js';
import { breakAutolinks } from '../domain/index.js';
import { SEAL_LABEL } from './marker-seal.js';
import { cutText, safeLink } from './safe-link.js';

/** GitHub's limit on a comment body. */
export const GITHUB_COMMENT_MAX = 65_536;
/** Most notifications one digest comment lists. */
export const GITHUB_DIGEST_MAX = 50;

/** The hidden marker each relayed comment carries: how a retry finds a comment that did arrive. */
export const MARKER_PREFIX = '<!-- depgate-relay:';

/**
 * Platform text made inert in GitHub Markdown: HTML characters become entities, mentions, references
 * and bare links are broken as the gate's own comment breaks them (a word joiner after `@` and `#`:
 * GitHub decodes an entity such as `&#64;` before it looks for mentions, so an entity pings), Markdown
 * punctuation is escaped, and a line cannot start a heading, list, quote or code block.
 */
export function escapeGitHub(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      breakAutolinks(line.trim())
        .replace(/[&<>@#\\`*_{}[\]()!|~:+=-]/g, (c) => ENTITIES[c] ?? `\\${c}`)
        .replace(/^(\d+)\./, '$1\\.'),
    )
    .join('\n');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** An id as the marker may carry it: nothing that could end the HTML comment. */
const markerId = (id: string) => id.replace(/[^A-Za-z0-9_.:-]/g, '_');

/**
 * The marker: the ids, then the seal of the thread and the ids (marker-seal.ts) when one is given.
 */
export function commentMarker(ids: readonly string[], seal?: (ids: readonly string[]) => string): string {
  const listed = ids.map(markerId);
  return `${MARKER_PREFIX} ${listed.join(' ')}${seal ? ` ${SEAL_LABEL}${seal(listed)}` : ''} -->`;
}

/** The ids and the seal of a comment's marker (at the start of the body, where the relay writes it). */
export function readMarker(body: string): { ids: string[]; seal: string | undefined } | undefined {
  if (!body.startsWith(MARKER_PREFIX)) return undefined;
  const end = body.indexOf('-->');
  if (end === -1) return undefined;
  const words = body.slice(MARKER_PREFIX.length, end).trim().split(/\s+/);
  const last = words.at(-1);
  const seal = last?.startsWith(SEAL_LABEL) ? last.slice(SEAL_LABEL.length) : undefined;
  return { ids: seal === undefined ? words : words.slice(0, -1), seal };
}

/**
 * Whether a comment body carries the marker of notification `id`; with `verify`, only under a seal it
 * accepts (a marker anyone else wrote does not count).
 */
export function markerHas(
  body: string,
  id: string,
  verify?: (ids: readonly string[], seal: string) => boolean,
): boolean {
  const marker = readMarker(body);
  if (marker === undefined || !marker.ids.includes(markerId(id))) return false;
  return verify === undefined || (marker.seal !== undefined && verify(marker.ids, marker.seal));
}

const cut = cutText;

/**
 * The link as Markdown: parsed as a URL (https, no whitespace or control character, at most 2,000
 * characters), so nothing in it can leave the link's parentheses; none otherwise.
 */
function linkLine(n: Notification): string | undefined {
  const href = safeLink(n.link, 2000);
  if (href === undefined) return undefined;
  const url = href.replace(/[()<>]/g, (c) => encodeURIComponent(c));
  return `[${escapeGitHub(cut(n.linkText === '' ? 'Open' : n.linkText, 100))}](${url})`;
}

function section(n: Notification, descriptionMax: number, heading: string): string {
  const severity = n.severity.replace(/^SEVERITY_/i, '').toLowerCase();
  const link = linkLine(n);
  return [
    `${heading} \\[${escapeGitHub(severity)}\\] ${escapeGitHub(cut(n.title.replace(/\s+/g, ' '), 300))}`,
    ...(n.description === '' ? [] : ['', escapeGitHub(cut(n.description, descriptionMax))]),
    ...(link === undefined ? [] : ['', link]),
    '',
    `<sub>${escapeGitHub(n.createdAt)}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform</sub>`,
  ].join('\n');
}

/** The comment for one notification, or a digest of several, under GitHub's 65,536-character limit. */
export function githubComment(
  ns: readonly Notification[],
  seal?: (ids: readonly string[]) => string,
): string {
  const marker = commentMarker(
    ns.map((n) => n.id),
    seal,
  );
  const body =
    ns.length === 1
      ? section(ns[0]!, 20_000, '####')
      : [
          `#### ${ns.length} platform notifications`,
          ...ns.map((n) => section(n, Math.floor(40_000 / ns.length), '#####')),
        ].join('\n\n');
  return `${marker}\n${cut(body, GITHUB_COMMENT_MAX - marker.length - 1)}`;
}
