// CONTRIBUTING.md's commands run as written on a fresh clone: every `npm run` script it names exists,
// every test project a script runs exists and has files, and every file it names is there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const TEXT = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const SCRIPTS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const named = [...new Set([...TEXT.matchAll(/`npm run ([\w:-]+)/g)].map((m) => m[1]!))];

describe('CONTRIBUTING.md', () => {
  it('names only npm scripts package.json has, and every test script', () => {
    expect(named.filter((name) => SCRIPTS[name] === undefined)).toEqual([]);
    const testScripts = Object.keys(SCRIPTS).filter((name) => name.startsWith('test'));
    expect(testScripts.filter((name) => name !== 'test' && !named.includes(name))).toEqual([]);
  });

  it('names test projects that exist and hold test files', () => {
    const projects = [
      ...new Set(
        Object.values(SCRIPTS).flatMap((script) =>
          [...script.matchAll(/--project[= ](\w+)/g)].map((m) => m[1]!),
        ),
      ),
    ];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      const run = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--project', project],
        {
          cwd: ROOT,
          encoding: 'utf8',
          // (Listing runs no test: no bundle is needed, so none is built.)
          env: {
            ...process.env,
            DEPGATE_REQUIRE_CORPUS: '0',
            DEPGATE_REQUIRE_REDIS: '0',
            DEPGATE_TEST_BUNDLE: 'unused',
            DEPGATE_TEST_ACTION_BUNDLE: 'unused',
          },
        },
      );
      expect(run.status, `${project}: ${run.stderr}`).toBe(0);
      expect(
        run.stdout.split('\n').filter((line) => line.includes('.test.ts')).length,
        project,
      ).toBeGreaterThan(0);
    }
  }, 120_000);

  it('names files that exist', () => {
    const paths = [...TEXT.matchAll(/`((?:test|docs|scripts|src)\/[\w./-]+\.(?:ts|md))`/g)].map((m) => m[1]!);
    const commandPaths = [...TEXT.matchAll(/vitest run ((?:test)\/[\w./-]+\.ts)/g)].map((m) => m[1]!);
    expect(paths.length + commandPaths.length).toBeGreaterThan(5);
    expect([...paths, ...commandPaths].filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
