import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { pullRequestPayload, runAction, type ActionRun } from '../helpers/action.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { CORPUS_TEST, corpusPath, HAS_CORPUS } from '../helpers/paths.js';

// The Action on a pull request that moves or migrates a lockfile: GitHub lists an exact move as a
// rename (`previous_filename`), anything else as a removal and an addition; both are told as a move.

const ROOT = join(import.meta.dirname, '../..');
// Read where the corpus is; without it the tests that use it skip.
const JEST = HAS_CORPUS ? readFileSync(corpusPath('real-projects/jest/yarn.lock'), 'utf8') : '';
const VUE = join(ROOT, 'test/fixtures/gate/moves/vue-core-yarn-to-pnpm');
const POLICY =
  'deny:\n  - { name: lodash, exactNameMatch: true }\n  - { name: left-pad, exactNameMatch: true }\n  - { name: typescript, exactNameMatch: true }\nnewToOrg: off\n';
const LEFT_PAD = `
"left-pad@npm:^1.3.0":
  version: 1.3.0
  resolution: "left-pad@npm:1.3.0"
  checksum: 10/13fa96e17b70a54836490de22d4bab706e2ed508338bbabecfac72ecce445a74139c5b009a8112252cab8fc4ab7ac4ebd870e5b35bd236b443b12be96f8745ac
  languageName: node
  linkType: hard
`;

