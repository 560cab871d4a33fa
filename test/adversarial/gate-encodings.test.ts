// A lockfile's bytes reach the gate as bytes, in both edges: a UTF-16 requirements.txt that pip reads
// (PowerShell 5.1's `pip freeze > requirements.txt`) is read and judged, not refused as binary; a file
// that is not text at all still fails the check, and invalid UTF-8 is refused rather than read with
// replacement characters. `depgate check` on a real git repository, dist/index.js as GitHub runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = 'requests==2.31.0\r\n';
const DENIED = 'requests==2.31.0\r\nevilpkg==1.0.0\r\n';
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};
const json = (text: string) =>
  JSON.parse(text) as { verdict: string; findings: { name: string; version: string; blocking: boolean }[] };

describe('depgate check reads a lockfile by its bytes', () => {
  it.each([
    ['UTF-16LE', utf16le],
    ['UTF-16BE', utf16be],
  ])('judges a %s requirements.txt with its byte-order mark, on a commit', async (_name, encode) => {
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, 'requirements.txt': encode(CLEAN) },
      { '.github/depgate.yml': POLICY, 'requirements.txt': encode(DENIED) },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.stderr).not.toMatch(/binary/);
    expect(run.code).toBe(1);
    expect(json(run.stdout).findings.map((f) => [f.name, f.version, f.blocking])).toEqual([
      ['evilpkg', '1.0.0', true],
    ]);
  });

  it('judges a UTF-16 requirements.txt in the working tree', async () => {
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, 'requirements.txt': utf16le(CLEAN) },
      { '.github/depgate.yml': POLICY, 'requirements.txt': utf16le(DENIED) },
      { uncommitted: true },
    );
    const run = await runDepgate(['check', '--base', 'main', '--format', 'json'], { cwd: repo });
    expect(run.code).toBe(1);
    expect(json(run.stdout).findings.map((f) => f.name)).toEqual(['evilpkg']);
  });

  it('still refuses a UTF-16 package-lock.json, which npm cannot read, and fails the check', async () => {
    const lock = JSON.stringify({ name: 'a', lockfileVersion: 3, packages: { '': { name: 'a' } } });
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY },
      { '.github/depgate.yml': POLICY, 'package-lock.json': utf16le(lock) },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/package-lock\.json.*UTF-16/);
  });

  it('refuses a lockfile that is not UTF-8 text instead of reading replacement characters', async () => {
    const broken = Buffer.concat([
      Buffer.from('requests==2.31.0\nevil'),
      Buffer.from([0xff]),
      Buffer.from('pkg==1\n'),
    ]);
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, 'requirements.txt': CLEAN },
      { '.github/depgate.yml': POLICY, 'requirements.txt': broken },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/requirements\.txt.*line 2/);
    expect(run.stdout).not.toContain('\uFFFD');
  });
});

describe('the Action reads a lockfile by its bytes through the GitHub API', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  it('judges a UTF-16LE requirements.txt of a pull request', async () => {
    const base = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': utf16le(CLEAN) });
    const head = github.commit({ '.github/depgate.yml': POLICY, 'requirements.txt': utf16le(DENIED) }, base);
    github.pull(7, base, head);
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number: 7, base, head }),
      sha: head,
      inputs: { platform: 'off' },
    });
    expect(run.code).toBe(1);
    expect(run.report!.findings.filter((f) => f.blocking).map((f) => f.name)).toEqual(['evilpkg']);
  });
});
