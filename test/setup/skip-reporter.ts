// Says in one line per reason what a run skipped (the tests tagged `corpus` without the lockfile corpus,
// those tagged `redis` without redis-server), and, when DEPGATE_CHECK_ALL_FILES=1 (.ci/run), fails the
// run if a test file under test/ was not run exactly once: none may drop out of every project unnoticed.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface SkipReason {
  tag: string;
  /** Why the tagged tests are skipped here, and how to run them; undefined where they run. */
  why: string | undefined;
}

const ROOT = join(import.meta.dirname, '../..');

/** Every test file under test/ (the benchmarks are not tests). */
export function testFilesUnder(root: string): string[] {
  return readdirSync(join(root, 'test'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith(join('test', 'bench')))
    .sort();
}

export default class SkipReporter implements Reporter {
  constructor(private readonly reasons: readonly SkipReason[]) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    for (const { tag, why } of this.reasons) {
      if (why === undefined) continue;
      let tests = 0;
      const files = new Set<string>();
      for (const module of modules)
        for (const test of module.children.allTests())
          if (test.tags.includes(tag) && test.result().state === 'skipped') {
            tests++;
            files.add(module.moduleId);
          }
      if (tests > 0) console.warn(`depgate: ${tests} ${tag} tests in ${files.size} files skipped: ${why}`);
    }
    if (process.env.DEPGATE_CHECK_ALL_FILES !== '1') return;
    const ran = new Map<string, number>();
    for (const module of modules) {
      const path = relative(ROOT, module.moduleId);
      ran.set(path, (ran.get(path) ?? 0) + 1);
    }
    const found = testFilesUnder(ROOT);
    const dropped = found.filter((path) => !ran.has(path));
    const twice = [...ran].filter(([, n]) => n > 1).map(([path]) => path);
    if (dropped.length > 0 || twice.length > 0) {
      const lines = [
        ...dropped.map((path) => `  not run: ${path}`),
        ...twice.map((path) => `  run by more than one project: ${path}`),
      ];
      console.error(
        `depgate: ${found.length} test files under test/, ${ran.size} run: every file must run exactly once (vitest.config.ts projects)\n${lines.join('\n')}`,
      );
      process.exitCode = 1;
    }
  }
}
