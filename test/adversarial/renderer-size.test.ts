// A change with 180,000 findings: every renderer gives its whole answer or a capped one that says how
// much it left out, never a crash (text and Markdown used to exit 70 here), and the comment and the
// summary stay within GitHub's limits. Run as users run them: `depgate check` on a real git
// repository, dist/index.js as GitHub runs it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const FINDINGS = 180_000;

/** A package-lock v3 of `count` direct dependencies `pkg-0` ... (no licenses recorded). */
function bigLockfile(count: number): string {
  const lines = [
    '{',
    '  "name": "app",',
    '  "version": "1.0.0",',
    '  "lockfileVersion": 3,',
    '  "requires": true,',
    '  "packages": {',
    `    "": { "name": "app", "version": "1.0.0" }${count > 0 ? ',' : ''}`,
  ];
  for (let i = 0; i < count; i++)
    lines.push(`    "node_modules/pkg-${i}": { "version": "1.0.${i % 100}" }${i + 1 < count ? ',' : ''}`);
  lines.push('  }', '}', '');
  return lines.join('\n');
}
const EMPTY = bigLockfile(0);
const BIG = bigLockfile(FINDINGS);

/** Every package warns (no license known): nothing blocks, so the CLI's exit code is 0. */
const WARN_POLICY = 'licenses:\n  deny: [GPL-3.0-only]\n  unknown: warn\n';
/** Every package is denied: 180,000 violations. */
const DENY_POLICY = 'deny:\n  - name: pkg-\n    reason: "all of them"\n';

const omittedCount = (text: string, pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN);

describe(`depgate check on a change with ${FINDINGS.toLocaleString('en-US')} findings`, () => {
  const repo = makeRepo(
    { '.github/depgate.yml': WARN_POLICY, 'package-lock.json': EMPTY },
    { '.github/depgate.yml': WARN_POLICY, 'package-lock.json': BIG },
  );
  const check = (format: string) =>
    runDepgate(
      ['check', '--base', 'main', '--head', 'change', '--format', format, '--output', 'report.out'],
      {
        cwd: repo,
      },
    ).then((run) => {
      if (run.code !== 0 && run.code !== 1) throw new Error(`exit ${run.code}: ${run.stderr}`);
      return { ...run, report: readFileSync(join(repo, 'report.out'), 'utf8') };
    });

  it('text lists the first 10,000 and counts the rest', async () => {
    const run = await check('text');
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${FINDINGS} warnings`);
    const listed = run.report.split('\n').filter((l) => /^\s+warn\s+pkg-\d+/.test(l)).length;
    expect(listed).toBe(10_000);
    expect(omittedCount(run.report, /(\d+) findings not listed past the first 10,000/)).toBe(
      FINDINGS - listed,
    );
  }, 300_000);

  it('Markdown fits its 65,000 characters and says how many findings it left out', async () => {
    const run = await check('markdown');
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.code).toBe(0);
    expect(run.report.length).toBeLessThanOrEqual(65_000);
    const rows = run.report.split('\n').filter((l) => l.startsWith('| warn |')).length;
    expect(rows).toBeGreaterThan(100);
    expect(omittedCount(run.report, /\*\*(\d+) findings not shown to stay within the size limit\*\*/)).toBe(
      FINDINGS - rows,
    );
  }, 300_000);

  it('JSON holds every finding', async () => {
    const run = await check('json');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.report) as Report).findings).toHaveLength(FINDINGS);
  }, 300_000);
});

describe(`the Action on a pull request with ${FINDINGS.toLocaleString('en-US')} violations`, () => {
  let github: FakeGitHub;
  let run: Awaited<ReturnType<typeof runAction>>;
  beforeAll(async () => {
    github = await startFakeGitHub();
    const base = github.commit({ '.github/depgate.yml': DENY_POLICY, 'package-lock.json': EMPTY });
    const head = github.commit({ '.github/depgate.yml': DENY_POLICY, 'package-lock.json': BIG }, base);
    github.pull(1, base, head);
    run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number: 1, base, head }),
      sha: head,
      inputs: { platform: 'off' },
    });
  }, 300_000);
  afterAll(() => github.close());

  it('fails the step with every violation counted', () => {
    expect(run.stdout).not.toMatch(/unexpected error/);
    expect(run.code).toBe(1);
    expect(run.outputs.violations).toBe(String(FINDINGS));
  });

  it("keeps the sticky comment within GitHub's 65,536 characters, saying what it left out", () => {
    const [comment] = github.comments(1);
    expect(comment!.body.length).toBeLessThanOrEqual(65_536);
    expect(comment!.body).toMatch(/findings not shown to stay within the size limit/);
  });

  it('keeps the job summary within 1 MiB, saying what it left out', () => {
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary).toMatch(/\*\*\d+ findings not shown to stay within the size limit\*\*/);
  });
});
