import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const corpus = resolve(root, process.env.DEPGATE_CORPUS ?? '../shared/corpus');
const exclude = ['test/bench/**', 'node_modules/**'];

/** The test files under test/ whose text matches `pattern`, relative to the root. */
function testFiles(pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts') && pattern.test(readFileSync(path, 'utf8')))
        found.push(relative(root, path));
    }
  };
  walk(join(root, 'test'));
  return found;
}

// The suites that read the corpus of real lockfiles run only where it is: a fresh clone alone runs
// everything else and says, in one line, what it skipped and why. CI requires the corpus.
if (!existsSync(corpus)) {
  if (process.env.DEPGATE_REQUIRE_CORPUS === '1')
    throw new Error(`the lockfile corpus is required here but ${corpus} does not exist (DEPGATE_CORPUS)`);
  const suites = testFiles(/corpus|CORPUS|lockfile-files/);
  exclude.push(...suites);
  console.warn(
    `depgate: ${suites.length} corpus-backed test files skipped: no lockfile corpus at ${corpus} (set DEPGATE_CORPUS to a copy of ../shared/corpus to run them)`,
  );
}

// The relay's Redis store is tested against a real redis-server (test/helpers/redis.ts). Where none is on
// the PATH, those suites skip themselves (describe.skipIf(!HAS_REDIS)) and this says so in one line;
// CI requires them (DEPGATE_REQUIRE_REDIS=1).
if (spawnSync('redis-server', ['--version']).status !== 0) {
  if (process.env.DEPGATE_REQUIRE_REDIS === '1')
    throw new Error('the Redis suites are required here but redis-server is not on the PATH');
  const suites = testFiles(/helpers\/redis\.js/);
  console.warn(
    `depgate: the Redis tests in ${suites.length} test files skipped: redis-server is not on the PATH (install Redis, e.g. apt-get install redis-server or brew install redis, to run them)`,
  );
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
