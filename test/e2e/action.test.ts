import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/index.js';
import {
  mergeGroupPayload,
  pullRequestPayload,
  pushPayload,
  runAction,
  type ActionRun,
} from '../helpers/action.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { CORPUS_TEST, corpusPath } from '../helpers/paths.js';
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DEMO_POLICY = read('examples/demo/head/.github/depgate.yml');
const BASE = {
  'package-lock.json': read('examples/demo/base/package-lock.json'),
  'package.json': read('examples/demo/base/package.json'),
};
const HEAD = {
  'package-lock.json': read('examples/demo/head/package-lock.json'),
  'package.json': read('examples/demo/head/package.json'),
  'tools/video/yarn.lock': read('examples/demo/head/tools/video/yarn.lock'),
  'tools/video/package.json': read('examples/demo/head/tools/video/package.json'),
};
const ZERO = '0'.repeat(40);

describe('the Action (dist/index.js) run as GitHub runs it, against a GitHub REST server and the emulator', () => {
  const emulator = startTestEmulator();
  let github: FakeGitHub;
  let pr = 1;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  const platformInputs = async (over: Record<string, string> = {}) => ({
    'api-url': (await emulator).url,
    'api-token': SEED_TOKENS.api,
    ...over,
  });
  const tags = async (project = 'acme/web') => {
    const client = (await emulator).client();
    for await (const p of client.projects(SEED_DEPLOYMENT.slug).items())
      if (p.name === project) return p.tags;
    return undefined;
  };
  /** A PR from `head` files onto `base` files, the policy on the base. */
  function openPull(policy: string, head: Record<string, string>, base: Record<string, string> = BASE) {
    const b = github.commit({ ...base, '.github/depgate.yml': policy });
    const h = github.commit({ ...base, ...head, '.github/depgate.yml': policy }, b);
    const number = pr++;
    github.pull(number, b, h);
    return { number, base: b, head: h };
  }
  async function runPull(
    p: { number: number; base: string; head: string },
    inputs: Record<string, string> = {},
    options: { event?: string; fork?: boolean; token?: string } = {},
  ): Promise<ActionRun> {
    return runAction({
      github,
      event: options.event ?? 'pull_request',
      payload: pullRequestPayload(github, { ...p, fork: options.fork ?? false }),
      sha: p.head,
      inputs: {
        ...(await platformInputs()),
        ...inputs,
        ...(options.token ? { 'github-token': options.token } : {}),
      },
    });
  }
  const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error');

  it('passes a clean change: outputs, summary, a comment that says so, and the clean tag', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', violations: '0' });
    expect(Number(run.outputs.introduced)).toBeGreaterThan(0);
    expect(run.report?.verdict).toBe('pass');
    expect(run.summary).toContain('depgate: acme/web');
    expect(github.comments(p.number)).toHaveLength(1);
    expect(await tags()).toContain('deps:clean');
  });

  it('blocks by a deny rule and an expired exception, keeps a valid one, and blocks a license only the platform knows', async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(run.outputs.violations).toBe('3');
    const blocking = run
      .report!.findings.filter((f) => f.blocking)
      .map((f) => `${f.kind} ${f.name}@${f.version}`);
    expect(blocking.sort()).toEqual([
      'denied left-pad@1.3.0',
      'denied lodash@4.17.20',
      'license @ffmpeg-installer/linux-x64@4.1.0',
    ]);
    expect(run.report!.findings.find((f) => f.name === 'minimist')).toMatchObject({
      exception: { status: 'valid' },
      blocking: false,
    });
    expect(run.report!.findings.find((f) => f.name === 'left-pad')).toMatchObject({
      exception: { status: 'expired' },
    });
    // Annotations at the lockfile lines, the blocking ones first.
    const lodash = run.report!.findings.find((f) => f.name === 'lodash')!;
    expect(
      errors(run)
        .slice(0, 3)
        .map((a) => a.file)
        .sort(),
    ).toEqual(['package-lock.json', 'package-lock.json', 'tools/video/yarn.lock']);
    expect(errors(run)).toContainEqual(
      expect.objectContaining({ file: 'package-lock.json', line: lodash.line }),
    );
    expect(run.stdout).toMatch(
      new RegExp(`^::error .*file=package-lock\\.json,line=${lodash.line}[,:]`, 'm'),
    );
    expect(run.stdout).toMatch(/^::error::depgate: blocked: 3 violation/m);
    expect(run.summary).toContain('lodash');
    expect(await tags()).toEqual(expect.arrayContaining(['deps:blocked']));
    expect(await tags()).not.toContain('deps:clean');
  });

  it("keeps one comment through a PR's life: created when blocked, updated in place, resolved when clean", async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    const first = await runPull(p);
    expect(first.code).toBe(1);
    const [created] = github.comments(p.number);
    expect(created!.body).toMatch(/^<!-- depgate:sticky-comment -->/);
    expect(created!.body).toContain('lodash');
    // A later push to the PR: the same comment is updated, not a second one posted.
    const again = await runPull(p, { 'warn-only': 'true' });
    expect(again.code).toBe(0);
    expect(again.outputs.verdict).toBe('block');
    expect(again.stdout).toMatch(/^::warning::depgate: blocked \(warn-only/m);
    expect(github.comments(p.number).map((c) => c.id)).toEqual([created!.id]);
    // The author fixes the change: the comment is rewritten as resolved.
    const fixed = github.commit(
      { ...BASE, '.github/depgate.yml': DEMO_POLICY, 'package.json': HEAD['package.json'] },
      p.head,
    );
    github.pull(p.number, p.base, fixed);
    const clean = await runPull({ ...p, head: fixed });
    expect(clean.code).toBe(0);
    const comments = github.comments(p.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(created!.id);
    expect(comments[0]!.body).toContain('resolved');
    expect(github.log).toContainEqual(`PATCH /repos/acme/web/issues/comments/${created!.id}`);
  });

  it('collapses duplicate comments from concurrent runs into one', async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    github.addComment(p.number, 'LGTM');
    const a = github.addComment(p.number, '<!-- depgate:sticky-comment -->\nold run A');
    github.addComment(p.number, '<!-- depgate:sticky-comment -->\nold run B');
    await runPull(p);
    const ours = github.comments(p.number).filter((c) => c.body.startsWith('<!-- depgate'));
    expect(ours.map((c) => c.id)).toEqual([a]);
    expect(github.comments(p.number)).toHaveLength(2);
  });

  it('posts nothing with comment: never, and with on-failure only when blocked', async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    await runPull(p, { comment: 'never' });
    expect(github.comments(p.number)).toEqual([]);
    const clean = openPull('newToOrg: off\n', HEAD);
    await runPull(clean, { comment: 'on-failure' });
    expect(github.comments(clean.number)).toEqual([]);
    await runPull(p, { comment: 'on-failure' });
    expect(github.comments(p.number)).toHaveLength(1);
  });

  it('sees through an npm alias: "old-lodash": "npm:lodash@3.10.1" is lodash', async () => {
    const alias = (side: string) => read(`test/fixtures/gate/npm-alias/${side}/package-lock.json`);
    const p = openPull(
      'deny:\n  - { name: lodash, exactNameMatch: true, versionUpperBound: "<4.17.21", reason: "prototype pollution" }\nnewToOrg: off\n',
      { 'package-lock.json': alias('head') },
      { 'package-lock.json': alias('base') },
    );
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.report!.findings.map((f) => [f.kind, f.name, f.version])).toEqual([
      ['denied', 'lodash', '3.10.1'],
    ]);
  });

  it('warns about packages new to the organization without blocking', async () => {
    const p = openPull('newToOrg: warn\n', HEAD);
    const run = await runPull(p);
    expect(run.code).toBe(0);
    const fresh = run.annotations.filter((a) => a.level === 'warning' && a.file !== undefined);
    expect(fresh.length).toBeGreaterThan(0);
    expect(run.report!.findings.filter((f) => f.kind === 'new-to-org').length).toBe(fresh.length);
  });

  it('on a fork PR whose token cannot write, says so in a notice and the summary instead of failing', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p, {}, { fork: true, token: TOKENS.read });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^::notice::depgate: no PR comment: the token of a pull request from a fork/m);
    expect(run.summary).toContain('no PR comment');
    expect(github.comments(p.number)).toEqual([]);
  });

  it('pull_request_target: reads both sides by SHA through the API and comments on the fork PR', async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    const run = await runPull(p, {}, { event: 'pull_request_target', fork: true });
    expect(run.code).toBe(1);
    expect(github.log).toContainEqual(`GET /repos/acme/web/contents/package-lock.json?ref=${p.head}`);
    expect(github.log).toContainEqual(`GET /repos/acme/web/contents/package-lock.json?ref=${p.base}`);
    // The policy comes from the base: the fork cannot relax its own check.
    expect(github.log).toContainEqual(`GET /repos/acme/web/contents/.github%2Fdepgate.yml?ref=${p.base}`);
    expect(github.comments(p.number)).toHaveLength(1);
  });

  it("merge_group: compares the merge group's base and head trees", async () => {
    const b = github.commit({ ...BASE, '.github/depgate.yml': DEMO_POLICY });
    const h = github.commit({ ...BASE, ...HEAD, '.github/depgate.yml': DEMO_POLICY }, b);
    const run = await runAction({
      github,
      event: 'merge_group',
      payload: mergeGroupPayload(github, b, h),
      sha: h,
      inputs: await platformInputs(),
    });
    expect(run.code).toBe(1);
    expect(run.report).toMatchObject({ base: b, head: h, mode: 'diff' });
    expect(run.report!.lockfiles.map((l) => l.path)).toEqual(['package-lock.json', 'tools/video/yarn.lock']);
    expect(github.log).toContainEqual(`GET /repos/acme/web/git/trees/${h}?recursive=1`);
  });

  it('push: before..after, and a new branch against the default branch', async () => {
    const b = github.commit({ ...BASE, '.github/depgate.yml': 'newToOrg: off\n' });
    github.branch('main', b);
    const h = github.commit({ ...BASE, ...HEAD, '.github/depgate.yml': 'newToOrg: off\n' }, b);
    const push = await runAction({
      github,
      event: 'push',
      payload: pushPayload(github, b, h),
      sha: h,
      inputs: await platformInputs(),
    });
    expect(push.code).toBe(0);
    expect(push.report).toMatchObject({ base: b, head: h, verdict: 'pass' });
    expect(push.report!.lockfiles.map((l) => l.status)).toEqual(['modified', 'added']);
    const created = await runAction({
      github,
      event: 'push',
      payload: pushPayload(github, ZERO, h),
      sha: h,
      inputs: await platformInputs(),
    });
    expect(created.code).toBe(0);
    expect(created.report).toMatchObject({ base: b, head: h });
    expect(created.summary).toContain('a new branch: compared with main');
  });

  it('workflow_dispatch and schedule audit the lockfiles whole', async () => {
    const h = github.commit({ ...HEAD, '.github/depgate.yml': DEMO_POLICY });
    const run = await runAction({
      github,
      event: 'schedule',
      payload: { schedule: '0 6 * * 1' },
      sha: h,
      inputs: await platformInputs(),
    });
    expect(run.report).toMatchObject({ mode: 'audit', head: h });
    expect(run.report!.lockfiles).toHaveLength(2);
    expect(run.code).toBe(1);
  });

  it('a PR of 3,000+ files: says the file list hit its cap and finds the lockfiles by comparing trees', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 3100; i++)
      many[`src/generated/file-${String(i).padStart(4, '0')}.ts`] = `export const n = ${i};\n`;
    const p = openPull(
      'newToOrg: off\n',
      { ...many, 'web/package-lock.json': HEAD['package-lock.json'] },
      {
        ...BASE,
        'web/package-lock.json': BASE['package-lock.json'],
      },
    );
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { ...p, changedFiles: 3101 }),
      sha: p.head,
      inputs: await platformInputs(),
    });
    expect(run.code).toBe(0);
    expect(run.summary).toMatch(/changes 3101 files, past the 3,000/);
    expect(
      github.log.filter((l) => l.startsWith(`GET /repos/acme/web/pulls/${p.number}/files`)),
    ).toHaveLength(30);
    // Past the 3,000th file of the list: only the tree comparison finds it.
    expect(run.report!.lockfiles.map((l) => l.path)).toEqual(['web/package-lock.json']);
  });

  it('reads a lockfile over 1 MB (raw media type), and fits 6,000 violations in the comment and the summary', async () => {
    const lock = JSON.parse(HEAD['package-lock.json']) as { packages: Record<string, unknown> };
    for (let i = 0; i < 6000; i++)
      lock.packages[`node_modules/generated-pkg-${i}`] = {
        version: `1.0.${i}`,
        resolved: `https://registry.npmjs.org/generated-pkg-${i}/-/generated-pkg-${i}-1.0.${i}.tgz`,
        integrity: `sha512-${Buffer.from(String(i).padStart(64, '0')).toString('base64')}`,
        license: 'MIT',
      };
    const big = `${JSON.stringify(lock, null, 2)}\n`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const p = openPull(
      'deny:\n  - { name: generated-pkg, reason: "generated for the test" }\nnewToOrg: off\n',
      {
        'package-lock.json': big,
      },
    );
    const run = await runPull(p, { platform: 'off', 'api-token': '' });
    expect(run.code).toBe(1);
    expect(Number(run.outputs.introduced)).toBeGreaterThan(6000);
    expect(run.outputs.violations).toBe('6000');
    // 6,000 violations: the comment is cut to GitHub's limit and points to the summary, which holds more
    // and stays under its 1 MiB; the annotations stop at the first few, blocking ones first.
    const [comment] = github.comments(p.number);
    expect(comment!.body.length).toBeLessThanOrEqual(65_536);
    expect(comment!.body).toContain('https://github.com/acme/web/actions/runs/4242');
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary.length).toBeGreaterThan(comment!.body.length);
    const errorsShown = errors(run).filter((a) => a.file === 'package-lock.json');
    expect(errorsShown.length).toBeGreaterThan(5);
    expect(errorsShown.length).toBeLessThanOrEqual(50);
  });

  it('fails closed on a malformed lockfile, annotated at its file and line', async () => {
    const p = openPull('newToOrg: off\n', {
      'package-lock.json': '{\n  "lockfileVersion": 3,\n  "packages": {\n    oops\n}\n',
    });
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBeUndefined();
    expect(errors(run)[0]).toMatchObject({ file: 'package-lock.json', line: 4 });
    expect(run.summary).toContain('could not check');
  });

  it('treats a platform that cannot be reached as an error, never a pass, and never prints the token', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p, { 'api-url': 'http://127.0.0.1:9', 'api-token': 'secret-token-value-123' });
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBeUndefined();
    expect(run.stdout).toMatch(
      /^::error::the platform failed, so nothing is passed.*hint: .*the api-url input/m,
    );
    // Masked (the runner hides them from then on) and never printed otherwise.
    expect(run.stdout).toContain('::add-mask::secret-token-value-123');
    const printed = run.stdout.replace(/^::add-mask::.*$/gm, '') + run.stderr + run.summary;
    expect(printed).not.toContain('secret-token-value-123');
    expect(printed).not.toContain(TOKENS.write);
  });

  it('without a token and platform on, fails and says how to fix it', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p, { 'api-token': '' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::platform is on but api-token is empty/);
    expect(run.stdout).toContain('secrets.DEPGATE_API_TOKEN');
    expect(run.stdout).toContain('forks');
    expect(github.log.some((l) => l.includes(`pulls/${p.number}/`))).toBe(false);
  });

  it('with platform off and no token, checks the local policy and skips the tags with a notice', async () => {
    const p = openPull(DEMO_POLICY, HEAD);
    const run = await runPull(p, { platform: 'off', 'api-token': '', sarif: 'depgate.sarif' });
    expect(run.code).toBe(1);
    expect(run.report!.platform.mode).toBe('off');
    expect(run.stdout).toMatch(/^::notice::depgate: project tags skipped/m);
  });

  it('lists every input mistake at once', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p, { platform: 'maybe', comment: 'sometimes', 'warn-only': 'yes' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input platform');
    expect(run.stdout).toContain('input comment');
    expect(run.stdout).toContain('input warn-only');
  });

  it('fails closed on a malformed policy, annotated at its line in the policy file', async () => {
    const p = openPull('deny:\n  - { name: lodash\n', HEAD);
    const run = await runPull(p);
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBeUndefined();
    expect(errors(run).find((a) => a.file === '.github/depgate.yml')?.line).toBeGreaterThanOrEqual(2);
  });

  it('a tagging failure is a warning, or a failure with fail-on-tag-error', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const warned = await runPull(p, { 'project-name': 'acme/not-on-the-platform' });
    expect(warned.code).toBe(0);
    expect(warned.outputs.verdict).toBe('pass');
    expect(warned.stdout).toMatch(
      /^::warning::depgate: could not tag acme\/not-on-the-platform on the platform: .*404/m,
    );
    const failed = await runPull(p, {
      'project-name': 'acme/not-on-the-platform',
      'fail-on-tag-error': 'true',
    });
    expect(failed.code).toBe(1);
    expect(failed.outputs.verdict).toBe('pass');
    expect(failed.stdout).toMatch(/^::error::depgate: could not tag .*404.*\(fail-on-tag-error\)/m);
  });

  it('with platform off, an unreachable platform only costs the tags (a warning)', async () => {
    const p = openPull('newToOrg: off\n', HEAD);
    const run = await runPull(p, {
      platform: 'off',
      'api-url': 'http://127.0.0.1:9',
      'api-token': 'secret-token-value-456',
    });
    expect(run.code).toBe(0);
    expect(run.report!.platform.mode).toBe('off');
    expect(run.stdout).toMatch(/^::warning::depgate: could not tag acme\/web/m);
  });

  it(
    'reads pyproject.toml beside a poetry.lock at the head: a bumped transitive package comes with its chain',
    CORPUS_TEST,
    async () => {
      const lock = readFileSync(corpusPath('real-projects', 'poetry', 'poetry.lock'), 'utf8');
      const bumped = lock.replace(
        'name = "urllib3"\nversion = "2.6.3"',
        'name = "urllib3"\nversion = "2.6.4"',
      );
      expect(bumped).not.toBe(lock);
      const pyproject = '[project]\nname = "app"\ndependencies = ["cachecontrol (>=0.14,<0.15)"]\n';
      const policy = 'newToOrg: off\ndeny:\n  - { name: urllib3, exactNameMatch: true }\n';
      const p = openPull(
        policy,
        { 'poetry.lock': bumped, 'pyproject.toml': pyproject },
        { 'poetry.lock': lock, 'pyproject.toml': pyproject },
      );
      const run = await runPull(p);
      expect(run.outputs.verdict).toBe('block');
      expect(run.report!.lockfiles[0]).toMatchObject({
        path: 'poetry.lock',
        edgesRecorded: true,
        changes: [
          { name: 'urllib3', transitivity: 'transitive', path: ['cachecontrol', 'requests', 'urllib3'] },
        ],
      });
      expect(run.summary).toContain('Changes: transitive via `cachecontrol`: `urllib3` `2.6.3` → `2.6.4`');
      expect(run.summary).toContain('`cachecontrol` → `requests` → `urllib3`');
    },
  );

  it('a push that deletes a branch has nothing to check; an event it does not know fails and lists those it does', async () => {
    const h = github.commit({ ...HEAD, '.github/depgate.yml': 'newToOrg: off\n' });
    const deleted = await runAction({
      github,
      event: 'push',
      payload: { ...pushPayload(github, h, ZERO), deleted: true },
      sha: ZERO,
      inputs: await platformInputs(),
    });
    expect(deleted.code).toBe(0);
    expect(deleted.outputs.verdict).toBe('pass');
    expect(deleted.stdout).toMatch(/^::notice::depgate: the push deleted the branch/m);
    const unknown = await runAction({
      github,
      event: 'issues',
      payload: { action: 'opened' },
      sha: h,
      inputs: await platformInputs(),
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(
      /^::error::depgate does not run on issues events: use it on pull_request, pull_request_target, merge_group, push, workflow_dispatch, schedule/m,
    );
  });
});
