// A change deletes package-lock.json and adds Package-Lock.json with a denied package. On the
// case-insensitive file systems of macOS and Windows npm reads that file as its lockfile (CocoaPods
// reads Podfile.lock whatever its case on any system), so it is what gets installed: the gate judges
// a lockfile whatever the case of its name and folders, through `depgate check` on a real git
// repository and through the Action (dist/index.js) as GitHub runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { npmLockfile } from '../helpers/npm-lockfile.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = npmLockfile({ 'left-pad': '1.3.0' });
const DENIED = npmLockfile({ 'left-pad': '1.3.0', evilpkg: '1.0.0' });
const GO_CLEAN = '# golang.org/x/text v0.14.0\n## explicit; go 1.18\ngolang.org/x/text/language\n';
const GO_DENIED = `${GO_CLEAN}# evilpkg v1.0.0\n## explicit\nevilpkg\n`;

/** A case variant of a lockfile's name, with the denied package, in place of the lockfile. */
const cases: { what: string; base: Record<string, string>; head: Record<string, string>; path: string }[] = [
  {
    what: 'package-lock.json swapped for Package-Lock.json',
    base: { 'package-lock.json': CLEAN },
    head: { 'Package-Lock.json': DENIED },
    path: 'Package-Lock.json',
  },
  {
    what: 'a PACKAGE-LOCK.JSON added in a folder',
    base: { 'svc/package.json': '{}\n' },
    head: { 'svc/package.json': '{}\n', 'svc/PACKAGE-LOCK.JSON': DENIED },
    path: 'svc/PACKAGE-LOCK.JSON',
  },
  {
    what: 'vendor/modules.txt swapped for Vendor/Modules.txt',
    base: { 'vendor/modules.txt': GO_CLEAN },
    head: { 'Vendor/Modules.txt': GO_DENIED },
    path: 'Vendor/Modules.txt',
  },
];

const blocking = (report: Report) =>
  report.findings.filter((f) => f.blocking).map((f) => [f.lockfile, f.name]);

describe('depgate check judges a lockfile whatever the case of its name', () => {
  it.each(cases)('$what: blocked (exit 1)', async ({ base, head, path }) => {
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, ...base },
      { '.github/depgate.yml': POLICY, ...head },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.code).toBe(1);
    expect(blocking(JSON.parse(run.stdout) as Report)).toEqual([[path, 'evilpkg']]);
  });
});

describe('the Action judges a lockfile whatever the case of its name', () => {
  let github: FakeGitHub;
  let number = 300;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  it.each(cases)('$what: blocked', async ({ base, head, path }) => {
    const b = github.commit({ '.github/depgate.yml': POLICY, ...base });
    const h = github.commit({ '.github/depgate.yml': POLICY, ...head }, b);
    github.pull(++number, b, h);
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number, base: b, head: h }),
      sha: h,
      inputs: { platform: 'off' },
    });
    expect(run.outputs.verdict).toBe('block');
    expect(run.code).toBe(1);
    expect(blocking(run.report!)).toEqual([[path, 'evilpkg']]);
  });
});