describe('the Action (dist/index.js) on moved and migrated lockfiles', () => {
  const emulator = startTestEmulator();
  let github: FakeGitHub;
  let pr = 1;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  async function runPull(
    base: Record<string, string>,
    head: Record<string, string>,
    policy = POLICY,
  ): Promise<ActionRun> {
    const b = github.commit({ ...base, '.github/depgate.yml': policy });
    const h = github.commit({ ...head, '.github/depgate.yml': policy }, b);
    const number = pr++;
    github.pull(number, b, h);
    return runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number, base: b, head: h, fork: false }),
      sha: h,
      inputs: { 'api-url': (await emulator).url, 'api-token': SEED_TOKENS.api },
    });
  }

  it(
    'a lockfile renamed from a path the policy excludes is judged as added, and blocks what it holds',
    CORPUS_TEST,
    async () => {
      const policy = `${POLICY}paths:\n  exclude: ["examples/**"]\n`;
      const run = await runPull({ 'examples/yarn.lock': JEST }, { 'svc/yarn.lock': JEST }, policy);
      expect(run.code).toBe(1);
      const [lockfile] = run.report!.lockfiles;
      expect(lockfile).toMatchObject({ path: 'svc/yarn.lock', status: 'added' });
      expect(lockfile!.movedFrom).toBeUndefined();
      const blocking = run.report!.findings.filter((f) => f.blocking);
      expect(blocking.map((f) => f.name)).toContain('typescript');
      expect(blocking.every((f) => !f.preExisting)).toBe(true);
      expect(run.report!.notes.map((n) => n.message)).toContain(
        "renamed from examples/yarn.lock, which the policy's paths do not cover: read as added",
      );
    },
  );

  it(
    'a lockfile moved into the paths of a path-scoped rule blocks what that rule never judged before',
    CORPUS_TEST,
    async () => {
      const policy =
        'deny:\n  - { name: typescript, exactNameMatch: true, paths: ["app/**"] }\nnewToOrg: off\n';
      const run = await runPull({ 'lib/yarn.lock': JEST }, { 'app/yarn.lock': JEST }, policy);
      expect(run.code).toBe(1);
      expect(run.report!.lockfiles[0]).toMatchObject({ path: 'app/yarn.lock', movedFrom: 'lib/yarn.lock' });
      const blocking = run.report!.findings.filter((f) => f.blocking);
      expect(blocking.map((f) => [f.name, f.rule.id, f.preExisting])).toEqual(
        blocking.map(() => ['typescript', 'deny[0]', false]),
      );
      expect(blocking.length).toBeGreaterThan(0);
      // Where the rule applied on the base too, the same move stays pre-existing.
      const within = await runPull({ 'app/a/yarn.lock': JEST }, { 'app/b/yarn.lock': JEST }, policy);
      expect(within.code).toBe(0);
      expect(within.report!.findings.filter((f) => f.name === 'typescript').every((f) => f.preExisting)).toBe(
        true,
      );
    },
  );

  it('a lockfile GitHub lists as renamed introduces nothing and passes', CORPUS_TEST, async () => {
    const run = await runPull({ 'docs/yarn.lock': JEST }, { 'dev-docs/yarn.lock': JEST });
    expect(run.code).toBe(0);
    expect(run.report!.lockfiles).toEqual([
      expect.objectContaining({ path: 'dev-docs/yarn.lock', movedFrom: 'docs/yarn.lock', changes: [] }),
    ]);
    expect(run.report!.counts).toMatchObject({ introduced: 0, violations: 0 });
    expect(run.summary).toContain('Moved from `docs/yarn.lock`, 0 packages introduced');
    expect(run.report!.baseLabel).toBe(`merge base of main (${run.report!.base!.slice(0, 7)})`);
    expect(run.summary).toContain(`against merge base of main (${run.report!.base!.slice(0, 7)})`);
  });

  it(
    'a move with an entry slipped in is matched by its packages and blocks on that entry',
    CORPUS_TEST,
    async () => {
      const run = await runPull({ 'docs/yarn.lock': JEST }, { 'dev-docs/yarn.lock': `${JEST}${LEFT_PAD}` });
      expect(run.code).not.toBe(0);
      expect(run.report!.lockfiles).toEqual([
        expect.objectContaining({ path: 'dev-docs/yarn.lock', movedFrom: 'docs/yarn.lock' }),
      ]);
      expect(run.report!.findings.filter((f) => f.blocking).map((f) => `${f.name}@${f.version}`)).toEqual([
        'left-pad@1.3.0',
      ]);
      expect(run.summary).toContain('Moved from `docs/yarn.lock`, 1 package introduced (1 added)');
    },
  );

  it("vuejs/core's yarn -> pnpm migration: typescript, in both files, does not block", async () => {
    const run = await runPull(
      { 'yarn.lock': readFileSync(join(VUE, 'base/yarn.lock'), 'utf8') },
      { 'pnpm-lock.yaml': readFileSync(join(VUE, 'head/pnpm-lock.yaml'), 'utf8') },
    );
    expect(run.report!.lockfiles).toEqual([
      expect.objectContaining({
        path: 'pnpm-lock.yaml',
        migratedFrom: { path: 'yarn.lock', format: 'yarn@1' },
      }),
    ]);
    expect(run.report!.findings.find((f) => f.name === 'typescript')).toMatchObject({
      preExisting: true,
      blocking: false,
    });
    expect(run.code).toBe(0);
    expect(run.summary).toContain(
      'Migrated from `yarn.lock` (`yarn@1`) to `pnpm-lock.yaml`: 3 added, 10 removed, 104 upgraded',
    );
  });

  it('a pnpm-lock.yaml added beside an unchanged package-lock.json is judged whole: the other is another set of dependencies', async () => {
    const graph = (path: string) => readFileSync(join(ROOT, 'test/fixtures/gate', path), 'utf8');
    const npm = graph('npm/head/package-lock.json');
    const run = await runPull(
      { 'package-lock.json': npm },
      { 'package-lock.json': npm, 'pnpm-lock.yaml': graph('pnpm/head/pnpm-lock.yaml') },
    );
    const [lockfile] = run.report!.lockfiles;
    expect(lockfile).toMatchObject({ path: 'pnpm-lock.yaml', status: 'added' });
    expect(lockfile!.changes.length).toBeGreaterThan(0);
    expect(lockfile!.changes.filter((c) => c.inBase !== undefined)).toEqual([]);
    expect(run.report!.counts.introduced).toBe(lockfile!.changes.length);
    // lodash, which POLICY denies, is in the graph: new to pnpm-lock.yaml, it blocks.
    expect(run.report!.findings.filter((f) => f.blocking).map((f) => [f.name, f.preExisting])).toEqual([
      ['lodash', false],
    ]);
    expect(run.code).toBe(1);
  });
});
