import type { Notification } from '../core/index.js';

/** Slack's own escaping: `&`, `<` and `>`, so platform text can never become a mention or a link. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The Block Kit message for one notification, within Slack's limits, with a plain-text fallback. */
export function slackMessage(n: Notification): { text: string; blocks: unknown[] } {
  const severity = n.severity.replace(/^SEVERITY_/i, '').toLowerCase();
  const title = `[${severity}] ${n.title}`;
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
