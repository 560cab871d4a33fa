import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { freshCliBundle } from '../helpers/fresh-bundle.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';

// An npm 6 project (package-lock.json version 1) whose debug brings its own ms, nested under it, while
// the project asks for another ms itself. The change moves the nested ms: `depgate check` says why it
// is there, from the lockfile's `requires` and the package.json beside it.

const entry = (name: string, version: string, extra: object = {}) => ({
  version,
  resolved: `https://registry.npmjs.org/${name}/-/${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`,
  ...extra,
});

function lockfile(nestedMs: string): string {
  return `${JSON.stringify(
    {
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 1,
      requires: true,
      dependencies: {
        debug: entry('debug', '2.6.9', {
          requires: { ms: nestedMs },
          dependencies: { ms: entry('ms', nestedMs) },
        }),
        ms: entry('ms', '2.1.3'),
      },
    },
    null,
    2,
  )}\n`;
}

const MANIFEST = `${JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { debug: '^2.6.9', ms: '^2.1.3' } }, null, 2)}\n`;
const POLICY =
  'deny:\n  - { name: ms, exactNameMatch: true, versionUpperBound: "<2.1.0", reason: "too old" }\nnewToOrg: off\n';

const side = (nestedMs: string, withManifest: boolean): Files => ({
  'package-lock.json': lockfile(nestedMs),
  '.github/depgate.yml': POLICY,
  ...(withManifest ? { 'package.json': MANIFEST } : {}),
});

describe('depgate check on an npm v1 lockfile: the dependency path, not "path not recorded"', () => {
  // The bundle built from the current source: what users run, not the committed dist/ of some earlier state.
  let bundle = '';
  beforeAll(async () => {
    bundle = await freshCliBundle();
  }, 900_000);
  const check = (repo: string, args: string[] = []) =>
    runDepgate(['check', '--base', 'main', '--head', 'change', '--platform', 'off', ...args], {
      cwd: repo,
      bundle,
    });

  it.each([
    ['with its package.json', true],
    ['without a package.json', false],
  ])('names the chain debug > ms for a nested package the change moves, %s', async (_title, withManifest) => {
    const repo = makeRepo(side('2.0.0', withManifest), side('2.0.1', withManifest));
    const text = await check(repo);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toMatch(/BLOCK\s+ms\s+2\.0\.0 -> 2\.0\.1\s+line \d+\s+debug > ms/);
    expect(text.stdout).not.toContain('path not recorded');

    const json = await check(repo, ['--format', 'json']);
    const report = JSON.parse(json.stdout) as Report;
    const ms = report.findings.filter((f) => f.name === 'ms');
    expect(ms.map((f) => [f.version, f.transitivity, f.path, f.pathRecorded])).toEqual([
      ['2.0.1', 'transitive', ['debug', 'ms'], true],
    ]);
  });
});
