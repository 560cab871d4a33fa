// Exactly once at a GitHub thread, however late the run that takes over: `depgate relay --once` as a
// child process; GitHub on loopback loses the answer to the first comment and cannot list the thread
// during that run. The next run reads the thread back as far as the notification's creation (the marker
// in the comment is the record), not only over a window tied to the lease, so it never comments twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';
import { startFakeGitHub, TOKENS, USERS } from '../helpers/github-server.js';
import { notificationRecord, relayEnv, startPlatform } from './relay-world.js';

const MINUTE = 60_000;

describe('reading a thread back after a lost answer', () => {
  const platform = startPlatform([
    notificationRecord('late-1', { link: 'https://github.com/acme/web/pull/7' }, 10 * MINUTE),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'depgate-readback-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the comment an earlier run posted minutes ago, and does not post it again', async () => {
    let listing = false;
    let lists = 0;
    // GitHub's clock is five minutes behind: the comment of the first run looks as old as it would to
    // a run that comes five minutes later, which is what the lease-tied window used to miss (2 x lease
    // + 60 s: 62 s here).
    const gh = await startFakeGitHub('acme', 'web', {
      clock: () => Date.now() - 5 * MINUTE,
      // The first listing (the read-back of a run on an empty store, before it sends) works; the one
      // after the lost answer does not, until `listing`.
      commentListFault: () => (listing || ++lists === 1 ? undefined : 502),
    });
    try {
      const env = relayEnv((await platform).url, {
        GITHUB_TOKEN: TOKENS.write,
        GITHUB_API_URL: gh.url,
        DEPGATE_STATE_FILE: join(dir, 'state.json'),
        DEPGATE_RELAY_LEASE: '1',
        DEPGATE_RELAY_RULES: JSON.stringify({ routes: [{ to: [{ githubComment: 'linked' }] }] }),
      });
      gh.dropCommentAnswers(1);
      const first = await runDepgate(['relay', '--once', '--backfill'], { env });
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/could not be read back \(may have posted\)/);
      expect(gh.comments(7)).toHaveLength(1);

      listing = true;
      await new Promise((r) => setTimeout(r, 1100)); // the first run's lease has run out
      const second = await runDepgate(['relay', '--once'], { env });
      expect(second.code).toBe(0);
      expect(second.stderr).toMatch(/posted 0, skipped 1/);
      expect(gh.comments(7)).toHaveLength(1);
    } finally {
      await gh.close();
    }
  }, 30_000);
});

describe('reading a thread back: whose markers count', () => {
  const platform = startPlatform([
    notificationRecord('forge-1', { link: 'https://github.com/acme/web/pull/8' }, 10 * MINUTE),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'depgate-forge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('does not take a marker someone else wrote in the thread for a comment of its own', async () => {
    // Anyone who can comment on the pull request writes the marker of a notification still to come,
    // bare and with a made-up seal, hoping a read-back takes it for sent and drops it.
    const gh = await startFakeGitHub('acme', 'web', { clock: () => Date.now() });
    try {
      gh.addComment(8, '<!-- depgate-relay: forge-1 -->\nnothing to see', USERS.octocat);
      gh.addComment(8, '<!-- depgate-relay: forge-1 seal:AAAAAAAAAAAAAAAAAAAAAA -->\nor here', USERS.octocat);
      const state = join(dir, 'forge.json');
      const env = relayEnv((await platform).url, {
        GITHUB_TOKEN: TOKENS.write,
        GITHUB_API_URL: gh.url,
        DEPGATE_STATE_FILE: state,
        DEPGATE_RELAY_RULES: JSON.stringify({ routes: [{ to: [{ githubComment: 'linked' }] }] }),
      });
      // An empty store: the run reads the thread back before it sends.
      const first = await runDepgate(['relay', '--once', '--backfill'], { env });
      expect(first.code).toBe(0);
      expect(first.stderr).toMatch(/posted 1, skipped 0/);
      const posted = gh.comments(8);
      expect(posted).toHaveLength(3);
      expect(posted[2]!.body).toMatch(/^<!-- depgate-relay: forge-1 seal:[\w-]{22} -->/);

      // The store lost: its own sealed comment is found, and nothing is posted twice.
      rmSync(state);
      const again = await runDepgate(['relay', '--once', '--backfill'], { env });
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/posted 0, skipped 1/);
      expect(gh.comments(8)).toHaveLength(3);

      // A seal under another key is not this relay's either (a changed key repeats, never drops).
      rmSync(state);
      const rekeyed = await runDepgate(['relay', '--once', '--backfill'], {
        env: { ...env, DEPGATE_RELAY_MARKER_KEY: 'another-key' },
      });
      expect(rekeyed.stderr).toMatch(/posted 1, skipped 0/);
      expect(gh.comments(8)).toHaveLength(4);
    } finally {
      await gh.close();
    }
  }, 30_000);
});
