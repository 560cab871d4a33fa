import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './paths.js';

/**
 * What the CLI bundle is built from: every file under src/, the lockfile of the dependencies and the
 * compiler settings. Two trees with the same hash build the same bundle.
 */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(`${relative(ROOT, path)}\0`).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'src'));
  for (const file of ['package-lock.json', 'tsconfig.json', 'package.json'])
    hash.update(`${file}\0`).update(readFileSync(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The CLI bundle built by ncc from the source as it is now, as `npm run build` builds dist/cli: the
 * path of its index.js. The committed dist/ may lag the source (it is rebuilt at merge), and what the
 * bundle does can differ from what the source does under vitest (module interop: a CommonJS package
 * read through ncc's default-import helper), so the tests of what users run run this.
 *
 * Built once per source state into `.bundle/<hash>/` (two levels below the root, as dist/cli is, so
 * that paths the CLI finds relative to itself still resolve); test files running at once wait for the
 * one that builds. `DEPGATE_TEST_BUNDLE` names a bundle to use instead (CI: the one it just built).
 */
export async function freshCliBundle(): Promise<string> {
  const given = process.env.DEPGATE_TEST_BUNDLE;
  if (given !== undefined && given !== '') return given;
  return freshBundle('cli');
}

/**
 * The Action's bundle built by ncc from the current source, as `npm run build` builds dist/index.js
 * (minified): the path of its index.js, in `.bundle/<hash>-action/`. `DEPGATE_TEST_ACTION_BUNDLE`
 * names one to use instead.
 */
export async function freshActionBundle(): Promise<string> {
  const given = process.env.DEPGATE_TEST_ACTION_BUNDLE;
  if (given !== undefined && given !== '') return given;
  return freshBundle('action');
}

const ENTRIES = {
  cli: { entry: 'src/cli/bin.ts', suffix: '', flags: [] as string[] },
  action: { entry: 'src/action/main.ts', suffix: '-action', flags: ['--minify'] },
};

async function freshBundle(kind: keyof typeof ENTRIES): Promise<string> {
  const { entry: source, suffix, flags } = ENTRIES[kind];
  const dir = join(ROOT, '.bundle', `${sourceHash()}${suffix}`);
  const entry = join(dir, 'index.js');
  if (existsSync(entry)) return entry;
  mkdirSync(join(ROOT, '.bundle'), { recursive: true });
  const lock = `${dir}.lock`;
  let building = false;
  try {
    mkdirSync(lock);
    building = true;
  } catch {
    // Another test file is building it; a lock left by a killed run is stale after ten minutes.
    if (Date.now() - statSync(lock).mtimeMs > 600_000) {
      rmSync(lock, { recursive: true, force: true });
      return freshBundle(kind);
    }
  }
  if (!building) {
    for (let waited = 0; waited < 600_000; waited += 500) {
      if (existsSync(entry)) return entry;
      if (!existsSync(lock)) break;
      await sleep(500);
    }
    if (existsSync(entry)) return entry;
    throw new Error(`the ${kind} bundle at ${dir} was not built (another test file was building it)`);
  }
  const temporary = `${dir}.tmp${process.pid}`;
  try {
    rmSync(temporary, { recursive: true, force: true });
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
        'build',
        source,
        '-o',
        temporary,
        '--target',
        'es2022',
        ...flags,
        '--quiet',
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
    renameSync(temporary, dir);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
  return entry;
}
