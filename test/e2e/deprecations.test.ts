// Node 21 and later print DEP0040 (the `punycode` module) whenever node-fetch 2 loads; GitHub runs the
// Action on Node 24. Node 20 prints the same warnings under --pending-deprecation, so the Action and the
// CLI run here with it: any deprecation they would print on Node 24 shows up on stderr.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const WARN_LIKE_NODE_24 = { NODE_OPTIONS: '--pending-deprecation --trace-deprecation' };

describe('no deprecation warnings on the runtimes the Action and the CLI run on', () => {
  const emulator = startTestEmulator();
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  it('the CLI: the demo (check against the emulator over HTTP, tagging, the relay to Slack)', async () => {
    const run = await runDepgate(['demo'], { env: { NO_COLOR: '1', ...WARN_LIKE_NODE_24 } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('depgate BLOCKED');
    expect(run.stderr).not.toMatch(/DeprecationWarning|DEP\d{4}/);
  });

  it('the Action: a pull request checked against the platform and commented on', async () => {
    const policy = read('examples/demo/head/.github/depgate.yml');
    const base = github.commit({
      'package-lock.json': read('examples/demo/base/package-lock.json'),
      '.github/depgate.yml': policy,
    });
    const head = github.commit(
      { 'package-lock.json': read('examples/demo/head/package-lock.json'), '.github/depgate.yml': policy },
      base,
    );
    github.pull(1, base, head);
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number: 1, base, head, fork: false }),
      sha: head,
      inputs: { 'api-url': (await emulator).url, 'api-token': SEED_TOKENS.api },
      env: WARN_LIKE_NODE_24,
    });
    expect(run.outputs.verdict).toBe('block');
    expect(run.stderr).not.toMatch(/DeprecationWarning|DEP\d{4}/);
    expect(run.stdout).not.toMatch(/DeprecationWarning|DEP\d{4}/);
  });
});
