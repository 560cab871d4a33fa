import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';

// Test fixtures named like lockfiles, as real projects commit them: a package manager's own tests of
// its errors, a syntax highlighter's sample output. Found over real history, where each stopped the
// whole check with exit 2. They cannot be read, and no install reads them either.

/** python-poetry/poetry, tests/fixtures/incompatible_lock/poetry.lock (commit 7d414af680): whole. */
const POETRY_999 = '[metadata]\nlock-version = "999.0"\n';
/**
 * sharkdp/bat, tests/syntax-tests/highlighted/Go/go.mod (commit 28ab873a3f): bat's highlighted output
 * of a go.mod, the same text with the terminal colour codes bat writes around each token.
 */
const ESC = '\u001b';
const paint = (rgb: string, text: string) => `${ESC}[38;2;${rgb}m${text}${ESC}[0m`;
const BAT_GO_MOD =
  `${paint('249;38;114', 'module')}${paint('248;248;242', ' hugeparam')}\n\n` +
  `${paint('249;38;114', 'go')}${paint('248;248;242', ' ')}${paint('190;132;255', '1.25.1')}\n\n` +
  `${paint('249;38;114', 'require')}${paint('248;248;242', ' golang.org/x/tools ')}${paint('190;132;255', 'v0.37.0')}\n`;

const lock = (version: string) =>
  `${JSON.stringify(
    {
      name: 'app',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', dependencies: { 'left-pad': '^1.3.0' } },
        'node_modules/left-pad': {
          version,
          resolved: `https://registry.npmjs.org/left-pad/-/left-pad-${version}.tgz`,
          integrity: `sha512-${version === '1.3.0' ? 'A' : 'B'}${'x'.repeat(84)}==`,
        },
      },
    },
    null,
    2,
  )}\n`;

const FIXTURES: Files = {
  'tests/fixtures/incompatible_lock/poetry.lock': POETRY_999,
  'tests/syntax-tests/highlighted/Go/go.mod': BAT_GO_MOD,
};

async function check(repo: string) {
  return runDepgate(
    ['check', '--base', 'main', '--head', 'change', '--platform', 'off', '--format', 'json'],
    {
      cwd: repo,
    },
  );
}

describe('depgate check: lockfiles under test-fixture folders that cannot be read', () => {
  it('tells each one, at its line, and checks the others: the change passes', async () => {
    const repo = makeRepo(
      { 'package-lock.json': lock('1.3.0') },
      { 'package-lock.json': lock('1.3.1'), ...FIXTURES },
    );
    const run = await check(repo);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.lockfiles.map((l) => [l.path, l.counts.upgraded])).toEqual([['package-lock.json', 1]]);
    const notes = report.notes.filter((n) => n.level === 'warning' && n.message.startsWith('cannot be read'));
    expect(notes.map((n) => n.file).sort()).toEqual(Object.keys(FIXTURES).sort());
    const poetry = notes.find((n) => n.file?.endsWith('poetry.lock'))!;
    expect(poetry).toMatchObject({ line: 1 });
    expect(poetry.message).toMatch(/lock-version 999\.0.*test-fixture folder.*paths\.include/);
    // The terminal codes of the file never reach the report as they are.
    expect(run.stdout).not.toContain(ESC);
  });

  it('still refuses the same file where a project installs from it, and where the policy names it', async () => {
    const outside = makeRepo({}, { 'poetry.lock': POETRY_999 });
    const refused = await check(outside);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/poetry\.lock:1: unsupported poetry\.lock lock-version 999\.0/);

    const named = makeRepo(
      { '.github/depgate.yml': 'paths:\n  include: ["tests/**"]\n' },
      { '.github/depgate.yml': 'paths:\n  include: ["tests/**"]\n', ...FIXTURES },
    );
    const covered = await check(named);
    expect(covered.code).toBe(2);
    expect(covered.stderr).toMatch(/lock-version 999\.0/);
  });
});
