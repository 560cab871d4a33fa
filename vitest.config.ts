import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { npmWithArborist } from './test/helpers/npm-registry.js';
import SkipReporter from './test/setup/skip-reporter.js';

const root = import.meta.dirname;
const corpus = resolve(root, process.env.DEPGATE_CORPUS ?? '../shared/corpus');
const hasCorpus = existsSync(corpus);
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const hasNpm = npmWithArborist() !== undefined;

// The real-lockfile corpus and redis-server are not in a fresh clone, and an npm with its audit engine
// (npm audit, the oracle of test/e2e/npm-audit-oracle.test.ts) may not be on the PATH. The tests that
// need them are tagged (`{ tags: ['corpus'] }` or a file's `// @module-tag corpus`; `redis`; `npm`) and
// skipped per test where they are missing, the rest of their files running; the reporter says in one
// line what it skipped and how to run it. CI requires the corpus and Redis (DEPGATE_REQUIRE_CORPUS=1,
// DEPGATE_REQUIRE_REDIS=1); its Node.js brings npm.
if (!hasCorpus && process.env.DEPGATE_REQUIRE_CORPUS === '1')
  throw new Error(`the lockfile corpus is required here but ${corpus} does not exist (DEPGATE_CORPUS)`);
if (!hasRedis && process.env.DEPGATE_REQUIRE_REDIS === '1')
  throw new Error('the Redis suites are required here but redis-server is not on the PATH');

const corpusWhy = hasCorpus
  ? undefined
  : `no lockfile corpus at ${corpus} (set DEPGATE_CORPUS to a copy of ../shared/corpus to run them)`;
const npmWhy = hasNpm
  ? undefined
  : 'no npm with @npmcli/arborist on the PATH (npm 7 or later, as Node.js ships it, runs them)';
const redisWhy = hasRedis
  ? undefined
  : 'redis-server is not on the PATH (install Redis, e.g. apt-get install redis-server or brew install redis, to run them)';

/**
 * The projects (CONTRIBUTING.md): `unit` runs in-process, files side by side; `e2e` spawns the CLI and
 * the Action from a bundle built from the current source (test/setup/fresh-bundles.ts); `corpus` is the
 * files that are about the real-lockfile corpus as a whole; `slow` is the chaos, fuzz and size runs.
 * Every test file under test/ belongs to exactly one (the reporter checks it in CI). They run one after
 * another, in that order: the quick feedback first, and no project's processes starve another's.
 */
const E2E = ['test/e2e/**/*.test.ts', 'test/adversarial/**/*.test.ts', 'test/vulns/emulator-process.test.ts'];
const CORPUS = [
  'test/lockfiles/corpus.test.ts',
  'test/e2e/real-history.test.ts',
  'test/gate/golden-reports.test.ts',
  'test/domain/versions/oracle.test.ts',
];
const SLOW = [
  'test/relay/chaos.test.ts',
  'test/lockfiles/fuzz.test.ts',
  'test/adversarial/renderer-size.test.ts',
];
const bundles = './test/setup/fresh-bundles.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    tags: [
      {
        name: 'corpus',
        description: 'reads the real-lockfile corpus (../shared/corpus, or DEPGATE_CORPUS)',
        skip: !hasCorpus,
      },
      { name: 'redis', description: 'runs a real redis-server', skip: !hasRedis },
      { name: 'npm', description: "runs npm's own audit engine (npm audit) as an oracle", skip: !hasNpm },
    ],
    reporters: [
      'default',
      new SkipReporter([
        { tag: 'corpus', why: corpusWhy },
        { tag: 'redis', why: redisWhy },
        { tag: 'npm', why: npmWhy },
      ]),
    ],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...E2E, ...CORPUS, ...SLOW],
          // In-process tests start faster in worker threads than in child processes (most of the unit
          // run is importing); the projects that spawn the CLI keep forks.
          pool: 'threads',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          exclude: [...CORPUS, ...SLOW],
          globalSetup: bundles,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'corpus',
          include: CORPUS,
          globalSetup: bundles,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          globalSetup: bundles,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
