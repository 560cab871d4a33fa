import type { Notification } from '../core/index.js';

/** Slack's own escaping: `&`, `<` and `>`, so platform text can never become a mention or a link. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A link in mrkdwn (`<url|text>`): https only, and nothing in the URL can end the link early. */
function mrkdwnLink(url: string, text: string): string | undefined {
  if (!/^https:\/\//.test(url)) return undefined;
  const safe = url.slice(0, 2000).replace(/[|<> ]/g, (c) => encodeURIComponent(c));
  return `<${safe}|${escapeSlack(cut(text === '' ? 'Open' : text, 75)).replace(/\|/g, '¦')}>`;
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
    const link = mrkdwnLink(n.link, n.linkText);
    const lines = [
      `*[${escapeSlack(severityOf(n))}] ${escapeSlack(cut(n.title, 300))}*`,
      ...(n.description === '' ? [] : [escapeSlack(cut(n.description.replace(/\s+/g, ' '), 600))]),
      ...(link === undefined ? [] : [link]),
    ];
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(lines.join('\n'), 3000) } });
  }
  blocks.push({
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: escapeSlack(`${ns[0]!.createdAt} … ${ns.at(-1)!.createdAt} · Semgrep AppSec Platform`),
      },
    ],
  });
  const text = `${header}: ${ns.map((n) => `[${severityOf(n)}] ${n.title}`).join('; ')}`;
  return { text: cut(escapeSlack(text), 3000), blocks };
}

/** The Block Kit message for one notification, within Slack's limits, with a plain-text fallback. */
export function slackMessage(n: Notification): { text: string; blocks: unknown[] } {
  const title = `[${severityOf(n)}] ${n.title}`;
  const blocks: unknown[] = [
    // Header text is plain_text: Slack shows it as written, so no escaping, only the 150-character limit.
    { type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } },
  ];
  if (n.description !== '')
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(escapeSlack(n.description), 3000) } });
  if (/^https:\/\//.test(n.link))
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: cut(n.linkText === '' ? 'Open' : n.linkText, 75) },
          url: n.link.slice(0, 3000),
        },
      ],
    });
  blocks.push({
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: escapeSlack(`${n.createdAt}${n.adminOnly ? ' · admins only' : ''} · Semgrep AppSec Platform`),
      },
    ],
  });
  return { text: cut(escapeSlack(title), 3000), blocks };
}
