// A pull request that replaces the policy with a 10 MB file. The base's policy judges the change; the
// edited file is only described in a notice, and describing it must not cost the check its time (the
// YAML parser took most of a minute over 10 MB): past the size of any real policy it is not parsed,
// and the notice says so. Run as users run it: `depgate check` on a real git repository and the
// Action (dist/index.js) as GitHub runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = 'requests==2.31.0\n';
const DENIED = 'requests==2.31.0\nevilpkg==1.0.0\n';

/** A valid policy of 10 MB: a deny list of some 300,000 rules. */
function hugePolicy(): string {
  const parts = ['deny:\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < 10_000_000; i++) {
    const rule = `  - name: pkg-${i}\n    reason: x\n`;
    parts.push(rule);
    size += rule.length;
  }
  return parts.join('');
}
const HUGE = hugePolicy();
const NOT_COMPARED =
  /the change edits \.github\/depgate\.yml \(the edited file is \d+ characters, over the 256000 a policy is read to describe an edit: not compared\)/;

const blocking = (report: Report) => report.findings.filter((f) => f.blocking).map((f) => f.name);

describe('a 10 MB edited policy is described without being parsed', () => {
  it('depgate check: judged by the base policy (exit 1), the edit noted as too large to compare', async () => {
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN },
      { '.github/depgate.yml': HUGE, 'requirements.txt': DENIED },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(blocking(report)).toEqual(['evilpkg']);
    expect(report.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(NOT_COMPARED));
  });

  describe('the Action', () => {
    let github: FakeGitHub;
    beforeAll(async () => {
      github = await startFakeGitHub('acme', 'web');
    });
    afterAll(() => github.close());

    it('judged by the base policy, the edit noted as too large to compare', async () => {
      const base = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN });
      const head = github.commit({ '.github/depgate.yml': HUGE, 'requirements.txt': DENIED }, base);
      github.pull(1, base, head);
      const run = await runAction({
        github,
        event: 'pull_request',
        payload: pullRequestPayload(github, { number: 1, base, head }),
        sha: head,
        inputs: { platform: 'off' },
      });
      expect(run.code).toBe(1);
      expect(blocking(run.report!)).toEqual(['evilpkg']);
      expect(run.report!.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(NOT_COMPARED));
    });
  });
});
