import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';

const ROOT = join(import.meta.dirname, '../..');
const demo = (side: string, path: string) => ({ copy: join(ROOT, 'examples/demo', side, path) });
const alias = (side: string) => ({
  copy: join(ROOT, 'test/fixtures/gate/npm-alias', side, 'package-lock.json'),
});
const DEMO_BASE: Files = { 'package-lock.json': demo('base', 'package-lock.json') };
const DEMO_HEAD: Files = {
  'package-lock.json': demo('head', 'package-lock.json'),
  'tools/video/yarn.lock': demo('head', 'tools/video/yarn.lock'),
};
const DEMO_POLICY = readFileSync(join(ROOT, 'examples/demo/head/.github/depgate.yml'), 'utf8');
const policy = (yaml: string): Files => ({ '.github/depgate.yml': yaml });
// In CI and with --base the policy is read at the base (a change cannot relax its own check): these
// repositories have it on both sides, as a repository that already uses depgate does.
const DEMO_BASE_WITH_POLICY: Files = { ...DEMO_BASE, ...policy(DEMO_POLICY) };

describe('depgate check, run as a user runs it, against the emulator over HTTP', () => {
  const emulator = startTestEmulator();
  const env = async (over: Record<string, string> = {}) => ({
    DEPGATE_API_URL: (await emulator).url,
    DEPGATE_API_TOKEN: SEED_TOKENS.api,
    ...over,
  });
  async function check(repo: string, args: string[] = [], over: Record<string, string> = {}) {
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', ...args], {
      cwd: repo,
      env: await env(over),
    });
    return run;
  }
  const json = (stdout: string) => JSON.parse(stdout) as Report;

  it('passes a change that breaks no rule (exit 0) and says so on stderr', async () => {
    const repo = makeRepo(DEMO_BASE, { ...DEMO_HEAD, ...policy('newToOrg: off\n') });
    const run = await check(repo, ['--format', 'json']);
    expect(run.stderr).toContain('passed: 0 violations');
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      verdict: 'pass',
      platform: { mode: 'on', requests: 1, minimumRequests: 1 },
    });
  });

  it('blocks with the demo policy: a deny rule, an expired exception and a license the platform knows (exit 1)', async () => {
    const repo = makeRepo(DEMO_BASE_WITH_POLICY, { ...DEMO_HEAD, ...policy(DEMO_POLICY) });
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    const blocking = report.findings.filter((f) => f.blocking).map((f) => `${f.kind} ${f.name}@${f.version}`);
    expect(blocking.sort()).toEqual([
      'denied left-pad@1.3.0',
      'denied lodash@4.17.20',
      'license @ffmpeg-installer/linux-x64@4.1.0',
    ]);
    expect(report.findings.find((f) => f.name === 'minimist')).toMatchObject({
      level: 'notice',
      exception: { status: 'valid', owner: '@acme/web-platform' },
    });
    expect(report.findings.find((f) => f.name === 'left-pad')).toMatchObject({
      exception: { status: 'expired', owner: '@acme/checkout' },
    });
    expect(report.findings.filter((f) => f.kind === 'new-to-org').length).toBeGreaterThan(0);
  });

  it('prints a text report for a person, with the verdict and each violation', async () => {
    const repo = makeRepo(DEMO_BASE_WITH_POLICY, { ...DEMO_HEAD, ...policy(DEMO_POLICY) });
    const run = await check(repo);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('lodash');
    expect(run.stdout).not.toContain('\u001b['); // not a terminal: no colour
  });

  it('colours the text report by NO_COLOR, then FORCE_COLOR, then the terminal (a pipe here)', async () => {
    const repo = makeRepo(DEMO_BASE_WITH_POLICY, { ...DEMO_HEAD, ...policy(DEMO_POLICY) });
    expect((await check(repo, [], { FORCE_COLOR: '1' })).stdout).toContain('\u001b[');
    expect((await check(repo, [], { FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain('\u001b[');
    expect((await check(repo, [], { FORCE_COLOR: '0' })).stdout).not.toContain('\u001b[');
    const toFile = await check(repo, ['--output', 'report.txt'], { FORCE_COLOR: '1' });
    expect(readFileSync(join(repo, 'report.txt'), 'utf8')).not.toContain('\u001b[');
    expect(toFile.code).toBe(1);
  });

  it('sees through an npm alias: "old-lodash": "npm:lodash@3.10.1" is lodash', async () => {
    const aliasPolicy = policy(
      'deny:\n  - { name: lodash, exactNameMatch: true, versionUpperBound: "<4.17.21", reason: "prototype pollution" }\nnewToOrg: off\n',
    );
    const repo = makeRepo(
      { 'package-lock.json': alias('base'), ...aliasPolicy },
      { 'package-lock.json': alias('head'), ...aliasPolicy },
    );
    const run = await check(repo, ['--format', 'json']);
    expect(run.code).toBe(1);
    expect(json(run.stdout).findings.map((f) => [f.kind, f.name, f.version])).toEqual([
      ['denied', 'lodash', '3.10.1'],
    ]);
  });

  it('checks the working tree against the merge-base by default, untracked lockfiles included', async () => {
    const repo = makeRepo(DEMO_BASE, { ...DEMO_HEAD, ...policy(DEMO_POLICY) }, { uncommitted: true });
    const run = await runDepgate(['check', '--format', 'json', '--platform', 'off'], { cwd: repo, env: {} });
    expect(run.stderr).toContain('2 changed lockfiles between main');
    expect(json(run.stdout).lockfiles.map((l) => l.path)).toEqual([
      'package-lock.json',
      'tools/video/yarn.lock',
    ]);
    expect(run.code).toBe(1);
  });

  it('fails closed on a malformed lockfile in the change: exit 2 with file:line', async () => {
    const repo = makeRepo(DEMO_BASE, {
      'package-lock.json': '{\n  "lockfileVersion": 3,\n  "packages": {\n    oops\n}\n',
    });
    const run = await check(repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/package-lock\.json:4(:\d+)?: /);
    expect(run.stdout).toBe('');
  });

  it('fails with every policy mistake listed, with line and column (exit 2)', async () => {
    const broken = policy('deny:\n  - { name: lodash, versionUpperBound: "4.0" }\nnewToOrg: sometimes\n');
    const repo = makeRepo({ ...DEMO_BASE, ...broken }, { ...DEMO_HEAD, ...broken });
    const run = await check(repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/depgate\.yml:2:\d+: deny\[0\]\.versionUpperBound/);
    expect(run.stderr).toMatch(/depgate\.yml:3:\d+: newToOrg/);
  });

  it('refuses --platform on without a token, saying how to fix it (exit 2)', async () => {
    const repo = makeRepo(DEMO_BASE, DEMO_HEAD);
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--platform', 'on'], {
      cwd: repo,
      env: {},
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DEPGATE_API_TOKEN');
    expect(run.stderr).toContain('--platform off');
  });

  it('treats a platform that cannot be reached as an error, never a pass (exit 3), and never prints the token', async () => {
    const repo = makeRepo(DEMO_BASE, DEMO_HEAD);
    const run = await check(repo, [], {
      DEPGATE_API_URL: 'http://127.0.0.1:9',
      DEPGATE_API_TOKEN: 'secret-token-value-123',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/hint: .*DEPGATE_API_URL/);
    expect(run.stdout + run.stderr).not.toContain('secret-token-value-123');
  });

  it('says what a token without Web API access needs (exit 3)', async () => {
    const repo = makeRepo(DEMO_BASE, DEMO_HEAD);
    const run = await check(repo, [], { DEPGATE_API_TOKEN: SEED_TOKENS.noWebApi });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Web API');
  });

  it('writes SARIF and Markdown reports to a file with --output', async () => {
    const repo = makeRepo(DEMO_BASE_WITH_POLICY, { ...DEMO_HEAD, ...policy(DEMO_POLICY) });
    const sarif = await check(repo, ['--format', 'sarif', '--output', 'report.sarif']);
    expect(sarif.code).toBe(1);
    const log = JSON.parse(readFileSync(join(repo, 'report.sarif'), 'utf8')) as {
      version: string;
      runs: { results: unknown[] }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]!.results.length).toBeGreaterThanOrEqual(3);
    const md = await check(repo, ['--format', 'markdown']);
    expect(md.stdout).toContain('|');
  });
});
