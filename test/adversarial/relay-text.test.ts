// Platform text that means to ping people, link issues or pick another repository, forwarded by
// `depgate relay --once` (the built CLI) to a GitHub pull request and to Slack on loopback. A GitHub
// comment shows it literally by the project's own live-markup check (an entity such as `&#64;` is
// decoded before GitHub looks for mentions, so it still pings); every Slack mrkdwn text is verbatim,
// so Slack links no channel or user in it; and a link whose path the URL parser rewrites (`/../`,
// `%2e%2e`) chooses no pull request at all, so it cannot carry a comment into another repository.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { startFakeGitHub, TOKENS } from '../helpers/github-server.js';
import { liveMarkup, renderGfm } from './markdown-inert.js';
import { notificationRecord, relayEnv, startPlatform } from './relay-world.js';

const BOT = 'xoxb-relay-text';
const HOOK = 'T0TXT/B0TXT/relaytextwebhookpath';
const PR = 'https://github.com/acme/web/pull/1';
const PINGS =
  'cc @octocat and @acme/security-team, see #12, acme/web#13, GH-14, https://evil.example/x www.evil.example';

describe('relayed text that means to ping, link or choose another repository', () => {
  const platform = startPlatform([
    notificationRecord('pings', {
      title: `Finding pings ${PINGS}`,
      description: `@octocat\n# heading #15\n- <@U123> <!channel> #general ${PINGS}`,
      linkText: 'see @octocat #16',
      link: PR,
    }),
    notificationRecord('dotdot', { link: 'https://github.com/acme/web/../../victim/private/pull/1' }),
    notificationRecord('encoded', {
      link: 'https://github.com/acme/web/%2e%2e/%2E%2e/victim/private/pull/2',
    }),
    notificationRecord('backslash', {
      link: 'https://github.com/acme/web/pull/..\\..\\..\\victim/private/pull/3',
    }),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'depgate-relay-text-'));
  const requests: string[] = [];
  let slack: Awaited<ReturnType<typeof startFakeSlack>>;
  let gh: Awaited<ReturnType<typeof startFakeGitHub>>;
  let run: Awaited<ReturnType<typeof runDepgate>>;
  beforeAll(async () => {
    slack = await startFakeSlack({ botToken: BOT });
    gh = await startFakeGitHub('acme', 'web', { onRequest: (line) => requests.push(line) });
    run = await runDepgate(['relay', '--once', '--backfill'], {
      cwd: dir,
      env: relayEnv((await platform).url, {
        SLACK_BOT_TOKEN: BOT,
        SLACK_API_URL: slack.apiUrl,
        GITHUB_TOKEN: TOKENS.write,
        GITHUB_API_URL: gh.url,
        DEPGATE_STATE_FILE: join(dir, 'state.json'),
        DEPGATE_RELAY_RULES: JSON.stringify({
          routes: [
            // The operator means: pull requests of acme/web only.
            { match: { link: '^https://github\\.com/acme/web/' }, to: [{ githubComment: 'linked' }] },
            { to: [{ slackWebhook: slack.webhookUrl(HOOK) }, { slackChannel: 'C-TEXT' }] },
            {
              match: { text: 'pings' },
              digest: true,
              to: [{ slackWebhook: slack.webhookUrl('T/B/digest') }],
            },
          ],
        }),
      }),
    });
  }, 60_000);
  afterAll(async () => {
    await slack.close();
    await gh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs to the end', () => {
    expect(run.stderr).toContain('failed 0');
    expect(run.code).toBe(0);
  });

  it('the GitHub comment shows mentions, references and links as text: nothing live', () => {
    const comments = gh.comments(1);
    expect(comments).toHaveLength(1);
    const html = renderGfm(comments[0]!.body);
    expect(liveMarkup(html, [PR])).toEqual([]);
    // Still readable: the words are all there (the word joiners are invisible).
    const shown = html.replace(/<[^>]+>/g, '').replace(/\u2060/g, '');
    expect(shown).toContain('@octocat and @acme/security-team');
    expect(shown).toContain('acme/web#13');
  });

  it('a link whose path the URL parser rewrites comments nowhere, in no repository', () => {
    expect(requests.filter((r) => /victim|private/i.test(r))).toEqual([]);
    expect([2, 3].flatMap((n) => gh.comments(n))).toEqual([]);
    // Only the one honest link reached GitHub.
    expect(requests.filter((r) => /^POST .*\/comments/.test(r))).toHaveLength(1);
  });

  it('every Slack mrkdwn text is verbatim, so Slack links no channel, user or URL in it', () => {
    const pinged = slack.posted.filter((m) => JSON.stringify(m).includes('octocat'));
    expect(pinged.map((m) => m.via).sort()).toEqual(['chat.postMessage', 'webhook', 'webhook']);
    for (const m of slack.posted) {
      const texts: { type: string; verbatim?: boolean }[] = [];
      JSON.stringify(m.blocks, (_key, value: unknown) => {
        if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'mrkdwn')
          texts.push(value as { type: string; verbatim?: boolean });
        return value;
      });
      expect(texts.length).toBeGreaterThan(0);
      for (const t of texts) expect(t.verbatim).toBe(true);
      // Slack's own escaping still keeps `<@U123>` and `<!channel>` from being a mention.
      expect(JSON.stringify(m.blocks)).not.toMatch(/<[@!#]/);
    }
  });
});
