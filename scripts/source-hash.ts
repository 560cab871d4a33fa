import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The project root. */
export const ROOT = join(import.meta.dirname, '..');

/** Where `npm run build` records the source hash dist/ was built from. */
export const DIST_STAMP = join(ROOT, 'dist', 'source-hash.txt');

/**
 * What the bundles are built from: every file under src/, the lockfile of the dependencies, the
 * package manifest and the compiler settings. Two trees with the same hash build the same bundles.
 */
export function sourceHash(root = ROOT): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        hash.update(`${relative(root, path).split('\\').join('/')}\0`).update(readFileSync(path));
    }
  };
  walk(join(root, 'src'));
  for (const file of ['package-lock.json', 'tsconfig.json', 'package.json'])
    hash.update(`${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}
