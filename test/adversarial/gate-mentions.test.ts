// A pull request's own lockfile writes names, versions and licenses that try to ping people, link
// issues, run HTML or break the report's tables. Run as users run them (`depgate check` on a real git
// repository, dist/index.js as GitHub runs it), every place the report is shown keeps them inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { codeTexts, liveMarkup, renderGfm } from './markdown-inert.js';
import { npmLockfile, type NpmLockEntry } from '../helpers/npm-lockfile.js';

const TEAM = '@acme/security-team';
const MENTION_VERSION = '1.0.0 @octocat #1 GH-1 https://evil.example/x www.evil.example';
const MARKUP_NAME = 'evil`x``|y<img src=x onerror=alert(1)>[click](https://evil.example) @octocat';
const BREAKING_VERSION = '2.0.0\n\n@octocat #2\n| a | b |\r\n::error::forged\u001b[2J\u202e';
const LICENSE = '@octocat #3 <b>bold</b> | GH-3';

const lockfile = (packages: Record<string, NpmLockEntry>) => npmLockfile(packages, () => '*');

const HOSTILE = {
  [TEAM]: { version: MENTION_VERSION, license: 'MIT' },
  [MARKUP_NAME]: { version: BREAKING_VERSION, license: LICENSE },
};

// Every hostile package blocks: the team's by name, the other by its unjudgeable license.
const POLICY = `deny:
  - name: "${TEAM}"
    exactNameMatch: true
    reason: "pinged @acme/security-team? see #4"
licenses:
  deny: [GPL-3.0-only]
  unknown: fail
`;

const BASE = { '.github/depgate.yml': POLICY, 'package-lock.json': lockfile({}) };
const HEAD = { '.github/depgate.yml': POLICY, 'package-lock.json': lockfile(HOSTILE) };

/** Asserts that Markdown shows each hostile value, whole, inside a code span, and nothing live. */
function expectInert(markdown: string, allowedLinks: string[] = []): void {
  const html = renderGfm(markdown);
  expect(liveMarkup(html, allowedLinks)).toEqual([]);
  const code = codeTexts(html);
  expect(code).toContain(TEAM);
  expect(code).toContain(MARKUP_NAME);
  expect(code).toContain(MENTION_VERSION);
  // Line breaks and controls are shown as escapes, so the value stays on its row.
  expect(code).toContain('2.0.0\\n\\n@octocat #2\\n| a | b |\\r\\n::error::forged\\u{1B}[2J\\u{202E}');
  // Every table row has the cells of its header.
  for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
    const width = (table.match(/<th[ >]/g) ?? []).length;
    for (const row of table.match(/<tr>[\s\S]*?<\/tr>/g) ?? [])
      if (row.includes('<td')) expect((row.match(/<td[ >]/g) ?? []).length).toBe(width);
  }
}

describe('depgate check with names, versions and licenses that mean to ping, link or break the layout', () => {
  const repo = makeRepo(BASE, HEAD);

  it('the Markdown report shows them in code spans: no mention, reference, link or HTML', async () => {
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'markdown'], {
      cwd: repo,
    });
    expect(run.stderr).toContain('blocked: 2 violations');
    expect(run.code).toBe(1);
    expectInert(run.stdout);
  });

  it('the text report shows controls and line breaks as escapes: no forged line, no terminal code', async () => {
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(run.code).toBe(1);
    for (const c of ['\u001b', '\u202e', '\r']) expect(run.stdout).not.toContain(c);
    expect(run.stdout.split('\n').some((l) => l.startsWith('::error::'))).toBe(false);
    expect(run.stdout).toContain(
      '2.0.0\\n\\n@octocat #2\\n| a | b |\\r\\n::error::forged\\u{1B}[2J\\u{202E}',
    );
  });
});

describe('the Action on a pull request whose lockfile names mean to ping, link or break the layout', () => {
  let github: FakeGitHub;
  let run: Awaited<ReturnType<typeof runAction>>;
  const runUrl = 'https://github.com/acme/web/actions/runs/4242';

  beforeAll(async () => {
    github = await startFakeGitHub();
    const base = github.commit(BASE);
    const head = github.commit(HEAD, base);
    github.pull(7, base, head);
    run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number: 7, base, head }),
      sha: head,
      inputs: { platform: 'off' },
    });
  });
  afterAll(() => github.close());

  it('fails the step on both packages', () => {
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('block');
    expect(run.outputs.violations).toBe('2');
  });

  it('the sticky comment pings no one, links nothing and keeps its tables', () => {
    const [comment] = github.comments(7);
    expect(comment).toBeDefined();
    expectInert(comment!.body, [runUrl]);
  });

  it('the job summary pings no one, links nothing and keeps its tables', () => {
    expectInert(run.summary, [runUrl]);
  });

  it('the annotations carry the values whole, escaped by the workflow-command rules', () => {
    // No line of the log is a workflow command the lockfile wrote.
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::forged'))).toEqual([]);
    const team = run.annotations.find((a) => a.title?.includes(TEAM));
    const line =
      HEAD['package-lock.json'].split('\n').findIndex((l) => l.includes(`"node_modules/${TEAM}"`)) + 1;
    expect(team).toMatchObject({ level: 'error', file: 'package-lock.json', line });
    expect(team!.title).toContain(MENTION_VERSION);
    const markup = run.annotations.find((a) => a.title?.includes(MARKUP_NAME));
    expect(markup?.file).toBe('package-lock.json');
    expect(markup!.title).toContain(
      '2.0.0\\n\\n@octocat #2\\n| a | b |\\r\\n::error::forged\\u{1B}[2J\\u{202E}',
    );
  });
});
