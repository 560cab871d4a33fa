import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_STAMP, sourceHash } from '../../scripts/source-hash.js';
import { ROOT } from './paths.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether the committed dist/ was built from the source as it is now: `npm run build` stamps it with
 * the source hash (scripts/stamp-dist.ts).
 */
export function distIsCurrent(): boolean {
  try {
    return readFileSync(DIST_STAMP, 'utf8').trim() === sourceHash();
  } catch {
    return false;
  }
}

/**
 * The CLI bundle built by ncc from the source as it is now, as `npm run build` builds dist/cli: the
 * path of its index.js. The committed dist/ may lag the source (it is rebuilt at merge), and what the
 * bundle does can differ from what the source does under vitest (module interop: a CommonJS package
 * read through ncc's default-import helper), so the tests of what users run run this.
 *
 * Built once per source state into `.bundle/<hash>/` (two levels below the root, as dist/cli is, so
 * that paths the CLI finds relative to itself still resolve); test files running at once wait for the
 * one that builds. The committed dist/cli when it is current (no build at all). `DEPGATE_TEST_BUNDLE`
 * names a bundle to use instead.
 */
export async function freshCliBundle(): Promise<string> {
  const given = process.env.DEPGATE_TEST_BUNDLE;
  if (given !== undefined && given !== '') return given;
  if (distIsCurrent()) return join(ROOT, 'dist/cli/index.js');
  return freshBundle('cli');
}

/**
 * The Action's bundle built by ncc from the current source, as `npm run build` builds dist/index.js
 * (minified): the path of its index.js, in `.bundle/<hash>-action/`. `DEPGATE_TEST_ACTION_BUNDLE`
 * names one to use instead; the committed dist/index.js when it is current.
 */
export async function freshActionBundle(): Promise<string> {
  const given = process.env.DEPGATE_TEST_ACTION_BUNDLE;
  if (given !== undefined && given !== '') return given;
  if (distIsCurrent()) return join(ROOT, 'dist/index.js');
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
