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
import { startFakeGitHub, TOKENS, type FakeGitHub } from '../helpers/github-server.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DEMO_POLICY = read('examples/demo/head/.github/depgate.yml');
const BASE = { 'package-lock.json': read('examples/demo/base/package-lock.json'), 'package.json': read('examples/demo/base/package.json') };
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
    for await (const p of client.projects(SEED_DEPLOYMENT.slug).items()) if (p.name === project) return p.tags;
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
      inputs: { ...(await platformInputs()), ...inputs, ...(options.token ? { 'github-token': options.token } : {}) },
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
});
