import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestPayload, runAction, type ActionRun } from '../helpers/action.js';
import { SEED_TOKENS } from '../../src/emulator/seed.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { freshActionBundle } from '../helpers/fresh-bundle.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { ROOT } from '../helpers/paths.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const BASE = {
  'package-lock.json': read('examples/demo/base/package-lock.json'),
  'package.json': read('examples/demo/base/package.json'),
};
const HEAD = {
  'package-lock.json': read('examples/demo/head/package-lock.json'),
  'package.json': read('examples/demo/head/package.json'),
};

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the Action with known vulnerabilities, against a GitHub REST server and the emulator serving OSV', () => {
  const emulator = startTestEmulator();
  let github: FakeGitHub;
  let pr = 1;
  // The Action bundle built from the current source: what the runner runs, not a committed dist/ that may lag it.
  let entry = '';
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
    entry = await freshActionBundle();
  }, 900_000);
  afterAll(() => github.close());

  /** A PR from the demo's head onto its base, the policy on the base. */
  function openPull(policy: string) {
    const b = github.commit({ ...BASE, '.github/depgate.yml': policy });
    const h = github.commit({ ...BASE, ...HEAD, '.github/depgate.yml': policy }, b);
    const number = pr++;
    github.pull(number, b, h);
    return { number, base: b, head: h };
  }
  async function runPull(
    p: { number: number; base: string; head: string },
    inputs: Record<string, string>,
  ): Promise<ActionRun> {
    return runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { ...p, fork: false }),
      sha: p.head,
      inputs: { platform: 'off', comment: 'always', ...inputs },
      entry,
    });
  }

  it('blocks a PR that introduces advisories at or above failOn, with the fix in the comment, summary and annotations', async () => {
    const p = openPull('vulnerabilities:\n  failOn: high\n');
    const run = await runPull(p, { 'osv-url': (await emulator).url });
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(run.stdout).toContain(`known vulnerabilities from osv (${(await emulator).url}) (failOn high)`);
    const [comment] = github.comments(p.number);
    expect(comment!.body).toContain('fix: lodash 4.17.20 -\\> 4.17.21');
    expect(comment!.body).toContain(
      '[`GHSA-35jh-r3h4-6jhm`](https://osv.dev/vulnerability/GHSA-35jh-r3h4-6jhm)',
    );
    expect(comment!.body).toContain(
      '[`GHSA-xvch-5gv4-984h`](https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h)',
    );
    expect(run.summary).toContain('fix: minimist 1.2.5 -\\> 1.2.6');
    const lodash = run.report!.findings.find((f) => f.kind === 'vulnerability' && f.name === 'lodash')!;
    expect(lodash).toMatchObject({ blocking: true, fix: '4.17.21' });
    const annotation = run.annotations.find((a) => a.level === 'error' && a.title?.includes('lodash'));
    expect(annotation).toMatchObject({ file: 'package-lock.json', line: lodash.line });
    expect(annotation!.message).toContain('fix: lodash 4.17.20 -> 4.17.21');
  });

  it('with the platform on, the comment says where the organization has the version flagged and reachable', async () => {
    const p = openPull('vulnerabilities:\n  failOn: high\n  sources: [osv, platform]\n');
    const url = (await emulator).url;
    const run = await runPull(p, {
      'osv-url': url,
      platform: 'on',
      'api-url': url,
      'api-token': SEED_TOKENS.api,
    });
    expect(run.code).toBe(1);
    const lodash = run.report!.findings.find((f) => f.kind === 'vulnerability' && f.name === 'lodash')!;
    expect(lodash.organization).toMatchObject({ flagged: 1, reachable: 1, repositories: ['acme/web'] });
    const [comment] = github.comments(p.number);
    expect(comment!.body).toContain('flagged in 1 repository of the organization, reachable in 1');
  });

  it('with the platform off, a policy that lists it fails the step, saying why', async () => {
    const p = openPull('vulnerabilities:\n  sources: [osv, platform]\n');
    const run = await runPull(p, { 'osv-url': (await emulator).url });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('the platform is off (no api-token, or platform: off)');
  });

  it('fails the step, naming the source, when OSV cannot answer; onError: warn passes with a warning', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const failing = await runPull(openPull('vulnerabilities: {}\n'), { 'osv-url': down });
    expect(failing.code).toBe(1);
    expect(failing.outputs.verdict).toBeUndefined();
    expect(failing.stdout).toContain('known vulnerabilities could not be checked, so nothing is passed');
    expect(failing.stdout).toContain(`osv (${down}):`);
    expect(failing.summary).toContain('depgate could not check this change');
    const warned = await runPull(openPull('vulnerabilities: { onError: warn }\n'), { 'osv-url': down });
    expect(warned.code).toBe(0);
    expect(warned.outputs.verdict).toBe('pass');
    expect(
      warned.report!.notes.some(
        (n) => n.level === 'warning' && n.message.startsWith(`osv (${down}) could not answer`),
      ),
    ).toBe(true);
    // The source that did not answer is a warning in the counts the headline shows.
    expect(warned.report!.counts).toMatchObject({ violations: 0, warnings: 1 });
  });

  it('bands an advisory that has only a CVSS vector by its score (PYSEC-2024-60, idna 3.6: high)', async () => {
    // A real record (test/fixtures/advisories), in an offline database: CVSS 3.1 7.5, no GitHub band.
    const db = mkdtempSync(join(tmpdir(), 'depgate-action-osv-'));
    afterAll(() => rmSync(db, { recursive: true, force: true }));
    writeUnpackedExport(join(db, 'PyPI'), [
      JSON.parse(read('test/fixtures/advisories/PYSEC-2024-60.json')) as Record<string, unknown>,
    ]);
    const policy = 'vulnerabilities: { failOn: critical }\n';
    const b = github.commit({ 'requirements.txt': 'requests==2.32.3\n', '.github/depgate.yml': policy });
    const h = github.commit(
      { 'requirements.txt': 'requests==2.32.3\nidna==3.6\n', '.github/depgate.yml': policy },
      b,
    );
    const number = pr++;
    github.pull(number, b, h);
    const run = await runPull({ number, base: b, head: h }, { 'osv-database': db });
    expect(run.code).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    const finding = run.report!.findings.find((f) => f.kind === 'vulnerability')!;
    expect(finding.advisories!.map((a) => [a.id, a.severity, a.score])).toEqual([
      ['PYSEC-2024-60', 'high', 7.5],
    ]);
  });

  it('refuses osv-url with osv-database together, as a setup problem', async () => {
    const run = await runPull(openPull('vulnerabilities: {}\n'), {
      'osv-url': (await emulator).url,
      'osv-database': 'osv-db',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input osv-url and input osv-database together');
  });
});
