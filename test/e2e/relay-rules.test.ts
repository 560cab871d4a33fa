// `depgate relay --once` with routing rules and a Slack bot token, as a child process against the
// emulator and a Slack-compatible Web API on loopback.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeSlack } from '../helpers/fake-slack.js';

const BOT = 'xoxb-e2e-secret-bot-token-77';
let slack: Awaited<ReturnType<typeof startFakeSlack>>;
beforeAll(async () => {
  slack = await startFakeSlack({ botToken: BOT });
});
afterAll(() => slack.close());

describe('depgate relay --once with rules', () => {
  const emulator = startTestEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'depgate-relay-rules-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const env = async (over: Record<string, string> = {}) => ({
    DEPGATE_API_URL: (await emulator).url,
    DEPGATE_API_TOKEN: SEED_TOKENS.api,
    DEPGATE_STATE_FILE: join(dir, `state-${++n}.json`),
    SLACK_BOT_TOKEN: BOT,
    SLACK_API_URL: slack.apiUrl,
    ...over,
  });

  it('routes warnings and errors to a channel through chat.postMessage, once across runs', async () => {
    slack.posted.length = 0;
    const e = await env({
      DEPGATE_RELAY_RULES: 'routes:\n  - match: { atLeast: warning }\n    to: [{ slackChannel: C-CLI }]\n',
    });
    slack.faults.push({ error: 'not_in_channel' });
    const first = await runDepgate(['relay', '--once', '--backfill'], { cwd: dir, env: e });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('Slack answered not_in_channel');
    expect(first.stderr).toMatch(/posted 3\b.*failed 1/);
    // The first run could not read the channel back for n-1 (the fault hit its read-back), so the store
    // is not yet marked as running: the next run is again one on an empty store, and needs --backfill.
    const second = await runDepgate(['relay', '--once', '--backfill'], { cwd: dir, env: e });
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/posted 1\b.*failed 0/);
    expect(slack.posted.map((m) => m.metadata?.event_payload.id).sort()).toEqual([
      'n-1',
      'n-2',
      'n-4',
      'n-5',
    ]);
    expect(slack.posted.every((m) => m.target === 'C-CLI' && m.authorization === `Bearer ${BOT}`)).toBe(true);
  });

  it('lists every mistake of a --rules file with its line, exit 2, and never prints a token', async () => {
    const file = join(dir, 'rules.yml');
    writeFileSync(file, 'routes:\n  - match: { severity: loud }\n    to: [{ teams: x }]\n');
    const r = await runDepgate(['relay', '--once', '--rules', 'rules.yml'], { cwd: dir, env: await env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('rules.yml:2: routes[0].match.severity');
    expect(r.stderr).toContain("rules.yml:3: routes[0].to[0]: unknown destination 'teams'");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const noBot = await runDepgate(['relay', '--once'], {
      cwd: dir,
      env: await env({
        SLACK_BOT_TOKEN: '',
        DEPGATE_RELAY_RULES: 'routes: [{ to: [{ slackChannel: C1 }] }]',
      }),
    });
    expect(noBot.code).toBe(2);
    expect(noBot.stderr).toContain('slackChannel destinations need SLACK_BOT_TOKEN');
    const wrong = await runDepgate(['relay', '--once', '--backfill'], {
      cwd: dir,
      env: await env({
        SLACK_BOT_TOKEN: 'xoxb-wrong-secret-999',
        DEPGATE_RELAY_RULES: 'routes: [{ to: [{ slackChannel: C1 }] }]',
      }),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('invalid_auth');
    for (const out of [r, noBot, wrong].map((x) => x.stdout + x.stderr)) {
      expect(out).not.toContain('xoxb-');
      expect(out).not.toContain(SEED_TOKENS.api);
    }
  });
});
