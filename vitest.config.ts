import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const corpus = resolve(root, process.env.DEPGATE_CORPUS ?? '../shared/corpus');
const exclude = ['test/bench/**', 'node_modules/**'];

// The suites that read the corpus of real lockfiles run only where it is: a fresh clone alone runs
// everything else and says, in one line, what it skipped and why. CI requires the corpus.
if (!existsSync(corpus)) {
  if (process.env.DEPGATE_REQUIRE_CORPUS === '1')
    throw new Error(`the lockfile corpus is required here but ${corpus} does not exist (DEPGATE_CORPUS)`);
  const suites: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.test.ts') &&
        /corpus|CORPUS|lockfile-files/.test(readFileSync(path, 'utf8'))
      )
        suites.push(relative(root, path));
    }
  };
  walk(join(root, 'test'));
  exclude.push(...suites);
  console.warn(
    `depgate: ${suites.length} corpus-backed test files skipped: no lockfile corpus at ${corpus} (set DEPGATE_CORPUS to a copy of ../shared/corpus to run them)`,
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
