import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_TOKENS } from '../../src/emulator/index.js';
import { runDepgate } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { makeRepo } from '../helpers/git-repo.js';

const demo = (side: string) => ({
  'package-lock.json': { copy: join(import.meta.dirname, '../../examples/demo', side, 'package-lock.json') },
});

describe('depgate check finds the deployment from the token (the code the Action shares)', () => {
  const emulator = startTestEmulator();

  it('says which deployments the token sees when the one named is not among them (exit 2)', async () => {
    const repo = makeRepo(demo('base'), demo('head'));
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], {
      cwd: repo,
      env: {
        DEPGATE_API_URL: (await emulator).url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        DEPGATE_DEPLOYMENT_SLUG: 'someone-else',
      },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the token's deployments \(1234\/acme-corp\) do not include someone-else/);
  });
});
