import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n    reason: "typosquat"\n';
const CLEAN = 'requests==2.31.0\n';
const DENIED = 'requests==2.31.0\nevilpkg==1.0.0\n';
const NEWLINE_PATH = 'svc\nx/requirements.txt';

const check = (repo: string, args: string[] = []) =>
  runDepgate(['check', '--base', 'main', '--head', 'change', ...args], { cwd: repo });
const json = (stdout: string) => JSON.parse(stdout) as Report;

describe('every byte of a lockfile path counts (depgate check on a real git repository)', () => {
  it('checks a lockfile whose folder name holds a newline, and blocks what it adds (exit 1)', async () => {
    const policy = { '.github/depgate.yml': `${POLICY}paths:\n  include: ["**"]\n` };
    const repo = makeRepo({ ...policy, [NEWLINE_PATH]: CLEAN }, { ...policy, [NEWLINE_PATH]: DENIED });
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(report.lockfiles.map((l) => l.path)).toEqual([NEWLINE_PATH]);
    expect(report.findings.filter((f) => f.blocking).map((f) => [f.lockfile, f.name])).toEqual([
      [NEWLINE_PATH, 'evilpkg'],
    ]);
    expect(report.notes.filter((n) => /not checked/.test(n.message))).toEqual([]);
  });

  it('matches a newline with the policy’s * and ? too, in paths.include and a rule’s paths', async () => {
    const policy = {
      '.github/depgate.yml':
        'deny:\n  - { name: evilpkg, exactNameMatch: true, paths: ["svc?x/**"] }\npaths:\n  include: ["svc*/**"]\n',
    };
    const repo = makeRepo({ ...policy, [NEWLINE_PATH]: CLEAN }, { ...policy, [NEWLINE_PATH]: DENIED });
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    expect(json(run.stdout).findings.map((f) => f.name)).toEqual(['evilpkg']);
  });

  it('shows such a path quoted in the text report, so that it cannot break or forge a line', async () => {
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, [NEWLINE_PATH]: CLEAN },
      { '.github/depgate.yml': POLICY, [NEWLINE_PATH]: DENIED },
    );
    const run = await check(repo);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"svc\\nx/requirements.txt" (requirements');
    expect(run.stdout.split('\n')).not.toContain('x/requirements.txt (requirements, ...)');
    expect(run.stdout.split('\n').some((line) => line.startsWith('x/requirements.txt'))).toBe(false);
  });

  it('lists a changed lockfile outside the policy’s paths, with why, in text, Markdown and JSON', async () => {
    const policy = { '.github/depgate.yml': `${POLICY}paths:\n  exclude: ["examples/**"]\n` };
    const repo = makeRepo(
      { ...policy, 'examples/demo/requirements.txt': CLEAN },
      { ...policy, 'examples/demo/requirements.txt': DENIED },
    );
    const reasons = /outside the policy's paths \(paths\.include \/ paths\.exclude\): not checked/;
    const text = await check(repo);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/examples\/demo\/requirements\.txt: outside the policy's paths/);
    const markdown = await check(repo, ['--format', 'markdown']);
    expect(markdown.stdout).toMatch(/`examples\/demo\/requirements\.txt`: outside the policy's paths/);
    const report = json((await check(repo, ['--format', 'json'])).stdout);
    expect(report.notes.map((n) => [n.level, n.file])).toEqual([
      ['notice', 'examples/demo/requirements.txt'],
    ]);
    expect(report.notes[0]?.message).toMatch(reasons);
  });

  it('takes * ? [ and : in a file name literally when reading it from git', async () => {
    const path = ':(glob)svc/*/requirements[1].txt';
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY, [path]: CLEAN, 'svc/a/requirements1.txt': CLEAN },
      { '.github/depgate.yml': POLICY, [path]: DENIED, 'svc/a/requirements1.txt': CLEAN },
    );
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    expect(json(run.stdout).findings.map((f) => [f.lockfile, f.name])).toEqual([[path, 'evilpkg']]);
  });

  it('fails the check on a changed lockfile whose path it cannot name (not UTF-8), never skipping it', async () => {
    const repo = makeRepo({ '.github/depgate.yml': POLICY }, { '.github/depgate.yml': POLICY });
    // A folder named with the byte 0xff, which no UTF-8 text can spell, holding a denied package.
    const folder = Buffer.concat([Buffer.from(`${repo}/svc`), Buffer.from([0xff])]);
    mkdirSync(folder);
    writeFileSync(Buffer.concat([folder, Buffer.from('/requirements.txt')]), DENIED);
    const git = (args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
        cwd: repo,
      });
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'a lockfile under a folder whose name is not UTF-8']);
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(report.verdict).toBe('block');
    expect(report.notes.map((n) => n.level)).toEqual(['error']);
    expect(report.notes[0]?.message).toMatch(/neither side could be read at this path/);
  });

  it('fails the check on a changed lockfile it cannot read (bun.lockb), saying why and what to do', async () => {
    const binary = Buffer.from([0x23, 0x21, 0x2f, 0x00, 0xff, 0x01, 0x62, 0x75, 0x6e]).toString('latin1');
    const repo = makeRepo(
      { '.github/depgate.yml': POLICY },
      { '.github/depgate.yml': POLICY, 'bun.lockb': binary },
    );
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(report.notes.map((n) => [n.level, n.file])).toEqual([['error', 'bun.lockb']]);
    expect(report.notes[0]?.message).toContain('bun install --save-text-lockfile');
    const text = await check(repo);
    expect(text.stdout).toMatch(/error {2}bun\.lockb: not read: bun\.lockb is a binary lockfile/);
  });
});
