import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Report } from '../../src/gate/index.js';
import { TOKENS, type FakeGitHub } from './github-server.js';

export const ACTION_ROOT = join(import.meta.dirname, '../..');
export const ACTION_ENTRY = join(ACTION_ROOT, 'dist/index.js');

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  file?: string;
  line?: number;
  title?: string;
  message: string;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  report: Report | undefined;
}

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProp = (s: string) => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',');

/** `::error file=a,line=3,title=t::message` lines of a step's output. */
export function parseAnnotations(stdout: string): Annotation[] {
  const out: Annotation[] = [];
  for (const line of stdout.split('\n')) {
    const m = line.match(/^::(error|warning|notice)( [^:]*)?::(.*)$/);
    if (m === null) continue;
    const a: Annotation = { level: m[1] as Annotation['level'], message: unescapeData(m[3]!) };
    for (const pair of (m[2] ?? '').trim().split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      const [k, v] = [pair.slice(0, eq), unescapeProp(pair.slice(eq + 1))];
      if (k === 'file') a.file = v;
      else if (k === 'line') a.line = Number(v);
      else if (k === 'title') a.title = v;
    }
    out.push(a);
  }
  return out;
}

/** GITHUB_OUTPUT's `name<<delimiter` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i]!.match(/^([^<]+)<<(.+)$/);
    if (m === null) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

/** The inputs' defaults as action.yml declares them; the runner sets each as INPUT_<NAME>. */
export function actionDefaults(): Record<string, string> {
  const yml = parse(readFileSync(join(ACTION_ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
  };
  return Object.fromEntries(Object.entries(yml.inputs).map(([k, v]) => [k, String(v.default ?? '')]));
}

/**
 * Runs dist/index.js as the runner does: `node dist/index.js` with INPUT_* (action.yml's defaults,
 * `${{ github.token }}` the write token, then `inputs`), the event's name and payload file, GITHUB_OUTPUT
 * and GITHUB_STEP_SUMMARY files, and GITHUB_API_URL at the fake GitHub.
 */
export function runAction(options: {
  github: FakeGitHub;
  event: string;
  payload: Record<string, unknown>;
  sha: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The Action bundle to run (freshActionBundle() builds one from the current source); default dist/index.js. */
  entry?: string;
}): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'depgate-action-'));
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(options.payload));
  const outputPath = join(dir, 'output');
  const summaryPath = join(dir, 'summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const inputs = { ...actionDefaults(), 'github-token': TOKENS.write, ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${options.github.owner}/${options.github.repo}`,
    GITHUB_REPOSITORY_OWNER: options.github.owner,
    GITHUB_SHA: options.sha,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_WORKFLOW: 'depgate',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_NUMBER: '7',
    GITHUB_JOB: 'gate',
    GITHUB_ACTOR: 'octocat',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.github.url,
    GITHUB_GRAPHQL_URL: `${options.github.url}/graphql`,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    ...Object.fromEntries(
      Object.entries(inputs).map(([k, v]) => [`INPUT_${k.replace(/ /g, '_').toUpperCase()}`, v]),
    ),
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [options.entry ?? (process.env.DEPGATE_TEST_ACTION_BUNDLE || ACTION_ENTRY)],
      {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const outputs = parseOutputs(readFileSync(outputPath, 'utf8'));
      let report: Report | undefined;
      if (outputs.report !== undefined) report = JSON.parse(readFileSync(outputs.report, 'utf8')) as Report;
      resolve({
        code,
        stdout,
        stderr: Buffer.concat(err).toString('utf8'),
        outputs,
        summary: readFileSync(summaryPath, 'utf8'),
        annotations: parseAnnotations(stdout),
        report,
      });
    });
  });
}

const repository = (github: FakeGitHub) => ({
  id: 1296269,
  node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
  name: github.repo,
  full_name: `${github.owner}/${github.repo}`,
  private: false,
  owner: { login: github.owner, id: 1, type: 'Organization' },
  html_url: `https://github.com/${github.owner}/${github.repo}`,
  fork: false,
  default_branch: 'main',
});

/** A `pull_request` (or `pull_request_target`) payload shaped as GitHub sends it. */
export function pullRequestPayload(
  github: FakeGitHub,
  pr: { number: number; base: string; head: string; fork?: boolean; changedFiles?: number },
): Record<string, unknown> {
  const repo = repository(github);
  const headRepo = pr.fork
    ? {
        ...repo,
        id: 99,
        name: github.repo,
        full_name: `contributor/${github.repo}`,
        owner: { login: 'contributor', id: 2, type: 'User' },
        fork: true,
      }
    : repo;
  return {
    action: 'synchronize',
    number: pr.number,
    pull_request: {
      url: `${github.url}/repos/${github.owner}/${github.repo}/pulls/${pr.number}`,
      id: 1_000_000 + pr.number,
      number: pr.number,
      state: 'open',
      locked: false,
      title: 'Upgrade dependencies',
      user: { login: pr.fork ? 'contributor' : 'octocat', id: 2 },
      draft: false,
      head: { label: `${headRepo.owner.login}:change`, ref: 'change', sha: pr.head, repo: headRepo },
      base: { label: `${github.owner}:main`, ref: 'main', sha: pr.base, repo },
      author_association: pr.fork ? 'CONTRIBUTOR' : 'MEMBER',
      merged: false,
      commits: 1,
      additions: 10,
      deletions: 2,
      changed_files: pr.changedFiles ?? 1,
    },
    repository: repo,
    sender: { login: 'octocat', id: 2, type: 'User' },
  };
}

export function pushPayload(github: FakeGitHub, before: string, after: string): Record<string, unknown> {
  const created = /^0+$/.test(before);
  return {
    ref: 'refs/heads/change',
    before,
    after,
    created,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `https://github.com/${github.owner}/${github.repo}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits: [],
    head_commit: { id: after, message: 'Upgrade dependencies' },
    repository: { ...repository(github), master_branch: 'main' },
    pusher: { name: 'octocat' },
    sender: { login: 'octocat', id: 2, type: 'User' },
  };
}

export function mergeGroupPayload(github: FakeGitHub, base: string, head: string): Record<string, unknown> {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: head,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-12-${base}`,
      base_sha: base,
      base_ref: 'refs/heads/main',
      head_commit: {
        id: head,
        tree_id: head,
        message: 'Merge pull request #12',
        timestamp: '2026-11-24T12:00:00Z',
      },
    },
    repository: repository(github),
    sender: { login: 'octocat', id: 2, type: 'User' },
  };
}
