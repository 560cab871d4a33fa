import type { Notification } from '../core/index.js';
import { cutText, safeLink } from './safe-link.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Slack's own escaping: `&`, `<` and `>`, so platform text can never become a mention or a link. */
export function escapeSlack(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

/**
 * `text` escaped and cut to at most `max` characters once escaped: the cut falls between whole code
 * points of the text, before escaping, so it never leaves half an entity (`&am`) or half a surrogate pair.
 */
export function fitSlack(text: string, max: number): string {
  const escaped = escapeSlack(text);
  if (escaped.length <= max) return escaped;
  let out = '';
  for (const ch of text) {
    const e = ESCAPES[ch] ?? ch;
    if (out.length + e.length > max - 1) break;
    out += e;
  }
  return `${out}…`;
}

const cut = cutText;

/**
 * A mrkdwn text object that Slack shows as written: without `verbatim`, Slack turns `#channel`, `@user`
 * and bare URLs in the forwarded text into live links and mentions
 * (https://api.slack.com/reference/block-kit/composition-objects#text).
 */
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text, verbatim: true });

/**
 * A link in mrkdwn (`<url|text>`): the link parsed as a URL (https, no whitespace or control character),
 * and nothing in it can end the link early; none when it is not such a link or longer than `max`.
 */
function mrkdwnLink(url: string, text: string, max: number): string | undefined {
  const href = safeLink(url, max);
  if (href === undefined) return undefined;
  const safe = href.replace(/[|<>]/g, (c) => encodeURIComponent(c));
  return `<${safe}|${fitSlack(cut(text === '' ? 'Open' : text, 75), 300).replace(/\|/g, '¦')}>`;
}

const severityOf = (n: Notification) => n.severity.replace(/^SEVERITY_/i, '').toLowerCase();

/** Most notifications one digest lists: a header and a context around one section each, within 50 blocks. */
export const SLACK_DIGEST_MAX = 45;

/**
 * One Block Kit message listing several notifications (digest mode): a header with the count, a
 * section per notification (severity, title, the start of the description, its link), a context line.
 */
export function slackDigest(ns: readonly Notification[]): { text: string; blocks: unknown[] } {
  if (ns.length === 1) return slackMessage(ns[0]!);
  const header = `${ns.length} platform notifications`;
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: header, emoji: false } }];
  for (const n of ns.slice(0, SLACK_DIGEST_MAX)) {
    // Each part has its own budget, so the section stays under Slack's 3,000 characters uncut.
    const link = mrkdwnLink(n.link, n.linkText, 1200);
    const lines = [
      `*[${fitSlack(severityOf(n), 50)}] ${fitSlack(cut(n.title, 300), 600)}*`,
      ...(n.description === '' ? [] : [fitSlack(cut(n.description.replace(/\s+/g, ' '), 600), 1000)]),
      ...(link === undefined ? [] : [link]),
    ];
    blocks.push({ type: 'section', text: mrkdwn(lines.join('\n')) });
  }
  blocks.push({
    type: 'context',
    elements: [
      mrkdwn(fitSlack(`${ns[0]!.createdAt} … ${ns.at(-1)!.createdAt} · Semgrep AppSec Platform`, 3000)),
    ],
  });
  const text = `${header}: ${ns.map((n) => `[${severityOf(n)}] ${n.title}`).join('; ')}`;
  return { text: fitSlack(text, 3000), blocks };
}

/** The Block Kit message for one notification, within Slack's limits, with a plain-text fallback. */
export function slackMessage(n: Notification): { text: string; blocks: unknown[] } {
  const title = `[${severityOf(n)}] ${n.title}`;
  const blocks: unknown[] = [
    // Header text is plain_text: Slack shows it as written, so no escaping, only the 150-character limit.
    { type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } },
  ];
  if (n.description !== '') blocks.push({ type: 'section', text: mrkdwn(fitSlack(n.description, 3000)) });
  // A button's URL is at most 3,000 characters: a longer link is left out, never cut into a broken one.
  const href = safeLink(n.link, 3000);
  if (href !== undefined)
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: cut(n.linkText === '' ? 'Open' : n.linkText, 75) },
          url: href,
        },
      ],
    });
  blocks.push({
    type: 'context',
    elements: [
      mrkdwn(
        fitSlack(`${n.createdAt}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform`, 3000),
      ),
    ],
  });
  return { text: fitSlack(title, 3000), blocks };
}
